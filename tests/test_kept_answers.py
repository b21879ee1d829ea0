"""Answers kept with the rules across states (``Rules.kept``) are the fresh ones, on every state of random games
of both pack sets: a player's owned texts (kept by tribe, side and technologies) and the machines on their
reward spaces (kept by the spaces unlocked and the special machine tokens there)."""

from __future__ import annotations

import pytest

from revive_dsl.engine import triggers
from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.interpret import Ctx
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.rules.base import machines

GAMES = [(("base",), 4, 31), (("base",), 2, 32), (("base", "abyss"), 4, 33), (("base", "abyss"), 3, 34)]


def _states(packs: tuple[str, ...], count: int, seed: int):
    rules = Rules.load(packs)
    tribes = rules.ids("tribe")
    players = []
    for seat in range(count):
        tribe = tribes[(seed + 2 * seat) % len(tribes)]
        sides = sorted(rules.data(tribe)["sides"])
        players.append((f"P{seat + 1}", tribe, sides[seat % len(sides)]))
    runner, driver = Runner(new_game(rules, players, seed=seed), rules), RandomDriver(seed)
    while (decision := runner.decision()) is not None:
        runner.answer(driver.answer(decision))
        if runner.between_moves:
            yield rules, runner.game


def _fresh_owned(ctx: Ctx) -> list:
    return [item for source in triggers.EFFECT_SOURCES.of(ctx) for item in source(ctx)]


def _fresh_reward_machines(rules: Rules, player) -> tuple:
    return machines._reward_space_machines(rules, player.unlocked, dict(player.special_machines))


@pytest.mark.parametrize(("packs", "count", "seed"), GAMES, ids=[f"{'+'.join(p)}-{c}p" for p, c, _ in GAMES])
def test_kept_owned_texts_and_machines_are_the_fresh_ones_on_every_state(packs, count, seed):
    states = kept_hits = 0
    for rules, game in _states(packs, count, seed):
        states += 1
        for seat, player in enumerate(game.players):
            ctx = Ctx(game, seat, rules)
            before = len(rules._kept)
            assert triggers.owned_effects(ctx) == _fresh_owned(ctx), (states, seat)
            programs = machines.machine_programs(ctx)
            assert programs[: len(programs) - len(_fresh_owned(ctx))] == list(_fresh_reward_machines(rules, player))
            kept_hits += len(rules._kept) == before  # nothing new to keep: answered from what was kept
    assert states > 50 and kept_hits > states  # most answers come from what was kept
