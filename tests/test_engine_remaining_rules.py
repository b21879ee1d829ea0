"""Rules the other engine tests left to random play: player setup, tribe and side choice, the slot/star
starting-card choice, machines before hibernating, the standard machines as machines, and the
populate connection rule.

Rulebook sections: "Player setup" (9-12), "Hibernate" (the Important box), "Free action: use a
machine" (standard machines), "Populate" (003 and 000: the first figure from the bottom row, then
only technologies connected to an unlocked one).
"""

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.engine.decisions import IllegalAnswer
from revive_dsl.engine.game import Runner, legal_moves
from revive_dsl.engine.interpret import Ctx, decisions_asked, run, run_text, run_to_end
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.base.board_actions import build_options, populate, populate_options, technologies

load_all()
RULES = Rules.load(("base",))
FOUR = [("Ann", "nadair", "sun"), ("Bo", "formica", "moon"), ("Cy", "kuniban", "sun"), ("Di", "vukuntur", "moon")]


# --- player setup ----------------------------------------------------------------------------


def test_setup_places_seven_population_figures_and_twenty_progress_markers():
    """003 player setup 10 and 12: a figure on each of the 7 population icons; progress markers on the
    15 reward spaces and the 5 tribe-board spaces; none yet on the progress track; pawns at 0."""
    game = new_game(RULES, FOUR, seed=3)
    reward_spaces = RULES.player_board["reward_spaces"]
    assert len(reward_spaces) == 15
    for player in game.players:
        assert len(technologies(RULES, player.tribe, player.side)) == 7  # one figure per icon
        assert player.technologies == [] and player.tribe_markers == 5 and player.progress == 0
        assert player.unlocked == []  # every reward space still holds its marker
        assert (player.points, player.hibernations) == (0, 0)
    assert game.board.figures == {}


def test_setup_gives_each_seat_the_tribe_and_side_the_caller_chose():
    """Tribes are dealt at random or chosen at the table (003 setup 2); the sun side, or the moon side by
    001 option 2. The engine takes the caller's choice as given, seat by seat (docs/rulings.md)."""
    game = new_game(RULES, FOUR, seed=3)
    assert [(p.name, p.tribe, p.side) for p in game.players] == FOUR
    assert game.players[3].tokens_left == {} and game.board.tokens["0,0"]["token"] == "falcon"  # Vukuntur moon
    again = new_game(RULES, [("Ann", "vukuntur", "sun"), ("Bo", "nadair", "moon")], seed=3)
    assert "0,0" not in again.board.tokens and again.players[1].tokens_left == {"forest_tile": 5}


# --- starting cards: the slot/star choice ---------------------------------------------------


def test_slot_or_star_starting_card_takes_a_slot_module_or_uses_the_ability():
    """003 starting-card symbols: the slot/star half gives a slot module OR the tribe ability."""
    assert RULES.data("start_a_4")["bottom"] == "module or ability"
    game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
    game.supply.module_display = ["mod_grey_1"]
    ctx = Ctx(game, 0, RULES)
    asked = decisions_asked(run(parse("module or ability").clauses[0].body, ctx), ["ability"])
    assert asked[0].legal_keys() == ["module", "ability"]  # one or the other, the player's choice
    player = game.players[0]
    assert player.resources["book"] == 2 and player.progress == 1 and player.modules == {}  # Nàdair sun: 2 books
    run_text(ctx, "module or ability", ["module", "mod_grey_1", "top_left.0"])
    assert player.modules["top_left"][0] == "mod_grey_1" and player.progress == 1  # the module, no ability


# --- hibernation: machines first -------------------------------------------------------------


def test_machines_may_be_used_before_hibernating_and_the_energy_then_returns():
    """003 HIBERNATE, Important: remaining energy may activate machines at the beginning of the turn; then
    the energy returns with the hibernation, and no machine may follow it that turn (free actions and ``end`` do)."""
    players = [Player(seat=i, name=f"P{i}", tribe="nadair", side="sun") for i in range(2)]
    players[0].unlocked, players[0].energy, players[0].resources["gear"] = ["standard_grey"], 1, 1
    runner = Runner(Game(players=players), RULES)
    runner.answer("machine")
    runner.answer("standard_grey")
    runner.answer("gear")
    assert runner.game.players[0].energy_on == ["standard_grey"] and "hibernate" in legal_moves(runner.game)
    runner.answer("hibernate")
    runner.answer("1")  # the hibernation reward of space 1
    runner.answer(runner.decision().legal_keys()[0])
    me = runner.game.players[0]
    assert runner.between_moves and runner.game.turn.hibernated and runner.game.turn.player == 0
    assert me.resources["crystal"] == 1 and me.energy == 1 and me.energy_on == []  # the energy is back
    assert "machine" not in legal_moves(runner.game) and "machine" not in runner.decision().legal_keys()
    assert "end" in runner.decision().legal_keys()
    runner.answer("end")
    assert runner.game.turn.player == 1 and runner.game.players[0].energy == 1


# --- the standard machines as machines -------------------------------------------------------


def test_standard_grey_machine_pays_a_basic_resource_for_a_crystal():
    game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun", unlocked=["standard_grey"])])
    game.players[0].energy, game.players[0].resources["food"] = 1, 1
    runner = Runner(game, RULES)
    runner.answer("machine")
    asked = runner.decision()
    runner.answer("standard_grey")
    assert asked.legal_keys() == ["standard_grey"] and runner.decision().legal_keys() == ["food", "skip"]
    runner.answer("food")
    assert runner.game.players[0].resources == {"gear": 0, "book": 0, "food": 0, "crystal": 1}
    assert runner.game.turn.actions == 0  # a free action


def test_standard_yellow_machine_gives_one_range_for_the_next_action():
    game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun", unlocked=["standard_yellow"])])
    game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    player = game.players[0]
    player.energy, player.resources["gear"], player.resources["food"] = 1, 3, 2
    assert build_options(Ctx(game, 0, RULES))["3,-2"] == {"small": {"food": 2, "gear": 3}}
    runner = Runner(game, RULES)
    runner.answer("machine")
    runner.answer("standard_yellow")
    assert runner.game.turn.range_bonus == 1 and runner.game.players[0].energy_on == ["standard_yellow"]
    assert build_options(Ctx(runner.game, 0, RULES))["3,-2"] == {"small": {"food": 1, "gear": 3}}
    runner.answer("build")
    runner.answer("3,-2")
    runner.answer("small")
    assert runner.game.players[0].resources["food"] == 1 and runner.game.turn.range_bonus == 0  # used up


# --- populate: connected technologies only ---------------------------------------------------


def test_populate_after_the_first_only_unlocks_technologies_connected_to_an_unlocked_one():
    """Nàdair sun: t1 connects t2a-t2c; t2c connects t3b and t3c, not t3a."""
    game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun", technologies=["t1", "t2c"])])
    game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    game.players[0].resources["book"] = 6
    assert list(populate_options(Ctx(game, 0, RULES))["2,-1"]) == ["t2a", "t2b", "t3b", "t3c"]
    with pytest.raises(IllegalAnswer):
        run_to_end(populate(Ctx(game, 0, RULES)), ["2,-1", "t3a"])
    run_to_end(populate(Ctx(game, 0, RULES)), ["2,-1", "t3c"])
    assert game.players[0].technologies == ["t1", "t2c", "t3c"]


# --- solo: one action per turn -------------------------------------------------------------------

ACTION_MOVES = {"play", "switch", "explore", "build", "populate", "hibernate"}


@pytest.mark.parametrize(("seats", "second_action"), [(1, False), (2, True)])
def test_solo_allows_one_action_per_turn_others_two(seats, second_action):
    """003 solo box: one action per turn (two in the multiplayer game); free actions and ending remain."""
    players = [Player(seat=i, name=f"P{i}", tribe="nadair", side="sun", active=["cit_smith"]) for i in range(seats)]
    runner = Runner(Game(players=players), RULES)
    runner.answer("switch")
    runner.answer("gear")
    moves = set(legal_moves(runner.game))
    assert runner.game.turn.actions == 1 and "end" in moves
    assert ("play" in moves) is second_action and (moves & ACTION_MOVES == set()) is not second_action
