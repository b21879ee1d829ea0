"""The computer players: ``random``, ``greedy`` and ``mcts``, behind one small interface.

A computer player is made from a seed and answers a :class:`~revive_dsl.ai.position.Position` with one of its
decision's option keys; the same seed and the same positions give the same answers.

- ``random``: uniform over the legal options (the engine's :class:`~revive_dsl.engine.drivers.RandomDriver`).
- ``greedy``: looks one move ahead. It answers each option on a copy of the move, answers the rest of that move
  (each later decision of its own by the state right after it), and takes the option whose finished move leaves the
  best :func:`~revive_dsl.ai.evaluate.margin` (ties broken by its generator). A move that pays now for a gain later
  (build: the move, the space, the payment) is rated once it is done, not as it begins. A free move (a trade, a
  machine, a crate) is taken only for a gain: one that changes nothing would be taken again and again.
- ``mcts``: Monte Carlo tree search over the engine's decisions (:mod:`revive_dsl.ai.mcts`), with a budget of
  playouts per decision (``mcts:200``: 200 playouts; default :data:`~revive_dsl.ai.mcts.PLAYOUTS`).

>>> make_player("greedy", 3).name, make_player("mcts:50", 3).playouts
('greedy', 50)
>>> make_player("clever", 3)
Traceback (most recent call last):
...
ValueError: unknown computer player 'clever'; known: random, greedy, mcts (mcts:N for N playouts a decision)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from revive_dsl.ai.evaluate import WEIGHTS, margin
from revive_dsl.ai.hidden import seen_by
from revive_dsl.ai.mcts import MctsPlayer
from revive_dsl.ai.position import ComputerPlayer, Position
from revive_dsl.engine.decisions import Decision
from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import MOVES, Runner


class RandomPlayer(ComputerPlayer):
    """Uniform over the legal options, from its own seeded generator (as :class:`RandomDriver`)."""

    name = "random"

    def __init__(self, seed: int):
        self.driver = RandomDriver(seed)

    def choose(self, position: Position) -> str:
        return self.driver.answer(position.decision)

    def answer(self, decision: Decision) -> str:
        return self.driver.answer(decision)


MOVE_DECISIONS = 12  # the decisions of its own move greedy answers ahead, at most, to rate a move's first answer


class GreedyPlayer(ComputerPlayer):
    """One move ahead: the option whose finished move leaves the best margin for the deciding seat, as that seat
    sees it (:func:`~revive_dsl.ai.hidden.seen_by`: the other players' secret artifact cards are not scored);
    ``whole_move=False`` rates the state right after the option instead (greedy as it first was)."""

    name = "greedy"

    def __init__(self, seed: int, weights: dict[str, float] | None = None, whole_move: bool = True):
        self.rng = random.Random(seed)
        self.weights = dict(WEIGHTS if weights is None else weights)
        self.whole_move = whole_move

    def _rate(self, position: Position, runner: Runner) -> float:
        view = seen_by(runner.state, position.seat)  # the others' secret artifact cards unknown
        return margin(position.rules, view, position.seat, self.weights)

    def _after(self, position: Position, answers: list[str]) -> Runner:
        runner = position.runner()
        for key in answers:
            runner.answer(key)
        return runner

    def _finish(self, position: Position, answers: list[str]) -> Runner:
        """The move under way after ``answers``, its rest answered one decision ahead by this player (a decision of
        another seat, or the move's end, stops it)."""
        runner = self._after(position, answers)
        for _ in range(MOVE_DECISIONS):
            decision = None if runner.between_moves else runner.decision()
            if decision is None or decision.player != position.seat:
                break
            options = decision.legal_keys()
            key = options[0] if len(options) == 1 else self._pick(position, answers, options, finish=False)
            answers = [*answers, key]
            runner.answer(key)
        return runner

    def _pick(self, position: Position, answers: list[str], keys: list[str], finish: bool) -> str:
        rated = []
        for key in keys:
            runner = self._finish(position, [*answers, key]) if finish else self._after(position, [*answers, key])
            rated.append((self._rate(position, runner), key))
        if finish and position.decision.rule == "turn":
            # a free move (a trade, a machine, a crate) only when it gains something: one that leaves the value as
            # it was would be taken again and again (a trade offered and declined), and the turn would never end
            now = self._rate(position, position.runner())
            useful = [(v, k) for v, k in rated if v > now + 1e-9 or k not in MOVES or MOVES[k].is_action]
            rated = useful or rated
        best = max(value for value, _ in rated)
        return self.rng.choice([key for value, key in rated if value >= best - 1e-9])

    def choose(self, position: Position) -> str:
        keys = position.decision.legal_keys()
        if len(keys) == 1:
            return keys[0]
        return self._pick(position, [], keys, finish=self.whole_move)


# The computer players by name: a player from a seed (and, for those that have one, a budget: NAME:N).
PLAYERS: dict[str, Callable[..., ComputerPlayer]] = {"random": RandomPlayer, "greedy": GreedyPlayer, "mcts": MctsPlayer}
MAX_PLAYOUTS = 100_000  # the largest budget mcts:N takes (more would not end in any useful time)


def check_player(spec: str) -> str | None:
    """Why ``spec`` (``random``, ``greedy``, ``mcts`` or ``mcts:N``) names no computer player, or None.

    >>> check_player("mcts:0")
    "'mcts:0': the playout budget must be a whole number from 1 to 100000"
    """
    name, _, budget = spec.partition(":")
    if name not in PLAYERS:
        return f"unknown computer player '{spec}'; known: {', '.join(PLAYERS)} (mcts:N for N playouts a decision)"
    if budget and name != "mcts":
        return f"'{spec}': only mcts takes a budget (mcts:N)"
    if budget and (
        not budget.isascii() or not budget.isdigit() or len(budget) > 9 or not 1 <= int(budget) <= MAX_PLAYOUTS
    ):
        return f"'{spec}': the playout budget must be a whole number from 1 to {MAX_PLAYOUTS}"
    return None


def make_player(spec: str, seed: int) -> ComputerPlayer:
    """The computer player ``spec`` names, seeded; ValueError for a name that is none."""
    problem = check_player(spec)
    if problem:
        raise ValueError(problem)
    name, _, budget = spec.partition(":")
    return PLAYERS[name](seed, int(budget)) if budget else PLAYERS[name](seed)
