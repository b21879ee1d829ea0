"""Compiled content kept between processes (revive_dsl/content/cache.py): the same content comes back from the
cache, any change to a pack's files compiles afresh, a broken cache file is ignored, problems are never kept."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from revive_dsl.content import cache as content_cache
from revive_dsl.positions import DslError

PACK = "id: p\nname: P\nversion: '0.1'\ndepends: [base]\n"
CRATE = "kind: crate\ncomponents:\n  - {id: c9, provenance: rulebook, effect: gain book}\n"


@pytest.fixture()
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("REVIVE_CACHE", str(folder))
    return folder


def _pack(tmp_path: Path, crate: str = CRATE) -> str:
    (tmp_path / "p").mkdir(exist_ok=True)
    (tmp_path / "p" / "pack.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "p" / "crates.yaml").write_text(crate, encoding="utf-8")
    return str(tmp_path / "p")


def test_the_same_content_comes_back_from_the_cache(cache, tmp_path, monkeypatch):
    names = ["base", _pack(tmp_path)]
    first = content_cache.load_packs(names)
    [kept] = list(cache.glob("*.content.pickle"))
    calls = []
    monkeypatch.setattr(content_cache, "compile_packs", lambda n: calls.append(n))
    again = content_cache.load_packs(names)
    assert calls == []  # not compiled again
    assert again.components.keys() == first.components.keys()
    assert again.components["c9"].effects["effect"] == first.components["c9"].effects["effect"]
    assert kept.exists()


def test_a_changed_file_is_compiled_afresh(cache, tmp_path):
    names = ["base", _pack(tmp_path)]
    assert content_cache.load_packs(names).components["c9"].data["effect"] == "gain book"
    _pack(tmp_path, CRATE.replace("gain book", "gain food"))
    assert content_cache.load_packs(names).components["c9"].data["effect"] == "gain food"
    assert len(list(cache.glob("*.content.pickle"))) == 2


def test_a_broken_cache_file_is_ignored_and_written_again(cache, tmp_path):
    names = ["base", _pack(tmp_path)]
    content_cache.load_packs(names)
    [kept] = list(cache.glob("*.content.pickle"))
    kept.write_bytes(b"not a pickle")
    assert "c9" in content_cache.load_packs(names).components
    assert isinstance(pickle.loads(kept.read_bytes()), content_cache.Content)


def test_content_with_problems_is_never_kept(cache, tmp_path):
    names = ["base", _pack(tmp_path, CRATE.replace("gain book", "gain boko"))]
    for _ in range(2):  # reported each time, from the files
        with pytest.raises(DslError, match="boko"):
            content_cache.load_packs(names)
    assert list(cache.glob("*.content.pickle")) == []


def test_the_cache_can_be_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv("REVIVE_CACHE", "off")
    assert content_cache.cache_folder() is None
    assert "c9" in content_cache.load_packs(["base", _pack(tmp_path)]).components
