"""Card effect words (rulebook "Effect of symbols"): moving cards between areas, playing and recruiting.

Each word is one generator registered with :func:`~revive_dsl.engine.interpret.effect`.
Where the rules leave a choice (which card), the options are exactly the cards the effect
can move; with none, the effect does nothing.

>>> from revive_dsl.engine.interpret import Ctx, run_to_end, run
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> from revive_dsl.dsl.parser import parse
>>> p = Player(seat=0, name="Ann", tribe="t", side="sun", resting=["cit_smith", "cit_farmer"])
>>> ctx = Ctx(Game(players=[p]), 0, Rules.load(("base",)))
>>> run_to_end(run(parse("recall_card").clauses[0].body, ctx), ["cit_farmer"])
>>> p.active, p.resting
(['cit_farmer'], ['cit_smith'])
"""

from __future__ import annotations

from collections.abc import Callable

from revive_dsl.dsl import nodes as n
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import Ctx, Effect, args, chosen, effect
from revive_dsl.engine.triggers import has_modifier
from revive_dsl.rules.base.cards import (
    OTHER_HALF,
    card_colours,
    gain_half,
    matches,
    play_card,
    playable_cards,
    played_cards,
    take_citizen,
    take_from_slot,
)
from revive_dsl.rules.base.switch import SWITCH_OPTIONS


def _one_word(call: n.Call, default: str) -> str:
    _, words = args(call)
    return words[0] if words else default


@effect("rest_card")
def _rest_card(ctx: Ctx, call: n.Call) -> Effect:
    # From a card, that card itself may not be moved (it is the effect's source).
    cards = [p.card for _, p in played_cards(ctx.player) if p.card != ctx.source]
    if not cards:
        return
    choice = yield Decision(ctx.seat, "rest a card", "move which played card to your resting area?", options_of(cards))
    take_from_slot(ctx.player, choice.key)
    ctx.player.resting.append(choice.key)
    ctx.log.append(f"{ctx.player.name} rests {choice.key}")


@effect("recall_card")
def _recall_card(ctx: Ctx, call: n.Call) -> Effect:
    if not ctx.player.resting:
        return
    choice = yield Decision(
        ctx.seat, "recall a card", "take which resting card back?", options_of(sorted(ctx.player.resting))
    )
    ctx.player.resting.remove(choice.key)
    ctx.player.active.append(choice.key)


@effect("cycle_card")
def _cycle_card(ctx: Ctx, call: n.Call) -> Effect:
    if not ctx.player.active:
        return
    choice = yield Decision(
        ctx.seat, "cycle a card", "rest which unplayed card for its top effect?", options_of(ctx.player.active)
    )
    ctx.player.active.remove(choice.key)
    ctx.player.resting.append(choice.key)
    yield from gain_half(ctx, choice.key, "top")


@effect("play")
def _play_colour(ctx: Ctx, call: n.Call) -> Effect:
    yield from play_card(ctx, _one_word(call, "any"))


@effect("recruit")
def _recruit(ctx: Ctx, call: n.Call) -> Effect:
    yield from recruit(ctx, _one_word(call, "any"))


def recruit(ctx: Ctx, colour: str = "any") -> Effect:
    """Take a display card of the colour into the active area, refill the display, fire ``recruit``.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.rules import Rules
    >>> from revive_dsl.engine.state import Game, Player
    >>> g = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> g.supply.citizen_display, g.supply.citizen_deck = ["cit_smith", "cat_scout"], ["cit_farmer"]
    >>> run_to_end(recruit(Ctx(g, 0, Rules.load(("base",))), "green"), ["cat_scout"])
    >>> g.players[0].active, g.supply.citizen_display
    (['cat_scout'], ['cit_smith', 'cit_farmer'])
    """
    supply = ctx.game.supply
    cards = [card for card in supply.citizen_display if matches(ctx, card, colour)]
    if not cards:
        return
    card = (yield Decision(ctx.seat, "recruit", "take which card from the display?", options_of(cards))).key
    yield from take_citizen(ctx, card)


COLOUR_RESOURCE = {"grey": "gear", "green": "book", "yellow": "food"}
# The colours a card that has none may be claimed as for a colour reward: ``hook(ctx, card) -> colours`` (the
# expansion's Scyphoz cards, rules/abyss/scyphoz.py); the first hook that gives some decides.
UNCOLOURED_CLAIMS: Hooks[Callable[[Ctx, str], list[str]]] = Hooks("UNCOLOURED_CLAIMS")


@effect("colour_reward")
def _colour_reward(ctx: Ctx, call: n.Call) -> Effect:
    from revive_dsl.engine import resources as res

    card = ctx.event.get("card")
    colours = sorted(card_colours(ctx, card)) if card else []
    if card and not colours:
        colours = next((found for claim in UNCOLOURED_CLAIMS.of(ctx) if (found := claim(ctx, card))), [])
    if len(colours) > 1:  # a card of every colour: its owner says which
        colours = [(yield Decision(ctx.seat, "colour reward", "which colour?", options_of(colours))).key]
    for colour in colours:
        ctx.log.append(f"{ctx.player.name} gains 1 {COLOUR_RESOURCE[colour]}: {card} is {colour}")
        yield from res.gain(ctx.player, COLOUR_RESOURCE[colour], 1)


@effect("hibernate")
def _hibernate(ctx: Ctx, call: n.Call) -> Effect:
    from revive_dsl.engine.game import actions_left
    from revive_dsl.rules.base.hibernate import hibernate_steps  # written alongside; imported when used

    cube = ctx.player.action_cube
    yield from hibernate_steps(ctx)
    ctx.player.action_cube = cube  # solo: a card's hibernation does not move the action cube further
    ctx.game.turn.actions += max(0, actions_left(ctx.game))  # the hibernation ends the turn's actions
    ctx.game.turn.hibernated = True  # the energy is back in storage: no more machines this turn


@effect("remove_self")
def _remove_self(ctx: Ctx, call: n.Call) -> Effect:
    player, card = ctx.player, ctx.source
    if card is None:
        return
    # Wherever the card lies now (the hibernation has moved it to the resting area): a copied card is not
    # the player's, and nothing of theirs leaves.
    found = take_from_slot(player, card) is not None
    for area in (player.active, player.resting):
        if card in area:
            area.remove(card)
            found = True
    if not found:
        return
    ctx.game.supply.removed.append(card)
    ctx.log.append(f"{player.name} returns {card} to the box: it leaves the game")
    return
    yield


@effect("unlock_side_slot")
def _unlock_side_slot(ctx: Ctx, call: n.Call) -> Effect:
    # The side slot is open while its common technology's id is among the player's technologies.
    if "tech_side_slot" not in ctx.player.technologies:
        ctx.player.technologies.append("tech_side_slot")
    return
    yield


@effect("all_colours")
def _all_colours(ctx: Ctx, call: n.Call) -> Effect:
    cards = [*ctx.player.active, *(p.card for _, p in played_cards(ctx.player))]
    if "card" in ctx.event and ctx.event["card"] not in cards:
        cards.insert(0, ctx.event["card"])  # the card being played, already out of the active area
    cards = [c for c in cards if c not in ctx.game.turn.all_colours]
    if not cards:
        return
    choice = yield Decision(ctx.seat, "all colours", "which card has every colour this turn?", options_of(cards))
    ctx.game.turn.all_colours.append(choice.key)


@effect("rotate_card")
def _rotate_card(ctx: Ctx, call: n.Call) -> Effect:
    # ctx.event is the play under way (see cards.play_card): turning the card swaps the half gained.
    if "half" in ctx.event:
        ctx.event["half"] = OTHER_HALF[ctx.event["half"]]
    return
    yield


@effect("display_bottom")
def _display_bottom(ctx: Ctx, call: n.Call) -> Effect:
    display = ctx.game.supply.citizen_display
    if not display:
        return
    choice = yield Decision(ctx.seat, "display card", "gain the bottom effect of which card?", options_of(display))
    yield from gain_half(ctx, choice.key, "bottom")


# --- what the card words need, so a machine or trade holding one is offered only when it can act ---

CARD_NEEDS = {
    "rest_card": lambda ctx: bool(played_cards(ctx.player)),
    "recall_card": lambda ctx: bool(ctx.player.resting),
    "cycle_card": lambda ctx: bool(ctx.player.active),
    "recruit": lambda ctx: bool(ctx.game.supply.citizen_display),
    "display_bottom": lambda ctx: bool(ctx.game.supply.citizen_display),
    "play": lambda ctx: bool(playable_cards(ctx)),
}


def _register_needs() -> None:
    from revive_dsl.engine.interpret import DECLINABLE, NEEDS  # what a word needs; what a player may decline

    for word, need in CARD_NEEDS.items():
        NEEDS.setdefault(word, need)
    # resting, removing or copying a card, another card played, a hibernation: a player may not want them
    DECLINABLE.update({"rest_card", "cycle_card", "play", "hibernate", "remove_self", "display_bottom"})


_register_needs()


# --- the switch: copying another player's card -----------------------------------------------


def others_played(ctx: Ctx, half: str) -> list[tuple[int, str]]:
    """(seat, card) of every card other players have in a slot with this half visible.

    >>> from revive_dsl.engine.state import Game, Played, Player
    >>> me, you = Player(seat=0, name="A", tribe="t", side="sun"), Player(seat=1, name="B", tribe="t", side="sun")
    >>> you.slots["top_left"] = [Played("cit_smith", "top")]
    >>> others_played(Ctx(Game(players=[me, you]), 0), "top")
    [(1, 'cit_smith')]
    """
    return [
        (other.seat, played.card)
        for other in ctx.game.players
        if other.seat != ctx.seat
        for _, played in played_cards(other)
        if played.half == half
    ]


def _copy(ctx: Ctx, half: str, rest_it: bool) -> Effect:
    owners = {card: seat for seat, card in others_played(ctx, half)}
    choice = yield Decision(ctx.seat, "switch", f"copy the {half} effect of which card?", options_of(owners))
    ctx.log.append(f"{ctx.player.name} copies the {half} of {choice.key}")
    with chosen(ctx):  # choosing the card to copy is choosing its effect
        yield from gain_half(ctx, choice.key, half)  # the card's effect only: no modules, no reactivation
    if rest_it:
        owner = ctx.game.players[owners[choice.key]]
        if take_from_slot(owner, choice.key) is not None:
            owner.resting.append(choice.key)


def _copy_top_ok(ctx: Ctx) -> bool:
    return "advanced_switch" in ctx.game.variants and bool(others_played(ctx, "top"))


def _copy_bottom_ok(ctx: Ctx) -> bool:
    return bool(others_played(ctx, "bottom")) and has_modifier(ctx, "switch_copy", "bottom")


for _entry in (
    ("copy_top", _copy_top_ok, lambda ctx: _copy(ctx, "top", rest_it=True)),
    ("copy_bottom", _copy_bottom_ok, lambda ctx: _copy(ctx, "bottom", rest_it=False)),
):
    if _entry[0] not in [key for key, _, _ in SWITCH_OPTIONS]:
        SWITCH_OPTIONS.append(_entry)
