"""Journeys (004 "Journeys", "Completing journeys"): started with the switch, completed as a free move.

Rules encoded here, only when the abyss pack is played:

- starting a journey is a use of the switch action (an entry of ``switch.SWITCH_OPTIONS``): return a
  citizen or Scyphoz card from the active area to the box, take a display journey of that card's
  colour (a Scyphoz card matches any) above the tribe board, and replenish the display from the deck;
- on any of their turns a player may complete a started journey (not an action: a move of the
  ``MOVES`` table with ``action=False``) by one requirement they meet: its reward, then the card lies
  face down (``abyss(player).journeys_done``), where it counts as a flask; a payment requirement is paid.

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> p = Player(seat=0, name="Ann", tribe="t", side="sun", active=["cit_scout"])
>>> game = Game(players=[p], packs=["base", "abyss"])
>>> abyss(game.supply).journey_display = ["abyss_journey_green_1", "abyss_journey_grey_1"]
>>> abyss(game.supply).journey_deck = ["abyss_journey_yellow_1"]
>>> run_to_end(start_journey(Ctx(game, 0, Rules.load(("base", "abyss")))), ["abyss_journey_green_1", "cit_scout"])
>>> abyss(p).journeys, p.active, game.supply.removed, abyss(game.supply).journey_display
(['abyss_journey_green_1'], [], ['cit_scout'], ['abyss_journey_grey_1', 'abyss_journey_yellow_1'])
"""

from __future__ import annotations

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import resources as res
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.game import MOVE_REFUSALS, move
from revive_dsl.engine.interpret import Ctx, Effect, cost_of, cost_text, counter, holds, run_chosen
from revive_dsl.engine.state import Game, Player
from revive_dsl.engine.triggers import rules_of
from revive_dsl.rules.abyss.scyphoz import is_scyphoz
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.cards import card_colours
from revive_dsl.rules.base.counters import MORE_FLASKS
from revive_dsl.rules.base.switch import SWITCH_OPTIONS

JOURNEY_DISPLAY = 3


# --- starting -------------------------------------------------------------------------------


def _cards_for(ctx: Ctx, journey: str) -> list[str]:
    """Active cards that may be returned to take this journey: its colour, or a Scyphoz card."""
    rules = rules_of(ctx)
    colour = rules.data(journey)["colour"]
    return [c for c in ctx.player.active if is_scyphoz(rules, c) or colour in card_colours(ctx, c)]


def startable(ctx: Ctx) -> list[str]:
    """Display journeys the player could take now (a matching card in the active area)."""
    return [j for j in abyss(ctx.game.supply).journey_display if _cards_for(ctx, j)]


def start_journey(ctx: Ctx) -> Effect:
    """The switch used to start a journey: a matching card to the box, the journey above the tribe board."""
    supply = ctx.game.supply
    journeys = startable(ctx)
    if not journeys:
        return
    journey = (yield Decision(ctx.seat, "start a journey", "take which journey?", options_of(journeys))).key
    prompt = "return which card to the box?"
    card = (yield Decision(ctx.seat, "start a journey", prompt, options_of(_cards_for(ctx, journey)))).key
    ctx.player.active.remove(card)
    supply.removed.append(card)
    abyss(supply).journey_display.remove(journey)
    abyss(ctx.player).journeys.append(journey)
    while len(abyss(supply).journey_display) < JOURNEY_DISPLAY and abyss(supply).journey_deck:
        abyss(supply).journey_display.append(abyss(supply).journey_deck.pop(0))
    ctx.log.append(f"{ctx.player.name} returns {card} to the box and starts the journey {journey}")


if "journey" not in [key for key, _, _ in SWITCH_OPTIONS]:
    SWITCH_OPTIONS.append(("journey", lambda ctx: bool(startable(ctx)), start_journey))


# --- completing -----------------------------------------------------------------------------


def requirements(ctx: Ctx, journey: str) -> list[n.Requirement]:
    """A journey card's requirements, in printed order."""
    program = rules_of(ctx).effect(journey, "requirements")
    return [c for c in program.clauses if isinstance(c, n.Requirement)]


def met(ctx: Ctx) -> dict[str, tuple[str, n.Requirement]]:
    """Requirements the player meets now, keyed ``journey:index`` -> (journey, requirement)."""
    out = {}
    for journey in abyss(ctx.player).journeys:
        for index, requirement in enumerate(requirements(ctx, journey)):
            if holds(requirement.condition, ctx):
                out[f"{journey}:{index + 1}"] = (journey, requirement)
    return out


def complete(ctx: Ctx, journey: str, requirement: n.Requirement) -> Effect:
    """Complete a journey by one requirement: pay it if it is a payment, the reward, the card face down."""
    paid = None
    if isinstance(requirement.condition, n.Payment):
        paid = yield from res.pay_chosen(ctx.player, cost_of(requirement.condition.cost))
    abyss(ctx.player).journeys.remove(journey)
    abyss(ctx.player).journeys_done.append(journey)
    ctx.log.append(f"{ctx.player.name} completes the journey {journey}" + (f" (pay {cost_text(paid)})" if paid else ""))
    yield from run_chosen(requirement.body, Ctx(ctx.game, ctx.seat, ctx.rules, source=journey, log=ctx.log))


def _labels(ctx: Ctx, found: dict[str, tuple[str, n.Requirement]]) -> dict[str, str]:
    from revive_dsl.dsl.explain import clause_phrase

    return {key: clause_phrase(requirement) for key, (_, requirement) in found.items()}


@move(
    "complete_journey",
    action=False,
    available=lambda g: bool(met(Ctx(g, g.turn.player))),
    label="complete a journey",
)
def _complete_journey(ctx: Ctx) -> Effect:
    found = met(ctx)
    key = yield Decision(
        ctx.seat, "complete a journey", "by which requirement?", options_of(found, _labels(ctx, found))
    )
    yield from complete(ctx, *found[key.key])


def why_no_journey(game: Game) -> str:
    """Why the player to move cannot complete a journey now: none started, every one done already, or no
    requirement of those under way met.

    >>> from revive_dsl.rules.abyss.state import abyss_player
    >>> p = abyss_player(seat=0, name="Ann", tribe="t", side="sun")
    >>> game = Game(players=[p], packs=["base", "abyss"])
    >>> why_no_journey(game)
    'Ann cannot complete a journey now: no journey started (one is started with the switch)'
    >>> abyss(p).journeys_done = ["abyss_journey_green_1"]
    >>> why_no_journey(game)
    'Ann cannot complete a journey now: abyss_journey_green_1 is done already, and no other is under way'
    >>> abyss(p).journeys = ["abyss_journey_grey_1"]
    >>> why_no_journey(game)
    'Ann cannot complete a journey now: no requirement of abyss_journey_grey_1 is met'
    """
    player = game.players[game.turn.player]
    started, done = abyss(player).journeys, abyss(player).journeys_done
    why = f"{player.name} cannot complete a journey now: "
    if started:
        return why + f"no requirement of {' or '.join(started)} is met"
    if done:
        return why + f"{' and '.join(done)} {'is' if len(done) == 1 else 'are'} done already, and no other is under way"
    return why + "no journey started (one is started with the switch)"


MOVE_REFUSALS["complete_journey"] = why_no_journey


@counter("journeys")
def _journeys(ctx: Ctx, call: n.Call) -> int:
    """Completed journeys (face down)."""
    return len(abyss(ctx.player).journeys_done)


def _journey_flasks(player: Player) -> int:
    """A completed journey lies face down: a flask each."""
    return len(abyss(player).journeys_done)


MORE_FLASKS.add(_journey_flasks)
