"""The Lagoon's rules: pearls (a new resource, 0-9), the pearl track (0-5), the polish action, a setup draw,
a scoring line and an invariant.

- ``dive N``: gain N pearls, up to 9;
- the action ``polish``: pay 2 pearls to move your pearl track marker one space (at most 5);
- setup (step 40, after every other draw): one seat, drawn at random, starts with a pearl;
- final scoring: 2 points per space of your pearl track.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from revive_dsl.extension import (
    INVARIANTS,
    SCORING,
    SETUP_STEPS,
    Ctx,
    Effect,
    Game,
    Rules,
    ScoreLine,
    count_arg,
    counter,
    effect,
    move,
    nodes,
    part,
    setup_draw,
    state_part,
)

SHELL, TRACK, PRICE = 9, 5, 2


@state_part("lagoon", "player")
@dataclass
class LagoonPlayer:
    """A player's pearls and pearl track."""

    pearls: int = field(
        default=0,
        metadata={"doc": "Pearls in the shell (0-9).", "schema": {"type": "integer", "minimum": 0, "maximum": 9}},
    )
    track: int = field(
        default=0,
        metadata={"doc": "The pearl track's space (0-5).", "schema": {"type": "integer", "minimum": 0, "maximum": 5}},
    )


def lagoon(player: Any) -> LagoonPlayer:
    return part(player, LagoonPlayer)


@effect("dive")
def _dive(ctx: Ctx, call: nodes.Call) -> Effect:
    own = lagoon(ctx.player)
    gained = min(count_arg(call), SHELL - own.pearls)
    own.pearls += gained
    ctx.log.append(f"dives for {gained} pearls")
    return
    yield


@counter("pearls")
def _pearls(ctx: Ctx, call: nodes.Call) -> int:
    return lagoon(ctx.player).pearls


def _can_polish(game: Game) -> bool:
    own = lagoon(game.players[game.turn.player])
    return own.pearls >= PRICE and own.track < TRACK


@move("polish", action=True, available=_can_polish, label="polish pearls")
def _polish(ctx: Ctx) -> Effect:
    own = lagoon(ctx.player)
    own.pearls -= PRICE
    own.track += 1
    ctx.log.append(f"{ctx.player.name} polishes {PRICE} pearls: pearl track {own.track}")
    return
    yield


def _draw(rules: Rules, rng: random.Random, seats: int, variants: list[str], drawn: dict[str, Any]) -> None:
    drawn["first_pearl"] = rng.randrange(seats)


def _first_pearl(rules: Rules, game: Game, drawn: dict[str, Any]) -> None:
    lagoon(game.players[drawn["first_pearl"]]).pearls = 1


def _track_points(ctx: Ctx) -> Iterator[ScoreLine]:
    yield ScoreLine("pearl track", 2 * lagoon(ctx.player).track)


def _shells(game: Game, whole: bool) -> list[str]:
    out = []
    for player in game.players:
        own = lagoon(player)
        if not (0 <= own.pearls <= SHELL and 0 <= own.track <= TRACK):
            out.append(f"{player.name} has {own.pearls} pearls and pearl track {own.track}")
    return out


setup_draw(40, _draw)
SETUP_STEPS.add(_first_pearl)
SCORING.add(_track_points)
INVARIANTS.add(_shells)
