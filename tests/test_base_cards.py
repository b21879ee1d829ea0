"""The base pack's printed component counts, colour balance and artifact player marks."""

from __future__ import annotations

from collections import Counter

import pytest

from revive_dsl import load_packs
from revive_dsl.content.packs import EFFECT_FIELDS
from revive_dsl.dsl.formatter import format_program

# Printed counts from the base rulebook's component list.
PRINTED = {
    "starting_card": 24,
    "citizen_card": 39,
    "slot_module": 48,
    "machine_token": 30,
    "crate": 28,
    "artifact_card": 10,
    "large_location": 5,
}
# Kinds without effect fields; the loader must know them before their files can join the pack.
NO_EFFECT_KINDS = {"major_artifact": 12, "minor_artifact": 8, "end_game_tile": 1}
ID_PREFIX = {
    "starting_card": "start_",
    "slot_module": "mod_",
    "machine_token": "mach_",
    "crate": "crate_",
    "artifact_card": "artcard_",
    "large_location": "largeloc_",
    "major_artifact": "major_",
    "minor_artifact": "minor_",
}

needs_loader = pytest.mark.skipif(
    not set(NO_EFFECT_KINDS) <= set(EFFECT_FIELDS),
    reason="content.EFFECT_FIELDS does not list the kinds without effect fields yet",
)


@pytest.fixture(scope="module")
def base():
    return load_packs(["base"])


def _base_game(base, kind):
    """The pack's components of a kind that a normal game uses (not the campaign's large locations)."""
    return [c for c in base.of_kind(kind, "base") if not c.data.get("campaign")]


@pytest.mark.parametrize(("kind", "count"), sorted(PRINTED.items()))
def test_printed_counts(base, kind, count):
    assert len(_base_game(base, kind)) == count


@needs_loader
@pytest.mark.parametrize(("kind", "count"), sorted(NO_EFFECT_KINDS.items()))
def test_printed_counts_of_kinds_without_effects(base, kind, count):
    assert len(base.of_kind(kind, "base")) == count


def test_ids_carry_their_kind_prefix(base):
    for kind, prefix in ID_PREFIX.items():
        for comp in base.of_kind(kind, "base"):
            assert comp.id.startswith(prefix), comp.id
    for comp in base.of_kind("citizen_card", "base"):
        assert comp.id.startswith("cit_"), comp.id  # the Scout too: its id was cat_scout before 2026-11-27


def test_citizen_cards_keep_the_scout_and_balance_colours(base):
    cards = base.of_kind("citizen_card", "base")
    assert "cit_scout" in {c.id for c in cards}
    assert Counter(c.data["colour"] for c in cards) == {"grey": 13, "green": 13, "yellow": 13}


def test_every_starting_set_has_six_cards_and_mirrors_the_others(base):
    cards = base.of_kind("starting_card", "base")
    by_set: dict[str, list] = {}
    for card in cards:
        by_set.setdefault(card.data["set"], []).append(card)
    assert sorted(by_set) == ["A", "B", "C", "D"]
    assert all(len(group) == 6 for group in by_set.values())
    faces = {
        s: sorted(
            (c.data["colour"], format_program(c.effects["top"]), format_program(c.effects["bottom"])) for c in group
        )
        for s, group in by_set.items()
    }
    assert faces["A"] == faces["B"] == faces["C"] == faces["D"]
    assert Counter(c.data["colour"] for c in by_set["A"]) == {"grey": 2, "green": 2, "yellow": 2}


def test_machine_tokens_are_ten_per_colour_and_all_machines(base):
    tokens = base.of_kind("machine_token", "base")
    assert Counter(t.data["colour"] for t in tokens) == {"grey": 10, "green": 10, "yellow": 10}


def test_slot_modules_show_one_or_two_colours_evenly(base):
    modules = base.of_kind("slot_module", "base")
    combos = Counter(tuple(m.data["colours"]) for m in modules)
    assert all(1 <= len(combo) <= 2 for combo in combos)
    colour_uses = Counter(colour for m in modules for colour in m.data["colours"])
    assert colour_uses["grey"] == colour_uses["green"] == colour_uses["yellow"]


def test_artifact_cards_score_three_different_categories(base):
    for card in base.of_kind("artifact_card", "base"):
        counters = {program.clauses[0].formula.counter.name for program in card.effects.values()}
        assert len(counters) == 3, card.id


def test_large_locations_have_ten_different_sides(base):
    tiles = _base_game(base, "large_location")
    sides = [side["effect"] for tile in tiles for side in tile.data["sides"]]
    assert len(sides) == 10
    assert len(set(sides)) == 10


@needs_loader
@pytest.mark.parametrize(("players", "expected"), [(1, 3), (2, 6), (3, 9), (4, 12)])
def test_major_artifacts_by_player_count(base, players, expected):
    marks = {"1+": 1, "2+": 2, "3+": 3, "4": 4}
    artifacts = base.of_kind("major_artifact", "base")
    used = [a for a in artifacts if marks[a.data["players"]] <= players]
    assert len(used) == expected
    assert Counter(a.data["colour"] for a in used) == {c: players for c in ("amber", "azure", "violet")}


@needs_loader
def test_artifact_points(base):
    assert {a.data["points"] for a in base.of_kind("minor_artifact", "base")} == {2}
    assert [t.data["points"] for t in base.of_kind("end_game_tile", "base")] == [4]
