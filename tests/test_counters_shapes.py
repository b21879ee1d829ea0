"""Counters over the pattern of a player's own buildings on the map: touching pairs, triangles, the largest
connected group, buildings beside a terrain (docs/rulings.md, "Counters over the pattern of your buildings").

States are hand-built on the base map. The counters read where buildings stand and what the spaces around them
show, not what lies under a building, so a few buildings here stand off sand. Cells used: 1,0 / 2,0 / 3,0 lie in
a line (each next to the one after it); 1,1 touches both 1,0 and 2,0; start_tile_2 shows water on 1,-1 (next to
1,0 and 2,-1), area_tile_02 water on 3,-1 (next to 2,-1 and 3,0).
"""

import pytest

from revive_dsl.dsl.checker import check
from revive_dsl.dsl.explain import explain
from revive_dsl.dsl.parser import parse
from revive_dsl.engine.interpret import Ctx, count, run_text
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.scoring import evaluate

load_all()
BASE = Rules.load(("base",))
ABYSS = Rules.load(("base", "abyss"))


def game_with(buildings: dict[str, int], seats: int = 2, packs: tuple[str, ...] = ("base",), **tiles) -> Game:
    """A game whose buildings are ``space -> seat`` (small ones) and tiles ``slot=(tile, explored)``."""
    players = [Player(seat=s, name=f"P{s}", tribe="nadair", side="sun") for s in range(seats)]
    game = Game(players=players, packs=list(packs))
    game.board.buildings = {space: {"player": seat, "size": "small"} for space, seat in buildings.items()}
    for slot, (tile, face_up) in tiles.items():
        game.board.tiles[slot] = {"tile": tile, "orientation": 0, "explored": face_up}
    return game


def value(text: str, game: Game, seat: int = 0, rules: Rules = BASE) -> int:
    """The value of a counter expression such as ``buildings_beside water``."""
    return count(parse(f"score value {text}").clauses[0].formula.counter, Ctx(game, seat, rules))


def shape(game: Game, seat: int = 0, rules: Rules = BASE) -> tuple[int, int, int]:
    """(pairs, triangles, largest group) of a player's buildings."""
    return tuple(value(word, game, seat, rules) for word in ("building_pairs", "building_triangles", "largest_group"))


# --- touching pairs -------------------------------------------------------------------------------


def test_two_buildings_on_adjacent_spaces_are_one_pair():
    game = game_with({"1,0": 0, "2,0": 0})
    assert value("building_pairs", game) == 1


def test_buildings_apart_make_no_pair():
    game = game_with({"1,0": 0, "3,0": 0})
    assert value("building_pairs", game) == 0


def test_another_players_building_next_to_yours_makes_no_pair_for_either():
    game = game_with({"1,0": 0, "2,0": 1})
    assert value("building_pairs", game, 0) == 0 and value("building_pairs", game, 1) == 0


def test_large_and_small_buildings_pair_alike():
    game = game_with({"1,0": 0, "2,0": 0})
    game.board.buildings["2,0"]["size"] = "large"
    assert value("building_pairs", game) == 1


# --- triangles --------------------------------------------------------------------------------------


def test_three_buildings_each_next_to_the_other_two_are_one_triangle_of_three_pairs():
    game = game_with({"1,0": 0, "2,0": 0, "1,1": 0})
    assert shape(game) == (3, 1, 3)


def test_a_line_of_three_is_two_pairs_and_no_triangle():
    game = game_with({"1,0": 0, "2,0": 0, "3,0": 0})
    assert shape(game) == (2, 0, 3)


def test_four_buildings_in_a_rhombus_are_two_triangles_each_counted_once():
    # 1,0 / 2,0 / 1,1 and 2,0 / 1,1 / 2,1: two triangles sharing the pair 2,0-1,1; 5 pairs
    game = game_with({"1,0": 0, "2,0": 0, "1,1": 0, "2,1": 0})
    assert shape(game) == (5, 2, 4)


def test_a_triangle_needs_all_three_buildings_of_one_player():
    game = game_with({"1,0": 0, "2,0": 0, "1,1": 1})
    assert shape(game) == (1, 0, 2)


# --- the largest connected group ---------------------------------------------------------------------


def test_largest_group_is_the_bigger_of_two_groups():
    # 1,0 - 2,0 - 3,0 (three) and -2,2 - -3,3 (two), apart from each other
    game = game_with({"1,0": 0, "2,0": 0, "3,0": 0, "-2,2": 0, "-3,3": 0})
    assert shape(game) == (3, 0, 3)


def test_largest_group_joins_only_through_your_own_buildings():
    # another player's building on 2,0 lies between 1,0 and 3,0; a figure of yours on a city joins nothing either
    game = game_with({"1,0": 0, "2,0": 1, "3,0": 0})
    game.board.figures = {"2,-1": [0]}
    assert value("largest_group", game) == 1


def test_largest_group_is_zero_without_buildings_and_one_for_a_lone_building():
    game = game_with({"2,0": 1})
    assert value("largest_group", game) == 0
    game.board.buildings["1,0"] = {"player": 0, "size": "large"}
    assert value("largest_group", game) == 1


def test_large_location_holds_no_building_of_yours():
    # a figure on the corner next to 4,3 is no building: one building, no pair
    game = game_with({"4,3": 0})
    game.board.figures = {"corner_se": [0]}
    assert shape(game) == (0, 0, 1)


def test_largest_group_follows_a_long_chain():
    chain = {f"{q},0": 0 for q in range(1, 6)}  # 1,0 .. 5,0 in a line
    game = game_with({**chain, "-2,2": 0})
    assert shape(game) == (4, 0, 5)


# --- buildings beside a terrain ---------------------------------------------------------------------


def test_building_beside_water_counts_once_however_many_waters_it_touches():
    game = game_with({"1,0": 0, "0,1": 0, "2,-1": 0}, s2=("start_tile_2", True), a02=("area_tile_02", True))
    # 1,0 touches the water 1,-1; 2,-1 touches 1,-1 and 3,-1; 0,1 none
    assert value("buildings_beside water", game) == 2


def test_buildings_beside_reads_only_face_up_terrain():
    game = game_with({"3,0": 0}, a02=("area_tile_02", False))
    assert value("buildings_beside water", game) == 0  # 3,-1 lies face down
    game.board.tiles["a02"]["explored"] = True
    assert value("buildings_beside water", game) == 1


def test_buildings_beside_counts_only_your_buildings_and_the_named_terrain():
    game = game_with({"1,0": 1, "2,-1": 0}, s2=("start_tile_2", True))
    assert value("buildings_beside water", game, 0) == 1 and value("buildings_beside water", game, 1) == 1
    assert value("buildings_beside forest", game, 0) == 0


def test_buildings_beside_sees_a_forest_tile():
    game = game_with({"3,0": 0}, a02=("area_tile_02", True))  # 2,1 shows sand
    assert value("buildings_beside forest", game) == 0
    game.board.tokens["2,1"] = {"player": 1, "token": "forest_tile"}
    assert value("buildings_beside forest", game) == 1


def test_a_lake_is_no_water_space():
    game = game_with({"3,0": 0}, packs=("base", "abyss"), a02=("abyss_lake_1", True))
    assert value("buildings_beside water", game, rules=ABYSS) == 0


# --- the expansion's shared Cordycephian buildings ----------------------------------------------------


def test_a_shared_cordycephian_building_counts_for_its_owner_only():
    # P1's building on 2,0; the Cordycephian P0 shares that space and stands alone on 1,0 and 1,1 too
    game = game_with({"2,0": 1, "1,0": 0, "1,1": 0}, packs=("base", "abyss"))
    abyss(game.board).shared["2,0"] = {"player": 0, "size": "small"}
    assert shape(game, 0, ABYSS) == (3, 1, 3)
    assert shape(game, 1, ABYSS) == (0, 0, 1)


# --- used in texts ------------------------------------------------------------------------------------


def pattern_game() -> Game:
    """P0: the triangle 1,0 / 2,0 / 1,1 with 3,0 touching 2,0 (4 pairs, 1 triangle, a group of 4), and -2,2 alone;
    1,0, 2,0 and 3,0 beside water (1,-1 and 3,-1). P1's building on 2,1 touches three of them and counts nothing."""
    game = game_with({"1,0": 0, "2,0": 0, "1,1": 0, "3,0": 0, "-2,2": 0, "2,1": 1})
    game.board.tiles = {
        "s2": {"tile": "start_tile_2", "orientation": 0, "explored": True},
        "a02": {"tile": "area_tile_02", "orientation": 0, "explored": True},
    }
    return game


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("score 1 per building_pairs", 4),
        ("score 2 per building_pairs", 8),
        ("score 3 per building_triangles", 3),
        ("score 1 per largest_group", 4),
        ("score 1 per buildings_beside water", 3),
        ("score 1 per 2 buildings_beside water", 1),
        ("score 5/9 at 2/4 largest_group", 9),
        ("score value building_pairs", 4),
    ],
)
def test_scoring_formulas_count_the_pattern_of_your_buildings(text, points):
    program = parse(text)
    assert check(program, packages=["base"]) == []
    assert evaluate(program, Ctx(pattern_game(), 0, BASE)) == points


def test_each_and_if_read_the_pattern_words_in_effects():
    game = pattern_game()
    run_text(Ctx(game, 0, BASE), "each largest_group: gain book; if building_triangles >= 1: gain 2 food")
    assert game.players[0].resources["book"] == 4 and game.players[0].resources["food"] == 2
    run_text(Ctx(game, 1, BASE), "each largest_group: gain book; if building_triangles >= 1: gain 2 food")
    assert game.players[1].resources["book"] == 1 and game.players[1].resources["food"] == 0


def test_pattern_words_read_as_english():
    text = "score 2 per building_pairs; score 1 per largest_group; if building_triangles >= 2: points 3"
    assert explain(parse(text)) == (
        "Score 2 points per pair of your buildings on adjacent spaces. "
        "Score 1 point per building in your largest group of connected buildings. "
        "If at least 2 sets of three of your buildings each next to the other two: score 3 blue points."
    )
    assert explain(parse("need building_pairs >= 2: points 1; score 1 per buildings_beside field")) == (
        "Need at least 2 pairs of your buildings on adjacent spaces: score 1 blue point. "
        "Score 1 point per building you have built next to a field space."
    )
