"""Check an effect tree against the signature table: words, arity, types and context.

>>> from revive_dsl.dsl.parser import parse
>>> [d.message for d in check(parse("gain 2 bok"))]
["'bok' is not a gainable (a resource, or `basic` for any one basic resource of your choice); did you mean 'book'?"]
>>> check(parse("when recruit: colour_reward"))
[]
"""

from __future__ import annotations

import difflib
from collections.abc import Collection
from dataclasses import dataclass

from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.signatures import (
    BY_KIND,
    DECLARED_TOPIC,
    DURING,
    MACHINERY,
    TOKEN_TOPIC,
    TYPE_DOCS,
    TYPES,
    VALUE_PACKAGE,
    Signature,
    lookup,
    words_of,
)
from revive_dsl.positions import Diagnostic, Pos

# Which kinds of word may stand in a body, by the clause around it.
_BODY_KINDS = {
    "always": ("modifier",),
    "while": ("modifier",),
}
_DEFAULT_BODY_KINDS = ("effect", "modifier")


def _suggest(word: str, choices: list[str] | tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


@dataclass(frozen=True)
class _Context:
    clause: str
    tags: frozenset[str]

    def with_tag(self, tag: str) -> _Context:
        return _Context(self.clause, self.tags | {tag})


MAX_LOOPS = 2  # loops inside one another at most ('each ...:', 'each player:', 'up to N times:')

# What a word a pack declares as data is, by its topic and kind (for "not loaded with this text").
_DECLARED_WORDS = {(DECLARED_TOPIC, "counter"): "a counter", (TOKEN_TOPIC, "token"): "a kind of token"}


class Checker:
    """Walks a program and collects diagnostics; one method per node type."""

    def __init__(self, packages: Collection[str] | None = None) -> None:
        self.diagnostics: list[Diagnostic] = []
        # the rules packages whose words may be used besides the base game's (every game plays the base game);
        # None: every installed one
        self.packages = packages

    def foreign(self, pos: Pos, sig: Signature | None) -> bool:
        """Report a word of a rules package the text's packs do not load; True if it was one."""
        if sig is None or self.packages is None or sig.package in ("base", MACHINERY) or sig.package in self.packages:
            return False
        declared = _DECLARED_WORDS.get((sig.topic, sig.kind))
        if declared is not None:  # a word a pack declares as data
            self.error(
                pos,
                f"'{sig.name}' is {declared} the pack '{sig.package}' declares, which is not loaded with this text; "
                f"a pack using it depends on that pack (depends: [{sig.package}])",
            )
            return True
        self.error(
            pos,
            f"'{sig.name}' is a word of the rules package '{sig.package}', which none of the loaded packs names; "
            f"a pack using it depends on a pack that does (e.g. depends: [{sig.package}])",
        )
        return True

    def declared(self) -> list[str]:
        """The counters the text's packs declare (every pack's loaded so far when no pack is named)."""
        return [
            word
            for word in TYPES["declared"]
            if self.packages is None or getattr(lookup(word, ("counter",)), "package", None) in self.packages
        ]

    def foreign_value(self, arg: n.Word, kind: str) -> bool:
        """Report an argument value a rules package added to a type (``types:`` of its words.yaml) where that
        package is not loaded; True if it was one."""
        package = VALUE_PACKAGE[(kind, arg.value)]
        if self.packages is None or package in self.packages:
            return False
        self.error(
            arg.pos,
            f"'{arg.value}' is {_a(kind)} of the rules package '{package}', which none of the loaded packs names; "
            f"a pack using it depends on a pack that does (e.g. depends: [{package}])",
        )
        return True

    def error(self, pos: Pos, message: str) -> None:
        self.diagnostics.append(Diagnostic(pos, message))

    # --- clauses ------------------------------------------------------------------

    def program(self, program: n.Program) -> None:
        for clause in program.clauses:
            self.clause(clause)

    def clause(self, clause: n.Clause) -> None:
        name = type(clause).__name__.lower()
        ctx = _Context(name, frozenset({f"clause:{name}"}))
        if isinstance(clause, n.Immediate):
            body = clause.body
            if isinstance(body, n.Call) and lookup(body.name, ("symbol",)) and not lookup(body.name, ("effect",)):
                self.call(body, ("symbol",), ctx)
                return
            self.expr(body, ctx)
        elif isinstance(clause, n.Trigger):
            event = self.call(clause.event, ("event",), ctx)
            if event:
                ctx = ctx.with_tag(f"event:{clause.event.name}")
            self.expr(clause.body, ctx)
        elif isinstance(clause, n.Reaches):
            if self.call(clause.counter, ("counter",), ctx) and clause.counter.name not in TYPES["declared"]:
                declared = ", ".join(self.declared()) or "none are loaded"
                self.error(
                    clause.counter.pos,
                    f"'when ... reaches' watches a counter a pack declares, and '{clause.counter.name}' is not one "
                    f"(declared counters: {declared})",
                )
            self.expr(clause.body, ctx)
        elif isinstance(clause, n.AtEnd):
            if clause.moment not in n.MOMENTS:
                where = clause.moment_pos if clause.moment_pos.line else clause.pos
                self.error(
                    where,
                    f"'at {clause.moment} end' names no moment of the game; expected "
                    + " or ".join(f"'at {m} end'" for m in n.MOMENTS)
                    + _suggest(clause.moment, n.MOMENTS),
                )
            self.expr(clause.body, ctx)
        elif isinstance(clause, n.While):
            state = lookup(clause.state, ("state",))
            where = clause.state_pos if clause.state_pos.line else clause.pos
            if state is None:
                self.error(where, f"unknown state '{clause.state}'{_suggest(clause.state, words_of(('state',)))}")
            self.foreign(where, state)
            self.expr(clause.body, ctx)
        elif isinstance(clause, n.Machine):
            if clause.during is not None:
                if clause.during not in DURING:
                    self.error(
                        clause.pos,
                        f"a machine cannot be limited to '{clause.during}'; expected one of {', '.join(DURING)}"
                        + _suggest(clause.during, DURING),
                    )
                ctx = ctx.with_tag(f"during:{clause.during}")
            self.expr(clause.body, ctx)
        elif isinstance(clause, n.Requirement):
            self.condition(clause.condition, ctx)
            self.expr(clause.body, ctx)
        elif isinstance(clause, n.Score):
            self.formula(clause.formula, ctx)
        else:  # Always, Once, Anytime
            self.expr(clause.body, ctx)

    # --- expressions ----------------------------------------------------------------

    def expr(self, expr: n.Expr, ctx: _Context) -> None:
        if isinstance(expr, n.Call):
            self.call(expr, _BODY_KINDS.get(ctx.clause, _DEFAULT_BODY_KINDS), ctx)
        elif isinstance(expr, n.AllOf):
            for item in expr.items:
                self.expr(item, ctx)
        elif isinstance(expr, n.OneOf):
            for option in expr.options:
                self.expr(option, ctx)
        elif isinstance(expr, n.Trade):
            self.cost(expr.cost)
            self.expr(expr.gain, ctx)
        elif isinstance(expr, n.Repeat):
            if expr.times < 1:
                self.error(expr.pos, "'up to N times' needs N of at least 1")
            self.expr(expr.body, self.loop(expr, ctx))
        elif isinstance(expr, n.ForEach):
            self.call(expr.counter, ("counter",), ctx)
            self.expr(expr.body, self.loop(expr, ctx))
        elif isinstance(expr, n.IfThen):
            self.condition(expr.condition, ctx)
            self.expr(expr.body, ctx)
        elif isinstance(expr, n.EachPlayer):
            self.expr(expr.body, self.loop(expr, ctx))
        elif isinstance(expr, n.ChoosePlayer | n.Must):
            self.expr(expr.body, ctx)

    def loop(self, expr: n.Expr, ctx: _Context) -> _Context:
        """The context inside a loop (``each COUNTER:``, ``each player:``, ``up to N times:``); a loop inside two
        others is an error: its unit could run a thousand times a thousand times a thousand times (a pack's
        counter goes up to 1000), which no game can wait for."""
        depth = sum(1 for tag in ctx.tags if tag.startswith("loop:")) + 1
        if depth == MAX_LOOPS + 1:
            self.error(
                expr.pos,
                f"a loop inside {MAX_LOOPS} others ('each ...:', 'each player:', 'up to N times:'); loops nest at "
                f"most {MAX_LOOPS} deep, so that a text always ends soon",
            )
        return ctx.with_tag(f"loop:{depth}")

    def cost(self, cost: n.Cost) -> None:
        for amount in cost.amounts:
            if amount.count < 1:
                self.error(amount.pos, "a cost must pay at least 1")
            if amount.resource not in TYPES["payable"]:
                self.error(
                    amount.pos,
                    f"cannot pay '{amount.resource}'; expected {TYPE_DOCS['payable']}"
                    + _suggest(amount.resource, TYPES["payable"]),
                )

    def condition(self, condition: n.Condition, ctx: _Context) -> None:
        if isinstance(condition, n.Compare):
            self.call(condition.counter, ("counter",), ctx)
        elif isinstance(condition, n.Payment):
            self.cost(condition.cost)
        elif lookup(condition.name, ("state",)) is None:
            self.error(
                condition.pos, f"unknown state '{condition.name}'{_suggest(condition.name, words_of(('state',)))}"
            )
        else:
            self.foreign(condition.pos, lookup(condition.name, ("state",)))

    def formula(self, formula: n.Formula, ctx: _Context) -> None:
        self.call(formula.counter, ("counter",), ctx)
        if isinstance(formula, n.ScorePer) and formula.every < 1:
            self.error(formula.pos, "'score N per M ...' needs M of at least 1")
        if isinstance(formula, n.ScoreTiers):
            if len(formula.points) != len(formula.thresholds):
                self.error(
                    formula.pos,
                    f"{len(formula.points)} point values but {len(formula.thresholds)} thresholds; "
                    "give one threshold per value",
                )
            if list(formula.thresholds) != sorted(set(formula.thresholds)):
                self.error(formula.pos, "thresholds must rise from left to right")

    # --- calls ---------------------------------------------------------------------

    def call(self, call: n.Call, kinds: tuple[str, ...], ctx: _Context) -> Signature | None:
        sig = lookup(call.name, kinds)
        if sig is None:
            self.unknown(call, kinds)
            return None
        if self.foreign(call.pos, sig):
            return None
        if sig.needs and not (sig.needs & ctx.tags):
            where = " or ".join(sorted(_describe_tag(t) for t in sig.needs))
            self.error(call.pos, f"'{call.name}' can only be used {where}")
        self.arguments(call, sig)
        return sig

    def unknown(self, call: n.Call, kinds: tuple[str, ...]) -> None:
        what = " or ".join(kinds)
        other = next((k for k in BY_KIND if k not in kinds and call.name in BY_KIND[k]), None)
        if other is not None:
            self.error(
                call.pos,
                f"'{call.name}' is {_a(other)}, but {_a(what)} is expected here{_suggest(call.name, words_of(kinds))}",
            )
        else:
            self.error(call.pos, f"unknown {what} '{call.name}'{_suggest(call.name, words_of(kinds))}")

    def arguments(self, call: n.Call, sig: Signature) -> None:
        args = list(call.args)
        for param in sig.params:
            fits = bool(args) and (isinstance(args[0], n.Num) == param.numeric)
            if not fits:
                if param.optional:
                    continue
                found = f"; found '{_arg_text(args[0])}'" if args else ""
                self.error(
                    args[0].pos if args else call.pos,
                    f"'{call.name}' needs {_param_doc(param)} as its '{param.name}'{found}; example: {sig.example}",
                )
                return
            arg = args.pop(0)
            if isinstance(arg, n.Num):
                if arg.value < 1 and param.name not in ("bonus", "value"):  # a bonus or a value set may be 0
                    self.error(arg.pos, f"'{call.name}' needs a {param.name} of at least 1")
            elif param.type == "declared":
                if arg.value in TYPES["declared"]:
                    self.foreign(arg.pos, lookup(arg.value, ("counter",)))
                else:
                    mine = self.declared()
                    self.error(
                        arg.pos,
                        f"'{arg.value}' is not a counter a loaded pack declares (declared counters: "
                        f"{', '.join(mine) or 'none are loaded'}); a pack declares its own in a file of kind `counter`"
                        + _suggest(arg.value, mine),
                    )
            elif arg.value in BY_KIND.get("token", {}) and param.type in ("token", "token_kind"):
                self.foreign(arg.pos, lookup(arg.value, ("token",)))  # a kind of token a pack declares
            elif param.type == "token_kind" and arg.value not in TYPES["token_kind"]:
                declared = ", ".join(TYPES["token_kind"]) or "none are loaded"
                self.error(
                    arg.pos,
                    f"'{arg.value}' is not a kind of token a loaded pack declares (declared: {declared}); the "
                    "machinery moves only those, and a pack declares its own in a file of kind `token_kind`"
                    + _suggest(arg.value, TYPES["token_kind"]),
                )
            elif (param.type, arg.value) in VALUE_PACKAGE and self.foreign_value(arg, param.type):
                pass
            elif arg.value not in TYPES[param.type]:
                self.error(
                    arg.pos,
                    f"'{arg.value}' is not {_a(param.type)} ({TYPE_DOCS[param.type]})"
                    + _suggest(arg.value, TYPES[param.type]),
                )
        if args:
            self.error(
                args[0].pos,
                f"'{call.name}' takes {_arity(sig)}; '{_arg_text(args[0])}' is one too many; example: {sig.example}",
            )


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _arg_text(arg: n.Arg) -> str:
    return str(arg.value)


def _param_doc(param) -> str:
    return "a number" if param.numeric else _a(param.type)


def _arity(sig: Signature) -> str:
    if not sig.params:
        return "no arguments"
    required = sum(not p.optional for p in sig.params)
    total = len(sig.params)
    count = f"{required}" if required == total else f"{required} to {total}"
    return f"{count} argument{'s' if total != 1 else ''}"


def _describe_tag(tag: str) -> str:
    kind, _, name = tag.partition(":")
    return {"event": f"in 'when {name}:'", "during": f"in 'machine during {name}:'", "clause": f"in a '{name}' clause"}[
        kind
    ]


def check(program: n.Program, packages: Collection[str] | None = None) -> list[Diagnostic]:
    """All diagnostics for a program, in text order; an empty list means it is valid.

    ``packages`` are the rules packages whose words the text may use (its packs'); None allows every word.
    The table knows the base game's words, and a rules package's once its words are loaded (loading content
    does it, or importing :mod:`revive_dsl.content.words`; ``revive_dsl.check`` does it first).

    >>> import revive_dsl.content.words
    >>> from revive_dsl.dsl.parser import parse
    >>> print(check(parse("devotion 2"), packages=["base"])[0].message)  # doctest: +ELLIPSIS
    'devotion' is a word of the rules package 'abyss', which none of the loaded packs names; ...
    """
    checker = Checker(packages)
    checker.program(program)
    return sorted(checker.diagnostics, key=lambda d: (d.pos.line, d.pos.column))
