"""How strong the computer players are against each other, and where their points come from.

    pip install '.[balance,bench]'
    python bench/bench_strength.py [--match mcts:48,greedy] [--games 48] [--packs base] [--workers 2] [--seed 2026]

Plays ``--games`` two-player games of the two players named by ``--match`` (the balance lab's settings: every tribe
of the packs, seats and sides rotated, the players turned round the seats each game), on a local Dask cluster of
``--workers`` processes (0: in this process), and prints each player's wins with a 95% interval, its mean final
score, and its mean points a seat from each source (each action and each line of the final scoring), the large
locations', buildings' and populating's share among them, and in what share of its turns the map's moves were
offered and made (the balance lab's chances). Plain text; nothing is asserted: a strength is a
measurement, and a test would only pin one seed's luck.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revive_dsl.balance import BalanceSetup, dask_client  # noqa: E402
from revive_dsl.balance.report import wilson  # noqa: E402
from revive_dsl.balance.run import play_games  # noqa: E402
from revive_dsl.engine.rules import Rules  # noqa: E402
from revive_dsl.locations import core  # noqa: E402

# The sources a real game's points come from on the map, whose share is printed on its own line.
MAP_SOURCES = ("end: large location", "build", "populate", "end: unlocked technologies")
# The moves whose chances are printed: in what share of a player's turns each was offered, and made.
CHANCES = ("build", "populate", "populate: large location", "explore", "hibernate")


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--match", default="mcts:48,greedy", help="the two computer players, comma-separated")
    args.add_argument("--games", type=int, default=48)
    args.add_argument("--packs", default="base")
    args.add_argument("--workers", type=int, default=2)
    args.add_argument("--seed", type=int, default=2026)
    opts = args.parse_args()
    players = tuple(opts.match.split(","))
    if len(players) != 2:
        args.error("--match names two players")
    packs = tuple(opts.packs.split(","))
    rules = Rules.load(packs)
    tribes = tuple(rules.ids("tribe"))
    sides = {t: tuple(rules.data(t)["sides"]) for t in tribes}
    setup = BalanceSetup(
        packs=packs, players=2, tribes=tribes, ai=players, games=opts.games, seed=opts.seed, tribe_sides=sides
    )
    print(f"{opts.match}: {opts.games} two-player games of {opts.packs}, seed {opts.seed} ({core()} core)")
    start = time.perf_counter()
    if opts.workers:
        with dask_client(workers=opts.workers) as client:
            games = list(play_games(setup, range(opts.games), client))
    else:
        games = list(play_games(setup, range(opts.games)))
    took = time.perf_counter() - start
    wins = {p: 0.0 for p in players}
    seats = {p: [] for p in players}
    for game in games:
        winners = [seat for seat in game["seats"] if seat["won"]]
        for seat in winners:
            wins[seat["ai"]] += 1 / len(winners)  # a shared victory shared
        for seat in game["seats"]:
            seats[seat["ai"]].append(seat)
    print(f"{len(games)} games in {took:.1f} s ({took / len(games):.1f} s a game)")
    for player in players:
        low, high = wilson(round(wins[player]), len(games))
        mine = seats[player]
        mean = sum(s["total"] for s in mine) / len(mine)
        print(
            f"  {player:<10} won {wins[player]:g} of {len(games)} ({100 * wins[player] / len(games):.1f}%, "
            f"95%: {100 * low:.1f}-{100 * high:.1f}%), mean score {mean:.1f}"
        )
    sources = sorted({k for player in players for s in seats[player] for k in s["sources"]})
    print(f"  {'points a seat by source':<32}" + "".join(f"{p:>12}" for p in players))
    for source in sources:
        row = [sum(s["sources"].get(source, 0) for s in seats[p]) / len(seats[p]) for p in players]
        if any(row):
            print(f"  {source:<32}" + "".join(f"{v:12.2f}" for v in row))
    shares = []
    for p in players:
        total = sum(s["total"] for s in seats[p]) or 1
        on_map = sum(s["sources"].get(k, 0) for s in seats[p] for k in MAP_SOURCES)
        shares.append(100 * on_map / total)
    print(f"  {'share from the map (%)':<32}" + "".join(f"{v:12.1f}" for v in shares))
    print(f"  {'turns offered / made (%)':<32}" + "".join(f"{p:>12}" for p in players))
    for move in CHANCES:
        row = []
        for p in players:
            turns = sum(s["chances"]["turns"] for s in seats[p]) or 1
            offered = sum(s["chances"]["offered"].get(move, 0) for s in seats[p])
            made = sum(s["chances"]["taken"].get(move, 0) for s in seats[p])
            row.append(f"{100 * offered / turns:.1f}/{100 * made / turns:.1f}")
        print(f"  {move:<32}" + "".join(f"{v:>12}" for v in row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
