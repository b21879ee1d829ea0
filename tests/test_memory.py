"""A long-running process (a test run, ``revive play``, a tutorial) does not grow by what it has read or
played: no cache keeps every value it ever met (issue 15)."""

from __future__ import annotations

import gc
from pathlib import Path

from revive_dsl import yamlsrc

ROOT = Path(__file__).resolve().parent.parent


def test_reading_yaml_keeps_no_node_alive():
    texts = [(str(p), p.read_text(encoding="utf-8")) for p in sorted((ROOT / "content").rglob("*.yaml"))]
    for file, text in texts:
        assert yamlsrc.load_yaml(text, file).data is not None
    assert yamlsrc._SCALARS.constructed_objects == {}  # the scalar constructor remembers nothing
    gc.collect()
    before = len(gc.get_objects())
    for file, text in texts:
        yamlsrc.load_yaml(text, file)
    gc.collect()
    assert len(gc.get_objects()) - before < 100  # a second pass over the same files leaves nothing behind


def test_a_replays_history_shares_what_a_move_did_not_change_and_keeps_every_state_exact():
    from revive_dsl.replay import Replay, load_script
    from revive_dsl.replay import player as replay_player

    script = load_script(ROOT / "replays" / "games" / "2p-nadair-ox49.yaml")
    shared = Replay(script)
    shared.run()
    real = replay_player.share_unchanged
    replay_player.share_unchanged = lambda new, old: None  # the same replay keeping full copies
    try:
        copies = Replay(script)
        copies.run()
    finally:
        replay_player.share_unchanged = real
    assert [s.to_json() for s in shared.states] == [s.to_json() for s in copies.states]
    first, second = shared.states[1], shared.states[2]
    assert first.board.tiles is second.board.tiles or first.board is second.board  # unchanged: one object
    assert sum(a is b for a, b in zip(first.players, second.players, strict=True)) >= 1  # a player who did not move
    shared.back_to(1)  # going back gives a state of its own: playing on changes no kept state
    kept = [s.to_json() for s in shared.states]
    shared.run()
    assert [s.to_json() for s in shared.states[:2]] == kept
    assert [s.to_json() for s in shared.states] == [s.to_json() for s in copies.states]
