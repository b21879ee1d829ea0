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
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revive_dsl.balance import BalanceSetup, run_balance  # noqa: E402
from revive_dsl.balance.game import catalogue  # noqa: E402
from revive_dsl.balance.names import report_names  # noqa: E402
from revive_dsl.balance.report import build_report  # noqa: E402
from revive_dsl.balance.run import game_file, play_games  # noqa: E402
from revive_dsl.engine.rules import Rules  # noqa: E402
from revive_dsl.locations import core  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _dask(*args: str) -> list[str]:
    found = Path(sys.executable).parent / "dask"
    if found.is_file():
        return [str(found), *args]
    module = {"scheduler": "distributed.cli.dask_scheduler", "worker": "distributed.cli.dask_worker"}[args[0]]
    return [sys.executable, "-m", module, *args[1:]]


class Cluster:
    """A scheduler and worker processes of their own; the workers' CPU seconds counted as each ends."""

    def __init__(self, workers: int):
        self.address = f"tcp://127.0.0.1:{_free_port()}"
        port = self.address.rsplit(":", 1)[1]
        self.scheduler = subprocess.Popen(
            _dask("scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.workers = [self.start_worker() for _ in range(workers)]
        self.cpu = 0.0  # CPU seconds of the workers that have ended

    def start_worker(self) -> subprocess.Popen:
        flags = ("--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1")
        command = _dask("worker", self.address, *flags)
        return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def cpu_of(self, process: subprocess.Popen) -> float:
        import psutil  # a dependency of distributed

        times = psutil.Process(process.pid).cpu_times()
        return times.user + times.system

    def kill_one(self) -> None:
        victim = self.workers.pop(0)
        self.cpu += self.cpu_of(victim)
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        self.workers.append(self.start_worker())

    def close(self) -> None:
        for process in self.workers:
            if process.poll() is None:
                self.cpu += self.cpu_of(process)
        for process in [*self.workers, self.scheduler]:
            if process.poll() is None:
                process.terminate()
        for process in [*self.workers, self.scheduler]:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _client(address: str, workers: int):
    from distributed import Client

    deadline = time.monotonic() + 60
    while True:
        try:
            client = Client(address, timeout="5s")
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)
    client.wait_for_workers(workers, timeout=60)
    return client


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
        cluster = Cluster(opts.workers)
        killed = []
        try:
            with _client(cluster.address, opts.workers) as client:

                def seen(done: int, total: int) -> None:
                    if opts.kill and not killed and done >= total // 10:
                        cluster.kill_one()
                        killed.append(done)
                    if done and done % max(1, total // 10) == 0:
                        print(f"  {done} games", flush=True)

                start = time.perf_counter()
                report = run_balance(setup, out, client=client, on_game=seen)
                seconds = time.perf_counter() - start
        finally:
            cluster.close()
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
            alone = build_report(setup.to_dict(), local, report_names(rules), catalogue(rules, setup.tribes))
            same = same and json.loads(json.dumps(alone)) == json.loads((out / "report.json").read_text())
        whole = " and the same report" if check == opts.games else ""
        print(f"the same figures, game by game{whole}" if same else f"DIFFERENT: games {differ[:10]}")
        never = ", ".join(report["never"]["scored"]) or "nothing"
        rounds = report["length"]["rounds"]["mean"]
        print(f"mean score {report['score']['mean']}, {rounds} rounds; never scored: {never}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
