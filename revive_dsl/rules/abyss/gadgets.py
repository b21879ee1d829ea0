"""The gadgets tribe, Gib'warks (004): gadget tiles used with the switch and readied at hibernation.

Rules encoded here, only for a player who has gadget tiles (``abyss(player).gadgets``; the face-down ones
are ``abyss(player).gadgets_used``):

- setup: the two gadgets no technology unlocks lie face up in front of their owner; the other two
  wait aside (the tribe's ``gadget_tile`` tokens);
- ``gadget`` (the tribe's rule ``when switch: gadget``): after the switch's own effect, the player may
  flip one face-up gadget face down for its effect; with none face up the switch simply has no bonus.
  Starting a journey is a use of the switch action, so it allows the bonus too (docs/rulings.md);
- at every hibernation all gadgets turn face up, after the ``when hibernate`` clauses so that the base
  technology (1 point per used gadget) still counts them: the tribe's rule ``when hibernated:
  ready_gadgets`` (content/abyss/tribes.yaml);
- ``unlock_gadget X`` (a technology's ``once``): the gadget joins the others, face up (unused).

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> p = Player(seat=0, name="Gib", tribe="abyss_tribe_gadgets", side="single")
>>> abyss(p).gadgets = ["gadget_a", "gadget_b"]
>>> ctx = Ctx(Game(players=[p], packs=["base", "abyss"]), 0, Rules.load(("base", "abyss")))
>>> run_to_end(use_gadget(ctx), ["gadget_a"])
>>> p.resources["crystal"], face_up(p), abyss(p).gadgets_used
(1, ['gadget_b'], ['gadget_a'])
"""

from __future__ import annotations

from typing import Any

from revive_dsl.dsl import nodes as n
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.interpret import Ctx, Effect, args, counter, effect
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import SETUP_STEPS
from revive_dsl.engine.state import Game, Player
from revive_dsl.engine.triggers import rules_of
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.tracks import run_program

TOKEN = "gadget_tile"  # the tribe's token in its content (``tokens: {gadget_tile: 4}``)
SKIP = "none"


def face_up(player: Player) -> list[str]:
    """The player's gadgets not used since the last hibernation, in the order they were gained.

    >>> from revive_dsl.rules.abyss.state import with_abyss
    >>> face_up(with_abyss(Player(seat=0, name="Gib", tribe="t", side="s"), gadgets=["gadget_a", "gadget_b"],
    ...                    gadgets_used=["gadget_b"]))
    ['gadget_a']
    """
    return [g for g in abyss(player).gadgets if g not in abyss(player).gadgets_used]


def use_gadget(ctx: Ctx) -> Effect:
    """Flip one face-up gadget face down and carry out its effect, or none (the bonus is optional)."""
    ready = face_up(ctx.player)
    if not ready:
        return
    labels = {g: rules_of(ctx).data(g).get("name", g) for g in ready}
    choice = yield Decision(
        ctx.seat, "gadget", "flip a gadget for its effect?", options_of([*ready, SKIP], {**labels, SKIP: "no gadget"})
    )
    if choice.key == SKIP:
        return
    abyss(ctx.player).gadgets_used.append(choice.key)
    ctx.log.append(f"{ctx.player.name} flips the gadget {choice.key} face down")
    yield from run_program(
        Ctx(ctx.game, ctx.seat, ctx.rules, source=choice.key, log=ctx.log), _program(ctx, choice.key)
    )


def _program(ctx: Ctx, gadget: str) -> n.Program:
    return rules_of(ctx).effect(gadget, "effect")


@effect("gadget")
def _gadget(ctx: Ctx, call: n.Call) -> Effect:
    """``gadget``: you may use one of your face-up gadgets."""
    yield from use_gadget(ctx)


def ready_all(player: Player) -> int:
    """Turn every gadget face up; how many were turned.

    >>> from revive_dsl.rules.abyss.state import with_abyss
    >>> p = with_abyss(Player(seat=0, name="Gib", tribe="t", side="s"), gadgets=["gadget_a"], gadgets_used=["gadget_a"])
    >>> ready_all(p), abyss(p).gadgets_used
    (1, [])
    """
    turned = len(abyss(player).gadgets_used)
    abyss(player).gadgets_used.clear()
    return turned


@effect("ready_gadgets")
def _ready_gadgets(ctx: Ctx, call: n.Call) -> Effect:
    """``ready_gadgets``: every used gadget face up again."""
    if ready_all(ctx.player):
        ctx.log.append(f"{ctx.player.name} turns all gadgets face up")
    return
    yield


@effect("unlock_gadget")
def _unlock_gadget(ctx: Ctx, call: n.Call) -> Effect:
    """``unlock_gadget X``: the gadget tile is placed in front of you on its unused side."""
    gadget = args(call)[1][0]
    if gadget not in abyss(ctx.player).gadgets:
        abyss(ctx.player).gadgets.append(gadget)
        ctx.log.append(f"{ctx.player.name} unlocks the gadget {gadget}")
    return
    yield


# --- setup ------------------------------------------------------------------------------------------


def starting_gadgets(rules: Rules, tribe: str, side: str) -> list[str]:
    """The gadgets a tribe side starts with: every gadget none of its technologies unlocks.

    >>> starting_gadgets(Rules.load(("base", "abyss")), "abyss_tribe_gadgets", "single")
    ['gadget_a', 'gadget_b']
    """
    component = rules.component(tribe)
    unlocked = {
        word.value
        for path, program in component.effects.items()
        if path.startswith(f"sides.{side}.technologies.")
        for node in program.walk()
        if isinstance(node, n.Call) and node.name == "unlock_gadget"
        for word in node.args
        if isinstance(word, n.Word)
    }
    return [g for g in rules.ids("gadget") if g not in unlocked]


def _setup(rules: Rules, game: Game, drawn: dict[str, Any]) -> None:
    """The starting gadgets face up in front of their owner; the others aside (no token to place)."""
    for player in game.players:
        if player.tokens_left.pop(TOKEN, 0):
            abyss(player).gadgets = starting_gadgets(rules, player.tribe, player.side)


SETUP_STEPS.add(_setup)


@counter("used_gadgets")
def _used_gadgets(ctx: Ctx, call: n.Call) -> int:
    """Gadgets face down since the last hibernation."""
    return len(abyss(ctx.player).gadgets_used)
