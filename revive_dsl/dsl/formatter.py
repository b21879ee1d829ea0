"""The canonical printer: effect tree -> effect text, so that ``parse(format(t)) == t``.

Spacing is fixed, clauses are joined by ``"; "``, and parentheses appear exactly where
the grammar needs them ("and" binds tighter than "or").

>>> from revive_dsl.dsl.parser import parse
>>> format_program(parse("up to 3 times :pay gear->( gain 2 food or gain 2 book )"))
'up to 3 times: pay gear -> (gain 2 food or gain 2 book)'
"""

from __future__ import annotations

from revive_dsl.dsl import nodes as n

# Binding strength: a child weaker than its slot requires is parenthesised.
_ONE_OF, _ALL_OF, _UNIT = 0, 1, 2


def _strength(expr: n.Expr) -> int:
    if isinstance(expr, n.OneOf):
        return _ONE_OF
    if isinstance(expr, n.AllOf):
        return _ALL_OF
    return _UNIT


def _wrap(expr: n.Expr, need: int) -> str:
    text = format_expr(expr)
    return f"({text})" if _strength(expr) < need else text


def number(value: int) -> str:
    """A number as a text writes it: ``3``, or ``$reward`` for a number its pack marks tunable."""
    return f"${value.name}" if isinstance(value, n.Tuned) else str(value)


def format_call(call: n.Call) -> str:
    """``gain 2 book``."""
    return " ".join([call.name, *(number(a.value) if isinstance(a, n.Num) else a.value for a in call.args)])


def format_cost(cost: n.Cost) -> str:
    """``2 gear + book`` (a count of 1 is left out)."""
    return " + ".join(
        a.resource if a.count == 1 and not isinstance(a.count, n.Tuned) else f"{number(a.count)} {a.resource}"
        for a in cost.amounts
    )


def format_condition(cond: n.Condition) -> str:
    """``visible_flasks >= 2``, ``pay 3 food`` or ``day``."""
    if isinstance(cond, n.Compare):
        return f"{format_call(cond.counter)} {cond.op} {number(cond.value)}"
    if isinstance(cond, n.Payment):
        return f"pay {format_cost(cond.cost)}"
    return cond.name


def format_expr(expr: n.Expr) -> str:
    """A body in canonical form."""
    if isinstance(expr, n.Call):
        return format_call(expr)
    if isinstance(expr, n.OneOf):
        # an option that is itself a OneOf must keep its own parentheses
        return " or ".join(_wrap(o, _ALL_OF) for o in expr.options)
    if isinstance(expr, n.AllOf):
        return " and ".join(_wrap(i, _UNIT) for i in expr.items)
    if isinstance(expr, n.Trade):
        return f"pay {format_cost(expr.cost)} -> {_wrap(expr.gain, _UNIT)}"
    if isinstance(expr, n.Repeat):
        return f"up to {number(expr.times)} times: {_wrap(expr.body, _UNIT)}"
    if isinstance(expr, n.ForEach):
        return f"each {format_call(expr.counter)}: {_wrap(expr.body, _UNIT)}"
    if isinstance(expr, n.IfThen):
        return f"if {format_condition(expr.condition)}: {_wrap(expr.body, _UNIT)}"
    if isinstance(expr, n.EachPlayer):
        return f"each {'other ' if expr.others else ''}player: {_wrap(expr.body, _UNIT)}"
    if isinstance(expr, n.Must):
        return f"must {_wrap(expr.body, _UNIT)}"
    if isinstance(expr, n.ChoosePlayer):
        return f"choose {'other ' if expr.others else ''}player: {_wrap(expr.body, _UNIT)}"
    raise TypeError(f"not an expression: {expr!r}")


# How tiers meet their thresholds, as the grammar writes it (``bound``), by the node's ``op``.
TIER_BOUNDS = {">=": "at", "<=": "at most", "==": "at exactly"}


def format_formula(formula: n.Formula) -> str:
    """``1 per 2 modules``, ``value track_value green``, ``3/7 at 3/6 tiles_present`` or
    ``5/2 at most 0/2 crates``."""
    if isinstance(formula, n.ScorePer):
        every = "" if formula.every == 1 and not isinstance(formula.every, n.Tuned) else f"{number(formula.every)} "
        return f"{number(formula.points)} per {every}{format_call(formula.counter)}"
    if isinstance(formula, n.ScoreValue):
        return f"value {format_call(formula.counter)}"
    return f"{format_tiers(formula)} {format_call(formula.counter)}"


def format_tiers(formula: n.ScoreTiers) -> str:
    """The tiers without their counter: ``3/7 at 3/6``, ``4 at exactly 3``."""
    points = "/".join(map(number, formula.points))
    thresholds = "/".join(map(number, formula.thresholds))
    return f"{points} {TIER_BOUNDS[formula.op]} {thresholds}"


def format_clause(clause: n.Clause) -> str:
    """One clause with its header."""
    if isinstance(clause, n.Immediate):
        return format_expr(clause.body)
    if isinstance(clause, n.Trigger):
        return f"when {format_call(clause.event)}: {format_expr(clause.body)}"
    if isinstance(clause, n.Reaches):
        return f"when {format_call(clause.counter)} reaches {number(clause.value)}: {format_expr(clause.body)}"
    if isinstance(clause, n.AtEnd):
        return f"at {clause.moment} end: {format_expr(clause.body)}"
    if isinstance(clause, n.While):
        return f"while {clause.state}: {format_expr(clause.body)}"
    if isinstance(clause, n.Machine):
        head = ("unstable " if clause.unstable else "") + "machine"
        if clause.during:
            head += f" during {clause.during}"
        return f"{head}: {format_expr(clause.body)}"
    if isinstance(clause, n.Requirement):
        return f"need {format_condition(clause.condition)}: {format_expr(clause.body)}"
    if isinstance(clause, n.Score):
        return f"score {format_formula(clause.formula)}"
    keyword = {n.Always: "always", n.Once: "once", n.Anytime: "anytime"}[type(clause)]
    return f"{keyword}: {format_expr(clause.body)}"


def format_program(program: n.Program) -> str:
    """A whole effect text in canonical form."""
    return "; ".join(format_clause(c) for c in program.clauses)
