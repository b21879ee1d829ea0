"""A rules package brings its DSL words as data (its ``words.yaml``); a pack may use them only where it is loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.content.packages import package_folder
from revive_dsl.content.packs import load_packs
from revive_dsl.content.yamlsrc import load_yaml
from revive_dsl.dsl.checker import check
from revive_dsl.dsl.docgen import reference
from revive_dsl.dsl.parser import parse
from revive_dsl.dsl.signatures import BY_KIND, DECLARED_TOPIC, SIGNATURES, TYPES, package_words
from revive_dsl.positions import DslError


def test_the_expansion_words_come_from_its_words_file():
    data = load_yaml((package_folder("abyss") / "words.yaml").read_text(encoding="utf-8"), "words.yaml").data
    listed = {
        row["word"]
        for section in ("effects", "counters", "modifiers", "events", "states")
        for row in data.get(section) or []
    }
    assert {"devotion", "leech_copy", "lakes", "journeys", "range_through"} <= listed
    assert all(SIGNATURES[w].package == "abyss" or BY_KIND["state"].get(w) for w in listed)
    assert SIGNATURES["gain"].package == "base"
    assert TYPES["gadget"] == ("gadget_fill", "gadget_energy", "gadget_a", "gadget_b")


def test_the_reference_names_the_package_of_every_word():
    text = reference()
    assert "| `devotion` | abyss | `count` |" in text
    assert "| `gain` | base |" in text


def _pack(tmp_path: Path, depends: str, effect: str) -> str:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.yaml").write_text(f"id: p\nname: P\nversion: '1.0'\ndepends: {depends}\n", encoding="utf-8")
    crate = f"kind: crate\ncomponents:\n  - {{id: p_crate, provenance: representative, effect: {effect}}}\n"
    (folder / "crates.yaml").write_text(crate, encoding="utf-8")
    return str(folder)


def test_a_base_pack_may_not_use_an_expansion_word(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(DslError) as err:
        load_packs([_pack(tmp_path, "[base]", "devotion 2")])
    assert [(str(d.pos), d.message) for d in err.value.diagnostics] == [
        (
            "p/crates.yaml:3:55",
            "'devotion' is a word of the rules package 'abyss', which none of the loaded packs names; "
            "a pack using it depends on a pack that does (e.g. depends: [abyss])",
        )
    ]


def test_a_pack_depending_on_the_expansion_may_use_its_words(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    content = load_packs([_pack(tmp_path, "[base, abyss]", "devotion 2")])
    assert content.components["p_crate"].effects["effect"] == parse("devotion 2")


def test_a_words_row_becomes_a_signature_of_its_package():
    [sig] = package_words("lagoon", {"counters": [{"word": "pearls", "english": "pearl you have", "example":
                                                   "pearls", "doc": "Pearls in your shell."}]})  # fmt: skip
    assert (sig.name, sig.kind, sig.package, sig.params) == ("pearls", "counter", "lagoon", ())


def test_every_word_is_carried_out_by_its_own_package():
    from revive_dsl.engine.hooks import package_of
    from revive_dsl.engine.interpret import COUNTERS, EFFECTS
    from revive_dsl.engine.registry import load_all

    load_all()

    def carried_out_by(fn, sig) -> str:
        if sig.topic == DECLARED_TOPIC:  # a pack's declared counter: the machinery reads every pack's
            return sig.package if fn.__module__ == "revive_dsl.engine.declared" else fn.__module__
        found = package_of(fn.__module__)
        return found or ("engine" if fn.__module__.startswith("revive_dsl.engine.") else "base")

    elsewhere = [
        (kind, name, fn.__module__)
        for kind, table in (("effect", EFFECTS), ("counter", COUNTERS))
        for name, fn in table.items()
        if name in BY_KIND[kind] and carried_out_by(fn, BY_KIND[kind][name]) != BY_KIND[kind][name].package
    ]
    assert elsewhere == []


def test_a_value_a_package_adds_to_a_type_exists_only_where_the_package_is_loaded(monkeypatch):
    from revive_dsl.dsl.signatures import NOUNS, VALUE_PACKAGE

    monkeypatch.setitem(TYPES, "token", TYPES["token"])  # the table as it was, after the test
    try:
        package_words("beacons", {"types": {"token": {"words": ["beacon"]}}, "nouns": {"beacon": "beacons"}})
        assert check(parse("place beacon"), packages=["base", "beacons"]) == []
        [problem] = check(parse("place beacon"), packages=["base"])
        assert problem.message.startswith("'beacon' is a token of the rules package 'beacons', which none of")
        assert (problem.pos.line, problem.pos.column) == (1, 7)
    finally:
        VALUE_PACKAGE.pop(("token", "beacon"), None)
        NOUNS.pop("beacon", None)


def test_words_yaml_gives_a_nouns_plural():
    from revive_dsl.dsl.explain import plural
    from revive_dsl.dsl.signatures import NOUNS

    try:
        package_words("forge", {"nouns": {"soot": "soot", "cinder_pile": "cinder piles"}})
        assert (plural("soot"), plural("cinder_pile")) == ("soot", "cinder piles")  # not "soots"
    finally:
        NOUNS.pop("soot", None)
        NOUNS.pop("cinder_pile", None)
