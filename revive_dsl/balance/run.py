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
import stat
import struct
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from revive_dsl.balance.game import catalogue, play_one
from revive_dsl.balance.names import report_names
from revive_dsl.balance.page import compare_page, report_page
from revive_dsl.balance.report import build_report, compare
from revive_dsl.balance.setup import BalanceSetup
from revive_dsl.engine.rules import Rules
from revive_dsl.fileio import WriteError, make_folder, write_text_atomic

RETRIES = 3  # times Dask runs a game task again after it failed
MAX_GAME_BYTES = 4 * 1024 * 1024  # a game file larger than this is not one this lab wrote: played again
MAX_RUN_BYTES = 1024 * 1024  # the largest run.json read
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


def prepare(
    out: Path,
    setup: BalanceSetup,
    *,
    resume: bool = False,
    force: bool = False,
    on_skip: Callable[[str], None] | None = None,
) -> dict[int, dict]:
    """Make ``out`` ready for the run and return the figures of the games already played there (with ``resume``).

    A folder holding a run already is refused unless ``resume`` (same settings, only the number of games may
    differ) or ``force`` (its games and reports are removed first; nothing else in it is touched). A game file
    that is not one of this run's games (unreadable, too large, not a regular file, not JSON, another shape) is
    told to ``on_skip`` in one line naming it, and the game is played again; a folder where a game's file belongs,
    or a ``run.json`` that is not a run's settings, stops the run before anything is written (:class:`RunError`)."""
    there = [name for name in MADE if (out / name).exists()]
    games = sorted((out / GAMES).glob("game-*.json")) if (out / GAMES).is_dir() else []
    if (there or games) and not (resume or force):
        what = there[0] if there else f"{GAMES}/{games[0].name}"
        raise RunError(
            f"{out / what} is there already; not overwriting a balance run "
            "(give --resume to finish it, --force to start it again, or another --out)"
        )
    folders = [path for path in [*games, *(out / name for name in there)] if path.is_dir()]
    if folders:  # never removed nor written over: the user's, whatever it holds
        raise RunError(
            f"{folders[0]} is a folder where a file of the run belongs; move it away and start the run again"
        )
    played_with = content_digest(setup.packs)
    if resume and os.path.lexists(out / "run.json"):
        try:
            recorded = read_json(out / "run.json", MAX_RUN_BYTES)
        except ValueError as err:
            raise RunError(f"{out / 'run.json'}: {err}; it should hold a balance run's settings") from None
        try:
            content = recorded.pop("content", None) if isinstance(recorded, dict) else None
            before = BalanceSetup.from_dict(recorded)
        except ValueError as err:
            raise RunError(f"{out / 'run.json'}: not a balance run's settings: {err}") from None
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
            figures = read_json(path, MAX_GAME_BYTES)
            problem = figures_problem(figures, setup)
        except ValueError as err:
            problem = str(err)
        if problem is None and path != game_file(out, figures["index"]):
            problem = f"holds game {figures['index']}, not the game its name says"
        if problem is None:
            if figures["index"] < setup.games:  # else a game of a longer run, kept for a later one
                done[figures["index"]] = figures
            continue
        with contextlib.suppress(OSError):  # a link, a pipe: removed, so that the new figures are not written through
            if path.is_symlink() or not stat.S_ISREG(path.lstat().st_mode):
                path.unlink()
        if on_skip is not None:  # unreadable or not this run's: played again (its file written over)
            on_skip(f"{path}: {problem}; the game is played again")
    return done


def read_json(path: Path, limit: int) -> Any:
    """The JSON data of the file ``path``, read only when it is a regular file (a link followed) of at most
    ``limit`` bytes; ValueError says in a few words why not (never blocks on a pipe, never reads a device)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as err:
        raise ValueError(f"cannot be read: {err.strerror.lower() if err.strerror else err}") from None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(fd)
        kind = _kind(info.st_mode)
        if kind:
            raise ValueError(f"is {kind}, not a file")
        if info.st_size > limit:
            raise ValueError(f"is {info.st_size} bytes, over the {limit} a file of this lab has")
        try:
            raw = file.read(limit + 1)
        except OSError as err:
            raise ValueError(f"cannot be read: {err.strerror.lower() if err.strerror else err}") from None
    if len(raw) > limit:
        raise ValueError(f"is over the {limit} bytes a file of this lab has")
    try:
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ValueError("is not JSON this lab wrote (nested too deeply)") from None
    except (ValueError, UnicodeDecodeError) as err:
        raise ValueError(f"is not JSON ({err})") from None


def _kind(mode: int) -> str | None:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe"), (stat.S_ISCHR, "a character device")):
        if test(mode):
            return name
    return None if stat.S_ISREG(mode) else "not a regular file"


def _whole(value: Any) -> bool:
    return type(value) is int


def figures_problem(figures: Any, setup: BalanceSetup) -> str | None:
    """Why ``figures`` are not one game's figures of the run ``setup`` (:func:`~revive_dsl.balance.game.play_one`'s
    shape, with the seed and seat count the run gives that game), or None."""
    from revive_dsl.balance.setup import game_seed

    if not isinstance(figures, dict):
        return "not a game's figures (not a JSON object)"
    for key in ("index", "seed", "moves", "turns", "rounds"):
        if not _whole(figures.get(key)):
            return f"not a game's figures ({key!r} is not a whole number)"
    if figures["index"] < 0 or figures["seed"] != game_seed(setup.seed, figures["index"]):
        return "not a game of this run (its index or seed)"
    if not isinstance(figures.get("solo_rank", ""), str):
        return "not a game's figures (its solo rank is not a name)"
    seats = figures.get("seats")
    if not isinstance(seats, list) or len(seats) != setup.players:
        return f"not a game's figures (not {setup.players} seats)"
    for seat in seats:
        if not isinstance(seat, dict):
            return "not a game's figures (a seat is not a JSON object)"
        texts = all(isinstance(seat.get(k), str) for k in ("tribe", "side", "ai"))
        numbers = all(_whole(seat.get(k)) for k in ("seat", "total", "place")) and type(seat.get("won")) is bool
        sources, taken = seat.get("sources"), seat.get("taken")
        if not (texts and numbers and isinstance(sources, dict) and isinstance(taken, dict)):
            return "not a game's figures (a seat's fields)"
        if not all(isinstance(k, str) and _whole(v) for k, v in sources.items()):
            return "not a game's figures (a seat's sources)"
        if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in taken.values()):
            return "not a game's figures (a seat's components taken)"
        counters = seat.get("counters", {})
        if not isinstance(counters, dict) or not all(
            isinstance(c, dict)
            and all(isinstance(c.get(k), (int, float)) for k in ("end", "peak"))
            and isinstance(c.get("fired", {}), dict)
            and all(isinstance(k, str) and _whole(v) for k, v in c.get("fired", {}).items())
            for c in counters.values()
        ):
            return "not a game's figures (a seat's counters)"
        fired = seat.get("rules", {})
        if not isinstance(fired, dict) or not all(isinstance(k, str) and _whole(v) for k, v in fired.items()):
            return "not a game's figures (a seat's rules)"
        parts = seat.get("parts", {})
        if not isinstance(parts, dict) or not all(isinstance(k, str) and _whole(v) for k, v in parts.items()):
            return "not a game's figures (a seat's state parts)"
        chances = seat.get("chances", {"turns": 0})
        if not (
            isinstance(chances, dict)
            and _whole(chances.get("turns"))
            and all(
                isinstance(chances.get(k, {}), dict)
                and all(isinstance(name, str) and _whole(n) for name, n in chances.get(k, {}).items())
                for k in ("offered", "taken")
            )
        ):
            return "not a game's figures (a seat's chances)"
    return None


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
    on_skip: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Play the run's games (those missing from ``out`` with ``resume``) and return its report; with ``out``,
    keep each game's figures there as it finishes and write ``report.json`` and ``report.html``. ``on_game(done,
    total)`` is called once with the games already played and after each game. Raises :class:`RunError` or
    :class:`~revive_dsl.fileio.WriteError`."""
    folder = Path(out) if out is not None else None
    done = prepare(folder, setup, resume=resume, force=force, on_skip=on_skip) if folder is not None else {}
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
    rules = Rules.load(setup.packs)
    figures = [done[index] for index in range(setup.games)]
    report = build_report(setup.to_dict(), figures, report_names(rules), catalogue(rules, setup.to_dict()))
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
    on_skip: Callable[[str], None] | None = None,
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
        old,
        folder / "old" if folder else None,
        client=client,
        resume=resume,
        force=force,
        on_game=count(0),
        on_skip=on_skip,
    )
    after = run_balance(
        new,
        folder / "new" if folder else None,
        client=client,
        resume=resume,
        force=force,
        on_game=count(old.games),
        on_skip=on_skip,
    )
    diff = compare(before, after)
    if folder is not None:
        write_text_atomic(folder / "compare.json", _dumps(diff))
        write_text_atomic(folder / "compare.html", compare_page(diff))
    return diff


SCHEDULER_TIMEOUT = 10.0  # seconds a scheduler has to answer
_MAX_HANDSHAKE = 1024 * 1024  # a Dask scheduler's first message (its handshake) is a few hundred bytes


class NotAScheduler(ConnectionError):
    """The address answers, but not as a Dask scheduler."""


def _receive(sock: Any, count: int, deadline: float) -> bytes:
    import time

    data = b""
    while len(data) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            raise NotAScheduler(f"it sent no Dask handshake within {SCHEDULER_TIMEOUT:g} seconds")
        sock.settimeout(left)
        try:
            chunk = sock.recv(min(count - len(data), 65536))
        except TimeoutError:
            continue
        if not chunk:
            raise NotAScheduler("it closed the connection without a Dask handshake")
        data += chunk
    return data


def probe_scheduler(host: str, port: int, timeout: float = SCHEDULER_TIMEOUT) -> None:
    """Check that ``host:port`` speaks Dask's TCP protocol before a Dask client talks to it: a scheduler sends its
    handshake first, one small message of frames (a length, then a frame count and each frame's length). Anything
    else (a web server, any service sending bytes, one sending nothing) raises :class:`NotAScheduler` (an OSError)
    within ``timeout`` seconds, instead of the client reading a junk length and allocating it."""
    import socket
    import time

    deadline = time.monotonic() + timeout
    with socket.create_connection((host, port), timeout=timeout) as sock:
        (size,) = struct.unpack("<Q", _receive(sock, 8, deadline))
        if not 16 <= size <= _MAX_HANDSHAKE:
            raise NotAScheduler("it answers, but not as a Dask scheduler (its first bytes are no Dask handshake)")
        body = _receive(sock, size, deadline)
        (frames,) = struct.unpack("<Q", body[:8])
        header = 8 + 8 * frames
        lengths = struct.unpack(f"<{frames}Q", body[8:header]) if 1 <= frames <= 64 and header <= size else None
        if lengths is None or header + sum(lengths) != size:
            raise NotAScheduler("it answers, but not as a Dask scheduler (its first message is no Dask handshake)")


@contextlib.contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A Dask client: of the cluster at ``scheduler`` (``tcp://host:8786``), or of a local cluster of ``workers``
    processes (default: one per core) with one thread each, closed on the way out. ImportError without
    ``distributed``; OSError (or TimeoutError) when the scheduler cannot be reached, :class:`NotAScheduler` when
    something else answers there (within :data:`SCHEDULER_TIMEOUT` seconds)."""
    import logging

    from distributed import Client, LocalCluster

    if scheduler:
        from distributed.comm import parse_address, parse_host_port

        scheme, location = parse_address(scheduler)
        if scheme == "tcp":
            probe_scheduler(*parse_host_port(location))
        try:
            client = Client(scheduler, timeout=f"{SCHEDULER_TIMEOUT:g}s")
        except (MemoryError, OverflowError, struct.error) as err:  # junk read as a message's length
            raise NotAScheduler(f"it answers, but not as a Dask scheduler ({type(err).__name__})") from None
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
