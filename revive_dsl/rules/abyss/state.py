"""Call of the Abyss's own state: its fields on the players, the board, the supply and the turn.

Each is a part of the canonical state under the key ``abyss`` of its holder (``Ann.abyss.devotion``,
``supply.abyss.scyphoz_deck``), each field absent while at its default, so a base game's state has none of
it. Every field says what it means and which values it takes (``doc``, ``schema``: the state schema and
``docs/state-reference.md`` are made from them), and ``formerly`` marks the fields that format-1 scripts
name on the holder itself (``Ann.devotion``).

>>> from revive_dsl.engine.state import Game
>>> ann = Player(seat=0, name="Ann", tribe="t", side="sun")
>>> abyss(ann).devotion += 3
>>> Game(players=[ann]).to_dict()["players"][0]["abyss"]
{'devotion': 3}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from revive_dsl.engine.state import Board, Player, Supply, Turn, holder_name, part, state_part

NAMESPACE = "abyss"

ID = {"type": "string", "minLength": 1, "maxLength": 200}
IDS = {"type": "array", "items": ID, "maxItems": 500}
SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
BUILDING = {
    "type": "object",
    "properties": {"player": SEAT, "size": {"enum": ["small", "large"]}},
    "required": ["player", "size"],
    "additionalProperties": False,
}


def _count(high: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": 0, "maximum": high}


def _meta(doc: str, schema: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A part field's metadata: its meaning, its values' schema, and ``formerly`` (format-1 scripts name it on
    the holder); ``owned=True`` marks records whose ``player`` is a seat (a script names the player),
    ``components=True`` content ids a start state's are checked against, ``pile=True`` a
    pile a start state takes the components it gives the players from, ``display_of`` the pile a display is
    refilled from when a start state takes one of its components."""
    return {"doc": doc, "schema": schema, "formerly": True, **more}


@state_part(NAMESPACE, "player")
@dataclass
class AbyssPlayer:
    """A player's devotion, journeys, flipped machines, Scyphoz colours and the new tribes' pieces."""

    devotion: int = field(default=0, metadata=_meta("Devotion, the devotion track's space, 0-25.", _count(25)))
    journeys: list[str] = field(
        default_factory=list, metadata=_meta("Journeys started, above the tribe board.", IDS, components=True)
    )
    journeys_done: list[str] = field(
        default_factory=list, metadata=_meta("Completed journeys, face down (a flask each).", IDS, components=True)
    )
    scyphoz_colours: dict[str, str] = field(
        default_factory=dict,
        metadata=_meta(
            "Scyphoz card -> the colour chosen for it this turn.",
            {"type": "object", "additionalProperties": {"enum": ["grey", "green", "yellow"]}},
        ),
    )
    machines_flipped: list[str] = field(
        default_factory=list,
        metadata=_meta("Unstable machines used and turned face down (a flask each).", IDS, components=True),
    )
    circadian: str = field(
        default="",
        metadata=_meta(
            "Circadian tribe: the tile's face-up side, `day` or `night` (empty otherwise).",
            {"enum": ["", "day", "night"]},
        ),
    )
    gadgets: list[str] = field(
        default_factory=list, metadata=_meta("Gadgets tribe: the gadget tiles in front of the player.", IDS)
    )
    gadgets_used: list[str] = field(
        default_factory=list, metadata=_meta("Gadgets face down since the last hibernation.", IDS)
    )
    leech_markers: int = field(
        default=0, metadata=_meta("The Cordycephians' leech markers this player holds.", _count(20))
    )
    borrowed: list[str] = field(
        default_factory=list, metadata=_meta("Leeched technologies, each `tribe/side/technology`.", IDS)
    )
    modules_gained: int = field(
        default=0,
        metadata=_meta(
            "Slot modules gained during the game, discarded ones included (solo: the Tinkerer).", _count(10_000)
        ),
    )

    def rows(self) -> list[tuple[str, str]]:
        """The player panel's rows of the replay view (only what is there)."""
        return [("devotion", str(self.devotion))] if self.devotion else []


@state_part(NAMESPACE, "board")
@dataclass
class AbyssBoard:
    """The Cordycephians' buildings that share a space with another player's building."""

    shared: dict[str, dict[str, Any]] = field(
        default_factory=dict,
        metadata=_meta(
            "The Cordycephians' buildings on spaces where another player's building stands: space -> `{player, size}`.",
            {"type": "object", "additionalProperties": BUILDING},
            owned=True,
        ),
    )

    def buildings_on_spaces(self) -> list[tuple[str, dict[str, Any]]]:
        """The buildings this part puts on the board's spaces (read by ``all_buildings``)."""
        return sorted(self.shared.items())


@state_part(NAMESPACE, "supply")
@dataclass
class AbyssSupply:
    """The Scyphoz deck, and the journey deck and display."""

    scyphoz_deck: list[str] = field(
        default_factory=list, metadata=_meta("The Scyphoz deck, top first.", IDS, pile=True, components=True)
    )
    journey_deck: list[str] = field(
        default_factory=list, metadata=_meta("The journey deck, top first.", IDS, pile=True, components=True)
    )
    journey_display: list[str] = field(
        default_factory=list,
        metadata=_meta("The face-up journey cards.", IDS, components=True, display_of="journey_deck"),
    )


@state_part(NAMESPACE, "turn")
@dataclass
class AbyssTurn:
    """Solo achievements, where a leeched building's range counts from, and what was done before an action."""

    solo_achievements: dict[str, Any] = field(
        default_factory=dict,
        metadata=_meta(
            "Solo with the expansion: the achievements reached and the medal (none without an achievement).",
            {"type": "object"},
        ),
    )
    leech_origin: str | None = field(
        default=None,
        metadata=_meta(
            "A leeched building range counts from for the action under way.", {"anyOf": [ID, {"type": "null"}]}
        ),
    )
    done_before: list[str] = field(
        default_factory=list,
        metadata=_meta(
            "`when before_or_after ACTION` clauses carried out as the action under way began (`source:action`):"
            " they do not run again after it.",
            IDS,
            formerly=False,
        ),
    )

    def score_lines(self) -> list[str]:
        """The scores panel's lines of the replay view: the solo achievements and the medal, once scored."""
        done = self.solo_achievements
        if not done:
            return []
        ticks = ", ".join(f"{name} {'yes' if reached else 'no'}" for name, reached in done["achievements"].items())
        return [f"achievements: {ticks}; medal: {done.get('medal') or 'none'}"]


_PARTS = {"player": AbyssPlayer, "board": AbyssBoard, "supply": AbyssSupply, "turn": AbyssTurn}


def abyss(holder: Player | Board | Supply | Turn) -> Any:
    """The expansion's part of a player, the board, the supply or the turn (``abyss(game.supply).scyphoz_deck``)."""
    return part(holder, _PARTS[holder_name(holder)])


def with_abyss(holder: Any, **fields: Any) -> Any:
    """The holder (a player, the board, the supply or the turn) with these fields of its expansion part set.

    >>> ann = with_abyss(Player(seat=0, name="Ann", tribe="t", side="sun"), devotion=4)
    >>> abyss(ann).devotion
    4
    """
    own = abyss(holder)
    for name, value in fields.items():
        if name not in own.__dataclass_fields__:
            raise TypeError(f"{type(own).__name__} has no field '{name}'")
        setattr(own, name, value)
    return holder


def abyss_player(**fields: Any) -> Player:
    """A player made from the fields of a ``Player`` and of its expansion part together (for tests and examples).

    >>> abyss(abyss_player(seat=0, name="Ann", tribe="t", side="sun", devotion=2)).devotion
    2
    """
    own = {name: fields.pop(name) for name in list(fields) if name in AbyssPlayer.__dataclass_fields__}
    return with_abyss(Player(**fields), **own)
