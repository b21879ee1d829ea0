"""The cyclic garbage collector's settings for a process that replays, verifies or simulates games.

A replay makes many short-lived containers per move (option lists, range maps, copies of the state) while the
loaded content, the compiled effect trees and the states kept for going back live on. With the default
thresholds the collector walks that long-lived heap again and again: about a third of the time of replaying
the bundled scripts. :func:`tune_gc` moves everything alive so far (modules, grammars, loaded content) out of
the collector's sight (``gc.freeze``) and lets the youngest generation grow to 20,000 objects before a
collection. Measured on the 21 bundled scripts (3,834 moves, three passes, CPU time): 1.85 s with the
defaults, 1.47 s frozen only, 1.23 s with both (``bench/bench_replay.py`` prints both figures).

The ``revive`` command calls it as it starts (``revive_dsl.cli.run``); a Python user may call it, best once
content is loaded. Garbage cycles are still
collected, only less often: memory stays bounded.

>>> import gc
>>> saved = gc.get_threshold()
>>> tune_gc(); gc.get_threshold()
(20000, 20, 20)
>>> gc.set_threshold(*saved); gc.unfreeze()
"""

from __future__ import annotations

import gc

THRESHOLDS = (20_000, 20, 20)


def tune_gc() -> None:
    """Collect, freeze what is alive now and raise the collector's thresholds (:data:`THRESHOLDS`)."""
    gc.collect()  # no garbage is frozen with the rest
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
