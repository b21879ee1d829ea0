"""Playing a game in the terminal and recording it as you go: ``revive play``.

Every decision is shown as a numbered menu of its legal options, each with its name and key
(``2  Mechanic (C)  start_c_1``). A number, a key or a unique prefix of a name (any case)
answers it; where the answers are themselves numbers (``convert how many?``) a typed number is the answer
and the entries are lettered (``a``, ``b``...) instead. ``?`` explains the decision, ``b`` takes back the last
move (the whole move: back to the state before it), ``s`` saves, ``s FILE`` saves to another file (and later
saves go there too) and ``q`` saves and quits. Seats given to ``--ai`` are played by a computer player
(``random``, ``greedy``, ``mcts`` or ``mcts:N``: :mod:`revive_dsl.ai`), seeing the game as it stands. After each
move the step is shown as ``revive replay`` shows it.

Nothing is overwritten unasked and no move is lost: an existing ``--out`` file is refused before the
game unless ``--force`` is given, and even then it is not written while no move has been made; the
target is tried before the game starts; a save that fails (a read-only folder, a full disk) says why
and the game goes on, and at the end the player is asked for another file until the game is saved.

Each finished move is written as its canonical move line (grouped as
:func:`revive_dsl.replay.record.moves_of` groups answers, with what chance drew in brackets)
and played through a :class:`~revive_dsl.replay.player.Replay` of the script being written, so
the saved script replays to the very state that was played. ``--from SCRIPT --at N`` keeps
the script's header and first N steps and goes on from there.

>>> from revive_dsl.engine.decisions import Decision, options_of
>>> d = Decision(0, "switch", "gain which basic resource?", options_of(["gear", "book", "food"]))
>>> [match(d, text, None) for text in ("2", "FOOD", "g")]
['book', 'food', 'gear']
>>> try:
...     match(d, "boo!", None)
... except NoMatch as err:
...     print(err)
'boo!' is not an option; did you mean book?
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import os
import random
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from revive_dsl.ai import ComputerPlayer, Position, check_player, make_player
from revive_dsl.engine.decisions import Decision
from revive_dsl.engine.game import Runner
from revive_dsl.engine.setup import setup_pending
from revive_dsl.fileio import WriteError, make_folder, writable_problem, write_text_atomic
from revive_dsl.positions import DslError
from revive_dsl.replay import chance
from revive_dsl.replay.console import width
from revive_dsl.replay.notation import format_move, parse_move
from revive_dsl.replay.player import Replay, ReplayError
from revive_dsl.replay.record import dump_script, move_line, pack_references, setup_outcomes
from revive_dsl.replay.script import FORMAT, Script, load_script, load_script_text

_NUMBER = re.compile(r"-?\d+")
HELP = (
    "a number (a letter where the answers are numbers), a key or a name answers · ?: explain · map: the map with"
    " terrain, space keys and tile slots · me: your board · tech: your technology tree · tracks: your machine tracks"
    " · progress: your progress track · slots: your card slots · b: take back the last move"
    " · s: save · s FILE: save to FILE · q: save and quit"
)


class NoMatch(ValueError):
    """Typed text that answers no option (or more than one)."""


class Quit(Exception):
    """The player asked to stop (``q``, or the input ended)."""


def option_name(key: str, label: str, rules: Any) -> str:
    """What a menu calls an option: its components' names, else its English label, else its key."""
    from revive_dsl.replay.render import with_names

    named = with_names(key, rules)
    return named if named != key else (label or key)


def lettered(decision: Decision) -> bool:
    """Whether a decision's menu is lettered: some answer is itself a number, so a typed number is that answer
    and the entries are picked by letter (``a``, ``b``...) instead.

    >>> from revive_dsl.engine.decisions import Decision, options_of
    >>> lettered(Decision(0, "convert", "convert how many?", options_of(["0", "1", "2"])))
    True
    """
    return any(_NUMBER.fullmatch(option.key) for option in decision.options)


def letter(index: int) -> str:
    """The letter of the entry ``index`` (from 0) of a lettered menu: ``a`` to ``z``, then ``aa``, ``ab``...

    >>> letter(0), letter(25), letter(26)
    ('a', 'z', 'aa')
    """
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(ord("a") + rest) + out
    return out


def labels(decision: Decision) -> list[str]:
    """What picks each entry of a decision's menu by its position: ``1``, ``2``... or, where the answers are
    numbers, ``a``, ``b``..."""
    if lettered(decision):
        return [letter(i) for i in range(len(decision.options))]
    return [str(i) for i in range(1, len(decision.options) + 1)]


def menu(decision: Decision, rules: Any) -> list[str]:
    """The numbered (or lettered) lines of a decision's menu.

    >>> from revive_dsl.engine.decisions import Decision, options_of
    >>> from revive_dsl.engine.rules import Rules
    >>> menu(Decision(0, "play", "play which card?", options_of(["start_c_1"])), Rules.load(("base",)))
    ['  1  Mechanic (C)  start_c_1']
    >>> menu(Decision(0, "convert", "convert how many?", options_of(["0", "1"])), None)
    ['  a  0', '  b  1']
    """
    shown = labels(decision)
    width = max(len(label) for label in shown) if shown else 1
    out = []
    for label, option in zip(shown, decision.options, strict=True):
        name = option_name(option.key, option.label, rules)
        out.append(f"  {label:>{width}}  {name}  {option.key}" if name != option.key else f"  {label:>{width}}  {name}")
    return out


def match(decision: Decision, text: str, rules: Any, hint: str = HELP) -> str:
    """The key ``text`` answers: its key, an entry's number (its letter where the answers are numbers), or a
    unique prefix of an option's name or key (any case). ``hint`` ends the refusal of text that fits nothing.

    >>> from revive_dsl.engine.decisions import Decision, options_of
    >>> many = Decision(0, "convert", "convert how many?", options_of(["0", "1", "2"]))
    >>> match(many, "1", None), match(many, "a", None)
    ('1', '0')
    """
    typed = text.strip()
    low = typed.lower()
    options = decision.options
    for option in options:
        if option.key.lower() == low:
            return option.key
    shown = labels(decision)
    if low in shown:
        return options[shown.index(low)].key
    names = {o.key: option_name(o.key, o.label, rules) for o in options}
    hits = [o.key for o in options if low and (names[o.key].lower().startswith(low) or o.key.lower().startswith(low))]
    if len(hits) == 1:
        return hits[0]
    pick = "a letter" if lettered(decision) else "a number"
    if hits:
        listed = ", ".join(names[k] for k in hits[:6]) + (", ..." if len(hits) > 6 else "")
        raise NoMatch(f"'{typed}' fits {len(hits)} options ({listed}); type more of it, or {pick}")
    if typed.isdigit() and not lettered(decision):
        raise NoMatch(f"there is no option {typed}: the options are numbered 1 to {len(options)}")
    if _NUMBER.fullmatch(typed) or (lettered(decision) and len(typed) == 1 and typed.isalpha()):
        raise NoMatch(
            f"'{typed}' is not an option: the answers are {', '.join(o.key for o in options)}"
            f" (lettered a to {shown[-1]})"
        )
    words = {names[o.key].lower(): names[o.key] for o in options} | {o.key.lower(): o.key for o in options}
    close = difflib.get_close_matches(low, list(words), n=1, cutoff=0.5)
    said = f"; did you mean {words[close[0]]}?" if close else f"; {hint}"
    raise NoMatch(f"'{typed}' is not an option{said}")


@dataclass
class Played:
    """One move written by this session: its line, and whether a person answered any of it."""

    text: str
    human: bool
    answers: list[tuple[int, str]] = field(default_factory=list)  # (seat, key) per decision, in order


@dataclass
class Session:
    """A game being played and written: the replay of the script so far and the moves added to it."""

    replay: Replay
    data: dict[str, Any]  # the script's header (and its kept steps), as written
    out: Path
    ai: dict[int, ComputerPlayer] = field(default_factory=dict)
    kept: list[Any] = field(default_factory=list)  # the source script's first N steps, as written there
    moves: list[Played] = field(default_factory=list)
    written: str | None = None  # the text this session last wrote to out

    @property
    def rules(self) -> Any:
        return self.replay.rules

    @property
    def names(self) -> list[str]:
        return self.replay.names

    def script_data(self) -> dict[str, Any]:
        data = dict(self.data)
        data["steps"] = [*self.kept, *(m.text for m in self.moves)]
        return data

    def step_count(self) -> str:
        count = len(self.kept) + len(self.moves)
        return f"{count} step{'s' * (count != 1)}"

    def text(self) -> str:
        """The script as it is written to :attr:`out`."""
        return dump_script(self.script_data(), self.out.parent)

    def save(self) -> str:
        """Write the script to :attr:`out` unless that changes nothing; what was done, as a sentence.

        Nothing is written while no move has been made (no file appears for a game never played, and nothing
        played is never written over a game), nor a text already saved. Raises
        :class:`~revive_dsl.fileio.WriteError`.
        """
        text = self.text()
        if text == self.written:
            return f"{self.out} is up to date ({self.step_count()})"
        if self.written is None and not self.moves:
            there = "left as it was" if self.out.exists() else "not written"
            return f"no move made; {self.out} {there}"
        make_folder(self.out.parent)
        write_text_atomic(self.out, text)
        self.written = text
        return f"saved {self.out} ({self.step_count()})"

    def retarget(self, path: str | Path) -> str | None:
        """Save to ``path`` from now on (the packs named relative to its folder); why not, or None.

        A file that is there already is refused (unless it is :attr:`out`), as is one that cannot be written.
        """
        new = Path(path)
        if new.exists() and not _same(new, self.out):
            return f"{new} exists; not overwriting it: give another file"
        problem = writable_problem(new)
        if problem:
            return f"{new}: {problem}"
        old = self.out.parent
        named = [p if "/" not in p and "\\" not in p else str(old / p) for p in self.data.get("packs", [])]
        self.data["packs"] = pack_references(named, new.parent)
        self.out, self.written = new, None
        return None


def _same(one: Path, two: Path) -> bool:
    try:
        return one.samefile(two)
    except OSError:
        return False


def new_session(
    players: list[tuple[str, str, str]],
    packs: list[str],
    seed: int,
    variants: list[str],
    out: str | Path,
    draws: str = "seed",
    ai: dict[str, str] | None = None,
) -> Session:
    """A new game, to be written to ``out``; raise DslError for a header the replay cannot set up."""
    out = Path(out)
    data: dict[str, Any] = {"format": FORMAT, "title": f"{', '.join(p[0] for p in players)}: a game played"}
    data["packs"] = pack_references(packs, out.parent)
    data["players"] = [{"name": n, "tribe": t, "side": s} for n, t, s in players]
    if variants:
        data["variants"] = list(variants)
    data["setup"] = {"seed": seed, "draws": draws}
    session = _session(data, [], out, seed, ai or {})
    # what the setup showed, written, so the game replays after its packs gain a card (the seed then deals otherwise)
    data["setup"]["recorded"] = True  # ... all of it: a component a pack gains later stays out of the game
    data["setup"]["outcomes"] = setup_outcomes(session.replay.rules, players, seed, list(variants))
    return session


def from_script(source: str | Path, at: int | None, out: str | Path, ai: dict[str, str] | None = None) -> Session:
    """Go on from step ``at`` of a recorded script (default: its end); its header and first steps are kept."""
    script = load_script(source)
    total = len(script.steps)
    at = total if at is None else at
    if not 0 <= at <= total:
        raise ValueError(f"--at {at}: the script has {total} steps (0 to {total})")
    out = Path(out)
    data = {k: v for k, v in script.data.items() if k != "steps"}
    data["packs"] = _repoint(script, out)
    seed = int(script.setup.get("seed", 0))
    return _session(data, list(script.data["steps"][:at]), out, seed, ai or {})


def _repoint(script: Script, out: Path) -> list[str]:
    """The script's packs as a script in ``out``'s folder must name them (paths are relative to the script)."""
    folder = Path(script.file).parent
    named = [p if "/" not in p and "\\" not in p else str(folder / p) for p in script.packs]
    return pack_references(named, out.parent)


def _session(data: dict[str, Any], kept: list[Any], out: Path, seed: int, ai: dict[str, str]) -> Session:
    text = dump_script({**data, "steps": kept})
    replay = Replay(load_script_text(text, str(out)))
    replay.run()
    drivers: dict[int, ComputerPlayer] = {}
    for name, kind in ai.items():
        if name not in replay.names:
            raise ValueError(
                f"--ai {name}={kind}: no player is called {name}; the players are {', '.join(replay.names)}"
            )
        problem = check_player(kind)
        if problem:
            raise ValueError(f"--ai {name}={kind}: {problem}")
        drivers[replay.names.index(name)] = make_player(kind, seed + 1000 * (replay.names.index(name) + 1))
    return Session(replay, data, out, drivers, kept)


class Player:
    """The loop: ask each decision (or let a driver answer), write each finished move, show it."""

    def __init__(self, session: Session, ask: Callable[[str], str], console: Console):
        self.session = session
        self.ask = ask
        self.console = console

    def say(self, text: str, style: str = "bold") -> None:
        self.console.print(Text(text, style=style))

    def run(self) -> int:
        """Play until the game is over or the player quits; the script is saved either way. Returns 0, or 1
        when the player gave up saving after a save failed."""
        s = self.session
        self.say(f"{s.replay.script.title}: {HELP}")
        try:
            while not s.replay.game.turn.over:
                self.one_move()
        except Quit:
            return self.finish("")
        except SystemExit:  # ended from outside (SIGTERM, the terminal closed): keep what was played if it can be
            with contextlib.suppress(DslError, OSError):
                self.say(s.save())
            raise
        from revive_dsl.terminal.viewer import state_view

        self.console.print(state_view(s.replay))
        return self.finish("the game is over; ")

    def finish(self, about: str) -> int:
        """Save at the end; while the save fails, say why and ask for another file (nothing typed: give up)."""
        s = self.session
        while True:
            try:
                done = s.save()
            except WriteError as err:
                self.say(f"not saved: {err}", "bold red")
                try:
                    typed = self.ask("save to which file? (nothing: end without saving) ").strip()
                except EOFError:  # nobody to ask: the script goes to the terminal rather than nowhere
                    self.say("the input ended; the game's script, saved nowhere, follows")
                    self.console.print(Text(s.text()), soft_wrap=True, end="")
                    return 1
                if not typed:
                    self.say(f"the game was not saved ({s.step_count()})")
                    return 1
                problem = s.retarget(typed)
                if problem:
                    self.say(problem, "")
                continue
            self.say(about + done)
            return 0

    def save(self, path: str = "") -> None:
        """``s`` (or ``s FILE``) in the game: save, and on a failure say why; the game goes on either way."""
        s = self.session
        if path:
            problem = s.retarget(path)
            if problem:
                self.say(problem, "")
                return
        try:
            self.say(s.save())
        except WriteError as err:
            self.say(f"not saved: {err}; the game goes on: type s FILE to save to another file", "bold red")

    def one_move(self) -> None:
        """Answer one whole move (setup choices, or a turn's move) and commit it; ``b`` may undo instead."""
        s = self.session
        before = s.replay.game
        runner = Runner(before.clone(), s.rules)
        answers: list[tuple[int, str]] = []
        human = False
        in_setup = setup_pending(before)
        while True:
            decision = runner.decision()  # a move ends where record.moves_of cuts one: at the next turn
            if decision is None or (answers and runner.between_moves and decision.rule == "turn"):
                break
            if decision.player in s.ai:
                position = Position(s.rules, before, tuple(key for _, key in answers), decision)
                key = s.ai[decision.player].choose(position)
            else:
                key = self.choose(decision, bool(answers))
                if key is None:  # taken back
                    return
                human = True
            runner.answer(key)
            answers.append((decision.player, key))
        took = chance.drawn(before, runner.game)
        line = format_move(move_line(s.names, answers, in_setup, took))
        self.commit(line, human, answers)

    def commit(self, line: str, human: bool, answers: list[tuple[int, str]]) -> None:
        """Play the written line through the replay (as a replay of the saved script will) and show it."""
        from revive_dsl.terminal.viewer import step_view

        s = self.session
        result = s.replay.apply(parse_move(line, "<play>"))
        s.replay.states.append(result.after)
        s.moves.append(Played(line, human, answers))
        self.console.print(step_view(result, s.replay))

    def choose(self, decision: Decision, under_way: bool) -> str | None:
        """Ask until an option is chosen; None when the player took a move back."""
        s = self.session
        who = s.names[decision.player] if 0 <= decision.player < len(s.names) else "chance"
        if decision.rule == "turn" and not under_way:  # a person's turn begins: the map and their board first
            self.show_board(who)
        self.show_menu(decision, who)
        while True:
            try:
                typed = self.ask(f"{who}> ")
            except EOFError:
                raise Quit from None
            word = typed.strip()
            if word in ("q", "quit"):
                raise Quit
            command, _, rest = word.partition(" ")
            if command in ("s", "save"):
                self.save(rest.strip())
                continue
            if word in ("?", "help"):
                self.explain(decision, who)
                continue
            if word == "map":
                from revive_dsl.replay.hexmap import render_coordinates

                self.console.print(render_coordinates(s.replay.game, s.rules))
                continue
            if word in ("me", "board"):
                self.show_board(who, with_map=False)
                continue
            if self.show_view(word, who):
                continue
            if word in ("b", "back"):
                self.take_back(under_way)
                return None
            try:
                return match(decision, word, s.rules)
            except NoMatch as err:
                self.say(str(err), "")
                self.show_menu(decision, who)

    def show_board(self, who: str, with_map: bool = True) -> None:
        """The map (with ``with_map``) and the board of the player ``who``, as the game stands."""
        from revive_dsl.replay.hexmap import render_map
        from revive_dsl.replay.render import render_players

        s = self.session
        if with_map:
            self.console.print(render_map(s.replay.game, s.rules))
        if who in s.names:
            self.console.print(render_players(s.replay.game, s.rules).renderables[s.names.index(who)])

    def show_view(self, word: str, who: str) -> bool:
        """A board of :mod:`~revive_dsl.terminal.boards` (``tech``, ``tracks``...) of ``who``; True if ``word`` named
        one."""
        from revive_dsl.terminal.boards import render_view

        s = self.session
        seat = s.names.index(who) if who in s.names else 0
        shown = render_view(word, s.replay.game, s.rules, seat)
        if shown is not None:
            self.console.print(shown)
        return shown is not None

    def show_menu(self, decision: Decision, who: str) -> None:
        from revive_dsl.replay.render import with_names

        self.say(f"{who}: {with_names(decision.prompt, self.session.rules)}")
        for line in menu(decision, self.session.rules):
            self.console.print(Text(line))

    def explain(self, decision: Decision, who: str) -> None:
        from revive_dsl.replay.render import with_names

        rules = self.session.rules
        rule = with_names(decision.title, rules)
        rule = decision.title if rule == decision.title else f"{rule} ({decision.title})"
        count = len(decision.options)
        self.say(
            f"{who} decides: {decision.prompt} -- rule {rule}; {count} legal option{'s' * (count != 1)}. {HELP}", ""
        )

    def take_back(self, under_way: bool) -> None:
        """Back to the state before the last move a person made (the drivers' moves after it go too)."""
        s = self.session
        if under_way:
            self.say("the move under way is taken back")
            return
        if not s.moves:
            self.say("there is no move of this session to take back")
            return
        while s.moves:
            gone = s.moves.pop()
            s.replay.back_to(s.replay.done - 1)
            if gone.human:
                break
        self.say(f"took back {gone.text}; back at step {s.replay.done}")


# --- the command line ---------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``revive play``."""
    parser.add_argument(
        "--players", help='seats as NAME:TRIBE[:SIDE], comma-separated: "Ann:nadair:sun,Bo:formica:moon"'
    )
    parser.add_argument("--packs", default="base", help="content packs, e.g. base or base,abyss")
    parser.add_argument("--seed", type=int, help="the setup seed (default: a random one, printed)")
    parser.add_argument("--variants", default="", help="comma-separated variants, e.g. artifact_choice")
    parser.add_argument(
        "--ai",
        default="",
        help="seats played by the computer: NAME=PLAYER, comma-separated; PLAYER: random, greedy, mcts or mcts:N "
        "(N playouts a decision)",
    )
    parser.add_argument("--draws", choices=("seed", "script"), default="seed", help="setup draws: of a new game")
    parser.add_argument("--from", dest="source", metavar="SCRIPT", help="go on from a recorded game")
    parser.add_argument("--at", type=int, metavar="N", help="with --from: after which step (default: its last)")
    parser.add_argument("--out", required=True, help="the script file to write the game to")
    parser.add_argument("--force", action="store_true", help="write over --out if it is a file already")
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")
    parser.add_argument("--width", type=width, metavar="N", help="width of the output in columns")


def parse_players(text: str, rules: Any = None) -> list[tuple[str, str, str]]:
    """``"Ann:nadair:sun,Bo:formica"`` as seats; a missing side is the tribe's first.

    >>> parse_players("Ann:nadair:sun, Bo:formica:moon")
    [('Ann', 'nadair', 'sun'), ('Bo', 'formica', 'moon')]
    """
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        bits = part.split(":")
        if len(bits) not in (2, 3) or not all(bits):
            raise ValueError(f"--players: {part!r} is not NAME:TRIBE or NAME:TRIBE:SIDE")
        side = bits[2] if len(bits) == 3 else _first_side(rules, bits[1])
        out.append((bits[0], bits[1], side))
    if not out:
        raise ValueError("--players: no seats given")
    return out


def _first_side(rules: Any, tribe: str) -> str:
    try:
        return next(iter(rules.data(tribe)["sides"]))
    except (AttributeError, KeyError, TypeError):
        return "sun"


def parse_ai(text: str) -> dict[str, str]:
    """``"Bo=random"`` as {seat name: driver}.

    >>> parse_ai("Bo=random, Cy")
    {'Bo': 'random', 'Cy': 'random'}
    """
    out = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, _, kind = part.partition("=")
        out[name.strip()] = kind.strip() or "random"
    return out


def session_of(args: argparse.Namespace) -> Session:
    ai = parse_ai(args.ai)
    if args.source:
        return from_script(args.source, args.at, args.out, ai)
    if not args.players:
        raise ValueError("give --players NAME:TRIBE[:SIDE],... for a new game, or --from SCRIPT to go on with one")
    from revive_dsl.engine.rules import Rules

    packs = [p for p in args.packs.split(",") if p]
    rules = Rules.load(tuple(packs)) if all(os.sep not in p and "/" not in p for p in packs) else None
    players = parse_players(args.players, rules)
    seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
    if args.seed is None:
        print(f"seed {seed}", file=sys.stderr)
    variants = [v for v in args.variants.split(",") if v]
    return new_session(players, packs, seed, variants, args.out, args.draws, ai)


def main(args: argparse.Namespace, ask: Callable[[str], str] = input, console: Console | None = None) -> int:
    """``revive play``: play a game in the terminal, writing it to ``--out``; return the exit code."""
    from revive_dsl.terminal.viewer import make_console

    problem = out_problem(args.out, args.force)
    if problem:  # found before the game starts, not when it is saved
        print(f"revive play: --out {args.out}: {problem}", file=sys.stderr)
        return 2
    console = console or make_console(args.no_color, args.width)
    try:
        session = session_of(args)
    except ValueError as err:
        print(f"revive play: {err}", file=sys.stderr)
        return 2
    except DslError as err:
        print(str(err), file=sys.stderr)
        return 1
    try:
        return Player(session, ask, console).run()
    except ReplayError as err:  # pragma: no cover - a written move the replay refuses is a bug: keep the game
        session.save()
        print(f"{err}\nthe moves before it are saved in {session.out}", file=sys.stderr)
        return 1


def out_problem(out: str | Path, force: bool) -> str | None:
    """Why the game cannot be written to ``out``, found before it starts (tried by writing beside it), or None.

    An existing file is refused unless ``force``; a device or a pipe (``/dev/null``) is written into.
    """
    path = Path(out)
    problem = writable_problem(path)
    if problem is None and path.is_file() and not force:
        problem = "the file exists; not overwriting it (give --force to write over it, or another --out)"
    return problem
