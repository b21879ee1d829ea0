"""The canonical state described: every field's meaning, unit and range, as a JSON Schema and as prose.

One table (:data:`FIELDS`) says what each field of the state's dataclasses means and which values it
takes; :func:`state_schema` turns the dataclasses and the table into the JSON Schema shipped as
``state.schema.json``, and :func:`reference` into ``docs/state-reference.md``. A test checks that
every dataclass field has an entry, so the two cannot drift from the state.

Numbers are bounded by the rules where they say so (6 of a basic resource, 3 crystals, 50 spaces of the
point track) and otherwise by limits no game reaches, so that no value a script may give can make the
engine slow.

>>> schema = state_schema()
>>> schema["$defs"]["Player"]["properties"]["hibernations"]["maximum"]
4
>>> schema["$defs"]["Player"]["properties"]["resources"]["properties"]["crystal"]["maximum"]
3
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable
from typing import Any

from revive_dsl.engine import state as st

CLASSES = (st.Game, st.Player, st.Played, st.Board, st.Supply, st.Turn)

# A player's lists whose order the rules do not give: a script's ``expect`` compares them as sets.
UNORDERED = ("active", "resting", "technologies", "unlocked", "energy_on", "crates_closed", "crates_opened")

BIG = 10_000  # a bound no game reaches, for counts the rules leave open
ID = {"type": "string", "minLength": 1, "maxLength": 200}  # a content id or a board key
SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
RESOURCES = {
    "type": "object",
    "properties": {
        "gear": {"type": "integer", "minimum": 0, "maximum": 6},
        "book": {"type": "integer", "minimum": 0, "maximum": 6},
        "food": {"type": "integer", "minimum": 0, "maximum": 6},
        "crystal": {"type": "integer", "minimum": 0, "maximum": 3},
    },
    "required": ["gear", "book", "food", "crystal"],
    "additionalProperties": False,
}
TRACK_NAMES = {"enum": ["grey", "green", "yellow"]}


def _count(high: int = BIG, low: int = 0) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": high}


def _ids(**more: Any) -> dict[str, Any]:
    return {"type": "array", "items": ID, "maxItems": 500, **more}


def _record(required: dict[str, Any], optional: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    """A mapping with these keys (``required`` always there, ``optional`` may be) and no others."""
    props = {**required, **(optional or {})}
    return {"type": "object", "properties": props, "required": list(required), "additionalProperties": False, **more}


PLACED_TILE = _record({"tile": ID, "orientation": _count(1), "explored": {"type": "boolean"}})
BUILDING = _record({"player": SEAT, "size": {"enum": ["small", "large"]}})
# The keys a rules package adds to a tribe token's record, by the module that declares them (the expansion's gates:
# which gate of its owner, open or closed): :func:`token_fields`. The core's record is ``{player, token}``.
TOKEN_FIELDS: dict[str, dict[str, Any]] = {}
TOKEN = {"$ref": "#/$defs/Token"}


def token_fields(module: str, fields: dict[str, Any]) -> None:
    """Declare the keys (name -> JSON Schema) that tokens of ``module``'s rules package may carry.

    >>> token_fields("my_pack.rules", {"lit": {"type": "boolean"}})
    >>> sorted(_token_record(("base",))["properties"])
    ['lit', 'player', 'token']
    >>> del TOKEN_FIELDS["my_pack.rules"]
    """
    TOKEN_FIELDS[module] = fields


def _token_record(packages: Iterable[str] | None = None) -> dict[str, Any]:
    """A token's record: the core's keys and those the rules packages (of ``packages``, if given) declared."""
    from revive_dsl.engine.hooks import package_of

    wanted = None if packages is None else set(packages)
    extra: dict[str, Any] = {}
    for module, fields in sorted(TOKEN_FIELDS.items()):
        owner = package_of(module)
        if wanted is None or owner is None or owner in wanted:
            extra.update(fields)
    return _record({"player": SEAT, "token": ID}, extra, description="A tribe token: its owner's seat and its kind.")


LARGE_LOCATION = _record({"tile": ID, "side": {"anyOf": [_count(1), ID]}})


# "Class.field" -> (what it means, with its unit and range; the schema of its values where the type alone
# does not say enough). Unordered lists (the rules give them no order) say so: ``expect`` compares them as sets.
FIELDS: dict[str, tuple[str, dict[str, Any] | None]] = {
    # --- Game
    "Game.players": ("The players in seat order; seat 0 starts. A script addresses each by name.", None),
    "Game.board": ("What lies on the main board.", None),
    "Game.supply": ("Decks, displays and piles beside the board.", None),
    "Game.turn": ("Whose turn it is, how far it has gone, and the result once the game is over.", None),
    "Game.packs": ("The content packs the game is played with, e.g. `[base, abyss]`.", _ids(minItems=1)),
    "Game.variants": ("The variants in play (README, 'Setup from a seed').", _ids()),
    "Game.seed": ("The setup's seed; `null` for a state built by hand.", {"type": ["integer", "null"]}),
    "Game.draws": ("Chance outcomes taken so far (a counter for the order of chance).", _count(10**6)),
    # --- Player
    "Player.seat": ("The seat, 0 to 3, in turn order.", SEAT),
    "Player.name": ("The player's name, unique in the game.", ID),
    "Player.tribe": ("The tribe's content id (`nadair`, ..., `abyss_tribe_leech`).", ID),
    "Player.side": (
        "The tribe board's side: `sun` or `moon`; `single` for the expansion's tribes.",
        {"enum": ["sun", "moon", "single"]},
    ),
    "Player.resources": ("Basic resources (0-6 each) and crystals (0-3).", RESOURCES),
    "Player.energy": ("Energy markers in the energy storage (0-28).", _count(28)),
    "Player.energy_on": ("Machines holding an energy, by machine spot.", _ids()),
    "Player.switch_used": ("The switch token is in the used position.", None),
    "Player.active": ("Cards in the active area.", _ids()),
    "Player.resting": ("Cards in the resting area, face down.", _ids()),
    "Player.slots": (
        "Card slot -> the cards played there, oldest first, each with the half that was gained.",
        {"type": "object", "additionalProperties": {"type": "array", "items": {"$ref": "#/$defs/Played"}}},
    ),
    "Player.modules": (
        "Card slot -> its module spaces, each a slot module id or `null` (empty).",
        {"type": "object", "additionalProperties": {"type": "array", "items": {"anyOf": [ID, {"type": "null"}]}}},
    ),
    "Player.tracks": (
        "Machine track -> spaces reached, 1 (start) to 13 (the end).",
        {"type": "object", "propertyNames": TRACK_NAMES, "additionalProperties": _count(13, 1)},
    ),
    "Player.unlocked": ("Reward spaces of the machine tracks unlocked.", _ids()),
    "Player.special_machines": (
        "Special-machine reward space -> the machine token taken for it.",
        {"type": "object", "additionalProperties": ID},
    ),
    "Player.progress": ("Progress markers placed on the progress track (0-20).", _count(20)),
    "Player.tribe_markers": ("Progress markers still on the tribe board (5 at the start, 0-5).", _count(5)),
    "Player.technologies": ("Technologies unlocked, in the order of unlocking.", _ids()),
    "Player.buildings_left": (
        "Buildings not yet built: `small` (5 at the start) and `large` (3).",
        {"type": "object", "propertyNames": {"enum": ["small", "large"]}, "additionalProperties": _count(5)},
    ),
    "Player.tokens_left": (
        "Tribe tokens not yet placed, by token (`temple`, `forest_tile`, ...).",
        {"type": "object", "additionalProperties": _count(10)},
    ),
    "Player.crates_closed": ("Crates gained, still closed.", _ids()),
    "Player.crates_opened": ("Crates opened.", _ids()),
    "Player.crates_reactivated": ("Opened crates reactivated once by a machine.", _ids()),
    "Player.points": ("The point marker's space on the point track, 0-49 (see `laps`).", _count(49)),
    "Player.laps": ("Times the point marker passed 50: the score is `laps * 50 + points`.", _count(40)),
    "Player.purple": ("Purple points, tallied only at the end.", _count(BIG)),
    "Player.hibernations": ("The hibernation marker's space, 0 (start) to 4 (the last).", _count(4)),
    "Player.majors": ("Major artifacts taken.", _ids()),
    "Player.minors": ("Minor artifacts taken (2 points each at the end).", _ids()),
    "Player.end_game_tile": ("The player holds the end-game tile (4 points).", None),
    "Player.artifact_card": (
        "The player's artifact card; `null` until dealt or chosen.",
        {"anyOf": [ID, {"type": "null"}]},
    ),
    "Player.artifact_offer": ("Variant `artifact_choice`: the two cards dealt, until one is chosen.", _ids()),
    "Player.draft_hand": ("Variant `starting_draft`: cards dealt and not yet drafted.", _ids()),
    "Player.draft_order": (
        "Variant `starting_draft`: the shuffle of the six drafted cards.",
        {"type": "array", "items": _count(5)},
    ),
    "Player.waters_claimed": ("Water spaces whose reward a building of this player took.", _ids()),
    "Player.action_cube": (
        "Solo: spaces the action cube has moved up the progress track (20 or more: beyond the top).",
        _count(22),
    ),
    # --- Played
    "Played.card": ("The card's id.", ID),
    "Played.half": ("The half gained: `top` or `bottom`.", {"enum": ["top", "bottom"]}),
    # --- Board
    "Board.tiles": (
        "Tile slot -> `{tile, orientation, explored}`: the area tile lying there, how it is turned, face up or not.",
        {"type": "object", "additionalProperties": PLACED_TILE},
    ),
    "Board.buildings": (
        "Space -> `{player, size}`: the building on it (seat; `small` or `large`).",
        {"type": "object", "additionalProperties": BUILDING},
    ),
    "Board.figures": (
        "Location -> the seats with a population figure there, in order of arrival.",
        {"type": "object", "additionalProperties": {"type": "array", "items": SEAT, "maxItems": 4}},
    ),
    "Board.tokens": (
        "Space -> `{player, token, ...}`: a tribe token on it (temple, forest tile, target, gate, falcon, ...); the "
        "first that came, while others lie there too (`stacked_tokens`).",
        {"type": "object", "additionalProperties": TOKEN},
    ),
    "Board.stacked_tokens": (
        "Space -> the further tribe tokens on a space that holds one in `tokens`, in the order they came (the "
        "falcon on a workshop's space, a target on a sand tile).",
        {"type": "object", "additionalProperties": {"type": "array", "items": TOKEN, "minItems": 1, "maxItems": 8}},
    ),
    "Board.majors": ("Major artifacts still on the craters.", _ids()),
    "Board.large_locations": (
        "Corner -> `{tile, side}`: the large location tile lying there and its side.",
        {"type": "object", "additionalProperties": LARGE_LOCATION},
    ),
    "Board.crater_minors": ("Variant `long_game` with 4 players: the minor artifacts by the craters.", _ids()),
    "Board.shared_artifact_card": (
        "Variant `common_artifact_card`: the one face-up artifact card every player scores.",
        {"anyOf": [ID, {"type": "null"}]},
    ),
    # --- Supply
    "Supply.citizen_deck": ("The citizen deck, top card first.", _ids()),
    "Supply.citizen_display": ("The face-up citizen cards (5).", _ids(maxItems=5)),
    "Supply.module_pile": ("The slot module pile, top first.", _ids()),
    "Supply.module_display": ("The slot modules on display (5).", _ids(maxItems=5)),
    "Supply.machine_piles": (
        "Colour -> the special machine pile of that colour, top first.",
        {"type": "object", "propertyNames": TRACK_NAMES, "additionalProperties": _ids()},
    ),
    "Supply.machine_display": (
        "Colour -> the special machines on display (3 per colour).",
        {"type": "object", "propertyNames": TRACK_NAMES, "additionalProperties": _ids(maxItems=3)},
    ),
    "Supply.crates": ("The crate pile, top first.", _ids()),
    "Supply.minors": ("Minor artifacts left (the supply counts as unlimited).", _ids()),
    "Supply.end_game_tile": ("The end-game tile is still in the supply.", None),
    "Supply.energy": ("Energy markers in the supply (28 at the start).", _count(28)),
    "Supply.removed": ("Cards returned to the box during the game.", _ids()),
    # --- Turn
    "Turn.player": ("The seat whose turn it is (a script names the player).", SEAT),
    "Turn.actions": ("Actions taken this turn (2 per turn, 1 in solo; hibernating counts as one).", _count(2)),
    "Turn.hibernated": ("The turn's action was hibernating: free actions but no machine until the turn ends.", None),
    "Turn.range_bonus": ("Range waiting for the next action (pay that much less food for range).", _count(20)),
    "Turn.discounts": (
        "Action (or `any`) -> a discount waiting for the next such action.",
        {"type": "object", "additionalProperties": _count(20)},
    ),
    "Turn.unlimited_range": ("The action under way pays no range (a machine during explore).", None),
    "Turn.end_triggered_by": (
        "The seat that triggered the end (took the last major artifact; solo: the action cube left the track).",
        {"anyOf": [SEAT, {"type": "null"}]},
    ),
    "Turn.last_turns_left": (
        "Seats still to take their last turn once the end is triggered.",
        {"type": "array", "items": SEAT},
    ),
    "Turn.over": ("The game is over; the final scoring is in `final_scores`.", None),
    "Turn.all_colours": ("Cards treated as every colour this turn.", _ids()),
    "Turn.final_scores": (
        "Once the game is over: each seat's sheet `{seat, blue, purple, total, lines}`, lines `{rule, points}`.",
        {"anyOf": [{"type": "array", "items": {"type": "object"}}, {"type": "null"}]},
    ),
    "Turn.ranking": (
        "Once the game is over: seats by place, best first; players tied after the tie-breaks share a place.",
        {"type": "array", "items": {"type": "array", "items": SEAT}},
    ),
    "Turn.solo_rank": ("Solo: the score table's rank for the final total.", {"anyOf": [ID, {"type": "null"}]}),
}


def _of_type(hint: Any) -> dict[str, Any]:
    """The JSON Schema of a field's type, when the table gives none."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return _count()
    if hint is str:
        return {"type": "string"}
    if dataclasses.is_dataclass(hint):
        return {"$ref": f"#/$defs/{hint.__name__}"}
    if origin is list:
        return {"type": "array", "items": _of_type(args[0])}
    if origin is dict:
        return {"type": "object", "additionalProperties": _of_type(args[1])}
    return {}


def parts_of(packages: Iterable[str] | None = None) -> dict[str, dict[str, type]]:
    """The rules packages' parts of the state (namespace -> holder -> class), of ``packages`` only if given
    (a part declared outside any installed package, e.g. in a doctest, is always there); the part a pack's
    declared counters make (engine/declared.py) belongs to that pack: its id must be among ``packages``."""
    from revive_dsl.engine.hooks import package_of

    wanted = None if packages is None else set(packages)
    out: dict[str, dict[str, type]] = {}
    for namespace, by_holder in sorted(st.PARTS.items()):
        for holder, cls in by_holder.items():
            owner = namespace if hasattr(cls, "__declared_base__") else package_of(cls.__module__)
            if wanted is None or owner is None or owner in wanted:
                out.setdefault(namespace, {})[holder] = cls
    return out


def _definition(cls: type, parts: dict[str, dict[str, type]] | None = None) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    properties = {}
    for f in dataclasses.fields(cls):
        if f.metadata.get("parts"):  # the rules packages' parts: one key each, below
            continue
        if f"{cls.__name__}.{f.name}" in FIELDS:
            text, schema = FIELDS[f"{cls.__name__}.{f.name}"]
        else:  # a rules package's part: its fields say what they mean (``metadata={"doc": ...}``)
            text, schema = f.metadata.get("doc", ""), f.metadata.get("schema")
        properties[f.name] = {**(schema if schema is not None else _of_type(hints[f.name])), "description": text}
    holder = {v: k for k, v in st.HOLDERS.items()}.get(cls)
    for namespace, by_holder in sorted((st.PARTS if parts is None else parts).items()):
        if holder in by_holder:
            found = by_holder[holder]
            if getattr(found, "__declared_base__", None) is not None:
                text = f"The rules package {namespace}'s own fields and its pack's counters; absent while unused."
            elif hasattr(found, "__declared_base__"):
                text = f"The pack {namespace}'s own counters."
            else:
                text = f"The rules package {namespace}'s own fields; absent while unused."
            properties[namespace] = {"$ref": f"#/$defs/{by_holder[holder].__name__}", "description": text}
    return {
        "type": "object",
        "description": (cls.__doc__ or "").strip().splitlines()[0],
        "properties": properties,
        "additionalProperties": False,
    }


def state_schema(packages: Iterable[str] | None = None) -> dict[str, Any]:
    """The JSON Schema of ``Game.to_dict()`` (fields left out while empty are optional), with the parts of
    the rules packages named (default: of every package imported so far)."""
    parts = parts_of(packages)
    classes = [cls for by_holder in parts.values() for cls in by_holder.values()]
    defs = {cls.__name__: _definition(cls, parts) for cls in [*CLASSES, *classes] if cls is not st.Game}
    defs["Token"] = _token_record(packages)
    game = _definition(st.Game, parts)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://revive-dsl.invalid/schemas/state.schema.json",
        "title": "revive-dsl canonical game state",
        **game,
        "$defs": defs,
    }


def reference(packages: Iterable[str] | None = None) -> str:
    """``docs/state-reference.md``: every field of the state, what it means and which values it takes, and
    each rules package's part (of ``packages``; default: every package imported so far)."""
    lines = [
        "<!-- Generated by `revive docs --write` from revive_dsl/engine/state_schema.py; do not edit by hand. -->",
        "# The game state",
        "",
        "The canonical state (`Game.to_json()`, `revive replay --json`, the schema `state.schema.json`) field by",
        "field. Scripts address it with paths (`expect:`, `highlight:`, `setup.state`), players by name:",
        "`Ann.resources.book`, `board.buildings.-1,0.size`, `turn.actions`. Fields marked *left out while empty* are",
        "absent from the JSON until they hold something. Lists marked *unordered* have no order in the rules; a",
        "script's `expect` compares them as sets.",
        "",
        "A pack's own counters and tracks (components of kind `counter`, docs/writing-an-expansion.md) are fields of",
        "the pack's part of every player or of the board, named by the pack's id: `Ann.emberfall.heat`,",
        "`board.emberfall.ash`; they are shown at every value from the setup on, and bounded as declared.",
        "",
    ]
    parts = parts_of(packages)
    owned = [(namespace, holder, cls) for namespace, by in parts.items() for holder, cls in by.items()]
    for cls, namespace, holder in [*((c, None, None) for c in CLASSES), *((c, ns, h) for ns, h, c in owned)]:
        schema = _definition(cls, parts)
        if namespace is None:
            omitted = {f.name for f in dataclasses.fields(cls) if f.metadata.get("omit_empty")}
            where = ""
        else:  # a part: every field is left out while at its default, but a pack's declared counters
            omitted = {f.name for f in dataclasses.fields(cls)} - set(getattr(cls, "__always__", ()))
            whose = "pack" if getattr(cls, "__declared_base__", cls) is None else "rules package"
            where = f" The {whose} {namespace}'s part of the {holder}: `{holder}.{namespace}.<field>`."
        lines += [
            f"## {cls.__name__}",
            "",
            schema["description"] + where.replace("player.", "<name>."),
            "",
            "| field | values | meaning |",
            "| --- | --- | --- |",
        ]
        for name, prop in schema["properties"].items():
            left_out = " *Left out while empty.*" if namespace is None else " *Left out while at its default.*"
            text = prop["description"] + (left_out if name in omitted else "")
            if cls is st.Player and name in UNORDERED:
                text += " *Unordered: `expect` compares it as a set.*"
            lines.append(f"| `{name}` | {_values(prop)} | {text.replace('|', '/')} |")
        lines.append("")
    return "\n".join(lines)


def _values(prop: dict[str, Any]) -> str:
    """A short form of a property's schema for the reference table."""
    if prop.get("$ref") == TOKEN["$ref"]:  # the record, with the keys the rules packages add
        return _values(_token_record())
    if "$ref" in prop:
        return prop["$ref"].rsplit("/", 1)[-1]
    if "enum" in prop:
        return ", ".join(f"`{v}`" if v else '`""`' for v in prop["enum"])
    if "anyOf" in prop:
        return " or ".join(_values(p) for p in prop["anyOf"])
    kind = prop.get("type")
    if kind == "integer":
        return f"{prop.get('minimum', '')}-{prop.get('maximum', '')}"
    if kind == "array":
        return f"list of {_values(prop.get('items', {}))}"
    if kind == "object":
        if "properties" in prop:
            return "{" + ", ".join(f"{k}: {_values(v)}" for k, v in prop["properties"].items()) + "}"
        inner = prop.get("additionalProperties")
        return f"mapping to {_values(inner)}" if isinstance(inner, dict) else "mapping"
    if kind == "boolean":
        return "true/false"
    if kind == "string":
        return "text"
    if isinstance(kind, list):
        return " or ".join(kind)
    return "any"
