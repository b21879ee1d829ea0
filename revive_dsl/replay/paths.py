"""The script view of a state and its one path language: what ``expect:``, ``highlight:`` and the diff say.

The **script view** is the canonical state (``Game.to_dict()``) as a reader names it:

- players are keyed by name (``Ann.resources.book``), and every seat stored as a number is a name:
  ``turn.player``, ``turn.end_triggered_by``, ``turn.last_turns_left``, ``turn.ranking`` (``[[Ann], [Bob]]``),
  ``board.figures.<location>`` (``[Ann, Bob]``), the ``player`` of ``board.buildings``, ``board.shared``,
  ``board.tokens`` and ``board.stacked_tokens``;
- fields the canonical JSON leaves out while empty (:data:`revive_dsl.engine.state.OMIT_EMPTY`) are there,
  empty (``turn.hibernated: false``), and so is the part of each rules package the game's packs name
  (``Ann.abyss.journeys: []`` in a game with Call of the Abyss), every field at least at its default;
- once the game is over, each player's final score sheet is ``<name>.score``: ``total``, ``blue``,
  ``purple``, ``lines`` (points by the line name the scores panel prints, ``Ann.score.lines.progress track``)
  and ``details`` (the panel's detail column, by line name, where it says something); ``turn.final_scores``
  is not repeated.

A **path** is the dotted list of keys to a value (``board.buildings.-1,0.player``); a list is entered
by index (``Ann.active.0``) or, for a list of records, by the field that names a record
(``Ann.slots.bottom_left.start_b_4.half``). The paths the diff of ``revive replay`` prints are paths of
this view (:mod:`revive_dsl.replay.diff` flattens it).

>>> state = {"players": [{"name": "Ann", "points": 3}, {"name": "Bob", "points": 5}],
...          "board": {"figures": {"0,1": [1, 0]}}, "turn": {"player": 1, "ranking": []}}
>>> data = script_view(state)
>>> lookup(data, "turn.player"), lookup(data, "board.figures.0,1"), lookup(data, "turn.hibernated")
('Bob', ['Bob', 'Ann'], False)
>>> lookup(data, "Ann.pionts")
Traceback (most recent call last):
...
revive_dsl.replay.paths.PathError: no 'pionts' in Ann.pionts (there: name, points); did you mean Ann.points?
"""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from dataclasses import MISSING, fields
from typing import Any

from revive_dsl.engine.state import HOLDERS, PARTS, Board, Player, Supply, Turn
from revive_dsl.engine.state_schema import UNORDERED  # a player's lists expect compares as sets

# Fields that name the records of a list of records, in order of preference.
RECORD_KEYS = ("name", "seat", "rule", "card")

# The state's own top-level keys: any other first word of a path is a player's name.
STATE_KEYS = frozenset({"board", "supply", "turn", "packs", "variants", "seed", "draws"})

OPERATORS = ("contains", "len", "not", "ge", "le", "has")
_OPERATOR_WORD = re.compile(r"[a-z_]+")


class PathError(KeyError):
    """A path that leads nowhere; ``str(err)`` is the whole message."""

    def __str__(self) -> str:
        return str(self.args[0])


class OperatorError(ValueError):
    """An ``expect`` value that is a mapping of unknown operators."""


# --- the view ----------------------------------------------------------------------------------


def _omitted_defaults(cls: type) -> dict[str, Any]:
    out = {}
    for f in fields(cls):
        if f.metadata.get("omit_empty"):
            out[f.name] = f.default_factory() if f.default_factory is not MISSING else f.default
    return out


_FILL = {cls: _omitted_defaults(cls) for cls in (Player, Board, Supply, Turn)}


def _filled(cls: type, record: Any, parts: dict[str, type] | None = None) -> Any:
    """A holder's record with its omitted fields, and its rules packages' parts (``parts``: namespace -> class),
    at their defaults where the canonical state leaves them out."""
    if not isinstance(record, dict):
        return record
    out = dict(record)
    for key, default in _FILL[cls].items():
        if key not in out:
            out[key] = default if not isinstance(default, list | dict) else type(default)()
    for namespace, part_cls in (parts or {}).items():
        found = out.get(namespace, {})
        if isinstance(found, dict):
            out[namespace] = {**_part_defaults(part_cls), **found}
    return out


def _part_defaults(cls: type) -> dict[str, Any]:
    return {f.name: f.default_factory() if f.default_factory is not MISSING else f.default for f in fields(cls)}


_PARTS_OF: dict[tuple[str, ...], dict[str, dict[str, type]]] = {}


def game_parts(state: dict[str, Any]) -> dict[str, dict[str, type]]:
    """The rules packages' parts of a game's state (holder -> namespace -> class), found from its packs.

    >>> game_parts({"packs": ["base"]})
    {}
    """
    from revive_dsl.engine.declared import state_packages
    from revive_dsl.engine.rules import Rules
    from revive_dsl.engine.state_schema import parts_of

    packs = state.get("packs", ["base"])
    try:
        packages = state_packages(Rules.load(tuple(str(p) for p in packs)))
    except Exception:  # a state naming packs that do not load: only the parts it has are shown
        packages = ()
    found = _PARTS_OF.get(packages)
    if found is None:
        found = {holder: {} for holder in HOLDERS}
        for namespace, by_holder in parts_of(packages).items():
            for holder, cls in by_holder.items():
                found[holder][namespace] = cls
        found = _PARTS_OF[packages] = {h: by for h, by in found.items() if by}
    return found


def formerly(path: str) -> str | None:
    """The path a format-1 script's path is now, if it names a field that moved into a rules package's part.

    Format 1 named the fields of Call of the Abyss on their holder; format 2 names them in the package's part:

    >>> import revive_dsl.rules.abyss.state
    >>> formerly("Ann.devotion"), formerly("supply.scyphoz_deck.0"), formerly("Ann.points")
    ('Ann.abyss.devotion', 'supply.abyss.scyphoz_deck.0', None)
    """
    head, _, rest = path.partition(".")
    name, _, tail = rest.partition(".")
    holder = head if head in HOLDERS and head != "player" else "player"
    for namespace, by_holder in PARTS.items():
        cls = by_holder.get(holder)
        if cls is not None and any(f.name == name and f.metadata.get("formerly") for f in fields(cls)):
            return ".".join(p for p in (head, namespace, name, tail) if p)
    return None


def _seat(value: Any, names: list[str]) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return names[value]
    if isinstance(value, list):
        return [_seat(v, names) for v in value]
    return value


def _owned(spaces: Any, names: list[str]) -> Any:
    """``{space: {player: 1, ...}}`` (or a list of such records) with the player named."""
    if not isinstance(spaces, dict):
        return spaces
    return {space: _named(rec, names) for space, rec in spaces.items()}


def _named(rec: Any, names: list[str]) -> Any:
    if isinstance(rec, list):
        return [_named(r, names) for r in rec]
    return {**rec, "player": _seat(rec["player"], names)} if isinstance(rec, dict) and "player" in rec else rec


def score_view(sheet: dict[str, Any]) -> dict[str, Any]:
    """A final score sheet by line name (a name used twice gets `` 2``, `` 3``, ... after it).

    >>> score_view({"seat": 0, "blue": 9, "purple": 2, "total": 11,
    ...             "lines": [{"rule": "progress track", "points": 2, "detail": "lowest vacant space 3"}]})
    {'total': 11, 'blue': 9, 'purple': 2, 'lines': {'progress track': 2}, \
'details': {'progress track': 'lowest vacant space 3'}}
    """
    out: dict[str, Any] = {k: sheet[k] for k in ("total", "blue", "purple") if k in sheet}
    lines: dict[str, Any] = {}
    details: dict[str, Any] = {}
    seen: Counter[str] = Counter()
    for line in sheet.get("lines", []):
        rule = str(line.get("rule", ""))
        seen[rule] += 1
        name = rule if seen[rule] == 1 else f"{rule} {seen[rule]}"
        lines[name] = line.get("points")
        if line.get("detail"):
            details[name] = line["detail"]
    out["lines"], out["details"] = lines, details
    return out


def script_view(state: dict[str, Any], names: list[str] | None = None) -> dict[str, Any]:
    """The canonical state (or a part of one) as ``expect:`` paths address it; ``state`` is not changed.

    ``names`` are the players' names in seat order (default: the ``name`` of each player).
    """
    players = state.get("players")
    if names is None:
        names = [str(p.get("name", f"seat{i}")) for i, p in enumerate(players or [])]
    names = list(names)
    turn = state.get("turn")
    sheets = {}
    if isinstance(turn, dict):
        for sheet in turn.get("final_scores") or []:
            if isinstance(sheet, dict):
                sheets[sheet.get("seat")] = score_view(sheet)
    out: dict[str, Any] = {}
    parts = game_parts(state)
    if isinstance(players, list):
        for seat, raw in enumerate(players):
            name = names[seat] if seat < len(names) else str(raw.get("name", f"seat{seat}"))
            player = _filled(Player, raw, parts.get("player"))
            if seat in sheets:
                player["score"] = sheets[seat]
            out[name] = player
    for key, value in state.items():
        if key == "players":
            continue
        if key == "board" and isinstance(value, dict):
            value = _filled(Board, value, parts.get("board"))
            for part in ("buildings", "tokens", "stacked_tokens"):
                if part in value:
                    value[part] = _owned(value[part], names)
            for namespace, cls in parts.get("board", {}).items():  # a part's pieces with an owner, named
                owned = {f.name for f in fields(cls) if f.metadata.get("owned")}
                if owned and isinstance(value.get(namespace), dict):
                    value[namespace] = {k: _owned(v, names) if k in owned else v for k, v in value[namespace].items()}
            if isinstance(value.get("figures"), dict):
                value["figures"] = {loc: _seat(seats, names) for loc, seats in value["figures"].items()}
        elif key == "supply":
            value = _filled(Supply, value, parts.get("supply"))
        elif key == "turn" and isinstance(value, dict):
            value = _filled(Turn, value, parts.get("turn"))
            value.pop("final_scores", None)  # each player's ``score``
            for part in ("player", "end_triggered_by", "last_turns_left"):
                if part in value:
                    value[part] = _seat(value[part], names)
            if isinstance(value.get("ranking"), list):
                value["ranking"] = [_seat(place, names) for place in value["ranking"]]
        out[key] = value
    return out


class UnknownPlayer(ValueError):
    """A name written where the state holds a seat that is none of the players'; ``path``: where."""

    def __init__(self, path: tuple, message: str):
        self.path = path
        super().__init__(message)


def seats_from_names(state: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A start state written as the script view names seats (``turn.player: Bob``, ``board.figures.0,1: [Ann]``,
    ``board.buildings.2,-2.player: Ann``) with each name turned into its seat; numbers stay as written.

    >>> seats_from_names({"board": {"figures": {"0,1": ["Bob", 0]}}, "turn": {"ranking": [["Bob"], ["Ann"]]}},
    ...                  ["Ann", "Bob"])
    {'board': {'figures': {'0,1': [1, 0]}}, 'turn': {'ranking': [[1], [0]]}}
    >>> seats_from_names({"turn": {"player": "Cy"}}, ["Ann", "Bob"])
    Traceback (most recent call last):
    ...
    revive_dsl.replay.paths.UnknownPlayer: unknown player 'Cy'; the players are Ann, Bob
    """

    def seat(value: Any, path: tuple) -> Any:
        if isinstance(value, list):
            return [seat(v, (*path, i)) for i, v in enumerate(value)]
        if not isinstance(value, str):
            return value
        if value not in names:
            raise UnknownPlayer(path, f"unknown player '{value}'; the players are {', '.join(names)}")
        return names.index(value)

    def owned(spaces: Any, path: tuple) -> Any:
        if not isinstance(spaces, dict):
            return spaces
        out = {}
        for space, rec in spaces.items():
            recs = rec if isinstance(rec, list) else [rec]
            done = [
                {**r, "player": seat(r["player"], (*path, space, *([i] if rec is not r else []), "player"))}
                if isinstance(r, dict) and "player" in r
                else r
                for i, r in enumerate(recs)
            ]
            out[space] = done if isinstance(rec, list) else done[0]
        return out

    out = dict(state)
    board = state.get("board")
    if isinstance(board, dict):
        board = dict(board)
        for part in ("buildings", "tokens", "stacked_tokens"):
            if part in board:
                board[part] = owned(board[part], ("board", part))
        for namespace, cls in game_parts(state).get("board", {}).items():
            mine = board.get(namespace)
            if isinstance(mine, dict):
                keep = {f.name for f in fields(cls) if f.metadata.get("owned")}
                board[namespace] = {k: owned(v, ("board", namespace, k)) if k in keep else v for k, v in mine.items()}
        if isinstance(board.get("figures"), dict):
            board["figures"] = {loc: seat(v, ("board", "figures", loc)) for loc, v in board["figures"].items()}
        out["board"] = board
    turn = state.get("turn")
    if isinstance(turn, dict):
        turn = dict(turn)
        for part in ("player", "end_triggered_by", "last_turns_left", "ranking"):
            if part in turn:
                turn[part] = seat(turn[part], ("turn", part))
        out["turn"] = turn
    return out


def named_state(state: dict[str, Any]) -> dict[str, Any]:
    """The canonical state with players keyed by name and nothing else changed (seats as numbers).

    This is what snapshots record, and what paths of format-1 scripts written before the script view
    (``turn.final_scores.0.total``, ``turn.player: 0``) still find.
    """
    data = dict(state)
    out = {p["name"]: p for p in data.pop("players", [])}
    out.update(data)
    return out


# --- paths -------------------------------------------------------------------------------------


def record_keys(items: list[Any]) -> list[str] | None:
    """The names of a list of records, if one field names each record uniquely.

    >>> record_keys([{"card": "a", "half": "top"}, {"card": "b", "half": "top"}]), record_keys(["a"])
    (['a', 'b'], None)
    """
    if not items or not all(isinstance(x, dict) for x in items):
        return None
    for field in RECORD_KEYS:
        if all(field in x for x in items):
            keys = [str(x[field]) for x in items]
            if len(set(keys)) == len(keys):
                return keys
    return None


def _step(data: Any, part: str) -> Any:
    if isinstance(data, dict):
        return data.get(part, MISSING)
    if isinstance(data, list):
        if re.fullmatch(r"-?\d+", part) and -len(data) <= int(part) < len(data):
            return data[int(part)]
        keys = record_keys(data)
        if keys is not None and part in keys:
            return data[keys.index(part)]
    return MISSING


def _there(data: Any) -> str:
    if isinstance(data, dict):
        keys = [str(k) for k in data]
    elif isinstance(data, list):
        keys = record_keys(data) or ([f"0..{len(data) - 1}"] if data else ["nothing (an empty list)"])
    else:
        return "none"
    return ", ".join(keys)


def all_paths(data: Any, prefix: str = "") -> list[str]:
    """Every path of a view, containers and leaves, lists of records by name.

    >>> all_paths({"Ann": {"active": ["a"], "slots": {"top": [{"card": "c", "half": "top"}]}}})[-5:]
    ['Ann.slots', 'Ann.slots.top', 'Ann.slots.top.c', 'Ann.slots.top.c.card', 'Ann.slots.top.c.half']
    """
    out: list[str] = []
    if isinstance(data, dict):
        children = [(str(k), v) for k, v in data.items()]
    elif isinstance(data, list):
        keys = record_keys(data) or [str(i) for i in range(len(data))]
        children = list(zip(keys, data, strict=True))
    else:
        return out
    for key, value in children:
        path = f"{prefix}.{key}" if prefix else key
        out.append(path)
        out.extend(all_paths(value, path))
    return out


def lookup(data: Any, path: str) -> Any:
    """The value at a dotted path, or a :class:`PathError` naming what is there and the nearest paths."""
    here = data
    parts = path.split(".")
    for depth, part in enumerate(parts):
        found = _step(here, part)
        if found is MISSING:
            message = f"no '{part}' in {path} (there: {_there(here)})"
            near = nearest(data, path, ".".join(parts[:depth]))
            if near:
                message += f"; did you mean {', '.join(near)}?"
            raise PathError(message)
        here = found
    return here


ABSENT = "absent"  # the value an ``expect:`` entry gives a path that must not be in the state


def absent_problem(data: Any, path: str) -> str | None:
    """None when ``path`` is not in the view ``data`` (``expect: {PATH: absent}``), else what is wrong: the path is
    there (and what it holds), or its parent is not (a path that could never be there says nothing), or its last
    key is a near miss of a field the parent has (a typo would pass for ever).

    >>> data = {"board": {"tokens": {"1,1": {"token": "gate"}}}, "Ann": {"points": 3}}
    >>> absent_problem(data, "board.tokens.1,0"), absent_problem(data, "board.tokens.1,1")
    (None, 'wanted absent, the state has {"token": "gate"}')
    >>> absent_problem(data, "Ann.pionts")[:38], absent_problem(data, "bord.tokens.1,0")[:18]
    ("no 'pionts' in Ann.pionts, but Ann has", "no 'bord' in bord.")
    """
    head, _, last = path.rpartition(".")
    try:
        parent = lookup(data, head) if head else data
    except PathError as err:
        return str(err)
    if not isinstance(parent, dict | list):
        return f"{head} holds {_show(parent)}, which has no keys: absent needs a path into a mapping or a list"
    found = _step(parent, last)
    if found is not MISSING:
        return f"wanted absent, the state has {_show(found)}"
    if isinstance(parent, dict) and all(_OPERATOR_WORD.fullmatch(str(k)) for k in parent):
        close = difflib.get_close_matches(last, [str(k) for k in parent], n=1, cutoff=0.8)
        if close:
            return (
                f"no '{last}' in {path}, but {head} has '{close[0]}': absent passes only for a key that could be there"
            )
    return None


def nearest(data: Any, path: str, found: str = "") -> list[str]:
    """The existing paths closest to ``path``, under ``found`` (the part of it that exists; the whole view if empty).

    >>> data = {"Ann": {"points": 1, "journeys": []}, "Bob": {"points": 2}}
    >>> nearest(data, "Ann.pionts", "Ann"), nearest(data, "Ann.tea", "Ann"), nearest(data, "Cy.points")
    (['Ann.points'], [], ['Bob.points', 'Ann.points'])
    """
    every = all_paths(data)
    if not found:
        return difflib.get_close_matches(path, every, n=3, cutoff=0.6)
    prefix = found + "."
    tails = [p[len(prefix) :] for p in every if p.startswith(prefix)]
    depth = path.count(".") - prefix.count(".")
    for candidates in ([t for t in tails if t.count(".") == depth], tails):
        close = difflib.get_close_matches(path[len(prefix) :], candidates, n=3, cutoff=0.6)
        if close:
            return [prefix + t for t in close]
    return []


def unordered(path: str) -> bool:
    """Whether ``expect`` compares the list at ``path`` as a set (a player's hand, resting area, ...).

    >>> unordered("Ann.resting"), unordered("supply.citizen_deck"), unordered("Ann.resting.0")
    (True, False, False)
    """
    head, _, rest = path.partition(".")
    return head not in STATE_KEYS and rest in UNORDERED


# --- values and operators ----------------------------------------------------------------------


def _show(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _is_operator_map(wanted: Any, actual: Any) -> bool:
    """A mapping of known operators; an unknown one raises :class:`OperatorError`.

    A mapping whose keys are lowercase words is taken for operators when the state's value is not a
    mapping (no mapping could equal it), or when it is one without those keys and a key is near an
    operator's name (``{length: 9}``); any other mapping is a plain value.
    """
    if not isinstance(wanted, dict) or not wanted:
        return False
    keys = [str(k) for k in wanted]
    if all(k in OPERATORS for k in keys):
        return True
    if not all(_OPERATOR_WORD.fullmatch(k) for k in keys):
        return False  # a plain mapping: compared as it is
    bad = next(k for k in keys if k not in OPERATORS)
    near = difflib.get_close_matches(bad, OPERATORS, n=1, cutoff=0.5)
    if isinstance(actual, dict) and (any(k in actual for k in keys) or not near):
        return False  # a mapping compared with a mapping, unless its key is none of the state's and near an operator
    message = f"unknown operator '{bad}' (the operators: {', '.join(OPERATORS)})"
    if near:
        message += f"; did you mean '{near[0]}'?"
    raise OperatorError(message)


def _same(wanted: Any, actual: Any, as_set: bool) -> bool:
    if as_set and isinstance(wanted, list) and isinstance(actual, list):
        return Counter(map(_show, wanted)) == Counter(map(_show, actual))
    return bool(wanted == actual)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _contains(whole: Any, part: Any) -> bool:
    items = part if isinstance(part, list) else [part]
    if isinstance(whole, str):
        return all(isinstance(x, str) and x in whole for x in items)
    if isinstance(whole, list):
        return all(any(_same(x, y, False) for y in whole) for x in items)
    if isinstance(whole, dict):
        if isinstance(part, dict):
            return all(k in whole and _same(v, whole[k], False) for k, v in part.items())
        return all(isinstance(x, str) and x in whole for x in items)
    return False


def compare(wanted: Any, actual: Any, as_set: bool = False) -> str | None:
    """None if ``actual`` meets ``wanted``, else why not (a short note, possibly empty).

    ``wanted`` is a plain value (equality; a list compared as a set if ``as_set``) or a mapping of
    operators, all of which must hold: ``contains``, ``len``, ``not``, ``ge``, ``le``, ``has`` (a mapping with
    these keys, each value checked as an expected value: the keys it does not name are not compared).

    >>> compare({"contains": ["a", "b"]}, ["b", "c"]), compare({"len": 2}, "abc"), compare(["b", "a"], ["a", "b"], True)
    ('', ' (len 3)', None)
    >>> compare({"ge": 2, "le": 4}, 3), compare({"not": {"contains": "x"}}, ["x"]), compare({"gear": 1}, {"gear": 1})
    (None, '', None)
    >>> compare({"has": {"closed": False}}, {"closed": False, "token": "gate"}), compare({"has": {"a": 1}}, {"a": 2})
    (None, ' (a: 2)')
    """
    if not _is_operator_map(wanted, actual):
        return None if _same(wanted, actual, as_set) else (" (in any order)" if as_set else "")
    for op, arg in wanted.items():
        if op == "contains":
            ok = _contains(actual, arg)
            note = ""
        elif op == "len":
            size = len(actual) if isinstance(actual, list | str | dict) else None
            note = f" (len {size})" if size is not None else " (it has no length)"
            ok = size is not None and compare(arg, size) is None
        elif op == "has":
            note = _has(arg, actual)
            ok = note is None
        elif op == "not":
            ok = compare(arg, actual, as_set) is not None
            note = ""
        else:  # ge, le
            ok = _number(actual) and _number(arg) and (actual >= arg if op == "ge" else actual <= arg)
            note = ""
        if not ok:
            return note
    return None


def _has(wanted: Any, actual: Any) -> str | None:
    """None if the mapping ``actual`` meets each key of ``wanted`` (its other keys are not looked at), else a note
    naming the first key that does not."""
    if not isinstance(actual, dict):
        return " (not a mapping)"
    if not isinstance(wanted, dict):
        raise OperatorError(f"has takes a mapping of the keys to check, not {_show(wanted)}")
    for key, value in wanted.items():
        if key not in actual:
            return f" (no key {key!r}; there: {', '.join(map(str, actual))})"
        if compare(value, actual[key]) is not None:
            return f" ({key}: {_show(actual[key])})"
    return None
