"""``revive lsp``: a Language Server Protocol server over stdio, on pygls, for content files and replay scripts.

Each change of an open document is checked (:class:`~revive_dsl.lsp.analysis.Workspace`) and its problems
published at their exact place, each did-you-mean with a quick fix that writes it; a script is also played back
when it is opened or saved, to its first divergence, and a step whose move line stops at a question with one legal
answer has the quick fix "complete this move" (as ``revive complete`` does). Hover tells a DSL word, a whole
effect text in English, a component id, or a script's board space at that step; completion offers the DSL words
and component ids that fit the word being typed, and on a script's move line its players and the legal answers at
that step. Everything it says comes from the same code as ``revive check``, ``revive explain`` and ``revive
verify``. A feature that fails on some text answers nothing and logs why: the server never stops for a document.
"""

from __future__ import annotations

import functools
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcInvalidRequest
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

from revive_dsl.locations import version
from revive_dsl.lsp.analysis import MAX_UNOPENED_BYTES, Workspace, fix_at, regular_file_bytes, word_at
from revive_dsl.lsp.framing import FrameReader
from revive_dsl.positions import Diagnostic

LOG = logging.getLogger(__name__)


class _Refused:
    """A request that cannot be served as written (its params do not fit its method): answered with ``error``."""

    def __init__(self, msg_id: Any, error: JsonRpcException) -> None:
        self.id = msg_id if isinstance(msg_id, int | str) and not isinstance(msg_id, bool) else None
        self.error = error


def _check_params(value: Any) -> None:
    """Raises :class:`JsonRpcInvalidParams` where a request's params hold what the converter would bend into
    shape: a ``line`` or ``character`` that is no integer (``1.5``, ``true``), a ``uri`` that is no string."""
    stack = [value]
    while stack:
        here = stack.pop()
        if isinstance(here, dict):
            for key, item in here.items():
                if key in ("line", "character") and (not isinstance(item, int) or isinstance(item, bool)):
                    raise JsonRpcInvalidParams(message=f"{key} is not an integer")
                if key == "uri" and not isinstance(item, str):
                    raise JsonRpcInvalidParams(message="uri is not a string")
                stack.append(item)
        elif isinstance(here, list):
            stack.extend(here)


class _Protocol(LanguageServerProtocol):
    """pygls's protocol, but every request is answered: one whose params do not fit (a negative line, a wrong
    type, ``null``) gets the error -32602 (invalid params) instead of no answer, and a message that is no JSON-RPC
    request is logged and skipped; the server goes on with the next."""

    def structure_message(self, data: Any) -> Any:
        try:
            if isinstance(data, dict) and "jsonrpc" in data and "id" in data and "method" in data:
                _check_params(data.get("params"))
            return super().structure_message(data)
        except JsonRpcException:
            if not (isinstance(data, dict) and "id" in data and "method" in data):
                raise
            valid_id = isinstance(data["id"], int | str) and not isinstance(data["id"], bool)
            if not valid_id:
                return _Refused(None, JsonRpcInvalidRequest(message="invalid request: id is not a number or string"))
            return _Refused(data["id"], JsonRpcInvalidParams(message=f"invalid params for {data['method']!s:.80}"))

    def handle_message(self, message: Any) -> None:
        if isinstance(message, _Refused):
            LOG.error("refused request %r: %s", message.id, message.error.message)
            self._send_response(message.id, None, message.error.to_response_error())
            return
        if not hasattr(message, "jsonrpc"):
            if isinstance(message, dict) and "id" in message and "method" in message:
                refused = _Refused(message["id"], JsonRpcInvalidRequest(message="invalid request: no jsonrpc version"))
                self._send_response(refused.id, None, refused.error.to_response_error())
            LOG.error("skipped a message that is no JSON-RPC message: %.200r", message)
            return
        super().handle_message(message)


SERVER = LanguageServer("revive-dsl", version(), protocol_cls=_Protocol)
WORKSPACE = Workspace()


def _answers(default: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A feature that answers ``default`` (and logs the error) where it would fail: one odd document never
    stops the server or leaves the editor with an error for every keystroke."""

    def wrap(feature: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(feature)
        def guarded(ls: LanguageServer, params: Any) -> Any:
            try:
                return feature(ls, params)
            except Exception:
                LOG.exception("%s failed", feature.__name__)
                return default() if callable(default) else default

        return guarded

    return wrap


def _path(uri: str) -> str:
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


def _text(ls: LanguageServer, uri: str) -> str:
    """The text of the document ``uri``: as the editor holds it when open; else the file on disk only if it is a
    plain file of at most :data:`MAX_UNOPENED_BYTES` (never a FIFO or a device, which would block the server or
    fill its memory); "" otherwise."""
    document = ls.workspace.text_documents.get(unquote(uri))
    if document is not None:
        return document.source
    if urlparse(uri).scheme != "file":
        return ""
    data = regular_file_bytes(_path(uri), MAX_UNOPENED_BYTES)
    return "" if data is None else data.decode("utf-8", errors="replace")


def _range(diagnostic: Diagnostic) -> types.Range:
    """The problem's place: its line and column, to the end of the word there (at least one character)."""
    line, column = max(diagnostic.pos.line - 1, 0), max(diagnostic.pos.column - 1, 0)
    source = diagnostic.source_line or ""
    _, start, end = word_at(source, 0, column)
    end = end if start == column and end > column else column + 1
    return types.Range(types.Position(line, column), types.Position(line, end))


def _shown(diagnostic: Diagnostic) -> types.Diagnostic:
    """A problem as the editor shows it; its did-you-mean rides along in ``data``: the replacements, and the
    columns of its line they replace."""
    where = _range(diagnostic)
    fix = fix_at(diagnostic.message, diagnostic.source_line or "", where.start.character)
    return types.Diagnostic(
        range=where,
        message=diagnostic.message,
        severity=types.DiagnosticSeverity.Error,
        source="revive",
        data=None if fix is None else {"replace": fix[2], "columns": [fix[0], fix[1]]},
    )


def _publish(ls: LanguageServer, uri: str, replay: bool = False) -> None:
    found = WORKSPACE.diagnostics(_path(uri), _text(ls, uri), replay=replay)
    shown = [_shown(d) for d in found]
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=shown))


@SERVER.feature(types.TEXT_DOCUMENT_DID_OPEN)
@_answers(None)
def _opened(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri, replay=True)


@SERVER.feature(types.TEXT_DOCUMENT_DID_CHANGE)
@_answers(None)
def _changed(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri)


@SERVER.feature(types.TEXT_DOCUMENT_DID_SAVE)
@_answers(None)
def _saved(ls: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri, replay=True)


@SERVER.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
)
@_answers(list)
def _code_actions(ls: LanguageServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    """The quick fixes of the range: each did-you-mean of its problems, and "complete this move" on a script's
    step line whose move stops at a question with one legal answer."""
    return _did_you_mean(params) + _complete_this_move(ls, params)


def _did_you_mean(params: types.CodeActionParams) -> list[types.CodeAction]:
    """Each did-you-mean of the problems in the range: replace the problem's word with the suggestion."""
    uri = params.text_document.uri
    out = []
    for problem in params.context.diagnostics:
        data = problem.data if isinstance(problem.data, dict) else {}
        line = problem.range.start.line
        start, end = data.get("columns", [problem.range.start.character, problem.range.end.character])
        where = types.Range(types.Position(line, start), types.Position(line, end))
        for word in data.get("replace", []):
            edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(range=where, new_text=word)]})
            out.append(
                types.CodeAction(
                    title=f"Replace with '{word}'",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[problem],
                    edit=edit,
                    is_preferred=len(data["replace"]) == 1,
                )
            )
    return out


def _complete_this_move(ls: LanguageServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    """On a script's step line whose move stops at a question with one legal answer: the edit appending the
    answers that have one legal value (``revive complete``); nothing, and the failure logged, where it fails."""
    uri = params.text_document.uri
    try:
        line = params.range.start.line
        found = WORKSPACE.move_completion(_path(uri), _text(ls, uri), line)
    except Exception:
        LOG.exception("complete this move failed")
        return []
    if found is None:
        return []
    (start_line, start), (end_line, end), new = found
    where = types.Range(types.Position(start_line, start), types.Position(end_line, end))
    told = [d for d in params.context.diagnostics if d.range.start.line == line]
    return [
        types.CodeAction(
            title="complete this move",
            kind=types.CodeActionKind.QuickFix,
            diagnostics=told or None,
            edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(range=where, new_text=new)]}),
        )
    ]


@SERVER.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def _closed(ls: LanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    WORKSPACE.scripts.forget(_path(params.text_document.uri))
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


@SERVER.feature(types.TEXT_DOCUMENT_HOVER)
@_answers(None)
def _hover(ls: LanguageServer, params: types.HoverParams) -> types.Hover | None:
    source = _text(ls, params.text_document.uri)
    at = params.position
    text = WORKSPACE.hover(_path(params.text_document.uri), source, at.line, at.character)
    if text is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))


def _no_items() -> types.CompletionList:
    return types.CompletionList(is_incomplete=False, items=[])


@SERVER.feature(types.TEXT_DOCUMENT_COMPLETION)
@_answers(_no_items)
def _complete(ls: LanguageServer, params: types.CompletionParams) -> types.CompletionList:
    source = _text(ls, params.text_document.uri)
    at = params.position
    found = WORKSPACE.completions(_path(params.text_document.uri), source, at.line, at.character)
    kinds = {
        "word": types.CompletionItemKind.Function,
        "id": types.CompletionItemKind.Reference,
        "player": types.CompletionItemKind.Variable,
        "move": types.CompletionItemKind.Keyword,
        "answer": types.CompletionItemKind.EnumMember,
        "value": types.CompletionItemKind.Value,
    }
    items = [types.CompletionItem(label=label, kind=kinds[kind], detail=detail) for label, kind, detail in found]
    return types.CompletionList(is_incomplete=False, items=items)


def _location(pos, length: int = 0) -> types.Location:
    """A place as the editor goes to it: ``length`` characters of its line from ``pos`` (none: a point)."""
    start = types.Position(max(pos.line - 1, 0), max(pos.column - 1, 0))
    end = types.Position(start.line, start.character + length)
    return types.Location(uri=Path(pos.file).resolve().as_uri(), range=types.Range(start, end))


@SERVER.feature(types.TEXT_DOCUMENT_DEFINITION)
@_answers(None)
def _definition(ls: LanguageServer, params: types.DefinitionParams) -> types.Location | None:
    source = _text(ls, params.text_document.uri)
    at = params.position
    found = WORKSPACE.definition(_path(params.text_document.uri), source, at.line, at.character)
    if found is None:
        return None
    word, _, _ = word_at(source, at.line, at.character)
    return _location(found, len(word))  # the id itself, where it is defined


@SERVER.feature(types.TEXT_DOCUMENT_REFERENCES)
@_answers(list)
def _references(ls: LanguageServer, params: types.ReferenceParams) -> list[types.Location]:
    source = _text(ls, params.text_document.uri)
    at = params.position
    found = WORKSPACE.references(_path(params.text_document.uri), source, at.line, at.character)
    return [_location(pos) for pos in found]


@SERVER.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@_answers(list)
def _symbols(ls: LanguageServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    source = _text(ls, params.text_document.uri)
    out = []
    for name, detail, pos in WORKSPACE.symbols(_path(params.text_document.uri), source):
        where = _location(pos).range
        out.append(
            types.DocumentSymbol(
                name=name, kind=types.SymbolKind.Object, range=where, selection_range=where, detail=detail
            )
        )
    return out


@SERVER.feature(types.TEXT_DOCUMENT_FORMATTING)
@_answers(list)
def _format(ls: LanguageServer, params: types.DocumentFormattingParams) -> list[types.TextEdit]:
    source = _text(ls, params.text_document.uri)
    new = WORKSPACE.formatted(_path(params.text_document.uri), source)
    if new is None:
        return []
    lines = source.split("\n")
    whole = types.Range(types.Position(0, 0), types.Position(len(lines), 0))
    return [types.TextEdit(range=whole, new_text=new)]


def main() -> int:
    """Serve over stdio until the client ends the session; each frame read is checked first (:mod:`framing`)."""
    SERVER.start_io(stdin=FrameReader(sys.stdin.buffer))
    return 0


if __name__ == "__main__":  # pragma: no cover
    main()
