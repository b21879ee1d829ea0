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
import io
import os
import select
import shutil
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from rich.console import Console

from revive_dsl import cli, fileio
from revive_dsl.fileio import TextForm, WriteError, write_text_atomic
from revive_dsl.locations import replays_root
from revive_dsl.replay.script import load_script, load_script_text
from revive_dsl.terminal import play
from tests.test_replay_play import SOLO, TWO, Typist

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
    assert code == 0 and err.startswith("wrote " + str(tmp_path / "shown.html") + ": ")
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


def test_export_into_dev_null_leaves_the_device(tmp_path, capsys):
    # through a link of the test's own, so that a writer that replaces what it writes replaces the link, not the device
    null = tmp_path / "null"
    null.symlink_to(os.devnull)
    before = os.stat(os.devnull)
    code, _, err = revive(["replay", str(RULES), "--export", "svg", str(null)], capsys)
    assert code == 0 and err == f"wrote {null}\n"
    assert null.is_symlink() and os.readlink(null) == os.devnull
    after = os.stat(null)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]


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


# --- 2. nothing overwritten unasked -----------------------------------------------------------------------------


def play_main(argv: list[str], answers: list[str]) -> tuple[int, str, Typist]:
    """``revive play ARGV`` in this process with typed answers: (exit code, what it showed, the typist)."""
    args = cli.build_parser().parse_args(["play", *argv])
    shown = io.StringIO()
    typist = Typist(answers)
    code = play.main(args, typist, Console(file=shown, width=1000, no_color=True))
    return code, shown.getvalue(), typist


def test_play_refuses_an_existing_out_file_without_force(tmp_path, capsys):
    out = tmp_path / "game.yaml"
    out.write_text("keep\n", encoding="utf-8")
    code, shown, typist = play_main([*TWO, "--out", str(out)], ["switch", "gear", "q"])
    assert code == 2 and shown == "" and typist.prompts == []  # refused before the game
    assert capsys.readouterr().err == (
        f"revive play: --out {out}: the file exists; not overwriting it (give --force to write over it, "
        "or another --out)\n"
    )
    assert out.read_text(encoding="utf-8") == "keep\n"


def test_play_with_force_writes_nothing_while_no_move_is_made(tmp_path):
    out = tmp_path / "game.yaml"
    out.write_text("keep\n", encoding="utf-8")
    code, shown, _ = play_main([*TWO, "--out", str(out), "--force"], ["s", "q"])
    assert code == 0 and out.read_text(encoding="utf-8") == "keep\n"
    assert shown.count(f"no move made; {out} left as it was") == 2
    code, shown, _ = play_main([*TWO, "--out", str(out), "--force"], ["switch", "gear", "q"])
    assert code == 0 and load_script(out).steps[0].text == "Ann switch gear"


def test_play_from_a_game_at_3_onto_itself_does_not_cut_it(tmp_path, capsys):
    game = tmp_path / "solo.yaml"
    shutil.copy(SOLO, game)
    before = game.read_bytes()
    code, _, _ = play_main(["--from", str(game), "--at", "3", "--out", str(game)], ["q"])
    assert code == 2 and "the file exists; not overwriting it" in capsys.readouterr().err
    code, shown, _ = play_main(["--from", str(game), "--at", "3", "--out", str(game), "--force"], ["q"])
    assert code == 0 and f"no move made; {game} left as it was" in shown
    assert game.read_bytes() == before


def test_play_saves_an_unchanged_game_once(tmp_path):
    out = tmp_path / "game.yaml"
    code, shown, _ = play_main([*TWO, "--out", str(out)], ["switch", "gear", "s", "s", "q"])
    assert code == 0 and shown.count(f"saved {out}") == 1 and shown.count(f"{out} is up to date") == 2


def test_simulate_refuses_a_game_already_in_its_out_folder(tmp_path, capsys):
    (tmp_path / "game-2.yaml").write_text("keep\n", encoding="utf-8")
    (tmp_path / "game-3.yaml").write_text("keep\n", encoding="utf-8")
    (tmp_path / "game-9.yaml").write_text("keep\n", encoding="utf-8")  # not one of the seeds: no matter
    code = cli.main(["simulate", "--out", str(tmp_path), "--seed", "1", "--games", "3", "--jobs", "1"])
    assert code == 2 and capsys.readouterr().err == (
        f"revive simulate: --out {tmp_path}: game-2.yaml (and 1 more) is there already; not overwriting them "
        "(give --force, or another --out or --seed)\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-2.yaml", "game-3.yaml", "game-9.yaml"]
    assert cli.main(["simulate", "--out", str(tmp_path), "--seed", "2", "--force", "--jobs", "1"]) == 0
    assert load_script(tmp_path / "game-2.yaml").setup["seed"] == 2
    assert (tmp_path / "game-3.yaml").read_text(encoding="utf-8") == "keep\n"


# --- 3. a failed save keeps the game ------------------------------------------------------------------------------


def full_disk_in(folder: Path, monkeypatch) -> None:
    """Every file moved into ``folder`` fails as on a full disk (the temporary file was written, the move not)."""
    real = os.replace

    def replace(src, dst, **kw):
        if Path(dst).parent == folder:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(src, dst, **kw)

    monkeypatch.setattr(os, "replace", replace)


def test_play_tries_out_before_the_game(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    code, shown, typist = play_main([*TWO, "--out", str(folder / "game.yaml")], ["q"])
    assert code == 2 and shown == "" and typist.prompts == []
    assert capsys.readouterr().err == (
        f"revive play: --out {folder / 'game.yaml'}: the folder {folder} is read-only (mode 0555); "
        "make it writable (chmod u+w) or write elsewhere\n"
    )

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    code, shown, _ = play_main([*TWO, "--out", str(tmp_path / "game.yaml")], ["q"])
    monkeypatch.undo()
    assert code == 2 and shown == ""
    assert capsys.readouterr().err == (
        f"revive play: --out {tmp_path / 'game.yaml'}: cannot write: no space left on device (in {tmp_path})\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ro"]


def test_a_failed_s_keeps_the_game_and_s_file_saves_elsewhere(tmp_path, monkeypatch):
    full, other = tmp_path / "full", tmp_path / "other"
    full.mkdir()
    other.mkdir()
    out = full / "game.yaml"
    answers = ["switch", "gear", "s", f"s {other / 'game.yaml'}", "end", "q"]
    args = cli.build_parser().parse_args(["play", *TWO, "--out", str(out)])
    session = play.session_of(args)
    full_disk_in(full, monkeypatch)
    shown = io.StringIO()
    code = play.Player(session, Typist(answers), Console(file=shown, width=1000, no_color=True)).run()
    text = shown.getvalue()
    assert code == 0
    assert (
        f"not saved: {out}: cannot write: no space left on device; nothing was written; the game goes on: "
        "type s FILE to save to another file"
    ) in text
    assert f"saved {other / 'game.yaml'} (1 step)" in text  # the s FILE
    assert text.rstrip().endswith(f"saved {other / 'game.yaml'} ({len(session.moves)} steps)")  # the q
    assert [s.text for s in load_script(other / "game.yaml").steps][:2] == ["Ann switch gear", "Ann end"]
    assert sorted(p.name for p in full.iterdir()) == []


def test_a_failed_save_at_the_end_asks_for_another_file(tmp_path, monkeypatch):
    full, other = tmp_path / "full", tmp_path / "elsewhere"
    full.mkdir()
    (tmp_path / "taken.yaml").write_text("keep\n", encoding="utf-8")
    args = cli.build_parser().parse_args(["play", *TWO, "--out", str(full / "game.yaml")])
    session = play.session_of(args)
    full_disk_in(full, monkeypatch)
    shown = io.StringIO()
    typist = Typist(["switch", "gear", "q", str(tmp_path / "taken.yaml"), str(other / "game.yaml")])
    code = play.Player(session, typist, Console(file=shown, width=1000, no_color=True)).run()
    text = shown.getvalue()
    assert code == 0 and typist.prompts.count("save to which file? (nothing: end without saving) ") == 2
    assert f"{tmp_path / 'taken.yaml'} exists; not overwriting it: give another file" in text
    assert (tmp_path / "taken.yaml").read_text(encoding="utf-8") == "keep\n"
    assert [s.text for s in load_script(other / "game.yaml").steps] == ["Ann switch gear"]
    assert load_script(other / "game.yaml").packs == ["base"]


def test_a_failed_save_with_no_one_to_ask_shows_the_script(tmp_path, monkeypatch):
    args = cli.build_parser().parse_args(["play", *TWO, "--out", str(tmp_path / "game.yaml")])
    session = play.session_of(args)
    full_disk_in(tmp_path, monkeypatch)
    shown = io.StringIO()
    code = play.Player(session, Typist(["switch", "gear"]), Console(file=shown, width=1000, no_color=True)).run()
    text = shown.getvalue()
    assert code == 1 and "the input ended; the game's script, saved nowhere, follows" in text
    script = text[text.index("# yaml-language-server") :]
    assert [s.text for s in load_script_text(script, "shown.yaml").steps] == ["Ann switch gear"]


def test_a_game_ended_from_outside_keeps_what_was_played(tmp_path):
    out = tmp_path / "game.yaml"
    session = play.session_of(cli.build_parser().parse_args(["play", *TWO, "--out", str(out)]))
    answers = ["switch", "gear"]

    def ask(prompt: str) -> str:  # then the terminal closes: SIGHUP, made an exit by the command's handler
        if answers:
            return answers.pop(0)
        raise SystemExit(128 + signal.SIGHUP)

    with pytest.raises(SystemExit):
        play.Player(session, ask, Console(file=io.StringIO(), width=1000, no_color=True)).run()
    assert [s.text for s in load_script(out).steps] == ["Ann switch gear"]


# --- 4. a new pack is made whole ------------------------------------------------------------------------------


def test_new_pack_on_a_full_disk_leaves_nothing_and_the_next_try_works(tmp_path, capsys, monkeypatch):
    real_write, calls = os.write, []

    def full(fd: int, data) -> int:  # the third file finds the disk full
        calls.append(fd)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    code, out, err = revive(["new", "pack", "mine", "--dir", str(tmp_path)], capsys)
    monkeypatch.undo()
    assert code == 1 and out == ""
    assert err == (
        f"{tmp_path / 'mine'}: cannot make the pack: no space left on device (writing slot_modules.yaml); "
        "nothing was written\n"
    )
    assert list(tmp_path.iterdir()) == []
    code, out, _ = revive(["new", "pack", "mine", "--dir", str(tmp_path)], capsys)
    assert code == 0 and out.startswith(f"created pack 'mine' (depends: [base]) in {tmp_path / 'mine'}:")
    assert [p.name for p in tmp_path.iterdir()] == ["mine"] and (
        tmp_path / "mine" / "scripts" / "try-it.yaml"
    ).is_file()


def test_new_pack_in_a_read_only_folder_is_one_line(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    code, _, err = revive(["new", "pack", "mine", "--dir", str(folder)], capsys)
    assert code == 2 and err == (
        f"revive new pack: the folder {folder} is read-only (mode 0555); make it writable (chmod u+w) "
        "or write elsewhere\n"
    )
    folder.chmod(0o755)

    def denied(path, mode=0o777, **kw):  # what a user who may not write the folder meets
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(os, "mkdir", denied)
    code, _, err = revive(["new", "pack", "mine", "--dir", str(folder)], capsys)
    monkeypatch.undo()
    assert code == 1 and err == f"{folder / 'mine'}: cannot make the pack: permission denied; nothing was written\n"
    assert list(folder.iterdir()) == []


def test_new_pack_with_a_name_too_long_for_the_file_system(tmp_path, capsys):
    name = "a" * 300
    code, _, err = revive(["new", "pack", name, "--dir", str(tmp_path)], capsys)
    assert code == 2
    assert err == f"revive new pack: '{'a' * 24}...' is 300 characters long; the file system takes names of up to 255\n"
    assert list(tmp_path.iterdir()) == []


def test_new_pack_refuses_a_schemas_path_with_a_line_break(tmp_path, capsys):
    code, _, err = revive(["new", "pack", "mine", "--dir", str(tmp_path), "--schemas", "a\nb"], capsys)
    assert code == 2
    assert (
        err
        == "revive new pack: --schemas 'a\\nb': a folder's path is one line, without control characters; give it so\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_new_pack_removes_what_a_killed_run_left(tmp_path, capsys):
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    left = tmp_path / f".mine.{done.stdout.strip()}.0123abcd{fileio.TEMP_SUFFIX}"  # that process is gone
    (left / "scripts").mkdir(parents=True)
    (left / "pack.yaml").write_text("id: mine\n", encoding="utf-8")
    fileio._swept.clear()
    assert revive(["new", "pack", "mine", "--dir", str(tmp_path)], capsys)[0] == 0
    assert [p.name for p in tmp_path.iterdir()] == ["mine"]
