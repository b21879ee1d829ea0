"""What the language server knows of a replay or tutorial script: the game at each step, played by the engine.

A script is played back once per text (:class:`Scripts` keeps the last play of each file, and keeps it while the
text being typed does not load), so that:

- :meth:`Scripts.divergence` gives the first step where playing the script back stops matching it (the
  positioned message ``revive verify`` prints), for the editor's save;
- :meth:`Scripts.hover` tells a board space key (``-1,0``, ``corner_n``): its terrain, tile slot and neighbours,
  and what stands on it before and after the step the cursor is in;
- :meth:`Scripts.completions` offers, on a step's move line, the players' names, then the legal answers at that
  point of the game: the moves the player may make, then each answer the move asks for, in the engine's order;
- :meth:`Scripts.move_completion` gives the edit that completes a step's move line stopping at a question with
  one legal answer (:mod:`revive_dsl.replay.complete`), for the editor's "complete this move".

>>> text = '''format: 4
... packs: [base]
... players: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]
... setup: {seed: 12}
... steps:
...   - Ann switch food
...   - Ann swich food
... '''
>>> scripts = Scripts()
>>> [d.message.split(": ", 1)[0] for d in scripts.divergence("demo.yaml", text)]
['step 2 (Ann swich food)']
>>> [label for label, _, _ in scripts.completions("demo.yaml", text, 5, len("  - Ann sw"))]
['switch']
>>> [label for label, _, _ in scripts.completions("demo.yaml", text, 5, len("  - Ann switch "))]
['gear', 'book', 'food']
>>> scripts.move_completion("demo.yaml", text.replace("Ann swich food", "Ann end\\n  - Bob hibernate"), 7)
((7, 4), (7, 17), 'Bob hibernate 1')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from revive_dsl.engine.game import MOVES, Runner
from revive_dsl.positions import Diagnostic, DslError, attach_lines
from revive_dsl.replay.board_view import known_spaces, space_facts
from revive_dsl.replay.complete import complete_move, move_edits
from revive_dsl.replay.notation import SETUP, parse_move
from revive_dsl.replay.player import Replay
from revive_dsl.replay.script import Script, load_script_text

# A board space's key: axial coordinates or a corner.
_SPACE = re.compile(r"-?\d+,-?\d+|corner_[a-z]+")
# A step's move line, up to the cursor: "  - Ann play ...", "  - move: Ann play ...", "    move: 'Ann play ...".
_MOVE_LINE = re.compile(r"^\s*(?:-\s+(?:move:\s*)?|move:\s*)[\"']?")


def space_at(text: str, line: int, column: int) -> str | None:
    """The board space key at a 0-based line and column, or None.

    >>> space_at("  - Ann build -1,0 small", 0, 16), space_at("expect: {board.figures.corner_n: [Ann]}", 0, 26)
    ('-1,0', 'corner_n')
    """
    rows = text.split("\n")
    row = rows[line] if 0 <= line < len(rows) else ""
    for found in _SPACE.finditer(row):
        if found.start() <= column <= found.end():
            return found.group(0)
    return None


@dataclass
class Played:
    """One text of a script and its replay, played as far as it has been asked (and as far as it goes)."""

    text: str
    script: Script
    replay: Replay
    problems: list[Diagnostic] | None = None  # the first divergence, once played to the end ([] when none)

    def step_at(self, line: int) -> int:
        """The 1-based index of the step a 0-based line is in (0: before the steps, in the header)."""
        index = 0
        for step in self.script.steps:
            if step.pos.line - 1 > line:
                break
            index = step.index
        return index

    def state_after(self, done: int) -> Any:
        """The game after step ``done`` (0: the start), or after the last step that plays, if it stops before."""
        self.run(done)
        return self.replay.states[min(done, self.replay.done)]

    def run(self, to: int | None) -> None:
        """Play on up to step ``to`` (None: to the end), stopping at the first divergence (kept in ``problems``)."""
        if self.problems is not None or (to is not None and self.replay.done >= to):
            return
        try:
            self.replay.run(to=to)
        except DslError as err:  # a ReplayError is one: the step's position, the move, the rule, the legal options
            self.problems = list(err.diagnostics)
        except Exception as err:  # an engine crash is a bug: told at the step it happened in, as revive verify does
            steps = self.script.steps
            at = steps[self.replay.done].pos if self.replay.done < len(steps) else self.script.doc.pos(())
            message = f"step {self.replay.done + 1}: the engine failed: {type(err).__name__}: {err}"
            self.problems = attach_lines([Diagnostic(at, message)], {self.script.file: self.text})
        else:
            if to is None or self.replay.done >= len(self.script.steps):
                self.problems = []


@dataclass
class Scripts:
    """The last play of each open script, by file."""

    played: dict[str, Played] = field(default_factory=dict)

    def play(self, file: str, text: str) -> Played | None:
        """The play of this text; while it does not load (being typed), the last one that did; None if none."""
        kept = self.played.get(file)
        if kept is not None and kept.text == text:
            return kept
        try:
            script = load_script_text(text, file)
            replay = Replay(script)
        except Exception:  # a text that does not load or set up: its problems are the diagnostics' business
            return kept
        if kept is not None:
            _go_on_from(kept, script, replay)
        self.played[file] = found = Played(text, script, replay)
        return found

    def forget(self, file: str) -> None:
        """Drop the play of a file the editor closed."""
        self.played.pop(file, None)

    def divergence(self, file: str, text: str) -> list[Diagnostic]:
        """The first step where playing the script back stops matching it, as positioned diagnostics ([]: none,
        or the script does not load: its loading problems are reported apart)."""
        played = self.play(file, text)
        if played is None or played.text != text:
            return []
        played.run(None)
        return list(played.problems or [])

    def hover(self, file: str, text: str, line: int, column: int) -> str | None:
        """Markdown for the board space key at the cursor: the space, and what stands on it around that step."""
        space = space_at(text, line, column)
        played = self.play(file, text) if space else None
        if played is None or space not in known_spaces(played.replay.rules):
            return None
        rules, index = played.replay.rules, played.step_at(line)
        before = space_facts(played.state_after(max(index - 1, 0)), rules, space)
        head, neighbours, on = before
        out = [f"**{head.split(': ', 1)[0]}**: {head.split(': ', 1)[1]}", neighbours]
        if index == 0:
            out.append(f"At the start, {on}")
        else:
            step = played.script.steps[index - 1]
            out.append(f"Before step {index} (`{step.text}`), {on}")
            after = played.state_after(index)
            if played.replay.done >= index:  # the step plays: what it left there
                out.append(f"After it, {space_facts(after, rules, space)[2]}")
        return "\n\n".join(out)

    def completions(self, file: str, text: str, line: int, column: int) -> list[tuple[str, str, str]]:
        """(label, kind, detail) for the word being typed on a step's move line: a player's name first, then the
        legal answers at that point (the moves, then what each asks), as the engine lists them."""
        rows = text.split("\n")
        row = rows[line][:column] if 0 <= line < len(rows) else ""
        start = _MOVE_LINE.match(row)
        if start is None or not _in_steps(rows, line):
            return []
        typed = row[start.end() :]
        prefix = re.search(r"[^\s()\[\]]*$", typed).group(0)  # type: ignore[union-attr]  # always matches
        done = typed[: len(typed) - len(prefix)].strip()
        played = self.play(file, text)
        if played is None:
            return []
        names = [p.name for p in played.replay.states[0].players]
        if not done:
            out = [(name, "player", "a player") for name in names] + [(SETUP, "word", "the variants' setup choices")]
        else:
            out = _answers(played, line, done) or [(m, "move", MOVES[m].label) for m in sorted(MOVES)]
        return [item for item in out if item[0].startswith(prefix)]

    def move_completion(self, file: str, text: str, line: int) -> tuple[tuple[int, int], tuple[int, int], str] | None:
        """The edit completing the move line of the step on a 0-based line, when the move stops at a question with
        exactly one legal answer: the start and end (0-based line and column) of the step's move text and the text
        to write there, the answers of one legal value appended; None for any other line."""
        played = self.play(file, text)
        if played is None or played.text != text:
            return None
        index = played.step_at(line)
        if not index or played.script.steps[index - 1].pos.line - 1 != line:
            return None
        played.run(index)
        if played.replay.done != index - 1:  # the step plays as written (it is whole), or one before it stops
            return None
        replay = Replay(played.script, played.replay.rules)  # from the state before the step, the play kept intact
        replay.states[:] = played.replay.states[:index]
        replay.runner.game = replay.states[-1]
        try:
            found = complete_move(replay)
        except DslError:  # the step stops for another reason: its diagnostic says why
            return None
        if found is None or not found.changed:
            return None
        [(start, end, new)] = move_edits(text, [found])
        return _place(text, start), _place(text, end), new


def _place(text: str, index: int) -> tuple[int, int]:
    """The 0-based line and column of an index of a text.

    >>> _place("a: 1\\nsteps: x", 12)
    (1, 7)
    """
    line = text.count("\n", 0, index)
    return line, index - (text.rfind("\n", 0, index) + 1)


def _go_on_from(kept: Played, script: Script, replay: Replay) -> None:
    """Start ``replay`` (of a new text of the script) with the states the last play of the file reached whose
    steps stand whole in the text the two share from its start: a keystroke in step 400 replays from step 399,
    not from the setup. A step's state depends only on the text before the next step (the header, the moves
    and their checks) when the steps come last, so a state kept is the state the new text would reach."""
    rows = script.text.split("\n")
    first = next((i for i, row in enumerate(rows) if row.startswith("steps:")), len(rows))
    if any(row[:1].isalpha() for row in rows[first + 1 :]):  # a header key after the steps: no prefix is safe
        return
    same = len(_common_start(kept.text, script.text))
    lines = script.text[:same].count("\n")  # the lines wholly shared (0-based, before this one)
    steps = script.steps
    # the state after step k is kept when step k + 1 starts on a line no further than the first not wholly
    # shared: all of step k's text is then shared; the first step starting past it and the one before are not
    later = next((s.index for s in steps if s.pos.line - 1 > lines), len(steps) + 1)
    reusable = min(later - 2, kept.replay.done)
    if reusable > 0:
        replay.states[:] = kept.replay.states[: reusable + 1]
        replay.runner.game = replay.states[-1]


def _common_start(a: str, b: str) -> str:
    """The longest text both start with.

    >>> _common_start("steps:\\n- Ann end\\n", "steps:\\n- Ann switch food\\n")
    'steps:\\n- Ann '
    """
    size = min(len(a), len(b))
    low, high = 0, size
    while low < high:  # by halves: a script of 500 steps is compared in a few slices, not character by character
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return a[:low]


def _in_steps(rows: list[str], line: int) -> bool:
    """Whether a 0-based line is inside the script's top-level ``steps:``."""
    for row in reversed(rows[:line]):
        if row[:1].isalpha():
            return row.startswith("steps:")
    return False


def _answers(played: Played, line: int, done: str) -> list[tuple[str, str, str]]:
    """The legal answers after the move line's words ``done`` (the mover, the move, answers), in the state
    before the step at ``line``; [] when the words so far cannot be played there."""
    try:
        names = [p.name for p in played.replay.states[0].players]
        words = done.split()
        if len(words) == 1 and words[0] in names:  # only the mover so far: the turn's moves
            mover, keys = words[0], []
        else:
            move = parse_move(done)
            mover = move.player or ""
            keys = ([] if move.is_setup else [str(move.verb)]) + [a.key for a in move.answers]
        index = played.step_at(line)
        steps = played.script.steps
        own = index and steps[index - 1].pos.line - 1 == line  # the line is that step's (else a line after it)
        game = played.state_after(index - 1 if own else index)
        runner = Runner(game, played.replay.rules)
        decision = runner.decision()
        for position, key in enumerate(keys):
            runner.answer(key, keys[position + 1 :] if position == 0 and decision and decision.rule == "turn" else ())
            decision = runner.decision()
        if decision is None:
            return []
        who = names[decision.player] if 0 <= decision.player < len(names) else "chance"
        if who == "chance":
            return []
        return [
            (option.key if who == mover else f"({who} {option.key})", "answer", option.label or decision.prompt)
            for option in decision.options
        ]
    except Exception:  # a move line half typed, or one the engine refuses: nothing to offer from the game
        return []
