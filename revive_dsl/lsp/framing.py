"""The server's input as whole, well-formed frames: what a client writes is checked before pygls reads it.

pygls reads a header block line by line and trusts its ``Content-Length``: a length too big for an integer ends
the process, and a block without one leaves the stream stuck for good. :class:`FrameReader` stands between stdin
and pygls: it reads each header block itself, and hands on only a frame whose length is a number no bigger than
:data:`MAX_BODY`, rewritten as pygls expects it. A bad block is logged and skipped: the reader looks for the
next ``Content-Length:`` in what follows (the body of the bad frame, which it never trusts) and goes on from
there, so the next well-formed message is served.

>>> import io
>>> raw = b"Content-Length: 99999999999999999999\\r\\n\\r\\n{}" + b"Content-Length: 2\\r\\n\\r\\n{}"
>>> reader = FrameReader(io.BytesIO(raw))
>>> reader.readline(), reader.readline(), reader.read(2), reader.readline()
(b'Content-Length: 2\\r\\n', b'\\r\\n', b'{}', b'')
"""

from __future__ import annotations

import logging
import re
from typing import BinaryIO

LOG = logging.getLogger(__name__)

MAX_BODY = 64 * 1024 * 1024  # the longest message body served (a document of tens of megabytes is no source file)
MAX_LINE = 8 * 1024  # the longest header line read as one
MAX_HEADERS = 32  # the most header lines in one block
_MARK = b"content-length:"
_LENGTH = re.compile(rb"content-length:[ \t]*(\d{1,20})[ \t]*", re.IGNORECASE)
_HEADER = re.compile(rb"[A-Za-z0-9-]+:")


class FrameReader:
    """A reader with the ``readline``/``read`` pygls uses, over ``raw``, giving only well-formed frames.

    Each frame is given as ``Content-Length: N\\r\\n``, ``\\r\\n`` and its body; at the end of ``raw`` (or of a
    truncated body) it gives ``b""``, which ends pygls's loop as the end of stdin does."""

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw
        self._lines: list[bytes] = []
        self._body = b""
        self._carry = b""  # bytes read past a resynchronisation: the start of the next header line

    def readline(self) -> bytes:
        if not self._lines:
            frame = self._next_frame()
            if frame is None:
                return b""
            self._body = frame
            self._lines = [b"Content-Length: %d\r\n" % len(frame), b"\r\n"]
        return self._lines.pop(0)

    def read(self, n: int) -> bytes:
        out, self._body = self._body[:n], self._body[n:]
        return out

    def _line(self) -> bytes:
        if self._carry:
            if b"\n" in self._carry:
                line, _, self._carry = self._carry.partition(b"\n")
                return line + b"\n"
            line, self._carry = self._carry, b""
            return line + self.raw.readline(MAX_LINE)
        return self.raw.readline(MAX_LINE)

    def _next_frame(self) -> bytes | None:
        """The body of the next well-formed frame, skipping (and logging) each bad one; None at the end."""
        while True:
            length, problem = self._header_block()
            if length is None and problem is None:
                return None
            if problem is None:
                body = self._read_body(length)
                if body is None:
                    LOG.error("input ended inside a message body of %d bytes", length)
                    return None
                return body
            LOG.error("skipped a malformed message header: %s", problem)
            if not self._resynchronise():
                return None

    def _header_block(self) -> tuple[int | None, str | None]:
        """The length of the next header block, or the problem with it; (None, None) at the end of input."""
        length: int | None = None
        count = 0
        while True:
            line = self._line()
            if not line:
                return None, None
            if not line.strip():
                if count == 0:
                    continue  # blank lines between frames
                break
            count += 1
            if count > MAX_HEADERS:
                return None, f"more than {MAX_HEADERS} header lines"
            if not line.endswith(b"\n"):
                return None, f"a header line longer than {MAX_LINE} bytes"
            if line[: len(_MARK)].lower() == _MARK:
                match = _LENGTH.fullmatch(line.rstrip(b"\r\n"))
                if match is None:
                    return None, f"Content-Length is not a number: {line.strip()[:60]!r}"
                if int(match.group(1)) > MAX_BODY:
                    return None, f"Content-Length {match.group(1).decode()[:24]} is over {MAX_BODY} bytes"
                length = int(match.group(1))
            elif not _HEADER.match(line):
                self._carry = line + self._carry  # scanned again for the next frame's start
                return None, f"not a header line: {line.strip()[:60]!r}"
        if length is None:
            return None, "a header block without Content-Length"
        return length, None

    def _read_body(self, length: int) -> bytes | None:
        parts, have = [], 0
        if self._carry:
            parts.append(self._carry[:length])
            have = len(parts[0])
            self._carry = self._carry[length:]
        while have < length:
            chunk = self.raw.read(length - have)
            if not chunk:
                return None
            parts.append(chunk)
            have += len(chunk)
        return b"".join(parts)

    def _resynchronise(self) -> bool:
        """Reads on to the next ``Content-Length:`` (the start of a new frame); False at the end of input."""
        tail = self._carry
        self._carry = b""
        while True:
            where = tail.lower().find(_MARK)
            if where >= 0:
                self._carry = tail[where:]
                return True
            tail = tail[-(len(_MARK) - 1) :]
            chunk = self.raw.readline(MAX_LINE)
            if not chunk:
                return False
            tail += chunk
