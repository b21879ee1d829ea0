"""Setup with the abyss pack (004 "Additional setup", "Step 2 of general setup"), setup.py steps 11-15."""

from __future__ import annotations

import pytest

from revive_dsl.engine import geometry as geo
from revive_dsl.engine.geometry import corners_reached
from revive_dsl.engine.geometry import slots_touch as _touch
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.rules.abyss.lake_adjacency import lake_slots
from revive_dsl.rules.abyss.setup import arrange_lakes
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.setup import area_tile_ids

BASE = Rules.load(("base",))
ABYSS = Rules.load(("base", "abyss"))
PLAYERS = [("Ann", "nadair", "sun"), ("Bo", "formica", "moon"), ("Cy", "kuniban", "sun")]
AREA_SLOTS = [s["id"] for s in ABYSS.main_board["map"]["area_slots"]]


def _game(seed: int = 3, players=PLAYERS):
    return new_game(ABYSS, players, seed=seed)


def test_base_game_draws_exactly_as_before_and_shows_no_expansion_state():
    game = new_game(BASE, PLAYERS, seed=3)
    text = game.to_json()
    for name in ("scyphoz_deck", "journey_deck", "journey_display", "removed", "journeys", "solo_achievements"):
        assert f'"{name}"' not in text
    assert "devotion" not in game.board.large_locations
    assert not lake_slots(BASE, game.board)


def test_three_area_tiles_are_returned_at_random_and_lakes_shuffled_in():
    game = _game()
    placed = [game.board.tiles[s]["tile"] for s in AREA_SLOTS]
    lakes = [t for t in placed if ABYSS.component(t).kind == "lake"]
    areas = [t for t in placed if ABYSS.component(t).kind == "area_tile"]
    assert sorted(lakes) == sorted(ABYSS.ids("lake"))
    ordinary = area_tile_ids(ABYSS)  # the vast crystals stay in the box (variant vast_crystals aside)
    assert len(areas) == len(ordinary) - 3
    returned = set(ordinary) - set(areas)
    assert len(returned) == 3
    seeds = {frozenset(set(ordinary) - {_game(s).board.tiles[x]["tile"] for x in AREA_SLOTS}) for s in range(6)}
    assert len(seeds) > 1  # which 3 go back depends on the seed


@pytest.mark.parametrize("seed", range(40))
def test_lakes_face_up_never_adjacent_and_every_corner_reachable(seed):
    game = _game(seed)
    lakes = lake_slots(ABYSS, game.board)
    assert len(lakes) == 3
    assert all(game.board.tiles[s]["explored"] for s in lakes)
    assert not any(_touch(ABYSS, a, b) for a in lakes for b in lakes if a != b)
    assert corners_reached(ABYSS, lakes)
    assert not set(lakes) & set(geo.face_down_slots(ABYSS, game.board))  # never explored


def test_lakes_are_moved_when_they_touch_or_cut_off_a_corner():
    layout = {s: f"t{i}" for i, s in enumerate(AREA_SLOTS)}
    touching = next((a, b) for a in AREA_SLOTS for b in AREA_SLOTS if a < b and _touch(ABYSS, a, b))
    layout[touching[0]], layout[touching[1]] = "abyss_lake_1", "abyss_lake_2"
    fixed = arrange_lakes(ABYSS, layout)
    lakes = [s for s, t in fixed.items() if t.startswith("abyss_lake")]
    assert fixed[touching[0]] == "abyss_lake_1"  # the first keeps its slot
    assert fixed[touching[1]] != "abyss_lake_2"  # the second moves
    assert not any(_touch(ABYSS, a, b) for a in lakes for b in lakes if a != b)
    assert sorted(fixed.values()) == sorted(layout.values())


def test_devotion_pawns_at_zero_and_devotion_location_beside_the_track():
    game = _game()
    assert all(abyss(p).devotion == 0 for p in game.players)
    placed = game.board.large_locations["devotion"]
    corners = {game.board.large_locations[c]["tile"] for c in geo.geometry(ABYSS).large}
    assert placed["tile"] in ABYSS.ids("large_location") and placed["tile"] not in corners
    assert placed["side"] in (0, 1)


def test_scyphoz_deck_shuffled_and_journey_display_of_three():
    game, other = _game(1), _game(2)
    supply = game.supply
    assert sorted(abyss(supply).scyphoz_deck) == sorted(ABYSS.ids("scyphoz_card"))
    assert abyss(supply).scyphoz_deck != abyss(other.supply).scyphoz_deck
    assert (
        len(abyss(supply).journey_display) == 3
        and len(abyss(supply).journey_deck) == len(ABYSS.ids("journey_card")) - 3
    )


def test_expansion_components_are_mixed_into_the_base_piles():
    game = _game()
    citizens = game.supply.citizen_deck + game.supply.citizen_display
    machines = [
        m for c in game.supply.machine_piles for m in game.supply.machine_piles[c] + game.supply.machine_display[c]
    ]
    modules = game.supply.module_pile + game.supply.module_display
    assert {c for c in citizens if c.startswith("abyss_")} == {
        c for c in ABYSS.ids("citizen_card") if c.startswith("abyss_")
    }
    assert {m for m in machines if m.startswith("abyss_")} == {
        m for m in ABYSS.ids("machine_token") if m.startswith("abyss_")
    }
    assert {m for m in modules if m.startswith("abyss_")} == {
        m for m in ABYSS.ids("slot_module") if m.startswith("abyss_")
    }
    tiles = {p["tile"] for p in game.board.large_locations.values()}
    assert any("abyss_largeloc" in {p["tile"] for p in _game(s).board.large_locations.values()} for s in range(10))
    assert len(tiles) == 5


def test_same_seed_same_setup_and_outcomes_override():
    assert _game(9).to_json() == _game(9).to_json()
    deck = list(reversed(ABYSS.ids("scyphoz_card")))
    game = new_game(ABYSS, PLAYERS, seed=9, outcomes={"scyphoz_deck": deck})
    assert abyss(game.supply).scyphoz_deck == deck
    assert game.board.tiles == _game(9).board.tiles  # other steps as the seed made them
