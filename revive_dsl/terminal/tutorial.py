"""Tutorials: a replay script read aloud, in which the learner makes some of the moves.

A tutorial is an ordinary script (``replays/tutorials/NAME.yaml``) whose ``description`` and
step ``note``\\ s are Markdown. :func:`run_tutorial` shows the description, then each step with
its note and highlights. At a step marked ``try: true`` the learner types the move -- in move
notation (``Ann switch food``) or just what follows their name (``switch food``). The move is
tried on the current state: if it gives the same state as the scripted move it is accepted;
otherwise (illegal, or legal but different) the step's ``hint`` and the legal options at that
point are shown and the learner may type again, type ``show`` to see the scripted move, or press
Enter (then ``y`` at "play it for you? y/n") or type ``skip`` to have it played. A move typed in part (its
first word, ``explore a04 deck`` without the orientation, ``play seer``) is finished from a menu of each open
question (:func:`_walk`); an empty line leaves the menu. When stdin is not a terminal the scripted moves are
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
>>> answers = iter(["", "switch tea", "switch food", ""])
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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.markdown import Markdown
from rich.panel import Panel
from rich.text import Text

from revive_dsl.engine.decisions import Decision
from revive_dsl.engine.game import Runner
from revive_dsl.locations import replays_root
from revive_dsl.positions import DslError
from revive_dsl.replay.console import width
from revive_dsl.replay.notation import Answer, MoveLine, parse_move, quote
from revive_dsl.replay.player import Replay, ReplayError, StepResult
from revive_dsl.replay.script import Script, Step, load_script
from revive_dsl.terminal.viewer import is_interactive, make_console, show_error, state_view, step_view

DEFAULT = "intro"
SHOW = "show"
HINT = "hint"
QUIT = ("q", "quit")
HELP = ("?", "help")
MAP = ("map",)
ME = ("me", "board")
BACK = ("back",)
MENU_HELP = "Pick an answer by its {pick}, key or name; Enter: back to your move."
CONFIRM = "play it for you? y/n > "
YES = ("y", "yes")
COMMANDS_HELP = (
    "Commands (never moves): ? or help: the open question and each answer; map: the map with terrain, space keys"
    " and tile slots; me or board: your player board; tech: your technology tree with costs; tracks: your machine"
    " tracks and reward spaces; progress: your progress track and its points; slots: your card slots and activation"
    " symbols; hint: a hint for your move; show: the move the lesson makes; back: the step before; q: quit."
)


def tutorials_dir() -> Path:
    """The folder of the bundled tutorials."""
    return replays_root() / "tutorials"


def chapter_names() -> list[str]:
    """The curriculum's chapters (``chapters/NN-topic.yaml``), in their order.

    >>> all(name[:2].isdigit() for name in chapter_names())
    True
    """
    return sorted(p.stem for p in (tutorials_dir() / "chapters").glob("*.yaml"))


def tutorial_names() -> list[str]:
    """Every bundled tutorial's name: the introduction, the chapters in order, then the others (file stems).

    >>> tutorial_names()[0]
    'intro'
    """
    others = sorted(p.stem for p in tutorials_dir().glob("*.yaml"))
    first = [DEFAULT] if DEFAULT in others else []
    return first + chapter_names() + [name for name in others if name != DEFAULT]


def tutorial_path(name: str) -> Path:
    """The file of a bundled tutorial by name (a chapter's in ``chapters/``)."""
    chapter = tutorials_dir() / "chapters" / f"{name}.yaml"
    return chapter if chapter.is_file() else tutorials_dir() / f"{name}.yaml"


def next_tutorial() -> str | None:
    """The first tutorial, in the curriculum's order, the learner has not finished; None when all are."""
    from revive_dsl.terminal.progress import done

    finished = set(done())
    return next((name for name in tutorial_names() if name not in finished), None)


def find_tutorial(name: str) -> Path:
    """The file of a tutorial given by name (or by path); FileNotFoundError with a did-you-mean."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and path.is_file():
        return path
    candidate = tutorial_path(name)
    if candidate.is_file():
        return candidate
    numbered = [n for n in chapter_names() if n.split("-", 1)[-1] == name or n[:2] == name.zfill(2)]
    if len(numbered) == 1:  # a chapter by its topic or its number: `explore`, `4`
        return tutorial_path(numbered[0])
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


def _resolve(replay: Replay, move: MoveLine) -> tuple[Runner, list[str]]:
    """Play a typed move's answers (verb first) on a copy of the state, each legal key as it is and each name or
    unique prefix of one option as that option's key, as far as they go: the runner after them and the keys
    played (fewer than typed where one goes astray)."""
    from revive_dsl.terminal.play import NoMatch, match

    runner = Runner(replay.game.clone(), replay.rules)
    out: list[str] = []
    for key in [move.verb or "", *(a.key for a in move.answers)]:
        decision = runner.decision()
        if decision is None:
            break
        if key not in decision.legal_keys() and not key.isdigit():
            try:
                key = match(decision, key, replay.rules)
            except NoMatch:
                break
        try:
            runner.answer(key)
        except ValueError:
            break
        out.append(key)
    return runner, out


def by_name(replay: Replay, move: MoveLine) -> MoveLine:
    """The move with each answer that is not a legal key but names one option (a unique prefix of its name or key,
    any case: ``grower`` for ``start_c_5``) replaced by that option's key, up to the first answer that goes astray;
    that one and those after it are left as typed, so a refusal points at the first answer at fault.

    >>> from revive_dsl.replay.notation import format_move
    >>> from revive_dsl.replay.script import load_script_text
    >>> text = "format: 1\\nplayers: [{name: Ann, tribe: nadair, side: sun}]\\nsetup: {seed: 12}\\nsteps: []\\n"
    >>> replay = Replay(load_script_text(text, "demo.yaml"))
    >>> format_move(by_name(replay, read_move("play grower top_left", "Ann")))
    'Ann play start_c_5 top_left'
    >>> format_move(by_name(replay, read_move("play grower tpo_left", "Ann")))
    'Ann play start_c_5 tpo_left'
    """
    if move.is_setup:
        return move
    typed = [move.verb or "", *(a.key for a in move.answers)]
    keys = _resolve(replay, move)[1]
    keys += typed[len(keys) :]
    answers = tuple(Answer(k, a.player, a.pos) for k, a in zip(keys[1:], move.answers, strict=True))
    return MoveLine(move.player, keys[0], answers, move.reveals, move.pos, move.verb_pos)


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


class Paged:
    """A console for a learner at a terminal: what is printed between two questions never scrolls off the screen
    (``-- more --`` pauses when it would); elsewhere (a file, a test's console) it prints as the console does.

    A panel that fits on a screen is never cut: the pause comes before it. One taller than the screen is cut where
    the screen is full, and the pause's line is wiped once answered, so no ``-- more --`` stays inside a panel."""

    WIPE = "\x1b[1A\x1b[2K"  # the cursor up to the answered pause's line, and that line cleared

    def __init__(self, console: Console, ask: Callable[[str], str]):
        self.console, self._ask = console, ask
        self.used = 0  # lines shown since the last question

    def __getattr__(self, name: str):
        return getattr(self.console, name)

    def print(self, *renderables) -> None:
        console = self.console
        if not console.is_terminal:
            console.print(*renderables)
            return
        room = max(console.size.height - 1, 4)
        for block in _blocks(renderables):
            with console.capture() as captured:
                console.print(block)
            lines = captured.get().rstrip("\n").split("\n")
            if self.used and self.used + len(lines) > room >= len(lines):  # whole on the next screen
                self._more()
            while lines:
                if self.used >= room:
                    self._more()
                chunk, lines = lines[: room - self.used], lines[room - self.used :]
                console.file.write("\n".join(chunk) + "\n")
                console.file.flush()
                self.used += len(chunk)

    def _more(self) -> None:
        self._ask("-- more: Enter --")
        self.console.file.write(self.WIPE)
        self.used = 0

    def ask(self, prompt: str) -> str:
        self.used = 0
        return self._ask(prompt)


def _blocks(renderables: Iterable[Any]) -> list[Any]:
    """What is printed, a group opened into its parts: each part is kept whole on a screen where it fits."""
    out: list[Any] = []
    for item in renderables:
        out += _blocks(item.renderables) if isinstance(item, Group) else [item]
    return out


class _Back(Exception):
    """The learner asked to go back a step."""


def explain(replay: Replay, keys: list[str]) -> Text:
    """The question open after the answers ``keys`` (from the state before the step), with every answer in the
    game's words, numbered (lettered where the answers are numbers): what ``?`` shows.

    >>> from revive_dsl.replay.script import load_script_text
    >>> text = "format: 4\\nplayers: [{name: Ann, tribe: nadair, side: sun}]\\nsetup: {seed: 3}\\nsteps: []\\n"
    >>> print(explain(Replay(load_script_text(text, "demo.yaml")), ["switch"]).plain.splitlines()[0])
    Ann: gain which basic resource?
    """
    from revive_dsl.replay.render import with_names
    from revive_dsl.terminal.play import labels

    runner = Runner(replay.game.clone(), replay.rules)
    for key in keys:
        runner.answer(key)
    decision = runner.decision()
    if decision is None:
        return Text("The game is over: nothing is asked.")
    who = replay.names[decision.player] if decision.player >= 0 else "chance"
    out = Text(f"{who}: {decision.prompt}\n", style="bold")
    for label, option in zip(labels(decision), decision.options, strict=True):
        name = with_names(option.key, replay.rules)
        said = option.label if option.label and option.label not in (option.key, name) else ""
        out.append(f"  {label:>2}. {option.key}")
        out.append(f" ({name})" if name != option.key else "")
        out.append(f" - {said}\n" if said else "\n", style="dim")
    return out


def _command(word: str, replay: Replay, player: str, console: Console, keys: list[str]) -> bool:
    """Carry out a command that is never a move (help, map, me, a board of :mod:`~revive_dsl.terminal.boards`, back);
    True if ``word`` was one."""
    from revive_dsl.replay.hexmap import render_coordinates
    from revive_dsl.replay.render import render_players
    from revive_dsl.terminal.boards import VIEWS, render_view

    seat = replay.names.index(player) if player in replay.names else 0
    if word in HELP:
        console.print(explain(replay, keys))
        console.print(Text(COMMANDS_HELP, style="dim"))
    elif word in MAP:
        console.print(render_coordinates(replay.game, replay.rules))
    elif word in ME:
        console.print(render_players(replay.game, replay.rules).renderables[seat])
    elif word in VIEWS:
        console.print(render_view(word, replay.game, replay.rules, seat))
    elif word in BACK:
        raise _Back
    else:
        return False
    return True


class _Left(Exception):
    """The learner left a menu (an empty line): back to the move prompt."""


class _Quit(Exception):
    """The learner quit in a menu (``q``, or the input ended)."""


def _asks(runner: Runner, replay: Replay, player: str) -> bool:
    """Whether the move under way on ``runner`` still waits for an answer of ``player``."""
    decision = runner.decision()
    if runner.between_moves or decision is None or not 0 <= decision.player < len(replay.names):
        return False
    return replay.names[decision.player] == player


def _walk(replay: Replay, text: str, player: str, console: Console, ask: Callable[[str], str]) -> str | None:
    """A move typed in part -- its first word (``play``), or its first answers (``explore a04 deck``, ``play seer``;
    names and unique prefixes allowed) -- finished by asking each open question in turn as a menu. The whole
    move line, or None when the typed part is already a whole move or goes astray (it is then tried as typed, and
    a refusal names the answer at fault). Raises :class:`_Left` when the learner leaves a menu, :class:`_Quit`
    when they quit, :class:`_Back` for ``back``."""
    try:
        move = read_move(text, player)
    except DslError:
        return None
    if move.is_setup:
        return None
    runner, keys = _resolve(replay, move)
    if len(keys) < 1 + len(move.answers) or not _asks(runner, replay, player):
        return None
    while _asks(runner, replay, player):
        key = _pick(replay, runner.decision(), keys, player, console, ask)
        runner.answer(key)
        keys.append(key)
    return " ".join(quote(key) for key in keys)


def _pick(
    replay: Replay, decision: Decision, keys: list[str], player: str, console: Console, ask: Callable[[str], str]
) -> str:
    """One question of a move asked as a menu: the key the learner picks (by number, or by letter where the
    answers are numbers; by key; by name or a unique prefix of one)."""
    from revive_dsl.terminal.play import NoMatch, lettered, match

    console.print(explain(replay, keys))
    pick = "letter" if lettered(decision) else "number"
    console.print(Text(MENU_HELP.format(pick=pick), style="dim"))
    prompt = f"{pick} or answer> "
    while True:
        try:
            typed = ask(prompt).strip()
        except EOFError:
            raise _Quit from None
        if typed in QUIT:
            raise _Quit
        if not typed:
            raise _Left
        if _command(typed, replay, player, console, keys):
            continue
        try:
            return match(decision, typed, replay.rules, hint="? lists the answers, Enter goes back to your move")
        except NoMatch as err:
            console.print(Text(str(err), style="yellow"))


def _learner_step(replay: Replay, step: Step, console: Console, ask: Callable[[str], str]) -> StepResult | None:
    """Let the learner make the step's move; the played result, or None if they quit (:class:`_Back`: back)."""
    scripted = _scripted_json(replay, step)
    player = step.move.player or "setup"
    console.print(
        Text(
            f"Your move, {player}. Type it (without your name), or only its start and answer each question left;"
            " ? for help, Enter to have it played."
        )
    )
    while True:
        try:
            word = ask(f"{player}> ").strip()
            if word in QUIT:
                return None
            if word == "skip" or (not word and _confirmed(console, ask)):
                console.print(Text(f"Played for you: {step.text}", style="bold"))
                break
            if not word or _aside(word, replay, step, player, console):
                continue
            word = _walk(replay, word, player, console, ask) or word
        except (EOFError, _Quit):
            return None
        except _Left:
            console.print(Text("Back to your move.", style="dim"))
            continue
        if _tried(replay, step, word, scripted, console):
            break
    return replay.step()


def _confirmed(console: Console, ask: Callable[[str], str]) -> bool:
    """Enter at a try-it step: whether the learner wants the move played for them (``y``); any other answer goes
    back to the move prompt."""
    if ask(CONFIRM).strip().lower() in YES:
        return True
    console.print(Text("Not played: type your move, or show to see it.", style="dim"))
    return False


def _aside(word: str, replay: Replay, step: Step, player: str, console: Console) -> bool:
    """Carry out a word at the move prompt that is never a move (show, hint, the commands); True if it was one."""
    if word == SHOW:
        console.print(Text(f"The move here is: {step.text}", style="bold"))
    elif word == HINT:  # on demand, before any try
        console.print(Text(f"Hint: {step.hint}" if step.hint else "No hint here: ? lists the answers.", style="cyan"))
    else:
        return _command(word, replay, player, console, [])
    return True


def _tried(replay: Replay, step: Step, word: str, scripted: str, console: Console) -> bool:
    """Try the learner's move: True when it is the step's; else say why, with the hint and the legal answers."""
    attempt = try_move(replay, step, word, scripted)
    if attempt.accepted:
        console.print(Text("Well done: that is the move.", style="bold green"))
        return True
    console.print(Text(attempt.message, style="yellow"))
    if step.hint:
        console.print(Text(f"Hint: {step.hint}", style="cyan"))
    if attempt.legal:
        console.print(Text(f"legal: {', '.join(_named(key, replay) for key in attempt.legal)}"))
    console.print(
        Text("Type the move again, or only its start, ? for help, show to see it, or Enter to have it played.")
    )
    return False


def run_tutorial(
    script: Script,
    console: Console,
    ask: Callable[[str], str] = input,
    interactive: bool | None = None,
    on_finish: Callable[[], None] | None = None,
) -> int:
    """Run a tutorial; return the exit code (0, or 1 if a step cannot be played). ``on_finish`` is called when a
    learner (``interactive``) reaches the end."""
    if interactive is None:
        interactive = is_interactive()
    if interactive:  # a screen at a time
        paged = Paged(console, ask)
        console, ask = paged, paged.ask  # type: ignore[assignment]
    replay = Replay(script)
    console.print(Panel(Markdown(script.data.get("description", "")), title=script.title, border_style="magenta"))
    if interactive:  # the welcome stays on the screen until the learner is ready
        try:
            if ask("Enter: begin, q: quit > ").strip() in QUIT:
                return 0
        except EOFError:
            return 0
        from revive_dsl.replay.hexmap import render_map

        console.print(render_map(replay.game, replay.rules))
    else:
        console.print(state_view(replay))
    index = 0
    waiting = False  # back before a step already shown: the learner says when to play it again
    noted = -1  # the step whose note is on the screen already (back at the first step stays there)

    def between() -> bool:
        """The question between two steps (Enter: go on; commands answered); False if the learner quits."""
        while True:
            try:
                word = ask("Enter: next step, ? for help, q: quit > ").strip()
            except EOFError:
                return False
            if word in QUIT:
                console.print(Text("Tutorial stopped.", style="bold"))
                return False
            player = script.steps[index].move.player or "" if index < len(script.steps) else ""
            if not word or not _command(word, replay, player, console, []):
                return True

    try:
        while index < len(script.steps):
            step = script.steps[index]
            try:
                if interactive and waiting and not step.try_it and not between():
                    return 0
                waiting = False
                if interactive and step.try_it:
                    if noted != index:
                        _note(console, step)
                    noted = index
                    result = _learner_step(replay, step, console, ask)
                    if result is None:
                        console.print(Text("Tutorial stopped.", style="bold"))
                        return 0
                    console.print(step_view(result, replay, note=False, learner=True))
                else:
                    result = replay.step()
                    console.print(step_view(result, replay, learner=True))
                index += 1
                if interactive and not replay.finished and not between():
                    return 0
            except _Back:
                if replay.done == 0:
                    console.print(Text("This is the first step: there is nothing before it.", style="yellow"))
                    continue
                replay.back_to(replay.done - 1)
                index, waiting, noted = replay.done, True, -1
                console.print(Text(f"Back to before step {index + 1}.", style="bold"))
    except ReplayError as err:
        return show_error(err, console, replay)
    console.print(state_view(replay))
    console.print(Text(f"End of the tutorial '{script.title}'.", style="bold"))
    if interactive and on_finish is not None:  # played through by someone: it counts as done
        on_finish()
    return 0


# --- the list ---------------------------------------------------------------------------------------

# A chapter's packs -> the heading of its group, naming the rulebook it teaches.
GROUPS: dict[tuple[str, ...], str] = {
    ("base",): "The base game (rulebook 003)",
    ("base", "abyss"): "Call of the Abyss expansion (rulebook 004)",
}
LIST_COLUMN = 40  # two columns of chapters in 80
MARKS = {"done": "*", "next": ">"}


@dataclass
class Listed:
    """A tutorial as ``--list`` shows it."""

    name: str
    title: str
    packs: tuple[str, ...]


def listed(name: str) -> Listed:
    """A tutorial's name, title and packs; one that cannot be loaded says so in its title."""
    try:
        script = load_script(tutorial_path(name))
    except DslError:
        return Listed(name, "(cannot be loaded; run `revive replay` on it)", ())
    return Listed(name, script.title, tuple(script.packs))


def short_title(entry: Listed) -> str:
    """A chapter's title without its ``Chapter N:`` (the list shows the number), cut to fit its column.

    >>> short_title(Listed("01-turn", "Chapter 1: The turn", ("base",)))
    ' 1 The turn'
    """
    title = entry.title.split(": ", 1)[-1] if entry.title.startswith("Chapter ") else entry.title
    return f"{int(entry.name[:2]):>2} {title}"[: LIST_COLUMN - 3]


def _two_columns(cells: list[str]) -> list[str]:
    """Cells in two columns, the first half down the left; an odd cell out leaves the right column blank.

    >>> [line.split() for line in _two_columns(["a", "b", "c"])]
    [['a', 'c'], ['b']]
    """
    half = -(-len(cells) // 2)
    return [
        f"{left:{LIST_COLUMN}}{right}".rstrip() for left, right in zip_longest(cells[:half], cells[half:], fillvalue="")
    ]


def list_lines(finished: set[str], upcoming: str | None) -> list[str]:
    """``revive tutorial --list``: the chapters grouped by the rulebook they teach, two columns, each by number
    with ``*`` done and ``>`` next, then the other tutorials by name; it fits an 80x24 screen.

    >>> lines = list_lines(set(), "intro")
    >>> len(lines) <= 24, max(len(line) for line in lines) <= 80
    (True, True)
    """

    def mark(name: str) -> str:
        return MARKS["done"] if name in finished else MARKS["next"] if name == upcoming else " "

    chapters = [listed(name) for name in chapter_names()]
    out: list[str] = []
    for packs, heading in GROUPS.items():
        mine = [c for c in chapters if c.packs == packs]
        if mine:
            out += [f"{heading}:"]
            out += _two_columns([f"{mark(c.name)} {short_title(c)}" for c in mine])
    strays = [c for c in chapters if c.packs not in GROUPS]
    out += _two_columns([f"{mark(c.name)} {short_title(c)}" for c in strays])
    others = [listed(name) for name in tutorial_names() if name not in chapter_names()]
    out += ["Other tutorials:"] + [f"{mark(t.name)} {t.name}: {t.title}" for t in others]
    names = tutorial_names()
    out.append(
        f"{len(finished & set(names))} of {len(names)} done ({MARKS['done']} done, {MARKS['next']} next)."
        " Play one: revive tutorial 4 (or explore, next)"
    )
    return out


# --- the command ----------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``revive tutorial``."""
    parser.add_argument("name", nargs="?", default=DEFAULT, help=f"which tutorial (default: {DEFAULT})")
    parser.add_argument("--list", action="store_true", help="list the bundled tutorials")
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")
    parser.add_argument("--width", type=width, metavar="N", help="width of the output in columns")
    parser.add_argument(
        "--export", nargs=2, metavar=("html", "FILE"), help="write the tutorial's page (one HTML file) instead"
    )


def main(args: argparse.Namespace, ask: Callable[[str], str] = input) -> int:
    """``revive tutorial [NAME] [--list]``; return the exit code."""
    console = make_console(getattr(args, "no_color", False), getattr(args, "width", None))
    from revive_dsl.terminal.progress import done

    if args.list:
        for line in list_lines(set(done()), next_tutorial()):
            console.print(Text(line))
        return 0
    name = args.name
    if name.lower() == "next":
        name = next_tutorial()
        if name is None:
            done_all = "Every tutorial is done: `revive tutorial --list` shows them; name one to play it again."
            console.print(Text(done_all))
            return 0
    try:
        path = find_tutorial(name)
    except FileNotFoundError as err:
        print(str(err.args[0]), file=sys.stderr)
        return 1
    try:
        script = load_script(path)
    except DslError as err:
        return show_error(err, console, None)

    def finished() -> None:
        from revive_dsl.terminal.progress import mark_done

        problem = mark_done(path.stem)
        if problem:
            print(problem, file=sys.stderr)
        upcoming = next_tutorial()
        if upcoming:
            console.print(Text(f"Next: `revive tutorial next` ({upcoming}).", style="bold"))

    return run_tutorial(script, console, ask, on_finish=finished)


def intro_main() -> int:
    """``revive`` with no arguments: the introductory tutorial."""
    return main(argparse.Namespace(name=DEFAULT, list=False, no_color=False, width=None))


def main_cli(argv: list[str] | None = None) -> int:
    """``python -m revive_dsl.terminal.tutorial [NAME]``: the tutorials without the ``revive`` command."""
    parser = argparse.ArgumentParser(prog="revive tutorial", description="Play a tutorial.")
    add_arguments(parser)
    try:
        return main(parser.parse_args(argv))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main_cli())
