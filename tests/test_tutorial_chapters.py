"""The curriculum's chapters (replays/tutorials/chapters/): each a short lesson that is also a test.

Every chapter plays to its end with each `expect` met (the replay plugin checks that, step by step, with
snapshots), and this file checks what makes it a lesson: the rule document section it teaches, named in its
description; 5 to 15 steps; at least 3 moves the learner makes, each with a hint and an `expect` of what it did.
"""

from __future__ import annotations

import pytest

from revive_dsl.replay import Replay, load_script
from revive_dsl.terminal.tutorial import chapter_names, find_tutorial, tutorial_path

CHAPTERS = chapter_names()
LEAST = 30


def test_the_curriculum_has_its_chapters_numbered_in_order():
    assert len(CHAPTERS) >= LEAST, f"{len(CHAPTERS)} chapters: {CHAPTERS}"
    numbers = [int(name[:2]) for name in CHAPTERS]
    assert numbers == sorted(set(numbers))
    assert all(find_tutorial(name.split("-", 1)[1]) == tutorial_path(name) for name in CHAPTERS)


@pytest.mark.parametrize("name", CHAPTERS)
def test_a_chapter_names_what_it_teaches_and_has_the_learner_make_three_moves(name):
    script = load_script(tutorial_path(name))
    assert "Teaches:" in script.data.get("description", ""), "the description names the document section it teaches"
    assert 5 <= len(script.steps) <= 15
    tries = [step for step in script.steps if step.try_it]
    assert len(tries) >= 3
    for step in tries:
        assert step.hint, f"step {step.index} has no hint"
        assert step.expect, f"step {step.index}: what the learner's move does is checked with expect"
        assert step.note, f"step {step.index} explains the move"
    assert Replay(script).run() is not None  # every step plays, every expect holds
