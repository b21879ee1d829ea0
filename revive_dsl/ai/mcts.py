"""Monte Carlo tree search over the engine's decisions, with hidden information sampled.

Each playout (a fixed budget of them per decision, so the answer depends on the seed alone, never on the clock):

1. *Sample what the player cannot see* (:func:`~revive_dsl.ai.hidden.sample_hidden`): the position's runner is
   rebuilt on a copy of the state and the draw piles, face-down tiles and the other players' secret artifact cards
   are dealt afresh from the player's seeded generator. The search never reads the true order of a pile, nor an
   artifact card another player keeps secret.
2. *Select* down the tree by UCB1, each decision's seat maximising its own reward; the tree's nodes are keyed by
   the answers from the root (one tree serves every sample: an option a sample does not offer is passed over).
   Decisions with one option are answered and not stored.
3. *Expand* one untried option, then *play out* at random for at most :data:`DEPTH` decisions.
4. *Score* the end: a finished game gives each seat half a point for a win (shared on a tie) plus half its
   :func:`~revive_dsl.ai.evaluate.squash`-ed final margin; a playout cut off gives each seat its squashed
   evaluation margin (:mod:`revive_dsl.ai.evaluate`). Every node on the path adds the reward of the seat that chose
   it.

The answer is the most visited option at the root (ties: the best mean, then the first in option order).

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.setup import new_game
>>> from revive_dsl.engine.game import Runner
>>> rules = Rules.load(("base",))
>>> game = new_game(rules, [("Ann", "nadair", "sun"), ("Bo", "formica", "moon")], seed=1)
>>> position = Position(rules, game, (), Runner(game, rules).decision())
>>> MctsPlayer(5, playouts=8).choose(position) == MctsPlayer(5, playouts=8).choose(position)
True
"""

from __future__ import annotations

import math
import random

from revive_dsl.ai.evaluate import WEIGHTS, margins, margins_as_seen, score_now, squash
from revive_dsl.ai.hidden import sample_hidden
from revive_dsl.ai.position import ComputerPlayer, Position
from revive_dsl.engine.game import Runner

PLAYOUTS = 48  # playouts per decision unless told (mcts:N)
DEPTH = 4  # decisions a playout goes past the tree before it is scored by the evaluation
EXPLORE = 1.2  # UCB1's exploration constant (rewards lie between 0 and 1)


class _Node:
    __slots__ = ("children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0  # rewards of the seat that chose the answer leading here


class MctsPlayer(ComputerPlayer):
    """Tree search with ``playouts`` playouts per decision (see the module's text)."""

    name = "mcts"

    def __init__(
        self, seed: int, playouts: int = PLAYOUTS, depth: int = DEPTH, weights: dict[str, float] | None = None
    ):
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.depth = depth
        self.weights = dict(WEIGHTS if weights is None else weights)
        self._root_value = 0.0  # solo: the value of the position a search starts from (set by choose)

    def choose(self, position: Position) -> str:
        keys = position.decision.legal_keys()
        if len(keys) == 1:
            return keys[0]
        root = _Node()
        # solo: a playout is rated against the root's own value, the same for every playout
        self._root_value = (
            margins(position.rules, position.start, self.weights)[0] if len(position.start.players) == 1 else 0.0
        )
        for _ in range(self.playouts):
            self._playout(position, root)
        order = {key: i for i, key in enumerate(keys)}
        tried = [(key, node) for key, node in root.children.items() if key in order]
        best = max(tried, key=lambda kn: (kn[1].visits, kn[1].total / max(1, kn[1].visits), -order[kn[0]]))
        return best[0]

    def _playout(self, position: Position, root: _Node) -> None:
        runner = position.runner(copy=True)
        sample_hidden(position.rules, runner.state, self.rng, position.seat)
        path: list[tuple[_Node, int]] = []
        node = root
        # the root's options are the position's, listed already (the sampled hidden cards are none of the deciding
        # player's: they change no option of theirs)
        decision = position.decision
        while decision is not None:
            keys = decision.legal_keys()
            if len(keys) == 1:
                runner.answer(keys[0])
                decision = runner.decision()
                continue
            untried = [key for key in keys if key not in node.children]
            if untried:
                key = untried[self.rng.randrange(len(untried))]
                child = node.children[key] = _Node()
                path.append((child, decision.player))
                runner.answer(key)
                break
            parent = node
            log_visits = math.log(max(1, sum(parent.children[k].visits for k in keys)))
            key = max(
                keys,
                key=lambda k: (
                    parent.children[k].total / parent.children[k].visits
                    + EXPLORE * math.sqrt(log_visits / parent.children[k].visits)
                ),
            )
            node = parent.children[key]
            path.append((node, decision.player))
            runner.answer(key)
            decision = runner.decision()
        rewards = self._rollout(runner, position)
        root.visits += 1
        for node, seat in path:
            node.visits += 1
            node.total += rewards[seat]

    def _rollout(self, runner: Runner, position: Position) -> list[float]:
        rng = self.rng
        for _ in range(self.depth):
            decision = runner.decision()
            if decision is None:
                break
            runner.answer(decision.sample(rng))  # uniform, without listing a turn's moves or a board action's targets
        game = runner.state
        over = runner.between_moves and game.turn.over  # scored already (the answer that ended it scores the game)
        if over and len(game.players) > 1:  # over: the win, and by how much; not asked: the turn's would be listed
            totals = score_now(position.rules, game)
            winners = game.turn.ranking[0] if game.turn.ranking else []
            out = []
            for seat, total in enumerate(totals):
                won = 1.0 / len(winners) if seat in winners else 0.0
                out.append(0.5 * won + 0.5 * squash(total - max(totals[:seat] + totals[seat + 1 :])))
            return out
        found = margins_as_seen(position.rules, game, self.weights)  # the others' sampled secret cards not rated
        if len(found) == 1:  # solo: the value against the root's
            return [squash(found[0] - self._root_value)]
        return [squash(m) for m in found]
