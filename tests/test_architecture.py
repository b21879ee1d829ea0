"""The shape of the code: no import circles, and every layer imports only the layers below it.

foundation (positions, files) -> dsl (text, trees) -> content (packs) -> engine (machinery) -> rules packages
(base, then the public API for rules packages, then abyss) -> computer players (ai) -> replay -> formatting -> faces
(terminal, web page, language server, balance lab) -> CLI.
Every import counts, lazy ones inside functions and ``TYPE_CHECKING`` ones included.
"""

from __future__ import annotations

import ast
import dataclasses
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "revive_dsl"

TOOLS = ("cli", "scaffold", "upgrade")  # the command line and the tools it runs over every layer
EXTENSION = ("extension",)  # the public API for rules packages: names of the engine and the base rules, re-exported
FORMATTING = ("fmt",)  # the canonical rewrite of files: the command line and the editors' server share it

# Layers, lowest first; a module may import its own layer and those below it.
FOUNDATION = ("positions", "locations", "fileio", "gctune")
FACES = (
    "revive_dsl.terminal",
    "revive_dsl.web",
    "revive_dsl.lsp",
    "revive_dsl.balance",
)  # positions and errors, files, the process
LAYERS = [
    ("foundation", lambda m: m.count(".") == 1 and m.split(".")[1] in FOUNDATION),
    ("dsl", lambda m: m.startswith("revive_dsl.dsl")),
    ("content", lambda m: m.startswith("revive_dsl.content")),
    ("engine", lambda m: m.startswith("revive_dsl.engine")),
    ("rules.base", lambda m: m.startswith("revive_dsl.rules.base") or m == "revive_dsl.rules"),
    ("extension", lambda m: m.count(".") == 1 and m.split(".")[1] in EXTENSION),  # over the base rules it names
    ("rules.abyss", lambda m: m.startswith("revive_dsl.rules.abyss")),
    ("ai", lambda m: m.startswith("revive_dsl.ai")),  # computer players: over the rules, under play and the lab
    ("replay", lambda m: m.startswith("revive_dsl.replay")),
    ("formatting", lambda m: m.count(".") == 1 and m.split(".")[1] in FORMATTING),
    # over the API: the terminal, the web page, the language server, the balance lab
    (
        "faces",
        lambda m: m.startswith(("revive_dsl.terminal", "revive_dsl.web", "revive_dsl.lsp", "revive_dsl.balance")),
    ),
    ("tools", lambda m: m.split(".")[-1] in TOOLS or m == "revive_dsl"),
]


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def graph() -> dict[str, frozenset[str]]:
    """Module -> the project modules it imports anywhere in its text."""
    modules = {_name(p): p for p in PACKAGE.rglob("*.py")}
    out = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    found.add(full if full in modules else node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        out[name] = frozenset(m for m in found if m in modules and m != name)
    return out


def layer(module: str) -> int:
    return next(i for i, (_, test) in enumerate(LAYERS) if test(module))


def test_the_import_graph_has_no_circles():
    deps = graph()
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for dep in sorted(deps[module]):
            if state.get(dep) == 1:
                circles.append([*path[path.index(dep) :], dep] if dep in path else [module, dep])
            elif dep not in state:
                visit(dep, [*path, dep])
        state[module] = 2

    for module in sorted(deps):
        if module not in state:
            visit(module, [module])
    assert circles == []


def test_every_layer_imports_only_itself_and_the_layers_below():
    upward = sorted(
        f"{module} ({LAYERS[layer(module)][0]}) imports {dep} ({LAYERS[layer(dep)][0]})"
        for module, deps in graph().items()
        for dep in deps
        if layer(dep) > layer(module) and not dep.startswith(module + ".")  # a package may import its modules
    )
    assert upward == []


def test_the_package_root_holds_only_the_foundation_the_public_api_and_the_tools():
    """The DSL's modules live in revive_dsl/dsl/, the content's in revive_dsl/content/: none at the root."""
    root = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
    assert [m for m in root if m not in FOUNDATION + EXTENSION + FORMATTING + TOOLS] == []


def test_the_dsl_reads_no_content():
    """The words a rules package adds reach the signature table from the content layer, never the other way."""
    dsl = {m: d for m, d in graph().items() if m.startswith("revive_dsl.dsl")}
    upward = sorted(f"{m} imports {d}" for m, deps in dsl.items() for d in deps if d.startswith("revive_dsl.content"))
    assert upward == []


def test_the_engine_imports_no_rules_package():
    engine = {m: d for m, d in graph().items() if m.startswith("revive_dsl.engine")}
    assert sorted((m, d) for m, deps in engine.items() for d in deps if d.startswith("revive_dsl.rules")) == []


def _strings(path: Path) -> set[str]:
    """The string literals of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    }


def test_the_engine_core_names_no_word_of_a_rules_package():
    """Every DSL word and every move a rules package defines, looked for as a string in the core's code."""
    from revive_dsl.dsl.signatures import ALL
    from revive_dsl.engine.game import MOVES
    from revive_dsl.engine.registry import load_all

    load_all()
    words = {s.name for s in ALL if s.package != "engine"}  # the machinery's own words are the engine's to name
    words |= {m.name for m in MOVES.values() if not m.carry_out.__module__.startswith("revive_dsl.engine")}
    named = {}
    for path in sorted((PACKAGE / "engine").glob("*.py")):
        found = _strings(path) & words
        if found:
            named[path.name] = found
    assert named == {}


def test_the_engine_core_names_no_field_of_a_rules_packages_state():
    """No attribute the core reads or writes, and no text in it, is a field or namespace of a package's state part
    (``devotion``, ``abyss``): a package's state is its own."""
    from revive_dsl.engine.registry import load_all
    from revive_dsl.engine.state import PARTS

    load_all()
    own = {namespace for namespace in PARTS} | {
        f.name for by_holder in PARTS.values() for cls in by_holder.values() for f in dataclasses.fields(cls)
    }
    assert {"abyss", "devotion", "shared", "leech_origin"} <= own
    named = {}
    for path in sorted((PACKAGE / "engine").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)} | _strings(path)
        used |= {kw.arg for node in ast.walk(tree) if isinstance(node, ast.Call) for kw in node.keywords if kw.arg}
        if used & own:
            named[path.name] = used & own
    assert named == {}


def test_the_base_rules_name_no_word_field_or_kind_of_the_expansion():
    """The base game's rules package reaches the expansion only through its hook lists: no text or attribute
    in it is a DSL word, a state field or a component kind that Call of the Abyss brings."""
    from revive_dsl.content.packs import MECHANICS_KINDS
    from revive_dsl.dsl.signatures import ALL
    from revive_dsl.engine.registry import load_packages
    from revive_dsl.engine.rules import Rules
    from revive_dsl.engine.state import PARTS

    load_packages(["base", "abyss"])
    kinds = {c.kind for c in Rules.load(("base", "abyss")).content.components.values()}
    kinds -= {c.kind for c in Rules.load(("base",)).content.components.values()} | MECHANICS_KINDS
    fields = {f.name for cls in PARTS["abyss"].values() for f in dataclasses.fields(cls)}
    theirs = {s.name for s in ALL if s.package == "abyss"} | fields | kinds | {"abyss"}
    assert {"devotion", "lake", "scyphoz_card", "journeys_done"} <= theirs
    named = {}
    for path in sorted((PACKAGE / "rules" / "base").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)} | _strings(path)
        if used & theirs:
            named[path.name] = used & theirs
    assert named == {}


def test_the_package_root_names_no_module_as_a_subpackage_does_in_another_meaning():
    """``revive_dsl/locations.py`` (where packaged files live) is not ``engine/resources.py`` (the game's resources):
    a module of the package root shares its name with no module of a subpackage."""
    root = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    nested = {p.stem for p in PACKAGE.glob("*/*.py")}
    assert root & nested == set()
