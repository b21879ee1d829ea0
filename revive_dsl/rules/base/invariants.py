"""The base game's invariants (003 components): resources within their caps, the 28 energy markers and each
player's 5 small and 3 large buildings conserved, tokens together on a space only where the rules let them lie
together, and where a card may lie.

>>> from revive_dsl.engine.invariants import violations
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun", energy=-1)])
>>> violations(game)
['Ann has -1 energy in storage']
"""

from __future__ import annotations

from collections.abc import Iterable

from revive_dsl.engine.declared_tokens import shares
from revive_dsl.engine.invariants import CARD_PLACES, INVARIANTS
from revive_dsl.engine.resources import CAPS
from revive_dsl.engine.state import Game, all_buildings, tokens_at
from revive_dsl.rules.base.tribes import JOINS

ENERGY_TOTAL = 28
BUILDINGS = {"small": 5, "large": 3}


def _players(game: Game, whole: bool) -> list[str]:
    out: list[str] = []
    for player in game.players:
        for resource, amount in player.resources.items():
            if not 0 <= amount <= CAPS[resource]:
                out.append(f"{player.name} has {amount} {resource} (allowed 0 to {CAPS[resource]})")
        if player.energy < 0:
            out.append(f"{player.name} has {player.energy} energy in storage")
        if len(set(player.energy_on)) != len(player.energy_on):
            out.append(f"{player.name} has two energy on one machine")
        for size, total in BUILDINGS.items():
            placed = sum(1 for _, b in all_buildings(game.board) if b["player"] == player.seat and b["size"] == size)
            if placed + player.buildings_left[size] != total:
                out.append(
                    f"{player.name}: {placed} {size} buildings placed + {player.buildings_left[size]} left != {total}"
                )
    return out


def _energy(game: Game, whole: bool) -> list[str]:
    if not whole:
        return []
    held = game.supply.energy + sum(p.energy + len(p.energy_on) for p in game.players)
    return [] if held == ENERGY_TOTAL else [f"energy not conserved: {held} in play, {ENERGY_TOTAL} expected"]


def _tokens(game: Game, whole: bool) -> list[str]:
    """``stacked_tokens`` only on a space with a first token; each token there may join those before it.

    >>> from revive_dsl.engine.state import Board
    >>> game = Game(board=Board(tokens={"1,1": {"player": 0, "token": "temple"}},
    ...                         stacked_tokens={"1,1": [{"player": 1, "token": "falcon"}], "2,0": []}))
    >>> _tokens(game, False)
    ['tokens stacked on 2,0 with none first in board.tokens', 'a falcon lies with a temple on 1,1']
    """
    board = game.board
    missing = [s for s in board.stacked_tokens if s not in board.tokens]
    out = [f"tokens stacked on {s} with none first in board.tokens" for s in missing]
    joins = {**JOINS, **shares(game)} if board.stacked_tokens else JOINS  # and the packs' own kinds of token
    for space in board.stacked_tokens:
        here = [t.get("token") for t in tokens_at(board, space)]
        for i, token in enumerate(here):
            out += [f"a {token} lies with a {t} on {space}" for t in here[:i] if t not in joins.get(token, ())]
    return out


def _cards(game: Game) -> Iterable[str]:
    supply = game.supply
    yield from (*supply.citizen_deck, *supply.citizen_display, *supply.removed)
    for player in game.players:
        yield from (*player.active, *player.resting)
        for stack in player.slots.values():
            yield from (p.card for p in stack)


INVARIANTS.add(_players)
INVARIANTS.add(_energy)
INVARIANTS.add(_tokens)
CARD_PLACES.add(_cards)
