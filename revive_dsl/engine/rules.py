"""The rules' view of the content: components by id, their compiled effects, the boards' data.

>>> rules = Rules.load(("base",))
>>> rules.component("cit_scout").kind
'citizen_card'
>>> rules.effect("cit_scout", "top").clauses[0].body.name
'gain'
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any, TypeVar

from revive_dsl.content.cache import load_packs
from revive_dsl.content.packs import Component, Content
from revive_dsl.content.tunables import split_tuning
from revive_dsl.dsl import nodes as n

T = TypeVar("T")


@dataclass
class Rules:
    """Loaded content plus lookups the engine asks for often."""

    content: Content
    packs: tuple[str, ...] = ("base",)
    _by_kind: dict[str, list[str]] = field(default_factory=dict, repr=False)
    # the map derived from ``main_board`` (engine/geometry.py), kept with these rules and gone with them
    _geometry: Any = field(default=None, repr=False, compare=False)
    # range maps already computed with these rules, by what they depend on (engine/range.py)
    _range_maps: dict = field(default_factory=dict, repr=False, compare=False)
    # answers that depend on the content and on nothing of a state but what their keys hold (a player's owned
    # texts by tribe, side and technologies: engine/triggers.py), kept across states: :meth:`kept`
    _kept: dict = field(default_factory=dict, repr=False, compare=False)

    @staticmethod
    def load(packs: tuple[str, ...] = ("base",)) -> Rules:
        """Rules for the bundled packs (cached per pack list), or the rules registered under that pack list."""
        packs = tuple(packs)
        kept = REGISTERED.get(packs)
        return (kept() if kept is not None else None) or _load(packs)

    def register(self) -> Rules:
        """Make ``Rules.load(self.packs)`` return these rules (a script's own content, under its own pack name).

        Registered rules are kept while something holds them (a replay, a Runner) and the last
        :data:`RECENT_KEPT` registered in any case, so a long process that meets many scripts with content of
        their own (a test run) keeps only those in use.
        """
        for packs in [packs for packs, kept in REGISTERED.items() if kept() is None]:
            del REGISTERED[packs]
        REGISTERED[self.packs] = weakref.ref(self)
        _RECENT.append(self)
        from revive_dsl.engine.registry import load_content

        load_content(self.content)
        return self

    def kept(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, kept with these rules under ``key``, which must name everything of the state the answer
        depends on (the content is these rules'); at most :data:`KEPT_ANSWERS` answers, then they start again.

        >>> rules = Rules.load(("base",))
        >>> rules.kept(("example", 2), lambda: [2]) is rules.kept(("example", 2), lambda: [3])
        True
        """
        found = self._kept.get(key, _NOTHING)
        if found is _NOTHING:
            if len(self._kept) >= KEPT_ANSWERS:
                self._kept.clear()
            found = self._kept[key] = compute()
        return found

    @cached_property
    def package_names(self) -> tuple[str, ...]:
        """:attr:`packages` as a tuple, computed once (the hooks' key: :mod:`revive_dsl.engine.hooks`)."""
        return tuple(self.content.rules_packages() or ())

    @property
    def packages(self) -> list[str]:
        """The rules packages the loaded packs name (``rules:`` in ``pack.yaml``), in load order.

        >>> Rules.load(("base", "abyss")).packages
        ['base', 'abyss']
        """
        return list(self.package_names)

    def component(self, cid: str) -> Component:
        """The component with this id (KeyError names it if unknown)."""
        try:
            return self.content.components[cid]
        except KeyError:
            raise KeyError(f"unknown component '{cid}'") from None

    def data(self, cid: str) -> dict[str, Any]:
        """A component's plain data."""
        return self.component(cid).data

    def effect(self, cid: str, path: str) -> n.Program:
        """A component's compiled effect at a field path such as ``top`` or ``sides.sun.ability``."""
        return self.component(cid).effects[path]

    def ids(self, kind: str) -> list[str]:
        """Ids of every component of a kind, in content order."""
        if kind not in self._by_kind:
            self._by_kind[kind] = [c.id for c in self.content.of_kind(kind)]
        return self._by_kind[kind]

    @property
    def main_board(self) -> dict[str, Any]:
        return self.data(self.ids("main_board")[0])

    @property
    def player_board(self) -> dict[str, Any]:
        return self.data(self.ids("player_board")[0])


def load_bundled() -> Rules:
    """The bundled packs' rules: their rules packages, and what the packs declare as data (their counters extend
    the state); a game of the bundled packs' state, as ``revive docs`` and ``revive schemas`` describe it."""
    from revive_dsl.content.packages import BUNDLED

    return Rules.load(tuple(BUNDLED))


KEPT_ANSWERS = 8192  # answers kept per Rules object (:meth:`Rules.kept`)
_NOTHING = object()

REGISTERED: dict[tuple[str, ...], weakref.ref[Rules]] = {}  # pack list -> rules registered under it
RECENT_KEPT = 64  # registered rules kept alive even when nothing else holds them: the most recent
_RECENT: deque[Rules] = deque(maxlen=RECENT_KEPT)


def forget_loaded() -> None:
    """Forget the rules loaded so far (kept per pack list), so the next :meth:`Rules.load` reads the packs again:
    for a process that outlives an edit of a pack on disk (a test that edits one, an editor)."""
    _load.cache_clear()
    REGISTERED.clear()
    _RECENT.clear()


@cache
def _load(packs: tuple[str, ...]) -> Rules:
    from revive_dsl.engine.registry import load_content, load_packages

    names, tuning = split_tuning(packs)  # a last entry tune:NAME=VALUE,... plays the packs' tunables at those values
    rules = Rules(load_packs(list(names), tuning), packs)
    load_packages(rules.packages)  # the words and hooks of the packs' mechanics
    load_content(rules.content)  # and those the packs declare as data
    return rules
