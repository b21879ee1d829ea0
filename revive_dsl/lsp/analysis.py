"""What the language server knows of an open document: its problems, the word under the cursor, the words that fit.

Plain functions over text, so that they are tested without a client and the server stays a thin layer:

- :meth:`Workspace.diagnostics` gives every problem ``revive check`` reports for the file, its text taken from
  the editor (not the disk): a component file is checked inside its pack, with the packs it depends on (loaded
  once and kept until a file of theirs changes on disk); a replay script is read and set up as ``revive check``
  does;
- :meth:`Workspace.hover` tells a DSL word (its signature, English and doc, as ``revive explain`` does) or a
  component id (what it is and where it is defined);
- :meth:`Workspace.completions` lists the DSL words and component ids that start with the word being typed;
- :meth:`Workspace.definition` and :meth:`Workspace.references` find a component id's definition and every
  mention of it in the packs; :meth:`Workspace.symbols` lists a file's components; :meth:`Workspace.formatted`
  is the file in ``revive fmt``'s canonical form;
- :func:`fixes` and :func:`fix_at` read the did-you-mean of a problem and where it writes, for the editor's
  quick fix; :meth:`Workspace.move_completion` is the edit of a script's "complete this move".

A replay or tutorial script is played by the engine (:mod:`~revive_dsl.lsp.scripts`): its first divergence on
save, a board space's facts on hover, the legal answers at a step in completion. A text over
:data:`MAX_TYPED_BYTES` is not checked as it is typed (one problem says so), nor are non-UTF-8 files (one problem
at the first bad byte).

>>> ws = Workspace()
>>> [d.message for d in ws.diagnostics("demo.yaml", "kind: crate\\ncomponents:\\n  - {id: c1, name: C, "
...     "provenance: representative, effect: 'gain 2 gaer'}\\n")]  # doctest: +ELLIPSIS
["'gaer' is not a gainable ...did you mean 'gear'?"]
>>> ws.hover("demo.yaml", "effect: 'gain 2 gear'", 0, 10).splitlines()[0]
'**gain** (effect, base): `gain [count=1] what:gainable`'
>>> fixes("'gaer' is not a gainable (a resource); did you mean 'gear'?", "gaer")
['gear']
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

import revive_dsl.content.words  # noqa: F401 - every installed rules package's words
from revive_dsl.content.packs import (
    Content,
    check_references,
    find_pack_folders,
    is_script_text,
    load_doc,
    load_pack_folder,
    order_packs,
    with_bundled_dependencies,
)
from revive_dsl.content.yamlsrc import load_yaml
from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.explain import explain
from revive_dsl.dsl.signatures import (
    DECLARED_TYPES,
    MACHINERY,
    SIGNATURES,
    TYPE_DOCS,
    TYPES,
    VALUE_PACKAGE,
    Signature,
    lookup,
)
from revive_dsl.locations import content_root
from revive_dsl.lsp.scripts import Scripts
from revive_dsl.positions import Diagnostic, DslError, Pos, attach_lines, undecodable
from revive_dsl.replay.answer_keys import move_word_problems

_WORD = re.compile(r"[A-Za-z0-9_]+")
# A did-you-mean at the end of a problem's message: one quoted word, or several bare ones.
_MEAN_ONE = re.compile(r"did you mean '([^']+)'\?")
_MEAN_SOME = re.compile(r"did you mean ([^'?]+)\?")

# Checking runs on every keystroke, in the server's one thread: a text past this size (the largest bundled
# content file is 15 kB; checking takes about 2 s a megabyte) is left to ``revive check``, so the editor stays
# answered.
MAX_TYPED_BYTES = 1_000_000
MAX_UNOPENED_BYTES = 2_000_000  # the biggest file read from disk for a document the editor has not opened


def fixes(message: str, word: str) -> list[str]:
    """The replacements a problem's did-you-mean offers for ``word``, the text at the problem's range; [] when the
    message suggests nothing or is about another text (the range would not be the word to replace).

    >>> fixes("unknown key 'vresion'; did you mean 'version'? (allowed: id, version)", "vresion")
    ['version']
    >>> fixes("no 'pionts' in Ann.pionts; did you mean Ann.points, Ann.point?", "pionts")
    []
    >>> fixes("'gaer' is not a gainable; did you mean 'gear'?", "gain")
    []
    """
    if not word or f"'{word}'" not in message:
        return []
    one = _MEAN_ONE.search(message)
    if one:
        return [one.group(1)]
    some = _MEAN_SOME.search(message)
    found = [w.strip() for w in some.group(1).split(",")] if some else []
    return [w for w in found if _WORD.fullmatch(w)]


def fix_at(message: str, line: str, column: int) -> tuple[int, int, list[str]] | None:
    """Where on its line (0-based start and end columns) a problem's did-you-mean writes, and what: the word at
    the problem's column, or else the word the message names when it stands once on the line (a schema tells an
    unknown key at its mapping); None when the message suggests nothing for either.

    >>> fix_at("'gaer' is not a gainable; did you mean 'gear'?", "  top: 'gain 2 gaer'", 17)
    (15, 19, ['gear'])
    >>> fix_at("unknown key 'efect'; did you mean 'effect'?", "  - {id: c1, efect: 'gain 2 gear'}", 4)
    (13, 18, ['effect'])
    """
    word, start, end = word_at(line, 0, column)
    found = fixes(message, word)
    if found:
        return start, end, found
    for named in re.findall(r"'([^']+)'", message)[:1]:
        hits = list(re.finditer(rf"(?<![A-Za-z0-9_]){re.escape(named)}(?![A-Za-z0-9_])", line))
        found = fixes(message, named) if len(hits) == 1 else []
        if found:
            return hits[0].start(), hits[0].end(), found
    return None


def word_loaded(sig: Signature, packages: Collection[str] | None) -> bool:
    """Whether a text checked with the words of ``packages`` may use the word ``sig`` (the base game's and the
    machinery's everywhere; None: every word), as :meth:`~revive_dsl.dsl.checker.Checker.foreign` decides.

    >>> word_loaded(SIGNATURES["gain"], ["base"]), word_loaded(SIGNATURES["gadget"], ["base"])
    (True, False)
    """
    return packages is None or sig.package in ("base", MACHINERY) or sig.package in packages


def value_loaded(kind: str, value: str, packages: Collection[str] | None) -> bool:
    """Whether a text checked with the words of ``packages`` may use ``value`` as a ``kind``: a value a rules
    package added to the type (``VALUE_PACKAGE``) only where that package is loaded.

    >>> value_loaded("gadget", "gadget_a", ["base"]), value_loaded("gadget", "gadget_a", ["base", "abyss"])
    (False, True)
    """
    package = VALUE_PACKAGE.get((kind, value))
    return packages is None or package is None or package in packages


def parameter_values(before: str, packages: Collection[str] | None = None) -> list[tuple[str, str, str]]:
    """(value, "value", what it is) for the next parameter of the last DSL word in ``before`` (an effect text up
    to the word being typed), when that parameter takes words from a table; [] otherwise.

    >>> [v for v, _, _ in parameter_values('top: "gain 2 ')]
    ['gear', 'book', 'food', 'crystal', 'basic']
    >>> [v for v, _, _ in parameter_values("advance ")]
    ['grey', 'green', 'yellow', 'any']
    >>> parameter_values("gain 2 gear "), parameter_values("kind: ")
    ([], [])

    ``packages``: the rules packages loaded (None: all); a value another package adds to the type is left out.

    >>> parameter_values("unlock_gadget ", ["base"]), len(parameter_values("unlock_gadget ", ["base", "abyss"]))
    ([], 4)
    """
    words = _WORD.findall(before)
    last = next((i for i in range(len(words) - 1, -1, -1) if words[i] in SIGNATURES), None)
    if last is None:
        return []
    args = words[last + 1 :]
    for param in SIGNATURES[words[last]].params:
        if args and (args[0].isdigit() if param.numeric else args[0] in TYPES.get(param.type, ())):
            args = args[1:]
        elif args or param.numeric:  # a word this parameter does not take, or a number to write
            if not param.optional:
                return []
        else:
            told = TYPE_DOCS.get(param.type, param.type)
            values = TYPES.get(param.type, ())
            return [(value, "value", told) for value in values if value_loaded(param.type, value, packages)]
    return []


def too_big(file: str, text: str) -> Diagnostic | None:
    """The problem of a text too big to check as it is typed, or None.

    >>> too_big("huge.yaml", "x" * 1_500_000).message
    'the file is 1.5 MB: too big to check as you type (up to 1 MB); run `revive check huge.yaml`'
    """
    size = len(text.encode("utf-8", "surrogatepass"))
    if size <= MAX_TYPED_BYTES:
        return None
    shown = f"{size / 1_000_000:.1f} MB: too big to check as you type (up to {MAX_TYPED_BYTES // 1_000_000} MB)"
    return Diagnostic(Pos(file, 1, 1), f"the file is {shown}; run `revive check {file}`")


def not_utf8(file: str, text: str) -> Diagnostic | None:
    """The problem of a file whose bytes on disk are not UTF-8 (the editor shows them as U+FFFD), or None.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "cafe.yaml"
    >>> _ = path.write_bytes(b"kind: crate\\n# caf\\xe9\\n")
    >>> not_utf8(str(path), "kind: crate\\n# caf\\ufffd\\n").message
    'not UTF-8 text (byte 0xe9): save the file as UTF-8'
    """
    if "\ufffd" not in text:
        return None
    data = regular_file_bytes(file, MAX_TYPED_BYTES + 1, truncate=True)
    if data is None:  # not on disk (a new file, another scheme), not a plain file, or unreadable: the text as it is
        return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        return undecodable(file, data, err)
    return None


def regular_file_bytes(file: str, limit: int, truncate: bool = False) -> bytes | None:
    """The bytes of ``file`` if it is a plain file of at most ``limit`` bytes (with ``truncate``: its first
    ``limit`` bytes), else None: a FIFO, a device (``/dev/zero``), a folder or anything unreadable is never read,
    and opening never waits (for a FIFO's writer).

    >>> regular_file_bytes("/dev/zero", 10) is None, regular_file_bytes("/nowhere", 10) is None
    (True, True)
    """
    try:
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or (info.st_size > limit and not truncate):
            return None
        parts, have = [], 0
        while have <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - have))
            if not chunk:
                break
            parts.append(chunk)
            have += len(chunk)
        data = b"".join(parts)
        if len(data) > limit and not truncate:  # grew while read
            return None
        return data[:limit]
    except OSError:
        return None
    finally:
        os.close(fd)


# the node types whose ``event`` or ``counter`` is a word of that kind (their bodies hold effects)
_CALL_KINDS = {"event": ("event",), "counter": ("counter",)}
_BODY = ("effect", "modifier", "symbol", "counter", "event", "state")


def _kinds_at(program: n.Program, word: str, line: int, column: int) -> tuple[str, ...] | None:
    """Which kinds of word ``word`` is read as at a 1-based line and column of a text: by its place in the tree
    (``when build:`` an event, ``if heat >= 3`` and ``raise heat`` a counter, a body's word an effect), None when
    no word of the tree starts there.

    >>> from revive_dsl.dsl.parser import parse
    >>> tree = parse("when build: build; if heat >= 3: gain book")
    >>> _kinds_at(tree, "build", 1, 6), _kinds_at(tree, "build", 1, 13), _kinds_at(tree, "heat", 1, 23)
    (('event',), ('effect', 'modifier', 'symbol', 'counter', 'event', 'state'), ('counter',))
    """
    parents: dict[int, n.Node] = {}
    for node in program.walk():
        for child in node.children():
            parents[id(child)] = node
        here = (node.pos.line, node.pos.column) == (line, column)
        if here and isinstance(node, n.Call) and node.name == word:
            parent = parents.get(id(node))
            role = next((r for r in _CALL_KINDS if getattr(parent, r, None) is node), None)
            return _CALL_KINDS[role] if role else _BODY
        if here and isinstance(node, n.Word) and node.value == word:
            call = parents.get(id(node))
            sig = lookup(call.name, _BODY) if isinstance(call, n.Call) else None
            index = [a for a in call.args if isinstance(a, n.Word)].index(node) if sig else 0
            named = [p for p in sig.params if not p.numeric] if sig else []
            return ("counter",) if index < len(named) and named[index].type in DECLARED_TYPES else None
    return None


def word_at(text: str, line: int, column: int) -> tuple[str, int, int]:
    """The word (letters, digits, ``_``) at a 0-based line and column, with its start and end columns.

    >>> word_at("gain 2 gear", 0, 9)
    ('gear', 7, 11)
    """
    lines = text.split("\n")
    row = lines[line] if 0 <= line < len(lines) else ""
    for found in _WORD.finditer(row):
        if found.start() <= column <= found.end():
            return found.group(0), found.start(), found.end()
    return "", column, column


def _pack_folder(path: Path) -> Path | None:
    """The pack a file belongs to: the nearest folder above it with a ``pack.yaml``."""
    for folder in path.resolve().parents:
        if (folder / "pack.yaml").is_file():
            return folder
    return None


def _stamp(folders: list[Path]) -> tuple:
    """What the kept content depends on: every YAML file's path, size and modification time."""
    out = []
    for folder in folders:
        for here, dirs, files in os.walk(folder):
            dirs.sort()
            for name in sorted(files):
                if name.endswith((".yaml", ".yml")):
                    info = os.stat(os.path.join(here, name))
                    out.append((here, name, info.st_size, info.st_mtime_ns))
    return tuple(out)


@dataclass
class Workspace:
    """The packs the open documents live in, loaded once and kept while their files stay as they were."""

    kept: dict[tuple, tuple[tuple, Content, str]] = field(default_factory=dict)
    # the last document read for hover and completion, with the content it loads: a burst of requests on one text
    # (a keystroke's completion, then a hover) loads it once
    last: tuple[str, str, Content] | None = None
    scripts: Scripts = field(default_factory=Scripts)  # each open script's last play

    def context(self, path: Path) -> tuple[Content, str]:
        """The content a file is checked against (its pack without the file itself, and that pack's
        dependencies; the bundled packs for a file outside any pack) and the pack id the file belongs to."""
        own = _pack_folder(path)
        folders = with_bundled_dependencies([own]) if own else order_packs(find_pack_folders(content_root()))
        key = (str(own), str(path.resolve()))
        stamp = _stamp(folders)
        hit = self.kept.get(key)
        if hit is None or hit[0] != stamp:
            content, quiet = Content(), []
            for folder in folders:
                load_pack_folder(folder, content, quiet)
            name = next((n for n in content.texts if Path(n).resolve() == path.resolve()), None)
            content.components = {k: c for k, c in content.components.items() if c.pos.file != name}
            pack = next((p.id for p in content.packs.values() if own and p.folder.resolve() == own), "<file>")
            self.kept[key] = hit = (stamp, content, pack)
        _, content, pack = hit
        copy = Content(dict(content.packs), dict(content.components), dict(content.texts))
        return copy, pack

    def loaded(self, file: str, text: str, problems: list[Diagnostic]) -> Content:
        """The file's context with the document as the editor holds it loaded into it (its problems added)."""
        content, pack = self.context(Path(file))
        doc = load_yaml(text, file)
        content.texts[file] = text
        if Path(file).name != "pack.yaml":
            load_doc(doc, pack, content, problems)
        return content

    def diagnostics(self, file: str, text: str, replay: bool = False) -> list[Diagnostic]:
        """Every problem of the document ``file`` as the editor holds it, in text order; with ``replay`` (the
        editor saved it), a script that loads is also played back, to its first divergence."""
        first = too_big(file, text) or not_utf8(file, text)
        if first is not None:
            return [first]
        problems: list[Diagnostic] = []
        try:
            if is_script_text(text):
                problems = _script_problems(file, text)
                if replay and not problems:
                    problems = self.scripts.divergence(file, text)
                return sorted(attach_lines(problems, {file: text}), key=lambda d: (d.pos.line, d.pos.column))
            content = self.loaded(file, text, problems)
            check_references(content, problems)
        except DslError as err:
            problems = list(err.diagnostics)
        except Exception as err:  # the server reports, never dies: a bug shows as a problem at the top
            problems = [Diagnostic(Pos(file, 1, 1), f"revive could not check this file: {type(err).__name__}: {err}")]
        mine = [d for d in problems if d.pos.file == file or Path(d.pos.file).resolve() == Path(file).resolve()]
        return sorted(attach_lines(mine, {file: text}), key=lambda d: (d.pos.line, d.pos.column))

    def hover(self, file: str, text: str, line: int, column: int) -> str | None:
        """Markdown for the word at the cursor: a DSL word's signature, English and doc; a component id's kind,
        name and where it is defined; None for anything else."""
        if too_big(file, text):
            return None
        script = is_script_text(text)
        if script:
            told = self.scripts.hover(file, text, line, column)
            if told is not None:
                return told
        word, start, _ = word_at(text, line, column)
        program = None if script else self._program_at(file, text, line, column)
        kinds = _kinds_at(program[1], word, line + 1, start + 1) if program is not None else None
        sig = (lookup(word, kinds) if kinds else None) or SIGNATURES.get(word)
        effect = None if program is None else f"{program[0]}: {explain(program[1])}"
        if sig is not None:
            params = " ".join(_param(p) for p in sig.params)
            head = f"**{sig.name}** ({sig.kind}, {sig.package}): `{sig.name}{' ' + params if params else ''}`"
            told = f"{head}\n\n{sig.doc}\n\nEnglish: {sig.english}. Example: `{sig.example}`"
            return told if effect is None else f"{told}\n\n---\n\n{effect}"
        comp = self._components(file, text).get(word)
        if comp is not None:
            return f"**{comp.id}**: {comp.name} ({comp.kind}, pack {comp.pack}), defined at {comp.pos}"
        return effect

    def _program_at(self, file: str, text: str, line: int, column: int) -> tuple[str, n.Program] | None:
        """The effect text at the cursor (``component `field```, its tree), None when the cursor is on no effect
        text of a component this file defines."""
        try:
            doc = load_yaml(text, file)
        except DslError:
            return None
        # a value's text runs from its start to the next value's start, or to the end of the line before it
        starts = sorted((at[0], at[1]) for at in doc.marks.values())
        here = (line + 1, column + 1)
        mine = [c for c in self._components(file, text).values() if c.pos.file == file]
        for comp in mine:
            for name, program in comp.effects.items():
                begin = (program.pos.line, program.pos.column)
                after = next((at for at in starts if at > begin), None)
                end = (after[0] - 1, 1 << 30) if after and after[0] > begin[0] else after or (1 << 30, 0)
                if begin <= here <= end:
                    return f"**{comp.id}** `{name}`", program
        return None

    def completions(self, file: str, text: str, line: int, column: int) -> list[tuple[str, str, str]]:
        """(label, kind, detail) of what may stand at the cursor, starting with the word before it: after a DSL
        word, the values its next parameter takes (``gain 2 `` -> the gainables); else every DSL word, component
        id, and resource, colour and other value name. On a script's move line: its players and legal answers."""
        if too_big(file, text):
            return []
        if is_script_text(text):
            found = self.scripts.completions(file, text, line, column)
            if found:
                return found
        word, start, _ = word_at(text, line, column)
        prefix = word[: max(column - start, 0)]
        rows = text.split("\n")
        before = rows[line][:start] if 0 <= line < len(rows) else ""
        packages = self.word_packages(file, text)
        out = parameter_values(before, packages)
        if not out:
            out = [
                (name, "word", f"{sig.kind}: {sig.english}")
                for name, sig in sorted(SIGNATURES.items())
                if word_loaded(sig, packages)
            ]
            out += [(cid, "id", f"{c.kind}: {c.name}") for cid, c in sorted(self._components(file, text).items())]
            named = {
                value: kind
                for kind, values in reversed(TYPES.items())
                for value in values
                if value_loaded(kind, value, packages)
            }
            out += [
                (value, "value", TYPE_DOCS[kind]) for value, kind in sorted(named.items()) if value not in SIGNATURES
            ]
        return [item for item in out if item[0].startswith(prefix)]

    def move_completion(self, file: str, text: str, line: int) -> tuple[tuple[int, int], tuple[int, int], str] | None:
        """On a script's step line whose move stops at a question with one legal answer: where its move text is
        (0-based line and column, start and end) and the text completing it (:meth:`Scripts.move_completion`)."""
        if too_big(file, text) or not is_script_text(text):
            return None
        return self.scripts.move_completion(file, text, line)

    def _components(self, file: str, text: str) -> dict:
        """Every component the document can name: its own (as far as they load) and its context's."""
        return {} if too_big(file, text) else self._content(file, text).components

    def _content(self, file: str, text: str) -> Content:
        """The content the document sees: its context with the document loaded into it (as far as it loads)."""
        if self.last is not None and self.last[:2] == (file, text):
            return self.last[2]
        found = self._read_content(file, text)
        self.last = (file, text, found)
        return found

    def _read_content(self, file: str, text: str) -> Content:
        if not is_script_text(text):
            try:
                return self.loaded(file, text, [])
            except DslError:
                pass
        return self.context(Path(file))[0]

    def word_packages(self, file: str, text: str) -> list[str] | None:
        """Whose DSL words and values the document's effect texts may use, as the checker decides: the rules
        packages its pack and the packs it depends on name, and the packs declaring words of their own; None
        (every word) when no pack is loaded."""
        return self._content(file, text).word_packages()

    def definition(self, file: str, text: str, line: int, column: int) -> Pos | None:
        """Where the component id at the cursor is defined: the id itself, the value of its ``id:`` key (the id
        is that many characters long from there); None for anything else."""
        word, _, _ = word_at(text, line, column)
        content = self._content(file, text)
        comp = content.components.get(word)
        if comp is None:
            return None
        target = str(Path(comp.pos.file).resolve())
        source = text if target == str(Path(file).resolve()) else _file_text(content, comp.pos.file)
        found = id_place(source, comp.id, comp.at("id"))
        return Pos(target, found.line, found.column)

    def references(self, file: str, text: str, line: int, column: int) -> list[Pos]:
        """Every mention of the component id at the cursor in the files of its packs (the open file as the editor
        holds it), definition included."""
        word, _, _ = word_at(text, line, column)
        if word not in self._components(file, text):
            return []
        content, _ = self.context(Path(file))
        texts = {str(Path(name).resolve()): body for name, body in content.texts.items()}
        texts[str(Path(file).resolve())] = text
        pattern = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(word)}(?![A-Za-z0-9_])")
        found = []
        for name, body in sorted(texts.items()):
            for number, row in enumerate(body.split("\n"), start=1):
                found += [Pos(name, number, hit.start() + 1) for hit in pattern.finditer(row)]
        return found

    def symbols(self, file: str, text: str) -> list[tuple[str, str, Pos]]:
        """(id, kind, where) of each component the file defines, in file order."""
        if too_big(file, text) or is_script_text(text):
            return []
        try:
            content = self.loaded(file, text, [])
        except DslError:
            return []
        mine = [c for c in content.components.values() if c.pos.file == file]
        return [(c.id, f"{c.kind}: {c.name}", c.pos) for c in sorted(mine, key=lambda c: (c.pos.line, c.pos.column))]

    def formatted(self, file: str, text: str) -> str | None:
        """The file in the canonical form of ``revive fmt`` (comments and layout kept), None when nothing changes
        or the file has problems."""
        from revive_dsl.fmt import format_text

        if too_big(file, text):
            return None
        return format_text(text, file).new_text


def _file_text(content: Content, file: str) -> str:
    """A loaded file's text (read again from disk where the content kept none); "" if unreadable."""
    if file in content.texts:
        return content.texts[file]
    data = regular_file_bytes(file, MAX_UNOPENED_BYTES)  # never a pipe or a device: the server must not block
    return "" if data is None else data.decode("utf-8", errors="replace")


def id_place(text: str, cid: str, near: Pos) -> Pos:
    """Where the id ``cid`` itself is written in a file's ``text``: at or after ``near`` (its ``id:`` value, or its
    component's start) on that line, else its ``id:`` on a line below (a few lines: the same component); ``near``
    when it is not found.

    >>> str(id_place("components:\\n  - id: c1\\n    name: C1\\n", "c1", Pos("f", 2, 5)))
    'f:2:9'
    >>> str(id_place("components:\\n  - name: C1\\n    id: 'c1'\\n", "c1", Pos("f", 2, 5)))
    'f:3:10'
    """
    rows = text.split("\n")
    word = rf"(?<![A-Za-z0-9_]){re.escape(cid)}(?![A-Za-z0-9_])"
    if 0 < near.line <= len(rows):
        hit = re.compile(word).search(rows[near.line - 1], max(near.column - 1, 0))
        if hit:
            return Pos(near.file, near.line, hit.start() + 1)
    keyed = re.compile(rf"\bid:\s*[\"']?({word})")
    for number in range(max(near.line, 1), min(near.line + 20, len(rows)) + 1):
        hit = keyed.search(rows[number - 1])
        if hit:
            return Pos(near.file, number, hit.start(1) + 1)
    return near


def _param(param) -> str:
    name = f"{param.name}:{param.type}" if getattr(param, "type", None) and param.type != param.name else param.name
    return f"[{param.name}={param.default}]" if getattr(param, "optional", False) else name


def _script_problems(file: str, text: str) -> list[Diagnostic]:
    """A script's problems found without playing it: as ``revive check`` reads and sets it up, then each step's
    move word that could never be a move of its game (a typo, with its did-you-mean)."""
    from revive_dsl.replay.script import load_script_text, script_rules, start_game

    try:
        script = load_script_text(text, file)
        rules = script_rules(script)
        game, _ = start_game(script, rules)
    except DslError as err:
        return list(err.diagnostics)
    return move_word_problems(script, game, rules)
