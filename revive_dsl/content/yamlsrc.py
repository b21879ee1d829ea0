"""Safe YAML loading that remembers where every value came from.

Only the YAML core types are accepted (mappings, sequences, strings, numbers, booleans,
null): no tags that could build objects, so nothing in content can execute code.
Duplicate keys are errors, not silent overwrites.

>>> doc = load_yaml("kind: crate\\nitems:\\n  - top: 'gain 2 book'\\n", "x.yaml")
>>> doc.data["items"][0]["top"]
'gain 2 book'
>>> doc.origin(("items", 0, "top"))
Origin(file='x.yaml', line=3, column=11, indent=11)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from revive_dsl.positions import Diagnostic, DslError, Origin, Pos, quoted

Path = tuple[str | int, ...]

_COLLECTION_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}

# No real file nests anywhere near this deep; deeper text is refused before it is composed, since
# composing recurses (a RecursionError in pure Python, a crash in libyaml's composer).
MAX_DEPTH = 100
DEPTH_MESSAGE = f"nesting deeper than {MAX_DEPTH} levels"

_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}


@dataclass
class YamlDoc:
    """Plain data plus the position of every value, keyed by its path."""

    file: str
    text: str
    data: Any
    marks: dict[Path, tuple[int, int, str | None, int]] = field(default_factory=dict)

    def pos(self, path: Path) -> Pos:
        """The position of the value at ``path`` (or of its nearest known parent)."""
        while path not in self.marks and path:
            path = path[:-1]
        line, column, _style, _indent = self.marks.get(path, (1, 1, None, 1))
        return Pos(self.file, line, column)

    def origin(self, path: Path) -> Origin:
        """Where the text of the string at ``path`` starts, for positions inside it."""
        line, column, style, indent = self.marks.get(path, (1, 1, None, 1))
        if style in ("'", '"'):
            return Origin(self.file, line, column + 1, indent + 1)
        if style in ("|", ">"):
            return Origin(self.file, line + 1, indent, indent)
        return Origin(self.file, line, column, indent)


def _block_indent(text: str, line: int) -> int:
    """The column of the first content line of a block scalar starting after ``line``."""
    lines = text.splitlines()
    for candidate in lines[line:]:
        if candidate.strip():
            return len(candidate) - len(candidate.lstrip()) + 1
    return 1


# One constructor turns every scalar into its value. Its constructor functions are called directly, not through
# ``construct_object``, which would remember every node it ever built (``constructed_objects``): a long-running
# process reading many files would keep every YAML node alive.
_SCALARS = yaml.constructor.SafeConstructor()
_SCALAR_BUILDERS = {tag: _SCALARS.yaml_constructors[tag] for tag in _SCALAR_TAGS}


# Aliases may repeat a value, but not contain themselves or blow up into millions of values, nor repeat more
# text than a file may hold (content/packs.py's MAX_FILE_BYTES): a 1 MB move line named by 20 aliases would
# cost every later reader 20 MB of moves to read.
_MAX_VALUES = 200_000
MAX_TEXT = 5_000_000
TEXT_MESSAGE = (
    f"YAML aliases repeat more text than a file may hold: past {MAX_TEXT // 1_000_000} MB in all here; "
    "write the values out, or repeat them fewer times"
)


_WANTED = {
    "bool": "true or false",
    "int": "a whole number such as 3",
    "float": "a number such as 2.5",
    "null": "null or ~",
}


class _Builder:
    def __init__(self, file: str, text: str):
        self.doc = YamlDoc(file, text, None)
        self.errors: list[Diagnostic] = []
        self.open: set[int] = set()
        self.values = 0
        self.chars = 0  # the text of every scalar built, aliases counted each time they repeat it

    def build(self, node: yaml.Node, path: Path) -> Any:
        self.values += 1
        if self.chars > MAX_TEXT:
            if not any(e.message == TEXT_MESSAGE for e in self.errors):
                self.errors.append(Diagnostic(self._pos(node), TEXT_MESSAGE))
            return None
        if id(node) in self.open or self.values > _MAX_VALUES:
            if not self.errors or "alias" not in self.errors[-1].message:
                self.errors.append(Diagnostic(self._pos(node), "a YAML alias here repeats itself without end"))
            return None
        if len(path) > MAX_DEPTH:  # aliases can stack shallow collections into deep ones
            if not any(e.message == DEPTH_MESSAGE for e in self.errors):
                self.errors.append(Diagnostic(self._pos(node), DEPTH_MESSAGE))
            return None
        if isinstance(node, yaml.CollectionNode):
            self.open.add(id(node))
            try:
                return self._collection(node, path)
            finally:
                self.open.discard(id(node))
        return self._scalar(node, path)

    def _mark(self, node: yaml.Node, path: Path) -> None:
        line, column = node.start_mark.line + 1, node.start_mark.column + 1
        style = getattr(node, "style", None)
        indent = _block_indent(self.doc.text, line) if style in ("|", ">") else column
        self.doc.marks[path] = (line, column, style, indent)

    def _collection(self, node: yaml.CollectionNode, path: Path) -> Any:
        self._mark(node, path)
        if node.tag not in _COLLECTION_TAGS:
            self.errors.append(Diagnostic(self._pos(node), f"the YAML tag '{node.tag}' is not allowed in content"))
            return None
        if isinstance(node, yaml.MappingNode):
            out: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    self.errors.append(Diagnostic(self._pos(key_node), "a mapping key must be a plain word"))
                    continue
                key = key_node.value
                self.chars += len(key)
                if key in out:
                    self.errors.append(Diagnostic(self._pos(key_node), f"duplicate key '{key}' in this mapping"))
                    continue
                out[key] = self.build(value_node, (*path, key))
            return out
        return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]

    def _scalar(self, node: yaml.Node, path: Path) -> Any:
        self._mark(node, path)
        self.chars += len(node.value)
        if node.tag not in _SCALAR_TAGS:
            self.errors.append(Diagnostic(self._pos(node), f"the YAML tag '{node.tag}' is not allowed in content"))
            return None
        try:
            return _SCALAR_BUILDERS[node.tag](_SCALARS, node)
        # an explicit core tag on a value it cannot take: PyYAML's constructors fail in their own ways
        # (``!!int abc`` ValueError, ``!!bool 14`` KeyError, ``!!int ""`` and ``!!float ""`` IndexError)
        except (ValueError, KeyError, IndexError, TypeError, OverflowError, yaml.YAMLError):
            kind = node.tag.rpartition(":")[2]
            wanted = _WANTED.get(kind, kind)
            message = f"{quoted(node.value)} cannot be read as {kind}: write {wanted}, or leave out the tag '!!{kind}'"
            self.errors.append(Diagnostic(self._pos(node), message))
            return None

    def _pos(self, node: yaml.Node) -> Pos:
        return Pos(self.doc.file, node.start_mark.line + 1, node.start_mark.column + 1)


_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


def composer() -> str:
    """Which YAML composer reads texts now: ``"libyaml"`` when PyYAML has it, else ``"python"``. Their messages
    are alike, but a few odd texts (a byte order mark on a later line) read under one and not the other, so what is
    kept of a text read is kept under the composer that read it.

    >>> composer() in ("libyaml", "python")
    True
    """
    return "python" if _FAST_LOADER is None else "libyaml"


def _check_depth(text: str, file: str, loader: Any) -> None:
    """Raise :class:`DslError` at the first collection nested deeper than :data:`MAX_DEPTH`.

    Walks the event stream, which (unlike composing) does not recurse; a syntax error ends the
    walk and is left for the composer to report.
    """
    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    mark = event.start_mark
                    raise DslError([Diagnostic(Pos(file, mark.line + 1, mark.column + 1), DEPTH_MESSAGE)])
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return


def _could_be_deep(text: str) -> bool:
    """Cheap: every nesting level needs one of these characters, so fewer cannot nest too deep."""
    return sum(text.count(c) for c in "[{-:?") > MAX_DEPTH


def _compose(text: str, file: str = "<yaml>") -> yaml.Node | None:
    """Compose with libyaml when present (fast); on any error, again in pure Python, whose
    messages are the ones we report, so both installs give the same diagnostics."""
    deep = _could_be_deep(text)
    if _FAST_LOADER is not None:
        try:
            if deep:
                _check_depth(text, file, _FAST_LOADER)
            return yaml.compose(text, Loader=_FAST_LOADER)
        except (yaml.YAMLError, UnicodeError):  # libyaml cannot encode lone surrogates
            pass
    if deep:
        _check_depth(text, file, yaml.SafeLoader)
    return yaml.compose(text, Loader=yaml.SafeLoader)


def compose_yaml(text: str, file: str) -> yaml.Node | None:
    """The composed node tree of YAML text, read as :func:`load_yaml` reads it (the one reading every command
    shares: a text one command accepts, every other accepts alike, stray byte order marks and all); any YAML
    problem is :class:`DslError`, positioned, one line. Node marks index the text by character.

    >>> compose_yaml("\\n\\ufeff\\nformat: 1\\n", "s.yaml").value[0][1].value
    '1'
    >>> compose_yaml("a: [1\\n", "s.yaml")
    Traceback (most recent call last):
    ...
    revive_dsl.positions.DslError: s.yaml:2:1: YAML syntax error: expected ',' or ']', but got '<stream end>'
    """
    try:
        return _compose(text, file)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = err.problem or err.context or "invalid YAML"
        raise DslError([Diagnostic(Pos(file, line, column), f"YAML syntax error: {problem}")]) from None
    except yaml.reader.ReaderError as err:
        before = text[: err.position]
        line, column = before.count("\n") + 1, len(before) - before.rfind("\n")
        message = f"character #x{err.character:04x} is not allowed in YAML: {err.reason}"
        raise DslError([Diagnostic(Pos(file, line, column), message)]) from None
    except yaml.YAMLError as err:
        raise DslError([Diagnostic(Pos(file, 1, 1), f"YAML error: {err}")]) from None


def load_yaml(text: str, file: str) -> YamlDoc:
    """Parse YAML text safely; raise :class:`DslError` with positions on any problem."""
    node = compose_yaml(text, file)
    builder = _Builder(file, text)
    builder.doc.data = builder.build(node, ()) if node is not None else None
    if builder.errors:
        raise DslError(builder.errors)
    return builder.doc
