"""Property tests: generated trees print and parse back; broken input never crashes.

(a) Trees generated from the signature table (so the checker accepts them) satisfy
    ``parse(format_program(t)) == t``.
(b) Random text, and random mutations of the bundled effect texts, give either a tree (which
    then checks, explains and round-trips without crashing) or a DslError whose diagnostics
    are positioned -- never another exception.
(c) The same for the YAML loader on mutated content files.
"""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from revive_dsl import DslError, check, format_program, parse
from revive_dsl.cli import collect
from revive_dsl.content.yamlsrc import load_yaml
from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.checker import MAX_LOOPS
from revive_dsl.dsl.docgen import CONSTRUCTS
from revive_dsl.dsl.explain import explain, explain_tree_text
from revive_dsl.dsl.signatures import BY_KIND, DECLARED_TYPES, DURING, TYPES, Signature
from revive_dsl.locations import content_root
from revive_dsl.positions import Origin

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- (a) valid trees from the signature table --------------------------------------------

NUMBER = st.integers(min_value=1, max_value=9)
OPS = (">=", "<=", ">", "<", "==")


def _usable(sig: Signature, tags: frozenset[str]) -> bool:
    if sig.needs and not (sig.needs & tags):
        return False
    # a type whose words the loaded content declares (a pack's counters, kinds of token) has none of the table's
    return all(p.optional or p.numeric or (p.type in TYPES and p.type not in DECLARED_TYPES) for p in sig.params)


def _arg(param) -> st.SearchStrategy:
    if param.numeric:
        value = NUMBER.map(n.Num)
    elif param.type in TYPES and param.type not in DECLARED_TYPES:
        value = st.sampled_from(TYPES[param.type]).map(n.Word)
    else:  # a type the table does not list: leave the optional argument out
        return st.none()
    return st.one_of(st.none(), value) if param.optional else value


def _call_of(sig: Signature) -> st.SearchStrategy[n.Call]:
    args = st.tuples(*(_arg(p) for p in sig.params))
    return args.map(lambda xs: n.Call(sig.name, tuple(x for x in xs if x is not None)))


def calls(kind: str, tags: frozenset[str] = frozenset()) -> st.SearchStrategy[n.Call]:
    sigs = [s for s in BY_KIND[kind].values() if _usable(s, tags)]
    return st.sampled_from(sigs).flatmap(_call_of)


COSTS = st.lists(st.builds(n.Amount, st.integers(1, 5), st.sampled_from(TYPES["payable"])), min_size=1, max_size=3).map(
    lambda xs: n.Cost(tuple(xs))
)
STATES = st.sampled_from(sorted(BY_KIND["state"]))


def conditions(tags: frozenset[str]) -> st.SearchStrategy:
    return st.one_of(
        st.builds(n.Compare, calls("counter", tags), st.sampled_from(OPS), st.integers(0, 12)),
        st.builds(n.Payment, COSTS),
        STATES.map(n.State),
    )


def bodies(kinds: tuple[str, ...], tags: frozenset[str]) -> st.SearchStrategy:
    leaf = st.one_of(*(calls(k, tags) for k in kinds))

    def extend(inner):
        two_or_three = st.lists(inner, min_size=2, max_size=3).map(tuple)
        return st.one_of(
            two_or_three.map(n.AllOf),
            two_or_three.map(n.OneOf),
            st.builds(n.Trade, COSTS, inner),
            st.builds(n.Repeat, NUMBER, inner),
            st.builds(n.ForEach, calls("counter", tags), inner),
            st.builds(n.IfThen, conditions(tags), inner),
        )

    # loops nest at most MAX_LOOPS deep (a deeper text is a check error, docs/rulings.md): valid trees only
    return st.recursive(leaf, extend, max_leaves=6).filter(lambda body: _loop_depth(body) <= MAX_LOOPS)


_LOOPS = (n.Repeat, n.ForEach, n.EachPlayer)


def _loop_depth(node: n.Node) -> int:
    """How deep loops nest in a tree (0: none)."""
    inner = max((_loop_depth(child) for child in node.children()), default=0)
    return inner + isinstance(node, _LOOPS)


EFFECTS = ("effect", "modifier")


def _tags(clause: str, *more: str) -> frozenset[str]:
    return frozenset({f"clause:{clause}", *more})


def _trigger(event: n.Call) -> st.SearchStrategy:
    tags = _tags("trigger", f"event:{event.name}")
    return bodies(EFFECTS, tags).map(lambda body: n.Trigger(event, body))


def _machine(during: str | None, unstable: bool) -> st.SearchStrategy:
    tags = _tags("machine", *([f"during:{during}"] if during else []))
    return bodies(EFFECTS, tags).map(lambda body: n.Machine(body, during, unstable))


def _tiers(size: int) -> st.SearchStrategy:
    points = st.lists(st.integers(1, 20), min_size=size, max_size=size).map(tuple)
    thresholds = st.lists(st.integers(0, 20), min_size=size, max_size=size, unique=True).map(lambda t: tuple(sorted(t)))
    return st.builds(n.ScoreTiers, points, thresholds, calls("counter", _tags("score")))


FORMULAS = st.one_of(
    st.builds(n.ScorePer, st.integers(1, 5), st.integers(1, 4), calls("counter", _tags("score"))),
    st.builds(n.ScoreValue, calls("counter", _tags("score"))),
    st.integers(2, 4).flatmap(_tiers),
)

CLAUSES = st.one_of(
    bodies(EFFECTS, _tags("immediate")).map(n.Immediate),
    calls("symbol").map(n.Immediate),
    calls("event").flatmap(_trigger),
    st.builds(n.While, STATES, bodies(("modifier",), _tags("while"))),
    bodies(("modifier",), _tags("always")).map(n.Always),
    bodies(EFFECTS, _tags("once")).map(n.Once),
    bodies(EFFECTS, _tags("anytime")).map(n.Anytime),
    st.tuples(st.one_of(st.none(), st.sampled_from(DURING)), st.booleans()).flatmap(lambda t: _machine(*t)),
    st.builds(n.Requirement, conditions(_tags("requirement")), bodies(EFFECTS, _tags("requirement"))),
    FORMULAS.map(n.Score),
)

PROGRAMS = st.lists(CLAUSES, min_size=1, max_size=3).map(lambda cs: n.Program(tuple(cs)))


@FUZZ
@given(PROGRAMS)
def test_generated_trees_are_valid_and_round_trip(tree):
    assert check(tree) == []
    text = format_program(tree)
    assert parse(text) == tree
    assert explain(tree)


# --- (b) random and mutated effect text ----------------------------------------------------


def _field_text(data, dotted: str) -> str:
    for key in dotted.split("."):
        data = data[int(key)] if isinstance(data, list) else data[key]
    return data


def _bundled_texts() -> list[str]:
    """The effect texts of the bundled packs as written in their files (whatever loads of them)."""
    content, _problems = collect([str(content_root())])
    texts = {_field_text(c.data, field) for c in content.components.values() for field in c.effects}
    return sorted(texts) or [c.example for group in CONSTRUCTS.values() for c in group]


EFFECT_TEXTS = _bundled_texts()
DSL_CHARS = st.sampled_from(list(" ;:()->+/=<>#\n\t0123456789abcdeginoprstuwy_")) | st.characters()


@st.composite
def mutated(draw, texts: list[str], chars: st.SearchStrategy[str]) -> str:
    """A real text with a few characters inserted, deleted or replaced, or two slices swapped."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(("insert", "delete", "replace", "swap")))
        if op == "insert":
            text = text[:i] + draw(chars) + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 5)) :]
        elif op == "replace":
            text = text[:i] + draw(chars) + text[i + 1 :]
        else:
            j = draw(st.integers(0, len(text)))
            i, j = min(i, j), max(i, j)
            text = text[j:] + text[i:j] + text[:i]
    return text


def _tree_or_positioned_error(text: str) -> None:
    origin = Origin("fuzz.yaml", 4, 10, 12)
    try:
        tree = parse(text, origin)
    except DslError as err:
        assert err.diagnostics
        for d in err.diagnostics:
            assert d.pos.file == "fuzz.yaml"
            assert d.pos.line >= 4 and d.pos.column >= 1
            assert d.message
        return
    for d in check(tree):
        assert d.pos.file == "fuzz.yaml" and d.pos.line >= 4 and d.message
    assert parse(format_program(tree)) == tree
    explain(tree)
    explain_tree_text(tree)


@FUZZ
@given(st.text(alphabet=DSL_CHARS, max_size=60))
def test_random_text_gives_a_tree_or_a_positioned_error(text):
    _tree_or_positioned_error(text)


@FUZZ
@given(mutated(EFFECT_TEXTS, DSL_CHARS))
def test_mutated_effect_texts_give_a_tree_or_a_positioned_error(text):
    _tree_or_positioned_error(text)


# --- (c) mutated content files -------------------------------------------------------------------


@cache
def _content_files() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in sorted(content_root().rglob("*.yaml"))]
    return texts or ["kind: crate\ncomponents:\n  - id: x\n    provenance: rulebook\n    effect: gain 2 book\n"]


YAML_CHARS = st.sampled_from([*":-[]{}&*!|>'\"#%@`?,\n \t", "&a ", "*a", "!!int ", "!!python/name:x ", "<<: "])
YAML_CHARS = YAML_CHARS | st.characters()
# Whole values that stress the loader: tags, self-referencing aliases, dates, unclosed brackets.
YAML_VALUES = st.sampled_from(
    [
        *("!!int x", "!!float y", "!!python/object:os.system x", "&a [1, *a]", "&a {b: *a}", "*nowhere"),
        *("2001-01-01", "[", "{a: 1, a: 2}", "'", '"\\x"', "|", "? [1]", "0o99", "~", "-", "yes", "1e3", ""),
    ]
)


@st.composite
def mutated_yaml(draw) -> str:
    """A content file with a few values replaced by awkward ones, then mutated character-wise."""
    text = (
        draw(mutated(_content_files(), YAML_CHARS)) if draw(st.booleans()) else draw(st.sampled_from(_content_files()))
    )
    starts = [i + 2 for i in range(len(text)) if text.startswith(": ", i)]
    for _ in range(draw(st.integers(1, 3)) if starts else 0):
        i = draw(st.sampled_from(starts))
        end = text.find("\n", i)
        end = len(text) if end < 0 else end
        text = text[:i] + draw(YAML_VALUES) + (text[i:end] if draw(st.booleans()) else "") + text[end:]
        starts = [j for j in starts if j < len(text)]
    return text


@FUZZ
@given(mutated_yaml())
def test_mutated_content_files_load_or_give_positioned_errors(text):
    try:
        doc = load_yaml(text, "fuzz.yaml")
    except DslError as err:
        assert err.diagnostics
        for d in err.diagnostics:
            assert d.pos.file == "fuzz.yaml" and d.pos.line >= 1 and d.pos.column >= 1 and d.message
        return
    doc.pos(("components", 0, "id"))
