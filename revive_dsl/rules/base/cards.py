"""Playing a card (rulebook "Play a card", "Slot modules", "Slot symbol"), and the colours of cards.

A card goes from the active area into a card slot that is vacant or whose newest card shows
a slot symbol on its visible half. A top slot gains the card's top half, a bottom slot its
bottom half, the side slot (once ``tech_side_slot`` is unlocked) either half. Then every
earlier card in that slot sharing a colour with the new card is activated again (its
visible half), and every slot module of that slot showing one of the card's colours.

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.state import Game, Player
>>> p = Player(seat=0, name="Ann", tribe="t", side="sun", active=["cit_smith"])
>>> ctx = Ctx(Game(players=[p]), 0, Rules.load(("base",)))
>>> run_to_end(play_card(ctx), ["cit_smith", "top_left"])
>>> p.resources["gear"], p.slots["top_left"][0].half
(2, 'top')
"""

from __future__ import annotations

from collections.abc import Callable

from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.signatures import lookup
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.game import move
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import Ctx, Effect, run
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Played, Player
from revive_dsl.engine.triggers import fire, rules_of

COLOURS = ("grey", "green", "yellow")
OTHER_HALF = {"top": "bottom", "bottom": "top"}

# --- colours -------------------------------------------------------------------------


def _printed_colour(ctx: Ctx, card: str, colours: set[str]) -> set[str]:
    colour = rules_of(ctx).data(card).get("colour")
    return colours | ({colour} if colour in COLOURS else set())


def all_colours_this_turn(ctx: Ctx, card: str, colours: set[str]) -> set[str]:
    return set(COLOURS) if card in ctx.game.turn.all_colours else colours


# Each hook refines the colours found so far; Scyphoz cards (chosen colour) append theirs.
COLOUR_HOOKS: Hooks[Callable[[Ctx, str, set[str]], set[str]]] = Hooks(
    "COLOUR_HOOKS", [_printed_colour, all_colours_this_turn]
)


# Cards whose colour is chosen as they are played (the expansion's Scyphoz cards, rules/abyss/scyphoz.py): each
# entry is (may the card be played as this colour?, ask its colour as it is played); play_card asks both.
CHOSEN_COLOUR: Hooks[tuple[Callable[[Ctx, str, str], bool], Callable[[Ctx, str, str], Effect]]] = Hooks("CHOSEN_COLOUR")


def card_colours(ctx: Ctx, card: str) -> set[str]:
    """The colours a card has now: the one printed, or all of them under ``all_colours``.

    >>> from revive_dsl.engine.state import Game, Player
    >>> ctx = Ctx(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")]), 0, Rules.load(("base",)))
    >>> sorted(card_colours(ctx, "cit_smith"))
    ['grey']
    """
    colours: set[str] = set()
    for hook in COLOUR_HOOKS.of(ctx):
        colours = hook(ctx, card, colours)
    return colours


def matches(ctx: Ctx, card: str, colour: str) -> bool:
    """Whether a card has a colour (``any`` matches every card).

    >>> from revive_dsl.engine.state import Game, Player
    >>> ctx = Ctx(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")]), 0, Rules.load(("base",)))
    >>> matches(ctx, "cit_smith", "green"), matches(ctx, "cit_smith", "any")
    (False, True)
    """
    return colour == "any" or colour in card_colours(ctx, card)


# --- halves and slots ------------------------------------------------------------------


def half_program(rules: Rules, card: str, half: str) -> n.Program | None:
    """The compiled text of one half of a card (None if that half is blank).

    >>> half_program(Rules.load(("base",)), "cit_smith", "top").clauses[0].body.name
    'gain'
    """
    return rules.component(card).effects.get(half)


def is_symbol(clause: n.Clause) -> bool:
    """Whether a clause is a printed symbol (``slot``, ``flask``) that does nothing itself.

    >>> from revive_dsl.dsl.parser import parse
    >>> [is_symbol(c) for c in parse("gain gear; slot").clauses]
    [False, True]
    """
    body = getattr(clause, "body", None)
    return isinstance(body, n.Call) and lookup(body.name, ("symbol",)) is not None


def has_symbol(program: n.Program | None, symbol: str) -> bool:
    """Whether a text shows a symbol clause (``slot`` or ``flask``).

    >>> rules = Rules.load(("base",))
    >>> has_symbol(half_program(rules, "cit_smith", "bottom"), "slot"), has_symbol(None, "slot")
    (True, False)
    """
    return program is not None and any(
        is_symbol(c) and isinstance(c.body, n.Call) and c.body.name == symbol for c in program.clauses
    )


def gain_immediate(ctx: Ctx, program: n.Program | None) -> Effect:
    """Carry out a text's immediate clauses (symbols and lasting clauses do nothing now).

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> from revive_dsl.dsl.parser import parse
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> run_to_end(gain_immediate(Ctx(game, 0), parse("gain gear; while slotted: range 1; slot")), [])
    >>> game.players[0].resources["gear"]
    1
    """
    if program is None:
        return
    for clause in program.clauses:
        if isinstance(clause, n.Immediate) and not is_symbol(clause):
            yield from run(clause.body, ctx)


def as_source(ctx: Ctx, source: str, **event) -> Ctx:
    """The same player and game, with ``source`` as the component whose effect runs.

    >>> from revive_dsl.engine.state import Game
    >>> as_source(Ctx(Game(), 0), "cit_rigger", slot="bottom_left").source
    'cit_rigger'
    """
    return Ctx(ctx.game, ctx.seat, ctx.rules, source=source, event=event, log=ctx.log)


def gain_half(ctx: Ctx, card: str, half: str, **event) -> Effect:
    """Gain one half of a card, with the card as the effect's source.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> run_to_end(gain_half(Ctx(game, 0, Rules.load(("base",))), "cit_herald", "bottom"), [])
    >>> game.players[0].points
    2
    """
    yield from gain_immediate(as_source(ctx, card, **event), half_program(rules_of(ctx), card, half))


def board_slots(rules: Rules) -> list[dict]:
    """The player board's card slots: id, half (top/bottom/either), needs, module spaces.

    >>> [s["id"] for s in board_slots(Rules.load(("base",)))]
    ['top_left', 'top_right', 'bottom_left', 'bottom_right', 'side']
    """
    return rules.player_board["slots"]


def slot_open(player: Player, slot: dict) -> bool:
    """Whether a slot may be used at all (the side slot needs its technology).

    >>> side = board_slots(Rules.load(("base",)))[-1]
    >>> slot_open(Player(seat=0, name="A", tribe="t", side="sun", technologies=["tech_side_slot"]), side)
    True
    """
    return slot.get("needs") is None or slot["needs"] in player.technologies


def playable_slots(rules: Rules, player: Player) -> list[str]:
    """Slots a card may be played into now: open, and vacant or showing a slot symbol.

    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun")
    >>> p.slots["top_left"] = [Played("cit_tinker", "top")]
    >>> playable_slots(Rules.load(("base",)), p)
    ['top_right', 'bottom_left', 'bottom_right']
    """
    out = []
    for slot in board_slots(rules):
        if not slot_open(player, slot):
            continue
        stack = player.slots.get(slot["id"], [])
        if not stack or has_symbol(half_program(rules, stack[-1].card, stack[-1].half), "slot"):
            out.append(slot["id"])
    return out


def slot_half(rules: Rules, slot_id: str) -> str:
    """Which half a slot gains: ``top``, ``bottom`` or ``either`` (the side slot).

    >>> slot_half(Rules.load(("base",)), "bottom_right")
    'bottom'
    """
    return next(s["half"] for s in board_slots(rules) if s["id"] == slot_id)


def played_cards(player: Player) -> list[tuple[str, Played]]:
    """Every (slot, played card) of a player, in board order and play order.

    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", slots={"top_left": [Played("cit_smith", "top")]})
    >>> played_cards(p)
    [('top_left', Played(card='cit_smith', half='top'))]
    """
    return [(slot, played) for slot, stack in player.slots.items() for played in stack]


def take_from_slot(player: Player, card: str) -> Played | None:
    """Remove a card from whichever slot holds it; return its record (None if unplayed).

    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", slots={"top_left": [Played("cit_smith", "top")]})
    >>> take_from_slot(p, "cit_smith"), p.slots
    (Played(card='cit_smith', half='top'), {'top_left': []})
    """
    for stack in player.slots.values():
        for played in stack:
            if played.card == card:
                stack.remove(played)
                return played
    return None


# --- machines usable while playing (``machine during play``) -------------------------------


def offer_machines_during(ctx: Ctx, action: str) -> Effect:
    """Let the player activate ``machine during ACTION`` machines, one at a time, each with an energy.

    Returns whether a machine was activated (otherwise the state is as it was).
    """
    from revive_dsl.rules.base.machines import (  # machines build on this module
        activate,
        machine_labels,
        machines_usable_during,
    )

    used = False
    while True:
        usable = dict(machines_usable_during(ctx, action))
        if not usable:
            return used
        labels = machine_labels(ctx, usable) | {"none": "no machine"}
        choice = yield Decision(
            ctx.seat, f"machine during {action}", "activate a machine now?", options_of([*usable, "none"], labels)
        )
        if choice.key == "none":
            return used
        yield from activate(ctx, choice.key, usable[choice.key])
        used = True


# --- recruiting ---------------------------------------------------------------------------


def take_citizen(ctx: Ctx, card: str) -> Effect:
    """Recruit ``card`` from the display (refilled from the deck), or ``"deck"``: the deck's top card.

    The card goes to the active area and the player's ``when recruit:`` clauses run.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> g = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> g.supply.citizen_display, g.supply.citizen_deck = ["cit_smith"], ["cit_farmer", "cit_scout"]
    >>> run_to_end(take_citizen(Ctx(g, 0, Rules.load(("base",))), "cit_smith"), [])
    >>> g.players[0].active, g.supply.citizen_display, g.supply.citizen_deck
    (['cit_smith'], ['cit_farmer'], ['cit_scout'])
    """
    supply = ctx.game.supply
    if card == "deck":
        card = supply.citizen_deck.pop(0)
    else:
        supply.citizen_display.remove(card)
        if supply.citizen_deck:
            supply.citizen_display.append(supply.citizen_deck.pop(0))
    ctx.player.active.append(card)
    ctx.log.append(f"{ctx.player.name} recruits {card}")
    yield from fire(ctx, "recruit", card=card)


# --- playing ------------------------------------------------------------------------------


def playable_cards(ctx: Ctx, colour: str = "any") -> list[str]:
    """Active cards of the colour, if there is a slot to play them into.

    >>> from revive_dsl.engine.state import Game
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", active=["cit_smith", "cit_scout"])
    >>> playable_cards(Ctx(Game(players=[p]), 0, Rules.load(("base",))), "green")
    ['cit_scout']
    """
    if not playable_slots(rules_of(ctx), ctx.player):
        return []
    chosen = CHOSEN_COLOUR.of(ctx)
    return [
        card
        for card in ctx.player.active
        if matches(ctx, card, colour) or any(may(ctx, card, colour) for may, _ in chosen)
    ]


def play_card(ctx: Ctx, colour: str = "any") -> Effect:
    """Play a card of the colour from the active area (the action, or ``play COLOUR``).

    Asks the card, the slot, the half in the side slot and any ``during play`` machine; then
    gains the half, activates matching earlier cards of the slot again, then its modules.
    """
    rules, player = rules_of(ctx), ctx.player
    cards = playable_cards(ctx, colour)
    if not cards:
        return
    card = (yield Decision(ctx.seat, "play a card", "play which card?", options_of(cards))).key
    for _, choose in CHOSEN_COLOUR.of(ctx):
        yield from choose(ctx, card, colour)
    slots = playable_slots(rules, player)
    labels = {slot: f"{slot.replace('_', ' ')} slot" for slot in slots}
    slot = (yield Decision(ctx.seat, "play a card", "into which slot?", options_of(slots, labels))).key
    half = slot_half(rules, slot)
    if half == "either":
        half = (yield Decision(ctx.seat, "side slot", "play it for which half?", options_of(["top", "bottom"]))).key
    playing = {"card": card, "slot": slot, "half": half}
    yield from offer_machines_during(Ctx(ctx.game, ctx.seat, ctx.rules, event=playing, log=ctx.log), "play")
    half = playing["half"]
    player.active.remove(card)
    stack = player.slots.setdefault(slot, [])
    earlier = [played.card for played in stack]
    stack.append(Played(card, half))
    ctx.log.append(f"{player.name} plays {card} into {slot} for its {half} half")
    yield from gain_half(ctx, card, half, slot=slot)
    yield from activate_slot(ctx, slot, card, earlier)


def activate_slot(ctx: Ctx, slot: str, card: str, earlier: list[str]) -> Effect:
    """After a card is played: earlier cards sharing its colour again, then matching modules.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", slots={"top_left": [Played("cit_smith", "top")]})
    >>> ctx = Ctx(Game(players=[p]), 0, Rules.load(("base",)))
    >>> run_to_end(activate_slot(ctx, "top_left", "cit_tinker", ["cit_smith"]), [])
    >>> p.resources["gear"]
    2
    """
    colours = card_colours(ctx, card)
    for old in earlier:
        still = next((p for p in ctx.player.slots.get(slot, []) if p.card == old), None)
        if still is not None and colours & card_colours(ctx, old):
            ctx.log.append(f"{old} is activated again")
            yield from gain_half(ctx, old, still.half, slot=slot)
    for module in list(ctx.player.modules.get(slot, [])):
        if module is not None and colours & set(rules_of(ctx).data(module).get("colours", [])):
            yield from activate_module(ctx, module)


def activate_module(ctx: Ctx, module: str) -> Effect:
    """Gain a module's effect, with the module as its source.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.rules import Rules
    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> run_to_end(activate_module(Ctx(game, 0, Rules.load(("base",))), "mod_green_1"), [])
    >>> game.players[0].resources["book"]
    2
    """
    ctx.log.append(f"{ctx.player.name} activates {module}")
    yield from gain_immediate(as_source(ctx, module), rules_of(ctx).effect(module, "effect"))


def can_play(game: Game) -> bool:
    """Whether the current player has a card and a slot for the play action.

    >>> can_play(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun", active=["cit_smith"])]))
    True
    """
    ctx = Ctx(game, game.turn.player, Rules.load(tuple(game.packs)))
    return bool(playable_cards(ctx))


@move("play", action=True, available=can_play, label="play a card")
def _play(ctx: Ctx) -> Effect:
    yield from play_card(ctx)
    if len(ctx.game.players) == 1:
        ctx.player.action_cube += 1  # solo: each play action moves the cube one space
        turn = ctx.game.turn
        beyond = ctx.player.action_cube >= len(rules_of(ctx).player_board["progress_track"])
        if beyond and turn.end_triggered_by is None:
            # the cube left the top of the progress track: the game ends with this turn
            turn.end_triggered_by, turn.last_turns_left = ctx.seat, []
