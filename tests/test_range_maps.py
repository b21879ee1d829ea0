"""Range maps are kept with the rules under what they depend on (``engine.range.range_key``) and reused on a
later decision: on every state of the bundled games, for every player, the kept map is the one a fresh
search gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.engine import range as rng
from revive_dsl.engine.interpret import Ctx
from revive_dsl.replay import Replay, load_script

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["abyss-4p-gates-circadian-gadgets-leech.yaml", "4p-formica-vukuntur-nadair-hofstadterians.yaml"]


@pytest.mark.parametrize("name", GAMES)
def test_a_kept_range_map_is_always_the_fresh_one(name: str) -> None:
    replay = Replay(load_script(ROOT / "replays" / "games" / name))
    replay.run()
    reused = 0
    for game in replay.states[::3]:
        for seat in range(len(game.players)):
            ctx = Ctx(game, seat, replay.rules)
            reused += rng.range_key(ctx) in replay.rules._range_maps
            assert rng.range_costs(ctx) == rng._range_costs(ctx)
    assert reused > 0  # the replay itself left maps that these states find again
