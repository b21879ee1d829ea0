"""Vast crystals (001 option 3 "die beiden großen Kristalle verwenden"; 000; 003): the variant ``vast_crystals``.

Rules encoded here (the two ``area_tile`` components with ``vast_crystal: true``; docs/rulings.md):

- setup (step 16 of :mod:`revive_dsl.engine.setup`, after every other draw): the two vast crystals lie
  face down in two area slots that do not touch each other, in place of the two area tiles there,
  which go back to the box; with the lakes, a path must still join the chasm to every corner;
- exploring one: its back's cost and points as for any tile, but no citizen card (000), and no
  turning (it looks the same either way);
- each is ONE large space: range never passes through it (a range blocker); a building next to it
  gains 1 crystal and 1 point, a large building 2 of each (000, "doubled"), once per building however
  many of its cells the building touches (also when it is explored next to a building standing there);
- it counts as one crystal symbol for scoring (003; counter ``crystal_symbols``).

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.setup import new_game
>>> rules = Rules.load(("base",))
>>> g = new_game(rules, [("Ann", "nadair", "sun")], seed=3, variants=["vast_crystals"])
>>> sorted(p["tile"] for p in g.board.tiles.values() if p["tile"].startswith("vast"))
['vast_crystal_1', 'vast_crystal_2']
"""

from __future__ import annotations

import random
from typing import Any

from revive_dsl.engine import geometry as geo
from revive_dsl.engine import resources as res
from revive_dsl.engine.interpret import Ctx, Effect
from revive_dsl.engine.range import RANGE_BLOCKERS, rules_of, whole_map
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import setup_draw
from revive_dsl.rules.base import board_actions as actions
from revive_dsl.rules.base.gains import gain_points

VARIANT = "vast_crystals"
TERRAIN = "vast_crystal"  # what each of its spaces shows once explored


def vast_crystal_ids(rules: Rules) -> list[str]:
    """The vast crystal tiles, in content order.

    >>> vast_crystal_ids(Rules.load(("base",)))
    ['vast_crystal_1', 'vast_crystal_2']
    """
    return [t for t in rules.ids("area_tile") if rules.data(t).get("vast_crystal")]


# --- setup ---------------------------------------------------------------------------------------


def choose_slots(rules: Rules, order: list[str], blocked: list[str]) -> tuple[str, str]:
    """The first pair of slots in ``order`` (earliest first slot, then earliest second) that do not touch
    and, with the ``blocked`` slots (lakes), leave every corner reachable.

    >>> rules = Rules.load(("base",))
    >>> a, b = choose_slots(rules, ["a01", "a03", "a02"], [])
    >>> (a, b), geo.slots_touch(rules, a, b)
    (('a01', 'a02'), False)
    """
    for i, first in enumerate(order):
        if not geo.corners_reached(rules, [*blocked, first]):
            continue
        for second in order[i + 1 :]:
            if not geo.slots_touch(rules, first, second) and geo.corners_reached(rules, [*blocked, first, second]):
                return first, second
    raise ValueError("no two area slots apart from each other that keep every corner reachable")


def _draw(rules: Rules, rng: random.Random, seats: int, variants: list[str], out: dict[str, Any]) -> None:
    """Step 16 of setup, only with the variant: two vast crystals in place of two area tiles."""
    if VARIANT not in variants:
        return
    tiles = vast_crystal_ids(rules)
    rng.shuffle(tiles)
    layout = out["area_tiles"]
    fixed = [s for s, t in layout.items() if geo.impassable(rules, t)]  # the expansion's lakes
    order = [s for s in layout if s not in fixed]
    rng.shuffle(order)
    slots = choose_slots(rules, order, fixed)
    out["vast_crystals_returned"] = [layout[s] for s in slots]
    out["area_tiles"] = {**layout, **dict(zip(slots, tiles[: len(slots)], strict=True))}  # a pack's more: boxed


setup_draw(16, _draw)


# --- the board -----------------------------------------------------------------------------------


def vast_crystal_of(rules: Rules, board, space: str) -> str | None:
    """The large-space key of a visible vast crystal's cell (``vast:a07``), None for any other space."""
    if geo.terrain(rules, board, space) != TERRAIN:
        return None
    return f"vast:{geo.geometry(rules).slot_of[space][0]}"


@whole_map(lambda ctx: geo.spaces_showing(rules_of(ctx), ctx.game.board, TERRAIN))
def _blocks(ctx: Ctx, space: str) -> bool:
    return geo.terrain(rules_of(ctx), ctx.game.board, space) == TERRAIN


def _building_reward(ctx: Ctx, space: str, size: str) -> Effect:
    """1 crystal and 1 point for a building next to the vast crystal, a large building 2 of each."""
    factor = actions.REWARD_FACTOR[size]
    ctx.log.append(f"{ctx.player.name} takes the reward of the vast crystal at {space}")
    got = yield from res.gain(ctx.player, "crystal", factor)
    ctx.log.append(f"{ctx.player.name} {res.gained_text('crystal', factor, got)}")
    yield from gain_points(ctx, factor)


actions.TERRAIN_REWARDS.setdefault(TERRAIN, _building_reward)
actions.REWARD_LARGE_SPACES.add(vast_crystal_of)
RANGE_BLOCKERS.add(_blocks)
