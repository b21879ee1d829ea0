"""Source positions and positioned diagnostics.

Every node and every error knows where its text came from: a file, a line and a column
(both 1-based). A :class:`Diagnostic` renders as ``path:line:col: message`` followed by
the offending line and a caret, the form ``revive check`` prints.

>>> d = Diagnostic(Pos("cards.yaml", 3, 10), "unknown verb 'gian'", source_line="    top: gian 2 book")
>>> print(d.render())
cards.yaml:3:10: unknown verb 'gian'
        top: gian 2 book
             ^
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Every character a terminal may act on rather than show: C0 controls but newline and tab, DEL, the C1
# controls (U+009B is a CSI on its own), and the bidirectional overrides and isolates (text shown in another
# order than it is read). ESC starts clear-screen, window-title, clipboard (OSC 52) and link (OSC 8) sequences.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _shown(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the control pictures: ESC shows as ␛
    return "\u2421" if code == 0x7F else "\ufffd"


def visible(text: str) -> str:
    """Free text (a name, a title, a note, a value from a file) made safe to show in a terminal: every control
    character that a terminal would act on is replaced by a visible stand-in, one character for one.

    >>> visible("Cat\\x1b]52;c;bm9wZQ==\\x07 scout")
    'Cat␛]52;c;bm9wZQ==␇ scout'
    >>> visible("two lines\\n\\tand a tab")
    'two lines\\n\\tand a tab'
    """
    return _CONTROLS.sub(_shown, text) if _CONTROLS.search(text) else text


def quoted(value: object, most: int = 40) -> str:
    """A value as a message quotes it: whole if short, else its start and its length, so that a message
    never echoes a whole file's worth of text (a pack's manifest linked to someone's credentials).

    >>> quoted("abc"), quoted("x" * 100, 5)
    ("'abc'", "'xxxxx...' (100 characters)")
    """
    text = repr(value)
    if len(text) <= most + 2:
        return text
    size = f"{len(value)} characters" if isinstance(value, str) else f"{len(text)} characters written out"
    return f"{text[: most + 1]}...{text[0] if isinstance(value, str) else ''} ({size})"


# A source line is shown around its caret, at most this wide: a one-line start state of a megabyte is not
# repeated whole under each of its problems.
SHOWN_LINE = 160


@dataclass(frozen=True, order=True)
class Pos:
    """A place in a source file: 1-based line and column, with an optional end."""

    file: str
    line: int
    column: int
    end_line: int | None = None
    end_column: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}" if self.line >= 1 else self.file

    @classmethod
    def whole(cls, file: str) -> Pos:
        """A problem with a whole file or folder (missing, unreadable, too big): no line caused it.

        >>> print(Diagnostic(Pos.whole("nope"), "no such file or folder").render())
        nope: no such file or folder
        """
        return cls(file, 0, 0)


NOWHERE = Pos("<unknown>", 0, 0)


@dataclass(frozen=True)
class Origin:
    """Where an effect text sits inside a file, so positions in it map to the file.

    ``line`` and ``column`` are those of the text's first character. Single-line texts
    map exactly; for a text spread over several lines ``indent`` is the column its
    continuation lines start at.
    """

    file: str
    line: int = 1
    column: int = 1
    indent: int = 1

    def at(self, line: int, column: int) -> Pos:
        """Map a 1-based (line, column) inside the text to a position in the file."""
        if line == 1:
            return Pos(self.file, self.line, self.column + column - 1)
        return Pos(self.file, self.line + line - 1, self.indent + column - 1)


@dataclass(frozen=True)
class Diagnostic:
    """One error: where, what is wrong and, when known, what would be right."""

    pos: Pos
    message: str
    source_line: str | None = None

    def render(self) -> str:
        """The ``path:line:col: message`` form with the line and a caret under it."""
        # a whole file or folder (line 0): no line to show, e.g. ``nope: no such file or folder``
        head = f"{self.pos}: {self.message}"
        if self.source_line is None or self.pos.column < 1:
            return visible(head)
        line = self.source_line.rstrip("\n").expandtabs(1)
        column = self.pos.column
        if len(line) > SHOWN_LINE:  # a window around the caret, its cut ends marked
            start = max(0, min(column - 1 - SHOWN_LINE // 2, len(line) - SHOWN_LINE))
            line = line[start : start + SHOWN_LINE]
            line = ("..." if start else "") + line + ("..." if start + SHOWN_LINE < len(self.source_line) else "")
            column = column - start + (3 if start else 0)
        return visible(f"{head}\n    {line}\n    {' ' * (column - 1)}^")


def undecodable(file: str, data: bytes, err: UnicodeDecodeError) -> Diagnostic:
    """The diagnostic for bytes that are not UTF-8, at the line and column of the first bad byte.

    >>> data = b"kind: crate\\n# caf\\xe9\\n"
    >>> try:
    ...     data.decode("utf-8")
    ... except UnicodeDecodeError as err:
    ...     print(undecodable("x.yaml", data, err).render())
    x.yaml:2:6: not UTF-8 text (byte 0xe9): save the file as UTF-8
        # caf\ufffd
             ^
    """
    start = data.rfind(b"\n", 0, err.start) + 1
    end = data.find(b"\n", err.start)
    line = data[start : len(data) if end < 0 else end].decode("utf-8", errors="replace")
    column = len(data[start : err.start].decode("utf-8", errors="replace")) + 1
    byte = data[err.start]
    return Diagnostic(
        Pos(file, data.count(b"\n", 0, err.start) + 1, column),
        f"not UTF-8 text (byte 0x{byte:02x}): save the file as UTF-8",
        line,
    )


class DslError(Exception):
    """Raised with one or more diagnostics; ``str()`` renders them all."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))


# No one reads past this many problems of one file; the rest are counted ("and N more"), and the first are
# enough to find what went wrong (a start state of 16,000 wrong values is one mistake repeated).
PER_FILE = 100


def capped(diagnostics: list[Diagnostic], limit: int = PER_FILE) -> list[Diagnostic]:
    """At most ``limit`` diagnostics of each file, in their order; the others of a file counted in one more.

    >>> many = [Diagnostic(Pos("a.yaml", line, 1), "wrong") for line in range(1, 6)]
    >>> [d.render() for d in capped(many, 2)][1:]
    ['a.yaml:2:1: wrong', 'a.yaml: and 3 more problems in this file (the first 2 are shown)']
    """
    counts: dict[str, int] = {}
    out = []
    for d in diagnostics:
        counts[d.pos.file] = counts.get(d.pos.file, 0) + 1
        if counts[d.pos.file] <= limit:
            out.append(d)
    for file, count in counts.items():
        if count > limit:
            more = count - limit
            message = f"and {more} more problem{'s' if more != 1 else ''} in this file (the first {limit} are shown)"
            out.append(Diagnostic(Pos.whole(file), message))
    return out


def attach_lines(diagnostics: list[Diagnostic], texts: dict[str, str]) -> list[Diagnostic]:
    """Fill in each diagnostic's source line from ``texts`` (file name -> file text), each file split once;
    at most :data:`PER_FILE` diagnostics of a file are kept (:func:`capped`)."""
    out = []
    cache: dict[str, list[str]] = {}
    for d in capped(diagnostics):
        if d.source_line is None and d.pos.file in texts:
            lines = cache.get(d.pos.file)
            if lines is None:
                lines = cache[d.pos.file] = texts[d.pos.file].splitlines()
            if 1 <= d.pos.line <= len(lines):
                d = Diagnostic(d.pos, d.message, lines[d.pos.line - 1])
        out.append(d)
    return out
