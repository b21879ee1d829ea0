"""The language server end to end: started as ``revive lsp`` over stdio, driven by a real client (pytest-lsp)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = Path(__file__).resolve().parent.parent


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "revive_dsl.cli", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text))
    )
    return uri


def _at(text: str, needle: str, into: int = 1) -> types.Position:
    """Where ``needle`` first stands in ``text``, ``into`` characters into it (the cursor on that word)."""
    rows = text.splitlines()
    line = next(i for i, row in enumerate(rows) if needle in row)
    return types.Position(line, rows[line].index(needle) + into)


async def _diagnostics(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


@pytest.mark.asyncio
async def test_a_mistyped_resource_in_a_packs_file_is_reported_at_the_word_as_it_is_typed(client, tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(ROOT / "content" / "base", pack)
    path = pack / "crates.yaml"
    text = path.read_text(encoding="utf-8")
    uri = _open(client, path, text)
    assert await _diagnostics(client, uri) == []
    broken = text.replace('effect: "gain 2 gear"', 'effect: "gain 2 gaer"', 1)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=broken)],
        )
    )
    [problem] = await _diagnostics(client, uri)
    line = broken.splitlines().index('    effect: "gain 2 gaer"')
    column = broken.splitlines()[line].index("gaer")
    assert problem.range == types.Range(types.Position(line, column), types.Position(line, column + 4))
    assert problem.message.startswith("'gaer' is not a gainable") and "did you mean 'gear'?" in problem.message


@pytest.mark.asyncio
async def test_hover_tells_a_dsl_word_and_a_component_id(client):
    path = ROOT / "content" / "base" / "crates.yaml"
    text = path.read_text(encoding="utf-8")
    uri = _open(client, path, text)
    await _diagnostics(client, uri)
    line = text.splitlines().index('    effect: "gain 2 gear"')
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(line, 14))
    )
    assert hover.contents.value.startswith("**gain** (effect, base): `gain [count=1] what:gainable`")
    id_line = next(i for i, row in enumerate(text.splitlines()) if "id: crate_01" in row)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(id_line, text.splitlines()[id_line].index("crate_01") + 2)
        )
    )
    assert hover.contents.value.startswith("**crate_01**: ") and "(crate, pack base)" in hover.contents.value


@pytest.mark.asyncio
async def test_completion_offers_the_words_and_ids_that_fit(client):
    path = ROOT / "content" / "base" / "crates.yaml"
    text = path.read_text(encoding="utf-8").replace('effect: "gain 2 gear"', 'effect: "gai"', 1)
    uri = _open(client, path, text)
    await _diagnostics(client, uri)
    line = text.splitlines().index('    effect: "gai"')
    found = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(line, 16))
    )
    labels = [item.label for item in found.items]
    assert "gain" in labels and all(label.startswith("gai") for label in labels)


@pytest.mark.asyncio
async def test_a_script_and_a_file_that_is_not_yaml_get_diagnostics_not_a_crash(client, tmp_path):
    script = tmp_path / "game.yaml"
    text = "format: 4\npacks: [base]\nplayers: [{name: Ann, tribe: nadiar, side: sun}]\nsetup: {seed: 1}\nsteps: []\n"
    uri = _open(client, script, text)
    [problem] = await _diagnostics(client, uri)
    assert "nadiar" in problem.message and problem.range.start.line == 2
    junk = tmp_path / "junk.yaml"
    uri = _open(client, junk, "kind: [unclosed\n\x00\x01 not yaml at all: {")
    problems = await _diagnostics(client, uri)
    assert problems and problems[0].range.start.line >= 0
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(script.as_uri()), types.Position(2, 30))
    )
    assert hover is None or hover.contents.value


@pytest.mark.asyncio
async def test_definition_references_symbols_and_formatting(client, tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(ROOT / "content" / "base", pack)
    crates = pack / "crates.yaml"
    text = crates.read_text(encoding="utf-8").replace('effect: "gain 2 gear"', "effect: gain  2   gear", 1)
    uri = _open(client, crates, text)
    await _diagnostics(client, uri)
    where = _at(text, "crate_01")
    found = await client.text_document_definition_async(
        types.DefinitionParams(types.TextDocumentIdentifier(uri), where)
    )
    assert found.uri == uri and found.range.start.line == where.line
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(types.TextDocumentIdentifier(uri))
    )
    assert [s.name for s in symbols[:2]] == ["crate_01", "crate_02"] and symbols[0].detail.startswith("crate: ")
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(types.TextDocumentIdentifier(uri), types.FormattingOptions(2, True))
    )
    [edit] = edits  # the whole file in its canonical form: the spaced-out text written as revive fmt writes it
    assert "gain  2   gear" not in edit.new_text and edit.new_text.count("gain 2 gear") == text.count("gain 2 gear") + 1
    techs = pack / "technologies.yaml"  # a technology named by the tribes that have it
    tech_text = techs.read_text(encoding="utf-8")
    tech_uri = _open(client, techs, tech_text)
    await _diagnostics(client, tech_uri)
    spot = _at(tech_text, "id: tech_side_slot", len("id: ") + 2)
    mentions = await client.text_document_references_async(
        types.ReferenceParams(
            context=types.ReferenceContext(include_declaration=True),
            text_document=types.TextDocumentIdentifier(tech_uri),
            position=spot,
        )
    )
    files = {Path(m.uri).name for m in mentions}
    assert {"technologies.yaml", "tribes.yaml", "player_board.yaml"} <= files
