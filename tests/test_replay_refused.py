"""Expected refusals: a step marked ``refused:`` must be refused by the engine, change nothing, and the script
goes on (a rules test can say "the switch is used once" and still pass)."""

import subprocess
import sys
from pathlib import Path

import pytest

from revive_dsl.replay import Replay, ReplayError
from revive_dsl.replay.script import load_script_text
from revive_dsl.replay.snapshot import StepSnapshots

HEAD = (
    "format: 1\n"
    "players: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]\n"
    "setup: {seed: 12}\n"
    "steps:\n"
    "  - Ann switch food\n"  # line 5: step 1
)
SWITCH_ONCE = HEAD + (
    "  - move: Ann switch food\n"  # line 6: step 2, the switch is used already
    "    refused: \"'switch' is not a legal answer\"\n"
    "    expect: {Ann.switch_used: true}\n"
    "  - Ann end\n"
)


def test_a_refused_step_passes_changes_nothing_and_the_script_goes_on():
    replay = Replay(load_script_text(SWITCH_ONCE, "s.yaml"))
    results = list(replay.steps())
    refused = results[1]
    assert refused.refused.startswith(
        "'switch' is not a legal answer for turn (what do you do?) (Ann's switch is already used); legal: "
    )
    assert "switch" not in refused.legal and "end" in refused.legal
    assert (
        refused.before.to_json() == refused.after.to_json() == replay.states[1].to_json() == replay.states[2].to_json()
    )
    assert replay.finished and replay.game.turn.player == 1  # step 3 ended Ann's turn


def test_refused_true_accepts_any_refusal_by_the_rules():
    text = SWITCH_ONCE.replace("    refused: \"'switch' is not a legal answer\"\n", "    refused: true\n")
    assert Replay(load_script_text(text, "s.yaml")).run().turn.player == 1


def test_a_move_the_game_accepts_fails_a_refused_step_at_its_refused_key():
    text = HEAD + "  - move: Ann play start_c_1 top_right\n    refused: true\n"
    replay = Replay(load_script_text(text, "s.yaml"))
    with pytest.raises(ReplayError) as err:
        replay.run()
    [d] = err.value.diagnostics
    assert str(d.pos) == "s.yaml:7:14"
    assert d.message == (
        "step 2 (Ann play start_c_1 top_right): the move should be refused (refused: in the script) "
        "but the game accepted it"
    )
    assert replay.done == 1 and replay.game.to_json() == replay.states[1].to_json()


def test_a_refusal_with_another_message_fails_naming_both():
    text = SWITCH_ONCE.replace("'switch' is not a legal answer", "not your turn")
    with pytest.raises(ReplayError) as err:
        Replay(load_script_text(text, "s.yaml")).run()
    [d] = err.value.diagnostics
    assert str(d.pos) == "s.yaml:7:14"
    assert d.message.startswith(
        "step 2 (Ann switch food): refused as expected, but the message does not contain 'not your turn': "
        "'switch' is not a legal answer for turn"
    )


def test_a_wrong_players_move_is_a_refusal():
    text = HEAD + "  - move: Bob switch food\n    refused: \"it is Ann's turn, not Bob's\"\n  - Ann end\n"
    assert Replay(load_script_text(text, "s.yaml")).run().turn.player == 1


def test_an_incomplete_move_line_is_a_script_error_not_a_refusal():
    text = HEAD + "  - move: Ann end\n  - move: Bob switch\n    refused: true\n"
    with pytest.raises(ReplayError) as err:
        Replay(load_script_text(text, "s.yaml")).run()
    assert "the move does not answer switch" in err.value.diagnostics[0].message


def refused_error(text: str) -> tuple[str, str, bool]:
    with pytest.raises(ReplayError) as err:
        Replay(load_script_text(text, "s.yaml")).run()
    [d] = err.value.diagnostics
    return str(d.pos), d.message, err.value.refusal


def test_a_misspelt_answer_under_refused_is_a_script_error_naming_the_nearest_key():
    text = HEAD + "  - move: Ann trade_crystal fod\n    refused: true\n"
    assert refused_error(text) == (
        "s.yaml:6:29",
        "step 2 (Ann trade_crystal fod): 'fod' is not a legal answer for trade a crystal (trade a crystal for "
        "which?) in any state: it names nothing the game knows; did you mean 'food'? legal: gear, book, food",
        False,
    )


def test_an_answer_of_another_kind_than_the_decisions_options_is_a_script_error():
    text = HEAD + "  - move: Ann gear\n    refused: true\n"
    pos, message, refusal = refused_error(text)
    assert (pos, refusal) == ("s.yaml:6:15", False)
    assert "'gear' is not a legal answer for turn (what do you do?) in any state: it is a resource, and its " in message
    assert "answers are moves; legal: " in message


def test_a_space_where_only_yes_or_no_answers_is_a_script_error_not_a_refusal():
    """From a bundled game: Ann's card asks whether to pay again ("use"/"skip"); a space there could never
    answer, whatever the state, so ``refused:`` does not excuse it."""
    from revive_dsl.replay.record import dump_script
    from revive_dsl.replay.script import load_script

    game = load_script(Path(__file__).parent.parent / "replays" / "games" / "2p-nadair-ox49.yaml")
    steps = game.data["steps"]
    at = next(i for i, s in enumerate(steps) if isinstance(s, str) and s.startswith("Ann play start_c_2 bottom_right"))
    data = {**game.data, "steps": [*steps[:at], {"move": "Ann play start_c_2 bottom_right 1,0", "refused": True}]}
    pos, message, refusal = refused_error(dump_script(data))
    assert refusal is False and pos.endswith(":41")
    assert "'1,0' is not a legal answer for up to N times (" in message
    assert "in any state: it is a space, and its answers are the words use, skip; legal: use, skip" in message


JOURNEY = (
    "format: 2\n"
    "packs: [base, abyss]\n"
    "players: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]\n"
    "setup:\n"
    "  seed: 12\n"
    "  state: {players: {Ann: {crates_closed: [crate_01, crate_02], abyss: {journeys: [abyss_journey_green_1]}}}}\n"
    "steps:\n"
    "  - move: Ann complete_journey abyss_journey_green_1:{n}\n"  # requirement 1: 2 crates (met); 2: 4 figures
    "    refused: true\n"
)


def test_a_journey_requirement_counted_from_0_is_a_script_error_not_a_refusal():
    assert refused_error(JOURNEY.replace("{n}", "0")) == (
        "s.yaml:8:32",
        "step 1 (Ann complete_journey abyss_journey_green_1:0): 'abyss_journey_green_1:0' is not a legal answer "
        "for complete a journey (by which requirement?) in any state: abyss_journey_green_1 has no requirement 0 "
        "(they count from 1: abyss_journey_green_1:1 to abyss_journey_green_1:3); did you mean "
        "'abyss_journey_green_1:1'? legal: abyss_journey_green_1:1",
        False,
    )


def test_an_answer_after_a_refused_move_must_still_name_something():
    text = JOURNEY.replace("{n}", "0").replace("crate_01, crate_02", "crate_01")  # no requirement met: no move
    pos, message, refusal = refused_error(text)
    assert (pos, refusal) == ("s.yaml:8:32", False)
    assert message.endswith(
        "'abyss_journey_green_1:0' is not a legal answer in any state: abyss_journey_green_1 has no requirement 0 "
        "(they count from 1: abyss_journey_green_1:1 to abyss_journey_green_1:3)"
    )


def test_a_requirement_the_journey_has_but_not_met_is_a_refusal():
    replay = Replay(load_script_text(JOURNEY.replace("{n}", "2"), "s.yaml"))
    [result] = list(replay.steps())
    assert result.refused.startswith("'abyss_journey_green_1:2' is not a legal answer for complete a journey")


def test_a_module_space_past_its_slot_is_a_script_error():
    from revive_dsl.engine.decisions import Decision, options_of
    from revive_dsl.replay.answer_keys import script_error

    replay = Replay(load_script_text(SWITCH_ONCE, "s.yaml"))
    decision = Decision(0, "slot module", "place it in which module space?", options_of(["top_left.0"]))
    assert script_error("top_left.2", decision, replay.game, replay.rules) is None
    assert script_error("top_left.3", decision, replay.game, replay.rules) == (
        "'top_left.3' is not a legal answer for slot module (place it in which module space?) in any state: "
        "top_left has no module space 3 (they count from 0: top_left.0 to top_left.2); did you mean 'top_left.0'?"
    )


def test_the_snapshot_of_a_refused_step_says_why_and_shows_no_change():
    replay = Replay(load_script_text(SWITCH_ONCE, "s.yaml"))
    snaps = StepSnapshots(replay.game)
    snaps.step(replay.step(), last=False)
    text = snaps.step(replay.step(), last=False)
    assert text.splitlines()[0] == "Ann switch food"
    assert text.splitlines()[1].startswith("refused: 'switch' is not a legal answer")
    assert len(text.splitlines()) == 2


def test_the_schema_takes_true_or_a_text_only():
    from revive_dsl.positions import DslError

    text = SWITCH_ONCE.replace("    refused: \"'switch' is not a legal answer\"\n", "    refused: 3\n")
    with pytest.raises(DslError) as err:
        load_script_text(text, "s.yaml")
    [d] = err.value.diagnostics
    assert (str(d.pos), d.message) == (
        "s.yaml:7:14",
        "schema: at steps.1.refused: refused is true, or a text the engine's refusal message must contain",
    )


def test_revive_replay_shows_the_refused_step(tmp_path):
    path = tmp_path / "switch-once.yaml"
    path.write_text(SWITCH_ONCE, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "revive_dsl.cli", "replay", str(path), "--no-color", "--width", "120"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "refused, as the script expects: 'switch' is not a legal answer" in run.stdout
    assert "Traceback" not in run.stdout + run.stderr
