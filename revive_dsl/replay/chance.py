"""Chance outcomes written in a move: which tile an explore revealed, which card came off a pile.

At the table nobody knows the order of a shuffled pile, so a recorded game writes what came
out (``[a02=area_07 citizens=cit_mentor]``). Before the move is applied, :func:`arrange`
puts each named item where the move will take it from -- checking it is still in that pile
-- and after the move :func:`unused` reports any outcome the move did not take. When the
order comes from a seed the arrangement changes nothing, so a seeded script may write its
outcomes too: :func:`drawn` lists what a move took, for annotations and for writing scripts.

Piles are a table: a name, and where the pile lives in the state (drawn from the front).
A tile slot's name (``a02``) stands for the face-down tiles: revealing ``area_07`` there swaps
it with whichever face-down tile lay in that slot.

>>> from revive_dsl.engine.state import Game
>>> g = Game()
>>> g.supply.citizen_deck = ["cit_a", "cit_b", "cit_c"]
>>> arrange(g, [("citizens", "cit_c")])
>>> g.supply.citizen_deck
['cit_c', 'cit_a', 'cit_b']
>>> arrange(g, [("citizens", "cit_x")])
Traceback (most recent call last):
...
revive_dsl.replay.chance.ChanceError: 'cit_x' is not in the citizen deck (3 left: cit_c, cit_a, cit_b)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from revive_dsl.engine.state import Game

PILES: dict[str, tuple[str, Callable[[Game], list[str]]]] = {
    "citizens": ("citizen deck", lambda g: g.supply.citizen_deck),
    "modules": ("slot module pile", lambda g: g.supply.module_pile),
    "crates": ("crate stack", lambda g: g.supply.crates),
    "machines.grey": ("grey machine pile", lambda g: g.supply.machine_piles.get("grey", [])),
    "machines.green": ("green machine pile", lambda g: g.supply.machine_piles.get("green", [])),
    "machines.yellow": ("yellow machine pile", lambda g: g.supply.machine_piles.get("yellow", [])),
}


class ChanceError(ValueError):
    """A written outcome that cannot have happened: not in its pile, or not taken by the move."""


def _face_down(game: Game) -> dict[str, str]:
    return {slot: t["tile"] for slot, t in game.board.tiles.items() if not t.get("explored")}


def arrange(game: Game, reveals: Iterable[tuple[str, str]]) -> None:
    """Put each revealed item where the move will draw it (in order per pile); raise ChanceError if impossible."""
    taken: dict[str, int] = {}
    for pile, item in reveals:
        if pile in PILES:
            label, get = PILES[pile]
            cards = get(game)
            place = taken.get(pile, 0)
            if item not in cards[place:]:
                left = ", ".join(cards[place:]) or "none"
                raise ChanceError(f"'{item}' is not in the {label} ({len(cards) - place} left: {left})")
            cards.remove(item)
            cards.insert(place, item)
            taken[pile] = place + 1
        elif pile in game.board.tiles:
            down = _face_down(game)
            if pile not in down:
                raise ChanceError(f"the tile in slot {pile} is already face up ({game.board.tiles[pile]['tile']})")
            holder = next((slot for slot, tile in down.items() if tile == item), None)
            if holder is None:
                raise ChanceError(f"'{item}' is not a face-down tile (face down: {', '.join(sorted(down.values()))})")
            tiles = game.board.tiles
            tiles[holder]["tile"], tiles[pile]["tile"] = tiles[pile]["tile"], item
        else:
            known = ", ".join([*PILES, "a tile slot such as a02"])
            raise ChanceError(f"unknown pile '{pile}'; piles are {known}")


def drawn(before: Game, after: Game) -> list[tuple[str, str]]:
    """What a move took from the piles and which tiles it turned face up, in pile-table order."""
    out: list[tuple[str, str]] = []
    for name, (_label, get) in PILES.items():
        pile = get(before)
        if pile:
            out.extend((name, item) for item in taken_from_front(pile, get(after)))
    tiles, now = before.board.tiles, after.board.tiles
    if tiles is not now and tiles != now:  # most moves turn no tile: nothing to look through
        down_after = _face_down(after)
        out.extend((slot, tile) for slot, tile in sorted(_face_down(before).items()) if slot not in down_after)
    return out


def taken_from_front(before: list[str], after: list[str]) -> list[str]:
    """The items a pile gave out, in order, from its contents before and after a move.

    Piles are drawn from the front and only ever added to at the bottom (the machine token variant
    returns a token under its pile), so ``after`` is ``before[k:]`` followed by what went under it, and
    the first ``k`` items were drawn -- also one that went back under the pile in the same move, which
    a comparison of contents would miss.

    >>> taken_from_front(["a", "b", "c"], ["c", "x", "a"])  # a and b drawn, x and then a put under it
    ['a', 'b']
    >>> taken_from_front(["a", "b"], ["a", "b", "x"])
    []
    """
    for k in range(len(before) + 1):
        rest = before[k:]
        if after[: len(rest)] == rest:
            return before[:k]
    return list(before)  # not reached: k = len(before) always matches


def unused(reveals: Iterable[tuple[str, str]], before: Game, after: Game) -> list[tuple[str, str]]:
    """The written outcomes the move did not take (each is an error in a script)."""
    took = drawn(before, after)
    return [r for r in reveals if r not in took]
