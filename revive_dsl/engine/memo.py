"""Answers shared while a state cannot change, e.g. during one listing of the legal moves.

Listing the legal moves asks explore, build and populate for their options, and each prices its
targets with the same range map; inside :func:`unchanged` the map is worked out once. Outside it
nothing is remembered, so rules code that mutates the state never sees a stale answer.

>>> from revive_dsl.engine.state import Game
>>> game, calls = Game(), []
>>> with unchanged(game):
...     remembered(game, "answer", lambda: calls.append(1) or 42), remembered(game, "answer", lambda: 0)
(42, 42)
>>> remembered(game, "answer", lambda: 7), len(calls)
(7, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from revive_dsl.engine.state import Game

T = TypeVar("T")

_SCOPES: list[tuple[Game, dict[Hashable, Any]]] = []


@contextmanager
def unchanged(game: Game, answers: dict[Hashable, Any] | None = None) -> Iterator[None]:
    """Promise that ``game`` is not modified inside the block; answers about it are remembered.

    Inside a block for the same game the outer block's answers are shared (the outer promise covers it).
    ``answers``: where to remember them, to share them with other blocks for the same game while it stays
    unchanged between them (a decision's answers tested one by one while the move waits for one).
    """
    if answers is None:
        answers = _SCOPES[-1][1] if _SCOPES and _SCOPES[-1][0] is game else {}
    _SCOPES.append((game, answers))
    try:
        yield
    finally:
        _SCOPES.pop()


def remembered(game: Game, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, remembered under ``key`` while inside :func:`unchanged` for this very game."""
    return _remembered(bool(_SCOPES) and _SCOPES[-1][0] is game, key, compute)


def remembered_on_board(board: Any, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, remembered under ``key`` while inside :func:`unchanged` for the game holding this very
    board (what the map shows, asked by explore, build and populate alike during one listing)."""
    return _remembered(bool(_SCOPES) and _SCOPES[-1][0].board is board, key, compute)


def _remembered(inside: bool, key: Hashable, compute: Callable[[], T]) -> T:
    if not inside:
        return compute()
    answers = _SCOPES[-1][1]
    if key not in answers:
        answers[key] = compute()
    return answers[key]
