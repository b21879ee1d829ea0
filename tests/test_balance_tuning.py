"""Tunable numbers and the tuning: a pack marks a number of its texts tunable (``$name``, declared with its range in
pack.yaml); a load plays it at its own value or at the value a tuning gives; ``revive balance --tune`` searches the
values that even the win rates of the tribes, on a test pack whose one tunable decides which of two tribes wins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from revive_dsl import cli
from revive_dsl.balance import BalanceSetup, run_balance
from revive_dsl.balance.processes import ProcessCluster
from revive_dsl.balance.tune import TuneSetup, spread, tune
from revive_dsl.content.packs import load_packs
from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.formatter import format_program
from revive_dsl.dsl.parser import parse
from revive_dsl.engine.rules import Rules
from revive_dsl.fmt import format_text
from revive_dsl.positions import DslError

_TECHNOLOGIES = """\
        technologies:
          - {id: t1, row: 1, books: 2, points: 1, connects: [t2a, t2b, t2c], name: Book barter,
             effect: "always: pay_book_for gear and pay_book_for food"}
          - {id: t2a, row: 2, books: 3, points: 2, connects: [t3a, t3b], name: Grove blessing,
             effect: "when ability: gain book and points 1"}
          - {id: t2b, row: 2, books: 3, points: 1, connects: [t3a, t3b, t3c], common: tech_side_slot}
          - {id: t2c, row: 2, books: 3, points: 2, connects: [t3b, t3c], name: Green paths,
             effect: "always: free_passage forest and free_passage water"}
          - {id: t3a, row: 3, books: 4, points: 3, common: tech_artifact_crate}
          - {id: t3b, row: 3, books: 4, points: 3, common: tech_artifact_energy}
          - {id: t3c, row: 3, books: 4, points: 3, common: tech_artifact_crate}
"""


def _tribe(tribe: str, name: str, rules: str) -> str:
    return (
        f"  - id: {tribe}\n    name: {name}\n    provenance: representative\n    sides:\n      single:\n"
        f'        ability: "gain book"\n        rules: "{rules}"\n{_TECHNOLOGIES}'
    )


# Two tribes alike but for the points they score at the game's end: the Leaders 10, the Laggards $head_start,
# which the pack plays at 25. The tribes are even where head_start is near 10.
EVEN = {
    "pack.yaml": 'id: even\nname: Even\nversion: "1.0"\ndepends: [base]\ntunables:\n'
    "  head_start: {value: 25, tune: 1..30, about: points the Laggards score at the game's end}\n",
    "tribes.yaml": "kind: tribe\ncomponents:\n"
    + _tribe("leaders", "Leaders", "at game end: points 10")
    + _tribe("laggards", "Laggards", "at game end: points $head_start"),
}


def _pack(tmp_path: Path, files: dict[str, str], name: str = "even") -> str:
    folder = tmp_path / name
    folder.mkdir()
    for file, text in files.items():
        (folder / file).write_text(text)
    return str(folder)


def _laggards_rule(content) -> n.Call:
    return content.components["laggards"].effects["sides.single.rules"].clauses[0].body


def test_a_tunable_number_is_written_with_its_name_and_formatted_back_so():
    tree = parse(
        "pay $cost gear -> points $reward; score $a/7 at 3/$b crates", tunables={"cost": 2, "reward": 4, "a": 5, "b": 6}
    )
    assert format_program(tree) == "pay $cost gear -> points $reward; score $a/7 at 3/$b crates"
    trade = tree.clauses[0].body
    assert trade.cost.amounts[0].count == 2 and trade.gain.args[0].value == 4
    assert isinstance(trade.gain.args[0].value, n.Tuned) and trade.gain.args[0].value.name == "reward"
    text = 'kind: crate\ncomponents:\n  - id: c\n    provenance: representative\n    effect: "gain  $r book"\n'
    assert format_text(text, "c.yaml").new_text == text.replace("gain  $r", "gain $r")


def test_an_account_of_a_tunable_text_gives_the_number_it_plays_at():
    from revive_dsl.dsl.explain import explain

    tree = parse("at round end: if heat >= $warm: points $boil", tunables={"warm": 2, "boil": 4})
    english = explain(tree)
    assert "at least 2 heat" in english and "4" in english and "Tuned" not in english


def test_a_pack_plays_its_tunables_at_their_own_value_or_at_the_tunings(tmp_path):
    folder = _pack(tmp_path, EVEN)
    own = load_packs(["base", folder])
    assert _laggards_rule(own).args[0].value == 25
    assert own.tunables()["head_start"].values == range(1, 31)
    assert _laggards_rule(load_packs(["base", folder], {"head_start": 3})).args[0].value == 3
    rules = Rules.load(("base", folder, "tune:head_start=7"))  # the tuning travels as the pack list's last entry
    assert _laggards_rule(rules.content).args[0].value == 7
    assert _laggards_rule(Rules.load(("base", folder)).content).args[0].value == 25


def test_a_tunable_the_pack_does_not_declare_is_an_error_at_its_place(tmp_path):
    files = dict(EVEN, **{"tribes.yaml": EVEN["tribes.yaml"].replace("points $head_start", "points $headstart")})
    with pytest.raises(DslError) as err:
        load_packs(["base", _pack(tmp_path, files)])
    (problem,) = err.value.diagnostics
    assert problem.message == "no tunable named 'headstart': the pack's tunables are $head_start"
    line = files["tribes.yaml"].splitlines().index('        rules: "at game end: points $headstart"') + 1
    assert (problem.pos.line, problem.pos.column) == (line, 37)


@pytest.mark.parametrize(
    ("tunable", "message"),
    [
        ("{value: 40, tune: 1..30}", "tunable 'head_start': its value 40 is outside its range 1..30"),
        ("{value: 4, tune: 9..3}", "tunable 'head_start': range 9..3 is empty; write LOW..HIGH"),
    ],
)
def test_a_tunables_own_value_must_lie_in_its_range(tmp_path, tunable, message):
    files = dict(EVEN, **{"pack.yaml": EVEN["pack.yaml"].split("  head_start:")[0] + f"  head_start: {tunable}\n"})
    with pytest.raises(DslError) as err:
        load_packs(["base", _pack(tmp_path, files)])
    assert [d.message for d in err.value.diagnostics] == [message]
    pos = err.value.diagnostics[0].pos
    assert pos.file.endswith("even/pack.yaml") and pos.line == 6  # at the value or the range it names


def test_balance_set_plays_a_tunable_at_a_value_and_refuses_one_out_of_range(tmp_path, capsys):
    folder = _pack(tmp_path, EVEN)
    argv = ["balance", "--packs", f"base,{folder}", "--tribes", "leaders,laggards", "--ai", "random", "--workers", "0"]
    assert cli.main([*argv, "--set", "head_start=31", "--games", "2", "--out", str(tmp_path / "a")]) == 2
    assert "tune:head_start=31: tunable 'head_start' is tuned to 31, outside its range 1..30" in capsys.readouterr().err
    assert cli.main([*argv, "--set", "head_start=", "--games", "2", "--out", str(tmp_path / "a")]) == 2
    assert "--set head_start=: write NAME=VALUE" in capsys.readouterr().err
    assert cli.main([*argv, "--set", "head_start=30", "--games", "4", "--out", str(tmp_path / "b")]) == 0
    report = json.loads((tmp_path / "b" / "report.json").read_text())
    assert report["setup"]["packs"][-1] == "tune:head_start=30"
    assert report["score_by_tribe"]["laggards"]["mean"] - report["score_by_tribe"]["leaders"]["mean"] > 10


def test_the_spread_is_each_tribe_and_sides_distance_from_an_even_share():
    def game(*won: bool) -> dict:
        return {"seats": [{"tribe": t, "side": "sun", "won": w} for t, w in zip("abc", won, strict=False)]}

    assert spread([game(True, False), game(False, True)]) == 0.0
    assert spread([game(True, False), game(True, False)]) == 0.5
    assert spread([game(True, False, False)] * 3) == round((2 / 3 + 1 / 3 + 1 / 3) / 3, 4)


@pytest.fixture(scope="module")
def even_pack(tmp_path_factory) -> str:
    return _pack(tmp_path_factory.mktemp("tuning"), EVEN)


@pytest.fixture(scope="module")
def tuned(even_pack) -> dict:
    run = BalanceSetup(packs=("base", even_pack), tribes=("leaders", "laggards"), ai=("random",), seed=3)
    return tune(TuneSetup(run, budget=320))


def test_tuning_finds_the_value_that_evens_two_tribes(tuned):
    """The pack plays the Laggards at 25 points to the Leaders' 10, and they win most games; the tuning must find
    a value near 10 whose own games (the confirming ones included) put each tribe's win rate's 95% interval
    around an even 50%, and say that the pack's own setting is far from even."""
    best = tuned["best"]
    assert 4 <= best["values"]["head_start"] <= 18
    assert best["games"] >= 24
    for rate in best["win_rate"].values():
        assert rate["ci95"][0] <= 0.5 <= rate["ci95"][1] and rate["n"] == best["games"]
    values = tuned["tunables"]["head_start"]["values"]
    high = [row["spread"] for value, row in values.items() if int(value) >= 24]
    assert sum(high) / len(high) > best["spread"] + 0.1
    assert tuned["own"]["values"] == {"head_start": 25} and tuned["own"]["win_rate"]["laggards/single"]["rate"] > 0.5
    assert tuned["games"] == sum(row["games"] for row in values.values()) == 320
    assert tuned["log"][-1]["phase"] == "confirm" and best in tuned["finalists"]


def test_a_tuning_is_the_same_on_a_scheduler_and_workers_of_their_own(even_pack):
    run = BalanceSetup(packs=("base", even_pack), tribes=("leaders", "laggards"), ai=("random",), seed=5)
    setup = TuneSetup(run, budget=32)
    cluster = ProcessCluster(workers=1)
    try:
        with cluster.client() as client:
            remote = tune(setup, client)
    finally:
        cluster.close()
    assert remote == tune(setup)


def test_balance_tune_writes_its_report_and_page_and_overwrites_nothing_unasked(even_pack, tmp_path, capsys):
    out = tmp_path / "tuning"
    argv = ["balance", "--packs", f"base,{even_pack}", "--tribes", "leaders,laggards", "--ai", "random"]
    argv += ["--workers", "0", "--tune", "--games", "32", "--out", str(out)]
    assert cli.main(argv) == 0
    printed = capsys.readouterr().out
    report = json.loads((out / "tuning.json").read_text())
    best = report["best"]["values"]["head_start"]
    assert f"best  head_start={best}:" in printed and "own   head_start=25:" in printed
    page = (out / "tuning.html").read_text()
    assert "Laggards" in page and f"head_start = {best}" in page
    assert report["tribes"] == {"leaders": "Leaders", "laggards": "Laggards"} and "Leaders, Laggards" in page
    assert "<script src" not in page and "http" not in page.replace("https://", "")
    assert cli.main(argv) == 2
    assert "tuning.json is there already" in capsys.readouterr().err
    assert cli.main([*argv, "--force"]) == 0
    assert json.loads((out / "tuning.json").read_text()) == report


def test_tuning_refuses_what_it_cannot_tune(tmp_path, capsys):
    argv = ["balance", "--tribes", "nadair,formica", "--ai", "random", "--workers", "0", "--games", "40"]
    assert cli.main([*argv, "--tune", "--out", str(tmp_path / "t")]) == 2
    assert "the packs declare no tunables" in capsys.readouterr().err
    folder = _pack(tmp_path, EVEN)
    argv = ["balance", "--packs", f"base,{folder}", "--tribes", "leaders,laggards", "--ai", "random", "--workers", "0"]
    assert cli.main([*argv, "--tune", "nope", "--games", "40", "--out", str(tmp_path / "t")]) == 2
    assert "no pack declares a tunable 'nope' (declared: head_start)" in capsys.readouterr().err
    assert cli.main([*argv, "--tune", "--games", "10", "--out", str(tmp_path / "t")]) == 2
    assert "a budget of 10 games is too small: give at least 16" in capsys.readouterr().err
    assert cli.main([*argv, "--tune", "--resume", "--games", "40", "--out", str(tmp_path / "t")]) == 2
    assert "--tune searches one content: give it without --compare and --resume" in capsys.readouterr().err
    assert cli.main([*argv, "--tune", "--set", "head_start=3", "--games", "40", "--out", str(tmp_path / "t")]) == 2
    assert "every tunable the packs declare is set (--set): none is left to tune" in capsys.readouterr().err
    assert not (tmp_path / "t").exists()


def test_a_run_with_a_tuning_reports_like_any_run(even_pack):
    setup = BalanceSetup(
        packs=("base", even_pack, "tune:head_start=1"), tribes=("leaders", "laggards"), ai=("random",), games=4
    )
    report = run_balance(setup)
    assert report["games"] == 4 and report["names"]["laggards"] == "Laggards"


def test_a_tunable_two_packs_declare_is_an_error_at_the_second(tmp_path):
    first = _pack(tmp_path, EVEN)
    other = {"pack.yaml": EVEN["pack.yaml"].replace("id: even", "id: other").replace("name: Even", "name: Other")}
    with pytest.raises(DslError) as err:
        load_packs(["base", first, _pack(tmp_path, other, "other")])
    (problem,) = err.value.diagnostics
    assert problem.message == "tunable 'head_start' is declared by pack 'even' already"
    assert problem.pos.file.endswith("other/pack.yaml") and problem.pos.line == 6


def test_the_compiled_content_cache_keeps_each_tuning_apart(tmp_path, monkeypatch):
    from revive_dsl.content.cache import load_packs as cached

    monkeypatch.setenv("REVIVE_CACHE", str(tmp_path / "cache"))
    folder = _pack(tmp_path, EVEN)
    for _ in range(2):  # compiled, then read back from the cache
        assert _laggards_rule(cached(["base", folder])).args[0].value == 25
        assert _laggards_rule(cached(["base", folder], {"head_start": 6})).args[0].value == 6
    assert len(list((tmp_path / "cache").glob("*.content.pickle"))) == 2
