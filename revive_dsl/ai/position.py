"""What a computer player is shown when it must decide: the state before the move under way, the answers given in
that move so far, and the decision itself.

A move runs inside a generator that cannot be copied, so a player that wants to look ahead rebuilds the move: a
fresh :class:`~revive_dsl.engine.game.Runner` on ``start`` given ``answers`` again reaches the very same decision
(the engine is deterministic), and from there it may try each option.

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.setup import new_game
>>> rules = Rules.load(("base",))
>>> game = new_game(rules, [("Ann", "nadair", "sun"), ("Bo", "formica", "moon")], seed=1)
>>> runner = Runner(game, rules)
>>> position = Position(rules, game, (), runner.decision())
>>> position.seat, position.runner().decision().rule
(0, 'turn')
"""

from __future__ import annotations

from dataclasses import dataclass

from revive_dsl.engine.decisions import Decision
from revive_dsl.engine.drivers import Driver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game


@dataclass(frozen=True)
class Position:
    """A decision in its game: ``start`` is a whole state between moves (never changed here), ``answers`` the keys
    given since, in order, and ``decision`` what they lead to."""

    rules: Rules
    start: Game
    answers: tuple[str, ...]
    decision: Decision

    @property
    def seat(self) -> int:
        """The seat deciding."""
        return self.decision.player

    def runner(self, copy: bool = False) -> Runner:
        """A runner standing at this decision, of its own; ``copy``: on a copy of ``start``, so that its state may
        be changed in place (a sampled order of the hidden piles) even before any answer, and its moves change
        that copy itself (``in_place``: nothing else reads it, so no move needs a copy of its own)."""
        if copy:
            runner = Runner(self.start.clone(), self.rules, in_place=True)
        else:
            runner = Runner(self.start, self.rules, share=False)
        for key in self.answers:
            runner.answer(key)  # a turn's move unasked: only that move is tested, cheaper than listing all
        return runner  # the decision is asked when needed: an answer to the turn's tests only that move


class ComputerPlayer(Driver):
    """Answers a position with an option key (:mod:`revive_dsl.ai.players`). Being a
    :class:`~revive_dsl.engine.drivers.Driver` too, it can be asked a bare decision, seeing nothing else: ``random``
    plays the same either way, the others need :meth:`choose`."""

    name = "computer"

    def choose(self, position: Position) -> str:
        """The key of the option to take at ``position``."""
        raise NotImplementedError

    def answer(self, decision: Decision) -> str:
        raise TypeError(f"the {self.name} player needs the game: give it a Position (choose)")
