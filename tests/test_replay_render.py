"""The replay's rendering layer: the diff of two states, a step's panel, the map and the whole state."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.geometry import geometry
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import put_token
from revive_dsl.replay import render
from revive_dsl.replay.diff import Change, format_change, state_changes
from revive_dsl.replay.hexmap import glyph, legend, map_rows
from revive_dsl.rules.abyss.state import abyss

NAMES = ["Ann", "Bob"]
ANSI = re.compile(r"\x1b\[")


@pytest.fixture(scope="module")
def rules() -> Rules:
    load_all()
    return Rules.load(("base",))


def fresh(rules: Rules):
    return new_game(rules, [("Ann", "nadair", "sun"), ("Bob", "ox49", "moon")], seed=1)


def answer(runner: Runner, *keys: str) -> None:
    for key in keys:
        runner.answer(key)


@pytest.fixture(scope="module")
def finished(rules: Rules):
    runner = Runner(fresh(rules), rules)
    driver = RandomDriver(1)
    while (decision := runner.decision()) is not None:
        runner.answer(driver.answer(decision))
    return runner


def plain(renderable, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, no_color=True)
    console.print(renderable)
    return console.file.getvalue()


def switch_food(rules: Rules):
    """Ann's switch for a food: the states before and after, the log and the decisions."""
    runner = Runner(fresh(rules), rules)
    before = runner.game.to_dict()
    asked = []
    for key in ("switch", "food"):
        asked.append((runner.decision().prompt, key))
        runner.answer(key)
    return before, runner.game.to_dict(), list(runner.log), asked


# --- the diff ---------------------------------------------------------------------------------


def test_the_diff_of_a_switch_names_the_player_and_the_resource(rules: Rules) -> None:
    before, after, _, _ = switch_food(rules)
    lines = [format_change(c) for c in state_changes(before, after, NAMES)]
    assert "Ann.resources.food: 0 -> 1" in lines
    assert "Ann.switch_used: false -> true" in lines
    assert not any(line.startswith("Bob.") for line in lines)


def test_piles_show_what_came_and_went() -> None:
    before = {"players": [{"active": ["a", "b"]}], "supply": {"citizen_deck": ["cit_mentor", "x"]}}
    after = {"players": [{"active": ["a", "b", "cit_mentor"]}], "supply": {"citizen_deck": ["x"]}}
    lines = [format_change(c) for c in state_changes(before, after, ["Ann"])]
    assert lines == ["Ann.active +cit_mentor", "supply.citizen_deck -cit_mentor"]


def test_a_reshuffled_pile_says_so_and_equal_states_have_no_changes() -> None:
    before = {"supply": {"crates": ["a", "b"]}}
    after = {"supply": {"crates": ["b", "a"]}}
    assert [format_change(c) for c in state_changes(before, after, [])] == ["supply.crates reordered"]
    assert state_changes(before, before, []) == []


def test_changes_are_sorted_players_first_then_board_supply_turn(rules: Rules, finished: Runner) -> None:
    changes = state_changes(fresh(rules).to_dict(), finished.game.to_dict(), NAMES)
    heads = [c.path.split(".")[0] for c in changes]
    order = ["Ann", "Bob", "board", "supply", "turn"]
    ranks = [order.index(h) if h in order else len(order) for h in heads]
    assert ranks == sorted(ranks)
    assert changes == state_changes(fresh(rules).to_dict(), finished.game.to_dict(), NAMES)  # deterministic
    lines = [format_change(c) for c in changes]
    assert "turn.over: false -> true" in lines
    assert any(line.startswith("Bob.score.total: - -> ") for line in lines)
    assert not any(line.startswith("turn.final_scores") for line in lines)


def test_buildings_and_figures_are_shown_with_their_owner() -> None:
    before = {"board": {"buildings": {}, "figures": {}}}
    after = {"board": {"buildings": {"-1,0": {"player": 1, "size": "small"}}, "figures": {"-1,-1": [0, 1]}}}
    lines = [format_change(c) for c in state_changes(before, after, NAMES)]
    assert lines == ["board.buildings.-1,0: - -> Bob small", "board.figures.-1,-1 +Ann", "board.figures.-1,-1 +Bob"]


# --- a step -----------------------------------------------------------------------------------


def test_a_highlighted_path_is_styled_and_marked() -> None:
    changes = [Change("Ann.resources.food", 0, 1), Change("Bob.points", 3, 1), Change("Ann.active", None, "c", "+")]
    text = render.render_changes(changes, {"Ann.resources"})
    lines = text.plain.splitlines()
    assert lines[0] == "» Ann.resources.food: 0 -> 1"
    assert lines[1].startswith("  Bob.points")
    styled = [text.plain[s.start : s.end] for s in text.spans if "reverse" in str(s.style)]
    assert "Ann.resources.food" in styled
    assert not any("Bob" in s for s in styled)
    coloured = [(text.plain[s.start : s.end], str(s.style)) for s in text.spans if str(s.style) != "dim"]
    values = [(t, style) for t, style in coloured if style in (render.GAIN, render.LOSS)]
    assert values == [("1", render.GAIN), ("1", render.LOSS), ("+c", render.GAIN)]


def test_a_step_tells_what_happened_with_names_values_decisions_and_note(rules: Rules) -> None:
    before, after, log, asked = switch_food(rules)
    changes = state_changes(before, after, NAMES)
    note = "The **switch** gives one resource."
    panel = render.render_step(1, "Ann", "switch food", log, asked, changes, note, {"Ann.resources"}, rules=rules)
    out = plain(panel)
    assert "Step 1 · Ann: switch food" in out
    assert "Ann uses the switch: gains 1 food (0 -> 1)" in out
    assert "gain which basic resource?: food" in out
    assert "» Ann.resources.food: 0 -> 1" in out
    assert "The switch gives one resource." in out  # Markdown, not raw asterisks


def test_the_account_gives_subjects_and_names(rules: Rules) -> None:
    lines = render.account(
        "Ann",
        ["Ann plays start_b_6 into top_left for its top half", "gains 2 book", "Bob gains a crate", "scores 1 point"],
        [Change("Ann.resources.book", 3, 5)],
        rules,
    )
    assert lines == [
        "Ann plays Barterer (B) into top_left for its top half",
        "Ann gains 2 book (3 -> 5)",
        "Bob gains a crate",
        "Bob scores 1 point",
    ]
    assert render.account("Ann", ["pays {'food': 1}"]) == ["Ann pays 1 food"]


# --- the whole state --------------------------------------------------------------------------


def test_the_map_of_a_fresh_game_shows_every_starting_tile_cell(rules: Rules) -> None:
    game = fresh(rules)
    geo = geometry(rules)
    large = {}
    for slot, cells in geo.slot_cells.items():
        if geo.slot_group[slot] != "starting_slots":
            continue
        for key in cells:
            letter = "".join(t for t, _ in glyph(game, rules, key, large)).strip()
            assert letter in "fmyswc", (key, letter)
    rows = ["".join(t for t, _ in row) for row in map_rows(game, rules)]
    q, r = 1, 0  # a starting-tile cell: find it at its column in its row
    top = min(int(k.split(",")[1]) for k in geo.neighbours if "," in k)
    left = min(2 * int(k.split(",")[0]) + int(k.split(",")[1]) for k in geo.neighbours if "," in k)
    at = 2 * (2 * q + r - left)
    assert rows[r - top][at : at + 3].strip() in "fmyswc"
    out = plain(render.render_map(game, rules))
    assert out.count(" ? ") >= 25  # area tiles lie face down
    assert " # " in out and "A Ann" in out and "B Bob" in out


def test_a_building_shows_with_its_owner(rules: Rules) -> None:
    game = fresh(rules)
    game.board.buildings["1,0"] = {"player": 1, "size": "large"}
    game.board.buildings["1,1"] = {"player": 0, "size": "small"}
    assert "".join(t for t, _ in glyph(game, rules, "1,0", {}))[1:] == "BB"
    cell = glyph(game, rules, "1,1", {})
    assert "".join(t for t, _ in cell)[1:] == "Ab"
    assert cell[1][1] == "bold red"  # Ann's colour
    out = plain(render.render_map(game, rules))
    assert "BB" in out and "Ab" in out


def test_figures_on_a_location_and_a_token_show_their_owners(rules: Rules) -> None:
    game = fresh(rules)
    city = next(k for k in geometry(rules).slot_of if "".join(t for t, _ in glyph(game, rules, k, {})) == " c ")
    game.board.figures[city] = [1, 0]
    assert "".join(t for t, _ in glyph(game, rules, city, {})) == "cba"
    game.board.tokens["0,0"] = {"player": 1, "token": "falcon"}
    assert "".join(t for t, _ in glyph(game, rules, "0,0", {})) == "#vb"


def test_tokens_sharing_a_space_all_show_in_their_owners_colours(rules: Rules) -> None:
    game = fresh(rules)
    field = next(k for k in geometry(rules).slot_of if "".join(t for t, _ in glyph(game, rules, k, {})) == " y ")
    put_token(game.board, field, {"player": 0, "token": "workshop"})
    put_token(game.board, field, {"player": 1, "token": "falcon"})
    cell = glyph(game, rules, field, {})
    assert [text for text, _ in cell] == ["y", "%", "v"] and cell[1][1] == "bold red" and cell[2][1] == "bold blue"
    assert {"% workshop", "v falcon"} <= {entry.plain for entry in legend(game, rules)}


def test_the_whole_state_fits_the_width_without_escapes(rules: Rules, finished: Runner) -> None:
    for game in (fresh(rules), finished.game):
        out = plain(render.render_state(game, rules), width=80)
        assert not ANSI.search(out)
        assert max(len(line) for line in out.splitlines()) <= 80
    out = plain(render.render_state(finished.game, rules))
    for part in ("Map", "Ann", "Bob", "citizen display", "resources", "Scores (the game is over)", "ranking: 1."):
        assert part in out
    assert plain(render.render_state(finished.game, rules)) == out  # the same every time


def test_a_step_fits_a_narrow_width(rules: Rules) -> None:
    before, after, log, asked = switch_food(rules)
    panel = render.render_step(1, "Ann", "switch food", log, asked, state_changes(before, after, NAMES), "**x**")
    out = plain(panel, width=40)
    assert max(len(line) for line in out.splitlines()) <= 40
    assert not ANSI.search(out)


def test_scores_show_the_final_sheets(finished: Runner) -> None:
    out = plain(render.render_scores(finished.game))
    for sheet in finished.game.turn.final_scores:
        name = finished.game.players[sheet["seat"]].name
        assert f"{name}: {sheet['total']} points" in out
    assert "progress track" in out


def test_a_recording_console_exports_svg_and_html(rules: Rules, finished: Runner) -> None:
    console = Console(file=io.StringIO(), width=100, record=True)
    console.print(render.render_state(finished.game, rules))
    console.print(render.render_changes([Change("Ann.points", 1, 2)], {"Ann"}))
    svg = console.export_svg(title="replay", clear=False)
    html = console.export_html()
    assert svg.startswith("<svg") and "Ann" in svg
    assert "<html" in html.lower() and "Bob" in html


def test_the_solo_achievements_and_medal_show_with_the_scores():
    from revive_dsl.engine.state import Game, Player

    game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
    game.turn.over = True
    reached = dict.fromkeys(["tinkerer", "xenologist", "seeker", "pioneer", "architect", "librarian"], False)
    abyss(game.turn).solo_achievements = {"achievements": {**reached, "seeker": True}, "medal": "master", "total": 141}
    out = io.StringIO()
    Console(file=out, width=120, no_color=True).print(render.render_scores(game))
    assert "tinkerer no, xenologist no, seeker yes, pioneer no" in out.getvalue()
    assert "medal: master" in out.getvalue()


def test_the_score_table_shows_purple_points_as_the_final_scoring_counts_them():
    import io

    from rich.console import Console

    from revive_dsl.replay import Replay, load_script
    from revive_dsl.replay.render import render_scores
    from revive_dsl.terminal.tutorial import find_tutorial

    game = Replay(load_script(find_tutorial("intro"))).run()
    [sheet] = game.turn.final_scores
    assert sheet["purple"] != game.players[0].purple  # the in-game counter is not what the final scoring counts
    console = Console(file=io.StringIO(), width=100, no_color=True, record=True)
    console.print(render_scores(game))
    lines = console.export_text().splitlines()
    header = next(line for line in lines if "player" in line and "purple" in line)
    row = next(line for line in lines if line.strip("│ ").startswith("Ann "))
    assert header.split()[1:5] == ["player", "points", "purple", "total"]
    assert row.split()[1:5] == ["Ann", str(game.players[0].laps * 50 + game.players[0].points), str(sheet["purple"]),
                                str(sheet["total"])]  # fmt: skip


# --- counts said right --------------------------------------------------------------------------------------------


def test_one_point_is_said_1_point_in_the_account_and_on_a_score_sheet(rules: Rules) -> None:
    from revive_dsl.engine.interpret import Ctx, run_to_end
    from revive_dsl.rules.base.gains import score_points

    game = fresh(rules)
    ctx = Ctx(game, 0, rules)
    run_to_end(score_points(ctx, 1), [])
    run_to_end(score_points(ctx, 2), [])
    assert ctx.log == ["Ann scores 1 point", "Ann scores 2 points"]
    assert render.account("Ann", ctx.log) == ["Ann scores 1 point", "Ann scores 2 points"]
    sheet = {"seat": 0, "total": 1, "lines": [{"rule": "progress track", "points": 1, "detail": ""}]}
    assert plain(render._sheet(sheet, ["Ann"])).split("\n")[0].rstrip() == "Ann: 1 point"
    assert plain(render._sheet({**sheet, "total": 2}, ["Ann"])).split("\n")[0].rstrip() == "Ann: 2 points"


def test_after_two_actions_the_refusal_says_both_actions_and_in_a_solo_game_the_one(rules: Rules) -> None:
    from revive_dsl.engine.game import why_refused

    runner = Runner(fresh(rules), rules)
    runner.game.turn.actions = 2
    assert why_refused(runner.game, "play") == "Ann has already taken both of this turn's actions"
    solo = new_game(rules, [("Ann", "nadair", "sun")], seed=1)
    solo.turn.actions = 1
    assert why_refused(solo, "play") == "Ann has already taken this turn's action"


def test_an_end_step_tells_who_plays_next_not_nothing_to_tell(rules: Rules) -> None:
    runner = Runner(fresh(rules), rules)
    answer(runner, "switch", "food")
    before = runner.game.to_dict()
    mark = len(runner.log)
    runner.answer("end")
    changes = state_changes(before, runner.game.to_dict(), ["Ann", "Bob"])
    log = list(runner.log)[mark:]
    assert log == []  # the engine tells nothing of an end: the account says what it did to the turn
    assert render.account("Ann", log, changes) == ["Ann ends the turn: Bob to play"]
    shown = plain(render.render_step(2, "Ann", "end", log, [("what do you do?", "end")], changes, rules=rules))
    assert "Ann ends the turn: Bob to play" in shown and "(nothing to tell)" not in shown
