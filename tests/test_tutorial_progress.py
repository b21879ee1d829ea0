"""The curriculum: chapters in order, the learner's progress kept in their data folder, `revive tutorial next`."""

from __future__ import annotations

import io
import os
import subprocess
import sys

from rich.console import Console

from revive_dsl.replay.script import load_script
from revive_dsl.terminal.progress import done, mark_done
from revive_dsl.terminal.tutorial import find_tutorial, next_tutorial, run_tutorial, tutorial_names


def revive(*args: str, data) -> subprocess.CompletedProcess:
    env = {**os.environ, "REVIVE_DATA": str(data)}
    return subprocess.run([sys.executable, "-m", "revive_dsl.cli", *args], capture_output=True, text=True, env=env)


def test_a_tutorial_finished_by_the_learner_is_kept_and_next_goes_on_from_there(tmp_path, monkeypatch):
    monkeypatch.setenv("REVIVE_DATA", str(tmp_path))
    assert done() == [] and next_tutorial() == tutorial_names()[0] == "intro"
    script = load_script(find_tutorial("intro"))
    finished = []
    console = Console(file=io.StringIO(), width=100, no_color=True)

    def ask(prompt: str) -> str:  # Enter at every prompt, y when asked: each try-it move is played for the learner
        return "y" if prompt.startswith("play it for you?") else ""

    status = run_tutorial(script, console, ask=ask, interactive=True, on_finish=lambda: finished.append(1))
    assert status == 0
    assert finished == [1]
    mark_done("intro")
    assert done() == ["intro"] and next_tutorial() == tutorial_names()[1]
    listed = revive("tutorial", "--list", data=tmp_path)
    assert listed.returncode == 0
    lines = listed.stdout.splitlines()
    assert "* intro: Introduction to Revive" in lines  # done
    assert lines[1].startswith(">  1 ")  # next: the first chapter
    assert lines[-1].startswith(f"1 of {len(tutorial_names())} done")


def test_progress_that_cannot_be_kept_is_told_and_costs_nothing(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("REVIVE_DATA", str(blocked / "data"))
    assert "your progress could not be kept" in mark_done("intro") and done() == []


def test_a_broken_progress_file_counts_as_no_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("REVIVE_DATA", str(tmp_path))
    (tmp_path / "tutorials.json").write_text("{not json", encoding="utf-8")
    assert done() == [] and mark_done("intro") is None and done() == ["intro"]
