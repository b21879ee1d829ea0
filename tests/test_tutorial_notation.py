"""The notation a move needs is explained before the learner has to type it, and the table's setup is taught.

The tutorials are read in the curriculum's order (the introduction, the chapters, then the others). For each
piece of notation below, the first try-it step (`try: true`) whose move line uses it must come at or after a
step whose note explains it; a note explains a notation when it holds every one of its markers (the
notation's example in backquotes, as the notes write it under **Reading the move**).

The setup chapter shows a four-player table as the engine's setup leaves it (no start state written by hand)
and checks its claims with `expect:`; what it says of one, two and three players is checked here against the
engine's setup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
import yaml

from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.replay import Replay, load_script
from revive_dsl.terminal.tutorial import find_tutorial, tutorial_names, tutorial_path


@dataclass(frozen=True)
class Notation:
    move: str  # a regular expression a move line needing the notation matches
    markers: tuple[str, ...]  # what a note explaining it holds, every one of them


NOTATIONS = {
    "tile orientation": Notation(r"^\S+ explore\b.*\s[01]$", ("`explore a04 deck 0`", "orientation")),
    "journey requirement key": Notation(r"\s\w+:\d+(\s|$)", ("`card:1`",)),
    "pair of spaces": Notation(r"\s-?\d+,-?\d+\+-?\d+,-?\d+(\s|$)", ("`a+b`",)),
    "optional effect answer": Notation(r"\s(use|skip)(\s|$)", ("`use`", "`skip`")),
}


@dataclass(frozen=True)
class Step:
    tutorial: str
    index: int  # 1-based, as `revive replay` counts
    move: str
    try_it: bool
    note: str


def curriculum_steps() -> list[Step]:
    """Every step of every bundled tutorial, in the curriculum's order."""
    out = []
    for name in tutorial_names():
        data = yaml.safe_load(tutorial_path(name).read_text(encoding="utf-8"))
        for index, step in enumerate(data["steps"], 1):
            if isinstance(step, str):
                out.append(Step(name, index, step, False, ""))
            else:
                out.append(Step(name, index, str(step.get("move", "")), bool(step.get("try")), step.get("note") or ""))
    return out


STEPS = curriculum_steps()


def where(step: Step) -> str:
    return f"{step.tutorial} step {step.index} ({step.move})"


@pytest.mark.parametrize("name", NOTATIONS)
def test_a_notation_is_explained_before_the_first_move_the_learner_types_with_it(name):
    notation = NOTATIONS[name]
    tries = [i for i, step in enumerate(STEPS) if step.try_it and re.search(notation.move, step.move)]
    assert tries, f"no try-it step uses the {name}: its pattern {notation.move!r} finds nothing"
    first = tries[0]
    explained = [i for i, step in enumerate(STEPS) if all(marker in step.note for marker in notation.markers)]
    assert explained, f"no note explains the {name} (none holds {', '.join(notation.markers)})"
    assert explained[0] <= first, (
        f"the {name} is first needed at {where(STEPS[first])}, but first explained at {where(STEPS[explained[0]])}"
    )


def test_the_patterns_find_the_notation_they_mean():
    assert re.search(NOTATIONS["tile orientation"].move, "Ann explore a04 deck 0")
    assert not re.search(NOTATIONS["tile orientation"].move, "Ann explore a16")
    assert re.search(NOTATIONS["journey requirement key"].move, "Ann complete_journey abyss_journey_green_1:1 0")
    assert re.search(NOTATIONS["pair of spaces"].move, "Ann play start_b_4 top_left use 2,-1+2,-2 open")
    assert not re.search(NOTATIONS["pair of spaces"].move, "Ann build 0,2 small 1gear+2book")
    assert re.search(NOTATIONS["optional effect answer"].move, "Bob play start_b_4 top_left use")
    assert not re.search(NOTATIONS["optional effect answer"].move, "Ann play cit_user top_left")


# --- the setup chapter ---------------------------------------------------------------------------------------

SETUP = find_tutorial("setup")
SEATS = [("Ann", "nadair", "sun"), ("Bob", "formica", "sun"), ("Cid", "kuniban", "sun"), ("Dee", "vukuntur", "sun")]


def test_the_setup_chapter_is_a_numbered_chapter_of_the_base_game():
    script = load_script(SETUP)
    number = int(SETUP.stem[:2])
    assert SETUP.parent.name == "chapters"
    assert script.title.startswith(f"Chapter {number}: ")
    assert list(script.packs) == ["base"]
    assert len(script.data["players"]) == 4


def test_the_setup_chapter_shows_the_engines_own_setup_and_checks_its_claims():
    script = load_script(SETUP)
    assert "state" not in script.data["setup"], "the table is the seed's, not one written by hand"
    paths = {path for step in script.steps for path in (step.expect or {})}
    for claim in ("board.tiles", "board.large_locations", "board.majors", "supply.minors", "supply.end_game_tile"):
        assert claim in paths, f"the chapter does not check {claim}"
    for claim in ("supply.citizen_display", "supply.machine_display", "supply.module_display", "supply.crates"):
        assert claim in paths, f"the chapter does not check {claim}"
    for name, _, _ in SEATS:  # every seat's starting resources
        assert f"{name}.resources" in paths, f"the chapter does not check {name}'s starting resources"
    assert Replay(script).run() is not None  # every step plays, every expect holds


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_what_the_setup_chapter_says_of_each_player_count_is_the_engines_setup(players):
    game = new_game(Rules.load(("base",)), SEATS[:players], seed=4)
    majors = {1: 3, 2: 6, 3: 9, 4: 12}[players]
    assert len(game.board.majors) == majors
    assert len(game.supply.minors) == 8
    assert game.supply.end_game_tile is (players > 1)
    assert len(game.supply.citizen_display) == 5 and len(game.supply.module_display) == 5
    assert all(len(shown) == 3 for shown in game.supply.machine_display.values())
    assert game.supply.energy == 28 - players
    leftmost = ["crystal", "gear", "book", "food"]
    for player in game.players:
        held = 1 if players == 1 else player.seat + 1
        assert {r for r, n in player.resources.items() if n} == set(leftmost[:held])
        assert sum(player.resources.values()) == held
        assert player.energy == 1 and not player.switch_used
        assert player.tracks == {"grey": 1, "green": 1, "yellow": 1}
        assert len(player.active) == 3 and len(player.resting) == 3
        assert len({card.split("_")[1] for card in player.active + player.resting}) == 1  # one letter
        assert player.artifact_card is not None
        assert player.action_cube == 0 and player.points == 0 and player.hibernations == 0
    notes = " ".join(step.note or "" for step in load_script(SETUP).steps)
    assert f"**{majors}**" in notes, f"the chapter does not say the crater holds {majors} majors"
