"""`revive moves`: the decision open after a step of a script, its legal answers, and whole legal move lines."""

import json
import subprocess
import sys
from pathlib import Path

from revive_dsl.replay import Replay, legal_moves_at, load_script, load_script_text, move_lines, parse_move

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "replays" / "games" / "2p-nadair-ox49.yaml"
DUO = (
    "format: 1\n"
    "players: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]\n"
    "setup: {seed: 12}\n"
    "steps: [Ann switch food]\n"
)


def revive(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "revive_dsl.cli", *args], capture_output=True, text=True, check=False)


def test_the_open_decision_after_a_step_lists_every_legal_answer():
    listing = legal_moves_at(load_script_text(DUO, "s.yaml"))
    assert (listing.after, listing.player, listing.rule) == (1, "Ann", "turn")
    assert [o.key for o in listing.options] == ["play", "explore", "trade_crystal", "end"]  # the switch is used


def test_at_zero_is_the_start_of_the_game():
    listing = legal_moves_at(load_script_text(DUO, "s.yaml"), at=0)
    assert listing.after == 0 and "switch" in [o.key for o in listing.options]


def test_every_move_line_listed_plays_from_that_point():
    script = load_script_text(DUO, "s.yaml")
    lines = move_lines(script, limit=30)
    assert len(lines) == 30 and lines[0] == "Ann play start_c_5 top_left"
    for line in lines:
        replay = Replay(script)
        replay.run()
        replay.apply(parse_move(line))  # raises ReplayError if the line is not legal and whole


def test_the_limit_bounds_the_lines():
    assert len(move_lines(load_script(GAME), at=4, limit=3)) == 3


def test_revive_moves_prints_keys_and_labels():
    run = revive("moves", str(GAME), "--at", "4")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "after step 4 (Bob trade_crystal gear): Bob answers 'what do you do?' (rule: turn)",
        "  switch     use your switch",
        "  play       play a card",
        "  hibernate  hibernate",
    ]


def test_revive_moves_lines_and_json():
    run = revive("moves", str(GAME), "--at", "4", "--lines", "--limit", "2")
    assert run.stdout.splitlines() == [
        "# after step 4 (Bob trade_crystal gear): 2 legal move line(s) for Bob; the first 2 (--limit)",
        "Bob switch gear",
        "Bob switch book",
    ]
    data = json.loads(revive("moves", str(GAME), "--at", "4", "--json", "--lines", "--limit", "1").stdout)
    assert data["player"] == "Bob" and data["options"][0] == {"key": "switch", "label": "use your switch", "name": ""}
    assert data["lines"] == ["Bob switch gear"]


def test_revive_moves_at_the_end_of_a_finished_game_and_out_of_range():
    run = revive("moves", str(GAME))
    assert run.returncode == 0 and run.stdout.strip().endswith("the game is over; no move is legal")
    run = revive("moves", str(GAME), "--at", "999")
    assert run.returncode == 2
    steps = len(load_script(GAME).steps)
    assert run.stderr.strip() == f"revive moves: --at takes a step from 0 (the start) to {steps}, the script's last"


def test_revive_moves_on_a_broken_script_reports_the_step(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(DUO.replace("Ann switch food", "Ann switch tea"), encoding="utf-8")
    run = revive("moves", str(path))
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith(f"{path}:4:20: step 1 (Ann switch tea): 'tea' is not a legal answer")
