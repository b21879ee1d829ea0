"""The devotion track (004 "The devotion track", "Converting points"): devotion, its bonuses, conversion.

Rules encoded here, only when the abyss pack is played:

- gaining devotion advances the player's pawn; reaching or passing a bonus space gives its reward
  (a Scyphoz card, a figure on the devotion location without books, any major artifact); past the
  last space (25) devotion keeps counting, shown on the point track from space 26, with no bonuses;
- whenever points or devotion are gained during the game, the player may convert them 2:1 to the
  other track (a decision: how many to convert); a converter machine (``machine during gain_points:
  convert_points``) is offered first and converts 1:1 any share of the gain;
- the converted part is moved first, then the rest (004's example: 5 points gained, 4 converted:
  2 devotion, then 1 point); a converted amount is not a new gain and is not converted again.

Every blue point passes through :func:`revive_dsl.rules.base.gains.gain_points`; this module is the
hook :data:`~revive_dsl.rules.base.gains.GAIN_CONVERSION` there, and base games never reach it.

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")], packs=["base", "abyss"])
>>> run_to_end(convert_gain(Ctx(game, 0, Rules.load(("base", "abyss"))), "points", 5), ["4"])
>>> abyss(game.players[0]).devotion, game.players[0].points
(2, 1)
"""

from __future__ import annotations

from revive_dsl.dsl import nodes as n
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.declared import change
from revive_dsl.engine.interpret import Ctx, Effect, count_arg, effect
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.triggers import rules_of
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base import board_actions
from revive_dsl.rules.base.cards import offer_machines_during
from revive_dsl.rules.base.gains import GAIN_CONVERSION, score_points

OTHER = {"points": "devotion", "devotion": "points"}
RATE = 2  # the usual exchange: 2 gained on one track for 1 on the other
DEVOTION_LOCATION = "devotion"  # the key of the large location beside the devotion track (board.large_locations)


def devotion_track(rules: Rules) -> dict:
    """The devotion track's data: its ``length`` (its bonus spaces are the pack's rules: rules.yaml).

    >>> devotion_track(Rules.load(("base", "abyss")))["length"]
    25
    """
    return rules.data(rules.ids("devotion_track")[0])


# --- gaining and converting -----------------------------------------------------------------


def convert_gain(ctx: Ctx, track: str, amount: int) -> Effect:
    """Gain ``amount`` on ``track`` (``points`` or ``devotion``), letting the player convert part of it.

    The 1:1 converter machines are offered first, then the 2:1 exchange of what is left.
    """
    gain = {"track": track, "keep": amount, "other": 0, "given": 0}  # given: what the conversions took of the gain
    if amount > 0:
        sub = Ctx(ctx.game, ctx.seat, ctx.rules, source=ctx.source, event=gain, log=ctx.log)
        yield from offer_machines_during(sub, "gain_points")
    if gain["keep"] >= RATE:
        keys = [str(k) for k in range(0, gain["keep"] + 1, RATE)]
        labels = {k: f"{int(k) // RATE} {OTHER[track]}, {gain['keep'] - int(k)} {track}" for k in keys}
        prompt = f"gaining {gain['keep']} {track}: convert how many 2:1 to {OTHER[track]}?"
        choice = yield Decision(ctx.seat, "convert points", prompt, options_of(keys, labels))
        gain["keep"] -= int(choice.key)
        gain["other"] += int(choice.key) // RATE
        gain["given"] += int(choice.key)
    if gain["other"]:  # what was given up of the gain, 1:1 and 2:1 together, and what it became
        given, other = _amount(gain["given"], track), _amount(gain["other"], OTHER[track])
        ctx.log.append(f"{ctx.player.name} converts {given} into {other}")
        yield from _score(ctx, OTHER[track], gain["other"])
    yield from _score(ctx, track, gain["keep"])


def _amount(count: int, track: str) -> str:
    """``1 point``, ``3 points``, ``2 devotion``: an amount on a track, as the account says it.

    >>> _amount(1, "points"), _amount(3, "points"), _amount(1, "devotion")
    ('1 point', '3 points', '1 devotion')
    """
    return f"{count} {'point' if track == 'points' and count == 1 else track}"


def _score(ctx: Ctx, track: str, amount: int) -> Effect:
    if amount <= 0:
        return
    if track == "points":
        yield from score_points(ctx, amount)
    else:
        yield from advance_devotion(ctx, amount)


GAIN_CONVERSION.add(convert_gain)


@effect("convert_points")
def _convert_points(ctx: Ctx, call: n.Call) -> Effect:
    """``convert_points`` (a machine during a gain): any share of the gain 1:1 to the other track."""
    gain = ctx.event
    if gain.get("keep", 0) < 1:
        return  # no gain under way: nothing to convert
    track = gain["track"]
    keys = [str(k) for k in range(gain["keep"] + 1)]
    prompt = f"gaining {gain['keep']} {track}: convert how many 1:1 to {OTHER[track]}?"
    choice = yield Decision(ctx.seat, "convert points 1:1", prompt, options_of(keys))
    gain["keep"] -= int(choice.key)
    gain["other"] += int(choice.key)
    gain["given"] = gain.get("given", 0) + int(choice.key)


# --- the track -------------------------------------------------------------------------------


def advance_devotion(ctx: Ctx, amount: int) -> Effect:
    """Move the devotion pawn ``amount`` spaces; each bonus space reached or passed is a threshold of the pack's
    ``devotion`` counter (content/abyss/counters.yaml and rules.yaml), run by the machinery (engine/declared.py).

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> from revive_dsl.rules.abyss.state import with_abyss
    >>> ann = with_abyss(Player(seat=0, name="Ann", tribe="t", side="sun"), devotion=24)
    >>> game = Game(players=[ann], packs=["base", "abyss"])
    >>> run_to_end(advance_devotion(Ctx(game, 0, Rules.load(("base", "abyss"))), 3), [])
    >>> abyss(game.players[0]).devotion  # beyond 25 it keeps counting (on the point track from space 26)
    27
    """
    yield from change(ctx, "devotion", abyss(ctx.player).devotion + amount, f"gains {amount} devotion")


# --- the devotion location ------------------------------------------------------------------


def devotion_technologies(ctx: Ctx) -> list[str]:
    """Technologies a figure placed on the devotion location may unlock (none if already there)."""
    board = ctx.game.board
    if DEVOTION_LOCATION not in board.large_locations or ctx.seat in board.figures.get(DEVOTION_LOCATION, []):
        return []
    return [t["id"] for t in board_actions.next_technologies(rules_of(ctx), ctx.player)]


@effect("populate_devotion")
def _populate_devotion(ctx: Ctx, call: n.Call) -> Effect:
    """``populate_devotion``: a figure on the devotion location as a populate, no range, no books."""
    rules, board, player = rules_of(ctx), ctx.game.board, ctx.player
    options = devotion_technologies(ctx)
    if not options:
        return
    labels = {t: board_actions.technology_name(rules, player, t) for t in options}
    rule = "populate the devotion location"
    tid = yield Decision(ctx.seat, rule, "unlock which technology?", options_of(options, labels))
    tid = tid.key
    board.figures.setdefault(DEVOTION_LOCATION, []).append(ctx.seat)
    ctx.log.append(f"{player.name} populates the devotion location, unlocking {tid} (free)")
    tech = next(t for t in board_actions.technologies(rules, player.tribe, player.side) if t["id"] == tid)
    yield from board_actions.unlocked(ctx, tid, tech, DEVOTION_LOCATION)


@effect("devotion")
def _devotion(ctx: Ctx, call: n.Call) -> Effect:
    conversion = GAIN_CONVERSION.of(ctx)
    if conversion:
        yield from conversion[-1](ctx, "devotion", count_arg(call))
    else:
        abyss(ctx.player).devotion += count_arg(call)
