"""Rewrite the effect texts of content files, and the move lines of replay scripts, in canonical form; a
script of an older format is upgraded to the current one.

The YAML is edited with ruamel.yaml's round-trip mode, so comments, key order, flow or
block style and each string's quoting survive; only effect fields whose text is not
canonical (:func:`~revive_dsl.dsl.formatter.format_program`) change. A file with any problem
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

import copy
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import ScalarString

from revive_dsl.content.packs import EFFECT_FIELDS, _effect_paths, compile_field, read_source
from revive_dsl.content.yamlsrc import YamlDoc, compose_yaml, load_yaml
from revive_dsl.dsl.formatter import format_program
from revive_dsl.fileio import TextForm, write_text_atomic
from revive_dsl.positions import Diagnostic, DslError, Pos

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

    ``new_text`` stays None when nothing changes or when the file has problems. Only a text that checks is
    formatted: one that parses but does not check (``(score 1 per crates)``, a call of an unknown effect) may
    mean something else once printed canonically (``score 1 per crates``, a scoring formula), so it is reported
    and the file is left as it is. Texts with ``#`` comments inside are left as they are: the canonical form
    would drop the comments.

    >>> r = format_text("kind: crate\\ncomponents:\\n  - {id: c, effect: (score 1 per crates)}\\n", "a.yaml")
    >>> r.new_text, r.problems[0].message
    (None, "unknown effect or modifier 'score'; did you mean 'crate'?")
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
        for pattern, allowed in EFFECT_FIELDS[kind].items():
            for sub in _effect_paths(item, tuple(pattern.split("."))):
                old = _get(item, sub)
                if not isinstance(old, str):
                    continue
                path = (*base, *sub)
                program, problems = compile_field(old, doc, path, allowed)  # every word known: the pack is unknown
                if program is None or problems:
                    result.problems.extend(problems)
                    continue
                new = format_program(program)
                if new != old and "#" not in old:
                    result.changes.append(Change(doc.pos(path), _field_name(item, sub), old, new))
                    edits.append((path, new))
    if edits and not result.problems:
        result.new_text = _rewrite(text, file, edits, result)
    return result


def _format_script(text: str, doc: YamlDoc, result: FileResult) -> FileResult:
    """A replay script: each step's move line in the canonical move notation, and a format-1 script in
    format 2 (:func:`_upgrade`).

    >>> r = format_text("format: 2\\nsteps:\\n  - Ann  play x   (Bob  y)\\n", "s.yaml")
    >>> r.changes[0].new, r.new_text.splitlines()[-1]
    ('Ann play x (Bob y)', '  - Ann play x (Bob y)')
    """
    from revive_dsl.replay.notation import format_move, parse_move

    if doc.data.get("format") == 1:
        upgraded = _upgrade(text, doc, result)
        if upgraded is None:
            return result
        text, doc = upgraded, load_yaml(upgraded, result.file)
    edits: list[tuple[tuple, Any]] = []
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
    elif result.changes and not result.problems:
        result.new_text = text  # upgraded only
    return result


def _upgrade(text: str, doc: YamlDoc, result: FileResult) -> str | None:
    """A format-1 script's text in format 2, with its changes; None if it has problems (reported).

    Format 2 names a rules package's own state in its part: the paths of ``expect`` and ``highlight`` and the
    start state's keys that name a field of Call of the Abyss on its holder (``Ann.devotion``) name it in
    the part (``Ann.abyss.devotion``). Only those spans of the text change, so comments and layout stay.

    >>> r = format_text("format: 1\\nsteps:\\n  - move: Ann end\\n    expect: {Ann.devotion: 2}  # two\\n", "s.yaml")
    >>> [(c.field, c.old, c.new) for c in r.changes]
    [('format', '1', '2'), ('step 1 expect', 'Ann.devotion', 'Ann.abyss.devotion')]
    >>> print(r.new_text, end="")
    format: 2
    steps:
      - move: Ann end
        expect: {Ann.abyss.devotion: 2}  # two
    """
    from revive_dsl.content.packages import BUNDLED
    from revive_dsl.engine.registry import load_packages
    from revive_dsl.replay.paths import formerly
    from revive_dsl.replay.script import former_state

    load_packages(BUNDLED)  # format 1 named Call of the Abyss's fields on their holders
    root = compose_yaml(text, result.file)  # read as load_yaml read it: the same text accepted alike
    spans: list[tuple[int, int, str]] = []  # (start, end, new text) of the source
    expected = copy.deepcopy(doc.data)
    expected["format"] = 2
    fmt_node = _value_node(root, ("format",))
    spans.append((fmt_node.start_mark.index, fmt_node.end_mark.index, "2"))
    result.changes.append(Change(doc.pos(("format",)), "format", "1", "2"))
    for index, step in enumerate(doc.data["steps"]):
        if not isinstance(step, dict):
            continue
        if isinstance(step.get("expect"), dict):
            mapping = _value_node(root, ("steps", index, "expect"))
            renamed = {}
            for key_node, _ in mapping.value:
                new = formerly(key_node.value)
                if new:
                    spans.append((key_node.start_mark.index, key_node.end_mark.index, new))
                    at = ("steps", index, "expect", key_node.value)
                    result.changes.append(Change(doc.pos(at), f"step {index + 1} expect", key_node.value, new))
                renamed[new or key_node.value] = step["expect"][key_node.value]
            expected["steps"][index]["expect"] = renamed
        if isinstance(step.get("highlight"), list):
            items = _value_node(root, ("steps", index, "highlight"))
            for i, item in enumerate(items.value):
                new = formerly(item.value) if isinstance(item, yaml.ScalarNode) else None
                if new:
                    spans.append((item.start_mark.index, item.end_mark.index, new))
                    at = ("steps", index, "highlight", i)
                    result.changes.append(Change(doc.pos(at), f"step {index + 1} highlight", item.value, new))
                    expected["steps"][index]["highlight"][i] = new
    state = doc.data.get("setup", {}).get("state") if isinstance(doc.data.get("setup"), dict) else None
    if isinstance(state, dict):
        expected["setup"]["state"] = former_state(state)
        records = [(key, key) for key in ("board", "supply", "turn") if isinstance(state.get(key), dict)]
        if isinstance(state.get("players"), dict):
            records += [
                (("players", name), "player") for name in state["players"] if isinstance(state["players"][name], dict)
            ]
        for sub, holder in records:
            sub = sub if isinstance(sub, tuple) else (sub,)
            mapping = _value_node(root, ("setup", "state", *sub))
            moved = [(k, v, formerly(f"{holder}.{k.value}")) for k, v in mapping.value]
            moved = [(k, v, new.split(".")[1]) for k, v, new in moved if new]
            if not moved:
                continue
            where = ".".join(map(str, sub))
            for k, _, namespace in moved:
                change = Change(doc.pos(("setup", "state", *sub, k.value)), "setup.state", f"{where}.{k.value}",
                                f"{where}.{namespace}.{k.value}")  # fmt: skip
                result.changes.append(change)
            spans += _nested(text, mapping, moved)
    new_text = text
    for start, end, new in sorted(spans, reverse=True):
        new_text = new_text[:start] + new + new_text[end:]
    try:
        same = load_yaml(new_text, result.file).data == expected
    except DslError:
        same = False
    if not same:
        message = "fmt: cannot upgrade this script to format 2 by itself; write the moved fields' paths by hand"
        result.problems.append(Diagnostic(doc.pos(("format",)), message))
        return None
    return new_text


def _value_node(root: Any, path: tuple) -> Any:
    """The composed node at a path of keys and indexes."""
    node = root
    for key in path:
        if isinstance(node, yaml.MappingNode):
            node = next(v for k, v in node.value if k.value == str(key))
        else:
            node = node.value[key]
    return node


def _nested(text: str, mapping: Any, moved: list[tuple[Any, Any, str]]) -> list[tuple[int, int, str]]:
    """Spans that move some pairs of a mapping under a new key (their namespace): in a flow mapping as a flow
    mapping where the first of them was, in a block mapping as a block, re-indented, where the first was."""
    namespace = moved[0][2]
    if mapping.flow_style:
        inner = ", ".join(text[k.start_mark.index : v.end_mark.index] for k, v, _ in moved)
        first_key, first_value, _ = moved[0]
        spans = [(first_key.start_mark.index, first_value.end_mark.index, f"{namespace}: {{{inner}}}")]
        for k, v, _ in moved[1:]:  # each later pair goes, with the comma before it
            before = text.rindex(",", 0, k.start_mark.index)
            spans.append((before, v.end_mark.index, ""))
        return spans
    lines: list[tuple[int, int]] = []  # each moved pair's whole lines: [start, end) of the text
    for k, v, _ in moved:
        start = text.rindex("\n", 0, k.start_mark.index) + 1 if "\n" in text[: k.start_mark.index] else 0
        end = v.end_mark.index
        if not (end > 0 and text[end - 1] == "\n"):
            newline = text.find("\n", end)
            end = len(text) if newline < 0 else newline + 1
        lines.append((start, end))
    column = moved[0][0].start_mark.column
    block = (
        " " * column
        + f"{namespace}:\n"
        + "".join(
            "".join("  " + line if line.strip() else line for line in text[a:b].splitlines(keepends=True))
            for a, b in lines
        )
    )
    if not block.endswith("\n"):
        block += "\n"
    return [(lines[0][0], lines[0][1], block), *((a, b, "") for a, b in lines[1:])]


# A line holding nothing but byte order marks: libyaml, which every command reads with, takes it for a blank line;
# ruamel.yaml refuses it. Blanked for the rewrite, which keeps everything else of the file as it was.
_BOM_LINE = re.compile(r"^\ufeff+(?=[ \t]*\r?$)", re.MULTILINE)


def _rewrite(text: str, file: str, edits: list[tuple[tuple, Any]], result: FileResult) -> str | None:
    text = text[:1] + _BOM_LINE.sub("", text[1:])  # a mark at the very start stays: ruamel reads it
    try:
        layout = next((lay for lay in _LAYOUTS if _dump(_yaml(lay), _yaml(lay).load(text)) == text), _LAYOUTS[0])
        y = _yaml(layout)
        tree = y.load(text)
        for path, new in edits:
            _set(tree, path, new)
        new_text = _dump(y, tree)
    except (YAMLError, KeyError, TypeError) as err:  # pragma: no cover - load_yaml accepted the file
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        at = Pos(file, mark.line + 1, mark.column + 1) if mark is not None else Pos(file, 1, 1)
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]  # one line, positioned
        result.problems.append(Diagnostic(at, f"fmt: cannot rewrite this file: {problem}"))
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
    """Format every content file under ``paths``; with ``write``, rewrite those that change. The words the files'
    packs declare (their counters and kinds of token) are known first, so texts using them check."""
    results = []
    files = yaml_files(paths)
    declare_words_of_packs(files)
    for path in files:
        name = _display(path)
        try:
            text = read_source(path, name)
        except DslError as err:
            results.append(FileResult(name, problems=err.diagnostics))
            continue
        form = TextForm.of(text)  # its line endings and byte order mark are written back as they were
        result = format_text(form.plain(text), name)
        if write and result.new_text is not None:
            write_text_atomic(path, result.new_text, form)
        results.append(result)
    return results


def declare_words_of_packs(files: Iterable[Path]) -> None:
    """Make known the words declared by the packs the files belong to (the nearest folder above each with a
    ``pack.yaml``): their files of a declaration kind are read; one that cannot be read is left to ``check``."""
    from revive_dsl.content.declared import declare_words
    from revive_dsl.content.declared_sides import declare_side_words
    from revive_dsl.content.declared_tokens import declare_token_words
    from revive_dsl.content.packs import DECLARATION_KINDS, Content, load_doc

    folders: set[Path] = set()
    for path in files:
        try:
            folders.update(folder for folder in Path(path).resolve().parents if (folder / "pack.yaml").is_file())
        except (OSError, RuntimeError):  # a link loop or an unreadable folder: the file's own message says so
            continue
    for folder in sorted(folders):
        content = Content()
        for path in sorted(folder.rglob("*.yaml")):
            try:
                doc = load_yaml(read_source(path), _display(path))
            except (DslError, OSError, RuntimeError):
                continue
            if isinstance(doc.data, dict) and doc.data.get("kind") in DECLARATION_KINDS:
                load_doc(doc, folder.name, content, [])
        declare_words(content)
        declare_token_words(content)
        declare_side_words(content)


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop
        return str(path)
