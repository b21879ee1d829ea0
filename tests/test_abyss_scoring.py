"""The expansion's large location and the solo rules with the expansion (004 "New large location", "Solo game")."""

from __future__ import annotations

from revive_dsl.engine import geometry as geo
from revive_dsl.engine.game import Runner
from revive_dsl.engine.interpret import Ctx, run_text
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.rules.abyss.lake_adjacency import lake_slots, lakes_next_to
from revive_dsl.rules.abyss.solo import achievements, may_build, medal
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.counters import module_ids
from revive_dsl.rules.base.modules import module_spaces
from revive_dsl.rules.base.scoring import final_scores, record_final_scores

load_all()
ABYSS = Rules.load(("base", "abyss"))
BASE = Rules.load(("base",))


def _location_points(game, side: int) -> int:
    game.board.large_locations["devotion"] = {"tile": "abyss_largeloc", "side": side}
    game.board.figures["devotion"] = [0]
    lines = final_scores(ABYSS, game)[0].lines
    return sum(x.points for x in lines if x.detail == "devotion: abyss_largeloc")


def _next_to_only(game, lake_slot: str, count: int) -> list[str]:
    """Tile cells next to this lake only, not lakes themselves."""
    lake = game.board.tiles[lake_slot]["tile"]
    cells = [c for c in geo.geometry(ABYSS).slot_of if geo.terrain(ABYSS, game.board, c) != "lake"]
    return [c for c in cells if lakes_next_to(ABYSS, game.board, c) == [lake]][:count]


def test_lake_shrines_two_points_per_building_type_next_to_each_lake():
    """004's example: a small building next to two lakes, a small and a large one next to the third: 2 x 4 = 8."""
    game = new_game(ABYSS, [("Ann", "nadair", "sun")], seed=4)
    first, second, third = lake_slots(ABYSS, game.board)
    spaces = [*_next_to_only(game, first, 1), *_next_to_only(game, second, 1), *_next_to_only(game, third, 2)]
    for space, size in zip(spaces, ["small", "small", "small", "large"], strict=True):
        game.board.buildings[space] = {"player": 0, "size": size}
    assert _location_points(game, 1) == 8


def test_scyphoz_sanctuary_three_points_per_scyphoz_card():
    game = new_game(ABYSS, [("Ann", "nadair", "sun")], seed=4)
    game.players[0].resting += ["abyss_scy_spark", "abyss_scy_devout"]
    assert _location_points(game, 0) == 6


def test_solo_switch_moves_the_action_cube():
    game = new_game(ABYSS, [("Ann", "nadair", "sun")], seed=4)
    runner = Runner(game, ABYSS)
    runner.answer("switch")
    runner.answer("resource")  # rather than starting a journey
    runner.answer("gear")
    assert runner.game.players[0].action_cube == 1


def test_base_solo_switch_does_not_move_the_cube():
    game = new_game(BASE, [("Ann", "nadair", "sun")], seed=4)
    runner = Runner(game, BASE)
    runner.answer("switch")
    runner.answer("gear")
    assert runner.game.players[0].action_cube == 0


def test_solo_one_building_per_tile():
    board = new_game(ABYSS, [("Ann", "nadair", "sun")], seed=4).board
    slot, cells = next(iter(geo.geometry(ABYSS).slot_cells.items()))
    board.buildings[cells[0]] = {"player": 0, "size": "small"}
    assert not may_build(ABYSS, board, cells[1])
    other = next(c for s, cs in geo.geometry(ABYSS).slot_cells.items() if s != slot for c in cs)
    assert may_build(ABYSS, board, other)


def test_medals_100_130_160_200():
    assert [medal(t) for t in (99, 100, 129, 130, 160, 199, 200)] == [
        None,
        "adept",
        "adept",
        "master",
        "revered",
        "revered",
        "divine",
    ]


def test_solo_achievements():
    game = new_game(ABYSS, [("Ann", "nadair", "sun")], seed=4)
    player = game.players[0]
    abyss(player).devotion, abyss(player).journeys_done = 26, [f"j{i}" for i in range(5)]
    abyss(player).modules_gained = 12  # slot modules taken during the game (Tinkerer)
    player.tracks = {c: len(ABYSS.player_board["tracks"][c]["values"]) for c in player.tracks}
    for corner in geo.geometry(ABYSS).large:
        game.board.figures[corner] = [0]
    game.board.figures.update({"1,0": [0], "2,0": [0]})
    game.board.large_locations["devotion"] = {"tile": "abyss_largeloc", "side": 0}
    game.board.figures["devotion"] = [0]
    player.active += ["abyss_scy_spark", "abyss_scy_devout", "abyss_scy_swarm", "abyss_scy_tribute"]  # 12 points
    reached = achievements(ABYSS, game, final_scores(ABYSS, game)[0])
    assert reached == dict.fromkeys(("tinkerer", "xenologist", "seeker", "pioneer", "architect", "librarian"), True)


def test_solo_tinkerer_counts_slot_modules_gained_discarded_ones_included():
    # 004 Tinkerer: gain 12 slot modules; a module discarded to make room for another was gained all the same
    game = new_game(ABYSS, [("Ann", "nadair", "sun")], seed=4)
    ctx = Ctx(game, 0, ABYSS)
    gains = [f"mod_{c}_{i}" for c in ("grey", "green", "yellow") for i in (1, 3, 6)] + ["mod_grey_green_1"]
    gains += ["mod_grey_2", "mod_green_2"]  # the last two replace modules on the full board
    game.supply.module_display, game.supply.module_pile = list(gains), []
    spaces = [key for key, _, _ in module_spaces(ctx)]
    assert len(spaces) == 10
    for module, space in zip(gains, spaces + spaces[:2], strict=True):
        assert not achievements(ABYSS, game, final_scores(ABYSS, game)[0])["tinkerer"]
        run_text(ctx, "module", [module, space])
    assert len(module_ids(game.players[0])) == 10  # 12 gained, 2 of them discarded
    assert achievements(ABYSS, game, final_scores(ABYSS, game)[0])["tinkerer"]


def test_solo_game_records_its_achievements_and_medal():
    record = play_random_game(ABYSS, [("Ann", "nadair", "sun")], seed=3)
    recorded = abyss(record.final.turn).solo_achievements
    assert set(recorded["achievements"]) == {"tinkerer", "xenologist", "seeker", "pioneer", "architect", "librarian"}
    assert recorded["total"] == record.final.turn.final_scores[0]["total"]
    assert recorded["medal"] == medal(recorded["total"], recorded["achievements"])


def test_solo_medal_only_with_an_achievement_reached():
    # 004: tick the medal if you *also* scored 100/130/160/200 points: a medal goes with the achievements ticked
    for journeys, wanted in (([], None), ([f"j{i}" for i in range(5)], "master")):  # 5 journeys: Seeker
        game = new_game(ABYSS, [("Ann", "nadair", "sun")], seed=4)
        game.players[0].points = 130
        abyss(game.players[0]).journeys_done = journeys
        assert record_final_scores(ABYSS, game)
        recorded = abyss(game.turn).solo_achievements
        assert recorded["total"] >= 130 and recorded["achievements"]["seeker"] == bool(journeys)
        assert recorded["medal"] == wanted
