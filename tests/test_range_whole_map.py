"""A range rule's whole-map form (``engine.range.whole_map``) gives exactly what the rule gives space by space: for
every blocker and passage cost that has one, on every space of the map, for every player, on every state of random
games with the base game's and the expansion's range rules in play (Nàdair's free passage, vast crystals, lakes,
gates)."""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.engine import geometry as geo
from revive_dsl.engine import range as rng
from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.interpret import Ctx
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.replay import Replay, load_script

ROOT = Path(__file__).resolve().parent.parent


def _random_game(packs, players, variants, seed):
    rules = Rules.load(packs)
    runner, driver = Runner(new_game(rules, players, seed=seed, variants=variants), rules), RandomDriver(seed)
    while (decision := runner.decision()) is not None:
        runner.answer(driver.answer(decision))
        if runner.between_moves:
            yield rules, runner.game


def _bundled_game(name):
    replay = Replay(load_script(ROOT / "replays" / "games" / name))
    replay.run()
    for game in replay.states:
        yield replay.rules, game


GAMES = {  # each with the rules whose whole-map forms it meets with something to answer
    "random base game, vast crystals": (
        lambda: _random_game(
            ("base",),
            [("A", "nadair", "sun"), ("B", "nadair", "moon"), ("C", "kuniban", "moon"), ("D", "vukuntur", "sun")],
            ["vast_crystals"],
            8,  # a seed whose game meets Nàdair's free passage
        ),
        {"_unexplored", "_edge_crystal", "_blocks", "_free_passage"},
    ),
    "random expansion game": (
        lambda: _random_game(
            ("base", "abyss"),
            [("A", "abyss_tribe_gates", "single"), ("B", "abyss_tribe_circadian", "single"), ("C", "nadair", "sun")],
            [],
            8,
        ),
        {"_unexplored", "_edge_crystal", "_lake"},
    ),
    "bundled expansion game with gates": (
        lambda: _bundled_game("abyss-4p-gates-circadian-gadgets-leech.yaml"),
        {"_unexplored", "_edge_crystal", "_lake", "_closed_gate"},
    ),
}


@pytest.mark.parametrize("name", GAMES)
def test_a_range_rule_gives_the_same_spaces_whole_and_one_by_one(name: str) -> None:
    states, meets = GAMES[name]
    checked: set[str] = set()
    for rules, game in states():
        spaces = list(geo.geometry(rules).neighbours)
        for seat in range(len(game.players)):
            ctx = Ctx(game, seat, rules)
            for rule in (*rng.RANGE_BLOCKERS.of(ctx), *rng.PASSAGE_COSTS.of(ctx)):
                form = getattr(rule, "whole_map", None)
                if form is None:
                    continue
                whole = form(ctx)
                for space in spaces:
                    one = rule(ctx, space)
                    if isinstance(whole, dict):
                        assert whole.get(space) == one, (rule.__name__, space)
                    else:
                        assert (space in whole) == bool(one), (rule.__name__, space)
                if whole:
                    checked.add(rule.__name__)
    assert meets <= checked  # the forms met something to answer in this game, not just empty maps
