"""A step's snapshot text flattens only the parts of the state the step changed (a player, the board, the
supply, ...): it must say exactly what comparing the two whole states says, on every step of the corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.replay import Replay, load_script
from revive_dsl.replay.snapshot import StepSnapshots, _state, change_lines, flatten

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("replays/*/*.yaml"))


@pytest.mark.parametrize("name", SCRIPTS)
def test_each_steps_changes_are_those_of_the_whole_states(name: str) -> None:
    replay = Replay(load_script(ROOT / name))
    snaps = StepSnapshots(replay.states[0])
    previous = flatten(_state(replay.states[0]))
    for result in replay.steps():
        text = snaps.step(result, last=False)
        now = flatten(_state(result.after))
        whole = [result.step.text, *change_lines(previous, now)]
        if result.refused is not None:
            whole.insert(1, f"refused: {result.refused}")
        assert text == "\n".join(whole), f"{name} step {result.step.index}"
        previous = now
