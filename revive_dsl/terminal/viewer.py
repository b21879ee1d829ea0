"""The terminal replay viewer: ``revive replay FILE`` plays a script and shows every step with Rich.

Each shown step is :func:`~revive_dsl.replay.render.render_step`: the move, the engine's English
account, the decisions and their answers, what changed, and the script's note. ``--full`` adds
the whole state (players, map, displays, scores) after each shown step; the whole state is
always shown once at the end. ``--step`` waits at each step for a command (Enter: next,
``b``: back one step, ``g N``: go to step N, ``q``: quit); when stdin is not a terminal it
plays through without waiting.

``--json`` prints canonical state JSON instead of panels: the state after the last step played
(``--to N``: after step N) as one line; with ``--from N`` as well, one JSON line per step from
N on, ``{"step": N, "move": "...", "state": {...}}``.

A script that cannot be loaded or played prints its one positioned message to stderr (never a
traceback), then the last good state, and exits 1. Nothing is written unless ``--export``
asks for it.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="revive replay")
>>> add_arguments(parser)
>>> args = parser.parse_args(["game.yaml", "--to", "3", "--no-color"])
>>> args.file, args.to, args.no_color, args.step
('game.yaml', 3, True, False)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from revive_dsl.positions import DslError
from revive_dsl.replay.console import width
from revive_dsl.replay.player import Replay, ReplayError, StepResult
from revive_dsl.replay.script import Script, load_script

EXPORTS = ("html", "svg", "text")  # html: the page of revive_dsl.web (written by the command line)
STEP_HELP = "Enter: next step · b: back one step · g N: go to step N · q: quit"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``revive replay``."""
    parser.add_argument("file", help="the replay script (YAML) to play")
    parser.add_argument("--step", action="store_true", help="wait at each step: Enter, b (back), g N (go to), q")
    parser.add_argument("--from", dest="start", type=int, metavar="N", help="show steps from step N on")
    parser.add_argument("--to", type=int, metavar="N", help="stop after step N")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print canonical state JSON: the final state, or with --from one JSON line per step",
    )
    parser.add_argument("--full", action="store_true", help="show the whole state after each shown step")
    parser.add_argument(
        "--coords", action="store_true", help="with the state shown, the map of space keys, terrain and tile slot keys"
    )
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")
    parser.add_argument("--width", type=width, metavar="N", help="width of the output in columns")
    parser.add_argument(
        "--export",
        nargs=2,
        metavar=("FORMAT", "FILE"),
        help="html FILE: the game as a page to step through in a browser; svg or text FILE: what was shown",
    )


def make_console(no_color: bool = False, width: int | None = None, record: bool = False) -> Console:
    """The console the viewer and the tutorials print to.

    >>> make_console(no_color=True, width=60).width
    60
    """
    from revive_dsl.replay.console import make_console as guarded

    return guarded(no_color=no_color, width=width, record=record)  # free text shown, never acted on


# --- what one step looks like --------------------------------------------------------------


def step_view(result: StepResult, replay: Replay, note: bool = True, learner: bool = False) -> Any:
    """The Rich renderable of one played step (``note=False`` leaves the script's note out; ``learner``: told to a
    learner in a tutorial, a refusal in plain words rather than a script author's)."""
    from revive_dsl.replay import render

    step = result.step
    changes = render.state_changes(result.before.to_dict(), result.after.to_dict(), replay.names)
    player = step.move.player or "setup"
    move_text = step.text
    if step.move.verb is not None and move_text.startswith(f"{player} "):
        move_text = move_text[len(player) + 1 :]
    log = result.log
    if result.refused is not None and learner:  # a learner is told what the game said, plainly
        log = plain_refusal(result.refused, result.legal)
    elif result.refused is not None:  # the script expects the refusal: tell it, and what was legal instead
        log = [f"refused, as the script expects: {result.refused}"]
        if result.legal and "legal:" not in result.refused:
            log.append(f"legal: {', '.join(result.legal)}")
    return render.render_step(
        step.index,
        player,
        move_text,
        log,
        [(*d, label) for d, label in zip(result.decisions, result.labels, strict=False)] or result.decisions,
        changes,
        step.note if note else None,
        [replay.script.path(h) for h in step.highlight],
        rules=replay.rules,
    )


# IllegalAnswer's message, without its "; legal: ..." tail
_REFUSAL = re.compile(
    r"^'(?P<answer>[^']*)' is not a legal answer for .*? \((?P<prompt>[^()]*)\)(?: \((?P<why>.*)\))?$"
)


def plain_refusal(refused: str, legal: Sequence[str] = ()) -> list[str]:
    """A refusal as a tutorial tells it to a learner: why the game refuses the move, then what it allows now.

    >>> plain_refusal("'end' is not a legal answer for turn (what do you do?) (Ann has taken no action yet this turn)"
    ...               "; legal: switch, play")
    ['The game refuses this move: Ann has taken no action yet this turn.', 'Allowed now: switch, play.']
    >>> print(*plain_refusal("'x' is not a legal answer for build (build where?); legal: 1,0"), sep="\\n")
    The game refuses this move: 'x' is not an answer to "build where?".
    Allowed now: 1,0.
    """
    head, _, allowed = refused.partition("; legal: ")
    found = _REFUSAL.match(head)
    if found is None:
        why = head
    elif found["why"]:
        why = found["why"]
    else:
        why = f"'{found['answer']}' is not an answer to \"{found['prompt']}\""
    lines = [f"The game refuses this move: {why.rstrip('.')}."]
    allowed = allowed or ", ".join(legal)
    if allowed:
        lines.append(f"Allowed now: {allowed}.")
    return lines


def state_view(replay: Replay, game: Any = None) -> Any:
    """The whole state (players, map, displays, scores) as one Rich renderable."""
    from revive_dsl.replay import render

    return render.render_state(replay.game if game is None else game, replay.rules)


def show_error(err: DslError, console: Console, replay: Replay | None) -> int:
    """Print a failure's positioned message to stderr and the last good state to the console; return 1."""
    print(str(err), file=sys.stderr)
    last_good = getattr(err, "last_good", None)
    if last_good is not None and replay is not None:
        console.print(Text("The last good state:", style="bold"))
        console.print(state_view(replay, last_good))
    return 1


# --- the three ways of playing --------------------------------------------------------------


def _play(replay: Replay, args: argparse.Namespace, console: Console) -> None:
    """Play the script, showing steps from ``--from`` to ``--to``; the whole state at the end."""
    start = args.start or 1
    for result in replay.steps(args.to):
        if result.index >= start:
            console.print(step_view(result, replay))
            if args.full:
                console.print(state_view(replay))
                _coords(replay, args, console)
    console.print(state_view(replay))
    _coords(replay, args, console)


def _coords(replay: Replay, args: argparse.Namespace, console: Console) -> None:
    """``--coords``: the combined map (space keys, terrain, tile slot keys) beside the state."""
    if getattr(args, "coords", False):
        from revive_dsl.replay.hexmap import render_coordinates

        console.print(render_coordinates(replay.game, replay.rules))


def _play_json(replay: Replay, args: argparse.Namespace) -> None:
    if args.start is None:
        replay.run(args.to)
        print(replay.game.to_json())
        return
    for result in replay.steps(args.to):
        if result.index >= args.start:
            line = {"step": result.index, "move": result.step.text, "state": result.after.to_dict()}
            print(json.dumps(line, sort_keys=True, separators=(",", ":"), ensure_ascii=False))


class Stepper:
    """The interactive stepper: steps forward and back through a :class:`Replay` on command."""

    def __init__(self, replay: Replay, console: Console, full: bool = False):
        self.replay = replay
        self.console = console
        self.full = full
        self.results: list[StepResult] = []  # results[i]: the result of step i + 1

    @property
    def total(self) -> int:
        return len(self.replay.script.steps)

    def forward(self, to: int, show: bool = True) -> None:
        """Play up to step ``to``; show the steps played (``show``)."""
        for result in self.replay.steps(to):
            self.results.append(result)
            if show:
                self.show(result)

    def back(self, to: int) -> None:
        """Go back to the state after step ``to`` and show where that is."""
        to = max(0, to)
        self.replay.back_to(to)
        del self.results[to:]
        if self.results:
            self.console.print(Text(f"back at step {to} of {self.total}", style="bold"))
            self.show(self.results[-1])
        else:
            self.console.print(Text(f"back at the start (0 of {self.total} steps played)", style="bold"))
            self.console.print(state_view(self.replay))

    def show(self, result: StepResult) -> None:
        self.console.print(step_view(result, self.replay))
        if self.full:
            self.console.print(state_view(self.replay))

    def command(self, text: str) -> bool:
        """Carry out one typed command; False when the viewer should stop."""
        word, _, rest = text.strip().partition(" ")
        done = self.replay.done
        if word in ("q", "quit"):
            return False
        if word == "":
            if self.replay.finished:
                self.console.print(Text("the replay is over: b, g N or q", style="bold"))
            else:
                self.forward(done + 1)
                if self.replay.finished:
                    self.console.print(state_view(self.replay))
        elif word in ("b", "back"):
            self.back(done - 1)
        elif word in ("g", "go", "goto") and rest.strip().isdigit():
            if int(rest) > self.total:
                self.console.print(Text(f"the script has {self.total} steps: g 0 to g {self.total}", style="bold"))
                return True
            target = int(rest)
            if target < done:
                self.back(target)
            else:
                self.forward(target)
        else:
            self.console.print(Text(f"unknown command {text.strip()!r}; {STEP_HELP}", style="bold"))
        return True

    def run(self, ask: Callable[[str], str], start: int = 1, to: int | None = None) -> None:
        """Play silently to step ``start - 1``, then one step per command until ``q`` (or the input ends)."""
        self.forward(start - 1, show=False)
        self.console.print(Text(f"{self.replay.script.title}: {self.total} steps. {STEP_HELP}", style="bold"))
        last = self.total if to is None else min(to, self.total)
        while True:
            prompt = f"[step {self.replay.done}/{last}] > "
            try:
                text = ask(prompt)
            except EOFError:
                return
            if not text.strip() and self.replay.done >= last and not self.replay.finished:
                self.console.print(Text(f"stopped after step {last} (--to); b, g N or q", style="bold"))
                continue
            if not self.command(text):
                return


def is_interactive() -> bool:
    """True when both stdin and stdout are terminals (someone can answer)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def main(args: argparse.Namespace, ask: Callable[[str], str] = input) -> int:
    """``revive replay``: play a script in the terminal; return the exit code."""
    problem = options_problem(args)
    if problem:
        print(f"revive replay: {problem}", file=sys.stderr)
        return 2
    console = make_console(args.no_color, args.width, record=bool(args.export))
    replay: Replay | None = None
    status = 0
    try:
        script: Script = load_script(args.file)
        replay = Replay(script)
        if args.json:
            _play_json(replay, args)
        elif args.step and is_interactive():
            Stepper(replay, console, args.full).run(ask, args.start or 1, args.to)
        else:
            _play(replay, args, console)
    except ReplayError as err:
        status = show_error(err, console, replay)
    except DslError as err:
        status = show_error(err, console, None)
    if args.export:
        try:
            _export(console, *args.export)
        except DslError as err:
            print(str(err), file=sys.stderr)
            return 1
    return status


def options_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the options of ``revive replay`` before anything is played, or None.

    >>> options_problem(argparse.Namespace(export=None, width=None, start=30, to=10))
    '--from 30 is after --to 10'
    """
    from revive_dsl.fileio import output_problem

    for flag, value in (("--from", args.start), ("--to", args.to)):
        if value is not None and value < 0:
            return f"{flag} {value}: a step number is 0 or more"
    if args.start is not None and args.to is not None and args.start > args.to:
        return f"--from {args.start} is after --to {args.to}"
    if args.export:
        kind, file = args.export
        if kind not in EXPORTS:
            return f"--export takes html, svg or text, not {kind!r}"
        problem = output_problem(file, parents=True)
        if problem:
            return f"--export {file}: {problem}"
    return None


def _export(console: Console, kind: str, file: str) -> None:
    """Save what the console showed as an SVG picture or plain text (all or nothing); ``html`` (called without
    the command line, which writes the page instead) keeps Rich's transcript."""
    from revive_dsl.fileio import make_folder, write_text_atomic

    path = Path(file)
    exports = {"html": console.export_html, "text": console.export_text}
    text = exports[kind]() if kind in exports else console.export_svg(title="revive replay")
    make_folder(path.parent)
    write_text_atomic(path, text)
    print(f"wrote {path}", file=sys.stderr)


def main_cli(argv: list[str] | None = None) -> int:
    """``python -m revive_dsl.terminal.viewer FILE ...``: the viewer without the ``revive`` command."""
    parser = argparse.ArgumentParser(prog="revive replay", description="Play a replay script in the terminal.")
    add_arguments(parser)
    try:
        return main(parser.parse_args(argv))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main_cli())
