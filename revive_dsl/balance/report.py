"""Many games' figures reduced to a report: win rates with 95% Wilson intervals, points by source, what was taken
and how those who took it did, game length, what no player scored from or held, a pack's own counters (their
values and thresholds fired) and state, each row labelled with the content's names; and two reports compared
(:func:`compare`).

Everything is computed from the games in index order, so the same games give the same report, byte for byte.
A shared victory counts as a win for each seat sharing it; a solo game has no winner (its seats count in
the scores, not in the win rates). A component's *taken* figure counts the seats that
hold it at the end of their game (cards played or in hand, machines, modules, crates, artifacts, technologies).

>>> wilson(50, 100)
(0.4038, 0.5962)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from revive_dsl.balance.chances import chance_label
from revive_dsl.balance.names import label

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default), rounded to 4 places; (0, 1) for no trials."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


def rate_row(wins: int, n: int) -> dict[str, Any]:
    """A win rate's row: games, wins, the rate and its 95% Wilson interval."""
    low, high = wilson(wins, n)
    return {"n": n, "wins": wins, "rate": round(wins / n, 4) if n else 0.0, "ci95": [low, high]}


def _mean(values: list[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0, "max": 0}
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / (len(values) - 1) if len(values) > 1 else 0.0
    return {"mean": round(mean, 3), "sd": round(math.sqrt(var), 3), "min": min(values), "max": max(values)}


def _group(rows: Iterable[tuple[str, bool, int]]) -> dict[str, dict[str, Any]]:
    """(key, won, total) rows -> key -> win rate and score."""
    wins: dict[str, int] = {}
    scores: dict[str, list[int]] = {}
    for key, won, total in rows:
        wins[key] = wins.get(key, 0) + won
        scores.setdefault(key, []).append(total)
    return {k: {**rate_row(wins[k], len(scores[k])), "score": _mean(scores[k])} for k in sorted(scores)}


def build_report(
    setup: dict[str, Any],
    games: list[dict[str, Any]],
    names: Mapping[str, str] | None = None,
    catalogue: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The report of a run: ``setup`` (the settings' plain data) and its games' figures, in index order. ``names``
    (:func:`~revive_dsl.balance.names.report_names`): what each id is shown as; every row of a tribe, a side or a
    component gets its ``label``, and ``names`` lists those the report uses. ``catalogue``
    (:func:`~revive_dsl.balance.game.catalogue`): what the seats could hold and score from; ``never`` lists what no
    seat held at the end of any game, by kind, and the final scoring's lines no seat scored a point from: findings
    for the author (a component or a rule the players never used)."""
    names = names or {}
    catalogue = catalogue or {}
    seats = [(game, seat) for game in games for seat in game["seats"]]
    count = len(seats)
    sources: dict[str, int] = {}
    for _, seat in seats:
        for source, points in seat["sources"].items():
            sources[source] = sources.get(source, 0) + points
    components: dict[str, dict[str, list[int]]] = {}
    for _, seat in seats:
        for kind, ids in seat["taken"].items():
            for cid in ids:
                tally = components.setdefault(kind, {}).setdefault(cid, [0, 0])
                tally[0] += 1
                tally[1] += seat["won"]
    multi = [(g, s) for g, s in seats if len(g["seats"]) > 1]
    report = {
        "setup": setup,
        "games": len(games),
        "seat_games": count,
        "win_rate": {
            "by_tribe": _group((s["tribe"], s["won"], s["total"]) for _, s in multi),
            "by_side": _group((s["side"], s["won"], s["total"]) for _, s in multi),
            "by_tribe_and_side": _group((f"{s['tribe']}/{s['side']}", s["won"], s["total"]) for _, s in multi),
            "by_seat": _group((f"seat {s['seat'] + 1}", s["won"], s["total"]) for _, s in multi),
            "by_player": _group((s["ai"], s["won"], s["total"]) for _, s in multi),
        },
        "score": _mean([s["total"] for _, s in seats]),
        "score_by_tribe": _scores((s["tribe"], s["total"]) for _, s in seats),
        "score_by_tribe_and_side": _scores((f"{s['tribe']}/{s['side']}", s["total"]) for _, s in seats),
        "winning_score": _mean([s["total"] for _, s in multi if s["won"]]),
        "points_by_source": {
            k: {"total": v, "per_seat": round(v / count, 3) if count else 0.0}
            for k, v in sorted(sources.items(), key=lambda kv: (-kv[1], kv[0]))
        },
        "components": {
            kind: {
                cid: {
                    "taken": taken,
                    "taken_rate": round(taken / count, 4),
                    "win_rate_when_taken": rate_row(won, taken),
                }
                for cid, (taken, won) in sorted(ids.items())
            }
            for kind, ids in sorted(components.items())
        },
        "length": {
            "moves": _mean([g["moves"] for g in games]),
            "turns": _mean([g["turns"] for g in games]),
            "rounds": _mean([g["rounds"] for g in games]),
            "rounds_histogram": _histogram(g["rounds"] for g in games),
        },
    }
    lines = {k for k in sources if k.startswith("end: ")} | set(catalogue.get("sources", ()))
    report["never"] = {
        "scored": sorted(k for k in lines if not sources.get(k)),
        "held": {
            kind: missing
            for kind, ids in sorted(catalogue.get("held", {}).items())
            if (missing := [cid for cid in ids if cid not in components.get(kind, {})])
        },
    }
    ranks = [g["solo_rank"] for g in games if "solo_rank" in g]
    if ranks:  # solo games: how many reached each rank of the rulebook's table, from the lowest
        table = catalogue.get("solo_table") or [[0, rank] for rank in sorted(set(ranks))]
        report["solo_ranks"] = {
            rank: {"from": low, "games": ranks.count(rank), "share": round(ranks.count(rank) / len(ranks), 4)}
            for low, rank in table
        }
    counters = _counters([s for _, s in seats])
    if counters:  # a pack's own counters (engine/declared.py), in games that have them
        report["counters"] = counters
    rules = _rules([s for _, s in seats])
    if rules:  # the packs' own rules: how often each clause acted, by tribe and side
        report["rules"] = rules
        report["never"]["acted"] = [name for name, row in rules.items() if not row["fired"]]
    chances = _chances([s for _, s in seats])
    if chances:  # what the seats' turns offered and what they made
        report["chances"] = chances
        report["never"]["offered"] = [name for name, row in chances.items() if not row["offered"]]
        report["never"]["made"] = [name for name, row in chances.items() if row["offered"] and not row["taken"]]
    parts = _counters([s for _, s in seats], "parts")
    if parts:  # the rules packages' own state of a player (engine/state.py, state_part), field by field
        report["parts"] = parts
    return _labelled(report, names)


def _labelled(report: dict[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """``report`` with a ``label`` in every row keyed by a tribe, a side or a component, and the ``names`` used."""
    used: set[str] = set()

    def mark(rows: dict[str, dict[str, Any]]) -> None:
        for key, row in rows.items():
            row["label"] = label(names, key)
            used.update(part for part in (key, key.partition("/")[0]) if part in names)

    for group in ("by_tribe", "by_side", "by_tribe_and_side"):
        mark(report["win_rate"][group])
    mark(report["score_by_tribe"])
    mark(report["score_by_tribe_and_side"])
    for ids in report["components"].values():
        mark(ids)
    for counter in [*report.get("counters", {}).values(), *report.get("parts", {}).values()]:
        mark(counter["by_tribe_and_side"])
        for threshold in counter.get("thresholds", {}).values():
            mark(threshold["by_tribe_and_side"])
    for clause in report.get("rules", {}).values():
        mark(clause["by_tribe_and_side"])
    for key, row in report.get("chances", {}).items():
        row["label"] = chance_label(key)
        mark(row["by_tribe_and_side"])
    used.update(cid for ids in report["never"]["held"].values() for cid in ids if cid in names)
    report["names"] = {key: names[key] for key in sorted(used)}
    return report


def _counters(seats: list[dict[str, Any]], key: str = "counters") -> dict[str, dict[str, Any]]:
    """Per declared counter (``key`` "counters"), or per field of a rules package's own state (``key`` "parts", a
    number each), over the seats that had it: its value at the end (mean, spread and each value's count), the
    highest it reached (a counter), both by tribe and side; and each of a counter's thresholds, how often it fired."""
    words = sorted({word for seat in seats for word in seat.get(key, {})})
    out = {}
    for word in words:
        had = [seat for seat in seats if word in seat.get(key, {})]
        found = [_figure(seat[key][word]) for seat in had]
        groups = _by_tribe_and_side(had, found)
        measures = [m for m in ("end", "peak") if all(m in f for f in found)]
        row: dict[str, Any] = {"seats": len(found)}
        row |= {m: _mean([f[m] for f in found]) for m in measures}
        row["distribution"] = _histogram(f["end"] for f in found)
        row["by_tribe_and_side"] = {
            group: {"seats": len(rows)} | {m: _mean([f[m] for f in rows])["mean"] for m in measures}
            for group, rows in sorted(groups.items())
        }
        if key == "counters":
            row["thresholds"] = _fired(found, groups)
        out[word] = row
    return out


def _rules(seats: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each clause of the packs' own rules (``ticking: at turn end``): how often it acted, per seat and game, on how
    many seats, and by tribe and side (a clause that never acted is listed at 0: a finding for the author)."""
    had = [seat for seat in seats if "rules" in seat]
    found = [{"fired": seat["rules"]} for seat in had]
    return _fired(found, _by_tribe_and_side(had, found))


def _chances(seats: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per move and per target counted apart (:mod:`revive_dsl.balance.chances`), over every seat's turns: in how
    many the rules offered it and in how many the seat made it, each as a share of the turns, and how often it was
    made when offered (``None``: never offered); and the same by tribe and side (a tribe's own move, offered to its
    seats only)."""
    had = [seat for seat in seats if "chances" in seat]
    found = [seat["chances"] for seat in had]
    groups = _by_tribe_and_side(had, found)
    names = sorted({name for c in found for k in ("offered", "taken") for name in c.get(k, {})})
    out = {}
    for name in names:
        out[name] = _chance(found, name)
        out[name]["by_tribe_and_side"] = {
            group: {k: v for k, v in _chance(rows, name).items() if k != "taken_when_offered"}
            for group, rows in sorted(groups.items())
        }
    return out


def _chance(found: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """One move's (or target's) row of the chances over the seats' figures ``found``."""
    turns = sum(c["turns"] for c in found)
    offered = sum(c.get("offered", {}).get(name, 0) for c in found)
    taken = sum(c.get("taken", {}).get(name, 0) for c in found)
    return {
        "turns": turns,
        "offered": offered,
        "taken": taken,
        "offered_share": round(offered / turns, 4) if turns else 0.0,
        "taken_share": round(taken / turns, 4) if turns else 0.0,
        "taken_when_offered": round(taken / offered, 4) if offered else None,
    }


def _by_tribe_and_side(seats: list[dict[str, Any]], found: list[Any]) -> dict[str, list[Any]]:
    """Each seat's figure of ``found`` (in the order of ``seats``) by the seat's ``TRIBE/SIDE``."""
    groups: dict[str, list[Any]] = {}
    for seat, figure in zip(seats, found, strict=True):
        groups.setdefault(f"{seat['tribe']}/{seat['side']}", []).append(figure)
    return groups


def _figure(value: Any) -> dict[str, Any]:
    """A seat's figure of a counter (``{"end", "peak", "fired"}``) or of a state part's field (a number)."""
    return value if isinstance(value, dict) else {"end": value}


def _fired(found: list[dict[str, Any]], groups: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Each threshold of a counter (``reaches 5``): how often it fired, per seat and game, and on how many seats at
    least once; per tribe and side, how often per seat and game."""
    names = sorted({name for f in found for name in f.get("fired", {})}, key=lambda k: (len(k), k))
    out = {}
    for name in names:
        counts = [f.get("fired", {}).get(name, 0) for f in found]
        per_group = {}
        for key, rows in sorted(groups.items()):
            total = sum(f.get("fired", {}).get(name, 0) for f in rows)
            per_group[key] = {"seats": len(rows), "fired": total, "per_seat": round(total / len(rows), 3)}
        out[name] = {
            "fired": sum(counts),
            "per_seat": round(sum(counts) / len(counts), 3),
            "seats_fired": sum(1 for c in counts if c),
            "by_tribe_and_side": per_group,
        }
    return out


def _scores(rows: Iterable[tuple[str, int]]) -> dict[str, dict[str, float]]:
    """(key, total) rows -> key -> the totals' mean, sd, min and max (every seat, solo ones included)."""
    found: dict[str, list[int]] = {}
    for key, total in rows:
        found.setdefault(key, []).append(total)
    return {k: {**_mean(found[k]), "n": len(found[k])} for k in sorted(found)}


def _histogram(values: Iterable[int]) -> dict[str, int]:
    found: dict[int, int] = {}
    for v in values:
        found[v] = found.get(v, 0) + 1
    return {str(k): found[k] for k in sorted(found)}


def diff_interval(a: dict[str, Any], b: dict[str, Any]) -> tuple[float, float]:
    """Newcombe's 95% interval of the difference of two proportions (b - a) from their Wilson intervals.

    >>> diff_interval(rate_row(50, 100), rate_row(70, 100))
    (0.0642, 0.3258)
    """
    p1, p2 = a["rate"], b["rate"]
    l1, u1 = a["ci95"]
    l2, u2 = b["ci95"]
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return round(low, 4), round(high, 4)


def _verdict(low: float, high: float) -> str:
    if low > 0:
        return "up"
    if high < 0:
        return "down"
    return "no clear change"


def compare(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """What changed from the report ``old`` to ``new`` (the same seeds on two contents): each win rate's and each
    component's take rate and win rate when taken, with the 95% interval of the difference and a verdict (``up`` or
    ``down`` when the interval excludes 0), and the mean score per tribe with its 95% interval (Welch)."""
    rates = {}
    for group in old["win_rate"]:
        for key in sorted(set(old["win_rate"][group]) | set(new["win_rate"][group])):
            a = old["win_rate"][group].get(key, rate_row(0, 0))
            b = new["win_rate"][group].get(key, rate_row(0, 0))
            low, high = diff_interval(a, b)
            entry = {"label": b.get("label") or a.get("label") or key}
            entry |= {"old": a["rate"], "new": b["rate"], "diff": round(b["rate"] - a["rate"], 4)}
            entry |= {"ci95": [low, high], "verdict": _verdict(low, high)}
            sa, sb = a.get("score", _mean([])), b.get("score", _mean([]))
            entry["score"] = _mean_diff(sa, a["n"], sb, b["n"])
            rates.setdefault(group, {})[key] = entry
    components = {}
    for kind in sorted(set(old["components"]) | set(new["components"])):
        mine, theirs = old["components"].get(kind, {}), new["components"].get(kind, {})
        for cid in sorted(set(mine) | set(theirs)):
            a, b = mine.get(cid), theirs.get(cid)
            ta = rate_row(a["taken"] if a else 0, old["seat_games"])
            tb = rate_row(b["taken"] if b else 0, new["seat_games"])
            wa = a["win_rate_when_taken"] if a else rate_row(0, 0)
            wb = b["win_rate_when_taken"] if b else rate_row(0, 0)
            t_low, t_high = diff_interval(ta, tb)
            w_low, w_high = diff_interval(wa, wb)
            components.setdefault(kind, {})[cid] = {
                "label": (b or {}).get("label") or (a or {}).get("label") or cid,
                "taken": {"old": ta["rate"], "new": tb["rate"], "ci95": [t_low, t_high]}
                | {"verdict": _verdict(t_low, t_high)},
                "win_rate_when_taken": {"old": wa["rate"], "new": wb["rate"], "ci95": [w_low, w_high]}
                | {"verdict": _verdict(w_low, w_high)},
                "only_in": "old" if b is None and a is not None else "new" if a is None and b is not None else None,
            }
    return {
        "games": {"old": old["games"], "new": new["games"]},
        "win_rate": rates,
        "components": components,
        "score": _mean_diff(old["score"], old["seat_games"], new["score"], new["seat_games"]),
        "rounds": _mean_diff(old["length"]["rounds"], old["games"], new["length"]["rounds"], new["games"]),
    }


def _mean_diff(a: dict[str, float], na: int, b: dict[str, float], nb: int) -> dict[str, Any]:
    diff = b["mean"] - a["mean"]
    se = math.sqrt((a["sd"] ** 2 / na if na else 0.0) + (b["sd"] ** 2 / nb if nb else 0.0))
    low, high = round(diff - Z95 * se, 3), round(diff + Z95 * se, 3)
    return {"old": a["mean"], "new": b["mean"], "diff": round(diff, 3), "ci95": [low, high]} | {
        "verdict": _verdict(low, high) if se else "no clear change"
    }
