"""The switch action (003 "Switch"): use the switch token to gain a basic resource; other rules add options
(the advanced switch's card copy, the expansion's journeys) and what else a switch does.

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> p = Player(seat=0, name="Ann", tribe="t", side="sun")
>>> run_to_end(_switch(Ctx(Game(players=[p]), 0, Rules.load(("base",)))), ["book"])
>>> p.switch_used, p.resources["book"]
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable

from revive_dsl.engine import resources as res
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.game import MOVE_REFUSALS, move
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import STATES, Ctx, Effect
from revive_dsl.engine.triggers import fire

SwitchOption = tuple[str, Callable[[Ctx], bool], Callable[[Ctx], Effect]]


def _switch_gain(ctx: Ctx) -> Effect:
    choice = yield Decision(ctx.seat, "switch", "gain which basic resource?", options_of(res.BASIC))
    got = {choice.key: 1} if res.add_capped(ctx.player, choice.key, 1) == 0 else {}
    ctx.log.append(f"{ctx.player.name} uses the switch: {res.gained_text(choice.key, 1, got)}")


# How each use of the switch reads in the question (a use without an entry is shown by its key).
SWITCH_LABELS = {
    "resource": "gain 1 basic resource",
    "copy_top": "copy the top effect of another player's card, then rest it",
    "copy_bottom": "copy the bottom effect of another player's card",
    "journey": "start a journey",
}
SWITCH_OPTIONS: Hooks[SwitchOption] = Hooks("SWITCH_OPTIONS", [("resource", lambda ctx: True, _switch_gain)])


MOVE_REFUSALS["switch"] = lambda g: f"{g.players[g.turn.player].name}'s switch is already used"


@move("switch", action=True, available=lambda g: not g.players[g.turn.player].switch_used, label="use your switch")
def _switch(ctx: Ctx) -> Effect:
    ctx.player.switch_used = True
    usable = [(key, run) for key, ok, run in SWITCH_OPTIONS.of(ctx) if ok(ctx)]
    if len(usable) == 1:
        yield from usable[0][1](ctx)
    else:
        keys = [k for k, _ in usable]
        choice = yield Decision(ctx.seat, "switch", "use the switch for what?", options_of(keys, SWITCH_LABELS))
        yield from dict(usable)[choice.key](ctx)
    yield from fire(ctx, "switch")  # ``when switch:`` clauses (an expansion tribe's gadget)
    for hook in AFTER_SWITCH.of(ctx):
        hook(ctx)


# What else a switch action does (the expansion's solo rule: the action cube moves); each gets the Ctx.
AFTER_SWITCH: Hooks[Callable[[Ctx], None]] = Hooks("AFTER_SWITCH")


STATES["switch_used"] = lambda ctx: ctx.player.switch_used
