"""Rewrite the effect texts of content files, and the move lines of replay scripts, in canonical form.

The YAML is edited with ruamel.yaml's round-trip mode, so comments, key order, flow or
block style and each string's quoting survive; only effect fields whose text is not
canonical (:func:`~revive_dsl.formatter.format_program`) change. A file with any problem
(YAML or DSL syntax) is reported with positions and left alone.

>>> result = format_text('kind: crate\\ncomponents:\\n  - id: c  # a comment\\n'
...                      '    provenance: rulebook\\n    effect: "gain  2 book"\\n', "c.yaml")
>>> [(str(c.pos), c.old, c.new) for c in result.changes]
[('c.yaml:5:13', 'gain  2 book', 'gain 2 book')]
>>> print(result.new_text, end="")
kind: crate
components:
  - id: c  # a comment
    provenance: rulebook
    effect: "gain 2 book"
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import ScalarString

from revive_dsl.content import EFFECT_FIELDS, _effect_paths, read_source
from revive_dsl.fileio import write_text_atomic
from revive_dsl.formatter import format_program
from revive_dsl.parser import parse
from revive_dsl.positions import Diagnostic, DslError, Pos
from revive_dsl.yamlsrc import YamlDoc, load_yaml

# Indentation layouts tried, the house layout first; the first that reproduces the file wins.
_LAYOUTS = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (4, 4, 0))


@dataclass(frozen=True)
class Change:
    """One effect field whose text is not canonical."""

    pos: Pos
    field: str
    old: str
    new: str


@dataclass
class FileResult:
    """What formatting one file found: its changes, its problems and, if any, its new text."""

    file: str
    changes: list[Change] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    new_text: str | None = None


def _yaml(layout: tuple[int, int, int]) -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096  # never fold a long effect text onto a second line
    y.indent(mapping=layout[0], sequence=layout[1], offset=layout[2])
    return y


def _dump(y: YAML, data: Any) -> str:
    out = io.StringIO()
    y.dump(data, out)
    return out.getvalue()


def _key(node: Any, key: str | int) -> Any:
    """The ruamel key matching a path key of :mod:`yamlsrc` (which keeps keys as written)."""
    if isinstance(node, list):
        return key
    for k in node:
        if k == key or str(k) == str(key):
            return k
    raise KeyError(key)


def _set(root: Any, path: tuple, value: str) -> None:
    node = root
    for key in path[:-1]:
        node = node[_key(node, key)]
    last = _key(node, path[-1])
    old = node[last]
    # keep the string's style: quoted stays quoted the same way, a block scalar stays a block
    node[last] = type(old)(value) if isinstance(old, ScalarString) else value


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _field_name(item: Any, sub: tuple) -> str:
    ident = item.get("id", "?") if isinstance(item, dict) else "?"
    return ".".join(map(str, (ident, *sub)))


def format_text(text: str, file: str) -> FileResult:
    """Find the non-canonical effect texts of one content file and, if any, its new text.

    ``new_text`` stays None when nothing changes or when the file has problems. Texts with
    ``#`` comments inside are left as they are: the canonical form would drop the comments.
    """
    result = FileResult(file)
    try:
        doc = load_yaml(text, file)
    except DslError as err:
        result.problems.extend(err.diagnostics)
        return result
    data = doc.data
    if isinstance(data, dict) and isinstance(data.get("steps"), list):
        return _format_script(text, doc, result)
    kind = data.get("kind") if isinstance(data, dict) else None
    items = data.get("components") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in EFFECT_FIELDS or not isinstance(items, list):
        return result
    edits: list[tuple[tuple, str]] = []
    for index, item in enumerate(items):
        base = ("components", index)
        for pattern in EFFECT_FIELDS[kind]:
            for sub in _effect_paths(item, tuple(pattern.split("."))):
                old = _get(item, sub)
                if not isinstance(old, str):
                    continue
                path = (*base, *sub)
                try:
                    new = format_program(parse(old, doc.origin(path)))
                except DslError as err:
                    result.problems.extend(err.diagnostics)
                    continue
                if new != old and "#" not in old:
                    result.changes.append(Change(doc.pos(path), _field_name(item, sub), old, new))
                    edits.append((path, new))
    if edits and not result.problems:
        result.new_text = _rewrite(text, file, edits, result)
    return result


def _format_script(text: str, doc: YamlDoc, result: FileResult) -> FileResult:
    """A replay script: each step's move line in the canonical move notation.

    >>> r = format_text("format: 1\\nsteps:\\n  - Ann  play x   (Bob  y)\\n", "s.yaml")
    >>> r.changes[0].new, r.new_text.splitlines()[-1]
    ('Ann play x (Bob y)', '  - Ann play x (Bob y)')
    """
    from revive_dsl.replay.notation import format_move, parse_move

    edits: list[tuple[tuple, str]] = []
    for index, step in enumerate(doc.data["steps"]):
        path: tuple = ("steps", index) if isinstance(step, str) else ("steps", index, "move")
        old = step if isinstance(step, str) else step.get("move") if isinstance(step, dict) else None
        if not isinstance(old, str):
            continue
        try:
            new = format_move(parse_move(old, doc.origin(path)))
        except DslError as err:
            result.problems.extend(err.diagnostics)
            continue
        if new != old.strip():
            result.changes.append(Change(doc.pos(path), f"step {index + 1}", old, new))
            edits.append((path, new))
    if edits and not result.problems:
        result.new_text = _rewrite(text, result.file, edits, result)
    return result


def _rewrite(text: str, file: str, edits: list[tuple[tuple, str]], result: FileResult) -> str | None:
    try:
        layout = next((lay for lay in _LAYOUTS if _dump(_yaml(lay), _yaml(lay).load(text)) == text), _LAYOUTS[0])
        y = _yaml(layout)
        tree = y.load(text)
        for path, new in edits:
            _set(tree, path, new)
        new_text = _dump(y, tree)
    except (YAMLError, KeyError, TypeError) as err:  # pragma: no cover - load_yaml accepted the file
        result.problems.append(Diagnostic(Pos(file, 1, 1), f"fmt: cannot rewrite this file: {err}"))
        return None
    # Safety net: the rewritten file must hold exactly the same data apart from the edits.
    expected = load_yaml(text, file).data
    for path, new in edits:
        node = expected
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = new
    try:
        same = load_yaml(new_text, file).data == expected
    except DslError:
        same = False
    if not same:  # pragma: no cover - a ruamel surprise; better no rewrite than a wrong one
        result.problems.append(Diagnostic(Pos(file, 1, 1), "fmt: the rewrite would change other data; not rewritten"))
        return None
    return new_text


def yaml_files(paths: Iterable[str | Path]) -> list[Path]:
    """The ``*.yaml`` files named by ``paths`` (files, or folders searched recursively)."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        out.extend(sorted(path.rglob("*.yaml")) if path.is_dir() else [path])
    return out


def format_files(paths: Iterable[str | Path], write: bool) -> list[FileResult]:
    """Format every content file under ``paths``; with ``write``, rewrite those that change."""
    results = []
    for path in yaml_files(paths):
        name = _display(path)
        try:
            text = read_source(path, name)
        except DslError as err:
            results.append(FileResult(name, problems=err.diagnostics))
            continue
        result = format_text(text, name)
        if write and result.new_text is not None:
            write_text_atomic(path, result.new_text)
        results.append(result)
    return results


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop
        return str(path)
