"""A long-running process (a test run, ``revive play``, a tutorial) does not grow by what it has read or
played: no cache keeps every value it ever met (issue 15)."""

from __future__ import annotations

import gc
from pathlib import Path

from revive_dsl import yamlsrc

ROOT = Path(__file__).resolve().parent.parent


def test_reading_yaml_keeps_no_node_alive():
    texts = [(str(p), p.read_text(encoding="utf-8")) for p in sorted((ROOT / "content").rglob("*.yaml"))]
    for file, text in texts:
        assert yamlsrc.load_yaml(text, file).data is not None
    assert yamlsrc._SCALARS.constructed_objects == {}  # the scalar constructor remembers nothing
    gc.collect()
    before = len(gc.get_objects())
    for file, text in texts:
        yamlsrc.load_yaml(text, file)
    gc.collect()
    assert len(gc.get_objects()) - before < 100  # a second pass over the same files leaves nothing behind
