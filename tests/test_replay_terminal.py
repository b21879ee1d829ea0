"""The interactive stepper and a tutorial, driven in a real terminal (a pty) with pexpect."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

from revive_dsl import cli

TIMEOUT = 30
SCRIPT = """\
format: 1
title: Terminal test
players: [{name: Ann, tribe: nadair, side: sun}]
setup: {seed: 3}
steps:
  - Ann switch food
  - Ann end
  - Ann play start_c_5 top_left
  - Ann end
"""


def command(name: str) -> list[str]:
    """How to start ``revive NAME``: through the ``revive`` command line once it has the command,
    else through the module's own entry point (``python -m revive_dsl.terminal.viewer``)."""
    parser = cli.build_parser()
    subcommands = next(a for a in parser._actions if a.dest == "command").choices
    if name in subcommands:
        return ["-m", "revive_dsl.cli", name]
    module = {"replay": "viewer", "tutorial": "tutorial"}[name]
    return ["-m", f"revive_dsl.replay.{module}"]


def spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "LINES": "40"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, list(args), env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 100))
    return child


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in (child.before or "")
    return child.exitstatus


def more(child: pexpect.spawn, wanted: str) -> str:
    """Wait for ``wanted``, pressing Enter at each ``-- more --`` on the way (a 24-line screen pages); the text
    shown before it, every page of it."""
    seen = []
    while child.expect_exact([wanted, "-- more: Enter --"]) == 1:
        seen.append(child.before)
        child.sendline("")
    return "".join([*seen, child.before])


def test_the_stepper_waits_goes_back_and_jumps(tmp_path: Path):
    path = tmp_path / "game.yaml"
    path.write_text(SCRIPT, encoding="utf-8")
    child = spawn(*command("replay"), "--step", str(path))
    child.expect_exact("[step 0/4] > ")
    assert "switch" not in child.before  # nothing is played before the first Enter
    child.sendline("")
    child.expect_exact("[step 1/4] > ")
    assert "switch" in child.before
    child.sendline("b")
    child.expect_exact("back at the start")
    child.expect_exact("[step 0/4] > ")
    child.sendline("g 3")
    child.expect_exact("[step 3/4] > ")
    assert "start_c_5" in child.before
    child.sendline("")
    child.expect_exact("[step 4/4] > ")
    child.sendline("")
    child.expect_exact("the replay is over")
    child.sendline("q")
    assert finish(child) == 0


def test_the_tutorial_shows_the_hint_and_the_legal_options_then_accepts_the_move():
    child = spawn(*command("tutorial"), "intro")
    more(child, "Introduction to Revive")
    more(child, "Enter: begin, q: quit > ")  # the welcome stays until the learner is ready
    child.sendline("")
    for _ in range(2):  # steps 1 and 2 are shown; Enter goes on
        more(child, "Enter: next step, ? for help, q: quit > ")
        child.sendline("")
    more(child, "Ann> ")  # step 3: the learner's move
    child.sendline("play cit_smith top_left")  # the Smith is already played: illegal
    more(child, "that move cannot be made")
    more(child, "Hint:")
    more(child, "legal: start_c_1 (Mechanic (C)), start_c_3 (Reader (C)), start_c_5 (Grower (C))")
    more(child, "Ann> ")
    child.sendline("play start_c_1 bottom_left")
    more(child, "Well done")
    more(child, "Enter: next step, ? for help, q: quit > ")
    child.sendline("q")
    more(child, "Tutorial stopped.")
    assert finish(child) == 0


def spawn_80x24(*args: str) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "80", "LINES": "24", "REVIVE_DATA": os.environ.get("TMP_DATA", "")}
    return pexpect.spawn(sys.executable, list(args), env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(24, 80))


def test_the_tutorial_teaches_at_80x24_help_map_me_back_and_a_move_asked_part_by_part(tmp_path):
    os.environ["TMP_DATA"] = str(tmp_path)
    child = spawn_80x24(*command("tutorial"), "intro")
    welcome = more(child, "Enter: begin, q: quit > ")  # the introduction pages at 24 lines
    assert "Introduction to Revive" in welcome and "Ann" in welcome
    child.sendline("")
    more(child, "Enter: next step, ? for help, q: quit > ")
    child.sendline("map")  # the map with the space keys the steps name
    more(child, "Space keys are q,r")
    more(child, "Enter: next step, ? for help, q: quit > ")
    child.sendline("me")  # the learner's own board
    more(child, "resources")
    more(child, "Enter: next step, ? for help, q: quit > ")
    child.sendline("back")  # step 1 undone: the learner is before it, and says when to play it again
    more(child, "Back to before step 1.")
    more(child, "Enter: next step, ? for help, q: quit > ")
    assert "Step 1" not in child.before  # not drawn again at once
    child.sendline("")
    more(child, "Enter: next step, ? for help, q: quit > ")  # step 1 again
    child.sendline("")
    more(child, "Enter: next step, ? for help, q: quit > ")  # step 2
    child.sendline("")
    more(child, "Ann> ")  # step 3, the learner's: a hint on demand, then the first word and each question
    child.sendline("hint")
    more(child, "Hint: The Smith's slot symbol")
    more(child, "Ann> ")
    child.sendline("?")
    more(child, "Ann: what do you do?")
    more(child, "play a card")
    more(child, "Ann> ")
    child.sendline("play")
    more(child, "Ann: play which card?")
    more(child, "number or answer> ")
    child.sendline("1")  # start_c_1, the Mechanic
    more(child, "Ann: into which slot?")
    more(child, "number or answer> ")
    child.sendline("bottom_left")
    more(child, "Well done")
    more(child, "Enter: next step, ? for help, q: quit > ")
    child.sendline("q")
    more(child, "Tutorial stopped.")
    assert finish(child) == 0


@pytest.mark.parametrize("name", ["intro", "05-build", "30-a-whole-game"])
def test_at_80x24_no_screen_of_the_tutorial_scrolls_off_before_its_question(tmp_path, name):
    os.environ["TMP_DATA"] = str(tmp_path)
    child = spawn_80x24(*command("tutorial"), name)
    prompts = [
        "Enter: begin, q: quit > ",
        "Enter: next step, ? for help, q: quit > ",
        "-- more: Enter --",
        "Ann> ",
        "Bob> ",
        "play it for you? y/n > ",
    ]
    screens = []
    sent = ""
    while True:  # to the end of the tutorial: Enter at every question, y when asked to play a learner's move
        found = child.expect_exact([*prompts, pexpect.EOF])
        if found == len(prompts):
            break
        screens.append(child.before.removeprefix(sent))  # the echoed answer belongs to the question's line
        sent = "y" if prompts[found].startswith("play it") else ""
        child.sendline(sent)
    child.close()
    assert "End of the tutorial" in "".join(screens) + (child.before or "")
    tallest = max(len(screen.strip("\r\n").split("\r\n")) for screen in screens)  # the echoed Enter left out
    worst = max(screens, key=lambda screen: len(screen.strip("\r\n").split("\r\n")))
    assert tallest <= 23, f"a screen of {tallest} lines scrolled before its question:\n{worst}"


def test_a_tutorial_without_a_terminal_plays_through():
    import subprocess

    done = subprocess.run(
        [sys.executable, *command("tutorial"), "intro", "--no-color", "--width", "100"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "End of the tutorial 'Introduction to Revive'" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_at_80x24_a_half_typed_move_opens_the_menu_which_an_empty_line_leaves_and_enter_asks_first(tmp_path):
    os.environ["TMP_DATA"] = str(tmp_path)
    child = spawn_80x24(*command("tutorial"), "intro")
    more(child, "Enter: begin, q: quit > ")
    child.sendline("")
    for _ in range(2):
        more(child, "Enter: next step, ? for help, q: quit > ")
        child.sendline("")
    more(child, "Ann> ")
    child.sendline("play mech")  # the Mechanic by a prefix of its name; the slot is left to the menu
    more(child, "Ann: into which slot?")
    more(child, "number or answer> ")
    child.sendline("")  # out of the menu, back to the move prompt
    more(child, "Back to your move.")
    more(child, "Ann> ")
    child.sendline("")  # Enter asks before it plays the move
    more(child, "play it for you? y/n > ")
    child.sendline("n")
    more(child, "Not played")
    more(child, "Ann> ")
    child.sendline("play mech")
    more(child, "number or answer> ")
    child.sendline("bottom_l")  # a unique prefix at the numbered prompt
    more(child, "Well done")
    more(child, "Enter: next step, ? for help, q: quit > ")
    child.sendline("q")
    more(child, "Tutorial stopped.")
    assert finish(child) == 0


def _screen_text(written: str) -> list[str]:
    """The lines a terminal keeps of what was written: a wipe (cursor up, line cleared) takes back the line above."""
    from revive_dsl.terminal.tutorial import Paged

    first, *rest = written.split(Paged.WIPE)
    lines = first.splitlines()
    for piece in rest:
        lines = lines[:-1] + piece.splitlines()
    return lines


def test_at_80x24_a_panel_that_fits_is_never_cut_and_no_more_line_stays_inside_a_panel():
    import io

    from rich.console import Console, Group
    from rich.panel import Panel
    from rich.text import Text

    from revive_dsl.terminal.tutorial import Paged

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system=None, width=80, height=24)
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        out.write(prompt + "\n")  # as input() leaves it on the screen, with the Enter
        return ""

    paged = Paged(console, ask)
    small = Panel(Text("\n".join(f"line {i}" for i in range(15))), title="small")  # 17 lines
    tall = Panel(Text("\n".join(f"row {i}" for i in range(40))), title="tall")  # 42 lines: must be cut
    paged.print(Group(small, small))
    paged.print(tall)
    assert asked == ["-- more: Enter --"] * 3  # before the second small panel, then twice in the tall one
    screen = _screen_text(out.getvalue())
    assert not any("-- more" in line for line in screen)  # every pause wiped once answered
    tops = [i for i, line in enumerate(screen) if line.startswith("╭")]
    bottoms = [i for i, line in enumerate(screen) if line.startswith("╰")]
    assert [b - t + 1 for t, b in zip(tops, bottoms, strict=True)] == [17, 17, 42]  # each panel whole, in order
    written = out.getvalue()
    first_pause = written.index("-- more")
    assert written[:first_pause].count("╭") == 1 and written[:first_pause].count("╰") == 1  # not inside the second
