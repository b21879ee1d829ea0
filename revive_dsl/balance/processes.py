"""A Dask scheduler and workers started as processes of their own on this machine, as ``dask scheduler`` and ``dask
worker`` start them on several: what the tests and ``bench/bench_balance.py`` run a balance lab on, to show that a
run on separate processes, one of them killed midway, gives the same figures as a run in one.

    with ProcessCluster(workers=2) as cluster, cluster.client() as client:
        report = run_balance(setup, client=client)

Each worker has one thread and no nanny (a killed worker stays dead, as a lost machine would); ``kill_one``
kills one and starts another in its place; ``cpu`` is the CPU seconds of the workers that have ended (read just
before each ends).
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def free_port() -> int:
    """A TCP port of this machine free now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def dask_command(*args: str) -> list[str]:
    """The ``dask`` command of this Python (``dask scheduler ...``, ``dask worker ...``), or its module."""
    found = Path(sys.executable).parent / "dask"
    if found.is_file():
        return [str(found), *args]
    module = {"scheduler": "distributed.cli.dask_scheduler", "worker": "distributed.cli.dask_worker"}[args[0]]
    return [sys.executable, "-m", module, *args[1:]]


class ProcessCluster:
    """A scheduler and ``workers`` worker processes of their own on 127.0.0.1, all ended on :meth:`close`."""

    def __init__(self, workers: int):
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.cpu = 0.0
        self.scheduler = self._start("scheduler", "--host", "127.0.0.1", "--port", str(self.port), "--no-dashboard")
        self.workers = [self.start_worker() for _ in range(workers)]

    def _start(self, *args: str) -> subprocess.Popen:
        return subprocess.Popen(dask_command(*args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def start_worker(self) -> subprocess.Popen:
        """One more worker process (one thread, no nanny)."""
        flags = ("--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1")
        return self._start("worker", self.address, *flags)

    @staticmethod
    def cpu_of(process: subprocess.Popen) -> float:
        """A running process's CPU seconds (user and system)."""
        import psutil  # a dependency of distributed

        try:
            times = psutil.Process(process.pid).cpu_times()
        except psutil.NoSuchProcess:  # it has just ended
            return 0.0
        return times.user + times.system

    def kill_one(self) -> None:
        """Kill the first worker (SIGKILL) and start another in its place."""
        victim = self.workers.pop(0)
        self.cpu += self.cpu_of(victim)
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        self.workers.append(self.start_worker())

    @contextmanager
    def client(self, timeout: float = 60) -> Iterator[Any]:
        """A Dask client of the cluster once all its workers are there (within ``timeout`` seconds)."""
        from distributed import Client

        deadline = time.monotonic() + timeout
        while True:
            try:
                made = Client(self.address, timeout="5s")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)
        try:
            made.wait_for_workers(len(self.workers), timeout=timeout)
            yield made
        finally:
            made.close()

    def close(self) -> None:
        """End every process (terminated, then killed after 10 seconds)."""
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

    def __enter__(self) -> ProcessCluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
