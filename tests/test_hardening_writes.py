"""Files written as an editor writes them (issue 24, items 1-4).

1. A rewrite changes the text and nothing else: links followed and kept, hard links kept together, mode, owner,
   line endings and byte order mark kept, read-only files refused, devices and pipes written into, no temporary
   file outliving its process.
2. Nothing overwritten unasked: ``play --out`` and ``simulate --out`` refuse an existing file without ``--force``,
   and a game with no move made is never written over one.
3. A failed save keeps the game: ``play`` checks ``--out`` before the game, and a save that fails says why and
   lets the player save elsewhere.
4. ``new pack`` is made whole or not at all.

The file-system cases use real links, FIFOs and modes; a full disk is an ``os.write`` that raises ENOSPC.
Running as root, a mode does not stop a write, so read-only is a matter of the mode bits, refused by the tools.
"""

from __future__ import annotations

import errno
import os
import select
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from revive_dsl import cli, fileio
from revive_dsl.fileio import TextForm, WriteError, write_text_atomic
from revive_dsl.resources import replays_root

ROOT = Path(__file__).resolve().parent.parent
MESSY = 'kind: crate\ncomponents:\n  - id: c  # a comment\n    provenance: rulebook\n    effect: "gain  2 book"\n'
TIDY = MESSY.replace("gain  2 book", "gain 2 book")
RULES = replays_root() / "rules" / "switch-used-once.yaml"


def revive(argv: list[str], capsys) -> tuple[int, str, str]:
    """``revive ARGV`` in this process: (exit code, stdout, stderr)."""
    code = cli.main(argv)
    done = capsys.readouterr()
    assert "Traceback" not in done.out + done.err
    return code, done.out, done.err


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(fileio.TEMP_SUFFIX))


# --- 1. writes that change the text and nothing else ------------------------------------------------------------


def test_fmt_of_a_symlink_formats_its_target_and_keeps_the_link(tmp_path, capsys):
    real = tmp_path / "real" / "crates.yaml"
    real.parent.mkdir()
    real.write_text(MESSY, encoding="utf-8")
    link = tmp_path / "crates.yaml"
    link.symlink_to(real)
    code, out, _ = revive(["fmt", str(link)], capsys)
    assert code == 0 and "1 file reformatted" in out
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == TIDY


def test_export_and_docs_onto_a_link_write_through_it(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text("old", encoding="utf-8")
    (tmp_path / "shown.html").symlink_to("page.html")  # a relative link, as people make them
    code, _, err = revive(["replay", str(RULES), "--export", "html", str(tmp_path / "shown.html")], capsys)
    assert code == 0 and err.endswith("wrote " + str(tmp_path / "shown.html") + "\n")
    assert (tmp_path / "shown.html").is_symlink() and "<html" in page.read_text(encoding="utf-8")
    reference = tmp_path / "docs" / "dsl.md"
    reference.parent.mkdir()
    reference.write_text("old", encoding="utf-8")
    (tmp_path / "dsl.md").symlink_to(reference)
    assert revive(["docs", "--write", "--path", str(tmp_path / "dsl.md")], capsys)[0] == 0
    assert (tmp_path / "dsl.md").is_symlink() and reference.read_text(encoding="utf-8").startswith("#")


def test_a_dangling_link_gets_its_target_made(tmp_path):
    link = tmp_path / "out.yaml"
    link.symlink_to(tmp_path / "made.yaml")
    write_text_atomic(link, "x: 1\n")
    assert link.is_symlink() and (tmp_path / "made.yaml").read_text(encoding="utf-8") == "x: 1\n"


def test_a_hard_linked_file_stays_one_file(tmp_path, capsys):
    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    one.write_text(MESSY, encoding="utf-8")
    os.link(one, two)
    assert revive(["fmt", str(one)], capsys)[0] == 0
    assert os.stat(one).st_ino == os.stat(two).st_ino and os.stat(one).st_nlink == 2
    assert two.read_text(encoding="utf-8") == TIDY
    assert leftovers(tmp_path) == []


def test_a_hard_linked_file_on_a_full_disk_keeps_its_old_bytes(tmp_path, monkeypatch):
    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    one.write_text(MESSY, encoding="utf-8")
    os.link(one, two)
    real_write, room = os.write, len(MESSY)

    def full(fd: int, data) -> int:  # the disk has no block free: the file cannot grow past its old size
        free = room - os.lseek(fd, 0, os.SEEK_CUR)
        if free <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, bytes(data[:free]))

    monkeypatch.setattr(os, "posix_fallocate", lambda fd, offset, size: None)  # no space reserved: the write fails
    monkeypatch.setattr(os, "write", full)
    with pytest.raises(WriteError) as err:
        write_text_atomic(one, TIDY + "# more\n" * 10)
    monkeypatch.undo()
    assert str(err.value) == f"{one}: cannot write: no space left on device; the file is unchanged"
    assert two.read_text(encoding="utf-8") == MESSY and os.stat(one).st_ino == os.stat(two).st_ino


def test_a_read_only_file_is_refused_by_its_mode(tmp_path, capsys):
    path = tmp_path / "crates.yaml"
    path.write_text(MESSY, encoding="utf-8")
    path.chmod(0o444)
    code, _, err = revive(["fmt", str(path)], capsys)
    assert code == 1
    assert err == (
        f"{path}: cannot write: the file is read-only (mode 0444); make it writable (chmod u+w) to have it rewritten\n"
    )
    assert path.read_text(encoding="utf-8") == MESSY and stat.S_IMODE(path.stat().st_mode) == 0o444


def test_mode_and_owner_are_kept(tmp_path, capsys, monkeypatch):
    path = tmp_path / "crates.yaml"
    path.write_text(MESSY, encoding="utf-8")
    path.chmod(0o640)
    if os.geteuid() == 0:  # root can give the file away, and must give the new one back
        os.chown(path, 1234, 2345)
        wanted = (1234, 2345)
    else:  # a user cannot: the file must be given its owner by a call that is made
        given = []
        monkeypatch.setattr(os, "fstat", lambda fd, real=os.fstat: _other_owner(real(fd)))
        monkeypatch.setattr(os, "fchown", lambda fd, uid, gid: given.append((uid, gid)))
        wanted = (path.stat().st_uid, path.stat().st_gid)
    assert revive(["fmt", str(path)], capsys)[0] == 0
    monkeypatch.undo()
    info = path.stat()
    assert stat.S_IMODE(info.st_mode) == 0o640 and path.read_text(encoding="utf-8") == TIDY
    if os.geteuid() == 0:
        assert (info.st_uid, info.st_gid) == wanted
    else:
        assert given == [wanted]


def _other_owner(info: os.stat_result) -> os.stat_result:
    fields = list(info)
    fields[stat.ST_UID] += 1
    return os.stat_result(fields)


def test_crlf_line_endings_and_a_byte_order_mark_are_kept_by_fmt(tmp_path, capsys):
    path = tmp_path / "crates.yaml"
    path.write_bytes(("\ufeff" + MESSY.replace("\n", "\r\n")).encode("utf-8"))
    code, out, _ = revive(["fmt", str(path)], capsys)
    assert code == 0 and "'gain  2 book' -> 'gain 2 book'" in out
    assert path.read_bytes() == ("\ufeff" + TIDY.replace("\n", "\r\n")).encode("utf-8")
    assert revive(["fmt", "--check", str(path)], capsys)[0] == 0  # and it is formatted now


def test_crlf_line_endings_and_a_byte_order_mark_are_kept_by_upgrade(tmp_path, capsys):
    source = ROOT / "tests" / "data" / "upgrade" / "before-2026-11-23" / "random" / "game-102.yaml"
    plain, crlf = tmp_path / "plain.yaml", tmp_path / "crlf.yaml"
    text = source.read_text(encoding="utf-8")
    plain.write_text(text, encoding="utf-8")
    crlf.write_bytes(("\ufeff" + text.replace("\n", "\r\n")).encode("utf-8"))
    code, out, _ = revive(["upgrade", str(plain), str(crlf)], capsys)
    assert code == 0 and "2 scripts upgraded" in out
    upgraded = plain.read_text(encoding="utf-8")
    assert upgraded != text
    assert crlf.read_bytes() == ("\ufeff" + upgraded.replace("\n", "\r\n")).encode("utf-8")


def test_text_form_of_mixed_endings_goes_by_the_most():
    assert TextForm.of("a\r\nb\r\nc\n").newline == "\r\n"
    assert TextForm.of("a\nb\nc\r\n").newline == "\n"
    assert TextForm.of("").apply("x\n") == "x\n"


def test_export_into_dev_null_leaves_the_device(capsys):
    before = os.stat(os.devnull)
    code, _, err = revive(["replay", str(RULES), "--export", "svg", os.devnull], capsys)
    assert code == 0 and err == f"wrote {os.devnull}\n"
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_export_into_a_fifo_writes_to_its_reader(tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader is there before the command starts
    got: list[bytes] = []

    def drain() -> None:  # until the writer has come and gone (Linux: no end of file before a writer came)
        while True:
            if not select.select([fd], [], [], 120)[0]:  # never: the command failed before it wrote
                return
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                return
            got.append(chunk)

    thread = threading.Thread(target=drain)
    thread.start()
    code, _, _ = revive(["replay", str(RULES), "--export", "html", str(fifo)], capsys)
    thread.join()
    os.close(fd)
    assert code == 0 and stat.S_ISFIFO(fifo.lstat().st_mode)
    assert b"".join(got).startswith(b"<!DOCTYPE html>") and sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_fifo_nobody_reads_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(WriteError) as err:
        write_text_atomic(fifo, "x")
    assert str(err.value) == f"{fifo}: cannot write: the pipe has no reader; nothing was written"
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_an_interrupted_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "a.yaml"
    path.write_text("old\n", encoding="utf-8")

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_text_atomic(path, "new\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.yaml"]
    assert path.read_text(encoding="utf-8") == "old\n"


# A process that stops in the middle of a write (its temporary file written, not yet moved) until told.
STOPPED = """
import os, sys
from revive_dsl import cli

def stopped(fd):
    print("writing", flush=True)
    sys.stdin.readline()

os.fsync = stopped
sys.argv = ["revive", "docs", "--write", "--path", sys.argv[1]]
cli.run()
"""


def stopped_writer(path: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", STOPPED, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True
    )
    assert child.stdout is not None and child.stdout.readline() == "writing\n"
    return child


def test_a_write_killed_midway_leaves_a_file_the_next_run_removes(tmp_path):
    path = tmp_path / "ref.md"
    child = stopped_writer(path)
    child.kill()
    child.wait()
    assert len(leftovers(tmp_path)) == 1 and not path.exists()  # SIGKILL cannot be caught
    fileio._swept.clear()
    write_text_atomic(path, "# reference\n")
    assert leftovers(tmp_path) == [] and path.read_text(encoding="utf-8") == "# reference\n"


def test_a_write_ended_by_sigterm_removes_its_temporary_file(tmp_path):
    path = tmp_path / "ref.md"
    child = stopped_writer(path)
    child.send_signal(signal.SIGTERM)
    assert child.wait() == 128 + signal.SIGTERM
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_live_writers_temporary_file_is_not_removed(tmp_path):
    live = tmp_path / f".a.yaml.{os.getppid()}.0123abcd{fileio.TEMP_SUFFIX}"  # the parent process: alive
    live.write_text("", encoding="utf-8")
    assert fileio.remove_stale(tmp_path) == [] and live.exists()


def test_a_long_file_name_gets_a_temporary_file_that_fits(tmp_path):
    path = tmp_path / ("x" * 250 + ".yaml")
    write_text_atomic(path, "a: 1\n")
    write_text_atomic(path, "a: 2\n")  # replacing it goes through a temporary file
    assert path.read_text(encoding="utf-8") == "a: 2\n"
