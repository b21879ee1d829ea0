"""`revive fmt`: canonical effect texts, with comments, key order and quoting kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.cli import main
from revive_dsl.content.packs import load_packs
from revive_dsl.dsl.formatter import format_program
from revive_dsl.dsl.parser import parse
from revive_dsl.fmt import format_text
from revive_dsl.locations import content_root

MESSY = """\
# yaml-language-server: $schema=../../revive_dsl/schemas/citizen_card.schema.json
# Cards of the test pack.
kind: citizen_card
components:
  - id: c1            # the first card
    name: First
    colour: green
    provenance: representative
    top: "gain  2 book"      # double quotes stay double
    bottom: 'advance green ;slot'
  - id: c2
    provenance: representative
    colour: grey
    top: pay gear->(gain 2 food or gain 2 book)
    bottom: |
      up to 2 times :
        gain food
"""

# End-of-line comments keep their column; everything else but the effect texts is unchanged.
CANONICAL = """\
# yaml-language-server: $schema=../../revive_dsl/schemas/citizen_card.schema.json
# Cards of the test pack.
kind: citizen_card
components:
  - id: c1            # the first card
    name: First
    colour: green
    provenance: representative
    top: "gain 2 book"       # double quotes stay double
    bottom: 'advance green; slot'
  - id: c2
    provenance: representative
    colour: grey
    top: pay gear -> (gain 2 food or gain 2 book)
    bottom: |-
      up to 2 times: gain food
"""


def test_format_text_keeps_comments_order_and_quoting():
    result = format_text(MESSY, "cards.yaml")
    assert result.problems == []
    assert [(str(c.pos), c.field, c.new) for c in result.changes] == [
        ("cards.yaml:9:10", "c1.top", "gain 2 book"),
        ("cards.yaml:10:13", "c1.bottom", "advance green; slot"),
        ("cards.yaml:14:10", "c2.top", "pay gear -> (gain 2 food or gain 2 book)"),
        ("cards.yaml:15:13", "c2.bottom", "up to 2 times: gain food"),
    ]
    assert result.new_text == CANONICAL
    assert format_text(CANONICAL, "cards.yaml").changes == []


def test_format_text_leaves_a_file_with_a_dsl_error_alone():
    broken = MESSY.replace("gain  2 book", "gain 2 book and")
    result = format_text(broken, "cards.yaml")
    assert result.new_text is None
    assert [(str(d.pos), d.message) for d in result.problems] == [
        (
            "cards.yaml:9:26",
            "syntax error: the text ends too early; "
            "expected '(', 'choose', 'each', 'if', 'must', 'pay', 'up' or a word",
        )
    ]


def test_format_text_reports_yaml_errors_with_positions():
    result = format_text("kind: crate\ncomponents: [\n", "c.yaml")
    assert result.new_text is None
    assert [str(d.pos) for d in result.problems] == ["c.yaml:3:1"]


def test_files_that_are_not_component_files_are_skipped():
    assert format_text("id: p\nname: P\nversion: '1.0'\n", "pack.yaml").changes == []


@pytest.fixture
def messy_file(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = Path("cards.yaml")
    path.write_text(MESSY, encoding="utf-8")
    return path


def test_fmt_check_lists_changes_and_exits_1_without_writing(messy_file, capsys):
    assert main(["fmt", "--check", str(messy_file)]) == 1
    out = capsys.readouterr().out
    assert "would reformat cards.yaml" in out
    assert "  cards.yaml:9:10: c1.top: 'gain  2 book' -> 'gain 2 book'" in out
    assert out.splitlines()[-1] == "1 file would be reformatted (4 fields), 0 unchanged"
    assert messy_file.read_text(encoding="utf-8") == MESSY


def test_fmt_rewrites_then_check_exits_0(messy_file, capsys):
    assert main(["fmt", str(messy_file)]) == 0
    assert messy_file.read_text(encoding="utf-8") == CANONICAL
    assert main(["fmt", "--check", str(messy_file)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "0 files would be reformatted (0 fields), 1 unchanged"


def test_fmt_reports_broken_file_positioned_and_does_not_rewrite(messy_file, capsys):
    broken = MESSY.replace("gain  2 book", "gian 2 book)")
    messy_file.write_text(broken, encoding="utf-8")
    assert main(["fmt", str(messy_file)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cards.yaml:9:22: syntax error: unexpected ')'")
    assert "cards.yaml: not formatted (1 problem)" in err
    assert messy_file.read_text(encoding="utf-8") == broken


def test_bundled_content_is_canonical():
    # The bundled packs are kept formatted: `revive fmt --check` finds nothing to change.
    assert main(["fmt", "--check", str(content_root())]) == 0


def test_every_bundled_effect_round_trips_through_the_formatter():
    content = load_packs()
    for comp in content.components.values():
        for field, tree in comp.effects.items():
            text = format_program(tree)
            assert parse(text) == tree, f"{comp.id}.{field}"
            assert format_program(parse(text)) == text


def test_fmt_writes_script_moves_in_canonical_notation_keeping_comments(tmp_path, capsys):
    from revive_dsl.cli import main

    script = tmp_path / "game.yaml"
    script.write_text(
        "format: 2  # the version\n"
        "steps:\n"
        "  - Ann  explore a02   cit_mentor 0 ( Bob food ) [ a02=area_tile_03 ]\n"
        "  - move: Ann   end   # a comment on the value (it keeps its column)\n"
        "    note: kept\n",
        encoding="utf-8",
    )
    assert main(["fmt", "--check", str(script)]) == 1
    assert main(["fmt", str(script)]) == 0
    assert script.read_text(encoding="utf-8") == (
        "format: 2  # the version\n"
        "steps:\n"
        "  - Ann explore a02 cit_mentor 0 (Bob food) [a02=area_tile_03]\n"
        "  - move: Ann end     # a comment on the value (it keeps its column)\n"
        "    note: kept\n"
    )
    assert main(["fmt", "--check", str(script)]) == 0


def test_a_pack_whose_texts_use_its_own_declared_words_formats_and_checks():
    from revive_dsl.fmt import format_files

    emberfall = Path(__file__).parent / "example_expansion" / "emberfall"
    results = format_files([emberfall], write=False)  # counters and kinds of token the pack declares: known
    assert results and all(not r.problems for r in results), [d.message for r in results for d in r.problems][:3]
