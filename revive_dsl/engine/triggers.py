"""Triggers: what a player owns that reacts to events (``when EVENT: ...``) or changes the rules.

A player's lasting texts are their tribe side's ``rules`` and the technologies they have
unlocked. ``player.technologies`` holds a tribe technology's id (``t2c``) or, for the
common technologies, the common component's id (``tech_side_slot``). :func:`owned_effects`
lists them; :func:`fire` runs the matching ``when`` clauses when something happens.

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> p = Player(seat=0, name="Kim", tribe="kuniban", side="sun", technologies=["t1"])
>>> ctx = Ctx(Game(players=[p]), 0, Rules.load(("base",)))
>>> run_to_end(fire(ctx, "recruit", card="cit_mentor"), [])
>>> p.resources["book"]
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from revive_dsl.dsl import nodes as n
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import Ctx, Effect, run
from revive_dsl.engine.memo import remembered
from revive_dsl.engine.rules import Rules


def rules_of(ctx: Ctx) -> Rules:
    """The content the game is played with: the Ctx's, else the game's packs."""
    return ctx.rules if ctx.rules is not None else Rules.load(tuple(ctx.game.packs))


def _tribe_side(ctx: Ctx) -> tuple[str, dict] | None:
    rules = rules_of(ctx)
    player = ctx.player
    if player.tribe not in rules.content.components:
        return None
    side = rules.data(player.tribe).get("sides", {}).get(player.side)
    return (f"sides.{player.side}", side) if side is not None else None


def _tribe_effects(ctx: Ctx) -> Iterator[tuple[str, n.Program]]:
    """The tribe side's rules and its unlocked technologies of its own."""
    found = _tribe_side(ctx)
    if found is None:
        return
    prefix, side = found
    effects = rules_of(ctx).component(ctx.player.tribe).effects
    if f"{prefix}.rules" in effects:
        yield ctx.player.tribe, effects[f"{prefix}.rules"]
    for index, tech in enumerate(side.get("technologies", [])):
        path = f"{prefix}.technologies.{index}.effect"
        if tech["id"] in ctx.player.technologies and path in effects:
            yield tech["id"], effects[path]


def _common_effects(ctx: Ctx) -> Iterator[tuple[str, n.Program]]:
    """Unlocked common technologies, stored by their component id."""
    rules = rules_of(ctx)
    for tid in ctx.player.technologies:
        comp = rules.content.components.get(tid)
        if comp is not None and "effect" in comp.effects:
            yield tid, comp.effects["effect"]


# Each reads the player's tribe, side and technologies, and nothing else of the state.
_tribe_effects.reads = lambda ctx: (ctx.player.tribe, ctx.player.side, tuple(ctx.player.technologies))  # type: ignore[attr-defined]
_common_effects.reads = lambda ctx: tuple(ctx.player.technologies)  # type: ignore[attr-defined]

# Where a player's lasting texts come from; the expansion appends (gadgets, journeys, ...). A source may say what
# of the state it reads (``source.reads = lambda ctx: key``): its answers are then kept across states.
EFFECT_SOURCES: Hooks[Callable[[Ctx], Iterator[tuple[str, n.Program]]]] = Hooks(
    "EFFECT_SOURCES", [_tribe_effects, _common_effects]
)


def owned_effects(ctx: Ctx) -> list[tuple[str, n.Program]]:
    """Every (source id, program) of the player's tribe rules and unlocked technologies.

    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Fay", tribe="formica", side="moon", technologies=["t2c", "tech_side_slot"])
    >>> [source for source, _ in owned_effects(Ctx(Game(players=[p]), 0, Rules.load(("base",))))]
    ['formica', 't2c', 'tech_side_slot']
    """
    return list(remembered(ctx.game, ("owned_effects", ctx.seat), lambda: _owned(ctx)))


def _owned(ctx: Ctx) -> list[tuple[str, n.Program]]:
    """What :func:`owned_effects` lists: a source that says what it reads (``source.reads(ctx)``, a key) is kept
    with the rules under that key, across states; any other is asked each time."""
    out: list[tuple[str, n.Program]] = []
    rules = rules_of(ctx)
    for source in EFFECT_SOURCES.of(ctx):
        reads = getattr(source, "reads", None)
        if reads is None:
            out.extend(source(ctx))
        else:
            out.extend(rules.kept((source, reads(ctx)), lambda source=source: tuple(source(ctx))))
    return out


def has_modifier(ctx: Ctx, word: str, *arguments: str) -> bool:
    """Whether an ``always`` clause the player owns holds the modifier ``word`` with these words.

    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Fay", tribe="formica", side="moon", technologies=["t2c"])
    >>> has_modifier(Ctx(Game(players=[p]), 0, Rules.load(("base",))), "switch_copy", "bottom")
    True
    """
    for _, program in owned_effects(ctx):
        for clause in program.clauses:
            if not isinstance(clause, n.Always):
                continue
            for node in clause.body.walk():
                if isinstance(node, n.Call) and node.name == word:
                    words = tuple(a.value for a in node.args if isinstance(a, n.Word))
                    if words[: len(arguments)] == arguments:
                        return True
    return False


# Clauses that :func:`fire` leaves to another rule: ``skip(event, body)`` is true for a ``when`` clause that
# is carried out elsewhere (the base game's discounts on the action's own cost, rules/base/tribes.py).
FIRE_SKIPS: Hooks[Callable[[str, n.Expr], bool]] = Hooks("FIRE_SKIPS")


# ``when`` clauses of another event that answer this one too, in their place among the player's clauses:
# ``also(ctx, source, trigger, event) -> bool`` (the expansion's ``when before_or_after build`` answers ``build``
# unless it was carried out as the build began, rules/abyss/circadian.py).
FIRE_ALSO: Hooks[Callable[[Ctx, str, n.Trigger, str], bool]] = Hooks("FIRE_ALSO")


def noted(ctx: Ctx, source: str, what: str) -> None:
    """Tell a log that counts the rules that act (one with a ``fired(seat, source, what)`` method, such as the
    balance lab's) that ``source``'s clause ``what`` (``when build``, ``at round end``) acts now for the Ctx's
    player. A plain list is told nothing, and no line is written: the game's account reads as before.

    >>> class Counting(list):
    ...     def fired(self, seat, source, what):
    ...         self.append((seat, source, what))
    >>> from revive_dsl.engine.state import Game
    >>> ctx = Ctx(Game(), 0, Rules.load(("base",)), log=Counting())
    >>> noted(ctx, "ticking", "at turn end"); ctx.log
    [(0, 'ticking', 'at turn end')]
    """
    fired = getattr(ctx.log, "fired", None)
    if fired is not None:
        fired(ctx.seat, source, what)


def fire(ctx: Ctx, event: str, **data) -> Effect:
    """Run the player's ``when EVENT`` clauses, each knowing ``data`` as its event."""
    also = FIRE_ALSO.of(ctx)
    for source, program in owned_effects(ctx):
        for clause in program.clauses:
            if not isinstance(clause, n.Trigger):
                continue
            if clause.event.name == event or any(answers(ctx, source, clause, event) for answers in also):
                if any(skip(event, clause.body) for skip in FIRE_SKIPS.of(ctx)):
                    continue  # carried out by another rule
                noted(ctx, source, f"when {clause.event.name}")
                sub = Ctx(ctx.game, ctx.seat, ctx.rules, source=source, event=dict(data), log=ctx.log)
                yield from run(clause.body, sub)
