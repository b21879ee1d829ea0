"""The lakes' own rules (004 "Lakes"; 000, expansion part): rewards for building next to them, their
hibernation bonus, and a lake as one large space for range.

Rules encoded here (the lake tiles' data: ``building_reward`` and ``hibernation_reward``, each with a
``small`` and a ``large`` text; which lakes touch a building: :mod:`revive_dsl.rules.abyss.lake_adjacency`):

- building reward: for each building type, the first time a player builds next to a lake they take
  that lake's building reward for the type (once per lake and type; a building touching several cells
  of one lake takes it once, :data:`~revive_dsl.rules.base.board_actions.REWARD_LARGE_SPACES`);
- hibernation bonus: data, the pack's rule ``when hibernated: tile_rewards hibernation_reward``
  (content/abyss/rules.yaml): at the end of each hibernation, for each building type the player has next
  to a lake, the lake's hibernation reward for that type (lakes in map order, small before large);
- range: nobody counts range through a lake (the blocker is ``range._lake``), except with the gates
  tribe's ``range_through_lakes``, where a whole lake counts as ONE large space
  (:data:`~revive_dsl.engine.range.LARGE_SPACES`);
- lakes are no water spaces: they show ``lake``, never ``water``, so no water reward, no water scoring,
  no Hofstadterian temple there (nothing to do here; tests say so).

>>> from revive_dsl.engine.state import Board
>>> board = Board(tiles={"a02": {"tile": "abyss_lake_1", "orientation": 0, "explored": True}})
>>> board.buildings["1,0"] = {"player": 0, "size": "small"}
>>> own_buildings_next_to(Rules.load(("base", "abyss")), board, 0, "abyss_lake_1", "small")
1
"""

from __future__ import annotations

from revive_dsl.engine import geometry as geo
from revive_dsl.engine.interpret import Ctx, Effect
from revive_dsl.engine.range import LARGE_SPACES, RANGE_BLOCKERS, modifier_words, rules_of, whole_map
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import all_buildings
from revive_dsl.rules.abyss.lake_adjacency import is_lake, lake_slots, lakes_next_to
from revive_dsl.rules.base import board_actions as actions
from revive_dsl.rules.base.tracks import run_program

SIZES = ("small", "large")  # the two rows of a lake's table, in the order they are taken


def lake_of(rules: Rules, board, space: str) -> str | None:
    """The large-space key of a lake cell (``lake:a02``), None for any other space.

    >>> from revive_dsl.engine.state import Board
    >>> board = Board(tiles={"a02": {"tile": "abyss_lake_1", "orientation": 0, "explored": True}})
    >>> rules = Rules.load(("base", "abyss"))
    >>> lake_of(rules, board, "2,0"), lake_of(rules, board, "1,0")
    ('lake:a02', None)
    """
    found = geo.geometry(rules).slot_of.get(space)
    if found is None or found[0] not in board.tiles or not is_lake(rules, board.tiles[found[0]]["tile"]):
        return None
    return f"lake:{found[0]}"


def _lake_cells(ctx: Ctx) -> dict[str, str]:
    rules, board = rules_of(ctx), ctx.game.board
    cells = geo.geometry(rules).slot_cells
    return {c: f"lake:{slot}" for slot in lake_slots(rules, board) for c in cells[slot]}


def _run_reward(ctx: Ctx, lake: str, field: str) -> Effect:
    program = rules_of(ctx).component(lake).effects.get(field)
    if program is not None:
        kind, _, size = field.partition(".")
        ctx.log.append(f"{ctx.player.name} takes {lake}'s {kind.replace('_', ' ')} for a {size} building")
        yield from run_program(ctx, program)


def own_buildings_next_to(rules: Rules, board, seat: int, lake: str, size: str) -> int:
    """How many of a player's buildings of ``size`` stand next to the lake tile ``lake``."""
    return sum(
        1
        for space, b in all_buildings(board)
        if b["player"] == seat and b["size"] == size and lake in lakes_next_to(rules, board, space)
    )


def _building_reward(ctx: Ctx, space: str, size: str) -> Effect:
    """A building just placed next to a lake cell: the lake's reward if it is the player's first of its size there."""
    rules, board = rules_of(ctx), ctx.game.board
    slot = geo.geometry(rules).slot_of[space][0]
    lake = board.tiles[slot]["tile"]
    # buildings never leave the board: the first of its size is the only one (the new one stands already)
    if own_buildings_next_to(rules, board, ctx.seat, lake, size) == 1:
        yield from _run_reward(ctx, lake, f"building_reward.{size}")


actions.TERRAIN_REWARDS.setdefault("lake", _building_reward)
actions.REWARD_LARGE_SPACES.add(lake_of)
LARGE_SPACES.add(_lake_cells)


def _lakes(ctx: Ctx) -> tuple[str, ...]:
    rules = rules_of(ctx)
    if modifier_words(rules, ctx.player, "range_through_lakes"):
        return ()
    return geo.spaces_showing(rules, ctx.game.board, "lake")


@whole_map(_lakes)
def _lake(ctx: Ctx, space: str) -> bool:
    rules = rules_of(ctx)
    return geo.terrain(rules, ctx.game.board, space) == "lake" and not modifier_words(
        rules, ctx.player, "range_through_lakes"
    )


RANGE_BLOCKERS.add(_lake)  # no path crosses a lake, unless range_through_lakes
