"""Moves applied in place (``Runner(in_place=True)``: random play and the computer players' playouts, which keep no
state) give, decision by decision, the very states and options of moves applied to copies, the reference: on random
games of both pack sets and 1-4 players, and in the computer players' choices."""

from __future__ import annotations

import contextlib
import hashlib

import pytest

from revive_dsl.ai import position as position_module
from revive_dsl.ai.match import TooLong, play_game
from revive_dsl.ai.players import PLAYERS
from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.simulate import play_random_game

GAMES = [
    (("base",), 1, 41),
    (("base",), 2, 42),
    (("base",), 3, 43),
    (("base",), 4, 44),
    (("base", "abyss"), 1, 45),
    (("base", "abyss"), 2, 46),
    (("base", "abyss"), 3, 47),
    (("base", "abyss"), 4, 48),
]


def _seats(rules: Rules, count: int, seed: int) -> list[tuple[str, str, str]]:
    tribes = [t for t in rules.ids("tribe") if count > 1 or rules.data(t).get("solo") is not False]
    seats = []
    for seat in range(count):
        tribe = tribes[(seed + 2 * seat) % len(tribes)]
        sides = sorted(rules.data(tribe)["sides"])
        seats.append((f"P{seat + 1}", tribe, sides[(seed + seat) % len(sides)]))
    return seats


@pytest.mark.parametrize(("packs", "count", "seed"), GAMES, ids=[f"{'+'.join(p)}-{c}p" for p, c, _ in GAMES])
def test_a_game_played_in_place_is_the_game_played_on_copies_at_every_decision(packs, count, seed):
    load_all()
    rules = Rules.load(packs)
    seats = _seats(rules, count, seed)
    here = Runner(new_game(rules, seats, seed=seed), rules, in_place=True)
    copied = Runner(new_game(rules, seats, seed=seed), rules, share=False)
    driver = RandomDriver(seed)
    decisions = 0
    while (decision := here.decision()) is not None:
        assert decision == copied.decision(), decisions
        key = driver.answer(decision)
        here.answer(key)
        copied.answer(key)
        decisions += 1
        if here.between_moves:
            assert here.game.to_json() == copied.game.to_json(), decisions
    assert copied.decision() is None and here.game.to_json() == copied.game.to_json()
    assert decisions > 50


def test_random_play_moves_in_place_and_keeps_its_games():
    load_all()
    rules = Rules.load(("base",))
    record = play_random_game(rules, _seats(rules, 2, 5), 5)
    replayed = Runner(new_game(rules, _seats(rules, 2, 5), seed=5), rules)
    for _, key in record.answers:
        replayed.answer(key)
    assert record.finished and record.final.to_json() == replayed.game.to_json()


def test_a_runner_in_place_cannot_abandon_a_move_under_way():
    load_all()
    rules = Rules.load(("base",))
    runner = Runner(new_game(rules, _seats(rules, 2, 1), seed=1), rules, in_place=True)
    runner.answer("switch")
    assert not runner.between_moves
    with pytest.raises(ValueError, match="cannot abandon a move under way"):
        runner.cancel()
    while runner.decision().rule != "turn":
        runner.answer(runner.decision().options[0].key)
    runner.cancel()  # between moves: nothing to abandon


def _copied_runner(self, copy: bool = False) -> Runner:
    """The reference: a playout's moves each on a copy of the state (as before moves were made in place)."""
    runner = Runner(self.start.clone() if copy else self.start, self.rules, share=False)
    for key in self.answers:
        runner.answer(key)
    return runner


@pytest.mark.parametrize(("packs", "count"), [(("base",), 2), (("base", "abyss"), 3)], ids=["base-2p", "abyss-3p"])
def test_mcts_chooses_as_it_did_with_a_copy_per_move(packs, count, monkeypatch):
    load_all()
    rules = Rules.load(packs)
    seats = _seats(rules, count, 7)

    def played() -> list:
        """Every move of 250 decisions of mcts against mcts, with the state after it."""
        moves: list = []
        players = [PLAYERS["mcts"](7 + seat, playouts=6) for seat in range(count)]
        on_move = lambda _start, game, moved: moves.append((list(moved), game.to_json()))  # noqa: E731
        with contextlib.suppress(TooLong):
            play_game(rules, seats, 7, players, on_move=on_move, max_decisions=250)
        return moves

    in_place = played()
    monkeypatch.setattr(position_module.Position, "runner", _copied_runner)
    assert played() == in_place
    assert len(in_place) > 40


def test_mcts_plays_the_games_it_played_before_its_moves_ran_in_place():
    """Pinned: the final state of an mcts:8 game. Moves in place, a playout's end read from the state and its root's
    options taken from the position changed no choice (each checked against the digest before it); a change of the
    rules, the content or the player does, and then this digest is renewed on purpose: last when a playout began to
    draw its random answers without listing them (:meth:`Decision.sample`: the same odds, other numbers)."""
    load_all()
    rules = Rules.load(("base",))
    seats = [("A", "nadair", "sun"), ("B", "formica", "moon")]
    players = [PLAYERS["mcts"](1 + seat, playouts=8) for seat in range(2)]
    final = play_game(rules, seats, 1, players)
    assert hashlib.sha256(final.to_json().encode()).hexdigest()[:16] == "3e4f5208040036d1"
