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

from dataclasses import dataclass


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
            return head
        line = self.source_line.rstrip("\n").expandtabs(1)
        return f"{head}\n    {line}\n    {' ' * (self.pos.column - 1)}^"


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


def attach_lines(diagnostics: list[Diagnostic], texts: dict[str, str]) -> list[Diagnostic]:
    """Fill in each diagnostic's source line from ``texts`` (file name -> file text)."""
    out = []
    cache: dict[str, list[str]] = {}
    for d in diagnostics:
        if d.source_line is None and d.pos.file in texts:
            lines = cache.setdefault(d.pos.file, texts[d.pos.file].splitlines())
            if 1 <= d.pos.line <= len(lines):
                d = Diagnostic(d.pos, d.message, lines[d.pos.line - 1])
        out.append(d)
    return out
