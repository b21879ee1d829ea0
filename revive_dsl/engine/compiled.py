"""Effect trees compiled once into Python closures: the interpreter's fast path.

The first time an expression runs, it compiles into a :class:`Compiled`: three closures over the node's fixed
parts -- ``run`` (what :func:`~revive_dsl.engine.interpret.run` does), ``body`` (the effect itself, the player's
consent aside) and ``can`` (:func:`~revive_dsl.engine.interpret.can_carry_out`) -- with what the tree
interpreter works out anew at every run worked out once: whether the player may decline the expression, its
English, the keys a choice's options are answered with, which items of an ``and`` only prepare the rest, each
child's own closures. A word's implementation (``EFFECTS``, ``NEEDS``) is looked up when it runs, as the tree
interpreter does, so a rules package loaded later is seen; what depends on the word tables (``DECLINABLE``,
``PREPARING``) is compiled again when they grow.

The closures ask the same decisions in the same order with the same options and write the same log as the tree
interpreter, which stays as the reference (:func:`~revive_dsl.engine.interpret.reference`); the tests replay
every bundled script and random games both ways and compare every state and log byte for byte. Nodes keep
their positions, so an error still points at the text.

>>> from revive_dsl.dsl.parser import parse
>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.registry import load_packages
>>> from revive_dsl.engine.state import Game, Player
>>> load_packages(["base"])
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> body = parse("gain 2 book or gain food").clauses[0].body
>>> compiled_of(body).keys()
['gain 2 book', 'gain food']
>>> run_to_end(compiled_of(body).run(Ctx(game, 0)), ["gain 2 book"])
>>> game.players[0].resources["book"]
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import interpret as i
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.interpret import AGAIN_LABELS, SKIP, USE, USE_LABELS, Ctx, Effect


class Compiled:
    """One expression's closures and what was worked out once for it."""

    __slots__ = ("_english", "_keys", "body", "can", "node", "run")

    def __init__(self, node: n.Expr):
        self.node = node
        self._english: str | None = None
        self._keys: list[str] | None = None
        self.body: Callable[[Ctx], Effect]
        self.can: Callable[[Ctx, bool], bool]
        self.run: Callable[[Ctx], Effect]

    def english(self) -> str:
        """The expression as the rulebook would say it (worked out on first use)."""
        if self._english is None:
            self._english = i.english(self.node)
        return self._english

    def keys(self) -> list[str]:
        """A choice's option keys: each option as written (worked out on first use)."""
        if self._keys is None:
            from revive_dsl.dsl.formatter import format_expr

            self._keys = [format_expr(o) for o in self.node.options]
        return self._keys


# --- the cache ------------------------------------------------------------------------------

_CACHE: dict[int, Compiled] = {}  # id(node) -> its closures (the entry holds the node: its id stays its own)
_SIZES: tuple[int, int] = (-1, -1)  # the sizes of DECLINABLE and PREPARING the cache was compiled under
_MOST = 100_000  # entries kept before the cache starts again (effects parsed on the fly, e.g. in tests)


def compiled_of(expr: n.Expr) -> Compiled:
    """The expression's closures, compiled on first use."""
    global _SIZES
    found = _CACHE.get(id(expr))
    if found is not None and found.node is expr:
        sizes = (len(i.DECLINABLE), len(i.PREPARING))
        if sizes == _SIZES:
            return found
    sizes = (len(i.DECLINABLE), len(i.PREPARING))
    if sizes != _SIZES or len(_CACHE) >= _MOST:
        _CACHE.clear()  # a rules package added words that change what was compiled: compile again
        _SIZES = sizes
    return _compile(expr)


def _compile(expr: n.Expr) -> Compiled:
    builder = _BUILDERS.get(type(expr), _other)
    out = Compiled(expr)
    _CACHE[id(expr)] = out  # before the children: a node is compiled once
    builder(out, expr)
    out.run = _runner(out, expr)
    return out


def _child(expr: n.Expr) -> Compiled:
    found = _CACHE.get(id(expr))
    return found if found is not None and found.node is expr else _compile(expr)


# --- run: the player's consent around the body ------------------------------------------------


def _runner(c: Compiled, expr: n.Expr) -> Callable[[Ctx], Effect]:
    body, can = c.body, c.can
    if isinstance(
        expr, (n.Repeat, n.OneOf, n.ForEach, n.IfThen, n.EachPlayer, n.ChoosePlayer, n.Must)
    ) or not i.declinable(expr):
        return body  # never asked about: the body itself
    if isinstance(expr, n.Trade):

        def run_trade(ctx: Ctx) -> Effect:
            if ctx.consented:
                yield from body(ctx)
            elif can(ctx, True):
                yield from body(ctx)  # the trade asks pay or skip itself

        return run_trade

    def run_declinable(ctx: Ctx) -> Effect:
        if ctx.consented:
            yield from body(ctx)
            return
        if not can(ctx, True):
            return  # nothing it could do: not asked
        text = c.english()
        choice = yield Decision(ctx.seat, "optional effect", f"use: {text}?", options_of([USE, SKIP], USE_LABELS))
        if choice.key == SKIP:
            ctx.declined = True
            ctx.log.append(f"{ctx.player.name} skips: {text}")
            return
        yield from _chosen(body, ctx)

    return run_declinable


def _chosen(body: Callable[[Ctx], Effect], ctx: Ctx) -> Effect:
    """The body with the player's consent given (what ``run_chosen`` does)."""
    with i.chosen(ctx):
        yield from body(ctx)


# --- each node type --------------------------------------------------------------------------


def _call(c: Compiled, expr: n.Call) -> None:
    name = expr.name

    def body(ctx: Ctx) -> Effect:
        impl = i.EFFECTS.get(name)
        if impl is None:
            raise NotImplementedError(f"{expr.pos}: the effect '{name}' has no implementation yet")
        yield from impl(ctx, expr)

    def can(ctx: Ctx, needs: bool = True) -> bool:
        return not needs or i.need_met(ctx, expr)

    c.body, c.can = body, can


def _all_of(c: Compiled, expr: n.AllOf) -> None:
    items = [_child(item) for item in expr.items]
    runs = [item.run for item in items]
    prepared = [item for item in items if isinstance(item.node, n.Call) and item.node.name in i.PREPARING]
    probing = bool(prepared) and len(prepared) < len(items)

    def body(ctx: Ctx) -> Effect:
        for run in runs:
            yield from run(ctx)

    def can(ctx: Ctx, needs: bool = True) -> bool:
        if probing:  # the preparing words tried on a copy first, so the rest is judged as it will be carried out
            probe = Ctx(ctx.game.clone(), ctx.seat, ctx.rules, source=ctx.source, event=dict(ctx.event))
            for item in prepared:
                i.run_to_end(item.body(probe), [])
            ctx = probe
        return all(item.can(ctx, needs) for item in items)

    c.body, c.can = body, can


def _one_of(c: Compiled, expr: n.OneOf) -> None:
    options = [_child(o) for o in expr.options]
    declinables = [i.declinable(o) for o in expr.options]

    def body(ctx: Ctx) -> Effect:
        usable = [k for k, o in enumerate(options) if o.can(ctx, True)]  # an option that can do nothing is not one
        if not usable:
            return
        every = c.keys()
        keys = [every[k] for k in usable]
        labels = {every[k]: options[k].english() for k in usable} | USE_LABELS
        optional = not ctx.consented and any(declinables[k] for k in usable)
        choice = yield Decision(
            ctx.seat, "choose one", "which effect?", options_of([*keys, SKIP] if optional else keys, labels)
        )
        if choice.key == SKIP:
            ctx.declined = True
            return
        yield from _chosen(options[usable[keys.index(choice.key)]].body, ctx)

    def can(ctx: Ctx, needs: bool = True) -> bool:
        return any(o.can(ctx, needs) for o in options)

    c.body, c.can = body, can


def _trade(c: Compiled, expr: n.Trade) -> None:
    gain = _child(expr.gain)

    def body(ctx: Ctx) -> Effect:
        yield from i.trade(expr, ctx)

    def can(ctx: Ctx, needs: bool = True) -> bool:
        return i._payable(ctx, expr.cost) and gain.can(ctx, needs)

    c.body, c.can = body, can


def _repeat(c: Compiled, expr: n.Repeat) -> None:
    inner = _child(expr.body)
    times = expr.times

    def body(ctx: Ctx) -> Effect:
        for _ in range(times):
            if not inner.can(ctx, True):  # nothing it could do: not asked
                return
            prompt = f"{inner.english()} (again)?"
            choice = yield Decision(ctx.seat, "up to N times", prompt, options_of([USE, SKIP], AGAIN_LABELS))
            if choice.key == SKIP:
                return
            yield from _chosen(inner.body, ctx)

    c.body, c.can = body, inner.can


def _for_each(c: Compiled, expr: n.ForEach) -> None:
    inner = _child(expr.body)
    counter, run = expr.counter, inner.run

    def body(ctx: Ctx) -> Effect:
        for _ in range(i.count(counter, ctx)):
            yield from run(ctx)

    c.body, c.can = body, inner.can


def _if_then(c: Compiled, expr: n.IfThen) -> None:
    inner = _child(expr.body)
    condition, run = expr.condition, inner.run

    def body(ctx: Ctx) -> Effect:
        if i.holds(condition, ctx):
            yield from run(ctx)

    def can(ctx: Ctx, needs: bool = True) -> bool:
        if not i.holds(condition, ctx):
            return not needs  # the body does nothing; nothing is paid either
        return inner.can(ctx, needs)

    c.body, c.can = body, can


def _each_player(c: Compiled, expr: n.EachPlayer) -> None:
    inner = _child(expr.body)
    others, run = expr.others, inner.run

    def body(ctx: Ctx) -> Effect:
        for seat in i.players_from(ctx, others=others):
            yield from run(i.as_player(ctx, seat))

    def can(ctx: Ctx, needs: bool = True) -> bool:
        return any(inner.can(i.as_player(ctx, seat), needs) for seat in i.players_from(ctx, others=others))

    c.body, c.can = body, can


def _choose_player(c: Compiled, expr: n.ChoosePlayer) -> None:
    inner = _child(expr.body)
    node, others = expr.body, expr.others

    def body(ctx: Ctx) -> Effect:
        yield from i.choose_player(ctx, node, others, lambda _expr, who: inner.run(who))

    def can(ctx: Ctx, needs: bool = True) -> bool:
        return any(inner.can(i.as_player(ctx, seat), needs) for seat in i.players_from(ctx, others=others))

    c.body, c.can = body, can


def _must(c: Compiled, expr: n.Must) -> None:
    inner = _child(expr.body)
    run = inner.body

    def body(ctx: Ctx) -> Effect:
        yield from _chosen(run, ctx)

    c.body, c.can = body, inner.can


def _other(c: Compiled, expr: Any) -> None:
    """An expression node the interpreter does not carry out (none yet): the tree's error, and no need."""

    def body(ctx: Ctx) -> Effect:
        raise TypeError(f"not an expression: {expr!r}")
        yield

    c.body, c.can = body, lambda ctx, needs=True: True


_BUILDERS: dict[type, Callable[[Compiled, Any], None]] = {
    n.Call: _call,
    n.AllOf: _all_of,
    n.OneOf: _one_of,
    n.Trade: _trade,
    n.Repeat: _repeat,
    n.ForEach: _for_each,
    n.IfThen: _if_then,
    n.EachPlayer: _each_player,
    n.ChoosePlayer: _choose_player,
    n.Must: _must,
}

i.COMPILER = compiled_of  # the interpreter runs every expression through its closures from now on
