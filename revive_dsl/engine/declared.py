"""The machinery that runs a pack's own mechanics written as data: its counters, rules, moments and thresholds.

A pack with no Python declares (docs/writing-an-expansion.md):

- **counters and tracks** (kind ``counter``): each a field of the pack's part of every player (``holder:
  player``, ``Ann.ember.heat`` in the state) or of the board (``table``, ``board.ember.doom``), at its start
  value until changed, kept within its bounds. ``raise``, ``lower`` and ``set`` change one; its word reads it.
- **rules** (kind ``game_rule``): texts every player has from the start, like a tribe's rules: ``when build:
  raise heat``, ``when heat reaches 5: ...``, ``at round end: ...``.
- **thresholds**: ``when COUNTER reaches N:`` runs when a change takes the counter from below N to N or more,
  for the player whose effect changed it, right after the change. A threshold that fires inside itself more
  than :data:`MAX_CHAIN` times in a row stops the move with a positioned error (``revive check`` reports the
  loops it can see in the text).
- **moments**: ``at turn end:`` runs for the player whose turn ends, before the turn passes; ``at round end:``
  when the turn passes from the last seat back to the first, and ``at game end:`` when the game is over, before
  the final scoring. The table's rules run once at a round's or the game's end, for the player whose turn it
  is then (``each player:`` inside does a thing for everyone); a player's own texts run for that player, in
  seat order from the one whose turn it is.
- **scoring lines** (kind ``scoring_line``, and counters that say ``scores: true``): lines of the final score
  sheet of their own (the base game's final scoring reads them: :func:`score_lines`).

>>> from revive_dsl.content.packs import Content, load_doc
>>> from revive_dsl.content.yamlsrc import load_yaml
>>> from revive_dsl.engine.interpret import run_to_end
>>> from revive_dsl.engine.state import Game, Player
>>> content = Content()
>>> text = "kind: counter\\ncomponents:\\n- {id: heat, provenance: representative, holder: player, max: 5, "
>>> text += "plural: heat}\\n"
>>> load_doc(load_yaml(text, "counters.yaml"), "ember", content, [])
>>> declare(content)
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> ctx = Ctx(game, 0, Rules(content, ("ember",)))
>>> run_to_end(change(ctx, "heat", 7), [])
>>> game.to_dict()["players"][0]["ember"], ctx.log
({'heat': 5}, ['Ann sets heat to 7: 0 -> 5 (its top is 5)'])
>>> has_moments(Rules.load(("base",)))
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import field, make_dataclass
from typing import Any

from revive_dsl.content.declared import TOP, Counter, counters, declare_words
from revive_dsl.content.declared_sides import TwoSided, declare_side_words, two_sided_tiles
from revive_dsl.content.declared_tokens import TokenKind, declare_token_words, token_kinds
from revive_dsl.content.packs import Content
from revive_dsl.dsl import nodes as n
from revive_dsl.engine.declared_sides import declare_states
from revive_dsl.engine.game import END_MOMENTS
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import COUNTERS, Ctx, Effect, args, as_player, effect, players_from, run
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import SETUP_STEPS
from revive_dsl.engine.state import PARTS, holder_name
from revive_dsl.engine.triggers import EFFECT_SOURCES, noted, owned_effects, rules_of
from revive_dsl.positions import Diagnostic, DslError

MAX_CHAIN = 20  # thresholds fired inside one another before the move stops with an error

# --- state: a pack's counters as a part of its holders ---------------------------------------------------------

_HOLDERS = {"player": "player", "table": "board", "supply": "supply"}
_MADE: dict[tuple, type] = {}  # the parts made, by their namespace, holder and fields (made once each)


def declare(content: Content) -> None:
    """Make the state parts and counter words of the loaded packs' counters (idempotent; the content layer has
    put their words into the signature table when it compiled them; content from the cache gets them here)."""
    declare_words(content)
    declare_token_words(content)
    declare_side_words(content)
    declare_states(content)
    by_part: dict[tuple[str, str], list[Counter | TwoSided]] = {}
    for found in counters(content).values():
        by_part.setdefault((found.pack, _HOLDERS[found.holder]), []).append(found)
        COUNTERS.setdefault(found.name, _read)
    for found in stocks(content):
        by_part.setdefault((found.pack, _HOLDERS[found.holder]), []).append(found)
    for tile in two_sided_tiles(content).values():
        by_part.setdefault((tile.pack, "player"), []).append(tile)
    for (namespace, holder), declared in by_part.items():
        _declare_part(namespace, holder, declared)


def _declare_part(namespace: str, holder: str, declared: list[Counter | TwoSided]) -> None:
    known = PARTS.get(namespace, {}).get(holder)
    base = getattr(known, "__declared_base__", known)  # a rules package's own part of the same namespace
    spec = (namespace, holder, base, tuple(_spec(d) for d in declared))
    made = _MADE.get(spec)
    if made is None:
        kept = getattr(base, "__dataclass_fields__", {})  # a field the package's part has keeps its other metadata
        fields = [
            (
                d.name,
                int if isinstance(d, Counter) else str,
                field(
                    default=d.start if isinstance(d, Counter) else "",
                    metadata={**(kept[d.name].metadata if d.name in kept else {}), "doc": d.doc, "schema": _schema(d)},
                ),
            )
            for d in declared
        ]
        made = make_dataclass(
            base.__name__ if base is not None else f"{namespace.title().replace('_', '')}{holder.title()}Counters",
            fields,
            bases=(base,) if base is not None else (),
            namespace={"rows": _rows, "__module__": __name__, "__reduce__": _reduce},
        )
        made.__doc__ = (
            base.__doc__ if base is not None else f"The counters the pack {namespace} declares on the {holder}."
        )
        made.__declared_base__ = base
        counted = [c for c in declared if isinstance(c, Counter)]
        made.__always__ = tuple(c.name for c in counted if c.shown == "always")  # in the state at every value
        made.__counters__ = {c.name: (c.low, c.high, c.start, c.shown) for c in counted}
        made.__sides__ = {t.name: t.english for t in declared if isinstance(t, TwoSided)}
        _MADE[spec] = made
    if known is not made:  # in the package's part's place, or a new part of the pack
        made.__state_part__ = (namespace, holder)
        PARTS.setdefault(namespace, {})[holder] = made


def _spec(declared: Counter | TwoSided) -> tuple:
    """What makes a part's field: the same declarations make the same part."""
    if isinstance(declared, TwoSided):
        return ("two_sided", declared.name, declared.sides, declared.english, declared.doc)
    c = declared
    return (c.name, c.low, c.high, c.start, c.doc, c.shown)


def _schema(declared: Counter | TwoSided) -> dict[str, Any]:
    """A declared field's values in the state schema: a counter's bounds, a tile's sides (empty: no tile)."""
    if isinstance(declared, TwoSided):
        return {"enum": ["", *declared.sides]}
    return {"type": "integer", "minimum": declared.low, "maximum": declared.high}


def _reduce(self: Any) -> tuple:
    """How a part made from declarations is pickled (a game sent between processes): by its namespace, holder
    and values, made again from the class the receiving process declared for them (it has loaded the same packs)."""
    namespace, holder = type(self).__state_part__
    return (restore_part, (namespace, holder, dict(self.__dict__)))


def restore_part(namespace: str, holder: str, values: dict[str, Any]) -> Any:
    """A pickled part made from declarations, made again (see :func:`_reduce`)."""
    found = PARTS[namespace][holder]()
    found.__dict__.update(values)
    return found


def stocks(content: Content) -> list[Counter]:
    """The state fields of the declared kinds of token not yet placed (engine/declared_tokens.py): ``ember_left``
    in the pack's part of each player or of the supply, from ``count`` down to 0. Fields, not words."""
    return [_stock(kind) for kind in token_kinds(content).values()]


def _stock(kind: TokenKind) -> Counter:
    whose = "in the supply" if kind.holder == "supply" else "the player has"
    return Counter(
        name=kind.stock_field,
        pack=kind.pack,
        holder=kind.holder,
        low=0,
        high=kind.count,
        start=kind.count,
        scores=False,
        shown="always",
        english=f"{kind.english} left",
        plural=f"{kind.plural} left",
        doc=f"{kind.plural.capitalize()} {whose} not yet placed (of {kind.count}).",
    )


def _rows(self: Any) -> list[tuple[str, str]]:
    """The player panel's rows: the part's own (a rules package's part it extends), then each counter not shown
    there already, as ``heat  3 (0-5)`` (a counter shown only when changed: while not at its start)."""
    base = type(self).__declared_base__
    rows = list(base.rows(self)) if base is not None and hasattr(base, "rows") else []
    told = {label for label, _ in rows}
    for name, (low, high, start, shown) in type(self).__counters__.items():
        value, label = getattr(self, name), name.replace("_", " ")
        if label in told or (shown != "always" and value == start):
            continue
        rows.append((label, f"{value} ({low}-{high})" if high < TOP else str(value)))
    for name, english in type(self).__sides__.items():
        if getattr(self, name) and english not in told:
            rows.append((english, getattr(self, name)))
    return rows


def _lay_out(rules: Rules, game: Any, drawn: dict[str, Any]) -> None:
    """Setup: every player's counters and the table's, at their start (so the state shows them from the first
    step)."""
    laid = [*counters_of(rules).values(), *rules.kept(("declared stocks",), lambda: stocks(rules.content))]
    for found in laid:
        if found.shown != "always":
            continue
        for holder in game.players if found.holder == "player" else [getattr(game, _HOLDERS[found.holder])]:
            part_of(holder, found.pack)


SETUP_STEPS.add(_lay_out)


def _holder(ctx: Ctx, found: Counter) -> Any:
    return ctx.player if found.holder == "player" else getattr(ctx.game, _HOLDERS[found.holder])


def part_of(holder: Any, namespace: str) -> Any:
    """A pack's part of a player, the board or the supply (made, all at their start, on first use)."""
    part = holder.parts.get(namespace)
    if part is None:
        part = holder.parts[namespace] = PARTS[namespace][holder_name(holder)]()
    return part


def _counter(ctx: Ctx, name: str) -> Counter:
    return counters_of(rules_of(ctx))[name]


def state_packages(rules: Rules) -> tuple[str, ...]:
    """Whose parts the game's state has: the rules packages the packs name, then the packs that declare counters
    (:func:`revive_dsl.engine.state_schema.parts_of` takes them).

    >>> state_packages(Rules.load(("base", "abyss")))
    ('base', 'abyss')
    """
    return rules.kept(("state packages",), lambda: tuple(rules.content.word_packages() or ()))


def counters_of(rules: Rules) -> dict[str, Counter]:
    """The counters the game's packs declare, by word (kept with the rules)."""
    return rules.kept(("declared counters",), lambda: counters(rules.content))


def value(ctx: Ctx, name: str) -> int:
    """A declared counter's value for the Ctx's player (one of the table: the table's): its start until changed."""
    found = _counter(ctx, name)
    part = _holder(ctx, found).parts.get(found.pack)
    return found.start if part is None else getattr(part, name, found.start)


def _read(ctx: Ctx, call: n.Call) -> int:
    return value(ctx, call.name)


# --- raise, lower, set ---------------------------------------------------------------------------------------


def change(ctx: Ctx, name: str, to: int, how: str = "") -> Effect:
    """Put a declared counter at ``to`` (kept within its bounds), tell it in the log (``how``: what the effect did,
    ``raises heat by 3``), and run the player's ``when NAME reaches N`` clauses that the change takes it to
    from below."""
    found = _counter(ctx, name)
    before = value(ctx, name)
    after = found.clamp(to)
    whose = "" if found.holder == "player" else "the table's "
    said = how or f"sets {whose}{found.plural} to {to}"
    edge = f" (its top is {found.high})" if to > after else f" (its bottom is {found.low})" if to < after else ""
    if after == before:
        ctx.log.append(f"{ctx.player.name} {said}: it stays at {after}{edge}")
        return
    setattr(part_of(_holder(ctx, found), found.pack), name, after)
    ctx.log.append(f"{ctx.player.name} {said}: {before} -> {after}{edge}")
    yield from _reached(ctx, found, before, after)


def _by(ctx: Ctx, call: n.Call, sign: int) -> Effect:
    numbers, words = args(call)
    found, amount = _counter(ctx, words[0]), numbers[0] if numbers else 1
    whose = "" if found.holder == "player" else "the table's "
    how = f"{'raises' if sign > 0 else 'lowers'} {whose}{found.plural} by {amount}"
    yield from change(ctx, words[0], value(ctx, words[0]) + sign * amount, how)


@effect("raise")
def _raise(ctx: Ctx, call: n.Call) -> Effect:
    yield from _by(ctx, call, 1)


@effect("lower")
def _lower(ctx: Ctx, call: n.Call) -> Effect:
    yield from _by(ctx, call, -1)


@effect("set")
def _set(ctx: Ctx, call: n.Call) -> Effect:
    numbers, words = args(call)
    yield from change(ctx, words[0], numbers[0])


_CHAIN = "reaches chain"  # the event key counting thresholds fired inside one another


class Reached(str):
    """The log line of a threshold that fired (``Ann's heat reaches 5 (The forge boils over)``), which also says
    which: its ``counter``, ``value``, the ``seat`` whose counter it is and the ``source`` (the component whose text
    it is). It reads as the line it is; the balance lab counts them.

    >>> line = Reached("Ann's heat reaches 5", "heat", 5, 0, "boil_over")
    >>> line, line.counter, line.value
    ("Ann's heat reaches 5", 'heat', 5)
    """

    counter: str
    value: int
    seat: int
    source: str

    def __new__(cls, line: str, counter: str, value: int, seat: int, source: str) -> Reached:
        made = super().__new__(cls, line)
        made.counter, made.value, made.seat, made.source = counter, value, seat, source
        return made

    def __reduce__(self) -> tuple:
        return Reached, (str(self), self.counter, self.value, self.seat, self.source)


# What a rules package's own state is worth to a player beyond the final score, for the computer players: each a
# function (rules, game, player) -> points. A package appends its own when imported; a game sees those of its
# packages only (engine/hooks.py). The players' evaluation adds them up (revive_dsl/ai/evaluate.py).
VALUE_TERMS: Hooks[Callable[[Rules, Any, Any], float]] = Hooks("value terms")


def counter_worths(rules: Rules) -> tuple[tuple[str, float], ...]:
    """The players' counters the loaded packs declare a ``worth`` for, with it (kept with the rules).

    >>> counter_worths(Rules.load(("base",)))
    ()
    """
    return rules.kept(
        ("counter worths",),
        lambda: tuple((w, c.worth) for w, c in counters_of(rules).items() if c.holder == "player" and c.worth),
    )


def pack_value(rules: Rules, game: Any, player: Any) -> float:
    """What the packs' own state is worth to ``player``, in points: its counters' ``worth`` times their values, and
    every :data:`VALUE_TERMS` entry of the game's packages."""
    total = 0.0
    for word, worth in counter_worths(rules):
        total += worth * value(Ctx(game, player.seat, rules), word)
    for term in VALUE_TERMS.of(rules):
        total += term(rules, game, player)
    return total


def thresholds(rules: Rules) -> dict[str, list[int]]:
    """Every ``when COUNTER reaches N`` the loaded packs' texts hold: counter -> its values, sorted.

    >>> thresholds(Rules.load(("base",)))
    {}
    """

    def found() -> dict[str, list[int]]:
        out: dict[str, set[int]] = {}
        for comp in rules.content.components.values():
            for program in comp.effects.values():
                for clause in getattr(program, "clauses", ()):
                    if isinstance(clause, n.Reaches):
                        out.setdefault(clause.counter.name, set()).add(clause.value)
        return {word: sorted(values) for word, values in sorted(out.items())}

    return rules.kept(("thresholds",), found)


def _reached(ctx: Ctx, found: Counter, before: int, after: int) -> Effect:
    if after <= before:
        return
    depth = ctx.event.get(_CHAIN, 0)
    for source, program in owned_effects(ctx):
        for clause in program.clauses:
            if isinstance(clause, n.Reaches) and clause.counter.name == found.name and before < clause.value <= after:
                if depth >= MAX_CHAIN:
                    raise DslError(
                        [
                            Diagnostic(
                                clause.pos,
                                f"'when {found.name} reaches {clause.value}' fired {MAX_CHAIN} times inside itself; "
                                f"its effect must leave {found.name} where it does not reach {clause.value} again",
                            )
                        ]
                    )
                named = rules_of(ctx).content.components.get(source)
                why = f" ({named.name})" if named is not None and named.name != source else ""
                line = f"{ctx.player.name}'s {found.plural} reaches {clause.value}{why}"
                ctx.log.append(Reached(line, found.name, clause.value, ctx.seat, source))
                sub = Ctx(ctx.game, ctx.seat, ctx.rules, source=source, event={_CHAIN: depth + 1}, log=ctx.log)
                yield from run(clause.body, sub)


# --- rules every player has --------------------------------------------------------------------------------------


def _game_rules(ctx: Ctx) -> Iterator[tuple[str, n.Program]]:
    """The loaded packs' ``game_rule`` texts: every player's, from the start; a rule of a variant (``variant:``)
    only in games played with it."""
    for comp in rules_of(ctx).content.of_kind("game_rule"):
        if "effect" in comp.effects and comp.data.get("variant", "") in ("", *ctx.game.variants):
            yield comp.id, comp.effects["effect"]


_game_rules.reads = lambda ctx: tuple(ctx.game.variants)  # type: ignore[attr-defined]  # whoever the player is
EFFECT_SOURCES.add(_game_rules)


# --- moments: the end of a turn, of a round, of the game ------------------------------------------------------


def has_moments(rules: Rules) -> bool:
    """Whether any text of the game's content has an ``at ... end`` clause (kept with the rules): a game with
    none ends its turns as before, asking nothing."""
    return rules.kept(("has moments",), lambda: _any_clause(rules.content, n.AtEnd))


def _any_clause(content: Content, kind: type) -> bool:
    return any(
        isinstance(clause, kind)
        for comp in content.components.values()
        for program in comp.effects.values()
        for clause in program.clauses
    )


def _moments(rules: Rules) -> Callable[[Ctx, str], Effect] | None:
    return run_moment if has_moments(rules) else None


def run_moment(ctx: Ctx, moment: str) -> Effect:
    """Run the ``at MOMENT end`` clauses. A turn's end: the texts of the Ctx's player (the one whose turn ends),
    the table's rules included. A round's or the game's end: the table's rules once, for the Ctx's player (a text
    that is for everyone says ``each player:``), then each player's own texts (tribe, technologies...), in seat
    order from the Ctx's player."""
    if moment == "turn":
        yield from _at(ctx, moment, lambda source: True)
        return
    table = {comp.id for comp in rules_of(ctx).content.of_kind("game_rule")}
    yield from _at(ctx, moment, lambda source: source in table)
    for seat in players_from(ctx):
        yield from _at(as_player(ctx, seat), moment, lambda source: source not in table)


def _at(ctx: Ctx, moment: str, chosen: Callable[[str], bool]) -> Effect:
    components = rules_of(ctx).content.components
    for source, program in owned_effects(ctx):
        if not chosen(source):
            continue
        for clause in program.clauses:
            if isinstance(clause, n.AtEnd) and clause.moment == moment:
                named = components[source].name if source in components else source
                when = f"{ctx.player.name}'s turn ends" if moment == "turn" else f"the {moment} ends"
                ctx.log.append(f"{when}: {named}")  # the account says which rule acts, and why now
                noted(ctx, source, f"at {moment} end")
                yield from run(clause.body, Ctx(ctx.game, ctx.seat, ctx.rules, source=source, log=ctx.log))


END_MOMENTS.add(_moments)


# --- scoring lines ---------------------------------------------------------------------------------------------


def scoring_lines(rules: Rules, *, first: bool = False) -> list[tuple[str, str, n.Program | None]]:
    """The final score sheet's lines the packs declare, in content order: (label, counter word or "", program);
    a counter that scores gives its value (program None), a ``scoring_line`` its formula. ``first``: the lines
    that go before the rulebook's (``first: true``), else the others, which go after them (kept with the rules:
    every score sheet asks)."""
    return rules.kept(("declared scoring lines", first), lambda: _scoring_lines(rules, first))


def _scoring_lines(rules: Rules, first: bool) -> list[tuple[str, str, n.Program | None]]:
    out: list[tuple[str, str, n.Program | None]] = [
        (found.english, found.name, None) for found in counters_of(rules).values() if found.scores and not first
    ]
    for comp in rules.content.of_kind("scoring_line"):
        if "effect" in comp.effects and bool(comp.data.get("first")) == first:
            out.append((comp.name, "", comp.effects["effect"]))
    return out
