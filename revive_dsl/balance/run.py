"""Playing a balance run's games on a Dask cluster, keeping each game's figures as it comes, and writing the report.

Each game is one Dask task, :func:`~revive_dsl.balance.game.play_one` of the settings and the game's index: a pure
function, so the figures are the same whichever worker plays it, and a task whose worker is lost is just played
again (the scheduler reschedules it; a task that fails is retried :data:`RETRIES` times). Results are gathered as
they finish and put in index order, so the report is the same for any number of workers.

A run's folder (``--out``) holds ``run.json`` (the settings), ``games/game-NNNNNN.json`` (one small file per game
played, each written whole) and ``report.json`` and ``report.html``. A run started again with ``resume`` plays
only the games whose file is missing.

>>> from revive_dsl.balance.setup import BalanceSetup
>>> setup = BalanceSetup(packs=("base",), tribes=("nadair", "formica"), ai=("random",), games=2)
>>> report = run_balance(setup)  # no client: played in this process
>>> report["games"], report["win_rate"]["by_side"]["sun"]["n"]
(2, 2)
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from revive_dsl.balance.game import play_one
from revive_dsl.balance.page import compare_page, report_page
from revive_dsl.balance.report import build_report, compare
from revive_dsl.balance.setup import BalanceSetup
from revive_dsl.fileio import WriteError, make_folder, write_text_atomic

RETRIES = 3  # times Dask runs a game task again after it failed
GAMES = "games"
MADE = ("run.json", "report.json", "report.html")  # what a run writes beside its games/ folder


class RunError(ValueError):
    """A run that cannot start as asked (an existing report, other settings in the folder): one line."""


def game_file(out: Path, index: int) -> Path:
    """Where game ``index``'s figures are kept in a run's folder."""
    return out / GAMES / f"game-{index:06d}.json"


def _dumps(data: Any) -> str:
    return json.dumps(data, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def content_digest(packs: Sequence[str]) -> str:
    """A digest of every file of the packs (and the packs they depend on) a run plays with, so that a run resumed
    after an edit to its content is told so (unreadable packs: their names alone; the run itself says why).

    >>> len(content_digest(("base",))), content_digest(("base",)) == content_digest(("base",))
    (16, True)
    """
    from revive_dsl.content.packs import resolve_packs
    from revive_dsl.positions import DslError

    digest = hashlib.sha256()
    try:
        folders = resolve_packs(packs)
    except (DslError, OSError, ValueError):  # a pack that does not resolve is reported when the run loads it
        folders = [Path(p) for p in packs]
    for folder in folders:
        digest.update(b"\0pack\0" + str(folder.name).encode("utf-8", "surrogateescape"))
        files = sorted(folder.rglob("*")) if folder.is_dir() else []
        for path in files:
            if path.is_file() and path.suffix in (".yaml", ".yml"):
                digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape") + b"\0")
                try:
                    digest.update(hashlib.sha256(path.read_bytes()).digest())
                except OSError as err:
                    digest.update(str(err).encode("utf-8", "surrogateescape"))
    return digest.hexdigest()[:16]


def prepare(out: Path, setup: BalanceSetup, *, resume: bool = False, force: bool = False) -> dict[int, dict]:
    """Make ``out`` ready for the run and return the figures of the games already played there (with ``resume``).

    A folder holding a run already is refused unless ``resume`` (same settings, only the number of games may
    differ) or ``force`` (its games and reports are removed first; nothing else in it is touched)."""
    there = [name for name in MADE if (out / name).exists()]
    games = sorted((out / GAMES).glob("game-*.json")) if (out / GAMES).is_dir() else []
    if (there or games) and not (resume or force):
        what = there[0] if there else f"{GAMES}/{games[0].name}"
        raise RunError(
            f"{out / what} is there already; not overwriting a balance run "
            "(give --resume to finish it, --force to start it again, or another --out)"
        )
    played_with = content_digest(setup.packs)
    if resume and (out / "run.json").is_file():
        try:
            recorded = json.loads((out / "run.json").read_text(encoding="utf-8"))
            content = recorded.pop("content", None)
            before = BalanceSetup.from_dict(recorded)
        except (ValueError, TypeError, KeyError, AttributeError) as err:
            raise RunError(f"{out / 'run.json'}: not a balance run's settings ({err})") from None
        if not before.same_games(setup):
            raise RunError(
                f"--resume: {out} holds a run with other settings; give the same packs, players, tribes, sides, "
                "seating, computer players, seed and variants (or --force to start again)"
            )
        if content is not None and content != played_with:
            raise RunError(
                f"--resume: the packs' files changed since {out} was begun; its games and new ones would be of two "
                "contents (--force to start again, or another --out)"
            )
    if force and not resume:
        for path in games:
            path.unlink()
        for name in there:
            (out / name).unlink()
        games = []
    make_folder(out / GAMES)
    write_text_atomic(out / "run.json", _dumps(setup.to_dict() | {"content": played_with}))
    done = {}
    for path in games:
        try:
            figures = json.loads(path.read_text(encoding="utf-8"))
            index = int(figures["index"])
        except (ValueError, KeyError, TypeError, OSError):
            continue  # unreadable: played again
        if path == game_file(out, index) and index < setup.games:
            done[index] = figures
    return done


def _key(setup: BalanceSetup) -> str:
    return hashlib.sha256(json.dumps(setup.to_dict(), sort_keys=True).encode()).hexdigest()[:16]


def play_games(setup: BalanceSetup, indices: Sequence[int], client: Any = None) -> Iterator[dict[str, Any]]:
    """The figures of the games ``indices``, as they finish: on the Dask ``client``'s cluster, or one by one in this
    process without one."""
    data = setup.to_dict()
    if client is None:
        for index in indices:
            yield play_one(data, index)
        return
    from distributed import as_completed

    keys = [f"revive-balance-{_key(setup)}-{index}" for index in indices]
    futures = client.map(play_one, [data] * len(indices), list(indices), key=keys, retries=RETRIES)
    for future in as_completed(futures):
        yield future.result()
        future.release()


def run_balance(
    setup: BalanceSetup,
    out: str | Path | None = None,
    *,
    client: Any = None,
    resume: bool = False,
    force: bool = False,
    on_game: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play the run's games (those missing from ``out`` with ``resume``) and return its report; with ``out``,
    keep each game's figures there as it finishes and write ``report.json`` and ``report.html``. ``on_game(done,
    total)`` is called once with the games already played and after each game. Raises :class:`RunError` or
    :class:`~revive_dsl.fileio.WriteError`."""
    folder = Path(out) if out is not None else None
    done = prepare(folder, setup, resume=resume, force=force) if folder is not None else {}
    missing = [index for index in range(setup.games) if index not in done]
    if on_game is not None:
        on_game(len(done), setup.games)
    for figures in play_games(setup, missing, client):
        index = figures["index"]
        done[index] = figures
        if folder is not None:
            write_text_atomic(game_file(folder, index), _dumps(figures))
        if on_game is not None:
            on_game(len(done), setup.games)
    report = build_report(setup.to_dict(), [done[index] for index in range(setup.games)])
    if folder is not None:
        write_text_atomic(folder / "report.json", _dumps(report))
        write_text_atomic(folder / "report.html", report_page(report))
    return report


def compare_runs(
    old: BalanceSetup,
    new: BalanceSetup,
    out: str | Path | None = None,
    *,
    client: Any = None,
    resume: bool = False,
    force: bool = False,
    on_game: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play the same games (same seeds, seats and players) with two contents and return what changed
    (:func:`~revive_dsl.balance.report.compare`); with ``out``, each run in ``out/old`` and ``out/new`` and the
    comparison in ``compare.json`` and ``compare.html``. ``on_game(done, total)`` counts both runs' games."""
    folder = Path(out) if out is not None else None
    if folder is not None and not (resume or force):
        for name in ("compare.json", "compare.html"):
            if (folder / name).exists():
                raise RunError(
                    f"{folder / name} is there already; not overwriting a comparison "
                    "(give --resume to finish it, --force to start it again, or another --out)"
                )
    total = old.games + new.games

    def count(base: int) -> Callable[[int, int], None]:
        def seen(done: int, _total: int) -> None:
            if on_game is not None:
                on_game(base + done, total)

        return seen

    before = run_balance(
        old, folder / "old" if folder else None, client=client, resume=resume, force=force, on_game=count(0)
    )
    after = run_balance(
        new, folder / "new" if folder else None, client=client, resume=resume, force=force, on_game=count(old.games)
    )
    diff = compare(before, after)
    if folder is not None:
        write_text_atomic(folder / "compare.json", _dumps(diff))
        write_text_atomic(folder / "compare.html", compare_page(diff))
    return diff


@contextlib.contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A Dask client: of the cluster at ``scheduler`` (``tcp://host:8786``), or of a local cluster of ``workers``
    processes (default: one per core) with one thread each, closed on the way out. ImportError without
    ``distributed``; OSError (or TimeoutError) when the scheduler cannot be reached."""
    import logging

    from distributed import Client, LocalCluster

    if scheduler:
        client = Client(scheduler, timeout="10s")
        try:
            yield client
        finally:
            client.close()
        return
    cluster = LocalCluster(
        n_workers=workers or os.cpu_count() or 1,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    client = Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


__all__ = ["RunError", "WriteError", "compare_runs", "dask_client", "game_file", "play_games", "prepare", "run_balance"]
