"""A pack's own two-sided tiles: the components of kind ``two_sided_tile``, and the words they bring.

A tile in front of a player that shows one of its two sides (Ostarius's circadian tile: day or night) is declared
in a file of kind ``two_sided_tile``: its id is its word, its ``sides`` are two words, ``start`` the side up at the
setup and ``given_by`` the tribe token that puts it in front of a player (without one, every player has it).
``flip TILE`` turns it over; each side is a state word, so ``if night: ...`` and ``while day: range 1`` read it.
As with a pack's counters, the words exist only for texts of packs that load the declaring pack.

>>> from revive_dsl.content.packs import Component
>>> from revive_dsl.positions import NOWHERE
>>> item = {"id": "circadian", "provenance": "rulebook", "sides": ["day", "night"], "given_by": "circadian_tile"}
>>> tile = two_sided_of(Component("two_sided_tile", "circadian", "abyss", item, NOWHERE))
>>> tile.start, tile.other("day"), tile.english, tile.given_by
('day', 'night', 'circadian tile', 'circadian_tile')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from revive_dsl.content.declared import language_clash
from revive_dsl.dsl.signatures import ALL, BY_KIND, PHRASES, SIDES_TOPIC, SIGNATURES, TYPES, Signature
from revive_dsl.positions import Diagnostic

# The content types are the loader's (revive_dsl.content.packs, which reads this module): named here as Any.
Component = Content = Any


@dataclass(frozen=True)
class TwoSided:
    """One declared two-sided tile: its word, pack, two sides, the side up at the setup, the tribe token that
    gives it (None: every player has one), its noun and its meaning."""

    name: str
    pack: str
    sides: tuple[str, str]
    start: str
    given_by: str | None
    english: str
    doc: str

    def other(self, side: str) -> str:
        """The side a flip shows: the other one."""
        return self.sides[1] if side == self.sides[0] else self.sides[0]


def two_sided_of(comp: Component) -> TwoSided:
    """The declared tile a ``two_sided_tile`` component describes (its defaults filled in)."""
    data = comp.data
    sides = tuple(str(s) for s in data["sides"])
    english = str(data.get("english", f"{comp.id.replace('_', ' ')} tile"))
    given = data.get("given_by")
    return TwoSided(
        name=comp.id,
        pack=comp.pack,
        sides=(sides[0], sides[-1]),
        start=str(data.get("start", sides[0])),
        given_by=None if given is None else str(given),
        english=english,
        doc=str(data.get("doc", f"the {english}'s side up: {' or '.join(sides)} (empty without the tile)")),
    )


def two_sided_tiles(content: Content) -> dict[str, TwoSided]:
    """Every two-sided tile the loaded packs declare, by word, in content order."""
    return {comp.id: two_sided_of(comp) for comp in content.of_kind("two_sided_tile")}


def declare_side_words(content: Content) -> None:
    """Put the loaded packs' two-sided tiles into the signature table: the tile's name into the ``two_sided`` type
    (``flip`` takes it) and each side as a state word (``if day:``, ``while night:``). A name the language has
    already is left out (:func:`check_two_sided` reports it)."""
    language = {sig.name for sig in ALL}
    for tile in two_sided_tiles(content).values():
        if tile.name in language:
            continue
        if tile.name not in TYPES["two_sided"]:
            TYPES["two_sided"] = (*TYPES["two_sided"], tile.name)
        PHRASES.setdefault("two_sided", {})[tile.name] = tile.english
        for side in tile.sides:
            if side in language:
                continue
            sig = Signature(
                side, "state", (), f"while your {tile.english} shows {side}", side,
                f"The {tile.english}'s {side} side is up ({tile.doc}).", topic=SIDES_TOPIC, package=tile.pack,
            )  # fmt: skip
            BY_KIND.setdefault("state", {})[side] = sig
            if SIGNATURES.get(side, sig).topic == SIDES_TOPIC:
                SIGNATURES[side] = sig


def check_two_sided(content: Content) -> list[Diagnostic]:
    """The problems of the loaded packs' two-sided tiles, each at the value that is wrong, with what would be right:
    a name or a side the language has already, two sides alike, a start that is neither side, a side another
    declared tile has too."""
    problems: list[Diagnostic] = []
    seen: dict[str, str] = {}
    language = {sig.name: sig for sig in ALL}
    for comp in content.of_kind("two_sided_tile"):
        tile = two_sided_of(comp)
        problems.extend(language_clash(comp, "two-sided tile"))
        if tile.sides[0] == tile.sides[1]:
            problems.append(
                Diagnostic(comp.at("sides", 1), f"{comp.id}: both sides are '{tile.sides[0]}'; name two sides")
            )
        if tile.start not in tile.sides:
            problems.append(
                Diagnostic(
                    comp.at("start"),
                    f"{comp.id}: start '{tile.start}' is neither of its sides; give '{tile.sides[0]}' or "
                    f"'{tile.sides[1]}'",
                )
            )
        for index, side in enumerate(tile.sides):
            if side in language:
                word = language[side]
                problems.append(
                    Diagnostic(
                        comp.at("sides", index),
                        f"{comp.id}: the side '{side}' is already a {word.kind} word of the language; name the side "
                        f"with a word of its own (e.g. '{comp.id}_{side}')",
                    )
                )
            elif side in seen:
                problems.append(
                    Diagnostic(
                        comp.at("sides", index),
                        f"{comp.id}: the side '{side}' is already a side of '{seen[side]}'; a side word says which "
                        f"tile it reads, so give it a word of its own (e.g. '{comp.id}_{side}')",
                    )
                )
            seen.setdefault(side, comp.id)
        if tile.given_by is not None and tile.given_by not in _tribe_tokens(content):
            problems.append(
                Diagnostic(
                    comp.at("given_by"),
                    f"{comp.id}: no tribe side has the token '{tile.given_by}' (tribes' tokens: "
                    f"{', '.join(sorted(_tribe_tokens(content))) or 'none'}); name a token a tribe's `tokens:` gives, "
                    "or leave given_by out so every player has the tile",
                )
            )
    return problems


def _tribe_tokens(content: Content) -> set[str]:
    """The tokens the loaded tribes' sides give their players (``tokens: {circadian_tile: 1}``)."""
    return {
        token
        for comp in content.of_kind("tribe")
        for side in (comp.data.get("sides") or {}).values()
        if isinstance(side, dict)
        for token in (side.get("tokens") or {})
    }
