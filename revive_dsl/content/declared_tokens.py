"""A pack's own kinds of token: the components of kind ``token_kind``, and the words they bring.

A pack declares a kind of token in a file of kind ``token_kind`` (``ember: six in the supply, on field, forest or
mountain spaces, blocking range``); its id is its word. The word joins the ``token`` type, so the base game's
``place ember`` places one, and the ``token_kind`` type the machinery's words take (``drift ember``,
``move_token ember forest``, ``tokens_beside ember``). As with a pack's counters, the words exist only for texts
of packs that load the declaring pack (the checker's ``packages``).

>>> from revive_dsl.content.packs import Component
>>> from revive_dsl.positions import NOWHERE
>>> item = {"id": "ember", "provenance": "representative", "glyph": "o", "holder": "supply", "count": 6,
...         "placed_on": ["field", "forest"], "blocks_range": True}
>>> ember = token_kind_of(Component("token_kind", "ember", "emberfall", item, NOWHERE))
>>> ember.placed_on, ember.vacant, ember.pays_range, ember.blocks_range, ember.stock_field
(('field', 'forest'), True, False, True, 'ember_left')
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from revive_dsl.content.declared import language_clash
from revive_dsl.content.schema_defs import TERRAIN
from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.signatures import ALL, BY_KIND, NOUNS, SIGNATURES, TOKEN_TOPIC, TYPES, Signature
from revive_dsl.positions import Diagnostic

# The content types are the loader's (revive_dsl.content.packs, which reads this module): named here as Any.
Component = Content = Any

# What a token may be placed on: the terrains a tile's space may show (the schema's), the city spaces among them.
TERRAINS: tuple[str, ...] = tuple(TERRAIN["enum"])


@dataclass(frozen=True)
class TokenKind:
    """One declared kind of token: its word, pack, sign on the map, where it may lie, what it does to range and
    to other tokens, and how many there are (each player's, or the supply's)."""

    name: str
    pack: str
    english: str
    plural: str
    glyph: str
    placed_on: tuple[str, ...]
    vacant: bool
    pays_range: bool
    blocks_range: bool
    shares_with: tuple[str, ...]
    holder: str  # "player": ``count`` each; "supply": ``count`` for the whole table
    count: int
    doc: str

    @property
    def stock_field(self) -> str:
        """The state field of those not yet placed (in the pack's part of each player or of the supply)."""
        return f"{self.name}_left"


def token_kind_of(comp: Component) -> TokenKind:
    """The declared kind of token a ``token_kind`` component describes (its defaults filled in)."""
    data = comp.data
    english = str(data.get("english", comp.id.replace("_", " ")))
    return TokenKind(
        name=comp.id,
        pack=comp.pack,
        english=english,
        plural=str(data.get("plural", _plural(english))),
        glyph=str(data.get("glyph", "o")),
        placed_on=tuple(str(t) for t in data.get("placed_on", ())),
        vacant=bool(data.get("vacant", True)),
        pays_range=bool(data.get("pays_range", False)),
        blocks_range=bool(data.get("blocks_range", False)),
        shares_with=tuple(str(t) for t in data.get("shares_with", ())),
        holder=str(data.get("holder", "supply")),
        count=int(data.get("count", 1)),
        doc=str(data.get("doc", f"{english}, a token of the pack '{comp.pack}'")),
    )


def _plural(word: str) -> str:
    from revive_dsl.dsl.explain import plural

    return plural(word)


def token_kinds(content: Content) -> dict[str, TokenKind]:
    """Every kind of token the loaded packs declare, by word, in content order."""
    return {comp.id: token_kind_of(comp) for comp in content.of_kind("token_kind")}


def declare_token_words(content: Content) -> None:
    """Put the loaded packs' token kinds into the signature table: a word of kind ``token`` each (for the checker's
    messages and its ``foreign`` test), and its name into the ``token`` and ``token_kind`` types. A name the
    language has already is left out (:func:`check_token_kinds` reports it)."""
    language = {sig.name for sig in ALL}
    declared = BY_KIND.get("token", {})
    for kind in token_kinds(content).values():
        if kind.name in language or (kind.name in TYPES["token"] and kind.name not in declared):
            continue  # a word of the language, or one of its tribe tokens: check_token_kinds reports it
        sig = Signature(kind.name, "token", (), kind.english, kind.name, kind.doc, topic=TOKEN_TOPIC, package=kind.pack)
        BY_KIND.setdefault("token", {})[kind.name] = sig
        SIGNATURES[kind.name] = sig
        NOUNS[kind.english] = (kind.english, kind.plural)
        for typ in ("token", "token_kind"):
            if kind.name not in TYPES[typ]:
                TYPES[typ] = (*TYPES[typ], kind.name)


def check_token_kinds(content: Content) -> list[Diagnostic]:
    """The problems of the loaded packs' token kinds, each at the value that is wrong, with what would be right:
    a name the language has already (a counter's is another component's id, which the loader refuses), a
    terrain no space shows, a ``shares_with`` naming no kind of token, two kinds drawn with one sign; and a
    ``move_token`` to a terrain the kind never lies on."""
    problems: list[Diagnostic] = []
    kinds = token_kinds(content)
    signs: dict[str, str] = {}
    for comp in content.of_kind("token_kind"):
        kind = kinds[comp.id]
        clash = language_clash(comp, "kind of token")
        if clash:
            problems.extend(clash)
        elif comp.id in TYPES["token"] and comp.id not in BY_KIND.get("token", {}):
            problems.append(
                Diagnostic(
                    comp.at("id"),
                    f"'{comp.id}' is already a tribe token of the language; a declared kind of token needs a word of "
                    f"its own (e.g. '{comp.pack}_{comp.id}')",
                )
            )
        for index, shown in enumerate(kind.placed_on):
            if shown not in TERRAINS:
                problems.append(
                    Diagnostic(
                        comp.at("placed_on", index),
                        f"{comp.id}: no space shows '{shown}'; placed_on takes terrains: {', '.join(TERRAINS)}"
                        + _suggest(shown, TERRAINS),
                    )
                )
        others = [*kinds, *(t for t in TYPES["token"] if t not in kinds)]
        for index, other in enumerate(kind.shares_with):
            if other not in others:
                problems.append(
                    Diagnostic(
                        comp.at("shares_with", index),
                        f"{comp.id}: shares_with names '{other}', which is no kind of token (declared: "
                        f"{', '.join(kinds)}; the language's: {', '.join(t for t in TYPES['token'] if t not in kinds)})"
                        + _suggest(other, others),
                    )
                )
        if kind.glyph in signs:
            problems.append(
                Diagnostic(
                    comp.at("glyph"),
                    f"{comp.id}: the glyph '{kind.glyph}' is already the {signs[kind.glyph]}'s; give each kind of "
                    "token a sign of its own, so the map tells them apart",
                )
            )
        signs.setdefault(kind.glyph, comp.id)
    for comp in content.components.values():
        for program in comp.effects.values():
            for node in program.walk():
                if isinstance(node, n.Call) and node.name == "move_token":
                    problems.extend(_nowhere(node, kinds))
    return problems


def _nowhere(call: n.Call, kinds: dict[str, TokenKind]) -> list[Diagnostic]:
    """A ``move_token KIND TERRAIN`` whose kind never lies on that terrain: a movement to nowhere."""
    words = [a for a in call.args if not isinstance(a, n.Num)]
    if len(words) < 2 or words[0].value not in kinds:
        return []
    kind, shown = kinds[words[0].value], words[1]
    if shown.value in kind.placed_on:
        return []
    fits = [t for t in kind.placed_on if t in TYPES["terrain"]]
    return [
        Diagnostic(
            shown.pos,
            f"a {kind.english} never lies on {shown.value} (placed_on: {', '.join(kind.placed_on)}), so this moves it "
            f"nowhere; name a terrain it lies on" + (f", e.g. '{fits[0]}'" if fits else ""),
        )
    ]


def _suggest(word: str, choices: Any) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in tuple("aeiou") else f"a {word}"
