"""Upgrading a script of an older format to the current one (``revive upgrade``).

A script's ``format`` names the notation it was written in. A rules change that asks a new question makes
older scripts stop short of an answer; each format's **reading** says what the engine of that time did where
today's asks, and the upgrade replays the script with those answers filled in, then writes them into its
move lines (and an ``end`` step where a turn used to end by itself), changing nothing else of the file:

- **format 1, first notation** (before 2026-11-23): hibernating ended the turn (now ``end`` follows); an
  optional effect was used and a trade paid without asking (now ``use`` / ``pay``); a cost of several
  ``basic`` units took one kind for all of them (now asked per unit: the first answer is repeated);
- **formats 1 and 2** (to 2026-11-25): a payment with books standing in was made the cheapest way (now asked:
  its first option); Ostarius took its energy back after a build or populate (now ``before`` or ``after``:
  ``after``);
- **formats 1 to 3** (to 2026-11-25): the solo discard keyed a component in a display by its kind and id
  (``machine:mach_green_1``); now by its id alone, as every other question about a display
  (:func:`renamed_key`);
- **formats 1 to 4** (to 2026-11-27): a payment an effect offers was answered ``pay``, another time of a repeat
  ``yes`` or ``no``; now every optional effect is answered ``use`` or ``skip`` (:func:`renamed_key`; the old
  words are still read);
- **every format**: a component id the content has renamed (``cat_scout``, the Scout, is now ``cit_scout``:
  :data:`~revive_dsl.replay.script.RENAMED_IDS`) is written as today's wherever the script names it. No format
  change: every format reads the old id as the new one, so a script of the current format with nothing else to
  upgrade gets only the rename (read as "its own format").

A format-1 script is tried as the later notation first (most were written in it), then as the first. The
upgrade keeps a script only if the upgraded text replays to its end with every ``expect:`` met, and the same
states step for step as the reading it was made from; otherwise the file is left alone and the first step
that could not be upgraded is reported, positioned. Format 1's paths (``Ann.devotion``) move to format 2's
(``Ann.abyss.devotion``) as ``revive fmt`` does.

>>> text = FIRST_NOTATION_EXAMPLE
>>> result = upgrade_text(text, "s.yaml")
>>> [(c.step, c.old, c.new) for c in result.changes], result.reading
([(1, '', 'Ann end')], "format 1's first notation (before 2026-11-23)")
>>> print(result.new_text.split("steps:")[1], end="")
<BLANKLINE>
  - Ann hibernate 1 gear  # the first hibernation
  - Ann end
  - Bob trade_crystal gear
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from revive_dsl.content.packs import read_source
from revive_dsl.content.yamlsrc import compose_yaml
from revive_dsl.engine.decisions import SYNONYMS, Decision
from revive_dsl.fileio import TextForm, write_text_atomic
from revive_dsl.positions import Diagnostic, DslError, Pos
from revive_dsl.replay.notation import Answer, MoveLine, format_move
from revive_dsl.replay.player import Replay, ReplayError
from revive_dsl.replay.script import FORMAT, RENAMED_IDS, Script, load_script_text, renamed_ids_text

FIRST_NOTATION_EXAMPLE = """format: 1
packs: [base]
players:
  - {name: Ann, tribe: nadair, side: sun}
  - {name: Bob, tribe: ox49, side: moon}
setup: {seed: 12}
steps:
  - Ann hibernate 1 gear  # the first hibernation
  - Bob trade_crystal gear
"""


_UNIT = re.compile(r"\((\d+) of (\d+)\)\?$")  # "pay 1 of which basic resource (2 of 3)?"


@dataclass
class Reading:
    """What the engine of an older notation did where today's asks: ``fill(decision, taken, ahead)`` gives the
    answer it took without asking (``taken``: the move's answers so far, as (prompt, key); ``ahead``: the
    script's next answer, if any), or None: the script answers; ``turn_ends``: a hibernation ended the turn by
    itself."""

    name: str
    fill: Callable[[Decision, list[tuple[str, str]], str | None], str | None]
    turn_ends: bool = False


def _later(decision: Decision, taken: list[tuple[str, str]], ahead: str | None) -> str | None:
    """Formats 1 and 2 (to 2026-11-25): the cheapest payment, the energy taken back after the action; a script
    already answering them (its next answer one of their keys) keeps its answer."""
    if decision.rule not in ("payment", "before_or_after") or ahead in decision.legal_keys():
        return None
    return decision.options[0].key if decision.rule == "payment" else "after"


def _first(decision: Decision, taken: list[tuple[str, str]], ahead: str | None) -> str | None:
    """Format 1's first notation: effects used and trades paid unasked; one kind for all ``basic`` units."""
    keys = decision.legal_keys()
    if decision.rule == "optional effect" and keys == ["use", "skip"]:
        return "use"
    if decision.rule == "pay" and keys == ["use", "skip"]:
        return "use"
    unit = _UNIT.search(decision.prompt) if decision.rule == "pay" else None
    if unit is not None and unit.group(1) != "1":  # unit 2 and later of a cost: the kind the one question chose
        return next((key for prompt, key in reversed(taken) if _UNIT.search(prompt) and "(1 of" in prompt), None)
    return _later(decision, taken, ahead)


LATER = Reading("the notation of formats 1 and 2", _later)
FIRST = Reading("format 1's first notation (before 2026-11-23)", _first, turn_ends=True)
THIRD = Reading("the notation of format 3", lambda decision, taken, ahead: None)
FOURTH = Reading("the notation of format 4", lambda decision, taken, ahead: None)
READINGS: dict[int, list[Reading]] = {1: [LATER, FIRST], 2: [LATER], 3: [THIRD], 4: [FOURTH]}

_KIND_KEY = re.compile(r"^(?:citizen|machine|module):([A-Za-z0-9_]+)$")


def renamed_key(key: str) -> str:
    """An answer key of an older format as today's scripts write it: a component in a display keyed by its id alone
    (formats 1 to 3), an optional effect answered ``use`` or ``skip`` (formats 1 to 4 wrote ``pay``, ``yes``,
    ``no``, which no question offers any more), and a renamed component id as today's (any format).

    >>> renamed_key("machine:mach_green_1"), renamed_key("citizen:cat_scout"), renamed_key("top_left.0")
    ('mach_green_1', 'cit_scout', 'top_left.0')
    >>> renamed_key("pay"), renamed_key("yes"), renamed_key("no"), renamed_key("food"), renamed_key("cat_scout")
    ('use', 'use', 'skip', 'food', 'cit_scout')
    """
    found = _KIND_KEY.match(key)
    key = found.group(1) if found else SYNONYMS.get(key, key)
    return RENAMED_IDS.get(key, key)


def _renamed(move: MoveLine) -> MoveLine:
    answers = tuple(dataclasses.replace(a, key=renamed_key(a.key)) for a in move.answers)
    return move if answers == move.answers else dataclasses.replace(move, answers=answers)


@dataclass
class Change:
    """One change to a script: its step (1-based, of the original), the old and the new move line ('' for a new
    step inserted after it)."""

    step: int
    old: str
    new: str


@dataclass
class Upgraded:
    """What upgrading one file found: the reading used, its changes, its problems and, if any, the new text."""

    file: str
    reading: str = ""
    changes: list[Change] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    new_text: str | None = None
    current: bool = False  # already in the current format


class _Stuck(Exception):
    def __init__(self, diagnostic: Diagnostic, step: int):
        self.diagnostic, self.step = diagnostic, step


def _played(script: Script, reading: Reading) -> tuple[list[tuple[MoveLine, bool]], list[str]]:
    """Each step's move line with the reading's answers written in, and whether an ``end`` step follows it; and
    the state after each step (after that ``end``), as canonical JSON."""
    replay = Replay(script)

    def fill(decision: Decision, ahead: str | None, taken: list[tuple[str, str]]) -> Answer | None:
        key = reading.fill(decision, taken, ahead)
        if key is None:
            return None
        who = replay.names[decision.player] if decision.player >= 0 else None
        return Answer(key, who)

    replay.fill, replay.hint_upgrade = fill, False
    out: list[tuple[MoveLine, bool]] = []
    states: list[str] = []
    for index, step in enumerate(script.steps):
        # a hibernation that ended the turn: what the step expects held once the turn had ended
        later = reading.turn_ends and step.move.verb == "hibernate" and bool(step.expect)
        played = dataclasses.replace(step, move=_renamed(step.move))  # the keys of today
        script.steps[index] = dataclasses.replace(played, expect={}) if later else played
        try:
            result = replay.step()
        except (ReplayError, DslError) as err:
            raise _Stuck(err.diagnostics[0], step.index) from None
        finally:  # the script stays as written, for the next reading and the rewrite
            script.steps[index] = step
        move = played.move
        if replay.filled and step.refused is None:
            answers = list(move.answers)
            for offset, (at, answer) in enumerate(replay.filled):
                mover = answer.player == move.player
                answers.insert(at + offset, Answer(answer.key, None if mover else answer.player))
            move = dataclasses.replace(move, answers=tuple(answers))
        game = result.after
        ends = (
            reading.turn_ends
            and step.refused is None
            and move.verb == "hibernate"  # the action (a card's hibernate symbol left the turn open)
            and game.turn.hibernated
            and not game.turn.over
            and replay.names[game.turn.player] == move.player
        )
        if ends:
            replay.runner.answer("end")
            replay.states[-1] = replay.runner.game
        if later:
            try:
                replay.check_expectations(step, replay.game)
            except (ReplayError, DslError) as err:
                raise _Stuck(err.diagnostics[0], step.index) from None
        out.append((move, ends))
        states.append(replay.game.to_json())
    return out, states


def upgrade_text(text: str, file: str) -> Upgraded:
    """Upgrade a script's text to the current format (see the module doc); the file is not written."""
    from revive_dsl.fmt import format_text

    result = Upgraded(file)
    script = load_script_text(text, file)
    if script.format >= FORMAT:
        renamed = renamed_ids_text(text)
        if renamed == text:
            result.current = True
        else:
            result.reading, result.new_text = "its own format", renamed
            result.changes.extend(_id_changes(text, renamed))
        return result
    readings, script_format = READINGS[script.format], script.format
    if script.format == 1:  # format 2's paths first, as revive fmt writes them
        paths = format_text(text, file)
        if paths.problems:
            result.problems.extend(paths.problems)
            return result
        text = paths.new_text or text
        script = load_script_text(text, file)
    stuck: _Stuck | None = None
    for reading in readings:
        try:
            played, states = _played(script, reading)
        except _Stuck as err:  # the reading that went further tells where the script cannot be upgraded
            stuck = err if stuck is None or err.step >= stuck.step else stuck
            continue
        result.reading = reading.name
        new_text = _rewrite(text, script, played, result)
        renamed = renamed_ids_text(new_text)
        result.changes.extend(_id_changes(new_text, renamed))
        new_text = renamed
        check = _replays(new_text, file, [ends for _, ends in played], states)
        if check is not None:
            result.problems.append(check)
            return result
        result.new_text = new_text
        return result
    assert stuck is not None
    message = (
        f"cannot upgrade to format {FORMAT} with certainty: {stuck.diagnostic.message} (no reading of format"
        f" {script_format} plays this step as written: the rules changed here too; write it by hand)"
    )
    result.problems.append(Diagnostic(stuck.diagnostic.pos, message))
    return result


def _id_changes(text: str, renamed: str) -> list[Change]:
    """The change renaming ids (:data:`RENAMED_IDS`) made to the text, if any: one line for the file (step 0), e.g.
    ``renamed ids: cat_scout -> cit_scout (3 lines)``."""
    lines = sum(1 for old, new in zip(text.splitlines(), renamed.splitlines(), strict=True) if old != new)
    if not lines:
        return []
    found = sorted({m for m in RENAMED_IDS if re.search(rf"\b{re.escape(m)}\b", text)})
    names = ", ".join(f"{m} -> {RENAMED_IDS[m]}" for m in found)
    return [Change(0, "", f"renamed ids: {names} ({lines} line{'s' if lines != 1 else ''})")]


def _replays(text: str, file: str, ends: list[bool], states: list[str]) -> Diagnostic | None:
    """None if the upgraded text replays to its end with every expectation met and, after each step of the
    original, the state the reading gave; else the first problem."""
    try:
        replay = Replay(load_script_text(text, file))
        replay.run()
    except (ReplayError, DslError) as err:
        return err.diagnostics[0]
    done = 0
    for index, (end, state) in enumerate(zip(ends, states, strict=True)):
        done += 2 if end else 1
        if replay.states[done].to_json() != state:
            step = replay.script.steps[done - 1]
            return Diagnostic(step.pos, f"the upgraded step {index + 1} does not give the state it gave before")
    return None


def _rewrite(text: str, script: Script, played: list[tuple[MoveLine, bool]], result: Upgraded) -> str:
    """The text with the new move lines, an ``end`` step after each step that ended a turn, and the format."""
    root = compose_yaml(text, script.file)  # read as check and verify read it
    top = dict((k.value, v) for k, v in root.value)
    spans: list[tuple[int, int, str]] = []
    fmt = top["format"]
    spans.append((fmt.start_mark.index, fmt.end_mark.index, str(FORMAT)))
    items = top["steps"].value
    for (move, ends), step, node in zip(played, script.steps, items, strict=True):
        new = format_move(move)
        move_node = node if isinstance(node, yaml.ScalarNode) else dict((k.value, v) for k, v in node.value)["move"]
        if new != format_move(step.move):
            spans.append((move_node.start_mark.index, move_node.end_mark.index, _scalar(new, move_node.style)))
            result.changes.append(Change(step.index, step.text, new))
        if ends:
            end = f"{move.player} end"
            line_start = text.rindex("\n", 0, node.start_mark.index) + 1
            dash = text.rindex("-", line_start, node.start_mark.index)
            last = node.value[-1][1] if isinstance(node, yaml.MappingNode) else node  # the item's last line
            after = _line_end(text, last)
            moved = ""
            if isinstance(node, yaml.MappingNode) and not node.flow_style:  # its expect: holds after the end
                pair = next(((k, v) for k, v in node.value if k.value == "expect"), None)
                if pair is not None:
                    gone = text.rindex("\n", 0, pair[0].start_mark.index)
                    stop = _line_end(text, pair[1])
                    moved = text[gone:stop]
                    spans.append((gone, stop, ""))
            indent = text[line_start:dash]
            new_step = f"\n{indent}- move: {end}{moved}" if moved else f"\n{indent}- {end}"
            spans.append((after, after, new_step))
            result.changes.append(Change(step.index, "", end))
    new_text = text
    for start, stop, piece in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
        new_text = new_text[:start] + piece + new_text[stop:]
    return new_text


def _line_end(text: str, node: yaml.Node) -> int:
    """Where the last line of a node ends (its newline, or the end of the text)."""
    end = text.find("\n", max(node.end_mark.index - 1, 0))
    return len(text) if end < 0 else end


def _scalar(text: str, style: str | None) -> str:
    """A move line as a YAML scalar in the style it was written in, quoted where a plain one would not read back.

    >>> print(_scalar('Ann tech_trade "t1: pay basic" gear gear', None), "|", _scalar("Ann end", None))
    'Ann tech_trade "t1: pay basic" gear gear' | Ann end
    """
    if style == '"':
        return json.dumps(text)
    if not style:
        try:
            if yaml.safe_load(text) == text:
                return text
        except yaml.YAMLError:
            pass
    return "'" + text.replace("'", "''") + "'"


def outcomes_text(text: str, file: str) -> tuple[str | None, Diagnostic | None]:
    """The script with everything chance gave its setup written in ``setup.outcomes`` (as ``revive play --out``
    writes a new game: :func:`revive_dsl.replay.record.setup_outcomes`), so it replays after its packs gain a
    component; None when it writes them all already (or has no seed). The outcomes it wrote stand. Kept only if the
    new text replays to the same state after every step: else the problem, and None.

    >>> text = FIRST_NOTATION_EXAMPLE.replace("format: 1", "format: 5").split("steps:")[0] + "steps: []\\n"
    >>> new, problem = outcomes_text(text, "s.yaml")
    >>> problem, "    crates: [" in new, new.count("seed: 12")
    (None, True, 1)
    """
    from revive_dsl.replay.record import setup_outcomes
    from revive_dsl.replay.script import script_rules

    script = load_script_text(text, file)
    setup = script.setup
    if "seed" not in setup:
        return None, None
    players = [(p["name"], p["tribe"], p["side"]) for p in script.data["players"]]
    written = dict(setup.get("outcomes") or {})
    rules = script_rules(script)
    outcomes = setup_outcomes(rules, players, int(setup["seed"]), script.data.get("variants", []), written)
    if all(written.get(name) == value for name, value in outcomes.items()) and "recorded" in setup:
        return None, None
    new_text = _set_outcomes(text, {**outcomes, **written}, file)
    try:
        old, new = Replay(script), Replay(load_script_text(new_text, file))
        old.run()
        new.run()
    except (ReplayError, DslError) as err:
        return None, err.diagnostics[0]
    for index, (one, two) in enumerate(zip(old.states, new.states, strict=True)):
        if one.to_json() != two.to_json():
            at = script.steps[index - 1].pos if index else script.doc.pos(("setup",))
            return None, Diagnostic(at, "with its setup's outcomes written the script gives another state here")
    return new_text, None


def _set_outcomes(text: str, outcomes: dict[str, Any], file: str = "<script>") -> str:
    """The text with ``setup.outcomes`` written (in place of any there) after ``recorded: true``, as a block under
    ``setup``; the rest of the file as it was (a flow-style ``setup: {...}`` is written out as a block)."""
    from revive_dsl.replay.record import FlowValue, dump_yaml

    root = compose_yaml(text, file)  # read as check and verify read it
    key, node = next((k, v) for k, v in root.value if k.value == "setup")

    def block(data: dict[str, Any], indent: int) -> str:
        dumped = dump_yaml(data, width=120 - indent)
        return "".join(" " * indent + line + "\n" for line in dumped.splitlines())

    if node.flow_style or not isinstance(node, yaml.MappingNode):
        setup = yaml.safe_load(text[node.start_mark.index : node.end_mark.index]) or {}
        setup = {
            **{k: v for k, v in setup.items() if k != "outcomes"},
            "recorded": True,
            "outcomes": FlowValue.of(outcomes),
        }
        start = key.end_mark.index + 1  # after "setup:"
        stop = _line_end(text, node)
        return text[:start] + "\n" + block(setup, key.start_mark.column + 2).rstrip("\n") + text[stop:]
    indent = node.value[0][0].start_mark.column
    pieces = [(k, v) for k, v in node.value if k.value == "outcomes"]
    marked = any(k.value == "recorded" for k, _ in node.value)  # the outcomes name every item: a recording's
    new = block({**({} if marked else {"recorded": True}), "outcomes": FlowValue.of(outcomes)}, indent)
    if pieces:
        k, v = pieces[0]
        start = text.rindex("\n", 0, k.start_mark.index) + 1
        stop = _line_end(text, v) + 1
        return text[:start] + new + text[stop:]
    last = node.value[-1][1]
    at = _line_end(text, last) + 1
    return text[:at] + new + text[at:]


def upgrade_files(paths: Iterable[str | Path], write: bool, outcomes: bool = False) -> list[Upgraded]:
    """Upgrade each script file; with ``write``, write each upgraded file whole (as an editor would). With
    ``outcomes``, also write what chance gave each script's setup (:func:`outcomes_text`), whatever its format."""
    out = []
    for path in paths:
        name = str(path)
        form = TextForm()
        try:
            text = read_source(Path(path), name)
            form = TextForm.of(text)  # its line endings and byte order mark are written back as they were
            result = upgrade_text(form.plain(text), name)
            if outcomes and not result.problems:
                new, problem = outcomes_text(result.new_text or form.plain(text), name)
                if problem is not None:
                    result.problems.append(problem)
                    result.new_text = None
                elif new is not None:
                    result.new_text, result.current = new, False
                    result.reading = result.reading or "its own format"
                    result.changes.append(Change(0, "", "setup.outcomes: everything chance gave the setup"))
        except DslError as err:
            result = Upgraded(name, problems=list(err.diagnostics))
        if write and result.new_text is not None:
            write_text_atomic(path, result.new_text, form)
        out.append(result)
    return out


__all__ = ["Change", "Pos", "Reading", "Upgraded", "outcomes_text", "upgrade_files", "upgrade_text"]
