"""Engine core: canonical state, decisions, resources (rulebook "Resources"), the effect visitor."""

import subprocess
import sys

import pytest

from revive_dsl.engine.decisions import IllegalAnswer
from revive_dsl.engine.interpret import apply_text, run_to_end
from revive_dsl.engine.resources import can_pay, discounted, pay
from revive_dsl.engine.state import Game, Played, Player


def game_with(**resources):
    player = Player(seat=0, name="Ann", tribe="t", side="sun")
    player.resources.update(resources)
    return Game(players=[player]), player


def test_state_round_trips_through_canonical_json():
    game, player = game_with(gear=2)
    player.slots["top1"] = [Played("cit_scout", "top")]
    assert Game.from_json(game.to_json()) == game
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_canonical_json_is_identical_across_processes_and_hash_seeds():
    code = (
        "from revive_dsl.engine.state import Game, Player;"
        "g = Game(players=[Player(seat=0, name='Ann', tribe='t', side='sun')]);"
        "g.board.tokens['0,1'] = {'b': 1, 'a': 2}; print(g.to_json())"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONHASHSEED": seed}, check=True
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1


def test_basic_resources_cap_at_six_and_the_overflow_is_lost():
    game, player = game_with(book=5)
    run_to_end(apply_text(game, 0, "gain 3 book"), [])
    assert player.resources["book"] == 6


def test_a_crystal_gained_at_its_cap_may_become_a_basic_resource():
    game, player = game_with(crystal=3, food=1)
    run_to_end(apply_text(game, 0, "gain crystal"), ["food"])
    assert player.resources == {"gear": 0, "book": 0, "food": 2, "crystal": 3}


def test_crystals_stand_in_for_missing_basic_resources_when_paying():
    _, player = game_with(gear=1, crystal=2)
    assert can_pay(player, {"gear": 3})
    assert not can_pay(player, {"gear": 4})
    pay(player, {"gear": 3})
    assert player.resources["gear"] == 0 and player.resources["crystal"] == 0


def test_discounts_never_reduce_a_cost_below_zero():
    assert discounted({"gear": 3}, 2) == {"gear": 1}
    assert discounted({"gear": 1}, 2) == {}


def test_trade_pays_once_and_is_optional_when_unaffordable():
    game, player = game_with(gear=1)
    run_to_end(apply_text(game, 0, "pay gear -> gain 2 food"), ["pay"])
    assert player.resources["food"] == 2 and player.resources["gear"] == 0
    run_to_end(apply_text(game, 0, "pay gear -> gain 2 food"), [])  # cannot pay: nothing happens
    assert player.resources["food"] == 2


def test_the_gear_trade_may_be_repeated_up_to_three_times_choosing_each_time():
    game, player = game_with(gear=4)
    text = "up to 3 times: pay gear -> (gain 2 food or gain 2 book)"
    run_to_end(apply_text(game, 0, text), ["yes", "gain 2 food", "yes", "gain 2 book", "yes", "gain 2 book"])
    assert player.resources == {"gear": 1, "book": 4, "food": 2, "crystal": 0}


def test_an_answer_outside_the_options_is_rejected_naming_the_rule_and_the_legal_options():
    game, player = game_with()
    with pytest.raises(IllegalAnswer) as err:
        run_to_end(apply_text(game, 0, "gain basic"), ["crystal"])
    assert str(err.value) == (
        "'crystal' is not a legal answer for gain a basic resource (gain 1 of which?); legal: gear, book, food"
    )
    assert player.resources == {"gear": 0, "book": 0, "food": 0, "crystal": 0}


def test_each_counts_before_repeating_the_body():
    game, player = game_with()
    player.crates_closed = ["c1", "c2"]
    run_to_end(apply_text(game, 0, "each crates: gain food"), [])
    assert player.resources["food"] == 2


def test_a_move_applies_whole_or_not_at_all():
    from revive_dsl.engine.game import Runner

    game, _ = game_with()
    runner = Runner(game)
    before = runner.game.to_json()
    runner.answer("switch")  # the move is under way: it waits for the resource
    with pytest.raises(IllegalAnswer):
        runner.answer("crystal")
    assert runner.game.to_json() == before
    runner.cancel()
    assert runner.game.to_json() == before
    assert runner.decision().legal_keys()[0] == "switch"  # the turn's first question again (hibernate follows)


def test_switch_gains_a_basic_resource_and_is_then_used_until_reset():
    from revive_dsl.engine.game import Runner

    game, _ = game_with()
    runner = Runner(game)
    runner.answer("switch")
    runner.answer("gear")
    player = runner.game.players[0]
    assert player.resources["gear"] == 1 and player.switch_used
    assert "switch" not in runner.decision().legal_keys()
