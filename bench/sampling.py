"""A statistical profiler for the benchmarks: where a loop's time goes, without cProfile's weight on small calls.

A thread looks at the main thread's stack every ``interval`` seconds and counts, for each function on it, one
sample: a function's share is the share of samples in which it was running or waiting for what it called. Unlike
a deterministic profiler, which adds a fixed cost to every call and so weighs a function by how often it is called,
a sample costs the same wherever the program is, so shares are those of the unprofiled program (give or take
the samples' own noise: about ``1/sqrt(samples)``).

>>> import time
>>> def busy():
...     end = time.process_time() + 0.2
...     while time.process_time() < end:
...         pass
>>> with Sampler() as sampler:
...     busy()
>>> sampler.share("", "busy") > 0.9  # any file: the function was written here
True
"""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter


class Sampler:
    """Counts, every ``interval`` seconds, the functions on the main thread's stack (see the module)."""

    def __init__(self, interval: float = 0.0005, within: tuple[str, str] | None = None):
        self.interval = interval
        self.within = within  # (file suffix, function): count only samples taken inside it
        self.samples = 0
        self.counts: Counter[tuple[str, str]] = Counter()
        self._stop = threading.Event()
        self._main = threading.main_thread().ident
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._switch = sys.getswitchinterval()

    def __enter__(self) -> Sampler:
        sys.setswitchinterval(self.interval / 2)  # the main thread lets the sampler in that often
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        sys.setswitchinterval(self._switch)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            frame = sys._current_frames().get(self._main)
            seen: set[tuple[str, str]] = set()
            while frame is not None:
                code = frame.f_code
                seen.add((code.co_filename, code.co_name))
                frame = frame.f_back
            if self.within is not None and not any(self._match(key, *self.within) for key in seen):
                continue
            self.samples += 1
            self.counts.update(seen)

    @staticmethod
    def _match(key: tuple[str, str], file: str, name: str) -> bool:
        return key[1] == name and key[0].endswith(file)

    def share(self, file: str, name: str) -> float:
        """The share of samples with ``name`` (a function of a file ending in ``file``) on the stack."""
        hits = sum(count for key, count in self.counts.items() if self._match(key, file, name))
        return hits / self.samples if self.samples else 0.0


def timed(fn, *args) -> tuple[float, object]:
    """CPU seconds ``fn(*args)`` took, and what it gave."""
    start = time.process_time()
    out = fn(*args)
    return time.process_time() - start, out
