"""The words rules packages add to the DSL: each installed package's ``words.yaml``, read as data (never run).

Importing this module puts every installed rules package's words into the signature table
(:mod:`revive_dsl.dsl.signatures`, which holds the base game's words by itself); a package registered later
(:func:`revive_dsl.content.packages.register`) brings its words when it is registered. Loading content, the
top-level API (``revive_dsl.check`` ...) and every command do this first.

>>> from revive_dsl.dsl.signatures import SIGNATURES
>>> SIGNATURES["devotion"].package
'abyss'
"""

from __future__ import annotations

from revive_dsl.content.packages import ON_REGISTER, installed, package_folder
from revive_dsl.content.schema_defs import WORDS_SCHEMA, schema_errors
from revive_dsl.content.yamlsrc import load_yaml
from revive_dsl.dsl.signatures import add_words
from revive_dsl.positions import Diagnostic, DslError


def load_words(package: str) -> None:
    """A rules package's ``words.yaml`` into the signature table, if it has one; a bad file is a DslError."""
    folder = package_folder(package)
    words = folder / "words.yaml" if folder else None
    if words is None or not words.is_file():
        return
    doc = load_yaml(words.read_text(encoding="utf-8"), str(words))
    problems = [
        Diagnostic(doc.pos(tuple(e.absolute_path)), f"schema: {e.message}")
        for e in schema_errors(doc.data, WORDS_SCHEMA)
    ]
    if problems:
        raise DslError(problems)
    add_words(package, doc.data or {})


for _package in installed():
    load_words(_package)
ON_REGISTER.append(load_words)  # a package registered later brings its words too
