"""The pytest plugin: each replay script is one test item, snapshotted step by step (run here with pytester)."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

SCRIPT = """\
format: 1
title: small
players: [{name: Ann, tribe: nadair, side: sun}]
setup: {seed: 3}
steps:
  - Ann switch food
  - Ann end
  - move: Ann trade_crystal food
    expect: {Ann.resources.food: 2}
"""


@pytest.fixture
def corpus(pytester: pytest.Pytester) -> pytest.Pytester:
    """A tmp project with one script in replays/ and its snapshots written."""
    pytester.mkdir("replays")
    (pytester.path / "replays" / "small.yaml").write_text(SCRIPT, encoding="utf-8")
    result = pytester.runpytest("replays", "--snapshot-update", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    return pytester


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest(*args, "-p", "no:cacheprovider")


def edit(pytester: pytest.Pytester, old: str, new: str) -> None:
    path = pytester.path / "replays" / "small.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_a_script_is_one_item_and_its_snapshot_file_has_one_section_per_step(corpus: pytest.Pytester) -> None:
    snap = (corpus.path / "replays" / "__snapshots__" / "small.snap").read_text(encoding="utf-8")
    headers = [line for line in snap.splitlines() if line.startswith("## ")]
    assert headers == ["## step 000", "## step 001", "## step 002", "## step 003"]
    assert "  Ann.resources.food = 0" in snap  # step 000: the whole start state
    step1 = snap.split("## step 001\n")[1].split("## ")[0]
    wanted = ["  Ann switch food", "  Ann.resources.food: 0 -> 1", "  Ann.switch_used: false -> true"]
    assert step1.splitlines()[:3] == wanted
    assert "  final state:" in snap.split("## step 003\n")[1]
    result = run(corpus, "replays", "--collect-only", "-q")
    assert "replays/small.yaml::replay" in result.stdout.str()
    result = run(corpus, "replays")
    result.assert_outcomes(passed=1)
    assert "4 snapshots passed" in result.stdout.str()


def test_a_changed_state_names_the_step_and_shows_a_diff(corpus: pytest.Pytester) -> None:
    edit(corpus, "Ann switch food", "Ann switch book")
    edit(corpus, "food: 2", "food: 1")
    result = run(corpus, "replays")
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert "replays/small.yaml: step 001 (Ann switch book): the state differs from the snapshot" in out
    for line in ("    -Ann switch food", "    -Ann.resources.food: 0 -> 1", "    +Ann.resources.book: 0 -> 1"):
        assert line in result.stdout.lines
    assert "1 later step(s) differ as well: 003" in out
    assert "Traceback" not in out and "pytest_plugin.py" not in out
    run(corpus, "replays", "--snapshot-update").assert_outcomes(passed=1)
    result = run(corpus, "replays")
    result.assert_outcomes(passed=1)
    snap = (corpus.path / "replays" / "__snapshots__" / "small.snap").read_text(encoding="utf-8")
    assert "  Ann.resources.book: 0 -> 1" in snap and "Ann switch food" not in snap


def test_a_missing_snapshot_fails_until_written(pytester: pytest.Pytester) -> None:
    pytester.mkdir("replays")
    (pytester.path / "replays" / "small.yaml").write_text(SCRIPT, encoding="utf-8")
    result = run(pytester, "replays")
    result.assert_outcomes(failed=1)
    assert "replays/small.yaml: step 000 (the start state): no snapshot stored in __snapshots__/small.snap" in (
        result.stdout.str()
    )


def test_a_bad_move_shows_the_positioned_message_and_no_traceback(corpus: pytest.Pytester) -> None:
    edit(corpus, "Ann trade_crystal food", "Ann trade_crystal tea")
    result = run(corpus, "replays")
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert (
        "replays/small.yaml:8:29: step 3 (Ann trade_crystal tea): 'tea' is not a legal answer for trade a crystal"
        in out
    )
    assert "legal: gear, book, food" in out
    assert "      - move: Ann trade_crystal tea" in result.stdout.lines
    assert "Traceback" not in out and "ReplayError" not in out and "pytest_plugin.py" not in out


def test_an_expect_failure_shows_wanted_and_actual(corpus: pytest.Pytester) -> None:
    edit(corpus, "food: 2", "food: 5")
    result = run(corpus, "replays")
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    where = "replays/small.yaml:9:34: step 3 (Ann trade_crystal food)"
    assert f"{where}: expect Ann.resources.food: wanted 5, the state has 2" in out
    assert "Traceback" not in out


def test_a_broken_script_is_a_clean_failure(pytester: pytest.Pytester) -> None:
    pytester.mkdir("replays")
    (pytester.path / "replays" / "broken.yaml").write_text(
        SCRIPT.replace("Ann switch food", "Ann switch food )").replace("format: 1", "format: one"), encoding="utf-8"
    )
    result = run(pytester, "replays")
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert "replays/broken.yaml:1:9: schema: at format:" in out
    assert "Traceback" not in out


def test_scripts_named_on_the_command_line_are_collected_and_content_files_are_not(pytester: pytest.Pytester) -> None:
    pytester.mkdir("elsewhere")
    (pytester.path / "elsewhere" / "mine.yaml").write_text(SCRIPT, encoding="utf-8")
    (pytester.path / "elsewhere" / "other.yaml").write_text(SCRIPT, encoding="utf-8")
    pytester.mkdir("replays")
    (pytester.path / "replays" / "cards.yaml").write_text("kind: citizen_card\ncomponents: []\n", encoding="utf-8")
    result = run(pytester, "elsewhere/mine.yaml", "replays", "--collect-only", "-q")
    out = result.stdout.str()
    assert "elsewhere/mine.yaml::replay" in out
    assert "other.yaml" not in out and "cards.yaml" not in out
    run(pytester, "elsewhere/mine.yaml", "--snapshot-update").assert_outcomes(passed=1)
    assert (pytester.path / "elsewhere" / "__snapshots__" / "mine.snap").is_file()


def test_the_scripts_of_a_pack_are_collected_wherever_the_pack_keeps_them(pytester: pytest.Pytester) -> None:
    pytester.mkdir("my_pack")
    (pytester.path / "my_pack" / "pack.yaml").write_text("id: my_pack\nname: P\nversion: '1.0'\n", encoding="utf-8")
    pytester.mkdir("my_pack/scripts")
    (pytester.path / "my_pack" / "scripts" / "try-it.yaml").write_text(SCRIPT, encoding="utf-8")
    result = run(pytester, "my_pack", "--collect-only", "-q")
    assert "my_pack/scripts/try-it.yaml::replay" in result.stdout.str()
