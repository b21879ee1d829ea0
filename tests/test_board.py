"""The boards as data: hex helpers, the map rules of revive_dsl/content/board.py, and the base boards and tribes."""

import copy
from collections import Counter

import pytest

from revive_dsl.content.board import (
    check_board,
    distance,
    half_turn,
    in_rotation_order,
    is_symmetric,
    neighbours,
    slots,
)
from revive_dsl.content.packs import Component, Content, load_packs


@pytest.fixture(scope="module")
def base() -> Content:
    return load_packs(["base"])


def _with(base: Content, comp_id: str, change) -> Content:
    """A copy of ``base`` whose component ``comp_id`` has its data changed by ``change(data)``."""
    content = Content(packs=base.packs, texts=base.texts)
    for cid, comp in base.components.items():
        data = copy.deepcopy(comp.data) if cid == comp_id else comp.data
        content.components[cid] = Component(comp.kind, cid, comp.pack, data, comp.pos, comp.effects)
    change(content.components[comp_id].data)
    return content


def _messages(content: Content) -> list[str]:
    return [d.message for d in check_board(content)]


# --- hex helpers -------------------------------------------------------------------


def test_every_neighbour_is_one_step_away():
    assert all(distance((2, -1), nb) == 1 for nb in neighbours((2, -1)))
    assert len(set(neighbours((0, 0)))) == 6


def test_distance_is_symmetric_and_counts_steps():
    assert distance((0, 0), (3, -3)) == 3
    assert distance((-2, 1), (1, 1)) == distance((1, 1), (-2, 1)) == 3


def test_half_turn_of_a_rotation_ordered_shape_reverses_it():
    cells = [(0, -1), (-1, 0), (0, 0), (1, 0), (0, 1)]
    assert in_rotation_order(cells)
    assert half_turn(cells) == list(reversed(cells))


def test_an_l_shape_is_not_symmetric():
    assert not is_symmetric([(0, 0), (1, 0), (2, 0), (2, 1)])


# --- the base boards -----------------------------------------------------------------


def test_the_base_boards_pass_every_rule(base):
    assert check_board(base) == []


def test_the_map_has_the_rulebook_slots(base):
    board = base.components["main_board"].data
    groups = Counter(s.group for s in slots(board))
    assert groups == {"starting_slots": 5, "area_slots": 25, "large_slots": 4}
    chasm = tuple(board["map"]["chasm"])
    for slot in slots(board):
        if slot.group == "starting_slots":
            assert any(distance(chasm, c) == 1 for c in slot.cells), slot.id


def test_tiles_match_the_slots(base):
    board = base.components["main_board"].data
    for kind, group in (("starting_tile", "starting_slots"), ("area_tile", "area_slots")):
        tiles = sorted(len(t.data["spaces"]) for t in base.of_kind(kind) if not t.data.get("vast_crystal"))
        assert tiles == sorted(len(s.cells) for s in slots(board) if s.group == group)


def test_every_water_space_has_a_reward(base):
    for tile in base.of_kind("starting_tile") + base.of_kind("area_tile"):
        for space in tile.data["spaces"]:
            assert (space["terrain"] == "water") == ("reward" in space), tile.id


def test_player_board_has_the_rulebook_reward_spaces(base):
    board = base.components["player_board"].data
    kinds = Counter(s["type"] for s in board["reward_spaces"])
    assert kinds == {"standard_machine": 3, "special_machine": 6, "artifact": 3, "card_bonus": 3}
    assert sorted(s["colour"] for s in board["reward_spaces"] if s["type"] == "card_bonus") == [
        "green",
        "grey",
        "yellow",
    ]
    assert all(len(t["values"]) >= 12 for t in board["tracks"].values())
    assert board["caps"] == {"basic": 6, "crystal": 3}


def test_the_fourth_hibernation_removes_an_artifact(base):
    track = base.components["main_board"].data["hibernation_track"]
    assert [s["space"] for s in track if s.get("remove_artifact")] == [4]


def test_every_tribe_side_has_the_common_tree(base):
    tribes = base.of_kind("tribe")
    assert len(tribes) == 6
    for tribe in tribes:
        for side in tribe.data["sides"].values():
            techs = {t["id"]: t for t in side["technologies"]}
            rows = Counter(t["row"] for t in techs.values())
            assert rows == {1: 1, 2: 3, 3: 3}
            assert [t.get("common") for t in techs.values() if t["row"] == 3].count("tech_artifact_crate") == 2
            assert sum(t.get("common") == "tech_side_slot" for t in techs.values()) == 1
            for tech in techs.values():
                for target in tech.get("connects", []):
                    assert techs[target]["row"] == tech["row"] + 1


# --- one test per rule that can fail ------------------------------------------------------


def test_a_slot_that_is_not_symmetric_is_reported(base):
    def bend(data):
        data["map"]["area_slots"][0]["cells"][-1][0] += 5

    assert any("not the same after a half turn" in m for m in _messages(_with(base, "main_board", bend)))


def test_a_slot_listed_out_of_rotation_order_is_reported(base):
    def shuffle(data):
        cells = data["map"]["area_slots"][0]["cells"]
        cells[0], cells[1] = cells[1], cells[0]

    assert any("rotation order" in m for m in _messages(_with(base, "main_board", shuffle)))


def test_a_slot_in_two_pieces_is_reported(base):
    def split(data):
        data["map"]["area_slots"][0]["cells"] = [[40, 0], [41, 0], [45, 0], [46, 0]]

    assert any("not one connected piece" in m for m in _messages(_with(base, "main_board", split)))


def test_a_cell_in_two_slots_is_reported(base):
    def overlap(data):
        data["map"]["area_slots"][1]["cells"] = copy.deepcopy(data["map"]["area_slots"][0]["cells"])

    assert any("is already part of map.area_slots.0" in m for m in _messages(_with(base, "main_board", overlap)))


def test_a_slot_on_the_chasm_is_reported(base):
    def cover(data):
        data["map"]["chasm"] = data["map"]["starting_slots"][0]["cells"][0]

    assert any("already part of the chasm" in m for m in _messages(_with(base, "main_board", cover)))


def test_an_unreachable_slot_is_reported(base):
    def strand(data):
        data["map"]["area_slots"][0]["cells"] = [[40, 0], [41, 0], [40, 1], [41, 1]]

    found = _messages(_with(base, "main_board", strand))
    assert any("map.area_slots.0 (a01): cannot be reached from the chasm" in m for m in found)


def test_a_crystal_off_the_map_is_reported(base):
    def drift(data):
        data["map"]["crystals"][0] = [60, 60]

    assert any("next to no tile slot" in m for m in _messages(_with(base, "main_board", drift)))


def test_a_tile_that_fits_no_slot_is_reported(base):
    def grow(data):
        data["spaces"].append({"terrain": "sand"})

    found = _messages(_with(base, "area_tile_01", grow))
    assert any(m.startswith("area_tile_01: 5 spaces fit no area slot") for m in found)


def test_a_point_bonus_off_the_track_is_reported(base):
    def far(data):
        data["point_track"]["bonuses"]["51"] = "crate"

    assert any("point_track.bonuses.51" in m for m in _messages(_with(base, "main_board", far)))


def test_hibernation_spaces_out_of_order_are_reported(base):
    def skip(data):
        data["hibernation_track"][2]["space"] = 7

    assert any("hibernation_track" in m for m in _messages(_with(base, "main_board", skip)))


def test_a_reward_space_past_the_track_end_is_reported(base):
    def far(data):
        data["reward_spaces"][0]["needs"][0]["space"] = 99

    assert any("has no space 99" in m for m in _messages(_with(base, "player_board", far)))


def test_two_markers_on_one_track_are_reported(base):
    def same(data):
        space = next(s for s in data["reward_spaces"] if len(s["needs"]) == 2)
        space["needs"][1]["track"] = space["needs"][0]["track"]

    assert any("two different tracks" in m for m in _messages(_with(base, "player_board", same)))


def test_progress_spaces_out_of_order_are_reported(base):
    def swap(data):
        track = data["progress_track"]
        track[0], track[1] = track[1], track[0]

    assert any("progress_track" in m for m in _messages(_with(base, "player_board", swap)))


def test_revive_check_reports_board_problems(tmp_path):
    import shutil

    from revive_dsl.cli import collect
    from revive_dsl.locations import content_root

    pack = tmp_path / "base"
    shutil.copytree(content_root() / "base", pack)
    board = pack / "main_board.yaml"
    text = board.read_text(encoding="utf-8")
    board.write_text(text.replace("chasm: [0, 0]", "chasm: [40, 40]"), encoding="utf-8")
    _, problems = collect([str(pack)])
    assert any("cannot be reached from the chasm" in d.message for d in problems)


def test_a_board_problem_points_at_the_value_that_is_wrong(tmp_path, monkeypatch):
    import shutil

    from revive_dsl.cli import collect
    from revive_dsl.locations import content_root

    monkeypatch.chdir(tmp_path)
    shutil.copytree(content_root() / "base", "base")
    board = tmp_path / "base" / "player_board.yaml"
    text = board.read_text(encoding="utf-8")
    board.write_text(text.replace("needs: [{track: green, space: 3}]", "needs: [{track: green, space: 99}]", 1))
    _, problems = collect(["base"])
    assert [(str(d.pos), d.source_line.strip()) for d in problems] == [
        ("base/player_board.yaml:48:39", "needs: [{track: green, space: 99}]")
    ]
