"""English from effect trees, the tree view, and the `revive explain` command."""

from __future__ import annotations

import pytest

from revive_dsl import parse
from revive_dsl.cli import main
from revive_dsl.content.packs import load_packs
from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.explain import explain, explain_tree_text, explain_word, noun, plural
from revive_dsl.dsl.signatures import ALL


@pytest.mark.parametrize(
    ("text", "english"),
    [
        (
            "up to 3 times: pay gear -> (gain 2 food or gain 2 book)",
            "Up to 3 times: pay 1 gear to gain 2 food or gain 2 books.",
        ),
        ("gain 2 book; flask", "Gain 2 books. A flask symbol."),
        (
            "when ability: gain book and points 1",
            "Whenever you activate your tribe ability, gain 1 book and score 1 blue point.",
        ),
        ("while slotted: range 1", "While this card lies in a card slot, +1 range."),
        ("always: range 1", "Always: +1 range."),
        ("once: artifact and energy", "Once, on unlocking: take a major artifact and gain 1 energy from the supply."),
        (
            "anytime: pay crystal -> gain 2 basic",
            "At any time in your turn: pay 1 crystal to gain 2 basic resources of one kind of your choice.",
        ),
        (
            "machine during explore: unlimited_range",
            "Machine, usable only during an explore action: explore with unlimited range.",
        ),
        ("unstable machine: rest_all", "Unstable machine: move all cards in your slots to your resting area."),
        ("need visible_flasks >= 2: devotion 2", "Need at least 2 visible flasks: gain 2 devotion."),
        ("need pay 3 food: points 2", "Need to pay 3 food: score 2 blue points."),
        ("score 1 per 2 modules", "Score 1 point per 2 slot modules you have."),
        ("score 2 per crates", "Score 2 points per crate you have (opened or not)."),
        ("score value track_value green", "Score points equal to the point shown at your green track marker."),
        (
            "score 3/7 at 3/6 tiles_present",
            "Score 3 or 7 points for at least 3 or 6 area tiles you are present on (the highest reached).",
        ),
        (
            "each cards_in_slots yellow: gain basic",
            "For each yellow card in your card slots: gain 1 basic resource of your choice.",
        ),
        ("if switch_used: range 1", "If your switch is used: +1 range."),
        ("gain food and points 1 or gain book", "Either gain 1 food and score 1 blue point, or gain 1 book."),
        ("crate; crate 2; recruit", "Gain 1 crate. Gain 2 crates. Take any card from the display."),
    ],
)
def test_explain_programs(text, english):
    assert explain(parse(text)) == english


def test_explain_any_node_kind():
    tree = parse("need crates >= 2: pay gear + 2 book -> gain food; score 1 per 2 modules")
    requirement, score = tree.clauses
    assert explain(requirement.condition) == "At least 2 crates you have (opened or not)."
    assert explain(requirement.body) == "Pay 1 gear and 2 books to gain 1 food."
    assert explain(requirement.body.cost) == "1 gear and 2 books."
    assert explain(requirement.body.gain) == "Gain 1 food."
    assert explain(score.formula) == "Score 1 point per 2 slot modules you have."
    assert explain(n.Num(3)) == "3."
    with pytest.raises(TypeError):
        explain("gain 2 book")  # type: ignore[arg-type]


def test_unknown_words_fall_back_to_their_text():
    assert explain(parse("gian 2 book and gain bok and gain 2")) == "Gian 2 book, gain 1 bok and gain 2."


def test_nouns_and_plurals():
    assert noun("book", 2) == "2 books"
    assert noun("food", 2) == "2 food"
    assert noun("basic") == "1 basic resource of your choice"
    assert plural("sand_tile") == "sand tiles"


@pytest.mark.parametrize("sig", ALL, ids=lambda s: f"{s.kind}:{s.name}")
def test_every_word_example_has_english(sig):
    english = explain_word(sig.example, sig.kind)
    assert english and not english[0].islower() and english.endswith(".")
    assert "{" not in english and "\x00" not in english


def test_explain_tree_shows_nodes_positions_and_english():
    text = explain_tree_text(parse("when build: each adjacent mountain: gain book"))
    assert text.splitlines() == [
        "Program when build: each adjacent mountain: gain book  @1:1",
        "└── Trigger when  @1:1",
        "    ├── Call build  — whenever you build  @1:6",
        "    └── ForEach  @1:13",
        "        ├── Call adjacent mountain  — adjacent mountain space  @1:18",
        "        └── Call gain book  — gain 1 book  @1:37",
    ]


def _any_component():
    from revive_dsl.locations import default_folders

    content = load_packs([str(f) for f in default_folders("content")])  # the folders `revive explain` reads
    return next((c for c in content.components.values() if c.effects), None)


def test_explain_command_prints_location_text_english_and_tree(capsys):
    comp = _any_component()
    if comp is None:
        pytest.skip("no bundled component has effect texts yet")
    assert main(["explain", comp.id]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{comp.id}: {comp.name}")
    for field, program in comp.effects.items():
        assert f"{field}  {program.pos}" in out
        assert explain(program) in out
        assert "Program " in out


def test_explain_command_unknown_id_suggests(capsys):
    comp = _any_component()
    if comp is None:
        pytest.skip("no bundled components yet")
    typo = comp.id[:-1]
    assert main(["explain", typo]) == 1
    err = capsys.readouterr().err.splitlines()[-1]  # after the line saying which folder was read
    assert err.startswith(f"unknown component id '{typo}'")
    assert "did you mean '" in err


def test_explain_command_unknown_id_without_suggestion(capsys):
    assert main(["explain", "zzzzzzzzzzzzzzzz"]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == "unknown component id 'zzzzzzzzzzzzzzzz'"


def test_every_bundled_effect_explains_from_its_templates():
    for comp in load_packs().components.values():
        for field, program in comp.effects.items():
            english = explain(program)
            assert english.endswith("."), f"{comp.id}.{field}"
            assert "{" not in english and "\x00" not in english, f"{comp.id}.{field}: {english}"
