"""`revive complete`: a move line's unwritten answers that have one legal value, appended; the others listed."""

from __future__ import annotations

from pathlib import Path

from revive_dsl.cli import main
from revive_dsl.replay import Replay, load_script_text
from revive_dsl.replay.complete import complete_text

# Seed 5: sixteen steps written whole, then Bob's populate: where (only 0,-2) and which technology (only t1).
OPENING = [
    "Ann trade_crystal food",
    "Ann play start_d_2 top_left mod_green_yellow_6 top_right.0",
    "Ann end",
    "Bob switch gear",
    "Bob play start_c_6 bottom_right module mod_grey_1 bottom_right.0",
    "Bob trade_crystal food",
    "Bob end",
    "Ann switch food",
    "Ann play start_d_6 bottom_left module mod_yellow_7 top_left.2",
    "Ann end",
    "Bob play start_c_5 top_left",
    "Bob explore a02 cit_recruiter 0",
    "Bob end",
    "Ann play start_d_1 bottom_right",
    "Ann end",
    "Bob play start_c_4 top_right use 0,-2",
]


def script(*steps: str) -> str:
    """A two-player base game (seed 5) with these steps, each a line of YAML text under ``steps:``."""
    return (
        "# written by hand\n"
        "format: 4\n"
        "packs: [base]\n"
        "players:\n"
        "  - {name: Ann, tribe: nadair, side: sun}\n"
        "  - {name: Bob, tribe: ox49, side: moon}\n"
        "setup: {seed: 5}\n"
        "steps:\n" + "".join(f"  - {step}\n" for step in steps)
    )


def write(tmp_path: Path, text: str, newline: str = "\n") -> Path:
    path = tmp_path / "game.yaml"
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    return path


def revive(capsys, *args: str) -> tuple[int, list[str], list[str]]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def test_answers_with_one_legal_value_are_written_and_the_script_then_replays(tmp_path, capsys):
    path = write(tmp_path, script(*OPENING, "Bob populate  # where? with which technology?", "Bob end"))
    assert revive(capsys, "check", "--replay", str(path))[0] == 1  # stops at the unanswered question
    code, out, err = revive(capsys, "complete", str(path))
    assert (code, err) == (0, [])
    assert out == ["step 17: Bob populate -> Bob populate 0,-2 t1", f"{path}: 1 move completed"]
    assert path.read_text(encoding="utf-8") == script(
        *OPENING, "Bob populate 0,-2 t1  # where? with which technology?", "Bob end"
    )
    assert revive(capsys, "check", "--replay", str(path))[0] == 0
    code, out, _ = revive(capsys, "complete", str(path))  # nothing left to add
    assert (code, out) == (0, [f"{path}: every move line is whole"])


def test_a_question_with_several_legal_answers_is_listed_and_its_line_left_as_written(tmp_path, capsys):
    text = script(*OPENING[:13], "Ann play start_d_1")  # into which slot: top_right or bottom_right
    path = write(tmp_path, text)
    code, out, err = revive(capsys, "complete", str(path))
    assert (code, err) == (1, [])
    assert out[0] == (
        "step 14: Ann play start_d_1 stops at play a card (into which slot?, Ann); legal: top_right, bottom_right"
    )
    assert out[1].startswith(f"{path}: 0 moves completed; step 14 asks a question with several legal answers")
    assert path.read_text(encoding="utf-8") == text


def test_the_answers_before_a_question_with_several_are_written_and_it_is_listed(tmp_path, capsys):
    path = write(tmp_path, script(*OPENING, "Bob populate 0,-2 t1", "Bob end", "Ann hibernate"))
    code, out, _ = revive(capsys, "complete", str(path))
    assert code == 1
    assert out[:2] == [
        "step 19: Ann hibernate -> Ann hibernate 1",  # the reward space: only the first is open
        "step 19: Ann hibernate 1 stops at gain a basic resource (gain 1 of which?, Ann); legal: gear, book, food",
    ]
    assert path.read_text(encoding="utf-8").endswith("  - Ann hibernate 1\n")


def test_check_writes_nothing_and_exits_1_when_a_line_would_be_completed(tmp_path, capsys):
    path = write(tmp_path, script(*OPENING, "Bob populate"))
    before = path.read_bytes()
    code, out, _ = revive(capsys, "complete", "--check", str(path))
    assert code == 1 and path.read_bytes() == before
    assert out == [
        "step 17: Bob populate -> Bob populate 0,-2 t1",
        f"{path}: 1 move would be completed (--check: nothing written)",
    ]
    whole = write(tmp_path, script(*OPENING, "Bob populate 0,-2 t1"))
    assert revive(capsys, "complete", "--check", str(whole))[0] == 0


def test_only_the_moves_text_changes_comments_layout_and_line_endings_stay_byte_for_byte(tmp_path, capsys):
    steps = [
        *OPENING[:-1],
        "'Bob play start_c_4 top_right use 0,-2'   # a quoted step",
        "move: Bob populate    # a step mapping\n    note: Bob's first population figure",
        "Bob end",
    ]
    text = "\ufeff" + script(*steps) + "# the end\n"
    path = write(tmp_path, text, newline="\r\n")
    assert revive(capsys, "complete", str(path))[0] == 0
    wanted = text.replace("move: Bob populate    #", "move: Bob populate 0,-2 t1    #")
    assert path.read_bytes() == wanted.replace("\n", "\r\n").encode("utf-8")
    replay = Replay(load_script_text(path.read_text(encoding="utf-8-sig").replace("\r\n", "\n"), "game.yaml"))
    replay.run()
    assert replay.finished and replay.script.steps[16].note == "Bob's first population figure"


def test_a_quoted_or_flow_style_line_keeps_its_style_and_reads_back():
    for written, wanted in (('"Bob populate"', '"Bob populate 0,-2 t1"'), ("'Bob populate'", "'Bob populate 0,-2 t1'")):
        result = complete_text(script(*OPENING, written), "s.yaml")
        assert result.new_text == script(*OPENING, wanted)
    flow = script().replace("steps:\n", "steps: [" + ", ".join(f"'{step}'" for step in OPENING) + ", Bob populate]\n")
    result = complete_text(flow, "s.yaml")
    assert result.new_text == flow.replace(", Bob populate]", ", 'Bob populate 0,-2 t1']")  # a comma in a flow: quoted
    assert load_script_text(result.new_text, "s.yaml").steps[16].text == "Bob populate 0,-2 t1"


def test_with_step_only_that_step_is_completed(tmp_path, capsys):
    text = script(*OPENING[:13], "Ann play start_d_1", "Ann end", OPENING[15], "Bob populate")
    path = write(tmp_path, text)
    code, out, err = revive(capsys, "complete", "--step", "14", str(path))
    assert code == 1 and out[0].startswith("step 14: Ann play start_d_1 stops at play a card")
    code, out, err = revive(capsys, "complete", "--step", "17", str(path))  # step 14 stops before it
    assert code == 1 and path.read_text(encoding="utf-8") == text
    [line] = err
    assert line.startswith(f"revive complete: {path}:22:5: step 14 (Ann play start_d_1): the move does not answer")
    fixed = write(tmp_path, text.replace("Ann play start_d_1\n", "Ann play start_d_1 bottom_right\n"))
    code, out, _ = revive(capsys, "complete", "--step", "17", str(fixed))
    assert (code, out) == (0, ["step 17: Bob populate -> Bob populate 0,-2 t1", f"{fixed}: 1 move completed"])


def test_bad_input_gets_one_line_and_never_a_traceback(tmp_path, capsys):
    path = write(tmp_path, script(*OPENING, "Bob populate"))
    for step, code in (("99", 2), ("0", 2)):
        got, out, err = revive(capsys, "complete", "--step", step, str(path))
        assert (got, out) == (code, [])
        assert err == [f"revive complete: --step {step}: {path} has no step {step}: its steps are 1 to 17"]
    assert revive(capsys, "complete", str(tmp_path / "missing.yaml"))[1:] == (
        [],
        [f"revive complete: {tmp_path / 'missing.yaml'}: no such file"],
    )
    assert revive(capsys, "complete", str(tmp_path / "missing.yaml"))[0] == 2
    broken = write(tmp_path, script(*OPENING, "Bob populate").replace("tribe: ox49", "tribe: ox94"))
    code, out, err = revive(capsys, "complete", str(broken))
    assert code == 1 and out == [] and len(err) == 1
    assert err[0].startswith(f"revive complete: {broken}:6:") and "ox94" in err[0]
    wrong = write(tmp_path, script(*OPENING[:-1], "Bob play start_c_4 top_right use 9,9", "Bob populate"))
    code, out, err = revive(capsys, "complete", str(wrong))
    assert (code, out, len(err)) == (1, [], 1) and err[0].startswith(f"revive complete: {wrong}:24:")
    assert "step 16" in err[0] and wrong.read_text(encoding="utf-8").endswith("  - Bob populate\n")
