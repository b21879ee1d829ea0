"""Content packs: manifests, component files, schema validation and compiled effects.

A pack is a folder with ``pack.yaml`` (id, name, version, depends) and any number of
component files (replay scripts kept in it, with a top-level ``steps:``, are not content and are
skipped). A component file names its ``kind`` and lists ``components``; every effect field in it is
compiled to an effect tree and checked.

>>> content = load_packs(["base"])
>>> content.components["cit_scout"].kind
'citizen_card'

Every problem -- YAML syntax, schema, DSL syntax, unknown word, duplicate id, unknown
reference -- is collected as a positioned :class:`Diagnostic`; loading reports all of them
at once by raising :class:`DslError`.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import stat
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from revive_dsl.content.board import check_board
from revive_dsl.content.declared import check_counters, declare_words, declaring_packs
from revive_dsl.content.declared_sides import check_two_sided, declare_side_words
from revive_dsl.content.declared_tokens import check_token_kinds, declare_token_words
from revive_dsl.content.packages import unknown_rules_problem
from revive_dsl.content.schema_defs import schema_errors, schema_problem
from revive_dsl.content.setup_check import check_majors, check_starting_sets
from revive_dsl.content.tunables import Tunable, read_tunables, tuning_entry, tuning_problems
from revive_dsl.content.words import load_words as _load_words  # noqa: F401 - every installed package's words, first
from revive_dsl.content.yamlsrc import YamlDoc, load_yaml
from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.checker import check
from revive_dsl.dsl.parser import parse
from revive_dsl.dsl.signatures import lookup
from revive_dsl.locations import content_root, schema_dir
from revive_dsl.positions import Diagnostic, DslError, Pos, attach_lines, undecodable

# --- which fields hold effect text, and which clauses each may contain ----------------

CARD = frozenset({"Immediate", "While"})
IMMEDIATE = frozenset({"Immediate"})
MACHINE = frozenset({"Machine"})
TECH = frozenset({"Immediate", "Once", "Always", "Trigger", "Anytime", "Machine", "While"})
SCORE = frozenset({"Score"})
SCORE_ONCE = frozenset({"Score", "Once"})
REQUIREMENT = frozenset({"Requirement"})
RULE = TECH | {"Reaches", "AtEnd"}  # a tribe's or a pack's lasting rules may also watch counters and moments

EFFECT_FIELDS: dict[str, dict[str, frozenset[str]]] = {
    "citizen_card": {"top": CARD, "bottom": CARD},
    "starting_card": {"top": CARD, "bottom": CARD},
    "scyphoz_card": {"top": CARD, "bottom": CARD},
    "slot_module": {"effect": IMMEDIATE},
    "machine_token": {"effect": MACHINE},
    "crate": {"effect": IMMEDIATE},
    "artifact_card": {"categories.*": SCORE},
    "large_location": {"sides.*.effect": SCORE_ONCE},
    "area_tile": {"back": IMMEDIATE, "spaces.*.reward": IMMEDIATE},
    "starting_tile": {"spaces.*.reward": IMMEDIATE},
    "technology": {"effect": RULE},
    "tribe": {"sides.*.ability": IMMEDIATE, "sides.*.rules": RULE, "sides.*.technologies.*.effect": RULE},
    "journey_card": {"requirements": REQUIREMENT},
    "lake": {"building_reward.*": IMMEDIATE, "hibernation_reward.*": IMMEDIATE},
    "gadget": {"effect": IMMEDIATE},
    "devotion_track": {},
    "major_artifact": {},
    "minor_artifact": {},
    "end_game_tile": {},
    "player_board": {"reward_spaces.*.effect": TECH, "progress_track.*.bonus": IMMEDIATE, "machines.*.effect": MACHINE},
    "main_board": {"point_track.bonuses.*": IMMEDIATE, "hibernation_track.*.reward": IMMEDIATE},
    # a pack's own mechanics (revive_dsl/content/declared.py): read before the pack's other files
    "counter": {},
    "token_kind": {},
    "two_sided_tile": {},
    "game_rule": {"effect": RULE},
    "scoring_line": {"effect": SCORE},
}

# Kinds whose components bring words: a pack's files of these kinds are loaded before its others.
DECLARATION_KINDS = frozenset({"counter", "token_kind", "two_sided_tile"})
# The kinds any pack writes its own mechanics in, run by the engine's machinery (engine/declared.py): no rules
# package's.
MECHANICS_KINDS = frozenset({"counter", "token_kind", "two_sided_tile", "game_rule", "scoring_line"})

_CLAUSE_WORDS = {
    "Immediate": "an immediate effect",
    "While": "a 'while' clause",
    "Trigger": "a 'when' trigger",
    "Always": "an 'always' modifier",
    "Once": "a 'once' effect",
    "Anytime": "an 'anytime' free action",
    "Machine": "a machine",
    "Requirement": "a 'need' requirement",
    "Score": "a 'score' formula",
    "Reaches": "a 'when ... reaches' trigger",
    "AtEnd": "an 'at ... end' moment",
}


_STEPS_KEY = re.compile(r"^steps\s*:", re.MULTILINE)
# a document that is one flow mapping, in YAML's flow style or JSON: after comments and blank lines, a '{'
_FLOW = re.compile(r"\A(?:\ufeff)?(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*\{")
_FLOW_STEPS_KEY = re.compile(r"""[{,]\s*(?:steps|"steps"|'steps')\s*:""")


def is_script_text(text: str) -> bool:
    """True for a replay script's text: a top-level ``steps`` key (content files have ``components``), in block
    style, or in flow style and JSON (the whole document one ``{...}``).

    >>> is_script_text("format: 1\\nsteps:\\n  - Ann end\\n"), is_script_text("kind: crate\\ncomponents: []\\n")
    (True, False)
    >>> is_script_text('{"format": 3, "packs": ["base"], "steps": ["Ann end"]}')
    True
    """
    if _STEPS_KEY.search(text):
        return True
    if not _FLOW.match(text) or not _FLOW_STEPS_KEY.search(text):
        return False
    try:  # read to be sure the key is the document's own, not a nested one
        data = load_yaml(text, "<script?>").data
    except DslError:
        return True  # a broken script is checked as one, to tell what is wrong with it
    return isinstance(data, dict) and "steps" in data


@dataclass
class Component:
    """One component: its kind, id, pack, plain data and compiled effect trees by field path."""

    kind: str
    id: str
    pack: str
    data: dict[str, Any]
    pos: Pos
    effects: dict[str, n.Program] = field(default_factory=dict)
    # the document it was read from and its path there, for positioning later checks at the value they find
    # wrong (:meth:`at`); not kept by the compiled-content cache, whose content has no problems left to report
    doc: YamlDoc | None = field(default=None, repr=False, compare=False)
    path: tuple = ()

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if k != "doc"}

    def at(self, *sub: str | int) -> Pos:
        """The position of the value at ``sub`` inside this component (its own position if unknown).

        >>> comp = load_packs(["base"]).components["cit_scout"]
        >>> comp.at("top").line == comp.pos.line + 4
        True
        """
        return self.doc.pos((*self.path, *sub)) if self.doc is not None else self.pos

    @property
    def provenance(self) -> str:
        return self.data["provenance"]

    @property
    def name(self) -> str:
        return self.data.get("name", self.id)


@dataclass
class Pack:
    """A loaded pack manifest and the files it holds."""

    id: str
    name: str
    version: str
    depends: list[str]
    folder: Path
    files: list[Path] = field(default_factory=list)
    rules: str | None = None  # the rules package its mechanics need (revive_dsl.content.packages), if any
    tunables: dict[str, Tunable] = field(default_factory=dict)  # the numbers it marks tunable ($name in its texts)


@dataclass
class Content:
    """Everything loaded: packs, components by id, and the texts of the files read."""

    packs: dict[str, Pack] = field(default_factory=dict)
    components: dict[str, Component] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    tuning: dict[str, int] = field(default_factory=dict)  # the values this load gives tunables (else their own)

    def tunables(self) -> dict[str, Tunable]:
        """Every tunable the loaded packs declare, by name, in load order."""
        return {name: t for pack in self.packs.values() for name, t in pack.tunables.items()}

    def tuned_values(self, pack: str) -> dict[str, int] | None:
        """The values of ``pack``'s tunables in this load (None when no pack is loaded: a file read on its own
        takes any ``$name``)."""
        if not self.packs:
            return None
        own = self.packs[pack].tunables if pack in self.packs else {}
        return {name: self.tuning.get(name, t.value) for name, t in own.items()}

    def rules_packages(self) -> list[str] | None:
        """The rules packages the loaded packs name: the words their content may use. None (every word) when
        no pack is loaded, e.g. a single file checked on its own."""
        if not self.packs:
            return None
        return list(dict.fromkeys(p.rules for p in self.packs.values() if p.rules))

    def word_packages(self) -> list[str] | None:
        """Whose words the loaded packs' texts may use: the rules packages they name and the packs that declare
        counters or kinds of token of their own (:mod:`revive_dsl.content.declared`); None (every word) when no
        pack is loaded."""
        names = self.rules_packages()
        return None if names is None else list(dict.fromkeys([*names, *declaring_packs(self)]))

    def of_kind(self, kind: str, pack: str | None = None) -> list[Component]:
        """Components of one kind (optionally of one pack), in file order."""
        return [c for c in self.components.values() if c.kind == kind and (pack is None or c.pack == pack)]


@cache
def _schema(name: str) -> dict[str, Any]:
    return json.loads((schema_dir() / name).read_text(encoding="utf-8"))


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop
        return str(path)


# No content file or script comes near this; a bigger one is reported without being read.
MAX_FILE_BYTES = 5_000_000

_FILE_TYPES = {stat.S_ISFIFO: "a FIFO", stat.S_ISSOCK: "a socket", stat.S_ISCHR: "a device", stat.S_ISBLK: "a device"}


def read_source(path: Path, name: str | None = None) -> str:
    """The UTF-8 text of a content file or script; :class:`DslError` (one diagnostic naming ``name``)
    if it is not a regular file, is over :data:`MAX_FILE_BYTES`, cannot be read or is not UTF-8.

    Nothing but a regular file is opened, so a FIFO cannot block the reader.
    """
    name = name or str(path)

    def fail(message: str) -> DslError:
        return DslError([Diagnostic(Pos.whole(name), message)])

    try:
        info = os.stat(path)
    except OSError as err:
        raise fail(f"cannot read the file: {err.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = next((k for test, k in _FILE_TYPES.items() if test(info.st_mode)), "not a file")
        raise fail(f"not a regular file ({kind}); skipped")
    if info.st_size > MAX_FILE_BYTES:
        size = info.st_size / 1_000_000
        raise fail(f"the file is {size:.1f} MB; files over {MAX_FILE_BYTES // 1_000_000} MB are not read")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise fail(f"cannot read the file: {err.strerror}") from None
    if len(data) > MAX_FILE_BYTES:  # grew since the stat
        raise fail(f"the file is over {MAX_FILE_BYTES // 1_000_000} MB; files over that are not read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise DslError([undecodable(name, data, err)]) from None


def _is_file(path: Path) -> bool:
    """``path.is_file()``, False where the name cannot be looked up at all (a name too long for the file system)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _lookup_problem(path: Path) -> str | None:
    """Why ``path`` cannot be looked up at all (``file name too long``), or None."""
    try:
        path.exists()
    except OSError as err:
        return err.strerror.lower() if err.strerror else str(err)
    return None


def link_out(path: Path, pack: Path) -> Path | None:
    """Where ``path`` leads when a link takes it out of the folder ``pack`` (the link itself, or a folder link
    on the way), else None. Nothing is opened; a link loop is None here and reported when the file is read.

    >>> link_out(content_root() / "base" / "pack.yaml", content_root() / "base") is None
    True
    """
    try:
        target = path.resolve()
        return None if target.is_relative_to(pack.resolve()) else target
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop
        return None


def source_problem(path: Path, pack: Path) -> str | None:
    """Why the loader would not read ``path`` of the pack folder ``pack``, found without opening it: a link
    out of the pack, not a regular file, over :data:`MAX_FILE_BYTES`; None if it would be read."""
    if link_out(path, pack) is not None:
        return "a link out of the pack"
    try:
        info = os.stat(path)
    except OSError as err:
        return f"cannot be read: {err.strerror}"
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    if info.st_size > MAX_FILE_BYTES:
        return "over the size limit"
    return None


def _schema_diagnostic(doc: YamlDoc, err: jsonschema.ValidationError) -> Diagnostic:
    path, message = schema_problem(err)
    where = ".".join(str(p) for p in path) or "the file"
    return Diagnostic(doc.pos(path), f"schema: at {where}: {message}")


def _effect_paths(data: Any, pattern: tuple[str, ...], prefix: tuple = ()) -> Iterable[tuple]:
    """Paths in ``data`` matching a dotted pattern where ``*`` is any key or index."""
    if not pattern:
        yield prefix
        return
    head, rest = pattern[0], pattern[1:]
    if isinstance(data, dict):
        for key, value in data.items():
            if fnmatch.fnmatchcase(key, head):
                yield from _effect_paths(value, rest, (*prefix, key))
    elif isinstance(data, list) and head == "*":
        for i, value in enumerate(data):
            yield from _effect_paths(value, rest, (*prefix, i))


def _is_symbol(clause: n.Clause) -> bool:
    return (
        isinstance(clause, n.Immediate)
        and isinstance(clause.body, n.Call)
        and lookup(clause.body.name, ("symbol",)) is not None
    )


def compile_field(
    text: str,
    doc: YamlDoc,
    path: tuple,
    allowed: frozenset[str],
    packages: Collection[str] | None = None,
    tunables: Mapping[str, int] | None = None,
) -> tuple[n.Program | None, list[Diagnostic]]:
    """Parse and check one effect field (with the words of ``packages``, the rules packages loaded, and the values
    of its pack's ``tunables``); also check its clauses are of an allowed kind."""
    origin = doc.origin(path)
    try:
        program = parse(text, origin, tunables)
    except DslError as err:
        return None, err.diagnostics
    problems = check(program, packages)
    for clause in program.clauses:
        kind = type(clause).__name__
        if kind not in allowed and not _is_symbol(clause):
            wanted = " or ".join(sorted(_CLAUSE_WORDS[k] for k in allowed))
            problems.append(Diagnostic(clause.pos, f"{_CLAUSE_WORDS[kind]} is not allowed here; expected {wanted}"))
    return program, problems


def _read_yaml(path: Path, content: Content, problems: list[Diagnostic]) -> YamlDoc | None:
    """Read and parse one YAML file, remembering its text; None (with a diagnostic) if it cannot be."""
    name = _display(path)
    try:
        text = read_source(path, name)
    except DslError as err:
        problems.extend(err.diagnostics)
        return None
    content.texts[name] = text
    try:
        return load_yaml(text, name)
    except DslError as err:
        problems.extend(err.diagnostics)
        return None


def is_script_file(path: Path) -> bool:
    """True if ``path`` is a file whose text has a top-level ``steps:`` key: a replay script, not content.

    A pack may carry scripts (examples, tests of its cards) anywhere in its folder: loading the pack
    skips them, ``revive check`` checks them as scripts.
    """
    try:
        if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
            return False
        return is_script_text(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return False


def load_file(path: Path, pack: str, content: Content, problems: list[Diagnostic]) -> None:
    """Load one component file into ``content``, adding every problem to ``problems``."""
    doc = _read_yaml(path, content, problems)
    if doc is not None:
        load_doc(doc, pack, content, problems)


def load_doc(doc: YamlDoc, pack: str, content: Content, problems: list[Diagnostic]) -> None:
    """Load the components of one parsed content document (a file, or a script's ``content:`` entry)."""
    data = doc.data
    if not isinstance(data, dict):  # a list, a text, an empty file: no kind to look up
        problems.append(
            Diagnostic(
                doc.pos(()),
                "a content file is a mapping with a kind and its components (kind: citizen_card, components: "
                + ("[...]); this file is empty" if data is None else f"[...]), not {_json_kind(data)}"),
            )
        )
        return
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in EFFECT_FIELDS:
        import difflib

        close = difflib.get_close_matches(str(kind), list(EFFECT_FIELDS), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else f"; expected one of {', '.join(sorted(EFFECT_FIELDS))}"
        problems.append(Diagnostic(doc.pos(("kind",)), f"unknown component kind '{kind}'{hint}"))
        return
    # where the schema finds each component wrong (paths inside it): the fields there are not read, every
    # other effect field of the component is still compiled, so one run shows all of its problems
    wrong: dict[int, list[tuple]] = {}
    for err in schema_errors(data, _schema(f"{kind}.schema.json")):
        path = tuple(err.absolute_path)
        problems.append(_schema_diagnostic(doc, err))
        if len(path) >= 2 and path[0] == "components":
            wrong.setdefault(path[1], []).append(path[2:])
        else:
            return
    packages = content.word_packages()
    tunables = content.tuned_values(pack)
    for index, item in enumerate(data["components"]):
        if not isinstance(item, dict):
            continue
        base = ("components", index)
        bad = wrong.get(index, [])
        comp = Component(kind, str(item.get("id")), pack, item, doc.pos(base), doc=doc, path=base)
        for pattern, allowed in EFFECT_FIELDS[kind].items():
            for sub in _effect_paths(item, tuple(pattern.split("."))):
                text = _get(item, sub)
                if not isinstance(text, str) or any(_overlap(sub, path) for path in bad):
                    continue
                program, found = compile_field(text, doc, (*base, *sub), allowed, packages, tunables)
                problems.extend(found)
                if program is not None:
                    comp.effects[".".join(map(str, sub))] = program
        if index not in wrong:
            _add(content, comp, problems)
    if kind in DECLARATION_KINDS:
        declare_words(content)
        declare_token_words(content)
        declare_side_words(content)


def _overlap(field: tuple, wrong: tuple) -> bool:
    """Whether a schema error at ``wrong`` (a path in a component) makes the field at ``field`` unreadable: the
    error is at the field, inside it or around it (an error at the component itself, a missing or unknown key,
    leaves its fields readable)."""
    return bool(wrong) and (field[: len(wrong)] == wrong or wrong[: len(field)] == field)


def _depends_on(content: Content, pack: str, other: str) -> bool:
    """Whether ``pack`` depends on ``other``, directly or through its dependencies (a script's own content
    depends on every pack loaded)."""
    if pack not in content.packs:
        return True
    seen: set[str] = set()
    queue = list(content.packs[pack].depends)
    while queue:
        dep = queue.pop()
        if dep == other:
            return True
        if dep not in seen and dep in content.packs:
            seen.add(dep)
            queue.extend(content.packs[dep].depends)
    return False


def _add(content: Content, comp: Component, problems: list[Diagnostic]) -> None:
    """Add a component; its id may be one already loaded only if it replaces, on purpose, a component of the
    same kind from a pack it depends on (``replaces: true``), which it then stands in for everywhere."""
    first = content.components.get(comp.id)
    replaces = comp.data.get("replaces") is True
    if first is None:
        if replaces:
            problems.append(
                Diagnostic(
                    comp.at("replaces"),
                    f"'{comp.id}' replaces nothing: no pack it depends on defines '{comp.id}'; "
                    "give the id of the component to replace, or leave out 'replaces'",
                )
            )
            return
        content.components[comp.id] = comp
        return
    foreign = first.pack != comp.pack and _depends_on(content, comp.pack, first.pack)
    if not foreign:
        problems.append(Diagnostic(comp.at("id"), f"duplicate id '{comp.id}' (first defined at {first.pos})"))
    elif not replaces:
        problems.append(
            Diagnostic(
                comp.at("id"),
                f"'{comp.id}' is already a {first.kind} of pack '{first.pack}' (defined at {first.pos}); "
                "choose another id, or say 'replaces: true' to replace that one on purpose",
            )
        )
    elif first.kind != comp.kind:
        problems.append(
            Diagnostic(
                comp.at("replaces"),
                f"'{comp.id}' cannot replace a {first.kind} (pack '{first.pack}', {first.pos}) with a {comp.kind}: "
                "a replacement must be of the same kind",
            )
        )
    else:
        content.components[comp.id] = comp  # in the first one's place: decks and their order stay as they were


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def is_python_package(folder: Path) -> bool:
    """Whether a folder is a Python package (it holds an ``__init__.py``): a rules package, never content."""
    return (folder / "__init__.py").is_file()


def _pack_files(folder: Path, pack_id: str, problems: list[Diagnostic]) -> list[Path]:
    """The pack's ``*.yaml`` files in path order, but its manifest and its replay scripts.

    A folder holding an ``__init__.py`` is a Python package, the pack's own rules package kept beside its
    content (``revive new pack NAME --rules``): it is never read as content, neither its ``words.yaml`` and
    ``glyphs.yaml`` (data of the package, read as such once it is installed) nor anything else in it.

    A link to a file or folder outside the pack is reported with the link's own path and skipped: content
    reads only its own folder. A folder link inside the pack is reported too (its files would be read
    twice, or through a name that is not theirs).
    """
    inside = folder.resolve()
    found: list[Path] = []
    for here, dirs, names in os.walk(folder):
        dirs[:] = [name for name in dirs if not is_python_package(Path(here, name))]
        for name in sorted(dirs):
            link = Path(here, name)
            if link.is_symlink():
                dirs.remove(name)
                target = _display(link.resolve())
                if link.resolve().is_relative_to(inside):
                    message = f"a folder link inside pack '{pack_id}' (to {target}): its files would be read twice"
                else:
                    message = f"a folder link outside pack '{pack_id}' (to {target})"
                problems.append(
                    Diagnostic(
                        Pos.whole(os.path.relpath(link)),
                        f"{message}; content is read only from the pack's own folders, so it is skipped",
                    )
                )
        found.extend(Path(here, name) for name in names if name.endswith(".yaml"))
    out = []
    for path in sorted(found):
        if path.name == "pack.yaml":
            continue
        target = link_out(path, inside)
        if target is not None:  # reported before anything is read through it, even whether it is a script
            problems.append(
                Diagnostic(
                    Pos.whole(os.path.relpath(path)),
                    f"a file link outside pack '{pack_id}' (to {_display(target)}); "
                    "content is read only from the pack's own folders, so it is skipped",
                )
            )
            continue
        if not is_script_file(path):
            out.append(path)
    return out


def load_pack_folder(folder: Path, content: Content, problems: list[Diagnostic]) -> Pack | None:
    """Load a pack folder (its manifest, then every other ``*.yaml`` in name order).

    A replay script in the folder (``scripts/try-it.yaml``) is skipped: a pack and the scripts that play it
    move together, and the scripts name the pack by a path relative to themselves.
    """
    manifest = folder / "pack.yaml"
    if not _is_file(manifest):
        problem = _lookup_problem(folder) or _lookup_problem(manifest)
        if problem is None:
            problem = "not a content pack: it has no pack.yaml" if folder.is_dir() else "no such pack or folder"
        bundled = ", ".join(sorted(p.parent.name for p in content_root().glob("*/pack.yaml")))
        problems.append(Diagnostic(Pos.whole(_display(folder)), f"{problem} (bundled packs: {bundled})"))
        return None
    target = link_out(manifest, folder)
    if target is not None:  # a pack from someone else must not make the tools read, and print, a file of yours
        problems.append(
            Diagnostic(
                Pos.whole(os.path.relpath(manifest)),
                f"the manifest is a link out of the pack (to {_display(target)}); content is read only from "
                "the pack's own folders, so the pack is not loaded: put a pack.yaml of its own in the folder",
            )
        )
        return None
    doc = _read_yaml(manifest, content, problems)
    if doc is None:
        return None
    if not isinstance(doc.data, dict):  # its text is not told back: a manifest is a short mapping
        problems.append(
            Diagnostic(
                doc.pos(()),
                f"a pack manifest is a mapping (id, name, version, depends), not {_json_kind(doc.data)}",
            )
        )
        return None
    errors = schema_errors(doc.data, _schema("pack.schema.json"))
    problems.extend(_schema_diagnostic(doc, err) for err in errors)
    data = doc.data
    # A manifest mistake other than in its id or depends does not stop the pack's files from being checked:
    # the author sees every problem in one run.
    if (
        not isinstance(data, dict)
        or "id" not in data
        or any(err.path and err.path[0] in ("id", "depends") for err in errors)
    ):
        return None
    pack = Pack(
        data["id"], str(data.get("name", "")), str(data.get("version", "")), list(data.get("depends", [])), folder
    )
    if isinstance(data.get("rules"), str):
        problem = unknown_rules_problem(data["rules"])
        if problem:
            problems.append(Diagnostic(doc.pos(("rules",)), problem))
        else:
            pack.rules = data["rules"]
    if pack.id in content.packs:
        problems.append(Diagnostic(doc.pos(("id",)), f"pack '{pack.id}' is loaded twice"))
        return None
    declared = content.tunables()
    for name, tunable in read_tunables(pack.id, data, doc.pos, problems).items():
        if name in declared:
            where = f"pack '{declared[name].pack}'"
            problems.append(Diagnostic(tunable.pos or doc.pos(()), f"tunable '{name}' is declared by {where} already"))
        else:
            pack.tunables[name] = tunable
    content.packs[pack.id] = pack
    for dep_index, dep in enumerate(pack.depends):
        if dep not in content.packs:
            known = ", ".join(sorted(p for p in content.packs if p != pack.id)) or "none"
            problems.append(
                Diagnostic(
                    doc.pos(("depends", dep_index)),
                    f"pack '{pack.id}' depends on unknown pack '{dep}' (loaded before it: {known})",
                )
            )
    docs = []
    for path in _pack_files(folder, pack.id, problems):
        pack.files.append(path)
        doc = _read_yaml(path, content, problems)
        if doc is not None:
            docs.append(doc)
    # declarations first: the words they bring are known to every text of the pack, whatever its file's name
    for doc in sorted(docs, key=lambda doc: _kind(doc) not in DECLARATION_KINDS):
        load_doc(doc, pack.id, content, problems)
    return pack


def _kind(doc: YamlDoc) -> object:
    return doc.data.get("kind") if isinstance(doc.data, dict) else None


def check_references(content: Content, problems: list[Diagnostic]) -> None:
    """References between components: common technologies and technology connections, each problem positioned
    at the value that is wrong."""
    for comp in content.of_kind("tribe"):
        for side_name, side in comp.data["sides"].items():
            techs = side["technologies"]
            local = {t["id"] for t in techs}
            for t_index, tech in enumerate(techs):
                base = ("sides", side_name, "technologies", t_index)
                where = f"{comp.id}: {'.'.join(map(str, base))}"
                ref = tech.get("common")
                if ref is not None and (ref not in content.components or content.components[ref].kind != "technology"):
                    problems.append(Diagnostic(comp.at(*base, "common"), f"{where}: unknown common technology '{ref}'"))
                if ref is None and "effect" not in tech:
                    problems.append(Diagnostic(comp.at(*base), f"{where}: a technology needs 'effect' or 'common'"))
                for c_index, target in enumerate(tech.get("connects", [])):
                    if target not in local:
                        problems.append(
                            Diagnostic(
                                comp.at(*base, "connects", c_index),
                                f"{comp.id}: technology '{tech['id']}' connects to unknown technology '{target}'",
                            )
                        )
    problems.extend(check_board(content))
    problems.extend(check_starting_sets(content))
    problems.extend(check_majors(content))
    problems.extend(check_counters(content))
    problems.extend(check_token_kinds(content))
    problems.extend(check_two_sided(content))


def _json_kind(value: Any) -> str:
    kinds = ((bool, "true or false"), (int, "a number"), (float, "a number"), (str, "text"), (list, "a list"))
    return next((word for kind, word in kinds if isinstance(value, kind)), "empty")


def _manifest_depends(folder: Path) -> tuple[str, list[str]]:
    if link_out(folder / "pack.yaml", folder) is not None:  # never read; load_pack_folder reports it
        return folder.name, []
    try:
        doc = load_yaml(read_source(folder / "pack.yaml"), str(folder))
        data = doc.data if isinstance(doc.data, dict) else {}
    except (OSError, DslError):
        data = {}
    deps = data.get("depends", [])
    return str(data.get("id", folder.name)), [str(d) for d in deps] if isinstance(deps, list) else []


def order_packs(folders: list[Path]) -> list[Path]:
    """Pack folders with every pack after the packs it depends on (else in the order given)."""
    info = {folder: _manifest_depends(folder) for folder in folders}
    done: set[str] = set()
    out: list[Path] = []
    pending = list(folders)
    while pending:
        ready = [f for f in pending if all(d in done or d not in {i for i, _ in info.values()} for d in info[f][1])]
        take = ready[0] if ready else pending[0]
        out.append(take)
        done.add(info[take][0])
        pending.remove(take)
    return out


def with_bundled_dependencies(folders: list[Path]) -> list[Path]:
    """The pack folders plus every bundled pack they depend on that is not among them, dependencies first.

    An expansion author's pack names ``depends: [base]``; checking or loading it alone brings the bundled
    ``base`` along instead of reporting an unknown pack. A dependency that is neither given nor bundled is
    left for :func:`load_pack_folder` to report.

    >>> [f.name for f in with_bundled_dependencies([content_root() / "abyss"])]
    ['base', 'abyss']
    """
    out = list(folders)
    given = {_manifest_depends(f)[0] for f in out}
    queue = list(out)
    while queue:
        for dep in _manifest_depends(queue.pop())[1]:
            bundled = content_root() / dep
            if dep not in given and "/" not in dep and _is_file(bundled / "pack.yaml"):
                given.add(dep)
                out.append(bundled)
                queue.append(bundled)
    return order_packs(out)


def find_pack_folders(path: Path) -> list[Path]:
    """The pack folders at or directly below ``path``."""
    if _is_file(path / "pack.yaml"):
        return [path]
    if _lookup_problem(path):  # a name the file system cannot look up: reported when the pack is loaded
        return []
    return sorted(p.parent for p in path.glob("*/pack.yaml"))


def resolve_packs(names: Iterable[str]) -> list[Path]:
    """Pack folders for bundled pack ids (``base``) or paths, dependencies first."""
    root = content_root()
    out: list[Path] = []
    for name in names:
        bundled = root / name
        # A bare name is a bundled pack first (a folder called "base" in the current directory must not
        # shadow it); anything else, or a name no pack has, is a path.
        is_bundled = "/" not in name and "\\" not in name and _is_file(bundled / "pack.yaml")
        folder = bundled if is_bundled else Path(name)
        out.extend(find_pack_folders(folder) or [folder])
    return with_bundled_dependencies(out)


def load_packs(names: Iterable[str] = ("base", "abyss"), tuning: Mapping[str, int] | None = None) -> Content:
    """Load packs by bundled id or folder, in the order given, their tunables at the values ``tuning`` gives (else
    their own); raise DslError listing all problems."""
    content = Content(tuning=dict(tuning or {}))
    problems: list[Diagnostic] = []
    for folder in resolve_packs(names):
        load_pack_folder(folder, content, problems)
    if tuning and not problems:  # with a pack that did not load, its tunables would seem undeclared
        where = Pos.whole(tuning_entry(tuning))
        problems.extend(Diagnostic(where, problem) for problem in tuning_problems(tuning, content.tunables()))
    check_references(content, problems)
    if problems:
        raise DslError(attach_lines(problems, content.texts))
    return content
