"""One negative test per class of content error: the exact message and where it points.

Each test writes a small pack into a temporary folder, loads it and expects exactly one
diagnostic, as ``(path:line:col, message)``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from revive_dsl import DslError, load_packs
from revive_dsl.cli import main


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    # Diagnostics name files relative to the working folder: run inside tmp_path.
    monkeypatch.chdir(tmp_path)


def make_pack(files: dict[str, str], name: str = "p", depends: tuple[str, ...] = ()) -> str:
    folder = Path(name)
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        f"id: {name}\nname: Test pack\nversion: '0.1'\ndepends: [{', '.join(depends)}]\n", encoding="utf-8"
    )
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")
    return name


def card(top: str, bottom: str = "slot") -> str:
    return (
        "kind: citizen_card\ncomponents:\n  - id: c1\n    colour: green\n    provenance: representative\n"
        f'    top: "{top}"\n    bottom: "{bottom}"\n'
    )


def errors(*packs: str) -> list[tuple[str, str]]:
    with pytest.raises(DslError) as err:
        load_packs(packs)
    return [(str(d.pos), d.message) for d in err.value.diagnostics]


def test_yaml_syntax_error():
    pack = make_pack({"f.yaml": "kind: crate\ncomponents:\n  - id: x\n    effect: [gain\n"})
    assert errors(pack) == [("p/f.yaml:5:1", "YAML syntax error: expected ',' or ']', but got '<stream end>'")]


def test_non_core_yaml_tag():
    text = "kind: crate\ncomponents:\n  - id: x\n    provenance: rulebook\n    effect: !!python/object:os.system gain\n"
    assert errors(make_pack({"f.yaml": text})) == [
        ("p/f.yaml:5:13", "the YAML tag 'tag:yaml.org,2002:python/object:os.system' is not allowed in content")
    ]


def test_duplicate_key():
    text = (
        "kind: crate\ncomponents:\n  - id: x\n    provenance: rulebook\n    effect: gain book\n    effect: gain food\n"
    )
    assert errors(make_pack({"f.yaml": text})) == [("p/f.yaml:6:5", "duplicate key 'effect' in this mapping")]


def test_schema_violation():
    text = "kind: crate\ncomponents:\n  - id: x\n    provenance: printed\n    effect: gain 2 book\n"
    assert errors(make_pack({"f.yaml": text})) == [
        (
            "p/f.yaml:4:17",
            "schema: at components.0.provenance: 'printed' is not one of ['rulebook', 'representative']",
        )
    ]


def test_dsl_syntax_error_points_into_the_quoted_text():
    assert errors(make_pack({"f.yaml": card("gain 2 book and")})) == [
        (
            "p/f.yaml:6:26",
            "syntax error: the text ends too early; "
            "expected '(', 'choose', 'each', 'if', 'must', 'pay', 'up' or a word",
        )
    ]


def test_unknown_word_with_did_you_mean():
    assert errors(make_pack({"f.yaml": card("gian 2 book")})) == [
        ("p/f.yaml:6:11", "unknown effect or modifier 'gian'; did you mean 'gain'?")
    ]


def test_wrong_argument_type():
    assert errors(make_pack({"f.yaml": card("advance book")})) == [
        (
            "p/f.yaml:6:19",
            "'book' is not a track (a machine track: grey, green, yellow, or `any` for one of your choice)",
        )
    ]


def test_too_many_arguments():
    assert errors(make_pack({"f.yaml": card("gain 2 book food")})) == [
        ("p/f.yaml:6:23", "'gain' takes 1 to 2 arguments; 'food' is one too many; example: gain 2 book")
    ]


def test_missing_argument():
    assert errors(make_pack({"f.yaml": card("advance")})) == [
        ("p/f.yaml:6:11", "'advance' needs a track as its 'track'; example: advance green")
    ]


def test_wrong_kind_of_word_in_a_position():
    assert errors(make_pack({"f.yaml": card("crates")})) == [
        ("p/f.yaml:6:11", "'crates' is a counter, but an effect or modifier is expected here; did you mean 'crate'?")
    ]


def test_context_violation_rotate_card_outside_machine_during_play():
    text = (
        "kind: machine_token\ncomponents:\n  - id: m1\n    colour: grey\n    provenance: representative\n"
        '    effect: "machine: rotate_card"\n'
    )
    assert errors(make_pack({"f.yaml": text})) == [
        ("p/f.yaml:6:23", "'rotate_card' can only be used in 'machine during play:'")
    ]


def test_an_unknown_state_in_a_while_clause_points_at_its_name():
    [(pos, message)] = errors(make_pack({"f.yaml": card("gain book", bottom="while slotted_x: range 1")}))
    assert (pos, message) == ("p/f.yaml:7:20", "unknown state 'slotted_x'; did you mean 'slotted'?")


def test_clause_kind_not_allowed_in_field():
    assert errors(make_pack({"f.yaml": card("machine: explore")})) == [
        ("p/f.yaml:6:11", "a machine is not allowed here; expected a 'while' clause or an immediate effect")
    ]


def test_duplicate_id():
    pack = make_pack({"a.yaml": card("gain book"), "b.yaml": card("gain food")})
    assert errors(pack) == [("p/b.yaml:3:9", "duplicate id 'c1' (first defined at p/a.yaml:3:5)")]


def test_a_schema_error_does_not_hide_the_components_dsl_errors():
    bad = card("gain 2 boook", bottom="slto").replace("colour: green", "colour: blue")
    found = errors(make_pack({"f.yaml": bad}))
    assert [pos for pos, _ in found] == ["p/f.yaml:4:13", "p/f.yaml:6:18", "p/f.yaml:7:14"]
    assert found[0][1] == "schema: at components.0.colour: 'blue' is not one of ['grey', 'green', 'yellow']"
    assert "did you mean 'book'?" in found[1][1]


def test_a_field_the_schema_cannot_read_is_skipped_alone():
    bad = card("gain book", bottom="gian 1 food").replace('top: "gain book"', "top: 3")
    found = errors(make_pack({"f.yaml": bad}))
    assert [(pos, message.split(";")[0]) for pos, message in found] == [
        ("p/f.yaml:6:10", "schema: at components.0.top: 3 is not of type 'string'"),
        ("p/f.yaml:7:14", "unknown effect or modifier 'gian'"),
    ]


def test_reusing_an_id_of_a_pack_depended_on_is_an_error():
    pack = make_pack({"f.yaml": card("gain book").replace("id: c1", "id: cit_trader")}, depends=("base",))
    [(pos, message)] = errors(pack)
    assert (pos, message.split(" (")[0]) == ("p/f.yaml:3:9", "'cit_trader' is already a citizen_card of pack 'base'")
    assert message.endswith("choose another id, or say 'replaces: true' to replace that one on purpose")


def test_replaces_true_puts_the_component_in_the_place_of_the_one_it_replaces():
    replacing = card("gain 3 book").replace("id: c1", "id: cit_trader\n    replaces: true")
    content = load_packs([make_pack({"f.yaml": replacing}, depends=("base",))])
    trader = content.components["cit_trader"]
    assert (trader.pack, trader.data["top"]) == ("p", "gain 3 book")
    base = load_packs(["base"])
    assert [c.id for c in content.of_kind("citizen_card")] == [c.id for c in base.of_kind("citizen_card")]


def test_a_replacement_must_be_of_the_same_kind_and_replace_something():
    crate = "kind: crate\ncomponents:\n  - id: cit_trader\n    replaces: true\n    provenance: representative\n"
    other = crate.replace("cit_trader", "crate_nosuch")
    pack = make_pack(
        {"a.yaml": crate + '    effect: "gain book"\n', "b.yaml": other + '    effect: "gain book"\n'},
        depends=("base",),
    )
    [(pos_a, kind), (pos_b, nothing)] = errors(pack)
    assert (pos_a, pos_b) == ("p/a.yaml:4:15", "p/b.yaml:4:15")
    assert kind.endswith("with a crate: a replacement must be of the same kind")
    assert nothing.startswith("'crate_nosuch' replaces nothing: no pack it depends on defines 'crate_nosuch'")


def test_unknown_pack_dependency():
    pack = make_pack({}, depends=("nosuch",))
    assert errors(pack) == [("p/pack.yaml:4:11", "pack 'p' depends on unknown pack 'nosuch' (loaded before it: none)")]


def test_a_bundled_dependency_is_loaded_with_the_pack_that_names_it():
    pack = make_pack({"f.yaml": card("gain book")}, depends=("base",))
    content = load_packs([pack])
    assert list(content.packs) == ["base", "p"]
    assert content.components["c1"].pack == "p"


def test_check_of_an_expansion_pack_alone_loads_its_bundled_dependency(capsys):
    pack = make_pack({"f.yaml": card("gain book")}, depends=("base",))
    assert main(["check", pack]) == 0
    assert capsys.readouterr().out.startswith("ok: 2 packs,")


def test_a_value_off_its_pattern_is_told_the_form_wanted():
    Path("p").mkdir()
    Path("p/pack.yaml").write_text("id: p\nname: P\nversion: '1'\n", encoding="utf-8")
    assert errors("p") == [
        (
            "p/pack.yaml:3:10",
            "schema: at version: '1' is not a version number: MAJOR.MINOR or MAJOR.MINOR.PATCH, e.g. 1.0 or 1.2.3",
        )
    ]


def test_an_unknown_key_is_pointed_at_with_a_did_you_mean():
    Path("p").mkdir()
    Path("p/pack.yaml").write_text("id: p\nname: P\nversion: '1.0'\ndepnds: [base]\n", encoding="utf-8")
    assert errors("p") == [
        (
            "p/pack.yaml:4:9",
            "schema: at depnds: unknown key 'depnds'; did you mean 'depends'? "
            "(allowed: depends, description, id, name, rules, tunables, version)",
        )
    ]


def test_a_manifest_mistake_does_not_hide_the_packs_component_errors():
    pack = make_pack({"f.yaml": card("gain 2 boook")})
    manifest = Path(pack, "pack.yaml")
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("'0.1'", "'one'"), encoding="utf-8")
    found = errors(pack)
    assert [pos for pos, _ in found] == ["p/pack.yaml:3:10", "p/f.yaml:6:18"]
    assert "did you mean 'book'?" in found[1][1]


def test_unknown_common_technology_points_at_the_bad_value():
    techs = [{"id": f"t{i}", "row": 1, "books": 0, "points": 0, "effect": "gain book"} for i in range(7)]
    bad = [{"id": "t0", "row": 1, "books": 0, "points": 0, "common": "tech_nosuch"}, *techs[1:]]
    tribe = {
        "kind": "tribe",
        "components": [
            {
                "id": "tr",
                "provenance": "representative",
                "sides": {
                    "sun": {"ability": "ability", "technologies": bad},
                    "moon": {"ability": "gain book", "technologies": techs},
                },
            }
        ],
    }
    pack = make_pack({"t.yaml": yaml.safe_dump(tribe, sort_keys=False)})
    assert errors(pack) == [("p/t.yaml:13:17", "tr: sides.sun.technologies.0: unknown common technology 'tech_nosuch'")]


def test_check_command_prints_position_line_and_caret(capsys):
    pack = make_pack({"f.yaml": card("gian 2 book")})
    assert main(["check", pack]) == 1
    err = capsys.readouterr().err
    assert err.splitlines()[:3] == [
        "p/f.yaml:6:11: unknown effect or modifier 'gian'; did you mean 'gain'?",
        '        top: "gian 2 book"',
        "              ^",
    ]


def test_a_pack_cannot_read_files_outside_its_folder(tmp_path):
    outside = tmp_path / "secret.yaml"
    outside.write_text("kind: crate\ncomponents: []\n", encoding="utf-8")
    pack = make_pack({})
    Path(pack, "link.yaml").symlink_to(outside)
    assert errors(pack) == [
        (
            "p/link.yaml",
            "a file link outside pack 'p' (to secret.yaml); content is read only from the pack's own folders, "
            "so it is skipped",
        )
    ]


def test_a_file_that_is_not_utf8_is_reported_not_raised():
    pack = make_pack({})
    Path(pack, "latin.yaml").write_bytes(b"kind: crate\n# caf\xe9\n")
    assert errors(pack) == [("p/latin.yaml:2:6", "not UTF-8 text (byte 0xe9): save the file as UTF-8")]
