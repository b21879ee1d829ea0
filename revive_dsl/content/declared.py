"""A pack's own counters and tracks: the components of kind ``counter``, and the words they bring.

A pack declares a counter in a file of kind ``counter`` (``heat: one per player, 0 to 5, starts at 0``); its id
is its word. The DSL reads it as a counter (``each heat: points 1``, ``if heat >= 3: ...``, ``score 1 per heat``)
and changes it with ``raise``, ``lower`` and ``set``; ``when heat reaches 5:`` watches it. The words exist only
for texts of packs that load the declaring pack (the checker's ``packages``), like a rules package's words.

>>> from revive_dsl.content.packs import Component
>>> from revive_dsl.positions import NOWHERE
>>> item = {"id": "heat", "provenance": "representative", "holder": "player", "max": 5, "plural": "heat"}
>>> heat = counter_of(Component("counter", "heat", "ember", item, NOWHERE))
>>> heat.low, heat.high, heat.start, heat.clamp(7), heat.noun(2)
(0, 5, 0, 5, '2 heat')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.signatures import ALL, BY_KIND, DECLARED_TOPIC, NOUNS, SIGNATURES, TYPES, Signature
from revive_dsl.positions import Diagnostic

# The content types are the loader's (revive_dsl.content.packs, which reads this module): named here as Any.
Component = Content = Any

TOP = 1000  # the highest value a counter may declare (and its top when it declares none)
TOPIC = DECLARED_TOPIC


@dataclass(frozen=True)
class Counter:
    """One declared counter: its word, pack, holder (``player`` or ``table``), bounds, start and nouns."""

    name: str
    pack: str
    holder: str
    low: int
    high: int
    start: int
    scores: bool
    shown: str  # "always": in the state from the setup on; "when changed": left out while at its start
    english: str
    plural: str
    doc: str
    worth: float = 0.0  # what a unit is worth to the computer players, in points (revive_dsl/ai/evaluate.py)

    def clamp(self, value: int) -> int:
        """The value kept within the counter's bounds."""
        return max(self.low, min(self.high, value))

    def noun(self, count: int) -> str:
        """``2 heat``, ``1 ember``: the count with the counter's own noun."""
        return f"{count} {self.english if count == 1 else self.plural}"


def counter_of(comp: Component) -> Counter:
    """The declared counter a ``counter`` component describes (its defaults filled in)."""
    data = comp.data
    low = int(data.get("min", 0))
    english = str(data.get("english", comp.id.replace("_", " ")))
    return Counter(
        name=comp.id,
        pack=comp.pack,
        holder=str(data["holder"]),
        low=low,
        high=int(data.get("max", TOP)),
        start=int(data.get("start", low)),
        scores=bool(data.get("scores", False)),
        shown=str(data.get("shown", "always")),
        english=english,
        plural=str(data.get("plural", _plural(english))),
        doc=str(data.get("doc", f"{english}, a counter of the pack '{comp.pack}'")),
        worth=float(data.get("worth", 0)),
    )


def _plural(word: str) -> str:
    from revive_dsl.dsl.explain import plural

    return plural(word)


def counters(content: Content) -> dict[str, Counter]:
    """Every counter the loaded packs declare, by word, in content order."""
    return {comp.id: counter_of(comp) for comp in content.of_kind("counter")}


def declaring_packs(content: Content) -> list[str]:
    """The loaded packs that declare counters or kinds of token (content/declared_tokens.py): their words are
    allowed in the texts of packs that load them."""
    declaring = [
        comp.pack for comp in content.components.values() if comp.kind in ("counter", "token_kind", "two_sided_tile")
    ]
    return list(dict.fromkeys(declaring))


def declare_words(content: Content) -> None:
    """Put the loaded packs' counters into the signature table (a counter word each, and the ``declared`` type
    that ``raise``, ``lower``, ``set`` and ``when ... reaches`` take). A word declared again, by a later load of
    the same or another pack, takes the new declaration's English. They are not words of the language
    (:data:`~revive_dsl.dsl.signatures.ALL`, the DSL reference): each belongs to the content that declares it."""
    language = {sig.name for sig in ALL if sig.kind == "counter"}
    for counter in counters(content).values():
        if counter.name in language:
            continue  # a clash with a word of the language: check_counters reports it
        sig = Signature(
            counter.name, "counter", (), counter.english, counter.name, counter.doc, topic=TOPIC, package=counter.pack
        )
        BY_KIND.setdefault("counter", {})[counter.name] = sig
        if SIGNATURES.get(counter.name, sig).topic == TOPIC:  # a word of another kind keeps its first place
            SIGNATURES[counter.name] = sig
        NOUNS[counter.english] = (counter.english, counter.plural)
        if counter.name not in TYPES["declared"]:
            TYPES["declared"] = (*TYPES["declared"], counter.name)


def check_counters(content: Content) -> list[Diagnostic]:
    """The problems of the loaded packs' declarations, each at the value that is wrong: bounds that cross, a start
    outside them, a name the language already has, a ``when ... reaches`` value the counter can never reach, and
    a ``when ... reaches`` whose own body would make it fire again without end."""
    problems: list[Diagnostic] = []
    declared = counters(content)
    for comp in content.of_kind("counter"):
        counter = declared[comp.id]
        problems.extend(language_clash(comp, "counter", ("counter",)))
        if counter.scores and counter.holder == "table":
            problems.append(
                Diagnostic(
                    comp.at("scores"),
                    f"{comp.id}: a counter of the table cannot score (it is no one player's); give it holder: player, "
                    "or score it in a scoring_line",
                )
            )
        if counter.low > counter.high:
            problems.append(Diagnostic(comp.at("max"), f"{comp.id}: max {counter.high} is below min {counter.low}"))
        elif not counter.low <= counter.start <= counter.high:
            problems.append(
                Diagnostic(
                    comp.at("start"),
                    f"{comp.id}: start {counter.start} is outside its bounds {counter.low}..{counter.high}; "
                    f"give a start from {counter.low} to {counter.high}",
                )
            )
    for comp in content.components.values():
        for program in comp.effects.values():
            for clause in program.clauses:
                if isinstance(clause, n.Reaches) and clause.counter.name in declared:
                    problems.extend(_reaches_problems(clause, declared[clause.counter.name]))
    return problems


def language_clash(comp: Component, what: str, kinds: tuple[str, ...] | None = None) -> list[Diagnostic]:
    """A declared word (a component's id) the language already has, among words of ``kinds`` (None: of any kind),
    at the id: a declaration needs a word of its own."""
    word = next((sig for sig in ALL if sig.name == comp.id and (kinds is None or sig.kind in kinds)), None)
    if word is None:
        return []
    owner = "the base game" if word.package == "base" else f"the rules package '{word.package}'"
    kind = word.kind if kinds else f"{word.kind} word"
    return [
        Diagnostic(
            comp.at("id"),
            f"'{comp.id}' is already {_a(kind)} of {owner}; a declared {what} needs a word of its own "
            f"(e.g. '{comp.pack}_{comp.id}')",
        )
    ]


def _reaches_problems(clause: n.Reaches, counter: Counter) -> list[Diagnostic]:
    if not counter.low < clause.value <= counter.high:
        return [
            Diagnostic(
                clause.pos,
                f"{counter.name} never reaches {clause.value} from below: it goes from {counter.low} to "
                f"{counter.high}; give a value from {counter.low + 1} to {counter.high}",
            )
        ]
    if _refires(clause.body, counter.name, clause.value):
        return [
            Diagnostic(
                clause.pos,
                f"this trigger fires itself without end: its own effect takes {counter.name} below {clause.value} "
                f"and back up to it; change the value it sets, or end with {counter.name} below {clause.value}",
            )
        ]
    return []


def _refires(body: n.Expr, name: str, value: int) -> bool:
    """Whether some path through ``body`` (every choice taken, every condition true), run when the counter has
    just reached ``value``, takes it below ``value`` and then up to it again: the trigger would fire once more
    inside itself, and so on for ever. Bounds are ignored, so a path is judged as written."""
    for path in _paths(body):
        level, below = value, False
        for call in path:
            if call.name not in ("raise", "lower", "set") or not call.args or call.args[0].value != name:
                continue
            numbers = [a.value for a in call.args if isinstance(a, n.Num)]
            amount = numbers[0] if numbers else 1
            level = {"raise": level + amount, "lower": level - amount, "set": amount}[call.name]
            if level < value:
                below = True
            elif below:
                return True
    return False


def _paths(expr: n.Expr) -> list[list[n.Call]]:
    """The sequences of calls a body may carry out, in order (at most 64, enough to judge a text)."""
    if isinstance(expr, n.Call):
        return [[expr]]
    if isinstance(expr, n.AllOf):
        out: list[list[n.Call]] = [[]]
        for item in expr.items:
            out = [a + b for a in out for b in _paths(item)][:64]
        return out
    if isinstance(expr, n.OneOf):
        return [p for option in expr.options for p in _paths(option)][:64]
    if isinstance(expr, n.Trade):
        return _paths(expr.gain)
    if isinstance(expr, n.Repeat | n.ForEach | n.IfThen):
        return _paths(expr.body)
    return [[]]


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"
