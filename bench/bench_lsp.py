"""How fast the language server answers, in milliseconds, on the bundled content and scripts.

    python bench/bench_lsp.py [--runs N]

Times the calls the server makes (:class:`~revive_dsl.lsp.analysis.Workspace`), not the protocol around them:

- a change of a component file: the diagnostics of the largest bundled content file, and of a 500-line file (the
  citizen cards twice over, the second half's ids renamed, in a copy of the base pack), each keystroke a new text (a
  number changed), after the packs are loaded once;
- the hover of a whole effect text, and completion after a DSL word;
- a script on open or save: the diagnostics with the replay to the first divergence, for the longest bundled
  script, played whole (a new server each time), and after an edit at its end (played on from the states the
  two texts share); then hover on a board space and completion of the
  legal answers on its last step (the same text: played once, then kept); then a keystroke on its last step (a new
  text: diagnostics as you type, then completion, the play going on from the states the two texts share).

Medians of N runs of wall time (``time.perf_counter``), the first call (loading the packs, playing the script)
shown apart. Plain text, no asserts.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revive_dsl.lsp.analysis import Workspace  # noqa: E402


def _ms(call: Callable[[int], object], runs: int) -> tuple[float, float]:
    """(the first call, the median of the next ``runs``) in ms; ``call`` gets the run's number."""
    start = time.perf_counter()
    call(0)
    first = (time.perf_counter() - start) * 1000
    times = []
    for run in range(1, runs + 1):
        start = time.perf_counter()
        call(run)
        times.append((time.perf_counter() - start) * 1000)
    return first, statistics.median(times)


def _show(what: str, figures: tuple[float, float], runs: int) -> None:
    print(f"{what:<66} first {figures[0]:7.1f} ms   median of {runs} {figures[1]:7.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    folder = Path(tempfile.mkdtemp())
    pack = folder / "base"
    shutil.copytree(ROOT / "content" / "base", pack)
    largest = max(pack.glob("*.yaml"), key=lambda p: len(p.read_text(encoding="utf-8").splitlines()))
    cards = (pack / "citizen_cards.yaml").read_text(encoding="utf-8")
    head, body = cards.split("components:\n", 1)
    big = pack / "citizen_cards.yaml"
    big.write_text(f"{head}components:\n{body}{body.replace('- id: ', '- id: twin_')}", encoding="utf-8")

    for path in (largest, big):
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        ws = Workspace()

        def change(run: int, path: Path = path, text: str = text, ws: Workspace = ws) -> object:
            changed = text.replace("gain 2 gear", f"gain {run % 9 + 1} gear", 1)
            problems = ws.diagnostics(str(path), changed)
            assert problems == [], problems[:1]
            return problems

        _show(f"change of {path.name} ({lines} lines): diagnostics", _ms(change, runs), runs)

    ws = Workspace()
    text = big.read_text(encoding="utf-8")
    rows = text.split("\n")
    row = next(i for i, r in enumerate(rows) if 'top: "gain 2 gear"' in r)
    column = rows[row].index("gain 2 gear") + 6
    _show("hover on an effect text (500-line file)", _ms(lambda run: ws.hover(str(big), text, row, column), runs), runs)
    _show(
        "completion after `gain 2 ` (500-line file)",
        _ms(lambda run: ws.completions(str(big), text, row, column), runs),
        runs,
    )

    scripts = sorted((ROOT / "replays").rglob("*.yaml"), key=lambda p: len(p.read_text(encoding="utf-8")))
    script = [p for p in scripts if "__snapshots__" not in p.parts][-1]
    text = script.read_text(encoding="utf-8")
    steps = text.count("\n- ")

    def save(run: int) -> object:  # a fresh server each time: the whole script played
        problems = Workspace().diagnostics(str(script), text, replay=True)
        assert problems == [], problems[:1]
        return problems

    print(f"the longest bundled script: {script.relative_to(ROOT)} (~{steps} steps)")
    _show("open or save of it: replayed whole", _ms(save, runs), runs)
    ws = Workspace()
    ws.diagnostics(str(script), text, replay=True)

    def save_edited(run: int) -> object:  # an edit at the end: played on from the states the texts share
        return ws.diagnostics(str(script), text + f"# run {run}\n", replay=True)

    _show("save after an edit at its end", _ms(save_edited, runs), runs)
    rows = text.split("\n")
    last = max(i for i, r in enumerate(rows) if r.startswith("- ") and not r.startswith("- move:"))
    space = next(i for i, r in enumerate(rows) if " build " in r)
    at = rows[space].index(" build ") + len(" build ") + 1
    ws = Workspace()
    _show("hover on a board space in it", _ms(lambda run: ws.hover(str(script), text, space, at), runs), runs)
    mover = rows[last].split()[1]
    column = len(f"- {mover} ")
    _show(
        "completion of the legal moves on its last step",
        _ms(lambda run: ws.completions(str(script), text, last, column), runs),
        runs,
    )
    ws = Workspace()
    ws.diagnostics(str(script), text, replay=True)

    def keystroke(run: int) -> object:  # the last step's line changed: a new text, its play goes on from the last
        typed = [*rows[:last], f"{rows[last]} # {run}", *rows[last + 1 :]]
        changed = "\n".join(typed)
        ws.diagnostics(str(script), changed)
        return ws.completions(str(script), changed, last, column)

    _show("a keystroke on its last step: diagnostics, then completion", _ms(keystroke, runs), runs)
    shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
