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

from collections.abc import Callable, Generator

from revive_dsl.dsl import nodes as n
from revive_dsl.engine.decisions import Decision, Option, options_of
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import Ctx, Effect, args, chosen, effect
from revive_dsl.engine.state import Player
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


# --- a card of one's own chosen from an area (``rest_card AREA``, ``return_card AREA``) ---------------

# Each area (the signature table's type ``area``) as a question names its cards, and as a refusal names it.
AREA_CARDS = {"active": "unplayed card", "resting": "resting card", "slots": "played card"}
AREA_NAMES = {"active": "active area", "resting": "resting area", "slots": "card slots"}


def area_cards(player: Player, area: str) -> list[str]:
    """The player's cards in an area, in the order a question offers them: the active area as it lies, the
    resting area sorted (its cards lie face down, in no order), the card slots in board order.

    >>> from revive_dsl.engine.state import Played
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", resting=["cit_smith", "cit_farmer"])
    >>> p.slots["top_left"] = [Played("cit_scout", "top")]
    >>> area_cards(p, "resting"), area_cards(p, "slots"), area_cards(p, "active")
    (['cit_farmer', 'cit_smith'], ['cit_scout'], [])
    """
    if area == "slots":
        return [played.card for _, played in played_cards(player)]
    return sorted(player.resting) if area == "resting" else list(player.active)


def take_from_area(player: Player, area: str, card: str) -> None:
    """Take a card out of one of the player's areas (a slot's: wherever it lies in its slot's stack)."""
    if area == "slots":
        take_from_slot(player, card)
    else:
        (player.resting if area == "resting" else player.active).remove(card)


def _area(call: n.Call) -> str:
    return _one_word(call, "slots")  # rest_card's default: a played card


def choose_own_card(ctx: Ctx, area: str, rule: str, prompt: str) -> Generator[Decision, Option, str | None]:
    """Ask for a card of the player's area and take it out of the area; the card (None: none to choose).

    From a card, that card itself may not be chosen: it is the effect's source (003, the rest symbol).
    ``prompt`` names the cards with ``{cards}``: "move which {cards} to your resting area?".
    """
    cards = [card for card in area_cards(ctx.player, area) if card != ctx.source]
    if not cards:
        return None
    choice = yield Decision(ctx.seat, rule, prompt.format(cards=AREA_CARDS[area]), options_of(cards))
    take_from_area(ctx.player, area, choice.key)
    return choice.key


@effect("rest_card")
def _rest_card(ctx: Ctx, call: n.Call) -> Effect:
    prompt = "move which {cards} to your resting area?"
    card = yield from choose_own_card(ctx, _area(call), "rest a card", prompt)
    if card is not None:
        ctx.player.resting.append(card)
        ctx.log.append(f"{ctx.player.name} rests {card}")


@effect("return_card")
def _return_card(ctx: Ctx, call: n.Call) -> Effect:
    card = yield from choose_own_card(ctx, _area(call), "return a card", "return which {cards} to the box?")
    if card is not None:
        return_to_box(ctx, card)


def return_to_box(ctx: Ctx, card: str) -> None:
    """A card of the player's, already out of its area, leaves the game: back in the box (``supply.removed``,
    where the box's cards are counted), and the account says so."""
    ctx.game.supply.removed.append(card)
    ctx.log.append(f"{ctx.player.name} returns {card} to the box: it leaves the game")


def _has_card_in(ctx: Ctx, call: n.Call) -> bool:
    return bool(area_cards(ctx.player, _area(call)))


def _no_card_in(ctx: Ctx, call: n.Call) -> str:
    return f"{ctx.player.name} has no card in the {AREA_NAMES[_area(call)]}"


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
    >>> g.supply.citizen_display, g.supply.citizen_deck = ["cit_smith", "cit_scout"], ["cit_farmer"]
    >>> run_to_end(recruit(Ctx(g, 0, Rules.load(("base",))), "green"), ["cit_scout"])
    >>> g.players[0].active, g.supply.citizen_display
    (['cit_scout'], ['cit_smith', 'cit_farmer'])
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
        got = yield from res.gain(ctx.player, COLOUR_RESOURCE[colour], 1)
        ctx.log.append(f"{ctx.player.name} {res.gained_text(COLOUR_RESOURCE[colour], 1, got)}: {card} is {colour}")


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
    return_to_box(ctx, card)
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
    "recall_card": lambda ctx: bool(ctx.player.resting),
    "cycle_card": lambda ctx: bool(ctx.player.active),
    "recruit": lambda ctx: bool(ctx.game.supply.citizen_display),
    "display_bottom": lambda ctx: bool(ctx.game.supply.citizen_display),
    "play": lambda ctx: bool(playable_cards(ctx)),
}


def _register_needs() -> None:
    from revive_dsl.engine.interpret import ARG_NEEDS, DECLINABLE, NEEDS, WHY_NOT  # what a word needs, and why

    for word, need in CARD_NEEDS.items():
        NEEDS.setdefault(word, need)
    # a card in the area the word names (the effect's own card counted: then it asks and finds nothing, as
    # rest_card always has)
    for word in ("rest_card", "return_card"):
        ARG_NEEDS.setdefault(word, _has_card_in)
        WHY_NOT.setdefault(word, _no_card_in)
    # resting, removing or copying a card, another card played, a hibernation: a player may not want them
    DECLINABLE.update({"rest_card", "return_card", "cycle_card", "play", "hibernate", "remove_self", "display_bottom"})


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
