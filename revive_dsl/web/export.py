"""``--export html FILE``: a script's page written to a file, whole (see :mod:`revive_dsl.web`).

>>> import tempfile, pathlib
>>> from revive_dsl.locations import default_folders
>>> script = default_folders("replays")[0] / "rules" / "switch-used-once.yaml"
>>> out = pathlib.Path(tempfile.mkdtemp()) / "page.html"
>>> done = export_page(script, out)
>>> done.steps > 0 and out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from revive_dsl.fileio import make_folder, write_text_atomic
from revive_dsl.replay.script import load_script
from revive_dsl.web.page import render_page
from revive_dsl.web.page_data import page_data


@dataclass
class Exported:
    """What an export wrote: the file, its steps, its size in bytes, the seconds it took, and where the replay
    stopped if it did not reach the end."""

    path: Path
    steps: int
    size: int
    seconds: float
    error: str | None = None

    def summary(self) -> str:
        """``wrote game.html: 491 steps, 486 KB, in 2.1 s``."""
        stopped = f"; the replay stopped: {self.error.splitlines()[0]}" if self.error else ""
        return f"wrote {self.path}: {self.steps} steps, {self.size // 1024} KB, in {self.seconds:.1f} s{stopped}"


def export_page(script: str | Path, out: str | Path, title: str | None = None) -> Exported:
    """Replay ``script`` and write its page to ``out`` (whole, as an editor would); a script that cannot be read
    raises DslError before anything is written."""
    started = time.perf_counter()
    data = page_data(load_script(script), title)
    text = render_page(data)
    make_folder(Path(out).parent)  # missing folders are made, as every command that writes a file does
    write_text_atomic(Path(out), text)
    seconds = time.perf_counter() - started
    return Exported(Path(out), len(data["steps"]), len(text.encode("utf-8")), seconds, data.get("error"))
