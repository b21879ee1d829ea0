"""A rules module imported a second time (as a test runner may import a file it is given, e.g.
``pytest revive_dsl/rules/base/lasting.py``) adds none of its hooks again (``Hooks.add``, ``same_hook``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROGRAM = """
import gc, importlib.util, sys
from pathlib import Path
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.setup import SETUP_DRAWS

load_all()
def sizes():
    found = {id(h): (h.name, len(h)) for h in gc.get_objects() if isinstance(h, Hooks)}
    return found | {0: ("draws", len(SETUP_DRAWS))}
before = sizes()
for path in sorted(Path("revive_dsl/rules").rglob("*.py")):
    name = ".".join(path.with_suffix("").parts)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # a second module object, its functions new ones
after = sizes()
grown = sorted(f"{before[k][0]}: {before[k][1]} -> {after[k][1]}" for k in before if after[k] != before[k])
print("\\n".join(grown) or "none grew")
"""


def test_a_rules_module_imported_twice_adds_no_hook_twice() -> None:
    done = subprocess.run([sys.executable, "-c", PROGRAM], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "none grew"
