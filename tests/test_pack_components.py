"""A pack's components of the board's kinds join the setup (docs/rulings.md, "A pack's components in the setup")."""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.content.packs import load_packs
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.positions import DslError

PLAYERS = [("Ann", "nadair", "sun"), ("Bo", "formica", "sun")]
MANIFEST = 'id: extra\nname: Extra\nversion: "1.0"\ndepends: [base]\n'
TILES = """kind: area_tile
components:
  - id: extra_area
    name: Extra area
    provenance: representative
    back: "points 1"
    spaces: [{terrain: sand}, {terrain: forest}, {terrain: field}, {terrain: city}]
---
kind: starting_tile
components:
  - id: extra_start
    name: Extra start
    provenance: representative
    spaces: [{terrain: sand}, {terrain: forest}, {terrain: city}, {terrain: mountain}, {terrain: sand}]
"""


def pack(folder: Path, **files: str) -> str:
    """The pack ``extra`` written in ``folder`` with these component files (name -> text); its path."""
    (folder / "extra").mkdir()
    (folder / "extra" / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    for name, text in files.items():
        for index, part in enumerate(text.split("---\n")):
            (folder / "extra" / f"{name}{index}.yaml").write_text(part, encoding="utf-8")
    return str(folder / "extra")


def starting_cards(letter: str, count: int) -> str:
    cards = "".join(
        f"  - {{id: extra_start_{i}, name: Extra {i}, set: '{letter}', colour: grey, provenance: representative,"
        f" top: 'gain 2 gear', bottom: 'advance grey'}}\n"
        for i in range(1, count + 1)
    )
    return "kind: starting_card\ncomponents:\n" + cards


def test_a_packs_tiles_join_the_shuffles_and_those_beyond_the_slots_go_back_to_the_box(tmp_path):
    rules = Rules.load(("base", pack(tmp_path, tiles=TILES)))
    dealt = {"extra_area": 0, "extra_start": 0}
    for seed in range(40):
        board = new_game(rules, PLAYERS, seed=seed).board
        placed = [t["tile"] for t in board.tiles.values()]
        assert len(placed) == 30 == len(set(placed))  # 5 starting and 25 area slots, one tile each
        for tile in dealt:
            dealt[tile] += tile in placed
    assert 0 < dealt["extra_area"] < 40 and 0 < dealt["extra_start"] < 40  # sometimes dealt, sometimes boxed


def test_a_packs_starting_set_of_its_own_letter_is_dealt_like_the_others(tmp_path):
    rules = Rules.load(("base", pack(tmp_path, cards=starting_cards("E", 6))))
    sets = {tuple(new_game(rules, PLAYERS, seed=seed).to_dict()["players"][0]["active"]) for seed in range(40)}
    assert any(all(card.startswith("extra_start_") for card in active) for active in sets)


def test_a_starting_card_beyond_a_full_set_is_an_error_at_that_card(tmp_path):
    with pytest.raises(DslError) as raised:
        load_packs(["base", pack(tmp_path, cards=starting_cards("A", 1))])
    [problem] = str(raised.value).split("\n\n")
    assert problem.splitlines()[0] == (
        f"{tmp_path / 'extra' / 'cards0.yaml'}:3:5: extra_start_1: starting set A already has 6 cards (start_a_1, "
        "start_a_2, start_a_3, start_a_4, start_a_5, start_a_6); a starting set is 6 cards, 3 active and 3 resting "
        "(003 setup, step 6): give a pack's starting cards a letter of their own, e.g. set: E, 6 cards to the letter"
    )


def test_random_games_with_a_packs_tiles_lake_and_vast_crystal_finish_with_every_invariant(tmp_path):
    from revive_dsl.engine.simulate import play_random_game

    more = """kind: area_tile
components:
  - id: extra_vast
    name: Extra vast crystal
    provenance: representative
    vast_crystal: true
    back: "points 2"
    spaces: [{terrain: vast_crystal}, {terrain: vast_crystal}, {terrain: vast_crystal}, {terrain: vast_crystal}]
---
kind: lake
components:
  - id: extra_lake
    name: Extra lake
    provenance: representative
    building_reward: {small: "devotion 1", large: "devotion 3"}
    hibernation_reward: {small: "gain book", large: "gain food"}
"""
    folder = pack(tmp_path, tiles=TILES, more=more)
    manifest = Path(folder) / "pack.yaml"
    manifest.write_text(MANIFEST.replace("[base]", "[base, abyss]"), encoding="utf-8")
    rules = Rules.load(("base", "abyss", folder))
    for seed in range(2):  # invariants are checked after every move; a broken one fails the game
        record = play_random_game(rules, PLAYERS, seed=seed, variants=("vast_crystals",))
        board = record.final.to_dict()["board"]
        placed = [t["tile"] for t in board["tiles"].values()]
        assert record.finished and len(placed) == 30 == len(set(placed))
        assert sum(t.startswith(("abyss_lake", "extra_lake")) for t in placed) == 4  # every lake, one tile each


def lakes(count: int) -> str:
    rows = "".join(
        f"  - {{id: extra_lake_{i}, name: Extra lake {i}, provenance: representative,"
        f" building_reward: {{small: 'devotion 1', large: 'devotion 3'}},"
        f" hibernation_reward: {{small: 'gain book', large: 'gain food'}}}}\n"
        for i in range(1, count + 1)
    )
    return "kind: lake\ncomponents:\n" + rows


def test_lakes_the_map_cannot_keep_apart_are_an_error_at_the_lake_not_at_the_game(tmp_path):
    folder = pack(tmp_path, lakes=lakes(12))
    (Path(folder) / "pack.yaml").write_text(MANIFEST.replace("[base]", "[base, abyss]"), encoding="utf-8")
    rules = Rules.load(("base", "abyss", folder))
    with pytest.raises(DslError) as raised:
        new_game(rules, PLAYERS, seed=1)
    problems = raised.value.diagnostics
    assert problems and all(p.pos.file == str(Path(folder) / "lakes0.yaml") for p in problems)
    first = problems[0]
    assert first.message.startswith(f"{first.message.split(':')[0]}: cannot be set up: no slot of the map keeps ")
    assert first.message.endswith(
        "apart from the other lakes with every corner reachable; lakes lie on area slots, none next to another,"
        " every corner reachable (004 setup)"
    )
    assert first.source_line.strip().startswith("- {id: extra_lake_")  # the lake's own line, shown under the message


def test_more_lakes_than_area_slots_are_an_error_at_the_lakes_beyond(tmp_path):
    folder = pack(tmp_path, lakes=lakes(30))
    (Path(folder) / "pack.yaml").write_text(MANIFEST.replace("[base]", "[base, abyss]"), encoding="utf-8")
    with pytest.raises(DslError) as raised:
        new_game(Rules.load(("base", "abyss", folder)), PLAYERS, seed=1)
    problems = raised.value.diagnostics
    assert [p.message.split(":")[0] for p in problems] == [f"extra_lake_{i}" for i in range(23, 31)]
    assert problems[0].message.startswith("extra_lake_23: cannot be set up: the map has 25 area slots for 33 lakes")


def test_a_starting_set_fixed_alone_deals_that_sets_cards(tmp_path):
    from revive_dsl.engine.setup import OutcomeError

    rules = Rules.load(("base", pack(tmp_path, cards=starting_cards("E", 6))))
    game = new_game(rules, PLAYERS, seed=3, outcomes={"starting_sets": ["E", "B"]})
    ann, bo = game.players
    assert sorted(ann.active + ann.resting) == [f"extra_start_{i}" for i in range(1, 7)]
    assert {card.split("_")[1] for card in bo.active + bo.resting} == {"b"}
    for outcomes, path, message in [
        ({"starting_sets": ["Q", "B"]}, ("starting_sets", 0), "no starting set 'Q' (sets: A, B, C, D, E)"),
        ({"starting_sets": ["B", "B"]}, ("starting_sets", 1), "starting set 'B' is dealt to two seats"),
        ({"starting_sets": ["E"]}, ("starting_sets",), "starting_sets is a list of 2 letters, one per seat, in order"),
        (
            {"starting_sets": ["E", "B"], "starting_cards": [[f"start_a_{i}" for i in range(1, 7)], []]},
            ("starting_cards", 0),
            "'start_a_1' is not a card of starting set E, dealt to this seat",
        ),
    ]:
        with pytest.raises(OutcomeError) as raised:
            new_game(rules, PLAYERS, seed=3, outcomes=outcomes)
        assert (raised.value.path, str(raised.value)) == (path, message)


def test_major_artifacts_beyond_the_craters_spaces_are_an_error_at_each_of_them(tmp_path):
    majors = "kind: major_artifact\ncomponents:\n" + "".join(
        f"  - {{id: extra_major_{i}, name: Extra major {i}, colour: amber, players: '1+',"
        " provenance: representative}\n"
        for i in (1, 2)
    )
    with pytest.raises(DslError) as raised:
        load_packs(["base", pack(tmp_path, majors=majors)])
    problems = raised.value.diagnostics
    where = str(tmp_path / "extra" / "majors0.yaml")
    assert [(p.pos.file, p.pos.line) for p in problems] == [(where, 3), (where, 4)]
    assert problems[0].message.startswith(
        "extra_major_1: the crater holds 12 major artifacts and the packs have 14, all of them used by a 4-player game"
    )
