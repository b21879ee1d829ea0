"""Never a traceback, never a lost byte: files written all or nothing, bad paths and options told in one line.

Each case runs ``python -m revive_dsl.cli`` in a subprocess and checks the exact message, the exit
code, that no traceback is printed and, for a failed write, that the old file is byte-identical.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from revive_dsl.fileio import WriteError, write_text_atomic
from revive_dsl.locations import content_root, replays_root
from revive_dsl.replay import Replay, load_script
from revive_dsl.terminal import viewer

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = """\
format: 1
title: Hardening test
players: [{name: Ann, tribe: nadair, side: sun}]
setup: {seed: 3}
steps:
  - Ann switch food
  - Ann end
  - Ann play start_c_5 top_left
  - Ann end
"""


def revive(*args: str, cwd: Path | None = None, limit: int | None = None) -> subprocess.CompletedProcess:
    """``revive ARGS`` in a subprocess (importing this checkout), with a file size limit in KB if told."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "revive_dsl.cli", *args]
    if limit is not None:
        command = ["bash", "-c", f'ulimit -f {limit}; exec "$@"', "revive", *command]
    return subprocess.run(
        command, capture_output=True, text=True, cwd=cwd, env=env, stdin=subprocess.DEVNULL, timeout=300
    )


def one_line(done: subprocess.CompletedProcess) -> str:
    """The single line on stderr (no traceback)."""
    assert "Traceback" not in done.stdout + done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(SCRIPT, encoding="utf-8")
    return path


# --- 1. a failed write loses nothing --------------------------------------------------------------


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ") or shutil.which("bash") is None, reason="needs ulimit -f")
def test_fmt_under_a_file_size_limit_leaves_the_file_byte_identical(tmp_path):
    path = tmp_path / "cards.yaml"
    text = (content_root() / "base" / "citizen_cards.yaml").read_text(encoding="utf-8")
    messy = text.replace('top: "gain 2 gear"', 'top: "gain  2  gear"', 1)
    assert messy != text and len(messy.encode()) > 2048
    path.write_text(messy, encoding="utf-8")
    before = path.read_bytes()
    done = revive("fmt", str(path), limit=1)
    assert done.returncode == 1
    assert one_line(done) == f"{path}: cannot write: file too large; the file is unchanged"
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.yaml"]  # no temp file left
    done = revive("fmt", str(path))  # without the limit it is written
    assert done.returncode == 0 and path.read_text(encoding="utf-8") == text


def test_write_text_atomic_replaces_or_raises_one_line(tmp_path):
    target = tmp_path / "a.txt"
    target.write_text("old", encoding="utf-8")
    write_text_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    with pytest.raises(WriteError) as err:
        write_text_atomic(tmp_path, "x")
    assert str(err.value) == f"{tmp_path}: cannot write: it is a folder, not a file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


# --- 9. paths on the command line, checked before the work -----------------------------------------


def test_replay_export_to_a_missing_folder_makes_it(tmp_path, script):
    target = tmp_path / "nope" / "deeper" / "game.html"
    done = revive("replay", str(script), "--export", "html", str(target))
    assert done.returncode == 0 and done.stderr.startswith(f"wrote {target}: ")
    assert target.is_file()


def test_replay_export_under_a_file(tmp_path, script):
    (tmp_path / "nope").write_text("keep", encoding="utf-8")
    target = tmp_path / "nope" / "game.html"
    done = revive("replay", str(script), "--export", "html", str(target))
    assert done.returncode == 2 and done.stdout == ""  # nothing rendered first
    assert (
        one_line(done) == f"revive replay: --export {target}: cannot write: {tmp_path / 'nope'} is a file, not a folder"
    )
    assert (tmp_path / "nope").read_text(encoding="utf-8") == "keep"


def test_replay_export_to_a_folder(tmp_path, script):
    done = revive("replay", str(script), "--export", "svg", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert one_line(done) == f"revive replay: --export {tmp_path}: cannot write: it is a folder, not a file"


def test_replay_export_writes_the_file(tmp_path, script):
    target = tmp_path / "game.html"
    done = revive("replay", str(script), "--export", "html", str(target), "--no-color")
    assert done.returncode == 0 and done.stderr.startswith(f"wrote {target}: ") and done.stderr.count("\n") == 1
    assert '<script type="application/json" id="revive-data">' in target.read_text(encoding="utf-8")


def test_simulate_out_on_a_file(tmp_path):
    path = tmp_path / "taken"
    path.write_text("keep", encoding="utf-8")
    done = revive("simulate", "--out", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert one_line(done) == f"revive simulate: --out {path}: cannot write: it is a file, not a folder"
    assert path.read_text(encoding="utf-8") == "keep"


def test_schemas_write_on_a_file(tmp_path):
    path = tmp_path / "taken"
    path.write_text("keep", encoding="utf-8")
    done = revive("schemas", "--write", str(path))
    assert done.returncode == 2
    assert one_line(done) == f"revive schemas: --write {path}: cannot write: it is a file, not a folder"
    done = revive("schemas", "--write", str(path / "sub"))
    assert done.returncode == 2
    assert one_line(done) == f"revive schemas: --write {path / 'sub'}: cannot write: {path} is a file, not a folder"


def test_play_out_on_a_folder(tmp_path):
    done = revive("play", "--players", "Ann:nadair", "--out", str(tmp_path))
    assert done.returncode == 2
    assert one_line(done) == f"revive play: --out {tmp_path}: cannot write: it is a folder, not a file"


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs a shell pipe")
def test_replay_json_into_a_closed_pipe_ends_quietly():
    game = replays_root() / "games" / "2p-nadair-ox49.yaml"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = f'"{sys.executable}" -m revive_dsl.cli replay "{game}" --json --from 0 | head -c 100 >/dev/null'
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.stderr == ""
    assert done.returncode == 1


# --- 10. options that make no sense ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--to", "-1"], "--to -1: a step number is 0 or more"),
        (["--from", "-2"], "--from -2: a step number is 0 or more"),
        (["--from", "30", "--to", "10"], "--from 30 is after --to 10"),
        (["--export", "pdf", "x.pdf"], "--export takes html, svg or text, not 'pdf'"),
    ],
)
def test_replay_options_that_make_no_sense(script, options, message):
    done = revive("replay", str(script), *options)
    assert done.returncode == 2 and done.stdout == ""
    assert one_line(done) == f"revive replay: {message}"


def test_the_stepper_says_how_many_steps_for_a_go_past_the_end(script):
    from rich.console import Console

    console = Console(file=io.StringIO(), record=True, width=80, no_color=True)
    replay = Replay(load_script(script))
    commands = iter(["g 500", "g 4", "q"])
    viewer.Stepper(replay, console).run(lambda prompt: next(commands))
    out = console.export_text()
    assert "the script has 4 steps: g 0 to g 4" in out
    assert replay.done == 4


def _dies_on_crash_scripts(script):
    """Stands in for ``verify.replay_one`` in the worker processes: a script named crash* kills its process."""
    import os as _os

    from revive_dsl.replay import verify as _verify

    if "crash" in Path(script).name:
        _os._exit(3)  # a death below Python, as a segfault would be
    return _verify._real_replay_one(script)


def test_a_worker_that_dies_is_that_scripts_failure_and_the_others_run_on(tmp_path, monkeypatch):
    """Issue 13, break 3: one crashing script does not take the whole `revive verify` down."""
    from revive_dsl.replay import verify

    for name in ("a.yaml", "crash.yaml", "b.yaml"):
        shutil.copy(ROOT / "replays" / "rules" / "switch-used-once.yaml", tmp_path / name)
    _dies_on_crash_scripts.__module__, _dies_on_crash_scripts.__qualname__ = verify.__name__, "replay_one"
    monkeypatch.setattr(verify, "_real_replay_one", verify.replay_one, raising=False)
    monkeypatch.setattr(verify, "replay_one", _dies_on_crash_scripts)  # forked workers inherit it
    scripts = [str(tmp_path / n) for n in ("a.yaml", "crash.yaml", "b.yaml")]
    outcomes = verify._run(scripts, 2, lambda: None)
    assert {Path(s).name: o.kind for s, o in outcomes.items()} == {
        "a.yaml": "ok",
        "crash.yaml": "crashed",
        "b.yaml": "ok",
    }
    assert "the process playing it died" in outcomes[scripts[1]].error
