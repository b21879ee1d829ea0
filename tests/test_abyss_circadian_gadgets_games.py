"""Random games with the circadian (Ostarius) and gadgets (Gib'warks) tribes at every player count.

After every move the engine's invariants hold, and the tribes' own: the circadian tile shows day or
night, gadgets used are gadgets owned, each gadget once.
"""

from __future__ import annotations

import pytest

from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.invariants import violations
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import Game
from revive_dsl.rules.abyss.state import abyss

load_all()
ABYSS = Rules.load(("base", "abyss"))
TRIBES = [
    ("abyss_tribe_circadian", "single"),
    ("abyss_tribe_gadgets", "single"),
    ("nadair", "sun"),
    ("kuniban", "moon"),
]
GAMES = 12
MAX_DECISIONS = 50_000


def _players(index: int) -> list[tuple[str, str, str]]:
    count = index % 4 + 1
    return [(f"P{s + 1}", *TRIBES[(index + s) % len(TRIBES)]) for s in range(count)]


def tribe_violations(game: Game) -> list[str]:
    """The two tribes' own invariants, in English."""
    out = []
    for player in game.players:
        circadian = player.tribe == "abyss_tribe_circadian"
        if abyss(player).circadian not in (("day", "night") if circadian else ("",)):
            out.append(f"{player.name}'s circadian tile shows {abyss(player).circadian!r}")
        if not set(abyss(player).gadgets_used) <= set(abyss(player).gadgets) or len(set(abyss(player).gadgets)) != len(
            abyss(player).gadgets
        ):
            out.append(f"{player.name}'s gadgets {abyss(player).gadgets} used {abyss(player).gadgets_used}")
        if len(set(abyss(player).gadgets_used)) != len(abyss(player).gadgets_used):
            out.append(f"{player.name} used a gadget twice: {abyss(player).gadgets_used}")
    return out


def _play(index: int) -> tuple[Game, list[str]]:
    """One random game; the final state and the log of what happened."""
    seed = 7000 + index
    runner = Runner(new_game(ABYSS, _players(index), seed=seed), ABYSS)
    driver, answers = RandomDriver(seed), 0
    while (decision := runner.decision()) is not None and answers < MAX_DECISIONS:
        runner.answer(driver.answer(decision))
        answers += 1
        if runner.between_moves:
            broken = violations(runner.game, whole=True) + tribe_violations(runner.game)
            assert not broken, f"seed {seed}, decision {answers}: " + "; ".join(broken)
    assert runner.decision() is None, f"{_players(index)} seed {seed} stopped at the decision limit"
    return runner.game, runner.log


@pytest.mark.parametrize("index", range(GAMES))
def test_random_game_with_circadian_and_gadgets_keeps_invariants(index):
    final, _ = _play(index)
    assert final.turn.final_scores is not None


def test_every_player_count_is_played():
    assert {len(_players(i)) for i in range(GAMES)} == {1, 2, 3, 4}


def test_the_tribes_rules_happen_in_random_games():
    """Across a few games the tile flips, gadgets are used and a gadget technology is unlocked."""
    logs = [line for i in range(4, 8) for line in _play(i)[1]]
    assert any("flips the circadian tile to night" in line for line in logs)
    assert any("flips the circadian tile to day" in line for line in logs)
    assert any("flips the gadget" in line for line in logs)
    assert any("turns all gadgets face up" in line for line in logs)
    assert any("unlocks the gadget" in line for line in logs)
