"""Slot modules (rulebook "Slot modules"): taking one from the display and placing it.

The ``module`` effect takes a module from the display (which is then replenished from the
pile) and places it in a vacant module space of a card slot. A module placed on a space
with the activation symbol is activated at once. With no vacant space left, a module
already on the board may be discarded to make room; a module replacing another is never
activated, whatever its space. Each module taken is told to the :data:`MODULE_GAINED` hooks (the solo
expansion's Tinkerer counts modules gained, discarded ones included).

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> game.supply.module_display = ["mod_grey_1"]
>>> run_to_end(take_module(Ctx(game, 0, Rules.load(("base",)))), ["mod_grey_1", "top_left.0"])
>>> game.players[0].modules["top_left"], game.players[0].resources["gear"]
(['mod_grey_1', None, None], 2)
"""

from __future__ import annotations

from revive_dsl import nodes as n
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import Ctx, Effect, effect
from revive_dsl.engine.triggers import rules_of
from revive_dsl.rules.base.cards import activate_module, board_slots, slot_open

# Told of every slot module a player takes: ``hook(ctx, module)``.
MODULE_GAINED: Hooks = Hooks("MODULE_GAINED")


def module_spaces(ctx: Ctx) -> list[tuple[str, bool, str | None]]:
    """Every module space of the player's open slots: (key ``slot.index``, activation?, module there).

    >>> from revive_dsl.engine.rules import Rules
    >>> from revive_dsl.engine.state import Game, Player
    >>> ctx = Ctx(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")]), 0, Rules.load(("base",)))
    >>> module_spaces(ctx)[:2]
    [('top_left.0', True, None), ('top_left.1', False, None)]
    """
    out = []
    for slot in board_slots(rules_of(ctx)):
        if not slot_open(ctx.player, slot):
            continue
        placed = ctx.player.modules.get(slot["id"], [])
        for index, space in enumerate(slot["module_spaces"]):
            module = placed[index] if index < len(placed) else None
            out.append((f"{slot['id']}.{index}", bool(space.get("activation")), module))
    return out


def take_module(ctx: Ctx) -> Effect:
    """Take a module from the display, place it, activate it if its new space says so (see the module doc)."""
    supply = ctx.game.supply
    spaces = module_spaces(ctx)
    if not supply.module_display or not spaces:
        return
    vacant = [key for key, _, module in spaces if module is None]
    module = (yield Decision(ctx.seat, "slot module", "take which module?", options_of(supply.module_display))).key
    if vacant:
        prompt, keys = "place it in which module space?", vacant
    else:
        prompt = "every space is full: discard which module to make room (none: leave it in the display)?"
        keys = [*(key for key, _, _ in spaces), "none"]
    key = (yield Decision(ctx.seat, "slot module", prompt, options_of(keys))).key
    if key == "none":
        return
    supply.module_display.remove(module)
    if supply.module_pile:
        supply.module_display.append(supply.module_pile.pop(0))
    slot, index = key.rsplit(".", 1)
    activation = next(a for k, a, _ in spaces if k == key)
    placed = ctx.player.modules.setdefault(slot, [])
    size = sum(1 for k, _, _ in spaces if k.rsplit(".", 1)[0] == slot)
    placed.extend([None] * (size - len(placed)))
    replaced = placed[int(index)]
    placed[int(index)] = module
    for hook in MODULE_GAINED.of(ctx):
        hook(ctx, module)
    ctx.log.append(f"{ctx.player.name} places {module} at {key}" + (f", discarding {replaced}" if replaced else ""))
    if activation and replaced is None:
        yield from activate_module(ctx, module)


@effect("module")
def _module(ctx: Ctx, call: n.Call) -> Effect:
    yield from take_module(ctx)
