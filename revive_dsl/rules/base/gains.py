"""What the plain gain words give (003 "Effect of symbols"): resources, points on the point track, purple
points, energy, taking energy back and filling a resource; the counters that read only the player's own
things; and the one road every blue point takes (:func:`gain_points`), where an expansion may convert.

>>> from revive_dsl.engine.interpret import Ctx, run_text
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> p = Player(seat=0, name="Ann", tribe="t", side="sun", points=48)
>>> run_text(Ctx(Game(players=[p]), 0, Rules.load(("base",))), "points 3")
>>> p.laps, p.points
(1, 1)
"""

from __future__ import annotations

from collections.abc import Callable

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import resources as res
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import Ctx, Effect, args, count_arg, counter, effect
from revive_dsl.rules.base.tracks import point_track_bonuses


@effect("gain")
def _gain(ctx: Ctx, call: n.Call) -> Effect:
    amount = count_arg(call)
    _, words = args(call)
    what = words[0]
    if what == "basic":
        room = [r for r in res.BASIC]
        choice = yield Decision(ctx.seat, "gain a basic resource", f"gain {amount} of which?", options_of(room))
        what = choice.key
    got = yield from res.gain(ctx.player, what, amount)
    ctx.log.append(f"{ctx.player.name} {res.gained_text(what, amount, got)}")  # what moved: caps and crystals over them


@effect("points")
def _points(ctx: Ctx, call: n.Call) -> Effect:
    yield from gain_points(ctx, count_arg(call))


# Extension point: the expansion's conversion between points and devotion (revive_dsl/rules/abyss/devotion.py).
# A hook takes the Ctx, the track gained on ("points" or "devotion") and the amount, and scores the gain
# itself (through :func:`score_points` and its own devotion track); the last one registered is used.
GAIN_CONVERSION: Hooks[Callable[[Ctx, str, int], Effect]] = Hooks("GAIN_CONVERSION")


def gain_points(ctx: Ctx, amount: int) -> Effect:
    """Every blue point gained passes through here (the expansion's conversion hooks in: GAIN_CONVERSION)."""
    conversion = GAIN_CONVERSION.of(ctx)
    if conversion:
        yield from conversion[-1](ctx, "points", amount)
    else:
        yield from score_points(ctx, amount)


POINT_TRACK = 50  # spaces of the point track: a marker passing 50 starts another lap


def score_points(ctx: Ctx, amount: int) -> Effect:
    """Move the point marker ``amount`` spaces, taking the point track's bonuses (no conversion)."""
    player = ctx.player
    before = player.laps * POINT_TRACK + player.points
    laps, player.points = divmod(player.points + amount, POINT_TRACK)  # any amount at the same cost
    player.laps += laps
    ctx.log.append(f"{ctx.player.name} scores {amount} point{'' if amount == 1 else 's'}")
    yield from point_track_bonuses(ctx, before, before + amount)


@effect("purple")
def _purple(ctx: Ctx, call: n.Call) -> Effect:
    ctx.player.purple += count_arg(call)
    return
    yield


@effect("energy")
def _energy(ctx: Ctx, call: n.Call) -> Effect:
    amount = min(count_arg(call), ctx.game.supply.energy)
    ctx.game.supply.energy -= amount
    ctx.player.energy += amount
    ctx.log.append(f"{ctx.player.name} gains {amount} energy")
    return
    yield


@effect("reclaim_energy")
def _reclaim_energy(ctx: Ctx, call: n.Call) -> Effect:
    for _ in range(count_arg(call)):
        if not ctx.player.energy_on:
            return
        from revive_dsl.rules.base.machines import machine_name  # machines build on this module

        labels = {spot: machine_name(ctx, spot) for spot in ctx.player.energy_on}
        prompt = "take back the energy from which machine?"
        choice = yield Decision(ctx.seat, "take back energy", prompt, options_of(ctx.player.energy_on, labels))
        ctx.player.energy_on.remove(choice.key)
        ctx.player.energy += 1


@effect("fill")
def _fill(ctx: Ctx, call: n.Call) -> Effect:
    _, words = args(call)
    what = words[0]
    if what == "basic":
        choice = yield Decision(ctx.seat, "fill", "set which resource to 6?", options_of(res.BASIC))
        what = choice.key
    filled = res.CAPS[what] - ctx.player.resources[what]
    ctx.player.resources[what] = res.CAPS[what]
    ctx.log.append(f"{ctx.player.name} fills their {what}: gains {filled} {what}")


# --- counters that need nothing but the player's own state ------------------------------


@counter("crates")
def _crates(ctx: Ctx, call: n.Call) -> int:
    # opened and reactivated crates are both used crates; each counts once wherever it is kept
    return len({*ctx.player.crates_closed, *ctx.player.crates_opened, *ctx.player.crates_reactivated})


@counter("energy_markers")
def _energy_markers(ctx: Ctx, call: n.Call) -> int:
    return ctx.player.energy + len(ctx.player.energy_on)


@counter("remaining_resources")
def _remaining_resources(ctx: Ctx, call: n.Call) -> int:
    return res.total(ctx.player)


@counter("abilities")
def _abilities(ctx: Ctx, call: n.Call) -> int:
    return 5 - ctx.player.tribe_markers


@counter("machine_tracks")
def _machine_tracks(ctx: Ctx, call: n.Call) -> int:
    return sum(ctx.player.tracks.values())
