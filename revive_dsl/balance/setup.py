"""A balance run's settings, and what they make of game number ``index``: its seed, its seats, its players.

Every game is a pure function of the settings and its index (:func:`game_seed`, :func:`seats_of`), so the same
settings give the same games on any machine, in any order, as often as they are played.

>>> setup = BalanceSetup(packs=("base",), players=2, tribes=("nadair", "formica"), games=4, seed=1)
>>> [[tribe for _, tribe, _ in seats_of(setup, i)] for i in range(3)]
[['nadair', 'formica'], ['formica', 'nadair'], ['nadair', 'formica']]
>>> [[side for _, _, side in seats_of(setup, i)] for i in range(4)]
[['sun', 'moon'], ['sun', 'moon'], ['moon', 'sun'], ['moon', 'sun']]
>>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
True
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import random
from dataclasses import asdict, dataclass, field
from typing import Any

SEATINGS = ("rotate", "draw")
SIDES = ("sun", "moon")


@dataclass(frozen=True)
class BalanceSetup:
    """What a balance run plays: ``games`` games of ``players`` seats with the ``packs`` (bundled ids or pack
    folders) and ``variants``; the seats' tribes from ``tribes`` and their sides from ``sides``, ``rotate``-d so
    each tribe meets each side and seat equally, or ``draw``-n from each game's seed; seat k of game i played
    by the computer player ``ai[(i + k) % len(ai)]``; every game's seed derived from ``seed``."""

    packs: tuple[str, ...] = ("base",)
    players: int = 2
    tribes: tuple[str, ...] = ()
    sides: tuple[str, ...] = SIDES
    seating: str = "rotate"
    ai: tuple[str, ...] = ("greedy",)
    games: int = 100
    seed: int = 1
    variants: tuple[str, ...] = ()
    tribe_sides: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False)  # the sides each tribe has

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain JSON data (what a run's folder records, and what each game task is given)."""
        data = asdict(self)
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()} | {
            "tribe_sides": {t: list(s) for t, s in self.tribe_sides.items()}
        }

    @classmethod
    def from_dict(cls, data: Any) -> BalanceSetup:
        """The inverse of :meth:`to_dict`; ValueError says in a few words what in ``data`` is not a run's settings.

        >>> try:
        ...     BalanceSetup.from_dict({"packs": ["base"], "players": "2"})
        ... except ValueError as err:
        ...     print(err)
        it has no 'tribes'
        """
        if not isinstance(data, dict):
            raise ValueError(
                f"it holds {_kind_of(data)}; a run's settings are a mapping of " + _and(list(_FIELD_KINDS))
            )
        unknown = sorted(set(data) - set(_FIELD_KINDS))
        if unknown:
            raise ValueError(f"it has {unknown[0]!r}, which is not one of " + _and(list(_FIELD_KINDS)))
        missing = [key for key in _FIELD_KINDS if key not in data and key != "tribe_sides"]
        if missing:
            raise ValueError(f"it has no {missing[0]!r}")
        plain: dict[str, Any] = {}
        for key, kind in _FIELD_KINDS.items():
            value = data.get(key, {} if key == "tribe_sides" else None)
            if kind == "names":
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise ValueError(f"its {key!r} is {_kind_of(value)}, not a list of names")
                value = tuple(value)
            elif kind == "number":
                if type(value) is not int:
                    raise ValueError(f"its {key!r} is {_kind_of(value)}, not a whole number")
            elif kind == "name":
                if not isinstance(value, str):
                    raise ValueError(f"its {key!r} is {_kind_of(value)}, not a name")
            else:  # tribe_sides: a mapping of tribe to its sides
                good = isinstance(value, dict) and all(
                    isinstance(sides, list) and all(isinstance(s, str) for s in sides) for sides in value.values()
                )
                if not good:
                    raise ValueError(f"its {key!r} is {_kind_of(value)}, not a mapping of tribes to their sides")
                value = {t: tuple(s) for t, s in value.items()}
            plain[key] = value
        return cls(**plain)

    def same_games(self, other: BalanceSetup) -> bool:
        """Whether the two settings play the same game for every index they share (all but ``games`` equal)."""
        mine, theirs = self.to_dict(), other.to_dict()
        mine.pop("games"), theirs.pop("games")
        return mine == theirs


_FIELD_KINDS = {
    "packs": "names",
    "players": "number",
    "tribes": "names",
    "sides": "names",
    "seating": "name",
    "ai": "names",
    "games": "number",
    "seed": "number",
    "variants": "names",
    "tribe_sides": "mapping",
}


def _kind_of(value: Any) -> str:
    """``a list``, ``a number``, ``null``... for messages about JSON data."""
    kinds = ((bool, "true or false"), (int, "a number"), (float, "a number"), (str, "a text"), (list, "a list"))
    if value is None:
        return "null"
    return next((name for kind, name in kinds if isinstance(value, kind)), "a mapping")


def _and(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1]


def game_seed(run_seed: int, index: int) -> int:
    """Game ``index``'s seed: a hash of the run's seed and the index (31 bits), the same in every process."""
    digest = hashlib.sha256(f"revive-balance:{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def _sides(setup: BalanceSetup, tribe: str) -> tuple[str, ...]:
    own = setup.tribe_sides.get(tribe)
    if own is None:
        return setup.sides
    return tuple(s for s in setup.sides if s in own) or own[:1]


def seats_of(setup: BalanceSetup, index: int) -> list[tuple[str, str, str]]:
    """Game ``index``'s seats as (name, tribe, side), in seat order.

    ``rotate``: seat 1 plays ``tribes[index % T]`` and the other seats the tribes at distinct offsets from it, the
    offsets turning every T games through every ordered choice, so that every T games each tribe sits in each seat
    once and a whole cycle meets every ordered table of tribes once; the sides turn every T games too, so each
    tribe plays each side as often (and each table with each pattern of sides). ``draw``: distinct tribes and
    their sides drawn from the game's seed."""
    tribes, count = setup.tribes, setup.players
    if setup.seating == "draw":
        rng = random.Random(game_seed(setup.seed, index) ^ 0x5EA7)
        chosen = rng.sample(list(tribes), count)
        sides = [rng.choice(_sides(setup, t)) for t in chosen]
    else:
        size = len(tribes)
        offsets = _offsets(size, count)
        block = index // size
        chosen = [tribes[(index + o) % size] for o in (0, *offsets[block % len(offsets)])]
        turn = block + (block // len(offsets) if len(offsets) % 2 == 0 else 0)
        sides = []
        for seat, tribe in enumerate(chosen):
            own = _sides(setup, tribe)
            sides.append(own[(turn + seat) % len(own)])
    return [(f"P{seat + 1}", tribe, side) for seat, (tribe, side) in enumerate(zip(chosen, sides, strict=True))]


@functools.cache
def _offsets(size: int, seats: int) -> list[tuple[int, ...]]:
    """Every ordered choice of distinct offsets 1..size-1 for the seats after the first."""
    return list(itertools.permutations(range(1, size), seats - 1))


def players_of(setup: BalanceSetup, index: int) -> list[str]:
    """Game ``index``'s computer player per seat: ``ai`` turned by one seat each game."""
    return [setup.ai[(index + seat) % len(setup.ai)] for seat in range(setup.players)]
