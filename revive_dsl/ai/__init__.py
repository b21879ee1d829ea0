"""Computer players that try to win: ``random``, ``greedy`` and ``mcts`` (:mod:`revive_dsl.ai.players`).

A player sees a :class:`~revive_dsl.ai.position.Position` (the state before the move under way, the answers given
in it, the decision) and answers with an option key; :func:`~revive_dsl.ai.match.play_game` plays a whole game.

>>> from revive_dsl.ai import PLAYERS
>>> sorted(PLAYERS)
['greedy', 'mcts', 'random']
"""

from revive_dsl.ai.match import play_game
from revive_dsl.ai.players import PLAYERS, check_player, make_player
from revive_dsl.ai.position import ComputerPlayer, Position

__all__ = ["PLAYERS", "ComputerPlayer", "Position", "check_player", "make_player", "play_game"]
