"""A long-running process (a test run, ``revive play``, a tutorial) does not grow by what it has read or
played: no cache keeps every value it ever met (issue 15)."""

from __future__ import annotations

import gc
from collections import deque
from pathlib import Path

from revive_dsl.content import yamlsrc

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

    class FullCopies(Replay):  # the same replay keeping each state as a copy of its own
        def step(self):
            result = super().step()
            self.runner.game = self.states[-1] = self.states[-1].clone()
            return result

    script = load_script(ROOT / "replays" / "games" / "2p-nadair-ox49.yaml")
    shared = Replay(script)
    as_played = [shared.game.to_json()] + [step.after.to_json() for step in shared.steps()]
    copies = FullCopies(script)
    copies.run()
    assert [s.to_json() for s in shared.states] == as_played  # no later move changed a kept state
    assert [s.to_json() for s in shared.states] == [s.to_json() for s in copies.states]
    first, second = shared.states[1], shared.states[2]
    assert first.board.tiles is second.board.tiles or first.board is second.board  # unchanged: one object
    assert sum(a is b for a, b in zip(first.players, second.players, strict=True)) >= 1  # a player who did not move
    assert not any(a is b for a, b in zip(copies.states[1].players, copies.states[2].players, strict=True))
    shared.back_to(1)  # going back gives a state of its own: playing on changes no kept state
    kept = [s.to_json() for s in shared.states]
    shared.run()
    assert [s.to_json() for s in shared.states[:2]] == kept
    assert [s.to_json() for s in shared.states] == [s.to_json() for s in copies.states]


def test_rules_registered_for_scripts_with_content_of_their_own_are_kept_only_while_in_use(monkeypatch):
    # Each script with ``content:`` registers rules of its own under its own pack name; a long process meeting
    # many such scripts keeps only those something holds and the last few registered (engine.rules).
    from revive_dsl.engine import rules as engine_rules
    from revive_dsl.engine.range import lasting_modifiers
    from revive_dsl.replay import Replay, load_script_text

    def script(index: int) -> str:
        return (
            "format: 2\npacks: [base]\nplayers:\n  - {name: Ann, tribe: nadair, side: sun}\nsetup: {seed: 3}\n"
            "content:\n  - kind: citizen_card\n    components:\n      - id: cit_lamplighter\n"
            f"        name: Lamplighter {index}\n        colour: green\n        provenance: representative\n"
            f'        top: "gain {index % 5 + 1} book"\n        bottom: "gain 2 food"\nsteps: [Ann switch food]\n'
        )

    # rules registered before this test and still held (a replay item of a pack's script that pytest keeps) are
    # not this test's to count
    held_before = {packs for packs, kept in engine_rules.REGISTERED.items() if kept() is not None}
    monkeypatch.setattr(engine_rules, "RECENT_KEPT", 4)
    monkeypatch.setattr(engine_rules, "_RECENT", deque(maxlen=4))
    held = Replay(load_script_text(script(0), "held.yaml"))  # in use all along
    for index in range(1, engine_rules.RECENT_KEPT * 2 + 10):
        replay = Replay(load_script_text(script(index), f"s{index}.yaml"))
        replay.run()
        lasting_modifiers(replay.rules, replay.game.players[0])  # remembered, without keeping the rules alive
    del replay
    gc.collect()
    found = engine_rules.REGISTERED.items()
    alive = [kept() for packs, kept in found if kept() is not None and packs not in held_before]
    assert len(alive) <= engine_rules.RECENT_KEPT + 1
    assert held.rules in alive  # still found by its game's packs
    held.run()
    assert held.game.players[0].resources["food"] == 1
