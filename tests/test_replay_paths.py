"""One path language: the paths ``revive replay`` prints are the paths ``expect:`` and ``highlight:`` take.

The script view names every seat (``turn.player: Ann``), keeps each final score sheet under its
player (``Ann.score.total``, ``Ann.score.lines.progress track``), fills in fields the canonical JSON
leaves out while empty (``Ann.journeys: []``); ``expect`` values may be operators (``contains``,
``len``, ``not``, ``ge``, ``le``); a path that leads nowhere names the nearest that exist. One test
per feature, with the exact message for each error.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
import yaml
from rich.console import Console

from revive_dsl.replay import Replay, ReplayError, dump_script, load_script, load_script_text, lookup, render, view
from revive_dsl.replay.diff import ADDED, REMOVED, REORDERED, flatten, shown, state_changes
from revive_dsl.replay.paths import PathError, record_keys, script_view

GAME = Path(__file__).parent.parent / "replays" / "games" / "2p-nadair-ox49.yaml"
DUO = (
    "format: 1\n"
    "players: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]\n"
    "setup: {seed: 12}\n"
    "steps:\n"
    "  - Ann trade_crystal book\n"
    "  - Ann hibernate 1 gear\n"
    "  - Ann end\n"
    "  - Bob trade_crystal gear\n"
)  # line 5 is step 1; the step under test is step 5, on line 9
STEP5 = "step 5 (Bob play start_b_4 bottom_left ability -2,3)"
_MISSING = object()


def play(extra: str) -> Replay:
    """DUO and then Bob's fifth step, with ``extra`` (the step's other keys, indented 4)."""
    replay = Replay(load_script_text(DUO + "  - move: Bob play start_b_4 bottom_left ability -2,3\n" + extra, "s.yaml"))
    replay.run()
    return replay


def refused(extra: str) -> tuple[str, str]:
    """The position and message of the error the fifth step gives; the replay is left after step 4."""
    replay = Replay(load_script_text(DUO + "  - move: Bob play start_b_4 bottom_left ability -2,3\n" + extra, "s.yaml"))
    with pytest.raises(ReplayError) as err:
        replay.run()
    assert replay.done == 4 and replay.game.to_json() == replay.states[4].to_json()
    [d] = err.value.diagnostics
    assert "Traceback" not in str(err.value)
    message, did, log = d.message.partition("; step 5 did: ")  # a failed expect says what the step did
    assert log == (
        "Bob plays start_b_4 into bottom_left for its bottom half / Bob places a target on -2,3 (free)" if did else ""
    )
    return str(d.pos), message


@pytest.fixture(scope="module")
def game() -> list[tuple[dict[str, Any], dict[str, Any], list[Any]]]:
    """Every step of a bundled game: (view before, view after, the changes ``revive replay`` prints)."""
    replay = Replay(load_script(GAME))
    out = []
    for result in replay.steps():
        changes = state_changes(result.before.to_dict(), result.after.to_dict(), replay.names)
        out.append((view(result.before), view(result.after), changes))
    return out


def _find(data: Any, path: str) -> Any:
    try:
        return lookup(data, path)
    except PathError:
        return _MISSING


# --- the diff and the paths are one language ---------------------------------------------------


def test_every_path_the_diff_prints_resolves_to_the_value_printed(game) -> None:
    count = 0
    for before, after, changes in game:
        for change in changes:
            count += 1
            if change.op == ADDED:
                assert change.new in shown(change.path, lookup(after, change.path)), change
            elif change.op == REMOVED:
                assert change.old in shown(change.path, lookup(before, change.path)), change
                assert _find(after, change.path) is not _MISSING, change  # the pile is still there
            elif change.op == REORDERED:
                assert isinstance(lookup(after, change.path), list)
            elif change.new is None:  # a value that went away: it was there before
                assert shown(change.path, lookup(before, change.path)) == change.old, change
                assert _find(after, change.path) in (_MISSING, None), change
            else:
                assert shown(change.path, lookup(after, change.path)) == change.new, change
    assert count > 500


def _facts(data: Any, prefix: str = "") -> dict[str, Any]:
    """Every value of a view that is not a mapping, by path (lists by record name or index)."""
    out: dict[str, Any] = {}
    if isinstance(data, dict):
        children = [(str(k), v) for k, v in data.items()]
    elif isinstance(data, list):
        children = list(zip(record_keys(data) or [str(i) for i in range(len(data))], data, strict=True))
        out[prefix] = data
    else:
        return {prefix: data}
    for key, value in children:
        out.update(_facts(value, f"{prefix}.{key}" if prefix else key))
    return out


def test_every_fact_a_step_changed_is_at_or_under_a_printed_path(game) -> None:
    for before, after, changes in game:
        printed = {c.path for c in changes}
        old, new = _facts(before), _facts(after)
        for path in old.keys() | new.keys():
            if old.get(path) == new.get(path):  # the diff shows a value that is not there as null (-)
                continue
            parts = path.split(".")
            above = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
            below = any(p.startswith(path + ".") for p in printed)
            assert above & printed or below, path


def test_the_printed_paths_are_valid_expect_and_highlight_paths(game) -> None:
    data = yaml.safe_load(GAME.read_text(encoding="utf-8"))
    steps = []
    for raw, (_, after, changes) in zip(data["steps"], game, strict=True):
        step = raw if isinstance(raw, dict) else {"move": raw}
        expect = {}
        for change in changes:
            value = _find(after, change.path)
            if value is not _MISSING:
                expect[change.path] = value
        step["expect"] = {**step.get("expect", {}), **expect}
        step["highlight"] = sorted({c.path for c in changes})
        steps.append(step)
    data["steps"] = steps
    text = dump_script(data)
    assert "Ann.score.lines.progress track" in text and "board.figures." in text
    Replay(load_script_text(text, "every-path.yaml")).run()  # no expect fails, no highlight is unknown


# --- names, not seats ---------------------------------------------------------------------------


def test_seats_are_names_in_the_script_view(game) -> None:
    before, after, _ = game[-1]
    assert lookup(after, "turn.player") == "Bob"
    assert lookup(after, "turn.end_triggered_by") == "Ann"
    assert lookup(after, "turn.ranking") == [["Bob"], ["Ann"]]
    assert lookup(after, "board.figures.2,-1") == ["Ann"]
    assert lookup(after, "board.buildings.2,-2") == {"player": "Ann", "size": "small"}
    assert lookup(after, "board.buildings.-3,1.player") == "Bob"
    assert lookup(before, "turn.last_turns_left") == ["Bob"]
    assert all(isinstance(p, str) for places in after["board"]["figures"].values() for p in places)
    replay = play(
        "    expect:\n"
        "      turn.player: Bob\n"
        "      board.tokens.-2,3: {player: Bob, token: target}\n"
        "      Bob.slots.bottom_left.start_b_4.half: bottom\n"
    )
    assert replay.done == 5


def test_tokens_stacked_on_a_space_name_their_players_in_the_script_view_and_the_diff() -> None:
    state = {
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "board": {
            "tokens": {"1,1": {"player": 0, "token": "workshop"}},
            "stacked_tokens": {"1,1": [{"player": 1, "token": "falcon"}]},
        },
    }
    assert lookup(script_view(state), "board.stacked_tokens.1,1.0") == {"player": "Bob", "token": "falcon"}
    assert flatten(state, ["Ann", "Bob"])["board.stacked_tokens.1,1.0"] == "Bob falcon"
    assert shown("board.stacked_tokens.1,1.0", {"player": "Bob", "token": "falcon"}) == "Bob falcon"


def test_final_scores_by_player_and_by_the_line_names_the_scores_panel_prints(game) -> None:
    _, after, _ = game[-1]
    score = lookup(after, "Ann.score")
    assert (score["total"], score["blue"], score["purple"]) == (51, 18, 33)
    assert lookup(after, "Ann.score.lines.progress track") == 5
    assert lookup(after, "Bob.score.lines.artifact card: azure") == 30
    assert lookup(after, "Bob.score.details.artifact card: azure") == "10 x 3 (artcard_01)"
    assert "final_scores" not in after["turn"]
    replay = Replay(load_script(GAME))
    replay.run()
    console = Console(file=io.StringIO(), width=200, no_color=True)
    console.print(render.render_scores(replay.game))
    panel = console.file.getvalue()
    for name in ("Ann", "Bob"):
        for line, points in lookup(after, f"{name}.score.lines").items():
            assert f" {line} " in panel and str(points) in panel
    assert "Ann.score.total: 51" in GAME.read_text(encoding="utf-8")  # the corpus uses the named paths


def test_old_index_and_seat_paths_still_pass() -> None:
    text = GAME.read_text(encoding="utf-8").replace(
        "    Ann.score.total: 51\n",
        "    Ann.score.total: 51\n"
        "    turn.final_scores.0.total: 51\n"
        "    turn.final_scores.1.lines.0.rule: purple points\n"
        "    turn.ranking: [[1], [0]]\n"
        "    turn.player: 1\n",
    )
    text = text.replace("    turn.ranking: [[Bob], [Ann]]\n", "")
    assert "turn.final_scores.0.total: 51" in text
    Replay(load_script_text(text, "old.yaml")).run()


# --- values and operators -----------------------------------------------------------------------


def test_contains_a_list_item_several_items_or_a_text() -> None:
    play(
        "    expect:\n"
        "      Bob.active: {contains: start_b_3}\n"
        "      supply.citizen_display: {contains: [cit_welder, cit_engineer]}\n"
        "      board.tokens.-2,3.token: {contains: targ}\n"
    )
    assert refused("    expect: {Bob.active: {contains: [start_b_3, start_b_4]}}\n") == (
        "s.yaml:10:26",
        f'{STEP5}: expect Bob.active: wanted {{"contains": ["start_b_3", "start_b_4"]}}, '
        'the state has ["start_b_3", "start_b_2"]',
    )


def test_len() -> None:
    play("    expect: {Bob.active: {len: 2}, Ann.resources: {len: 4}, Bob.slots.bottom_left: {len: {ge: 1}}}\n")
    assert refused("    expect: {Ann.active: {len: 5}}\n") == (
        "s.yaml:10:26",
        f'{STEP5}: expect Ann.active: wanted {{"len": 5}} (len 6), the state has '
        '["start_c_5", "start_c_6", "start_c_1", "start_c_2", "start_c_4", "start_c_3"]',
    )


def test_not() -> None:
    play("    expect: {turn.player: {not: Ann}, Bob.active: {not: {contains: start_b_4}}}\n")
    assert refused("    expect: {Bob.tokens_left.target: {not: 4}}\n") == (
        "s.yaml:10:38",
        f'{STEP5}: expect Bob.tokens_left.target: wanted {{"not": 4}}, the state has 4',
    )


def test_ge_and_le() -> None:
    play("    expect: {Bob.tokens_left.target: {ge: 4, le: 4}, Ann.resources.gear: {le: 3}, Bob.progress: {ge: 1}}\n")
    assert refused("    expect: {Bob.progress: {ge: 2}}\n") == (
        "s.yaml:10:28",
        f'{STEP5}: expect Bob.progress: wanted {{"ge": 2}}, the state has 1',
    )


def test_the_resting_and_active_areas_compare_as_sets_other_lists_in_order() -> None:
    play("    expect: {Ann.active: [start_c_1, start_c_2, start_c_3, start_c_4, start_c_5, start_c_6]}\n")
    display = "[cit_feaster, cit_alchemist, cit_welder, cit_scholar, cit_engineer]"
    assert refused(f"    expect: {{supply.citizen_display: {display}}}\n") == (
        "s.yaml:10:38",
        f'{STEP5}: expect supply.citizen_display: wanted ["cit_feaster", "cit_alchemist", "cit_welder", '
        '"cit_scholar", "cit_engineer"], the state has ["cit_engineer", "cit_scholar", "cit_welder", '
        '"cit_alchemist", "cit_feaster"]',
    )
    assert refused("    expect: {Ann.active: [start_c_1]}\n") == (
        "s.yaml:10:26",
        f'{STEP5}: expect Ann.active: wanted ["start_c_1"] (in any order), the state has '
        '["start_c_5", "start_c_6", "start_c_1", "start_c_2", "start_c_4", "start_c_3"]',
    )


def test_a_mapping_that_is_not_operators_is_compared_whole() -> None:
    play("    expect: {Ann.resources: {gear: 1, book: 1, food: 0, crystal: 0}, Bob.tokens_left: {target: 4}}\n")
    assert refused("    expect: {Bob.tokens_left: {target: 5}}\n") == (
        "s.yaml:10:31",
        f'{STEP5}: expect Bob.tokens_left: wanted {{"target": 5}}, the state has {{"target": 4}}',
    )


def test_has_checks_only_the_keys_it_names() -> None:
    play("    expect: {'board.tokens.-2,3': {has: {player: Bob}}, Bob.resources: {has: {gear: {ge: 0}}}}\n")
    assert refused("    expect: {'board.tokens.-2,3': {has: {player: Ann}}}\n") == (
        "s.yaml:10:35",
        f'{STEP5}: expect board.tokens.-2,3: wanted {{"has": {{"player": "Ann"}}}} (player: "Bob"), '
        'the state has {"player": "Bob", "token": "target"}',
    )


def test_an_unknown_operator_is_a_positioned_error_naming_the_operators() -> None:
    assert refused("    expect: {Bob.active: {contain: start_b_3}}\n") == (
        "s.yaml:10:26",
        f"{STEP5}: expect Bob.active: unknown operator 'contain' (the operators: contains, len, not, ge, le, has); "
        "did you mean 'contains'?",
    )
    assert refused("    expect: {Bob.progress: {gt: 0}}\n") == (
        "s.yaml:10:28",
        f"{STEP5}: expect Bob.progress: unknown operator 'gt' (the operators: contains, len, not, ge, le, has); "
        "did you mean 'ge'?",
    )


# --- what can be addressed ----------------------------------------------------------------------


def test_an_empty_list_is_addressable_though_the_json_leaves_it_out() -> None:
    replay = play("    expect: {supply.removed: [], turn.hibernated: false}\n")
    assert "removed" not in replay.game.to_dict()["supply"]
    assert lookup(view(replay.game), "supply.removed") == []


def test_a_rules_packages_part_is_addressable_at_its_defaults_in_a_game_with_it_only() -> None:
    from revive_dsl.engine.state import Game, Player

    players = [Player(seat=0, name="Ann", tribe="nadair", side="sun")]
    abyss_game = Game(players=players, packs=["base", "abyss"])
    assert "abyss" not in abyss_game.to_dict()["players"][0]  # all at its defaults: not in the canonical JSON
    data = view(abyss_game)
    assert lookup(data, "Ann.abyss.journeys") == [] and lookup(data, "Ann.abyss.devotion") == 0
    assert lookup(data, "supply.abyss.scyphoz_deck") == [] and lookup(data, "turn.abyss.leech_origin") is None
    with pytest.raises(PathError, match=r"no 'abyss' in Ann\.abyss\.devotion"):
        lookup(view(Game(players=players)), "Ann.abyss.devotion")  # a base game has no such part


def test_an_unknown_path_names_the_nearest_paths() -> None:
    assert refused("    expect: {Bob.tokens_left.traget: 4}\n") == (
        "s.yaml:10:38",
        f"{STEP5}: expect: no 'traget' in Bob.tokens_left.traget (there: target); did you mean Bob.tokens_left.target?",
    )
    assert refused("    expect: {Cy.progress: 1}\n") == (
        "s.yaml:10:27",
        f"{STEP5}: expect: no 'Cy' in Cy.progress (there: Ann, Bob, board, supply, turn, packs, variants, seed, "
        "draws); did you mean Bob.progress, Ann.progress?",
    )
    assert refused("    expect: {Ann.score.total: 0}\n")[1].startswith(
        f"{STEP5}: expect: no 'score' in Ann.score.total (there: seat, name, tribe, side, resources, "
    )


def test_an_unknown_highlight_path_is_a_positioned_error() -> None:
    play("    highlight: [Bob.slots.bottom_left, 'board.tokens.-2,3', Bob.tokens_left.target]\n")
    assert refused("    highlight: [Bob.slots, Bob.slot.bottom_left]\n") == (
        "s.yaml:10:28",
        f"{STEP5}: highlight: no 'slot' in Bob.slot.bottom_left (there: seat, name, tribe, side, resources, energy, "
        "energy_on, switch_used, active, resting, slots, modules, tracks, unlocked, special_machines, progress, "
        "tribe_markers, technologies, buildings_left, tokens_left, crates_closed, crates_opened, crates_reactivated, "
        "points, laps, purple, hibernations, majors, minors, end_game_tile, artifact_card, artifact_offer, draft_hand, "
        "draft_order, waters_claimed, action_cube); "
        "did you mean Bob.slots.bottom_left?",
    )


def test_an_operator_misspelt_against_a_mapping_is_named_too() -> None:
    assert refused("    expect: {Bob.tokens_left: {length: 1}}\n") == (
        "s.yaml:10:31",
        f"{STEP5}: expect Bob.tokens_left: unknown operator 'length' (the operators: contains, len, not, ge, le, has); "
        "did you mean 'len'?",
    )


def test_the_documented_rules_test_checks_the_score_lines_by_name() -> None:
    path = Path(__file__).parent / "data" / "replay" / "final-score.yaml"
    Replay(load_script(path)).run()
    text = path.read_text(encoding="utf-8").replace("remaining resources: 3", "remaining resources: 2")
    replay = Replay(load_script_text(text, "final-score.yaml"))
    with pytest.raises(ReplayError) as err:
        replay.run()
    [d] = err.value.diagnostics
    assert (str(d.pos), d.message) == (
        "final-score.yaml:23:44",
        "step 2 (Ann end): expect Ann.score.lines.remaining resources: wanted 2, the state has 3",
    )


# --- absent, and a key YAML split at its comma ------------------------------------------------


def test_expect_absent_passes_for_a_path_the_state_does_not_have() -> None:
    replay = play("    expect: {'board.tokens.-1,3': absent, 'board.tokens.-2,3.token': target}\n")
    assert replay.done == 5


def test_expect_absent_fails_where_the_path_is_there_and_says_what_it_holds() -> None:
    where, message = refused("    expect: {'board.tokens.-2,3': absent}\n")
    assert where == "s.yaml:10:35"  # at the value: absent
    assert (
        message
        == f'{STEP5}: expect board.tokens.-2,3: wanted absent, the state has {{"player": "Bob", "token": "target"}}'
    )


def test_expect_absent_refuses_a_near_miss_of_a_field_so_a_typo_cannot_pass() -> None:
    _, message = refused("    expect: {Bob.pionts: absent}\n")
    assert "no 'pionts' in Bob.pionts, but Bob has 'points'" in message


def test_a_space_key_yaml_split_at_its_comma_says_to_quote_it() -> None:
    text = DUO + "  - move: Bob play start_b_4 bottom_left ability -2,3\n    expect: {board.tokens.-2,3: absent}\n"
    with pytest.raises(Exception) as err:
        load_script_text(text, "s.yaml")
    assert "s.yaml:10:29: YAML split the key 'board.tokens.-2,3' at its comma" in str(err.value)  # the comma
    assert "quote the key: 'board.tokens.-2,3'" in str(err.value)
