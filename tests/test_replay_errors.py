"""One test per class of script error: the exact message and where it points.

Loading errors (YAML, schema, move syntax, unknown players) come back as a :class:`DslError`
before anything is played. Errors while playing are a :class:`ReplayError` naming the file,
line and column, the step and its move, the rule and the legal options, with ``last_good``
the state before the failed step -- and the replay itself left at that state.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from revive_dsl.engine.rules import Rules
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.positions import DslError
from revive_dsl.replay import Replay, ReplayError, dump_script, load_script, load_script_text, script_from_answers

DATA = Path(__file__).parent / "data" / "replay"
DUO = (
    "format: 3\n"
    "players: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]\n"
    "setup: {seed: 12}\n"
    "steps:\n"
    "  - Ann trade_crystal book\n"
)  # line 5 is step 1; the step under test is step 2, on line 6
TURN_LEGAL = ["switch", "play", "hibernate"]  # Ann's moves after her crystal trade


def load_problems(text: str) -> list[tuple[str, str]]:
    with pytest.raises(DslError) as err:
        load_script_text(text, "s.yaml")
    return [(str(d.pos), d.message) for d in err.value.diagnostics]


def play_error(text: str, file: str = "s.yaml") -> tuple[ReplayError, Replay]:
    replay = Replay(load_script_text(text, file))
    with pytest.raises(ReplayError) as err:
        replay.run()
    return err.value, replay


def check_error(
    err: ReplayError,
    replay: Replay,
    where: str,
    step: int,
    message: str,
    rule: str | None = None,
    legal: list[str] | None = None,
    legal_shown: bool = True,
) -> None:
    """The positioned message, the step, the decision, and the state left as it was before the step."""
    [d] = err.diagnostics
    assert str(d.pos) == where
    assert d.message == message
    assert str(err).startswith(f"{where}: step {step} ({err.step.text}): ")
    assert err.step.index == step
    assert (err.decision.rule if err.decision else None) == rule
    assert err.legal == (legal or [])
    if legal and legal_shown:
        assert "legal: " + ", ".join(legal) in d.message
    assert replay.done == step - 1
    before = replay.states[step - 1].to_json()
    assert err.last_good.to_json() == before
    assert replay.game.to_json() == before


# --- loading --------------------------------------------------------------------------------------


def test_malformed_yaml():
    text = "format: 1\nplayers: [{name: Ann, tribe: nadair, side: sun}\nsetup: {seed: 1}\nsteps: []\n"
    assert load_problems(text) == [("s.yaml:3:1", "YAML syntax error: expected ',' or ']', but got '<scalar>'")]


def test_schema_violation():
    with pytest.raises(DslError) as err:
        load_script_text("format: 1\nplayers: 5\nsetup: {seed: 1}\nsteps: []\n", "s.yaml")
    assert str(err.value).splitlines() == [
        "s.yaml:2:10: schema: at players: 5 is not of type 'array'",
        "    players: 5",
        "             ^",
    ]


def test_schema_violations_deeper_down():
    text = "format: 1\nplayers: [{name: Ann, tribe: nadair, side: up}]\nsetup: {seed: one, draws: dice}\nsteps: []\n"
    assert load_problems(text) == [
        ("s.yaml:2:44", "schema: at players.0.side: 'up' is not one of ['sun', 'moon', 'single']"),
        ("s.yaml:3:27", "schema: at setup.draws: 'dice' is not one of ['seed', 'script']"),
        ("s.yaml:3:15", "schema: at setup.seed: 'one' is not of type 'integer'"),
    ]


def test_unparsable_move():
    assert load_problems(DUO + "  - Ann play ]\n") == [
        ("s.yaml:6:14", "syntax error: unexpected ']'; expected '(', '[', an answer or the end of the line")
    ]


def test_unparsable_move_in_a_mapping_step():
    assert load_problems(DUO + "  - move: Ann play (Bob\n    note: x\n") == [
        ("s.yaml:6:24", "syntax error: the line ends too early; expected an answer")
    ]


def test_unknown_player():
    assert load_problems(DUO + "  - Cid end\n") == [("s.yaml:6:5", "unknown player 'Cid'; the players are Ann, Bob")]


def test_unknown_player_answering_for_the_mover():
    assert load_problems(DUO + "  - Ann hibernate (Cid 1)\n") == [
        ("s.yaml:6:24", "unknown player 'Cid'; the players are Ann, Bob")
    ]


# --- playing ---------------------------------------------------------------------------------------


def test_illegal_move():
    err, replay = play_error(DUO + "  - Ann fly\n")
    check_error(
        err,
        replay,
        "s.yaml:6:9",
        2,
        "step 2 (Ann fly): 'fly' is not a legal answer for turn (what do you do?) in any state: it names nothing the "
        "game knows; legal: switch, play, hibernate",
        "turn",
        TURN_LEGAL,
    )
    assert str(err).splitlines()[1:] == ["      - Ann fly", "            ^"]


def test_illegal_move_from_a_file():
    path = DATA / "illegal-move.yaml"
    replay = Replay(load_script(path))
    with pytest.raises(ReplayError) as err:
        replay.run()
    legal = ["switch", "play", "explore", "trade_crystal", "hibernate"]
    check_error(
        err.value,
        replay,
        f"{path}:15:9",
        4,
        "step 4 (Bob build 0,-1 small): 'build' is not a legal answer for turn (what do you do?) "
        "(no space to build on that Bob can reach and pay for); legal: " + ", ".join(legal),
        "turn",
        legal,
    )
    assert str(err.value).splitlines()[1:] == ["      - Bob build 0,-1 small", "            ^"]
    assert err.value.last_good.players[0].resources["gear"] == 1  # Ann's hibernation (step 2) was played


def test_illegal_answer():
    err, replay = play_error(DUO + "  - Ann hibernate 7 gear\n")
    check_error(
        err,
        replay,
        "s.yaml:6:19",
        2,
        "step 2 (Ann hibernate 7 gear): '7' is not a legal answer for hibernation reward "
        "(take the reward of which space?); legal: 1",
        "hibernation reward",
        ["1"],
    )


def test_missing_answer():
    err, replay = play_error(DUO + "  - Ann hibernate\n")
    check_error(
        err,
        replay,
        "s.yaml:6:5",
        2,
        "step 2 (Ann hibernate): the move does not answer hibernation reward (take the reward of which space?, Ann); "
        "legal: 1; then gain a basic resource (gain 1 of which?, Ann); legal: gear, book, food",
        "hibernation reward",
        ["1"],
    )


def test_missing_answer_later_in_the_move():
    err, replay = play_error(DUO + "  - Ann hibernate 1\n")
    [d] = err.diagnostics
    assert str(d.pos) == "s.yaml:6:5"
    assert d.message.startswith("step 2 (Ann hibernate 1): the move does not answer ")
    assert err.decision is not None and err.legal
    assert d.message.endswith("; legal: " + ", ".join(err.legal))
    assert replay.game.to_json() == err.last_good.to_json() == replay.states[1].to_json()


def test_every_question_a_move_leaves_unanswered_is_listed_at_once_with_the_choice_it_followed():
    # which card, then which slot: the slot question is the one after the first card, and says so
    err, _ = play_error(DUO + "  - Ann play\n")
    [d] = err.diagnostics
    first, _, rest = d.message.partition("; then ")
    assert first == "step 2 (Ann play): the move does not answer play a card (play which card?, Ann); legal: " + (
        ", ".join(err.legal)
    )
    assert rest == (
        f"play a card (into which slot?, Ann) (after {err.legal[0]}, the first of {len(err.legal)}); "
        "legal: top_left, top_right, bottom_left, bottom_right"
    )


def test_extra_answers():
    err, replay = play_error(DUO + "  - Ann hibernate 1 gear food book\n")
    check_error(
        err,
        replay,
        "s.yaml:6:26",
        2,
        "step 2 (Ann hibernate 1 gear food book): the move is complete; 2 answer(s) left over, from here",
    )


def test_wrong_players_turn():
    err, replay = play_error(DUO + "  - Bob trade_crystal gear\n")
    check_error(
        err,
        replay,
        "s.yaml:6:5",
        2,
        "step 2 (Bob trade_crystal gear): it is Ann's turn, not Bob's; Ann's moves: switch, play, hibernate",
        "turn",
        TURN_LEGAL,
        legal_shown=False,
    )


def test_answer_given_by_the_wrong_player():
    err, replay = play_error(DUO + "  - Ann hibernate (Bob 1) gear\n")
    check_error(
        err,
        replay,
        "s.yaml:6:24",
        2,
        "step 2 (Ann hibernate (Bob 1) gear): hibernation reward (take the reward of which space?) is decided by "
        "Ann, not Bob: write 1 without brackets",
        "hibernation reward",
        ["1"],
        legal_shown=False,  # the message says what to write instead
    )


def test_answer_another_player_must_give_written_as_the_movers():
    """In a two-player game Ann, not the explorer Bob, advances a track when Bob explores next to her."""
    text = (DATA / "two-players.yaml").read_text(encoding="utf-8")
    good = "- Bob explore a14 cit_harvester 1 (Ann green) [citizens=cit_cartographer a14=area_tile_14]\n"
    assert text.endswith(good)
    Replay(load_script_text(text, "two.yaml")).run()
    bad = text.replace(good, good.replace("(Ann green)", "green"))
    err, replay = play_error(bad, "two.yaml")
    line = len(bad.splitlines())
    [d] = err.diagnostics
    assert str(d.pos) == f"two.yaml:{line}:35"
    assert d.message.startswith(
        "step 77 (Bob explore a14 cit_harvester 1 green [citizens=cit_cartographer a14=area_tile_14]): "
    )
    assert d.message.endswith("is decided by Ann, not Bob: write (Ann green)")
    assert err.decision.player == 0 and "green" in err.legal
    assert replay.done == 76 and err.last_good.to_json() == replay.states[76].to_json()


STEP_2_DID = (
    "; step 2 did: Ann takes 3 resting cards back into the active area / Ann moves the hibernation marker to space 1 "
    "/ Ann gains 1 gear"
)


def test_failed_expect_shows_wanted_actual_and_what_the_step_did():
    err, replay = play_error(DUO + "  - move: Ann hibernate 1 gear\n    expect: {Ann.resources.gear: 9}\n")
    check_error(
        err,
        replay,
        "s.yaml:7:34",
        2,
        "step 2 (Ann hibernate 1 gear): expect Ann.resources.gear: wanted 9, the state has 1" + STEP_2_DID,
    )
    assert str(err).splitlines()[1:] == [
        "        expect: {Ann.resources.gear: 9}",
        "                                     ^",
    ]


def test_failed_expect_of_a_structure():
    text = DUO + "  - move: Ann hibernate 1 gear\n    expect: {Ann.tracks: {grey: 2, green: 1, yellow: 1}}\n"
    err, replay = play_error(text)
    check_error(
        err,
        replay,
        "s.yaml:7:26",
        2,
        'step 2 (Ann hibernate 1 gear): expect Ann.tracks: wanted {"green": 1, "grey": 2, "yellow": 1}, '
        'the state has {"green": 1, "grey": 1, "yellow": 1}' + STEP_2_DID,
    )


def test_a_seat_written_as_a_number_in_a_failed_expect_is_shown_by_name():
    err, _ = play_error(DUO + "  - move: Ann hibernate 1 gear\n    expect: {turn.player: 1}\n")
    assert err.diagnostics[0].message == (
        'step 2 (Ann hibernate 1 gear): expect turn.player: wanted "Bob" (seat 1), the state has "Ann"' + STEP_2_DID
    )


def test_unknown_expect_path():
    err, replay = play_error(DUO + "  - move: Ann hibernate 1 gear\n    expect: {Ann.resources.tea: 9}\n")
    [d] = err.diagnostics
    assert (str(d.pos), d.message) == (
        "s.yaml:7:33",
        "step 2 (Ann hibernate 1 gear): expect: no 'tea' in Ann.resources.tea (there: gear, book, food, crystal)",
    )
    assert err.step.index == 2 and replay.done == 1


def test_unknown_expect_player():
    err, _ = play_error(DUO + "  - move: Ann hibernate 1 gear\n    expect: {Cid.points: 0}\n")
    assert err.diagnostics[0].message.startswith(
        "step 2 (Ann hibernate 1 gear): expect: no 'Cid' in Cid.points (there: Ann, Bob, board, supply"
    )


def test_setup_line_when_no_setup_is_pending():
    err, replay = play_error(DUO + "  - setup (Ann artcard_01)\n")
    check_error(
        err,
        replay,
        "s.yaml:6:5",
        2,
        "step 2 (setup (Ann artcard_01)): there is nothing to set up: it is Ann's turn",
    )


def test_missing_setup_line_when_the_variant_needs_one():
    text = (
        "format: 1\nplayers: [{name: Ann, tribe: nadair, side: sun}]\nvariants: [artifact_choice]\n"
        "setup: {seed: 3}\nsteps:\n  - Ann switch food\n"
    )
    err, replay = play_error(text)
    check_error(
        err,
        replay,
        "s.yaml:6:5",
        1,
        "step 1 (Ann switch food): the setup choices come first: write 'setup (Ann ...)'; keep which artifact "
        "card? (Ann; legal: artcard_10, artcard_09)",
        "artifact card",
        ["artcard_10", "artcard_09"],
    )


def test_illegal_setup_choice():
    text = (
        "format: 1\nplayers: [{name: Ann, tribe: nadair, side: sun}]\nvariants: [artifact_choice]\n"
        "setup: {seed: 3}\nsteps:\n  - setup (Ann artcard_07)\n"
    )
    err, replay = play_error(text)
    check_error(
        err,
        replay,
        "s.yaml:6:16",
        1,
        "step 1 (setup (Ann artcard_07)): 'artcard_07' is not a legal answer for artifact card "
        "(keep which artifact card?); legal: artcard_10, artcard_09",
        "artifact card",
        ["artcard_10", "artcard_09"],
    )


def test_a_move_after_the_end_of_the_game():
    rules = Rules.load(("base",))
    record = play_random_game(rules, [("Ann", "nadair", "sun")], seed=4, check=False)
    data = script_from_answers(rules, record.players, record.seed, record.variants, record.answers)
    data["steps"].append("Ann end")
    text = dump_script(data)
    err, replay = play_error(text)
    last = len(data["steps"])
    check_error(
        err,
        replay,
        f"s.yaml:{len(text.splitlines())}:3",
        last,
        f"step {last} (Ann end): the game is over: no move can follow",
    )
    assert replay.game.turn.over


def test_a_learner_move_that_fails_changes_nothing():
    replay = Replay(load_script_text(DUO, "s.yaml"))
    replay.run()
    before = replay.game.to_json()
    from revive_dsl.replay import parse_move

    with pytest.raises(ReplayError) as err:
        replay.apply(parse_move("Ann hibernate 5", "typed"))
    assert err.value.step is None
    assert str(err.value.diagnostics[0].pos) == "typed:1:15"
    assert err.value.diagnostics[0].message.startswith("'5' is not a legal answer for hibernation reward")
    assert replay.game.to_json() == before == err.value.last_good.to_json()
    assert replay.done == 1


# --- the command ---------------------------------------------------------------------------------------


def test_revive_replay_reports_the_illegal_move_and_exits_1():
    path = DATA / "illegal-move.yaml"
    run = subprocess.run(
        [sys.executable, "-m", "revive_dsl.cli", "replay", str(path), "--no-color"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    assert run.stderr.splitlines() == [
        f"{path}:15:9: step 4 (Bob build 0,-1 small): 'build' is not a legal answer for turn (what do you do?) "
        "(no space to build on that Bob can reach and pay for); legal: switch, play, explore, trade_crystal, hibernate",
        "      - Bob build 0,-1 small",
        "            ^",
    ]
    assert "Traceback" not in run.stdout + run.stderr
    assert "Step 2 · Ann: hibernate 1 gear" in run.stdout  # the steps before it were shown


def test_revive_replay_json_prints_the_final_state():
    path = DATA / "two-players.yaml"
    run = subprocess.run(
        [sys.executable, "-m", "revive_dsl.cli", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    replay = Replay(load_script(path))
    assert run.stdout.strip() == replay.run().to_json()
