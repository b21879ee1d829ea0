"""docs/dsl-reference.md is generated: it must equal what the grammar and table give now."""

from __future__ import annotations

from pathlib import Path

from revive_dsl.cli import main
from revive_dsl.dsl import docgen
from revive_dsl.dsl.signatures import ALL

REFERENCE = Path(__file__).resolve().parent.parent / "docs" / "dsl-reference.md"


def test_reference_file_is_up_to_date():
    # If this fails, run `revive docs --write` (python -m revive_dsl.cli docs --write) and commit.
    assert REFERENCE.read_text(encoding="utf-8") == docgen.reference()


def test_reference_lists_every_word_and_construct():
    text = docgen.reference()
    for sig in ALL:
        assert f"| `{sig.name}` |" in text
        assert f"`{sig.example}`" in text
    for group in docgen.CONSTRUCTS.values():
        for construct in group:
            assert f"| {construct.title} |" in text


def test_docs_command_write_and_check(tmp_path, capsys):
    target = tmp_path / "ref.md"
    assert main(["docs", "--check", "--path", str(target)]) == 1
    assert main(["docs", "--write", "--path", str(target)]) == 0
    assert main(["docs", "--check", "--path", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == docgen.reference()
    capsys.readouterr()
    assert main(["docs"]) == 0
    assert capsys.readouterr().out == docgen.reference()
