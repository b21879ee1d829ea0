"""Slot modules (rulebook "Slot modules"): taking one from the display and placing it.

The ``module`` effect takes a module from the display (which is then replenished from the
pile) and places it in a module space of a card slot. A module placed on a vacant space
with the activation symbol is activated at once. Modules may be discarded at any time to make
room (003), so every open space is offered: a vacant one, or an occupied one, whose module is
then discarded; a module replacing another is never activated, whatever its space. Only with
every space full may the player leave the module in the display (``none``) rather than discard
one. Each module taken is told to the :data:`MODULE_GAINED` hooks (the solo expansion's Tinkerer
counts modules gained, discarded ones included).

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

from revive_dsl.dsl import nodes as n
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
    module = (yield Decision(ctx.seat, "slot module", "take which module?", options_of(supply.module_display))).key
    rules = rules_of(ctx)
    labels = {
        key: _space_label(activation, there and str(rules.data(there).get("name", there)))
        for key, activation, there in spaces
    }
    keys = [key for key, _, _ in spaces]
    if all(there is not None for _, _, there in spaces):
        # a discard is never forced: with no vacant space the module may stay in the display
        prompt = "every space is full: discard which module to make room (none: leave it in the display)?"
        keys.append("none")
        labels["none"] = "leave it in the display"
    else:
        prompt = "place it in which module space (an occupied one: its module is discarded to make room)?"
    key = (yield Decision(ctx.seat, "slot module", prompt, options_of(keys, labels))).key
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
    ctx.log.append(
        f"{ctx.player.name} places {module} at {key}" + (f", discarding {replaced} to make room" if replaced else "")
    )
    if activation and replaced is None:
        yield from activate_module(ctx, module)


def _space_label(activation: bool, module: str | None) -> str:
    """What placing the module in a space does: fill a vacant space, or discard the module there first.

    >>> _space_label(True, None), _space_label(True, "mod_grey_1")
    ('vacant, activates it', 'discard mod_grey_1 to make room (not activated)')
    """
    if module is None:
        return "vacant, activates it" if activation else "vacant"
    return f"discard {module} to make room" + (" (not activated)" if activation else "")


@effect("module")
def _module(ctx: Ctx, call: n.Call) -> Effect:
    yield from take_module(ctx)
