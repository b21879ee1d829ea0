"""Coordinates: `revive board` draws every space's key and every tile slot's key; one space told in words."""

import subprocess
import sys
from pathlib import Path

from revive_dsl.engine.geometry import geometry
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import put_token
from revive_dsl.replay.board_view import space_facts
from revive_dsl.replay.hexmap import coord_rows

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "replays" / "games" / "2p-nadair-ox49.yaml"
load_all()
RULES = Rules.load(("base",))


def revive(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "revive_dsl.cli", *args], capture_output=True, text=True, check=False)


def words(rows) -> list[str]:
    return "".join(text for row in rows for text, _ in [*row, ("\n", "")]).split()


def test_every_space_key_and_every_slot_key_is_drawn():
    game = new_game(RULES, [("Ann", "nadair", "sun"), ("Bob", "ox49", "moon")], seed=0)
    geo = geometry(RULES)
    shown = set(words(coord_rows(game, RULES, "spaces")))
    cells = {s for s in geo.neighbours if "," in s}
    assert cells <= shown  # every q,r space
    corners = {s for s in geo.neighbours if s.startswith("corner_")}
    assert {c.split("_")[1] for c in corners} <= shown  # each large location by its corner
    slots = set(words(coord_rows(game, RULES, "slots")))
    assert set(geo.slot_cells) <= slots  # every area and starting tile slot


def test_a_space_is_told_with_its_terrain_tile_neighbours_and_pieces():
    run = revive("board", str(GAME), "--space", "2,-2")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "2,-2: sand, tile slot s2 (start_tile_2, face up)",
        "neighbours: 1,-1, 1,-2, 2,-1, 2,-3, 3,-2, 3,-3",
        "on it: Ann's small building",
    ]


def test_space_facts_of_the_chasm():
    game = new_game(RULES, [("Ann", "nadair", "sun")], seed=0)
    assert space_facts(game, RULES, "0,0") == [
        "0,0: chasm, no tile slot",
        "neighbours: -1,0, -1,1, 0,-1, 0,1, 1,-1, 1,0",
        "on it: nothing",
    ]


def test_space_facts_name_every_token_on_a_space():
    game = new_game(RULES, [("Ann", "formica", "moon"), ("Bob", "ox49", "moon")], seed=0)
    put_token(game.board, "0,-1", {"player": 0, "token": "workshop"})
    put_token(game.board, "0,-1", {"player": 1, "token": "target"})  # (not a legal pair: any two are told)
    assert space_facts(game, RULES, "0,-1")[-1] == "on it: Ann's workshop; Bob's target"


def test_an_unknown_space_suggests_near_keys():
    run = revive("board", "--space", "0,9")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("unknown space '0,9'")


def test_revive_board_and_replay_coords_print_the_combined_map_in_two_halves():
    run = revive("board", "--no-color", "--width", "140")
    assert run.returncode == 0 and "West half" in run.stdout and "East half" in run.stdout and "-7,0" in run.stdout
    run = revive("replay", str(ROOT / "replays" / "rules" / "switch-used-once.yaml"), "--coords", "--no-color")
    assert run.returncode == 0 and "East half" in run.stdout


def test_revive_explain_a_space_key_in_a_scripts_context():
    run = revive("explain", "2,-2", "--script", str(GAME))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[2] == "on it: Ann's small building"
    run = revive("explain", "corner_nw")
    assert run.stdout.splitlines()[0] == "corner_nw: large location, no tile slot"
