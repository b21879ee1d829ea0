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

A recorded game names every item of its setup's piles (``setup.recorded``); an item its packs gained
since lies under its pile, and :func:`set_aside` keeps it out of reach of each move that does not
write it (:func:`put_back` returns it under its pile): a draw that found a pile empty finds it empty
again.

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


# Where an item lies in the supply: a rules package's part (None: the supply's own fields), the field, and the
# colour of a pile by colour (None: a pile of its own).
Place = tuple[str | None, str, str | None]


def places_of(game: Game, items: Iterable[str]) -> dict[str, Place]:
    """Where in the supply each of ``items`` lies, for those that lie there.

    >>> g = Game()
    >>> g.supply.crates = ["crate_01", "kiln_crate"]
    >>> g.supply.machine_piles = {"grey": ["m1", "kiln_machine"]}
    >>> places_of(g, ["kiln_crate", "kiln_machine", "nowhere"])  # the supply's fields in order
    {'kiln_machine': (None, 'machine_piles', 'grey'), 'kiln_crate': (None, 'crates', None)}
    """
    wanted, out = set(items), {}
    supply = game.supply
    for namespace, holder in [(None, supply), *supply.parts.items()]:
        for name in holder.__dataclass_fields__:
            value = getattr(holder, name) if name != "parts" else None
            if type(value) is list:
                lists = [(None, value)]
            elif type(value) is dict:
                lists = [(key, pile) for key, pile in value.items() if type(pile) is list]
            else:
                continue
            for key, pile in lists:
                out.update((item, (namespace, name, key)) for item in pile if item in wanted and item not in out)
    return out


def _pile(game: Game, place: Place) -> list[str]:
    namespace, name, key = place
    holder = game.supply if namespace is None else game.supply.parts.get(namespace)
    value = getattr(holder, name, [])
    return value if key is None else value.setdefault(key, [])


def set_aside(game: Game, places: dict[str, Place]) -> list[tuple[str, Place]]:
    """Take each item of ``places`` that still lies there out of its pile (``game``: a move's working copy); returns
    what was taken, for :func:`put_back`.

    >>> g = Game()
    >>> g.supply.crates = ["crate_01", "kiln_crate"]
    >>> aside = set_aside(g, places_of(g, ["kiln_crate"]))
    >>> g.supply.crates, aside
    (['crate_01'], [('kiln_crate', (None, 'crates', None))])
    >>> g.supply.crates.pop(0)  # the move draws the last crate; a second draw would find the stack empty
    'crate_01'
    >>> put_back(g, aside)
    >>> g.supply.crates
    ['kiln_crate']
    """
    taken = []
    for item, place in places.items():
        pile = _pile(game, place)
        if item in pile:
            pile.remove(item)
            taken.append((item, place))
    return taken


def put_back(game: Game, taken: list[tuple[str, Place]]) -> None:
    """Put the items :func:`set_aside` took under their piles again."""
    for item, place in taken:
        _pile(game, place).append(item)


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
        pile, now = get(before), get(after)
        if pile and now is not pile:  # a pile the move left alone is the very same list (engine.state.settle)
            out.extend((name, item) for item in taken_from_front(pile, now))
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
