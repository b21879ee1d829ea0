"""Invariants that hold after every step of every game; random play checks them all.

>>> from revive_dsl.engine.state import Game, Player
>>> broken = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> broken.players[0].resources["gear"] = 7
>>> violations(broken)
['Ann has 7 gear (allowed 0 to 6)']
"""

from __future__ import annotations

from collections import Counter

from revive_dsl.engine.resources import CAPS
from revive_dsl.engine.state import Game, all_buildings

ENERGY_TOTAL = 28
BUILDINGS = {"small": 5, "large": 3}
LEECH_MARKER, LEECH_MARKERS = "leech_marker", 8  # 004: the leech tribe's 8 markers, held by it or given out


def card_places(game: Game) -> Counter[str]:
    """How many times each card id appears across every place a card can be."""
    seen: Counter[str] = Counter()
    supply = game.supply
    for pile in (supply.citizen_deck, supply.citizen_display, supply.removed, supply.scyphoz_deck):
        seen.update(pile)
    for player in game.players:
        seen.update(player.active)
        seen.update(player.resting)
        for stack in player.slots.values():
            seen.update(p.card for p in stack)
    return seen


def violations(game: Game, *, energy_total: int | None = None) -> list[str]:
    """Every broken invariant, in English; an empty list means the state is sound."""
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
    supplies = [p.tokens_left[LEECH_MARKER] for p in game.players if LEECH_MARKER in p.tokens_left]
    if supplies or any(p.leech_markers for p in game.players):  # the leech tribe's markers are conserved
        held = sum(supplies) + sum(p.leech_markers for p in game.players)
        if held != LEECH_MARKERS or min([*supplies, *(p.leech_markers for p in game.players)]) < 0:
            out.append(f"leech markers not conserved: {held} in play, {LEECH_MARKERS} expected")
    journeys = Counter([*game.supply.journey_deck, *game.supply.journey_display])
    for player in game.players:
        journeys.update([*player.journeys, *player.journeys_done])
        if player.devotion < 0:
            out.append(f"{player.name} has {player.devotion} devotion")
    doubles = sorted(card for card, n in (card_places(game) + journeys).items() if n > 1)
    if doubles:
        out.append(f"cards in two places at once: {', '.join(doubles)}")
    if energy_total is not None:
        held = game.supply.energy + sum(p.energy + len(p.energy_on) for p in game.players)
        if held != energy_total:
            out.append(f"energy not conserved: {held} in play, {energy_total} expected")
    return out
