"""Compiled content kept between processes: packs loaded warm in a few milliseconds.

Loading the bundled packs reads 30 YAML files, checks them against their schemas and compiles 527 effect
texts: about 0.15 s, in every process that plays a game. :func:`load_packs` keeps what it compiled in the
user's cache folder (``$REVIVE_CACHE``, else ``$XDG_CACHE_HOME/revive-dsl``, else ``~/.cache/revive-dsl``),
under a key made of everything the result depends on:

- the bytes of every ``*.yaml`` file in the packs' folders (SHA-256) that the loader reads: the loader's rules
  come first (:func:`revive_dsl.content.packs.source_problem`), so a link out of the pack, a FIFO, a device
  or a file over the size limit is never opened here, only named with the reason the loader will report;
- the code that compiles them: the size and modification time of every file of the installed package
  (grammars, schemas, the DSL's words) and of the rules packages' word files, and Python's version;
- the current folder (messages name files relative to it).

Any change makes another key, so a kept result is never stale; a pack with problems is never kept (its
errors are reported afresh). The file is this program's own pickle in the user's own folder; one that cannot
be read is ignored and written again. ``REVIVE_CACHE=off`` turns the cache off. At most 64 results are kept.

>>> import os
>>> os.environ["REVIVE_CACHE"] = "off"
>>> sorted(load_packs(["base"]).packs)
['base']
>>> del os.environ["REVIVE_CACHE"]
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from revive_dsl.content.packs import MAX_FILE_BYTES, Content, resolve_packs, source_problem
from revive_dsl.content.packs import load_packs as compile_packs
from revive_dsl.content.tunables import tuning_entry

KEPT = 64  # results kept in the cache folder; the least recently written go first
_SUFFIX = ".content.pickle"


def cache_folder() -> Path | None:
    """Where compiled content is kept, or None when the cache is off."""
    chosen = os.environ.get("REVIVE_CACHE")
    if chosen is not None:
        return None if chosen.lower() in ("", "0", "off", "no", "false") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "revive-dsl"


def load_packs(names: Iterable[str] = ("base", "abyss"), tuning: Mapping[str, int] | None = None) -> Content:
    """:func:`revive_dsl.content.packs.load_packs`, from the cache when this exact content (and tuning) was
    compiled before."""
    names = list(names)
    folder = cache_folder()
    if folder is None:
        return compile_packs(names, tuning)
    try:
        key = _key(names, tuning or {})
    except OSError:  # a file that cannot be read: the loader reports it
        return compile_packs(names, tuning)
    kept = folder / f"{key}{_SUFFIX}"
    try:
        with kept.open("rb") as handle:
            found = pickle.load(handle)
        if isinstance(found, Content):
            return found
    except Exception:
        pass
    content = compile_packs(names, tuning)  # raises DslError on any problem: nothing is kept
    _keep(folder, kept, content)
    return content


def _keep(folder: Path, kept: Path, content: Content) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
        with temp.open("wb") as handle:
            pickle.dump(content, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temp, kept)
        results = sorted(folder.glob(f"*{_SUFFIX}"), key=lambda p: p.stat().st_mtime_ns)
        for old in results[:-KEPT]:
            old.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError, RecursionError):  # a read-only or full disk: just not kept
        pass


def _key(names: list[str], tuning: Mapping[str, int]) -> str:
    digest = hashlib.sha256()
    digest.update(_code_fingerprint().encode())
    digest.update(os.getcwd().encode("utf-8", "surrogateescape"))
    if tuning:
        digest.update(b"\0tuning\0" + tuning_entry(tuning).encode())
    for name in names:
        digest.update(b"\0name\0" + name.encode("utf-8", "surrogateescape"))
    for folder in resolve_packs(names):
        digest.update(b"\0pack\0" + str(folder).encode("utf-8", "surrogateescape"))
        for path in _yaml_files(folder):
            digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape"))
            problem = source_problem(path, folder)
            if problem is not None:  # the loader reports it, and a pack with problems is never kept
                digest.update(b"\0unread\0" + problem.encode())
                continue
            with path.open("rb") as handle:  # a regular file, but it may have grown since
                digest.update(hashlib.sha256(handle.read(MAX_FILE_BYTES + 1)).digest())
    return digest.hexdigest()[:32]


def _yaml_files(folder: Path) -> list[Path]:
    found = []
    for here, dirs, files in os.walk(folder):
        dirs.sort()
        found.extend(Path(here, name) for name in sorted(files) if name.endswith(".yaml"))
    return found


@cache
def _code_fingerprint() -> str:
    """The installed code that compiles content, by each file's size and modification time."""
    from revive_dsl.content.packages import installed
    from revive_dsl.locations import PACKAGE, grammar_path

    digest = hashlib.sha256(sys.version.encode())
    roots = [PACKAGE, grammar_path("moves.lark").parent]
    for module in installed().values():
        spec = _spec_folder(module)
        if spec is not None:
            roots.append(spec)
    for root in roots:
        for here, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".lark", ".json", ".yaml")):
                    stat = os.stat(os.path.join(here, name))
                    digest.update(f"{here}/{name}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()


def _spec_folder(module: str) -> Path | None:
    """A rules package's folder, found without importing it."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))
