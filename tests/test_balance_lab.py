"""The balance lab: a report's figures on small fixed runs; the same figures in this process, on a local Dask
cluster and on a scheduler and workers started as processes of their own; a worker lost mid-run; --resume; the
command line's refusals and --compare."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from revive_dsl import cli
from revive_dsl.balance import BalanceSetup, run_balance
from revive_dsl.balance.processes import ProcessCluster
from revive_dsl.balance.run import game_file, play_games

SMALL = BalanceSetup(packs=("base",), tribes=("nadair", "formica", "ox49"), ai=("random",), games=6, seed=11)


@pytest.fixture(scope="module")
def in_process() -> dict:
    return run_balance(SMALL)


def test_the_report_adds_up_on_a_small_fixed_run(in_process):
    report = in_process
    assert report["games"] == 6 and report["seat_games"] == 12
    by_tribe = report["win_rate"]["by_tribe"]
    assert {t: r["n"] for t, r in by_tribe.items()} == {"formica": 4, "nadair": 4, "ox49": 4}  # rotated evenly
    assert {s: r["n"] for s, r in report["win_rate"]["by_side"].items()} == {"moon": 6, "sun": 6}
    wins = sum(r["wins"] for r in by_tribe.values())
    assert 6 <= wins <= 12  # one winner a game, more on a shared victory
    for r in by_tribe.values():
        low, high = r["ci95"]
        assert low <= r["rate"] <= high and r["rate"] == round(r["wins"] / r["n"], 4)
    sources = sum(s["total"] for s in report["points_by_source"].values())
    assert sources == round(report["score"]["mean"] * 12)  # every point has a source
    assert sum(report["length"]["rounds_histogram"].values()) == 6
    for ids in report["components"].values():
        for c in ids.values():
            assert 1 <= c["taken"] <= 12 and c["win_rate_when_taken"]["n"] == c["taken"]
    assert set(report["components"]) >= {"citizen_card", "machine_token", "technology"}


def test_the_same_run_gives_the_same_report_byte_for_byte(in_process):
    again = run_balance(SMALL)
    assert json.dumps(again, sort_keys=True) == json.dumps(in_process, sort_keys=True)


def test_a_local_cluster_gives_the_same_report(in_process):
    from distributed import Client, LocalCluster

    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        Client(cluster) as client,
    ):
        assert run_balance(SMALL, client=client) == in_process


@pytest.fixture
def cluster(request):
    made = ProcessCluster(workers=getattr(request, "param", 1))
    yield made
    made.close()


def test_a_scheduler_and_a_worker_of_their_own_give_the_same_report(cluster, in_process, tmp_path):
    with cluster.client() as client:
        assert run_balance(SMALL, client=client) == in_process
    out = tmp_path / "run"
    argv = ["balance", "--games", "6", "--seed", "11", "--ai", "random", "--tribes", "nadair,formica,ox49"]
    assert cli.main([*argv, "--out", str(out), "--scheduler", cluster.address]) == 0
    figures = json.loads((out / "report.json").read_text())
    assert figures["setup"]["tribe_sides"] == {t: ["sun", "moon"] for t in ("nadair", "formica", "ox49")}
    assert {**figures, "setup": None} == json.loads(json.dumps({**in_process, "setup": None}))


@pytest.mark.parametrize("cluster", [2], indirect=True)
def test_a_worker_killed_mid_run_loses_no_game(cluster):
    setup = BalanceSetup(packs=("base",), tribes=("nadair", "formica"), ai=("greedy",), games=10, seed=5)
    with cluster.client() as client:
        results, killed_at = [], None
        for figures in play_games(setup, range(setup.games), client):
            results.append(figures)
            if killed_at is None:
                cluster.workers[0].send_signal(signal.SIGKILL)
                killed_at = len(results)
        assert cluster.workers[0].wait(timeout=10) == -signal.SIGKILL
    print(f"worker killed after {killed_at} of {setup.games} games; {len(results)} games reported")
    assert killed_at < setup.games
    assert sorted(f["index"] for f in results) == list(range(setup.games))
    alone = {f["index"]: f for f in play_games(setup, [0, 9])}
    assert {f["index"]: f for f in results if f["index"] in alone} == alone


ARGS = ["balance", "--games", "4", "--seed", "3", "--ai", "random", "--tribes", "nadair,formica", "--workers", "0"]


def test_resume_plays_only_the_missing_games(tmp_path, capsys):
    out = tmp_path / "run"
    assert cli.main([*ARGS, "--out", str(out)]) == 0
    whole = json.loads((out / "report.json").read_text())
    game_file(out, 1).unlink()
    game_file(out, 3).unlink()
    kept = json.loads(game_file(out, 0).read_text())
    game_file(out, 0).write_text(json.dumps({**kept, "mark": "not played again"}))
    assert cli.main([*ARGS, "--out", str(out), "--resume"]) == 0
    assert json.loads(game_file(out, 0).read_text())["mark"] == "not played again"
    assert json.loads(game_file(out, 1).read_text()) == whole_game(whole, out, 1)
    assert json.loads((out / "report.json").read_text()) == whole
    more = [a if a != "4" else "6" for a in ARGS]  # a longer run with the same settings: two games more
    assert cli.main([*more, "--out", str(out), "--resume"]) == 0
    assert sorted(p.name for p in (out / "games").iterdir())[-1] == "game-000005.json"
    capsys.readouterr()


def whole_game(_report: dict, out: Path, index: int) -> dict:
    return json.loads(game_file(out, index).read_text())


def test_an_existing_run_is_not_overwritten_unasked(tmp_path, capsys):
    out = tmp_path / "run"
    assert cli.main([*ARGS, "--out", str(out)]) == 0
    before = {p.name: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    capsys.readouterr()
    assert cli.main([*ARGS, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("revive balance: ") and "not overwriting" in err and err.count("\n") == 1
    assert {p.name: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    other = [a if a != "3" else "4" for a in ARGS]  # another seed
    assert cli.main([*other, "--out", str(out), "--resume"]) == 2
    assert "other settings" in capsys.readouterr().err
    assert cli.main([*other, "--out", str(out), "--force"]) == 0
    assert json.loads((out / "run.json").read_text())["seed"] == 4


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--ai", "clever"], "revive balance: --ai: unknown computer player 'clever'"),
        (["--tribes", "nadair,elves"], "revive balance: unknown tribe(s): elves"),
        (["--tribes", "nadair"], "revive balance: 2 seats need at least 2 tribes"),
        (["--games", "0"], "revive balance: --games must be from 1 to 1000000"),
        (["--compare", "nowhere", "nowhere2"], "revive balance: --compare nowhere: no such folder"),
        (["--scheduler", "foo:bar"], "revive balance: --scheduler foo:bar: not an address such as tcp://HOST:8786"),
    ],
)
def test_bad_input_gets_one_line(tmp_path, capsys, extra, message):
    assert cli.main([*ARGS, "--out", str(tmp_path / "run"), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1
    assert not (tmp_path / "run").exists()


def test_without_dask_it_says_how_to_install_it(tmp_path, capsys, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "distributed" else real(name))
    argv = [a for a in ARGS if a not in ("--workers", "0")]
    assert cli.main([*argv, "--out", str(tmp_path / "run")]) == 2
    assert "pip install 'revive-dsl[balance]'" in capsys.readouterr().err


def test_the_page_is_one_self_contained_file(tmp_path, capsys):
    out = tmp_path / "run"
    assert cli.main([*ARGS, "--out", str(out)]) == 0
    page = (out / "report.html").read_text()
    assert page.count("<svg") >= 4 and "Nàdair" in page and "95%" in page
    assert "http" not in page and "<script" not in page and "src=" not in page
    capsys.readouterr()


def test_compare_plays_the_same_games_on_two_packs(tmp_path, capsys):
    import shutil

    from revive_dsl.scaffold import new_pack

    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new_pack("mine", old)
    shutil.copytree(old, new)
    out = tmp_path / "cmp"
    argv = [a for a in ARGS if a != "--workers" and a != "0"]
    assert (
        cli.main([*argv, "--workers", "0", "--compare", str(old / "mine"), str(new / "mine"), "--out", str(out)]) == 0
    )
    diff = json.loads((out / "compare.json").read_text())
    printed = capsys.readouterr().out
    assert "no clear change" in printed  # the same content: no difference
    assert all(r["diff"] == 0 for rates in diff["win_rate"].values() for r in rates.values())
    assert (out / "old" / "report.json").is_file() and (out / "new" / "report.json").is_file()
    assert "<table>" in (out / "compare.html").read_text()
    assert os.path.isdir(out / "old" / "games")


def test_a_packs_own_counters_are_rows_of_the_report_and_its_page(tmp_path):
    from revive_dsl.balance.page import report_page

    emberfall = str(Path(__file__).parent / "example_expansion" / "emberfall")
    setup = BalanceSetup(packs=("base", emberfall), tribes=("nadair", "kuniban"), ai=("random",), games=4, seed=3)
    report = run_balance(setup)
    heat = report["counters"]["heat"]
    assert heat["seats"] == 8 and 0 <= heat["end"]["min"] <= heat["end"]["max"] <= 5
    assert heat["peak"]["max"] >= heat["end"]["max"] and heat["peak"]["max"] > 0  # the forge was stoked
    assert set(report["counters"]) == {"heat", "embers"}  # a counter of the table is no seat's
    assert "The packs' own counters" in report_page(report) and "counters" not in run_balance(SMALL)


def test_the_report_names_tribes_sides_and_components_as_the_content_does(in_process, tmp_path):
    """Names, not ids: a tribe by its board's name, a tribe and side as "NAME (side)", a component by its name, a
    tribe's technology by tribe, side and its own name (the same space of the two sides is two technologies)."""
    from revive_dsl.balance.page import report_page

    rates = in_process["win_rate"]
    assert rates["by_tribe"]["ox49"]["label"] == "]0X49["
    assert {r["label"] for r in rates["by_side"].values()} == {"sun", "moon"}
    assert rates["by_tribe_and_side"]["nadair/sun"]["label"] == "Nàdair (sun)"
    assert in_process["score_by_tribe_and_side"]["ox49/moon"]["label"] == "]0X49[ (moon)"
    assert in_process["names"]["ox49"] == "]0X49[" and "nadair/sun" not in in_process["names"]
    components = in_process["components"]
    assert all(row["label"] not in (cid, "") for kind in components for cid, row in components[kind].items())
    techs = components["technology"]
    sides = {cid: row["label"] for cid, row in techs.items() if "/" in cid}  # the others: common technologies
    assert all(cid.count("/") == 2 for cid in sides)  # TRIBE/SIDE/SPACE
    assert sides and all(label.startswith(("Nàdair (", "Formica (", "]0X49[ (")) for label in sides.values())
    page = report_page(in_process)
    assert ">]0X49[</td>" in page and ">]0X49[ (moon)</td>" in page and ">ox49<" not in page
    out = tmp_path / "run"
    assert cli.main([*ARGS, "--out", str(out)]) == 0  # and the command's own summary
    assert json.loads((out / "report.json").read_text())["win_rate"]["by_tribe"]["formica"]["label"] == "Formica"


def test_a_technology_space_of_each_side_is_named_as_that_side_prints_it():
    from revive_dsl.balance.names import report_names
    from revive_dsl.engine.rules import Rules

    names = report_names(Rules.load(("base",)))
    assert names["nadair/sun/t2a"] == "Nàdair (sun): Grove blessing"
    assert names["nadair/moon/t2a"] == "Nàdair (moon): Written legacy"
    assert names["nadair/sun/t2b"] == "Nàdair (sun): Side slot"  # a space of a common technology


TICKING = {
    "pack.yaml": 'id: ticking\nname: Ticking\nversion: "1.0"\ndepends: [base]\n',
    "counters.yaml": "kind: counter\ncomponents:\n"
    "  - {id: tick, provenance: representative, holder: player, max: 9}\n"
    "  - {id: tock, provenance: representative, holder: player, max: 99, worth: 2}\n",
    "rules.yaml": "kind: game_rule\ncomponents:\n"
    "  - {id: ticking, provenance: representative, effect: 'at turn end: raise tick'}\n"
    "  - {id: tocking, provenance: representative, effect: 'when tick reaches 3: set tick 0 and raise tock'}\n"
    "  - {id: never, provenance: representative, effect: 'when tick reaches 9: raise tock'}\n",
}


def _ticking(tmp_path: Path) -> str:
    folder = tmp_path / "ticking"
    folder.mkdir()
    for name, text in TICKING.items():
        (folder / name).write_text(text)
    return str(folder)


def test_a_counters_rows_give_its_distribution_by_tribe_and_side_and_each_threshold_fired(tmp_path):
    """Every third turn end of a seat its tick reaches 3, which sets it back and raises tock: the report's count of
    that threshold firing must equal the tocks the seats hold at the end, and the threshold that never fires is
    reported at 0 (a finding for the author)."""
    from revive_dsl.balance.page import report_page

    setup = BalanceSetup(packs=("base", _ticking(tmp_path)), tribes=("nadair", "ox49"), ai=("random",), games=4, seed=5)
    report = run_balance(setup, tmp_path / "run")
    tick, tock = report["counters"]["tick"], report["counters"]["tock"]
    fired = tick["thresholds"]["tick reaches 3"]
    games = [json.loads(f.read_text()) for f in sorted((tmp_path / "run" / "games").iterdir())]
    ends = [seat["counters"]["tock"]["end"] for game in games for seat in game["seats"]]
    assert fired["fired"] == sum(ends) > 0 and fired["seats_fired"] == sum(1 for e in ends if e)
    assert fired["per_seat"] == round(sum(ends) / 8, 3)
    assert tick["thresholds"]["tick reaches 9"]["fired"] == 0
    assert sum(tock["distribution"].values()) == 8 and sum(int(v) * n for v, n in tock["distribution"].items()) == sum(
        ends
    )
    rows = fired["by_tribe_and_side"]
    assert sum(row["fired"] for row in rows.values()) == fired["fired"]
    assert {row["label"] for row in rows.values()} == {"Nàdair (sun)", "Nàdair (moon)", "]0X49[ (sun)", "]0X49[ (moon)"}
    groups = tock["by_tribe_and_side"]
    assert set(groups) == set(rows) and sum(g["seats"] * g["end"] for g in groups.values()) == pytest.approx(sum(ends))
    page = report_page(report)
    assert "tick reaches 3" in page and "tick reaches 9" in page and "]0X49[ (moon)" in page


def test_the_expansions_devotion_thresholds_and_state_parts_are_rows_of_the_report(tmp_path):
    """Devotion only rises, so each of its thresholds fired once for every seat whose devotion ended at it or past
    it; and every field of the expansion's part of a player has its row (journeys done, gadgets...)."""
    from revive_dsl.balance.page import report_page

    tribes = ("abyss_tribe_gates", "abyss_tribe_circadian")  # boards of one side: played, though no sides are given
    setup = BalanceSetup(packs=("base", "abyss"), tribes=tribes, ai=("random",), games=4, seed=3)
    report = run_balance(setup, tmp_path / "run")
    games = [json.loads(f.read_text()) for f in sorted((tmp_path / "run" / "games").iterdir())]
    ends = [seat["counters"]["devotion"]["end"] for game in games for seat in game["seats"]]
    thresholds = report["counters"]["devotion"]["thresholds"]
    assert len(thresholds) >= 5 and any(t["fired"] for t in thresholds.values())
    for name, row in thresholds.items():
        mark = int(name.rsplit(" ", 1)[1])
        assert row["fired"] == row["seats_fired"] == sum(1 for end in ends if end >= mark), name
    parts = report["parts"]
    journeys = [seat["parts"]["abyss.journeys_done"] for game in games for seat in game["seats"]]
    assert parts["abyss.journeys_done"]["end"]["mean"] == pytest.approx(sum(journeys) / 8)
    assert "abyss.devotion" not in parts and "abyss.circadian" not in parts  # a counter's row is above; a text has none
    assert {g["label"] for g in parts["abyss.gadgets"]["by_tribe_and_side"].values()} == {"Gate tribe", "Ostarius"}
    page = report_page(report)
    assert "The rules packages' own state" in page and "abyss.journeys_done" in page and "devotion reaches 3" in page


def test_each_clause_of_a_packs_rules_is_counted_each_time_it_acts(tmp_path, capsys):
    """The ticking pack's rule raises tick at each turn end of a seat, and its threshold turns three ticks into a
    tock: the report's count of that rule's clause for a seat must be 3 x tock + tick at the end. A second rule
    raises a counter of its own when a machine is taken: its count must equal that counter. Each clause has its
    row by tribe and side; one that never acted is listed as a finding."""
    from revive_dsl.balance.page import report_page

    folder = Path(_ticking(tmp_path))
    (folder / "counters.yaml").write_text(
        TICKING["counters.yaml"] + "  - {id: machines, provenance: representative, holder: player, max: 99}\n"
    )
    (folder / "rules.yaml").write_text(
        TICKING["rules.yaml"]
        + "  - {id: counting, provenance: representative, effect: 'when take_machine: raise machines'}\n"
    )
    setup = BalanceSetup(packs=("base", str(folder)), tribes=("nadair", "ox49"), ai=("random",), games=4, seed=9)
    report = run_balance(setup, tmp_path / "run")
    games = [json.loads(f.read_text()) for f in sorted((tmp_path / "run" / "games").iterdir())]
    seats = [seat for game in games for seat in game["seats"]]
    for seat in seats:
        counters = seat["counters"]
        turns = 3 * counters["tock"]["end"] + counters["tick"]["end"]
        assert seat["rules"] == {
            "counting: when take_machine": counters["machines"]["end"],
            "ticking: at turn end": turns,
        }
    rules = report["rules"]
    assert set(rules) == {"counting: when take_machine", "ticking: at turn end"}
    ticking = rules["ticking: at turn end"]
    assert ticking["fired"] == sum(seat["rules"]["ticking: at turn end"] for seat in seats) > 0
    assert sum(row["per_seat"] * row["seats"] for row in ticking["by_tribe_and_side"].values()) == pytest.approx(
        ticking["fired"]
    )
    assert report["never"]["acted"] == [name for name, row in rules.items() if row["fired"] == 0]
    assert "The packs' own rules" in report_page(report) and "]0X49[ (moon)" in report_page(report)


def test_a_counters_worth_is_what_a_unit_is_worth_to_the_computer_players(tmp_path):
    from revive_dsl.ai.evaluate import values
    from revive_dsl.engine.declared import part_of
    from revive_dsl.engine.rules import Rules
    from revive_dsl.engine.setup import new_game
    from revive_dsl.extension import VALUE_TERMS

    rules = Rules.load(("base", _ticking(tmp_path)))
    game = new_game(rules, [("Ann", "nadair", "sun"), ("Bo", "ox49", "moon")], seed=1)
    before = values(rules, game)
    part_of(game.players[0], "ticking").tock = 3
    after = values(rules, game)
    assert after[0] - before[0] == pytest.approx(6) and after[1] == before[1]  # worth 2 a tock: 3 tocks, 6 points

    def watched(rules, game, player):  # a rules package's own term (one of no package: every game sees it)
        return 10.0 if player.seat == 1 else 0.0

    VALUE_TERMS.append(watched)
    try:
        assert values(rules, game)[1] - after[1] == pytest.approx(10)
    finally:
        VALUE_TERMS.remove(watched)


def test_the_report_names_what_no_player_scored_from_or_held(tmp_path, capsys):
    """The findings agree with the games' own figures: a line is never scored exactly when no seat of any game
    scored a point from it (a large location's line counted too, which a sheet shows only once one is built on),
    and a component is never held exactly when it is in the catalogue and no seat held it at the end."""
    from revive_dsl.balance.game import catalogue
    from revive_dsl.engine.rules import Rules

    out = tmp_path / "run"
    assert cli.main([*ARGS, "--ai", "greedy", "--out", str(out)]) == 0
    report = json.loads((out / "report.json").read_text())
    seats = [seat for f in sorted((out / "games").iterdir()) for seat in json.loads(f.read_text())["seats"]]
    scored = {line for seat in seats for line, points in seat["sources"].items() if points}
    lines = {line for seat in seats for line in seat["sources"] if line.startswith("end: ")} | {"end: large location"}
    assert report["never"]["scored"] == sorted(lines - scored)
    assert "end: artifact card" in lines and "end: artifact card" not in report["never"]["scored"]
    setup = BalanceSetup(packs=("base",), tribes=("nadair", "formica"), ai=("greedy",), games=4, seed=3)
    held = catalogue(Rules.load(("base",)), setup.to_dict())["held"]
    for kind, ids in held.items():
        had = {cid for seat in seats for cid in seat["taken"].get(kind, [])}
        assert report["never"]["held"].get(kind, []) == sorted(set(ids) - had), kind
    assert "formica/sun/t1" in held["technology"] and "ox49/sun/t1" not in held["technology"]  # the run's tribes
    printed = capsys.readouterr().out
    assert ("never scored from: large location" in printed) == ("end: large location" in report["never"]["scored"])
    page = (out / "report.html").read_text()
    assert "What no player used" in page


def test_a_solo_run_reports_scores_and_no_winner():
    solo = BalanceSetup(packs=("base",), players=1, tribes=("nadair", "formica"), ai=("greedy",), games=2, seed=2)
    report = run_balance(solo)
    assert report["win_rate"]["by_tribe"] == {}
    assert {k: v["n"] for k, v in report["score_by_tribe"].items()} == {"formica": 1, "nadair": 1}
    assert sum(s["total"] for s in report["points_by_source"].values()) == round(report["score"]["mean"] * 2)


def test_a_solo_run_counts_the_games_reaching_each_rank_of_the_rulebooks_table(tmp_path):
    """003's solo table: below 50 a loss, 50+ survivor ... 180+ utopia; each game counted at the rank its total
    reaches, and every rank of the table listed, in its order."""
    solo = BalanceSetup(packs=("base",), players=1, tribes=("nadair", "formica"), ai=("random",), games=6, seed=4)
    report = run_balance(solo, tmp_path / "run")
    ranks = report["solo_ranks"]
    table = ["loss", "survivor", "minor_victory", "regular_victory", "major_victory", "superior_victory", "utopia"]
    assert list(ranks) == table
    assert [r["from"] for r in ranks.values()] == [0, 50, 75, 100, 130, 160, 180]
    games = [json.loads(f.read_text()) for f in sorted((tmp_path / "run" / "games").iterdir())]
    expected = {rank: 0 for rank in ranks}
    for game in games:
        total = game["seats"][0]["total"]
        expected[max((r["from"], rank) for rank, r in ranks.items() if total >= r["from"])[1]] += 1
    assert {rank: r["games"] for rank, r in ranks.items()} == expected
    assert sum(expected.values()) == 6 and "solo_ranks" not in run_balance(SMALL)


def _games(won_by_nadair: int, count: int = 100) -> list[dict]:
    """``count`` two-seat games of nadair against formica, nadair winning the first ``won_by_nadair``."""
    out = []
    for i in range(count):
        won = i < won_by_nadair
        seats = [
            {"seat": 0, "tribe": "nadair", "side": "sun", "ai": "greedy", "total": 60 if won else 40}
            | {"place": 1 if won else 2, "won": won, "sources": {"play": 60 if won else 40}, "taken": {}},
            {"seat": 1, "tribe": "formica", "side": "moon", "ai": "greedy", "total": 40 if won else 60}
            | {"place": 2 if won else 1, "won": not won, "sources": {"play": 40 if won else 60}, "taken": {}},
        ]
        out.append({"index": i, "seed": i, "moves": 100, "turns": 40, "rounds": 20, "seats": seats})
    return out


def test_compare_says_which_win_rate_moved_and_with_what_confidence():
    from revive_dsl.balance.report import build_report, compare

    old = build_report({"players": 2}, _games(30))
    diff = compare(old, build_report({"players": 2}, _games(70)))
    nadair = diff["win_rate"]["by_tribe"]["nadair"]
    assert (nadair["old"], nadair["new"], nadair["diff"], nadair["verdict"]) == (0.3, 0.7, 0.4, "up")
    assert 0 < nadair["ci95"][0] < 0.4 < nadair["ci95"][1]
    assert diff["win_rate"]["by_tribe"]["formica"]["verdict"] == "down"
    assert compare(old, build_report({"players": 2}, _games(34)))["win_rate"]["by_tribe"]["nadair"]["verdict"] == (
        "no clear change"
    )


def test_resume_after_an_edit_to_the_packs_is_refused_rather_than_mixing_two_contents(tmp_path, capsys):
    from revive_dsl.scaffold import new_pack

    new_pack("my_pack", tmp_path)
    pack = tmp_path / "my_pack"
    out = tmp_path / "run"
    args = [*ARGS, "--packs", f"base,{pack}", "--out", str(out)]
    assert cli.main(args) == 0
    game_file(out, 3).unlink()
    edited = sorted(pack.rglob("*.yaml"))[-1]
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    capsys.readouterr()
    assert cli.main([*args, "--resume"]) == 2
    err = capsys.readouterr().err
    assert "the packs' files changed since" in err and err.count("\n") == 1
    assert not game_file(out, 3).exists()  # nothing played into the old run
