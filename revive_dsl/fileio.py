"""Writing files as an editor would: every file the ``revive`` command writes goes through here.

:func:`write_text_atomic` changes a file's text and nothing else about it:

- **whole or not at all**: the text goes to a temporary file in the target's folder, is synced, and
  replaces the target in one step (``os.replace``); a write that fails part way (a full disk, a file
  size limit, a signal) removes the temporary file, leaves the target exactly as it was, and raises
  :class:`WriteError`, a :class:`DslError` the command line prints as one line;
- **links followed**: a symbolic link is kept and the file it points to is written; a file with other
  hard links is written in place (space reserved first, the old bytes put back on failure), so every
  name still shows the same file;
- **metadata kept**: the new file gets the old one's mode and owner; where the owner cannot be kept
  (another user's file) the file is written in place;
- **text form kept** on request: a :class:`TextForm` read from the old text puts its line endings
  (CRLF) and byte order mark back on the new one;
- **refused**: a read-only file (no write permission bit, whoever runs the command), a folder, a
  socket or a block device; a character device (``/dev/null``) or a pipe is written into directly;
- **no leftovers**: a temporary file is named ``.NAME.PID.TOKEN.revive-tmp``, and the first write into
  a folder removes those whose process is gone (killed mid-write).

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
import errno
import os
import re
import secrets
import shutil
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from revive_dsl.positions import Diagnostic, DslError, Pos

TEMP_SUFFIX = ".revive-tmp"
STALE_AFTER = 24 * 3600  # seconds: a temporary file this old is stale whatever its process id says
_NAME_MAX = 255  # bytes in one file name on the usual file systems
_swept: set[str] = set()  # the folders whose stale temporary files this process has removed


class WriteError(DslError):
    """A file could not be written; the message is one line naming the file and why."""

    def __init__(self, path: str | Path, message: str):
        super().__init__([Diagnostic(Pos.whole(str(path)), message)])


def _euid() -> int:
    """The effective user id (0: root, whom no mode stops); -1 where there is none."""
    return os.geteuid() if hasattr(os, "geteuid") else -1


def _reason(err: OSError) -> str:
    return err.strerror.lower() if err.strerror else str(err)


@dataclass(frozen=True)
class TextForm:
    """How a text file writes its lines: a UTF-8 byte order mark or not, ``\\n`` or ``\\r\\n``.

    Tools work on the plain form (:meth:`plain`: no mark, ``\\n`` endings) and write with
    :meth:`apply`, so a rewritten file keeps the form it had.

    >>> form = TextForm.of("\\ufeffa: 1\\r\\nb: 2\\r\\n")
    >>> form, form.plain("\\ufeffa: 1\\r\\nb: 2\\r\\n")
    (TextForm(bom=True, newline='\\r\\n'), 'a: 1\\nb: 2\\n')
    >>> form.apply("a: 1\\nb: 3\\n")
    '\\ufeffa: 1\\r\\nb: 3\\r\\n'
    >>> TextForm.of("a\\n").apply("b\\n")
    'b\\n'
    """

    bom: bool = False
    newline: str = "\n"

    @classmethod
    def of(cls, text: str) -> TextForm:
        """The form of ``text``: CRLF when most of its line ends are CRLF."""
        crlf = text.count("\r\n")
        return cls(text.startswith("\ufeff"), "\r\n" if crlf and crlf * 2 >= text.count("\n") else "\n")

    def plain(self, text: str) -> str:
        """``text`` without the mark, every CRLF made ``\\n``."""
        return text.removeprefix("\ufeff").replace("\r\n", "\n")

    def apply(self, text: str) -> str:
        """``text`` (plain) in this form."""
        if self.newline != "\n":
            text = text.replace("\r\n", "\n").replace("\n", self.newline)
        return ("\ufeff" if self.bom and not text.startswith("\ufeff") else "") + text


def _kind(mode: int) -> str | None:
    """What a node that is not a regular file is, for messages; None for a regular file."""
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISFIFO, "a pipe"),
    )
    return next((name for test, name in kinds if test(mode)), None)


def _target(path: Path) -> tuple[Path, os.stat_result | None]:
    """Where writing ``path`` goes (a symbolic link's target, followed to the end) and its stat (None if absent).

    Raises :class:`WriteError` for a link that loops or a node that cannot be looked at.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as err:
        raise WriteError(path, f"cannot write: {_reason(err)}") from None
    if info is not None:
        regular = stat.S_ISREG(info.st_mode)
        return (Path(os.path.realpath(path)) if regular and path.is_symlink() else path), info
    if path.is_symlink():  # a dangling link: its target is made, as an editor does
        return Path(os.path.realpath(path)), None
    return path, None


def _read_only(info: os.stat_result) -> str | None:
    """Why a regular file must not be rewritten: no write permission bit in its mode (root included), or None."""
    mode = stat.S_IMODE(info.st_mode)
    if not mode & 0o222:
        return f"the file is read-only (mode {mode:04o}); make it writable (chmod u+w) to have it rewritten"
    return None


def output_problem(path: str | Path, *, parents: bool = False) -> str | None:
    """Why ``path`` cannot be written as a file (checked before any work), or None when it can.

    Links are followed; a read-only file, a folder, a socket and a block device are refused. With ``parents``,
    missing folders above the file are fine when they can be made (the writer makes them, as every command
    that writes a file does: :func:`make_folder`); without, the file's folder must exist.
    """
    given = Path(path)
    if parents and not given.parent.is_dir():
        return folder_problem(given.parent, named=True)
    try:
        target, info = _target(given)
    except WriteError as err:
        return err.diagnostics[0].message
    if info is not None:
        kind = _kind(info.st_mode)
        if kind == "a folder":
            return "cannot write: it is a folder, not a file"
        if kind in ("a socket", "a block device"):
            return f"cannot write: it is {kind}, not a file"
        if kind is None:
            problem = _read_only(info)
            if problem:
                return f"cannot write: {problem}"
            if _euid() != 0 and not os.access(target, os.W_OK):
                mode = stat.S_IMODE(info.st_mode)
                return f"cannot write: permission denied (mode {mode:04o}, another user's file)"
        return None
    folder = target.parent
    if not folder.exists() and parents:  # a dangling link's target folder
        return folder_problem(folder, named=True)
    if not folder.exists():
        return f"cannot write: the folder {folder} does not exist"
    if not folder.is_dir():
        return f"cannot write: {folder} is not a folder"
    return _read_only_folder(folder, f"the folder {folder}")


def folder_problem(path: str | Path, *, named: bool = False) -> str | None:
    """Why ``path`` cannot be used (or made) as a folder to write into, or None when it can.

    The folder itself, or the nearest one above it that exists, must be a folder with a write permission bit.
    The message calls ``path`` "it" (the option's value it follows), or by its name when ``named``.
    """
    folder = Path(path)
    for up in (folder, *folder.parents):
        name = "it" if up == folder and not named else str(up)
        try:
            info = os.stat(up)
        except (FileNotFoundError, NotADirectoryError):  # not there, or a file above it: looked for further up
            if up.is_symlink():  # a dangling link: no folder can be made where it points from
                return f"cannot write: {name} is a link to {os.readlink(up)}, which does not exist"
            continue
        except OSError as err:  # a name too long for the file system, a loop of links
            return f"cannot write: {_reason(err)}"
        if not stat.S_ISDIR(info.st_mode):
            return f"cannot write: {name} is {_kind(info.st_mode) or 'a file'}, not a folder"
        return _read_only_folder(up, "the folder" if up == folder else f"the folder {up}")
    return None


def _read_only_folder(folder: Path, name: str) -> str | None:
    mode = stat.S_IMODE(folder.stat().st_mode)
    if not mode & 0o222:
        return f"{name} is read-only (mode {mode:04o}); make it writable (chmod u+w) or write elsewhere"
    return None


def writable_problem(path: str | Path) -> str | None:
    """Why a file cannot be written at ``path`` now, found by trying: :func:`output_problem`, then a
    temporary file made and removed in its folder (or the nearest folder above it that exists), which
    finds a read-only file system, a folder the user may not write and a full disk. None when it can.
    """
    given = Path(path)
    problem = output_problem(given, parents=True)
    if problem:
        return problem
    try:
        target, info = _target(given)
    except WriteError as err:  # pragma: no cover - output_problem said it already
        return err.diagnostics[0].message
    if info is not None and _kind(info.st_mode) is not None:  # a device or a pipe: written into directly
        return None
    folder = next(up for up in (target.parent, *target.parent.parents) if up.exists())
    temp = folder / _temp_name(target.name)
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            _write_all(fd, b"\n")
        finally:
            os.close(fd)
            os.unlink(temp)
    except OSError as err:
        if info is not None and err.errno in (errno.EACCES, errno.EPERM):  # the file itself is written in place
            return None
        return f"cannot write: {_reason(err)} (in {folder})"
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


def _temp_name(name: str) -> str:
    """A temporary file's name for the target ``name``: it fits a file system's 255 bytes and says its process.

    >>> import re
    >>> bool(re.fullmatch(r"\\.a\\.yaml\\.\\d+\\.[0-9a-f]{8}\\.revive-tmp", _temp_name("a.yaml")))
    True
    >>> len(_temp_name("x" * 250).encode()) <= 255
    True
    """
    stem = name
    while len(stem.encode("utf-8", "surrogateescape")) > 200:
        stem = stem[:-1]
    return f".{stem}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}"


_TEMP = re.compile(r"^\..*\.(\d+)\.[0-9a-f]{8}" + re.escape(TEMP_SUFFIX) + "$", re.DOTALL)


def _gone(pid: int) -> bool:
    """Whether no process has the id ``pid``."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError):
        return False
    return False


def remove_stale(folder: str | Path) -> list[Path]:
    """Remove the temporary files (and folders) a killed ``revive`` left in ``folder``: those named as
    :func:`_temp_name` names them whose process is gone (or that are a day old). The paths removed."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        found = _TEMP.match(entry.name)
        if not found:
            continue
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER
            if not (old or _gone(int(found.group(1)))):
                continue
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _sweep(folder: Path) -> None:
    """:func:`remove_stale` once per folder per process."""
    key = os.path.abspath(folder)
    if key not in _swept:
        _swept.add(key)
        remove_stale(folder)


def temp_path(target: str | Path) -> Path:
    """A fresh temporary path beside ``target`` (not made), named so that a later run removes it if it is
    left behind; the folder's stale ones are removed first."""
    target = Path(target)
    _sweep(target.parent)
    return target.parent / _temp_name(target.name)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        done = os.write(fd, view)
        view = view[done:]


def write_text_atomic(path: str | Path, text: str, form: TextForm | None = None) -> None:
    """Write ``text`` (UTF-8) to ``path`` all or nothing; raise :class:`WriteError` on failure.

    With ``form`` (the old text's :meth:`TextForm.of`), the text is written in that form.
    """
    write_bytes_atomic(path, (form.apply(text) if form else text).encode("utf-8"))


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` all or nothing, as the module says; raise :class:`WriteError` on failure."""
    given = Path(path)
    target, info = _target(given)
    if info is not None and _kind(info.st_mode) is not None:
        _write_node(given, info, data)
        return
    problem = output_problem(given)
    if problem:
        raise WriteError(given, problem)
    if info is not None:
        in_place = info.st_nlink > 1 or (_euid() != 0 and info.st_uid != _euid())
        if in_place:
            _write_in_place(given, target, data)
            return
    try:
        _write_replacing(given, target, info, data)
    except _NoTemp:
        assert info is not None
        _write_in_place(given, target, data)


class _NoTemp(Exception):
    """No temporary file could be made (or given the owner) beside a file that can be written in place."""


def _write_replacing(given: Path, target: Path, info: os.stat_result | None, data: bytes) -> None:
    left = "the file is unchanged" if info is not None else "nothing was written"
    temp = temp_path(target)
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600 if info is not None else 0o666)
    except OSError as err:
        if info is not None and err.errno in (errno.EACCES, errno.EPERM):  # a folder we may not write in
            raise _NoTemp from None
        raise WriteError(given, f"cannot write: {_reason(err)}; {left}") from None
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
            if info is not None:
                os.fchmod(fd, stat.S_IMODE(info.st_mode))
                mine = os.fstat(fd)
                if (mine.st_uid, mine.st_gid) != (info.st_uid, info.st_gid):
                    try:
                        os.fchown(fd, info.st_uid, info.st_gid)
                    except PermissionError:
                        raise _NoTemp from None
                    os.fchmod(fd, stat.S_IMODE(info.st_mode))  # chown clears set-id bits
        finally:
            os.close(fd)
        os.replace(temp, target)
    except OSError as err:
        _discard(temp)
        raise WriteError(given, f"cannot write: {_reason(err)}; {left}") from None
    except BaseException:  # _NoTemp, a signal turned into an exception, Ctrl-C: no temporary file stays
        _discard(temp)
        raise
    _sync_folder(target.parent)


def _discard(temp: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temp)


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_in_place(given: Path, target: Path, data: bytes) -> None:
    """Overwrite the file itself (its inode, so its hard links, owner and mode stay): space reserved first,
    the old bytes written back if the write fails."""
    try:
        with open(target, "rb") as handle:
            old: bytes | None = handle.read()
    except OSError:
        old = None  # a write-only file: nothing to put back
    try:
        fd = os.open(target, os.O_WRONLY)
    except OSError as err:
        raise WriteError(given, f"cannot write: {_reason(err)}; the file is unchanged") from None
    try:
        try:
            if len(data) > len(old or b"") and hasattr(os, "posix_fallocate"):
                try:
                    os.posix_fallocate(fd, 0, len(data))
                except OSError as err:
                    if err.errno not in (errno.EINVAL, errno.EOPNOTSUPP, errno.ENOSYS):
                        raise WriteError(given, f"cannot write: {_reason(err)}; the file is unchanged") from None
            os.lseek(fd, 0, os.SEEK_SET)
            _write_all(fd, data)
            os.ftruncate(fd, len(data))
            os.fsync(fd)
        except (OSError, KeyboardInterrupt, SystemExit) as err:
            left = _put_back(fd, old)
            if isinstance(err, OSError):
                raise WriteError(given, f"cannot write: {_reason(err)}; {left}") from None
            raise
    finally:
        os.close(fd)


def _put_back(fd: int, old: bytes | None) -> str:
    """Write the old bytes back after a failed write in place; what the file holds now."""
    if old is None:
        return "the file may be incomplete (it could not be read to keep a copy)"
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        _write_all(fd, old)
        os.ftruncate(fd, len(old))
        os.fsync(fd)
    except OSError:
        return "the file may be incomplete (its old text could not be written back)"
    return "the file is unchanged"


def _write_node(given: Path, info: os.stat_result, data: bytes) -> None:
    """Write into a character device or a pipe as it is; refuse a folder, a socket or a block device."""
    kind = _kind(info.st_mode)
    if kind in ("a folder", "a socket", "a block device"):
        raise WriteError(given, f"cannot write: it is {kind}, not a file")
    flags = os.O_WRONLY | (os.O_NONBLOCK if kind == "a pipe" else 0)
    try:
        fd = os.open(given, flags)
    except OSError as err:
        if err.errno == errno.ENXIO:
            raise WriteError(given, "cannot write: the pipe has no reader; nothing was written") from None
        raise WriteError(given, f"cannot write: {_reason(err)}; nothing was written") from None
    try:
        os.set_blocking(fd, True)
        _write_all(fd, data)
    except OSError as err:
        raise WriteError(given, f"cannot write: {_reason(err)}") from None
    finally:
        os.close(fd)
