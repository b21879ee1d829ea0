"""The circadian tribe, Ostarius (004): the circadian tile, its day and night, and what reads them.

Rules encoded here, only for a player who has the circadian tile (``abyss(player).circadian``):

- setup: the tile lies in front of its owner, day side up (the tribe's ``circadian_tile`` token);
- ``flip_circadian``: day becomes night and night day (the tribe ability, and every hibernation by
  the tribe's rule ``when hibernate: flip_circadian``);
- the states ``day`` and ``night`` say which side is up; technologies read them (``when build: if
  day: ...``, ``while night: range 1``); a ``while day/night`` clause's ``range N`` counts as a
  lasting range bonus while its side is up (:data:`revive_dsl.engine.range.RANGE_BONUSES`);
- ``advance_adjacent`` (populating by day): one step on the machine track of each revealed terrain
  space next to the location populated; a large corner location is one space, so it may have several.

>>> from revive_dsl.engine.interpret import Ctx, run_to_end, run_text
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> from revive_dsl.rules.abyss.state import with_abyss
>>> p = with_abyss(Player(seat=0, name="Ost", tribe="abyss_tribe_circadian", side="single"), circadian="day")
>>> ctx = Ctx(Game(players=[p], packs=["base", "abyss"]), 0, Rules.load(("base", "abyss")))
>>> run_text(ctx, "flip_circadian; if night: gain food")
>>> abyss(p).circadian, p.resources["food"]
('night', 1)
"""

from __future__ import annotations

from typing import Any

from revive_dsl import nodes as n
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.interpret import COUNTED_FOR, NEEDS, STATES, Ctx, Effect, count_arg, effect
from revive_dsl.engine.range import RANGE_BONUSES
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import SETUP_STEPS
from revive_dsl.engine.state import Game, Player
from revive_dsl.engine.triggers import owned_effects, rules_of
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.tracks import advance

TOKEN = "circadian_tile"  # the tribe's token in its content (``tokens: {circadian_tile: 1}``)
FLIPPED = {"day": "night", "night": "day"}


def tile_holder(ctx: Ctx) -> Player | None:
    """The player whose circadian tile an effect reads: the Ctx's player, or the owner of a borrowed
    technology (the leech tribe uses the circadian technologies as their tile shows); None without a tile.

    >>> from revive_dsl.engine.state import Game
    >>> tile_holder(Ctx(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")]), 0)) is None
    True
    """
    if abyss(ctx.player).circadian:
        return ctx.player
    for hook in COUNTED_FOR.of(ctx):
        seat = hook(ctx)
        if seat is not None and abyss(ctx.game.players[seat]).circadian:
            return ctx.game.players[seat]
    return None


def _side_up(side: str):
    def holds(ctx: Ctx) -> bool:
        holder = tile_holder(ctx)
        return holder is not None and abyss(holder).circadian == side

    return holds


STATES.setdefault("day", _side_up("day"))
STATES.setdefault("night", _side_up("night"))


@effect("flip_circadian")
def _flip_circadian(ctx: Ctx, call: n.Call) -> Effect:
    """``flip_circadian``: turn your circadian tile over (without one, nothing happens)."""
    player = ctx.player
    if abyss(player).circadian in FLIPPED:
        abyss(player).circadian = FLIPPED[abyss(player).circadian]
        ctx.log.append(f"{player.name} flips the circadian tile to {abyss(player).circadian}")
    return
    yield


NEEDS.setdefault("flip_circadian", lambda ctx: abyss(ctx.player).circadian in FLIPPED)


# --- advancing for the terrain next to a populated location ------------------------------------


def adjacent_terrain_tracks(rules: Rules, game: Game, location: str) -> list[str]:
    """The machine track of each revealed terrain space next to a location, in map order.

    >>> from revive_dsl.engine.state import Game
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


# --- lasting bonuses while one side is up ---------------------------------------------------------


def while_range(ctx: Ctx) -> int:
    """The ``range N`` of the player's ``while STATE:`` clauses (tribe and technologies) whose state holds.

    Played cards' ``while slotted`` clauses are the range module's own (they are not owned effects).

    >>> from revive_dsl.engine.state import Game
    >>> p = Player(seat=0, name="Ost", tribe="abyss_tribe_circadian", side="single",
    ...            technologies=["abyss_circadian_day_energy_night_range"])
    >>> abyss(p).circadian = "night"
    >>> while_range(Ctx(Game(players=[p], packs=["base", "abyss"]), 0, Rules.load(("base", "abyss"))))
    1
    """
    if tile_holder(ctx) is None:
        return 0  # every player without the tile (base games): nothing to read
    total = 0
    for _, program in owned_effects(ctx):
        for clause in program.clauses:
            if isinstance(clause, n.While) and clause.state in ("day", "night") and STATES[clause.state](ctx):
                total += sum(count_arg(c) for c in clause.body.walk() if isinstance(c, n.Call) and c.name == "range")
    return total


RANGE_BONUSES.add(while_range)


# --- setup ------------------------------------------------------------------------------------------


def _setup(rules: Rules, game: Game, drawn: dict[str, Any]) -> None:
    """The circadian tile in front of its owner, day side up (it is no token to place on the board)."""
    for player in game.players:
        if player.tokens_left.pop(TOKEN, 0):
            abyss(player).circadian = "day"


SETUP_STEPS.add(_setup)
