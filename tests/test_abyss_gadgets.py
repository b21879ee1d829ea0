"""The gadgets tribe, Gib'warks (004): gadgets used with the switch, readied at hibernation."""

from __future__ import annotations

from revive_dsl.engine.game import Runner
from revive_dsl.engine.interpret import Ctx, run_text
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.abyss.gadgets import face_up
from revive_dsl.rules.abyss.state import abyss, abyss_player

load_all()
ABYSS = Rules.load(("base", "abyss"))
TRIBE = "abyss_tribe_gadgets"
POINTS_TECH = "abyss_gadgets_gadget_points"


def _game(**fields) -> tuple[Game, Player]:
    fields.setdefault("gadgets", ["gadget_a", "gadget_b"])
    player = abyss_player(seat=0, name="Gib", tribe=TRIBE, side="single", **fields)
    game = Game(players=[player, Player(seat=1, name="Bo", tribe="nadair", side="sun")], packs=["base", "abyss"])
    abyss(game.supply).journey_display = ["abyss_journey_green_1", "abyss_journey_grey_1", "abyss_journey_yellow_1"]
    return game, player


def _finish(runner: Runner) -> Game:
    """Answer the rest of the move under way with each decision's first option."""
    while not runner.between_moves:
        runner.answer(runner.decision().legal_keys()[0])
    return runner.game


# --- setup and the switch ------------------------------------------------------------------------


def test_setup_gives_two_gadgets_face_up_and_sets_the_other_two_aside():
    game = new_game(ABYSS, [("Gib", TRIBE, "single"), ("Bo", "nadair", "sun")], seed=4)
    player = game.players[0]
    assert abyss(player).gadgets == ["gadget_a", "gadget_b"] and face_up(player) == ["gadget_a", "gadget_b"]
    assert "gadget_tile" not in player.tokens_left and abyss(game.players[1]).gadgets == []


def test_a_switch_action_may_also_flip_a_face_up_gadget_for_its_effect():
    game, _ = _game()
    runner = Runner(game, ABYSS)
    runner.answer("switch")
    runner.answer("food")  # the switch's own effect first
    assert runner.decision().rule == "gadget"
    assert runner.decision().legal_keys() == ["gadget_a", "gadget_b", "none"]
    runner.answer("gadget_a")  # gain a crystal
    player = runner.game.players[0]
    assert (player.resources["food"], player.resources["crystal"]) == (1, 1)
    assert abyss(player).gadgets_used == ["gadget_a"] and face_up(player) == ["gadget_b"]


def test_the_gadget_bonus_is_optional():
    game, _ = _game()
    runner = Runner(game, ABYSS)
    for key in ("switch", "food", "none"):
        runner.answer(key)
    assert runner.between_moves and abyss(runner.game.players[0]).gadgets_used == []


def test_with_every_gadget_face_down_the_switch_has_no_bonus():
    game, _ = _game(gadgets_used=["gadget_a", "gadget_b"])
    runner = Runner(game, ABYSS)
    runner.answer("switch")
    runner.answer("book")
    assert runner.between_moves and runner.game.players[0].resources["book"] == 1


def test_starting_a_journey_with_the_switch_still_allows_a_gadget():
    """004: a journey is started "when you use a switch action", instead of its regular effects; the
    gadget is flipped "whenever you use a switch action", so it comes with the journey too."""
    game, _ = _game(active=["cit_scout"])
    runner = Runner(game, ABYSS)
    for key in ("switch", "journey", "abyss_journey_green_1", "cit_scout"):
        runner.answer(key)
    assert runner.decision().rule == "gadget"
    runner.answer("gadget_a")
    player = runner.game.players[0]
    assert abyss(player).journeys == ["abyss_journey_green_1"] and abyss(player).gadgets_used == ["gadget_a"]


# --- hibernation -----------------------------------------------------------------------------------


def test_hibernation_turns_every_gadget_face_up():
    game, _ = _game(gadgets_used=["gadget_b"])
    runner = Runner(game, ABYSS)
    runner.answer("hibernate")
    player = _finish(runner).players[0]
    assert abyss(player).gadgets_used == [] and face_up(player) == ["gadget_a", "gadget_b"]


def test_base_technology_scores_a_point_per_gadget_turned_face_up():
    game, _ = _game(gadgets_used=["gadget_a", "gadget_b"], technologies=[POINTS_TECH])
    runner = Runner(game, ABYSS)
    runner.answer("hibernate")
    player = _finish(runner).players[0]  # "0": the 2 points are not converted to devotion
    assert player.points == 2 and abyss(player).gadgets_used == []


def test_base_technology_scores_nothing_for_unused_gadgets():
    game, _ = _game(technologies=[POINTS_TECH])
    runner = Runner(game, ABYSS)
    runner.answer("hibernate")
    assert _finish(runner).players[0].points == 0


# --- the tribe ability -----------------------------------------------------------------------------


def test_tribe_ability_needs_the_switch_in_the_used_position():
    game, player = _game()
    run_text(Ctx(game, 0, ABYSS), "ability")
    assert (player.tribe_markers, player.progress, player.switch_used) == (5, 0, False)  # no effect, no marker
    player.switch_used = True
    run_text(Ctx(game, 0, ABYSS), "ability")
    assert (player.tribe_markers, player.progress, player.switch_used) == (4, 1, False)


# --- the technologies that unlock the other two gadgets --------------------------------------------


def test_unlocking_a_gadget_places_it_on_its_unused_side():
    game, player = _game(gadgets_used=["gadget_a", "gadget_b"])
    run_text(Ctx(game, 0, ABYSS), "unlock_gadget gadget_fill")
    assert abyss(player).gadgets == ["gadget_a", "gadget_b", "gadget_fill"] and face_up(player) == ["gadget_fill"]


def test_filler_gadget_sets_a_basic_resource_inventory_to_six():
    game, player = _game(gadgets=["gadget_fill"])
    player.resources["gear"] = 2
    runner = Runner(game, ABYSS)
    for key in ("switch", "food", "gadget_fill", "gear"):
        runner.answer(key)
    assert runner.game.players[0].resources["gear"] == 6


def test_energy_gadget_returns_up_to_two_used_energy_markers():
    game, player = _game(gadgets=["gadget_energy"], energy_on=["standard_grey", "standard_green", "standard_yellow"])
    runner = Runner(game, ABYSS)
    for key in ("switch", "food", "gadget_energy", "standard_grey", "standard_yellow"):
        runner.answer(key)
    player = runner.game.players[0]
    assert player.energy == 2 and player.energy_on == ["standard_green"]
    game, player = _game(gadgets=["gadget_energy"], energy_on=["standard_grey"])
    runner = Runner(game, ABYSS)
    for key in ("switch", "food", "gadget_energy", "standard_grey"):
        runner.answer(key)
    assert runner.between_moves and runner.game.players[0].energy == 1  # only one was used


def test_populating_the_unlocking_technology_unlocks_the_gadget():
    game, player = _game(technologies=[POINTS_TECH])
    game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    player.resources.update(book=3, food=2)
    runner = Runner(game, ABYSS)
    for key in ("populate", "2,-1", "abyss_gadgets_unlock_energy"):
        runner.answer(key)
    player = _finish(runner).players[0]
    assert abyss(player).gadgets == ["gadget_a", "gadget_b", "gadget_energy"]
