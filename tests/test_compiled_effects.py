"""Compiled effects against the tree interpreter, the reference: the same decisions, answers, states and logs.

Every bundled script is replayed both ways, step by step, comparing each step's state as canonical JSON, its
log, the questions it asked and their answers; random games of both pack sets are played both ways with the
same seeds, comparing every decision's question, options and labels, and the states between moves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.engine import compiled, interpret
from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import Game, Player
from revive_dsl.replay import Replay, ReplayError, load_script

load_all()
ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "replays").rglob("*.yaml"))
BASE, ABYSS = Rules.load(("base",)), Rules.load(("base", "abyss"))


def _replayed(path: Path) -> list[tuple]:
    """Each step's state, log, questions and answers, refusal and legal answers; or the error the script stops at."""
    out: list[tuple] = []
    replay = Replay(load_script(path))
    try:
        for result in replay.steps():
            after = result.after.to_json()
            out.append((result.index, after, result.log, result.decisions, result.refused, result.legal, result.labels))
    except ReplayError as error:
        out.append(("error", str(error)))
    return out


def test_the_corpus_is_found():
    assert len(SCRIPTS) >= 50


@pytest.mark.parametrize("path", SCRIPTS, ids=[str(p.relative_to(ROOT / "replays")) for p in SCRIPTS])
def test_every_bundled_script_replays_the_same_compiled_and_walked(path):
    compiled_steps = _replayed(path)
    with interpret.reference():
        walked_steps = _replayed(path)
    assert len(compiled_steps) == len(walked_steps)
    for mine, reference in zip(compiled_steps, walked_steps, strict=True):
        assert mine == reference, f"{path.name}: step {mine[0]} differs from the tree interpreter's"


def _played(rules: Rules, players: list[tuple[str, str, str]], seed: int, limit: int) -> list:
    """Every decision (who, question, options with labels, the answer) and the state after every move."""
    runner, driver, seen = Runner(new_game(rules, players, seed=seed), rules), RandomDriver(seed), []
    while (decision := runner.decision()) is not None and len(seen) < limit:
        key = driver.answer(decision)
        options = [(o.key, o.label) for o in decision.options]
        seen.append((decision.player, decision.rule, decision.prompt, options, key))
        runner.answer(key)
        if runner.between_moves:
            seen.append(runner.game.to_json())
    return seen


def _seats(rules: Rules, count: int, index: int) -> list[tuple[str, str, str]]:
    tribes = rules.ids("tribe")
    out = []
    for seat in range(count):
        tribe = tribes[(index + 3 * seat) % len(tribes)]
        sides = sorted(rules.data(tribe)["sides"])
        out.append((f"P{seat + 1}", tribe, sides[(index + seat) % len(sides)]))
    return out


GAMES = [(packs, count, 900 + 7 * count + i) for packs in ("base", "abyss") for count in (1, 2, 3, 4) for i in (0, 1)]


@pytest.mark.parametrize(("packs", "count", "seed"), GAMES, ids=[f"{p}-{c}p-seed{s}" for p, c, s in GAMES])
def test_random_decisions_are_the_same_compiled_and_walked(packs, count, seed):
    rules = BASE if packs == "base" else ABYSS
    players = _seats(rules, count, seed)
    mine = _played(rules, players, seed, 1500)
    with interpret.reference():
        reference = _played(rules, players, seed, 1500)
    assert len(mine) == len(reference)
    for place, (a, b) in enumerate(zip(mine, reference, strict=True)):
        assert a == b, f"{packs} {count}p seed {seed}: decision or state {place} differs from the tree interpreter's"
    assert sum(1 for item in mine if isinstance(item, tuple)) >= 100  # a whole game (a solo one: 115 to 200 decisions)


def _ann() -> Game:
    return Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])


def test_a_node_compiles_once_and_keeps_its_position():
    body = parse("gain 2 book and (gain food or gain gear)", "card.yaml").clauses[0].body
    first = compiled.compiled_of(body)
    assert compiled.compiled_of(body) is first
    assert first.node is body and first.node.pos.file == "card.yaml"


def test_an_equal_node_elsewhere_compiles_apart_so_errors_point_at_its_own_text():
    one = parse("no_such_word 1", "one.yaml").clauses[0].body
    two = parse("\n\nno_such_word 1", "two.yaml").clauses[0].body
    assert one == two  # equality ignores positions
    for node, where in ((one, "one.yaml:1:1"), (two, "two.yaml:3:1")):
        with pytest.raises(NotImplementedError, match=where):
            interpret.run_to_end(interpret.run(node, interpret.Ctx(_ann(), 0)), [])


def test_a_choice_asks_the_same_question_compiled_and_walked():
    body = parse("pay food -> gain 2 book or gain gear").clauses[0].body
    asked = []
    for reference in (False, True):
        game = _ann()
        game.players[0].resources["food"] = 1
        if reference:
            with interpret.reference():
                decisions = interpret.decisions_asked(interpret.run(body, interpret.Ctx(game, 0)), ["gain gear"])
        else:
            decisions = interpret.decisions_asked(interpret.run(body, interpret.Ctx(game, 0)), ["gain gear"])
        asked.append([(d.prompt, [(o.key, o.label) for o in d.options]) for d in decisions])
        assert game.players[0].resources["gear"] == 1
    assert asked[0] == asked[1]
    assert asked[0][0][1][0][0] == "pay food -> gain 2 book"


def test_words_added_later_compile_again():
    body = parse("gain food").clauses[0].body
    first = compiled.compiled_of(body)
    interpret.DECLINABLE.add("a_word_no_pack_has")
    try:
        assert compiled.compiled_of(body) is not first  # what may be declined is worked out again
    finally:
        interpret.DECLINABLE.discard("a_word_no_pack_has")
