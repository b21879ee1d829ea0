"""revive-dsl: the board game Revive as data -- a rule DSL, its content packs and tools.

The path reads like the game: content text -> effect tree -> checked tree -> (interpreter).

>>> from revive_dsl import parse, check, format_program
>>> tree = parse("pay gear -> (gain 2 food or gain 2 book)")
>>> check(tree)
[]
>>> format_program(tree)
'pay gear -> (gain 2 food or gain 2 book)'
"""

from __future__ import annotations

import importlib
from typing import Any

# The public names and the module each lives in. They are imported when first used (PEP 562), so that a
# program that needs one part (``revive --help``, the move reader) does not pay for the grammar, the
# signature table and the schemas.
_WHERE = {
    "check": "revive_dsl.dsl.checker",
    "Component": "revive_dsl.content.packs",
    "Content": "revive_dsl.content.packs",
    "load_packs": "revive_dsl.content.packs",
    "format_program": "revive_dsl.dsl.formatter",
    "parse": "revive_dsl.dsl.parser",
    "Diagnostic": "revive_dsl.positions",
    "DslError": "revive_dsl.positions",
    "Pos": "revive_dsl.positions",
}


def __getattr__(name: str) -> Any:
    if name == "__version__":  # pyproject.toml's version: see revive_dsl.locations.version
        from revive_dsl.locations import version

        return version()
    if name in _WHERE:
        if name == "check":  # the checker knows the words of every installed rules package, not only the base game's
            importlib.import_module("revive_dsl.content.words")
        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'revive_dsl' has no attribute '{name}'")


__all__ = [
    "Component",
    "Content",
    "Diagnostic",
    "DslError",
    "Pos",
    "__version__",
    "check",
    "format_program",
    "load_packs",
    "parse",
]
