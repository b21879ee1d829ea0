"""The test session keeps compiled content in a folder of its own, not in the user's cache."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("REVIVE_CACHE", tempfile.mkdtemp(prefix="revive-cache-"))
