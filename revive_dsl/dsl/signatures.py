"""The signature table: every word of the rule DSL, what it takes and where it may stand.

One row per word. The checker validates trees against it, the explainer renders English
from its templates, and ``docs/dsl-reference.md`` is generated from it, so the three
cannot drift apart. Adding a word to the language means adding a row here (and, for the
interpreter, an implementation under the same name).

>>> SIGNATURES["gain"].params[1].type
'gainable'
>>> SIGNATURES["rotate_card"].needs
frozenset({'during:play'})

Kinds of word, and where the grammar puts them:

- ``effect``   something that happens: in the body of any clause but ``always``/``while``;
- ``modifier`` a change to how actions are paid or counted: lasting in ``always``/``while``,
  for the current action anywhere else;
- ``symbol``   a printed symbol that does nothing by itself (``flask``, ``slot``): a whole
  clause on its own;
- ``counter``  a number read from the state: after ``each``, in comparisons and formulas;
- ``event``    what a ``when`` trigger waits for;
- ``state``    what ``while`` and ``if`` test.

``needs`` names context tags of which one must hold where the word is used: ``event:X``
(inside ``when X``), ``during:X`` (inside ``machine during X``), ``clause:X`` (inside a
clause of that kind).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# --- argument types: each a table of the words it accepts ---------------------------

BASIC = ("gear", "book", "food")

TYPES: dict[str, tuple[str, ...]] = {
    "resource": (*BASIC, "crystal"),
    "gainable": (*BASIC, "crystal", "basic"),
    "basic": (*BASIC, "basic"),
    "payable": (*BASIC, "crystal", "basic", "energy"),
    "colour": ("grey", "green", "yellow", "any"),
    "track": ("grey", "green", "yellow", "any"),
    "action": ("play", "switch", "explore", "build", "populate", "hibernate"),
    "board_action": ("explore", "build", "populate"),
    "terrain": ("forest", "mountain", "field", "water", "sand"),
    "building": ("small", "large"),
    # the tables of rewards by building size a tile kind prints (a lake's, 004)
    "reward_table": ("building_reward", "hibernation_reward"),
    "token": ("forest_tile", "temple", "target", "sand_tile", "workshop", "gate", "falcon"),
    "half": ("top", "bottom"),
    # the counters and tracks packs declare (``kind: counter``), added as each pack's declarations load
    "declared": (),
    # the token kinds packs declare (``kind: token_kind``), added as each pack's declarations load (they join
    # ``token`` too, so the base game's ``place`` places them)
    "token_kind": (),
    # the two-sided tiles packs declare (``kind: two_sided_tile``), added as each pack's declarations load
    "two_sided": (),
    "area": ("active", "resting", "slots"),
    "play_area": ("active", "slots"),
}

TYPE_DOCS: dict[str, str] = {
    "count": "a whole number",
    "resource": "a resource: gear, book, food or crystal",
    "gainable": "a resource, or `basic` for any one basic resource of your choice",
    "basic": "a basic resource, or `basic` for any one of your choice",
    "payable": "what a cost may name: a resource, `basic` (any basic resource) or `energy`",
    "colour": "a card colour: grey, green, yellow, or `any` (the rulebook's white)",
    "track": "a machine track: grey, green, yellow, or `any` for one of your choice",
    "action": "an action: play, switch, explore, build, populate, hibernate",
    "board_action": "an action on the board: explore, build, populate",
    "terrain": "a kind of space: forest, mountain, field, water, sand",
    "building": "a building size: small or large",
    "reward_table": "a table of rewards by building size a tile prints: building_reward or hibernation_reward",
    "token": "a tribe token: forest_tile, temple, target, sand_tile, workshop, gate, falcon",
    "half": "a half of a card: top or bottom",
    "declared": "a counter or track a pack declares (a component of kind `counter`)",
    "token_kind": "a kind of token a pack declares (a component of kind `token_kind`)",
    "two_sided": "a two-sided tile a pack declares (a component of kind `two_sided_tile`)",
    "area": "an area of your cards: active (the active area), resting (the resting area) or slots (the card slots)",
    "play_area": "an area of cards in play: active (the active area) or slots (the card slots)",
}

# English for argument words that do not read as themselves, by argument type. An area reads as the card
# chosen from it, so that ``rest_card`` (``slots``) says what the printed symbol always said: "move a played
# card from a slot to your resting area".
_CARD_FROM = {
    "active": "an unplayed card from your active area",
    "resting": "a card from your resting area",
    "slots": "a played card from a slot",
}
PHRASES: dict[str, dict[str, str]] = {
    "area": _CARD_FROM,
    "play_area": {area: _CARD_FROM[area] for area in TYPES["play_area"]},
}

# The topic of the words packs declare as data (content/declared.py): not words of the language, each the content's.
DECLARED_TOPIC = "a pack's own counters"
# The topic of the token kinds packs declare (content/declared_tokens.py), and of the machinery's words for them.
TOKEN_TOPIC = "a pack's own tokens"
# The topic of the two-sided tiles packs declare (content/declared_sides.py): their sides, and the word that flips one.
SIDES_TOPIC = "a pack's own two-sided tiles"

# (type, value) -> the rules package that added the value to the type (its words.yaml ``types:``): the checker
# accepts it only where that package is loaded, as it does the package's own words.
VALUE_PACKAGE: dict[tuple[str, str], str] = {}

# Types whose words the loaded content declares (they differ from game to game; the reference lists none).
DECLARED_TYPES = frozenset({"declared", "token_kind", "two_sided"})

# The names `machine during X` accepts: the actions, plus moments that are not actions.
DURING = (*TYPES["action"], "gain_points")

# English words for argument values: (singular, plural).
NOUNS: dict[str, tuple[str, str]] = {
    "gear": ("gear", "gears"),
    "book": ("book", "books"),
    "food": ("food", "food"),
    "crystal": ("crystal", "crystals"),
    "basic": ("basic resource of your choice", "basic resources of one kind of your choice"),
    "energy": ("energy", "energy"),
    "any": ("any colour", "any colour"),
}


@dataclass(frozen=True)
class Param:
    """One argument slot: its name, its type (a key of TYPES, or ``count``) and default."""

    name: str
    type: str
    default: int | str | None = None

    @property
    def optional(self) -> bool:
        return self.default is not None

    @property
    def numeric(self) -> bool:
        return self.type == "count"


@dataclass(frozen=True)
class Signature:
    """One word of the language."""

    name: str
    kind: str
    params: tuple[Param, ...]
    english: str
    example: str
    doc: str
    needs: frozenset[str] = frozenset()
    topic: str = "general"
    package: str = "base"  # the rules package the word comes with (the base game's are written here)


def _params(spec: str) -> tuple[Param, ...]:
    """``"[count=1] what:gainable"`` -> params; ``[...]`` marks an optional one with its default."""
    out = []
    for part in spec.split():
        default = None
        if part.startswith("["):
            part, default = part[1:-1].split("=")
            default = int(default) if default.isdigit() else default
        name, _, typ = part.partition(":")
        out.append(Param(name, typ or name, default))
    return tuple(out)


def _rows(kind: str, topic: str, rows: list[tuple], package: str = "base") -> list[Signature]:
    out = []
    for row in rows:
        name, spec, english, example, doc, *needs = row
        out.append(Signature(name, kind, _params(spec), english, example, doc, frozenset(needs), topic, package))
    return out


MACHINERY = "engine"  # the package of the words the engine's machinery carries out, in every game (engine/declared.py)


# Each row: name, params, English template, example text, one-line doc[, needed contexts].
# Templates: {param} is the argument as a word; {count*what} is "2 books"-style English.

_EFFECTS = (
    _rows(
        "effect",
        "resources and points",
        [
            (
                "gain",
                "[count=1] what:gainable",
                "gain {count*what}",
                "gain 2 book",
                "Gain resources; `basic` is any one basic resource (all of one kind).",
            ),
            (
                "points",
                "count",
                "score {count} blue points",
                "points 2",
                "Advance on the point track now, taking the bonuses passed.",
            ),
            (
                "purple",
                "count",
                "score {count} purple points at the end of the game",
                "purple 3",
                "Points tallied only at the end: no point-track bonuses.",
            ),
            (
                "energy",
                "[count=1]",
                "gain {count} energy from the supply",
                "energy",
                "Put energy from the supply into your energy storage.",
            ),
            (
                "reclaim_energy",
                "[count=1]",
                "take back {count} energy from your machines",
                "reclaim_energy",
                "Return energy from your machines to your energy storage.",
            ),
            ("crate", "[count=1]", "gain {count} crate(s)", "crate", "Take crates from the supply, closed."),
            ("fill", "what:basic", "set your {what} to 6", "fill basic", "Raise one basic resource to its cap of 6."),
        ],
    )
    + _rows(
        "effect",
        "tracks, artifacts and modules",
        [
            (
                "advance",
                "track [count=1]",
                "advance {count} on the {track} machine track",
                "advance green",
                "Advance a machine track marker; `any` lets you choose the track.",
            ),
            (
                "artifact",
                "",
                "take a major artifact",
                "artifact",
                "Take any major artifact (a minor one once the end is triggered).",
            ),
            (
                "module",
                "",
                "take a slot module from the display",
                "module",
                "Take a slot module from the display into a module space (a full one: its module is discarded).",
            ),
            (
                "ability",
                "",
                "activate your tribe ability",
                "ability",
                "Carry out your tribe ability and move a progress marker if you can.",
            ),
            (
                "other_ability",
                "",
                "carry out another player's tribe ability as if it were yours",
                "other_ability",
                "You choose whose; no progress marker moves and `when ability` does not fire.",
            ),
        ],
    )
    + _rows(
        "effect",
        "cards",
        [
            (
                "rest_card",
                "[area:play_area=slots]",
                "move {area} to your resting area",
                "rest_card active",
                "A card of your choice in the area (by default a played card in a slot) goes to the resting area "
                "(from a card: not that card).",
            ),
            (
                "return_card",
                "area",
                "return {area} to the game box",
                "return_card resting",
                "A card of your choice in the area leaves the game (from a card: not that card).",
            ),
            (
                "recall_card",
                "",
                "move a card from your resting area to your active area",
                "recall_card",
                "Take a card of your choice from the resting area back into play.",
            ),
            (
                "cycle_card",
                "",
                "move an active card to your resting area and gain its top effect",
                "cycle_card",
                "An unplayed card goes to rest and you gain its top effect.",
            ),
            (
                "play",
                "colour",
                "play another {colour} card without an action",
                "play yellow",
                "Play another card of the colour at once (`any`: the rulebook's white).",
            ),
            (
                "recruit",
                "[colour=any]",
                "take a {colour} card from the display",
                "recruit green",
                "Take a card from the display into your active area; it refills.",
            ),
            (
                "recruit_terrain",
                "",
                "take a display card of the colour of the terrain you covered",
                "recruit_terrain",
                "Field = yellow, forest = green, mountain = grey.",
            ),
            (
                "all_colours",
                "",
                "treat one card as all colours",
                "all_colours",
                "For this turn one card has every colour (not in end scoring).",
            ),
            (
                "display_bottom",
                "",
                "use the bottom effect of a card in the display",
                "display_bottom",
                "Gain the lower effect of one of the display's cards.",
            ),
            ("hibernate", "", "hibernate at once, ending your turn", "hibernate", "Carry out a hibernate action now."),
            (
                "remove_self",
                "",
                "remove this card from the game",
                "remove_self",
                "The card that shows this goes back to the box.",
            ),
            (
                "colour_reward",
                "",
                "gain the resource of that card's colour",
                "colour_reward",
                "Grey = gear, green = book, yellow = food.",
                "event:recruit",
                "event:scyphoz",
            ),
            (
                "rotate_card",
                "",
                "turn the card being played for its other half",
                "rotate_card",
                "Take the lower effect in a top slot, or the top in a lower slot.",
                "during:play",
            ),
            (
                "tile_rewards",
                "table:reward_table",
                "take the {table} of each tile beside your buildings, once per building size",
                "tile_rewards hibernation_reward",
                "Tiles in map order, small before large; a tile kind prints the table (a lake's).",
            ),
            (
                "return_machine",
                "",
                "return another machine token of that colour from the display to the bottom of its pile",
                "return_machine",
                "In a `when take_machine` clause: you choose which; the display is then replenished.",
                "event:take_machine",
            ),
        ],
    )
    + _rows(
        "effect",
        "actions",
        [
            ("explore", "", "explore without spending an action", "explore", "A free explore action."),
            ("build", "", "build without spending an action", "build", "A free build action."),
            ("populate", "", "populate without spending an action", "populate", "A free populate action."),
            (
                "unlimited_range",
                "",
                "explore with unlimited range",
                "unlimited_range",
                "Pay no range; any face-down tile may be explored.",
                "during:explore",
            ),
            (
                "unlock_side_slot",
                "",
                "unlock your side card slot",
                "unlock_side_slot",
                "Cards played there may be turned for either half.",
            ),
            ("reset_switch", "", "slide your switch back to unused", "reset_switch", "Your switch may be used again."),
            (
                "reactivate_crate",
                "",
                "gain an opened crate's effect again",
                "reactivate_crate",
                "Each crate can be reactivated once per game.",
            ),
            (
                "move_figure",
                "",
                "move one population figure to another regular location",
                "move_figure",
                "No books are paid to players already there.",
            ),
        ],
    )
    + _rows(
        "effect",
        "tribes",
        [
            (
                "place",
                "token",
                "place a {token}",
                "place temple",
                "Place a tribe token; the token's own rules say where, and what it gives.",
            ),
            (
                "forest_books",
                "",
                "gain a book for the new forest tile and each forest tile joined to it",
                "forest_books",
                "Counts the connected chain of forest tiles.",
            ),
            (
                "move_falcon",
                "",
                "move the falcon",
                "move_falcon",
                "3 spaces per tribe symbol shown; it lands on a terrain space.",
            ),
            (
                "falcon_reward",
                "",
                "gain 3 resources for the falcon's terrain",
                "falcon_reward",
                "Field = food, forest = book, mountain = gear.",
            ),
        ],
    )
)

_EFFECTS += _rows(
    "effect",
    "a pack's own counters",
    [
        (
            "raise",
            "counter:declared [count=1]",
            "raise your {counter} by {count}",
            "raise heat 2",
            "Add to a counter a pack declares, never past its top; a `when ... reaches` may follow.",
        ),
        (
            "lower",
            "counter:declared [count=1]",
            "lower your {counter} by {count}",
            "lower heat",
            "Take from a counter a pack declares, never below its bottom.",
        ),
        (
            "set",
            "counter:declared value:count",
            "set your {counter} to {value}",
            "set heat 0",
            "Put a counter a pack declares at a value (kept within its bounds).",
        ),
    ],
    MACHINERY,
)

_EFFECTS += _rows(
    "effect",
    TOKEN_TOPIC,
    [
        (
            "drift",
            "kind:token_kind [count=1]",
            "move every {kind} on the board {count} space(s) clockwise round the chasm",
            "drift ember",
            "Each token of a kind a pack declares goes on along its ring round the chasm, to spaces that may take "
            "it; one with none stays.",
        ),
        (
            "move_token",
            "kind:token_kind terrain",
            "move one of your {kind} tokens to an adjacent {terrain} space",
            "move_token ember forest",
            "You choose one you placed, and a space next to it that may take it; with none, nothing moves.",
        ),
    ],
    MACHINERY,
)

_EFFECTS += _rows(
    "effect",
    SIDES_TOPIC,
    [
        (
            "flip",
            "tile:two_sided",
            "flip your {tile}",
            "flip moon_dial",
            "Your two-sided tile a pack declares shows its other side; without the tile, nothing happens.",
        ),
    ],
    MACHINERY,
)

_MODIFIERS = _rows(
    "modifier",
    "modifiers",
    [
        ("range", "count", "+{count} range", "range 1", "Pay that much less food for range (lasting under `always`)."),
        (
            "discount",
            "count [action=any]",
            "a discount of {count} on the {action} cost",
            "discount 2 build",
            "Lower an action's cost, never below 0, never its range.",
        ),
        (
            "discount_near",
            "token count",
            "a discount of {count} on actions next to your {token}",
            "discount_near workshop 1",
            "At most one such discount per action.",
        ),
        (
            "pay_book_for",
            "resource",
            "pay books instead of {resource}",
            "pay_book_for gear",
            "A book may stand in for the named resource in any payment.",
        ),
        (
            "no_book_fees",
            "",
            "no books to other players when populating",
            "no_book_fees",
            "Skip the book to each player already in the location.",
        ),
        (
            "free_passage",
            "terrain",
            "no range paid through {terrain} spaces",
            "free_passage forest",
            "Spaces of that kind cost nothing to pass through.",
        ),
        (
            "range_from",
            "token [bonus:count=0]",
            "count range from your {token}s (+{bonus} range from them)",
            "range_from temple 2",
            "Another origin for range.",
        ),
        (
            "switch_copy",
            "half",
            "your switch may copy the {half} effect of another player's card",
            "switch_copy bottom",
            "An extra switch option.",
        ),
        (
            "pay_less",
            "count what:payable action:board_action",
            "pay {count*what} less whenever you {action}",
            "pay_less 1 food explore",
            "Off the action's whole payment, range included; never below 0.",
        ),
    ],
)

_SYMBOLS = _rows(
    "symbol",
    "symbols",
    [
        ("flask", "", "a flask symbol", "flask", "No effect by itself; counted by other effects and scoring."),
        ("slot", "", "a slot symbol", "slot", "Another card may be played into this slot later."),
    ],
)

_COUNTERS = _rows(
    "counter",
    "counters",
    [
        ("crates", "", "crate you have (opened or not)", "crates", "Crates, opened and closed."),
        ("energy_markers", "", "energy marker you have", "energy_markers", "Energy in storage and on machines."),
        ("modules", "", "slot module you have", "modules", "Slot modules on your player board."),
        ("figures", "", "population figure you have placed", "figures", "Figures on small and large locations."),
        (
            "figures_large",
            "",
            "population figure you have in a large location",
            "figures_large",
            "Figures on large locations.",
        ),
        (
            "abilities",
            "",
            "progress marker taken from your tribe board",
            "abilities",
            "Tribe abilities carried out, up to five.",
        ),
        (
            "flasks",
            "",
            "flask you have",
            "flasks",
            "On machines, modules, cards (resting area too) and completed journeys.",
        ),
        (
            "visible_flasks",
            "",
            "visible flask",
            "visible_flasks",
            "On machines, modules, active cards and the visible halves of played cards.",
        ),
        ("cards", "", "card you have recruited", "cards", "Active, played and resting cards, not starting cards."),
        (
            "cards_of",
            "colour",
            "{colour} card you have recruited",
            "cards_of green",
            "Recruited cards of the colour, not starting cards.",
        ),
        (
            "cards_in_slots",
            "colour",
            "{colour} card in your card slots",
            "cards_in_slots yellow",
            "Played cards of the colour, this card included.",
        ),
        (
            "water_spaces",
            "",
            "water space you have built next to or put a temple on",
            "water_spaces",
            "Each counts once; the scoring lists' reading (a reward collected).",
        ),
        (
            "waters_built_next_to",
            "",
            "water space you have built next to",
            "waters_built_next_to",
            "Each counts once; buildings only, no temple.",
        ),
        (
            "crystal_symbols",
            "",
            "crystal symbol next to your buildings",
            "crystal_symbols",
            "Each counts once; vast crystals too.",
        ),
        ("buildings", "", "building you have built", "buildings", "Small and large."),
        ("large_buildings", "", "large building you have built", "large_buildings", "Large buildings on the board."),
        (
            "building_pairs",
            "",
            "pair of your buildings on adjacent spaces",
            "building_pairs",
            "Each two of your buildings next to each other, counted once.",
        ),
        (
            "building_triangles",
            "",
            "set of three of your buildings each next to the other two",
            "building_triangles",
            "Three of your buildings that all touch one another, counted once.",
        ),
        (
            "largest_group",
            "",
            "building in your largest group of connected buildings",
            "largest_group",
            "Buildings joined through buildings next to each other; 0 without buildings.",
        ),
        (
            "buildings_beside",
            "terrain",
            "building you have built next to a {terrain} space",
            "buildings_beside water",
            "Each building once however many such spaces it touches; face-up terrain only.",
        ),
        (
            "tiles_present",
            "",
            "area tile you are present on",
            "tiles_present",
            "Area and starting tiles with your building or figure.",
        ),
        (
            "track_value",
            "track",
            "point shown at your {track} track marker",
            "track_value green",
            "The number printed where the marker stands.",
        ),
        (
            "track_position",
            "track",
            "space reached on your {track} track",
            "track_position yellow",
            "How far the marker has gone.",
        ),
        (
            "adjacent",
            "terrain",
            "adjacent {terrain} space",
            "adjacent mountain",
            "Next to the space being built on.",
            "event:build",
        ),
        ("remaining_resources", "", "remaining resource", "remaining_resources", "Basic resources and crystals left."),
        ("machine_tracks", "", "space advanced on your machine tracks", "machine_tracks", "The three tracks added up."),
    ],
)

_COUNTERS += _rows(
    "counter",
    TOKEN_TOPIC,
    [
        (
            "tokens_beside",
            "kind:token_kind",
            "building of yours next to a {kind}",
            "tokens_beside ember",
            "Your buildings with a token of that kind on a space next to them (each building once).",
        ),
    ],
    MACHINERY,
)

_EVENTS = _rows(
    "event",
    "events",
    [
        ("build", "", "whenever you build", "build", "After paying, before the rewards."),
        ("populate", "", "whenever you populate", "populate", "When your figure is placed."),
        ("explore", "", "whenever you explore", "explore", "When the tile is flipped."),
        ("hibernate", "", "whenever you hibernate", "hibernate", "As the hibernation begins."),
        (
            "hibernated",
            "",
            "whenever your hibernation has been carried out",
            "hibernated",
            "After every step of the hibernation, before free actions may follow.",
        ),
        ("ability", "", "whenever you activate your tribe ability", "ability", "After the ability is carried out."),
        ("recruit", "", "whenever you gain a card from the display", "recruit", "The card is known to the effect."),
        ("gain_crate", "", "whenever you gain a crate", "gain_crate", "Each crate gained."),
        (
            "take_machine",
            "",
            "whenever you take a machine token from the display",
            "take_machine",
            "Before the display is replenished; the token's colour is known to the effect.",
        ),
        ("switch", "", "whenever you use a switch action", "switch", "Along with the switch's own effect."),
        (
            "gain_points",
            "",
            "whenever you gain points or devotion",
            "gain_points",
            "Before they are moved on the tracks.",
        ),
    ],
)

_STATES = _rows(
    "state",
    "states",
    [
        (
            "slotted",
            "",
            "while this card lies in a card slot",
            "slotted",
            "Ends when the card goes to the resting area.",
        ),
        ("switch_used", "", "while your switch is used", "switch_used", "The switch token is in the used position."),
    ],
)

ALL: list[Signature] = _EFFECTS + _MODIFIERS + _SYMBOLS + _COUNTERS + _EVENTS + _STATES

# Words are unique within a kind; a few are both an event and an effect ("build").
SIGNATURES: dict[str, Signature] = {}
BY_KIND: dict[str, dict[str, Signature]] = {}

KINDS = ("effect", "modifier", "symbol", "counter", "event", "state")
_SECTIONS = {"effects": "effect", "modifiers": "modifier", "symbols": "symbol", "counters": "counter"}
_SECTIONS |= {"events": "event", "states": "state"}


def _add(sig: Signature) -> None:
    BY_KIND.setdefault(sig.kind, {})[sig.name] = sig
    SIGNATURES.setdefault(sig.name, sig)


def package_words(package: str, data: dict[str, Any]) -> list[Signature]:
    """The rows of a rules package's ``words.yaml`` (see ``revive_dsl/rules/abyss/words.yaml``) as signatures;
    its ``types`` add argument types (``{name: {words: [...], doc: ...}}``) or words to existing ones.

    >>> [s.name for s in package_words("x", {"counters": [{"word": "pearls", "english": "pearl", "example":
    ...     "pearls", "doc": "Pearls you have."}]})]
    ['pearls']
    """
    for name, spec in (data.get("types") or {}).items():
        TYPES[name] = tuple(dict.fromkeys([*TYPES.get(name, ()), *spec.get("words", [])]))
        for word in spec.get("words", []):
            VALUE_PACKAGE.setdefault((name, word), package)
        if "doc" in spec:
            TYPE_DOCS.setdefault(name, spec["doc"])
    for singular, many in (data.get("nouns") or {}).items():
        NOUNS.setdefault(singular, (singular, many))
    out = []
    for section, kind in _SECTIONS.items():
        for row in data.get(section) or []:
            needs = frozenset(row.get("needs", []))
            params = _params(row.get("params", ""))
            out.append(
                Signature(
                    row["word"], kind, params, row["english"], row["example"], row["doc"], needs,
                    row.get("topic", "general"), package,
                )
            )  # fmt: skip
    return out


def add_words(package: str, data: dict[str, Any]) -> list[Signature]:
    """Add the words of a rules package's ``words.yaml`` (already read and checked) to the table, once.

    The content layer reads the files (:mod:`revive_dsl.content.words`); this table only holds words.
    """
    if any(sig.package == package for sig in ALL):
        return []
    added = package_words(package, data)
    for sig in added:
        ALL.append(sig)
        _add(sig)
    return added


for _sig in ALL:  # the base game's words
    _add(_sig)


def lookup(name: str, kinds: tuple[str, ...]) -> Signature | None:
    """The signature of ``name`` among the given kinds, or None."""
    for kind in kinds:
        sig = BY_KIND.get(kind, {}).get(name)
        if sig is not None:
            return sig
    return None


def words_of(kinds: tuple[str, ...]) -> list[str]:
    """Every word of the given kinds, for did-you-mean suggestions."""
    return sorted({name for kind in kinds for name in BY_KIND.get(kind, {})})
