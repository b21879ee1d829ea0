"""A random answer is drawn without listing the options where it can: the turn's move by testing the game's moves in
a random order, a board action's target by pricing targets in a random order, the first legal one taken. These
tests check that such a draw is always a legal answer, that it is uniform over the legal answers as a draw from the
list is, and that a computer player's search may take the options of its root from the position it is shown."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from revive_dsl.ai.hidden import sample_hidden
from revive_dsl.ai.position import Position
from revive_dsl.engine.decisions import Decision, ListedWhenAsked, Option, options_of
from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner, TurnDecision, game_moves
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.simulate import seating

PACK_SETS = [("base",), ("base", "abyss")]


def _lazy(legal: set[str], candidates: list[str], tested: list[str]) -> ListedWhenAsked:
    def test(key: str) -> Option | None:
        tested.append(key)
        return Option(key) if key in legal else None

    return ListedWhenAsked(
        0, "build", "build where?", lambda: options_of(k for k in candidates if k in legal), test, lambda: candidates
    )


def test_a_decision_listed_when_asked_draws_each_legal_answer_alike_without_listing():
    candidates = [f"s{i}" for i in range(20)]
    legal = {"s0", "s3", "s11", "s12", "s19"}
    rng, counts, tested = random.Random(0), Counter(), []
    for _ in range(10_000):
        decision = _lazy(legal, candidates, tested)
        counts[decision.sample(rng)] += 1
        assert not decision.listed
    assert set(counts) == legal
    assert all(1800 <= counts[key] <= 2200 for key in legal), counts  # 2000 each; a standard deviation is 40
    # the candidates up to the first legal one are tested, not all twenty: about (20 + 1) / (5 + 1) a draw
    assert len(tested) < 4 * 10_000


def test_a_drawn_answer_is_taken_without_testing_it_again():
    tested: list[str] = []
    decision = _lazy({"s4", "s9"}, [f"s{i}" for i in range(12)], tested)
    drawn = decision.sample(random.Random(5))
    before = len(tested)
    assert decision.known(drawn) and decision.choose(drawn).key == drawn
    assert len(tested) == before and not decision.listed
    other = ({"s4", "s9"} - {drawn}).pop()
    assert not decision.known(other) and decision.choose(other).key == other and len(tested) == before + 1


def test_a_listed_decision_draws_from_its_list_as_a_plain_decision_does():
    candidates = [f"s{i}" for i in range(20)]
    legal = {"s2", "s5", "s7"}
    listed = _lazy(legal, candidates, [])
    plain = Decision(0, "build", "build where?", listed.options)
    assert listed.listed
    draws = [listed.sample(random.Random(seed)) for seed in range(50)]
    assert draws == [plain.sample(random.Random(seed)) for seed in range(50)]


def test_a_decision_with_no_legal_answer_says_so_when_drawn_from():
    with pytest.raises(ValueError, match="has no legal answer to draw"):
        _lazy(set(), ["a", "b"], []).sample(random.Random(1))
    with pytest.raises(ValueError, match="has no legal answer to draw"):
        Decision(0, "switch", "gain which?", ()).sample(random.Random(1))


def _random_runs(packs: tuple[str, ...], count: int, index: int, decisions: int):
    """The decisions of a random game, each with the runner standing at it."""
    rules = Rules.load(packs)
    runner = Runner(new_game(rules, seating(rules, count, index), seed=index), rules)
    driver = RandomDriver(index)
    for _ in range(decisions):
        decision = runner.decision()
        if decision is None:
            return
        yield rules, runner, decision
        runner.answer(driver.answer(decision))


@pytest.mark.parametrize("packs", PACK_SETS, ids="+".join)
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_every_drawn_answer_of_a_random_game_is_legal_and_the_tests_agree_with_the_lists(packs, count):
    load_all()
    lazy = 0
    for _, runner, decision in _random_runs(packs, count, count, 400):
        if isinstance(decision, ListedWhenAsked):
            lazy += 1
            drawn = [decision.sample(random.Random(seed)) for seed in range(3)]
            assert not decision.listed
            candidates = list(decision._candidates())
            listed = {o.key: o.label for o in decision.options}
            assert len(candidates) == len(set(candidates)), candidates  # each once: a draw is not weighted
            assert set(listed) <= set(candidates), (decision.rule, set(listed) - set(candidates))
            for key in candidates:
                found = decision._test(key)
                assert (found is not None) == (key in listed), (decision.rule, key)
                assert found is None or found.label == listed[key]
            assert set(drawn) <= set(listed), (decision.rule, drawn, listed)
            if isinstance(decision, TurnDecision):
                assert candidates == game_moves(runner.game)
        else:
            assert decision.sample(random.Random(1)) in decision.legal_keys()
    assert lazy > 50


def test_the_drawn_move_is_each_legal_move_alike():
    load_all()
    game, decision = next(
        (runner.game, decision)
        for _, runner, decision in _random_runs(("base",), 2, 1, 400)
        if isinstance(decision, TurnDecision) and len(decision.legal_keys()) >= 4
    )
    turn = TurnDecision(game)  # not listed yet
    rng, draws = random.Random(3), 3000
    counts = Counter(turn.sample(rng) for _ in range(draws))
    legal = decision.legal_keys()
    assert set(counts) == set(legal) and not turn.listed
    expected = draws / len(legal)
    assert all(abs(counts[key] - expected) < 0.2 * expected for key in legal), counts


@pytest.mark.parametrize("packs", PACK_SETS, ids="+".join)
@pytest.mark.parametrize("count", [2, 4])
def test_the_hidden_cards_a_search_samples_change_no_option_of_the_deciding_player(packs, count):
    """MCTS takes its root's options from the position, not from the state after sampling what the deciding player
    cannot see: the two agree at every decision between moves of random games."""
    load_all()
    checked = 0
    for rules, runner, decision in _random_runs(packs, count, 7 + count, 300):
        if not runner.between_moves or len(decision.legal_keys()) < 2:
            continue
        position = Position(rules, runner.game, (), decision)
        for seed in range(2):
            copy = position.runner(copy=True)
            sample_hidden(rules, copy.state, random.Random(seed), position.seat)
            assert copy.decision().options == decision.options
        checked += 1
    assert checked > 20


def _margins_as_seen_by_rescoring(rules: Rules, game, weights=None) -> list[float]:
    """The reference: the others' values scored again on a copy of the state with their secret cards taken away."""
    from revive_dsl.ai.evaluate import margins, values
    from revive_dsl.ai.hidden import secret_holders

    known = values(rules, game, weights)
    if len(known) == 1 or not secret_holders(game, None):
        return margins(rules, game, weights)
    blind = game.clone()
    for player in secret_holders(blind, None):
        player.artifact_card = None
    unknown = values(rules, blind, weights)
    return [v - max(unknown[:s] + unknown[s + 1 :]) for s, v in enumerate(known)]


@pytest.mark.parametrize("packs", PACK_SETS, ids="+".join)
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_the_margins_a_search_rates_by_take_away_the_secret_cards_points_as_scoring_again_does(packs, count):
    """A playout is rated by each seat's margin with the others' artifact cards unseen: their card's points are taken
    from their score rather than scoring a copy of the state again. The two agree to the bit at every state of random
    games, to the end (where the recorded totals stand)."""
    from revive_dsl.ai.evaluate import margins_as_seen

    load_all()
    checked = 0
    for rules, runner, _decision in _random_runs(packs, count, 20 + count, 50_000):
        if runner.between_moves:
            assert margins_as_seen(rules, runner.game) == _margins_as_seen_by_rescoring(rules, runner.game)
            checked += 1
    assert margins_as_seen(rules, runner.game) == _margins_as_seen_by_rescoring(rules, runner.game)
    assert runner.game.turn.over and checked > 30


def test_the_margins_agree_with_scoring_again_on_every_state_of_every_bundled_script():
    from pathlib import Path

    from revive_dsl.ai.evaluate import margins_as_seen
    from revive_dsl.replay import Replay, load_script

    load_all()
    root = Path(__file__).resolve().parent.parent / "replays"
    checked = 0
    for path in sorted(p for p in root.rglob("*.yaml") if "__snapshots__" not in p.parts):
        replay = Replay(load_script(path))
        replay.run()
        for game in replay.states:
            assert margins_as_seen(replay.rules, game) == _margins_as_seen_by_rescoring(replay.rules, game), path.name
            checked += 1
    assert checked > 1000
