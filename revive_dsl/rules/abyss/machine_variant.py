"""The machine token variant (004 "Machine token variant", variant ``machine_token_variant``).

Whenever a player takes a machine token from the display, they choose another token of the same
colour in the display and return it to the bottom of its pile; the display is then replenished,
which draws 2 tokens (rules/base/tracks.py ``replenish_machines``).

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")], variants=["machine_token_variant"])
>>> game.supply.machine_display["grey"], game.supply.machine_piles["grey"] = ["b", "c"], ["d", "e"]
>>> run_to_end(return_another(Ctx(game, 0), "grey"), ["c"])
>>> game.supply.machine_display["grey"], game.supply.machine_piles["grey"]
(['b'], ['d', 'e', 'c'])
"""

from __future__ import annotations

from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.interpret import Ctx, Effect
from revive_dsl.engine.setup import declare_variants
from revive_dsl.rules.base.tracks import MACHINE_TAKEN

VARIANT = "machine_token_variant"


def return_another(ctx: Ctx, colour: str) -> Effect:
    """With the variant: one more display token of the colour goes under its pile (none left: nothing)."""
    supply = ctx.game.supply
    display = supply.machine_display.get(colour, [])
    if VARIANT not in ctx.game.variants or not display:
        return
    prompt = f"return which {colour} machine to the bottom of its pile?"
    token = (yield Decision(ctx.seat, "machine token variant", prompt, options_of(display))).key
    display.remove(token)
    supply.machine_piles.setdefault(colour, []).append(token)
    ctx.log.append(f"{ctx.player.name} returns the machine {token} under its pile")


MACHINE_TAKEN.add(return_another)
declare_variants("abyss", ("machine_token_variant",))
