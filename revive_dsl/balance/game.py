"""One game of a balance run, played and reduced to its figures: :func:`play_one`, a pure function of the settings
and the game's index (what each Dask task runs; a retry or a resume just runs it again).

The figures of a game (plain JSON):

- ``index``, ``seed``, ``moves`` (whole moves, setup choices included), ``turns`` and ``rounds`` (turns / seats,
  rounded up);
- per seat: ``tribe``, ``side``, ``ai``, ``total`` (final score), ``place`` (1 = won; a shared victory is a win
  for each), ``won``; ``sources``: its points by where they came from, adding up to its total -- points gained
  during play by the kind of move that gained them (``play`` a card, ``build``, ``explore``, ``machine``...; on
  another player's move too, such as a payment), then each line of the final scoring (``end: progress track``,
  ``end: artifact card``...; a line at 0 too); ``taken``: by component kind, every component it holds at the end
  (cards played or in hand, machines, slot modules, crates, artifacts...) and its tribe's technologies unlocked (as
  ``technology``: ``TRIBE/SIDE/SPACE``: a space of the other side is another technology); ``counters`` (only in
  games whose packs declare counters of their own): each of its counters' value at the end, the highest it reached
  between moves, and how often each of the counter's thresholds fired for it (``fired``: ``{"heat reaches 5": 2}``,
  every threshold the packs' texts hold, 0 for one that never fired); ``rules`` (only in games whose packs have
  rules of their own, ``game_rule``): how often each clause of those rules acted for it (``{"ticking: at turn end":
  31}``, 0 for one that never did); ``chances`` (:mod:`revive_dsl.balance.chances`): its ``turns``, and per move
  and per target counted apart (``populate: large location``) in how many of them it was ``offered`` and ``taken``.

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
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from revive_dsl.ai import make_player, play_game
from revive_dsl.balance.chances import Chances
from revive_dsl.balance.setup import BalanceSetup, game_seed, players_of, seats_of
from revive_dsl.dsl import nodes as n
from revive_dsl.engine.declared import Reached, counters_of, state_packages, thresholds
from revive_dsl.engine.declared import value as counter_value
from revive_dsl.engine.game import MOVES
from revive_dsl.engine.interpret import Ctx
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import PARTS, Game, Player, to_plain

# Component kinds never "taken": the boards and what the setup lays on the map.
NOT_TAKEN = frozenset(("tribe", "main_board", "player_board", "devotion_track", "area_tile", "starting_tile", "lake"))
# The kinds a player holds (cards, tokens, modules, crates, artifacts; technologies are its tribe board's spaces): a
# report names those of them no seat held at the end of any game.
HELD = (
    "citizen_card",
    "starting_card",
    "scyphoz_card",
    "journey_card",
    "machine_token",
    "slot_module",
    "crate",
    "artifact_card",
    "major_artifact",
    "minor_artifact",
    "gadget",
)


def catalogue(rules: Rules, setup: dict[str, Any], sample: int = 4) -> dict[str, Any]:
    """What the seats of the run ``setup`` could hold and score from:

    - ``held``, by kind (as :func:`taken` names them): the components of the kinds of :data:`HELD` that the set-up
      state of the run's first ``sample`` games holds anywhere (a deck, a display, a pile: what the player count
      and the variants put in play), and every technology space of the sides the run's tribes play
      (``TRIBE/SIDE/SPACE``);
    - ``sources``: the final scoring's lines a sheet shows only once they count something (a large location's, once
      one is built on), which every sheet's own lines add to;
    - ``solo_table``: the rulebook's solo score table, ``[minimum, rank]`` from the lowest.

    >>> found = catalogue(Rules.load(("base",)), BalanceSetup(tribes=("nadair", "formica")).to_dict())
    >>> len(found["held"]["citizen_card"]), found["held"]["technology"][:2], found["sources"]
    (39, ['formica/moon/t1', 'formica/moon/t2a'], ['end: large location'])
    >>> "major_amber_4" in found["held"]["major_artifact"]  # a 4-player artifact, not in a 2-player game
    False
    """
    settings = BalanceSetup.from_dict(setup)
    kinds = {cid: rules.component(cid).kind for kind in HELD for cid in rules.ids(kind)}
    found: dict[str, set[str]] = {}
    for index in range(min(sample, settings.games)):
        seats, seed = _seats(rules, settings, index), game_seed(settings.seed, index)
        _gather_ids(new_game(rules, seats, seed, settings.variants).to_dict(), kinds, found)
    for tribe in settings.tribes:
        for side in {_own_side(rules, tribe, side) for side in settings.tribe_sides.get(tribe, settings.sides)}:
            for tech in (rules.data(tribe)["sides"][side] or {}).get("technologies") or ():
                if isinstance(tech, dict) and "id" in tech:
                    found.setdefault("technology", set()).add(f"{tribe}/{side}/{tech['id']}")
    held = {kind: sorted(ids) for kind, ids in sorted(found.items())}
    sources = ["end: large location"] if rules.ids("large_location") else []
    table = [
        [row["min"], row["rank"]] for row in sorted(rules.main_board.get("solo_table", ()), key=lambda r: r["min"])
    ]
    return {"held": held, "sources": sources, "solo_table": table}


def _seats(rules: Rules, settings: BalanceSetup, index: int) -> list[tuple[str, str, str]]:
    """Game ``index``'s seats, each tribe on a side its board has (:func:`_own_side`)."""
    return [(name, tribe, _own_side(rules, tribe, side)) for name, tribe, side in seats_of(settings, index)]


def _points(player: Player) -> int:
    return player.laps * 50 + player.points + player.purple


class RulesLog(list):
    """A game's log (its lines, as any list) that also counts, per seat, how often each clause of the packs' own
    rules (``game_rule``) acts: ``"ticking: at turn end"`` (:func:`~revive_dsl.engine.triggers.noted`)."""

    def __init__(self, rules: Rules, seats: int, variants: Sequence[str] = ()):
        super().__init__()
        self.watched = rule_clauses(rules, variants)
        self.counts: list[dict[str, int]] = [dict.fromkeys(self.watched, 0) for _ in range(seats)]

    def fired(self, seat: int, source: str, what: str) -> None:
        key = f"{source}: {what}"
        if key in self.watched and 0 <= seat < len(self.counts):
            self.counts[seat][key] += 1


def rule_clauses(rules: Rules, variants: Sequence[str] = ()) -> list[str]:
    """Every clause of the packs' rules that acts on an event or a moment, as the report names it: ``RULE: when
    EVENT`` or ``RULE: at MOMENT end`` (a rule of a variant only when the run plays it).

    >>> rule_clauses(Rules.load(("base",)))
    []
    """
    out = []
    for comp in rules.content.of_kind("game_rule"):
        if "effect" not in comp.effects or comp.data.get("variant", "") not in ("", *variants):
            continue
        for clause in comp.effects["effect"].clauses:
            if isinstance(clause, n.Trigger):
                out.append(f"{comp.id}: when {clause.event.name}")
            elif isinstance(clause, n.AtEnd):
                out.append(f"{comp.id}: at {clause.moment} end")
    return list(dict.fromkeys(out))


def play_one(setup: dict[str, Any], index: int) -> dict[str, Any]:
    """Play game ``index`` of the run ``setup`` (:meth:`BalanceSetup.to_dict`) and return its figures."""
    settings = BalanceSetup.from_dict(setup)
    rules = Rules.load(settings.packs)
    seed = game_seed(settings.seed, index)
    seats = _seats(rules, settings, index)
    specs = players_of(settings, index)
    players = [make_player(spec, seed * 8 + seat) for seat, spec in enumerate(specs)]
    sources: list[dict[str, int]] = [{} for _ in seats]
    counts = {"moves": 0, "turns": 0}
    declared = [word for word, c in counters_of(rules).items() if c.holder == "player"]
    peaks: list[dict[str, int]] = [{} for _ in seats]
    marks = thresholds(rules)
    fired = [{f"{word} reaches {mark}": 0 for word in declared for mark in marks.get(word, ())} for _ in seats]
    log = RulesLog(rules, len(seats), settings.variants)
    chances: list[Chances] = []  # made with the game's first state

    def on_move(before: Game, after: Game, moved: list[tuple[int, str]]) -> None:
        counts["moves"] += 1
        if not chances:
            chances.append(Chances(rules, before))
        chances[0].seen(before, moved)
        for line in log:
            if isinstance(line, Reached) and line.counter in declared:
                key = f"{line.counter} reaches {line.value}"
                fired[line.seat][key] = fired[line.seat].get(key, 0) + 1
        log.clear()
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

    game = play_game(rules, seats, seed, players, settings.variants, on_move=on_move, log=log)
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
            mine[rule] = mine.get(rule, 0) + line["points"]  # a line that gave nothing too: a source never scored
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
        if chances:
            out_seats[-1]["chances"] = chances[0].figures(seat)
        if log.watched:
            out_seats[-1]["rules"] = dict(sorted(log.counts[seat].items()))
        parts = part_figures(rules, game.players[seat])
        if parts:
            out_seats[-1]["parts"] = parts
        if declared:
            ends = {word: counter_value(Ctx(game, seat, rules), word) for word in declared}
            out_seats[-1]["counters"] = {
                w: {
                    "end": ends[w],
                    "peak": peaks[seat].get(w, ends[w]),
                    "fired": {k: n for k, n in sorted(fired[seat].items()) if k.startswith(f"{w} reaches ")},
                }
                for w in declared
            }
    figures = {
        "index": index,
        "seed": seed,
        "moves": counts["moves"],
        "turns": counts["turns"],
        "rounds": math.ceil(counts["turns"] / len(seats)),
        "seats": out_seats,
    }
    if game.turn.solo_rank is not None:  # a solo game: the rulebook's table's rank for its total
        figures["solo_rank"] = game.turn.solo_rank
    return figures


def _own_side(rules: Rules, tribe: str, wanted: str) -> str:
    """The side a seat plays: the one the run gives it, or the board's first where the tribe's board has not that
    side (the expansion's boards have one: a run given only ``sun`` and ``moon`` still plays them)."""
    sides = list(rules.data(tribe)["sides"])
    return wanted if wanted in sides else sides[0]


def part_figures(rules: Rules, player: Player) -> dict[str, int]:
    """A player's part of each rules package's own state at the end (:func:`~revive_dsl.engine.state.state_part`),
    field by field as ``NAMESPACE.FIELD``: a number as it is, a list or a mapping by its length; a text is left
    out, and so is a declared counter (reported with its thresholds under ``counters``).

    >>> from revive_dsl.engine.setup import new_game
    >>> rules = Rules.load(("base", "abyss"))
    >>> game = new_game(rules, [("Ann", "abyss_tribe_gates", "single")], seed=1)
    >>> figures = part_figures(rules, game.players[0])
    >>> figures["abyss.journeys_done"], "abyss.devotion" in figures, "abyss.circadian" in figures
    (0, False, False)
    """
    counted = {(c.pack, word) for word, c in counters_of(rules).items()}
    out = {}
    for namespace in state_packages(rules):
        cls = PARTS.get(namespace, {}).get("player")
        if cls is None:
            continue
        found = player.parts.get(namespace) or cls()
        for f in fields(found):
            value = getattr(found, f.name)
            if (namespace, f.name) in counted:
                continue
            if isinstance(value, (list, dict, tuple, set)):
                out[f"{namespace}.{f.name}"] = len(value)
            elif isinstance(value, (int, float)):  # a bool too; a text or anything else is no figure
                out[f"{namespace}.{f.name}"] = int(value)
    return out


def _gather_ids(value: Any, kinds: dict[str, str], found: dict[str, set[str]]) -> None:
    """Add every component id of ``kinds`` (id -> kind) that plain data ``value`` holds, anywhere, to ``found`` by
    kind."""
    if isinstance(value, str):
        if value in kinds:
            found.setdefault(kinds[value], set()).add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _gather_ids(item, kinds, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _gather_ids(item, kinds, found)


def taken(rules: Rules, player: Player) -> dict[str, list[str]]:
    """The components a player holds at the end, by kind (sorted), and its tribe's technologies unlocked."""
    found: dict[str, set[str]] = {}
    components = rules.content.components
    kinds = rules.kept(
        ("balance: kinds taken",), lambda: {cid: c.kind for cid, c in components.items() if c.kind not in NOT_TAKEN}
    )
    for name, value in to_plain(player).items():
        if name not in ("technologies", "tribe"):
            _gather_ids(value, kinds, found)
    for tech in player.technologies:
        kind = "technology"
        found.setdefault(kind, set()).add(tech if tech in components else f"{player.tribe}/{player.side}/{tech}")
    return {kind: sorted(ids) for kind, ids in sorted(found.items())}
