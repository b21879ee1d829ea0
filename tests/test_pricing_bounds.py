"""A target that cannot be paid even with the most discount any target can have is not priced
(``_Pricing.beyond_reach``): the most is never less than a target's own discount, and the options of explore,
build and populate are exactly those found by pricing every target, on every state of random games."""

from __future__ import annotations

import pytest

from revive_dsl.engine import geometry as geo
from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.interpret import Ctx
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.rules.base import board_actions as actions

CHOICES = {"explore": actions.explore_choices, "build": actions.build_choices, "populate": actions.populate_choices}
# tribes with discounts: Ox49's target tokens, the Kuniban's and Vukuntur's build and populate triggers
PLAYERS = [("A", "ox49", "moon"), ("B", "ox49", "moon"), ("C", "kuniban", "sun"), ("D", "vukuntur", "moon")]


def _states(seed: int):
    rules = Rules.load(("base",))
    runner, driver = Runner(new_game(rules, PLAYERS, seed=seed), rules), RandomDriver(seed)
    while (decision := runner.decision()) is not None:
        runner.answer(driver.answer(decision))
        if runner.between_moves:
            yield rules, runner.game


@pytest.mark.parametrize("seed", [1, 8])
def test_no_target_has_more_discount_than_the_most_and_the_options_are_those_of_pricing_every_target(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    bounded = 0
    for index, (rules, game) in enumerate(_states(seed)):
        if index % 3:
            continue
        targets = [*geo.sand_spaces(rules, game.board), *geo.locations(rules, game.board)]
        for seat in range(len(game.players)):
            ctx = Ctx(game, seat, rules)
            for action, choices in CHOICES.items():
                pricing = actions._Pricing(ctx, action)
                if pricing.most is not None:
                    bounded += 1
                    assert all(pricing.discount([t]) <= pricing.most for t in targets), (action, seat)
                found = actions._gathered(ctx, choices)
                with monkeypatch.context() as patched:
                    patched.setattr(actions._Pricing, "_most_discount", lambda self: None)
                    assert actions._gathered(ctx, choices) == found, (action, seat)
    assert bounded > 0
