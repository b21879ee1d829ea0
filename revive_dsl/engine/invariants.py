"""Invariants that hold after every step of every game; random play checks them all.

The rules packages register their invariants (:data:`INVARIANTS`) and the places a card may lie
(:data:`CARD_PLACES`); a game checks those of its own packages. A card in two places at once is
broken in any game.

>>> from revive_dsl.engine.state import Game, Player
>>> broken = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> broken.players[0].resources["gear"] = 7
>>> violations(broken)
['Ann has 7 gear (allowed 0 to 6)']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.state import Game

# ``check(game, whole) -> broken invariants, in English``; ``whole``: the state is a whole game's, so what
# the box holds in all is conserved (a hand-built state for a test may hold less).
INVARIANTS: Hooks[Callable[[Game, bool], list[str]]] = Hooks("INVARIANTS")

# ``places(game) -> every card id lying in one kind of place`` (a deck, a display, a player's areas...).
CARD_PLACES: Hooks[Callable[[Game], Iterable[str]]] = Hooks("CARD_PLACES")


def card_places(game: Game) -> Counter[str]:
    """How many times each card id appears across every place a card can be."""
    seen: Counter[str] = Counter()
    for places in CARD_PLACES.of(game):
        seen.update(places(game))
    return seen


def violations(game: Game, *, whole: bool = False) -> list[str]:
    """Every broken invariant, in English; an empty list means the state is sound."""
    out = [problem for check in INVARIANTS.of(game) for problem in check(game, whole)]
    doubles = sorted(card for card, n in card_places(game).items() if n > 1)
    if doubles:
        out.append(f"cards in two places at once: {', '.join(doubles)}")
    return out
