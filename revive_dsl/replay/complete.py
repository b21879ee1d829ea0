"""Completing a script's move lines: the answers a move leaves unwritten that have one legal value.

``revive complete SCRIPT [--step N]`` plays a script back. At a step whose move line stops before the move is
whole, it answers the questions the move asks next while each has exactly one legal answer, appending them to the
line in the move notation; at a question with several legal answers it stops and lists them, for the author to
choose. The completed lines are written back into the file, each step's move text alone replaced: comments,
layout and line endings stay as they were. The language server offers the same as a code action on a step line.

>>> text = '''format: 4
... packs: [base]
... players: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]
... setup: {seed: 12}
... steps:
...   - Ann trade_crystal book
...   - Ann hibernate  # which reward space, then which resource
... '''
>>> result = complete_text(text, "demo.yaml")
>>> [(c.step, c.old, c.new) for c in result.moves]
[(2, 'Ann hibernate', 'Ann hibernate 1')]
>>> print(result.moves[0].question)
gain a basic resource (gain 1 of which?, Ann); legal: gear, book, food
>>> print(result.new_text.split("steps:")[1], end="")
<BLANKLINE>
  - Ann trade_crystal book
  - Ann hibernate 1  # which reward space, then which resource
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from revive_dsl.content.packs import read_source
from revive_dsl.engine.decisions import Decision
from revive_dsl.fileio import TextForm, write_text_atomic
from revive_dsl.positions import Diagnostic, DslError, Pos
from revive_dsl.replay.notation import Answer, format_move
from revive_dsl.replay.player import Replay, ReplayError
from revive_dsl.replay.script import Script, Step, load_script_text


@dataclass(frozen=True)
class Question:
    """A question with several legal answers, where a move line stops: who answers it, the rule, and the keys."""

    player: str  # a player's name, or "chance"
    title: str  # the rule as a reader sees it (``explore``, ``play a card``)
    prompt: str
    legal: list[str]

    def __str__(self) -> str:
        return f"{self.title} ({self.prompt}, {self.player}); legal: {', '.join(self.legal) or 'none'}"


@dataclass(frozen=True)
class Completion:
    """One step whose move line stopped before the move was whole: the line as written, the line with the answers
    that had one legal value appended (the same line when the next question already has several), and the
    question it still stops at (None: the move is whole)."""

    step: int  # 1-based
    pos: Pos  # where the step's move line is
    old: str
    new: str
    question: Question | None = None

    @property
    def changed(self) -> bool:
        return self.new != self.old


@dataclass
class Completed:
    """What completing one script found: each step it completed or that stops at a question, in order; the
    problem that stopped the play-back, if another one did; the new text, when a line changes."""

    file: str
    moves: list[Completion] = field(default_factory=list)
    problem: Diagnostic | None = None
    new_text: str | None = None

    @property
    def changed(self) -> list[Completion]:
        return [c for c in self.moves if c.changed]

    @property
    def open(self) -> list[Completion]:
        return [c for c in self.moves if c.question is not None]


class StepOutOfRange(ValueError):
    """A step number the script does not have."""


def complete_move(replay: Replay) -> Completion | None:
    """Play the replay's next step, answering each question its move line leaves unanswered while the question
    has exactly one legal answer; None when the line is whole as written (the step is played as usual).

    A move made whole is played, its state kept (``replay.done`` moves on); a move that stops at a question with
    several legal answers leaves the replay before the step. Any other problem of the step (an illegal answer, a
    failed ``expect:``) raises :class:`~revive_dsl.replay.player.ReplayError`, as playing it would.
    """
    step = replay.script.steps[replay.done]
    asked: list[Decision] = []  # the question left open, once the move line has no answer for it

    def fill(decision: Decision, ahead: str | None, taken: list[tuple[str, str]]) -> Answer | None:
        if ahead is not None or step.refused is not None:  # the line still answers; a refused step stays as written
            return None
        keys = decision.legal_keys()
        if decision.player >= 0 and len(keys) == 1:
            return Answer(keys[0], replay.names[decision.player])
        asked.append(decision)
        return None

    kept, replay.fill = replay.fill, fill
    try:
        replay.step()
    except ReplayError as err:
        if not asked or err.decision is not asked[-1]:
            raise
        return _completion(replay, step, _question(replay, asked[-1]))
    finally:
        replay.fill = kept
    return _completion(replay, step, None) if replay.filled else None


def _question(replay: Replay, decision: Decision) -> Question:
    who = replay.names[decision.player] if decision.player >= 0 else "chance"
    return Question(who, decision.title, decision.prompt, decision.legal_keys())


def _completion(replay: Replay, step: Step, question: Question | None) -> Completion:
    move = step.move
    appended = [Answer(a.key, None if a.player == move.player else a.player) for _, a in replay.filled]
    new = format_move(dataclasses.replace(move, answers=(*move.answers, *appended))) if appended else step.text
    return Completion(step.index, step.pos, step.text, new, question)


def complete_script(script: Script, step: int | None = None) -> Completed:
    """Complete the script's move lines (with ``step``, only that step's): every step that stops at a question
    is completed in turn, the play-back going on after each line made whole, up to the first question with
    several legal answers (the steps after it wait for its answer). The text is not changed here
    (:func:`rewrite`). Raises :class:`StepOutOfRange` for a step the script does not have, and
    :class:`~revive_dsl.positions.DslError` for a game that cannot be set up; a problem of a step is kept in
    ``problem``, with the completions before it."""
    if step is not None and not 1 <= step <= len(script.steps):
        steps = len(script.steps)
        has = f"its steps are 1 to {steps}" if steps else "it has no steps"
        raise StepOutOfRange(f"{script.file} has no step {step}: {has}")
    result = Completed(script.file)
    replay = Replay(script)  # a setup that fails: the script does not load (DslError)
    try:
        if step is not None:
            replay.run(to=step - 1)
        last = len(script.steps) if step is None else step
        while replay.done < last:
            found = complete_move(replay)
            if found is not None:
                result.moves.append(found)
                if found.question is not None:
                    break
    except DslError as err:  # a ReplayError is one: the step, the move, the rule and the legal answers
        result.problem = err.diagnostics[0]
    except Exception as err:  # an engine crash is a bug: told at its step, as revive verify does, never a traceback
        at = script.steps[replay.done]
        message = f"step {at.index} ({at.text}): the engine failed: {type(err).__name__}: {err}"
        result.problem = Diagnostic(at.pos, message)
    return result


def complete_text(text: str, file: str, step: int | None = None) -> Completed:
    """Complete a script given as plain text (see :func:`complete_script`), with the new text when a line
    changes. Raises :class:`~revive_dsl.positions.DslError` for a script that does not load."""
    script = load_script_text(text, file)
    result = complete_script(script, step)
    if result.changed:
        result.new_text = rewrite(text, result.changed)
    return result


def complete_file(path: str | Path, step: int | None = None, write: bool = True) -> Completed:
    """Complete a script file; with ``write``, write it whole and atomically when a line changes, in the form it
    had (its line endings and byte order mark). Raises :class:`~revive_dsl.positions.DslError` for a file that
    cannot be read or does not load, or cannot be written."""
    name = str(path)
    text = read_source(Path(path), name)
    form = TextForm.of(text)
    result = complete_text(form.plain(text), name, step)
    if write and result.new_text is not None:
        write_text_atomic(path, result.new_text, form)
    return result


def rewrite(text: str, completions: list[Completion]) -> str:
    """The text with each completed step's move line in place of the one written, everything else unchanged."""
    new_text = text
    for start, end, scalar in sorted(move_edits(text, completions), reverse=True):
        new_text = new_text[:start] + scalar + new_text[end:]
    return new_text


def move_edits(text: str, completions: list[Completion]) -> list[tuple[int, int, str]]:
    """(start, end, replacement) of each changed move line, as indexes into ``text``: the step's YAML scalar,
    written in the style it had (quoted where a plain scalar would not read back as the line)."""
    changed = {c.step: c.new for c in completions if c.changed}
    if not changed:
        return []
    root = yaml.compose(text, Loader=yaml.SafeLoader)  # pure Python: its marks index the text's characters
    steps = next(v for k, v in root.value if k.value == "steps")
    out = []
    for index, new in changed.items():
        node = steps.value[index - 1]
        flow = bool(steps.flow_style or (isinstance(node, yaml.MappingNode) and node.flow_style))
        if isinstance(node, yaml.MappingNode):
            node = next(v for k, v in node.value if k.value == "move")
        out.append((node.start_mark.index, node.end_mark.index, _scalar(new, node.style, flow)))
    return out


def _scalar(line: str, style: str | None, flow: bool) -> str:
    """A move line as a YAML scalar in the style it was written in, quoted where a plain one would not read back.

    >>> _scalar("Ann build 2,-2 small", None, False), _scalar("Ann build 2,-2 small", None, True)
    ('Ann build 2,-2 small', "'Ann build 2,-2 small'")
    >>> _scalar('Ann tech_trade "t1: pay basic" gear', None, False), _scalar("Ann end", '"', False)
    ('\\'Ann tech_trade "t1: pay basic" gear\\'', '"Ann end"')
    """
    if style == '"':
        return json.dumps(line, ensure_ascii=False)
    if not style:
        try:
            if yaml.safe_load(f"[{line}]" if flow else line) == ([line] if flow else line):
                return line
        except yaml.YAMLError:
            pass
    return "'" + line.replace("'", "''") + "'"


__all__ = [
    "Completed",
    "Completion",
    "Question",
    "StepOutOfRange",
    "complete_file",
    "complete_move",
    "complete_script",
    "complete_text",
    "move_edits",
    "rewrite",
]
