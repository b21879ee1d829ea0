"""The consoles every command shows its pages on: Rich, with free text made visible before it is written.

Names, titles, notes and values come from content and scripts someone else may have written. A terminal acts
on the control characters in them (ESC clears the screen, sets the window title, writes the clipboard with
OSC 52, hides a link with OSC 8), so each console made here passes every text it renders through
:func:`revive_dsl.positions.visible` -- whatever renderable holds it, panel, table or tree -- and the escape
sequences of Rich's own styles are the only ones written. An HTML or SVG export holds the same visible text.

>>> import io
>>> console = make_console(no_color=True, width=40, file=io.StringIO())
>>> console.print("Cat \\x1b[2J\\x1b]0;pwned scout")
>>> console.file.getvalue()
'Cat ␛[2J␛]0;pwned scout\\n'
"""

from __future__ import annotations

from argparse import ArgumentTypeError
from typing import IO, Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderHook, RenderResult
from rich.segment import Segment

from revive_dsl.positions import visible


class _Visible:
    """A renderable shown with every text segment made visible (Rich's control segments kept as they are)."""

    def __init__(self, inner: RenderableType):
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.inner, options):
            if segment.control or not segment.text:
                yield segment
            else:
                yield Segment(visible(segment.text), segment.style)


class _VisibleHook(RenderHook):
    def process_renderables(self, renderables: list[Any]) -> list[Any]:
        return [_Visible(r) for r in renderables]


def guard(console: Console) -> Console:
    """``console`` with every text it prints made visible (:func:`revive_dsl.positions.visible`)."""
    console.push_render_hook(_VisibleHook())
    return console


def make_console(
    no_color: bool = False,
    width: int | None = None,
    record: bool = False,
    file: IO[str] | None = None,
    stderr: bool = False,
    soft_wrap: bool = False,
) -> Console:
    """A guarded console (:func:`guard`): no highlighting of numbers and words, the width asked or the terminal's."""
    return guard(
        Console(
            no_color=no_color,
            width=width,
            record=record,
            file=file,
            stderr=stderr,
            highlight=False,
            soft_wrap=soft_wrap,
        )
    )


WIDTHS = range(20, 1001)  # narrower, no panel fits; wider, no terminal shows it (and Rich would fill memory)


def width(text: str) -> int:
    """The ``--width`` of every command that draws: columns from 20 to 1000, else a usage error.

    >>> width("80")
    80
    >>> width("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 0 columns: give a width from 20 to 1000
    """
    try:
        columns = int(text)
    except ValueError:
        raise ArgumentTypeError(f"{text!r} is not a number of columns: give a width from 20 to 1000") from None
    if columns not in WIDTHS:
        raise ArgumentTypeError(f"{columns} columns: give a width from {WIDTHS[0]} to {WIDTHS[-1]}")
    return columns
