"""The account of a step (the engine's log lines) says what was paid and gained, as the state diff shows it.

Every bundled script is replayed; at each step, the lines that say a player pays or gains an amount of a resource,
scores points or gains devotion are added up per player, and the sum must be the change in that player's state over
the step. What an account can state, and so what is checked:

- ``pays {'gear': 2, 'crystal': 3}`` (a trade), ``(pay 1 gear + 2 book)`` (an action's payment, a journey's),
  ``gains 1 crystal + 1 food (...)`` (a gain, what fitted under the caps), ``gets what Ann paid on their target:
  1 food`` (a target's payout): each resource of the player, gear, book, food and crystal;
- ``trades a crystal for 1 food`` (the free action): the crystal and the resource;
- ``scores N points``: the player's points (laps of the point track counted);
- ``gains N devotion: a -> b``: the player's devotion;
- ``converts X point(s) into Y devotion``: X must be what the conversions of the step took of the gain, by the
  answers to their questions (``convert how many 1:1`` / ``2:1``), Y what they gave (1:1 and half of 2:1).

A quantity is checked for a player wherever the player's lines name it (a line naming 0 of it too), except where
something the account does not claim to state touches it in the same step (:func:`_untold`). The check is of the
sum over the step: two wrong lines that cancel out would pass, and a quantity no line names is not checked.
"""

from __future__ import annotations

import ast
import copy
import re
from collections import Counter
from pathlib import Path

import pytest

from revive_dsl.engine import resources as res
from revive_dsl.engine.interpret import Ctx, run_text, run_to_end
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player
from revive_dsl.replay import Replay, load_script
from revive_dsl.replay.verify import find_scripts

load_all()

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
RESOURCES = ("gear", "book", "food", "crystal")
_LIST = r"((?:\d+ (?:" + "|".join(RESOURCES) + r")\b(?: \+ )?)+)"
_AMOUNT = re.compile(r"(\d+) (" + "|".join(RESOURCES) + r")\b")
_GAINS = re.compile(r"\bgains " + _LIST)
_TARGET = re.compile(r"\bgets what .* paid on their target: " + _LIST)
_PAY_LIST = re.compile(r"\(pay " + _LIST)
_PAYS = re.compile(r"\bpays (\{[^}]*\}|" + _LIST[1:-1] + ")")
_TRADES = re.compile(r"\btrades a crystal for (\d+) (" + "|".join(RESOURCES) + r")\b")
_SCORES = re.compile(r"\bscores (\d+) points?\b")
_DEVOTION = re.compile(r"\bgains (\d+) devotion\b")
_CONVERTS = re.compile(r"\bconverts (\d+) (points?|devotion) into (\d+) (points?|devotion)\b")
_CONVERT_ASKED = re.compile(r"^gaining \d+ (points|devotion): convert how many (1:1|2:1) to")


def _amounts(text: str) -> Counter:
    out: Counter = Counter()
    for amount, resource in _AMOUNT.findall(text):
        out[resource] += int(amount)
    return out


def claims(line: str) -> Counter:
    """What one line says its subject's quantities changed by (paid negative).

    >>> dict(claims("Ann builds a small building on 2,-2 (pay 1 gear + 2 book)"))
    {'gear': -1, 'book': -2}
    >>> dict(claims("Ann pays {'gear': 2, 'crystal': 3}"))
    {'gear': -2, 'crystal': -3}
    >>> dict(claims("Ann gains 1 crystal + 1 food (1 crystal over its cap taken as food)"))
    {'crystal': 1, 'food': 1}
    >>> dict(claims("Ann scores 3 points")), dict(claims("Ann gains 2 devotion: 1 -> 3"))
    ({'points': 3}, {'devotion': 2})
    """
    out: Counter = Counter()
    for found in (*_GAINS.findall(line), *_TARGET.findall(line)):
        out.update(_amounts(found))
    for found in (*_PAY_LIST.findall(line), *_PAYS.findall(line)):
        paid = _amounts(found)
        if found.startswith("{"):
            paid = Counter({r: int(a) for r, a in ast.literal_eval(found).items() if r in RESOURCES})
        out.subtract(paid)
    for amount, resource in _TRADES.findall(line):
        out["crystal"] -= 1
        out[resource] += int(amount)
    for amount in _SCORES.findall(line):
        out["points"] += int(amount)
    for amount in _DEVOTION.findall(line):
        out["devotion"] += int(amount)
    return out


def named(line: str) -> set[str]:
    """The quantities a line names an amount of (an amount of 0 names it too)."""
    found = set()
    for part in (*_GAINS.findall(line), *_TARGET.findall(line), *_PAY_LIST.findall(line)):
        found.update(r for _, r in _AMOUNT.findall(part))
    for part in _PAYS.findall(line):
        found.update(ast.literal_eval(part) if part.startswith("{") else (r for _, r in _AMOUNT.findall(part)))
    for _, resource in _TRADES.findall(line):
        found.update(("crystal", resource))
    if _SCORES.search(line):
        found.add("points")
    if _DEVOTION.search(line):
        found.add("devotion")
    return found


def quantities(player: Player, game: Game) -> dict[str, int]:
    """What an account can state of a player: resources, points (laps counted), devotion (with the abyss pack)."""
    out = {r: player.resources[r] for r in RESOURCES}
    out["points"] = player.laps * 50 + player.points
    if "abyss" in game.packs:
        from revive_dsl.rules.abyss.state import abyss

        out["devotion"] = abyss(player).devotion
    return out


def subjects(lines: list[str], names: list[str], first: str | None) -> list[str | None]:
    """The player each line is about: the one it starts with, else the last one named (at first the mover)."""
    out, current = [], first
    for line in lines:
        current = next((n for n in names if line.startswith((f"{n} ", f"{n}'s ", f"{n}:"))), current)
        out.append(current)
    return out


def _untold(result, name: str) -> set[str]:
    """Quantities of ``name`` the step may change without a line saying so: the end of the game's scoring (no
    line: the score sheets are the account), and another player's fee for a populate (a book to each figure's
    owner already there, who has no line of it). In the bundled games neither meets a line naming the same
    quantity, but a check there would be about what the account does not claim to state."""
    untold: set[str] = set()
    if result.after.turn.over and not result.before.turn.over:
        untold.update(("points", "devotion"))
    if name != result.step.move.player and any(" populates " in line for line in result.log):
        untold.add("book")
    return untold


def mismatches(result) -> list[str]:
    """Each quantity of each player whose account lines do not add up to its change over the step."""
    before = {p.name: quantities(p, result.before) for p in result.before.players}
    after = {p.name: quantities(p, result.after) for p in result.after.players}
    names = sorted(after, key=lambda n: (-len(n), n))
    said: dict[str, Counter] = {n: Counter() for n in after}
    told: dict[str, set[str]] = {n: set() for n in after}
    for line, who in zip(result.log, subjects(result.log, names, result.step.move.player), strict=True):
        if who in said:
            said[who].update(claims(line))
            told[who] |= named(line)
    out = []
    for who in names:
        for what in sorted(told[who] - _untold(result, who)):
            change = after[who][what] - before[who][what]
            if said[who][what] != change:
                out.append(f"{who} {what}: the account says {said[who][what]:+d}, the state {change:+d}")
    return out


def conversion_mismatches(result) -> list[str]:
    """The converts lines of a step against the answers to the conversion questions it asked."""
    given, became = Counter(), Counter()
    for prompt, answer in result.decisions:
        asked = _CONVERT_ASKED.match(prompt)
        if asked and answer.isdigit():
            track, rate = asked.groups()
            given[track] += int(answer)
            became[track] += int(answer) if rate == "1:1" else int(answer) // 2
    said_given, said_became = Counter(), Counter()
    for line in result.log:
        for x, track, y, _ in _CONVERTS.findall(line):
            track = "points" if track.startswith("point") else track  # "1 point", "3 points"
            said_given[track] += int(x)
            said_became[track] += int(y)
    if (+said_given, +said_became) != (+given, +became):
        return [f"converts {dict(said_given)} into {dict(said_became)}; answered {dict(given)} into {dict(became)}"]
    return []


SCRIPTS = find_scripts(REPLAYS)


@pytest.mark.parametrize("path", SCRIPTS, ids=[str(p.relative_to(REPLAYS)) for p in SCRIPTS])
def test_every_step_account_matches_its_diff(path: Path):
    replay = Replay(load_script(path))
    wrong = []
    for result in replay.steps():
        if result.refused is not None:
            continue
        for problem in [*mismatches(result), *conversion_mismatches(result)]:
            wrong.append(f"step {result.index} ({result.step.text}): {problem}\n    " + "\n    ".join(result.log))
    assert not wrong, "\n".join(wrong[:10])


# --- each misstatement the account made, on its own ------------------------------------------

BASE = Rules.load(("base",))


def _a08(tribe: str = "t", **resources: int) -> Game:
    """A08 turned 0, explored: -4,5 is sand next to forest -3,4, water -4,4 and crystal -5,6; a building of the
    player's on -5,5, so range is 0."""
    player = Player(seat=0, name="Ann", tribe=tribe, side="sun")
    player.resources.update(resources)
    game = Game(players=[player])
    game.board.tiles["a08"] = {"tile": "area_tile_08", "orientation": 0, "explored": True}
    game.board.buildings["-5,5"] = {"player": 0, "size": "small"}
    player.buildings_left["small"] -= 1
    return game


def _checked(ctx: Ctx, before: Game) -> list[str]:
    """The Ctx's log, after checking it against the change in the Ctx's game as the corpus test does."""

    class Result:
        step = type("S", (), {"move": type("M", (), {"player": ctx.player.name, "verb": "test"})()})()
        log, decisions = ctx.log, []

    Result.before, Result.after = before, ctx.game
    assert mismatches(Result) == []
    return ctx.log


def test_pay_5_gear_says_2_gear_and_3_crystal_when_crystals_stand_in():
    from revive_dsl.rules.base.board_actions import build

    game = _a08(gear=2, crystal=3)
    before = copy.deepcopy(game)
    ctx = Ctx(game, 0, BASE)
    run_to_end(build(ctx), ["-4,5", "large"])
    assert game.players[0].resources["gear"] == 0
    assert "Ann builds a large building on -4,5 (pay 2 gear + 3 crystal)" in _checked(ctx, before)
    assert "(pay 5 gear)" not in " ".join(ctx.log)


def test_pays_in_a_trade_names_the_crystals_standing_in():
    player = Player(seat=0, name="Ann", tribe="t", side="sun")
    player.resources.update(gear=1, crystal=2)
    game = Game(players=[player])
    before = copy.deepcopy(game)
    ctx = Ctx(game, 0, BASE)
    run_text(ctx, "pay 3 gear -> points 1", ["use"])
    assert _checked(ctx, before) == ["Ann pays {'gear': 1, 'crystal': 2}", "Ann scores 1 point"]


def test_pay_3_gear_says_1_gear_and_2_book_when_books_stand_in():
    from revive_dsl.rules.base.board_actions import build

    game = _a08("nadair", gear=1, book=2)
    game.players[0].technologies = ["t1"]  # Nàdair's book barter: books may stand in for gears and food
    before = copy.deepcopy(game)
    ctx = Ctx(game, 0, BASE)
    run_to_end(build(ctx), ["-4,5", "small"])
    assert (game.players[0].resources["gear"], game.players[0].resources["book"]) == (0, 0)
    assert "Ann builds a small building on -4,5 (pay 1 gear + 2 book)" in _checked(ctx, before)


def test_gains_1_crystal_says_1_food_when_the_crystal_over_its_cap_became_a_food():
    player = Player(seat=0, name="Ann", tribe="t", side="sun")
    player.resources.update(crystal=3)
    game = Game(players=[player])
    before = copy.deepcopy(game)
    ctx = Ctx(game, 0, BASE)
    run_text(ctx, "gain 1 crystal", ["food"])
    assert (player.resources["crystal"], player.resources["food"]) == (3, 1)
    assert _checked(ctx, before) == ["Ann gains 1 food (1 crystal over its cap taken as food)"]


def test_gains_over_a_cap_says_what_was_lost():
    player = Player(seat=0, name="Ann", tribe="t", side="sun")
    player.resources.update(gear=5)
    game = Game(players=[player])
    before = copy.deepcopy(game)
    ctx = Ctx(game, 0, BASE)
    run_text(ctx, "gain 3 gear")
    assert _checked(ctx, before) == ["Ann gains 1 gear (2 lost over its cap)"]


def test_crystal_gain_line_matches_the_resource_generator_result():
    player = Player(seat=0, name="Ann", tribe="t", side="sun")
    player.resources.update(crystal=2)
    got = []

    def gen():
        got.append((yield from res.gain(player, "crystal", 2)))

    run_to_end(gen(), ["gear"])
    assert got == [{"crystal": 1, "gear": 1}]
    assert res.gained_text("crystal", 2, got[0]) == "gains 1 crystal + 1 gear (1 crystal over its cap taken as gear)"


def _converter_ctx() -> Ctx:
    from revive_dsl.rules.abyss.state import abyss_player

    abyss_rules = Rules.load(("base", "abyss"))
    player = abyss_player(
        seat=0,
        name="Ann",
        tribe="nadair",
        side="sun",
        unlocked=["special_yellow_1"],
        special_machines={"special_yellow_1": "abyss_mach_converter"},
        energy=1,
    )
    return Ctx(Game(players=[player], packs=list(abyss_rules.packs)), 0, abyss_rules)


def test_converts_2_points_into_1_devotion_says_1_point_for_a_1_to_1_conversion_of_1_point():
    from revive_dsl.rules.base.gains import gain_points

    ctx = _converter_ctx()
    before = copy.deepcopy(ctx.game)
    run_to_end(gain_points(ctx, 1), ["special_yellow_1", "1"])
    log = _checked(ctx, before)
    assert "Ann converts 1 point into 1 devotion" in log
    assert not any("converts 2 points" in line for line in log)


def test_converts_line_adds_the_1_to_1_and_the_2_to_1_shares():
    from revive_dsl.rules.abyss.state import abyss
    from revive_dsl.rules.base.gains import gain_points

    ctx = _converter_ctx()
    run_to_end(gain_points(ctx, 4), ["special_yellow_1", "1", "2"])  # 1 point 1:1, then 2 points 2:1, 1 kept
    assert (abyss(ctx.player).devotion, ctx.player.points) == (2, 1)
    assert "Ann converts 3 points into 2 devotion" in ctx.log
