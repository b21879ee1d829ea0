"""A script's play in the language server, kept across keystrokes: what it reuses gives what a fresh play gives."""

from __future__ import annotations

from pathlib import Path

from revive_dsl.lsp.scripts import Scripts

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "replays" / "games" / "2p-nadair-ox49.yaml"


def _row(text: str, needle: str) -> int:
    return next(i for i, row in enumerate(text.split("\n")) if row == needle)


def test_a_keystroke_in_a_late_step_replays_from_the_step_before_it_with_the_same_answers():
    text = SCRIPT.read_text(encoding="utf-8")
    scripts = Scripts()
    played = scripts.play(str(SCRIPT), text)
    assert scripts.divergence(str(SCRIPT), text) == []
    total = len(played.script.steps)
    last = max(i for i, row in enumerate(text.split("\n")) if row.startswith("- ") and "move:" not in row)
    typed = text.split("\n")
    mover, verb = typed[last].split()[1:3]
    typed[last] = f"- {mover} {verb} "  # the step's answers being rewritten
    edited = "\n".join(typed)
    again = scripts.play(str(SCRIPT), edited)
    kept = len(again.replay.states) - 1
    index = again.step_at(last)
    assert kept == index - 1 < total  # every state before the edited step kept, none after it
    assert all(a is b for a, b in zip(again.replay.states, played.replay.states[: kept + 1], strict=True))
    fresh = Scripts().completions(str(SCRIPT), edited, last, len(typed[last]))
    assert scripts.completions(str(SCRIPT), edited, last, len(typed[last])) == fresh and fresh


def test_an_edit_in_the_header_keeps_nothing_and_an_edit_in_a_step_keeps_nothing_from_it_on():
    text = SCRIPT.read_text(encoding="utf-8")
    scripts = Scripts()
    scripts.divergence(str(SCRIPT), text)
    reseeded = text.replace("  seed: 12\n", "  seed: 13\n", 1)
    assert len(scripts.play(str(SCRIPT), reseeded).replay.states) == 1  # the setup changed: played anew
    scripts = Scripts()
    scripts.divergence(str(SCRIPT), text)
    row = _row(text, "- Bob build -2,1 small")
    moved = text.replace("- Bob build -2,1 small", "- Bob build 2,-2 small", 1)
    played = scripts.play(str(SCRIPT), moved)
    index = played.step_at(row)
    assert len(played.replay.states) == index  # the states up to the step before the changed one
    [problem] = scripts.divergence(str(SCRIPT), moved)  # and the changed step is played again, and diverges
    assert problem.pos.line == row + 1 and problem.message.startswith(f"step {index} (Bob build 2,-2 small)")


def test_a_header_written_after_the_steps_is_never_taken_as_shared():
    text = SCRIPT.read_text(encoding="utf-8")
    start, stop = text.index("\nsetup:\n") + 1, text.index("\nsteps:\n") + 1
    late = text[:start] + text[stop:] + text[start:stop]  # the setup (its seed and outcomes) after the steps
    scripts = Scripts()
    assert scripts.divergence(str(SCRIPT), late) == []
    reseeded = late.replace("  seed: 12\n", "  seed: 13\n")
    played = scripts.play(str(SCRIPT), reseeded)
    assert len(played.replay.states) == 1  # all the steps shared, yet another setup: played anew
    assert played.replay.states[0].seed == 13
