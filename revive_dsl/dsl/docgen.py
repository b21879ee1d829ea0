"""The DSL reference, ``docs/dsl-reference.md``, generated from the grammar and the signature table.

Every construct of ``grammar/effects.lark`` and every word of :mod:`revive_dsl.dsl.signatures`
appears with its parameters, one example and the example's English (from
:mod:`revive_dsl.dsl.explain`). ``revive docs --write`` writes the file; a test keeps it equal to
:func:`reference`, so the reference cannot drift from the language.

>>> text = reference()
>>> text.startswith("# Rule DSL reference")
True
>>> "| `gain` |" in text
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from revive_dsl.dsl.explain import explain, explain_word
from revive_dsl.dsl.parser import MAX_NESTING, MAX_NUMBER, parse
from revive_dsl.dsl.signatures import ALL, BY_KIND, DECLARED_TYPES, DURING, KINDS, TYPE_DOCS, TYPES, Param, Signature
from revive_dsl.fileio import make_folder, write_text_atomic


@dataclass(frozen=True)
class Construct:
    """One construct of the grammar: the rule names it covers, its shape, meaning and example."""

    title: str
    rules: tuple[str, ...]
    syntax: str
    doc: str
    example: str


# Grouped as the grammar is: clause headers, bodies, conditions, scoring formulas. The
# ``rules`` name the grammar rules and aliases each construct exercises; the grammar
# coverage test checks that these examples reach every one of them.
CONSTRUCTS: dict[str, tuple[Construct, ...]] = {
    "Texts and clauses": (
        Construct(
            "Clause list",
            ("start", "clause"),
            "CLAUSE; CLAUSE; ...",
            "A text is one or more clauses separated by `;` (a trailing `;` is allowed).",
            "gain 2 book; flask",
        ),
        Construct(
            "Immediate effect",
            ("immediate", "body"),
            "BODY",
            "A bare body happens once, now. A lone symbol word (`flask`, `slot`) is a printed symbol.",
            "gain 2 book",
        ),
        Construct(
            "Trigger",
            ("trigger",),
            "when EVENT: BODY",
            "Happens whenever the event does; the event is an `event` word.",
            "when build: gain book",
        ),
        Construct(
            "Threshold",
            ("reaches",),
            "when COUNTER reaches N: BODY",
            "Happens when a change takes a counter a pack declares from below N to N or more, for the player "
            "whose effect changed it, right after the change (`revive check` refuses one that would fire itself "
            "without end).",
            "when heat reaches 5: set heat 0",
        ),
        Construct(
            "Moment",
            ("at_end",),
            "at turn end: BODY / at round end: BODY / at game end: BODY",
            "Happens at the end of your turn (before it passes), of each round (when the turn passes back to the "
            "first seat) or of the game (before the final scoring). A pack's `game_rule` runs a round's or the "
            "game's once; say `each player:` for everyone.",
            "at round end: each player: lower heat",
        ),
        Construct(
            "While",
            ("while_clause",),
            "while STATE: BODY",
            "A lasting modifier that holds while the state does; the body holds `modifier` words.",
            "while slotted: range 1",
        ),
        Construct(
            "Always",
            ("always",),
            "always: BODY",
            "A lasting modifier; the body holds `modifier` words.",
            "always: range 1",
        ),
        Construct(
            "Once",
            ("once",),
            "once: BODY",
            "A one-time effect when the technology (or location side) is unlocked.",
            "once: artifact and energy",
        ),
        Construct(
            "Anytime",
            ("anytime",),
            "anytime: BODY",
            "A free action usable at any time in your turn.",
            "anytime: pay crystal -> gain 2 basic",
        ),
        Construct(
            "Machine",
            ("machine", "during"),
            "machine [during ACTION]: BODY",
            f"Activated with energy; `during` limits it to one moment: {', '.join(DURING)}.",
            "machine during explore: unlimited_range",
        ),
        Construct(
            "Unstable machine",
            ("unstable_machine",),
            "unstable machine [during ACTION]: BODY",
            "A machine of the unstable kind (Call of the Abyss).",
            "unstable machine: rest_all",
        ),
        Construct(
            "Requirement",
            ("requirement",),
            "need CONDITION: BODY",
            "A journey requirement and the reward for meeting it.",
            "need visible_flasks >= 2: devotion 2",
        ),
        Construct(
            "Score",
            ("score", "formula"),
            "score FORMULA",
            "A scoring formula; see the formulas below.",
            "score 1 per 2 modules",
        ),
    ),
    "Bodies": (
        Construct(
            "Word",
            ("call", "arg", "number", "word"),
            "WORD ARG ...",
            "A word of the table below with its arguments: numbers and words, in the order of its parameters.",
            "advance green 2",
        ),
        Construct(
            "And",
            ("all_of", "sequence"),
            "UNIT and UNIT ...",
            "Do every part, in order. `and` binds tighter than `or`.",
            "gain book and points 1",
        ),
        Construct(
            "Or",
            ("one_of", "choice"),
            "SEQUENCE or SEQUENCE ...",
            "Choose exactly one option.",
            "gain 2 food or gain 2 book",
        ),
        Construct(
            "Parentheses",
            ("unit",),
            "( BODY )",
            "Group a body where a single unit is expected.",
            "pay gear -> (gain 2 food or gain 2 book)",
        ),
        Construct(
            "Trade",
            ("trade", "cost", "amount"),
            "pay COST -> UNIT",
            "Pay the cost to get the unit, once; the player is asked `use` or `skip` first (unless the effect "
            "was already chosen: a machine, a crate). A cost is amounts joined by `+`; a count of 1 may be left out; "
            "each `basic` is any basic resource, chosen unit by unit.",
            "pay 2 gear + book -> points 3",
        ),
        Construct(
            "Repeat",
            ("repeat",),
            "up to N times: UNIT",
            "Do the unit up to N times, choosing each time.",
            "up to 3 times: pay gear -> gain 2 food",
        ),
        Construct(
            "Each",
            ("for_each",),
            "each COUNTER: UNIT",
            "Do the unit once per unit the counter counts.",
            "each cards_in_slots yellow: gain food",
        ),
        Construct(
            "Each player",
            ("each_player",),
            "each player: UNIT",
            "Do the unit for every player, each as *you*, in seat order from you.",
            "each player: gain book",
        ),
        Construct(
            "Each other player",
            ("each_other_player",),
            "each other player: UNIT",
            "Do the unit for every other player, each as *you*, in seat order after you.",
            "each other player: gain food",
        ),
        Construct(
            "Must",
            ("must",),
            "must UNIT",
            "The unit cannot be declined (a rule's penalty, not an offer): no `use`/`skip` is "
            "asked; its choices still are (which card), and it does what it can.",
            "must rest_card active",
        ),
        Construct(
            "Choose a player",
            ("choose_player",),
            "choose player: UNIT",
            "You choose a player (you too) for whom the unit can do something; they do it, as *you*.",
            "choose player: gain 2 food",
        ),
        Construct(
            "Choose another player",
            ("choose_other_player",),
            "choose other player: UNIT",
            "As `choose player:`, among the other players only.",
            "choose other player: gain 2 book",
        ),
        Construct(
            "If",
            ("if_then",),
            "if CONDITION: UNIT",
            "Do the unit only when the condition holds.",
            "if switch_used: range 1",
        ),
    ),
    "Conditions": (
        Construct(
            "Comparison",
            ("condition", "compare"),
            "COUNTER >= N  (also <=, >, <, ==)",
            "A counter compared with a number.",
            "need crates >= 2: devotion 3",
        ),
        Construct(
            "Payment",
            ("payment",),
            "pay COST",
            "Met by paying the cost.",
            "need pay 3 food: points 2",
        ),
        Construct(
            "State",
            ("state",),
            "STATE",
            "A `state` word that holds or not.",
            "if slotted: gain food",
        ),
    ),
    "Scoring formulas": (
        Construct(
            "Per",
            ("score_per",),
            "score P per [M] COUNTER",
            "P points per M units of the counter, rounded down; M defaults to 1.",
            "score 1 per 2 modules",
        ),
        Construct(
            "Value",
            ("score_value",),
            "score value COUNTER",
            "The counter's value is the score.",
            "score value track_value green",
        ),
        Construct(
            "Tiers",
            ("score_tiers", "tiers", "bound", "at_least"),
            "score P/P/... at T/T/... COUNTER",
            "The points of the highest threshold reached (at least the threshold); one threshold per value, "
            "rising. A single value and threshold is one tier.",
            "score 3/7/12/15 at 3/6/8/10 tiles_present",
        ),
        Construct(
            "Tiers, at most",
            ("score_tiers", "at_most"),
            "score P/P/... at most T/T/... COUNTER",
            "The most points of the thresholds the counter is at most; thresholds rising.",
            "score 5/2 at most 0/2 crates",
        ),
        Construct(
            "Tiers, exactly",
            ("score_tiers", "at_exactly"),
            "score P/P/... at exactly T/T/... COUNTER",
            "The points of the threshold the counter equals, if any; thresholds rising.",
            "score 4 at exactly 3 modules",
        ),
    ),
}

# What each kind of word is (the same words as the signature table's module docstring).
KIND_DOCS = {
    "effect": "Something that happens: in the body of any clause but `always` and `while`.",
    "modifier": "A change to how actions are paid or counted: lasting under `always`/`while`, "
    "for the current action anywhere else.",
    "symbol": "A printed symbol that does nothing by itself: a whole clause on its own.",
    "counter": "A number read from the game state: after `each`, in comparisons and in scoring formulas.",
    "event": "What a `when` trigger waits for.",
    "state": "What `while` and `if` test.",
}

_NEEDS = {"event": "inside `when {}:`", "during": "inside `machine during {}:`", "clause": "in a `{}` clause"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _param(param: Param) -> str:
    text = f"`{param.name}`" if param.name == param.type else f"`{param.name}`: {param.type}"
    return f"[{text} = `{param.default}`]" if param.optional else text


def _needs(sig: Signature) -> str:
    out = []
    for tag in sorted(sig.needs):
        kind, _, name = tag.partition(":")
        out.append(_NEEDS.get(kind, "{}").format(name))
    return " or ".join(out)


def _words(sigs: list[Signature]) -> list[str]:
    lines = [
        "| word | package | arguments | meaning | example | English |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for sig in sigs:
        args = ", ".join(_param(p) for p in sig.params) or "—"
        doc = sig.doc + (f" Only {_needs(sig)}." if sig.needs else "")
        english = explain_word(sig.example, sig.kind)
        row = f"| `{sig.name}` | {sig.package} | {_cell(args)} | {_cell(doc)} | `{sig.example}` | {_cell(english)} |"
        lines.append(row)
    return lines


def reference() -> str:
    """The whole reference as Markdown text."""
    out = [
        "# Rule DSL reference",
        "",
        "<!-- Generated by `revive docs --write` from grammar/effects.lark, revive_dsl/dsl/signatures.py and the"
        " rules packages' words.yaml; do not edit by hand. -->",
        "",
        "Every effect, cost, trigger, machine and scoring formula of *Revive* is a text in this language.",
        "The grammar (`grammar/effects.lark`) gives the constructs; every word is a row of the signature",
        "table, which says what it takes and where it may stand. The English beside each example is what",
        "`revive explain` prints for it.",
        "",
        "Each word comes with a rules package (the *package* column): the base game's words are written in",
        "`revive_dsl/dsl/signatures.py`; another package lists its own in the `words.yaml` of its folder",
        "(`revive_dsl/rules/abyss/words.yaml`). Every pack may use the base game's words (every game plays",
        "the base game); another package's words only where that package is loaded: the pack names it",
        "(`rules:`) or depends on a pack that does.",
        "",
        f"Numbers go up to {MAX_NUMBER:,}, and effects (`pay ... ->`, `if ...:`, `each ...:`, `up to N times:`,",
        f"`and`, `or`) nest at most {MAX_NESTING} deep; no card comes near either, and a text past them is an",
        "error at the number or the first effect too deep.",
        "",
        "Wherever a number goes, a pack may write `$NAME` instead: a number it marks tunable (its `pack.yaml`'s",
        "`tunables`, each with its value and the range `revive balance --tune` searches), read at the pack's value or",
        "at the one a tuning gives (`revive balance --set NAME=VALUE`): `at game end: points $head_start`.",
        "",
        "## Constructs",
    ]
    for group, constructs in CONSTRUCTS.items():
        out += [
            "",
            f"### {group}",
            "",
            "| construct | form | meaning | example | English |",
            "| --- | --- | --- | --- | --- |",
        ]
        for c in constructs:
            english = explain(parse(c.example))
            out.append(
                f"| {c.title} | `{_cell(c.syntax)}` | {_cell(c.doc)} | `{_cell(c.example)}` | {_cell(english)} |"
            )
    out += ["", "## Words", ""]
    out.append(
        "Arguments are written `name: type` (or just `type` when they are the same); `[... = default]` may be left out."
    )
    for kind in KINDS:
        sigs = [s for s in ALL if s.kind == kind]
        if not sigs:
            continue
        out += ["", f"### {kind.capitalize()}s", "", KIND_DOCS.get(kind, "")]
        topics: dict[str, list[Signature]] = {}
        for sig in sigs:
            topics.setdefault(sig.topic, []).append(sig)
        for topic, rows in topics.items():
            if len(topics) > 1:
                out += ["", f"#### {topic.capitalize()}"]
            out += ["", *_words(rows)]
    out += ["", "## Argument types", "", "| type | meaning | words |", "| --- | --- | --- |"]
    out.append(f"| `count` | {_cell(TYPE_DOCS.get('count', 'a whole number'))} | 0, 1, 2, ... |")
    declared = BY_KIND.get("token", {})  # the kinds of token packs declare join ``token``: each pack's own
    for name, words in TYPES.items():
        words = tuple(w for w in words if w not in declared)
        listed = ", ".join(f"`{w}`" for w in words) if name not in DECLARED_TYPES else "(each pack's own)"
        out.append(f"| `{name}` | {_cell(TYPE_DOCS.get(name, ''))} | {listed} |")
    return "\n".join(out) + "\n"


def default_path() -> Path:
    """Where the reference lives: ``docs/dsl-reference.md`` of the checkout (else of the current folder)."""
    from revive_dsl.locations import PACKAGE

    checkout = PACKAGE.parent / "docs"
    return (checkout if checkout.is_dir() else Path("docs")) / "dsl-reference.md"


def write(path: Path | None = None) -> Path:
    """Write the reference to ``path`` (default :func:`default_path`); return where it went."""
    path = path or default_path()
    make_folder(path.parent)
    write_text_atomic(path, reference())
    return path
