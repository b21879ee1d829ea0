"""The campaign's large locations (003 "SCORING OF LARGE LOCATIONS", "unlocked in campaign").

The variant ``campaign_locations`` plays them.

Rules encoded here (the ``large_location`` components with ``campaign: true``; docs/rulings.md):

- a normal setup leaves them in the box (step 3 of :mod:`revive_dsl.engine.setup` shuffles
  :func:`~revive_dsl.rules.base.setup.large_location_ids`, which leaves them out);
- with the variant (step 17, after every other draw) every large location tile, the campaign's among them, is
  shuffled and dealt again: four to the corners and, with the abyss pack, one beside the devotion track, each
  with a random side; the rest go back to the box;
- their six sides score like any large location for each player with a figure there (scoring.py); the side
  whose text has a ``once:`` clause gives it at once to whoever populates it (1 energy from the supply:
  :func:`revive_dsl.rules.base.board_actions.location_once`).

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.setup import new_game
>>> rules = Rules.load(("base",))
>>> g = new_game(rules, [("Ann", "nadair", "sun")], seed=1, variants=["campaign_locations"])
>>> sorted(p["tile"] for p in g.board.large_locations.values())
['largeloc_3', 'largeloc_4', 'largeloc_campaign_1', 'largeloc_campaign_2']
"""

from __future__ import annotations

import random
from typing import Any

from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import setup_draw

VARIANT = "campaign_locations"


def campaign_location_ids(rules: Rules) -> list[str]:
    """The campaign's large location tiles, in content order.

    >>> campaign_location_ids(Rules.load(("base",)))
    ['largeloc_campaign_1', 'largeloc_campaign_2', 'largeloc_campaign_3']
    """
    return [t for t in rules.ids("large_location") if rules.data(t).get("campaign")]


def _draw(rules: Rules, rng: random.Random, seats: int, variants: list[str], out: dict[str, Any]) -> None:
    """Step 17 of setup, only with the variant: the large locations dealt again, the campaign's among them."""
    if VARIANT not in variants:
        return
    corners = list(out["large_locations"])
    devotion = "devotion_location" in out  # drawn by step 13, with the abyss pack only
    tiles = list(rules.ids("large_location"))  # content order: base, expansion, campaign
    rng.shuffle(tiles)
    placed = tiles[: len(corners) + (1 if devotion else 0)]
    sides = [rng.randrange(2) for _ in placed]
    dealt = [{"tile": t, "side": s} for t, s in zip(placed, sides, strict=True)]
    out["large_locations"] = dict(zip(corners, dealt, strict=False))
    if devotion:
        out["devotion_location"] = dealt[len(corners)]


setup_draw(17, _draw)
