"""What a learner met in the chapters that did not agree (issue items 11-12): each chapter's claim held against the
engine, the content and the panels the tutorial draws, and what a lesson says to a learner."""

from __future__ import annotations

import io
import re

from rich.console import Console

from revive_dsl.engine.rules import Rules
from revive_dsl.replay import Replay, load_script
from revive_dsl.replay.render import render_displays, render_scores, render_step
from revive_dsl.terminal.tutorial import chapter_names, run_tutorial, tutorial_path
from revive_dsl.terminal.viewer import step_view

BASE = Rules.load(("base",))


def plain(renderable, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def played(name: str) -> Replay:
    replay = Replay(load_script(tutorial_path(name)))
    replay.run()
    return replay


# --- 11 (a): a solo game has no end-game tile --------------------------------------------------------------------


def test_chapter_11_says_a_solo_game_has_no_end_game_tile_and_the_panels_and_score_sheet_agree():
    script = load_script(tutorial_path("11-crates-and-artifacts"))
    assert "In a solo game there is no end-game tile" in " ".join(" ".join(s.note or "" for s in script.steps).split())
    replay = played("11-crates-and-artifacts")
    game = replay.game
    assert len(game.players) == 1 and game.turn.over
    assert "end-game tile" not in plain(render_displays(game, replay.rules))
    scores = plain(render_scores(game))
    assert "end-game tile" not in scores and "Ann: 34 points" in scores
    assert all(line["rule"] != "end-game tile" for line in game.turn.final_scores[0]["lines"])


def test_a_game_of_several_players_keeps_the_end_game_tile_on_the_panel_and_the_score_sheet():
    replay = played("30-a-whole-game")
    game = replay.game
    assert re.search(r"end-game tile +taken", plain(render_displays(game, replay.rules)))
    for sheet in game.turn.final_scores:
        assert [line["rule"] for line in sheet["lines"]].count("end-game tile") == 1


# --- 11 (b): the machine track's last space ----------------------------------------------------------------------


def test_the_chapters_say_the_machine_tracks_last_space_as_the_board_has_it():
    tracks = BASE.player_board["tracks"]
    last = {colour: len(track["values"]) for colour, track in tracks.items()}
    assert last == {"grey": 13, "green": 13, "yellow": 13}
    spaces = BASE.player_board["reward_spaces"]
    bonus = {s["colour"]: s["needs"][0]["space"] for s in spaces if s["type"] == "card_bonus"}
    assert bonus == {"grey": 12, "green": 12, "yellow": 12}
    nine = load_script(tutorial_path("09-tracks"))
    text = nine.data["description"] + " ".join(s.note or "" for s in nine.steps)
    assert "(13)" in text and nine.setup["state"]["players"]["Ann"]["tracks"]["yellow"] == last["yellow"]
    # chapter 21's marker stands on 12: the card bonus space, which the chapter must not call the track's end
    twenty_one = load_script(tutorial_path("21-scyphoz"))
    assert twenty_one.setup["state"]["players"]["Ann"]["tracks"]["yellow"] == bonus["yellow"]
    text = " ".join((twenty_one.data["description"] + " ".join(s.note or "" for s in twenty_one.steps)).split())
    assert "space 12" in text and "last space" not in text and "end of its track" not in text


def test_no_chapter_calls_a_marker_short_of_the_end_at_its_last_space():
    last = len(BASE.player_board["tracks"]["yellow"]["values"])
    for name in chapter_names():
        script = load_script(tutorial_path(name))
        state = (script.setup.get("state") or {}).get("players", {})
        text = " ".join((script.data.get("description", "") + " ".join(s.note or "" for s in script.steps)).split())
        short = [c for p in state.values() for c, v in (p.get("tracks") or {}).items() if v == last - 1]
        for colour in short:
            said = re.search(rf"{colour} (machine )?(track|marker)[^.]*\b(last space|end of its track)\b", text)
            assert said is None, f"{name}: {said.group(0)!r} but the {colour} marker is on {last - 1}, not {last}"


# --- 12: what a lesson says to a learner --------------------------------------------------------------------------


def test_no_lesson_holds_an_aside_about_how_the_project_reads_a_lost_symbol():
    for name in ["intro", "abyss", *chapter_names()]:
        script = load_script(tutorial_path(name))
        text = " ".join((script.data.get("description", "") + " ".join(s.note or "" for s in script.steps)).split())
        for phrase in ("picture was lost", "symbol was lost", "this project reads", "the rule text"):
            assert phrase not in text, f"{name}: {phrase!r} belongs in docs/rulings.md"
    with open("docs/rulings.md", encoding="utf-8") as rulings:
        assert "We read the lost effect as resetting the switch" in rulings.read()


def test_a_refused_step_is_told_plainly_to_a_learner_and_as_the_script_expects_to_an_author():
    script = load_script(tutorial_path("01-turn"))
    replay = Replay(script)
    result = replay.step()  # step 1: "Ann end" before any action, refused
    assert result.refused is not None
    learner = " ".join(plain(step_view(result, replay, learner=True)).replace("│", " ").split())
    assert "The game refuses this move: Ann has taken no action yet this turn." in learner
    assert "Allowed now: switch, play" in learner
    assert "as the script expects" not in learner and "not a legal answer" not in learner
    author = plain(step_view(result, replay))
    assert "refused, as the script expects" in author


def test_the_tutorial_never_says_as_the_script_expects():
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    assert run_tutorial(load_script(tutorial_path("01-turn")), console, interactive=False) == 0
    text = out.getvalue()
    assert "as the script expects" not in text and "The game refuses this move" in text
    assert "(nothing to tell)" not in text and "Ann ends the turn: Bob to play" in text


def test_an_end_step_says_who_plays_next_or_nothing_never_nothing_to_tell():
    panel = plain(render_step(3, "Ann", "end", [], [("what do you do?", "end")], []))
    assert "(nothing to tell)" not in panel
    replay = Replay(load_script(tutorial_path("01-turn")))
    ends = []
    while not replay.finished:
        result = replay.step()
        if result.step.move.verb == "end" and result.refused is None:
            ends.append(plain(step_view(result, replay)))
    assert ends and all("(nothing to tell)" not in shown for shown in ends)
    assert all(re.search(r"Ann ends the turn: Bob to play|Bob ends the turn: Ann to play", shown) for shown in ends)
