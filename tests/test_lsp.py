"""The language server end to end: started as ``revive lsp`` over stdio, driven by a real client (pytest-lsp)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from revive_dsl.replay import Replay, load_script, load_script_text
from tests.test_complete_move import OPENING, script

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


def _change(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def _hover(client: LanguageClient, uri: str, where: types.Position) -> str | None:
    found = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=where)
    )
    return None if found is None else found.contents.value


async def _labels(client: LanguageClient, uri: str, where: types.Position) -> list[str]:
    found = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=where)
    )
    return [item.label for item in found.items]


@pytest.mark.asyncio
async def test_a_did_you_mean_is_a_quick_fix_that_writes_the_suggestion_over_the_mistyped_word(client, tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(ROOT / "content" / "base", pack)
    path = pack / "crates.yaml"
    text = path.read_text(encoding="utf-8").replace('effect: "gain 2 gear"', 'effect: "gain 2 gaer"', 1)
    uri = _open(client, path, text)
    [problem] = await _diagnostics(client, uri)
    assert problem.data["replace"] == ["gear"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=problem.range,
            context=types.CodeActionContext(diagnostics=[problem]),
        )
    )
    [action] = actions
    assert action.title == "Replace with 'gear'" and action.kind == types.CodeActionKind.QuickFix
    [edit] = action.edit.changes[uri]
    assert edit.range == problem.range and edit.new_text == "gear"
    row = text.splitlines()[edit.range.start.line]
    fixed = row[: edit.range.start.character] + edit.new_text + row[edit.range.end.character :]
    assert fixed == '    effect: "gain 2 gear"'
    # a problem without a did-you-mean offers no fix
    bare = types.Diagnostic(range=problem.range, message="something else is wrong", source="revive")
    none = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=problem.range,
            context=types.CodeActionContext(diagnostics=[bare]),
        )
    )
    assert not none


@pytest.mark.asyncio
async def test_a_value_not_among_a_schemas_choices_gets_the_nearest_as_a_quick_fix(client, tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(ROOT / "content" / "base", pack)
    path = pack / "citizen_cards.yaml"
    text = path.read_text(encoding="utf-8").replace("colour: green", "colour: gren", 1)
    uri = _open(client, path, text)
    [problem] = await _diagnostics(client, uri)
    assert problem.message.endswith("'gren' is not one of ['grey', 'green', 'yellow']; did you mean 'green'?")
    assert problem.data["replace"] == ["green"]
    row = text.splitlines()[problem.range.start.line]
    assert row[problem.range.start.character : problem.range.end.character] == "gren"


@pytest.mark.asyncio
async def test_hover_on_an_effect_text_tells_the_whole_effect_in_english(client):
    path = ROOT / "content" / "base" / "citizen_cards.yaml"
    text = path.read_text(encoding="utf-8")
    uri = _open(client, path, text)
    await _diagnostics(client, uri)
    told = await _hover(client, uri, _at(text, '"advance grey; slot"', 10))  # on the ';' between two words
    assert told is not None and told.startswith("**cit_smith** `bottom`: ")
    on_word = await _hover(client, uri, _at(text, '"advance grey; slot"', 2))  # on 'advance': the word, then the text
    assert on_word.startswith("**advance** (") and on_word.endswith(told)
    assert await _hover(client, uri, _at(text, "bottom:", 1)) is None  # the key is not the text


@pytest.mark.asyncio
async def test_hover_reads_a_word_by_its_place_a_packs_counter_and_an_event_or_an_effect(client):
    path = ROOT / "tests" / "example_expansion" / "emberfall" / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    uri = _open(client, path, text)
    await _diagnostics(client, uri)
    row = '"when build: raise heat; when populate: raise heat"'
    told = await _hover(client, uri, _at(text, row, 7))  # `build` after `when`: the event
    assert told.startswith("**build** (event, base)")
    told = await _hover(client, uri, _at(text, row, row.index("heat") + 1))  # `heat` after `raise`: the counter
    assert told.startswith("**heat** (counter, emberfall)") and "The forge's heat, 0-5" in told
    told = await _hover(client, uri, _at(text, '"at turn end: if heat >= 4: lower heat"', 18))
    assert told.startswith("**heat** (counter, emberfall)")


def _script(tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "game.yaml"
    text = (ROOT / "replays" / "games" / "2p-nadair-ox49.yaml").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    return path, text


@pytest.mark.asyncio
async def test_a_scripts_space_key_is_told_as_it_stands_before_and_after_the_step(client, tmp_path):
    path, text = _script(tmp_path)
    uri = _open(client, path, text)
    assert await _diagnostics(client, uri) == []  # opened: played back to its end, nothing diverges
    told = await _hover(client, uri, _at(text, "- move: Ann build 2,-2 small", len("- move: Ann build ") + 1))
    assert told.startswith("**2,-2**: sand, tile slot s2")
    step = next(s.index for s in load_script(path).steps if s.text == "Ann build 2,-2 small")
    assert f"Before step {step} (`Ann build 2,-2 small`), on it: nothing" in told
    assert "After it, on it: Ann's small building" in told


@pytest.mark.asyncio
async def test_completion_on_a_scripts_move_line_offers_the_players_and_the_legal_answers(client, tmp_path):
    path, text = _script(tmp_path)
    uri = _open(client, path, text)
    await _diagnostics(client, uri)
    row = "- move: Ann build 2,-2 small"
    assert await _labels(client, uri, _at(text, row, len("- move: "))) == ["Ann", "Bob", "setup"]
    moves = await _labels(client, uri, _at(text, row, len("- move: Ann ")))
    assert moves == ["play", "build", "populate", "end"]  # the moves left to Ann at that point of her turn
    assert await _labels(client, uri, _at(text, row, len("- move: Ann bu"))) == ["build"]
    spaces = await _labels(client, uri, _at(text, row, len("- move: Ann build ")))
    assert "2,-2" in spaces and "-2,1" in spaces and "0,0" not in spaces  # the sand spaces Ann may build on


@pytest.mark.asyncio
async def test_saving_a_script_reports_its_first_divergence_at_that_steps_line(client, tmp_path):
    path, text = _script(tmp_path)
    uri = _open(client, path, text)
    assert await _diagnostics(client, uri) == []
    broken = text.replace("- Bob build -2,1 small", "- Bob build 2,-2 small", 1)
    _change(client, uri, broken, 2)
    assert await _diagnostics(client, uri) == []  # as you type: the script reads; it is played on save
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    [problem] = await _diagnostics(client, uri)
    assert problem.range.start.line == broken.splitlines().index("- Bob build 2,-2 small")
    step = next(s.index for s in load_script(path).steps if s.text == "Bob build -2,1 small")
    assert problem.message.startswith(f"step {step} (Bob build 2,-2 small)")


@pytest.mark.asyncio
async def test_bad_input_gets_one_clear_problem_or_nothing_and_the_server_keeps_answering(client, tmp_path):
    huge = tmp_path / "huge.yaml"  # 5 MB of components: told, not checked as you type
    body = "".join(
        f"  - {{id: c{i}, name: C, provenance: representative, effect: 'gain 2 gear'}}\n" for i in range(70_000)
    )
    uri = _open(client, huge, "kind: crate\ncomponents:\n" + body)
    [problem] = await _diagnostics(client, uri)
    assert problem.message.startswith("the file is 5.") and "too big to check as you type" in problem.message
    assert await _hover(client, uri, types.Position(2, 60)) is None
    binary = tmp_path / "picture.yaml"  # a binary file opened as text
    data = bytes(range(256)) * 8
    binary.write_bytes(data)
    uri = _open(client, binary, data.decode("latin-1"))
    problems = await _diagnostics(client, uri)
    assert len(problems) == 1 and problems[0].range.start.line == 0
    latin = tmp_path / "latin.yaml"  # not UTF-8 on disk: the editor shows the byte as U+FFFD
    latin.write_bytes(b"kind: crate\n# caf\xe9\ncomponents: []\n")
    uri = _open(client, latin, "kind: crate\n# caf\ufffd\ncomponents: []\n")
    [problem] = await _diagnostics(client, uri)
    assert problem.message == "not UTF-8 text (byte 0xe9): save the file as UTF-8"
    assert problem.range.start == types.Position(1, 5)
    outside = tmp_path / "loose.yaml"  # outside any pack: checked against the bundled packs
    loose = "kind: crate\ncomponents:\n  - {id: loose_1, name: L, provenance: representative, effect: 'gain 2 gaer'}\n"
    uri = _open(client, outside, loose)
    [problem] = await _diagnostics(client, uri)
    assert "did you mean 'gear'?" in problem.message and problem.range.start.line == 2
    untitled = "untitled:Untitled-1"  # no file at all
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=untitled, language_id="yaml", version=1, text="\x00\x01\x02")
        )
    )
    assert len(await _diagnostics(client, untitled)) == 1
    assert await _labels(client, untitled, types.Position(0, 1)) is not None
    path = ROOT / "content" / "base" / "crates.yaml"  # and the server still answers
    text = path.read_text(encoding="utf-8")
    told = await _hover(client, _open(client, path, text), _at(text, 'effect: "gain 2 gear"', len("effect: ") + 2))
    assert told.startswith("**gain** (effect, base)")


@pytest.mark.asyncio
async def test_completion_after_a_dsl_word_offers_the_values_its_next_parameter_takes(client):
    path = ROOT / "content" / "base" / "citizen_cards.yaml"
    text = path.read_text(encoding="utf-8").replace('top: "gain 2 gear"', 'top: "gain 2 g"', 1)
    uri = _open(client, path, text)
    await _diagnostics(client, uri)
    assert await _labels(client, uri, _at(text, 'top: "gain 2 g"', len('top: "gain 2 g'))) == ["gear"]
    advance = _at(text, 'bottom: "advance grey; slot"', len('bottom: "advance '))
    assert await _labels(client, uri, advance) == ["grey", "green", "yellow", "any"]  # the tracks, nothing else
    anywhere = await _labels(client, uri, _at(text, "colour: grey", len("colour: ")))
    assert {"grey", "crystal", "forest", "gain", "cit_smith"} <= set(anywhere)  # values, words and ids


@pytest.mark.asyncio
async def test_a_mistyped_key_told_at_its_mapping_is_fixed_at_the_key(client, tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(ROOT / "content" / "base", pack)
    path = pack / "crates.yaml"
    text = path.read_text(encoding="utf-8").replace("provenance: representative", "provenanse: representative", 1)
    uri = _open(client, path, text)
    problems = await _diagnostics(client, uri)
    [typo] = [p for p in problems if "unknown key 'provenanse'" in p.message]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=typo.range,
            context=types.CodeActionContext(diagnostics=problems),
        )
    )
    [action] = actions  # only the problem with a did-you-mean offers a fix
    [edit] = action.edit.changes[uri]
    row = text.splitlines()[edit.range.start.line]
    assert row[edit.range.start.character : edit.range.end.character] == "provenanse"
    assert edit.new_text == "provenance"


@pytest.mark.asyncio
async def test_closing_a_document_clears_its_problems(client, tmp_path):
    path, text = _script(tmp_path)
    broken = text.replace("- Bob build -2,1 small", "- Bob build 2,-2 small", 1)
    uri = _open(client, path, broken)
    assert len(await _diagnostics(client, uri)) == 1  # opened: played back, the divergence told
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert await _diagnostics(client, uri) == []


@pytest.mark.asyncio
async def test_complete_this_move_appends_the_answers_that_have_one_legal_value(client, tmp_path):
    path = tmp_path / "game.yaml"
    text = script(*OPENING, "Bob populate  # where?", "Bob end")
    uri = _open(client, path, text)
    [problem] = await _diagnostics(client, uri)  # opened: played back, stopping at the unanswered question
    line = text.splitlines().index("  - Bob populate  # where?")
    assert problem.range.start.line == line

    async def actions(at: int, diagnostics: list[types.Diagnostic]) -> list[types.CodeAction]:
        where = types.Range(types.Position(at, 6), types.Position(at, 6))
        found = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=where,
                context=types.CodeActionContext(diagnostics=diagnostics),
            )
        )
        return [a for a in found or [] if isinstance(a, types.CodeAction)]

    [action] = await actions(line, [problem])
    assert action.title == "complete this move" and action.kind == types.CodeActionKind.QuickFix
    [edit] = action.edit.changes[uri]
    assert (edit.range.start, edit.range.end) == (types.Position(line, 4), types.Position(line, 16))
    assert edit.new_text == "Bob populate 0,-2 t1"
    rows = text.splitlines(keepends=True)
    row = rows[line]
    rows[line] = row[: edit.range.start.character] + edit.new_text + row[edit.range.end.character :]
    assert rows[line] == "  - Bob populate 0,-2 t1  # where?\n"
    assert Replay(load_script_text("".join(rows), "game.yaml")).run() is not None  # it replays to its end
    assert await actions(line - 1, []) == []  # a whole move: nothing to complete
    assert await actions(0, []) == []  # not a step
    several = script(*OPENING[:13], "Ann play start_d_1")  # into which slot: two answers, nothing to append
    _change(client, uri, several, 2)
    await _diagnostics(client, uri)
    assert await actions(several.splitlines().index("  - Ann play start_d_1"), []) == []


@pytest.mark.asyncio
async def test_completion_offers_only_the_words_of_the_rules_packages_the_files_pack_loads(client):
    base = ROOT / "content" / "base" / "crates.yaml"
    text = base.read_text(encoding="utf-8").replace('effect: "gain 2 gear"', 'effect: "ga"', 1)
    uri = _open(client, base, text)
    await _diagnostics(client, uri)
    in_base = await _labels(client, uri, _at(text, 'effect: "ga"', len('effect: "ga')))
    assert "gain" in in_base and "gadget" not in in_base  # a word of the abyss rules package: refused here
    anywhere = await _labels(client, uri, _at(text, "provenance: ", len("provenance: ")))
    assert "flip_gate" not in anywhere and "gadget_a" not in anywhere and "gain" in anywhere
    abyss = ROOT / "content" / "abyss" / "gadgets.yaml"
    text = abyss.read_text(encoding="utf-8").replace('effect: "fill basic"', 'effect: "ga"', 1)
    uri = _open(client, abyss, text)
    await _diagnostics(client, uri)
    in_abyss = await _labels(client, uri, _at(text, 'effect: "ga"', len('effect: "ga')))
    assert {"gain", "gadget"} <= set(in_abyss)


@pytest.mark.asyncio
async def test_definition_lands_on_the_id_itself_in_the_file_defining_it(client):
    path = ROOT / "content" / "base" / "tribes.yaml"
    text = path.read_text(encoding="utf-8")
    uri = _open(client, path, text)
    await _diagnostics(client, uri)
    found = await client.text_document_definition_async(
        types.DefinitionParams(types.TextDocumentIdentifier(uri), _at(text, "tech_side_slot", 3))
    )
    assert Path(found.uri.removeprefix("file://")).name == "technologies.yaml"
    row = (
        (ROOT / "content" / "base" / "technologies.yaml")
        .read_text(encoding="utf-8")
        .splitlines()[found.range.start.line]
    )
    assert row[found.range.start.character : found.range.end.character] == "tech_side_slot"
    assert row[: found.range.start.character].rstrip().endswith("id:")  # the value, not the key


@pytest.mark.asyncio
async def test_a_misspelt_move_word_in_a_script_is_flagged_as_it_is_typed_with_its_fix(client, tmp_path):
    path = tmp_path / "game.yaml"
    text = script(*OPENING[:2])
    uri = _open(client, path, text)
    assert await _diagnostics(client, uri) == []
    typed = text.replace("- Ann trade_crystal food", "- Ann traed_crystal food", 1)
    _change(client, uri, typed, 2)
    [problem] = await _diagnostics(client, uri)
    line = typed.splitlines().index("  - Ann traed_crystal food")
    start = typed.splitlines()[line].index("traed_crystal")
    assert problem.range == types.Range(types.Position(line, start), types.Position(line, start + 13))
    assert problem.message.endswith("it names nothing the game knows; did you mean 'trade_crystal'?")
    biuld = script("Ann biuld 0,1 small")
    _change(client, uri, biuld, 3)
    [problem] = await _diagnostics(client, uri)
    assert problem.range.start == _at(biuld, "biuld", 0) and "did you mean 'build'?" in problem.message
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=problem.range,
            context=types.CodeActionContext(diagnostics=[problem]),
        )
    )
    [fix] = [a for a in actions if a.title == "Replace with 'build'"]
    [edit] = fix.edit.changes[uri]
    assert edit.new_text == "build" and edit.range == problem.range
