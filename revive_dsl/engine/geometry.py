"""The main board as the rules see it: spaces, what each shows, and which spaces touch.

Rules encoded here (rulebook, "Setup", "Explore", "Build", "Populate"): starting tiles lie
face up, area tiles face down until explored; a tile's spaces go onto its slot's cells in
order, reversed for orientation 1; each corner large location is ONE space (keyed by its
slot id) touching every cell around it; the crystal spaces on the edge touch the cells next
to them; the small locations are the city spaces. A Nàdair forest tile makes a space a
forest and a Kuniban sand tile makes it sand while they lie there.

Space keys are strings: ``"q,r"`` for a cell, the slot id (``corner_nw``) for a large
location. :func:`geometry` derives the fixed part from ``rules.main_board`` once per Rules.

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Board
>>> rules, board = Rules.load(("base",)), Board()
>>> geo = geometry(rules)
>>> geo.chasm, geo.slot_of["1,0"], "corner_se" in geo.neighbours["4,3"]
('0,0', ('s1', 0), True)
>>> board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 1, "explored": True}
>>> terrain(rules, board, "1,0"), terrain(rules, board, "3,-2"), terrain(rules, board, "2,0")
('sand', 'sand', None)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from revive_dsl.content.board import distance as cell_distance
from revive_dsl.content.board import neighbours as cell_neighbours
from revive_dsl.content.board import slots
from revive_dsl.engine.memo import remembered_on_board
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import all_tokens, plain_key, tokens_at

# Tribe tokens that change the terrain of the space they lie on (Nàdair moon, Kuniban moon).
TOKEN_TERRAIN = {"forest_tile": "forest", "sand_tile": "sand"}

# A building next to a terrain advances the machine track of its colour.
TERRAIN_TRACK = {"forest": "green", "mountain": "grey", "field": "yellow"}

SMALL_LOCATION = "city"


def key(cell: tuple[int, int]) -> str:
    """The key of a cell: ``(1, -2)`` -> ``"1,-2"``."""
    return f"{cell[0]},{cell[1]}"


def cell(space: str) -> tuple[int, int] | None:
    """The cell of a key; None for a large location's slot id.

    >>> cell("-2,3"), cell("corner_nw")
    ((-2, 3), None)
    """
    q, sep, r = space.partition(",")
    if not sep:
        return None
    return int(q), int(r)


@dataclass(frozen=True)
class Geometry:
    """The fixed map: every space, its slot, and its neighbours (large locations one space each)."""

    chasm: str
    slot_of: dict[str, tuple[str, int]]  # tile cell -> (slot id, index of the cell in the slot)
    slot_cells: dict[str, tuple[str, ...]]  # starting/area slot -> its cells, in slot order
    slot_group: dict[str, str]  # slot id -> starting_slots / area_slots / large_slots
    large: tuple[str, ...]  # large-location slot ids
    crystals: tuple[str, ...]  # crystal spaces on the edge
    neighbours: dict[str, tuple[str, ...]]  # space -> adjacent spaces, sorted
    # Answers that depend on the map and the tiles only, keyed by everything they are computed from (so a
    # changed tile, turn or token is simply another key): a slot's shown cells, a layout's terrain lists.
    memo: dict[tuple, Any] = field(default_factory=dict, compare=False, repr=False)


def geometry(rules: Rules) -> Geometry:
    """The map of ``rules.main_board``, derived once per Rules object and kept with it (no process-wide
    cache: rules that are no longer used take their map and its memo with them)."""
    geo = rules._geometry
    if geo is None:
        geo = rules._geometry = _derive(rules.main_board)
    return geo


def _derive(board: dict[str, Any]) -> Geometry:
    board_map = board["map"]
    chasm = key(tuple(board_map["chasm"]))
    slot_of, slot_cells, group, large = {}, {}, {}, []
    space_of: dict[str, str] = {chasm: chasm}  # cell -> the space it belongs to
    for slot in slots(board):
        group[slot.id] = slot.group
        cells = tuple(key(c) for c in slot.cells)
        if slot.group == "large_slots":
            large.append(slot.id)
            space_of.update(dict.fromkeys(cells, slot.id))
            continue
        slot_cells[slot.id] = cells
        for index, c in enumerate(cells):
            slot_of[c] = (slot.id, index)
            space_of[c] = c
    crystals = tuple(key(tuple(c)) for c in board_map.get("crystals", []))
    space_of.update({c: c for c in crystals})
    adjacent: dict[str, set[str]] = {}
    for c, space in space_of.items():
        for nb in cell_neighbours(cell(c)):
            other = space_of.get(key(nb))
            if other is not None and other != space:
                adjacent.setdefault(space, set()).add(other)
                adjacent.setdefault(other, set()).add(space)
    return Geometry(
        chasm=chasm,
        slot_of=slot_of,
        slot_cells=slot_cells,
        slot_group=group,
        large=tuple(large),
        crystals=crystals,
        neighbours={s: tuple(sorted(nbs)) for s, nbs in sorted(adjacent.items())},
    )


def neighbours(rules: Rules, space: str) -> tuple[str, ...]:
    """The spaces next to a space (a large location is one space).

    >>> neighbours(Rules.load(("base",)), "0,0")[:3]
    ('-1,0', '-1,1', '0,-1')
    """
    return geometry(rules).neighbours.get(space, ())


def ring(rules: Rules, space: str) -> tuple[str, ...]:
    """The ring round the chasm that ``space`` lies on: the spaces as far from the chasm as it is, clockwise as
    the map is drawn (rows downward, so clockwise runs east, south-east, south-west, west, north-west,
    north-east), from the one due east of the chasm. Tile cells and the edge's crystal spaces only: a large
    location is no cell of a ring, and a space off the map (or the chasm) has none (docs/rulings.md, "Round the
    chasm").

    >>> rules = Rules.load(("base",))
    >>> ring(rules, "0,1")
    ('1,0', '0,1', '-1,1', '-1,0', '0,-1', '1,-1')
    >>> len(ring(rules, "2,-1")), ring(rules, "0,0")
    (12, ())
    """
    geo = geometry(rules)
    at = cell(space)
    if at is None or space == geo.chasm or (space not in geo.slot_of and space not in geo.crystals):
        return ()
    centre = cell(geo.chasm)
    far = cell_distance(at, centre)
    hit = geo.memo.get(("ring", far))
    if hit is None:
        on = [s for s in (*geo.slot_of, *geo.crystals) if cell_distance(cell(s), centre) == far]
        hit = geo.memo[("ring", far)] = tuple(sorted(on, key=lambda s: _bearing(cell(s), centre)))
    return hit


def _bearing(at: tuple[int, int], centre: tuple[int, int]) -> float:
    """The angle from the chasm to a cell as the map is drawn, clockwise from due east (0) up to 2 pi."""
    q, r = at[0] - centre[0], at[1] - centre[1]
    return math.atan2(1.5 * r, math.sqrt(3) * (q + r / 2)) % (2 * math.pi)


def explored(rules: Rules, board: Any, slot: str) -> bool:
    """Whether the tile in a starting or area slot shows its spaces (starting tiles always do)."""
    placed = board.tiles.get(slot)
    starting = geometry(rules).slot_group.get(slot) == "starting_slots"
    return bool(placed) and (starting or placed.get("explored", False))


def space_data(rules: Rules, board: Any, space: str) -> tuple[str, int, dict[str, Any]] | None:
    """(tile id, index in the tile's space list, the space's data) for a visible tile space, else None."""
    found = geometry(rules).slot_of.get(space)
    return None if found is None else _shown(rules, board, *found)


def _shown(rules: Rules, board: Any, slot: str, index: int) -> tuple[str, int, dict[str, Any]] | None:
    placed = board.tiles.get(slot)
    if not placed or not explored(rules, board, slot):
        return None
    tile = rules.component(placed["tile"])
    spaces = tile.data.get("spaces")
    if not spaces:
        return None
    if placed.get("orientation", 0) == 1:
        index = len(spaces) - 1 - index
    return placed["tile"], index, spaces[index]


def terrain(rules: Rules, board: Any, space: str) -> str | None:
    """What a space shows now: a terrain or ``city``; ``chasm``, ``crystal``, ``large_location``; on a tile of an
    :data:`IMPASSABLE_KINDS` kind, that kind (the expansion's ``lake``).

    None: nothing to see (a face-down tile, an empty slot, off the map).
    """
    geo = geometry(rules)
    found = geo.slot_of.get(space)  # most spaces are tile cells: ask that first
    if found is None:
        if space == geo.chasm:
            return "chasm"
        if space in geo.crystals:
            return "crystal"
        if space in geo.large:
            return "large_location" if space in board.large_locations else None
        return None
    placed = board.tiles.get(found[0])
    if not placed:
        return None
    shown = _slot_terrains(rules, geo, found[0], placed)[found[1]]
    if shown is None or shown in IMPASSABLE_KINDS or space not in board.tokens:
        return shown
    for token in tokens_at(board, space):
        shown = TOKEN_TERRAIN.get(token.get("token"), shown)
    return shown


def _slot_terrains(rules: Rules, geo: Geometry, slot: str, placed: dict[str, Any]) -> tuple[str | None, ...]:
    """What each cell of a slot shows, tokens aside (an impassable tile's kind on each cell, None while face
    down)."""
    memo_key = ("tile in slot", slot, placed["tile"], placed.get("orientation", 0), placed.get("explored", False))
    hit = geo.memo.get(memo_key)
    if hit is None:
        kind = rules.component(placed["tile"]).kind
        if kind in IMPASSABLE_KINDS:
            hit = (kind,) * len(geo.slot_cells[slot])
        else:
            board = _OneTile({slot: placed})
            hit = tuple(
                None if (data := _shown(rules, board, slot, index)) is None else data[2]["terrain"]
                for index in range(len(geo.slot_cells[slot]))
            )
        geo.memo[memo_key] = hit
    return hit


@dataclass
class _OneTile:
    """A board holding one tile (what :func:`_shown` reads of a board)."""

    tiles: dict[str, dict[str, Any]]


def water_reward(rules: Rules, board: Any, space: str):
    """The compiled reward of a visible water space (a Program), or None."""
    data = space_data(rules, board, space)
    if data is None or data[2].get("terrain") != "water":
        return None
    tile, index, _ = data
    return rules.component(tile).effects.get(f"spaces.{index}.reward")


def spaces_showing(rules: Rules, board: Any, shown: str) -> tuple[str, ...]:
    """Every space for which :func:`terrain` gives ``shown`` now (tile cells in map order, then the others).

    >>> from revive_dsl.engine.state import Board
    >>> board = Board()
    >>> board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 1, "explored": True}
    >>> spaces_showing(Rules.load(("base",)), board, "sand"), spaces_showing(Rules.load(("base",)), board, "chasm")
    (('1,0', '3,-2'), ('0,0',))
    """
    found = _layout(rules, board)["cells"].get(shown, ())
    geo = geometry(rules)
    if shown == "chasm":
        return (*found, geo.chasm)
    if shown == "crystal":
        return (*found, *geo.crystals)
    if shown == "large_location":
        return (*found, *(s for s in geo.large if s in board.large_locations))
    return found


def face_down_slots(rules: Rules, board: Any) -> list[str]:
    """Area slots holding a face-down tile, in map order."""
    return list(_layout(rules, board)["face_down"])


# Kinds of map tile that lie face up from the setup on, are never explored and that no path crosses (a rules
# package adds its own: the expansion's lakes).
IMPASSABLE_KINDS: set[str] = set()


def impassable(rules: Rules, tile: str) -> bool:
    """Whether a tile id is a map tile of an :data:`IMPASSABLE_KINDS` kind."""
    component = rules.content.components.get(tile)
    return component is not None and component.kind in IMPASSABLE_KINDS


def _impassable_slot(rules: Rules, board: Any, slot: str) -> bool:
    return impassable(rules, board.tiles[slot]["tile"])


def slots_touch(rules: Rules, one: str, other: str) -> bool:
    """Whether two area slots lie next to each other (a cell of one next to a cell of the other).

    >>> from revive_dsl.engine.rules import Rules
    >>> rules = Rules.load(("base",))
    >>> slots_touch(rules, "s1", "s2"), slots_touch(rules, "s1", "s3")
    (True, False)
    """
    geo = geometry(rules)
    cells = set(geo.slot_cells[other])
    return any(nb in cells for c in geo.slot_cells[one] for nb in neighbours(rules, c))


def corners_reached(rules: Rules, blocked_slots: list[str]) -> bool:
    """Whether a path of passable spaces joins the chasm to every corner while these slots block.

    At setup every area tile is face down and will be explored, so only the blocked slots (and the edge
    crystals, which range never passes) block; a corner is reached when a space next to it is.

    >>> from revive_dsl.engine.rules import Rules
    >>> corners_reached(Rules.load(("base",)), [])
    True
    """
    geo = geometry(rules)
    blocked = {c for s in blocked_slots for c in geo.slot_cells[s]} | set(geo.crystals)
    seen, todo = {geo.chasm}, [geo.chasm]
    corners: set[str] = set()
    while todo:
        space = todo.pop()
        for nb in neighbours(rules, space):
            if nb in geo.large:
                corners.add(nb)
            elif nb not in seen and nb not in blocked:
                seen.add(nb)
                todo.append(nb)
    return corners == set(geo.large)


def small_locations(rules: Rules, board: Any) -> list[str]:
    """The city spaces visible now, in map order."""
    return list(_layout(rules, board)["cells"].get(SMALL_LOCATION, ()))


def locations(rules: Rules, board: Any) -> list[str]:
    """Every location that can be populated now: city spaces, then placed large locations."""
    return [*small_locations(rules, board), *(s for s in geometry(rules).large if s in board.large_locations)]


def sand_spaces(rules: Rules, board: Any) -> list[str]:
    """Sand spaces with no building, in map order."""
    return [s for s in _layout(rules, board)["cells"].get("sand", ()) if s not in board.buildings]


def _layout(rules: Rules, board: Any) -> dict[str, Any]:
    """The tile cells by what they show (``cells``: terrain -> cells in map order) and the face-down slots.

    Remembered per layout: the key is every placed tile (its whole record: slot, id, turn, whether it is face
    up; as :func:`~revive_dsl.engine.state.plain_key` gives it) and every token that changes a terrain, so
    exploring a tile or placing a forest or sand tile is a new key. While the game is unchanged (listing the
    legal moves) the layout is found once, key and all.
    """
    return remembered_on_board(board, ("layout", id(rules)), lambda: _layout_now(rules, board))


def shown_tiles(rules: Rules, board: Any) -> tuple:
    """The placed tiles as the map shows them: ``(slot, tile, turn)`` for a face-up tile, ``(slot, kind)`` for a
    face-down one, whose id does not show. What depends only on what the map shows (its layout, range) is the same
    for every order of the face-down tiles, such as a computer player's samples of them, and is remembered by this.

    >>> from revive_dsl.engine.state import Board
    >>> board = Board(tiles={"s1": {"tile": "start_tile_1", "orientation": 0, "explored": True}})
    >>> board.tiles["a01"] = {"tile": "area_tile_01", "orientation": 0, "explored": False}
    >>> shown_tiles(Rules.load(("base",)), board)
    (('s1', 'start_tile_1', 0), ('a01', 'area_tile'))
    """
    component, group = rules.component, geometry(rules).slot_group
    return tuple(
        (slot, placed["tile"], placed.get("orientation", 0))
        if placed and (placed.get("explored", False) or group.get(slot) == "starting_slots")  # as explored() says
        else (slot, component(placed["tile"]).kind if placed else None)
        for slot, placed in board.tiles.items()
    )


def _layout_now(rules: Rules, board: Any) -> dict[str, Any]:
    geo = geometry(rules)
    tokens = tuple((s, t.get("token")) for s, t in all_tokens(board) if t.get("token") in TOKEN_TERRAIN)
    memo_key = ("layout", plain_key(board.tiles), tokens)
    hit = geo.memo.get(memo_key)
    if hit is None:
        if len(geo.memo) > 20_000:  # a long simulation meets many layouts; keep the memo small
            geo.memo.clear()
        shown_key = ("layout shown", shown_tiles(rules, board), tokens)  # the same map, other face-down tiles
        hit = geo.memo.get(shown_key)
        if hit is not None:
            geo.memo[memo_key] = hit
            return hit
        cells: dict[str, list[str]] = {}
        for space in geo.slot_of:
            shown = terrain(rules, board, space)
            if shown is not None:
                cells.setdefault(shown, []).append(space)
        face_down = [
            s
            for s in geo.slot_cells
            if s in board.tiles and not explored(rules, board, s) and not _impassable_slot(rules, board, s)
        ]
        hit = {"cells": {t: tuple(c) for t, c in cells.items()}, "face_down": tuple(face_down)}
        geo.memo[memo_key] = geo.memo[shown_key] = hit
    return hit
