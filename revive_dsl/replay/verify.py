"""``revive verify [PATHS...] [--jobs N]``: replay every script, in parallel, and say which ones diverge.

Each script (a ``*.yaml`` with a top-level ``steps:``; folders are searched, snapshot folders
skipped) is loaded and replayed in a worker process, checking every move and every ``expect:``.
A table lists each script's steps, result and time; each failure is then printed with its first
divergence: the positioned :class:`~revive_dsl.replay.player.ReplayError` message, or the
loader's :class:`~revive_dsl.positions.DslError` for a script that cannot be read. The exit code
is 1 if any script fails. A progress bar is shown only on a terminal.

>>> import io
>>> from rich.console import Console
>>> console = Console(file=io.StringIO(), width=100)
>>> with progress(console, 3, "replaying") as advance:
...     advance()
>>> console.file.getvalue()  # not a terminal: no bar
''
>>> is_script_text("format: 1\\nsteps:\\n  - Ann end\\n"), is_script_text("kind: citizen_card\\ncomponents: []\\n")
(True, False)
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from revive_dsl.content.packs import is_script_file, is_script_text  # noqa: F401 - is_script_text: part of this API
from revive_dsl.positions import Diagnostic, DslError, attach_lines
from revive_dsl.replay.console import guard
from revive_dsl.replay.player import Replay, ReplayError
from revive_dsl.replay.script import Script, load_script

SCRIPT_SUFFIXES = (".yaml", ".yml")


def is_script(path: Path) -> bool:
    """True if ``path`` is a YAML file with a top-level ``steps:`` key."""
    return path.suffix in SCRIPT_SUFFIXES and is_script_file(path)


def find_scripts(folder: Path) -> list[Path]:
    """Every script under ``folder``, sorted (snapshot folders skipped)."""
    return sorted(
        p for p in folder.rglob("*") if "__snapshots__" not in p.parts and p.suffix in SCRIPT_SUFFIXES and is_script(p)
    )


@contextmanager
def progress(console: Console, total: int, description: str, transient: bool = True) -> Iterator[Callable[..., None]]:
    """A Rich progress bar on a terminal, nothing when piped; yields ``advance(n=1)``.

    ``with progress(console, len(games), "simulating") as advance: ... advance()``
    """
    if not console.is_terminal:
        yield lambda n=1: None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=transient) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n=1: bar.advance(task, n)


@dataclass(frozen=True)
class Outcome:
    """How one script replayed: steps played of all, the first divergence if any, and the time it took."""

    script: str
    played: int
    steps: int
    error: str | None
    kind: str  # "ok", "diverges" (a step could not be played) or "broken" (the script cannot be read)
    seconds: float

    @property
    def ok(self) -> bool:
        return self.error is None


def replay_one(path: str) -> Outcome:
    """Replay one script to its end (runs in a worker process)."""
    start = time.perf_counter()
    played = steps = 0
    try:
        script = load_script(path)
        steps = len(script.steps)
        replay = Replay(script)
        for _ in replay.steps():
            played += 1
    except ReplayError as err:
        return Outcome(path, played, steps, str(err), "diverges", time.perf_counter() - start)
    except DslError as err:
        return Outcome(path, played, steps, str(err), "broken", time.perf_counter() - start)
    except Exception as err:  # an engine crash is a bug: report it as that script's result, keep going
        message = f"{path}: step {played + 1}: the engine failed: {type(err).__name__}: {err}"
        return Outcome(path, played, steps, message, "crashed", time.perf_counter() - start)
    return Outcome(path, played, steps, None, "ok", time.perf_counter() - start)


def replay_problems(script: Script) -> tuple[int, list[Diagnostic]]:
    """Play a loaded script to its end (``revive check --replay``): the steps played and its first divergence."""
    played = 0
    try:
        for _ in Replay(script).steps():
            played += 1
    except DslError as err:  # a ReplayError is one: the step's position, the move, the rule, the legal options
        return played, err.diagnostics
    except Exception as err:  # an engine crash is a bug: positioned at the step it happened in
        step = script.steps[played] if played < len(script.steps) else None
        at = step.pos if step else script.doc.pos(())
        message = f"step {played + 1}: the engine failed: {type(err).__name__}: {err}"
        return played, attach_lines([Diagnostic(at, message)], {script.file: script.text})
    return played, []


def collect(paths: list[Path]) -> tuple[list[Path], list[str]]:
    """The scripts named by ``paths`` (folders searched, files taken as they are), and the paths not found."""
    scripts: list[Path] = []
    missing: list[str] = []
    for path in paths:
        if path.is_dir():
            scripts.extend(find_scripts(path))
        elif path.is_file():
            scripts.append(path)
        else:
            missing.append(str(path))
    return list(dict.fromkeys(scripts)), missing


def _run(scripts: list[str], jobs: int, advance: Callable[..., None]) -> dict[str, Outcome]:
    if jobs <= 1 or len(scripts) <= 1:
        outcomes = {}
        for script in scripts:
            outcomes[script] = replay_one(script)
            advance()
        return outcomes
    outcomes = {}
    with ProcessPoolExecutor(max_workers=min(jobs, len(scripts))) as pool:
        futures = {pool.submit(replay_one, script): script for script in scripts}
        try:
            for future in as_completed(futures):
                outcomes[futures[future]] = future.result()
                advance()
        except BrokenProcessPool:  # a worker died: which script killed it is found by playing the rest one by one
            pass
    for script in scripts:
        if script not in outcomes:
            outcomes[script] = _isolated(script)
            advance()
    return outcomes


def _isolated(script: str) -> Outcome:
    """Play one script in a process of its own; the process dying (a crash below Python) is that script's result."""
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=1) as pool:
        try:
            return pool.submit(replay_one, script).result()
        except BrokenProcessPool:
            message = f"{script}: the process playing it died (a crash below Python); the other scripts ran on"
            return Outcome(script, 0, 0, message, "crashed", time.perf_counter() - start)


def shown(path: str) -> str:
    """A script's path as people want to read it: relative to the current folder when it is inside it."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


RESULT_STYLE = {"ok": "green", "diverges": "red", "broken": "red", "crashed": "bold red"}


def table(outcomes: list[Outcome]) -> Table:
    """The results as a Rich table: script, steps, result, time."""
    grid = Table(title="replays", title_justify="left")
    grid.add_column("script", overflow="fold")
    grid.add_column("steps", justify="right")
    grid.add_column("result")
    grid.add_column("time", justify="right")
    for o in outcomes:
        steps = str(o.steps) if o.ok else f"{o.played}/{o.steps}"
        grid.add_row(shown(o.script), steps, Text(o.kind, style=RESULT_STYLE[o.kind]), f"{o.seconds:.2f} s")
    return grid


def verify(paths: list[Path], jobs: int | None, console: Console) -> int:
    """Replay every script under ``paths`` in ``jobs`` worker processes (default: one per CPU); 1 if any fails."""
    scripts, missing = collect(paths)
    for name in missing:
        console.print(Text(f"{name}: no such file or folder"), style="red")
    if missing:
        return 2
    if not scripts:
        wanted = ", ".join(SCRIPT_SUFFIXES)
        console.print(Text(f"no replay scripts ({wanted} files with steps:) in {', '.join(map(str, paths))}"))
        return 1
    names = [str(s) for s in scripts]
    started = time.perf_counter()
    with progress(console, len(names), "replaying") as advance:
        outcomes = _run(names, jobs or os.cpu_count() or 1, advance)
    results = [outcomes[n] for n in names]
    console.print(table(results))
    failed = [o for o in results if not o.ok]
    for o in failed:
        console.print()
        console.print(Text(f"{o.script}: {o.kind}", style="bold red"))
        console.print(Text(o.error or ""), soft_wrap=True)
    elapsed = time.perf_counter() - started
    summary = f"{len(results)} script(s): {len(results) - len(failed)} ok, {len(failed)} failed ({elapsed:.1f} s)"
    console.print()
    console.print(Text(summary, style="red" if failed else "green"))
    return 1 if failed else 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``revive verify``."""
    parser.add_argument(
        "paths",
        nargs="*",
        help="scripts or folders of scripts "
        "(default: the pack you are in, else the checkout's replays/, else the bundled ones)",
    )
    parser.add_argument("--jobs", "-j", type=int, default=None, help="worker processes (default: one per CPU)")


def main(args: argparse.Namespace) -> int:
    """Run ``revive verify`` with parsed arguments; the exit code."""
    from revive_dsl.locations import announce, default_folders

    paths = [Path(p) for p in args.paths] if args.paths else default_folders("replays")
    if not args.paths:
        announce("replaying", paths)
    return verify(paths, args.jobs, guard(Console()))
