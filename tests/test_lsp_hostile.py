"""The language server under hostile input, over stdio: it never dies, never blocks and answers every request.

A raw client (:class:`Raw`) writes frames byte by byte as a careless or malicious editor could: documents that
are FIFOs or devices, headers whose length overflows or is missing, params that do not fit their method. After
each, an ordinary hover must still be answered.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import random
import resource
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = Path(__file__).resolve().parent.parent
CRATES = ROOT / "content" / "base" / "crates.yaml"
WAIT = 5.0  # seconds any request may take to be answered


def _limit_memory() -> None:  # pragma: no cover (runs in the child)
    """The server may use at most 2 GB: a server that reads ``/dev/zero`` fails, and does not take the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


class Raw:
    """``revive lsp`` as a subprocess spoken to in raw bytes; what it writes is read in a thread, frame by frame."""

    def __init__(self) -> None:
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "revive_dsl.cli", "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            cwd=ROOT,
            preexec_fn=_limit_memory,
        )
        self.messages: queue.Queue[dict | None] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                if not line.strip():
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            self.messages.put(json.loads(out.read(length)))

    def write(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode("utf-8")
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method: str, params: object) -> int:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def answer(self, msg_id: int, wait: float = WAIT) -> dict:
        """The response to ``msg_id`` (notifications and other responses on the way are passed over)."""
        while True:
            try:
                message = self.messages.get(timeout=wait)
            except queue.Empty:
                raise AssertionError(f"no answer to request {msg_id} within {wait} s (alive: {self.alive()})") from None
            if message is None:
                raise AssertionError(f"the server ended (exit {self.proc.wait(5)}) before answering {msg_id}")
            if message.get("id") == msg_id and "method" not in message:
                return message

    def ask(self, method: str, params: object, wait: float = WAIT) -> dict:
        return self.answer(self.request(method, params), wait)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        if self.alive():
            try:
                self.ask("shutdown", None)
                self.send({"jsonrpc": "2.0", "method": "exit"})
                self.proc.wait(5)
            except (AssertionError, OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        self.log.close()


@pytest.fixture
def raw():
    server = Raw()
    answer = server.ask("initialize", {"processId": None, "rootUri": None, "capabilities": {}}, wait=60)
    assert "result" in answer
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    text = CRATES.read_text(encoding="utf-8")
    server.send(
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": CRATES.as_uri(), "languageId": "yaml", "version": 1, "text": text}},
        }
    )
    yield server
    server.close()


def _hover_params(uri: str, line: int, character: int) -> dict:
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


def _still_serves(raw: Raw) -> None:
    """An ordinary hover on an open content file is answered, and rightly."""
    line = CRATES.read_text(encoding="utf-8").splitlines().index('    effect: "gain 2 gear"')
    answer = raw.ask("textDocument/hover", _hover_params(CRATES.as_uri(), line, 14), wait=60)
    assert answer["result"]["contents"]["value"].startswith("**gain**"), answer
    assert raw.alive()


# 1. documents never opened are read from disk only when they are plain files, and not too big


@pytest.mark.parametrize("method", ["textDocument/hover", "textDocument/completion", "textDocument/documentSymbol"])
def test_a_request_on_an_unopened_fifo_is_answered_and_the_server_goes_on(raw, tmp_path, method):
    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    params = _hover_params(fifo.as_uri(), 0, 0)
    if method == "textDocument/documentSymbol":
        params = {"textDocument": {"uri": fifo.as_uri()}}
    answer = raw.ask(method, params)
    assert "result" in answer, answer  # what an empty document gets
    _still_serves(raw)


def test_a_hover_on_dev_zero_is_answered_at_once(raw):
    answer = raw.ask("textDocument/hover", _hover_params("file:///dev/zero", 0, 0))
    assert answer["result"] is None
    _still_serves(raw)


def test_an_unopened_plain_file_is_still_read_from_disk(raw):
    tribes = ROOT / "content" / "base" / "tribes.yaml"
    answer = raw.ask("textDocument/documentSymbol", {"textDocument": {"uri": tribes.as_uri()}}, wait=60)
    assert answer["result"], answer


def test_an_unopened_file_over_the_size_limit_is_not_read(raw, tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("components:\n" + "# padding\n" * 300_000, encoding="utf-8")
    answer = raw.ask("textDocument/documentSymbol", {"textDocument": {"uri": big.as_uri()}})
    assert answer["result"] == []
    _still_serves(raw)


def test_a_pack_holding_a_fifo_beside_the_open_document_is_served(raw, tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: fifo_pack\nname: Fifo pack\nversion: 1\ndepends: [base]\n")
    os.mkfifo(pack / "a-pipe.yaml")  # read by name order before the document: it must be passed over, not opened
    os.symlink("/dev/zero", pack / "b-zero.yaml")
    crates = pack / "crates.yaml"
    text = CRATES.read_text(encoding="utf-8").replace("id: crate_", "id: fifo_crate_")
    crates.write_text(text, encoding="utf-8")
    raw.send(
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": crates.as_uri(), "languageId": "yaml", "version": 1, "text": text}},
        }
    )
    line = text.splitlines().index('    effect: "gain 2 gear"')
    answer = raw.ask("textDocument/hover", _hover_params(crates.as_uri(), line, 14), wait=60)
    assert answer["result"]["contents"]["value"].startswith("**gain**"), answer
    answer = raw.ask("textDocument/definition", _hover_params(crates.as_uri(), line, 14), wait=60)
    assert "result" in answer, answer
    _still_serves(raw)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "revive_dsl.cli", "lsp"]))
async def bounded(lsp_client: LanguageClient):
    """A pytest-lsp client whose session ends within WAIT seconds even when the server no longer answers."""
    await asyncio.wait_for(
        lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities())), 60
    )
    yield
    try:
        await asyncio.wait_for(lsp_client.shutdown_session(), WAIT)
    except TimeoutError:  # a server that blocks: killed, or pytest-lsp would wait for it to end for ever
        lsp_client._server.kill()  # pygls keeps the server process under this name; no public one


@pytest.mark.asyncio
async def test_a_pytest_lsp_client_hovering_an_unopened_fifo_gets_an_answer(bounded, tmp_path):
    fifo = tmp_path / "script.yaml"
    os.mkfifo(fifo)
    hover = await asyncio.wait_for(
        bounded.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(fifo.as_uri()), types.Position(0, 0))
        ),
        WAIT,
    )
    assert hover is None


# 2. a malformed frame is skipped (and logged); the next well-formed message is served


@pytest.mark.parametrize(
    "frame",
    [
        b"Content-Length: 99999999999999999999\r\n\r\n{}",
        b"Content-Length: 1" + b"0" * 400 + b"\r\n\r\n{}",
        b'Content-Type: application/vscode-jsonrpc\r\n\r\n{"jsonrpc": "2.0", "id": 999, "method": "shutdown"}',
        b"Content-Length: -5\r\n\r\n{}",
        b"Content-Length: twelve\r\n\r\n{}",
        b"this is not a header\r\n",
        b'Content-Length: 3\r\n\r\n{"jsonrpc": "2.0"}',  # a length shorter than the body: the rest is no header
        b"Content-Length: 5\r\n\r\n[1,2]",
        b"Content-Length: 9\r\n\r\nnot json!",
        b"Content-Length: 2\r\n" + b"X-Junk: 1\r\n" * 100 + b"\r\n{}",
        b"Content-Length: 2\r\nX-Long: " + b"x" * 100_000 + b"\r\n\r\n{}",
    ],
    ids=[
        "overflowing-length",
        "400-digit-length",
        "no-content-length",
        "negative-length",
        "word-length",
        "not-a-header",
        "short-length",
        "json-array",
        "not-json",
        "many-headers",
        "long-header",
    ],
)
def test_a_malformed_frame_is_skipped_and_the_next_message_is_served(raw, frame):
    raw.write(frame)
    _still_serves(raw)
    assert raw.alive()


def test_a_frame_split_in_small_writes_is_served(raw):
    line = CRATES.read_text(encoding="utf-8").splitlines().index('    effect: "gain 2 gear"')
    body = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 4242,
            "method": "textDocument/hover",
            "params": _hover_params(CRATES.as_uri(), line, 14),
        }
    )
    data = b"content-length:  %d \r\n\r\n" % len(body) + body.encode()
    for start in range(0, len(data), 7):
        raw.write(data[start : start + 7])
    assert raw.answer(4242, wait=60)["result"]["contents"]["value"].startswith("**gain**")


# 3. a request whose params do not fit gets the error -32602 (invalid params)


@pytest.mark.parametrize(
    "params",
    [
        _hover_params(CRATES.as_uri(), -1, 0),
        _hover_params(CRATES.as_uri(), 0, -3),
        _hover_params(CRATES.as_uri(), 2**31, 0),
        _hover_params(CRATES.as_uri(), 0, 2**40),
        _hover_params(CRATES.as_uri(), "three", 0),
        _hover_params(CRATES.as_uri(), 1.5, 0),
        {"textDocument": {"uri": 17}, "position": {"line": 0, "character": 0}},
        {"textDocument": {"uri": CRATES.as_uri()}},
        None,
        [],
        "hover",
    ],
    ids=[
        "negative-line",
        "negative-character",
        "line-2^31",
        "character-2^40",
        "line-string",
        "line-float",
        "uri-number",
        "no-position",
        "null",
        "array",
        "string",
    ],
)
def test_a_request_with_invalid_params_gets_invalid_params_and_the_server_goes_on(raw, params):
    answer = raw.ask("textDocument/hover", params)
    assert answer["error"]["code"] == -32602, answer
    _still_serves(raw)


@pytest.mark.parametrize(
    "method", ["textDocument/completion", "textDocument/documentSymbol", "textDocument/definition"]
)
def test_other_requests_with_null_params_get_invalid_params(raw, method):
    assert raw.ask(method, None)["error"]["code"] == -32602
    _still_serves(raw)


def test_a_request_with_an_object_for_id_gets_invalid_request(raw):
    raw.send({"jsonrpc": "2.0", "id": {"a": 1}, "method": "textDocument/hover", "params": None})
    _still_serves(raw)


# the run of random requests: every well-formed one is answered within WAIT seconds


def _mutated(text: str, rng: random.Random) -> str:
    rows = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(rows))
        row = rows[i]
        what = rng.randrange(5)
        if what == 0 and row:
            j = rng.randrange(len(row))
            rows[i] = row[:j] + row[j + 1 :]
        elif what == 1:
            j = rng.randint(0, len(row))
            rows[i] = row[:j] + rng.choice(["\t", "{", "[", ":", '"', "- ", "\ufffd", "é", "#", "  "]) + row[j:]
        elif what == 2:
            rows.insert(i, rng.choice(rows))
        elif what == 3:
            del rows[i]
        else:
            rows[i] = row[: rng.randint(0, len(row))]
    return "\n".join(rows)


FUZZED = [  # the documents the run mutates: content of both packs (DSL texts in most) and a replay script
    CRATES,
    ROOT / "content" / "base" / "tribes.yaml",
    ROOT / "content" / "abyss" / "citizen_cards.yaml",
    ROOT / "tests" / "data" / "replay" / "two-players.yaml",
]
METHODS = [
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/documentSymbol",
    "textDocument/formatting",
    "textDocument/codeAction",
]
GARBAGE = [
    b"Content-Length: 99999999999999999999\r\n\r\n{}",
    b"Content-Type: x\r\n\r\n{}",
    b"Content-Length: 4\r\n\r\nnull",
    b"\r\n\r\n",
    b"Content-Length: 3\r\n\r\n{}}",
    b"Content-Length: -1\r\n\r\n",
    b"Content-Length: 2\r\n\r\n[]",
    b"\xff\xfe\r\n\r\n",
]


def _params(method: str, uri: str, position: dict) -> dict:
    params: dict = {"textDocument": {"uri": uri}}
    if method in ("textDocument/hover", "textDocument/completion", "textDocument/definition"):
        params["position"] = position
    elif method == "textDocument/references":
        params.update(position=position, context={"includeDeclaration": True})
    elif method == "textDocument/formatting":
        params["options"] = {"tabSize": 2, "insertSpaces": True}
    elif method == "textDocument/codeAction":
        params.update(range={"start": position, "end": position}, context={"diagnostics": []})
    return params


def test_fifteen_hundred_random_requests_are_each_answered_in_time(raw):
    """The issue's run: 1,500 messages (mutated documents, saves, random and invalid positions, malformed
    frames); every well-formed request is answered within WAIT seconds, rightly shaped, and the server lives."""
    rng = random.Random(20261127)
    texts = {path.as_uri(): path.read_text(encoding="utf-8") for path in FUZZED}
    bases = dict(texts)
    versions = dict.fromkeys(texts, 1)
    for uri, text in texts.items():
        if uri != CRATES.as_uri():  # the fixture opened crates.yaml
            item = {"uri": uri, "languageId": "yaml", "version": 1, "text": text}
            raw.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": item}})
    answered = 0
    for _ in range(1500):
        uri = rng.choice(list(texts))
        roll = rng.random()
        if roll < 0.2:
            texts[uri] = _mutated(bases[uri] if rng.random() < 0.3 else texts[uri], rng)
            versions[uri] += 1
            change = {"textDocument": {"uri": uri, "version": versions[uri]}, "contentChanges": [{"text": texts[uri]}]}
            raw.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": change})
            continue
        if roll < 0.23:  # a save: a script is played back to its first divergence
            raw.send({"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}})
            continue
        if roll < 0.3:
            raw.write(rng.choice(GARBAGE))
            continue
        rows = texts[uri].split("\n")
        line = rng.choice([rng.randrange(len(rows) + 3), 0, len(rows), 2**31 - 1])
        character = rng.choice([0, rng.randrange(120), 2**31 - 1])
        invalid = roll < 0.35
        if invalid:
            line = rng.choice([-1, 2**31, "x", None, 1.5])
        method = rng.choice(METHODS)
        params = _params(method, uri, {"line": line, "character": character})
        answer = raw.ask(method, params)
        answered += 1
        if invalid and method not in ("textDocument/documentSymbol", "textDocument/formatting"):
            assert answer.get("error", {}).get("code") == -32602, (method, params, answer)
        else:
            assert "result" in answer or answer["error"]["code"] == -32602, (method, params, answer)
    assert answered > 900  # most of the run is requests
    _still_serves(raw)
