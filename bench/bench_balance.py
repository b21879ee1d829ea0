"""How fast the balance lab plays at scale: a run on a Dask scheduler whose workers are processes of their own,
its games checked against the same games played in this process.

    pip install '.[balance,bench]'
    python bench/bench_balance.py [--games 10000] [--workers 2] [--ai random] [--players 2] [--seed 2026]
                                  [--check N] [--kill]

It starts ``dask scheduler`` and ``--workers`` ``dask worker`` processes (one thread each, no nanny), runs
``run_balance`` on them into a temporary folder, and prints the run's games a second, the games a CPU-second of
the workers (their own CPU time, as the operating system counts it, read just before each ends) and a second per
worker. ``--kill``: one worker is killed (SIGKILL) after a tenth of the games and another started in its place;
the run must still give every game, the same. Then the first ``--check`` games (default: all of them) are played
again in this process without Dask, and each game's figures compared with the cluster's; when all are checked,
the two reports too. Plain text; exit 1 if anything differs. No timing is asserted anywhere.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revive_dsl.balance import BalanceSetup, run_balance  # noqa: E402
from revive_dsl.balance.game import catalogue  # noqa: E402
from revive_dsl.balance.names import report_names  # noqa: E402
from revive_dsl.balance.processes import ProcessCluster  # noqa: E402
from revive_dsl.balance.report import build_report  # noqa: E402
from revive_dsl.balance.run import game_file, play_games  # noqa: E402
from revive_dsl.engine.rules import Rules  # noqa: E402
from revive_dsl.locations import core  # noqa: E402


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--games", type=int, default=10_000)
    args.add_argument("--workers", type=int, default=2)
    args.add_argument("--ai", default="random")
    args.add_argument("--players", type=int, default=2)
    args.add_argument("--packs", default="base")
    args.add_argument("--seed", type=int, default=2026)
    args.add_argument("--check", type=int, default=None, help="games played again in this process (default: all)")
    args.add_argument("--kill", action="store_true", help="kill a worker after a tenth of the games")
    opts = args.parse_args()
    packs = tuple(opts.packs.split(","))
    rules = Rules.load(packs)
    tribes = tuple(rules.ids("tribe"))
    sides = {t: tuple(rules.data(t)["sides"]) for t in tribes}
    setup = BalanceSetup(
        packs=packs,
        players=opts.players,
        tribes=tribes,
        ai=(opts.ai,),
        games=opts.games,
        seed=opts.seed,
        tribe_sides=sides,
    )
    print(f"{opts.games} games of {opts.players} players ({'+'.join(packs)}, {opts.ai}), {core()} core")
    with tempfile.TemporaryDirectory(prefix="revive-balance-") as scratch:
        out = Path(scratch) / "run"
        killed = []
        with ProcessCluster(opts.workers) as cluster, cluster.client() as client:

            def seen(done: int, total: int) -> None:
                if opts.kill and not killed and done >= total // 10:
                    cluster.kill_one()
                    killed.append(done)
                if done and done % max(1, total // 10) == 0:
                    print(f"  {done} games", flush=True)

            start = time.perf_counter()
            report = run_balance(setup, out, client=client, on_game=seen)
            seconds = time.perf_counter() - start
        print(f"scheduler and {opts.workers} worker processes: {seconds:.1f} s, {opts.games / seconds:.1f} games/s")
        print(
            f"workers' CPU {cluster.cpu:.1f} s: {opts.games / cluster.cpu:.2f} games a CPU-second, "
            f"{opts.games / seconds / opts.workers:.2f} games a second per worker"
        )
        if killed:
            print(f"a worker killed after {killed[0]} games, another started; every game reported")
        check = opts.games if opts.check is None else min(opts.check, opts.games)
        start = time.process_time()
        local = list(play_games(setup, range(check)))
        cpu = time.process_time() - start
        differ = [
            f["index"] for f in local if json.loads(game_file(out, f["index"]).read_text()) != json.loads(json.dumps(f))
        ]
        print(f"the first {check} games again in this process: {cpu:.1f} s CPU, {check / cpu:.2f} games a second")
        same = not differ
        if check == opts.games:
            alone = build_report(setup.to_dict(), local, report_names(rules), catalogue(rules, setup.to_dict()))
            same = same and json.loads(json.dumps(alone)) == json.loads((out / "report.json").read_text())
        whole = " and the same report" if check == opts.games else ""
        print(f"the same figures, game by game{whole}" if same else f"DIFFERENT: games {differ[:10]}")
        never = ", ".join(report["never"]["scored"]) or "nothing"
        rounds = report["length"]["rounds"]["mean"]
        print(f"mean score {report['score']['mean']}, {rounds} rounds; never scored: {never}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
