"""The solo game with the expansion (004 "Solo game: new rules and achievements").

Rules encoded here, only in a solo game with the abyss pack:

- each switch action also moves the action cube one space (as a play action does; leaving the top of
  the progress track ends the game with this turn);
- at most one building on each tile (:func:`may_build`; figures and tribe markers are not limited);
- at the end, the six achievements are recorded in ``abyss(game.turn).solo_achievements``, with the medal
  of the total (Adept 100, Master 130, Revered 160, Divine 200) ticked beside the achievements reached in
  that game: with no achievement reached, no medal.

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> medal(129), medal(160), medal(99)
('adept', 'revered', None)
>>> medal(160, {"seeker": False}), medal(160, {"seeker": True})
(None, 'revered')
"""

from __future__ import annotations

from revive_dsl.engine import geometry as geo
from revive_dsl.engine.interpret import Ctx
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Board, Game
from revive_dsl.engine.triggers import rules_of
from revive_dsl.rules.abyss.devotion import DEVOTION_LOCATION
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.board_actions import MAY_BUILD
from revive_dsl.rules.base.counters import figure_locations
from revive_dsl.rules.base.modules import MODULE_GAINED
from revive_dsl.rules.base.scoring import RECORD_HOOKS, ScoreSheet
from revive_dsl.rules.base.switch import AFTER_SWITCH

MEDALS = ((200, "divine"), (160, "revered"), (130, "master"), (100, "adept"))  # best first
FIGURES = 7  # population figures: one per technology
TINKERER = 12  # slot modules to gain


def solo_abyss(game: Game) -> bool:
    """Whether a game is a solo game (with the expansion: only its games call this package's hooks)."""
    return len(game.players) == 1


# --- the switch moves the action cube --------------------------------------------------------------


def _cube_on_switch(ctx: Ctx) -> None:
    if not solo_abyss(ctx.game):
        return
    ctx.player.action_cube += 1
    turn = ctx.game.turn
    if ctx.player.action_cube >= len(rules_of(ctx).player_board["progress_track"]) and turn.end_triggered_by is None:
        turn.end_triggered_by, turn.last_turns_left = ctx.seat, []  # the cube left the track: this turn is the last


AFTER_SWITCH.add(_cube_on_switch)


# --- one building per tile -------------------------------------------------------------------------


def may_build(rules: Rules, board: Board, space: str) -> bool:
    """Solo with the expansion: whether the tile of ``space`` holds no building yet.

    Asked by the build action's target list (``board_actions.MAY_BUILD``, only in a solo game with the
    expansion); other games need not ask.

    >>> rules = Rules.load(("base", "abyss"))
    >>> board = Board(buildings={"1,0": {"player": 0, "size": "small"}})
    >>> slot = geo.geometry(rules).slot_of["1,0"][0]
    >>> other = next(c for c in geo.geometry(rules).slot_cells[slot] if c != "1,0")
    >>> may_build(rules, board, other), may_build(rules, board, "-4,1")
    (False, True)
    """
    slot_of = geo.geometry(rules).slot_of
    if space not in slot_of:
        return True
    slot = slot_of[space][0]
    return not any(slot_of.get(s, (None,))[0] == slot for s in board.buildings)


def _solo_may_build(ctx: Ctx, space: str) -> bool:
    return not solo_abyss(ctx.game) or may_build(rules_of(ctx), ctx.game.board, space)


MAY_BUILD.add(_solo_may_build)


# --- achievements ----------------------------------------------------------------------------------


def medal(total: int, reached: dict[str, bool] | None = None) -> str | None:
    """The medal a total earns (None below 100); given the achievements, None unless one was reached.

    004 ticks a medal only "also" with the achievements ticked in that game: it qualifies them (a revered
    architect), so a game that reached none earns none.
    """
    if reached is not None and not any(reached.values()):
        return None
    return next((name for at, name in MEDALS if total >= at), None)


def achievements(rules: Rules, game: Game, sheet: ScoreSheet) -> dict[str, bool]:
    """The six solo achievements of the player (seat 0), each reached or not."""
    player, board = game.players[0], game.board
    devotion_location = sum(x.points for x in sheet.lines if x.detail.startswith(f"{DEVOTION_LOCATION}:"))
    tracks = rules.player_board["tracks"]
    placed = figure_locations(board, 0)
    return {
        "tinkerer": abyss(player).modules_gained >= TINKERER,  # gained during the game, discarded ones too (004)
        "xenologist": abyss(player).devotion >= 25 and devotion_location >= 10,
        "seeker": len(abyss(player).journeys_done) >= 5,
        "pioneer": all(corner in placed for corner in geo.geometry(rules).large),
        "architect": all(player.tracks[c] >= len(tracks[c]["values"]) for c in tracks),
        "librarian": len(placed) >= FIGURES,
    }


def _record(rules: Rules, game: Game, sheets: list[ScoreSheet]) -> None:
    if not solo_abyss(game):
        return
    reached = achievements(rules, game, sheets[0])
    abyss(game.turn).solo_achievements = {
        "achievements": reached,
        "medal": medal(sheets[0].total, reached),
        "total": sheets[0].total,
    }


RECORD_HOOKS.add(_record)


def _count_module(ctx: Ctx, module: str) -> None:
    """The Tinkerer counts every slot module gained, discarded ones included (004)."""
    abyss(ctx.player).modules_gained += 1


MODULE_GAINED.add(_count_module)
