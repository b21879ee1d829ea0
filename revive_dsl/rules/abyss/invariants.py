"""Call of the Abyss's invariants (004 components): the leech tribe's 8 markers conserved, devotion never
below 0, and the expansion's places for cards (the Scyphoz deck, the journeys in deck, display and in front of
the players).
"""

from __future__ import annotations

from collections.abc import Iterable

from revive_dsl.engine.invariants import CARD_PLACES, INVARIANTS
from revive_dsl.engine.state import Game
from revive_dsl.rules.abyss.state import abyss

LEECH_MARKER, LEECH_MARKERS = "leech_marker", 8  # 004: the leech tribe's 8 markers, held by it or given out


def _leech_markers(game: Game, whole: bool) -> list[str]:
    supplies = [p.tokens_left[LEECH_MARKER] for p in game.players if LEECH_MARKER in p.tokens_left]
    if not supplies and not any(abyss(p).leech_markers for p in game.players):
        return []
    held = sum(supplies) + sum(abyss(p).leech_markers for p in game.players)
    if held != LEECH_MARKERS or min(supplies + [abyss(p).leech_markers for p in game.players]) < 0:
        return [f"leech markers not conserved: {held} in play, {LEECH_MARKERS} expected"]
    return []


def _devotion(game: Game, whole: bool) -> list[str]:
    return [f"{p.name} has {abyss(p).devotion} devotion" for p in game.players if abyss(p).devotion < 0]


def _cards(game: Game) -> Iterable[str]:
    own = abyss(game.supply)
    yield from (*own.scyphoz_deck, *own.journey_deck, *own.journey_display)
    for player in game.players:
        yield from (*abyss(player).journeys, *abyss(player).journeys_done)


INVARIANTS.add(_leech_markers)
INVARIANTS.add(_devotion)
CARD_PLACES.add(_cards)
