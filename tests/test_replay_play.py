"""``revive play``: a game played with an injected ``ask`` (and once in a real terminal), written and replayed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from revive_dsl import cli
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.rules import Rules
from revive_dsl.locations import content_root
from revive_dsl.replay.notation import format_move
from revive_dsl.replay.player import Replay
from revive_dsl.replay.record import moves_of
from revive_dsl.replay.script import load_script
from revive_dsl.terminal import play
from tests.test_replay_terminal import command, finish, spawn

SOLO = content_root().parent / "replays" / "games" / "solo-vukuntur-moon.yaml"
if not SOLO.is_file():  # an installed package: the checkout's replays
    SOLO = Path(__file__).parent.parent / "replays" / "games" / "solo-vukuntur-moon.yaml"
TWO = ["--players", "Ann:nadair:sun,Bo:formica:moon", "--ai", "Bo=random", "--seed", "5"]


class Typist:
    """Answers prompts from a list, keeping what was asked; the input ends (EOFError) after the last."""

    def __init__(self, answers: list[str]):
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)


def run(argv: list[str], answers: list[str]) -> tuple[play.Session, str, Typist]:
    args = cli.build_parser().parse_args(["play", *argv])
    session = play.session_of(args)
    out = io.StringIO()
    typist = Typist(answers)
    assert play.Player(session, typist, Console(file=out, width=100, no_color=True)).run() == 0
    return session, out.getvalue(), typist


def replayed(path: Path) -> Replay:
    replay = Replay(load_script(path))
    replay.run()
    return replay


def test_a_game_continued_to_its_end_is_saved_and_replays_identically(tmp_path: Path):
    source = load_script(SOLO)
    at = len(source.steps) - 6
    keys = [k for step in source.steps[at:] for k in [step.move.verb, *(a.key for a in step.move.answers)]]
    out = tmp_path / "branch.yaml"
    session, shown, typist = run(["--from", str(SOLO), "--at", str(at), "--out", str(out)], keys)
    assert typist.answers == []  # every key answered a decision, and the game ended there
    assert session.replay.game.turn.over
    assert "the game is over; saved" in shown
    written = load_script(out)
    assert [s.text for s in written.steps] == [s.text for s in source.steps]  # canonical lines, as the source
    assert written.data["steps"][:at] == source.data["steps"][:at]  # the kept steps, notes and all
    assert replayed(out).game.to_json() == session.replay.game.to_json() == replayed(SOLO).game.to_json()


def test_answers_by_number_key_and_prefix_are_recorded_canonically(tmp_path: Path):
    out = tmp_path / "game.yaml"
    # Ann: switch (by number) for food (by prefix), then end (by key); Bo's turn is the driver's; then quit
    session, shown, _ = run([*TWO, "--out", str(out)], ["1", "FO", "end", "q"])
    human = [m for m in session.moves if m.human]
    assert [m.text for m in human] == ["Ann switch food", "Ann end"]
    assert any(not m.human for m in session.moves)  # Bo played in between
    assert "saved" in shown.splitlines()[-1]
    data = load_script(out)
    assert (data.setup["seed"], data.setup["draws"]) == (5, "seed") and "citizen_deck" in data.setup["outcomes"]
    answers = [a for m in session.moves for a in m.answers]
    rules = Rules.load(("base",))
    lines = [format_move(m) for m in moves_of(rules, data.players, 5, [], answers)]
    assert [s.text for s in data.steps] == lines  # grouped exactly as revive simulate writes moves
    assert replayed(out).game.to_json() == session.replay.game.to_json()


def test_a_whole_game_of_drivers_with_draws_script_writes_what_chance_did(tmp_path: Path):
    out = tmp_path / "game.yaml"
    argv = ["--players", "Ann:nadair:sun,Bo:formica:moon", "--ai", "Ann=random,Bo=random", "--seed", "5"]
    session, shown, typist = run([*argv, "--draws", "script", "--out", str(out)], [])
    assert typist.prompts == [] and session.replay.game.turn.over and "the game is over" in shown
    data = load_script(out)
    assert (data.setup["seed"], data.setup["draws"]) == (5, "script") and "crates" in data.setup["outcomes"]
    assert any(s.move.reveals for s in data.steps)  # draws: script demands every draw written, and replay checks it
    assert replayed(out).game.to_json() == session.replay.game.to_json()


def test_take_back_undoes_the_whole_move_and_the_drivers_after_it(tmp_path: Path):
    out = tmp_path / "game.yaml"
    session, shown, _ = run([*TWO, "--out", str(out)], ["switch", "book", "end", "b", "trade", "b", "q"])
    assert "the move under way is taken back" in shown
    assert [m.text for m in session.moves] == ["Ann switch book"]  # end and Bo's turn taken back together
    assert [s.text for s in load_script(out).steps] == ["Ann switch book"]
    assert session.replay.done == 1


def test_quitting_before_the_first_move_writes_no_file(tmp_path: Path):
    out = tmp_path / "game.yaml"
    _, shown, _ = run([*TWO, "--out", str(out)], ["s", "q"])
    assert not out.exists() and f"no move made; {out} not written" in shown


def test_save_then_quit(tmp_path: Path):
    out = tmp_path / "game.yaml"
    _, shown, typist = run([*TWO, "--out", str(out)], ["switch", "gear", "s", "end", "q"])
    assert shown.count(f"saved {out}") == 2
    assert [s.text for s in load_script(out).steps][:2] == ["Ann switch gear", "Ann end"]
    assert typist.prompts[-1] == "Ann> "


def test_unknown_and_ambiguous_answers_get_a_message_and_the_menu_again(tmp_path: Path):
    out = tmp_path / "game.yaml"
    _, shown, _ = run([*TWO, "--out", str(out)], ["swich", "?", "play", "start_d", "Mech", "q"])
    assert "'swich' is not an option; did you mean switch?" in shown
    assert "Ann decides: what do you do? -- rule turn; 4 legal options" in shown
    assert "'start_d' fits 3 options (Mechanic (D), Barterer (D), Fixer (D)); type more of it, or a number" in shown
    assert "  1  Mechanic (D)  start_d_1" in shown
    assert shown.count("Ann: what do you do?") == 2  # the menu again after the unknown answer


def test_match_by_number_key_and_name_prefix():
    rules = Rules.load(("base",))
    d = Decision(0, "play", "play which card?", options_of(["start_d_1", "start_d_6", "start_d_2"]))
    answers = [play.match(d, t, rules) for t in ("2", "start_d_2", "barT", "fix")]
    assert answers == ["start_d_6", "start_d_2", "start_d_6", "start_d_2"]
    with pytest.raises(play.NoMatch, match="fits 3 options"):
        play.match(d, "start", rules)
    with pytest.raises(play.NoMatch, match="numbered 1 to 3"):
        play.match(d, "7", rules)


def test_bad_command_lines_are_one_message(tmp_path: Path, capsys):
    args = cli.build_parser().parse_args(["play", *TWO[:2], "--ai", "Cy=random", "--out", str(tmp_path / "g.yaml")])
    assert play.main(args, Typist([])) == 2
    assert "no player is called Cy" in capsys.readouterr().err
    args = cli.build_parser().parse_args(["play", "--from", str(SOLO), "--at", "99", "--out", str(tmp_path / "g.yaml")])
    assert play.main(args, Typist([])) == 2
    assert "the script has 47 steps" in capsys.readouterr().err


def test_play_in_a_real_terminal_quits_and_saves(tmp_path: Path):
    out = tmp_path / "game.yaml"
    child = spawn(*command("play"), *TWO, "--out", str(out), "--no-color")
    child.expect_exact("Ann> ")
    child.sendline("switch")
    child.expect_exact("gain which basic resource?")
    child.expect_exact("Ann> ")
    child.sendline("3")
    child.expect_exact("switch food")  # the step, as revive replay shows it
    child.expect_exact("Ann> ")
    child.sendline("end")
    child.expect_exact("Ann> ")  # Bo's turn went by
    child.sendline("q")
    child.expect_exact(f"saved {out}")
    assert finish(child) == 0
    steps = [s.text for s in load_script(out).steps]
    assert steps[:2] == ["Ann switch food", "Ann end"] and len(steps) >= 3
    replayed(out)


def test_a_persons_turn_shows_the_map_and_their_board_and_map_and_me_show_them_again(tmp_path: Path):
    out = tmp_path / "game.yaml"
    _, shown, _ = run([*TWO, "--out", str(out)], ["map", "me", "q"])
    before_menu = shown.split("Ann: what do you do?")[0]
    assert "chasm" in before_menu  # the map (its legend), before the first question
    assert before_menu.count("resources") == 1  # and Ann's board
    assert "Space keys are q,r" in shown  # map: with the keys the moves name
    assert shown.count("resources") == 2  # me: Ann's board again
