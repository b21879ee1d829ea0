"""The learner's progress through the tutorials, kept in the user's data folder (never in the project).

The file is ``tutorials.json`` in ``$REVIVE_DATA``, else ``$XDG_DATA_HOME/revive-dsl``, else
``~/.local/share/revive-dsl``: ``{"done": [names, in the order finished]}``. A file that cannot be read counts as
no progress (and is written anew); one that cannot be written is told once and the lesson goes on.

>>> import os, tempfile
>>> os.environ["REVIVE_DATA"] = tempfile.mkdtemp()
>>> done()
[]
>>> mark_done("01-turn"); mark_done("01-turn"); done()
['01-turn']
>>> del os.environ["REVIVE_DATA"]
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from revive_dsl.positions import DslError

FILE = "tutorials.json"


def data_folder() -> Path:
    """Where the learner's progress is kept."""
    chosen = os.environ.get("REVIVE_DATA")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "revive-dsl"


def done() -> list[str]:
    """The tutorials finished so far, in the order they were finished."""
    try:
        data = json.loads((data_folder() / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    found = data.get("done") if isinstance(data, dict) else None
    return [name for name in found if isinstance(name, str)] if isinstance(found, list) else []


def mark_done(name: str) -> str | None:
    """Remember that ``name`` was finished; None, or why it could not be kept (the lesson goes on)."""
    from revive_dsl.fileio import write_text_atomic

    finished = done()
    if name in finished:
        return None
    folder = data_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_text_atomic(folder / FILE, json.dumps({"done": [*finished, name]}, indent=1) + "\n")
    except (OSError, DslError) as err:
        return f"your progress could not be kept in {folder}: {err}"
    return None
