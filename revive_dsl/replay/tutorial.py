"""Tutorials: a replay script read aloud, in which the learner makes some of the moves.

A tutorial is an ordinary script (``replays/tutorials/NAME.yaml``) whose ``description`` and
step ``note``\\ s are Markdown. :func:`run_tutorial` shows the description, then each step with
its note and highlights. At a step marked ``try: true`` the learner types the move -- in move
notation (``Ann switch food``) or just what follows their name (``switch food``). The move is
tried on the current state: if it gives the same state as the scripted move it is accepted;
otherwise (illegal, or legal but different) the step's ``hint`` and the legal options at that
point are shown and the learner may type again, type ``?`` to see the scripted move, or press
Enter (or type ``skip``) to have it played. When stdin is not a terminal the scripted moves are
played through without waiting.

>>> import io
>>> from revive_dsl.replay.script import load_script_text
>>> from rich.console import Console
>>> script = load_script_text('''
... format: 1
... title: Switch
... description: Use the **switch**.
... players: [{name: Ann, tribe: nadair, side: sun}]
... setup: {seed: 3}
... steps:
...   - {move: Ann switch food, try: true, hint: "the switch gains one basic resource"}
... ''', "demo.yaml")
>>> console = Console(file=io.StringIO(), width=70, no_color=True, record=True)
>>> answers = iter(["switch tea", "switch food"])
>>> run_tutorial(script, console, ask=lambda prompt: next(answers), interactive=True)
0
>>> out = console.export_text()
>>> "Hint: the switch gains one basic resource" in out, "legal: gear, book, food" in out, "Well done" in out
(True, True, True)
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markdown import Markdown
from rich.panel import Panel
from rich.text import Text

from revive_dsl.engine.game import Runner
from revive_dsl.positions import DslError
from revive_dsl.replay.notation import Answer, MoveLine, parse_move
from revive_dsl.replay.player import Replay, ReplayError, StepResult
from revive_dsl.replay.script import Script, Step, load_script
from revive_dsl.replay.terminal import width
from revive_dsl.replay.viewer import is_interactive, make_console, show_error, state_view, step_view
from revive_dsl.resources import replays_root

DEFAULT = "intro"
SKIP = ("", "skip")
SHOW = "?"
QUIT = ("q", "quit")


def tutorials_dir() -> Path:
    """The folder of the bundled tutorials."""
    return replays_root() / "tutorials"


def tutorial_names() -> list[str]:
    """The bundled tutorials' names (file stems), sorted.

    >>> "intro" in tutorial_names()
    True
    """
    return sorted(p.stem for p in tutorials_dir().glob("*.yaml"))


def find_tutorial(name: str) -> Path:
    """The file of a tutorial given by name (or by path); FileNotFoundError with a did-you-mean."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and path.is_file():
        return path
    candidate = tutorials_dir() / f"{name}.yaml"
    if candidate.is_file():
        return candidate
    names = tutorial_names()
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    raise FileNotFoundError(f"no tutorial named '{name}'{hint} (there are: {', '.join(names)})")


# --- the learner's move -----------------------------------------------------------------------


@dataclass
class Attempt:
    """How a typed move compares with the scripted one."""

    accepted: bool
    message: str = ""  # why not
    legal: tuple[str, ...] = ()  # the legal options where it went wrong


def read_move(text: str, player: str) -> MoveLine:
    """A typed move: full notation, or just what follows the player's name.

    >>> read_move("switch food", "Ann").player, read_move("Ann switch food", "Ann").verb
    ('Ann', 'switch')
    """
    text = text.strip()
    first = text.split(" ", 1)[0]
    if first != player and first != "setup":
        text = f"{player} {text}"
    return parse_move(text, "<your move>")


def _answers(move: MoveLine) -> list[str]:
    return ([move.verb] if move.verb else []) + [a.key for a in move.answers]


def _legal_where_it_differs(replay: Replay, scripted: MoveLine, tried: MoveLine) -> tuple[str, ...]:
    """The options of the first decision at which the typed answers leave the scripted ones."""
    runner = Runner(replay.game.clone(), replay.rules)
    for mine, theirs in zip(_answers(tried), _answers(scripted), strict=False):
        decision = runner.decision()
        if decision is None:
            break
        if mine != theirs:
            return tuple(decision.legal_keys())
        try:
            runner.answer(theirs)
        except ValueError:
            break
    decision = runner.decision()
    return tuple(decision.legal_keys()) if decision else ()


def _named(key: str, replay: Replay) -> str:
    """An option as the learner may type it: its key, with the component's name where it has one."""
    from revive_dsl.replay.render import with_names

    name = with_names(key, replay.rules)
    return key if name == key else f"{key} ({name})"


def by_name(replay: Replay, move: MoveLine) -> MoveLine:
    """The move with each answer that is not a legal key but names one option (a unique prefix of its name or key,
    any case: ``grower`` for ``start_c_5``) replaced by that option's key; other answers are left as typed.

    >>> from revive_dsl.replay.notation import format_move
    >>> from revive_dsl.replay.script import load_script_text
    >>> text = "format: 1\\nplayers: [{name: Ann, tribe: nadair, side: sun}]\\nsetup: {seed: 12}\\nsteps: []\\n"
    >>> replay = Replay(load_script_text(text, "demo.yaml"))
    >>> format_move(by_name(replay, read_move("play grower top_left", "Ann")))
    'Ann play start_c_5 top_left'
    """
    from revive_dsl.replay.play import NoMatch, match

    if move.is_setup:
        return move
    runner = Runner(replay.game.clone(), replay.rules)
    keys = [move.verb or "", *(a.key for a in move.answers)]
    out: list[str] = []
    for key in keys:
        decision = runner.decision()
        if decision is None:
            return move
        if key not in decision.legal_keys() and not key.isdigit():
            try:
                key = match(decision, key, replay.rules)
            except NoMatch:
                return move
        try:
            runner.answer(key)
        except ValueError:
            return move
        out.append(key)
    answers = tuple(Answer(k, a.player, a.pos) for k, a in zip(out[1:], move.answers, strict=True))
    return MoveLine(move.player, out[0], answers, move.reveals, move.pos, move.verb_pos)


def try_move(replay: Replay, step: Step, text: str, scripted_json: str) -> Attempt:
    """Try a typed move on the state before ``step``; the replay is left where it was."""
    player = step.move.player or ""
    try:
        move = read_move(text, player)
    except DslError as err:
        return Attempt(False, f"that is not a move: {err.diagnostics[0].message}", ())
    move = by_name(replay, move)
    try:
        result = replay.apply(move)
    except ReplayError as err:
        message = err.diagnostics[0].message.split("; legal: ")[0]  # the legal options are shown once, below
        typed = err.reason.split("'")[1] if err.reason.startswith("'") else ""
        close = difflib.get_close_matches(typed, err.legal, n=1) if typed else []
        hint = f"; did you mean '{close[0]}'?" if close else ""
        return Attempt(False, f"that move cannot be made: {message}{hint}", tuple(err.legal))
    finally:
        replay.back_to(replay.done)  # the try never counts: the scripted step is played afterwards
    if result.after.to_json() == scripted_json:
        return Attempt(True)
    legal = _legal_where_it_differs(replay, step.move, move)
    return Attempt(False, "that move is legal, but it is not the one this tutorial makes here", legal)


def _scripted_json(replay: Replay, step: Step) -> str:
    """The state the scripted move gives (computed on the side; the replay is left where it was)."""
    try:
        return replay.apply(step.move, step).after.to_json()
    finally:
        replay.back_to(replay.done)


# --- running a tutorial -------------------------------------------------------------------------


def _note(console: Console, step: Step) -> None:
    if step.note:
        console.print(Panel(Markdown(step.note), title=f"step {step.index}", title_align="left", border_style="cyan"))


def _learner_step(replay: Replay, step: Step, console: Console, ask: Callable[[str], str]) -> StepResult | None:
    """Let the learner make the step's move; the played result, or None if they quit."""
    scripted = _scripted_json(replay, step)
    player = step.move.player or "setup"
    console.print(Text(f"Your move, {player}. Type it (e.g. without your name), ? to see it, Enter to skip."))
    while True:
        try:
            text = ask(f"{player}> ")
        except EOFError:
            return None
        word = text.strip()
        if word in QUIT:
            return None
        if word in SKIP:
            console.print(Text(f"Played for you: {step.text}", style="bold"))
            break
        if word == SHOW:
            console.print(Text(f"The move here is: {step.text}", style="bold"))
            continue
        attempt = try_move(replay, step, word, scripted)
        if attempt.accepted:
            console.print(Text("Well done: that is the move.", style="bold green"))
            break
        console.print(Text(attempt.message, style="yellow"))
        if step.hint:
            console.print(Text(f"Hint: {step.hint}", style="cyan"))
        if attempt.legal:
            console.print(Text(f"legal: {', '.join(_named(key, replay) for key in attempt.legal)}"))
        console.print(Text("Type the move again, ? to see it, or Enter to have it played."))
    return replay.step()


def run_tutorial(
    script: Script,
    console: Console,
    ask: Callable[[str], str] = input,
    interactive: bool | None = None,
) -> int:
    """Run a tutorial; return the exit code (0, or 1 if a step cannot be played)."""
    if interactive is None:
        interactive = is_interactive()
    replay = Replay(script)
    console.print(Panel(Markdown(script.data.get("description", "")), title=script.title, border_style="magenta"))
    console.print(state_view(replay))
    try:
        for step in script.steps:
            if interactive and step.try_it:
                _note(console, step)
                result = _learner_step(replay, step, console, ask)
                if result is None:
                    console.print(Text("Tutorial stopped.", style="bold"))
                    return 0
                console.print(step_view(result, replay, note=False))
                continue
            result = replay.step()
            console.print(step_view(result, replay))
            if interactive and not replay.finished:
                try:
                    if ask("Enter: next step, q: quit > ").strip() in QUIT:
                        console.print(Text("Tutorial stopped.", style="bold"))
                        return 0
                except EOFError:
                    return 0
    except ReplayError as err:
        return show_error(err, console, replay)
    console.print(state_view(replay))
    console.print(Text(f"End of the tutorial '{script.title}'.", style="bold"))
    return 0


# --- the command ----------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``revive tutorial``."""
    parser.add_argument("name", nargs="?", default=DEFAULT, help=f"which tutorial (default: {DEFAULT})")
    parser.add_argument("--list", action="store_true", help="list the bundled tutorials")
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")
    parser.add_argument("--width", type=width, metavar="N", help="width of the output in columns")


def main(args: argparse.Namespace, ask: Callable[[str], str] = input) -> int:
    """``revive tutorial [NAME] [--list]``; return the exit code."""
    console = make_console(getattr(args, "no_color", False), getattr(args, "width", None))
    if args.list:
        for name in tutorial_names():
            try:
                title = load_script(tutorials_dir() / f"{name}.yaml").title
            except DslError:
                title = "(cannot be loaded; run `revive replay` on it)"
            console.print(Text(f"{name:16} {title}"))
        return 0
    try:
        path = find_tutorial(args.name)
    except FileNotFoundError as err:
        print(str(err.args[0]), file=sys.stderr)
        return 1
    try:
        script = load_script(path)
    except DslError as err:
        return show_error(err, console, None)
    return run_tutorial(script, console, ask)


def intro_main() -> int:
    """``revive`` with no arguments: the introductory tutorial."""
    return main(argparse.Namespace(name=DEFAULT, list=False, no_color=False, width=None))


def main_cli(argv: list[str] | None = None) -> int:
    """``python -m revive_dsl.replay.tutorial [NAME]``: the tutorials without the ``revive`` command."""
    parser = argparse.ArgumentParser(prog="revive tutorial", description="Play a tutorial.")
    add_arguments(parser)
    try:
        return main(parser.parse_args(argv))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main_cli())
