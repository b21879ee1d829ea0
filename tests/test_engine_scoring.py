"""Counters and final scoring (rulebook "GAME END", "SCORING OF ARTIFACT CARDS", "SCORING OF LARGE LOCATIONS")."""

from pathlib import Path

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.dsl.signatures import BY_KIND
from revive_dsl.engine.interpret import COUNTERS, Ctx, count
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Played, Player
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.scoring import apply_final_scores, evaluate, final_scores, ranking, solo_rank

BASE = Rules.load(("base",))
ABYSS = Rules.load(("base", "abyss"))


def new_game(players: int = 1, packs: tuple[str, ...] = ("base",)) -> Game:
    seats = [Player(seat=s, name=f"P{s}", tribe="nadair", side="sun") for s in range(players)]
    return Game(players=seats, packs=list(packs))


def value(text: str, game: Game, seat: int = 0, rules: Rules = BASE, **event) -> int:
    """The value of a counter expression such as ``cards_of green``."""
    return count(parse(f"score value {text}").clauses[0].formula.counter, Ctx(game, seat, rules, event=event))


def line(sheet, rule: str) -> int:
    return sum(item.points for item in sheet.lines if item.rule == rule)


def test_every_counter_word_of_the_signature_table_has_an_implementation():
    load_all()
    assert sorted(set(BY_KIND["counter"]) - set(COUNTERS)) == []


# --- artifact card ----------------------------------------------------------------------


def test_artifact_card_category_scored_once_plus_once_per_major_of_its_colour():
    # 002's example: 1 point per energy, 6 energy, 3 artifacts of that colour: 6 x 4 x 1 = 24
    game = new_game()
    player = game.players[0]
    player.artifact_card = "artcard_01"  # azure: score 1 per energy_markers
    player.energy, player.energy_on = 4, ["standard_grey", "special_green_1"]
    player.majors = ["major_azure_1p", "major_azure_2p", "major_azure_3p", "major_amber_1p"]
    player.crates_closed = ["crate_01", "crate_02"]  # amber: score 1 per crates
    sheet = final_scores(BASE, game)[0]
    assert line(sheet, "artifact card: azure") == 24
    assert line(sheet, "artifact card: amber") == 2 * 2
    assert line(sheet, "artifact card: violet") == 0  # no figures placed


def test_every_two_modules_rounded_down():
    game = new_game()
    player = game.players[0]
    player.artifact_card = "artcard_02"  # azure: score 1 per 2 modules
    player.modules = {"top_left": ["mod_grey_1", "mod_grey_2", None], "bottom_left": ["mod_grey_3", None, "mod_grey_4"]}
    player.modules["top_right"] = ["mod_grey_5", None]
    assert line(final_scores(BASE, game)[0], "artifact card: azure") == 2  # 5 modules


def test_common_artifact_card_variant_scores_the_shared_card_for_everyone():
    game = new_game(2)
    game.variants = ["common_artifact_card"]
    game.board.shared_artifact_card = "artcard_01"
    game.players[0].artifact_card = "artcard_02"  # ignored in the variant
    game.players[1].energy = 3
    sheets = final_scores(BASE, game)
    assert [line(s, "artifact card: azure") for s in sheets] == [0, 3]


# --- the other lines of the final scoring list -------------------------------------------


def test_one_point_per_five_remaining_resources():
    game = new_game()
    game.players[0].resources.update(gear=6, book=5, food=1, crystal=2)  # 14
    assert line(final_scores(BASE, game)[0], "remaining resources") == 2


def test_progress_track_scores_the_lowest_vacant_space():
    game = new_game()
    game.players[0].progress = 7  # spaces 1-7 hold markers: space 8 shows 7
    assert line(final_scores(BASE, game)[0], "progress track") == 7
    game.players[0].progress = 20  # every space full
    assert line(final_scores(BASE, game)[0], "progress track") == 30


def test_unlocked_technologies_score_their_printed_points():
    game = new_game()
    game.players[0].technologies = ["t1", "t2b", "t3a"]
    assert line(final_scores(BASE, game)[0], "unlocked technologies") == 1 + 1 + 3


def test_card_bonus_excludes_starting_cards():
    game = new_game()
    player = game.players[0]
    player.unlocked = ["card_bonus_grey"]
    player.active = ["cit_smith", "start_a_1"]  # grey citizen, grey starting card
    player.resting = ["cit_engineer"]
    player.slots = {"top_left": [Played("cit_builder", "top"), Played("start_a_2", "top")]}
    assert line(final_scores(BASE, game)[0], "card bonus: grey") == 2 * 3
    assert value("cards", game) == 3 and value("cards_of grey", game) == 3


def test_card_bonus_needs_its_reward_space_unlocked():
    game = new_game()
    game.players[0].active = ["cit_smith"]
    assert line(final_scores(BASE, game)[0], "card bonus: grey") == 0


def test_scyphoz_cards_count_for_the_best_unlocked_card_bonus():
    game = new_game(packs=("base", "abyss"))
    player = game.players[0]
    player.unlocked = ["card_bonus_yellow"]
    player.active = ["abyss_scy_lake_crystals", "abyss_scy_tide_of_minds"]
    sheet = final_scores(ABYSS, game)[0]
    assert line(sheet, "card bonus: Scyphoz cards as yellow") == 4
    assert value("scyphoz_cards", game, rules=ABYSS) == 2


def test_end_game_tile_is_worth_four_and_each_minor_artifact_two():
    game = new_game(2)  # a solo game has no end-game tile
    game.players[0].end_game_tile = True
    game.players[0].minors = ["minor_1", "minor_2"]
    sheet = final_scores(BASE, game)[0]
    assert line(sheet, "end-game tile") == 4 and line(sheet, "minor artifacts") == 4


def test_large_location_scores_the_side_showing_when_populated():
    game = new_game(2)
    game.board.large_locations = {
        "corner_nw": {"tile": "largeloc_1", "side": 0},
        "corner_se": {"tile": "largeloc_1", "side": 1},
    }
    game.board.figures = {"corner_nw": [0, 1]}
    game.players[0].tracks["green"] = 5  # printed value 2
    game.players[1].energy = 3
    sheets = final_scores(BASE, game)
    assert line(sheets[0], "large location: Green works") == 2
    assert line(sheets[1], "large location: Green works") == 0
    assert not any(item.rule == "large location: Power plant" for s in sheets for item in s.lines)


def test_purple_points_move_the_marker_without_point_track_bonuses():
    game = new_game()
    player = game.players[0]
    player.points, player.purple = 46, 3
    player.resources.update(gear=5)
    sheets = apply_final_scores(BASE, game)
    assert sheets[0].total == 50
    assert (player.laps, player.points, player.purple) == (1, 0, 0)
    assert player.crates_closed == []  # passing space 50 gives nothing; no bonus on the way


def test_devotion_is_added_with_the_expansion():
    game = new_game(packs=("base", "abyss"))
    abyss(game.players[0]).devotion = 9
    assert line(final_scores(ABYSS, game)[0], "devotion") == 9


def test_every_score_line_names_its_rule():
    game = new_game()
    rules = [item.rule for item in final_scores(BASE, game)[0].lines]
    assert rules[:2] == ["purple points", "progress track"]
    assert "remaining resources" in rules and all(rules)


# --- ties and solo --------------------------------------------------------------------------


def test_tie_broken_by_remaining_resources_then_machine_tracks():
    game = new_game(4)
    for player in game.players:
        player.points = 30
    game.players[0].resources.update(gear=4)  # 4 left, 0 points from them
    game.players[1].resources.update(gear=3)
    game.players[2].resources.update(gear=3)
    game.players[2].tracks = {"grey": 5, "green": 1, "yellow": 1}
    game.players[3].resources.update(gear=3)
    game.players[3].tracks = {"grey": 1, "green": 1, "yellow": 1}
    game.players[1].tracks = {"grey": 1, "green": 1, "yellow": 1}
    assert ranking(game, final_scores(BASE, game)) == [[0], [2], [1, 3]]


def test_solo_rank_from_the_score_table():
    assert [solo_rank(BASE, total) for total in (0, 49, 50, 99, 100, 179, 180, 400)] == [
        "loss",
        "loss",
        "survivor",
        "minor_victory",
        "regular_victory",
        "superior_victory",
        "utopia",
        "utopia",
    ]


# --- formulas ------------------------------------------------------------------------------


@pytest.mark.parametrize(("tiles", "points"), [(2, 0), (3, 3), (5, 3), (6, 7), (8, 12), (9, 12), (10, 15), (12, 15)])
def test_tiles_present_tiers_3_7_12_15_at_3_6_8_10(tiles, points):
    game = new_game()
    slots = [s for s in BASE.main_board["map"]["area_slots"]][:tiles]
    for slot in slots:  # one building per area tile, on its first cell
        q, r = slot["cells"][0]
        game.board.buildings[f"{q},{r}"] = {"player": 0, "size": "small"}
    formula = parse("score 3/7/12/15 at 3/6/8/10 tiles_present")
    assert evaluate(formula, Ctx(game, 0, BASE)) == points


def test_tiles_present_counts_each_tile_once_and_no_large_location():
    game = new_game()
    game.board.buildings = {"1,0": {"player": 0, "size": "small"}, "1,1": {"player": 0, "size": "large"}}  # s1 twice
    game.board.figures = {"2,-1": [0], "0,-2": [1, 0], "corner_nw": [0], "2,0": [1]}  # s1, s2; a02 is another's
    assert value("tiles_present", game) == 2


def test_score_per_without_a_divisor_counts_each():
    game = new_game()
    game.players[0].crates_opened = ["crate_01", "crate_02", "crate_03"]
    assert evaluate(parse("score 2 per crates"), Ctx(game, 0, BASE)) == 6


# --- counters ------------------------------------------------------------------------------


def test_crystal_symbol_counted_once_for_several_buildings():
    game = new_game()
    # the printed crystal at (-7, -1) touches both (-6, -1) and (-7, 0); (-6, 0) touches none
    game.board.buildings = {
        "-6,-1": {"player": 0, "size": "small"},
        "-7,0": {"player": 0, "size": "large"},
        "-6,0": {"player": 0, "size": "small"},
    }
    assert value("crystal_symbols", game) == 1


def test_each_water_space_counts_once():
    game = new_game()
    game.players[0].waters_claimed = ["3,-1", "3,-1", "0,3"]
    assert value("water_spaces", game) == 2


def test_crates_count_closed_opened_and_reactivated_once_each():
    game = new_game()
    player = game.players[0]
    player.crates_closed, player.crates_opened, player.crates_reactivated = ["crate_01"], ["crate_02"], ["crate_03"]
    assert value("crates", game) == 3


def test_figures_count_every_location_and_figures_large_only_large_ones():
    game = new_game(2)
    game.board.figures = {"2,-1": [1, 0], "corner_nw": [0], "corner_se": [1]}
    assert value("figures", game) == 2 and value("figures_large", game) == 1


def test_buildings_and_large_buildings():
    game = new_game(2)
    game.board.buildings = {
        "1,0": {"player": 0, "size": "small"},
        "2,1": {"player": 0, "size": "large"},
        "3,0": {"player": 1, "size": "large"},
    }
    assert value("buildings", game) == 2 and value("large_buildings", game) == 1


def test_flasks_count_machines_modules_every_card_and_completed_journeys():
    game = new_game()
    player = game.players[0]
    player.special_machines = {"special_grey_1": "mach_grey_4"}  # "machine: gain 2 gear; flask"
    player.modules = {"top_left": ["mod_grey_6", None, None]}  # "gain gear; flask"
    player.slots = {"top_left": [Played("cit_builder", "top")]}  # the flask is on the hidden bottom
    player.resting = ["cit_mechanist"]  # top: flask
    assert value("flasks", game) == 4
    assert value("visible_flasks", game) == 2  # machine, module
    abyss(player).journeys_done = ["abyss_journey_grey_1"]  # with the expansion, a completed journey is a flask
    assert value("flasks", game, rules=ABYSS) == 5
    assert value("visible_flasks", game, rules=ABYSS) == 3  # machine, module, journey
    assert value("flasks", game) == 4  # a base game runs no expansion rule


def test_visible_flasks_count_active_cards_and_the_visible_half_of_played_cards():
    game = new_game()
    player = game.players[0]
    player.active = ["cit_mechanist"]
    player.slots = {"bottom_left": [Played("cit_builder", "bottom")]}
    assert value("visible_flasks", game) == 2


def test_cards_in_slots_counts_played_cards_of_the_colour_starting_cards_included():
    game = new_game()
    player = game.players[0]
    player.slots = {"top_left": [Played("start_a_1", "top"), Played("cit_smith", "top")]}
    player.active = ["cit_engineer"]
    assert value("cards_in_slots grey", game) == 2 and value("cards_in_slots green", game) == 0


def test_track_value_is_the_printed_value_at_the_marker_and_track_position_the_space():
    game = new_game()
    game.players[0].tracks = {"grey": 1, "green": 7, "yellow": 13}
    assert value("track_value green", game) == 3 and value("track_value yellow", game) == 7
    assert value("track_value grey", game) == 0 and value("track_position green", game) == 7


def test_adjacent_counts_visible_terrain_next_to_the_space_being_built_on():
    game = new_game()
    game.board.tiles = {"s1": {"tile": "start_tile_1", "orientation": 0, "explored": True}}
    game.board.tiles["a02"] = {"tile": "area_tile_02", "orientation": 0, "explored": False}
    assert value("adjacent forest", game, space="1,0") == 1  # (1, 1) is forest
    assert value("adjacent mountain", game, space="1,0") == 0  # (2, 0) lies face down
    game.board.tiles["a02"]["explored"] = True
    assert value("adjacent mountain", game, space="1,0") == 1
    game.board.tiles["a02"]["orientation"] = 1  # turned: (2, 0) shows the last space, sand
    assert value("adjacent mountain", game, space="1,0") == 0
    game.board.tokens["2,0"] = {"player": 0, "token": "forest_tile"}
    assert value("adjacent forest", game, space="1,0") == 2


def test_lakes_count_once_and_lake_types_once_per_building_size():
    game = new_game(packs=("base", "abyss"))
    game.board.tiles = {"a02": {"tile": "abyss_lake_1", "orientation": 0, "explored": True}}
    game.board.buildings = {
        "1,0": {"player": 0, "size": "small"},  # next to (2, 0)
        "2,-1": {"player": 0, "size": "large"},  # next to (3, -1)
        "1,1": {"player": 0, "size": "small"},  # next to (2, 0) too: no new type
    }
    assert value("lakes", game, rules=ABYSS) == 1 and value("lake_types", game, rules=ABYSS) == 2


def test_expansion_counters_read_their_state_fields():
    game = new_game()
    player = game.players[0]
    abyss(player).gadgets_used = ["gadget_a"]
    abyss(player).journeys_done = ["abyss_journey_grey_1", "abyss_journey_grey_2"]
    assert value("used_gadgets", game) == 1 and value("journeys", game) == 2


def test_abilities_remaining_resources_and_machine_tracks():
    game = new_game()
    player = game.players[0]
    player.tribe_markers = 2
    player.resources.update(book=3, crystal=1)
    assert value("abilities", game) == 3 and value("remaining_resources", game) == 4
    assert value("machine_tracks", game) == 3


def test_cards_of_counts_a_scyphoz_card_as_the_colour_chosen_this_turn():
    game = new_game(packs=("base", "abyss"))
    player = game.players[0]
    player.active = ["abyss_scy_lake_crystals", "cit_smith"]
    assert value("cards_of green", game, rules=ABYSS) == 0
    abyss(player).scyphoz_colours = {"abyss_scy_lake_crystals": "green"}
    assert value("cards_of green", game, rules=ABYSS) == 1 and value("cards_of any", game, rules=ABYSS) == 2


def test_used_unstable_machine_is_one_flask():
    game = new_game(packs=("base", "abyss"))
    player = game.players[0]
    player.special_machines = {"special_grey_1": "abyss_mach_unstable_rest"}
    assert value("flasks", game, rules=ABYSS) == 0
    abyss(player).machines_flipped = ["abyss_mach_unstable_rest"]
    assert value("flasks", game, rules=ABYSS) == 1


def test_final_scores_leave_the_state_untouched():
    game = new_game(2)
    game.players[0].purple, game.players[1].resources["gear"] = 4, 5
    before = game.to_json()
    final_scores(BASE, game)
    assert game.to_json() == before


def test_a_huge_point_gain_costs_no_more_than_a_small_one():
    """Issue 13, break 4: the point track is not walked space by space (laps come from one division)."""
    from revive_dsl.engine.interpret import Ctx, run_to_end
    from revive_dsl.engine.rules import Rules
    from revive_dsl.engine.state import Game, Player
    from revive_dsl.rules.base.gains import score_points

    game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun", points=48)])
    run_to_end(score_points(Ctx(game, 0, Rules.load(("base",))), 10**12 + 3), [])
    player = game.players[0]
    assert (player.laps, player.points) == (divmod(48 + 10**12 + 3, 50))  # the old loop would run for hours


def test_flasks_count_those_printed_on_the_technology_machines_the_player_has_unlocked(tmp_path):
    """A flask printed on a machine counts once its machine is the player's: a technology machine once unlocked
    (003: flasks on machines). No bundled tribe prints one, so a copy of the example pack's tribe does."""
    import shutil

    from revive_dsl.engine.rules import forget_loaded

    pack = tmp_path / "emberfall"
    shutil.copytree(Path(__file__).parent / "example_expansion" / "emberfall", pack)
    tribes = pack / "tribes.yaml"
    text = tribes.read_text()
    assert text.count('effect: "machine: raise heat and gain crystal"}') == 1
    tribes.write_text(
        text.replace('"machine: raise heat and gain crystal"}', '"machine: raise heat and gain crystal; flask"}')
    )
    try:
        rules = Rules.load(("base", str(pack)))
        game = Game(players=[Player(seat=0, name="Ann", tribe="ember_forgers", side="sun")], packs=list(rules.packs))
        assert value("flasks", game, rules=rules) == 0
        game.players[0].technologies = ["t1"]
        assert value("flasks", game, rules=rules) == 1
        assert value("visible_flasks", game, rules=rules) == 1
        game.players[0].side = "moon"  # the moon side's t1 prints none
        assert value("flasks", game, rules=rules) == 0
    finally:
        forget_loaded()
