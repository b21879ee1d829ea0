"""``revive board [SCRIPT] [--at N]``: the hex map with every space's key and every tile slot's key.

Without a script it draws the board of a fresh two-player base game (seed 0); with one, the board after
step N (default: the last). :func:`space_facts` tells one space: its terrain, its tile, its neighbours and
what stands on it (``revive board SCRIPT --space KEY``, ``revive explain KEY --script SCRIPT``).

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.setup import new_game
>>> rules = Rules.load(("base",))
>>> game = new_game(rules, [("Ann", "nadair", "sun"), ("Bob", "ox49", "moon")], seed=0)
>>> space_facts(game, rules, "0,0")[0]
'0,0: chasm, no tile slot'
"""

from __future__ import annotations

import argparse
import difflib
from typing import Any

from revive_dsl.engine.geometry import geometry, terrain
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import all_buildings, tokens_at
from revive_dsl.replay.console import make_console, width

DEFAULT_PLAYERS = [("Ann", "nadair", "sun"), ("Bob", "ox49", "moon")]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", nargs="?", help="a replay script (default: a fresh two-player base game)")
    parser.add_argument("--at", type=int, help="after which step (0: the start; default: the script's last)")
    parser.add_argument("--space", help="tell one space: terrain, tile, neighbours, what stands on it")
    parser.add_argument("--no-color", action="store_true", help="no colours")
    parser.add_argument("--width", type=width, help="console width")


class StepOutOfRange(ValueError):
    """``--at`` names a step the script does not have (or is given without a script)."""


def board_state(script_path: str | None, at: int | None) -> tuple[Any, Rules]:
    """The game and rules to draw: a script's state after step ``at``, or a fresh base game; raises
    :class:`StepOutOfRange` for a step outside 0 (the start) to the script's last, as ``revive moves`` does."""
    from revive_dsl.engine.setup import new_game
    from revive_dsl.replay.player import Replay
    from revive_dsl.replay.script import load_script

    if script_path is None:
        if at is not None:
            raise StepOutOfRange(f"--at {at}: a step of which script? give one (--at reads a script's steps)")
        rules = Rules.load(("base",))
        return new_game(rules, DEFAULT_PLAYERS, seed=0), rules
    replay = Replay(load_script(script_path))
    total = len(replay.script.steps)
    if at is not None and not 0 <= at <= total:
        steps = f"{total} step{'s' if total != 1 else ''}"
        raise StepOutOfRange(f"--at {at}: the script has {steps} (--at 0, the start, to --at {total})")
    replay.run(to=at)
    return replay.game, replay.rules


def space_facts(game: Any, rules: Rules, space: str) -> list[str]:
    """One space in words: its terrain and tile slot, its neighbours, and what stands on it."""
    geo = geometry(rules)
    slot = geo.slot_of.get(space, (None,))[0]
    shown = terrain(rules, game.board, space)
    ground = shown or ("face-down tile" if slot in game.board.tiles else "nothing")
    tile = game.board.tiles.get(slot, {}) if slot else {}
    where = f"tile slot {slot}" + (
        f" ({tile['tile']}, {'face up' if tile.get('explored') else 'face down'})" if tile else ""
    )
    lines = [f"{space}: {ground.replace('_', ' ')}, {where if slot else 'no tile slot'}"]
    lines.append("neighbours: " + ", ".join(sorted(geo.neighbours.get(space, ()))))
    names = [p.name for p in game.players]
    here = []
    for at, building in all_buildings(game.board):
        if at == space:
            here.append(f"{names[building['player']]}'s {building.get('size', 'small')} building")
    if space in game.board.figures:
        here.append("figures of " + ", ".join(names[s] for s in game.board.figures[space]))
    for token in tokens_at(game.board, space):
        here.append(f"{names[token.get('player', 0)]}'s {token.get('token')}")
    if space in game.board.large_locations:
        here.append(f"large location {game.board.large_locations[space]['tile']}")
    lines.append("on it: " + ("; ".join(here) if here else "nothing"))
    return lines


def known_spaces(rules: Rules) -> list[str]:
    """Every space key of the board."""
    geo = geometry(rules)
    return sorted(geo.neighbours)


def main(args: argparse.Namespace) -> int:
    """Run ``revive board``; the exit code."""
    import sys

    from revive_dsl.replay.hexmap import render_coordinates

    try:
        game, rules = board_state(args.script, args.at)
    except StepOutOfRange as err:
        print(f"{getattr(args, 'prog', 'revive board')}: {err}", file=sys.stderr)
        return 2
    console = make_console(args.no_color, args.width)
    if args.space:
        spaces = known_spaces(rules)
        if args.space not in spaces:
            close = difflib.get_close_matches(args.space, spaces, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            print(f"unknown space '{args.space}'{hint} (keys are q,r or a corner: see `revive board`)", file=sys.stderr)
            return 1
        for line in space_facts(game, rules, args.space):
            console.print(line)
        return 0
    console.print(render_coordinates(game, rules))
    return 0
