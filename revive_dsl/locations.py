"""Where the grammar files, content packs and schemas live, installed or in a checkout.

A wheel carries ``grammar/`` and ``content/`` inside the package as ``revive_dsl/_data``;
a source checkout (and an editable install) finds them at the repository's top level.

In a checkout (:func:`checkout_root`, found from the current folder up) the bundled packs and replays are
the checkout's own, whichever copy of the package runs: after ``pip install .`` an edit to
``content/base`` is what every command and the replay tests play (the grammar stays the running code's).
The commands that work on content and replays by default (``check``, ``fmt``, ``explain``,
``verify``) work on the content pack the user is standing in (:func:`pack_root`), else on the
checkout's ``content/`` and ``replays/``, else on the running package's, and say which folders they used.

The version has one source: ``pyproject.toml``. A checkout reads its own file (so a checkout run
with another copy installed reports its own version); an installed package reads its metadata,
which was written from that file when it was built.

>>> grammar_path("effects.lark").name
'effects.lark'
>>> version()[0].isdigit()
True
"""

from __future__ import annotations

import os
import site
import sys
import sysconfig
import tomllib
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
DISTRIBUTION = "revive-dsl"


def _project(folder: Path) -> dict | None:
    """The ``[project]`` table of ``folder/pyproject.toml`` if it is revive-dsl's, else None (read again only when
    the file's size or time changed: every script loaded asks where its checkout is)."""
    file = folder / "pyproject.toml"
    try:
        stat = file.stat()
    except OSError:
        return None
    stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
    kept = _PROJECTS.get(file)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    project = data.get("project")
    found = project if isinstance(project, dict) and project.get("name") == DISTRIBUTION else None
    _PROJECTS[file] = (stamp, found)
    return found


_PROJECTS: dict[Path, tuple[tuple[int, int, int], dict | None]] = {}  # pyproject.toml -> (its stamp, its project)


def version() -> str:
    """This copy's version: its checkout's ``pyproject.toml``, else the installed metadata."""
    project = _project(PACKAGE.parent)
    if project is not None and isinstance(project.get("version"), str):
        return project["version"]
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:  # pragma: no cover - neither a checkout nor installed
        return "0+unknown"


def core() -> str:
    """Which engine runs: "compiled" when the optional compiled core is installed (``REVIVE_COMPILED=1 pip install
    .``, hatch_build.py), else "pure Python". Asked without importing the engine.

    >>> core() in ("compiled", "pure Python")
    True
    """
    from importlib.machinery import EXTENSION_SUFFIXES

    compiled = any((PACKAGE / "engine" / f"state{suffix}").is_file() for suffix in EXTENSION_SUFFIXES)
    return "compiled" if compiled else "pure Python"


def checkout_root(start: Path | None = None) -> Path | None:
    """The revive-dsl checkout holding ``start`` (default: the current folder), or None.

    A checkout is a folder with revive-dsl's ``pyproject.toml`` and a ``content/`` folder.
    """
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "content").is_dir() and _project(folder) is not None:
            return folder
    return None


def pack_root(start: Path | None = None) -> Path | None:
    """The content pack folder holding ``start`` (default: the current folder): the nearest folder at or above
    it with a ``pack.yaml``, or None."""
    here = (start or Path.cwd()).resolve()
    return next((folder for folder in (here, *here.parents) if (folder / "pack.yaml").is_file()), None)


def default_folders(*names: str) -> list[Path]:
    """The folders a command uses when given no paths, e.g. ``default_folders("content", "replays")``.

    The content pack the current folder is in (its components and its scripts), else those of the checkout the
    current folder is in (the ones it has), else the running package's.
    """
    pack = pack_root()
    if pack is not None:
        return [pack]
    root = checkout_root()
    if root is not None:
        return [root / name for name in names if (root / name).is_dir()]
    return [_data_dir(name) for name in names]


def announce(verb: str, folders: list[Path]) -> None:
    """Say on stderr which folders a command uses by default: ``checking /path/to/content``."""
    print(f"{verb} {' and '.join(str(f) for f in folders)}", file=sys.stderr)


def installed_location(path: Path) -> Path | None:
    """The site-packages folder ``path`` lies in, or None: installed files are not to be rewritten."""
    resolved = path.resolve()
    paths = sysconfig.get_paths()
    for where in (paths["purelib"], paths["platlib"], site.getusersitepackages()):
        root = Path(where).resolve()
        if resolved.is_relative_to(root):
            return root
    if (PACKAGE / "_data").is_dir() and resolved.is_relative_to(PACKAGE):  # an installed wheel, wherever it is
        return PACKAGE
    return None


def _data_dir(name: str) -> Path:
    for candidate in (PACKAGE / "_data" / name, PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from this installation of revive-dsl")


def grammar_path(name: str) -> Path:
    """The path of a bundled grammar file, e.g. ``effects.lark``."""
    return _data_dir("grammar") / name


def _checkout_dir(name: str) -> Path:
    """A folder of the bundled data: the checkout's the current folder is in, else the running package's."""
    root = checkout_root()
    if root is not None and (root / name).is_dir():
        return root / name
    return _data_dir(name)


def content_root() -> Path:
    """The folder holding the bundled content packs (``base/``, ``abyss/``): the checkout's in a checkout."""
    return _checkout_dir("content")


def schema_dir() -> Path:
    """The folder of the JSON Schemas shipped with the package."""
    return PACKAGE / "schemas"


def schema_reference(schema: str, folder: Path, schemas: Path | None = None) -> str:
    """What the ``# yaml-language-server: $schema=`` line of a file written to ``folder`` names for ``schema``
    (e.g. ``crate.schema.json``): always a path relative to ``folder``, never an absolute one, so a pack or a
    script moved together with what it links (or shared with others who set up alike) keeps its link.

    ``schemas`` (a folder ``revive schemas --write`` wrote) is linked when given; else the schemas of the
    checkout holding ``folder``, if any; else the running package's (a relative path into its installation).
    Only where no relative path exists at all (on Windows, another drive) is the path absolute.

    >>> schema_reference("crate.schema.json", Path("packs/mine"), Path("packs/schemas"))
    '../schemas/crate.schema.json'
    """
    folder = folder.resolve()
    if schemas is not None:
        target = schemas.resolve() / schema
    else:
        checkout = checkout_root(folder)
        if checkout is not None and (checkout / "revive_dsl" / "schemas").is_dir():  # a checkout's own schemas
            target = checkout / "revive_dsl" / "schemas" / schema
        else:
            target = schema_dir() / schema
    try:
        return Path(os.path.relpath(target, folder)).as_posix()
    except ValueError:  # no relative path between two drives
        return target.as_posix()


def replays_root() -> Path:
    """The folder of the bundled replays and tutorials: the checkout's in a checkout."""
    return _checkout_dir("replays")
