"""How fast the engine plays: random games per second, decisions per second, and the cost of a state copy.

    python bench/bench_engine.py [--games N] [--seed S] [--profile]

For 1, 2, 3 and 4 players it plays N complete random games (invariants checked after every move,
as ``revive simulate`` does) and prints the median time per game, games per second and decisions
per second. Then it collects the committed state after every move of one 4-player game and prints
the median cost of ``Game.to_json`` (canonical JSON) and ``Game.clone`` per step, and their ratio to
the median time of one decision. Last, python-chess's random playouts (legal moves listed, one pushed)
in plies per second, and the ratio of our 4-player decisions per second to it (our random player draws each
answer without listing the options, ``Decision.sample``: the same odds as a draw from the list). Times are the process's
CPU time (``time.process_time``), so that other work on a shared machine does not inflate them; on an
idle machine they match wall time. Plain text, no asserts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revive_dsl.engine.drivers import RandomDriver  # noqa: E402
from revive_dsl.engine.game import Runner  # noqa: E402
from revive_dsl.engine.registry import load_all  # noqa: E402
from revive_dsl.engine.rules import Rules  # noqa: E402
from revive_dsl.engine.setup import new_game  # noqa: E402
from revive_dsl.engine.simulate import play_random_game, seating  # noqa: E402
from revive_dsl.locations import core  # noqa: E402


def states_of_one_game(rules: Rules, seed: int):
    players = seating(rules, 4, 0)
    runner, driver, states = Runner(new_game(rules, players, seed=seed), rules), RandomDriver(seed), []
    while (decision := runner.decision()) is not None:
        runner.answer(driver.answer(decision))
        if runner.between_moves:
            states.append(runner.game)
    return states


def median_us(fn, items) -> float:
    times = []
    for item in items:
        start = time.process_time()
        fn(item)
        times.append(time.process_time() - start)
    return statistics.median(times) * 1e6


# Where random play's time goes, for ``--profile``: (label, module file, function name); the lines nest, and a line
# counts wherever its function is called from (the checks: within the random player's draws, and the moves').
PROFILED = [
    ("the random player drawing an answer (RandomDriver.answer)", "drivers.py", "answer"),
    ("listing the legal moves (legal_moves)", "game.py", "legal_moves"),
    ("whether explore, build, populate have an option", "board_actions.py", "action_possible"),
    ("  of which explore's check (explore_possible)", "board_actions.py", "explore_possible"),
    ("  of which build's check (build_possible)", "board_actions.py", "build_possible"),
    ("  of which populate's check (populate_possible)", "board_actions.py", "populate_possible"),
    ("    of which every target priced (discounts differ)", "board_actions.py", "_choices_any"),
    ("  of which machines tried on a copy (_enabling)", "board_actions.py", "_enabling"),
    ("answering a decision (Runner.answer)", "game.py", "answer"),
    ("  of which carrying out the moves (the rules)", "game.py", "_advance"),
    ("  of which a whole copy of the state per move (Game.clone)", "state.py", "clone"),
    ("range maps searched (_searched)", "range.py", "_searched"),
    ("range maps' keys (range_key)", "range.py", "range_key"),
    ("the map's layout (geometry._layout_now)", "geometry.py", "_layout_now"),
]


def _play_games(rules: Rules, seed: int, games: int) -> int:
    """Play ``games`` 4-player random games without invariant checks; the number of decisions."""
    return sum(len(play_random_game(rules, seating(rules, 4, i), seed + i, check=False).answers) for i in range(games))


def profile(rules: Rules, seed: int, games: int) -> None:
    """Shares of random play's time and what they cost a decision, from a statistical profiler (bench/sampling.py):
    the games are timed alone, then sampled, each time with no range map or map layout kept from before (the same
    games played again would find every one kept)."""
    from sampling import Sampler

    from revive_dsl.engine import geometry

    def afresh() -> None:
        rules._range_maps.clear()
        geometry.geometry(rules).memo.clear()

    afresh()
    start = time.process_time()
    decisions = _play_games(rules, seed, games)
    per_decision = (time.process_time() - start) / decisions * 1e6
    afresh()
    with Sampler(within=("bench_engine.py", "_play_games")) as sampler:
        _play_games(rules, seed, games)
    print(f"where random play's time goes: {games} 4-player games, {decisions} decisions, {per_decision:.0f} µs a")
    print(f"decision (timed alone); {sampler.samples} samples (a share's noise: about {sampler.samples**-0.5:.0%})")
    for label, file, name in PROFILED:
        share = sampler.share(file, name)
        print(f"  {label:<62}{share:>6.0%}{share * per_decision:>7.0f} µs")


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--games", type=int, default=5, help="games per player count (default 5)")
    args.add_argument("--seed", type=int, default=1)
    args.add_argument("--profile", action="store_true", help="print where random play's time goes, then stop")
    opts = args.parse_args()
    load_all()
    rules = Rules.load(("base",))
    play_random_game(rules, seating(rules, 2, 0), opts.seed)  # warm the caches
    if opts.profile:
        profile(rules, opts.seed, opts.games)
        return

    print(f"python {sys.version.split()[0]} ({core()} core)")
    print(f"{opts.games} random games per player count, invariants checked")
    print()
    print(f"{'players':<9}{'median game':>13}{'games/s':>10}{'decisions/game':>16}{'decisions/s':>13}")
    per_decision = []
    rates: dict[int, float] = {}
    for count in (1, 2, 3, 4):
        times, decisions = [], []
        for index in range(opts.games):
            start = time.process_time()
            record = play_random_game(rules, seating(rules, count, index), opts.seed + index)
            times.append(time.process_time() - start)
            decisions.append(len(record.answers))
        game_s = statistics.median(times)
        rate = sum(decisions) / sum(times)
        per_decision.append(1 / rate)
        rates[count] = rate
        print(f"{count:<9}{game_s * 1000:10.0f} ms{1 / game_s:10.2f}{statistics.median(decisions):16.0f}{rate:13.0f}")

    states = states_of_one_game(rules, opts.seed)
    json_us = median_us(lambda g: g.to_json(), states)
    clone_us = median_us(lambda g: g.clone(), states)
    decision_us = statistics.median(per_decision) * 1e6
    print()
    print(f"per step, median over the {len(states)} committed states of one 4-player game:")
    print(f"{'Game.to_json':<16}{json_us:9.0f} µs  ({json_us / decision_us:.2f}x a decision)")
    print(f"{'Game.clone':<16}{clone_us:9.0f} µs  ({clone_us / decision_us:.2f}x a decision)")
    print(f"{'one decision':<16}{decision_us:9.0f} µs")
    chess_playouts(opts.seed, rates[4])


def chess_playouts(seed: int, ours: float, games: int = 50, plies: int = 200) -> None:
    """python-chess's random playout (legal move generation + push) in plies per second, beside ours."""
    try:
        import chess
    except ImportError:  # pragma: no cover - the bench extra is not installed
        print("\n(python-chess is not installed: pip install '.[bench]' for the comparison)")
        return
    import random

    rng = random.Random(seed)
    done, start = 0, time.process_time()
    for _ in range(games):
        board = chess.Board()
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
            done += 1
    chess_rate = done / (time.process_time() - start)
    print()
    print(f"python-chess {chess.__version__}: {games} random playouts, legal moves + push: {chess_rate:.0f} plies/s")
    print(f"4-player random game, decisions/s: {ours:.0f} ({ours / chess_rate:.3f}x chess's plies/s)")


if __name__ == "__main__":
    main()
