"""One game of a balance run, played and reduced to its figures: :func:`play_one`, a pure function of the settings
and the game's index (what each Dask task runs; a retry or a resume just runs it again).

The figures of a game (plain JSON):

- ``index``, ``seed``, ``moves`` (whole moves, setup choices included), ``turns`` and ``rounds`` (turns / seats,
  rounded up);
- per seat: ``tribe``, ``side``, ``ai``, ``total`` (final score), ``place`` (1 = won; a shared victory is a win
  for each), ``won``; ``sources``: its points by where they came from, adding up to its total -- points gained
  during play by the kind of move that gained them (``play`` a card, ``build``, ``explore``, ``machine``...; on
  another player's move too, such as a payment), then each line of the final scoring (``end: progress track``,
  ``end: artifact card``...); ``taken``: by component kind, every component it holds at the end (cards played
  or in hand, machines, slot modules, crates, artifacts...) and its tribe's technologies unlocked (as
  ``technology``: ``TRIBE/SIDE/SPACE``: a space of the other side is another technology); ``counters`` (only in
  games whose packs declare counters of their own):
  each of its counters' value at the end and the highest it reached between moves.

>>> from revive_dsl.balance.setup import BalanceSetup
>>> setup = BalanceSetup(packs=("base",), tribes=("nadair", "formica"), ai=("random",), games=1)
>>> figures = play_one(setup.to_dict(), 0)
>>> [seat["tribe"] for seat in figures["seats"]], figures["moves"] > 50
(['nadair', 'formica'], True)
>>> all(sum(s["sources"].values()) == s["total"] for s in figures["seats"])
True
"""

from __future__ import annotations

import math
from typing import Any

from revive_dsl.ai import make_player, play_game
from revive_dsl.balance.setup import BalanceSetup, game_seed, players_of, seats_of
from revive_dsl.engine.declared import counters_of
from revive_dsl.engine.declared import value as counter_value
from revive_dsl.engine.game import MOVES
from revive_dsl.engine.interpret import Ctx
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player, to_plain

# Component kinds never "taken": the boards and what the setup lays on the map.
NOT_TAKEN = frozenset(("tribe", "main_board", "player_board", "devotion_track", "area_tile", "starting_tile", "lake"))


def _points(player: Player) -> int:
    return player.laps * 50 + player.points + player.purple


def play_one(setup: dict[str, Any], index: int) -> dict[str, Any]:
    """Play game ``index`` of the run ``setup`` (:meth:`BalanceSetup.to_dict`) and return its figures."""
    settings = BalanceSetup.from_dict(setup)
    rules = Rules.load(settings.packs)
    seed = game_seed(settings.seed, index)
    seats = seats_of(settings, index)
    specs = players_of(settings, index)
    players = [make_player(spec, seed * 8 + seat) for seat, spec in enumerate(specs)]
    sources: list[dict[str, int]] = [{} for _ in seats]
    counts = {"moves": 0, "turns": 0}
    declared = [word for word, c in counters_of(rules).items() if c.holder == "player"]
    peaks: list[dict[str, int]] = [{} for _ in seats]

    def on_move(before: Game, after: Game, moved: list[tuple[int, str]]) -> None:
        counts["moves"] += 1
        first = moved[0][1]
        kind = first if first in MOVES or first == "end" else "setup"
        counts["turns"] += first == "end" or (after.turn.over and not before.turn.over)
        scored = after.turn.final_scores if before.turn.final_scores is None else None
        for seat, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
            if scored:  # the move that ended the game: its points, not the final scoring's
                sheet = scored[seat]
                during = sum(line["points"] for line in sheet["lines"] if line["rule"] == "purple points")
                gained = sheet["blue"] + during - _points(was)
            else:
                gained = _points(now) - _points(was)
            if gained:
                sources[seat][kind] = sources[seat].get(kind, 0) + gained
            for word in declared:
                reached = counter_value(Ctx(after, seat, rules), word)
                peaks[seat][word] = max(peaks[seat].get(word, reached), reached)

    game = play_game(rules, seats, seed, players, settings.variants, on_move=on_move)
    sheets = game.turn.final_scores or []
    winners = game.turn.ranking[0] if game.turn.ranking else []
    places = {seat: place + 1 for place, tied in enumerate(game.turn.ranking) for seat in tied}
    out_seats = []
    for seat, ((_name, tribe, side), sheet) in enumerate(zip(seats, sheets, strict=True)):
        mine = dict(sources[seat])
        for line in sheet["lines"]:
            if line["rule"] == "purple points":  # gained during play: counted by the move that gained them
                continue
            rule = "end: " + line["rule"].split(":")[0]
            if line["points"]:
                mine[rule] = mine.get(rule, 0) + line["points"]
        start = sheet["total"] - sum(mine.values())  # points a seat starts with (none in the printed game)
        if start:
            mine["setup"] = mine.get("setup", 0) + start
        out_seats.append(
            {
                "seat": seat,
                "tribe": tribe,
                "side": side,
                "ai": specs[seat],
                "total": sheet["total"],
                "place": places.get(seat, len(seats)),
                "won": seat in winners and len(seats) > 1,
                "sources": dict(sorted(mine.items())),
                "taken": taken(rules, game.players[seat]),
            }
        )
        if declared:
            ends = {word: counter_value(Ctx(game, seat, rules), word) for word in declared}
            out_seats[-1]["counters"] = {w: {"end": ends[w], "peak": peaks[seat].get(w, ends[w])} for w in declared}
    return {
        "index": index,
        "seed": seed,
        "moves": counts["moves"],
        "turns": counts["turns"],
        "rounds": math.ceil(counts["turns"] / len(seats)),
        "seats": out_seats,
    }


def taken(rules: Rules, player: Player) -> dict[str, list[str]]:
    """The components a player holds at the end, by kind (sorted), and its tribe's technologies unlocked."""
    found: dict[str, set[str]] = {}
    components = rules.content.components

    def walk(value: Any) -> None:
        if isinstance(value, str):
            component = components.get(value)
            if component is not None and component.kind not in NOT_TAKEN:
                found.setdefault(component.kind, set()).add(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    plain = to_plain(player)
    for name, value in plain.items():
        if name not in ("technologies", "tribe"):
            walk(value)
    for tech in player.technologies:
        kind = "technology"
        found.setdefault(kind, set()).add(tech if tech in components else f"{player.tribe}/{player.side}/{tech}")
    return {kind: sorted(ids) for kind, ids in sorted(found.items())}
