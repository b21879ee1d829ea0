"""Effect tree -> plain English, built from the signature table's templates.

Every word's ``english`` template in :mod:`revive_dsl.dsl.signatures` says how it reads:
``{param}`` becomes the argument word, ``{count*what}`` a count with its noun ("2 books").
The constructs around the words (clauses, ``and``/``or``, ``pay ->``, ``up to N times``,
``each``, ``if``, ``need``, ``score``) have fixed English here. Words the table does not
know are shown as written, so any tree -- even one the checker rejects -- can be explained.

>>> from revive_dsl.dsl.parser import parse
>>> explain(parse("up to 3 times: pay gear -> (gain 2 food or gain 2 book)"))
'Up to 3 times: pay 1 gear to gain 2 food or gain 2 books.'
>>> explain(parse("when build: gain book; score 1 per 2 modules"))
'Whenever you build, gain 1 book. Score 1 point per 2 slot modules you have.'

:func:`explain_tree` gives the same tree as an indented Rich ``Tree``; rendering it is the
caller's business (the ``revive explain`` command prints it).
"""

from __future__ import annotations

import io
import re

from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.formatter import (
    format_call,
    format_condition,
    format_cost,
    format_expr,
    format_program,
    format_tiers,
)
from revive_dsl.dsl.parser import parse
from revive_dsl.dsl.signatures import NOUNS, PHRASES, Signature, lookup

# Which kinds of word a call may be, by where it stands.
BODY = ("effect", "modifier", "symbol")
ANY_KIND = ("effect", "modifier", "symbol", "counter", "event", "state")

_FIELD = re.compile(r"\{(\w+)(?:\*(\w+))?\}")
# Words after which a counter's noun phrase stops being about the noun: "flask| you have", "pair| of your
# buildings"; a participle ("space| advanced on ...") ends it too.
_QUALIFIERS = frozenset({"you", "taken", "in", "next", "shown", "reached", "face", "on", "at", "of"})
_COMPARE = {">=": "at least", "<=": "at most", ">": "more than", "<": "fewer than", "==": "exactly"}
# Which of several tiers met scores: the most points (exact thresholds, all different, meet one at most).
_TIERS_MET = {">=": " (the highest reached)", "<=": " (the most points met)", "==": ""}
_DURING = {"gain_points": "when you gain points or devotion"}
# Small repairs for templates filled with `any` (the rulebook's white): "a any card" -> "any card".
_ONE = "\x00"  # a filled-in count of 1, until _tidy has made the words after it agree
_TIDY = ((" another any ", " any other "), (" a any ", " any "), (" the any ", " any "))


# --- words -----------------------------------------------------------------------------


def plural(word: str) -> str:
    """The plural of a word: from ``signatures.NOUNS`` when known, else by English rule.

    >>> plural("book"), plural("food"), plural("gadget_fill"), plural("journey")
    ('books', 'food', 'gadget fills', 'journeys')
    """
    if word in NOUNS:
        return NOUNS[word][1]
    word = word.replace("_", " ")
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
        return word[:-1] + "ies"
    return word + "s"


def noun(word: str, count: int = 1) -> str:
    """``count`` and the word as a noun: ``2 books``, ``1 basic resource of your choice``."""
    if count == 1:
        return f"1 {NOUNS[word][0] if word in NOUNS else word.replace('_', ' ')}"
    return f"{count} {plural(word)}"


def _phrase_plural(phrase: str) -> str:
    """Pluralise a counter's noun phrase at its head noun: "flask you have" -> "flasks you have".

    >>> _phrase_plural("pair of your buildings on adjacent spaces")
    'pairs of your buildings on adjacent spaces'
    """
    words = phrase.split(" ")
    head = len(words) - 1
    for i, w in enumerate(words[1:], start=1):
        if w in _QUALIFIERS or w.startswith("(") or w.endswith("ed"):
            head = i - 1
            break
    words[head] = plural(words[head])
    return " ".join(words)


def _tidy(text: str) -> str:
    """Articles and agreement after filling a template; ``_ONE`` marks a filled-in count of 1."""
    text = f" {text} "
    for old, new in _TIDY:
        text = text.replace(old, new)
    text = re.sub(r"(\S+) (\w+)\(s\)", lambda m: f"{m[1]} {m[2]}{'' if m[1] in (_ONE, '1') else 's'}", text)
    text = re.sub(_ONE + r" ((?:\w+ )?)points\b", r"1 \1point", text)
    text = re.sub(r" a ([aeiou])", r" an \1", text)
    return text.replace(_ONE, "1").strip()


def bind(call: n.Call, sig: Signature) -> dict[str, int | str] | None:
    """Arguments by parameter name, defaults filled in; None when they do not fit the signature."""
    args = list(call.args)
    out: dict[str, int | str] = {}
    for param in sig.params:
        if args and isinstance(args[0], n.Num) == param.numeric:
            out[param.name] = args.pop(0).value
        elif param.optional:
            out[param.name] = param.default
        else:
            return None
    return None if args else out


def fill(sig: Signature, values: dict[str, int | str]) -> str:
    """A template with its fields filled in, e.g. ``gain {count*what}`` -> ``gain 2 books``; a word of a type
    with phrases (``signatures.PHRASES``) reads as its phrase: ``slots`` -> ``card slots``."""
    types = {p.name: p.type for p in sig.params}

    def one(match: re.Match) -> str:
        first, second = match[1], match[2]
        if second is not None:
            count, what = values.get(first, 1), values.get(second, second)
            return noun(str(what), count if isinstance(count, int) else 1)
        value = values.get(first, first)
        if value == 1:
            return _ONE
        return PHRASES.get(types.get(first, ""), {}).get(str(value), str(value).replace("_", " "))

    return _tidy(_FIELD.sub(one, sig.english))


def call_phrase(call: n.Call, kinds: tuple[str, ...] = BODY) -> str:
    """One call in English, read as one of ``kinds``; a word the table lacks is shown as written."""
    sig = lookup(call.name, kinds) or lookup(call.name, ANY_KIND)
    values = bind(call, sig) if sig else None
    if sig is None or values is None:
        return format_call(call)
    return fill(sig, values)


def _counter(call: n.Call, count: int | None = None) -> str:
    """A counter as a noun phrase, singular or pluralised to agree with ``count``."""
    phrase = call_phrase(call, ("counter",))
    if lookup(call.name, ("counter",)) is None:
        return phrase if count is None else f"{count} {phrase}"
    if count is None:
        return phrase
    return f"{count} {phrase if count == 1 else _phrase_plural(phrase)}"


def _state(name: str) -> str:
    sig = lookup(name, ("state",))
    if sig is None:
        return name.replace("_", " ")
    return sig.english.removeprefix("while ")


# --- expressions, conditions, formulas ---------------------------------------------------


def cost_phrase(cost: n.Cost) -> str:
    """``1 gear and 2 books``."""
    return _join([noun(a.resource, a.count) for a in cost.amounts], "and")


def condition_phrase(cond: n.Condition) -> str:
    """``at least 2 visible flasks``, ``you pay 3 food`` or ``your circadian tile shows day``."""
    if isinstance(cond, n.Compare):
        return f"{_COMPARE.get(cond.op, cond.op)} {_counter(cond.counter, cond.value)}"
    if isinstance(cond, n.Payment):
        return f"you pay {cost_phrase(cond.cost)}"
    if isinstance(cond, n.State):
        return _state(cond.name)
    return format_condition(cond)


def expr_phrase(expr: n.Expr) -> str:
    """A body in English, without the capital and the full stop."""
    if isinstance(expr, n.Call):
        return call_phrase(expr)
    if isinstance(expr, n.AllOf):
        return _join([expr_phrase(i) for i in expr.items], "and")
    if isinstance(expr, n.OneOf):
        options = [expr_phrase(o) for o in expr.options]
        if any(isinstance(o, n.AllOf | n.OneOf) for o in expr.options):
            return "either " + ", or ".join(options)
        return " or ".join(options)
    if isinstance(expr, n.Trade):
        return f"pay {cost_phrase(expr.cost)} to {expr_phrase(expr.gain)}"
    if isinstance(expr, n.Repeat):
        return f"up to {expr.times} time{'s' if expr.times != 1 else ''}: {expr_phrase(expr.body)}"
    if isinstance(expr, n.ForEach):
        return f"for each {_counter(expr.counter)}: {expr_phrase(expr.body)}"
    if isinstance(expr, n.IfThen):
        return f"if {condition_phrase(expr.condition)}: {expr_phrase(expr.body)}"
    if isinstance(expr, n.EachPlayer):
        who = "each other player" if expr.others else "each player, you first"
        return f"{who}, in seat order: {expr_phrase(expr.body)}"
    if isinstance(expr, n.Must):
        return f"you must {expr_phrase(expr.body)}"
    if isinstance(expr, n.ChoosePlayer):
        who = "another player" if expr.others else "a player (you too)"
        return f"choose {who}, who does this: {expr_phrase(expr.body)}"
    return format_expr(expr)


def formula_phrase(formula: n.Formula) -> str:
    """``score 1 point per 2 slot modules you have``."""
    if isinstance(formula, n.ScorePer):
        points = f"{formula.points} point{'s' if formula.points != 1 else ''}"
        per = _counter(formula.counter) if formula.every == 1 else _counter(formula.counter, formula.every)
        return f"score {points} per {per}"
    if isinstance(formula, n.ScoreValue):
        return f"score points equal to the {_counter(formula.counter)}"
    bound = _COMPARE[formula.op]
    if len(formula.points) == 1:
        (points,), (threshold,) = formula.points, formula.thresholds
        return f"score {points} point{'s' if points != 1 else ''} for {bound} {_counter(formula.counter, threshold)}"
    points = _join([str(p) for p in formula.points], "or")
    thresholds = _join([str(t) for t in formula.thresholds], "or")
    counted = _phrase_plural(_counter(formula.counter))
    return f"score {points} points for {bound} {thresholds} {counted}{_TIERS_MET[formula.op]}"


def _join(parts: list[str], word: str) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {word} {parts[-1]}"


def explain_word(example: str, kind: str) -> str:
    """The English of one word's example, read as that kind of word (for the reference).

    >>> explain_word("cards_of green", "counter")
    'The number of green cards you have recruited.'
    >>> explain_word("build", "event")
    'Whenever you build.'
    """
    clause = parse(example).clauses[0]
    if not isinstance(clause, n.Immediate) or not isinstance(clause.body, n.Call):
        return explain(clause)
    call = clause.body
    if kind == "counter":
        return _sentence(f"the number of {_phrase_plural(call_phrase(call, ('counter',)))}")
    return _sentence(call_phrase(call, (kind,)))


# --- clauses and programs -----------------------------------------------------------------


def _machine_head(clause: n.Machine) -> str:
    head = "unstable machine" if clause.unstable else "machine"
    if clause.during is None:
        return head
    when = _DURING.get(clause.during, f"during a {clause.during.replace('_', ' ')} action")
    return _tidy(f"{head}, usable only {when}")


def clause_phrase(clause: n.Clause) -> str:
    """One clause in English, without the capital and the full stop."""
    if isinstance(clause, n.Immediate):
        return expr_phrase(clause.body)
    if isinstance(clause, n.Trigger):
        return f"{call_phrase(clause.event, ('event',))}, {expr_phrase(clause.body)}"
    if isinstance(clause, n.Reaches):
        return f"when your {_counter(clause.counter)} reaches {clause.value}, {expr_phrase(clause.body)}"
    if isinstance(clause, n.AtEnd):
        return f"at the end of {_MOMENT.get(clause.moment, 'each ' + clause.moment)}, {expr_phrase(clause.body)}"
    if isinstance(clause, n.While):
        sig = lookup(clause.state, ("state",))
        head = sig.english if sig else f"while {clause.state.replace('_', ' ')}"
        return f"{head}, {expr_phrase(clause.body)}"
    if isinstance(clause, n.Always):
        return f"always: {expr_phrase(clause.body)}"
    if isinstance(clause, n.Once):
        return f"once, on unlocking: {expr_phrase(clause.body)}"
    if isinstance(clause, n.Anytime):
        return f"at any time in your turn: {expr_phrase(clause.body)}"
    if isinstance(clause, n.Machine):
        return f"{_machine_head(clause)}: {expr_phrase(clause.body)}"
    if isinstance(clause, n.Requirement):
        cond = clause.condition
        need = f"need to pay {cost_phrase(cond.cost)}" if isinstance(cond, n.Payment) else "need "
        if not isinstance(cond, n.Payment):
            need += condition_phrase(cond) if isinstance(cond, n.Compare) else f"that {condition_phrase(cond)}"
        return f"{need}: {expr_phrase(clause.body)}"
    if isinstance(clause, n.Score):
        return formula_phrase(clause.formula)
    raise TypeError(f"not a clause: {clause!r}")


_MOMENT = {"turn": "your turn", "round": "each round", "game": "the game"}


def phrase(tree: n.Node) -> str:
    """Any node in English, lower-case and without a full stop (for use inside a sentence)."""
    if isinstance(tree, n.Program):
        return " ".join(explain(c) for c in tree.clauses)
    if isinstance(tree, n.Immediate | n.Trigger | n.While | n.Always | n.Once | n.Anytime | n.Machine):
        return clause_phrase(tree)
    if isinstance(tree, n.Requirement | n.Score | n.Reaches | n.AtEnd):
        return clause_phrase(tree)
    if isinstance(
        tree,
        n.Call | n.AllOf | n.OneOf | n.Trade | n.Repeat | n.ForEach | n.EachPlayer | n.ChoosePlayer | n.Must | n.IfThen,
    ):
        return expr_phrase(tree)
    if isinstance(tree, n.Compare | n.Payment | n.State):
        return condition_phrase(tree)
    if isinstance(tree, n.ScorePer | n.ScoreValue | n.ScoreTiers):
        return formula_phrase(tree)
    if isinstance(tree, n.Cost):
        return cost_phrase(tree)
    if isinstance(tree, n.Amount):
        return noun(tree.resource, tree.count)
    if isinstance(tree, n.Num):
        return str(tree.value)
    if isinstance(tree, n.Word):
        return tree.value.replace("_", " ")
    raise TypeError(f"not an effect-tree node: {tree!r}")


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def explain(tree: n.Node) -> str:
    """Plain-English sentence(s) for any tree: a program, clause, body, condition or formula.

    A program gives one sentence per clause. Raises ``TypeError`` only for a value that is
    not an effect-tree node.

    >>> from revive_dsl.dsl.parser import parse
    >>> explain(parse("need visible_flasks >= 2: devotion 2"))
    'Need at least 2 visible flasks: gain 2 devotion.'
    >>> explain(parse("machine during explore: unlimited_range").clauses[0])
    'Machine, usable only during an explore action: explore with unlimited range.'
    """
    if isinstance(tree, n.Program):
        return phrase(tree)
    return _sentence(phrase(tree))


# --- the tree view ---------------------------------------------------------------------------


def node_label(node: n.Node, kinds: tuple[str, ...] = BODY) -> str:
    """One line about a node for the tree view: its type, its own text and, for a word, its English
    (read as one of ``kinds``)."""
    kind = type(node).__name__
    if isinstance(node, n.Program):
        detail = format_program(node)
    elif isinstance(node, n.Call):
        detail = f"{format_call(node)}  — {call_phrase(node, kinds)}"
    elif isinstance(node, n.Cost):
        detail = format_cost(node)
    elif isinstance(node, n.Compare | n.Payment | n.State):
        detail = format_condition(node)
    elif isinstance(node, n.Trigger):
        detail = "when"
    elif isinstance(node, n.Reaches):
        detail = f"reaches {node.value}"
    elif isinstance(node, n.AtEnd):
        detail = f"at {node.moment} end"
    elif isinstance(node, n.While):
        detail = f"while {node.state}"
    elif isinstance(node, n.Machine):
        detail = ("unstable " if node.unstable else "") + "machine" + (f" during {node.during}" if node.during else "")
    elif isinstance(node, n.Repeat):
        detail = f"up to {node.times} times"
    elif isinstance(node, n.ScorePer):
        detail = f"{node.points} per {node.every}"
    elif isinstance(node, n.ScoreTiers):
        detail = format_tiers(node)
    else:
        detail = ""
    where = f"  @{node.pos.line}:{node.pos.column}" if node.pos.line > 0 else ""
    return f"{kind} {detail}".rstrip() + where


def _children(node: n.Node) -> list[n.Node]:
    # A call's arguments and a cost's amounts are already in the node's own label.
    if isinstance(node, n.Call | n.Cost | n.Compare | n.Payment | n.State):
        return []
    return list(node.children())


def _kinds_below(parent: n.Node, child: n.Node) -> tuple[str, ...]:
    if isinstance(parent, n.Trigger) and child is parent.event:
        return ("event",)
    if isinstance(parent, n.ForEach | n.ScorePer | n.ScoreValue | n.ScoreTiers | n.Reaches) and child is parent.counter:
        return ("counter",)
    return BODY


def explain_tree(tree: n.Node):
    """The tree as a Rich ``Tree`` renderable: one line per node, calls with their English.

    Rich is imported here, not in the data modules; print the result with a Rich console.
    """
    from rich.text import Text
    from rich.tree import Tree

    def grow(branch, node: n.Node) -> None:
        for child in _children(node):
            grow(branch.add(Text(node_label(child, _kinds_below(node, child)))), child)

    root = Tree(Text(node_label(tree)))
    grow(root, tree)
    return root


def explain_tree_text(tree: n.Node, width: int = 120) -> str:
    """:func:`explain_tree` rendered as plain text (no colour), e.g. for tests and logs.

    >>> from revive_dsl.dsl.parser import parse
    >>> print(explain_tree_text(parse("pay gear -> gain 2 food")))
    Program pay gear -> gain 2 food  @1:1
    └── Immediate  @1:1
        └── Trade  @1:1
            ├── Cost gear  @1:5
            └── Call gain 2 food  — gain 2 food  @1:13
    """
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, legacy_windows=False).print(explain_tree(tree))
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())
