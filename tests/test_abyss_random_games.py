"""Random games with the abyss pack at every player count: no crash, the game ends, invariants after every move.

Only base tribes play here: the expansion's four tribes are not in the engine yet.
"""

from __future__ import annotations

import pytest

from revive_dsl.engine.rules import Rules
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.rules.abyss.state import abyss

ABYSS = Rules.load(("base", "abyss"))
BASE_TRIBES = [(t, s) for t in Rules.load(("base",)).ids("tribe") for s in sorted(ABYSS.data(t)["sides"])]
VARIANTS = [(), ("machine_token_variant",), ("advanced_switch", "common_artifact_card"), ("long_game",)]
GAMES = 24


def _players(index: int) -> list[tuple[str, str, str]]:
    count = index % 4 + 1
    return [(f"P{s + 1}", *BASE_TRIBES[(index + 5 * s) % len(BASE_TRIBES)]) for s in range(count)]


@pytest.mark.parametrize("index", range(GAMES))
def test_random_abyss_game_finishes_with_invariants_kept(index):
    players, variants = _players(index), VARIANTS[(index // 4) % len(VARIANTS)]
    record = play_random_game(ABYSS, players, seed=5000 + index, variants=variants)
    assert record.finished, f"{players} seed {5000 + index} stopped at the decision limit"
    final = record.final
    assert final.turn.final_scores is not None
    for sheet, player in zip(final.turn.final_scores, final.players, strict=True):
        assert {"rule": "devotion", "points": abyss(player).devotion, "detail": ""} in sheet["lines"]
    assert (abyss(final.turn).solo_achievements != {}) == (len(players) == 1)


def test_every_player_count_is_played():
    assert {len(_players(i)) for i in range(GAMES)} == {1, 2, 3, 4}


def test_expansion_play_happens_in_random_games():
    """Across these games devotion is gained, journeys completed and Scyphoz cards gained."""
    finals = [play_random_game(ABYSS, _players(i), seed=5000 + i).final for i in range(4, 8)]
    players = [p for g in finals for p in g.players]
    assert any(abyss(p).devotion for p in players)
    assert any(abyss(p).journeys_done for p in players)
    assert any(c.startswith("abyss_scy_") for p in players for c in [*p.active, *p.resting])
