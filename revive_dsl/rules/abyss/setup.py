"""Setup with the abyss pack (004 "Additional setup", "Step 2 of general setup"): steps 11-15 of setup.py.

The draws come after every base draw, from the same generator, so a base game draws exactly as
before (see the order in :mod:`revive_dsl.engine.setup`). Rules encoded here: 3 area tiles go back
to the box at random (one per lake, so a pack's lake takes an area tile's place too); the 3 lake tiles are
shuffled with the others and lie face up, never next to each other, and a path of passable spaces must join
the chasm to each corner large location (the lakes are moved as :func:`arrange_lakes` says); a random large
location lies beside the devotion track; the Scyphoz deck is shuffled; the journey deck is shuffled and its
top 3 form the display. Devotion pawns start at 0 (``AbyssPlayer.devotion``).

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.setup import new_game
>>> rules = Rules.load(("base", "abyss"))
>>> g = new_game(rules, [("Ann", "nadair", "sun"), ("Bo", "formica", "sun")], seed=7)
>>> from revive_dsl.rules.abyss.lake_adjacency import lake_slots
>>> len(lake_slots(rules, g.board)), len(abyss(g.supply).journey_display), len(abyss(g.supply).scyphoz_deck)
(3, 3, 16)
>>> g.board.large_locations["devotion"]["tile"] in rules.ids("large_location")
True
"""

from __future__ import annotations

import random
from typing import Any

from revive_dsl.engine import geometry as geo
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import SETUP_STEPS, declare_outcomes, setup_draw
from revive_dsl.engine.state import Game
from revive_dsl.positions import Diagnostic, DslError, attach_lines
from revive_dsl.rules.abyss.devotion import DEVOTION_LOCATION
from revive_dsl.rules.abyss.lake_adjacency import is_lake
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.setup import large_location_ids

JOURNEY_DISPLAY = 3


def _draw(rules: Rules, rng: random.Random, seats: int, variants: list[str], out: dict[str, Any]) -> None:
    """Steps 11-15 of setup (a game with the expansion: its package's draws are the only ones it sees)."""
    slots = list(out["area_tiles"])
    tiles = [out["area_tiles"][s] for s in slots]
    lakes = list(rules.ids("lake"))
    if len(lakes) > len(tiles):
        raise _lake_error(rules, lakes[len(tiles) :], f"the map has {len(tiles)} area slots for {len(lakes)} lakes")
    out["returned_area_tiles"] = rng.sample(tiles, len(lakes))  # one per lake (004: 3 for its 3)
    kept = [t for t in tiles if t not in out["returned_area_tiles"]]
    mixed = kept + lakes
    rng.shuffle(mixed)
    try:
        out["area_tiles"] = arrange_lakes(rules, dict(zip(slots, mixed, strict=True)))
    except NoPlaceForLake as err:
        raise _lake_error(rules, [err.lake], str(err)) from None
    on_corners = {placed["tile"] for placed in out["large_locations"].values()}
    spare = [t for t in large_location_ids(rules) if t not in on_corners]
    tile = spare[rng.randrange(len(spare))] if spare else None
    side = rng.randrange(2)
    out["devotion_location"] = None if tile is None else {"tile": tile, "side": side}
    out["scyphoz_deck"] = _shuffled(rng, rules.ids("scyphoz_card"))
    out["journey_deck"] = _shuffled(rng, rules.ids("journey_card"))


def _shuffled(rng: random.Random, items: list[str]) -> list[str]:
    out = list(items)
    rng.shuffle(out)
    return out


# --- lakes -------------------------------------------------------------------------------------


class NoPlaceForLake(ValueError):
    """A lake that no slot of the map can take with the lakes apart and every corner reachable."""

    def __init__(self, lake: str):
        self.lake = lake
        super().__init__(f"no slot of the map keeps {lake} apart from the other lakes with every corner reachable")


def _lake_error(rules: Rules, lakes: list[str], why: str) -> DslError:
    """The setup cannot use these lakes: a positioned error at each (they come from a pack's content)."""
    rule = "lakes lie on area slots, none next to another, every corner reachable (004 setup)"
    components = rules.content.components
    problems = [Diagnostic(components[lake].pos, f"{lake}: cannot be set up: {why}; {rule}") for lake in lakes]
    return DslError(attach_lines(problems, rules.content.texts))


def arrange_lakes(rules: Rules, layout: dict[str, str]) -> dict[str, str]:
    """The map with its lakes moved where needed: none next to another, every corner reachable.

    Lakes are taken in map order of the slots they were shuffled into. Each keeps its slot if it
    touches no lake kept before it and the kept lakes with it leave every corner reachable; else it
    swaps with the area tile of the first slot, in map order, where both hold. No chance is involved.

    >>> rules = Rules.load(("base", "abyss"))
    >>> slots = [s["id"] for s in rules.main_board["map"]["area_slots"]]
    >>> crowded = {s: f"t{i}" for i, s in enumerate(slots)}
    >>> crowded.update({"a01": "abyss_lake_1", "a02": "abyss_lake_2", "a03": "abyss_lake_3"})
    >>> fixed = arrange_lakes(rules, crowded)
    >>> lakes = [s for s, t in fixed.items() if t.startswith("abyss_lake")]
    >>> any(geo.slots_touch(rules, a, b) for a in lakes for b in lakes if a != b), geo.corners_reached(rules, lakes)
    (False, True)
    """
    layout = dict(layout)
    order = list(layout)
    kept: list[str] = []

    def fits(slot: str) -> bool:
        return not any(geo.slots_touch(rules, slot, k) for k in kept) and geo.corners_reached(rules, [*kept, slot])

    for slot in [s for s in order if is_lake(rules, layout[s])]:
        if fits(slot):
            kept.append(slot)
            continue
        target = next((s for s in order if not is_lake(rules, layout[s]) and fits(s)), None)
        if target is None:
            raise NoPlaceForLake(layout[slot])
        layout[slot], layout[target] = layout[target], layout[slot]
        kept.append(target)
    return layout


# --- the game ----------------------------------------------------------------------------------


def _step(rules: Rules, game: Game, drawn: dict[str, Any]) -> None:
    """Lakes face up, the devotion location, the Scyphoz deck, the journey deck and display."""
    for placed in game.board.tiles.values():
        if is_lake(rules, placed["tile"]):
            placed["explored"] = True  # lakes lie face up and are never explored
    if drawn.get("devotion_location"):
        game.board.large_locations[DEVOTION_LOCATION] = dict(drawn["devotion_location"])
    supply = game.supply
    abyss(supply).scyphoz_deck = list(drawn["scyphoz_deck"])
    deck = list(drawn["journey_deck"])
    abyss(supply).journey_display, abyss(supply).journey_deck = deck[:JOURNEY_DISPLAY], deck[JOURNEY_DISPLAY:]


setup_draw(11, _draw)
SETUP_STEPS.add(_step)
declare_outcomes(piles={"scyphoz_deck": "Scyphoz deck", "journey_deck": "journey deck"})
