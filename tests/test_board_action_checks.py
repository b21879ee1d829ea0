"""Whether explore, build and populate have an option is found by checks that price fewer targets
(``explore_possible``, ``build_possible``, ``populate_possible``: the nearest target of each cost settles it), with
pricing every target one by one (``explore_choices``...) as the reference: the two agree for every player on every
state of random games of both pack sets and 1-4 players, and of games whose tribes have discounts at some targets."""

from __future__ import annotations

from collections import Counter

import pytest

from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.interpret import Ctx
from revive_dsl.engine.memo import unchanged
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.rules.base import board_actions as actions

CHOICES = {"explore": actions.explore_choices, "build": actions.build_choices, "populate": actions.populate_choices}
# tribes with discounts at some targets: Ox49's target tokens, the Kuniban's and Vukuntur's build and populate triggers
DISCOUNTING = [("A", "ox49", "moon"), ("B", "ox49", "sun"), ("C", "kuniban", "sun"), ("D", "vukuntur", "moon")]


def _seating(rules: Rules, count: int, index: int) -> list[tuple[str, str, str]]:
    tribes = rules.ids("tribe")
    out = []
    for seat in range(count):
        tribe = tribes[(index + seat) % len(tribes)]
        sides = list(rules.data(tribe)["sides"])
        out.append((f"P{seat + 1}", tribe, sides[(index + seat) % len(sides)]))
    return out


def _compared(rules: Rules, players: list[tuple[str, str, str]], seed: int, seen: Counter) -> None:
    runner, driver = Runner(new_game(rules, players, seed=seed), rules), RandomDriver(seed)
    while (decision := runner.decision()) is not None:
        runner.answer(driver.answer(decision))
        if not runner.between_moves:
            continue
        game = runner.game
        for seat in range(len(game.players)):
            ctx = Ctx(game, seat, rules)
            for action, choices in CHOICES.items():
                with unchanged(game):
                    reference = next(choices(ctx), None) is not None
                    found = actions.POSSIBLE[action](ctx)
                    fast = actions._Pricing(ctx, action).same_everywhere
                assert found == reference, (action, seat, game.turn.player, seed)
                seen[action, found, fast] += 1


@pytest.mark.parametrize("packs", [("base",), ("base", "abyss")], ids="+".join)
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_whether_an_action_has_an_option_is_what_pricing_every_target_says(packs, count):
    load_all()
    rules = Rules.load(packs)
    seen: Counter = Counter()
    for index in range(2 if count > 1 else 6):  # a solo game is short
        _compared(rules, _seating(rules, count, 3 * index + count), 40 + index, seen)
    for action in CHOICES:  # each check answered both ways, by its own shorter way
        assert seen[action, True, True] > 0 and seen[action, False, True] > 0, (action, seen)


def test_the_checks_agree_where_a_discount_differs_from_target_to_target():
    load_all()
    rules = Rules.load(("base",))
    seen: Counter = Counter()
    for seed in (1, 8):
        _compared(rules, DISCOUNTING, seed, seen)
    assert sum(n for (_, _, fast), n in seen.items() if not fast) > 100  # pricing every target, as before
