"""The JSON Schemas of content files, one per component kind, as Python data.

``revive schemas --write`` writes them to ``revive_dsl/schemas/`` (shipped in the wheel,
and what the ``# yaml-language-server: $schema=`` line of each content file points to);
a test keeps the written files equal to these definitions.

>>> sorted(KIND_ITEMS)[:3]
['area_tile', 'artifact_card', 'citizen_card']
"""

from __future__ import annotations

from typing import Any

from revive_dsl.positions import quoted

ID = {
    "type": "string",
    "pattern": "^[a-z][a-z0-9_]*$",
    "description": "an id: a lowercase letter, then lowercase letters, digits or _, e.g. cit_scout",
}
EFFECT = {"type": "string", "minLength": 1, "description": "effect text in the rule DSL"}
CARD_COLOUR = {"enum": ["grey", "green", "yellow"]}
ARTIFACT_COLOUR = {"enum": ["amber", "azure", "violet"]}
COUNT = {"type": "integer", "minimum": 0}
PROVENANCE = {
    "enum": ["rulebook", "representative"],
    "description": "rulebook: given by the rule documents; representative: authored from their vocabulary",
}
REPLACES = {
    "const": True,
    "description": "true: this component replaces, on purpose, the one with the same id (and kind) of a pack "
    "this pack depends on",
}
TERRAIN = {"enum": ["sand", "forest", "mountain", "field", "water", "city", "vast_crystal"]}


def _item(required: dict[str, Any], optional: dict[str, Any] | None = None) -> dict[str, Any]:
    props = {
        "id": ID,
        "name": {"type": "string"},
        "provenance": PROVENANCE,
        "note": {"type": "string"},
        "replaces": REPLACES,
    }
    props.update(required)
    props.update(optional or {})
    return {
        "type": "object",
        "required": ["id", "provenance", *required],
        "properties": props,
        "additionalProperties": False,
    }


def _value(description: str) -> dict[str, Any]:
    """A declared counter's bound or start: a whole number from 0 to 1000."""
    return {"type": "integer", "minimum": 0, "maximum": 1000, "description": description}


def _obj(props: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required or list(props), "additionalProperties": False}


_SPACE = _obj({"terrain": TERRAIN, "reward": EFFECT}, ["terrain"])
_TECH = _obj(
    {
        "id": ID,
        "name": {"type": "string"},
        "row": {"enum": [1, 2, 3]},
        "books": COUNT,
        "points": COUNT,
        "connects": {"type": "array", "items": ID},
        "common": ID,
        "effect": EFFECT,
    },
    ["id", "row", "books", "points"],
)
_SIDE = _obj(
    {
        "ability": EFFECT,
        "rules": EFFECT,
        "tokens": {"type": "object", "additionalProperties": COUNT},
        "technologies": {"type": "array", "items": _TECH, "minItems": 7, "maxItems": 7},
    },
    ["ability", "technologies"],
)

# --- the boards ------------------------------------------------------------------------

_CELL = {
    "type": "array",
    "items": {"type": "integer"},
    "minItems": 2,
    "maxItems": 2,
    "description": "a hex cell in axial coordinates [q, r]",
}
_TILE_SLOT = _obj(
    {
        "id": ID,
        "cells": {
            "type": "array",
            "items": _CELL,
            "minItems": 1,
            "description": "listed so that a half turn of the tile maps cell i to cell n-1-i",
        },
    }
)
_CARD_SLOT = _obj(
    {
        "id": ID,
        "half": {"enum": ["top", "bottom", "either"], "description": "which half of a card played here counts"},
        "needs": {**ID, "description": "the technology that opens this slot"},
        "module_spaces": {
            "type": "array",
            "minItems": 2,
            "maxItems": 3,
            "items": _obj({"activation": {"type": "boolean"}}),
        },
    },
    ["id", "half", "module_spaces"],
)
_TRACK_RESOURCE = {"grey": "gear", "green": "book", "yellow": "food"}


def _track(resource: str) -> dict[str, Any]:
    return _obj(
        {
            "values": {"type": "array", "items": COUNT, "minItems": 12, "description": "values[i]: space i+1"},
            "beyond": {"const": resource, "description": "gained for each advance past the last space"},
        }
    )


_REWARD_SPACE = {
    **_obj(
        {
            "id": ID,
            "type": {"enum": ["standard_machine", "special_machine", "artifact", "card_bonus"]},
            "colour": CARD_COLOUR,
            "needs": {
                "type": "array",
                "minItems": 1,
                "maxItems": 2,
                "items": _obj({"track": CARD_COLOUR, "space": {"type": "integer", "minimum": 1}}),
            },
            "effect": EFFECT,
            "points_per_card": COUNT,
        },
        ["id", "type", "needs"],
    ),
    "allOf": [
        {
            "if": {"properties": {"type": {"const": "standard_machine"}}},
            "then": {"required": ["colour", "effect"], "not": {"required": ["points_per_card"]}},
        },
        {
            "if": {"properties": {"type": {"const": "special_machine"}}},
            "then": {
                "required": ["colour"],
                "not": {"anyOf": [{"required": ["effect"]}, {"required": ["points_per_card"]}]},
            },
        },
        {
            "if": {"properties": {"type": {"const": "artifact"}}},
            "then": {
                "required": ["effect"],
                "not": {"anyOf": [{"required": ["colour"]}, {"required": ["points_per_card"]}]},
            },
        },
        {
            "if": {"properties": {"type": {"const": "card_bonus"}}},
            "then": {"required": ["colour", "points_per_card"], "not": {"required": ["effect"]}},
        },
    ],
}
_PROGRESS_SPACE = _obj(
    {"space": {"type": "integer", "minimum": 1}, "points": COUNT, "bonus": EFFECT}, ["space", "points"]
)
_HIBERNATION_SPACE = _obj({"space": COUNT, "reward": EFFECT, "remove_artifact": {"type": "boolean"}}, ["space"])
_SOLO_RANK = _obj({"min": COUNT, "rank": ID})

KIND_ITEMS: dict[str, dict[str, Any]] = {
    "citizen_card": _item({"colour": CARD_COLOUR, "top": EFFECT, "bottom": EFFECT}),
    "starting_card": _item(
        {
            "set": {"type": "string", "pattern": "^[A-Z]$", "description": "A-D; a pack set of 6: its own letter"},
            "colour": CARD_COLOUR,
            "top": EFFECT,
            "bottom": EFFECT,
        }
    ),
    "scyphoz_card": _item({"top": EFFECT, "bottom": EFFECT}),
    "slot_module": _item(
        {"colours": {"type": "array", "items": CARD_COLOUR, "minItems": 1, "maxItems": 2}, "effect": EFFECT}
    ),
    "machine_token": _item({"colour": CARD_COLOUR, "effect": EFFECT}),
    "crate": _item({"effect": EFFECT}),
    # A pack's own counter or track (docs/writing-an-expansion.md): one per player or one shared by the table,
    # its bounds and start, and whether it scores; its id is its word in the DSL (`raise heat`, `each heat: ...`).
    "counter": _item(
        {"holder": {"enum": ["player", "table"], "description": "player: one each; table: one for all"}},
        {
            "min": _value("its lowest value (0 if left out)"),
            "max": _value("its highest value (1000 if left out)"),
            "start": _value("its value at setup (min if left out)"),
            "scores": {
                "type": "boolean",
                "description": "true: 1 point per unit at the end, a scoring line of its own",
            },
            "worth": {
                "type": "number",
                "minimum": -100,
                "maximum": 100,
                "description": "what one unit is worth to the computer players, in points (0 if left out; "
                "negative for a penalty; a counter that scores is counted by its points already)",
            },
            "shown": {
                "enum": ["always", "when changed"],
                "description": "always (the default): in the state from the setup on; when changed: not at its start",
            },
            "english": {"type": "string", "minLength": 1, "description": "its noun, singular (the id if left out)"},
            "plural": {"type": "string", "minLength": 1, "description": "its noun's plural (e.g. heat, not heats)"},
            "doc": {"type": "string", "description": "what it means, for the DSL reference and the state reference"},
        },
    ),
    # A pack's own kind of token (docs/writing-an-expansion.md): its sign on the map, where it may be placed, what
    # it does to range and to other tokens, and how many there are; its id is its word (`place ember`, `drift ember`).
    "token_kind": _item(
        {
            "glyph": {
                "type": "string",
                "pattern": "^[!-~]$",
                "description": "one sign that draws it on the map (a printable character, e.g. o)",
            },
            "holder": {
                "enum": ["player", "supply"],
                "description": "player: `count` each, placed from their own; supply: `count` for the whole table",
            },
            "count": {"type": "integer", "minimum": 1, "maximum": 99, "description": "how many each holder has"},
            "placed_on": {
                "type": "array",
                "items": {"type": "string"},
                "minItems": 1,
                "uniqueItems": True,
                "description": "the terrains of the spaces it may lie on (field, forest, mountain, sand, water, city)",
            },
        },
        {
            "vacant": {
                "type": "boolean",
                "description": "true (if left out): only on a space with no building and no figure",
            },
            "pays_range": {"type": "boolean", "description": "true: placing one pays range (false if left out)"},
            "blocks_range": {"type": "boolean", "description": "true: no range path passes its space"},
            "shares_with": {
                "type": "array",
                "items": {"type": "string"},
                "uniqueItems": True,
                "description": "the kinds of token already on a space it may join there (none if left out)",
            },
            "english": {"type": "string", "minLength": 1, "description": "its noun, singular (the id if left out)"},
            "plural": {"type": "string", "minLength": 1, "description": "its noun's plural"},
            "doc": {"type": "string", "description": "what it means, for the state reference"},
        },
    ),
    # A pack's own two-sided tile in front of a player (docs/writing-an-expansion.md): its two sides, the side up at
    # the setup and the tribe token that gives it; its id is its word (`flip circadian`), each side a state (`if day`).
    "two_sided_tile": _item(
        {
            "sides": {
                "type": "array",
                "items": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
                "minItems": 2,
                "maxItems": 2,
                "description": "its two sides, each a word: the state that holds while that side is up",
            }
        },
        {
            "start": {
                "type": "string",
                "minLength": 1,
                "description": "the side up at the setup (the first if left out)",
            },
            "given_by": {
                "type": "string",
                "minLength": 1,
                "description": "the tribe token that puts it in front of a player (left out: every player has one)",
            },
            "english": {"type": "string", "minLength": 1, "description": "its noun (the id and 'tile' if left out)"},
            "doc": {"type": "string", "description": "what it means, for the state reference"},
        },
    ),
    # Rules every player has from the start: triggers (`when build:`, `when heat reaches 5:`), moments (`at round
    # end:`), lasting modifiers.
    "game_rule": _item(
        {"effect": EFFECT},
        {
            "doc": {"type": "string"},
            "variant": {
                "type": "string",
                "pattern": "^[a-z][a-z0-9_]*$",
                "description": "a variant: the rule is played only in games with it (and declares it)",
            },
        },
    ),
    # A line of the final score sheet that belongs to no component: its name is the line's label.
    "scoring_line": _item(
        {"effect": EFFECT},
        {
            "doc": {"type": "string"},
            "first": {"type": "boolean", "description": "true: before the rulebook's lines (004: devotion first)"},
        },
    ),
    "major_artifact": _item({"colour": ARTIFACT_COLOUR, "players": {"enum": ["1+", "2+", "3+", "4"]}}),
    "minor_artifact": _item({"points": COUNT}),
    "end_game_tile": _item({"points": COUNT}),
    "artifact_card": _item({"categories": _obj({"amber": EFFECT, "azure": EFFECT, "violet": EFFECT})}),
    # A campaign large location (003 "unlocked in campaign"): `campaign: true`; not among the tiles of a normal
    # setup (variant `campaign_locations`).
    "large_location": _item(
        {
            "sides": {
                "type": "array",
                "minItems": 1,
                "maxItems": 2,
                "items": _obj({"name": {"type": "string"}, "effect": EFFECT}),
            }
        },
        {"devotion": {"type": "boolean"}, "campaign": {"type": "boolean"}},
    ),
    # A vast crystal (001 option 3, the campaign's two large crystals): `vast_crystal: true`, every space
    # `vast_crystal`; not among the 25 area tiles of a normal setup.
    "area_tile": _item(
        {"back": EFFECT, "spaces": {"type": "array", "items": _SPACE, "minItems": 4, "maxItems": 5}},
        {"vast_crystal": {"type": "boolean"}},
    ),
    "starting_tile": _item({"spaces": {"type": "array", "items": _SPACE, "minItems": 4, "maxItems": 5}}),
    "technology": _item({"effect": EFFECT}),
    # A board has a sun and a moon side, or (the expansion's boards) one printed side: `single`.
    "tribe": _item(
        {
            "sides": {
                "type": "object",
                "properties": {"sun": _SIDE, "moon": _SIDE, "single": _SIDE},
                "additionalProperties": False,
                "oneOf": [{"required": ["sun", "moon"]}, {"required": ["single"]}],
            }
        },
        {"solo": {"type": "boolean"}},
    ),
    "journey_card": _item({"colour": CARD_COLOUR, "requirements": EFFECT}),
    "lake": _item(
        {
            "building_reward": _obj({"small": EFFECT, "large": EFFECT}),
            "hibernation_reward": _obj({"small": EFFECT, "large": EFFECT}),
        }
    ),
    "gadget": _item({"effect": EFFECT}),
    # the track's board; its bonus spaces are thresholds of the pack's devotion counter (content/abyss/rules.yaml)
    "devotion_track": _item({"length": COUNT}),
    # The boards: the schema fixes their shape; revive_dsl/content/board.py checks the geometry and
    # the references between their parts.
    "player_board": _item(
        {
            "slots": {"type": "array", "items": _CARD_SLOT, "minItems": 5, "maxItems": 5},
            "tracks": _obj({colour: _track(resource) for colour, resource in _TRACK_RESOURCE.items()}),
            "reward_spaces": {"type": "array", "items": _REWARD_SPACE, "minItems": 15, "maxItems": 15},
            "progress_track": {"type": "array", "items": _PROGRESS_SPACE, "minItems": 20, "maxItems": 20},
            "full_points": COUNT,
            "caps": _obj({"basic": COUNT, "crystal": COUNT}),
        }
    ),
    "main_board": _item(
        {
            "map": _obj(
                {
                    "chasm": _CELL,
                    "starting_slots": {"type": "array", "items": _TILE_SLOT, "minItems": 5, "maxItems": 5},
                    "area_slots": {"type": "array", "items": _TILE_SLOT, "minItems": 25, "maxItems": 25},
                    "large_slots": {"type": "array", "items": _TILE_SLOT, "minItems": 4, "maxItems": 4},
                    "crystals": {"type": "array", "items": _CELL, "minItems": 1},
                }
            ),
            "crater": _obj({"artifact_spaces": COUNT}),
            "point_track": _obj(
                {
                    "length": COUNT,
                    "bonuses": {
                        "type": "object",
                        "patternProperties": {"^[0-9]+$": EFFECT},
                        "additionalProperties": False,
                    },
                }
            ),
            "hibernation_track": {"type": "array", "items": _HIBERNATION_SPACE, "minItems": 2},
            "solo_table": {"type": "array", "items": _SOLO_RANK, "minItems": 1},
        }
    ),
}


def file_schema(kind: str) -> dict[str, Any]:
    """The schema of one content file holding components of ``kind``."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://revive-dsl.invalid/schemas/{kind}.schema.json",
        "title": f"revive-dsl content file: {kind}",
        "type": "object",
        "required": ["kind", "components"],
        "properties": {
            "kind": {"const": kind},
            "components": {"type": "array", "items": KIND_ITEMS[kind]},
        },
        "additionalProperties": False,
    }


PACK_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://revive-dsl.invalid/schemas/pack.schema.json",
    "title": "revive-dsl content pack manifest",
    "type": "object",
    "required": ["id", "name", "version"],
    "properties": {
        "id": ID,
        "name": {"type": "string"},
        "version": {
            "type": "string",
            "pattern": r"^[0-9]+\.[0-9]+(\.[0-9]+)?$",
            "description": "a version number: MAJOR.MINOR or MAJOR.MINOR.PATCH, e.g. 1.0 or 1.2.3",
        },
        "depends": {"type": "array", "items": ID},
        "description": {"type": "string"},
        "rules": {
            "type": "string",
            "minLength": 1,
            "description": "the rules package this pack's new mechanics need: a name in the revive.rules entry-point "
            "group of an installed distribution (base, abyss, ...); a pack that uses only the DSL's words names none",
        },
        "tunables": {
            "type": "object",
            "description": "numbers of the pack's texts the balance lab may tune: a name (written $name in a text, "
            "where a number goes) -> its value and the range to search",
            "propertyNames": ID,
            "additionalProperties": {
                "type": "object",
                "required": ["value", "tune"],
                "properties": {
                    "value": {"type": "integer", "minimum": 0, "description": "the value the pack plays with"},
                    "tune": {
                        "type": "string",
                        "pattern": r"^[0-9]{1,6}\.\.[0-9]{1,6}$",
                        "description": "the range searched, LOW..HIGH, both included, e.g. 2..5",
                    },
                    "about": {"type": "string", "description": "what the number is, for the tuning report"},
                },
                "additionalProperties": False,
            },
        },
    },
    "additionalProperties": False,
}


_STEP = {
    "oneOf": [
        {"type": "string", "minLength": 1, "description": "a move in the move notation (grammar/moves.lark)"},
        {
            "type": "object",
            "required": ["move"],
            "properties": {
                "move": {"type": "string", "minLength": 1, "description": "a move in the move notation"},
                "note": {"type": "string", "description": "Markdown shown with the step"},
                "expect": {
                    "type": "object",
                    "description": "state path (Ann.resources.book, Ann.score.total, turn.ranking) -> expected value: "
                    "a plain value (equality), or a mapping of operators (contains, len, not, ge, le, has)",
                    "additionalProperties": {
                        "anyOf": [
                            {"$ref": "#/$defs/expect_operators"},
                            {"description": "a plain value: the state must have exactly this (a mapping too)"},
                        ]
                    },
                },
                "highlight": {"type": "array", "items": {"type": "string"}, "description": "state paths to emphasise"},
                "try": {"type": "boolean", "description": "tutorials: the learner types this move"},
                "hint": {"type": "string", "description": "tutorials: shown after a wrong try"},
                "refused": {
                    "oneOf": [{"type": "boolean"}, {"type": "string", "minLength": 1}],
                    "description": "the move must be refused (true), or refused with a message containing this "
                    "text; the state stays as it was and the script goes on",
                },
            },
            "additionalProperties": False,
        },
    ]
}

SCRIPT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://revive-dsl.invalid/schemas/script.schema.json",
    "title": "revive-dsl recorded game script or tutorial",
    "type": "object",
    "required": ["format", "players", "setup", "steps"],
    "properties": {
        "format": {"type": "integer", "minimum": 1, "description": "the script format version"},
        "title": {"type": "string"},
        "description": {"type": "string", "description": "Markdown shown before the first step"},
        "packs": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "players": {
            "type": "array",
            "minItems": 1,
            "maxItems": 4,
            "items": _obj(
                {
                    "name": {
                        "type": "string",
                        "pattern": "^(?!setup$)[A-Za-z][A-Za-z0-9_-]*$",
                        "description": "a player name: a letter, then letters, digits, _ or - (not the word setup)",
                    },
                    "tribe": ID,
                    "side": {"enum": ["sun", "moon", "single"]},
                }
            ),
        },
        "variants": {"type": "array", "items": ID},
        "setup": _obj(
            {
                "seed": {"type": "integer", "description": "the seed of every chance outcome not written"},
                "outcomes": {"type": "object", "description": "setup outcomes by name (see engine/setup.py)"},
                "state": {"type": "object", "description": "a custom start state: overrides of the canonical state"},
                "draws": {
                    "enum": ["seed", "script"],
                    "description": "seed: later draws follow the seed; script: each move writes what it drew",
                },
                "recorded": {
                    "type": "boolean",
                    "description": "the outcomes name every item of the setup's piles, as a recorder writes them: an"
                    " item they do not name (one a pack gained since) stays under its pile, drawn by no move that does"
                    " not write it",
                },
            },
            ["seed"],
        ),
        "content": {
            "type": "array",
            "items": {"type": "object", "required": ["kind", "components"]},
            "description": "components defined by this script, as in a content file",
        },
        "steps": {"type": "array", "items": _STEP},
    },
    "additionalProperties": False,
    "$defs": {
        "expect_operators": {
            "type": "object",
            "minProperties": 1,
            "description": "operators, all of which must hold (docs/replay-format.md, 'Values and operators')",
            "properties": {
                "contains": {"description": "a list or text contains this item (or each item of this list)"},
                "len": {
                    "anyOf": [{"type": "integer", "minimum": 0}, {"$ref": "#/$defs/expect_operators"}],
                    "description": "the length of a list, text or mapping",
                },
                "not": {"description": "the value does not meet this (a plain value or operators)"},
                "ge": {"type": "number", "description": "a number at least this"},
                "le": {"type": "number", "description": "a number at most this"},
            },
            "additionalProperties": False,
        }
    },
}


_WORD_ROW = {
    "type": "object",
    "required": ["word", "english", "example", "doc"],
    "properties": {
        "word": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
        "params": {"type": "string", "description": "`name:type` each, `[name=default]` when optional"},
        "english": {"type": "string"},
        "example": {"type": "string"},
        "doc": {"type": "string"},
        "needs": {"type": "array", "items": {"type": "string", "pattern": "^(event|during|clause):[a-z_]+$"}},
        "topic": {"type": "string"},
    },
    "additionalProperties": False,
}

WORDS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://revive-dsl.invalid/schemas/words.schema.json",
    "title": "revive-dsl words a rules package brings (its words.yaml)",
    "type": "object",
    "properties": {
        "types": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "required": ["words"],
                "properties": {"words": {"type": "array", "items": {"type": "string"}}, "doc": {"type": "string"}},
                "additionalProperties": False,
            },
        },
        "nouns": {
            "type": "object",
            "description": "a noun of the package's English -> its plural (heat: heat, not heats)",
            "additionalProperties": {"type": "string", "minLength": 1},
        },
        **{
            section: {"type": "array", "items": _WORD_ROW}
            for section in ("effects", "modifiers", "symbols", "counters", "events", "states")
        },
    },
    "additionalProperties": False,
}


_GLYPH_TEXT = {"type": "string", "minLength": 1, "maxLength": 2, "pattern": "^[!-~]+$"}
_COLOUR = {"type": "string", "pattern": "^#[0-9a-fA-F]{6}$", "description": "a colour as #rrggbb"}
_WORD_TEXT = {"type": "string", "minLength": 1, "maxLength": 40, "pattern": "^[^\\x00-\\x1f\\x7f]+$"}
GLYPHS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://revive-dsl.invalid/schemas/glyphs.schema.json",
    "title": "how the map draws a rules package's own pieces and grounds (its glyphs.yaml)",
    "type": "object",
    "properties": {
        "tokens": {
            "type": "object",
            "additionalProperties": _obj({"sign": _GLYPH_TEXT, "word": _WORD_TEXT}, ["sign", "word"]),
        },
        "grounds": {
            "type": "object",
            "additionalProperties": _obj(
                {"letter": _GLYPH_TEXT, "word": _WORD_TEXT, "colour": _COLOUR}, ["letter", "word"]
            ),
        },
    },
    "additionalProperties": False,
}


def all_schemas() -> dict[str, dict[str, Any]]:
    """File name -> schema, for every schema the package ships."""
    out = {f"{kind}.schema.json": file_schema(kind) for kind in KIND_ITEMS}
    out["pack.schema.json"] = PACK_SCHEMA
    out["script.schema.json"] = SCRIPT_SCHEMA
    out["words.schema.json"] = WORDS_SCHEMA
    out["glyphs.schema.json"] = GLYPHS_SCHEMA
    return out


def schema_errors(data: Any, schema: dict[str, Any]) -> list[Any]:
    """Every ``jsonschema.ValidationError`` of ``data`` against ``schema``, in document-path order.

    >>> [e.message for e in schema_errors({"id": "p"}, PACK_SCHEMA)]
    ["'name' is a required property", "'version' is a required property"]
    """
    import jsonschema

    errors = jsonschema.Draft202012Validator(schema).iter_errors(data)
    return sorted(errors, key=lambda e: list(map(str, e.absolute_path)))


def schema_problem(err: Any) -> tuple[tuple, str]:
    """Where a JSON Schema error points and what to tell the author: what is wrong and what would be right.

    ``err`` is a ``jsonschema.ValidationError``. A value that does not fit a pattern is told the form the
    schema describes (its ``description``) instead of the regular expression; an unknown key points at that
    key and names the nearest allowed one; every other error keeps jsonschema's own message.

    >>> from jsonschema import Draft202012Validator
    >>> manifest = Draft202012Validator(PACK_SCHEMA)
    >>> [err] = manifest.iter_errors({"id": "p", "name": "P", "version": "1"})
    >>> schema_problem(err)
    (('version',), "'1' is not a version number: MAJOR.MINOR or MAJOR.MINOR.PATCH, e.g. 1.0 or 1.2.3")
    >>> [err] = manifest.iter_errors({"id": "p", "name": "P", "version": "1.0", "vresion": "1"})
    >>> schema_problem(err)[1]
    "unknown key 'vresion'; did you mean 'version'? (allowed: depends, description, id, name, rules, tunables, version)"
    >>> from jsonschema import Draft7Validator
    >>> schema_problem(next(Draft7Validator(CARD_COLOUR).iter_errors("gren")))
    ((), "'gren' is not one of ['grey', 'green', 'yellow']; did you mean 'green'?")
    """
    import difflib

    path = tuple(err.absolute_path)
    if err.validator == "pattern" and "description" in err.schema:
        return path, f"{quoted(err.instance)} is not {err.schema['description']}"
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = sorted(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        if allowed and extra:
            close = difflib.get_close_matches(str(extra[0]), allowed, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            return (*path, extra[0]), f"unknown key '{extra[0]}'{hint} (allowed: {', '.join(allowed)})"
    if err.validator == "enum" and isinstance(err.instance, str) and isinstance(err.validator_value, list):
        words = [str(v) for v in err.validator_value]
        close = difflib.get_close_matches(err.instance, words, n=1)
        if close:
            return path, f"{err.message}; did you mean '{close[0]}'?"
    shown = repr(err.instance)
    if len(shown) > 42 and shown in err.message:  # jsonschema quotes the value whole: not a long one
        return path, err.message.replace(shown, quoted(err.instance))
    return path, err.message
