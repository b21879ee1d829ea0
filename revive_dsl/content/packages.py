"""Rules packages: the Python half of a content pack that brings new mechanics.

A pack's manifest may name a rules package (``rules: abyss``); the name must be one an installed
distribution declares in the ``revive.rules`` entry-point group, so content can only point at code that
was installed on purpose, never carry code itself. This module reads the names and nothing else: it imports
no rules package (the engine's :mod:`~revive_dsl.engine.registry` does, for the games that need them).

>>> installed()["base"], installed()["abyss"]
('revive_dsl.rules.base', 'revive_dsl.rules.abyss')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from importlib.util import find_spec
from pathlib import Path

GROUP = "revive.rules"

# The project's own rules packages: found even when it runs from a checkout that was never installed.
BUNDLED = {"base": "revive_dsl.rules.base", "abyss": "revive_dsl.rules.abyss"}


# Rules packages given by :func:`register` (a package under development, or one its own tests load), and what
# must hear of them (the word table reads their ``words.yaml``).
REGISTERED: dict[str, str] = {}
ON_REGISTER: list[Callable[[str], None]] = []


@cache
def installed() -> dict[str, str]:
    """Every installed rules package: name -> module, the bundled ones first, then the others by name."""
    found = {ep.name: ep.value for ep in entry_points(group=GROUP)} | REGISTERED
    return {**BUNDLED, **{name: found[name] for name in sorted(found) if name not in BUNDLED}}


def register(name: str, module: str) -> None:
    """Make a rules package known without installing it (its tests, a package under development): as if an
    installed distribution declared ``name = module`` in the ``revive.rules`` entry-point group."""
    if REGISTERED.get(name) == module:
        return
    REGISTERED[name] = module
    installed.cache_clear()
    for listener in ON_REGISTER:
        listener(name)


def version() -> int:
    """A number that changes whenever a rules package is registered (for caches keyed on the packages)."""
    return len(REGISTERED)


def unknown_rules_problem(name: object) -> str | None:
    """Why a manifest's ``rules:`` cannot be used, or None when the package is installed.

    >>> unknown_rules_problem("abyss") is None
    True
    >>> print(unknown_rules_problem("lagoon"))
    rules package 'lagoon' is not installed (installed: abyss, base); install the distribution that provides it
    """
    if isinstance(name, str) and name in installed():
        return None
    known = ", ".join(sorted(installed()))
    return f"rules package '{name}' is not installed (installed: {known}); install the distribution that provides it"


def package_folder(name: str) -> Path | None:
    """The folder of an installed rules package, found without running it (its data files live there).

    >>> package_folder("abyss").name
    'abyss'
    """
    module = installed().get(name)
    spec = find_spec(module) if module else None
    locations = list(spec.submodule_search_locations or []) if spec else []
    return Path(locations[0]) if locations else None
