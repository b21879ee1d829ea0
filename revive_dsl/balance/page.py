"""The report as one self-contained HTML page: tables and inline SVG plots, no script, no network.

>>> from revive_dsl.balance.report import build_report
>>> page = report_page(build_report({"packs": ["base"], "games": 0}, []))
>>> page.startswith("<!DOCTYPE html>") and "http" not in page.split("<body>")[1]
True
"""

from __future__ import annotations

from html import escape
from typing import Any

STYLE = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .6em;border-bottom:1px solid #eee;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f4f4f4}
.up{color:#080;font-weight:bold}.down{color:#b00;font-weight:bold}.note{color:#555;font-size:.9em}
details{margin:.5em 0}summary{cursor:pointer;font-weight:bold}
"""


ROWS = ("rounds", "turns", "moves")  # the game length's measures, in the table's order


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _groups(rows: dict[str, dict[str, Any]]) -> tuple[list[str], dict[str, str]]:
    """The tribe-and-side keys of ``rows``' ``by_tribe_and_side`` parts, sorted, and what each is shown as."""
    parts = [part for row in rows.values() for part in row["by_tribe_and_side"].items()]
    return sorted({key for key, _ in parts}), {key: group.get("label", key) for key, group in parts}


def _table(head: list[str], rows: list[list[Any]]) -> str:
    out = ["<table><tr>", *(f"<th>{escape(h)}</th>" for h in head), "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def rate_chart(rates: dict[str, dict[str, Any]], level: float | None = None) -> str:
    """Horizontal bars of win rates with their 95% intervals as whiskers; ``level``: a dashed line (the rate of an
    even game, 1 / seats)."""
    row, left, width = 22, 170, 520
    height = row * len(rates) + 30
    parts = [f'<svg width="{left + width + 120}" height="{height}" role="img">']
    for i, (key, r) in enumerate(rates.items()):
        y = 10 + i * row
        low, high = r["ci95"]
        name = escape(r.get("label", key))
        parts.append(f'<text x="{left - 6}" y="{y + 14}" text-anchor="end" font-size="12">{name}</text>')
        parts.append(f'<rect x="{left}" y="{y + 3}" width="{width * r["rate"]:.1f}" height="14" fill="#6b9bd1"/>')
        parts.append(
            f'<line x1="{left + width * low:.1f}" x2="{left + width * high:.1f}" y1="{y + 10}" y2="{y + 10}" '
            'stroke="#222" stroke-width="1.5"/>'
        )
        for x in (low, high):
            parts.append(
                f'<line x1="{left + width * x:.1f}" x2="{left + width * x:.1f}" y1="{y + 5}" y2="{y + 15}" '
                'stroke="#222"/>'
            )
        label = f"{_pct(r['rate'])} (n={r['n']})"
        parts.append(f'<text x="{left + width * high + 6:.1f}" y="{y + 14}" font-size="11">{label}</text>')
    if level is not None:
        x = left + width * level
        parts.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="5" y2="{height - 20}" stroke="#c33" stroke-dasharray="4 3"/>'
        )
        parts.append(f'<text x="{x:.1f}" y="{height - 6}" font-size="11" text-anchor="middle">even game</text>')
    parts.append("</svg>")
    return "".join(parts)


def bar_chart(values: dict[str, float], unit: str = "") -> str:
    """Horizontal bars of values (negative ones to the left of the axis)."""
    row, left, width = 20, 210, 480
    top = max([abs(v) for v in values.values()] + [1e-9])
    lowest = min([0.0, *values.values()])
    zero = left + width * (-lowest / (top - lowest)) if lowest < 0 else left
    scale = width / (top - lowest if lowest < 0 else top)
    parts = [f'<svg width="{left + width + 90}" height="{row * len(values) + 10}">']
    for i, (key, v) in enumerate(values.items()):
        y = 5 + i * row
        x = zero if v >= 0 else zero + v * scale
        parts.append(f'<text x="{left - 6}" y="{y + 13}" text-anchor="end" font-size="12">{escape(key)}</text>')
        parts.append(f'<rect x="{x:.1f}" y="{y + 2}" width="{abs(v) * scale:.1f}" height="14" fill="#8cb369"/>')
        parts.append(f'<text x="{zero + max(v, 0) * scale + 6:.1f}" y="{y + 13}" font-size="11">{v:g}{unit}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _rates_table(rates: dict[str, dict[str, Any]]) -> str:
    rows = []
    for key, r in rates.items():
        interval = f"{_pct(r['ci95'][0])} – {_pct(r['ci95'][1])}"
        rows.append([r.get("label", key), r["n"], r["wins"], _pct(r["rate"]), interval, r["score"]["mean"]])
    return _table(["", "seats", "wins", "win rate", "95% interval", "mean score"], rows)


def report_page(report: dict[str, Any], title: str = "Revive balance report") -> str:
    """The page of one run's report (:func:`~revive_dsl.balance.report.build_report`)."""
    setup = report["setup"]
    seats = setup.get("players", 0) or 0
    level = 1 / seats if seats > 1 else None
    body = [f"<h1>{escape(title)}</h1>"]
    facts = [
        ["packs", ", ".join(setup.get("packs", []))],
        ["games", report["games"]],
        ["seats per game", seats],
        ["computer players", ", ".join(setup.get("ai", []))],
        ["tribes", ", ".join(report.get("names", {}).get(t, t) for t in setup.get("tribes", []))],
        ["seating", setup.get("seating", "")],
        ["seed", setup.get("seed", "")],
        ["variants", ", ".join(setup.get("variants", [])) or "none"],
        ["mean score (all seats)", report["score"]["mean"]],
        ["mean winning score", report["winning_score"]["mean"]],
    ]
    body.append(_table(["setting", "value"], facts))
    body.append(
        '<p class="note">Win rates count a shared victory as a win for each seat sharing it; the whiskers and '
        "intervals are 95% Wilson score intervals. The dashed line is an even game's rate (1 / seats).</p>"
    )
    for group, about in (
        ("by_tribe", "Win rate per tribe"),
        ("by_side", "Win rate per side"),
        ("by_tribe_and_side", "Win rate per tribe and side"),
        ("by_seat", "Win rate per seat (turn order)"),
        ("by_player", "Win rate per computer player"),
    ):
        rates = report["win_rate"][group]
        if not rates:
            continue
        body.append(f"<h2>{about}</h2>")
        body.append(rate_chart(rates, level))
        body.append(_rates_table(rates))
    body.append("<h2>Mean score per tribe and side</h2>")
    scores = report["score_by_tribe_and_side"]
    body.append(bar_chart({v.get("label", k): v["mean"] for k, v in scores.items()}, " points"))
    body.append(
        _table(
            ["", "seats", "mean", "sd", "min", "max"],
            [[v.get("label", k), v["n"], v["mean"], v["sd"], v["min"], v["max"]] for k, v in scores.items()],
        )
    )
    if report.get("solo_ranks"):
        body.append("<h2>Solo ranks</h2>")
        body.append(
            '<p class="note">How many solo games reached each rank of the rulebook\'s score table (the final score '
            "from which a rank is reached).</p>"
        )
        rows = [
            [rank.replace("_", " "), f"{r['from']}+", r["games"], _pct(r["share"])]
            for rank, r in report["solo_ranks"].items()
        ]
        body.append(_table(["rank", "score", "games", "share"], rows))
    body.append("<h2>Points by source</h2>")
    body.append(
        '<p class="note">Mean points per seat and game. During play: by the kind of move that gained them (on any '
        "player's move); <em>end:</em> the lines of the final scoring.</p>"
    )
    sources = {k: v["per_seat"] for k, v in report["points_by_source"].items()}
    body.append(bar_chart(sources))
    never = report.get("never", {})
    if never.get("scored") or never.get("held"):
        names = report.get("names", {})
        body.append("<h2>What no player used</h2>")
        body.append(
            '<p class="note">Findings for the author: the final scoring\'s lines no seat scored a point from in any '
            "game, and the components no seat held at the end of any game. Either the players never found the way "
            "to them, or the content makes them not worth it.</p>"
        )
        if never.get("scored"):
            body.append(_table(["scoring line never scored"], [[line] for line in never["scored"]]))
        for kind, ids in never.get("held", {}).items():
            body.append(f"<details><summary>{escape(kind)}: {len(ids)} never held</summary>")
            body.append(_table(["component", "id"], [[names.get(cid, cid), cid] for cid in ids]))
            body.append("</details>")
    if report.get("chances"):
        body.append("<h2>What the turns offered</h2>")
        body.append(
            '<p class="note">Each move, and each target counted apart (a populate on a large location), over every '
            "seat's turns: in how many of them the rules offered it (a legal option at least once that turn) and in "
            "how many the seat made it. Offered but seldom made: the players pass it by. Seldom offered: the game "
            "(its costs, its range, the players' economy) seldom lets them.</p>"
        )
        rows = [
            [
                c.get("label", name),
                _pct(c["offered_share"]),
                _pct(c["taken_share"]),
                "never offered" if c["taken_when_offered"] is None else _pct(c["taken_when_offered"]),
            ]
            for name, c in report["chances"].items()
        ]
        body.append(_table(["move", "offered (turns)", "made (turns)", "made when offered"], rows))
        chances = report["chances"]
        groups, labels = _groups(chances)
        body.append("<details><summary>By tribe and side: offered / made, share of turns</summary>")
        rows = [
            [labels[group]]
            + [
                f"{_pct(row['offered_share'])} / {_pct(row['taken_share'])}"
                if (row := c["by_tribe_and_side"].get(group))
                else "-"
                for c in chances.values()
            ]
            for group in groups
        ]
        body.append(_table(["tribe and side", *(c.get("label", n) for n, c in chances.items())], rows))
        body.append("</details>")
    if report.get("counters"):
        body.append("<h2>The packs' own counters</h2>")
        body.append(
            '<p class="note">Each counter a pack declares, per seat and game: its value at the end and the highest '
            "it reached between moves.</p>"
        )
        rows = [
            [word, c["seats"], c["end"]["mean"], c["end"]["max"], c["peak"]["mean"], c["peak"]["max"]]
            for word, c in report["counters"].items()
        ]
        body.append(_table(["counter", "seats", "mean at the end", "max at the end", "mean peak", "max peak"], rows))
        for word, c in report["counters"].items():
            body.append(_counter_rows(word, c))
    if report.get("rules"):
        body.append("<h2>The packs' own rules</h2>")
        body.append(
            '<p class="note">Each clause of a pack\'s rules (<em>game_rule</em>) that acts on an event or a moment: '
            "how often it acted in all, per seat and game (a rule of the table at a round's or the game's end acts "
            "once, for the player whose turn it is), on how many seats at least once, and per seat and game by tribe "
            "and side. One that never acted is a finding: no game met its event.</p>"
        )
        clauses = report["rules"]
        groups, labels = _groups(clauses)
        rows = [
            [name, c["fired"], c["per_seat"], c["seats_fired"]]
            + [c["by_tribe_and_side"].get(g, {}).get("per_seat", 0) for g in groups]
            for name, c in clauses.items()
        ]
        body.append(_table(["rule: clause", "acted", "per seat and game", "seats"] + [labels[g] for g in groups], rows))
    if report.get("parts"):
        body.append("<h2>The rules packages' own state</h2>")
        body.append(
            "<p class=\"note\">Each field of a player's part of a rules package's state at the end of the game, per "
            "seat: a number as it is, a list by its length (journeys done, gadgets...). A field at 0 in every game "
            "is a part of the pack no player used.</p>"
        )
        rows = [
            [word, c["seats"], c["end"]["mean"], c["end"]["min"], c["end"]["max"]]
            for word, c in report["parts"].items()
        ]
        body.append(_table(["field", "seats", "mean at the end", "min", "max"], rows))
        for word, c in report["parts"].items():
            body.append(_counter_rows(word, c))
    body.append("<h2>Game length</h2>")
    length = report["length"]
    body.append(
        _table(
            ["", "mean", "sd", "min", "max"],
            [[k, length[k]["mean"], length[k]["sd"], length[k]["min"], length[k]["max"]] for k in ("rounds", "turns")]
            + [
                [
                    "moves",
                    length["moves"]["mean"],
                    length["moves"]["sd"],
                    length["moves"]["min"],
                    length["moves"]["max"],
                ]
            ],
        )
    )
    body.append("<p>Games by rounds played:</p>")
    body.append(bar_chart({f"{k} rounds": v for k, v in length["rounds_histogram"].items()}, " games"))
    body.append("<h2>What is taken, and how those who take it do</h2>")
    body.append(
        '<p class="note">Taken: the share of seats holding the component at the end of their game. Win rate: of '
        "those seats (95% Wilson interval).</p>"
    )
    for kind, ids in report["components"].items():
        rows = [
            [
                c.get("label", cid),
                c["taken"],
                _pct(c["taken_rate"]),
                _pct(c["win_rate_when_taken"]["rate"]),
                f"{_pct(c['win_rate_when_taken']['ci95'][0])} – {_pct(c['win_rate_when_taken']['ci95'][1])}",
            ]
            for cid, c in sorted(ids.items(), key=lambda kv: (-kv[1]["taken"], kv[0]))
        ]
        body.append(f"<details open><summary>{escape(kind)} ({len(ids)})</summary>")
        body.append(_table(["component", "seats", "taken", "win rate when taken", "95% interval"], rows))
        body.append("</details>")
    return _page(title, "".join(body))


def _counter_rows(word: str, counter: dict[str, Any]) -> str:
    """One declared counter's own rows: its values at the end, by tribe and side, and its thresholds fired."""
    out = [f"<details open><summary>{escape(word)}</summary>"]
    out.append(f"<p>Seats by {escape(word)} at the end:</p>")
    out.append(bar_chart({f"{word} {value}": n for value, n in counter.get("distribution", {}).items()}, " seats"))
    thresholds = counter.get("thresholds", {})
    groups = counter.get("by_tribe_and_side", {})
    peaks = "peak" in counter
    head = ["tribe and side", "seats", "mean at the end", *(["mean peak"] if peaks else [])]
    head += [f"{name}: per seat" for name in thresholds]
    rows = [
        [g.get("label", key), g["seats"], g["end"], *([g["peak"]] if peaks else [])]
        + [t["by_tribe_and_side"].get(key, {}).get("per_seat", 0) for t in thresholds.values()]
        for key, g in groups.items()
    ]
    out.append(_table(head, rows))
    if thresholds:
        out.append(
            '<p class="note">Each threshold the packs\' texts hold for it (<em>when ... reaches N</em>): how often it '
            "fired in all, per seat and game, and on how many seats at least once. One that never fired is a finding: "
            "no game reached it.</p>"
        )
        out.append(
            _table(
                ["threshold", "fired", "per seat and game", "seats it fired for"],
                [
                    [n, t["fired"], t["per_seat"], f"{t['seats_fired']} of {counter['seats']}"]
                    for n, t in thresholds.items()
                ],
            )
        )
    out.append("</details>")
    return "".join(out)


def compare_page(diff: dict[str, Any], title: str = "Revive balance: what changed") -> str:
    """The page of two runs compared (:func:`~revive_dsl.balance.report.compare`)."""
    body = [f"<h1>{escape(title)}</h1>"]
    body.append(
        f'<p class="note">The same seeds on both contents: {diff["games"]["old"]} games (old) and '
        f"{diff['games']['new']} (new). Each difference with its 95% interval (Newcombe's, for rates; Welch's, for "
        "means); <span class=up>up</span> or <span class=down>down</span> when the interval excludes 0.</p>"
    )

    def verdict(v: str) -> str:
        return f'<span class="{v}">{escape(v)}</span>' if v in ("up", "down") else escape(v)

    def row_html(cells: list[str]) -> str:
        return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"

    s = diff["score"]
    body.append(f"<p>Mean score: {s['old']} → {s['new']} ({s['diff']:+g}; {s['ci95'][0]:+g} to {s['ci95'][1]:+g}) ")
    body.append(verdict(s["verdict"]) + "</p>")
    for group, rates in diff["win_rate"].items():
        body.append(f"<h2>Win rate {escape(group.replace('_', ' '))}</h2><table>")
        body.append("<tr><th></th><th>old</th><th>new</th><th>change</th><th>95% interval</th><th></th></tr>")
        for key, r in rates.items():
            cells = [escape(r.get("label", key)), _pct(r["old"]), _pct(r["new"]), f"{100 * r['diff']:+.1f} pts"]
            cells += [f"{100 * r['ci95'][0]:+.1f} to {100 * r['ci95'][1]:+.1f}", verdict(r["verdict"])]
            body.append(row_html(cells))
        body.append("</table>")
    body.append("<h2>Components</h2>")
    for kind, ids in diff["components"].items():
        body.append(f"<details><summary>{escape(kind)}</summary><table>")
        body.append(
            "<tr><th></th><th>taken old</th><th>taken new</th><th></th><th>win rate old</th><th>win rate new</th>"
            "<th>95% interval of change</th><th></th></tr>"
        )
        for cid, c in ids.items():
            t, w = c["taken"], c["win_rate_when_taken"]
            name = escape(c.get("label", cid)) + (f" (only {c['only_in']})" if c["only_in"] else "")
            cells = [name, _pct(t["old"]), _pct(t["new"]), verdict(t["verdict"]), _pct(w["old"]), _pct(w["new"])]
            cells += [f"{100 * w['ci95'][0]:+.1f} to {100 * w['ci95'][1]:+.1f}", verdict(w["verdict"])]
            body.append(row_html(cells))
        body.append("</table></details>")
    return _page(title, "".join(body))


def _page(title: str, body: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{STYLE}</style></head><body>{body}</body></html>\n"
    )


def _setting_rows(settings: list[dict[str, Any]]) -> list[list[Any]]:
    rows = []
    for s in settings:
        values = ", ".join(f"{k} = {v}" for k, v in s["values"].items())
        low, high = s["spread_ci95"] or (0, 0)
        rates = "; ".join(
            f"{r['label']} {_pct(r['rate'])} ({_pct(r['ci95'][0])} – {_pct(r['ci95'][1])})"
            for r in s["win_rate"].values()
        )
        rows.append([values, s["games"], f"{s['spread']:.3f} ({low:.3f} – {high:.3f})", rates])
    return rows


def tuning_page(tuning: dict[str, Any], title: str = "Revive balance: tuning") -> str:
    """The page of a tuning (:func:`~revive_dsl.balance.tune.tune`): the best setting and the finalists with their
    win rates and intervals, the pack's own setting, and the spread seen at each value of each tunable."""
    run = tuning["run"]
    best = tuning["best"]
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<p>{escape(tuning['method'])}: {tuning['games']} games in {tuning['evaluations']} evaluations of "
        f"{tuning['batch']} games; {escape(', '.join(tuning.get('tribes', {}).get(t, t) for t in run['tribes']))}, "
        f"{run['players']} players, "
        f"computer players {escape(', '.join(run['ai']))}, seed {run['seed']}.</p>",
        f"<p>{escape(tuning['measure'])}.</p>",
        "<h2>Best setting</h2>",
        rate_chart(best["win_rate"], 1 / run["players"]),
    ]
    head = ["setting", "games", "spread (95%)", "win rates (95%)"]
    body.append(_table(head, _setting_rows([best])))
    body += ["<h2>Finalists</h2>", _table(head, _setting_rows(tuning["finalists"]))]
    body += ["<h2>The pack's own setting</h2>", _table(head, _setting_rows([tuning["own"]]))]
    for name, t in tuning["tunables"].items():
        body.append(f"<h2>{escape(name)}</h2>")
        about = f" ({escape(t['about'])})" if t["about"] else ""
        body.append(
            f"<p>Pack {escape(t['pack'])}{about}: range {t['range'][0]}..{t['range'][1]}, its own value {t['own']}, "
            f"the best {t['best']}. The spread of the games played at each value, whatever the others were:</p>"
        )
        body.append(bar_chart({f"{name} = {v}": r["spread"] for v, r in t["values"].items()}))
        rows = [
            [v, r["games"], f"{r['spread']:.3f}", f"{r['spread_ci95'][0]:.3f} – {r['spread_ci95'][1]:.3f}"]
            for v, r in t["values"].items()
        ]
        body.append(_table(["value", "games", "spread", "95% interval"], rows))
    return _page(title, "".join(body))
