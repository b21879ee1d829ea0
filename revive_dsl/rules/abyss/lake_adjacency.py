"""Lakes on the map (004 "Lakes"): which slots hold lakes, and which of a player's buildings touch them.

A lake is a lake tile lying (face up) in an area slot; a building on any space next to one of the
lake's cells is next to that lake. These helpers read the board only; the lakes' own rules (range,
building rewards, hibernation bonuses) are written on top of them, and the expansion's large
location and the journeys' ``lakes`` requirement count with them.

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Board
>>> board = Board(tiles={"a02": {"tile": "abyss_lake_1", "orientation": 0, "explored": True}})
>>> board.buildings = {"1,0": {"player": 0, "size": "small"}, "0,0": {"player": 0, "size": "large"}}
>>> rules = Rules.load(("base", "abyss"))
>>> lake_slots(rules, board), lakes_beside(rules, board, 0)
(['a02'], {'abyss_lake_1': {'small'}})
"""

from __future__ import annotations

from typing import Any

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.interpret import Ctx, counter
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import all_buildings
from revive_dsl.engine.triggers import rules_of


def is_lake(rules: Rules, tile: str) -> bool:
    """Whether a tile id is a lake tile."""
    component = rules.content.components.get(tile)
    return component is not None and component.kind == "lake"


geo.IMPASSABLE_KINDS.add("lake")  # lakes lie face up from the setup on; no path crosses one


def lake_slots(rules: Rules, board: Any) -> list[str]:
    """Area slots holding a lake tile, in map order."""
    return [s for s in geo.geometry(rules).slot_cells if s in board.tiles and is_lake(rules, board.tiles[s]["tile"])]


def lake_spaces(rules: Rules, board: Any) -> dict[str, str]:
    """Every lake cell -> the lake tile lying there."""
    cells = geo.geometry(rules).slot_cells
    return {c: board.tiles[slot]["tile"] for slot in lake_slots(rules, board) for c in cells[slot]}


def lakes_next_to(rules: Rules, board: Any, space: str) -> list[str]:
    """The lake tiles next to a space, each once, in map order.

    >>> from revive_dsl.engine.state import Board
    >>> board = Board(tiles={"a02": {"tile": "abyss_lake_1", "orientation": 0, "explored": True}})
    >>> lakes_next_to(Rules.load(("base", "abyss")), board, "1,0")
    ['abyss_lake_1']
    """
    lakes = lake_spaces(rules, board)
    out: list[str] = []
    for nb in geo.neighbours(rules, space):
        if nb in lakes and lakes[nb] not in out:
            out.append(lakes[nb])
    return out


def lakes_beside(rules: Rules, board: Any, seat: int) -> dict[str, set[str]]:
    """Lake tiles next to a player's buildings -> the building sizes next to each."""
    out: dict[str, set[str]] = {}
    for space, building in all_buildings(board):
        if building["player"] != seat:
            continue
        for lake in lakes_next_to(rules, board, space):
            out.setdefault(lake, set()).add(building["size"])
    return out


@counter("lakes")
def _lakes(ctx: Ctx, call: n.Call) -> int:
    """Lakes next to at least one of the player's buildings."""
    return len(lakes_beside(rules_of(ctx), ctx.game.board, ctx.seat))


@counter("lake_types")
def _lake_types(ctx: Ctx, call: n.Call) -> int:
    """Per lake, the building sizes next to it (a small and a large one beside the same lake count 2)."""
    return sum(len(sizes) for sizes in lakes_beside(rules_of(ctx), ctx.game.board, ctx.seat).values())
