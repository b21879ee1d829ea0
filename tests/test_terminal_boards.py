"""What a learner looks at in an 80x24 terminal: the combined map, the board views, the tutorial list."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from revive_dsl.engine.geometry import geometry
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.replay.hexmap import map_rows, render_coordinates, render_map
from revive_dsl.terminal import boards
from revive_dsl.terminal.tutorial import list_lines
from tests.test_replay_terminal import command, finish, spawn_80x24

TWO = [("Ann", "nadair", "sun"), ("Bob", "ox49", "moon")]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def shown(renderable, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, no_color=True)
    console.print(renderable)
    return console.export_text()


def keys_of(rules: Rules) -> tuple[set[str], set[str]]:
    geo = geometry(rules)
    return set(geo.neighbours), set(geo.slot_cells)


@pytest.mark.parametrize("packs", [("base",), ("base", "abyss")])
def test_the_combined_map_fits_80_columns_and_names_every_space_and_tile_slot(packs):
    rules = Rules.load(packs)
    game = new_game(rules, TWO, seed=0)
    text = shown(render_coordinates(game, rules), width=200)  # room to spare: the map's halves must be narrow
    assert max(len(line.rstrip()) for line in text.splitlines() if line[:1] in "│╭╰") <= 80
    text = shown(render_coordinates(game, rules))
    words = set(re.split(r"[\s│,.:]+", text)) | set(text.split())
    spaces, slots = keys_of(rules)
    assert {s for s in spaces if "," in s} <= set(text.split()) | words
    assert {s for s in spaces if "," not in s} <= words  # the large locations by their corner key
    assert slots <= words  # every tile slot: a02 included
    assert "f a" in text or "? a" in text  # terrain letter beside the slot key, under the space key


def test_the_terrain_map_fits_80_columns_without_cropping():
    rules = Rules.load(("base", "abyss"))
    game = new_game(rules, TWO, seed=0)
    assert max(sum(len(text) for text, _ in row) for row in map_rows(game, rules)) <= 80 - 4  # inside its panel
    assert max(len(line) for line in shown(render_map(game, rules)).splitlines()) <= 80


def test_revive_board_at_80_columns(capsys):
    from revive_dsl import cli

    assert cli.main(["board", "--no-color", "--width", "80"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "a02" in out and "-4,-3" in out and "West half" in out and "East half" in out


def _screen_text(child: pexpect.spawn, until: str) -> str:
    """Everything printed before ``until``, pressing Enter at each ``-- more --``."""
    out = ""
    while child.expect_exact([until, "-- more: Enter --"]) == 1:
        out += child.before
        child.sendline("")
    return ANSI.sub("", out + child.before)


def test_at_80x24_map_and_the_boards_fit_and_tell_the_facts(tmp_path: Path):
    os.environ["TMP_DATA"] = str(tmp_path)
    prompt = "Enter: next step, ? for help, q: quit > "
    child = spawn_80x24(*command("tutorial"), "intro")
    _screen_text(child, "Enter: begin, q: quit > ")
    child.sendline("")
    _screen_text(child, prompt)
    rules = Rules.load(("base",))
    spaces, slots = keys_of(rules)
    outputs = {}
    for word in ("map", "tech", "tracks", "progress", "slots", "?"):
        child.sendline(word)
        outputs[word] = _screen_text(child, prompt)
    child.sendline("q")
    _screen_text(child, "Tutorial stopped.")
    assert finish(child) == 0
    for word, text in outputs.items():
        lines = text.replace("\r", "").split("\n")
        assert max(len(line) for line in lines) <= 80, word
    assert "a02" in outputs["map"] and all(key in outputs["map"] for key in spaces if "," in key)
    assert all(slot in outputs["map"] for slot in slots)
    assert "cost 2 books" in outputs["tech"]
    for word in ("tech", "tracks", "progress", "slots"):
        assert word in outputs["?"].replace("\r\n", " ")  # the help names them


def test_the_technology_tree_gives_each_cost_as_the_content_does():
    rules = Rules.load(("base",))
    game = new_game(rules, TWO, seed=0)
    for seat, (_, tribe, side) in enumerate(TWO):
        text = shown(boards.render_tech(game, rules, seat))
        for tech in rules.data(tribe)["sides"][side]["technologies"]:
            line = next(line for line in text.splitlines() if re.match(rf"│ [ *] {tech['id']} ", line))
            assert f"cost {tech['books']} books" in line
            assert f"{tech['points']} pt" in line


def test_the_tracks_progress_and_slots_show_the_player_board_data():
    rules = Rules.load(("base",))
    game = new_game(rules, TWO, seed=0)
    game.players[0].progress = 3
    board = rules.player_board
    tracks = shown(boards.render_tracks(game, rules, 0))
    values = " ".join(f"{v:>2}" for v in board["tracks"]["grey"]["values"])
    assert values in tracks
    assert "space  3: standard machine (machine: pay basic -> gain crystal)" in tracks
    assert "space 12: end-game bonus: 2 points per grey card" in tracks
    progress = shown(boards.render_progress(game, rules, 0))
    assert "*10: 10 pts +energy" not in progress and "* 3: 2 pts +energy" in progress
    assert f"{board['full_points']} points" in progress
    slots = shown(boards.render_slots(game, rules, 0))
    for slot in board["slots"]:
        marks = "  ".join("[A]" if s["activation"] else "[ ]" for s in slot["module_spaces"])
        assert marks in next(line for line in slots.splitlines() if slot["id"] + " " in line)
    for render in (boards.render_tech, boards.render_tracks, boards.render_progress, boards.render_slots):
        assert max(len(line) for line in shown(render(game, rules, 1)).splitlines()) <= 80


def test_revive_play_shows_the_boards(tmp_path: Path):
    from tests.test_replay_play import TWO as PLAYERS
    from tests.test_replay_play import run

    out = tmp_path / "game.yaml"
    _, text, _ = run([*PLAYERS, "--out", str(out)], ["tech", "tracks", "progress", "slots", "q"])
    assert "Ann: technologies" in text and "cost 2 books" in text
    assert "Ann: machine tracks" in text and "Ann: progress track" in text and "Ann: card slots" in text


def test_the_tutorial_list_fits_a_screen_with_uniform_chapter_titles():
    lines = list_lines(set(), "intro")
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
    assert "The base game (rulebook 003):" in lines and "Call of the Abyss expansion (rulebook 004):" in lines
    from revive_dsl.replay.script import load_script
    from revive_dsl.terminal.tutorial import chapter_names, tutorial_path

    for name in chapter_names():
        script = load_script(tutorial_path(name))
        assert script.title.startswith(f"Chapter {int(name[:2])}: "), name
        description = script.data["description"]
        assert "003" not in description or "base game rulebook (003)" in description, name
        assert "004" not in description or "Call of the Abyss rulebook (004)" in description, name


def test_revive_tutorial_list_at_80x24(tmp_path: Path):
    os.environ["TMP_DATA"] = str(tmp_path)
    child = spawn_80x24(*command("tutorial"), "--list")
    status = finish(child)
    lines = ANSI.sub("", child.before).replace("\r", "").strip("\n").split("\n")
    assert status == 0 and len(lines) <= 24 and max(len(line) for line in lines) <= 80
