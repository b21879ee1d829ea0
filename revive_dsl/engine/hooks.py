"""Extension points: the lists rules packages add to, and the part of each list a game sees.

The machinery calls out through lists of hooks (range blockers, hibernation steps, what ends a turn,
the colours of a card...). A rules package adds its entries when its modules are imported; a game sees
only the entries of the machinery and of the rules packages its packs name, in the order they were added.
So a base game runs no expansion code even in a process that has played an expansion game before.

>>> from revive_dsl.engine.rules import Rules
>>> STEPS = Hooks("example steps")
>>> STEPS.append(len)  # a builtin belongs to no rules package: every game sees it
>>> STEPS.of(Rules.load(("base",)))
(<built-in function len>,)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any, TypeVar

from revive_dsl.content.packages import installed, version
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game

T = TypeVar("T")


def package_of(module: str) -> str | None:
    """The installed rules package a module belongs to, or None (the machinery, or no package at all).

    >>> package_of("revive_dsl.rules.abyss.lakes"), package_of("revive_dsl.engine.range")
    ('abyss', None)
    """
    return _package_of(module, version())


@cache
def _package_of(module: str, _version: int) -> str | None:
    for name, root in installed().items():
        if module == root or module.startswith(root + "."):
            return name
    return None


def owner(entry: Any) -> str | None:
    """The rules package that added an entry: that of its function, or of the first function in a tuple."""
    for item in entry if isinstance(entry, tuple) else (entry,):
        module = getattr(item, "__module__", None) if callable(item) else None
        if module:
            return package_of(module)
    return None


def packages_of(where: Any) -> tuple[str, ...]:
    """The rules packages a game plays with: from its :class:`Rules`, or a ``Ctx``/``Runner`` holding them,
    or a ``Game`` (whose packs name them)."""
    if isinstance(where, Game):  # the most asked (a state, or a move's working copy of one)
        return _names_of_packs(where.packs)
    names = getattr(where, "package_names", None)  # a Rules
    if names is not None:
        return names
    rules = getattr(where, "rules", None)  # a Ctx or a Runner
    if rules is None:
        return _names_of_packs(getattr(where, "game", where).packs)
    return rules.package_names


def _names_of_packs(packs: list[str]) -> tuple[str, ...]:
    return Rules.load(tuple(packs)).package_names


def same_hook(one: Any, other: Any) -> bool:
    """Whether two hook entries are the same: equal, or the same module-level functions (a tuple: item by item)
    of a module imported twice, as a test runner may import a file it was given; the hooks added by the second
    import are then not added again.

    >>> import json, json.decoder
    >>> same_hook(len, len), same_hook(len, max), same_hook((json.loads, 1), (json.loads, 1))
    (True, False, True)
    """
    if one == other:
        return True
    if isinstance(one, tuple) and isinstance(other, tuple):
        return len(one) == len(other) and all(same_hook(a, b) for a, b in zip(one, other, strict=True))
    name = _name(one)
    return name is not None and name == _name(other)


def _name(entry: Any) -> tuple[str, str] | None:
    """A module-level function's module and qualified name (None for anything else: a lambda or a closure is
    only ever itself)."""
    module, name = getattr(entry, "__module__", None), getattr(entry, "__qualname__", None)
    return (module, name) if isinstance(module, str) and isinstance(name, str) and "<" not in name else None


class Hooks(list[T]):
    """A list of hooks that rules packages append to; :meth:`of` gives the ones a game sees."""

    def __init__(self, name: str, items: Iterable[Any] = ()):
        super().__init__(items)
        self.name = name
        self._version = 0
        self._seen: dict[tuple[str, ...], tuple[int, tuple]] = {}

    def of(self, where: Any) -> tuple[T, ...]:
        """The entries of the machinery and of the game's rules packages, in order (``where``: see
        :func:`packages_of`)."""
        packages = packages_of(where)
        hit = self._seen.get(packages)
        if hit is None or hit[0] != self._version:
            visible = tuple(e for e in self if (o := owner(e)) is None or o in packages)
            hit = self._seen[packages] = (self._version, visible)
        return hit[1]

    def add(self, item: T, *, before: Any = None) -> None:
        """Add an entry once (adding it again, or the same function of a module imported again, does nothing:
        :func:`same_hook`), at the end or just before ``before``: the order is declared where it matters,
        whichever package was imported first.

        >>> hooks = Hooks("example", [len, max])
        >>> hooks.add(min, before=max); hooks.add(min)
        >>> [f.__name__ for f in hooks]
        ['len', 'min', 'max']
        """
        if any(same_hook(item, entry) for entry in self):
            return
        if before is not None and before in self:
            self.insert(self.index(before), item)
        else:
            self.append(item)

    def _changed(self) -> None:
        self._version += 1

    def append(self, item: Any) -> None:
        super().append(item)
        self._changed()

    def insert(self, index: Any, item: Any) -> None:
        super().insert(index, item)
        self._changed()

    def extend(self, items: Iterable[Any]) -> None:
        super().extend(items)
        self._changed()

    def remove(self, item: Any) -> None:
        super().remove(item)
        self._changed()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        super().sort(*args, **kwargs)
        self._changed()

    def clear(self) -> None:
        super().clear()
        self._changed()

    def __setitem__(self, index: Any, value: Any) -> None:
        super().__setitem__(index, value)
        self._changed()

    def __delitem__(self, index: Any) -> None:
        super().__delitem__(index)
        self._changed()

    def __iadd__(self, items: Iterable[Any]) -> Hooks[T]:  # type: ignore[override]
        self.extend(items)
        return self

    def pop(self, index: Any = -1) -> Any:
        item = super().pop(index)
        self._changed()
        return item

    def __repr__(self) -> str:
        return f"Hooks({self.name!r}, {list(self)!r})"
