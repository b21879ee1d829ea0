"""How the map draws a rules package's own pieces and grounds: its ``glyphs.yaml``, read as data (never run).

A package that adds a kind of tribe token or a ground the map shows gives each a sign or letter and a word
(and, for the browser page, a colour); the terminal map (:mod:`revive_dsl.replay.hexmap`) and the page
(:mod:`revive_dsl.web`) use them for the games that load the package. A kind no package describes is drawn
with a default glyph and its own name, never refused. A pack's own kinds of token, declared as data (kind
``token_kind``), bring their glyph in the declaration: :func:`declared_glyphs` reads them the same way.

>>> glyphs(("base", "abyss"))["tokens"]["gate"]
{'sign': '=', 'word': 'gate'}
>>> glyphs(("base",))["tokens"].get("gate") is None
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from revive_dsl.content.declared_tokens import token_kinds
from revive_dsl.content.packages import package_folder
from revive_dsl.content.schema_defs import GLYPHS_SCHEMA, schema_errors
from revive_dsl.content.yamlsrc import load_yaml
from revive_dsl.positions import Diagnostic, DslError


@cache
def package_glyphs(package: str) -> dict[str, dict[str, dict[str, str]]]:
    """A rules package's ``glyphs.yaml`` (``{tokens: {...}, grounds: {...}}``), empty when it has none; a bad
    file is a DslError at the bad value."""
    folder = package_folder(package)
    path = folder / "glyphs.yaml" if folder else None
    if path is None or not path.is_file():
        return {"tokens": {}, "grounds": {}}
    doc = load_yaml(path.read_text(encoding="utf-8"), str(path))
    errors = schema_errors(doc.data, GLYPHS_SCHEMA)
    if errors:
        raise DslError([Diagnostic(doc.pos(tuple(e.absolute_path)), f"schema: {e.message}") for e in errors])
    data: dict[str, Any] = doc.data or {}
    return {"tokens": dict(data.get("tokens") or {}), "grounds": dict(data.get("grounds") or {})}


def declared_glyphs(content: Any) -> dict[str, dict[str, str]]:
    """How the map draws the kinds of token the loaded packs declare as data (kind ``token_kind``): each kind's
    ``glyph`` and its noun, in the form of a ``glyphs.yaml``'s ``tokens``.

    >>> from revive_dsl.content.packs import Content
    >>> declared_glyphs(Content())
    {}
    """
    return {kind.name: {"sign": kind.glyph, "word": kind.english} for kind in token_kinds(content).values()}


def glyphs(packages: tuple[str, ...]) -> dict[str, dict[str, dict[str, str]]]:
    """The glyphs of these rules packages, a later package's over an earlier one's."""
    out: dict[str, dict[str, dict[str, str]]] = {"tokens": {}, "grounds": {}}
    for package in packages:
        found = package_glyphs(package)
        out["tokens"].update(found["tokens"])
        out["grounds"].update(found["grounds"])
    return out
