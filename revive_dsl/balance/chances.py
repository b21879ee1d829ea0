"""What each seat could do on its turns, and what it did: the *chances* of a balance game.

A scoring line or a component no seat ever used is a finding for the author, but of what? The players may have
passed it by, or the game may never have let them. So on each turn of each seat this counts, once per turn, which
moves the rules offered (a legal option of the turn's decision at least once that turn) and which the seat made;
and likewise the *targets* a report looks at apart (:data:`TARGETS`: a populate on a large location, which the
final scoring counts on its own line). "Offered in 2% of turns, taken in none" says the players pass it by;
"offered in none" says the game (its costs, its range, the players' economy) never let them.

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.setup import new_game
>>> rules = Rules.load(("base",))
>>> game = new_game(rules, [("Ann", "nadair", "sun"), ("Bo", "formica", "moon")], seed=1)
>>> chances = Chances(rules, game)
>>> chances.seen(game, [(0, "switch"), (0, "gear")])
>>> chances.seen(game, [(0, "end")])
>>> figures = chances.figures(0)
>>> figures["turns"], figures["offered"]["switch"], figures["taken"]["switch"], figures["taken"]["build"]
(1, 1, 1, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from revive_dsl.engine import geometry as geo
from revive_dsl.engine.game import MOVES, game_moves, move_allowed
from revive_dsl.engine.interpret import Ctx
from revive_dsl.engine.memo import unchanged
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game
from revive_dsl.rules.base.board_actions import populate_choices

Moved = Sequence[tuple[int, str]]  # a whole move's answers, as (seat, key)


@dataclass(frozen=True)
class Target:
    """A kind of target of one move, counted apart: ``offered(rules, game, seat)`` whether the move may take such a
    target now (asked only when the move itself is offered); ``taken(rules, moved)`` whether a move did."""

    move: str
    offered: Callable[[Rules, Game, int], bool]
    taken: Callable[[Rules, Moved], bool]


def _large_locations(rules: Rules, game: Game) -> list[str]:
    return [slot for slot in geo.geometry(rules).large if slot in game.board.large_locations]


def _large_location_offered(rules: Rules, game: Game, seat: int) -> bool:
    ctx = Ctx(game, seat, rules)
    return any(next(populate_choices(ctx, only=slot), None) is not None for slot in _large_locations(rules, game))


def _large_location_taken(rules: Rules, moved: Moved) -> bool:
    return len(moved) > 1 and moved[0][1] == "populate" and moved[1][1] in geo.geometry(rules).large


# The targets counted apart from their move, by the name a report shows.
TARGETS: dict[str, Target] = {
    "populate: large location": Target("populate", _large_location_offered, _large_location_taken),
}


def chance_label(name: str) -> str:
    """What a row of the chances is shown as: a move by its label (``open_crate``: "open a crate"), a target by its
    name (the key itself when the move is not known here: its rules package not imported)."""
    return MOVES[name].label if name in MOVES else name


class Chances:
    """Counts a game's chances as its moves are made (:meth:`seen` with each whole move and the state before it);
    :meth:`figures` gives a seat's: its turns, and per move (every move of the game's table, ``end`` aside) and per
    target of :data:`TARGETS`, in how many of its turns it was offered and in how many it was made."""

    def __init__(self, rules: Rules, game: Game):
        self.rules = rules
        self.moves = [key for key in game_moves(game) if key != "end"]
        names = self.moves + list(TARGETS)
        self.turns = [0] * len(game.players)
        self.offered = [dict.fromkeys(names, 0) for _ in game.players]
        self.taken = [dict.fromkeys(names, 0) for _ in game.players]
        self._turn: list[tuple[set[str], set[str]]] = [(set(), set()) for _ in game.players]

    def seen(self, before: Game, moved: Moved) -> None:
        """A whole move made from ``before``; a turn is counted when its ``end`` is made (or the game ends)."""
        seat, first = moved[0]
        if first != "end" and first not in MOVES:
            return  # a setup choice: no turn's move
        offered, taken = self._turn[seat]
        with unchanged(before):  # the moves tested share one range map, as in one listing
            # a move offered once this turn needs no test again
            offered.update(k for k in self.moves if k not in offered and move_allowed(before, k))
            for name, target in TARGETS.items():
                if (
                    name not in offered
                    and target.move in offered
                    and move_allowed(before, target.move)  # now, not only earlier in the turn
                    and target.offered(self.rules, before, seat)
                ):
                    offered.add(name)
            if target.taken(self.rules, moved):
                taken.add(name)
        if first != "end":
            taken.add(first)
            return
        self._close(seat)

    def _close(self, seat: int) -> None:
        offered, taken = self._turn[seat]
        if not offered and not taken:
            return
        self.turns[seat] += 1
        for name in offered:
            self.offered[seat][name] = self.offered[seat].get(name, 0) + 1
        for name in taken:
            self.taken[seat][name] = self.taken[seat].get(name, 0) + 1
        self._turn[seat] = (set(), set())

    def figures(self, seat: int) -> dict[str, Any]:
        """``{"turns": N, "offered": {name: turns}, "taken": {name: turns}}`` for ``seat`` (a turn the game ended
        in counted too)."""
        self._close(seat)
        return {
            "turns": self.turns[seat],
            "offered": dict(sorted(self.offered[seat].items())),
            "taken": dict(sorted(self.taken[seat].items())),
        }
