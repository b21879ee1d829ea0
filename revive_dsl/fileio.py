"""Writing files without ever losing one: every file the ``revive`` command writes goes through here.

:func:`write_text_atomic` writes a temporary file in the target's folder, flushes and syncs it,
then moves it over the target in one step (``os.replace``). A write that fails part way (a full
disk, a file size limit, a folder that is not there) removes the temporary file, leaves the
target exactly as it was, and raises :class:`WriteError`, a :class:`DslError` the command line
prints as one line.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> write_text_atomic(folder / "a.txt", "hello\\n")
>>> (folder / "a.txt").read_text()
'hello\\n'
>>> sorted(p.name for p in folder.iterdir())
['a.txt']
>>> try:
...     write_text_atomic(folder / "missing" / "b.txt", "x")
... except WriteError as err:
...     print(str(err).replace(str(folder), "F"))
F/missing/b.txt: cannot write: the folder F/missing does not exist
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from revive_dsl.positions import Diagnostic, DslError, Pos


class WriteError(DslError):
    """A file could not be written; the message is one line naming the file and why."""

    def __init__(self, path: str | Path, message: str):
        super().__init__([Diagnostic(Pos.whole(str(path)), message)])


def _reason(err: OSError) -> str:
    return err.strerror.lower() if err.strerror else str(err)


def output_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be written as a file (checked before any work), or None when it can."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        return "cannot write: it is a folder, not a file"
    if not folder.exists():
        return f"cannot write: the folder {folder} does not exist"
    if not folder.is_dir():
        return f"cannot write: {folder} is not a folder"
    return None


def folder_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be used (or made) as a folder to write into, or None when it can."""
    folder = Path(path)
    for up in (folder, *folder.parents):
        if up.exists():
            if not up.is_dir():
                return "it is a file, not a folder" if up == folder else f"{up} is a file, not a folder"
            return None
    return None


def make_folder(path: str | Path) -> None:
    """Make the folder ``path`` (and its parents) or raise :class:`WriteError`."""
    problem = folder_problem(path)
    if problem:
        raise WriteError(path, problem)
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WriteError(path, f"cannot make the folder: {_reason(err)}") from None


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` all or nothing; raise :class:`WriteError` on failure."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` all or nothing; raise :class:`WriteError` on failure."""
    target = Path(path)
    problem = output_problem(target)
    if problem:
        raise WriteError(target, problem)
    existed = target.exists()
    left = "the file is unchanged" if existed else "nothing was written"
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as err:
        raise WriteError(target, f"cannot write: {_reason(err)}; {left}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if existed:
            with contextlib.suppress(OSError):
                os.chmod(temp, target.stat().st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, target)
    except OSError as err:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise WriteError(target, f"cannot write: {_reason(err)}; {left}") from None
