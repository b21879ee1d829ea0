"""The computer players: each is deterministic under its seed, and each tries to win: ``greedy`` beats ``random`` and
``mcts`` beats ``greedy`` in most of a fixed set of two-player games (seats swapped every other game; the win
counts are printed, `pytest -s` shows them)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from revive_dsl.ai import Position, make_player, play_game
from revive_dsl.ai.evaluate import WEIGHTS
from revive_dsl.ai.hidden import hidden_piles, sample_hidden
from revive_dsl.ai.players import GreedyPlayer
from revive_dsl.ai.position import ComputerPlayer
from revive_dsl.engine.game import Runner
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game

SEATS = [("Ann", "nadair", "sun"), ("Bo", "formica", "moon")]


Player = str | Callable[[int], ComputerPlayer]  # a spec (``greedy``) or a player from its seed


def _wins(rules: Rules, mine: Player, theirs: Player, seeds: range) -> int:
    """Games of ``seeds`` that ``mine`` won outright, ``mine`` in seat 0 for even seeds and seat 1 for odd ones."""
    won = 0
    for seed in seeds:
        specs = [mine, theirs] if seed % 2 == 0 else [theirs, mine]
        players = [
            make_player(spec, 100 * seed + seat) if isinstance(spec, str) else spec(100 * seed + seat)
            for seat, spec in enumerate(specs)
        ]
        game = play_game(rules, SEATS, seed, players)
        won += game.turn.ranking[0] == [seed % 2]
    return won


def _one_decision(seed: int) -> GreedyPlayer:
    """Greedy as it was: each option rated by the state right after it, not after the move it begins."""
    return GreedyPlayer(seed, whole_move=False)


def test_greedy_beats_random_in_every_game():
    games = range(24)
    won = _wins(Rules.load(("base",)), "greedy", "random", games)
    print(f"greedy beat random in {won} of {len(games)} games")
    assert won == len(games)


def test_greedy_rating_the_whole_move_beats_greedy_rating_one_decision():
    """Rated right after its first answer, a move that pays now and gains later (build: choose it, then the space,
    then pay) looks no better than hibernating, which scores at once; rated once the move is done, it does."""
    games = range(24)
    won = _wins(Rules.load(("base",)), "greedy", _one_decision, games)
    print(f"greedy (whole moves) beat greedy (one decision) in {won} of {len(games)} games")
    assert won >= len(games) * 3 // 4


def test_mcts_beats_greedy_rating_one_decision_in_most_games():
    games = range(24)
    won = _wins(Rules.load(("base",)), "mcts:10", _one_decision, games)
    print(f"mcts (10 playouts a decision) beat greedy (one decision) in {won} of {len(games)} games")
    assert won > len(games) // 2


def test_greedy_takes_no_free_move_that_gains_nothing():
    """A free move that leaves the state as it was (a technology's trade offered, then declined) rates as high as
    the state itself, above ending the turn when that would rate lower: greedy took it again and again, and the game
    never ended. A free move is now taken only for a gain, so the game ends."""
    rules = Rules.load(("base",))
    seats = [("P1", "hofstadterians", "sun"), ("P2", "formica", "moon")]
    weights = dict(WEIGHTS, building=3.0, figure=2.0)  # the weights under which it looped
    players = [GreedyPlayer(116, weights=weights), GreedyPlayer(116)]
    game = play_game(rules, seats, 1016, players, max_decisions=5000)
    assert game.turn.over


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:6"])
def test_a_player_answers_the_same_under_the_same_seed(spec):
    rules = Rules.load(("base", "abyss"))
    seats = [("Ann", "nadair", "sun"), ("Bo", "gates", "moon")]

    def play() -> str:
        trace: list[str] = []
        players = [make_player(spec, 7), make_player("random", 8)]
        play_game(rules, seats, 3, players, on_move=lambda _b, _a, moved: trace.append(repr(moved)))
        return "\n".join(trace)

    assert play() == play()


def test_the_search_never_reads_the_true_order_of_a_pile():
    """Sampling deals the hidden piles afresh (same items, another order) and leaves the position's state alone."""
    import random

    rules = Rules.load(("base", "abyss"))
    game = new_game(rules, [("Ann", "nadair", "sun"), ("Bo", "gates", "moon")], seed=2)
    before = game.to_json()
    position = Position(rules, game, (), Runner(game, rules).decision())
    runner = position.runner(copy=True)
    sample_hidden(rules, runner.state, random.Random(1))
    assert game.to_json() == before
    mine, theirs = hidden_piles(runner.state), hidden_piles(game)
    assert [sorted(p) for p in mine] == [sorted(p) for p in theirs]
    assert mine != theirs
    face_down = {s: t["tile"] for s, t in game.board.tiles.items() if not t.get("explored")}
    sampled = {s: t["tile"] for s, t in runner.state.board.tiles.items() if not t.get("explored")}
    assert sorted(face_down.values()) == sorted(sampled.values()) and face_down != sampled


def test_revive_play_seats_greedy_and_mcts_and_the_game_replays(tmp_path):
    """``revive play --ai NAME=greedy`` and ``NAME=mcts:N`` play a whole game, written as a script that replays."""
    from tests.test_replay_play import replayed, run

    out = tmp_path / "game.yaml"
    argv = ["--players", "Ann:nadair:sun,Bo:formica:moon", "--ai", "Ann=greedy,Bo=mcts:2", "--seed", "5"]
    session, shown, typist = run([*argv, "--out", str(out)], [])
    assert typist.prompts == [] and session.replay.game.turn.over and "the game is over" in shown
    assert replayed(out).game.to_json() == session.replay.game.to_json()


def test_no_player_reads_an_artifact_card_another_keeps_secret(monkeypatch):
    """003, player setup step 7: each player keeps their artifact card secret. The search deals the others' cards
    afresh from those the player does not hold; greedy rates a state without the others' cards; with the
    ``common_artifact_card`` variant the one face-up card is known to all."""
    import random

    from revive_dsl.ai.hidden import seen_by

    rules = Rules.load(("base",))
    game = new_game(rules, SEATS, seed=4)
    ann, bo = game.players
    dealt = set()
    for seed in range(12):
        copy = game.clone()
        sample_hidden(rules, copy, random.Random(seed), seat=0)
        assert copy.players[0].artifact_card == ann.artifact_card  # her own: known
        assert copy.players[1].artifact_card not in (None, ann.artifact_card)
        dealt.add(copy.players[1].artifact_card)
    assert len(dealt) > 3  # Bo's card is a guess, not his card

    # Bo's closed crates are dealt again with the stack; Ann's own are hers
    crates = game.clone()
    crates.players[0].crates_closed, crates.players[1].crates_closed = (
        crates.supply.crates[:1],
        crates.supply.crates[1:3],
    )
    crates.supply.crates = crates.supply.crates[3:]
    before = sorted(crates.supply.crates + crates.players[1].crates_closed)
    seen = set()
    for seed in range(8):
        copy = crates.clone()
        sample_hidden(rules, copy, random.Random(seed), seat=0)
        assert copy.players[0].crates_closed == crates.players[0].crates_closed
        assert sorted(copy.supply.crates + copy.players[1].crates_closed) == before
        assert len(copy.players[1].crates_closed) == 2
        seen.add(tuple(copy.players[1].crates_closed))
    assert len(seen) > 1
    assert seen_by(game, 0).players[1].artifact_card is None and seen_by(game, 0).players[0].artifact_card
    assert game.players[1].artifact_card == bo.artifact_card  # the state itself is left alone

    # greedy rates states in which Bo's card is unknown
    import revive_dsl.ai.players as players

    rated = []
    margin = players.margin
    monkeypatch.setattr(
        players,
        "margin",
        lambda r, state, seat, w: rated.append(state.players[1].artifact_card) or margin(r, state, seat, w),
    )
    runner = Runner(game, rules, share=False)
    make_player("greedy", 1).choose(Position(rules, game, (), runner.decision()))
    assert rated and set(rated) == {None}
    assert game.players[1].artifact_card == bo.artifact_card

    common = new_game(rules, SEATS, seed=4, variants=["common_artifact_card"])
    assert seen_by(common, 0) is common
