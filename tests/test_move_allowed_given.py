"""Whether the turn's move is possible, told the answers that will follow (a replay knows its move line): the same
answer as without them, found sooner when one of them is a target (``move_allowed(game, key, given)``)."""

from __future__ import annotations

import random

from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import MOVES, Runner, move_allowed
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.rules.base import board_actions as ba

load_all()

BOARD_ACTIONS = ("explore", "build", "populate")


def _states(packs: tuple[str, ...], tribes: list[str], seed: int):
    rules = Rules.load(packs)
    players = [(f"P{i}", t, "single" if t.startswith("abyss") else "moon") for i, t in enumerate(tribes)]
    runner, driver = Runner(new_game(rules, players, seed=seed), rules, share=False), RandomDriver(seed)
    while (decision := runner.decision()) is not None:
        if decision.rule == "turn":
            yield rules, runner.game
        runner.answer(driver.answer(decision))


def _targets(rules, game, action: str) -> list[str]:
    ctx = ba.Ctx(game, game.turn.player, rules)
    return list({choice[0] for choice in ba.BOARD_ACTIONS[action][1](ctx)})


def test_a_board_action_told_its_answers_is_possible_exactly_when_it_is_without_them() -> None:
    pick = random.Random(3)
    seen = {True: 0, False: 0}
    for packs, tribes in (
        (("base",), ["ox49", "nadair", "kuniban"]),
        (("base", "abyss"), ["abyss_tribe_gates", "formica"]),
    ):
        for rules, game in _states(packs, tribes, 21):
            for action in BOARD_ACTIONS:
                targets = _targets(rules, game, action)
                wrong = ["small", "9,9", "a99", "nowhere"]
                given = pick.sample(targets + wrong, k=min(3, len(targets) + len(wrong)))
                plain = move_allowed(game, action)
                assert move_allowed(game, action, given) == plain, (action, given)
                assert move_allowed(game, action, wrong) == plain
                seen[plain] += 1
    assert seen[True] > 50 and seen[False] > 50  # both answers met


def test_every_board_action_can_be_told_its_answers() -> None:
    assert all(MOVES[action].available_given is not None for action in BOARD_ACTIONS)
    assert MOVES["switch"].available_given is None  # a move without targets has nothing to try first
