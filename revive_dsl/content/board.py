"""The boards' geometry: axial hex helpers and the checks ``revive check`` runs on the boards.

The main board's map is a set of hex cells in axial coordinates ``(q, r)``. A tile slot lists
its cells so that a half turn of the tile maps cell ``i`` to cell ``n-1-i``; a tile's spaces
go onto the cells in order, or reversed for its other orientation.

>>> neighbours((0, 0))[:3]
[(1, 0), (1, -1), (0, -1)]
>>> distance((0, 0), (2, -1))
2
>>> in_rotation_order([(0, 0), (1, 0), (0, 1), (1, 1)])
True
>>> in_rotation_order([(0, 0), (1, 0), (1, 1), (0, 1)])
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from revive_dsl.positions import Diagnostic, Pos

# Where a value of a component is, by its path inside the component (``content.Component.at``).
At = Callable[..., Pos]


class Components(Protocol):
    """What the board checks read of loaded content (``content.Content`` is one): components by kind."""

    def of_kind(self, kind: str) -> list[Any]: ...


Cell = tuple[int, int]

DIRECTIONS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Which tile kind goes into which kind of slot.
TILE_SLOTS = {"starting_tile": "starting_slots", "area_tile": "area_slots"}


def neighbours(cell: Cell) -> list[Cell]:
    """The six cells next to ``cell``."""
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Cell, b: Cell) -> int:
    """Steps between two cells; the range cost between them is ``distance - 1`` spaces."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def half_turn(cells: Sequence[Cell]) -> list[Cell]:
    """The cells turned half a circle about their own centre (as a tile turns in its slot)."""
    sq, sr = sum(q for q, _ in cells), sum(r for _, r in cells)
    n = len(cells)
    return [((2 * sq) // n - q, (2 * sr) // n - r) for q, r in cells] if cells else []


def is_symmetric(cells: Sequence[Cell]) -> bool:
    """Whether the shape looks the same after a half turn about its centre."""
    n = len(cells)
    if n == 0:
        return False
    sq, sr = sum(q for q, _ in cells), sum(r for _, r in cells)
    if (2 * sq) % n or (2 * sr) % n:
        return False
    return set(half_turn(cells)) == set(cells)


def in_rotation_order(cells: Sequence[Cell]) -> bool:
    """Whether a half turn maps cell ``i`` to cell ``n-1-i`` for every ``i``."""
    n = len(cells)
    if n == 0 or len(set(cells)) != n:
        return False
    q0, r0 = cells[0][0] + cells[-1][0], cells[0][1] + cells[-1][1]
    return all(cells[i][0] + cells[n - 1 - i][0] == q0 and cells[i][1] + cells[n - 1 - i][1] == r0 for i in range(n))


def reachable(start: Cell, cells: Iterable[Cell]) -> set[Cell]:
    """The cells among ``cells`` joined to ``start`` by steps between neighbours."""
    pool = set(cells)
    seen = {start}
    todo = [start]
    while todo:
        for nb in neighbours(todo.pop()):
            if nb in pool and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen


@dataclass(frozen=True)
class Slot:
    """A place for a tile on the map: ``group`` is ``starting_slots``, ``area_slots`` or ``large_slots``."""

    id: str
    group: str
    index: int
    cells: tuple[Cell, ...]

    @property
    def where(self) -> str:
        return f"map.{self.group}.{self.index} ({self.id})"

    @property
    def path(self) -> tuple[str | int, ...]:
        """Where its cells are in the map's data."""
        return (self.group, self.index, "cells")


def slots(board: dict[str, Any]) -> list[Slot]:
    """Every tile slot of a main board's data."""
    out = []
    for group in ("starting_slots", "area_slots", "large_slots"):
        for index, slot in enumerate(board["map"].get(group, [])):
            out.append(Slot(slot["id"], group, index, tuple(tuple(c) for c in slot["cells"])))
    return out


def check_map(board: dict[str, Any], at: At, name: str = "main_board") -> list[Diagnostic]:
    """The geometry rules of one main board's map, each problem at the slot or cell it is about."""
    out: list[Diagnostic] = []

    def problem(message: str, *path: str | int) -> None:
        out.append(Diagnostic(at("map", *path), f"{name}: {message}"))

    chasm: Cell = tuple(board["map"]["chasm"])
    all_slots = slots(board)
    for slot in all_slots:
        cells = list(slot.cells)
        if len(set(cells)) != len(cells):
            problem(f"{slot.where}: a cell is listed twice", *slot.path)
        elif not is_symmetric(cells):
            problem(
                f"{slot.where}: the shape is not the same after a half turn, so the tile could not be turned",
                *slot.path,
            )
        elif not in_rotation_order(cells):
            problem(
                f"{slot.where}: cells are not listed in rotation order (a half turn must map cell i to cell n-1-i)",
                *slot.path,
            )
        if cells and reachable(cells[0], cells) != set(cells):
            problem(f"{slot.where}: the cells are not one connected piece", *slot.path)

    owner: dict[Cell, str] = {chasm: "the chasm"}
    places = [(cell, slot.where, (*slot.path, j)) for slot in all_slots for j, cell in enumerate(slot.cells)]
    places += [(tuple(c), f"map.crystals.{i}", ("crystals", i)) for i, c in enumerate(board["map"].get("crystals", []))]
    for cell, where, path in places:
        if cell in owner and owner[cell] != where:
            problem(f"{where}: cell {list(cell)} is already part of {owner[cell]}", *path)
        else:
            owner.setdefault(cell, where)

    tile_cells = {cell for slot in all_slots for cell in slot.cells}
    for i, c in enumerate(board["map"].get("crystals", [])):
        if not any(nb in tile_cells for nb in neighbours(tuple(c))):
            problem(
                f"map.crystals.{i}: crystal {c} is next to no tile slot, so no building could ever touch it",
                "crystals",
                i,
            )

    joined = reachable(chasm, tile_cells | {chasm})
    for slot in all_slots:
        if not any(cell in joined for cell in slot.cells):
            problem(f"{slot.where}: cannot be reached from the chasm", *slot.path)
    return out


def check_tracks(board: dict[str, Any], at: At, name: str = "main_board") -> list[Diagnostic]:
    """The point and hibernation tracks of a main board: bonuses on the track, spaces in order."""
    out: list[Diagnostic] = []
    length = board.get("point_track", {}).get("length", 0)
    for key in board.get("point_track", {}).get("bonuses", {}):
        if not 1 <= int(key) <= length:
            out.append(
                Diagnostic(
                    at("point_track", "bonuses", key),
                    f"{name}: point_track.bonuses.{key}: no such space on a track of {length}",
                )
            )
    spaces = [s["space"] for s in board.get("hibernation_track", [])]
    if spaces != list(range(len(spaces))):
        wrong = next(i for i, space in enumerate(spaces) if space != i)
        out.append(
            Diagnostic(
                at("hibernation_track", wrong, "space"),
                f"{name}: hibernation_track: spaces must be numbered 0, 1, 2, ... in order",
            )
        )
    return out


def check_player_board(board: dict[str, Any], at: At, name: str = "player_board") -> list[Diagnostic]:
    """Reward spaces name real track spaces (two markers: two different tracks); progress spaces in order."""
    out: list[Diagnostic] = []
    lengths = {colour: len(track["values"]) for colour, track in board.get("tracks", {}).items()}
    for index, space in enumerate(board.get("reward_spaces", [])):
        where = f"reward_spaces.{index} ({space['id']})"
        needs = space.get("needs", [])
        for j, need in enumerate(needs):
            length = lengths.get(need["track"], 0)
            if not 1 <= need["space"] <= length:
                out.append(
                    Diagnostic(
                        at("reward_spaces", index, "needs", j, "space"),
                        f"{name}: {where}: the {need['track']} track has no space {need['space']}",
                    )
                )
        if len(needs) == 2 and needs[0]["track"] == needs[1]["track"]:
            out.append(
                Diagnostic(
                    at("reward_spaces", index, "needs", 1, "track"),
                    f"{name}: {where}: two markers must be on two different tracks",
                )
            )
    spaces = [s["space"] for s in board.get("progress_track", [])]
    if spaces != list(range(1, len(spaces) + 1)):
        wrong = next(i for i, space in enumerate(spaces) if space != i + 1)
        out.append(
            Diagnostic(
                at("progress_track", wrong, "space"),
                f"{name}: progress_track: spaces must be numbered 1, 2, 3, ... in order",
            )
        )
    return out


def check_board(content: Components) -> list[Diagnostic]:
    """Every board rule, for every board loaded; also that each tile fits a slot of its kind."""
    out: list[Diagnostic] = []
    for comp in content.of_kind("player_board"):
        out.extend(check_player_board(comp.data, comp.at, comp.id))
    boards = content.of_kind("main_board")
    for comp in boards:
        out.extend(check_map(comp.data, comp.at, comp.id))
        out.extend(check_tracks(comp.data, comp.at, comp.id))
    if not boards:
        return out
    for kind, group in TILE_SLOTS.items():
        sizes = Counter(len(s.cells) for board in boards for s in slots(board.data) if s.group == group)
        for tile in content.of_kind(kind):
            count = len(tile.data["spaces"])
            if count not in sizes:
                fits = ", ".join(map(str, sorted(sizes))) or "none"
                out.append(
                    Diagnostic(
                        tile.at("spaces"),
                        f"{tile.id}: {count} spaces fit no {group.replace('_', ' ')[:-1]} (slot sizes: {fits})",
                    )
                )
    return out
