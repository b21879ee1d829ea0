"""The public API for rules packages (``revive_dsl.extension``): documented name by name, the only thing the
example package imports, and no bundled or example package reaching into another module's private names."""

from __future__ import annotations

import ast
import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

import revive_dsl.extension as extension

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "extension-api.md"
EXAMPLE = ROOT / "tests" / "example_expansion"


def _documented(text: str) -> set[str]:
    """The names the page gives an entry: a ``#### `name``` heading or the first cell of a table row."""
    return set(re.findall(r"^#### `(\w+)`$", text, flags=re.M)) | set(re.findall(r"^\| `(\w+)` \|", text, flags=re.M))


def test_every_public_name_is_documented_on_the_page_and_in_the_module():
    page = _documented(DOC.read_text(encoding="utf-8"))
    assert sorted(set(extension.__all__) - page) == []
    assert sorted(page - set(extension.__all__)) == []  # the page documents nothing the module does not give
    lines = extension.__doc__ or ""
    assert [name for name in extension.__all__ if not re.search(rf"``{name}``", lines)] == []
    assert len(set(extension.__all__)) == len(extension.__all__)
    assert "private" in DOC.read_text(encoding="utf-8")  # a name not in the module is private and may change


def test_the_public_names_are_the_engines_own_re_exported():
    """Registering through the module fills the tables the bundled packages fill: nothing is made again here."""
    own = [
        name
        for name in extension.__all__
        if (inspect.isfunction(getattr(extension, name)) or inspect.isclass(getattr(extension, name)))
        and getattr(extension, name).__module__ == extension.__name__
    ]
    assert own == []
    from revive_dsl.engine import interpret
    from revive_dsl.rules.base import scoring

    assert extension.effect is interpret.effect and extension.SCORING is scoring.SCORING


def _imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) of every ``from MODULE import NAME`` and (module, "") of every ``import MODULE``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.extend((node.module, alias.name) for alias in node.names)
        elif isinstance(node, ast.Import):
            out.extend((alias.name, "") for alias in node.names)
    return out


def test_the_example_package_imports_only_the_public_api():
    files = sorted((EXAMPLE / "lagoon_rules").rglob("*.py"))
    assert files
    found = sorted(
        f"{path.relative_to(ROOT)}: {module}"
        for path in files
        for module, _name in _imports(path)
        if module.split(".")[0] == "revive_dsl" and module != "revive_dsl.extension"
    )
    assert found == []


def _is_module(dotted: str) -> bool:
    """Whether a dotted name is one of the project's modules or packages (not a name inside one)."""
    where = ROOT.joinpath(*dotted.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def _private_reach(path: Path) -> list[str]:
    """Underscore names a module takes from another module: imported by name, or read off a module it imported
    (``actions._plus``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out, modules = [], {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                if alias.name.startswith("_"):
                    out.append(f"{node.lineno}: from {node.module} import {alias.name}")
                elif _is_module(f"{node.module}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    modules[alias.asname] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            out.append(f"{node.lineno}: {modules[node.value.id]}.{node.attr}")
    return out


def test_no_bundled_or_example_package_reaches_a_private_name_of_another_module():
    files = sorted((ROOT / "revive_dsl" / "rules").rglob("*.py")) + sorted(EXAMPLE.rglob("*.py"))
    found = {str(path.relative_to(ROOT)): reach for path in files if (reach := _private_reach(path))}
    assert found == {}


def test_the_private_reach_check_sees_both_ways_in(tmp_path):
    module = tmp_path / "mod.py"
    module.write_text(
        "from revive_dsl.rules.base.lasting import _secret\n"
        "from revive_dsl.rules.base import board_actions as actions\n"
        "x = actions._hidden(1)\n",
        encoding="utf-8",
    )
    assert _private_reach(module) == [
        "1: from revive_dsl.rules.base.lasting import _secret",
        "3: revive_dsl.rules.base.board_actions._hidden",
    ]


def _run(task: str) -> dict:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE / "run.py"), task], capture_output=True, text=True, timeout=600, check=False
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_example_expansion_still_loads_and_plays_through_the_public_api():
    """The example in a process of its own (tests/test_example_expansion.py plays it in full)."""
    found = _run("load")
    assert found["packages"] == ["base", "lagoon"] and found["with_lagoon"] == []
    assert _run("replay")["finished"]
