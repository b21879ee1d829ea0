"""The README's examples are real: its script example replays, its replay API example runs."""

from __future__ import annotations

import re
from pathlib import Path

from revive_dsl.replay import Replay, load_script_text

README = Path(__file__).resolve().parent.parent / "README.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_the_readme_script_example_replays_with_its_expectations():
    [script] = [b for b in _blocks("yaml") if "\nsteps:" in b]
    replay = Replay(load_script_text(script, "README.md"))
    replay.run()  # a failed expect: raises ReplayError
    assert replay.finished and replay.game.players[1].points == 2


def test_the_readme_replay_api_example_runs(monkeypatch, capsys):
    [code] = [b for b in _blocks("python") if "from revive_dsl.replay import" in b]
    monkeypatch.chdir(README.parent)
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("1 Ann ")
    assert "'gear'" in out.splitlines()[-1]
