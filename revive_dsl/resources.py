"""Where the grammar files, content packs and schemas live, installed or in a checkout.

A wheel carries ``grammar/`` and ``content/`` inside the package as ``revive_dsl/_data``;
a source checkout (and an editable install) finds them at the repository's top level.

>>> grammar_path("effects.lark").name
'effects.lark'
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    for candidate in (PACKAGE / "_data" / name, PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from this installation of revive-dsl")


def grammar_path(name: str) -> Path:
    """The path of a bundled grammar file, e.g. ``effects.lark``."""
    return _data_dir("grammar") / name


def content_root() -> Path:
    """The folder holding the bundled content packs (``base/``, ``abyss/``)."""
    return _data_dir("content")


def schema_dir() -> Path:
    """The folder of the JSON Schemas shipped with the package."""
    return PACKAGE / "schemas"


def replays_root() -> Path:
    """The folder of the bundled replays and tutorials."""
    return _data_dir("replays")
