"""The abyss pack: printed component counts, journey layout, lakes and tribes."""

from __future__ import annotations

import functools
from collections import Counter

import pytest

from revive_dsl import load_packs
from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.signatures import TYPES

# Printed counts from the expansion rulebook's component list.
PRINTED = {
    "citizen_card": 9,
    "slot_module": 9,
    "machine_token": 15,
    "scyphoz_card": 16,
    "journey_card": 18,
    "lake": 3,
    "large_location": 1,
    "devotion_track": 1,
    "gadget": 4,
    "tribe": 4,
}


@functools.cache
def _content():
    return load_packs(["base", "abyss"])


def _abyss(kind):
    return _content().of_kind(kind, "abyss")


@pytest.mark.parametrize(("kind", "count"), sorted(PRINTED.items()))
def test_printed_counts(kind, count):
    assert len(_abyss(kind)) == count


def test_every_abyss_id_is_prefixed_except_the_gadget_words_and_its_declarations():
    for comp in _content().components.values():  # a gadget's id, a counter's and a two-sided tile's are words
        if comp.pack == "abyss" and comp.kind not in ("gadget", "counter", "two_sided_tile"):
            assert comp.id.startswith("abyss_"), comp.id


def test_gadget_ids_are_the_gadget_words():
    assert sorted(c.id for c in _abyss("gadget")) == sorted(TYPES["gadget"])


def test_journeys_six_per_colour():
    assert Counter(c.data["colour"] for c in _abyss("journey_card")) == {"grey": 6, "green": 6, "yellow": 6}


def _requirement_kind(clause: n.Requirement) -> str:
    cond = clause.condition
    if isinstance(cond, n.Payment):
        return "pay"
    assert isinstance(cond, n.Compare), clause
    return cond.counter.name


def test_each_journey_has_three_requirements_of_different_kinds():
    for comp in _abyss("journey_card"):
        clauses = comp.effects["requirements"].clauses
        assert len(clauses) == 3, comp.id
        assert all(isinstance(c, n.Requirement) for c in clauses), comp.id
        assert len({_requirement_kind(c) for c in clauses}) == 3, comp.id


def test_journey_track_requirements_name_the_card_colour():
    for comp in _abyss("journey_card"):
        for clause in comp.effects["requirements"].clauses:
            cond = clause.condition
            if isinstance(cond, n.Compare) and cond.counter.name == "track_position":
                assert cond.counter.args[0].value == comp.data["colour"], comp.id


def test_the_rulebook_example_lake():
    lake = _content().components["abyss_lake_1"]
    assert lake.provenance == "rulebook"
    assert lake.data["building_reward"] == {"small": "devotion 1", "large": "devotion 3"}
    assert lake.data["hibernation_reward"] == {"small": "gain book", "large": "devotion 1"}


def test_four_one_sided_tribes_and_the_leech_tribe_is_not_solo():
    tribes = {c.id: c for c in _abyss("tribe")}
    assert len(tribes) == 4
    for comp in tribes.values():
        assert list(comp.data["sides"]) == ["single"], comp.id
        assert len(comp.data["sides"]["single"]["technologies"]) == 7
    assert tribes["abyss_tribe_leech"].data["solo"] is False
    assert all("solo" not in c.data for i, c in tribes.items() if i != "abyss_tribe_leech")


def test_tribe_tokens():
    tokens = {c.id: c.data["sides"]["single"]["tokens"] for c in _abyss("tribe")}
    assert tokens == {
        "abyss_tribe_gates": {"gate": 5},
        "abyss_tribe_circadian": {"circadian_tile": 1},
        "abyss_tribe_gadgets": {"gadget_tile": 4},
        "abyss_tribe_leech": {"leech_marker": 8},
    }


def test_unstable_machines():
    unstable = [
        c.id
        for c in _abyss("machine_token")
        if any(getattr(cl, "unstable", False) for cl in c.effects["effect"].clauses)
    ]
    assert len(unstable) == 3


def test_devotion_track_has_the_three_bonus_kinds_as_thresholds_of_the_devotion_counter():
    from revive_dsl.dsl import nodes as n

    (track,) = _abyss("devotion_track")
    assert track.data["length"] == 25
    (devotion,) = _abyss("counter")
    assert (devotion.id, devotion.data["holder"], devotion.data["shown"]) == ("devotion", "player", "when changed")
    bonuses = next(rule for rule in _abyss("game_rule") if rule.id == "abyss_devotion_bonuses")
    reaches = [c for c in bonuses.effects["effect"].clauses if isinstance(c, n.Reaches)]
    assert all(c.counter.name == "devotion" and 0 < c.value <= 25 for c in reaches)
    assert {c.body.name for c in reaches} == {"scyphoz", "populate_devotion", "artifact"}
    assert [c.value for c in reaches] == sorted(c.value for c in reaches)  # taken in the order of the track


def test_the_machine_token_variant_is_a_rule_of_its_variant_only():
    (rule,) = [r for r in _abyss("game_rule") if r.data.get("variant")]
    assert rule.data["variant"] == "machine_token_variant"
    assert [c.event.name for c in rule.effects["effect"].clauses] == ["take_machine"]


def test_circadian_machine_is_one_machine_and_conversion_stays_out_of_plain_effects():
    from revive_dsl import check, parse

    tribe = _content().components["abyss_tribe_circadian"]
    techs = {t["id"]: t for t in tribe.data["sides"]["single"]["technologies"]}
    program = parse(techs["abyss_circadian_machine"]["effect"])
    # one machine (one energy space, the technology's): by day a plain machine, by night one used during a gain
    assert [(type(c).__name__, c.during) for c in program.clauses] == [("Machine", None), ("Machine", "gain_points")]
    assert check(program) == []
    assert check(parse("convert_points")) != []
