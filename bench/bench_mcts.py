"""How fast the mcts player searches: playouts a second over decisions of random games, and where a playout's time goes.

    python bench/bench_mcts.py [--playouts N] [--profile]

It plays random games of the base game and of base + Call of the Abyss, 2 and 4 players, two of each, and takes the
first turn decision with three or more moves after the 30th, 90th and 150th decision of each: 24 positions. The mcts
player (``mcts:N``, seed 1) chooses at each; the figure is playouts a CPU second (``time.process_time``) over them
all, with how many times a playout lists the legal moves of a turn (``legal_moves``) and a digest of the choices
made (the same code and seed choose the same). Compare two versions by running each in turn in one session, each
from its own tree (``PYTHONPATH``). ``--profile`` prints the functions that take most of the search's time instead.
Plain text, no asserts.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import revive_dsl.engine.game as game_module  # noqa: E402
from revive_dsl.ai.mcts import MctsPlayer  # noqa: E402
from revive_dsl.ai.position import Position  # noqa: E402
from revive_dsl.engine.decisions import Decision  # noqa: E402
from revive_dsl.engine.game import Runner  # noqa: E402
from revive_dsl.engine.registry import load_all  # noqa: E402
from revive_dsl.engine.rules import Rules  # noqa: E402
from revive_dsl.engine.setup import new_game  # noqa: E402
from revive_dsl.engine.simulate import seating  # noqa: E402
from revive_dsl.locations import core  # noqa: E402


class ListedDriver:
    """Random answers drawn from the listed options, as ``RandomDriver`` drew them until it drew without listing: the
    positions are those every version of this bench searched, so their figures compare."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def answer(self, decision: Decision) -> str:
        options = decision.options
        return options[self.rng.randrange(len(options))].key


def positions() -> list[Position]:
    """Turn decisions of random games with three or more moves: the first after the 30th, 90th, 150th decision."""
    found = []
    for packs in (("base",), ("base", "abyss")):
        rules = Rules.load(packs)
        for count in (2, 4):
            for index in range(2):
                runner = Runner(new_game(rules, seating(rules, count, index), seed=index), rules)
                driver = ListedDriver(index)
                marks = [30, 90, 150]
                for step in range(400):
                    decision = runner.decision()
                    if decision is None or not marks:
                        break
                    if step >= marks[0] and runner.between_moves and len(decision.legal_keys()) >= 3:
                        marks.pop(0)
                        found.append(Position(rules, runner.game, (), decision))
                    runner.answer(driver.answer(decision))
    return found


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--playouts", type=int, default=40, help="playouts a decision (default 40)")
    args.add_argument("--profile", action="store_true", help="print where the search's time goes, then stop")
    args.add_argument("--sort", default="tottime", help="with --profile: the profile's order (default tottime)")
    opts = args.parse_args()
    load_all()
    found = positions()
    listings = [0]
    plain = game_module.legal_moves

    def counted(game):
        listings[0] += 1
        return plain(game)

    game_module.legal_moves = counted
    player = MctsPlayer(1, playouts=opts.playouts)
    if opts.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for position in found:
            player.choose(position)
        profiler.disable()
        pstats.Stats(profiler).sort_stats(opts.sort).print_stats(30)
        return
    start = time.process_time()
    choices = [player.choose(position) for position in found]
    seconds = time.process_time() - start
    done = opts.playouts * len(found)
    digest = hashlib.sha256(repr(choices).encode()).hexdigest()[:12]
    print(f"mcts:{opts.playouts} at {len(found)} positions (base and base+abyss, 2 and 4 players): {done} playouts")
    print(f"{done / seconds:.0f} playouts/s; {listings[0] / done:.2f} turn listings a playout; choices {digest}")
    print(f"({core()} core)")


if __name__ == "__main__":
    main()
