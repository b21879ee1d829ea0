"""The DSL's core path: text -> tree -> checked tree -> canonical text."""

import pytest

from revive_dsl import DslError, check, format_program, parse
from revive_dsl.dsl import nodes as n


def test_gain_resource_compiles_to_a_call_with_count_and_resource():
    tree = parse("gain 2 book")
    assert tree.clauses == (n.Immediate(n.Call("gain", (n.Num(2), n.Word("book")))),)


def test_and_binds_tighter_than_or():
    body = parse("gain food and points 1 or gain book").clauses[0].body
    assert isinstance(body, n.OneOf)
    assert isinstance(body.options[0], n.AllOf)


def test_positions_point_into_the_file():
    from revive_dsl.positions import Origin

    tree = parse("gain 2 book and points 1", Origin("cards.yaml", 7, 10))
    points = tree.clauses[0].body.items[1]
    assert (points.pos.file, points.pos.line, points.pos.column) == ("cards.yaml", 7, 26)


def test_syntax_error_names_file_line_column_and_what_was_expected():
    with pytest.raises(DslError) as err:
        parse("pay -> gain food", "f.yaml")
    assert str(err.value) == "f.yaml:1:5: syntax error: unexpected '->'; expected a number or a word"


@pytest.mark.parametrize(
    "text",
    [
        "gain 2 book; flask",
        "when ability: gain book and points 1",
        "up to 3 times: pay gear -> (gain 2 food or gain 2 book)",
        "score 3/7/12/15 at 3/6/8/10 tiles_present",
        "unstable machine: rest_all",
        "need visible_flasks >= 2: devotion 2",
        "machine: if day: pay crystal -> devotion 2 or if night: range 1",
    ],
)
def test_canonical_text_round_trips(text):
    tree = parse(text)
    assert check(tree) == []
    assert format_program(tree) == text
    assert parse(format_program(tree)) == tree
