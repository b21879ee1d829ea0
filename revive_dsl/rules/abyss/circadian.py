"""The circadian tribe, Ostarius (004): what its technologies do beyond reading the circadian tile.

The tile itself is data: a two-sided tile of the pack (content/abyss/two_sided_tiles.yaml), laid out day side up
for the tribe's ``circadian_tile`` token, turned by ``flip circadian`` (the tribe's ability and its rule ``when
hibernate: flip circadian``), read by the states ``day`` and ``night`` (``when build: if day: ...``, ``while night:
range 1``, a lasting range bonus), all run by the engine's machinery (engine/declared_sides.py). Encoded here:

- ``advance_adjacent`` (populating by day): one step on the machine track of each revealed terrain
  space next to the location populated; a large corner location is one space, so it may have several.
- ``when before_or_after ACTION`` (by day, an energy back "before or after you populate or build"): asked
  as the action begins, before its machines are offered, only when taking the energy back first could power
  one more of the action's ``machine during ACTION`` machines; carried out then, or else when the action's
  own ``when ACTION`` clauses run, never both (``abyss(turn).done_before`` remembers it for that moment).

>>> from revive_dsl.engine.interpret import Ctx, run_text
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> from revive_dsl.rules.abyss.state import with_abyss
>>> p = with_abyss(Player(seat=0, name="Ost", tribe="abyss_tribe_circadian", side="single"), circadian="day")
>>> ctx = Ctx(Game(players=[p], packs=["base", "abyss"]), 0, Rules.load(("base", "abyss")))
>>> run_text(ctx, "flip circadian; if night: gain food")
>>> abyss(p).circadian, p.resources["food"]
('night', 1)
"""

from __future__ import annotations

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.game import END_TURN_HOOKS
from revive_dsl.engine.interpret import (
    Ctx,
    Effect,
    args,
    can_carry_out,
    effect,
    run,
)
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game
from revive_dsl.engine.triggers import FIRE_ALSO, owned_effects, rules_of
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.board_actions import BEFORE_ACTION, action_possible
from revive_dsl.rules.base.machines import MACHINE_GONE, machine_programs
from revive_dsl.rules.base.tracks import advance

# --- advancing for the terrain next to a populated location ------------------------------------


def adjacent_terrain_tracks(rules: Rules, game: Game, location: str) -> list[str]:
    """The machine track of each revealed terrain space next to a location, in map order.

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game()
    >>> game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    >>> adjacent_terrain_tracks(Rules.load(("base",)), game, "devotion")  # off the map: no neighbours
    []
    """
    tracks = []
    for space in geo.neighbours(rules, location):
        shown = geo.terrain(rules, game.board, space)
        if shown in geo.TERRAIN_TRACK:
            tracks.append(geo.TERRAIN_TRACK[shown])
    return tracks


@effect("advance_adjacent")
def _advance_adjacent(ctx: Ctx, call: n.Call) -> Effect:
    """``advance_adjacent`` (``when populate``): a track step per revealed terrain next to the location."""
    location = ctx.event.get("location")
    if location is None:
        return
    for colour in adjacent_terrain_tracks(rules_of(ctx), ctx.game, location):
        yield from advance(ctx, colour, 1)


# --- before or after an action ---------------------------------------------------------------------

BEFORE_OR_AFTER = "before_or_after"
BEFORE_AFTER = ["before", "after"]  # "before" first: it is what brings the most to the action


def action_machines(ctx: Ctx, action: str) -> list[str]:
    """Spots of the player's ``machine during ACTION`` machines that could be carried out now, energy aside.

    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ost", tribe="t", side="sun", unlocked=["special_grey_1"],
    ...            special_machines={"special_grey_1": "mach_grey_2"})
    >>> action_machines(Ctx(Game(players=[p]), 0, Rules.load(("base",))), "build")
    ['special_grey_1']
    """
    out = []
    for spot, program in machine_programs(ctx):
        if any(gone(ctx, spot) for gone in MACHINE_GONE.of(ctx)):
            continue
        for clause in program.clauses:
            if isinstance(clause, n.Machine) and clause.during == action and can_carry_out(ctx, clause.body):
                out.append(spot)
                break
    return out


def energy_first_helps(ctx: Ctx, action: str) -> bool:
    """Whether an energy taken back before the action lets the player power more of its machines than they
    can now: one more energy in storage, and the machine it came off ready again.

    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ost", tribe="t", side="sun", unlocked=["special_grey_1"],
    ...            special_machines={"special_grey_1": "mach_grey_2"}, energy=0, energy_on=["special_grey_1"])
    >>> ctx = Ctx(Game(players=[p]), 0, Rules.load(("base",)))
    >>> energy_first_helps(ctx, "build"), energy_first_helps(ctx, "explore")
    (True, False)
    """
    player = ctx.player
    if not player.energy_on:
        return False
    spots = action_machines(ctx, action)
    ready = [spot for spot in spots if spot not in player.energy_on]
    freed = any(spot in player.energy_on for spot in spots)
    return min(player.energy + 1, len(ready) + freed) > min(player.energy, len(ready))


def _clauses(ctx: Ctx, action: str) -> list[tuple[str, n.Trigger]]:
    """(source, clause) of the player's ``when before_or_after ACTION`` clauses."""
    return [
        (source, clause)
        for source, program in owned_effects(ctx)
        for clause in program.clauses
        if isinstance(clause, n.Trigger)
        and clause.event.name == BEFORE_OR_AFTER
        and args(clause.event)[1][:1] == [action]
    ]


def _before(ctx: Ctx, action: str) -> Effect:
    """As an action begins: each ``when before_or_after ACTION`` clause that can be carried out, when doing it
    first matters, asks "before" (now) or "after" (with the action's ``when ACTION`` clauses)."""
    turn = abyss(ctx.game.turn)
    turn.done_before = [key for key in turn.done_before if not key.endswith(f":{action}")]  # a past action's
    for source, clause in _clauses(ctx, action):
        sub = Ctx(ctx.game, ctx.seat, ctx.rules, source=source, event={}, log=ctx.log)
        if not (can_carry_out(sub, clause.body) and energy_first_helps(ctx, action)):
            continue
        from revive_dsl.dsl.formatter import format_expr

        prompt = f"before you {action} (now), or after: {format_expr(clause.body)}?"
        # an action that only this energy makes affordable (its machine needs it) is offered only "before"
        needed = not action_possible(ctx, action, before=False)
        choice = yield Decision(ctx.seat, BEFORE_OR_AFTER, prompt, options_of(["before"] if needed else BEFORE_AFTER))
        if choice.key == "before":
            turn.done_before.append(f"{source}:{action}")
            ctx.log.append(f"{ctx.player.name} uses {source} before the {action}")
            yield from run(clause.body, sub)


def _answers(ctx: Ctx, source: str, clause: n.Trigger, event: str) -> bool:
    """A ``when before_or_after ACTION`` clause runs with the action's ``when ACTION`` clauses, unless it ran
    as the action began (that mark is then used up)."""
    if clause.event.name != BEFORE_OR_AFTER or args(clause.event)[1][:1] != [event]:
        return False
    done = abyss(ctx.game.turn).done_before
    if f"{source}:{event}" in done:
        done.remove(f"{source}:{event}")
        return False
    return True


def _forget_before(game: Game) -> None:
    """Nothing done before an action outlasts the turn (an action that never reached its event)."""
    abyss(game.turn).done_before.clear()


BEFORE_ACTION.add(_before)
FIRE_ALSO.add(_answers)
END_TURN_HOOKS.add(_forget_before)
