"""The test session keeps compiled content in a folder of its own, not in the user's cache, and knows the words
of every installed rules package (as every command does) wherever a test starts."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("REVIVE_CACHE", tempfile.mkdtemp(prefix="revive-cache-"))

import revive_dsl.content.words  # noqa: F401
