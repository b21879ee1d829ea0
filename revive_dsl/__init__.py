"""revive-dsl: the board game Revive as data -- a rule DSL, its content packs and tools.

The path reads like the game: content text -> effect tree -> checked tree -> (interpreter).

>>> from revive_dsl import parse, check, format_program
>>> tree = parse("pay gear -> (gain 2 food or gain 2 book)")
>>> check(tree)
[]
>>> format_program(tree)
'pay gear -> (gain 2 food or gain 2 book)'
"""

from revive_dsl.checker import check
from revive_dsl.content import Component, Content, load_packs
from revive_dsl.formatter import format_program
from revive_dsl.parser import parse
from revive_dsl.positions import Diagnostic, DslError, Pos
from revive_dsl.resources import version

__version__ = version()  # pyproject.toml's version: see revive_dsl.resources.version

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
