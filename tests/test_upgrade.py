"""Scripts of an older format are brought up to the current one (``revive upgrade``): each format's reading
answers what today's rules ask and the older engine did unasked, the file keeps its comments and layout, and a
script that cannot be upgraded with certainty is left alone with a positioned message."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from revive_dsl.positions import DslError
from revive_dsl.replay import Replay, load_script_text
from revive_dsl.replay.script import FORMAT
from revive_dsl.upgrade import FIRST_NOTATION_EXAMPLE, outcomes_text, upgrade_text

ROOT = Path(__file__).resolve().parent.parent
BEFORE = ROOT / "tests" / "data" / "upgrade" / "before-2026-11-23"
# The scripts of the corpus whose moves the rules of today still allow, read in format 1's first notation; the
# others were played where a later rule (an option that cannot be carried out is no longer offered, a building
# space or machine no longer open) plays differently, and were rewritten by hand when the notation changed.
UPGRADABLE = {
    "games/2p-nadair-ox49.yaml",
    "games/3p-hofstadterians-kuniban-formica.yaml",
    "games/abyss-2p-nadair-gadgets.yaml",
    "games/abyss-solo-circadian.yaml",
    "games/solo-vukuntur-moon.yaml",
    "random/game-102.yaml",
    "random/game-103.yaml",
    "random/game-104.yaml",
    "random/game-105.yaml",
    "random/game-106.yaml",
    "random/game-108.yaml",
    "tutorials/abyss.yaml",
    "tutorials/intro.yaml",
}
CORPUS = sorted(str(p.relative_to(BEFORE)) for p in BEFORE.rglob("*.yaml"))


def replayed(text: str, file: str = "s.yaml") -> Replay:
    replay = Replay(load_script_text(text, file))
    replay.run()
    return replay


def test_a_first_notation_hibernation_is_followed_by_end_and_comments_stay():
    result = upgrade_text(FIRST_NOTATION_EXAMPLE, "s.yaml")
    assert result.new_text is not None and not result.problems
    assert result.new_text.splitlines()[0] == f"format: {FORMAT}"
    assert result.new_text.split("steps:\n")[1] == (
        "  - Ann hibernate 1 gear  # the first hibernation\n  - Ann end\n  - Bob trade_crystal gear\n"
    )
    with pytest.raises(DslError):
        replayed(FIRST_NOTATION_EXAMPLE)  # as written, today's rules wait for Ann's end
    assert replayed(result.new_text).finished


@pytest.mark.parametrize("name", CORPUS)
def test_the_corpus_as_it_was_before_the_notation_change_upgrades_and_verifies(name):
    path = BEFORE / name
    result = upgrade_text(path.read_text(), str(path))
    if name in UPGRADABLE:
        assert not result.problems, result.problems
        replay = replayed(result.new_text, str(path))
        assert replay.finished and replay.script.format == FORMAT
    else:
        assert result.new_text is None
        [problem] = result.problems
        assert problem.pos.file == str(path) and problem.pos.line > 1
        assert problem.message.startswith(f"cannot upgrade to format {FORMAT} with certainty: step ")


def test_a_first_notation_script_gets_use_pay_and_one_kind_per_basic_unit():
    path = BEFORE / "games" / "2p-nadair-ox49.yaml"
    result = upgrade_text(path.read_text(), str(path))
    changed = {c.old: c.new for c in result.changes if c.old}
    assert changed["Bob populate -3,2 t2a -3,2 0,-2"] == "Bob populate -3,2 t2a use -3,2 0,-2"
    path = BEFORE / "games" / "3p-hofstadterians-kuniban-formica.yaml"
    result = upgrade_text(path.read_text(), str(path))
    units = [(c.old.split()[-1], c.new.split()[-2:]) for c in result.changes if "tech_trade" in c.old]
    assert units and all(new == [kind, kind] for kind, new in units)  # "pay basic + basic": one kind, asked per unit


def test_an_expectation_of_a_turn_that_ended_by_itself_moves_to_the_end_step():
    path = BEFORE / "games" / "solo-vukuntur-moon.yaml"
    text = upgrade_text(path.read_text(), str(path)).new_text
    tail = text[text.index("- move: Ann hibernate 3 cit_trader") :]
    assert (
        "  note: The last move; the final scoring gives Ann 15.\n- move: Ann end\n  expect:\n    Ann.points: 15" in tail
    )


def test_a_format_2_script_gets_the_cheapest_payment_where_books_may_stand_in():
    path = ROOT / "replays" / "random" / "game-108.yaml"
    current = path.read_text()
    older = current.replace(f"format: {FORMAT}", "format: 2").replace(
        "P3 populate -3,0 t2c 4book+2food", "P3 populate -3,0 t2c"
    )
    with pytest.raises(DslError) as err:
        replayed(older, "game-108.yaml")
    assert "`revive upgrade game-108.yaml` brings it to format" in str(err.value)
    result = upgrade_text(older, "game-108.yaml")
    assert [(c.old, c.new) for c in result.changes] == [("P3 populate -3,0 t2c", "P3 populate -3,0 t2c 4book+2food")]
    assert result.new_text == current


def test_a_script_already_answering_a_later_question_keeps_its_answer():
    path = ROOT / "replays" / "random" / "game-108.yaml"
    older = path.read_text().replace(f"format: {FORMAT}", "format: 2")
    result = upgrade_text(older, "game-108.yaml")
    assert result.changes == [] and result.new_text == path.read_text()


def test_revive_upgrade_writes_what_it_can_and_leaves_the_rest(tmp_path):
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(FIRST_NOTATION_EXAMPLE)
    bad_text = FIRST_NOTATION_EXAMPLE.replace("Bob trade_crystal gear", "Bob build 9,9 small")
    bad.write_text(bad_text)

    def revive(*args):
        return subprocess.run(
            [sys.executable, "-m", "revive_dsl.cli", "upgrade", *args], capture_output=True, text=True
        )

    check = revive("--check", str(tmp_path))
    assert check.returncode == 1 and good.read_text() == FIRST_NOTATION_EXAMPLE
    done = revive(str(tmp_path))
    assert done.returncode == 1  # one script could not be upgraded
    assert f"upgraded {good}" in done.stdout and "step 1: then 'Ann end'" in done.stdout
    assert f"1 script upgraded to format {FORMAT}, 0 already current, 1 left as they were" in done.stdout
    assert f"{bad}:9:15: cannot upgrade to format {FORMAT} with certainty: step 2 (Bob build 9,9 small)" in done.stderr
    assert bad.read_text() == bad_text and good.read_text().startswith(f"format: {FORMAT}\n")
    again = revive("--check", str(good))
    assert (
        again.returncode == 0 and f"0 scripts would be upgraded to format {FORMAT}, 1 already current" in again.stdout
    )


def test_a_format_3_solo_discard_gets_the_keys_every_other_display_question_uses():
    """Format 4: a component in a display is keyed by its id alone (format 3's solo discard said ``machine:...``)."""
    path = ROOT / "tests" / "data" / "upgrade" / "format-3" / "game-102.yaml"
    text = path.read_text()
    with pytest.raises(DslError) as stopped:  # as written, the replay stops and names the upgrade
        Replay(load_script_text(text, str(path))).run()
    message = stopped.value.diagnostics[0].message
    assert "'module:mod_grey_yellow_4' is not a legal answer for solo: discard from the display" in message
    assert message.endswith(f"(this script is format 3; `revive upgrade {path}` brings it to format {FORMAT})")
    result = upgrade_text(text, str(path))
    assert result.problems == [] and result.reading == "the notation of format 3"
    changed = [(c.old, c.new) for c in result.changes]
    drawn = " done [modules=mod_grey_yellow_6 modules=mod_yellow_8 machines.green=mach_green_7]"
    old, new = "P1 hibernate 2 module:mod_green_6 machine:mach_green_1 module:mod_green_4", "P1 hibernate 2 mod_green_6"
    assert (old + drawn, new + " mach_green_1 mod_green_4" + drawn) in changed
    assert all(":" not in new.split("[")[0] for _, new in changed)
    assert Replay(load_script_text(result.new_text, str(path))).run().turn.over


def test_upgrade_outcomes_writes_what_chance_gave_the_setup_and_nothing_else(tmp_path):
    """``revive upgrade --outcomes``: a recorded game gets its setup's outcomes, replays to the same states, and a
    second run finds nothing to do; a flow-style ``setup: {...}`` is written out as a block, its seed kept."""
    source = ROOT / "replays" / "games" / "solo-vukuntur-moon.yaml"
    text = source.read_text()
    start, stop = text.index("\nsetup:\n"), text.index("\nsteps:\n")
    bare = text[:start] + "\nsetup: {seed: 11, draws: seed}" + text[stop:]  # the game as written before outcomes
    path = tmp_path / "game.yaml"
    path.write_text(bare)

    def revive(*args):
        return subprocess.run(
            [sys.executable, "-m", "revive_dsl.cli", "upgrade", *args], capture_output=True, text=True
        )

    done = revive("--outcomes", str(path))
    assert done.returncode == 0 and "setup.outcomes: everything chance gave the setup" in done.stdout
    written = path.read_text()
    assert "  seed: 11\n  draws: seed\n  recorded: true\n  outcomes:\n    starting_tiles:\n" in written
    assert written.replace(written[written.index("\nsetup:\n") : written.index("\nsteps:\n")], "") == bare.replace(
        "\nsetup: {seed: 11, draws: seed}", ""
    )  # nothing else of the file changed
    assert replayed(written, "game.yaml").game.to_json() == replayed(bare, "game.yaml").game.to_json()
    again = revive("--outcomes", "--check", str(path))
    assert again.returncode == 0 and "0 scripts would be upgraded" in again.stdout


def test_upgrade_outcomes_marks_a_script_that_writes_every_outcome_already_as_recorded():
    """A game recorded before ``setup.recorded`` existed names every item of its piles: the upgrade adds the mark
    (so a component its packs gain later stays out of reach of its moves) and changes nothing else."""
    source = ROOT / "replays" / "games" / "solo-vukuntur-moon.yaml"
    marked = source.read_text()
    assert "\n  recorded: true\n" in marked  # the bundled game is upgraded already
    older = marked.replace("\n  recorded: true\n", "\n")
    new, problem = outcomes_text(older, str(source))
    assert problem is None and new == marked
    assert outcomes_text(marked, str(source)) == (None, None)


def test_a_script_naming_the_scouts_old_id_replays_and_upgrade_writes_the_new_one():
    """``cat_scout`` was a typo that became the Scout's id; it is ``cit_scout`` now. A script of any format naming the
    old id (its setup, its moves, what they reveal) still replays, as the same game, and ``revive upgrade`` writes
    the new id without changing the format."""
    path = ROOT / "replays" / "random" / "game-104.yaml"
    new = path.read_text()
    assert "cat_scout" not in new and new.count("cit_scout") >= 4  # the bundled script is upgraded already
    old = new.replace("cit_scout", "cat_scout")
    assert "P2 play cat_scout top_left" in old and "[citizens=cat_scout" in old
    assert replayed(old, str(path)).game.to_json() == replayed(new, str(path)).game.to_json()
    result = upgrade_text(old, str(path))
    assert result.problems == [] and result.reading == "its own format" and result.new_text == new
    assert [c.new for c in result.changes] == ["renamed ids: cat_scout -> cit_scout (5 lines)"]
    assert upgrade_text(new, str(path)).current  # nothing left to upgrade


def test_an_older_format_naming_the_old_id_gets_the_new_one_with_its_other_upgrades():
    path = BEFORE / "games" / "2p-nadair-ox49.yaml"
    text = path.read_text()
    assert "cat_scout" in text
    result = upgrade_text(text, str(path))
    assert not result.problems and result.new_text is not None
    assert "cat_scout" not in result.new_text and "cit_scout" in result.new_text
    assert any(c.new.startswith("renamed ids: cat_scout -> cit_scout") for c in result.changes)
    assert replayed(result.new_text, str(path)).finished
