"""A script's header as a precise tool: tribes, sides, variants, packs, setup outcomes and inline content.

Every mistake is one positioned message (file:line:col at the offending value), never a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from revive_dsl.positions import DslError
from revive_dsl.replay import Replay, load_script, load_script_text, start_game

ROOT = Path(__file__).resolve().parent.parent


def problems(text: str, file: str = "s.yaml") -> list[tuple[str, str]]:
    with pytest.raises(DslError) as err:
        Replay(load_script_text(text, file))
    return [(str(d.pos), d.message) for d in err.value.diagnostics]


def file_problems(path: Path) -> list[tuple[str, str]]:
    with pytest.raises(DslError) as err:
        Replay(load_script(path))
    return [(str(d.pos), d.message) for d in err.value.diagnostics]


def header(players: str, more: str = "", setup: str = "setup: {seed: 3}\n") -> str:
    return f"format: 1\n{more}players:\n{players}{setup}steps: []\n"


ANN = "  - {name: Ann, tribe: nadair, side: sun}\n"
BASE_TRIBES = "nadair, hofstadterians, ox49, kuniban, formica, vukuntur"


# --- A. header references ------------------------------------------------------------------------------


def test_a_typo_in_a_tribe_id_is_an_error_with_a_suggestion_not_a_tribe_without_abilities():
    text = header("  - {name: Ann, tribe: nadiar, side: sun}\n")
    assert problems(text) == [
        ("s.yaml:3:24", f"unknown tribe 'nadiar'; did you mean 'nadair'? (tribes of the packs loaded: {BASE_TRIBES})")
    ]


def test_every_unknown_tribe_and_side_is_reported_at_once():
    players = "  - {name: Ann, tribe: formika, side: sun}\n  - {name: Bob, tribe: ox49, side: single}\n"
    assert problems(header(players)) == [
        (
            "s.yaml:3:24",
            f"unknown tribe 'formika'; did you mean 'formica'? (tribes of the packs loaded: {BASE_TRIBES})",
        ),
        ("s.yaml:4:36", "tribe 'ox49' has no side 'single'; its sides: sun, moon"),
    ]


def test_an_expansion_tribe_has_the_single_side_only():
    text = header("  - {name: Ann, tribe: abyss_tribe_gates, side: sun}\n", "packs: [base, abyss]\n")
    assert problems(text) == [("s.yaml:4:49", "tribe 'abyss_tribe_gates' has no side 'sun'; its sides: single")]
    for tribe in ("abyss_tribe_gates", "abyss_tribe_circadian", "abyss_tribe_gadgets"):
        ok = header(f"  - {{name: Ann, tribe: {tribe}, side: single}}\n", "packs: [base, abyss]\n")
        assert start_game(load_script_text(ok))[0].players[0].side == "single"


def test_a_tribe_of_a_pack_the_script_does_not_load_names_the_pack_to_add():
    text = header("  - {name: Ann, tribe: abyss_tribe_gates, side: single}\n")
    assert problems(text) == [
        (
            "s.yaml:3:24",
            "tribe 'abyss_tribe_gates' is in pack 'abyss', which this script does not load: "
            "add abyss to packs (packs: [base, abyss])",
        )
    ]


def test_a_tribe_that_cannot_be_played_solo():
    text = header("  - {name: Ann, tribe: abyss_tribe_leech, side: single}\n", "packs: [base, abyss]\n")
    assert problems(text) == [("s.yaml:4:24", "tribe 'abyss_tribe_leech' cannot be played solo (solo: false)")]


def test_an_unknown_variant_is_positioned_at_its_entry_with_a_suggestion():
    text = header(ANN, "variants: [long_game, artifact_choise]\n")
    [(pos, message)] = problems(text)
    assert pos == "s.yaml:2:23"
    assert message.startswith(
        "unknown variant 'artifact_choise'; did you mean 'artifact_choice'? (variants of the packs loaded: "
    )


def test_variants_that_exclude_each_other_are_positioned_at_variants():
    text = header(ANN, "variants: [artifact_choice, common_artifact_card]\n")
    assert problems(text) == [
        ("s.yaml:2:11", "artifact_choice and common_artifact_card exclude each other (one card is shared)")
    ]


# --- B. pack references ----------------------------------------------------------------------------------

PACK = "id: extra\nname: Extra\nversion: '0.1'\ndepends: [base]\n"
CARD = (
    "kind: citizen_card\ncomponents:\n  - id: cit_lamplighter\n    name: Lamplighter\n    colour: green\n"
    "    provenance: representative\n    top: gain 3 book\n    bottom: gain 2 food\n"
)


def _pack(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(PACK, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARD, encoding="utf-8")
    return folder


def test_a_pack_path_is_relative_to_the_script_not_the_current_directory(tmp_path, monkeypatch):
    _pack(tmp_path / "packs" / "extra")
    script = tmp_path / "games" / "g.yaml"
    script.parent.mkdir()
    state = "setup:\n  seed: 3\n  state: {players: {Ann: {active: [cit_lamplighter]}}, supply: {removed: [START_C]}}\n"
    state = state.replace("START_C", "start_c_5, start_c_6, start_c_1")  # the starting cards go back to the box
    script.write_text(
        header(ANN, "packs: [base, ../packs/extra]\n", state).replace(
            "steps: []", "steps: [Ann play cit_lamplighter top_left]"
        )
    )
    monkeypatch.chdir(ROOT)  # anywhere but the script's folder
    game = Replay(load_script(script)).run()
    assert game.players[0].resources["book"] == 3
    assert game.packs == ["base", "../packs/extra"]  # as the script writes them


def test_an_unknown_pack_is_positioned_with_a_suggestion(tmp_path):
    script = tmp_path / "g.yaml"
    script.write_text(header(ANN, "packs: [base, abyz]\n"))
    assert file_problems(script) == [
        (
            f"{script}:2:15",
            "unknown pack 'abyz'; did you mean 'abyss'? (bundled packs: abyss, base; "
            "a pack folder is named by its path, relative to this script)",
        )
    ]


def test_a_pack_path_with_a_typo_suggests_the_pack_beside_it(tmp_path):
    _pack(tmp_path / "packs" / "extra")
    script = tmp_path / "g.yaml"
    script.write_text(header(ANN, "packs: [base, packs/extar]\n"))
    [(pos, message)] = file_problems(script)
    assert (pos, message.split(" (")[0]) == (
        f"{script}:2:15",
        "unknown pack 'packs/extar'; did you mean 'packs/extra'?",
    )


def test_a_folder_that_is_not_a_pack(tmp_path):
    (tmp_path / "notes").mkdir()
    script = tmp_path / "g.yaml"
    script.write_text(header(ANN, "packs: [base, notes]\n"))
    assert file_problems(script) == [
        (f"{script}:2:15", "'notes' is not a content pack: no pack.yaml in it or in a folder directly below it")
    ]


def test_simulate_out_writes_pack_references_that_work_from_the_out_folder(tmp_path):
    _pack(tmp_path / "packs" / "extra")
    out = tmp_path / "out" / "deep"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "revive_dsl.cli", "simulate", "--packs", "base,packs/extra"]
    command += ["--players", "2", "--games", "1", "--seed", "5", "--out", "out/deep"]
    subprocess.run(command, cwd=tmp_path, env=env, check=True, capture_output=True)
    written = (out / "game-5.yaml").read_text()
    assert "packs:\n- base\n- ../../packs/extra\n" in written  # bundled names stay bare
    Replay(load_script(out / "game-5.yaml")).run()  # from the test's own directory


# --- D. content defined in a script, placed by setup.state ------------------------------------------------

KINDS = """\
format: 1
players:
  - {name: Ann, tribe: nadair, side: sun}
setup:
  seed: 3
  state:
    players:
      Ann:
        resources: {book: 1, food: 1}
        active: [cit_lamplighter]  # the starting cards dealt go back to the box (supply.removed below)
        modules: {top_left: [mod_lantern, null, null]}
        crates_closed: [crate_amber]
        unlocked: [special_grey_1]
        special_machines: {special_grey_1: mach_kiln}
    board:
      tiles:
        a01: {tile: area_tile_lagoon, orientation: 0, explored: false}
    supply: {removed: [start_c_5, start_c_6, start_c_1]}
content:
  - kind: citizen_card
    components:
      - id: cit_lamplighter
        name: Lamplighter
        colour: green
        provenance: representative
        top: gain 3 book
        bottom: gain 2 food
  - kind: slot_module
    components:
      - {id: mod_lantern, name: Lantern, colours: [green], provenance: representative, effect: gain 2 book}
  - kind: machine_token
    components:
      - {id: mach_kiln, name: Kiln, colour: grey, provenance: representative, effect: "machine: gain 3 food"}
  - kind: crate
    components:
      - {id: crate_amber, name: Amber crate, provenance: representative, effect: gain 3 gear}
  - kind: area_tile
    components:
      - id: area_tile_lagoon
        name: Lagoon
        provenance: representative
        back: pay book -> points 4
        spaces: [{terrain: water}, {terrain: sand}, {terrain: forest}, {terrain: city}]
steps:
"""


def _kinds(*steps: str) -> Replay:
    replay = Replay(load_script_text(KINDS + "".join(f"  - {s}\n" for s in steps), "kinds.yaml"))
    replay.run()
    return replay


def test_a_script_defined_area_tile_no_longer_stops_the_setup():
    plain, _ = start_game(load_script_text(header(ANN)))
    text = KINDS.replace(
        "    board:\n      tiles:\n        a01: {tile: area_tile_lagoon, orientation: 0, explored: false}\n", ""
    )
    game, _ = start_game(load_script_text(text + "  - Ann end\n"))
    assert game.board.tiles == plain.board.tiles  # the script's tile stays in the box: the seed's map as it was


def test_a_script_defined_area_tile_placed_by_the_state_is_explored():
    replay = _kinds("Ann explore a01 deck 0")
    game = replay.game
    assert game.board.tiles["a01"] == {"tile": "area_tile_lagoon", "orientation": 0, "explored": True}
    assert game.players[0].points == 4


def test_a_script_defined_citizen_card_is_played():
    assert _kinds("Ann play cit_lamplighter top_left").game.players[0].slots["top_left"][0].card == "cit_lamplighter"


def test_a_script_defined_slot_module_is_activated():
    game = _kinds("Ann play cit_lamplighter top_left").game
    assert game.players[0].resources["book"] == 1 + 3 + 2  # the card's top half, then the green module


def test_a_script_defined_machine_token_is_used():
    assert _kinds("Ann machine special_grey_1").game.players[0].resources["food"] == 1 + 3


def test_a_script_defined_crate_is_opened():
    game = _kinds("Ann open_crate crate_amber").game
    assert game.players[0].crates_opened == ["crate_amber"] and game.players[0].resources["gear"] == 3


def test_script_defined_components_without_a_start_state_join_their_piles():
    text = KINDS.split("  state:")[0] + "content:" + KINDS.split("content:")[1]
    game, _ = start_game(load_script_text(text + "  - Ann end\n"))
    supply = game.supply
    assert "cit_lamplighter" in supply.citizen_deck + supply.citizen_display
    assert "mod_lantern" in supply.module_pile + supply.module_display
    assert "mach_kiln" in supply.machine_piles["grey"] + supply.machine_display["grey"]
    assert "crate_amber" in supply.crates
    assert "area_tile_lagoon" not in [t["tile"] for t in game.board.tiles.values()]


# --- C. setup.outcomes fix what they name and no more ------------------------------------------------------

SOLO = "format: 1\nplayers:\n" + ANN


def _outcomes(body: str) -> str:
    return SOLO + "setup:\n  seed: 3\n  outcomes:\n" + body + "steps: []\n"


def test_a_partial_pile_list_fixes_the_top_and_keeps_the_rest_as_seeded():
    plain, _ = start_game(load_script_text(SOLO + "setup: {seed: 3}\nsteps: []\n"))
    fixed, _ = start_game(load_script_text(_outcomes("    crates: [crate_07, crate_01]\n")))
    assert fixed.supply.crates[:2] == ["crate_07", "crate_01"]
    assert fixed.supply.crates[2:] == [c for c in plain.supply.crates if c not in ("crate_07", "crate_01")]
    assert len(fixed.supply.crates) == 28


def test_a_partial_machine_pile_and_citizen_deck():
    fixed, _ = start_game(
        load_script_text(_outcomes("    citizen_deck: [cit_smith]\n    machine_piles: {grey: [mach_grey_4]}\n"))
    )
    plain, _ = start_game(load_script_text(SOLO + "setup: {seed: 3}\nsteps: []\n"))
    assert fixed.supply.citizen_display[0] == "cit_smith"
    assert len(fixed.supply.citizen_deck) == len(plain.supply.citizen_deck)
    assert fixed.supply.machine_display["grey"][0] == "mach_grey_4"
    assert fixed.supply.machine_piles["green"] == plain.supply.machine_piles["green"]


def test_an_area_tile_outcome_swaps_with_the_slot_the_seed_gave_it():
    plain, _ = start_game(load_script_text(SOLO + "setup: {seed: 3}\nsteps: []\n"))
    fixed, _ = start_game(load_script_text(_outcomes("    area_tiles: {a01: area_tile_07}\n")))
    assert fixed.board.tiles["a01"]["tile"] == "area_tile_07"
    assert fixed.board.tiles["a25"]["tile"] == plain.board.tiles["a01"]["tile"]  # seed 3 had area_tile_07 in a25
    tiles = [t["tile"] for t in fixed.board.tiles.values()]
    assert len(tiles) == len(set(tiles))


def test_an_item_not_in_its_pile_is_positioned():
    assert problems(_outcomes("    crates: [crate_07, crate_99]\n")) == [
        ("s.yaml:7:24", "setup.outcomes: 'crate_99' is not in the crate stack; did you mean 'crate_19'?")
    ]


def test_a_list_longer_than_its_pile_is_positioned():
    many = ", ".join(f"crate_{i:02}" for i in range(1, 30))
    assert problems(_outcomes(f"    crates: [{many}]\n")) == [
        ("s.yaml:7:13", "setup.outcomes: 29 items for the crate stack, which has 28")
    ]


def test_an_item_named_twice_and_an_unknown_outcome():
    assert problems(_outcomes("    crates: [crate_07, crate_07]\n")) == [
        ("s.yaml:7:24", "setup.outcomes: 'crate_07' is named twice")
    ]
    [(pos, message)] = problems(_outcomes("    crate: [crate_07]\n"))
    assert pos == "s.yaml:7:12" and message.startswith(
        "setup.outcomes: unknown outcome 'crate'; did you mean 'crates'?"
    )


def test_an_unknown_tile_in_a_slot_outcome_is_positioned():
    assert problems(_outcomes("    area_tiles: {a01: area_tile_99}\n")) == [
        ("s.yaml:7:23", "setup.outcomes: unknown area tile 'area_tile_99'; did you mean 'area_tile_19'?")
    ]


def test_a_large_location_outcome_takes_a_bare_id_for_its_first_side_or_its_tile_and_side():
    fixed, _ = start_game(load_script_text(_outcomes("    large_locations: {corner_nw: largeloc_2}\n")))
    assert fixed.board.large_locations["corner_nw"] == {"tile": "largeloc_2", "side": 0}
    fixed, _ = start_game(
        load_script_text(_outcomes("    large_locations: {corner_nw: {tile: largeloc_2, side: 1}}\n"))
    )
    assert fixed.board.large_locations["corner_nw"] == {"tile": "largeloc_2", "side": 1}
    [(pos, message)] = problems(_outcomes("    large_locations: {corner_nw: [1]}\n"))
    assert pos == "s.yaml:7:34" and "a large location is its id, or {tile: ID, side: 0 or 1}" in message
