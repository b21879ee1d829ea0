"""Rewards a tile on the map prints for the buildings beside it, by building size (a lake's tables, 004).

A tile kind may print a table of rewards by building size (``hibernation_reward: {small: ..., large: ...}``, the
lakes' of Call of the Abyss). ``tile_rewards TABLE`` carries out, for each such tile on the map (in map order),
the table's reward for each size of which the player has a building beside the tile (small before large), each
told in the account. A pack's rule says when: Call of the Abyss's lakes give theirs at every hibernation
(``when hibernated: tile_rewards hibernation_reward``, content/abyss/rules.yaml).

>>> from revive_dsl.engine.interpret import run_text
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")], packs=["base", "abyss"])
>>> game.board.tiles["a02"] = {"tile": "abyss_lake_1", "orientation": 0, "explored": True}
>>> game.board.buildings["1,0"] = {"player": 0, "size": "small"}
>>> ctx = Ctx(game, 0, Rules.load(("base", "abyss")))
>>> run_text(ctx, "tile_rewards hibernation_reward"); game.players[0].resources["book"], ctx.log
(1, ["Ann takes abyss_lake_1's hibernation reward for a small building", 'Ann gains 1 book'])
"""

from __future__ import annotations

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.interpret import Ctx, Effect, args, effect
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Board, all_buildings
from revive_dsl.rules.base.tracks import rules_of, run_program

SIZES = ("small", "large")  # the rows of a table, in the order they are taken


def sizes_beside(rules: Rules, board: Board, seat: int, slot: str) -> list[str]:
    """The building sizes of which the player has a building beside the tile in ``slot`` (on a space next to one
    of its cells), small before large.

    >>> board = Board(buildings={"1,0": {"player": 0, "size": "large"}})
    >>> sizes_beside(Rules.load(("base",)), board, 0, "a02"), sizes_beside(Rules.load(("base",)), board, 1, "a02")
    (['large'], [])
    """
    cells = set(geo.geometry(rules).slot_cells[slot])
    beside = {nb for cell in cells for nb in geo.neighbours(rules, cell)} - cells
    have = {b["size"] for space, b in all_buildings(board) if b["player"] == seat and space in beside}
    return [size for size in SIZES if size in have]


@effect("tile_rewards")
def _tile_rewards(ctx: Ctx, call: n.Call) -> Effect:
    """``tile_rewards TABLE``: each tile's reward of that table per building size the player has beside it."""
    table = args(call)[1][0]
    rules, board = rules_of(ctx), ctx.game.board
    for slot in geo.geometry(rules).slot_cells:
        placed = board.tiles.get(slot)
        comp = None if placed is None else rules.content.components.get(placed["tile"])
        if comp is None or not isinstance(comp.data.get(table), dict):
            continue
        for size in sizes_beside(rules, board, ctx.seat, slot):
            program = comp.effects.get(f"{table}.{size}")
            if program is not None:
                ctx.log.append(f"{ctx.player.name} takes {comp.id}'s {table.replace('_', ' ')} for a {size} building")
                yield from run_program(ctx, program)
