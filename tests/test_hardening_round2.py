"""Hardening, round 2: hostile packs and scripts (issue 24, items 5-8; issue 30).

A pack from someone else reads nothing through a link out of it and never makes the tools print a file of
the reader's; free text reaches the terminal with its control characters made visible; every resource is
bounded (YAML aliases, diagnostics, the content cache's reads, widths); the small breaks are clean errors.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from revive_dsl import DslError
from revive_dsl.cli import main
from revive_dsl.content import yamlsrc
from revive_dsl.content.yamlsrc import load_yaml
from revive_dsl.positions import Diagnostic, Pos, attach_lines

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    # Diagnostics name files relative to the working folder: run inside tmp_path; no cache kept between tests.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("REVIVE_CACHE", "off")


def revive(*args: str, env: dict[str, str] | None = None, shell: str | None = None) -> subprocess.CompletedProcess:
    """``revive ARGS`` in a subprocess importing this checkout (``shell``: a bash line ending in the command)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "REVIVE_CACHE": "off", **(env or {})}
    command = [sys.executable, "-m", "revive_dsl.cli", *args]
    if shell is not None:
        command = ["bash", "-c", f'exec "$@" {shell}', "revive", *command]
    return subprocess.run(
        command, capture_output=True, text=True, env=environment, stdin=subprocess.DEVNULL, timeout=300
    )


MANIFEST = "id: pk\nname: Pk\nversion: '1.0'\ndepends: [base]\n"
CRATE = "kind: crate\ncomponents:\n  - {{id: {id}, name: {name}, provenance: representative, effect: gain 1 book}}\n"
SCRIPT = """format: 3
title: {title}
packs: [{packs}]
players: [{{name: Ann, tribe: nadair, side: sun}}, {{name: Bob, tribe: ox49, side: moon}}]
setup: {{seed: 12{state}}}
steps:
  - Ann switch food
  - move: Ann end
    note: {note}
"""


def script(title: str = "A game", packs: str = "base", state: str = "", note: str = "done") -> str:
    return SCRIPT.format(title=title, packs=packs, state=state, note=note)


def pack(crate_name: str = "Crate") -> Path:
    Path("pk").mkdir()
    Path("pk/pack.yaml").write_text(MANIFEST, encoding="utf-8")
    Path("pk/c.yaml").write_text(CRATE.format(id="pk_crate", name=crate_name), encoding="utf-8")
    return Path("pk")


class Hang(Exception):
    pass


@pytest.fixture
def no_hang():
    """A read that would block for ever fails the test instead (SIGALRM after 60 s) of stalling the suite."""

    def ring(signum, frame):
        raise Hang

    before = signal.signal(signal.SIGALRM, ring)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, before)


# --- 24.5: nothing read through a link out of the pack, the manifest included ----------------------

SECRET = "aws_secret_access_key_AKIAEXAMPLE0123456789abcdefghij"


def test_a_manifest_linked_out_of_the_pack_is_never_read_nor_printed():
    Path("secret").write_text(SECRET + "\n", encoding="utf-8")
    Path("pk").mkdir()
    Path("pk/pack.yaml").symlink_to("../secret")
    done = revive("check", "pk")
    assert SECRET not in done.stdout + done.stderr
    assert done.stderr.splitlines()[0] == (
        "pk/pack.yaml: the manifest is a link out of the pack (to secret); content is read only from the pack's "
        "own folders, so the pack is not loaded: put a pack.yaml of its own in the folder"
    )
    assert done.returncode == 1


def test_a_script_naming_a_pack_with_a_linked_manifest_prints_no_secret():
    Path("secret").write_text(f"{{version: {SECRET}}}\n", encoding="utf-8")
    Path("pk").mkdir()
    Path("pk/pack.yaml").symlink_to("../secret")
    Path("s.yaml").write_text(script(packs="base, pk"), encoding="utf-8")
    done = revive("replay", "s.yaml", "--no-color")
    assert SECRET not in done.stdout + done.stderr
    assert "pk/pack.yaml: the manifest is a link out of the pack" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_component_file_linked_out_is_not_even_read_to_see_if_it_is_a_script(monkeypatch):
    from revive_dsl.content import packs

    pack()
    Path("elsewhere.yaml").write_text("steps: []\n", encoding="utf-8")
    Path("pk/x.yaml").symlink_to("../elsewhere.yaml")
    read = []
    monkeypatch.setattr(packs, "is_script_file", lambda path: read.append(path.name) or False)
    content, problems = packs.Content(), []
    for folder in packs.resolve_packs(["pk"]):  # base, then pk
        packs.load_pack_folder(folder, content, problems)
    assert read.count("c.yaml") == 1 and "x.yaml" not in read
    assert [str(d.pos) for d in problems] == ["pk/x.yaml"]


def test_a_long_value_in_a_manifest_is_quoted_by_its_start():
    Path("pk").mkdir()
    Path("pk/pack.yaml").write_text(f"id: pk\nname: Pk\nversion: '{SECRET}'\n", encoding="utf-8")
    done = revive("check", "pk")
    told = done.stderr.splitlines()[0]  # the message; the line under it is the manifest's own
    assert SECRET not in told
    assert f"{SECRET[:40]}...' ({len(SECRET)} characters) is not a version number" in done.stderr


def test_a_manifest_that_is_not_a_mapping_is_not_told_back():
    Path("pk").mkdir()
    Path("pk/pack.yaml").write_text(SECRET + "\n", encoding="utf-8")
    done = revive("check", "pk")
    assert done.stderr.splitlines()[0] == (
        "pk/pack.yaml:1:1: a pack manifest is a mapping (id, name, version, depends), not text"
    )


# --- 24.6: control characters of free text made visible ----------------------------------------------

ESCAPES = "\\e[2J\\e]0;owned\\a\\e]52;c;cm0gLXJm\\a\\e]8;;http://x\\e\\\\link\\e]8;;\\e\\\\\\x9b31m"


def test_explain_shows_a_component_name_with_its_escape_sequences_visible(capsys):
    pack(crate_name=f'"Evil {ESCAPES}"')
    assert main(["explain", "pk_crate", "--content", "pk"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x9b" not in out and "\x07" not in out
    assert "pk_crate: Evil ␛[2J␛]0;owned" in out


def test_replay_step_shows_a_title_and_a_note_with_their_escape_sequences_visible(capsys, monkeypatch):
    from revive_dsl.replay.player import Replay
    from revive_dsl.replay.script import load_script_text
    from revive_dsl.terminal import viewer

    text = script(title=f'"Title {ESCAPES}"', note=f'"Note {ESCAPES}"')
    replay = Replay(load_script_text(text, "s.yaml"))
    console = viewer.make_console(no_color=False, width=100)
    commands = iter(["", "", "q"])
    viewer.Stepper(replay, console).run(lambda prompt: next(commands))
    out = capsys.readouterr().out
    assert "Title ␛[2J␛]0;owned" in out and "Note ␛[2J" in out
    assert "\x1b]" not in out and "\x1b[2J" not in out and "\x9b" not in out


def test_the_html_export_holds_the_visible_text(tmp_path):
    Path("s.yaml").write_text(script(note=f'"Note {ESCAPES}"'), encoding="utf-8")
    done = revive("replay", "s.yaml", "--export", "html", "page.html")
    page = Path("page.html").read_text(encoding="utf-8")
    assert done.returncode == 0, done.stderr
    assert "Note ␛[2J␛]0;owned" in page
    assert "\x1b" not in page and "\x9b" not in page


def test_a_diagnostic_shows_control_characters_visible():
    shown = Diagnostic(Pos("a.yaml", 1, 1), "unknown tribe '\x1b]0;x\x07'").render()
    assert shown == "a.yaml:1:1: unknown tribe '␛]0;x␇'"


# --- 24.7: resources bounded ---------------------------------------------------------------------------


@pytest.fixture(params=["libyaml", "python"])
def loader(request, monkeypatch):
    if request.param == "python":
        monkeypatch.setattr(yamlsrc, "_FAST_LOADER", None)
    return request.param


def test_aliases_repeating_more_text_than_a_file_may_hold_are_refused(loader):
    line = "Ann switch food " + "x" * 1_000_000
    text = f"line: &m '{line}'\nsteps: [{', '.join(['*m'] * 20)}]\n"
    with pytest.raises(DslError) as err:
        load_yaml(text, "s.yaml")
    [problem] = err.value.diagnostics
    assert problem.message == (
        "YAML aliases repeat more text than a file may hold: past 5 MB in all here; "
        "write the values out, or repeat them fewer times"
    )


def test_aliases_repeating_a_little_are_fine(loader):
    doc = load_yaml("a: &m gain 2 book\nb: [*m, *m, *m]\n", "x.yaml")
    assert doc.data["b"] == ["gain 2 book"] * 3


def test_a_start_state_of_16000_wrong_values_gives_the_first_100_and_a_count():
    from revive_dsl.replay.player import Replay
    from revive_dsl.replay.script import load_script_text

    values = ", ".join(["true"] * 16_000)
    text = script(state=f", state: {{players: {{Ann: {{active: [{values}]}}}}}}")
    with pytest.raises(DslError) as err:
        Replay(load_script_text(text, "s.yaml")).run()
    found = err.value.diagnostics
    assert len(found) == 101  # 16,001 problems: each value, and the list too long
    assert found[-1].render() == "s.yaml: and 15901 more problems in this file (the first 100 are shown)"
    # each shown source line is a window around its caret, not the whole line of 96,000 characters
    assert all(len(line) < 200 for line in str(err.value).splitlines())


def test_attach_lines_splits_each_file_once():
    class Text(str):
        splits = 0

        def splitlines(self, keepends=False):
            Text.splits += 1
            return super().splitlines(keepends)

    problems = [Diagnostic(Pos("a.yaml", 1 + i % 3, 1), "wrong") for i in range(50)]
    shown = attach_lines(problems, {"a.yaml": Text("x: 1\ny: 2\nz: 3\n")})
    assert Text.splits == 1
    assert [d.source_line for d in shown[:3]] == ["x: 1", "y: 2", "z: 3"]


def test_attach_lines_caps_each_file_and_says_how_many_more():
    problems = [Diagnostic(Pos(f, 1, 1), "wrong") for f in ("a.yaml", "b.yaml") for _ in range(130)]
    shown = attach_lines(problems, {})
    assert len(shown) == 202
    assert [d.render() for d in shown[-2:]] == [
        "a.yaml: and 30 more problems in this file (the first 100 are shown)",
        "b.yaml: and 30 more problems in this file (the first 100 are shown)",
    ]


def test_the_content_cache_opens_no_fifo_nor_a_link_to_dev_zero(tmp_path, monkeypatch, no_hang):
    from revive_dsl.content import cache

    monkeypatch.setenv("REVIVE_CACHE", str(tmp_path / "cache"))
    pack()
    os.mkfifo("pk/fifo.yaml")
    Path("pk/zero.yaml").symlink_to("/dev/zero")
    with pytest.raises(DslError) as err:
        cache.load_packs(["pk"])
    assert sorted(d.render().split(":")[0] for d in err.value.diagnostics) == ["pk/fifo.yaml", "pk/zero.yaml"]


@pytest.mark.parametrize("command", [["replay", "s.yaml"], ["board"], ["tutorial"], ["play"]])
@pytest.mark.parametrize(("width", "problem"), [("0", "0 columns"), ("100000000", "100000000 columns")])
def test_a_width_outside_20_to_1000_is_a_usage_error(command, width, problem):
    Path("s.yaml").write_text(script(), encoding="utf-8")
    done = revive(*command, "--width", width)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        f"revive {command[0]}: error: argument --width: {problem}: give a width from 20 to 1000"
    )


# --- 24.8: the small ones ------------------------------------------------------------------------------


def test_docs_with_standard_output_closed_says_so():
    done = revive("docs", shell=">&-")
    assert done.stderr == "revive: cannot write the output: standard output is closed\n"
    assert done.returncode == 1


def test_a_file_name_that_is_not_utf8_is_printed_to_a_strict_output():
    folder = os.fsencode("games")
    os.mkdir(folder)
    with open(os.path.join(folder, b"caf\xe9.yaml"), "w", encoding="utf-8") as handle:
        handle.write(script())
    done = revive("verify", "games", env={"PYTHONIOENCODING": "utf-8:strict"})
    assert "Traceback" not in done.stderr and "UnicodeEncodeError" not in done.stderr
    assert "games/caf\\udce9.yaml" in done.stdout
    assert done.returncode == 0


@pytest.mark.parametrize(
    "argv",
    [["explain", "-2,3"], ["board", "--space", "-2,3"], ["explain", "-2,-1", "--script", "s.yaml", "--at", "1"]],
)
def test_space_keys_starting_with_a_minus_are_values(argv, capsys):
    Path("s.yaml").write_text(script(), encoding="utf-8")
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith(f"{argv[1] if argv[0] == 'explain' else argv[2]}: ")


def test_a_script_in_flow_style_or_json_is_checked_as_a_script():
    import json

    import yaml

    data = yaml.safe_load(script())
    Path("games").mkdir()
    Path("games/j.yaml").write_text(json.dumps(data), encoding="utf-8")
    Path("games/f.yaml").write_text(yaml.safe_dump(data, default_flow_style=True), encoding="utf-8")
    done = revive("check", "--replay", "games")
    assert done.stdout.splitlines()[-1] == "ok: 2 scripts checked, 2 replayed to the end", done.stderr
    one = revive("check", "games/j.yaml")
    assert one.stdout.splitlines()[-1] == "ok: 1 script checked"


def test_a_content_file_in_flow_style_is_still_content():
    from revive_dsl.content.packs import is_script_text

    assert not is_script_text('{"kind": "crate", "components": [{"id": "c", "steps": 3}]}')


def test_a_pack_named_twice_is_reported_in_the_script():
    Path("s.yaml").write_text(script(packs="base, base"), encoding="utf-8")
    done = revive("check", "s.yaml")
    assert done.stderr.splitlines()[0] == "s.yaml:3:15: 'base' is named twice in packs: name each pack once"
    assert "pack.yaml" not in done.stderr


def test_a_pack_named_twice_by_two_paths_is_reported_in_the_script():
    pack()
    Path("s.yaml").write_text(script(packs="base, pk, ./pk"), encoding="utf-8")
    done = revive("check", "s.yaml")
    assert done.stderr.splitlines()[0] == "s.yaml:3:19: './pk' is the pack 'pk' again: name each pack once"


def test_fmt_leaves_a_text_that_parses_but_does_not_check():
    text = "kind: crate\ncomponents:\n  - {id: c, provenance: representative, effect: (score 1 per crates)}\n"
    Path("c.yaml").write_text(text, encoding="utf-8")
    done = revive("fmt", "c.yaml")
    assert Path("c.yaml").read_text(encoding="utf-8") == text
    assert "c.yaml:3:50: unknown effect or modifier 'score'" in done.stderr
    assert done.returncode == 1


# --- issue 30 --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("!!bool 14", "'14' cannot be read as bool: write true or false, or leave out the tag '!!bool'"),
        ('!!bool ""', "'' cannot be read as bool: write true or false, or leave out the tag '!!bool'"),
        ('!!int ""', "'' cannot be read as int: write a whole number such as 3, or leave out the tag '!!int'"),
        ('!!float ""', "'' cannot be read as float: write a number such as 2.5, or leave out the tag '!!float'"),
        ("!!int abc", "'abc' cannot be read as int: write a whole number such as 3, or leave out the tag '!!int'"),
    ],
)
def test_a_core_tag_on_a_value_it_cannot_take_is_a_positioned_error(loader, value, message):
    with pytest.raises(DslError) as err:
        load_yaml(f"kind: crate\nseed: {value}\n", "x.yaml")
    assert [(str(d.pos), d.message) for d in err.value.diagnostics] == [("x.yaml:2:7", message)]


@pytest.mark.parametrize("where", ["pack.yaml", "c.yaml", "s.yaml"])
def test_check_reports_a_bad_core_tag_in_every_kind_of_file(where):
    pack()
    Path("s.yaml").write_text(script(packs="base, pk"), encoding="utf-8")
    target = Path("pk", where) if where != "s.yaml" else Path(where)
    target.write_text(target.read_text(encoding="utf-8") + "extra: !!bool 14\n", encoding="utf-8")
    done = revive("check", "pk", "s.yaml")
    assert "Traceback" not in done.stderr
    assert "'14' cannot be read as bool" in done.stderr
    assert done.returncode == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["board", "s.yaml", "--at", "9"],
        ["explain", "0,0", "--script", "s.yaml", "--at", "9"],
        ["board", "s.yaml", "--at", "-1"],
    ],
)
def test_a_step_out_of_range_is_refused(argv, capsys):
    Path("s.yaml").write_text(script(), encoding="utf-8")
    assert main(argv) == 2
    at = argv[-1]
    assert (
        capsys.readouterr().err
        == f"revive {argv[0]}: --at {at}: the script has 2 steps (--at 0, the start, to --at 2)\n"
    )


def test_board_at_without_a_script_is_refused(capsys):
    assert main(["board", "--at", "3"]) == 2
    assert "a step of which script?" in capsys.readouterr().err


def test_a_pack_path_starting_with_a_tilde_is_refused(monkeypatch, tmp_path):
    home = tmp_path / "home"
    (home / "mine").mkdir(parents=True)
    (home / "mine" / "pack.yaml").write_text(MANIFEST.replace("pk", "mine"), encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    Path("s.yaml").write_text(script(packs="base, ~/mine"), encoding="utf-8")
    done = revive("check", "s.yaml", env={"HOME": str(home)})
    assert done.stderr.splitlines()[0] == (
        "s.yaml:3:15: '~/mine': a pack path cannot start with '~': it would name a folder in the home of whoever "
        "replays the script; name the pack by its path relative to this script"
    )
    assert done.returncode == 1


def test_quoting_keeps_short_values_whole():
    from revive_dsl.positions import quoted

    assert quoted("1") == "'1'"
    assert quoted("x" * 41) == f"'{'x' * 40}...' (41 characters)"


def test_a_folder_of_files_reads_nothing_through_a_link_out_of_it():
    Path("secret").write_text(f"{{id: x, name: {SECRET}}}\n", encoding="utf-8")
    Path("loose").mkdir()
    Path("loose/c.yaml").symlink_to("../secret")
    Path("loose/s.yaml").write_text(script(), encoding="utf-8")
    done = revive("check", "loose")
    assert SECRET not in done.stdout + done.stderr
    assert done.stderr.splitlines()[0] == (
        "loose/c.yaml: a file link out of the folder loose (to secret); "
        "a folder is read only from its own files, so it is skipped"
    )


def test_a_script_linked_out_of_a_pack_is_not_checked(monkeypatch):
    pack()
    Path("elsewhere.yaml").write_text(f"steps: [{SECRET}]\n", encoding="utf-8")
    Path("pk/s.yaml").symlink_to("../elsewhere.yaml")
    done = revive("check", "pk")
    assert SECRET not in done.stdout + done.stderr
    assert "pk/s.yaml: a file link outside pack 'pk' (to elsewhere.yaml)" in done.stderr


def test_moves_shows_option_names_with_their_escape_sequences_visible(capsys, monkeypatch):
    import dataclasses

    from revive_dsl.replay import moves

    real = moves.legal_moves_at

    def named(script, at):  # every option named as a hostile pack could name a card
        listing = real(script, at)
        return dataclasses.replace(listing, names={o.key: "Evil \x1b]0;owned\x07" for o in listing.options})

    monkeypatch.setattr(moves, "legal_moves_at", named)
    Path("s.yaml").write_text(script(), encoding="utf-8")
    assert main(["moves", "s.yaml", "--at", "0"]) == 0
    out = capsys.readouterr().out
    assert "Evil ␛]0;owned␇" in out and "\x1b" not in out
