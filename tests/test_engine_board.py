"""The board: geometry, range, explore, build, populate, and setup (rulebook 003 "Setup", "Explore",
"Range", "Build", "Populate"; 000 "Paying for range").

States are small and hand-built on the base map: ``s1`` is the starting slot with cells
1,0 / 1,1 / 2,-1 / 3,-3 / 3,-2 next to the chasm 0,0; start_tile_1 turned 0 shows
sand, forest, city, mountain, sand on them.
"""

import subprocess
import sys

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.decisions import IllegalAnswer
from revive_dsl.engine.interpret import Ctx, run, run_to_end
from revive_dsl.engine.range import distance, range_cost
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.base.board_actions import (
    build,
    build_options,
    explore,
    explore_options,
    populate,
    populate_options,
)
from revive_dsl.rules.base.setup import majors_for

load_all()
RULES = Rules.load(("base",))


def board_game(seats=1, tribe="t", **tiles):
    """A game with the given tiles placed: slot=(tile, orientation, explored)."""
    players = [Player(seat=s, name=f"P{s}", tribe=tribe, side="sun") for s in range(seats)]
    game = Game(players=players)
    for slot, (tile, orientation, explored) in tiles.items():
        game.board.tiles[slot] = {"tile": tile, "orientation": orientation, "explored": explored}
    return game


def ctx_of(game, seat=0):
    return Ctx(game, seat, RULES)


def build_at(game, space, seat=0, size="small"):
    game.board.buildings[space] = {"player": seat, "size": size}
    game.players[seat].buildings_left[size] -= 1


# --- geometry ------------------------------------------------------------------------------


def test_a_tile_turned_the_other_way_shows_its_spaces_reversed():
    game = board_game(s1=("start_tile_1", 0, True))
    assert [geo.terrain(RULES, game.board, c) for c in ("1,0", "1,1", "2,-1")] == ["sand", "forest", "city"]
    game.board.tiles["s1"]["orientation"] = 1
    assert [geo.terrain(RULES, game.board, c) for c in ("1,0", "1,1", "2,-1")] == ["sand", "mountain", "city"]


def test_a_face_down_tile_shows_nothing_until_explored():
    game = board_game(a02=("area_tile_02", 0, False))
    assert geo.terrain(RULES, game.board, "2,0") is None
    game.board.tiles["a02"]["explored"] = True
    assert geo.terrain(RULES, game.board, "2,0") == "mountain"


def test_a_large_location_is_one_space_next_to_the_cells_around_it():
    assert set(geo.neighbours(RULES, "corner_se")) == {"3,4", "4,3"}
    assert "corner_se" in geo.neighbours(RULES, "3,4")
    assert not any(c in geo.geometry(RULES).neighbours for c in ("4,5", "5,5"))  # its cells are no spaces


# --- range ---------------------------------------------------------------------------------


def test_range_counts_only_spaces_between_origin_and_target():
    game = board_game(s1=("start_tile_1", 0, True))
    ctx = ctx_of(game)
    assert distance(ctx, ["1,0"]) == 0  # next to the chasm: nothing between
    assert distance(ctx, ["2,-1"]) == 1  # through 1,0
    build_at(game, "1,0")
    assert distance(ctx, ["2,-1"]) == 0  # next to your own piece: zero spaces between (003's note)


def test_range_cannot_pass_unexplored_tiles():
    game = board_game(s1=("start_tile_1", 0, True), a02=("area_tile_02", 0, False), a17=("area_tile_03", 0, False))
    game.board.tiles["a16"] = {"tile": "area_tile_04", "orientation": 0, "explored": False}
    a16 = list(geo.geometry(RULES).slot_cells["a16"])
    ctx = ctx_of(game)
    assert distance(ctx, a16) is None  # behind the face-down a02 and a17
    assert "a16" not in explore_options(ctx)
    game.board.tiles["a02"]["explored"] = True
    assert distance(ctx, a16) is not None


def test_range_passes_through_occupied_spaces():
    game = board_game(2, s1=("start_tile_1", 0, True))
    build_at(game, "1,0", seat=1)
    assert distance(ctx_of(game), ["2,-1"]) == 1


def test_large_location_counts_as_one_space():
    game = board_game(a23=("area_tile_01", 0, True))
    game.board.large_locations["corner_se"] = {"tile": "largeloc_1", "side": 0}
    build_at(game, "2,4")
    assert distance(ctx_of(game), ["corner_se"]) == 1  # through 3,4, then the whole corner is the target


def test_range_from_chasm_until_first_piece():
    game = board_game(s1=("start_tile_1", 0, True), s4=("start_tile_4", 0, True))
    ctx = ctx_of(game)
    assert distance(ctx, ["1,0"]) == 0  # from the chasm
    game.board.figures["-2,3"] = [0]  # a figure far away on s4
    assert distance(ctx, ["1,0"]) > 0  # never again from the chasm


def test_range_bonuses_reduce_the_food_never_below_zero():
    game = board_game(s1=("start_tile_1", 0, True))
    ctx = ctx_of(game)
    assert range_cost(ctx, ["3,-3"]) == 3
    game.turn.range_bonus = 1
    assert range_cost(ctx, ["3,-3"]) == 2
    game.turn.range_bonus = 9
    assert range_cost(ctx, ["3,-3"]) == 0


def test_lasting_range_from_a_technology_adds_to_the_next_actions_bonus():
    game = board_game(s1=("start_tile_1", 0, True), tribe="hofstadterians")
    game.players[0].technologies = ["t1", "t2c"]  # Long sight: always range 1
    game.turn.range_bonus = 1
    assert range_cost(ctx_of(game), ["3,-3"]) == 1


def test_nadair_pays_no_range_through_forest_and_water():
    game = board_game(s1=("start_tile_1", 0, True), s5=("start_tile_3", 0, True), tribe="nadair")
    build_at(game, "1,0")
    ctx = ctx_of(game)
    before = range_cost(ctx, ["1,2"])  # 1,0 -> 1,1 (a forest) -> 1,2
    game.players[0].technologies = ["t1", "t2c"]  # Green paths
    assert (before, range_cost(ctx, ["1,2"])) == (1, 0)


# --- build ---------------------------------------------------------------------------------


def a08_game(seats=1):
    """a08 with area_tile_08 turned 0: -4,5 is sand next to forest -3,4, water -4,4 (2 points), crystal -5,6."""
    game = board_game(seats, a08=("area_tile_08", 0, True))
    build_at(game, "-5,5", seat=0)  # an own piece next door, so range is 0
    return game


def test_build_offers_only_vacant_sand_spaces_it_can_pay():
    game = a08_game()
    ctx = ctx_of(game)
    assert build_options(ctx) == {}
    game.players[0].resources["gear"] = 3
    assert build_options(ctx) == {"-4,5": {"small": {"gear": 3}}}
    game.players[0].resources["gear"] = 5
    assert build_options(ctx)["-4,5"] == {"small": {"gear": 3}, "large": {"gear": 5}}


def test_large_building_doubles_terrain_and_crystal_not_water():
    game = a08_game()
    player = game.players[0]
    player.resources["gear"] = 5
    run_to_end(build(ctx_of(game)), ["-4,5", "large"])
    assert player.tracks["green"] == 3  # forest: 2 steps
    assert player.resources["crystal"] == 2  # crystal: 2
    assert (player.points, player.waters_claimed) == (2, ["-4,4"])  # water: its 2 points once
    assert game.board.buildings["-4,5"] == {"player": 0, "size": "large"} and player.buildings_left["large"] == 2


def test_water_reward_once_per_player():
    game = a08_game(2)
    game.players[0].waters_claimed = ["-4,4"]  # already built next to it
    game.players[0].resources["gear"] = 3
    run_to_end(build(ctx_of(game)), ["-4,5", "small"])
    assert game.players[0].points == 0
    game.board.buildings.pop("-4,5")
    game.players[0].buildings_left["small"] += 1
    game.board.figures["-5,5"] = [1]  # seat 1 counts range from here too
    game.players[1].resources["gear"] = 3
    run_to_end(build(ctx_of(game, 1)), ["-4,5", "small"])
    assert game.players[1].points == 2  # several players may each take the same water's reward


def test_build_pays_range_in_food():
    game = board_game(s1=("start_tile_1", 0, True))
    player = game.players[0]
    player.resources.update(gear=3, food=2)
    assert build_options(ctx_of(game))["3,-2"] == {"small": {"food": 2, "gear": 3}}  # through 1,0 and 2,-1


def test_an_unaffordable_space_is_never_offered():
    game = board_game(s1=("start_tile_1", 0, True))
    game.players[0].resources.update(gear=3)
    assert list(build_options(ctx_of(game))) == ["1,0"]
    with pytest.raises(IllegalAnswer):
        run_to_end(build(ctx_of(game)), ["3,-2"])


def test_discounts_lower_the_building_cost_never_below_zero_nor_range():
    game = board_game(s1=("start_tile_1", 0, True))
    game.players[0].resources.update(food=2)
    game.turn.discounts["build"] = 9
    assert build_options(ctx_of(game))["3,-2"]["small"] == {"food": 2}


# --- explore -------------------------------------------------------------------------------


def explore_game():
    """Seat 0 built on 1,0, seat 1 on 3,-2 (both s1); a02 face down with area_tile_02 (back: gear + book, 3)."""
    game = board_game(2, s1=("start_tile_1", 0, True), a02=("area_tile_02", 0, False))
    build_at(game, "1,0", seat=0)
    build_at(game, "3,-2", seat=1)
    return game


def test_explore_pays_range_and_back_cost_gains_points_recruits_and_flips():
    game = explore_game()
    player = game.players[1]
    player.resources.update(gear=1, book=1)
    game.supply.citizen_display, game.supply.citizen_deck = ["cit_scout"], ["cit_smith", "cit_farmer"]
    run_to_end(explore(ctx_of(game, 1)), ["a02", "deck", "1"])
    assert player.points == 3 and player.resources["gear"] == 0 and player.resources["book"] == 0
    assert player.active == ["cit_smith"] and game.supply.citizen_deck == ["cit_farmer"]
    assert game.board.tiles["a02"] == {"tile": "area_tile_02", "orientation": 1, "explored": True}


def test_explore_offers_only_affordable_tiles():
    game = explore_game()
    assert explore_options(ctx_of(game, 1)) == {}
    game.players[1].resources.update(crystal=2)  # crystals stand in for the gear and the book
    assert explore_options(ctx_of(game, 1)) == {"a02": {"book": 1, "gear": 1}}


def test_explore_rewards_adjacent_building_owners_in_player_order():
    game = explore_game()
    game.players[1].resources.update(gear=1, book=1)
    ctx = ctx_of(game, 1)
    run_to_end(explore(ctx), ["a02", "0"])
    rewards = [line for line in ctx.log if "takes the reward" in line]
    assert rewards == ["P1 takes the reward of 3,-1 (water)", "P0 takes the reward of 2,0 (mountain)"]
    assert game.players[1].energy == 1 and game.players[0].tracks["grey"] == 2


def test_unlimited_range_explores_beyond_unexplored_tiles():
    game = board_game(s1=("start_tile_1", 0, True), a02=("area_tile_05", 0, False), a16=("area_tile_05", 0, False))
    game.board.tiles["a17"] = {"tile": "area_tile_05", "orientation": 0, "explored": False}
    assert "a16" not in explore_options(ctx_of(game))
    game.turn.unlimited_range = True
    assert "a16" in explore_options(ctx_of(game))


# --- populate ------------------------------------------------------------------------------


def city_game():
    """2,-1 is a city (s1); seat 0 (Nàdair sun) has a building next to it."""
    game = board_game(3, s1=("start_tile_1", 0, True), tribe="nadair")
    build_at(game, "1,0")
    return game


def test_populate_pays_one_book_to_each_player_already_there():
    game = city_game()
    game.board.figures["2,-1"] = [1, 2]
    game.players[0].resources["book"] = 4
    game.players[2].resources["book"] = 6  # at the cap: the book is lost
    run_to_end(populate(ctx_of(game)), ["2,-1", "t1"])
    assert game.players[0].resources["book"] == 0  # 2 for the technology + 1 to each of two players
    assert game.players[1].resources["book"] == 1 and game.players[2].resources["book"] == 6
    assert game.board.figures["2,-1"] == [1, 2, 0] and game.players[0].technologies == ["t1"]


def test_first_populate_must_unlock_the_bottom_technology():
    game = city_game()
    game.players[0].resources["book"] = 6
    assert populate_options(ctx_of(game)) == {"2,-1": {"t1": {"book": 2}}}
    game.players[0].technologies = ["t1"]
    assert list(populate_options(ctx_of(game))["2,-1"]) == ["t2a", "t2b", "t2c"]
    game.players[0].technologies = ["t1", "t2a"]
    assert list(populate_options(ctx_of(game))["2,-1"]) == ["t2b", "t2c", "t3a", "t3b"]


def test_a_location_is_never_populated_twice_by_the_same_player():
    game = city_game()
    game.players[0].resources["book"] = 6
    game.board.figures["2,-1"] = [0]
    assert populate_options(ctx_of(game)) == {}


def test_populate_discount_only_lowers_the_technology_cost():
    game = city_game()
    game.board.figures["2,-1"] = [1]
    game.players[0].resources["book"] = 6
    game.turn.discounts["populate"] = 5
    assert populate_options(ctx_of(game))["2,-1"]["t1"] == {"book": 1}  # the book to seat 1 stays


def test_no_book_fees_already_applies_to_the_populate_that_unlocks_it():
    game = board_game(2, s1=("start_tile_1", 0, True), tribe="hofstadterians")
    build_at(game, "1,0")
    game.board.figures["2,-1"] = [1]
    game.players[0].technologies = ["t1"]
    game.players[0].resources["book"] = 6
    costs = populate_options(ctx_of(game))["2,-1"]
    assert costs["t2a"] == {"book": 3} and costs["t2c"] == {"book": 4}


def test_populating_a_common_technology_runs_its_once_effect():
    game = city_game()
    game.players[0].technologies = ["t1"]
    game.players[0].resources["book"] = 3
    run_to_end(populate(ctx_of(game)), ["2,-1", "t2b"])
    assert game.players[0].technologies == ["t1", "t2b", "tech_side_slot"]  # the side slot is open


def test_the_free_build_effect_spends_no_action_and_uses_the_range_bonus():
    game = board_game(s1=("start_tile_1", 0, True))
    game.players[0].resources.update(gear=3, food=1)
    run_to_end(run(parse("range 1 and build").clauses[0].body, ctx_of(game)), ["use", "3,-2", "small"])
    assert game.board.buildings["3,-2"]["player"] == 0  # 2 spaces of range, 1 of them free
    assert game.players[0].resources["food"] == 0 and game.turn.actions == 0 and game.turn.range_bonus == 0


# --- setup ---------------------------------------------------------------------------------

PLAYERS = [("Ann", "nadair", "sun"), ("Bo", "formica", "sun"), ("Cy", "kuniban", "sun"), ("Di", "vukuntur", "moon")]


def test_setup_is_deterministic_for_a_seed():
    code = (
        "from revive_dsl.engine.rules import Rules; from revive_dsl.engine.setup import new_game;"
        f"print(new_game(Rules.load(('base',)), {PLAYERS!r}, seed=11).to_json())"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONHASHSEED": seed}, check=True
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1
    assert new_game(RULES, PLAYERS, seed=11).to_json() == outputs.pop().strip()
    assert new_game(RULES, PLAYERS, seed=12).to_json() != new_game(RULES, PLAYERS, seed=11).to_json()


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_setup_counts_per_player_count(seats):
    game = new_game(RULES, PLAYERS[:seats], seed=3)
    board, supply = game.board, game.supply
    assert len(board.majors) == 3 * seats
    tiles = board.tiles.values()
    assert sum(t["explored"] for t in tiles) == 5 and sum(not t["explored"] for t in tiles) == 25
    assert len(board.large_locations) == 4 and all(p["side"] in (0, 1) for p in board.large_locations.values())
    assert len(supply.citizen_display) == 5 and len(supply.citizen_deck) == 39 - 5
    assert all(len(supply.machine_display[c]) == 3 for c in ("grey", "green", "yellow"))
    assert len(supply.module_display) == 5 and len(supply.crates) == 28
    assert supply.energy == 28 - seats and supply.end_game_tile == (seats > 1)
    for player in game.players:
        letters = {RULES.data(c)["set"] for c in player.active + player.resting}
        assert len(player.active) == 3 and len(player.resting) == 3 and len(letters) == 1
        assert player.energy == 1 and player.tracks == {"grey": 1, "green": 1, "yellow": 1}
        assert player.buildings_left == {"small": 5, "large": 3} and player.artifact_card is not None
    wanted = {"crystal": 1, "gear": 0, "book": 0, "food": 0}
    for seat, resource in enumerate(("crystal", "gear", "book", "food")[:seats]):
        if seat:
            wanted[resource] = 1
        assert game.players[seat].resources == wanted


def test_each_player_gets_a_different_starting_set_and_artifact_card():
    game = new_game(RULES, PLAYERS, seed=5)
    sets = {RULES.data(p.active[0])["set"] for p in game.players}
    assert len(sets) == 4 and len({p.artifact_card for p in game.players}) == 4


def test_long_game_uses_artifacts_for_one_more_player_and_two_minors_with_four():
    assert len(majors_for(RULES, 2, ["long_game"])) == 9
    game = new_game(RULES, PLAYERS, seed=1, variants=["long_game"])
    assert len(game.board.majors) == 12 and len(game.board.crater_minors) == 2


def test_tribe_side_tokens_are_given_and_the_falcon_starts_on_the_chasm():
    game = new_game(RULES, [("Ann", "nadair", "moon"), ("Di", "vukuntur", "moon")], seed=1)
    assert game.players[0].tokens_left == {"forest_tile": 5}
    assert game.board.tokens["0,0"] == {"player": 1, "token": "falcon"}


def test_outcomes_override_draws_and_leave_the_others_alone():
    plain = new_game(RULES, PLAYERS[:2], seed=9)
    deck = list(reversed(RULES.ids("citizen_card")))
    fixed = new_game(RULES, PLAYERS[:2], seed=9, outcomes={"citizen_deck": deck})
    assert fixed.supply.citizen_display == deck[:5]
    assert fixed.board.tiles == plain.board.tiles and fixed.players == plain.players


def test_artifact_choice_deals_two_cards():
    game = new_game(RULES, PLAYERS[:2], seed=2, variants=["artifact_choice"])
    assert all(len(p.artifact_offer) == 2 and p.artifact_card == p.artifact_offer[0] for p in game.players)


def test_a_machine_during_explore_gives_unlimited_range_for_that_action():
    game = board_game(s1=("start_tile_1", 0, True), a02=("area_tile_05", 0, False), tribe="ox49")
    for slot in ("a16", "a17"):
        game.board.tiles[slot] = {"tile": "area_tile_05", "orientation": 0, "explored": False}
    player = game.players[0]
    player.technologies, player.energy = ["t1", "t2c"], 1  # Deep scanner: machine during explore
    ctx = ctx_of(game)
    run_to_end(explore(ctx), ["t2c", "a16", "0"])
    assert game.board.tiles["a16"]["explored"] and player.energy_on == ["t2c"]
    assert game.turn.unlimited_range is False  # used up by this action


def test_move_figure_moves_between_small_locations_without_books():
    game = board_game(2, s1=("start_tile_1", 0, True), s3=("start_tile_3", 0, True))
    game.board.figures = {"2,-1": [0], "-2,-1": [1]}
    run_to_end(run(parse("move_figure").clauses[0].body, ctx_of(game)), ["use", "2,-1", "-2,-1"])
    assert game.board.figures == {"-2,-1": [1, 0]} and game.players[1].resources["book"] == 0


def test_explore_build_and_populate_are_actions_of_the_turn():
    from revive_dsl.engine.game import Runner

    game = new_game(RULES, PLAYERS[:2], seed=4)
    game.players[0].resources.update(gear=6, book=6, food=6)
    runner = Runner(game, RULES)
    assert {"explore", "build", "populate"} <= set(runner.decision().legal_keys())
    runner.answer("build")
    space = runner.decision().legal_keys()[0]
    runner.answer(space)
    runner.answer("small")
    assert runner.game.board.buildings[space] == {"player": 0, "size": "small"} and runner.game.turn.actions == 1


@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_never_meet_a_board_option_that_fails(seed):
    from revive_dsl.engine.simulate import play_random_game

    record = play_random_game(RULES, PLAYERS[: 2 + seed], seed, max_decisions=3000)
    board = record.final.board
    assert record.finished and board.buildings and board.figures
    assert sum(t["explored"] for t in board.tiles.values()) > 5
