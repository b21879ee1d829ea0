"""A whole game between computer players, move by move: the loop the balance lab and the tests run.

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.ai.players import make_player
>>> rules = Rules.load(("base",))
>>> seats = [("Ann", "nadair", "sun"), ("Bo", "formica", "moon")]
>>> game = play_game(rules, seats, 4, [make_player("random", 1), make_player("random", 2)])
>>> game.turn.over, len(game.turn.final_scores)
(True, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from revive_dsl.ai.position import ComputerPlayer, Position
from revive_dsl.engine.game import Runner
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import Game

# Called after each whole move: the state before it, the state after it, and its answers as (seat, key).
OnMove = Callable[[Game, Game, list[tuple[int, str]]], None]


class TooLong(RuntimeError):
    """A game that reached the decision limit without ending."""


def play_game(
    rules: Rules,
    seats: Sequence[tuple[str, str, str]],
    seed: int,
    players: Sequence[ComputerPlayer],
    variants: Sequence[str] = (),
    *,
    on_move: OnMove | None = None,
    max_decisions: int = 20_000,
    log: list[str] | None = None,
) -> Game:
    """Set up a game of ``seats`` ((name, tribe, side)) from ``seed`` and let ``players[seat]`` answer every
    decision of that seat; returns the final, scored state. Raises :class:`TooLong` past ``max_decisions``.
    ``log``: a list the game's log lines are appended to, as they come (``on_move`` may read and clear it)."""
    game = new_game(rules, list(seats), seed=seed, variants=list(variants))
    runner = Runner(game, rules, share=False)
    if log is not None:
        runner.log = log
    start, answers = runner.game, []
    moved: list[tuple[int, str]] = []
    for _ in range(max_decisions):
        decision = runner.decision()
        if decision is None:
            return runner.game
        key = players[decision.player].choose(Position(rules, start, tuple(answers), decision))
        runner.answer(key)
        answers.append(key)
        moved.append((decision.player, key))
        if runner.between_moves:
            if on_move is not None:
                on_move(start, runner.game, moved)
            start, answers, moved = runner.game, [], []
    raise TooLong(f"seed {seed}: no end after {max_decisions} decisions")
