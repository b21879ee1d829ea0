"""The interpreter: one visitor over effect trees, asking every choice as a Decision.

Each node type has one method; a :class:`~revive_dsl.dsl.nodes.Call` dispatches on its word
to the table :data:`EFFECTS` (the same words as the signature table's effects). Effects
are generators: they ``yield`` decisions and receive the chosen option. Once
:mod:`revive_dsl.engine.compiled` is loaded (with the machinery), every tree runs as closures compiled from it;
the walk here stays as the reference (:func:`reference`), and both ask and do the same.

>>> from revive_dsl import parse
>>> from revive_dsl.engine.registry import load_all
>>> from revive_dsl.engine.state import Game, Player
>>> load_all()  # the rules packages' effects (``gain``...) register themselves
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> run_to_end(apply_text(game, 0, "gain 2 book and energy"), [])
>>> game.players[0].resources["book"], game.players[0].energy
(2, 1)
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import resources as res
from revive_dsl.engine.decisions import Decision, Option, options_of
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player

Effect = Generator[Decision, Option, None]


@dataclass
class Ctx:
    """What an effect runs with: the game, who gains, where the effect came from."""

    game: Game
    seat: int
    rules: Rules | None = None  # the content; None only in content-free unit tests
    source: str | None = None  # the component whose effect this is
    event: dict[str, Any] = field(default_factory=dict)  # what a trigger knows (e.g. the recruited card)
    log: list[str] = field(default_factory=list)  # what happened, in English, for annotations
    consented: bool = False  # the player already chose to use the effect under way (see :func:`run`)
    declined: bool = False  # the player declined an optional effect since this was last reset
    # the move the Runner has just found allowed on this state (the action counted, nothing else changed): the
    # move's own first check of whether it is possible may take that answer (once; see Runner._start)
    allowed: str | None = None

    @property
    def player(self) -> Player:
        return self.game.players[self.seat]


EFFECTS: dict[str, Callable[[Ctx, n.Call], Effect]] = {}
COUNTERS: dict[str, Callable[[Ctx, n.Call], int]] = {}


def effect(name: str):
    """Register the implementation of an effect word."""

    def register(fn):
        EFFECTS[name] = fn
        return fn

    return register


def counter(name: str):
    """Register the implementation of a counter word."""

    def register(fn):
        COUNTERS[name] = fn
        return fn

    return register


def args(call: n.Call) -> tuple[list[int], list[str]]:
    """The call's numbers and words, in order."""
    return [a.value for a in call.args if isinstance(a, n.Num)], [a.value for a in call.args if isinstance(a, n.Word)]


def count_arg(call: n.Call, default: int = 1) -> int:
    numbers, _ = args(call)
    return numbers[0] if numbers else default


def cost_text(cost: dict[str, int]) -> str:
    """A payment in words: ``2 food + 1 book``."""
    return " + ".join(f"{amount} {resource}" for resource, amount in cost.items()) or "nothing"


def cost_of(cost: n.Cost) -> dict[str, int]:
    out: dict[str, int] = {}
    for amount in cost.amounts:
        out[amount.resource] = out.get(amount.resource, 0) + amount.count
    return out


# --- the visitor ---------------------------------------------------------------------

# Words whose result a player may not want (003, "Effects on the starting cards": using an effect is always
# optional): resting, removing or copying cards, moving or placing one's own pieces, the free board actions
# (they cost range and resources). Outside an effect the player already chose, each asks "use or skip?";
# every trade asks "pay or skip?". Pure gains run without a question. Modules add their words.
DECLINABLE: set[str] = set()

# Words that need something to work on; a body holding one is offered (as a machine, a trade), asked about
# (an optional effect) or counted as carried out (an ability) only when its need is met. Modules add theirs.
NEEDS: dict[str, Callable[[Ctx], bool]] = {}
# The same for a word whose need depends on its arguments (a word naming an area needs a card there):
# ``need(ctx, call)``, asked after the word's :data:`NEEDS` entry if it has one. Modules add theirs.
ARG_NEEDS: dict[str, Callable[[Ctx, n.Call], bool]] = {}


def need_met(ctx: Ctx, call: n.Call) -> bool:
    """Whether a word has something to work on now (:data:`NEEDS`, :data:`ARG_NEEDS`); a word with no entry
    always has."""
    need = NEEDS.get(call.name)
    if need is not None and not need(ctx):
        return False
    arg_need = ARG_NEEDS.get(call.name)
    return arg_need is None or arg_need(ctx, call)


def ask(
    ctx: Ctx, rule: str, prompt: str, keys: Iterable[str], labels: dict[str, str] | None = None
) -> Generator[Decision, Option, str]:
    """Ask the Ctx's player one question and return the key they chose; ``yield from`` it inside an effect.

    ``rule`` names the rule asking (scripts and messages show it), ``keys`` are the legal answers in order
    (what a script writes), ``labels`` their English where the key alone does not say it.

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> def pick(ctx):
    ...     colour = yield from ask(ctx, "paint", "paint which way?", ["red", "blue"], {"red": "paint it red"})
    ...     ctx.log.append(colour)
    >>> ctx = Ctx(game, 0)
    >>> run_to_end(pick(ctx), ["blue"]); ctx.log
    ['blue']
    """
    choice = yield Decision(ctx.seat, rule, prompt, options_of(keys, labels))
    return choice.key


# Every optional effect is answered with one pair of keys, whatever it is (an effect, a payment, another time): ``use``
# or ``skip`` (a person may also type pay, yes or no: :data:`revive_dsl.engine.decisions.SYNONYMS`).
USE, SKIP = "use", "skip"
USE_LABELS = {USE: "use it", SKIP: "do not use it"}
PAY_LABELS = {USE: "pay", SKIP: "do not pay"}
AGAIN_LABELS = {USE: "yes, again", SKIP: "no"}


def english(expr: n.Expr) -> str:
    """An effect as the rulebook would say it (the explainer's English), for questions and the log.

    >>> from revive_dsl.dsl.parser import parse
    >>> english(parse("artifact and hibernate and remove_self").clauses[0].body)
    'take a major artifact, hibernate at once, ending your turn and remove this card from the game'
    """
    from revive_dsl.dsl.explain import expr_phrase  # the explainer reads the formatter, which reads the engine's nodes

    return expr_phrase(expr)


def declinable(expr: n.Expr) -> bool:
    """Whether a player may decline the expression: it pays something or holds a :data:`DECLINABLE` word.

    >>> from revive_dsl.engine.registry import load_packages
    >>> from revive_dsl.dsl.parser import parse
    >>> load_packages(["base"])  # the base game's words: explore is among them
    >>> [declinable(parse(t).clauses[0].body) for t in ("gain 2 book", "pay food -> points 2", "explore")]
    [False, True, True]
    >>> declinable(parse("must explore and gain book").clauses[0].body)  # what must be done is not declined
    False
    """
    if isinstance(expr, n.Must):
        return False
    if isinstance(expr, n.Trade) or (isinstance(expr, n.Call) and expr.name in DECLINABLE):
        return True
    return any(declinable(child) for child in expr.children() if not isinstance(child, n.Cost | n.Condition))


def can_carry_out(ctx: Ctx, expr: n.Expr, *, needs: bool = True) -> bool:
    """Whether an expression can do anything now: its payments affordable and its words' needs met.

    A choice (``or``) needs one usable option; ``and`` needs its first item and every word's need
    (the first item of ``range 1 and (explore or build)`` counts towards the rest).

    ``needs=False`` asks only whether the payments it would make can be made, for a use that counts by
    itself even if its words find nothing to act on (an unstable machine flips whatever its effect does):
    the words' needs and an ``if``'s condition are then not asked.

    >>> from revive_dsl.engine.state import Game, Player
    >>> from revive_dsl.dsl.parser import parse
    >>> ctx = Ctx(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")]), 0)
    >>> can_carry_out(ctx, parse("pay crystal -> gain 2 book").clauses[0].body)
    False
    """
    if COMPILER is not None and not _REFERENCE[0]:
        return COMPILER(expr).can(ctx, needs)
    return _tree_can(ctx, expr, needs)


def _tree_can(ctx: Ctx, expr: n.Expr, needs: bool = True) -> bool:
    if isinstance(expr, n.Call):
        return not needs or need_met(ctx, expr)
    if isinstance(expr, n.Trade):
        return _payable(ctx, expr.cost) and can_carry_out(ctx, expr.gain, needs=needs)
    if isinstance(expr, n.OneOf):
        return any(can_carry_out(ctx, o, needs=needs) for o in expr.options)
    if isinstance(expr, n.AllOf):
        return _all_items(ctx, expr.items, needs)
    if isinstance(expr, n.Repeat):
        return can_carry_out(ctx, expr.body, needs=needs)
    if isinstance(expr, n.IfThen):
        if not holds(expr.condition, ctx):
            return not needs  # the body does nothing; nothing is paid either
        return can_carry_out(ctx, expr.body, needs=needs)
    if isinstance(expr, n.ForEach | n.Must):
        return can_carry_out(ctx, expr.body, needs=needs)
    if isinstance(expr, n.EachPlayer | n.ChoosePlayer):
        return any(
            can_carry_out(as_player(ctx, s), expr.body, needs=needs) for s in players_from(ctx, others=expr.others)
        )
    return True


# Why a word's need (:data:`NEEDS`) is not met, in the game's words ("no vacant water space in range");
# modules add theirs. A word without one is said not to be possible now.
WHY_NOT: dict[str, Callable[[Ctx, n.Call], str]] = {}


def why_not(ctx: Ctx, expr: n.Expr) -> str | None:
    """Which part of an expression cannot be carried out now, and why; None when it can (:func:`can_carry_out`).

    >>> from revive_dsl.engine.state import Game, Player
    >>> from revive_dsl.dsl.parser import parse
    >>> ctx = Ctx(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")]), 0)
    >>> why_not(ctx, parse("pay crystal -> gain 2 book").clauses[0].body)
    'paying 1 crystal: Ann has 0 crystals'
    >>> why_not(ctx, parse("gain 2 book").clauses[0].body) is None
    True
    """
    if can_carry_out(ctx, expr):
        return None
    return _why_not(ctx, expr) or f"{english(expr)} is not possible now"


def _why_not(ctx: Ctx, expr: n.Expr) -> str | None:
    if can_carry_out(ctx, expr):
        return None
    if isinstance(expr, n.Call):
        reason = WHY_NOT.get(expr.name)
        return f"{english(expr)}: {reason(ctx, expr) if reason else 'not possible now'}"
    if isinstance(expr, n.Trade):
        if not _payable(ctx, expr.cost):
            return f"paying {_cost_words(expr.cost)}: {_short(ctx, expr.cost)}"
        return _why_not(ctx, expr.gain)
    if isinstance(expr, n.OneOf):
        return "none of its choices: " + "; ".join(filter(None, (_why_not(ctx, o) for o in expr.options)))
    if isinstance(expr, n.AllOf):
        return next(filter(None, (_why_not(ctx, i) for i in expr.items)), None)
    if isinstance(expr, n.IfThen):
        if not holds(expr.condition, ctx):
            from revive_dsl.dsl.explain import condition_phrase

            return f"its condition does not hold: {condition_phrase(expr.condition)}"
        return _why_not(ctx, expr.body)
    if isinstance(expr, n.Repeat | n.ForEach):
        return _why_not(ctx, expr.body)
    return None


def _cost_words(cost: n.Cost) -> str:
    from revive_dsl.dsl.explain import cost_phrase

    return cost_phrase(cost)


def _short(ctx: Ctx, cost: n.Cost) -> str:
    """What the player has of a cost they cannot pay: ``Ann has 0 crystals``, ``Ann has 1 basic resource``."""
    from revive_dsl.dsl.explain import noun

    fixed = cost_of(cost)
    wild = fixed.pop("basic", 0)
    player = ctx.player
    lacking = [r for r, amount in fixed.items() if not res.can_pay(player, {r: amount})]
    if lacking:
        return " and ".join(f"{player.name} has {noun(r, player.resources.get(r, 0))}" for r in lacking)
    if not wild:
        return f"{player.name} cannot pay it all"
    left = sum(player.resources[r] for r in (*res.BASIC, "crystal")) - sum(fixed.values())
    return f"{player.name} has {max(left, 0)} basic resource{'s' if left != 1 else ''} left over for {wild}"


# Words that only prepare what follows them in an ``and`` (``range 1 and (explore or build)``): a feasibility
# test tries them on a copy of the state first, so that the rest is judged as it will be carried out.
# Modules add theirs.
PREPARING: set[str] = set()


def _all_items(ctx: Ctx, items: tuple[n.Expr, ...], needs: bool = True) -> bool:
    prepared = [i for i in items if isinstance(i, n.Call) and i.name in PREPARING]
    if prepared and len(prepared) < len(items):
        probe = Ctx(ctx.game.clone(), ctx.seat, ctx.rules, source=ctx.source, event=dict(ctx.event))
        for item in prepared:
            run_to_end(_run(item, probe), [])
        ctx = probe
    return all(can_carry_out(ctx, item, needs=needs) for item in items)


def run(expr: n.Expr, ctx: Ctx) -> Effect:
    """Carry out an expression; ``yield from`` it inside other effects.

    An effect the player may decline (:func:`declinable`) asks first, unless the player already chose it
    (a machine activated, a crate opened, a technology's trade, a repetition said yes to): it asks ``use`` or
    ``skip`` (a trade with a ``basic`` cost: which resource, or ``skip``). Declining does nothing and sets
    ``ctx.declined``.

    The expression runs as compiled closures (:mod:`revive_dsl.engine.compiled`) once that module is loaded, and
    as this module walks the tree inside :func:`reference`; both ask and do the same.
    """
    if COMPILER is not None and not _REFERENCE[0]:
        return COMPILER(expr).run(ctx)
    return _tree_run(expr, ctx)


# The compiled fast path (:func:`revive_dsl.engine.compiled.compiled_of`), installed when that module loads (the
# registry loads it with the machinery); None: every expression is walked as a tree.
COMPILER: Callable[[n.Expr], Any] | None = None
_REFERENCE = [False]  # inside reference(): walk the tree whatever is compiled


@contextmanager
def reference() -> Iterator[None]:
    """Inside the block every expression runs by walking its tree (the reference the compiled closures are
    compared with), not as compiled closures.

    >>> with reference():
    ...     _REFERENCE[0]
    True
    """
    before = _REFERENCE[0]
    _REFERENCE[0] = True
    try:
        yield
    finally:
        _REFERENCE[0] = before


def _tree_run(expr: n.Expr, ctx: Ctx) -> Effect:
    if (
        ctx.consented
        or isinstance(expr, (n.Repeat, n.OneOf, n.ForEach, n.IfThen, n.EachPlayer, n.ChoosePlayer, n.Must))
        or not declinable(expr)
    ):
        yield from _run(expr, ctx)
        return
    if not can_carry_out(ctx, expr):
        return  # nothing it could do: not asked
    if isinstance(expr, n.Trade):
        yield from trade(expr, ctx)
        return
    text = english(expr)
    choice = yield Decision(ctx.seat, "optional effect", f"use: {text}?", options_of([USE, SKIP], USE_LABELS))
    if choice.key == SKIP:
        ctx.declined = True
        ctx.log.append(f"{ctx.player.name} skips: {text}")
        return
    yield from run_chosen(expr, ctx)


def run_chosen(expr: n.Expr, ctx: Ctx) -> Effect:
    """Carry out an effect the player has chosen to use: nothing inside it asks to be skipped."""
    with chosen(ctx):
        yield from _run(expr, ctx)


@contextmanager
def chosen(ctx: Ctx) -> Iterator[None]:
    """Inside the block the player has already chosen the effects run with ``ctx`` (a copied card's half)."""
    before = ctx.consented
    ctx.consented = True
    try:
        yield
    finally:
        ctx.consented = before


def _run(expr: n.Expr, ctx: Ctx) -> Effect:
    """The expression itself, the player's consent aside (compiled, or the tree's walk in :func:`reference`)."""
    if COMPILER is not None and not _REFERENCE[0]:
        return COMPILER(expr).body(ctx)
    return _tree_body(expr, ctx)


def _tree_body(expr: n.Expr, ctx: Ctx) -> Effect:
    if isinstance(expr, n.Call):
        impl = EFFECTS.get(expr.name)
        if impl is None:
            raise NotImplementedError(f"{expr.pos}: the effect '{expr.name}' has no implementation yet")
        yield from impl(ctx, expr)
    elif isinstance(expr, n.AllOf):
        for item in expr.items:
            yield from run(item, ctx)
    elif isinstance(expr, n.OneOf):
        usable = [o for o in expr.options if can_carry_out(ctx, o)]  # an option that can do nothing is not one
        if not usable:
            return
        from revive_dsl.dsl.formatter import format_expr

        keys = [format_expr(o) for o in usable]  # the keys scripts answer with: the effect as written
        labels = {key: english(o) for key, o in zip(keys, usable, strict=True)} | USE_LABELS
        optional = not ctx.consented and any(declinable(o) for o in usable)
        choice = yield Decision(
            ctx.seat, "choose one", "which effect?", options_of([*keys, SKIP] if optional else keys, labels)
        )
        if choice.key == SKIP:
            ctx.declined = True
            return
        yield from run_chosen(usable[keys.index(choice.key)], ctx)
    elif isinstance(expr, n.Trade):
        yield from trade(expr, ctx)
    elif isinstance(expr, n.Repeat):
        for _ in range(expr.times):
            if not can_carry_out(ctx, expr.body):  # nothing it could do: not asked
                return
            prompt = f"{english(expr.body)} (again)?"
            choice = yield Decision(ctx.seat, "up to N times", prompt, options_of([USE, SKIP], AGAIN_LABELS))
            if choice.key == SKIP:
                return
            yield from run_chosen(expr.body, ctx)
    elif isinstance(expr, n.ForEach):
        for _ in range(count(expr.counter, ctx)):
            yield from run(expr.body, ctx)
    elif isinstance(expr, n.IfThen):
        if holds(expr.condition, ctx):
            yield from run(expr.body, ctx)
    elif isinstance(expr, n.EachPlayer):
        for seat in players_from(ctx, others=expr.others):
            yield from run(expr.body, as_player(ctx, seat))
    elif isinstance(expr, n.ChoosePlayer):
        yield from choose_player(ctx, expr.body, expr.others, run)
    elif isinstance(expr, n.Must):
        yield from run_chosen(expr.body, ctx)
    else:
        raise TypeError(f"not an expression: {expr!r}")


def players_from(ctx: Ctx, *, others: bool = False) -> list[int]:
    """The seats in seat order from the Ctx's player (``others``: without that player).

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=s, name=str(s), tribe="t", side="sun") for s in range(3)])
    >>> players_from(Ctx(game, 1)), players_from(Ctx(game, 1), others=True)
    ([1, 2, 0], [2, 0])
    """
    total = len(ctx.game.players)
    return [(ctx.seat + step) % total for step in range(1 if others else 0, total)]


def as_player(ctx: Ctx, seat: int) -> Ctx:
    """The Ctx for another player as "you" (same game, rules, source, event and log; no consent carried over)."""
    if seat == ctx.seat:
        return ctx
    return Ctx(ctx.game, seat, ctx.rules, source=ctx.source, event=ctx.event, log=ctx.log)


def choose_player(ctx: Ctx, body: n.Expr, others: bool, run_body: Callable[[n.Expr, Ctx], Effect]) -> Effect:
    """The Ctx's player chooses a player (by name; ``others``: not themselves) among those for whom ``body`` can
    do something, who then does it as "you"; with none, nothing happens and nothing is asked."""
    usable = [s for s in players_from(ctx, others=others) if can_carry_out(as_player(ctx, s), body)]
    if not usable:
        return
    names = [ctx.game.players[s].name for s in usable]
    told = re.sub(r"\byour\b", "their", english(body))  # the chosen player's, not the chooser's
    prompt = f"who will {told}?"
    choice = yield Decision(ctx.seat, "choose a player", prompt, options_of(names))
    seat = usable[names.index(choice.key)]
    ctx.log.append(f"{ctx.player.name} chooses {choice.key}")
    yield from run_body(body, as_player(ctx, seat))


def basic_units(cost: n.Cost) -> int:
    """How many ``basic`` units a cost names: each is any one basic resource, chosen on its own.

    >>> from revive_dsl.dsl.parser import parse
    >>> texts = ("pay basic + basic -> gain crystal", "pay 2 basic -> points 1")
    >>> [basic_units(parse(t).clauses[0].body.cost) for t in texts]
    [2, 2]
    """
    return sum(a.count for a in cost.amounts if a.resource == "basic")


def _payable(ctx: Ctx, cost: n.Cost, chosen: dict[str, int] | None = None) -> bool:
    """Whether the fixed part of ``cost`` plus ``chosen`` can be paid with enough left for the other basics."""
    fixed = cost_of(cost)
    wild = fixed.pop("basic", 0)
    for resource, amount in (chosen or {}).items():
        fixed[resource] = fixed.get(resource, 0) + amount
        wild -= amount
    if not res.can_pay(ctx.player, fixed):
        return False
    if wild <= 0:
        return True
    after = copy.copy(ctx.player)
    after.resources = dict(ctx.player.resources)
    res.pay(after, fixed)
    return sum(after.resources[r] for r in (*res.BASIC, "crystal")) >= wild


def trade(expr: n.Trade, ctx: Ctx) -> Effect:
    """Pay to gain, once, if the player can and wants to (effects are always optional).

    Each ``basic`` unit of the cost is a choice of its own (``pay basic + basic`` may take a gear and a
    book); the first one offers ``skip``. A cost without ``basic`` asks ``use`` or ``skip`` unless the
    player already chose the effect.
    """
    if not _payable(ctx, expr.cost):
        return
    cost = cost_of(expr.cost)
    units = cost.pop("basic", 0)
    if not units and not ctx.consented:
        prompt = f"pay {cost_text(cost)} to {english(expr.gain)}?"
        if (yield Decision(ctx.seat, "pay", prompt, options_of([USE, SKIP], PAY_LABELS))).key == SKIP:
            ctx.declined = True
            return
    chosen: dict[str, int] = {}
    for unit in range(units):
        have = [r for r in res.BASIC if _payable(ctx, expr.cost, {**chosen, r: chosen.get(r, 0) + 1})]
        of = f" ({unit + 1} of {units})" if units > 1 else ""
        prompt = f"pay 1 of which basic resource to {english(expr.gain)}{of}?"
        choice = yield Decision(ctx.seat, "pay", prompt, options_of([*have, SKIP] if unit == 0 else have, USE_LABELS))
        if choice.key == SKIP:
            ctx.declined = True
            return
        chosen[choice.key] = chosen.get(choice.key, 0) + 1
    for resource, amount in chosen.items():
        cost[resource] = cost.get(resource, 0) + amount
    if units:  # each basic unit was chosen (books among the options): nothing more to ask
        paid = res.pay(ctx.player, cost)
    else:
        paid = yield from res.pay_chosen(ctx.player, cost)
    # what each resource gave up (crystals or books standing in are named), not the cost
    ctx.log.append(f"{ctx.player.name} pays {paid}")  # named: a trigger of another player may come between
    yield from run_chosen(expr.gain, ctx)


def count(call: n.Call, ctx: Ctx) -> int:
    """The value of a counter word."""
    impl = COUNTERS.get(call.name)
    if impl is None:
        raise NotImplementedError(f"{call.pos}: the counter '{call.name}' has no implementation yet")
    for hook in COUNTED_FOR.of(ctx):
        seat = hook(ctx)
        if seat is not None:
            ctx = Ctx(ctx.game, seat, ctx.rules, source=ctx.source, event=ctx.event, log=ctx.log)
    return impl(ctx, call)


# Whose things a counter counts when not the Ctx's player's: ``hook(ctx) -> seat or None`` (the leech
# tribe's borrowed technology counts its owner's things, 004's Gib'warks example; rules/abyss/leech.py).
COUNTED_FOR: Hooks[Callable[[Ctx], int | None]] = Hooks("COUNTED_FOR")


def compares(value: int, op: str, target: int) -> bool:
    """Whether ``value op target`` holds, for the DSL's comparisons (``>=``, ``<=``, ``>``, ``<``, ``==``).

    >>> compares(2, ">=", 2), compares(3, "<=", 2), compares(3, "==", 3)
    (True, False, True)
    """
    if op == ">=":
        return value >= target
    if op == "<=":
        return value <= target
    if op == ">":
        return value > target
    return value < target if op == "<" else value == target


def holds(cond: n.Condition, ctx: Ctx) -> bool:
    """Whether a condition holds now."""
    if isinstance(cond, n.Compare):
        return compares(count(cond.counter, ctx), cond.op, cond.value)
    if isinstance(cond, n.Payment):
        return res.can_pay(ctx.player, cost_of(cond.cost))
    return STATES.get(cond.name, lambda ctx: False)(ctx)


STATES: dict[str, Callable[[Ctx], bool]] = {}  # the state words' tests, registered by the rules packages


def run_to_end(effect_gen: Effect, answers: Iterable[str]) -> None:
    """Drive an effect with a list of answer keys (for tests and scripts)."""
    answers = list(answers)
    try:
        decision = next(effect_gen)
        while True:
            if not answers:
                raise LookupError(f"no answer for {decision.rule}: {decision.prompt} {decision.legal_keys()}")
            decision = effect_gen.send(decision.choose(answers.pop(0)))
    except StopIteration:
        return


def run_first_answers(effect_gen: Effect) -> None:
    """Drive an effect answering each decision with its first option (to try what an effect could do, on a copy).

    >>> from revive_dsl.engine.state import Game, Player
    >>> from revive_dsl.dsl.parser import parse
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.players[0].resources["gear"] = 1
    >>> run_first_answers(run(parse("pay gear -> gain 2 food").clauses[0].body, Ctx(game, 0)))
    >>> game.players[0].resources["food"]
    2
    """
    try:
        decision = next(effect_gen)
        while True:
            decision = effect_gen.send(decision.options[0])
    except StopIteration:
        return


def run_text(ctx: Ctx, text: str, answers: Iterable[str] = ()) -> None:
    """Carry out every clause body of an effect text for the Ctx's player, answering from a list."""
    from revive_dsl.dsl.parser import parse

    def gen() -> Effect:
        for clause in parse(text).clauses:
            yield from run(clause.body, ctx)

    run_to_end(gen(), answers)


def decisions_asked(effect_gen: Effect, answers: Iterable[str]) -> list[Decision]:
    """Drive an effect with a list of answers; return every decision it asked, to inspect their options."""
    asked, answers = [], list(answers)
    try:
        decision = next(effect_gen)
        while True:
            asked.append(decision)
            decision = effect_gen.send(decision.choose(answers.pop(0)))
    except StopIteration:
        return asked


def apply_text(game: Game, seat: int, text: str) -> Effect:
    """Carry out an effect text's immediate clauses for a player (a convenience for tests)."""
    from revive_dsl.dsl.parser import parse

    ctx = Ctx(game, seat)

    def gen() -> Effect:
        for clause in parse(text).clauses:
            if isinstance(clause, n.Immediate):
                yield from run(clause.body, ctx)

    return gen()
