"""Journeys (004 "Journeys", "Completing journeys")."""

from __future__ import annotations

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.engine.decisions import IllegalAnswer
from revive_dsl.engine.game import MOVES, Runner, legal_moves
from revive_dsl.engine.interpret import Ctx, count, decisions_asked
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.abyss.journeys import met, start_journey
from revive_dsl.rules.abyss.state import abyss, abyss_player

load_all()
ABYSS = Rules.load(("base", "abyss"))


def _game(**fields) -> Game:
    player = abyss_player(seat=0, name="Ann", tribe="nadair", side="sun", **fields)
    game = Game(players=[player, Player(seat=1, name="Bo", tribe="formica", side="sun")], packs=["base", "abyss"])
    abyss(game.supply).journey_display = ["abyss_journey_green_1", "abyss_journey_grey_1", "abyss_journey_yellow_1"]
    abyss(game.supply).journey_deck = ["abyss_journey_green_2"]
    return game


def test_journey_started_with_the_switch_returns_a_card_of_its_colour_to_the_box():
    game = _game(active=["cit_scout", "cit_smith"])
    runner = Runner(game, ABYSS)
    runner.answer("switch")
    assert runner.decision().legal_keys() == ["resource", "journey"]
    runner.answer("journey")
    assert runner.decision().legal_keys() == ["abyss_journey_green_1", "abyss_journey_grey_1"]
    runner.answer("abyss_journey_green_1")
    runner.answer("cit_scout")  # the only green card
    game = runner.game
    assert abyss(game.players[0]).journeys == ["abyss_journey_green_1"]
    assert game.supply.removed == ["cit_scout"] and game.players[0].active == ["cit_smith"]
    assert abyss(game.supply).journey_display == [
        "abyss_journey_grey_1",
        "abyss_journey_yellow_1",
        "abyss_journey_green_2",
    ]
    assert game.players[0].switch_used


def test_a_scyphoz_card_starts_a_journey_of_any_colour():
    game = _game(active=["abyss_scy_spark"])
    asked = decisions_asked(start_journey(Ctx(game, 0, ABYSS)), ["abyss_journey_yellow_1", "abyss_scy_spark"])
    assert asked[0].legal_keys() == ["abyss_journey_green_1", "abyss_journey_grey_1", "abyss_journey_yellow_1"]
    assert abyss(game.players[0]).journeys == ["abyss_journey_yellow_1"]


def test_no_matching_card_no_journey():
    game = _game(active=["cit_farmer"])
    abyss(game.supply).journey_display = ["abyss_journey_green_1", "abyss_journey_grey_1"]
    runner = Runner(game, ABYSS)
    runner.answer("switch")
    assert runner.decision().legal_keys() == ["gear", "book", "food"]  # only the resource: asked at once


def test_journey_completed_by_one_requirement_counts_as_a_flask():
    """004's example: a green journey completed with 2 loot crates, for its devotion."""
    game = _game(journeys=["abyss_journey_green_1"], crates_closed=["crate_01", "crate_02"])
    game.turn.actions = 1
    assert "complete_journey" in legal_moves(game) and not MOVES["complete_journey"].is_action
    flasks = count(parse("each flasks: gain book").clauses[0].body.counter, Ctx(game, 0, ABYSS))
    runner = Runner(game, ABYSS)
    runner.answer("complete_journey")
    assert runner.decision().legal_keys() == ["abyss_journey_green_1:1"]
    runner.answer("abyss_journey_green_1:1")
    runner.answer("0")  # keep the 2 devotion
    player = runner.game.players[0]
    assert (abyss(player).devotion, abyss(player).journeys, abyss(player).journeys_done) == (
        2,
        [],
        ["abyss_journey_green_1"],
    )
    assert count(parse("each flasks: gain book").clauses[0].body.counter, Ctx(runner.game, 0, ABYSS)) == flasks + 1
    assert runner.game.turn.actions == 1  # not an action


def test_payment_requirement_is_paid():
    game = _game(journeys=["abyss_journey_grey_3"])
    game.players[0].resources["food"] = 4
    assert list(met(Ctx(game, 0, ABYSS))) == ["abyss_journey_grey_3:1"]
    runner = Runner(game, ABYSS)
    runner.answer("complete_journey")
    runner.answer("abyss_journey_grey_3:1")
    runner.answer("0")
    assert runner.game.players[0].resources["food"] == 1


def test_unmet_journey_cannot_be_completed():
    game = _game(journeys=["abyss_journey_green_1"])
    assert "complete_journey" not in legal_moves(game)


def _refusal(game: Game) -> str:
    with pytest.raises(IllegalAnswer) as refused:
        Runner(game, ABYSS).answer("complete_journey")
    return refused.value.why


def test_cannot_complete_a_journey_says_why_no_requirement_met_done_already_or_none_started():
    assert _refusal(_game(journeys=["abyss_journey_green_1"])) == (
        "Ann cannot complete a journey now: no requirement of abyss_journey_green_1 is met"
    )
    assert _refusal(_game(journeys_done=["abyss_journey_green_1"])) == (
        "Ann cannot complete a journey now: abyss_journey_green_1 is done already, and no other is under way"
    )
    assert _refusal(_game()) == "Ann cannot complete a journey now: no journey started (one is started with the switch)"
    # completed, then asked again: the card is done, and says so
    game = _game(journeys=["abyss_journey_green_1"], crates_closed=["crate_01", "crate_02"])
    runner = Runner(game, ABYSS)
    for key in ("complete_journey", "abyss_journey_green_1:1", "0"):
        runner.answer(key)
    assert "abyss_journey_green_1 is done already" in _refusal(runner.game)


def test_journey_build_adjacent_to_water_counts_buildings_not_temples():
    """004: "build adjacent to at least 1 water space": a Hofstadterian temple's water is no building's."""
    game = _game(journeys=["abyss_journey_green_3"])
    game.players[0].tribe, game.players[0].side = "hofstadterians", "moon"
    game.board.tokens["1,-1"] = {"player": 0, "token": "temple"}  # a temple on a water, no building near it
    assert list(met(Ctx(game, 0, ABYSS))) == []
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}  # built next to that water: its reward taken
    game.players[0].waters_claimed = ["1,-1"]
    assert list(met(Ctx(game, 0, ABYSS))) == ["abyss_journey_green_3:1"]
