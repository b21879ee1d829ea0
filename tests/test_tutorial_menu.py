"""The terminal's menus as a learner meets them: picking answers by number (or letter), finishing a half-typed
move from a menu, leaving a menu, refusals that name the answer at fault, and Enter asking before it plays."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console

from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.locations import replays_root
from revive_dsl.replay.player import Replay
from revive_dsl.replay.script import Script, Step, load_script
from revive_dsl.terminal import tutorial
from revive_dsl.terminal.play import NoMatch, match, menu


def console() -> Console:
    return Console(file=io.StringIO(), record=True, width=100, no_color=True)


def before(path: str, move: str) -> tuple[Replay, Step]:
    """The replay of a bundled script played up to the step whose move is ``move``, and that step."""
    script: Script = load_script(replays_root() / path)
    index = next(i for i, step in enumerate(script.steps) if step.text == move)
    replay = Replay(script)
    replay.run(to=index)
    return replay, script.steps[index]


def typist(answers: list[str]) -> tuple[list[str], object]:
    """An ``ask`` answering from a list (the input ends after the last), and the prompts it was asked."""
    asked: list[str] = []
    left: Iterator[str] = iter(answers)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        try:
            return next(left)
        except StopIteration:
            raise EOFError from None

    return asked, ask


def scripted(replay: Replay, step: Step) -> str:
    return tutorial._scripted_json(replay, step)


# --- 1. an answer holding a space, picked by its number -------------------------------------------------


def test_an_answer_with_a_space_picked_by_number_is_the_whole_key():
    replay, step = before("random/game-108.yaml", 'P2 play cit_trader top_right use "gain 2 book"')
    _, ask = typist(["cit_trader", "top_right", "use", "2"])  # 2: "gain 2 book"
    line = tutorial._walk(replay, "play", "P2", console(), ask)
    assert line is not None
    assert [a.key for a in tutorial.read_move(line, "P2").answers][-1] == "gain 2 book"
    assert tutorial.try_move(replay, step, line, scripted(replay, step)).accepted


# --- 2. a refusal names the first answer that goes astray ------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "fault"), [("play seer top_left 0,-1", "'0,-1'"), ("play seer top_left use 0,-1 2,-2", "left over")]
)
def test_a_refusal_names_the_answer_at_fault_not_a_name_before_it(typed, fault):
    replay, step = before("tutorials/chapters/14-ox49.yaml", "Bob play start_b_4 top_left use 0,-1")
    attempt = tutorial.try_move(replay, step, typed, scripted(replay, step))
    assert not attempt.accepted
    assert "'seer'" not in attempt.message and "seed" not in attempt.message
    assert fault in attempt.message


def test_a_name_before_a_wrong_answer_is_resolved():
    replay, _ = before("tutorials/chapters/14-ox49.yaml", "Bob play start_b_4 top_left use 0,-1")
    move = tutorial.by_name(replay, tutorial.read_move("play seer top_left 0,-1", "Bob"))
    assert [move.verb, *(a.key for a in move.answers)] == ["play", "start_b_4", "top_left", "0,-1"]


# --- 3. numbers against numeric answers -----------------------------------------------------------------

MANY = Decision(0, "convert", "convert how many?", options_of(["0", "1", "2"]))


def test_where_the_answers_are_numbers_a_number_is_the_answer_and_a_letter_picks_by_position():
    assert [match(MANY, typed, None) for typed in ("1", "0", "a", "C")] == ["1", "0", "0", "2"]
    assert menu(MANY, None) == ["  a  0", "  b  1", "  c  2"]
    with pytest.raises(NoMatch, match="lettered a to c"):
        match(MANY, "7", None)


def test_other_menus_stay_numbered():
    d = Decision(0, "switch", "gain which basic resource?", options_of(["gear", "book", "food"]))
    assert match(d, "2", None) == "book"
    assert menu(d, None)[0] == "  1  gear"


def test_the_tutorials_list_of_numeric_answers_is_lettered():
    replay, _ = before("tutorials/chapters/04-explore.yaml", "Ann explore a04 deck 0")
    shown = tutorial.explain(replay, ["explore", "a04", "deck"]).plain
    assert "   a. 0" in shown and "   1. " not in shown


# --- 4. a half-typed move finished from a menu; a way out of the menu -----------------------------------


def test_a_move_without_its_last_answer_opens_the_menu_there():
    replay, step = before("tutorials/chapters/04-explore.yaml", "Ann explore a04 deck 0")
    asked, ask = typist(["0"])  # the orientation is a number: typed, it is the answer
    line = tutorial._walk(replay, "explore a04 deck", "Ann", console(), ask)
    assert asked == ["letter or answer> "]
    assert line == "explore a04 deck 0"
    assert tutorial.try_move(replay, step, line, scripted(replay, step)).accepted


def test_a_card_by_name_then_the_menu_and_a_name_at_the_numbered_prompt():
    replay, _ = before("tutorials/chapters/14-ox49.yaml", "Bob play start_b_4 top_left use 0,-1")
    _, ask = typist(["top_l", "use", "0,-1"])
    line = tutorial._walk(replay, "play seer", "Bob", console(), ask)
    assert line == "play start_b_4 top_left use 0,-1"


def test_an_empty_line_leaves_the_menu_for_the_move_prompt_and_the_chapter_goes_on():
    script = load_script(tutorial.find_tutorial("intro"))
    out = console()
    asked, ask = typist(["", "", "", "play", "", "play mechanic bottom_left", "q"])
    assert tutorial.run_tutorial(script, out, ask=ask, interactive=True) == 0
    text = out.export_text()
    assert "Back to your move." in text and "Well done" in text
    assert asked[3:6] == ["Ann> ", "number or answer> ", "Ann> "]


def test_q_in_a_menu_stops_the_tutorial():
    script = load_script(tutorial.find_tutorial("intro"))
    out = console()
    _, ask = typist(["", "", "", "play", "q"])
    assert tutorial.run_tutorial(script, out, ask=ask, interactive=True) == 0
    assert "Tutorial stopped." in out.export_text()


# --- 5. Enter at a try-it step asks first ---------------------------------------------------------------


def test_enter_at_a_try_it_step_asks_before_playing_the_move():
    script = load_script(tutorial.find_tutorial("intro"))
    out = console()
    asked, ask = typist(["", "", "", "", "n", "", "y", "q"])
    tutorial.run_tutorial(script, out, ask=ask, interactive=True)
    text = out.export_text()
    assert asked[3:7] == ["Ann> ", "play it for you? y/n > ", "Ann> ", "play it for you? y/n > "]
    assert "Not played" in text
    assert text.count("Played for you: Ann play start_c_1 bottom_left") == 1
