"""The balance lab against damaged run folders, a --scheduler that is no Dask scheduler, numbers without bound and
names too long for the file system: each one clear line (naming the file), never a traceback, a hang or memory
grown without end."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import revive_dsl
from revive_dsl import cli
from revive_dsl.balance.run import game_file

ARGS = ["balance", "--games", "2", "--seed", "3", "--ai", "random", "--tribes", "nadair,formica", "--workers", "0"]
ROOT = Path(revive_dsl.__file__).resolve().parents[1]
LONG = "a" * 300  # a name over the 255 bytes of a file name


def revive(*args: str, cwd: Path, timeout: float = 90) -> subprocess.CompletedProcess:
    """``revive ARGS`` as a process of its own, its memory capped (2 GB) and its time bounded."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "revive_dsl.cli", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=cap,
    )


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("played") / "run"
    assert cli.main([*ARGS, "--out", str(out)]) == 0
    return out


@pytest.fixture
def run(played, tmp_path, capsys) -> Path:
    out = tmp_path / "run"
    shutil.copytree(played, out)
    capsys.readouterr()
    return out


def _files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _chances_not_counted(path: Path) -> None:
    """A game's figures whole but for a seat's chances: a count that is no number."""
    figures = json.loads(path.read_text())
    figures["seats"][0]["chances"]["offered"]["play"] = "often"
    path.write_text(json.dumps(figures))


DAMAGE = {
    "infinite index": lambda path: path.write_text(json.dumps({"index": 1})[:-2] + " 1e999}"),
    "another shape": lambda path: path.write_text('{"game": 1, "seats": []}'),
    "another shape, same index": lambda path: path.write_text('{"index": 1, "seats": "none"}'),
    "nested deeply": lambda path: path.write_text("[" * 200_000 + "]" * 200_000),
    "a link to /dev/zero": lambda path: (path.unlink(), path.symlink_to("/dev/zero")),
    "3 GB large": lambda path: os.truncate(path, 3 << 30),
    "not UTF-8": lambda path: path.write_bytes(b'{"index": "\xff"}'),
    "a seat's chances not counted": _chances_not_counted,
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_resume_plays_a_damaged_game_again_and_names_its_file(run, damage, capsys):
    whole = _files(run)
    path = game_file(run, 1)
    DAMAGE[damage](path)
    assert cli.main([*ARGS, "--out", str(run), "--resume"]) == 0
    err = capsys.readouterr().err
    said = [line for line in err.splitlines() if str(path) in line]
    assert len(said) == 1 and said[0].startswith("revive balance: ") and "played again" in said[0], err
    assert "Traceback" not in err
    assert not path.is_symlink() and _files(run) == whole  # the game played again: the same figures, same report


def test_resume_on_a_run_with_every_kind_of_damage_at_once_keeps_the_intact_games(tmp_path):
    """The issue's whole case: one game file per kind of damage (and a pipe) in one run folder of 10 games; the
    resumed run names each damaged file once, plays those games again, leaves the intact ones as they were
    (not even rewritten), and ends with the files of an undamaged run."""
    args = [*ARGS, "--games", "10"]
    args.remove("2")  # the first --games' value
    args.remove("--games")
    out = tmp_path / "run"
    done = revive(*args, "--out", str(out), cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    whole = _files(out)
    damaged = {}
    for index, damage in enumerate(DAMAGE):
        damaged[game_file(out, index)] = damage
        DAMAGE[damage](game_file(out, index))
    pipe = game_file(out, len(DAMAGE))
    pipe.unlink()
    os.mkfifo(pipe)
    damaged[pipe] = "a pipe"
    intact = [game_file(out, i) for i in range(len(DAMAGE) + 1, 10)]
    assert intact
    stamps = {path: path.stat().st_mtime_ns for path in intact}
    done = revive(*args, "--out", str(out), "--resume", cwd=tmp_path, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    for path, damage in damaged.items():
        said = [line for line in done.stderr.splitlines() if str(path) in line]
        assert len(said) == 1 and "played again" in said[0], (damage, done.stderr)
        assert not path.is_symlink()
    assert {path: path.stat().st_mtime_ns for path in intact} == stamps  # kept, not played again
    assert _files(out) == whole


def test_resume_does_not_hang_on_a_pipe_where_a_game_file_belongs(run, tmp_path):
    path = game_file(run, 0)
    path.unlink()
    os.mkfifo(path)
    done = revive(*ARGS, "--out", str(run), "--resume", cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if str(path) in line]
    assert len(said) == 1 and "a pipe" in said[0] and "Traceback" not in done.stderr
    assert json.loads(path.read_text())["index"] == 0


def test_a_folder_where_a_game_file_belongs_stops_the_run_before_anything_is_written(run, capsys):
    path = game_file(run, 1)
    path.unlink()
    path.mkdir()
    (path / "mine.txt").write_text("kept")
    before = _files(run)
    for flag in ("--force", "--resume"):
        assert cli.main([*ARGS, "--out", str(run), flag]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(f"revive balance: {path} is a folder"), err
        assert _files(run) == before


def test_a_damaged_run_json_stops_the_resumed_run_before_anything_is_written(run, capsys):
    for text in ("[" * 200_000 + "]" * 200_000, '{"games": 1e999}', "{"):
        (run / "run.json").write_text(text)
        before = _files(run)
        assert cli.main([*ARGS, "--out", str(run), "--resume"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(f"revive balance: {run / 'run.json'}: "), err
        assert _files(run) == before


class Junk:
    """A TCP service on 127.0.0.1 that sends junk bytes to whoever connects (no Dask scheduler)."""

    def __init__(self, junk: bytes):
        self.junk = junk
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with contextlib.suppress(OSError):
                conn.sendall(self.junk)
            threading.Timer(30, conn.close).start()


@pytest.mark.parametrize(
    "junk",
    [b"HTTP/1.1 400 Bad Request\r\n\r\n" * 4, b"\xff" * 64, b"\x00\x00\x10\x00\x00\x00\x00\x00" + b"x" * 40, b""],
    ids=["text", "ff", "a length of 1 GB", "silence"],
)
def test_a_scheduler_address_where_something_else_answers_is_one_line(junk, tmp_path):
    server = Junk(junk)
    try:
        done = revive(
            *ARGS[:-2], "--out", str(tmp_path / "run"), "--scheduler", f"tcp://127.0.0.1:{server.port}", cwd=tmp_path
        )
    finally:
        server.sock.close()
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"revive balance: --scheduler tcp://127.0.0.1:{server.port}: ")
    assert done.stderr.count("\n") == 1 and "Dask" in done.stderr, done.stderr
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--games", str(10**30), "--games must be from 1 to 1000000"),
        ("--ai", f"mcts:{10**30}", "the playout budget must be a whole number from 1 to 100000"),
        ("--workers", str(10**8), "--workers must be from 0 (this process) to 256"),
    ],
)
def test_numbers_without_bound_are_refused_in_one_line(option, value, said, tmp_path):
    args = [*ARGS, "--out", str(tmp_path / "run")]
    at = args.index(option)
    args[at + 1] = value
    done = revive(*args, cwd=tmp_path, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and said in done.stderr, done.stderr
    assert not (tmp_path / "run").exists()


def test_the_bounds_are_in_the_help(capsys):
    with pytest.raises(SystemExit):
        cli.main(["balance", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "1 to 1000000" in shown and "1 to 100000)" in shown and "0 to 256" in shown


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--games", str(10**30)], "--games must be from 1 to 1000000, not 1" + "0" * 30),
        (["--games", "0"], "--games must be from 1 to 1000000, not 0"),
        (["--games", "-3"], "--games must be from 1 to 1000000, not -3"),
        (["--jobs", str(10**8)], "--jobs must be from 1 to 256 (default: one per CPU), not 100000000"),
        (["--jobs", "0"], "--jobs must be from 1 to 256 (default: one per CPU), not 0"),
        (["--tribes", ","], "--tribes: name at least one tribe, e.g. nadair,formica"),
    ],
    ids=["games 10^30", "games 0", "games -3", "jobs 10^8", "jobs 0", "tribes none"],
)
def test_simulate_numbers_out_of_bounds_are_refused_in_one_line(args, said, tmp_path):
    done = revive("simulate", *args, "--out", str(tmp_path / "games"), cwd=tmp_path, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"revive simulate: {said}\n")
    assert not (tmp_path / "games").exists()


def test_simulate_bounds_are_in_the_help(capsys):
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "how many games, 1 to 1000000" in shown and "worker processes, 1 to 256" in shown


def test_an_out_folder_name_too_long_is_one_line(tmp_path, capsys):
    out = tmp_path / LONG
    assert cli.main([*ARGS, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"revive balance: --out {out}: cannot write: file name too long\n"
    assert cli.main(["simulate", "--out", str(out)]) == 2
    assert capsys.readouterr().err == f"revive simulate: --out {out}: cannot write: file name too long\n"


def test_a_pack_name_too_long_is_one_line(tmp_path, capsys):
    assert cli.main([*ARGS, "--out", str(tmp_path / "run"), "--packs", LONG]) == 2
    assert capsys.readouterr().err == f"revive balance: --packs {LONG}: file name too long\n"
    assert cli.main(["simulate", "--packs", LONG]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{LONG}: file name too long") and err.count("\n") == 1, err
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("command", ["replay", "moves"])
def test_a_script_naming_a_pack_too_long_is_one_positioned_line(command, tmp_path, capsys):
    script = Path(__file__).resolve().parent / "data" / "replay" / "two-players.yaml"  # the checkout's tests
    mine = tmp_path / "long.yaml"
    mine.write_text(script.read_text().replace("\n- base\n", f"\n- {LONG}\n", 1))
    assert cli.main([command, str(mine)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{mine}:5:3: '{LONG}': file name too long\n"), err
    assert "Traceback" not in err


# --- 9. the same wording and the same folders as every other command ---------------------------------


def test_a_pack_that_does_not_load_is_told_as_simulate_tells_it(tmp_path, capsys):
    assert cli.main([*ARGS, "--out", str(tmp_path / "run"), "--packs", "nope"]) == 2
    balance = capsys.readouterr().err
    assert cli.main(["simulate", "--packs", "nope"]) == 1
    simulate = capsys.readouterr().err
    assert balance == simulate == "nope: no such pack or folder (bundled packs: abyss, base)\n"
    assert not (tmp_path / "run").exists()


def test_a_run_json_holding_a_list_is_one_line_saying_what_a_run_json_holds(run, capsys):
    (run / "run.json").write_text("[1, 2]")
    before = _files(run)
    assert cli.main([*ARGS, "--out", str(run), "--resume"]) == 2
    assert capsys.readouterr().err == (
        f"revive balance: {run / 'run.json'}: not a balance run's settings: it holds a list; a run's settings are a "
        "mapping of packs, players, tribes, sides, seating, ai, games, seed, variants and tribe_sides\n"
    )
    assert _files(run) == before


def test_a_run_json_of_wrong_kinds_names_the_setting(run, capsys):
    settings = json.loads((run / "run.json").read_text())
    for key, value, said in (
        ("players", "2", "its 'players' is a text, not a whole number"),
        ("tribes", [1], "its 'tribes' is a list, not a list of names"),
        ("extra", 1, "it has 'extra', which is not one of"),
    ):
        (run / "run.json").write_text(json.dumps(settings | {key: value}))
        assert cli.main([*ARGS, "--out", str(run), "--resume"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"revive balance: {run / 'run.json'}: not a balance run's settings: {said}"), err
        assert err.count("\n") == 1


def _odd_outs(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """An --out that cannot be a folder, and the reason every command gives for it."""
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "gone")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    file = tmp_path / "file"
    file.write_text("keep")
    return {
        "a dangling link": (dangling, f"{dangling} is a link to {tmp_path / 'gone'}, which does not exist"),
        "a pipe": (pipe, f"{pipe} is a pipe, not a folder"),
        "a file": (file, f"{file} is a file, not a folder"),
    }


@pytest.mark.parametrize("odd", ["a dangling link", "a pipe", "a file"])
def test_an_out_folder_that_cannot_be_one_is_worded_alike_by_every_command(odd, tmp_path, capsys):
    path, said = _odd_outs(tmp_path)[odd]
    for command in (ARGS, ["simulate", "--games", "1"]):
        assert cli.main([*command, "--out", str(path)]) == 2
        assert (
            capsys.readouterr().err == f"revive {command[0]}: --out {path}: cannot write: it{said[len(str(path)) :]}\n"
        )
    script = Path(__file__).resolve().parent / "data" / "replay" / "two-players.yaml"
    under = [
        ["play", "--players", "A:nadair,B:formica", "--out", str(path / "game.yaml")],
        ["replay", str(script), "--export", "html", str(path / "game.html")],
        ["simulate", "--games", "1", "--out", str(path / "games")],
        [*ARGS, "--out", str(path / "run")],
    ]
    for command in under:
        flag = "--export" if "--export" in command else "--out"
        assert cli.main(command) == 2
        assert capsys.readouterr().err == f"revive {command[0]}: {flag} {command[-1]}: cannot write: {said}\n"
    assert not os.path.lexists(tmp_path / "gone")


def test_every_command_makes_the_missing_folders_of_its_out(tmp_path, capsys):
    script = Path(__file__).resolve().parent / "data" / "replay" / "two-players.yaml"
    assert cli.main(["replay", str(script), "--export", "html", str(tmp_path / "a" / "b" / "game.html")]) == 0
    assert cli.main(["simulate", "--games", "1", "--out", str(tmp_path / "c" / "d")]) == 0
    assert cli.main([*ARGS, "--out", str(tmp_path / "e" / "f")]) == 0
    assert (tmp_path / "a" / "b" / "game.html").is_file()
    assert (tmp_path / "c" / "d" / "game-1.yaml").is_file()
    assert (tmp_path / "e" / "f" / "run.json").is_file()
