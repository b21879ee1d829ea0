"""The terminal replay viewer (``revive replay``) and the tutorials, called as functions."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from revive_dsl.locations import replays_root
from revive_dsl.replay import Replay, load_script
from revive_dsl.terminal import tutorial, viewer

SCRIPT = """\
format: 1
title: Viewer test
players: [{name: Ann, tribe: nadair, side: sun}]
setup: {seed: 3}
steps:
  - Ann switch food
  - move: Ann end
    note: The turn ends.
  - Ann play start_c_5 top_left
  - Ann end
"""

BROKEN = """\
format: 1
players: [{name: Ann, tribe: nadair, side: sun}]
setup: {seed: 3}
steps:
  - Ann switch food
  - Ann end
  - Ann switch book
"""

MOVES = ["switch food", "end", "play start_c_5 top_left", "end"]


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(SCRIPT, encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="revive replay")
    viewer.add_arguments(parser)
    status = viewer.main(parser.parse_args([*argv, "--no-color", "--width", "80"]))
    out, err = capsys.readouterr()
    return status, out, err


def final_state(path: Path, to: int | None = None):
    return Replay(load_script(path)).run(to)


def test_every_step_and_the_final_panels_are_shown(capsys, script):
    status, out, err = run(capsys, str(script))
    assert status == 0, err
    positions = [out.index(move) for move in ("switch food", "play start_c_5 top_left")]
    assert positions == sorted(positions)
    assert "The turn ends." in out  # the step's note
    assert "Traceback" not in out + err
    # the final panels (map, players, displays, scores) come once, after the last step, with the final state
    assert out.count("Scores (") == 1 and out.index("Scores (Ann to play)") > positions[-1]
    assert out.index("Displays") > positions[-1]
    assert final_state(script).players[0].resources["food"] == 3
    assert "food 3" in out[positions[-1] :]


def test_to_stops_after_step_n_and_from_starts_the_display(capsys, script):
    _, out_to, _ = run(capsys, str(script), "--to", "1")
    assert "switch food" in out_to and "start_c_5 top_left" not in out_to
    _, out_from, _ = run(capsys, str(script), "--from", "3")
    assert "start_c_5 top_left" in out_from and "switch food" not in out_from
    assert "The turn ends." not in out_from  # step 2 was played without being shown


def test_json_is_the_canonical_final_state(capsys, script):
    status, out, _ = run(capsys, str(script), "--json")
    assert status == 0
    assert json.loads(out) == json.loads(final_state(script).to_json())
    assert out.strip() == final_state(script).to_json()
    _, out_to, _ = run(capsys, str(script), "--json", "--to", "2")
    assert out_to.strip() == final_state(script, 2).to_json()


def test_json_with_from_prints_one_line_per_step(capsys, script):
    _, out, _ = run(capsys, str(script), "--json", "--from", "3")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["step"] for line in lines] == [3, 4]
    assert lines[0]["move"] == "Ann play start_c_5 top_left"
    assert lines[-1]["state"] == json.loads(final_state(script).to_json())


@pytest.mark.parametrize("kind", ["svg", "html"])
def test_export_writes_the_recorded_output(capsys, script, tmp_path, kind):
    target = tmp_path / f"replay.{kind}"
    status, _, _ = run(capsys, str(script), "--export", kind, str(target))
    assert status == 0
    text = target.read_text(encoding="utf-8")
    assert ("<svg" in text) if kind == "svg" else ("<html" in text.lower())
    assert "start_c_5" in text


def test_full_shows_the_state_after_each_step(capsys, script):
    _, plain, _ = run(capsys, str(script))
    _, full, _ = run(capsys, str(script), "--full")
    assert plain.count("Scores (") == 1
    assert full.count("Scores (") == 4 + 1  # after each of the 4 steps, and at the end
    _, partial, _ = run(capsys, str(script), "--full", "--from", "3")
    assert partial.count("Scores (") == 2 + 1


def test_an_illegal_move_exits_1_with_the_positioned_message(capsys, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    status, out, err = run(capsys, str(path))
    assert status == 1
    assert f"{path}:7:" in err and "step 3 (Ann switch book)" in err
    assert "Traceback" not in out + err
    assert "The last good state:" in out and "Scores (Ann to play)" in out  # the panels of the state after step 2


def test_a_broken_script_exits_1_without_a_traceback(capsys, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("format: 1\nplayers: []\nsetup: {seed: 1}\nsteps: [Ann fly]\n", encoding="utf-8")
    status, out, err = run(capsys, str(path))
    assert status == 1 and str(path) in err and "Traceback" not in out + err


def test_the_stepper_goes_forward_back_and_to_a_step(script):
    from rich.console import Console

    console = Console(file=io.StringIO(), record=True, width=80, no_color=True)
    replay = Replay(load_script(script))
    commands = iter(["", "", "b", "g 4", "b", "q"])
    viewer.Stepper(replay, console).run(lambda prompt: next(commands))
    assert replay.done == 3
    out = console.export_text()
    assert "back at step 1 of 4" in out and "back at step 3 of 4" in out


# --- tutorials -----------------------------------------------------------------------------------


def test_the_intro_tutorial_replays_and_meets_its_expectations():
    path = replays_root() / "tutorials" / "intro.yaml"
    script = load_script(path)
    game = Replay(script).run()
    assert game.turn.over and game.turn.final_scores[0]["total"] == 19
    assert sum(step.try_it for step in script.steps) >= 4
    assert all(step.hint for step in script.steps if step.try_it)
    verbs = {step.move.verb for step in script.steps}
    assert {"play", "switch", "explore", "build", "populate", "hibernate"} <= verbs
    assert {"machine", "open_crate", "trade_crystal"} <= verbs


def test_every_bundled_tutorial_plays_through_non_interactively():
    from rich.console import Console

    for name in tutorial.tutorial_names():
        console = Console(file=io.StringIO(), record=True, width=100, no_color=True)
        script = load_script(tutorial.find_tutorial(name))
        assert tutorial.run_tutorial(script, console, ask=_never, interactive=False) == 0
        out = console.export_text()
        assert f"End of the tutorial '{script.title}'" in out


def _never(prompt: str) -> str:
    raise AssertionError(f"a non-interactive tutorial asked: {prompt}")


def test_a_wrong_move_shows_the_hint_and_the_legal_options():
    from rich.console import Console

    script = load_script(tutorial.find_tutorial("intro"))
    console = Console(file=io.StringIO(), record=True, width=100, no_color=True)
    # the welcome and steps 1 and 2 wait for Enter; step 3 is a try-it step: an illegal card, a legal but other
    # move, the move shown, then right
    typed = ["", "", "", "play cit_smith top_left", "play start_c_3 top_left", "show", "Ann play start_c_1 bottom_left"]
    typed.append("q")
    answers = iter(typed)
    assert tutorial.run_tutorial(script, console, ask=lambda prompt: next(answers), interactive=True) == 0
    out = console.export_text()
    assert (
        "that move cannot be made" in out
        and "legal: start_c_1 (Mechanic (C)), start_c_3 (Reader (C)), start_c_5 (Grower (C))" in out
    )
    assert "that move is legal, but it is not the one this tutorial makes here" in out
    assert "The move here is: Ann play start_c_1 bottom_left" in out
    assert "Hint: The Smith's slot symbol" in out
    assert "Well done" in out and "Tutorial stopped." in out


def test_skipping_a_try_step_plays_the_scripted_move():
    from rich.console import Console

    script = load_script(tutorial.find_tutorial("intro"))
    console = Console(file=io.StringIO(), record=True, width=100, no_color=True)
    answers = iter(["", "", "", "skip", "q"])
    tutorial.run_tutorial(script, console, ask=lambda prompt: next(answers), interactive=True)
    assert "Played for you: Ann play start_c_1 bottom_left" in console.export_text()


def test_tutorial_command_lists_and_rejects_unknown_names(capsys):
    parser = argparse.ArgumentParser()
    tutorial.add_arguments(parser)
    assert tutorial.main(parser.parse_args(["--list", "--no-color"])) == 0
    assert "intro" in capsys.readouterr().out
    assert tutorial.main(parser.parse_args(["intor"])) == 1
    assert "did you mean 'intro'?" in capsys.readouterr().err


def test_a_try_step_accepts_answers_by_name():
    from rich.console import Console

    script = load_script(tutorial.find_tutorial("intro"))
    console = Console(file=io.StringIO(), record=True, width=100, no_color=True)
    answers = iter(["", "", "", "play mechanic bottom_left", "q"])  # start_c_1 is the Mechanic (C)
    tutorial.run_tutorial(script, console, ask=lambda prompt: next(answers), interactive=True)
    assert "Well done" in console.export_text()


def test_a_mistyped_move_gets_a_did_you_mean():
    from rich.console import Console

    script = load_script(tutorial.find_tutorial("intro"))
    console = Console(file=io.StringIO(), record=True, width=120, no_color=True)
    answers = iter(["", "", "", "plya start_c_1 bottom_left", "q"])
    tutorial.run_tutorial(script, console, ask=lambda prompt: next(answers), interactive=True)
    assert "did you mean 'play'?" in console.export_text()
