"""Hostile input never gives a traceback or a hang: each break is a positioned error.

Deep nesting, tags on collections, huge or deeply nested effect texts, unreadable and
non-regular files: the exact message and where it points.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from revive_dsl import DslError
from revive_dsl.content import yamlsrc
from revive_dsl.content.packs import read_source
from revive_dsl.content.yamlsrc import load_yaml
from revive_dsl.dsl.checker import check
from revive_dsl.dsl.formatter import format_program
from revive_dsl.dsl.parser import parse
from revive_dsl.fmt import format_files


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    # Diagnostics name files relative to the working folder: run inside tmp_path.
    monkeypatch.chdir(tmp_path)


REPO = Path(__file__).resolve().parent.parent


def run_cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, "-m", "revive_dsl.cli", *args], capture_output=True, text=True, timeout=timeout, env=env
    )


def yaml_errors(text: str) -> list[tuple[str, str]]:
    with pytest.raises(DslError) as err:
        load_yaml(text, "x.yaml")
    return [(str(d.pos), d.message) for d in err.value.diagnostics]


@pytest.fixture(params=["libyaml", "python"])
def loader(request, monkeypatch):
    if request.param == "python":
        monkeypatch.setattr(yamlsrc, "_FAST_LOADER", None)
    elif yamlsrc._FAST_LOADER is None:
        pytest.skip("libyaml is not installed")
    return request.param


DEEP = "nesting deeper than 100 levels"


# --- 2. deeply nested YAML -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, where",
    [
        ("[" * 30_000 + "]" * 30_000, "x.yaml:1:101"),
        ("{a: " * 30_000 + "1" + "}" * 30_000, "x.yaml:1:401"),
        ("[" * 30_000, "x.yaml:1:101"),
        ("".join("  " * i + "a:\n" for i in range(2_000)) + "  " * 2_000 + "1\n", "x.yaml:101:201"),
        ("- " * 5_000 + "x\n", "x.yaml:1:201"),
    ],
)
def test_deep_yaml_is_refused_before_composing(loader, text, where):
    assert yaml_errors(text) == [(where, DEEP)]


def test_aliases_cannot_stack_shallow_lists_into_a_deep_one(loader):
    lines = ["a0: &a0 " + "[" * 50 + "1" + "]" * 50]
    lines += [f"a{i}: &a{i} " + "[" * 50 + f"*a{i - 1}" + "]" * 50 for i in range(1, 30)]
    assert yaml_errors("\n".join(lines)) == [("x.yaml:1:59", DEEP)]


def test_nesting_of_100_levels_is_fine(loader):
    doc = load_yaml("a: " + "[" * 99 + "1" + "]" * 99, "x.yaml")
    assert isinstance(doc.data["a"], list)


def test_check_reports_a_deep_content_file_and_a_deep_script(tmp_path):
    Path("deep.yaml").write_text("kind: crate\ncomponents: " + "[" * 30_000 + "]" * 30_000 + "\n", encoding="utf-8")
    Path("deep-script.yaml").write_text("format: 1\nsteps: " + "{a: " * 30_000 + "}" * 30_000 + "\n")
    for path, where in [("deep.yaml", "deep.yaml:2:112"), ("deep-script.yaml", "deep-script.yaml:2:404")]:
        result = run_cli("check", path)
        assert "Traceback" not in result.stderr
        assert result.stderr.startswith(f"{where}: nesting deeper than 100 levels\n")
        assert result.returncode == 1


# --- 12. tags on collections -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, where, tag",
    [
        ("a: !foo [1]\n", "x.yaml:1:4", "!foo"),
        ("a: !foo {b: 1}\n", "x.yaml:1:4", "!foo"),
        ("a: !!set {x}\n", "x.yaml:1:4", "tag:yaml.org,2002:set"),
        ("a: !!omap [x: 1]\n", "x.yaml:1:4", "tag:yaml.org,2002:omap"),
        ("!!python/object:os.system\nb: 1\n", "x.yaml:1:1", "tag:yaml.org,2002:python/object:os.system"),
        ("a:\n  - !thing\n    b: 1\n", "x.yaml:2:5", "!thing"),
    ],
)
def test_tags_on_collections_are_refused(loader, text, where, tag):
    assert yaml_errors(text) == [(where, f"the YAML tag '{tag}' is not allowed in content")]


def test_core_collection_tags_are_fine(loader):
    assert load_yaml("a: !!map {b: !!seq [1]}\n", "x.yaml").data == {"a": {"b": [1]}}


# --- 6. effect texts: huge numbers, deep nesting ---------------------------------------------------


def dsl_errors(text: str) -> list[tuple[str, str]]:
    with pytest.raises(DslError) as err:
        parse(text, "x.yaml")
    return [(str(d.pos), d.message) for d in err.value.diagnostics]


@pytest.mark.parametrize(
    "text, where, number",
    [
        ("gain " + "9" * 5_000 + " book", "x.yaml:1:6", "999999... (5000 digits)"),
        ("gain 1000001 food", "x.yaml:1:6", "1000001"),
        ("up to " + "9" * 5_000 + " times: gain book", "x.yaml:1:7", "999999... (5000 digits)"),
        ("score 1 per 99999999 modules", "x.yaml:1:13", "99999999"),
    ],
)
def test_a_number_past_the_limit_is_an_error(text, where, number):
    assert dsl_errors(text) == [(where, f"the number {number} is too large; numbers go up to 1000000")]


@pytest.mark.parametrize(
    "text, where",
    [
        ("pay gear -> " * 500 + "gain book", "x.yaml:1:601"),
        ("if full: " * 500 + "gain book", "x.yaml:1:451"),
        ("each modules: " * 500 + "gain book", "x.yaml:1:701"),
        ("up to 2 times: " * 500 + "gain book", "x.yaml:1:751"),
        ("(gain book or " * 500 + "gain food" + ")" * 500, "x.yaml:1:701"),  # the 51st bracket
    ],
)
def test_nesting_past_the_limit_is_an_error(text, where):
    assert dsl_errors(text) == [(where, "effects nested deeper than 50 levels")]


def test_a_text_nested_thousands_deep_is_refused_by_the_bracket_scan_before_parsing(monkeypatch):
    from revive_dsl.dsl import parser

    def never(*args):
        raise AssertionError("the parser was called")

    monkeypatch.setattr(parser, "effect_parser", never)
    start = time.perf_counter()
    for text in ["(" * 30_000 + "gain food" + ")" * 30_000, "(gain book or " * 30_000 + "gain food" + ")" * 30_000]:
        where = f"x.yaml:1:{_nth_bracket(text, 51) + 1}"  # the first bracket past the limit
        assert dsl_errors(text) == [(where, "effects nested deeper than 50 levels")]
    assert time.perf_counter() - start < 5  # a generous bound: it used to take the whole parse


def _nth_bracket(text: str, count: int) -> int:
    at = -1
    for _ in range(count):
        at = text.index("(", at + 1)
    return at


def test_the_bracket_scan_ignores_comments_and_allows_50_brackets():
    assert parse("(" * 50 + "gain food" + ")" * 50, "x.yaml")
    assert parse("gain food  # " + "(" * 60 + "\nand gain book", "x.yaml")
    assert dsl_errors("gain food and\n  " + "(" * 51 + "gain book" + ")" * 51) == [
        ("x.yaml:2:53", "effects nested deeper than 50 levels")
    ]


def test_a_deep_text_in_a_card_is_refused_at_its_bracket_by_check_and_fmt():
    Path("p").mkdir()
    Path("p/pack.yaml").write_text("id: p\nname: P\nversion: '0.1'\ndepends: [base]\n", encoding="utf-8")
    deep = "(" * 30_000 + "gain food" + ")" * 30_000
    card = (
        "kind: citizen_card\ncomponents:\n  - id: c1\n    colour: green\n    provenance: representative\n"
        f'    top: "{deep}"\n    bottom: "slot"\n'
    )
    Path("p/cards.yaml").write_text(card, encoding="utf-8")
    message = "p/cards.yaml:6:61: effects nested deeper than 50 levels"
    for args in [("check", "p"), ("fmt", "--check", "p")]:
        result = run_cli(*args)
        assert "Traceback" not in result.stderr, args
        assert message in result.stderr, args
    result = run_cli("explain", "--content", "p", "c1")  # explains the fields that read (here the bottom)
    assert "Traceback" not in result.stderr
    assert "bottom  p/cards.yaml:7:14" in result.stdout


def test_texts_at_the_limits_parse_check_and_format():
    for text in ["gain 1000000 food", "pay gear -> " * 50 + "gain book", "if pay gear: " * 50 + "gain book"]:
        program = parse(text, "x.yaml")
        assert check(program) == []
        assert format_program(parse(format_program(program), "x.yaml")) == format_program(program)


def test_check_reports_a_huge_number_in_a_card(tmp_path):
    Path("p").mkdir()
    Path("p/pack.yaml").write_text("id: p\nname: P\nversion: '0.1'\ndepends: [base]\n", encoding="utf-8")
    card = (
        "kind: citizen_card\ncomponents:\n  - id: c1\n    colour: green\n    provenance: representative\n"
        f'    top: "gain {"9" * 5000} book"\n    bottom: "slot"\n'
    )
    Path("p/cards.yaml").write_text(card, encoding="utf-8")
    result = run_cli("check", "p")
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("p/cards.yaml:6:16: the number 999999... (5000 digits) is too large")
    assert result.returncode == 1


# --- 7./8. unreadable, odd and huge files in check and fmt ----------------------------------------


@pytest.mark.parametrize("kind", ["[crate]", "{x: 1}"])
def test_check_reports_a_kind_that_is_not_a_word(kind):
    Path("a.yaml").write_text(f"kind: {kind}\ncomponents: []\n", encoding="utf-8")
    result = run_cli("check", "a.yaml")
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("a.yaml:1:7: unknown component kind")
    assert result.returncode == 1


def test_fmt_leaves_a_kind_that_is_not_a_word():
    Path("a.yaml").write_text("kind: [crate]\ncomponents: []\n", encoding="utf-8")
    result = run_cli("fmt", "--check", "a.yaml")
    assert "Traceback" not in result.stderr
    assert result.stdout == "0 files would be reformatted (0 fields), 1 unchanged\n"


def test_check_reports_a_manifest_that_is_not_utf8():
    Path("u").mkdir()
    Path("u/pack.yaml").write_bytes(b"id: u\nname: \xff\nversion: '1'\n")
    result = run_cli("check", "u")
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [
        "u/pack.yaml:2:7: not UTF-8 text (byte 0xff): save the file as UTF-8",
        "    name: \ufffd",
        "          ^",
    ]
    assert result.returncode == 1


def _loop() -> None:
    Path("loop").mkdir()
    Path("loop/x.yaml").symlink_to("y.yaml")
    Path("loop/y.yaml").symlink_to("x.yaml")


LOOP = "cannot read the file: Too many levels of symbolic links"


def test_check_and_fmt_report_a_symlink_loop():
    _loop()
    result = run_cli("check", "loop")
    assert "Traceback" not in result.stderr
    assert result.stderr == f"loop/x.yaml: {LOOP}\nloop/y.yaml: {LOOP}\n"
    result = run_cli("fmt", "--check", "loop")
    assert "Traceback" not in result.stderr
    assert f"loop/x.yaml: {LOOP}\n" in result.stderr


def test_check_reports_a_fifo_and_skips_it():
    Path("fifo").mkdir()
    os.mkfifo("fifo/x.yaml")
    result = run_cli("check", "fifo", timeout=30)
    assert result.stderr == "fifo/x.yaml: not a regular file (a FIFO); skipped\n"
    assert result.returncode == 1


def test_read_source_refuses_a_fifo_without_opening_it():
    os.mkfifo("x.yaml")
    with pytest.raises(DslError) as err:
        read_source(Path("x.yaml"))
    assert str(err.value) == "x.yaml: not a regular file (a FIFO); skipped"


def test_a_file_over_5_mb_is_reported_unread():
    Path("big").mkdir()
    Path("big/x.yaml").write_text("a" * 6_300_000, encoding="utf-8")
    result = run_cli("check", "big")
    assert result.stderr == "big/x.yaml: the file is 6.3 MB; files over 5 MB are not read\n"
    assert result.returncode == 1
    results = format_files(["big"], write=False)
    assert [(d.render(), r.file) for r in results for d in r.problems] == [
        ("big/x.yaml: the file is 6.3 MB; files over 5 MB are not read", "big/x.yaml")
    ]


def test_fmt_reports_a_file_that_is_not_utf8_in_process():
    Path("u8.yaml").write_bytes(b'kind: crate\ncomponents: [{id: a, top: "\xff"}]\n')
    results = format_files(["u8.yaml"], write=False)
    assert [d.render() for r in results for d in r.problems] == [
        'u8.yaml:2:28: not UTF-8 text (byte 0xff): save the file as UTF-8\n    components: [{id: a, top: "\ufffd"}]\n'
        + " " * 31
        + "^"
    ]


def test_check_names_a_fifo_given_on_the_command_line(tmp_path):
    import subprocess
    import sys

    fifo = tmp_path / "x.yaml"
    os.mkfifo(fifo)
    run = subprocess.run(
        [sys.executable, "-m", "revive_dsl.cli", "check", str(fifo)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert f"{fifo}: not a regular file or folder; skipped" in run.stderr


# --- 11. positions that are positions --------------------------------------------------------------


def test_an_unknown_pack_is_named_without_a_made_up_position():
    from revive_dsl.content.packs import load_packs

    with pytest.raises(DslError) as err:
        load_packs(["nope"])
    assert str(err.value) == "nope: no such pack or folder (bundled packs: abyss, base)"
    Path("empty").mkdir()
    with pytest.raises(DslError) as err:
        load_packs(["empty"])
    assert str(err.value) == "empty: not a content pack: it has no pack.yaml (bundled packs: abyss, base)"


def test_a_byte_that_is_not_utf8_is_pointed_at_in_a_script():
    Path("s.yaml").write_bytes(b"format: 1\npacks: [base]\ntitle: \xe9t\xe9\n")
    result = run_cli("replay", "s.yaml")
    assert result.stderr.splitlines() == [
        "s.yaml:3:8: not UTF-8 text (byte 0xe9): save the file as UTF-8",
        "    title: \ufffdt\ufffd",
        "           ^",
    ]
    assert result.returncode == 1


def test_no_message_points_at_column_0():
    # Every kind of whole-file problem at once: missing, not UTF-8, a FIFO, too big, a missing pack.
    Path("p").mkdir()
    Path("p/pack.yaml").write_text("id: p\nname: P\nversion: '1.0'\ndepends: [base]\n", encoding="utf-8")
    Path("p/latin.yaml").write_bytes(b"kind: crate\n# caf\xe9\n")
    os.mkfifo("p/fifo.yaml")
    Path("p/big.yaml").write_text("a" * 5_100_000, encoding="utf-8")
    Path("s.yaml").write_text(
        "format: 1\npacks: [base, nope]\nplayers: [{name: Ann, tribe: formica, side: sun}]\n"
        "setup: {seed: 1}\nsteps: []\n"
    )
    result = run_cli("check", "p", "s.yaml", "missing.yaml", timeout=60)
    assert "Traceback" not in result.stderr
    heads = [line for line in result.stderr.splitlines() if not line.startswith(" ")]
    assert heads == [
        "missing.yaml: no such file or folder",
        "p/big.yaml: the file is 5.1 MB; files over 5 MB are not read",
        "p/fifo.yaml: not a regular file (a FIFO); skipped",
        "p/latin.yaml:2:6: not UTF-8 text (byte 0xe9): save the file as UTF-8",
        "s.yaml:2:15: unknown pack 'nope' (bundled packs: abyss, base; a pack folder is named by its path, "
        "relative to this script)",
    ]


# --- 13. links in a pack folder --------------------------------------------------------------------


def _linked_pack() -> None:
    from revive_dsl.scaffold import new_pack

    new_pack("pk", Path("."))
    Path("ext").mkdir()
    crate = "kind: crate\ncomponents:\n  - {{id: {id}, provenance: representative, effect: gain 1 crystal}}\n"
    Path("ext/c.yaml").write_text(crate.format(id="ext_crate"), encoding="utf-8")
    Path("pk/real").mkdir()
    Path("pk/real/c.yaml").write_text(crate.format(id="real_crate"), encoding="utf-8")
    Path("pk/inner").symlink_to("real")
    Path("pk/outer").symlink_to("../ext")
    Path("pk/out.yaml").symlink_to("../ext/c.yaml")


def test_links_in_a_pack_are_each_reported_once_by_the_link_and_never_read():
    _linked_pack()
    result = run_cli("check", "pk")
    skipped = "content is read only from the pack's own folders, so it is skipped"
    assert result.stderr.splitlines() == [
        f"pk/inner: a folder link inside pack 'pk' (to pk/real): its files would be read twice; {skipped}",
        f"pk/out.yaml: a file link outside pack 'pk' (to ext/c.yaml); {skipped}",
        f"pk/outer: a folder link outside pack 'pk' (to ext); {skipped}",
    ]
    assert result.returncode == 1


def test_a_pack_reads_its_real_folders_and_not_its_links():
    from revive_dsl.content.packs import Content, load_pack_folder, resolve_packs

    _linked_pack()
    content, problems = Content(), []
    for folder in resolve_packs(["pk"]):
        load_pack_folder(folder, content, problems)
    assert "real_crate" in content.components
    assert "ext_crate" not in content.components
    assert sorted(str(d.pos) for d in problems) == ["pk/inner", "pk/out.yaml", "pk/outer"]


# --- a byte order mark on a line of its own, past the start ----------------------------------------


def _outcome(call):
    try:
        call()
    except DslError as err:
        return [d.message for d in err.diagnostics]
    return "read"


@pytest.mark.parametrize("where", ["\n\ufeff\n{}", "{}\n\ufeff", "\n\ufeff\n\ufeff\n{}"])
def test_a_stray_byte_order_mark_reads_alike_in_every_command(where, loader):
    from revive_dsl.fmt import format_text
    from revive_dsl.replay.script import load_script_text
    from revive_dsl.upgrade import FIRST_NOTATION_EXAMPLE, upgrade_text

    text = where.format(FIRST_NOTATION_EXAMPLE)
    read = _outcome(lambda: load_script_text(text, "s.yaml"))  # as check and verify read it
    assert _outcome(lambda: upgrade_text(text, "s.yaml")) == read  # upgrade_files reports its DslError
    formatted = format_text(text, "s.yaml")  # reports, never raises
    assert ([d.message for d in formatted.problems] or "read") == read
    if read == "read":
        assert upgrade_text(text, "s.yaml").problems == []


def test_a_stray_byte_order_mark_through_check_verify_fmt_and_upgrade():
    from revive_dsl.upgrade import FIRST_NOTATION_EXAMPLE

    text = "\n\ufeff\n" + FIRST_NOTATION_EXAMPLE
    Path("plain.yaml").write_text(FIRST_NOTATION_EXAMPLE, encoding="utf-8")
    for command in (["check"], ["verify"], ["fmt", "--check"], ["upgrade"]):
        Path("s.yaml").write_text(text, encoding="utf-8")
        result = run_cli(*command, "s.yaml")
        plain = run_cli(*command, "plain.yaml")
        assert "Traceback" not in result.stderr, command
        assert result.returncode == plain.returncode, command
    assert "format: 5" in Path("s.yaml").read_text(encoding="utf-8")  # upgraded, the mark's line kept
    assert Path("s.yaml").read_text(encoding="utf-8").startswith("\n\ufeff\n")


@pytest.mark.parametrize(
    ("text", "said"),
    [("[1]\n", "not a list"), ('"x"\n', "not text"), ("5\n", "not a number"), ("\n", "this file is empty")],
)
def test_a_content_file_that_is_not_a_mapping_says_what_a_content_file_is(text, said, tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "revive_dsl.cli", "check", "a.yaml"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)},
    )
    assert done.returncode == 1
    assert done.stderr.startswith(
        "a.yaml:1:1: a content file is a mapping with a kind and its components (kind: citizen_card, components: "
    ), done.stderr
    assert said in done.stderr.splitlines()[0] and "Traceback" not in done.stderr
