"""Scyphoz cards (004 "Scyphoz cards"): gained from the devotion track, played as citizen cards of a chosen colour.

Rules encoded here:

- ``scyphoz`` (a devotion bonus): draw the top 2 cards of the Scyphoz deck, keep one in the active
  area, the other goes to the bottom of the deck; gaining one is gaining a card, so ``when recruit``
  clauses fire (004's note on the Kuniban's first technology: the card is claimed as any colour for
  the reward), then ``when scyphoz`` ones;
- a Scyphoz card has no printed colour: played, it takes the colour its owner chooses for the turn
  (a ``play green`` effect may play it as green); each turn its owner may choose a colour for each
  Scyphoz card (a free move), which lasts to the end of the turn (``abyss(player).scyphoz_colours``, read
  by the colour hook of :mod:`revive_dsl.rules.base.counters`);
- at the end, each Scyphoz card counts for the best end-game card bonus (rules/base/scoring.py).

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")], packs=["base", "abyss"])
>>> abyss(game.supply).scyphoz_deck = ["abyss_scy_devout", "abyss_scy_spark", "abyss_scy_swarm"]
>>> run_to_end(draw_scyphoz(Ctx(game, 0, Rules.load(("base", "abyss")))), ["abyss_scy_spark"])
>>> game.players[0].active, abyss(game.supply).scyphoz_deck
(['abyss_scy_spark'], ['abyss_scy_swarm', 'abyss_scy_devout'])
"""

from __future__ import annotations

from collections.abc import Iterator

from revive_dsl.dsl import nodes as n
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.game import END_TURN_HOOKS, move
from revive_dsl.engine.hooks import same_hook
from revive_dsl.engine.interpret import STATES, Ctx, Effect, counter, effect
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game
from revive_dsl.engine.triggers import fire, rules_of
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.card_effects import UNCOLOURED_CLAIMS
from revive_dsl.rules.base.cards import CHOSEN_COLOUR, COLOUR_HOOKS, COLOURS, all_colours_this_turn, played_cards
from revive_dsl.rules.base.counters import all_cards
from revive_dsl.rules.base.scoring import SCORING, ScoreLine, card_bonus_spaces, card_bonuses

DRAW = 2  # cards drawn for each Scyphoz bonus; one is kept


def is_scyphoz(rules: Rules, card: str) -> bool:
    """Whether a card is a Scyphoz card.

    >>> is_scyphoz(Rules.load(("base", "abyss")), "abyss_scy_spark"), is_scyphoz(Rules.load(("base",)), "cit_smith")
    (True, False)
    """
    component = rules.content.components.get(card)
    return component is not None and component.kind == "scyphoz_card"


def draw_scyphoz(ctx: Ctx) -> Effect:
    """Draw 2 Scyphoz cards, keep one in the active area, the other to the bottom of the deck."""
    deck = abyss(ctx.game.supply).scyphoz_deck
    drawn = deck[:DRAW]
    if not drawn:
        return  # the deck is empty: nothing to gain
    del deck[:DRAW]
    card = drawn[0]
    if len(drawn) > 1:
        card = (yield Decision(ctx.seat, "Scyphoz card", "keep which Scyphoz card?", options_of(drawn))).key
    deck.extend(c for c in drawn if c != card)
    ctx.player.active.append(card)
    ctx.log.append(f"{ctx.player.name} gains the Scyphoz card {card}")
    yield from fire(ctx, "recruit", card=card)
    yield from fire(ctx, "scyphoz", card=card)


@effect("scyphoz")
def _scyphoz(ctx: Ctx, call: n.Call) -> Effect:
    """``scyphoz``: draw 2 Scyphoz cards and keep 1."""
    yield from draw_scyphoz(ctx)


# --- colours ----------------------------------------------------------------------------------


def _may_count_as(ctx: Ctx, card: str, colour: str) -> bool:
    return is_scyphoz(rules_of(ctx), card)  # its colour is chosen as it is played: any


def _name(ctx: Ctx, card: str) -> str:
    return str(rules_of(ctx).data(card).get("name", card))


def _choose_as_played(ctx: Ctx, card: str, colour: str) -> Effect:
    if not is_scyphoz(rules_of(ctx), card):
        return
    colours = list(COLOURS) if colour == "any" else [colour]
    chosen = colours[0]
    if len(colours) > 1:
        prompt = f"{_name(ctx, card)} counts as which colour this turn?"
        chosen = (yield Decision(ctx.seat, "Scyphoz colour", prompt, options_of(colours))).key
    abyss(ctx.player).scyphoz_colours[card] = chosen


CHOSEN_COLOUR.add((_may_count_as, _choose_as_played))


def uncoloured(ctx: Ctx) -> list[str]:
    """The player's Scyphoz cards with no colour chosen this turn."""
    rules = rules_of(ctx)
    return [c for c in all_cards(ctx.player) if is_scyphoz(rules, c) and c not in abyss(ctx.player).scyphoz_colours]


def _colour_ctx(game: Game) -> Ctx:
    return Ctx(game, game.turn.player)


@move(
    "scyphoz_colour",
    action=False,
    available=lambda g: bool(uncoloured(_colour_ctx(g))),
    label="choose a Scyphoz card's colour for this turn",
)
def _choose_colour(ctx: Ctx) -> Effect:
    card = yield Decision(ctx.seat, "Scyphoz colour", "choose a colour for which card?", options_of(uncoloured(ctx)))
    colour = yield Decision(
        ctx.seat, "Scyphoz colour", f"{_name(ctx, card.key)} counts as which colour this turn?", options_of(COLOURS)
    )
    abyss(ctx.player).scyphoz_colours[card.key] = colour.key


def _forget_colours(game: Game) -> None:
    """The colours last for the turn they were chosen in."""
    abyss(game.players[game.turn.player]).scyphoz_colours.clear()


END_TURN_HOOKS.add(_forget_colours)

# ``while slotted`` / ``if slotted``: the effect's own card lies in a card slot.
STATES.setdefault("slotted", lambda ctx: any(p.card == ctx.source for _, p in played_cards(ctx.player)))


@counter("scyphoz_cards")
def _scyphoz_cards(ctx: Ctx, call: n.Call) -> int:
    """Scyphoz cards the player has: active, played and resting."""
    rules = rules_of(ctx)
    return sum(1 for c in all_cards(ctx.player) if rules.component(c).kind == "scyphoz_card")


def _scyphoz_bonus(ctx: Ctx) -> Iterator[ScoreLine]:
    """Final scoring, after the card bonuses: each Scyphoz card counts once, for the best card bonus unlocked
    (its colour is chosen at the end)."""
    unlocked = card_bonus_spaces(ctx)
    scyphoz = _scyphoz_cards(ctx, n.Call("scyphoz_cards"))
    if unlocked and scyphoz:
        best = max(unlocked, key=lambda s: s["points_per_card"])
        yield ScoreLine(
            f"card bonus: Scyphoz cards as {best['colour']}", best["points_per_card"] * scyphoz, f"{scyphoz} cards"
        )


if not any(same_hook(_scyphoz_bonus, entry) for entry in SCORING):
    SCORING.insert(SCORING.index(card_bonuses) + 1, _scyphoz_bonus)


def _scyphoz_colour(ctx: Ctx, card: str, colours: set[str]) -> set[str]:
    """A Scyphoz card has the colour its owner chose for this turn (none until chosen)."""
    chosen = abyss(ctx.player).scyphoz_colours.get(card)
    return colours | {chosen} if chosen in COLOURS else colours


COLOUR_HOOKS.add(_scyphoz_colour, before=all_colours_this_turn)  # the Prism's all colours overrides it


def _claimed_as_any(ctx: Ctx, card: str) -> list[str]:
    """A Scyphoz card gained (a colour reward, e.g. Kuniban's) is claimed as any colour (004)."""
    return sorted(COLOURS) if is_scyphoz(rules_of(ctx), card) else []  # as a card of every colour: sorted


UNCOLOURED_CLAIMS.add(_claimed_as_any)
