"""Tuning: the values of a pack's tunable numbers that bring the win rates of its tribes and sides closest to even.

A pack marks numbers of its texts tunable (``$head_start``, declared with its range in ``pack.yaml``:
:mod:`revive_dsl.content.tunables`). :func:`tune` searches those ranges with the N-tuple bandit evolutionary
algorithm (NTBEA: Lucas, Liu and Perez-Liebana, "The N-Tuple Bandit Evolutionary Algorithm for Game Agent
Optimisation", 2018; the parameter search of the Tabletop Games framework), which suits a noisy measure that each
evaluation costs games of:

- an **evaluation** plays one setting for ``batch`` games (new games each time: the run's game numbers go on)
  and measures its **spread**: how far, on average, the win rate of each tribe and side is from an even share
  (1/players); 0 is perfectly even;
- a **model** keeps the mean spread seen for each value of each tunable (1-tuples), each pair of them (with three
  or more) and each whole setting (the N-tuple); a setting's estimate is the mean of its tuples' means;
- each step mutates the current setting into ``neighbours`` candidates and evaluates the one with the best upper
  confidence bound (estimate plus ``explore`` times sqrt(log N / n) per tuple), which becomes the current one;
- after the search, the :data:`FINALISTS` settings whose games, with those of the settings near them (within a
  tenth of each range), are the most even are played again with the rest of the budget (``confirm``, a quarter by
  default), in turn with the pack's own setting; the finalist whose own games are the most even is the **best**.
  Its win rates, and the pack's own setting's, have intervals from games of their own.

Every evaluation's games are a pure function of the settings and their numbers, and the search is seeded: the same
tuning gives the same report in this process or on any Dask cluster.

>>> from revive_dsl.balance.setup import BalanceSetup
>>> spread([{"seats": [{"tribe": "a", "side": "sun", "won": True}, {"tribe": "b", "side": "sun", "won": False}]}])
0.5
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from pathlib import Path
from typing import Any

from revive_dsl.balance.names import label, report_names
from revive_dsl.balance.report import rate_row
from revive_dsl.balance.run import RunError, play_games
from revive_dsl.balance.setup import BalanceSetup
from revive_dsl.content.tunables import Tunable, split_tuning, tuning_entry
from revive_dsl.engine.rules import Rules
from revive_dsl.fileio import make_folder, write_text_atomic

METHOD = "N-tuple bandit evolutionary algorithm (NTBEA)"
FINALISTS = 3  # settings the confirming games are shared by; the best of them by their own games wins


@dataclass(frozen=True)
class TuneSetup:
    """A tuning: the run ``run`` (its packs, tribes, sides, players and computer players; its ``games`` unused)
    with the tunables ``names`` searched, ``budget`` games in all, ``batch`` games an evaluation."""

    run: BalanceSetup
    names: tuple[str, ...] = ()  # the tunables searched (default: every one the packs declare)
    budget: int = 400
    batch: int = 0  # games an evaluation (0: a whole rotation of the run's tables, at least 8)
    confirm: float = 0.25  # the share of the budget that plays the finalists and the own setting again
    explore: float = 0.3  # the bandit's exploration, in units of spread
    neighbours: int = 50  # candidates each step draws
    tunables: dict[str, Tunable] = field(default_factory=dict, compare=False)  # filled by :func:`plan`


def rotation(run: BalanceSetup) -> int:
    """How many games make every table of tribes (seat order and sides) once under ``rotate`` seating.

    >>> rotation(BalanceSetup(tribes=("a", "b"), players=2))
    4
    """
    size = len(run.tribes)
    tables = math.perm(size - 1, run.players - 1) if run.players > 1 else 1
    return size * tables * 2


def plan(setup: TuneSetup) -> TuneSetup:
    """The tuning with its tunables looked up and its batch chosen; ValueError says what cannot be tuned."""
    rules = Rules.load(setup.run.packs)
    declared = rules.content.tunables()
    if setup.run.players < 2:
        raise ValueError("tuning evens win rates: give 2 or more players")
    if not declared:
        raise ValueError("the packs declare no tunables (pack.yaml: tunables: NAME: {value: N, tune: LOW..HIGH})")
    fixed = split_tuning(setup.run.packs)[1]  # values the run sets: not searched
    names = setup.names or tuple(n for n in declared if n not in fixed)
    if not names:
        raise ValueError("every tunable the packs declare is set (--set): none is left to tune")
    unknown = [n for n in names if n not in declared]
    if unknown:
        raise ValueError(f"no pack declares a tunable '{unknown[0]}' (declared: {', '.join(declared)})")
    batch = setup.batch
    if batch <= 0:
        cycle = rotation(setup.run) if setup.run.seating == "rotate" else 8
        batch = cycle * max(1, math.ceil(8 / cycle))
    if setup.budget < 2 * batch:
        raise ValueError(f"a budget of {setup.budget} games is too small: give at least {2 * batch} ({batch} a try)")
    return replace(setup, names=tuple(names), batch=batch, tunables={n: declared[n] for n in names})


def _tally(games: Sequence[dict[str, Any]]) -> dict[str, list[int]]:
    """Each tribe and side (``TRIBE/SIDE``) in ``games`` -> [seats it played, games it won]."""
    found: dict[str, list[int]] = {}
    for game in games:
        for seat in game["seats"]:
            row = found.setdefault(f"{seat['tribe']}/{seat['side']}", [0, 0])
            row[0] += 1
            row[1] += bool(seat["won"])
    return found


def spread(games: Sequence[dict[str, Any]]) -> float:
    """How far the win rates of the tribes and sides in ``games`` are from even: the mean, over every tribe and
    side that played, of |its win rate - 1/players| (0: even)."""
    found = _tally(games)
    if not found:
        return 0.0
    even = 1 / len(games[-1]["seats"])
    return round(sum(abs(won / played - even) for played, won in found.values()) / len(found), 4)


class Model:
    """The N-tuple bandit's model: the spreads seen per value of each tuple of tunables."""

    def __init__(self, dims: int, explore: float):
        singles = [(i,) for i in range(dims)]
        pairs = list(combinations(range(dims), 2)) if dims >= 3 else []
        whole = [tuple(range(dims))] if dims >= 2 else []
        self.tuples = singles + pairs + whole
        self.stats: dict[tuple, list[float]] = {}  # (tuple, values) -> [evaluations, sum of fitness]
        self.explore = explore
        self.seen = 0
        self.total = 0.0

    def add(self, point: tuple[int, ...], fitness: float) -> None:
        self.seen += 1
        self.total += fitness
        for t in self.tuples:
            kept = self.stats.setdefault((t, tuple(point[i] for i in t)), [0, 0.0])
            kept[0] += 1
            kept[1] += fitness

    def _terms(self, point: tuple[int, ...]) -> list[tuple[float, float]]:
        prior = self.total / self.seen if self.seen else 0.0
        out = []
        for t in self.tuples:
            n, total = self.stats.get((t, tuple(point[i] for i in t)), (0, 0.0))
            mean = total / n if n else prior
            out.append((mean, self.explore * math.sqrt(math.log(self.seen + 1) / (n + 0.5))))
        return out

    def estimate(self, point: tuple[int, ...]) -> float:
        terms = self._terms(point)
        return sum(m for m, _ in terms) / len(terms)

    def bound(self, point: tuple[int, ...]) -> float:
        terms = self._terms(point)
        return sum(m + e for m, e in terms) / len(terms)


def radius(space: range) -> int:
    """How near two values of a range are alike: a tenth of the range, at least 1.

    >>> radius(range(1, 31)), radius(range(0, 4))
    (3, 1)
    """
    return max(1, len(space) // 10)


def _neighbours(point: tuple[int, ...], spaces: list[range], count: int, rng: random.Random) -> list[tuple[int, ...]]:
    dims = len(spaces)
    found: dict[tuple[int, ...], None] = {}
    for _ in range(count):
        new = list(point)
        moved = False
        for i, space in enumerate(spaces):
            if len(space) > 1 and (rng.random() < 1 / dims or (i == dims - 1 and not moved)):
                if rng.random() < 0.5:  # a step to a value near: numbers of a range work alike near each other
                    step = rng.randint(1, radius(space)) * rng.choice((-1, 1))
                    new[i] = min(max(point[i] + step, space.start), space.stop - 1)
                if new[i] == point[i]:
                    new[i] = rng.choice([v for v in space if v != point[i]])
                moved = True
        found[tuple(new)] = None
    return list(found) or [point]


def _win_rates(games: list[dict[str, Any]], names: dict[str, str]) -> dict[str, dict[str, Any]]:
    return {key: {"label": label(names, key), **rate_row(won, n)} for key, (n, won) in sorted(_tally(games).items())}


BOOTSTRAP = 400  # resamples of a setting's games for the interval of its spread


def spread_interval(games: Sequence[dict[str, Any]], seed: int = 0) -> list[float]:
    """A 95% interval of the spread of ``games``: the 2.5th and 97.5th percentiles of the spreads of
    :data:`BOOTSTRAP` resamples of the games (seeded: the same games give the same interval).

    >>> one = {"seats": [{"tribe": "a", "side": "sun", "won": True}, {"tribe": "b", "side": "sun", "won": False}]}
    >>> spread_interval([one] * 5)
    [0.5, 0.5]
    """
    rng = random.Random(f"revive-tune-bootstrap:{seed}:{len(games)}")
    found = sorted(spread([rng.choice(games) for _ in games]) for _ in range(BOOTSTRAP))
    return [found[int(0.025 * BOOTSTRAP)], found[int(0.975 * BOOTSTRAP) - 1]]


def tune(setup: TuneSetup, client: Any = None, on_game: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Search the tunables' values and return the tuning's report (plain JSON data): the best setting with its
    win rates and their intervals and the games behind them, the finalists and the pack's own setting beside it,
    each value's spread over the games played at it, and every evaluation in order. Games run on the Dask
    ``client``'s cluster, else here."""
    setup = plan(setup)
    names = list(setup.names)
    spaces = [setup.tunables[n].values for n in names]
    own = tuple(setup.tunables[n].value for n in names)
    evaluations = setup.budget // setup.batch
    confirming = max(1, round(evaluations * setup.confirm))
    searching = max(1, evaluations - confirming)
    rng = random.Random(f"revive-tune:{setup.run.seed}")
    packs, fixed = split_tuning(setup.run.packs)
    model = Model(len(names), setup.explore)
    played: dict[tuple[int, ...], list[dict[str, Any]]] = {}
    log: list[dict[str, Any]] = []
    total = (searching + confirming) * setup.batch

    def evaluate(point: tuple[int, ...], phase: str) -> None:
        number = len(log)
        values = dict(zip(names, point, strict=True))
        run = replace(setup.run, packs=(*packs, tuning_entry(fixed | values)), games=(number + 1) * setup.batch)
        indices = range(number * setup.batch, (number + 1) * setup.batch)
        games = sorted(play_games(run, indices, client), key=lambda g: g["index"])
        measured = spread(games)
        played.setdefault(point, []).extend(games)
        model.add(point, -measured)
        log.append({"values": values, "phase": phase, "games": [indices.start, indices.stop], "spread": measured})
        if on_game is not None:
            on_game((number + 1) * setup.batch, total)

    current = own
    evaluate(current, "search")
    for _ in range(searching - 1):
        candidates = _neighbours(current, spaces, setup.neighbours, rng)
        current = max(candidates, key=model.bound)
        evaluate(current, "search")
    radii = [radius(space) for space in spaces]

    def around(point: tuple[int, ...]) -> float:  # the spread of every game played at a setting near it
        near = [p for p in played if all(abs(a - b) <= r for a, b, r in zip(p, point, radii, strict=True))]
        return spread([game for p in near for game in played[p]])

    ranked = sorted(played, key=lambda point: (around(point), -model.estimate(point), -len(played[point])))
    finalists = ranked[:FINALISTS]
    confirmed = finalists if own in finalists else [*finalists, own]  # the pack's own beside them, as many games
    for turn in range(confirming):
        evaluate(confirmed[turn % len(confirmed)], "confirm")
    best = min(finalists, key=lambda point: (spread(played[point]), -len(played[point])))
    names_of = report_names(Rules.load(setup.run.packs))

    def setting(point: tuple[int, ...]) -> dict[str, Any]:
        games = played.get(point, [])
        return {
            "values": dict(zip(names, point, strict=True)),
            "games": len(games),
            "spread": spread(games) if games else None,
            "spread_ci95": spread_interval(games, setup.run.seed) if games else None,
            "win_rate": _win_rates(games, names_of),
        }

    tunables = {}
    for i, name in enumerate(names):
        t = setup.tunables[name]
        by_value: dict[int, list[dict[str, Any]]] = {}
        for point, games in played.items():
            by_value.setdefault(point[i], []).extend(games)
        tunables[name] = {
            "pack": t.pack,
            "about": t.about,
            "own": t.value,
            "range": [t.low, t.high],
            "best": best[i],
            "values": {
                str(v): {"games": len(g), "spread": spread(g), "spread_ci95": spread_interval(g, setup.run.seed)}
                for v, g in sorted(by_value.items())
            },
        }
    return {
        "method": METHOD,
        "measure": "spread: the mean distance of each tribe and side's win rate from an even share (0 is even)",
        "run": setup.run.to_dict(),
        "tribes": {tribe: label(names_of, tribe) for tribe in setup.run.tribes},  # each tribe by its board's name
        "names": names,
        "budget": setup.budget,
        "batch": setup.batch,
        "games": len(log) * setup.batch,
        "evaluations": len(log),
        "best": setting(best),
        "finalists": [setting(point) for point in finalists],
        "own": setting(own),
        "tunables": tunables,
        "log": log,
    }


MADE = ("tuning.json", "tuning.html")  # what a tuning writes in its folder


def tune_to(
    setup: TuneSetup,
    out: str | Path,
    *,
    client: Any = None,
    force: bool = False,
    on_game: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """:func:`tune`, its report written to ``out`` as ``tuning.json`` and ``tuning.html`` (each whole). A folder
    holding a tuning already is refused (:class:`~revive_dsl.balance.run.RunError`) unless ``force``."""
    from revive_dsl.balance.page import tuning_page

    folder = Path(out)
    there = [name for name in MADE if (folder / name).exists()]
    if there and not force:
        raise RunError(
            f"{folder / there[0]} is there already; not overwriting a tuning (give --force or another --out)"
        )
    if any((folder / name).is_dir() for name in there):
        raise RunError(f"{folder / there[0]} is a folder where a file of the tuning belongs; move it away")
    make_folder(folder)
    report = tune(setup, client, on_game)
    write_text_atomic(folder / "tuning.json", json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    write_text_atomic(folder / "tuning.html", tuning_page(report))
    return report


__all__ = ["METHOD", "Model", "TuneSetup", "plan", "rotation", "spread", "spread_interval", "tune", "tune_to"]
