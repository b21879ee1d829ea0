"""Memory per step of history, and the cost of a step against how much history a process keeps.

    python bench/bench_history.py [--script FILE]

A replay keeps every committed state for going back (``Replay.states``). This prints:

- the memory a replay retains per step (``tracemalloc``, after a collection), with the states kept as they
  are (each sharing what its move did not change with the one before: ``engine.state.settle``) and, for
  comparison, as full independent copies; and per state of a 10,000-state history, the states alone;
- the CPU time per step in windows of 100 steps along the replay, as its history grows, with the states
  shared and (as before they shared) kept as full copies, under Python's default collector and under the
  collector as ``revive`` tunes it (``revive_dsl.gctune``);
- the CPU time per step of replaying the script while 0, 1,000 and 10,000 earlier states are kept alive
  (the states of the script replayed over and over, as a long script's history would keep them).

Plain text, no asserts.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

from revive_dsl.replay import Replay, load_script

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "replays" / "games" / "4p-formica-vukuntur-nadair-hofstadterians.yaml"


def retained_per_step(script, shared: bool) -> float:
    """KiB retained per step by a replay's history."""
    gc.collect()
    tracemalloc.start()
    replay = Replay(script)
    start = tracemalloc.get_traced_memory()[0]
    replay.run()
    if not shared:
        replay.states = [state.clone() for state in replay.states]
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    return used / replay.done / 1024


def retained_per_state(script, size: int) -> float:
    """KiB retained per state by a history of ``size`` states (:func:`history`), the states alone."""
    gc.collect()
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    kept = history(script, size)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    del kept
    return used / size / 1024


def history(script, size: int, shared: bool = True) -> list:
    """``size`` states like a long script's: the states of the script replayed over and over, each sharing
    with the one before what its move did not change (or, not ``shared``, full independent copies as before the
    states shared)."""
    kept = []
    while len(kept) < size:
        replay = Replay(script)
        replay.run()
        kept += replay.states if shared else [state.clone() for state in replay.states]
    return kept[:size]


def step_cost(script, repeat: int = 3) -> float:
    """Median CPU µs per step of replaying the script (the caller keeps its history alive meanwhile)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        replay = Replay(script)
        replay.run()
        times.append((time.process_time() - start) / replay.done)
    return statistics.median(times) * 1e6


class FullCopies(Replay):
    """A replay keeping each step's state as a full independent copy (as before the states shared)."""

    def step(self):
        result = super().step()
        self.runner.game = self.states[-1] = self.states[-1].clone()
        return result


def windows(script, shared: bool, repeat: int = 3) -> list[float]:
    """Median CPU µs per step in each window of 100 steps of one replay (full copies kept if not ``shared``)."""
    runs = []
    for _ in range(repeat):
        gc.collect()
        replay = Replay(script) if shared else FullCopies(script)
        marks = [time.process_time()]
        for _ in replay.steps():
            marks.append(time.process_time())
        ends = range(0, len(marks) - 1, 100)
        runs.append(
            [(marks[min(i + 100, len(marks) - 1)] - marks[i]) / (min(i + 100, len(marks) - 1) - i) for i in ends]
        )
    return [statistics.median(window) * 1e6 for window in zip(*runs, strict=True)]


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--script", default=str(DEFAULT), help="a replay script (default: a bundled 4-player game)")
    opts = args.parse_args()
    script = load_script(opts.script)
    Replay(script).run()  # warm the caches
    print(f"python {sys.version.split()[0]}; {Path(opts.script).name}")
    print()
    print(f"retained per step of history, states shared: {retained_per_step(script, True):.1f} KiB")
    print(f"retained per step of history, full copies:   {retained_per_step(script, False):.1f} KiB")
    print(
        f"retained per state of a 10,000-state history (the states alone): {retained_per_state(script, 10_000):.1f} KiB"
    )
    print()
    from revive_dsl.gctune import tune_gc

    saved = gc.get_threshold()
    print("µs per step, by window of 100 steps along the replay:")
    for tuned in (False, True):
        if tuned:
            tune_gc()
        for shared in (True, False):
            label = f"{'tuned' if tuned else 'default'} collector, {'states shared' if shared else 'full copies'}"
            print(f"  {label:<40}" + "".join(f"{us:>7.0f}" for us in windows(script, shared)))
        gc.unfreeze()
        gc.set_threshold(*saved)
    print()
    print(f"{'states kept':>14}{'default collector µs/step':>28}{'tuned collector µs/step':>26}")
    for size, shared in ((0, True), (1_000, True), (10_000, True)):
        kept = history(script, size, shared)
        gc.collect()
        gc.set_threshold(*saved)
        default = step_cost(script)
        tune_gc()
        tuned = step_cost(script)
        gc.unfreeze()
        gc.set_threshold(*saved)
        label = f"{size}" if shared else f"{size} copies"
        print(f"{label:>14}{default:>28.0f}{tuned:>26.0f}")
        del kept


if __name__ == "__main__":
    main()
