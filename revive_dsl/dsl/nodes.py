"""Effect-tree nodes: small immutable values with named fields and a source position.

Like CPython's ``ast``, nodes hold data only; behaviour lives in visitors (the checker,
the formatter, the explainer, the interpreter). Positions never take part in equality,
so ``parse(format(tree)) == tree`` holds although the text moved.

>>> from revive_dsl import parse
>>> parse("gain 2 book").clauses[0].body
Call(name='gain', args=(Num(value=2), Word(value='book')))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields

from revive_dsl.positions import NOWHERE, Pos


@dataclass(frozen=True)
class Node:
    """Base of every node: carries ``pos``, which equality ignores."""

    pos: Pos = field(default=NOWHERE, compare=False, repr=False, kw_only=True)

    def children(self) -> Iterator[Node]:
        """Yield the direct child nodes, in field order."""
        names = _CHILD_FIELDS.get(type(self))
        if names is None:
            names = _CHILD_FIELDS[type(self)] = tuple(f.name for f in fields(self) if f.name != "pos")
        for name in names:
            value = getattr(self, name)
            if isinstance(value, Node):
                yield value
            elif isinstance(value, tuple):
                for item in value:
                    if isinstance(item, Node):
                        yield item

    def walk(self) -> Iterator[Node]:
        """Yield this node and every node below it, depth first."""
        yield self
        for child in self.children():
            yield from child.walk()


_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}  # a node class -> its fields but ``pos`` (dataclasses.fields is slow)


# --- numbers a pack marks tunable --------------------------------------------------


class Tuned(int):
    """A number a pack marks tunable, written ``$name`` in a text: the value it has in this load, and its name
    (the formatter writes it back as ``$name``; everything else reads it as the number it is).

    >>> reward = Tuned(3, "reward")
    >>> reward + 1, reward == 3, reward.name, f"{reward} points"
    (4, True, 'reward', '3 points')
    """

    name: str

    def __new__(cls, value: int, name: str) -> Tuned:
        made = super().__new__(cls, value)
        made.name = name
        return made

    def __reduce__(self) -> tuple:
        return (Tuned, (int(self), self.name))

    def __repr__(self) -> str:
        return f"Tuned({int(self)}, {self.name!r})"

    def __str__(self) -> str:  # as the number it is, in every account (``str``, ``f"{n}"``)
        return int.__repr__(self)


# --- arguments -------------------------------------------------------------------


@dataclass(frozen=True)
class Num(Node):
    """A whole number argument: ``2`` in ``gain 2 book``."""

    value: int


@dataclass(frozen=True)
class Word(Node):
    """A word argument: ``book`` in ``gain 2 book``; its type comes from the signature."""

    value: str


Arg = Num | Word


# --- expressions -----------------------------------------------------------------


@dataclass(frozen=True)
class Call(Node):
    """A verb, counter, event or state with its arguments: ``advance green 2``."""

    name: str
    args: tuple[Arg, ...] = ()


@dataclass(frozen=True)
class AllOf(Node):
    """Do every item in order: ``gain book and points 1``."""

    items: tuple[Expr, ...]


@dataclass(frozen=True)
class OneOf(Node):
    """Choose exactly one option: ``gain 2 food or gain 2 book``."""

    options: tuple[Expr, ...]


@dataclass(frozen=True)
class Amount(Node):
    """One part of a cost: ``2 gear``."""

    count: int
    resource: str


@dataclass(frozen=True)
class Cost(Node):
    """What is paid: ``2 gear + book``."""

    amounts: tuple[Amount, ...]


@dataclass(frozen=True)
class Trade(Node):
    """Pay the cost to gain the effect, once: ``pay gear -> gain 2 food``."""

    cost: Cost
    gain: Expr


@dataclass(frozen=True)
class Repeat(Node):
    """Do the body up to ``times`` times, choosing each time: ``up to 3 times: ...``."""

    times: int
    body: Expr


@dataclass(frozen=True)
class ForEach(Node):
    """Do the body once per unit the counter counts: ``each figures: gain basic``."""

    counter: Call
    body: Expr


@dataclass(frozen=True)
class EachPlayer(Node):
    """Do the body once for each player, each as "you", in seat order from the current player: ``each player:
    lower heat``; ``others`` leaves the current player out (``each other player: gain book``)."""

    body: Expr
    others: bool = False


@dataclass(frozen=True)
class Must(Node):
    """The body cannot be declined (a rule's penalty, not an offer): ``must return_card active``. Its choices are
    still asked (which card); it does what it can."""

    body: Expr


@dataclass(frozen=True)
class ChoosePlayer(Node):
    """You choose a player, who then does the body as "you": ``choose other player: gain 2 food``; ``others``
    leaves you out of the choice. Only players for whom the body can do something are offered."""

    body: Expr
    others: bool = False


@dataclass(frozen=True)
class Compare(Node):
    """A counter compared with a number: ``visible_flasks >= 2``."""

    counter: Call
    op: str
    value: int


@dataclass(frozen=True)
class Payment(Node):
    """A requirement met by paying: ``pay 3 food``."""

    cost: Cost


@dataclass(frozen=True)
class State(Node):
    """A named state that holds or not: ``day``."""

    name: str


Condition = Compare | Payment | State


@dataclass(frozen=True)
class IfThen(Node):
    """Do the body only when the condition holds: ``if night: range 1``."""

    condition: Condition
    body: Expr


Expr = Call | AllOf | OneOf | Trade | Repeat | ForEach | EachPlayer | ChoosePlayer | Must | IfThen


# --- scoring formulas ------------------------------------------------------------


@dataclass(frozen=True)
class ScorePer(Node):
    """``points`` per ``every`` units of the counter, rounded down: ``score 1 per 2 modules``."""

    points: int
    every: int
    counter: Call


@dataclass(frozen=True)
class ScoreValue(Node):
    """The counter's value is the score: ``score value track_value green``."""

    counter: Call


@dataclass(frozen=True)
class ScoreTiers(Node):
    """The most points of the thresholds met: ``score 3/7 at 3/6 tiles_present`` (at least the threshold),
    ``score 5/2 at most 0/2 crates``, ``score 4 at exactly 3 modules``.

    ``op`` is how the counter meets a threshold, as a comparison writes it: ``>=``, ``<=`` or ``==``.
    """

    points: tuple[int, ...]
    thresholds: tuple[int, ...]
    counter: Call
    op: str = ">="


Formula = ScorePer | ScoreValue | ScoreTiers


# --- clauses ---------------------------------------------------------------------


@dataclass(frozen=True)
class Immediate(Node):
    """Happens once, now (or is a symbol such as ``flask``)."""

    body: Expr


@dataclass(frozen=True)
class Trigger(Node):
    """Happens whenever the event does: ``when build: ...``."""

    event: Call
    body: Expr


@dataclass(frozen=True)
class Reaches(Node):
    """Happens when a counter a pack declares reaches a value from below: ``when heat reaches 5: ...``."""

    counter: Call
    value: int
    body: Expr


# The moments ``at MOMENT end:`` may name, in the order they come when one turn ends them all.
MOMENTS = ("turn", "round", "game")


@dataclass(frozen=True)
class AtEnd(Node):
    """Happens at the end of every turn, round or of the game: ``at round end: ...``."""

    moment: str
    body: Expr
    moment_pos: Pos = field(default=NOWHERE, compare=False, repr=False, kw_only=True)  # where the moment's name is


@dataclass(frozen=True)
class While(Node):
    """Holds while the state does: ``while slotted: range 1``."""

    state: str
    body: Expr
    state_pos: Pos = field(default=NOWHERE, compare=False, repr=False, kw_only=True)  # where the state's name is


@dataclass(frozen=True)
class Always(Node):
    """A lasting modifier: ``always: range 1``."""

    body: Expr


@dataclass(frozen=True)
class Once(Node):
    """A one-time effect on unlocking: ``once: artifact and energy``."""

    body: Expr


@dataclass(frozen=True)
class Anytime(Node):
    """A free action usable at any time in your turn: ``anytime: pay crystal -> gain 2 basic``."""

    body: Expr


@dataclass(frozen=True)
class Machine(Node):
    """Activated with energy: ``machine during explore: unlimited_range``."""

    body: Expr
    during: str | None = None
    unstable: bool = False


@dataclass(frozen=True)
class Requirement(Node):
    """A journey requirement and its reward: ``need crates >= 2: devotion 3``."""

    condition: Condition
    body: Expr


@dataclass(frozen=True)
class Score(Node):
    """A scoring formula clause: ``score 1 per crate``."""

    formula: Formula


Clause = Immediate | Trigger | Reaches | AtEnd | While | Always | Once | Anytime | Machine | Requirement | Score


@dataclass(frozen=True)
class Program(Node):
    """A whole effect text: its clauses in order."""

    clauses: tuple[Clause, ...]
