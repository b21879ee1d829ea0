"""The game state: plain dataclasses, canonical JSON, cheap to copy and compare.

Every component is referred to by its content id; every collection is a list or a dict
with string keys, so that equal states give byte-identical JSON in any process.

>>> p = Player(seat=0, name="Ann", tribe="tribe_nadair", side="sun")
>>> g = Game(players=[p])
>>> Game.from_json(g.to_json()) == g
True
>>> g.to_json() == Game.from_json(g.to_json()).to_json()  # canonical: sorted keys, no spaces
True
"""

from __future__ import annotations

import copy
import json
import marshal
import types
import typing
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from itertools import islice
from typing import Any

RESOURCES = ("gear", "book", "food", "crystal")
Scalar = str | int | bool | None  # the values of the board's records (a tile placed, a building, a token)

# Field metadata of a field that is rarely set: it is left out of ``to_dict`` while it is empty, so saved
# states and snapshots stay short (``from_dict`` restores it).
OMIT_EMPTY = {"omit_empty": True}


# A rules package's own state (its namespace): namespace -> holder ("player", "board", "supply", "turn") -> the
# dataclass of its fields there. Declared with :func:`state_part`, read and written with :func:`part`.
PARTS: dict[str, dict[str, type]] = {}
PARTS_FIELD = {"parts": True}  # metadata of the holders' ``parts`` field: namespace -> that package's part


def state_part(namespace: str, holder: str):
    """Declare a dataclass as a rules package's fields on a player, the board, the supply or the turn.

    In the canonical state the part is the key ``namespace`` of its holder; a field at its default value is
    left out, and the part is absent while every field is (the package unused), so games without the package
    serialise as before.

    >>> @state_part("lagoon", "player")
    ... @dataclass
    ... class LagoonPlayer:
    ...     pearls: int = field(default=0, metadata={"doc": "Pearls in the player's shell (0-9)."})
    ...     track: int = 0
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun")
    >>> "lagoon" in Game(players=[p]).to_dict()["players"][0]
    False
    >>> part(p, LagoonPlayer).pearls += 2
    >>> Game(players=[p]).to_dict()["players"][0]["lagoon"]
    {'pearls': 2}
    >>> part(Game.from_json(Game(players=[p]).to_json()).players[0], LagoonPlayer).pearls
    2
    >>> del PARTS["lagoon"]  # (the example's package is gone again)
    """
    if holder not in HOLDERS:
        raise ValueError(f"no state holder '{holder}'; the holders: {', '.join(HOLDERS)}")

    def declare(cls: type) -> type:
        known = PARTS.setdefault(namespace, {}).get(holder)
        if known is not None and known.__qualname__ != cls.__qualname__:
            raise ValueError(f"{namespace} already declares its {holder} part ({known.__qualname__})")
        PARTS[namespace][holder] = cls
        cls.__state_part__ = (namespace, holder)
        return cls

    return declare


def holder_name(holder: Any) -> str:
    """Which state holder this is, by the name :func:`state_part` takes: "player", "board", "supply" or "turn"
    (a move's working copy of one included, whose class is a subclass of the holder's: ask this rather than
    its ``type``).

    >>> holder_name(Board()), holder_name(working_copy(Game()).board)
    ('board', 'board')
    """
    return _HOLDER_OF[type(holder)]


def part(holder: Any, cls: type) -> Any:
    """A rules package's part of a player, the board, the supply or the turn (made, all defaults, on first use, of
    the class registered for it now: a pack's declared counters may extend the package's own, engine/declared.py)."""
    namespace, where = cls.__state_part__
    found = holder.parts.get(namespace)
    if found is None:
        found = holder.parts[namespace] = PARTS.get(namespace, {}).get(where, cls)()
    return found


@dataclass(frozen=True)
class Played:
    """A card in a card slot: which card, and which half shows (the one that was gained).

    Never changed once made: a copy of the state shares it."""

    card: str
    half: str  # "top" or "bottom"


@dataclass
class Player:
    """Everything one player has: resources, cards, boards, pieces and points."""

    seat: int
    name: str
    tribe: str
    side: str
    resources: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))
    energy: int = 0  # in the energy storage
    energy_on: list[str] = field(default_factory=list)  # machines holding an energy
    switch_used: bool = False
    active: list[str] = field(default_factory=list)
    resting: list[str] = field(default_factory=list)
    slots: dict[str, list[Played]] = field(default_factory=dict)
    modules: dict[str, list[str | None]] = field(default_factory=dict)
    tracks: dict[str, int] = field(default_factory=lambda: {"grey": 1, "green": 1, "yellow": 1})
    unlocked: list[str] = field(default_factory=list)  # reward spaces of the machine tracks
    special_machines: dict[str, str] = field(default_factory=dict)  # reward space -> machine token
    progress: int = 0  # progress markers placed on the progress track
    tribe_markers: int = 5  # progress markers still on the tribe board
    technologies: list[str] = field(default_factory=list)
    buildings_left: dict[str, int] = field(default_factory=lambda: {"small": 5, "large": 3})
    tokens_left: dict[str, int] = field(default_factory=dict)
    crates_closed: list[str] = field(default_factory=list)
    crates_opened: list[str] = field(default_factory=list)
    crates_reactivated: list[str] = field(default_factory=list)
    points: int = 0
    laps: int = 0  # times past 50 on the point track
    purple: int = 0  # points waiting for the end of the game
    hibernations: int = 0
    majors: list[str] = field(default_factory=list)
    minors: list[str] = field(default_factory=list)
    end_game_tile: bool = False
    artifact_card: str | None = None
    artifact_offer: list[str] = field(default_factory=list)  # variant artifact_choice: the two cards dealt
    draft_hand: list[str] = field(default_factory=list)  # variant starting_draft: the cards dealt, not yet drafted
    draft_order: list[int] = field(default_factory=list)  # variant starting_draft: the shuffle of the 6 drafted cards
    waters_claimed: list[str] = field(default_factory=list)  # water spaces whose reward was taken
    action_cube: int = 0  # solo: spaces the action cube has moved up the progress track
    parts: dict[str, Any] = field(default_factory=dict, metadata=PARTS_FIELD)  # rules packages' own (state_part)


@dataclass
class Board:
    """What lies on the main board: tiles in slots, and the pieces on spaces."""

    tiles: dict[str, dict[str, Scalar]] = field(default_factory=dict)  # slot -> {tile, orientation, explored}
    buildings: dict[str, dict[str, Scalar]] = field(default_factory=dict)  # space -> {player, size}
    figures: dict[str, list[int]] = field(default_factory=dict)  # location -> seats, in arrival order
    tokens: dict[str, dict[str, Scalar]] = field(default_factory=dict)  # space -> {player, token, ...}
    # space -> the further tokens on a space holding one in ``tokens``, in the order they came (read both
    # through tokens_at / all_tokens, change them through put_token / take_token)
    stacked_tokens: dict[str, list[dict[str, Scalar]]] = field(default_factory=dict, metadata=OMIT_EMPTY)
    majors: list[str] = field(default_factory=list)  # major artifacts on the craters
    large_locations: dict[str, dict[str, Scalar]] = field(default_factory=dict)  # corner -> {tile, side}
    crater_minors: list[str] = field(default_factory=list)  # variant long_game with 4 players: 2 minors by the craters
    shared_artifact_card: str | None = None  # variant common_artifact_card: the one face-up card all score
    parts: dict[str, Any] = field(default_factory=dict, metadata=PARTS_FIELD)  # rules packages' own (state_part)


def all_buildings(board: Board) -> list[tuple[str, dict[str, Any]]]:
    """Every building on the board as (space, {player, size}), sorted: ``buildings``, then those the rules
    packages' parts of the board put on spaces (a part's ``buildings_on_spaces()``: the Cordycephians' shared
    buildings), each part's sorted, the parts in namespace order.

    >>> board = Board(buildings={"1,0": {"player": 0, "size": "small"}})
    >>> [(s, b["player"]) for s, b in all_buildings(board)]
    [('1,0', 0)]
    """
    found = sorted(board.buildings.items())
    for namespace in sorted(board.parts):
        more = getattr(board.parts[namespace], "buildings_on_spaces", None)
        if more is not None:
            found += more()
    return found


def tokens_at(board: Board, space: str) -> list[dict[str, Any]]:
    """Every token on a space, in the order they came (``tokens``, then ``stacked_tokens``); the records
    themselves, to read or change in place.

    >>> board = Board(tokens={"1,1": {"player": 1, "token": "workshop"}})
    >>> put_token(board, "1,1", {"player": 0, "token": "falcon"})
    >>> [t["token"] for t in tokens_at(board, "1,1")], tokens_at(board, "0,0")
    (['workshop', 'falcon'], [])
    """
    first = board.tokens.get(space)
    if first is None:
        return []
    more = board.stacked_tokens.get(space) if board.stacked_tokens else None
    return [first, *more] if more else [first]


def all_tokens(board: Board) -> list[tuple[str, dict[str, Any]]]:
    """Every token on the board as (space, record), by space, each space's in the order they came.

    >>> board = Board(tokens={"2,0": {"player": 0, "token": "target"}, "1,1": {"player": 1, "token": "workshop"}},
    ...               stacked_tokens={"1,1": [{"player": 0, "token": "falcon"}]})
    >>> [(s, t["token"]) for s, t in all_tokens(board)]
    [('1,1', 'workshop'), ('1,1', 'falcon'), ('2,0', 'target')]
    """
    found = sorted(board.tokens.items())
    if not board.stacked_tokens:
        return found
    return [(space, t) for space, _ in found for t in tokens_at(board, space)]


def put_token(board: Board, space: str, record: dict[str, Any]) -> None:
    """Lay a token on a space, after any already there."""
    if space in board.tokens:
        board.stacked_tokens.setdefault(space, []).append(record)
    else:
        board.tokens[space] = record


def take_token(board: Board, space: str, record: dict[str, Any]) -> None:
    """Take a token (one of :func:`tokens_at`'s records, or one equal to it) off a space; the next one there,
    if any, becomes the space's first.

    >>> board = Board(tokens={"1,1": {"player": 1, "token": "workshop"}})
    >>> put_token(board, "1,1", {"player": 0, "token": "falcon"})
    >>> take_token(board, "1,1", {"player": 1, "token": "workshop"})
    >>> board.tokens, board.stacked_tokens
    ({'1,1': {'player': 0, 'token': 'falcon'}}, {})
    """
    more = board.stacked_tokens.get(space, [])
    if board.tokens.get(space) == record:
        if more:
            board.tokens[space] = more.pop(0)
        else:
            del board.tokens[space]
    else:
        more.remove(record)
    if space in board.stacked_tokens and not more:
        del board.stacked_tokens[space]


@dataclass
class Supply:
    """Decks, displays and piles, each a list with the top of a deck first."""

    citizen_deck: list[str] = field(default_factory=list)
    citizen_display: list[str] = field(default_factory=list)
    module_pile: list[str] = field(default_factory=list)
    module_display: list[str] = field(default_factory=list)
    machine_piles: dict[str, list[str]] = field(default_factory=dict)
    machine_display: dict[str, list[str]] = field(default_factory=dict)
    crates: list[str] = field(default_factory=list)
    minors: list[str] = field(default_factory=list)
    end_game_tile: bool = True
    energy: int = 28
    removed: list[str] = field(default_factory=list, metadata=OMIT_EMPTY)  # cards returned to the box
    parts: dict[str, Any] = field(default_factory=dict, metadata=PARTS_FIELD)  # rules packages' own (state_part)


@dataclass
class Turn:
    """Whose turn it is and how far it has gone."""

    player: int = 0
    actions: int = 0  # actions taken this turn
    hibernated: bool = field(default=False, metadata=OMIT_EMPTY)  # the turn's action was hibernating: no machines
    range_bonus: int = 0  # +range waiting for the next action
    discounts: dict[str, int] = field(default_factory=dict)  # action (or "any") -> discount for the next one
    unlimited_range: bool = False  # the action under way pays no range (a machine during explore)
    end_triggered_by: int | None = None
    last_turns_left: list[int] = field(default_factory=list)
    over: bool = False
    all_colours: list[str] = field(default_factory=list)  # cards treated as every colour this turn
    final_scores: list[dict[str, Any]] | None = None  # set once, when the game is over: each seat's sheet
    ranking: list[list[int]] = field(default_factory=list)  # seats by place at the end, best first
    solo_rank: str | None = None  # solo: the score table's rank for the final total
    parts: dict[str, Any] = field(default_factory=dict, metadata=PARTS_FIELD)  # rules packages' own (state_part)


@dataclass
class Game:
    """The whole state of one game."""

    players: list[Player] = field(default_factory=list)
    board: Board = field(default_factory=Board)
    supply: Supply = field(default_factory=Supply)
    turn: Turn = field(default_factory=Turn)
    packs: list[str] = field(default_factory=lambda: ["base"])
    variants: list[str] = field(default_factory=list)
    seed: int | None = None
    draws: int = 0  # chance outcomes taken so far

    def to_dict(self) -> dict[str, Any]:
        """Plain nested dicts and lists (what ``dataclasses.asdict`` gives, several times faster)."""
        return _plain(self)

    def to_json(self, indent: int | None = None) -> str:
        """Canonical JSON: sorted keys; compact unless ``indent`` is given."""
        separators = (",", ":") if indent is None else (",", ": ")
        return json.dumps(self.to_dict(), sort_keys=True, indent=indent, separators=separators, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """The inverse of :meth:`to_dict`."""
        data = copy.deepcopy(data)
        players = []
        for raw in data.pop("players", []):
            raw["slots"] = {k: [Played(**p) for p in v] for k, v in raw.get("slots", {}).items()}
            players.append(_build(Player, raw))
        return cls(
            players=players,
            board=_build(Board, data.pop("board", {})),
            supply=_build(Supply, data.pop("supply", {})),
            turn=_build(Turn, data.pop("turn", {})),
            **data,
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """The inverse of :meth:`to_json`."""
        return cls.from_dict(json.loads(text))

    def clone(self) -> Game:
        """An independent copy (the Runner takes one per move, so it is written for speed, not via deepcopy:
        each field is copied as its type says, ``dict[str, int]`` by one ``dict.copy``; see :func:`_copier`)."""
        return _copy_game(self)


def plain_fields(holder: Any) -> dict[str, tuple[Any, Any]]:
    """A state dataclass's keys in :meth:`Game.to_dict` (its fields, a rules package's part by its namespace),
    each with its value as held and a function giving it as plain data; a key the JSON leaves out (a field
    empty or a part at its defaults) gives :data:`OMITTED`.

    >>> ann = Player(seat=0, name="Ann", tribe="t", side="sun")
    >>> raw, plain = plain_fields(ann)["resources"]
    >>> raw is ann.resources, plain(raw)
    (True, {'gear': 0, 'book': 0, 'food': 0, 'crystal': 0})
    """
    omit = _omitted(type(holder))
    out: dict[str, tuple[Any, Any]] = {}
    for name in holder.__dataclass_fields__:
        if name == "parts":
            continue
        value = getattr(holder, name)
        out[name] = (value, _plain_or_none if name in omit else _plain)
    for namespace, found in getattr(holder, "parts", {}).items():
        out[namespace] = (found, _part_plain)
    return out


OMITTED = object()  # what plain_fields' functions give for a key the JSON leaves out


def _plain_or_none(value: Any) -> Any:
    return _plain(value) if value else OMITTED


def _part_plain(found: Any) -> Any:
    kept = {name: _plain(v) for name, v in found.__dict__.items() if v != _part_defaults(type(found))[name]}
    return kept or OMITTED


def to_plain(value: Any) -> Any:
    """Any part of a state (a player, the board, a list of ids) as plain data, as :meth:`Game.to_dict` has it.

    >>> to_plain(Played("cit_smith", "top"))
    {'card': 'cit_smith', 'half': 'top'}
    """
    return _plain(value)


def _plain(value: Any) -> Any:
    """State data with every dataclass turned into a dict of its fields (fresh containers throughout)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    if hasattr(value, "__dataclass_fields__"):
        omit = _omitted(type(value))
        out = {
            name: _plain(getattr(value, name))
            for name in value.__dataclass_fields__
            if name != "parts" and (name not in omit or getattr(value, name))
        }
        for namespace, found in getattr(value, "parts", {}).items():
            kept = {name: _plain(v) for name, v in found.__dict__.items() if v != _part_defaults(type(found))[name]}
            if kept:  # a part left at its defaults is absent
                out[namespace] = kept
        return out
    return value


_DEFAULTS: dict[type, dict[str, Any]] = {}


def _part_defaults(cls: type) -> dict[str, Any]:
    """A part's default values by field name (a field at its default is left out of the JSON); the fields a
    class names in ``__always__`` (a pack's declared counters) have none: they are shown at every value."""
    found = _DEFAULTS.get(cls)
    if found is None:
        found = dict(cls().__dict__)
        found.update(dict.fromkeys(getattr(cls, "__always__", ()), _NO_DEFAULT))
        _DEFAULTS[cls] = found
    return found


_NO_DEFAULT = object()  # equal to no value: a field that has it as its default is never left out


_OMIT: dict[type, frozenset[str]] = {}


def _omitted(cls: type) -> frozenset[str]:
    """The fields of a state class that :data:`OMIT_EMPTY` marks: left out of the JSON while empty."""
    found = _OMIT.get(cls)
    if found is None:
        found = _OMIT[cls] = frozenset(f.name for f in fields(cls) if f.metadata.get("omit_empty"))
    return found


_ATOMS = frozenset((str, int, bool, type(None)))  # immutable: shared, not copied


def _copy(value: Any) -> Any:
    """A deep copy of state data: the dataclasses above, dicts, lists, tuples and immutable scalars."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copy(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else _copy(v) for v in value]
    if kind is tuple:
        return tuple(_copy(v) for v in value)
    if hasattr(value, "__dataclass_fields__"):
        return _made(kind, {k: v if type(v) in _ATOMS else _copy(v) for k, v in value.__dict__.items()})
    if isinstance(value, dict):  # a subclass (none in the state today): as the plain kinds above
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _copier(hint: Any) -> Callable[[Any], Any] | None:
    """How to copy a value of a field's type: None for an immutable one (shared), a C-level ``copy`` for a
    container of immutable values, else a function built the same way for what it holds (:func:`_copy`,
    the general copy, for ``Any`` and unions holding containers). A state's values follow its fields' types
    (the state schema checks every start state; the rules write nothing else)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in _ATOMS or hint is type(None):
        return None
    if origin in (typing.Union, types.UnionType):
        inner = [_copier(a) for a in args]
        return None if all(c is None for c in inner) else _copy
    if origin is list:
        item = _copier(args[0])
        if item is None:
            return list.copy
        return lambda value: [item(x) for x in value]
    if origin is dict:
        item = _copier(args[1])
        if item is None:
            return dict.copy
        return lambda value: {k: item(v) for k, v in value.items()}
    if is_dataclass(hint):
        return None if hint.__dataclass_params__.frozen else _dataclass_copier(hint)
    return _copy


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _dataclass_copier(cls: type) -> Callable[[Any], Any]:
    found = _COPIERS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        plan = [(f.name, _copier(hints[f.name])) for f in fields(cls)]
        shared = tuple(name for name, copier in plan if copier is None)
        copied = tuple((name, copier) for name, copier in plan if copier is not None)

        def found(value: Any) -> Any:
            mine = value.__dict__
            if _ORIGIN in mine:  # a working copy: the fields not read yet come from the state it was made from
                mine = {name: getattr(value, name) for name in cls.__dataclass_fields__}
            new = object.__new__(cls)
            out = {name: mine[name] for name in shared}
            for name, copier in copied:
                out[name] = copier(mine[name])
            new.__dict__.update(out)
            return new

        _COPIERS[cls] = found
    return found


def _copy_game(game: Game) -> Game:
    return _dataclass_copier(Game)(game)


# --- working copies: a move changes a copy made field by field as it reads them --------------------------------

_ORIGIN = "__origin__"  # the key, in a working copy's __dict__, of the state it was made from


@dataclass(frozen=True)
class _LazyPlan:
    """How a holder class is copied on access: the immutable fields taken at once (``now``), the fields copied at
    once (``copied``: those with a plain default, which the class itself holds, so reading them never reaches
    ``__getattr__``), each other field with the function copying it when first read (``later``), and which of
    those hold holders (``nested``)."""

    now: tuple[str, ...]
    copied: tuple[tuple[str, Callable[[Any], Any]], ...]
    later: dict[str, Callable[[Any], Any]]
    nested: tuple[str, ...]
    names: tuple[str, ...]
    base: type  # the holder class
    work: type  # the class of its working copies (:func:`_work_class`)
    made_with: int  # how many keys a fresh copy's __dict__ has (``now``, ``copied`` and the original)
    get_now: Callable[[dict[str, Any]], tuple[Any, ...]]  # the ``now`` fields' values, as a tuple
    copied_names: tuple[str, ...] = ()  # the names of ``copied``


_LAZY_PLANS: dict[type, _LazyPlan] = {}  # by the class of the working copies
_WORK_PLANS: dict[type, _LazyPlan] = {}  # by the holder class


def _lazy_plan(cls: type) -> _LazyPlan:
    hints = typing.get_type_hints(cls)
    now, copied, later, nested = [], [], {}, []
    for f in fields(cls):
        hint = hints[f.name]
        if typing.get_origin(hint) is list and typing.get_args(hint)[0] in _LAZY_HOLDERS:
            later[f.name] = _lazy_list
            nested.append(f.name)
        elif hint in _LAZY_HOLDERS:
            later[f.name] = _lazy_holder
            nested.append(f.name)
        else:
            copier = _copier(hint)
            if copier is None:
                now.append(f.name)
            elif f.default is not MISSING:
                copied.append((f.name, copier))
            else:
                later[f.name] = copier
    names = tuple(f.name for f in fields(cls))
    made_with = len(now) + len(copied) + 1

    def get_now(values: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(map(values.__getitem__, now))

    work = _work_class(cls)
    copied_names = tuple(name for name, _ in copied)
    now_names = tuple(now)
    plan = _LazyPlan(now_names, tuple(copied), later, tuple(nested), names, cls, work, made_with, get_now, copied_names)
    _LAZY_PLANS[work] = _WORK_PLANS[cls] = plan
    return plan


def _on_first_access(holder: Any, name: str) -> Any:
    """A field of a working copy not read yet: copied from the state it was made from (:func:`working_copy`)."""
    copier = _LAZY_PLANS[type(holder)].later.get(name)
    if copier is None:
        raise AttributeError(f"'{type(holder).__name__}' object has no attribute '{name}'")
    value = holder.__dict__[name] = copier(getattr(holder.__dict__[_ORIGIN], name))
    return value


def _work_eq(holder: Any, other: Any) -> Any:
    """``==`` between a working copy and a state holder of its class, field by field."""
    if not isinstance(other, _LAZY_PLANS[type(holder)].base):
        return NotImplemented
    return all(getattr(holder, name) == getattr(other, name) for name in holder.__dataclass_fields__)


def _work_class(cls: type) -> type:
    """The class of a holder's working copies: the holder's own class, whose fields not read yet are copied on
    first read. (The holder classes themselves have no ``__getattr__``: it would slow every read of the state.)"""
    body = {"__getattr__": _on_first_access, "__eq__": _work_eq, "__hash__": None, "__module__": cls.__module__}
    work = type(cls.__name__, (cls,), body)
    work.__qualname__ = cls.__qualname__
    return work


def _lazy_holder(origin: Any) -> Any:
    if type(origin) in _LAZY_PLANS:  # a working copy of a working copy: a plain copy of it (nothing left to share)
        return _dataclass_copier(_LAZY_PLANS[type(origin)].base)(origin)
    plan = _WORK_PLANS[type(origin)]
    mine = _fields_of(origin, plan)
    new = object.__new__(plan.work)
    out = {name: mine[name] for name in plan.now}
    for name, copier in plan.copied:
        out[name] = copier(mine[name])
    out[_ORIGIN] = origin
    new.__dict__.update(out)
    return new


def _fields_of(kept: Any, plan: _LazyPlan) -> dict[str, Any]:
    """A kept state object's fields by name. An object whose values alone are its own (:func:`_made`) is read field
    by field: asking for its ``__dict__`` would make it one, kept with it as long as it is kept."""
    if len(plan.names) > _SHARED_KEYS_MOST:
        return kept.__dict__
    return {name: getattr(kept, name) for name in plan.names}


def _lazy_list(origin: list[Any]) -> list[Any]:
    return [_lazy_holder(item) for item in origin]


def working_copy(game: Game) -> Game:
    """A copy of ``game`` for a move to change: each field of the game, its players, board, supply and turn is
    copied when first read, so what the move never reads costs nothing; :func:`settle` makes it a whole state
    that shares with ``game`` every field it left equal. ``game`` is never changed (a move that fails just drops
    its copy), and must not be changed while the copy, or the state settled from it, is in use.

    >>> a = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> b = working_copy(a)
    >>> b.players[0].resources["gear"] += 2
    >>> b.players[0].tracks["grey"]  # read, not changed
    1
    >>> b = settle(b)
    >>> a.players[0].resources["gear"], b.players[0].resources["gear"]
    (0, 2)
    >>> b.players[0].tracks is a.players[0].tracks, b.board is a.board  # equal: the very same objects
    (True, True)
    """
    return _lazy_holder(game)


def settle(work: Game) -> Game:
    """``work`` (a :func:`working_copy`) made a whole state, sharing with the state it was copied from every field
    equal in both (a holder left all equal is that state's own); returns the settled game (the state it was
    copied from if the move changed nothing at all). ``work`` is not to be used after."""
    return _settle(work)


def _settle(holder: Any) -> Any:
    mine = holder.__dict__
    origin = mine.get(_ORIGIN)
    if origin is None:
        return holder
    plan = _LAZY_PLANS[type(holder)]
    theirs = _fields_of(origin, plan)
    same = True
    # The fields read (or set) since the copy was made follow, in the copy's __dict__, those it was made with.
    for name in [*plan.copied_names, *islice(mine, plan.made_with, None)]:
        value, old = mine[name], theirs[name]
        if name in plan.nested:
            if type(value) is list:
                value = [_settle(item) for item in value]
                if len(value) == len(old) and all(a is b for a, b in zip(value, old, strict=False)):
                    value = old
            else:
                value = _settle(value)
            mine[name] = value
            same = same and value is old
        elif value is not old:
            if same_data(value, old):
                mine[name] = old
            else:
                same = False
                if type(value) is dict and type(old) is dict:
                    _share_equal_items(value, old)
    if same and _same_now(plan.now, mine, theirs):
        return origin
    fields_now = {**theirs, **mine}  # the state's own fields in their order, then those the move read or set
    del fields_now[_ORIGIN]
    if len(fields_now) != len(plan.names):  # something besides the fields on either side: the fields alone
        fields_now = {name: mine[name] if name in mine else theirs[name] for name in plan.names}
    return _made(plan.base, fields_now)  # a new object: one whose class changed would read its fields slower


def _share_equal_items(new: dict[Any, Any], old: dict[Any, Any]) -> None:
    """Each list or dict of ``new`` that holds the same data as ``old``'s under its key replaced by ``old``'s: a
    move that plays a card into one slot keeps the other slots' lists of the state before it.

    >>> old = {"top_left": ["a"], "top_right": ["b"]}
    >>> new = {"top_left": ["a"], "top_right": ["b", "c"]}
    >>> _share_equal_items(new, old)
    >>> new["top_left"] is old["top_left"], new["top_right"]
    (True, ['b', 'c'])
    """
    for key, item in new.items():
        before = old.get(key)
        if before is not None and item is not before and type(item) in (list, dict) and same_data(item, before):
            new[key] = before


def _made(cls: type, values: dict[str, Any]) -> Any:
    """A new object of a state class with these field values, made to be kept (a history holds the objects its moves
    changed, so their size is its size): the fields set one by one, as ``__init__`` sets them, so that the object
    holds its values alone and shares its keys with every other of its class; or, for a class of more fields than
    CPython shares keys for (a player), ``values`` itself as its dict, half the size of a dict filled key by key.

    >>> import sys
    >>> ann = Player(seat=0, name="Ann", tribe="t", side="sun")
    >>> kept = _made(Player, dict(ann.__dict__))
    >>> kept == ann, sys.getsizeof(kept.__dict__) < sys.getsizeof(ann.__dict__), _made(Turn, {"player": 1}).player
    (True, True, 1)
    """
    made = object.__new__(cls)
    if len(values) > _SHARED_KEYS_MOST:
        made.__dict__ = values
    else:
        for name, value in values.items():
            object.__setattr__(made, name, value)
    return made


_SHARED_KEYS_MOST = 30  # CPython shares the keys of instance dicts of at most so many (SHARED_KEYS_MAX_SIZE)


def _same_now(names: tuple[str, ...], mine: dict[str, Any], theirs: dict[str, Any]) -> bool:
    """Whether the immutable fields ``names`` hold the same values, types included, in both (most often the very
    same objects: a move that did not set a field left it as the copy took it)."""
    for name in names:
        one, other = mine[name], theirs[name]
        if one is not other and (one != other or type(one) is not type(other)):
            return False
    return True


def same_data(one: Any, other: Any) -> bool:
    """Whether two pieces of state data are the same data, types included: ``==`` holds ``False == 0`` and
    ``{"explored": 1} == {"explored": True}``, whose JSON differ. Plain data (dicts and lists of strings, numbers
    and booleans) is compared by its marshal bytes (C speed), what holds dataclasses by its ``repr``
    (:func:`plain_key`).

    >>> same_data({"a02": {"explored": False}}, {"a02": {"explored": False}})
    True
    >>> one, other = {"a02": {"explored": False}}, {"a02": {"explored": 0}}
    >>> one == other, same_data(one, other)
    (True, False)
    """
    return one is other or (one == other and plain_key(one) == plain_key(other))


def plain_key(value: Any) -> bytes | str:
    """A key equal only for the same data, types included (dicts and lists of strings, numbers, booleans), to
    remember an answer by: its marshal bytes (version 2, which writes no back-references: the same data gives
    the same bytes, about 3x faster than its ``repr``), or its ``repr`` for data marshal does not take (a
    dataclass inside: a played card, a rules package's part).

    >>> plain_key({"s1": {"tile": "t", "explored": True}}) == plain_key({"s1": {"tile": "t", "explored": 1}})
    False
    >>> plain_key({"s1": {"tile": "t"}}) == plain_key({"s1": {"tile": "t"}})
    True
    """
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return repr(value)


def _build(cls, raw: dict[str, Any]):
    holder = _HOLDER_OF.get(cls)
    parts = {}
    for namespace in [k for k in raw if holder and holder in PARTS.get(k, {})]:
        part_cls = PARTS[namespace][holder]
        parts[namespace] = _build(part_cls, raw.pop(namespace))
    names = {f.name for f in fields(cls)} - {"parts"}
    unknown = set(raw) - names
    if unknown:
        raise ValueError(f"unknown {cls.__name__} fields in saved state: {', '.join(sorted(unknown))}")
    built = cls(**raw)
    if parts:
        built.parts = parts
    return built


# The holders of rules packages' parts, by the name :func:`state_part` takes.
HOLDERS: dict[str, type] = {"player": Player, "board": Board, "supply": Supply, "turn": Turn}
_HOLDER_OF = {cls: name for name, cls in HOLDERS.items()}
_LAZY_HOLDERS = frozenset((Game, *HOLDERS.values()))
for _holder in _LAZY_HOLDERS:
    _work = _lazy_plan(_holder).work
    if _holder in _HOLDER_OF:  # a working copy of a player is a player (holder_name)
        _HOLDER_OF[_work] = _HOLDER_OF[_holder]
