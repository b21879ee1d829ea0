"""Effect text -> effect tree: the Lark parser and the one Transformer that builds nodes.

>>> from revive_dsl.dsl.parser import parse
>>> tree = parse("pay gear -> gain 2 food")
>>> tree.clauses[0].body.cost.amounts[0].resource
'gear'

Syntax errors raise :class:`~revive_dsl.positions.DslError` with a positioned message
that says what was found and what would be right.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from revive_dsl.dsl import nodes as n
from revive_dsl.locations import grammar_path
from revive_dsl.positions import Diagnostic, DslError, Origin, Pos


@cache
def effect_parser() -> Lark:
    """The LALR parser for ``grammar/effects.lark``, built once per process."""
    text = grammar_path("effects.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=False)


def _pos(origin: Origin, line: int, column: int, end_line: int | None = None, end_column: int | None = None) -> Pos:
    start = origin.at(line, column)
    if end_line is None or end_column is None:
        return start
    end = origin.at(end_line, end_column)
    return Pos(start.file, start.line, start.column, end.line, end.column)


class _Build(Transformer):
    """One method per grammar rule, named like the rule; each returns a node."""

    def __init__(self, origin: Origin, tunables: Mapping[str, int] | None = None):
        super().__init__()
        self.origin = origin
        self.tunables = tunables
        self.problems: list[Diagnostic] = []

    def _int(self, tok: Token) -> int:
        """A number token's value; a tunable's (``$reward``) is its value in this load, kept with its name."""
        if not tok.startswith("$"):
            return int(tok)
        name = tok[1:]
        if self.tunables is None:  # a text read without its pack (formatting it): any name, a stand-in value
            return n.Tuned(1, name)
        if name not in self.tunables:
            known = ", ".join(f"${k}" for k in sorted(self.tunables))
            hint = f"the pack's tunables are {known}" if known else "the pack declares no tunables (pack.yaml)"
            self.problems.append(Diagnostic(self._tok(tok), f"no tunable named '{name}': {hint}"))
            return n.Tuned(1, name)
        return n.Tuned(self.tunables[name], name)

    def _at(self, meta) -> Pos:
        return _pos(self.origin, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tok(self, tok: Token) -> Pos:
        return _pos(self.origin, tok.line, tok.column, tok.end_line, tok.end_column)

    # arguments
    @v_args(inline=True)
    def number(self, tok: Token) -> n.Num:
        return n.Num(self._int(tok), pos=self._tok(tok))

    @v_args(inline=True)
    def word(self, tok: Token) -> n.Word:
        return n.Word(str(tok), pos=self._tok(tok))

    @v_args(meta=True)
    def call(self, meta, children) -> n.Call:
        name, *args = children
        return n.Call(str(name), tuple(args), pos=self._at(meta))

    # bodies
    @v_args(meta=True)
    def all_of(self, meta, children) -> n.AllOf:
        return n.AllOf(tuple(children), pos=self._at(meta))

    @v_args(meta=True)
    def one_of(self, meta, children) -> n.OneOf:
        return n.OneOf(tuple(children), pos=self._at(meta))

    @v_args(meta=True)
    def amount(self, meta, children) -> n.Amount:
        count = self._int(children[0]) if len(children) == 2 else 1
        return n.Amount(count, str(children[-1]), pos=self._at(meta))

    @v_args(meta=True)
    def cost(self, meta, children) -> n.Cost:
        return n.Cost(tuple(children), pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def trade(self, meta, cost, gain) -> n.Trade:
        return n.Trade(cost, gain, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def repeat(self, meta, times, body) -> n.Repeat:
        return n.Repeat(self._int(times), body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def for_each(self, meta, counter, body) -> n.ForEach:
        return n.ForEach(counter, body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def each_player(self, meta, body) -> n.EachPlayer:
        return n.EachPlayer(body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def each_other_player(self, meta, body) -> n.EachPlayer:
        return n.EachPlayer(body, True, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def must(self, meta, body) -> n.Must:
        return n.Must(body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def choose_player(self, meta, body) -> n.ChoosePlayer:
        return n.ChoosePlayer(body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def choose_other_player(self, meta, body) -> n.ChoosePlayer:
        return n.ChoosePlayer(body, True, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def if_then(self, meta, condition, body) -> n.IfThen:
        return n.IfThen(condition, body, pos=self._at(meta))

    # conditions
    @v_args(meta=True, inline=True)
    def compare(self, meta, counter, op, value) -> n.Compare:
        return n.Compare(counter, str(op), self._int(value), pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def payment(self, meta, cost) -> n.Payment:
        return n.Payment(cost, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def state(self, meta, name) -> n.State:
        return n.State(str(name), pos=self._at(meta))

    # formulas
    def tiers(self, children) -> tuple[int, ...]:
        return tuple(self._int(c) for c in children)

    @v_args(meta=True)
    def score_per(self, meta, children) -> n.ScorePer:
        points, *every, counter = children
        return n.ScorePer(self._int(points), self._int(every[0]) if every else 1, counter, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def score_value(self, meta, counter) -> n.ScoreValue:
        return n.ScoreValue(counter, pos=self._at(meta))

    def at_least(self, _children) -> str:
        return ">="

    def at_most(self, _children) -> str:
        return "<="

    def at_exactly(self, _children) -> str:
        return "=="

    @v_args(meta=True, inline=True)
    def score_tiers(self, meta, points, op, thresholds, counter) -> n.ScoreTiers:
        return n.ScoreTiers(points, thresholds, counter, op, pos=self._at(meta))

    # clauses
    @v_args(meta=True, inline=True)
    def immediate(self, meta, body) -> n.Immediate:
        return n.Immediate(body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def trigger(self, meta, event, body) -> n.Trigger:
        return n.Trigger(event, body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def reaches(self, meta, counter, value, body) -> n.Reaches:
        return n.Reaches(counter, self._int(value), body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def at_end(self, meta, moment, body) -> n.AtEnd:
        return n.AtEnd(str(moment), body, pos=self._at(meta), moment_pos=self._tok(moment))

    @v_args(meta=True, inline=True)
    def while_clause(self, meta, state, body) -> n.While:
        return n.While(str(state), body, pos=self._at(meta), state_pos=self._tok(state))

    @v_args(meta=True, inline=True)
    def always(self, meta, body) -> n.Always:
        return n.Always(body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def once(self, meta, body) -> n.Once:
        return n.Once(body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def anytime(self, meta, body) -> n.Anytime:
        return n.Anytime(body, pos=self._at(meta))

    @v_args(inline=True)
    def during(self, name) -> str:
        return str(name)

    @v_args(meta=True)
    def machine(self, meta, children) -> n.Machine:
        *during, body = children
        return n.Machine(body, during[0] if during else None, pos=self._at(meta))

    @v_args(meta=True)
    def unstable_machine(self, meta, children) -> n.Machine:
        _unstable, *during, body = children
        return n.Machine(body, during[0] if during else None, True, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def requirement(self, meta, condition, body) -> n.Requirement:
        return n.Requirement(condition, body, pos=self._at(meta))

    @v_args(meta=True, inline=True)
    def score(self, meta, formula) -> n.Score:
        return n.Score(formula, pos=self._at(meta))

    @v_args(meta=True)
    def start(self, meta, children) -> n.Program:
        return n.Program(tuple(children), pos=self._at(meta))


# Readable names for the grammar's terminals, used in "expected ..." messages.
_TERMINAL_WORDS = {
    "NAME": "a word",
    "INT": "a number",
    "CMP": "a comparison (>=, <=, >, <, ==)",
    "UNSTABLE": "'unstable'",
    "$END": "the end of the text",
}


def _expected_words(names: set[str] | frozenset[str]) -> list[str]:
    parser = effect_parser()
    patterns = {t.name: t.pattern for t in parser.terminals}
    words = set()
    for name in names:
        if name in _TERMINAL_WORDS:
            words.add(_TERMINAL_WORDS[name])
        elif name in patterns and patterns[name].type == "str":
            words.add(f"'{patterns[name].value}'")
        else:
            words.add(name.lower())
    return sorted(words)


def _found(err: UnexpectedInput, text: str) -> str:
    if isinstance(err, UnexpectedToken):
        if err.token.type == "$END":
            return "the text ends too early"
        return f"unexpected '{err.token}'"
    if isinstance(err, UnexpectedCharacters):
        return f"unexpected character '{text[err.pos_in_stream]}'"
    return "the text ends too early"


def syntax_diagnostic(err: UnexpectedInput, text: str, origin: Origin) -> Diagnostic:
    """Turn a Lark error into one positioned diagnostic naming what would be right."""
    line = getattr(err, "line", None)
    column = getattr(err, "column", None)
    at_end = isinstance(err, UnexpectedToken) and err.token.type == "$END"
    if at_end or not isinstance(line, int) or line < 1:
        lines = text.splitlines() or [""]
        line, column = len(lines), len(lines[-1]) + 1
    expected: set[str] = set()
    if isinstance(err, UnexpectedToken):
        expected = set(err.accepts or err.expected)
    elif isinstance(err, UnexpectedCharacters):
        expected = set(err.allowed or ())
    elif isinstance(err, UnexpectedEOF):
        expected = set(err.expected)
    words = _expected_words(expected)
    message = f"syntax error: {_found(err, text)}"
    if words:
        message += "; expected " + (words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1])
    return Diagnostic(origin.at(line, column), message)


# Limits no real card comes near; past them, a text is an error rather than a crash (Python
# refuses to read integers of thousands of digits, and the tree builder, checker and formatter
# recurse once per level of nesting).
MAX_NUMBER = 1_000_000
MAX_NESTING = 50
_NESTING_RULES = {"trade", "repeat", "for_each", "if_then", "one_of", "all_of"}


def limit_diagnostics(tree: Tree, origin: Origin) -> list[Diagnostic]:
    """The first number above :data:`MAX_NUMBER` and the first effect nested deeper than
    :data:`MAX_NESTING`, walking the tree without recursion."""
    problems: list[Diagnostic] = []
    big = deep = False
    stack: list[tuple[Tree | Token, int]] = [(tree, 0)]
    while stack and not (big and deep):
        item, depth = stack.pop()
        if isinstance(item, Token):
            if item.type == "INT" and not big and item[0] != "$" and (len(item) > 7 or int(item) > MAX_NUMBER):
                shown = str(item) if len(item) <= 12 else f"{item[:6]}... ({len(item)} digits)"
                message = f"the number {shown} is too large; numbers go up to {MAX_NUMBER}"
                problems.append(Diagnostic(_pos(origin, item.line, item.column), message))
                big = True
            continue
        if item.data in _NESTING_RULES:
            depth += 1
            if depth > MAX_NESTING and not deep:
                message = f"effects nested deeper than {MAX_NESTING} levels"
                problems.append(Diagnostic(_pos(origin, item.meta.line, item.meta.column), message))
                deep = True
                continue
        stack.extend((child, depth) for child in reversed(item.children))
    return problems


_BRACKETS = re.compile(r"[()\n]|#[^\n]*")  # a comment's brackets are not the text's


def bracket_depth_diagnostic(text: str, origin: Origin) -> Diagnostic | None:
    """The first ``(`` opening a group deeper than :data:`MAX_NESTING` brackets, found by a scan of the text
    before it is parsed: a text nested thousands of levels deep is refused at once, not after the parser has
    built (and :func:`limit_diagnostics` walked) its whole tree. Unbalanced brackets are left to the parser.

    >>> bracket_depth_diagnostic("(" * 51 + "gain food" + ")" * 51, Origin("x.yaml")).message
    'effects nested deeper than 50 levels'
    >>> str(bracket_depth_diagnostic("gain food\\n" + "(" * 60, Origin("x.yaml")).pos)
    'x.yaml:2:51'
    >>> bracket_depth_diagnostic("(" * 50 + "gain food  # ((((" + ")" * 50, Origin("x.yaml")) is None
    True
    """
    if text.count("(") <= MAX_NESTING:
        return None
    depth, line, line_start = 0, 1, 0
    for found in _BRACKETS.finditer(text):
        char = found.group()
        if char == "\n":
            line, line_start = line + 1, found.end()
        elif char == "(":
            depth += 1
            if depth > MAX_NESTING:
                at = _pos(origin, line, found.start() - line_start + 1)
                return Diagnostic(at, f"effects nested deeper than {MAX_NESTING} levels")
        elif char == ")":
            depth = max(depth - 1, 0)
    return None


def parse(text: str, origin: Origin | str = "<text>", tunables: Mapping[str, int] | None = None) -> n.Program:
    """Parse effect text into a :class:`~revive_dsl.dsl.nodes.Program`.

    ``origin`` names the file (and where in it the text starts) so that node positions and
    errors point into that file. ``tunables`` are the values of the numbers its pack marks tunable (``$reward``);
    without them (a text read on its own, to format it) any name is taken, at a stand-in value of 1. Raises
    :class:`DslError` on a syntax error or a tunable the pack does not declare.

    >>> parse("gain $reward food", tunables={"reward": 3}).clauses[0].body.args[0].value
    Tuned(3, 'reward')
    """
    if isinstance(origin, str):
        origin = Origin(origin)
    too_deep = bracket_depth_diagnostic(text, origin)
    if too_deep is not None:
        raise DslError([too_deep])
    try:
        tree = effect_parser().parse(text)
    except UnexpectedInput as err:
        raise DslError([syntax_diagnostic(err, text, origin)]) from None
    too_much = limit_diagnostics(tree, origin)
    if too_much:
        raise DslError(too_much)
    build = _Build(origin, tunables)
    program = build.transform(tree)
    if build.problems:
        raise DslError(build.problems)
    return program
