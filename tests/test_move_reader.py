"""The hand-written move reader against the notation's specification, ``grammar/moves.lark``: on every move
line of the corpus and on fuzzed lines, the reader gives the grammar's MoveLine with the same positions, and
every line it does not read (malformed ones above all) gets the grammar's own result or message."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from revive_dsl.positions import DslError, Origin
from revive_dsl.replay import notation
from revive_dsl.replay.notation import parse_move, parse_move_by_grammar

ROOT = Path(__file__).resolve().parent.parent


def _seen(move: notation.MoveLine) -> tuple:
    """Everything a MoveLine holds, positions included (they do not take part in ``==``)."""
    return (
        move.player,
        move.verb,
        str(move.pos),
        str(move.verb_pos),
        [(a.key, a.player, str(a.pos)) for a in move.answers],
        [(r.pile, r.item, str(r.pos)) for r in move.reveals],
    )


def _outcome(parse, text: str, origin: Origin) -> tuple:
    try:
        return ("read", _seen(parse(text, origin)))
    except DslError as err:
        return ("error", str(err))


def _corpus_lines() -> list[str]:
    lines = []
    for path in sorted([*ROOT.glob("replays/*/*.yaml"), *ROOT.glob("tests/data/**/*.yaml")]):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("steps"), list):
            for step in data["steps"]:
                line = step if isinstance(step, str) else step.get("move") if isinstance(step, dict) else None
                if isinstance(line, str):
                    lines.append(line)
    return lines


def test_the_reader_reads_every_move_of_the_corpus_as_the_grammar_does():
    lines = _corpus_lines()
    assert len(lines) > 4000
    origin = Origin("s.yaml", 12, 7, 5)
    for line in lines:
        read = notation._read(line, origin)  # the reader itself, never the grammar's parser
        assert _seen(read) == _seen(parse_move_by_grammar(line, origin)), line


def test_the_reader_leaves_odd_and_malformed_lines_to_the_grammar():
    origin = Origin("s.yaml")
    for line in ["Ann,x y", "setup x", "( Ann x)", "Ann play [a=b", "Ann play x\ry", "", "Ann", 'Ann "q"']:
        assert _outcome(parse_move, line, origin) == _outcome(parse_move_by_grammar, line, origin), line
    assert parse_move("Ann,x y").verb == ",x"  # the grammar's lexer reads a player's name up to the comma
    kind, message = _outcome(parse_move, "Ann play ]", origin)
    assert (kind, message.splitlines()[0]) == (
        "error",
        "s.yaml:1:10: syntax error: unexpected ']'; expected '(', '[', an answer or the end of the line",
    )


PIECES = [
    "Ann", "Bob", "setup", "play", "x", "a02", "-1,0", "cit_mentor", "0", "(", ")", "[", "]", "=", '"a b"', '"',
    '"a\\"b"', "#c", " ", " ", "\t", ",", "-", "_x", "1", "\\", "\xa0", "\r", "é", "setupx", "a=b",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12), st.booleans())
def test_fuzzed_lines_read_or_fail_exactly_as_the_grammar_says(pieces: list[str], spaced: bool) -> None:
    line = (" " if spaced else "").join(pieces)
    origin = Origin("s.yaml", 4, 9, 7)
    assert _outcome(parse_move, line, origin) == _outcome(parse_move_by_grammar, line, origin)
