"""The campaign's large locations (003 "SCORING OF LARGE LOCATIONS", "unlocked in campaign"): variant
``campaign_locations``.

Each category is scored on a small hand-built state through the final score sheet, as the end of the game
scores a populated large location. The base map: ``s1`` is the starting slot with cells 1,0 / 1,1 / 2,-1 /
3,-3 / 3,-2 (2,-1 a city); ``corner_se`` is the large location next to 3,4 and 4,3 (area slot a23).
"""

from __future__ import annotations

import pytest

from revive_dsl.engine.interpret import Ctx, run_to_end
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.abyss.devotion import advance_devotion
from revive_dsl.rules.abyss.state import abyss_player
from revive_dsl.rules.base.board_actions import populate
from revive_dsl.rules.base.campaign_locations import campaign_location_ids
from revive_dsl.rules.base.scoring import final_scores
from revive_dsl.rules.base.setup import large_location_ids

load_all()
BASE, ABYSS = Rules.load(("base",)), Rules.load(("base", "abyss"))
PLAYERS = [("Ann", "nadair", "sun"), ("Bo", "formica", "sun")]
CAMPAIGN = ("largeloc_campaign_1", "largeloc_campaign_2", "largeloc_campaign_3")


def _scored(tile: str, side: int, seats: int = 2) -> Game:
    """A game with the campaign tile's side on corner_se, populated by seat 0 only."""
    players = [Player(seat=s, name=f"P{s}", tribe="nadair", side="sun") for s in range(seats)]
    game = Game(players=players, packs=["base"])
    game.board.large_locations["corner_se"] = {"tile": tile, "side": side}
    game.board.figures["corner_se"] = [0]
    return game


def _line(game: Game, name: str, seat: int = 0, rules: Rules = BASE) -> int:
    sheet = final_scores(rules, game)[seat]
    lines = [item.points for item in sheet.lines if item.rule == f"large location: {name}"]
    assert len(lines) == (1 if seat in game.board.figures.get("corner_se", []) else 0)
    return sum(lines)


def _build(game: Game, seat: int, *spaces: str) -> None:
    for space in spaces:
        game.board.buildings[space] = {"player": seat, "size": "small"}


# --- content -----------------------------------------------------------------------------------


def test_campaign_tiles_carry_the_six_categories_and_are_representative():
    assert campaign_location_ids(BASE) == list(CAMPAIGN)
    sides = [s["effect"] for t in CAMPAIGN for s in BASE.data(t)["sides"]]
    assert sides == [
        "score 2 per abilities",
        "score 2 per crystal_symbols",
        "score 1 per flasks",
        "once: energy; score 1 per flasks",
        "score 1 per crates",
        "score 3/7/12/15 at 3/6/8/10 tiles_present",
    ]
    assert all(BASE.data(t)["provenance"] == "representative" and BASE.data(t)["campaign"] for t in CAMPAIGN)


def test_a_normal_setup_leaves_the_campaign_tiles_in_the_box():
    assert large_location_ids(BASE) == [f"largeloc_{i}" for i in range(1, 6)]
    for rules in (BASE, ABYSS):
        for seed in range(6):
            game = new_game(rules, PLAYERS, seed=seed)
            assert not {p["tile"] for p in game.board.large_locations.values()} & set(CAMPAIGN)


# --- the six categories ------------------------------------------------------------------------


def test_campaign_progress_markers_score_2_per_marker_removed_from_the_tribe_board():
    game = _scored("largeloc_campaign_1", 0)
    game.players[0].tribe_markers = 2  # 3 tribe abilities carried out
    game.players[1].tribe_markers = 0
    assert _line(game, "Hall of progress") == 6


def test_campaign_crystal_symbols_score_2_per_unique_crystal_vast_crystals_too():
    game = _scored("largeloc_campaign_1", 1)
    game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    game.board.tiles["a02"] = {"tile": "vast_crystal_1", "orientation": 0, "explored": True}
    _build(game, 0, "-6,-1", "-7,0")  # both next to the one printed crystal at -7,-1: one symbol
    _build(game, 0, "1,0", "3,-2")  # both next to the vast crystal in a02: one symbol
    _build(game, 0, "-6,0")  # next to no crystal
    assert _line(game, "Crystal spire") == 2 * 2


def test_campaign_flasks_score_1_per_flask_resting_cards_included():
    game = _scored("largeloc_campaign_2", 0)
    player = game.players[0]
    player.active = ["cit_builder"]  # 1 flask
    player.resting = ["cit_mechanist"]  # 1 flask, resting
    player.modules = {"top_left": ["mod_grey_6", None, None]}  # 1 flask
    player.special_machines = {"special_grey_1": "mach_grey_4"}  # 1 flask
    assert _line(game, "Laboratory") == 4
    player.resting = []
    assert _line(game, "Laboratory") == 3


def test_campaign_crates_score_1_per_crate_used_and_unused():
    game = _scored("largeloc_campaign_3", 0)
    player = game.players[0]
    player.crates_closed = ["crate_01", "crate_02"]
    player.crates_opened = ["crate_03"]
    assert _line(game, "Warehouse") == 3


def test_campaign_presence_scores_7_points_on_6_tiles():
    game = _scored("largeloc_campaign_3", 1)
    slots = BASE.main_board["map"]["area_slots"][:5]
    _build(game, 0, "1,0", *(f"{s['cells'][0][0]},{s['cells'][0][1]}" for s in slots))  # s1 and 5 area tiles
    game.board.figures["2,-1"] = [0]  # a figure on s1 again: the tile counts once
    area = BASE.main_board["map"]["area_slots"][10]["cells"][0]
    _build(game, 1, f"{area[0]},{area[1]}")  # another player's building gives seat 0 nothing
    assert _line(game, "Frontier") == 7


@pytest.mark.parametrize(("tiles", "points"), [(2, 0), (3, 3), (5, 3), (6, 7), (7, 7), (8, 12), (9, 12), (10, 15)])
def test_campaign_presence_tiers_3_7_12_15_at_3_6_8_10_large_locations_not_counting(tiles, points):
    game = _scored("largeloc_campaign_3", 1)
    starting = [s["cells"][0] for s in BASE.main_board["map"]["starting_slots"]]
    area = [s["cells"][0] for s in BASE.main_board["map"]["area_slots"]]
    cells = [*starting, *area][:tiles]  # starting tiles count as area tiles here
    _build(game, 0, *(f"{q},{r}" for q, r in cells))
    game.board.figures["corner_nw"] = [0]  # another large location: no tile
    assert _line(game, "Frontier") == points


def test_campaign_generator_scores_1_per_flask_at_the_end():
    game = _scored("largeloc_campaign_2", 1)
    player = game.players[0]
    player.active = ["cit_builder"]
    player.resting = ["cit_mechanist", "cit_recruiter"]
    flasks = 3
    assert _line(game, "Generator") == flasks
    assert game.players[0].energy == 0  # the energy is given when populating, never at the end


# --- the energy location: populating it ----------------------------------------------------------


def _corner_game(side: int) -> Game:
    """Seat 0 (Nàdair sun) has a building at 3,4, next to corner_se, which shows campaign tile 2's side."""
    players = [Player(seat=s, name=f"P{s}", tribe="nadair", side="sun") for s in range(2)]
    game = Game(players=players, packs=["base"])
    game.board.tiles["a23"] = {"tile": "area_tile_01", "orientation": 0, "explored": True}
    game.board.large_locations["corner_se"] = {"tile": "largeloc_campaign_2", "side": side}
    _build(game, 0, "3,4")
    game.players[0].resources["book"] = 2
    return game


def test_populating_the_generator_gives_1_energy_from_the_supply_at_once():
    game = _corner_game(side=1)
    run_to_end(populate(Ctx(game, 0, BASE)), ["corner_se", "t1"])
    assert game.board.figures["corner_se"] == [0] and game.players[0].technologies == ["t1"]
    assert (game.players[0].energy, game.supply.energy) == (1, 27)


def test_populating_a_campaign_side_without_once_gives_no_energy():
    game = _corner_game(side=0)  # the Laboratory: points at the end only
    run_to_end(populate(Ctx(game, 0, BASE)), ["corner_se", "t1"])
    assert (game.players[0].energy, game.supply.energy) == (0, 28)


def test_the_generator_beside_the_devotion_track_gives_its_energy_too():
    players = [abyss_player(seat=0, name="Ann", tribe="nadair", side="sun", devotion=9)]
    game = Game(players=players, packs=["base", "abyss"])
    game.board.large_locations["devotion"] = {"tile": "largeloc_campaign_2", "side": 1}
    run_to_end(advance_devotion(Ctx(game, 0, ABYSS), 1), ["t1"])  # space 10: populate the devotion location
    assert game.board.figures["devotion"] == [0] and game.players[0].energy == 1


# --- the variant's setup -------------------------------------------------------------------------


def _tiles(game: Game) -> dict[str, tuple[str, int]]:
    return {slot: (p["tile"], p["side"]) for slot, p in game.board.large_locations.items()}


def test_variant_setup_puts_campaign_categories_in_play_deterministically_from_the_seed():
    game = new_game(BASE, PLAYERS, seed=3, variants=["campaign_locations"])
    assert _tiles(game) == _tiles(new_game(BASE, PLAYERS, seed=3, variants=["campaign_locations"]))
    assert _tiles(game) == {  # the Frontier (presence) and the Generator (energy and flasks) are in play
        "corner_nw": ("largeloc_1", 1),
        "corner_ne": ("largeloc_campaign_3", 1),
        "corner_sw": ("largeloc_campaign_2", 1),
        "corner_se": ("largeloc_3", 1),
    }
    seen = set()
    for seed in range(12):
        tiles = [t for t, _ in _tiles(new_game(BASE, PLAYERS, seed=seed, variants=["campaign_locations"])).values()]
        assert len(tiles) == len(set(tiles)) == 4 and set(tiles) <= set(BASE.ids("large_location"))
        seen |= set(tiles) & set(CAMPAIGN)
    assert seen == set(CAMPAIGN)  # every campaign tile comes into play for some seed


def test_variant_draws_after_every_other_draw():
    """Every other part of the setup is what the same seed makes without the variant."""
    plain = new_game(BASE, PLAYERS, seed=9)
    campaign = new_game(BASE, PLAYERS, seed=9, variants=["campaign_locations"])
    assert plain.supply == campaign.supply and plain.players == campaign.players
    assert plain.board.tiles == campaign.board.tiles
    assert _tiles(plain) != _tiles(campaign)


def test_variant_with_the_abyss_pack_deals_the_devotion_location_among_five_different_tiles():
    found_campaign_by_devotion = False
    for seed in range(10):
        game = new_game(ABYSS, PLAYERS, seed=seed, variants=["campaign_locations"])
        tiles = [t for t, _ in _tiles(game).values()]
        assert len(tiles) == len(set(tiles)) == 5 and "devotion" in game.board.large_locations
        found_campaign_by_devotion |= game.board.large_locations["devotion"]["tile"] in CAMPAIGN
    assert found_campaign_by_devotion


def test_random_game_with_the_variant_scores_the_generator_populated():
    tribes = [("nadair", "sun"), ("formica", "moon"), ("kuniban", "sun")]
    players = [(f"P{i + 1}", *tribes[i]) for i in range(3)]
    # a seed whose game populates the Generator
    record = play_random_game(BASE, players, seed=675, variants=("campaign_locations",))
    game = record.final
    generator = {"tile": "largeloc_campaign_2", "side": 1}
    [seats] = [game.board.figures.get(k) for k, placed in game.board.large_locations.items() if placed == generator]
    assert record.finished and seats
    sheet = final_scores(BASE, game)[seats[0]]
    assert [item.rule for item in sheet.lines if item.rule == "large location: Generator"] == [
        "large location: Generator"
    ]
