"""Loads rules packages, so that their effects, counters, moves and hooks are registered.

The engine's own modules register the machinery's words first (:data:`MACHINERY`). A rules package
(:mod:`revive_dsl.rules.base`, :mod:`revive_dsl.rules.abyss`, or another distribution's, found through the
``revive.rules`` entry-point group: :mod:`revive_dsl.content.packages`) lists its modules in ``MODULES``; each
registers itself into the tables of :mod:`revive_dsl.engine.interpret` (``EFFECTS``, ``COUNTERS``,
``STATES``), :mod:`revive_dsl.engine.game` (``MOVES``) and the other extension points when imported.
A game loads the packages its packs name (``rules:`` in ``pack.yaml``) and no other.

>>> load_packages(["base"])
>>> "gain" in __import__("revive_dsl.engine.interpret", fromlist=["EFFECTS"]).EFFECTS
True
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from functools import cache

from revive_dsl.content.packages import installed, version
from revive_dsl.content.packs import Content

MACHINERY: list[str] = [
    "revive_dsl.engine.interpret",
    "revive_dsl.engine.compiled",
    "revive_dsl.engine.game",
    "revive_dsl.engine.triggers",
    "revive_dsl.engine.declared",
    "revive_dsl.engine.declared_tokens",
]


def package_modules(package: str) -> list[str]:
    """The modules of an installed rules package, in its ``MODULES`` order (``package`` is its name).

    >>> package_modules("abyss")[:2]
    ['revive_dsl.rules.abyss.invariants', 'revive_dsl.rules.abyss.lake_adjacency']
    """
    root = installed()[package]
    return [f"{root}.{name}" for name in importlib.import_module(root).MODULES]


def module_rank(module: str) -> tuple[int, int]:
    """Where a module's moves go in the list of legal moves: the machinery first, then each installed
    package's modules in ``MODULES`` order (bundled packages first, so the base moves keep their order
    whatever else is installed). A module of no package comes last.

    >>> module_rank("revive_dsl.engine.game") < module_rank("revive_dsl.rules.base.hibernate")
    True
    """
    return _module_rank(module, version())


@cache
def _module_rank(module: str, _version: int) -> tuple[int, int]:
    if module in MACHINERY:
        return (0, MACHINERY.index(module))
    for place, (package, root) in enumerate(installed().items(), start=1):
        if module.startswith(root + "."):
            names = package_modules(package)
            return (place, names.index(module) if module in names else len(names))
    return (len(installed()) + 1, 0)


def load_packages(packages: Iterable[str]) -> None:
    """Import the machinery and the named rules packages' modules (idempotent)."""
    for name in MACHINERY:
        importlib.import_module(name)
    for package in packages:
        for name in package_modules(package):
            importlib.import_module(name)


def load_content(content: Content) -> None:
    """Make what the loaded packs declare as data run: their counters' state parts and words
    (:mod:`revive_dsl.engine.declared`); idempotent."""
    load_packages(())
    importlib.import_module("revive_dsl.engine.declared").declare(content)


def load_all() -> None:
    """Import every installed rules package (idempotent): for tools that list every word, e.g. the docs."""
    load_packages(installed())
