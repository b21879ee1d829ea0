"""Solo with the expansion (004 "Solo game: new rules"): at most 1 building on each area tile."""

from __future__ import annotations

from revive_dsl.engine.interpret import Ctx
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.base.board_actions import build_options, populate_options

load_all()
ABYSS, BASE = Rules.load(("base", "abyss")), Rules.load(("base",))


def _game(packs: list[str], seats: int = 1) -> Game:
    """start_tile_1 in s1 (sand on 1,0 and 3,-2), start_tile_3 in s3; a building already on 1,0."""
    players = [Player(seat=s, name=f"P{s}", tribe="nadair", side="sun") for s in range(seats)]
    game = Game(players=players, packs=packs)
    game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    game.board.tiles["s3"] = {"tile": "start_tile_3", "orientation": 0, "explored": True}
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    game.players[0].resources.update(gear=6, food=6)
    return game


def test_solo_with_the_expansion_builds_at_most_one_building_per_area_tile():
    game = _game(["base", "abyss"])
    spaces = build_options(Ctx(game, 0, ABYSS))
    assert "3,-2" not in spaces  # s1 holds a building already
    assert spaces  # other tiles' sand spaces stay open


def test_solo_without_the_expansion_builds_several_buildings_on_a_tile():
    game = _game(["base"])
    assert "3,-2" in build_options(Ctx(game, 0, BASE))


def test_several_players_with_the_expansion_build_several_buildings_on_a_tile():
    game = _game(["base", "abyss"], seats=2)
    assert "3,-2" in build_options(Ctx(game, 0, ABYSS))


def test_solo_with_the_expansion_limits_no_population_figure():
    """Figures and tribe markers are not limited: a tile with a building still takes a figure."""
    game = _game(["base", "abyss"])
    game.players[0].resources.update(book=6)
    assert "2,-1" in populate_options(Ctx(game, 0, ABYSS))  # the city of s1
