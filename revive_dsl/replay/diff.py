"""What a move changed: a compact, readable diff of two canonical states (``Game.to_dict()``).

A state is first turned into the script view (:func:`revive_dsl.replay.paths.script_view`: players
by name, seats as names, final scores as ``Ann.score``), then laid out flat, one entry per path of
that view, so that every path printed is one ``expect:`` and ``highlight:`` accept. A list of
component ids is a *pile*, so that what came and went reads as ``Ann.active +cit_mentor`` rather
than as shifted positions. Lists whose positions mean something (module spaces, track values)
keep their index in the path (``Ann.modules.bottom_right.0``). Lists of records are keyed by the
field that names them. A small record that is one thing on the board reads as one value
(``board.buildings.-1,0: - -> Bob small``; the path holds ``{player: Bob, size: small}``).

>>> before = {"players": [{"name": "Ann", "resources": {"food": 0}, "active": ["c1", "c2"]}],
...           "supply": {"citizen_deck": ["c3", "c4"]}, "turn": {"player": 0}}
>>> after = {"players": [{"name": "Ann", "resources": {"food": 1}, "active": ["c1", "c2", "c3"]}],
...          "supply": {"citizen_deck": ["c4"]}, "turn": {"player": 0}}
>>> for change in state_changes(before, after, ["Ann"]):
...     print(format_change(change))
Ann.active +c3
Ann.resources.food: 0 -> 1
supply.citizen_deck -c3
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import lru_cache
from typing import Any

from revive_dsl.replay.paths import record_keys, script_view

SET, ADDED, REMOVED, REORDERED = "set", "+", "-", "order"

# Paths whose lists keep their positions (a module space, a drafted position), not piles.
POSITIONAL = ("*.modules.*", "*.draft_order", "turn.ranking", "turn.last_turns_left", "board.stacked_tokens.*")

# Small records read as one value (what lies on a space): pattern -> the fields, in order.
COMPACT = {
    "board.buildings.*": ("player", "size"),
    "board.tokens.*": ("player", "token"),
    "board.stacked_tokens.*.*": ("player", "token"),
}

# Top-level groups in the order a reader wants them: players (in seat order) come first.
GROUP_ORDER = ("board", "supply", "turn")

ABSENT = "-"  # how a value that was not there (or is no longer) is shown


@dataclass(frozen=True)
class Change:
    """One difference: ``op`` is ``set`` (old -> new), ``+`` (new joined a pile) or ``-`` (old left it).

    >>> format_change(Change("Ann.points", 3, 5)), format_change(Change("Ann.active", None, "cit_x", "+"))
    ('Ann.points: 3 -> 5', 'Ann.active +cit_x')
    """

    path: str
    old: Any
    new: Any
    op: str = SET

    @property
    def item(self) -> Any:
        """The item that came or went (for ``+``/``-``), else the new value."""
        return self.old if self.op == REMOVED else self.new

    @property
    def sign(self) -> int:
        """+1 for a gain, -1 for a loss, 0 when neither reads as such (a text changed, a pile reordered).

        >>> Change("x", 1, 3).sign, Change("x", 3, 1).sign, Change("x", "a", "b").sign, Change("x", None, 4).sign
        (1, -1, 0, 1)
        """
        if self.op in (ADDED, REMOVED):
            return 1 if self.op == ADDED else -1
        old, new = self.old, self.new
        if isinstance(old, bool) or isinstance(new, bool):
            return 0
        old = 0 if old is None else old
        new = 0 if new is None else new
        if isinstance(old, int) and isinstance(new, int) and old != new:
            return 1 if new > old else -1
        return 0


def show(value: Any) -> str:
    """A value as a change shows it: text bare, ``-`` for nothing, other values as compact JSON.

    >>> show("book"), show(None), show([1, 2]), show(True)
    ('book', '-', '[1,2]', 'true')
    """
    if value is None:
        return ABSENT
    if isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def format_change(change: Change) -> str:
    """One line: ``path: old -> new``, ``path +item``, ``path -item`` or ``path reordered``.

    >>> format_change(Change("supply.citizen_deck", "cit_mentor", None, "-"))
    'supply.citizen_deck -cit_mentor'
    """
    if change.op == ADDED:
        return f"{change.path} +{show(change.new)}"
    if change.op == REMOVED:
        return f"{change.path} -{show(change.old)}"
    if change.op == REORDERED:
        return f"{change.path} reordered"
    return f"{change.path}: {show(change.old)} -> {show(change.new)}"


class _Pile(tuple):
    """A list read as a pile of items (order kept, to notice a reshuffle)."""


def flatten(state: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A canonical state as ``{path of the script view: leaf}``; a pile is a :class:`_Pile` of its items.

    >>> flat = flatten({"players": [{"seat": 0, "resources": {"book": 2}}], "turn": {"player": 0}}, ["Ann"])
    >>> flat["Ann.seat"], flat["Ann.resources.book"], flat["turn.player"]
    (0, 2, 'Ann')
    """
    data = script_view(state, names)
    out: dict[str, Any] = {}
    for key in sorted(data):
        _walk(key, data[key], out)
    return out


def shown(path: str, value: Any) -> Any:
    """A value found at a printed path as the diff shows it: a small record as one value, a pile's items as words.

    >>> shown("board.buildings.-1,0", {"player": "Bob", "size": "small"})
    'Bob small'
    >>> shown("Ann.slots.top_left", [{"card": "c", "half": "top"}])
    ['c (top)']
    """
    compact = _compact_fields(path)
    if compact is not None and isinstance(value, dict):
        return _compact(value, compact)
    if isinstance(value, list):
        return [show(_record_text(x)) for x in value]
    return value


@lru_cache(maxsize=1 << 16)
def _compact_fields(path: str) -> tuple[str, ...] | None:
    """The fields a record at ``path`` is written with on one line, if it is one (paths recur step after step)."""
    return next((f for p, f in COMPACT.items() if fnmatchcase(path, p)), None)


def _walk(path: str, value: Any, out: dict[str, Any]) -> None:
    compact = _compact_fields(path)
    if compact is not None and isinstance(value, dict):
        out[path] = _compact(value, compact)
    elif isinstance(value, dict):
        if not value:
            out[path] = {}
        for key in sorted(value):
            _walk(f"{path}.{key}", value[key], out)
    elif isinstance(value, list):
        _walk_list(path, value, out)
    else:
        out[path] = value


def _walk_list(path: str, items: list[Any], out: dict[str, Any]) -> None:
    keyed = _record_keys(items)
    if keyed is not None:
        for key, item in zip(keyed, items, strict=True):
            _walk(f"{path}.{key}", item, out)
    elif _matches(path, POSITIONAL) or not all(isinstance(x, str | dict) for x in items):
        if not items:
            out[path] = []
        for index, item in enumerate(items):
            _walk(f"{path}.{index}", item, out)
    else:
        out[path] = _Pile(show(_record_text(x)) for x in items)


def _compact(record: dict[str, Any], fields: tuple[str, ...]) -> str:
    """``{"player": "Bob", "size": "small"}`` -> ``Bob small`` (further fields follow as ``key=value``)."""
    words = [show(record[f]) for f in fields if f in record]
    words += [f"{k}={show(record[k])}" for k in sorted(record) if k not in fields]
    return " ".join(words)


def _record_keys(items: list[Any]) -> list[str] | None:
    """The names of a list of records, if one field names each record uniquely (cards in a slot are a pile)."""
    if items and all(isinstance(x, dict) and set(x) == {"card", "half"} for x in items):
        return None
    return record_keys(items)


def _record_text(item: Any) -> Any:
    """A small record as one word: a played card ``{card, half}`` reads ``start_b_6 (top)``."""
    if isinstance(item, dict) and set(item) == {"card", "half"}:
        return f"{item['card']} ({item['half']})"
    return item


@lru_cache(maxsize=1 << 16)
def _matches(path: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatchcase(path, p) for p in patterns)


def state_changes(before: dict[str, Any], after: dict[str, Any], names: list[str]) -> list[Change]:
    """Every difference between two canonical states, players first (in seat order), then by path.

    >>> b = {"board": {"buildings": {}}, "turn": {"player": 0}}
    >>> a = {"board": {"buildings": {"-1,0": {"player": 1, "size": "small"}}}, "turn": {"player": 1}}
    >>> [format_change(c) for c in state_changes(b, a, ["Ann", "Bob"])]
    ['board.buildings.-1,0: - -> Bob small', 'turn.player: Ann -> Bob']
    """
    return flat_changes(flatten(before, names), flatten(after, names), names)


def flat_changes(old: dict[str, Any], new: dict[str, Any], names: list[str]) -> list[Change]:
    """:func:`state_changes` of two states already flattened (:func:`flatten`): a step after step reader
    flattens each state once."""
    changes: list[Change] = []
    for path in old.keys() | new.keys():
        a, b = old.get(path), new.get(path)
        if _same(a, b):
            continue
        if (_empty(a) and _is_parent(path, new)) or (_empty(b) and _is_parent(path, old)):
            continue  # a container filled or emptied: its leaves say it all
        if isinstance(a, _Pile) or isinstance(b, _Pile):
            changes.extend(_pile_changes(path, a, b))
        else:
            changes.append(Change(path, a, b))
    return sorted(changes, key=lambda c: _sort_key(c, names))


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)


def _empty(value: Any) -> bool:
    return value is None or value in ({}, [], ())


def _is_parent(path: str, flat: dict[str, Any]) -> bool:
    prefix = path + "."
    return any(p.startswith(prefix) for p in flat)


def _pile_changes(path: str, old: Any, new: Any) -> list[Change]:
    old_items = list(old) if isinstance(old, tuple) else []
    new_items = list(new) if isinstance(new, tuple) else []
    gone = Counter(old_items) - Counter(new_items)
    came = Counter(new_items) - Counter(old_items)
    out = [Change(path, item, None, REMOVED) for item in _in_order(old_items, gone)]
    out += [Change(path, None, item, ADDED) for item in _in_order(new_items, came)]
    if not out and old_items != new_items:
        out.append(Change(path, len(old_items), len(new_items), REORDERED))
    return out


def _in_order(items: list[str], wanted: Counter) -> list[str]:
    left, out = Counter(wanted), []
    for item in items:
        if left[item] > 0:
            left[item] -= 1
            out.append(item)
    return out


def _sort_key(change: Change, names: list[str]) -> tuple:
    head = change.path.split(".", 1)[0]
    if head in names:
        group = (0, names.index(head))
    elif head in GROUP_ORDER:
        group = (1, GROUP_ORDER.index(head))
    else:
        group = (2, 0)
    op = {REMOVED: 0, ADDED: 1, SET: 2, REORDERED: 3}[change.op]
    return (group, change.path, op, show(change.old), show(change.new))
