"""Unstable machines and the expansion's machine words (004 "New machine tokens", "Unstable machines").

Rules encoded here:

- a machine token whose text is an ``unstable machine`` clause is used once in the whole game: when it
  is activated it is flipped face down (``abyss(player).machines_flipped``) and never offered again; the
  energy put on it stays there until regained as usual (hibernation, ``reclaim_all_energy``); a
  flipped machine counts as one flask (rules/base/counters.py ``machine_flasks``); so its use counts by
  itself (``machines.USE_COUNTS``), and it is offered even when its words find nothing to act on (the
  emptier with no played card, the recaller with no resting card);
- ``rest_all``: every card in the card slots to the resting area; ``recall_all``: every resting card
  to the active area; ``reclaim_all_energy``: every energy on the machines back to storage, the one
  that powered this machine too.

The other new machines use words that exist already (``convert_points`` in rules/abyss/devotion.py,
``pay crystal -> recall_card``, ``reset_switch``, ``devotion 1``).

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.rules.base.machines import activate, usable_machines
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> p = Player(seat=0, name="Ann", tribe="t", side="sun", unlocked=["special_yellow_1"], energy=2,
...            special_machines={"special_yellow_1": "abyss_mach_unstable_energy"}, energy_on=["standard_grey"])
>>> ctx = Ctx(Game(players=[p], packs=["base", "abyss"]), 0, Rules.load(("base", "abyss")))
>>> spot, body = usable_machines(ctx)[0]
>>> run_to_end(activate(ctx, spot, body), [])
>>> p.energy, p.energy_on, abyss(p).machines_flipped, usable_machines(ctx)
(3, [], ['abyss_mach_unstable_energy'], [])
"""

from __future__ import annotations

from revive_dsl.dsl import nodes as n
from revive_dsl.engine.interpret import DECLINABLE, NEEDS, Ctx, Effect, effect
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Player
from revive_dsl.engine.triggers import rules_of
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.counters import MACHINE_FLASKS
from revive_dsl.rules.base.machines import MACHINE_GONE, ON_ACTIVATE, USE_COUNTS


def is_unstable(rules: Rules, token: str | None) -> bool:
    """Whether a machine token is unstable (its text is an ``unstable machine`` clause).

    >>> rules = Rules.load(("base", "abyss"))
    >>> is_unstable(rules, "abyss_mach_unstable_rest"), is_unstable(rules, "abyss_mach_prayer_wheel")
    (True, False)
    """
    if token is None:
        return False
    program = rules.component(token).effects.get("effect")
    return program is not None and any(isinstance(c, n.Machine) and c.unstable for c in program.clauses)


def _flipped(ctx: Ctx, spot: str) -> bool:
    return ctx.player.special_machines.get(spot) in abyss(ctx.player).machines_flipped


def _flip_if_unstable(ctx: Ctx, spot: str) -> None:
    token = ctx.player.special_machines.get(spot)
    if is_unstable(rules_of(ctx), token) and token not in abyss(ctx.player).machines_flipped:
        abyss(ctx.player).machines_flipped.append(token)
        ctx.log.append(f"{ctx.player.name} flips the unstable machine {token} face down")


def _flips(ctx: Ctx, spot: str) -> bool:
    """Using an unstable machine flips it (a flask from then on): a use that counts, even with nothing to move."""
    return is_unstable(rules_of(ctx), ctx.player.special_machines.get(spot))


MACHINE_GONE.add(_flipped)
ON_ACTIVATE.add(_flip_if_unstable)
USE_COUNTS.add(_flips)


@effect("rest_all")
def _rest_all(ctx: Ctx, call: n.Call) -> Effect:
    """``rest_all``: every played card to the resting area."""
    for slot in sorted(ctx.player.slots):
        ctx.player.resting.extend(played.card for played in ctx.player.slots[slot])
        ctx.player.slots[slot] = []
    return
    yield


@effect("recall_all")
def _recall_all(ctx: Ctx, call: n.Call) -> Effect:
    """``recall_all``: every resting card to the active area."""
    ctx.player.active.extend(ctx.player.resting)
    ctx.player.resting.clear()
    return
    yield


@effect("reclaim_all_energy")
def _reclaim_all_energy(ctx: Ctx, call: n.Call) -> Effect:
    """``reclaim_all_energy``: every energy on a machine back to storage (this machine's too)."""
    ctx.player.energy += len(ctx.player.energy_on)
    ctx.player.energy_on.clear()
    return
    yield


NEEDS.setdefault("rest_all", lambda ctx: any(ctx.player.slots.values()))
NEEDS.setdefault("recall_all", lambda ctx: bool(ctx.player.resting))
DECLINABLE.add("rest_all")  # resting every played card: a player may not want it


def _flipped_flask(player: Player, token: str, printed: int) -> int:
    """A used unstable machine lies face down: one flask, whatever it printed."""
    return 1 if token in abyss(player).machines_flipped else printed


MACHINE_FLASKS.add(_flipped_flask)
