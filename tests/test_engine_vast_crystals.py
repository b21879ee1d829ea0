"""Vast crystals (001 option 3; 000; 003): the variant ``vast_crystals`` and the rules of the two tiles."""

from __future__ import annotations

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.engine.geometry import corners_reached
from revive_dsl.engine.geometry import slots_touch as _touch
from revive_dsl.engine.interpret import Ctx, count
from revive_dsl.engine.range import distance
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.abyss.lake_adjacency import lake_slots
from revive_dsl.rules.base import board_actions as actions
from revive_dsl.rules.base.setup import area_tile_ids
from revive_dsl.rules.base.vast_crystals import vast_crystal_ids

load_all()
BASE, ABYSS = Rules.load(("base",)), Rules.load(("base", "abyss"))
PLAYERS = [("Ann", "nadair", "sun"), ("Bo", "formica", "sun")]
VAST_CELLS = ("2,0", "2,1", "3,-1", "3,0")  # slot a02


def _vast_slots(game: Game) -> list[str]:
    return [s for s, p in game.board.tiles.items() if p["tile"] in vast_crystal_ids(BASE)]


def _game(explored: bool = True) -> Game:
    """s1: start_tile_1 (1,0 sand, 1,1 forest, 2,-1 city, 3,-3 mountain, 3,-2 sand); a02 a vast crystal."""
    game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")], packs=["base"])
    game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    game.board.tiles["a02"] = {"tile": "vast_crystal_1", "orientation": 0, "explored": explored}
    game.players[0].resources.update(gear=6, food=6, book=6)
    return game


def _run(effect, answers: list[str]) -> None:
    answers = list(answers)
    try:
        decision = next(effect)
        while True:
            decision = effect.send(decision.choose(answers.pop(0)))
    except StopIteration:
        return


# --- content and setup -----------------------------------------------------------------------------


def test_two_vast_crystal_tiles_are_area_tiles_marked_vast_crystal():
    assert vast_crystal_ids(BASE) == ["vast_crystal_1", "vast_crystal_2"]
    for tile in vast_crystal_ids(BASE):
        data = BASE.data(tile)
        assert data["provenance"] == "representative" and data["note"]
        assert {s["terrain"] for s in data["spaces"]} == {"vast_crystal"}


def test_a_normal_setup_leaves_the_vast_crystals_in_the_box():
    for rules in (BASE, ABYSS):
        game = new_game(rules, PLAYERS, seed=4)
        assert not _vast_slots(game)
    assert len(area_tile_ids(BASE)) == 25


def test_variant_places_the_two_vast_crystals_face_down_apart_in_place_of_two_area_tiles():
    for seed in range(8):
        game = new_game(BASE, PLAYERS, seed=seed, variants=["vast_crystals"])
        slots = _vast_slots(game)
        assert len(slots) == 2 and not _touch(BASE, *slots)
        assert not any(game.board.tiles[s]["explored"] for s in slots)
        placed = {p["tile"] for p in game.board.tiles.values()}
        assert len(set(area_tile_ids(BASE)) - placed) == 2  # two area tiles went back to the box


def test_variant_draws_after_every_other_draw():
    """Every other part of the setup is what the same seed makes without the variant."""
    plain = new_game(BASE, PLAYERS, seed=9)
    vast = new_game(BASE, PLAYERS, seed=9, variants=["vast_crystals"])
    assert plain.supply == vast.supply and plain.players == vast.players
    slots = _vast_slots(vast)
    assert {s: p for s, p in plain.board.tiles.items() if s not in slots} == {
        s: p for s, p in vast.board.tiles.items() if s not in slots
    }


def test_variant_with_the_abyss_pack_keeps_lakes_and_leaves_a_path_to_every_corner():
    for seed in range(6):
        game = new_game(ABYSS, PLAYERS, seed=seed, variants=["vast_crystals"])
        lakes, vast = lake_slots(ABYSS, game.board), _vast_slots(game)
        assert len(lakes) == 3 and len(vast) == 2 and not set(lakes) & set(vast)
        assert corners_reached(ABYSS, [*lakes, *vast])


# --- exploring, range, building, scoring ---------------------------------------------------------


def test_exploring_a_vast_crystal_gives_its_points_and_no_card():
    game = _game(explored=False)
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    game.supply.citizen_display = ["cit_smith"]
    _run(actions.explore(Ctx(game, 0, BASE)), ["a02"])  # nothing more asked: no card, no turning
    player = game.players[0]
    assert game.board.tiles["a02"]["explored"] and player.active == []
    assert player.resources["book"] == 5  # its back: pay a book -> 2 points
    assert player.points == 2 + 1  # and the building next to it takes 1 point (and a crystal)


def test_range_cannot_pass_through_a_vast_crystal():
    game = _game()
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    assert distance(Ctx(game, 0, BASE), ["4,-1"]) is None  # beyond the crystal: no way through
    game.board.tiles["a02"] = {"tile": "area_tile_01", "orientation": 0, "explored": True}
    assert distance(Ctx(game, 0, BASE), ["4,-1"]) == 2  # an ordinary tile there is passed


def test_building_next_to_a_vast_crystal_gives_1_crystal_and_1_point():
    game = _game()
    _run(actions.build(Ctx(game, 0, BASE)), ["1,0", "small"])
    assert (game.players[0].resources["crystal"], game.players[0].points) == (1, 1)


def test_a_large_building_doubles_the_vast_crystal_reward():
    game = _game()
    _run(actions.build(Ctx(game, 0, BASE)), ["1,0", "large"])
    assert (game.players[0].resources["crystal"], game.players[0].points) == (2, 2)


def test_a_building_touching_several_cells_of_a_vast_crystal_takes_its_reward_once():
    game = _game()
    game.board.tiles["s1"]["tile"] = "start_tile_3"  # 1,1 is sand and touches 2,0 and 2,1
    _run(actions.build(Ctx(game, 0, BASE)), ["1,1", "small"])
    assert (game.players[0].resources["crystal"], game.players[0].points) == (1, 1)


def test_a_vast_crystal_counts_as_one_crystal_symbol():
    game = _game()
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    game.board.buildings["3,-2"] = {"player": 0, "size": "small"}  # both next to the one crystal
    symbols = parse("score 1 per crystal_symbols").clauses[0]
    assert count(_counter(symbols), Ctx(game, 0, BASE)) == 1


def _counter(clause):
    from revive_dsl.dsl import nodes as n

    return next(node for node in clause.walk() if isinstance(node, n.Call) and node.name == "crystal_symbols")


def test_nothing_is_built_on_a_vast_crystal():
    game = _game()
    assert not set(actions.build_options(Ctx(game, 0, BASE))) & set(VAST_CELLS)


# --- random games --------------------------------------------------------------------------------

TRIBES = [("nadair", "sun"), ("formica", "moon"), ("kuniban", "sun"), ("vukuntur", "moon")]


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("rules", [BASE, ABYSS], ids=["base", "abyss"])
def test_random_games_with_the_vast_crystals_keep_the_invariants(seats, rules):
    players = [(f"P{i + 1}", *TRIBES[i]) for i in range(seats)]
    record = play_random_game(rules, players, seed=90 + seats, variants=("vast_crystals",))
    assert record.finished and len(_vast_slots(record.final)) == 2


def test_random_games_explore_the_vast_crystals():
    record = play_random_game(BASE, [(f"P{i + 1}", *TRIBES[i]) for i in range(4)], seed=94, variants=("vast_crystals",))
    assert all(record.final.board.tiles[s]["explored"] for s in _vast_slots(record.final))
