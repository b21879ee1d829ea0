"""Recorded game scripts: a YAML header (packs, players, setup) and one move per step.

Loading checks everything it can before a single move is played: the YAML (safely, with
the position of every value), the script schema (``revive_dsl/schemas/script.schema.json``),
the format version, every move line's syntax and the player names; the inline content is
compiled and checked when the game starts (:func:`start_game`). All problems come
back together as one :class:`~revive_dsl.positions.DslError`, each naming file, line and
column.

>>> text = '''
... format: 1
... players: [{name: Ann, tribe: nadair, side: sun}]
... setup: {seed: 3}
... steps:
...   - Ann switch food
...   - move: Ann end
...     expect: {Ann.resources.food: 1}
... '''
>>> script = load_script_text(text, "demo.yaml")
>>> [s.text for s in script.steps], script.steps[1].expect, str(script.steps[1].pos)
(['Ann switch food', 'Ann end'], {'Ann.resources.food': 1}, 'demo.yaml:7:11')
>>> game, rules = start_game(script)
>>> game.players[0].name, game.seed
('Ann', 3)
"""

from __future__ import annotations

import copy
import difflib
import hashlib
import itertools
import marshal
import re
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from revive_dsl.content.packs import (
    Content,
    check_references,
    find_pack_folders,
    load_doc,
    load_packs,
    read_source,
    resolve_packs,
)
from revive_dsl.content.schema_defs import SCRIPT_SCHEMA, schema_errors, schema_problem
from revive_dsl.content.yamlsrc import YamlDoc, composer, load_yaml
from revive_dsl.engine.invariants import card_places, violations
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import SCRIPT_PACK, OutcomeError
from revive_dsl.engine.state import Game
from revive_dsl.locations import content_root
from revive_dsl.positions import Diagnostic, DslError, Pos, attach_lines
from revive_dsl.replay.notation import MoveLine, parse_move

# The script format this version writes. Format 5 answers every optional effect with one pair, ``use`` or ``skip`` (an
# effect, a payment, another time of a repeat: formats 1 to 4 wrote ``pay`` and ``yes``/``no`` for the last two,
# still read as ``use``/``skip``). Format 4 keys every component in a display by its id in every question (the
# solo discard asked ``machine:mach_green_1``, ``citizen:...``, ``module:...``). Format 3 answers the questions the
# rules added on 2026-11-25 (how a payment with books standing in is made, Ostarius's energy before or after an
# action). Format 2 names a rules package's own state in its part (``Ann.abyss.devotion``); format 1 named Call of
# the Abyss's fields on their holder (``Ann.devotion``) and is still read: its paths and start states are read as
# format 2's (:func:`.paths.formerly`). Older scripts are brought up to date by ``revive upgrade``
# (revive_dsl/upgrade.py).
FORMAT = 5
# What a step mapping's keys take, for the schema's messages (the step as a whole is a oneOf).
STEP_KEYS = {"refused": "refused is true, or a text the engine's refusal message must contain"}
FORMATS_READ = {1, 2, 3, 4, 5}
# Component ids the content has renamed, old to new: a script of any format naming an old id is read with the new one
# (its setup, its moves and what they reveal, its expectations), and ``revive upgrade`` writes the new one. No
# format change: the old id names nothing else.
RENAMED_IDS = {"cat_scout": "cit_scout"}  # 2026-11-27: the Scout's id was a typo among the cit_* ids
_RENAMED_ID = re.compile(r"\b(" + "|".join(map(re.escape, RENAMED_IDS)) + r")\b")
# The decisions the rules have asked, or keyed otherwise, since each older format, which its scripts never answer
# or answer with the old keys (``revive upgrade`` answers them as the engine of the time acted, and writes the
# keys of today): a replay stopped at one of them names the upgrade.
_KEYED_SINCE_3 = frozenset({"solo: discard from the display"})
ASKED_SINCE: dict[int, frozenset[str]] = {
    1: frozenset({"turn", "optional effect", "pay", "payment", "before_or_after"}) | _KEYED_SINCE_3,
    2: frozenset({"payment", "before_or_after"}) | _KEYED_SINCE_3,
    3: _KEYED_SINCE_3,
}


@dataclass
class Step:
    """One step: its move, and what the script says around it."""

    index: int  # 1-based, as shown to people
    text: str
    move: MoveLine
    pos: Pos
    note: str | None = None
    expect: dict[str, Any] = field(default_factory=dict)
    highlight: list[str] = field(default_factory=list)
    try_it: bool = False
    hint: str | None = None
    refused: bool | str | None = None  # the move must be refused (True), with a message containing this text


@dataclass
class Script:
    """A loaded, checked script."""

    file: str
    text: str
    data: dict[str, Any]
    doc: YamlDoc
    steps: list[Step]

    @property
    def title(self) -> str:
        return self.data.get("title") or Path(self.file).stem

    @property
    def players(self) -> list[tuple[str, str, str]]:
        return [(p["name"], p["tribe"], p["side"]) for p in self.data["players"]]

    @property
    def format(self) -> int:
        return int(self.data.get("format", FORMAT))

    def path(self, written: str) -> str:
        """A path as the script wrote it, in the current format's terms (format 1's moved fields renamed)."""
        if self.format == 1:
            from revive_dsl.replay.paths import formerly

            return formerly(written) or written
        return written

    @property
    def packs(self) -> list[str]:
        return list(self.data.get("packs", ["base"]))

    @property
    def setup(self) -> dict[str, Any]:
        return self.data["setup"]


def _plain_steps_are_valid(schema: dict[str, Any]) -> bool:
    """Whether the script schema makes every non-empty text a valid step, whatever the other steps are: its
    steps are an array with no constraint on their number, each step one of a text (at most ``minLength: 1``)
    and a mapping. Read from the schema itself, so that a stricter schema turns :func:`script_schema_errors`'s
    shortcut off."""
    steps = schema.get("properties", {}).get("steps", {})
    branches = steps.get("items", {}).get("oneOf", [])
    if set(steps) - {"type", "items", "description"} or set(steps["items"]) != {"oneOf"} or len(branches) != 2:
        return False
    text, mapping = branches
    return (
        text.get("type") == "string"
        and set(text) <= {"type", "minLength", "description"}
        and text.get("minLength", 0) <= 1
        and mapping.get("type") == "object"
    )


PLAIN_STEPS_VALID = _plain_steps_are_valid(SCRIPT_SCHEMA)


def script_schema_errors(data: dict[str, Any]) -> list[Any]:
    """The script schema's errors of a script's data (see :func:`~revive_dsl.content.schema_defs.schema_errors`).

    A move line written as plain text is a valid step whatever else the script holds
    (:data:`PLAIN_STEPS_VALID`), so the schema is first asked about the script without those; only if that finds a
    problem is the whole script checked, for errors that point at the right step. Most scripts are mostly plain
    lines, and checking each costs more than reading it.

    >>> ann = {"format": 2, "players": [{"name": "Ann", "tribe": "nadair", "side": "sun"}], "setup": {"seed": 1}}
    >>> script_schema_errors({**ann, "steps": ["Ann switch food", "Ann end"]})
    []
    >>> [(list(e.absolute_path), e.validator) for e in script_schema_errors({**ann, "steps": ["Ann end", 3]})]
    [(['steps', 1], 'oneOf')]
    """
    steps = data.get("steps")
    if PLAIN_STEPS_VALID and type(steps) is list:
        rest = [step for step in steps if type(step) is not str or not step]
        if len(rest) < len(steps) and not schema_errors({**data, "steps": rest}, SCRIPT_SCHEMA):
            return []
    return schema_errors(data, SCRIPT_SCHEMA)


def load_script(path: str | Path) -> Script:
    """Read and check a script file; raise DslError listing every problem."""
    path = Path(path)
    name = str(path)
    # not a FIFO or a huge file: those are refused unread
    return load_script_text(read_source(path, name), name)


# Scripts kept read in one process (by file name, YAML composer and text digest), the least recently read let go
# first: a 495-step game kept costs about 0.9 MB, so at most about 30 MB (a language server sees a new text per
# keystroke).
READ_KEPT = 32
_read: dict[tuple[str, str, bytes], Script] = {}  # (file, YAML composer, text digest) -> the script read (kept)


def load_script_text(text: str, file: str = "<script>") -> Script:
    """Check a script given as text (``file`` names it in messages).

    A text read before in this process (the same file name, the same digest) is not read again: its checked
    form is kept, and each call gets a copy of its own to change as it likes. Reading a script depends only on its
    text, the YAML composer (:func:`~revive_dsl.content.yamlsrc.composer`, part of the key) and this module's code
    (the schema, the move reader, the renamed ids), never on the packs loaded, so the copy is what reading it again
    would give. A text with problems is not kept: each call reports them afresh.

    >>> text = "format: 5\\nplayers: [{name: Ann, tribe: nadair, side: sun}]\\nsetup: {seed: 1}\\nsteps: [Ann end]\\n"
    >>> one = load_script_text(text, "a.yaml")
    >>> two = load_script_text(one.text, "a.yaml")
    >>> two.steps[0].move == one.steps[0].move, two.data == one.data, two.data is one.data
    (True, True, False)
    """
    key = (file, composer(), hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest())
    kept = _read.pop(key, None)
    if kept is not None:
        _read[key] = kept  # the most recently read, last
    else:
        kept = _read_script(text, file)
        if len(_read) >= READ_KEPT:
            del _read[next(iter(_read))]
        _read[key] = kept
    return _fresh(kept)


def forget_read_scripts() -> None:
    """Let go of every script kept read (:func:`load_script_text`): the next read of each is a whole one.

    >>> forget_read_scripts()
    """
    _read.clear()


def _fresh(script: Script) -> Script:
    """A copy of a kept script that shares only what never changes (its text, its parsed YAML, its move lines)."""
    steps = [
        replace(step, expect=_plain_copy(step.expect) if step.expect else {}, highlight=list(step.highlight))
        for step in script.steps
    ]
    return Script(script.file, script.text, _plain_copy(script.data), script.doc, steps)


def _plain_copy(value: Any) -> Any:
    """A deep copy of YAML data (marshal: C speed; ``copy.deepcopy`` for what marshal does not take)."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return copy.deepcopy(value)


def _read_script(text: str, file: str) -> Script:
    """:func:`load_script_text` without the kept scripts."""
    try:
        doc = load_yaml(text, file)
    except DslError as err:
        raise DslError(attach_lines(err.diagnostics, {file: text})) from None
    problems: list[Diagnostic] = []
    data = doc.data
    if not isinstance(data, dict):
        raise DslError(
            attach_lines(
                [Diagnostic(doc.pos(()), "a script is a mapping with format, players, setup and steps")], {file: text}
            )
        )
    version = data.get("format")
    if isinstance(version, int) and version not in FORMATS_READ:
        newest = max(FORMATS_READ)
        advice = (
            "upgrade revive-dsl to play it" if version > newest else "it is older than any format this version knows"
        )
        problems.append(
            Diagnostic(
                doc.pos(("format",)),
                f"script format {version} cannot be read (this version reads formats "
                f"{', '.join(map(str, sorted(FORMATS_READ)))}): {advice}",
            )
        )
        raise DslError(attach_lines(problems, {file: text}))
    for err in script_schema_errors(data):
        path, message = schema_problem(err)
        where = ".".join(str(p) for p in path) or "the script"
        if err.validator == "oneOf" and len(path) == 2 and path[0] == "steps":
            inner = [e for e in err.context if len(e.path) > 0]  # a known key of a step mapping, wrong
            if isinstance(err.instance, dict) and inner:
                path, message = (*path, *inner[0].path), STEP_KEYS.get(inner[0].path[0], "")
                where = ".".join(str(p) for p in path)
                message = message or schema_problem(inner[0])[1]
            else:
                message = (
                    "a step is a move line, or a mapping with 'move' and optional note, expect, highlight, try, hint, "
                    "refused"
                )
        problems.append(Diagnostic(doc.pos(path), f"schema: at {where}: {message}"))
    if problems:
        raise DslError(attach_lines(problems, {file: text}))
    _rename_ids(data)
    names = [p["name"] for p in data["players"]]
    if len(set(names)) != len(names):
        problems.append(Diagnostic(doc.pos(("players",)), "two players have the same name; names must differ"))
    steps = []
    for i, raw in enumerate(data["steps"]):
        base: tuple = ("steps", i) if isinstance(raw, str) else ("steps", i, "move")
        line = raw if isinstance(raw, str) else raw["move"]
        try:
            move = renamed_move(parse_move(line, doc.origin(base)))
        except DslError as err:
            problems.extend(err.diagnostics)
            continue
        for who, at in [(move.player, move.pos), *((a.player, a.pos) for a in move.answers)]:
            if who is not None and who not in names:
                problems.append(Diagnostic(at, f"unknown player '{who}'; the players are {', '.join(names)}"))
        extra = {} if isinstance(raw, str) else raw
        problems.extend(_split_keys(doc, i, extra.get("expect")))
        steps.append(
            Step(
                i + 1,
                line.strip(),
                move,
                doc.pos(base),
                extra.get("note"),
                dict(extra.get("expect", {})),
                list(extra.get("highlight", [])),
                bool(extra.get("try", False)),
                extra.get("hint"),
                extra.get("refused") or None,  # ``refused: false`` is an ordinary step
            )
        )
    if problems:
        raise DslError(attach_lines(problems, {file: text}))
    return Script(file, text, data, doc, steps)


def renamed_ids_text(text: str) -> str:
    """A script's text with every renamed id (:data:`RENAMED_IDS`) written as today's, nothing else changed.

    >>> renamed_ids_text("- Bob play cat_scout top_left [citizens=cat_scout]  # cat_scouts stay")
    '- Bob play cit_scout top_left [citizens=cit_scout]  # cat_scouts stay'
    """
    return _RENAMED_ID.sub(lambda m: RENAMED_IDS[m.group(1)], text)


def renamed_move(move: MoveLine) -> MoveLine:
    """A move line whose answers and revealed items name a renamed id (:data:`RENAMED_IDS`) with the new id."""
    answers = tuple(replace(a, key=RENAMED_IDS[a.key]) if a.key in RENAMED_IDS else a for a in move.answers)
    reveals = tuple(replace(r, item=RENAMED_IDS[r.item]) if r.item in RENAMED_IDS else r for r in move.reveals)
    if answers == move.answers and reveals == move.reveals:
        return move
    return replace(move, answers=answers, reveals=reveals)


def _rename_ids(value: Any) -> None:
    """Read every renamed id in a script's data (a list item or a mapping's value or key) as the new id, in place."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, str) and item in RENAMED_IDS:
                value[i] = RENAMED_IDS[item]
            else:
                _rename_ids(item)
    elif isinstance(value, dict):
        for key in [k for k in value if isinstance(k, str) and k in RENAMED_IDS]:
            value[RENAMED_IDS[key]] = value.pop(key)
        for key, item in value.items():
            if isinstance(item, str) and item in RENAMED_IDS:
                value[key] = RENAMED_IDS[item]
            else:
                _rename_ids(item)


def _split_keys(doc: Any, index: int, expect: Any) -> list[Diagnostic]:
    """An ``expect`` key YAML split at a comma: in a flow mapping (``{board.tokens.1,0: ...}``) the comma of a space
    key ends an entry, leaving ``board.tokens.1`` with no value and a key ``0``; say to quote the key.

    >>> from revive_dsl.content.yamlsrc import load_yaml
    >>> doc = load_yaml("steps:\\n- move: Ann end\\n  expect: {board.tokens.1,0: absent}\\n", "s.yaml")
    >>> [d.message[-40:] for d in _split_keys(doc, 0, doc.data["steps"][0]["expect"])]
    ["ntry): quote the key: 'board.tokens.1,0'"]
    """
    if not isinstance(expect, dict):
        return []
    keys = list(expect)
    out = []
    for key, after in itertools.pairwise(keys):
        if (
            expect[key] is None
            and re.fullmatch(r"-?\d+", str(key).rsplit(".", 1)[-1])
            and re.match(r"-?\d", str(after))
        ):
            whole = f"{key},{after}"
            out.append(
                Diagnostic(
                    doc.pos(("steps", index, "expect", key)),
                    f"YAML split the key '{whole}' at its comma (in {{ }} a comma ends an entry): quote the key: "
                    f"'{whole}'",
                )
            )
    return out


def script_problems(path: str | Path) -> tuple[Script | None, list[Diagnostic]]:
    """Everything wrong with a script short of playing a move: ``revive check SCRIPT``.

    The loader's checks (YAML, schema, format, move notation, player names), then the packs and the
    inline ``content:`` compiled, the header's references (:func:`header_problems`) and the setup with
    its outcomes and custom start state. Each stage needs the one before it, so the first stage with
    problems gives them all, positioned. Returns the script (None if it cannot be read) and the problems.
    """
    try:
        script = load_script(path)
    except DslError as err:
        return None, err.diagnostics
    try:
        rules = script_rules(script)
        game, _ = start_game(script, rules)
    except DslError as err:
        return script, err.diagnostics
    except Exception as err:  # an engine crash while setting up is a bug: reported, never a traceback
        message = f"cannot set up the game: the engine failed: {type(err).__name__}: {err}"
        return script, attach_lines([Diagnostic(script.doc.pos(("setup",)), message)], {script.file: script.text})
    from revive_dsl.replay.answer_keys import move_word_problems  # a move word no state would take (a typo)

    return script, attach_lines(move_word_problems(script, game, rules), {script.file: script.text})


def _bundled_packs() -> list[str]:
    return sorted(p.name for p in content_root().iterdir() if (p / "pack.yaml").is_file())


def _is_bundled(name: str) -> bool:
    return "/" not in name and "\\" not in name and name in _bundled_packs()


def _script_folder(script: Script) -> Path:
    """The folder a script's pack paths are relative to: the script file's own (text only: the current one)."""
    return Path(script.file).parent


def pack_locations(script: Script) -> tuple[list[str], list[Diagnostic]]:
    """Where the script's packs are: bundled ids as they are, paths resolved relative to the script's folder.

    A pack named by a path (``../packs/mine``) is found relative to the script file, not the current
    directory, so a script and its packs move together. A name that is neither a bundled pack nor a
    folder holding packs is a problem positioned at that entry of ``packs``, and so are a pack named twice and
    a path starting with ``~`` (the home folder of whoever replays the script: refused).
    """
    found: list[str] = []
    problems: list[Diagnostic] = []
    bundled = _bundled_packs()
    first: dict[str, str] = {}  # each pack found, by its folder, to the name that named it first
    for index, name in enumerate(script.packs):
        at = script.doc.pos(("packs", index))
        if name.startswith("~"):  # docs/replay-format.md, "Packs named by a path"
            problems.append(
                Diagnostic(
                    at,
                    f"'{name}': a pack path cannot start with '~': it would name a folder in the home of whoever "
                    "replays the script; name the pack by its path relative to this script",
                )
            )
            continue
        is_bundled = _is_bundled(name)
        folder = content_root() / name if is_bundled else Path(name)
        folder = folder if folder.is_absolute() else _script_folder(script) / folder
        try:
            key = str(folder.resolve()) if folder.exists() else name
        except OSError as err:  # a name too long for the file system
            problems.append(Diagnostic(at, f"'{name}': {err.strerror.lower() if err.strerror else err}"))
            continue
        if key in first:
            again = f"is the pack '{first[key]}' again" if first[key] != name else "is named twice in packs"
            problems.append(Diagnostic(at, f"'{name}' {again}: name each pack once"))
            continue
        first[key] = name
        if is_bundled:
            found.append(name)
            continue
        if find_pack_folders(folder):
            found.append(str(folder))
            continue
        if folder.is_dir():
            message = f"'{name}' is not a content pack: no pack.yaml in it or in a folder directly below it"
        else:
            near = [*bundled]
            parent = folder.parent
            if parent.is_dir():
                near += [str(Path(name).parent / p.name) for p in find_pack_folders(parent)]
            close = difflib.get_close_matches(name, near, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            message = (
                f"unknown pack '{name}'{hint} (bundled packs: {', '.join(bundled)}; "
                "a pack folder is named by its path, relative to this script)"
            )
        problems.append(Diagnostic(at, message))
    return found, problems


def script_rules(script: Script) -> Rules:
    """The rules a script plays with: its packs, plus its own ``content:`` components if any.

    The rules keep the pack names as the script writes them (``game.packs`` records them); packs named
    by a path are loaded from the script's folder, and such rules are registered under those names.
    """
    packs = tuple(script.packs)
    folders, problems = pack_locations(script)
    if problems:
        raise DslError(attach_lines(problems, {script.file: script.text}))
    if not script.data.get("content"):
        if tuple(folders) == packs:
            return Rules.load(packs)
        return Rules(Rules.load(tuple(folders)).content, packs).register()
    content: Content = load_packs(folders)
    doc = script.doc
    for i, entry in enumerate(script.data["content"]):
        prefix = ("content", i)
        marks = {k[2:]: v for k, v in doc.marks.items() if k[:2] == prefix}
        load_doc(YamlDoc(doc.file, doc.text, entry, marks), SCRIPT_PACK, content, problems)
    check_references(content, problems)
    content.texts[script.file] = script.text
    if problems:
        raise DslError(attach_lines(problems, content.texts))
    digest = hashlib.sha256(script.text.encode("utf-8")).hexdigest()[:12]
    return Rules(content, (*packs, f"script-{digest}")).register()  # the engine finds them by the game's packs


def _close(word: str, known: list[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


def header_problems(script: Script, rules: Rules) -> list[Diagnostic]:
    """The header's references checked against the rules: tribe ids, their sides, variants.

    A tribe must be one the loaded packs (or the script's ``content:``) define; one that a bundled pack
    the script does not load defines names that pack. A side must be one of the tribe's (``sun`` and
    ``moon``, or ``single`` for the expansion's boards). Variants must be known and not exclude each other.
    """
    from revive_dsl.engine.setup import known_variants, variant_conflicts

    doc = script.doc
    problems: list[Diagnostic] = []
    tribes = rules.ids("tribe")
    for seat, player in enumerate(script.data["players"]):
        tribe, side = player["tribe"], player["side"]
        at = ("players", seat)
        if tribe not in tribes:
            everywhere = Rules.load(tuple(f.name for f in resolve_packs(_bundled_packs()))).content.components
            elsewhere = everywhere.get(tribe)
            if elsewhere is not None and elsewhere.kind == "tribe":
                message = (
                    f"tribe '{tribe}' is in pack '{elsewhere.pack}', which this script does not load: "
                    f"add {elsewhere.pack} to packs (packs: [{', '.join([*script.packs, elsewhere.pack])}])"
                )
            else:
                known = [*tribes, *(c.id for c in everywhere.values() if c.kind == "tribe" and c.id not in tribes)]
                message = (
                    f"unknown tribe '{tribe}'{_close(tribe, known)} (tribes of the packs loaded: {', '.join(tribes)})"
                )
            problems.append(Diagnostic(doc.pos((*at, "tribe")), message))
            continue
        sides = list(rules.data(tribe)["sides"])
        if side not in sides:
            problems.append(
                Diagnostic(
                    doc.pos((*at, "side")), f"tribe '{tribe}' has no side '{side}'; its sides: {', '.join(sides)}"
                )
            )
        if len(script.data["players"]) == 1 and rules.data(tribe).get("solo") is False:
            problems.append(Diagnostic(doc.pos((*at, "tribe")), f"tribe '{tribe}' cannot be played solo (solo: false)"))
    variants = list(script.data.get("variants", []))
    known = known_variants(rules)
    for index, variant in enumerate(variants):
        if variant not in known:
            listed = ", ".join(known)
            message = f"unknown variant '{variant}'{_close(variant, known)} (variants of the packs loaded: {listed})"
            problems.append(Diagnostic(doc.pos(("variants", index)), message))
    problems.extend(Diagnostic(doc.pos(("variants",)), message) for message in variant_conflicts(variants))
    return problems


_KINDS = (
    (bool, "true or false"),
    (int, "a whole number"),
    (float, "a number with a fraction"),
    (str, "text"),
    (list, "a list"),
    (dict, "a mapping"),
)


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    return next((name for cls, name in _KINDS if isinstance(value, cls)), type(value).__name__)


class _BadState(ValueError):
    def __init__(self, path: tuple, message: str):
        self.path = path
        super().__init__(message)


def _merge(base: Any, over: Any, path: tuple = ()) -> Any:
    """``base`` with ``over`` laid on it: mappings merged key by key, anything else replaced by a value of its kind."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            out[key] = _merge(base[key], value, (*path, key)) if key in base else value
        return out
    return over  # a value of the wrong kind is reported by the state's schema, at its key (_check_state)


def _fail(script: Script, path: tuple, message: str) -> DslError:
    return DslError(attach_lines([Diagnostic(script.doc.pos(path), message)], {script.file: script.text}))


def start_game(script: Script, rules: Rules | None = None) -> tuple[Game, Rules]:
    """The state before the first step: the seeded setup, its outcomes, then the custom start state."""
    from revive_dsl.engine.registry import load_packages
    from revive_dsl.engine.setup import new_game

    rules = rules or script_rules(script)
    load_packages(rules.packages)
    problems = header_problems(script, rules)
    if problems:
        raise DslError(attach_lines(problems, {script.file: script.text}))
    setup = script.setup
    try:
        game = new_game(
            rules,
            script.players,
            seed=setup["seed"],
            variants=list(script.data.get("variants", [])),
            outcomes=setup.get("outcomes"),
        )
    except OutcomeError as err:
        raise _fail(script, ("setup", "outcomes", *err.path), f"setup.outcomes: {err}") from None
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as err:
        where = ("setup", "outcomes") if setup.get("outcomes") else ("variants",) if script.data.get("variants") else ()
        raise _fail(script, where or ("setup",), f"cannot set up the game: {err}") from None
    game.packs = list(rules.packs)
    if setup.get("state"):
        game = _start_state(script, game, setup["state"], rules)
    return game, rules


def gained_components(script: Script, rules: Rules) -> list[str]:
    """The items of the setup's piles that a recorded game's outcomes write but do not name (``setup.recorded``):
    those its packs gained after it was recorded. Empty for a script not marked recorded, whose outcomes may
    name just the top of a pile, and the seed deals the rest.

    >>> script = load_script_text('''
    ... format: 5
    ... players: [{name: Ann, tribe: nadair, side: sun}]
    ... setup: {seed: 3, recorded: true, outcomes: {crates: [crate_07, crate_01]}}
    ... steps: []
    ... ''', "s.yaml")
    >>> gained = gained_components(script, script_rules(script))
    >>> len(gained), "crate_07" in gained, "crate_02" in gained  # the crates but the two
    (26, False, True)
    """
    from revive_dsl.engine.setup import setup_draws, unnamed_in_piles

    setup = script.setup
    if not setup.get("recorded"):
        return []
    outcomes = setup.get("outcomes") or {}
    drawn = setup_draws(rules, len(script.players), setup["seed"], list(script.data.get("variants", [])), outcomes)
    return unnamed_in_piles(drawn, outcomes)


def _start_state(script: Script, game: Game, state: dict[str, Any], rules: Rules | None = None) -> Game:
    """Lay the script's custom start state over the set-up game (players addressed by name)."""
    at = ("setup", "state")
    before = game
    if script.format == 1:
        state = former_state(state)
    data = game.to_dict()
    players = state.get("players", {})
    if not isinstance(players, dict):
        raise _fail(script, (*at, "players"), "players in a start state are a mapping: name -> what differs")
    by_name = {p["name"]: p for p in data["players"]}
    from revive_dsl.replay.paths import UnknownPlayer, seats_from_names

    try:  # seats written as names, as expect: and the diff name them
        state = seats_from_names(state, list(by_name))
    except UnknownPlayer as err:
        raise _fail(script, (*at, *err.path), f"start state: {err}") from None
    for key in ("packs", "variants"):  # the header's, which the setup was made from
        if key in state and state[key] != data[key]:
            message = f"the game's {key} come from the script's '{key}:', not from the start state"
            raise _fail(script, (*at, key), message)
    try:
        for name, over in players.items():
            if name not in by_name:
                known = ", ".join(by_name)
                message = f"unknown player '{name}'; the players are {known}"
                raise _BadState(("players", name), message)
            if not isinstance(over, dict):
                raise _BadState(("players", name), f"expected a mapping (what differs for {name}), not {_kind(over)}")
            fixed = sorted(key for key in ("name", "seat") if key in over)
            if fixed:
                message = f"a player's {fixed[0]} comes from the script's 'players:', not from the start state"
                raise _BadState(("players", name, fixed[0]), message)
            data["players"][by_name[name]["seat"]] = _merge(by_name[name], over, ("players", name))
        merged = _merge(data, {k: v for k, v in state.items() if k != "players"})
    except _BadState as err:
        raise _fail(script, (*at, *err.path), f"start state: {err}") from None
    from revive_dsl.engine.declared import state_packages

    _check_state(script, merged, list(by_name), state_packages(rules or Rules.load(tuple(game.packs))))
    if rules is not None:
        _check_ids(script, state, rules)
        _check_technologies(script, players, by_name, rules)
    try:
        game = Game.from_dict(merged)
    except (ValueError, TypeError, KeyError, AttributeError) as err:
        raise _fail(script, at, f"the start state is not a valid state: {err}") from None
    if not 0 <= game.turn.player < len(game.players):
        raise _fail(script, (*at, "turn", "player"), f"turn.player is a seat: 0 to {len(game.players) - 1}")
    _take_from_supply(game)
    _take_buildings(before, game, players)
    _check_cards(script, before, game, state)
    broken = violations(game)
    if broken:
        raise _fail(script, at, "the start state breaks the rules: " + "; ".join(broken))
    return game


def _take_buildings(before: Game, game: Game, players: dict[str, Any]) -> None:
    """Buildings a start state puts on the board come from their owners' supplies, as cards come from their decks;
    a player whose start state says how many buildings are left keeps that number."""
    from revive_dsl.engine.state import all_buildings

    def placed(board: Any, seat: int, size: str) -> int:
        return sum(1 for _, b in all_buildings(board) if b["player"] == seat and b["size"] == size)

    for player in game.players:
        if isinstance(players.get(player.name), dict) and "buildings_left" in players[player.name]:
            continue
        for size in player.buildings_left:
            more = placed(game.board, player.seat, size) - placed(before.board, player.seat, size)
            player.buildings_left[size] = before.players[player.seat].buildings_left[size] - more


def former_state(state: Any) -> Any:
    """A format-1 start state in format 2's terms: a field that moved into a rules package's part, given on
    its holder (``players: {Ann: {devotion: 3}}``), goes into the part (``{Ann: {abyss: {devotion: 3}}}``)."""
    from revive_dsl.replay.paths import formerly

    if not isinstance(state, dict):
        return state

    def moved(record: Any, prefix: str) -> Any:
        if not isinstance(record, dict):
            return record
        out: dict[str, Any] = {}
        for key, value in record.items():
            now = formerly(f"{prefix}.{key}") if isinstance(key, str) else None
            if now is None:
                out[key] = value
                continue
            namespace = now.split(".")[1]
            into = out.setdefault(namespace, {})
            if isinstance(into, dict):
                into[key] = value
        return out

    out = {key: moved(value, key) if key in ("board", "supply", "turn") else value for key, value in state.items()}
    if isinstance(state.get("players"), dict):
        out["players"] = {name: moved(over, "player") for name, over in state["players"].items()}
    return out


def _where_written(state: Any, item: str, path: tuple = ()) -> list[tuple]:
    """Every path of the script's start state whose value is ``item`` (players by name, as written)."""
    if isinstance(state, dict):
        return [p for key, value in state.items() for p in _where_written(value, item, (*path, key))]
    if isinstance(state, list):
        return [p for i, value in enumerate(state) for p in _where_written(value, item, (*path, i))]
    return [path] if state == item else []


def _check_cards(script: Script, before: Game, game: Game, state: dict[str, Any]) -> None:
    """No card of the set-up state vanishes, none lies in two places: each reported at the key that does it."""
    at = ("setup", "state")
    problems = []
    after = card_places(game)
    for card, count in sorted(after.items()):
        if count > 1:
            written = _where_written(state, card) or [()]
            shown = [p[1:] if p[:1] == ("players",) else p for p in written if p]  # players by name, as in paths
            places = ", ".join(".".join(map(str, p[:-1] if isinstance(p[-1], int) else p)) for p in shown)
            message = f"start state: {card} would lie in two places at once ({places or 'as set up'}); name it once"
            problems.append(Diagnostic(script.doc.pos((*at, *written[-1])), message))
    for player in before.players:
        for area in ("active", "resting"):
            lost = [c for c in getattr(player, area) if after[c] == 0]
            if lost:
                key = (*at, "players", player.name, area)
                message = (
                    f"start state: {', '.join(lost)} would vanish from the game ({player.name}.{area} had "
                    f"{'it' if len(lost) == 1 else 'them'} after the setup); put {'it' if len(lost) == 1 else 'them'} "
                    "in the active area, the resting area, a card slot or supply.removed (back in the box)"
                )
                problems.append(Diagnostic(script.doc.pos(key), message))
    if problems:
        raise DslError(attach_lines(problems, {script.file: script.text}))


def _check_state(script: Script, merged: dict[str, Any], names: list[str], packages: tuple[str, ...]) -> None:
    """Every value of the start state against the state's schema (docs/state-reference.md), each error at its key.

    Numbers are bounded there, so no start state can make the engine slow; a float, a null or a nested list
    where the state has none is an error, never a traceback.
    """
    from revive_dsl.engine.state_schema import state_schema

    problems = []
    for err in schema_errors(merged, _state_schema(state_schema, packages)):
        path, message = schema_problem(err)
        if err.validator == "type":
            wanted = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
            message = f"expected {' or '.join(_JSON_KINDS.get(w, w) for w in wanted)}, not {_kind(err.instance)}"
        if len(path) >= 2 and path[0] == "players" and isinstance(path[1], int) and path[1] < len(names):
            path = ("players", names[path[1]], *path[2:])  # the script names players
        dotted = ".".join(str(p) for p in (path[1:] if path[:1] == ("players",) else path))
        about = err.schema.get("description") if isinstance(err.schema, dict) else None
        hint = f" ({dotted}: {about[0].lower()}{about[1:].rstrip('.')})" if about else ""
        problems.append(Diagnostic(script.doc.pos(("setup", "state", *path)), f"start state: {message}{hint}"))
    if problems:
        raise DslError(attach_lines(problems, {script.file: script.text}))


# Fields of the state whose texts are component ids (cards, modules, machines, crates, artifacts, tiles).
COMPONENT_FIELDS = frozenset(
    {
        "active", "resting", "card", "modules", "special_machines", "crates_closed", "crates_opened",
        "crates_reactivated", "majors", "minors", "artifact_card", "artifact_offer", "draft_hand",
        "citizen_deck", "citizen_display", "module_pile", "module_display", "machine_piles", "machine_display",
        "crates", "removed", "tile", "shared_artifact_card", "crater_minors",
    }
)  # fmt: skip


def _check_ids(script: Script, state: dict[str, Any], rules: Rules) -> None:
    """Every component id the start state names must be one the game's rules know: else an error at its key."""
    from revive_dsl.engine.declared import state_packages
    from revive_dsl.engine.state_schema import parts_of

    known = rules.content.components
    named = COMPONENT_FIELDS | {  # and the fields of the rules packages' parts that say they hold content ids
        f.name
        for by_holder in parts_of(state_packages(rules)).values()
        for cls in by_holder.values()
        for f in fields(cls)
        if f.metadata.get("components")
    }
    problems = []

    def walk(value: Any, path: tuple, under: bool) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key), under or key in named)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, (*path, index), under)
        elif under and isinstance(value, str) and value not in known:
            close = difflib.get_close_matches(value, list(known), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            message = f"start state: unknown component '{value}'{hint}"
            problems.append(Diagnostic(script.doc.pos(("setup", "state", *path)), message))

    walk(state, (), False)
    if problems:
        raise DslError(attach_lines(problems, {script.file: script.text}))


def _check_technologies(script: Script, players: dict[str, Any], by_name: dict[str, Any], rules: Rules) -> None:
    """A player's technologies in a start state must be their tribe side's (``t2a``) or common technologies
    (``tech_side_slot``): else an error at the id, naming the ones there are."""
    problems = []
    for name, over in players.items():
        techs = over.get("technologies") if isinstance(over, dict) else None
        if not isinstance(techs, list) or name not in by_name:
            continue
        tribe, side = by_name[name]["tribe"], by_name[name]["side"]
        component = rules.content.components.get(tribe)
        sides = component.data.get("sides", {}) if component is not None else {}
        own = [t["id"] for t in sides.get(side, {}).get("technologies", []) if isinstance(t, dict) and "id" in t]
        common = [c.id for c in rules.content.of_kind("technology")]
        for index, tid in enumerate(techs):
            if not isinstance(tid, str) or tid in own or tid in common:
                continue
            close = difflib.get_close_matches(tid, own + common, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            message = (
                f"start state: {name}'s tribe {tribe} ({side}) has no technology '{tid}'{hint} (its technologies: "
                f"{', '.join(own) or 'none'}; common ones: {', '.join(common) or 'none'})"
            )
            problems.append(
                Diagnostic(script.doc.pos(("setup", "state", "players", name, "technologies", index)), message)
            )
    if problems:
        raise DslError(attach_lines(problems, {script.file: script.text}))


_JSON_KINDS = {
    "integer": "a whole number",
    "boolean": "true or false",
    "string": "text",
    "array": "a list",
    "object": "a mapping",
    "null": "nothing",
}
_STATE_SCHEMA: dict[tuple[str, ...], dict[str, Any]] = {}


def _state_schema(build: Any, packages: tuple[str, ...]) -> dict[str, Any]:
    """The state's schema with the parts of the game's rules packages and packs (a few sets per process; made
    again when a pack's declarations change its part)."""
    from revive_dsl.engine.state_schema import parts_of

    key = (packages, tuple(id(cls) for by in parts_of(packages).values() for cls in by.values()))
    if key not in _STATE_SCHEMA:
        _STATE_SCHEMA[key] = build(packages)
    return _STATE_SCHEMA[key]


def _take_from_supply(game: Game) -> None:
    """Components a start state gives the players come out of the pile or display the setup put them in.

    Cards (a rules package's too: journeys), slot modules, crates, machine tokens and the craters' artifacts
    alike; a display that gave one is refilled
    from the top of its pile, as in play. So a start state only names what the players hold.
    """
    from revive_dsl.rules.base.setup import CITIZEN_DISPLAY, MACHINE_DISPLAY, MODULE_DISPLAY

    held: set[str] = set()
    for p in game.players:
        held.update(p.active, p.resting, p.crates_closed, p.crates_opened, p.special_machines.values())
        held.update(played.card for stack in p.slots.values() for played in stack)
        held.update(m for spaces in p.modules.values() for m in spaces if m)
        for own in p.parts.values():  # a rules package's cards in front of a player (journeys, ...)
            held.update(x for f in fields(own) if f.metadata.get("components") for x in getattr(own, f.name))
    supply = game.supply
    pairs = [
        (supply.citizen_display, supply.citizen_deck, CITIZEN_DISPLAY),
        (supply.module_display, supply.module_pile, MODULE_DISPLAY),
        *((supply.machine_display.setdefault(c, []), p, MACHINE_DISPLAY) for c, p in supply.machine_piles.items()),
        ([], supply.crates, 0),
        *(_package_pile(own, f) for own in supply.parts.values() for f in fields(own) if f.metadata.get("pile")),
    ]
    taken = {x for p in game.players for x in (*p.majors, *p.minors)}  # artifacts a player holds leave the craters
    game.board.majors[:] = [x for x in game.board.majors if x not in taken]
    game.board.crater_minors[:] = [x for x in game.board.crater_minors if x not in taken]
    for display, pile, size in pairs:
        display[:] = [x for x in display if x not in held]
        pile[:] = [x for x in pile if x not in held]
        while len(display) < size and pile:
            display.append(pile.pop(0))


def _package_pile(part: Any, pile: Any) -> tuple[list[str], list[str], int]:
    """A rules package's pile in the supply, with the display it refills (to the size the setup dealt) if any."""
    display = next((f for f in fields(part) if f.metadata.get("display_of") == pile.name), None)
    shown = getattr(part, display.name) if display is not None else []
    return shown, getattr(part, pile.name), len(shown)
