"""Snapshots of a replay: a plain-text account of every step's state, stored one file per script.

A full canonical state is about 700 leaves (13 KB of JSON) and a 4-player game has about 400
steps, so a whole state per step would be megabytes per script and unreadable in a diff. The
decision:

- **step 000** is the whole start state, flattened into sorted lines ``path = json-value``
  (players addressed by name: ``Ann.resources.book = 3``; otherwise the canonical JSON as it is, seats
  as numbers, so that a snapshot is a faithful record of the state the engine keeps);
- **every later step** is its move line followed by the leaves of the canonical state that the
  step changed, ``path: old -> new`` (``(none)`` for a leaf that appears or goes away; a long
  list that changed shows only the changed slice, ``supply.citizen_deck[0:1]: ["cit_host"] -> []``);
- **the last step** also carries the whole final state, under ``final state:``.

Together they determine every step's full state exactly, and a changed rule shows as a few
changed lines under the step that changed. :class:`ReplaySnapshotExtension` (a syrupy extension)
keeps one file per script, ``<script folder>/__snapshots__/<script stem>.snap``, one section per
step headed ``## step 012``, each line indented by two spaces and written as is (no quoting or
escaping), so ``git diff`` shows exactly which step changed.

>>> before = {"Ann": {"resources": {"book": 3}, "hand": ["a", "b"]}, "board": {"buildings": {}}}
>>> after = {"Ann": {"resources": {"book": 5}, "hand": ["b"]}, "board": {"buildings": {"0,1": {"size": 1}}}}
>>> print(state_lines(before)[0])
Ann.hand = ["a", "b"]
>>> for line in change_lines(flatten(before), flatten(after)):
...     print(line)
Ann.hand: ["a", "b"] -> ["b"]
Ann.resources.book: 3 -> 5
board.buildings.0,1.size: (none) -> 1
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from syrupy.data import Snapshot, SnapshotCollection
from syrupy.extensions.base import AbstractSyrupyExtension

from revive_dsl.engine.state import OMITTED, Game, plain_fields, same_data, to_plain
from revive_dsl.replay.paths import named_state
from revive_dsl.replay.player import StepResult

ITEM_NAME = "replay"  # the name of a script's test item; syrupy names its snapshots "replay[step 012]"
HEADER = "# revive replay snapshot: one section per step; `pytest --snapshot-update` rewrites this file"
SECTION = "## "
INDENT = "  "
ABSENT = "(none)"  # how a leaf that is not there is shown
_MISSING = object()
SHORT_LIST = 100  # a list whose old and new JSON fit in this many characters is shown whole


def _state(game: Game) -> dict[str, Any]:
    """What a snapshot records: the canonical state with players by name (seats stay numbers)."""
    return named_state(game.to_dict())


def step_name(index: int) -> str:
    """The snapshot name of a step (0: the start state).

    >>> step_name(12)
    'step 012'
    """
    return f"step {index:03d}"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """Leaves of a canonical state by dotted path; a list of plain values is one leaf, so is an empty container.

    >>> flatten({"a": {"b": [1, 2], "c": [{"d": 1}], "e": {}}})
    {'a.b': [1, 2], 'a.c.0.d': 1, 'a.e': {}}
    """
    out: dict[str, Any] = {}

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict) and value:
            for key, item in value.items():
                walk(item, f"{path}.{key}" if path else str(key))
        elif isinstance(value, list) and any(isinstance(x, (dict, list)) for x in value):
            for i, item in enumerate(value):
                walk(item, f"{path}.{i}" if path else str(i))
        else:
            out[path] = value

    walk(data, prefix)
    return out


def state_lines(data: dict[str, Any]) -> list[str]:
    """A whole state as sorted ``path = json-value`` lines."""
    return [f"{path} = {_json(value)}" for path, value in sorted(flatten(data).items())]


def _list_change(path: str, old: list, new: list) -> list[str]:
    if len(_json(old)) + len(_json(new)) <= SHORT_LIST:
        return [f"{path}: {_json(old)} -> {_json(new)}"]
    matcher = difflib.SequenceMatcher(a=[_json(x) for x in old], b=[_json(x) for x in new], autojunk=False)
    return [
        f"{path}[{i1}:{i2}]: {_json(old[i1:i2])} -> {_json(new[j1:j2])}"
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
    ]


def _is_parent(path: str, leaves: dict[str, Any]) -> bool:
    """True if ``leaves`` hold something under ``path`` (so its empty-container leaf says nothing new)."""
    return any(p.startswith(path + ".") for p in leaves)


def change_lines(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The leaves that differ between two flattened states, sorted by path: ``path: old -> new``."""
    lines = []
    for path in sorted(before.keys() | after.keys()):
        old, new = before.get(path, _MISSING), after.get(path, _MISSING)
        if old == new and type(old) is type(new):
            continue
        if old is _MISSING and new in ({}, []) and _is_parent(path, before):
            continue  # a container emptied: its children going away say it all
        if new is _MISSING and old in ({}, []) and _is_parent(path, after):
            continue  # a container filled: its new children say it all
        if isinstance(old, list) and isinstance(new, list):
            lines.extend(_list_change(path, old, new))
        else:
            shown_old = ABSENT if old is _MISSING else _json(old)
            shown_new = ABSENT if new is _MISSING else _json(new)
            lines.append(f"{path}: {shown_old} -> {shown_new}")
    return lines


class StepSnapshots:
    """The snapshot text of each step of one replay, fed the states in order.

    >>> from revive_dsl.replay import Replay, load_script_text
    >>> script = load_script_text('''
    ... format: 1
    ... players: [{name: Ann, tribe: nadair, side: sun}]
    ... setup: {seed: 3}
    ... steps: [Ann switch food]
    ... ''', "demo.yaml")
    >>> replay = Replay(script)
    >>> snaps = StepSnapshots(replay.states[0])
    >>> "Ann.resources.food = 0" in snaps.start().splitlines()
    True
    >>> print(snaps.step(replay.step(), last=False))
    Ann switch food
    Ann.resources.food: 0 -> 1
    Ann.switch_used: false -> true
    turn.actions: 0 -> 1
    """

    def __init__(self, start: Game):
        self._start = start
        # each top-level part of the state (a player by name, the board, the supply, ...) and each of its
        # fields: the value seen last and its leaves, so that a step flattens only the fields it changed
        self._seen: dict[str, tuple[Any, dict[str | None, tuple[Any, dict[str, Any]]]]] = {}
        self._changes(start)

    def start(self) -> str:
        """Step 000: the whole start state."""
        return "\n".join(state_lines(_state(self._start)))

    def step(self, result: StepResult, last: bool) -> str:
        """A step: its move line, the leaves it changed and, for the last step, the whole final state."""
        before, after = self._changes(result.after)
        lines = [result.step.text, *change_lines(before, after)]
        if result.refused is not None:  # a step the script expects to be refused: why, and nothing changed
            lines.insert(1, f"refused: {result.refused}")
        if last:
            lines += ["final state:", *state_lines(_state(result.after))]
        return "\n".join(lines)

    def _changes(self, game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        """The leaves of what changed since the last state seen, before and after; remember this state."""
        before: dict[str, Any] = {}
        after: dict[str, Any] = {}
        parts = _parts(game)
        for key in self._seen.keys() | parts.keys():
            old = self._seen.get(key)
            value = parts.get(key, _MISSING)
            if old is not None and _same(old[0], value):
                continue  # the part did not change: neither do its leaves
            old_fields = old[1] if old is not None else {}
            fields = _fields(value, key, old_fields, before, after)
            if value is _MISSING:
                del self._seen[key]
            else:
                self._seen[key] = (value, fields)
        return before, after


def _same(old: Any, new: Any) -> bool:
    return same_data(old, new)  # types included: 0 where False was is a change (its JSON differs)


def _fields(value: Any, key: str, old: dict, before: dict[str, Any], after: dict[str, Any]) -> dict:
    """A part's fields with their leaves, flattening again only those that differ from ``old`` (whose leaves
    go to ``before``, the new ones to ``after``)."""
    if value is _MISSING:
        plan: dict[str | None, tuple[Any, Any]] = {}
    elif hasattr(value, "__dataclass_fields__"):
        plan = dict(plain_fields(value))
    else:
        plan = {None: (value, to_plain)}
    out: dict[str | None, tuple[Any, dict[str, Any]]] = {}
    for name in old.keys() | plan.keys():
        seen = old.get(name)
        raw, plain = plan.get(name, (_MISSING, None))
        if seen is not None and raw is not _MISSING and _same(seen[0], raw):
            out[name] = seen
            continue
        if seen is not None:
            before.update(seen[1])
        if raw is _MISSING:
            continue
        data = plain(raw)
        leaves = {} if data is OMITTED else flatten(data, key if name is None else f"{key}.{name}")
        after.update(leaves)
        out[name] = (raw, leaves)
    return out


def _parts(game: Game) -> dict[str, Any]:
    """The top-level parts of what a snapshot records (:func:`_state`): each player by name, then the rest."""
    out: dict[str, Any] = {player.name: player for player in game.players}
    for name in game.__dataclass_fields__:
        if name != "players":
            out[name] = getattr(game, name)
    return out


# --- the snapshot file: one per script ----------------------------------------------------------


def _section_name(snapshot_name: str) -> str:
    """``replay[step 012]`` -> ``step 012`` (what the file shows)."""
    prefix = f"{ITEM_NAME}["
    if snapshot_name.startswith(prefix) and snapshot_name.endswith("]"):
        return snapshot_name[len(prefix) : -1]
    return snapshot_name


def _snapshot_name(section: str) -> str:
    return f"{ITEM_NAME}[{section}]"


def parse_snap(text: str) -> dict[str, str]:
    """Sections of a ``.snap`` file by their snapshot name.

    >>> parse_snap("# header\\n## step 000\\n  a = 1\\n  b = 2\\n## step 001\\n  Ann end\\n")
    {'replay[step 000]': 'a = 1\\nb = 2', 'replay[step 001]': 'Ann end'}
    """
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith(SECTION):
            current = sections.setdefault(_snapshot_name(line[len(SECTION) :].strip()), [])
        elif current is not None and (line.startswith(INDENT) or not line):
            current.append(line[len(INDENT) :])
    return {name: "\n".join(lines) for name, lines in sections.items()}


def _order(name: str) -> tuple[int, str]:
    section = _section_name(name)
    number = section.rpartition(" ")[2]
    return (int(number), section) if number.isdigit() else (-1, section)


def format_snap(sections: dict[str, str]) -> str:
    """The text of a ``.snap`` file: a header line, then each section in step order."""
    out = [HEADER]
    for name in sorted(sections, key=_order):
        out.append(SECTION + _section_name(name))
        out.extend(INDENT + line if line else "" for line in sections[name].split("\n"))
    return "\n".join(out) + "\n"


def _write(location: str, sections: dict[str, str]) -> None:
    from revive_dsl.fileio import make_folder, write_text_atomic

    path = Path(location)
    make_folder(path.parent)
    write_text_atomic(path, format_snap(sections))


@lru_cache(maxsize=64)
def _read_cached(location: str, stamp: tuple[int, int]) -> dict[str, str]:
    return parse_snap(Path(location).read_text(encoding="utf-8"))


def read_snap(location: str) -> dict[str, str]:
    """The sections of a ``.snap`` file (empty if there is none); cached while the file is unchanged."""
    try:
        stat = os.stat(location)
    except FileNotFoundError:
        return {}
    return _read_cached(location, (stat.st_mtime_ns, stat.st_size))


class ReplaySnapshotExtension(AbstractSyrupyExtension):
    """Syrupy storage for replay snapshots: ``__snapshots__/<script stem>.snap``, one section per step."""

    file_extension = "snap"

    def serialize(self, data: Any, **kwargs: Any) -> str:
        return str(data)

    def read_snapshot_collection(self, *, snapshot_location: str) -> SnapshotCollection:
        collection = SnapshotCollection(location=snapshot_location)
        for name, data in read_snap(snapshot_location).items():
            collection.add(Snapshot(name=name, data=data))
        return collection

    def read_snapshot_data_from_location(
        self, *, snapshot_location: str, snapshot_name: str, session_id: str
    ) -> str | None:
        return read_snap(snapshot_location).get(snapshot_name)

    @classmethod
    def write_snapshot_collection(
        cls, *, snapshot_collection: SnapshotCollection, name_order: dict[str, int] | None = None
    ) -> None:
        location = snapshot_collection.location
        sections = dict(read_snap(location))
        sections.update({s.name: str(s.data) for s in snapshot_collection if s.data is not None})
        _write(location, sections)

    def delete_snapshots(self, *, snapshot_location: str, snapshot_names: set[str]) -> None:
        sections = {k: v for k, v in read_snap(snapshot_location).items() if k not in snapshot_names}
        if sections:
            _write(snapshot_location, sections)
        else:
            Path(snapshot_location).unlink(missing_ok=True)


def unified(stored: str, now: str, context: int = 2) -> Iterable[str]:
    """A unified diff of a stored snapshot and the replay's text, without the file header lines.

    >>> list(unified("a\\nb", "a\\nc"))
    ['@@ -1,2 +1,2 @@', ' a', '-b', '+c']
    """
    lines = difflib.unified_diff(stored.split("\n"), now.split("\n"), "snapshot", "now", n=context, lineterm="")
    return [line for line in lines if not line.startswith(("--- snapshot", "+++ now"))]
