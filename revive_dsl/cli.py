"""The ``revive`` command line: a thin layer over the Python API.

``check`` (validate content and replay scripts; ``--replay`` also plays the scripts),
``explain ID`` (a component's effects in English and as trees), ``fmt`` (canonical effect
texts), ``content stats``, ``docs`` (the generated DSL reference), ``schemas``, ``simulate``
(random games, written as scripts), ``balance`` (many games between computer players, reported),
``replay FILE`` (a recorded game in the terminal),
``tutorial [NAME]``, ``play`` (a game in the terminal, recorded as a script), ``verify [PATHS]`` (replay a
corpus), ``moves SCRIPT`` (the legal moves at a step), ``complete SCRIPT`` (a move line's answers that have one
legal value),
``board [SCRIPT]`` (space and tile slot keys), ``new pack NAME`` (a new content pack to start from).
With no command it steps through the bundled introductory tutorial; ``--version`` prints the version.

Given no paths, ``check``, ``fmt``, ``explain`` and ``verify`` work on the content pack the current
folder is in, else on the ``content/`` and ``replays/`` of the checkout it is in (else on the running
package's copy) and say on stderr which folders they used.

>>> build_parser().prog
'revive'
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import importlib
import importlib.util
import json
import os
import re
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from revive_dsl.fileio import folder_problem, make_folder, write_text_atomic
from revive_dsl.locations import announce, content_root, core, default_folders, installed_location, version
from revive_dsl.positions import Diagnostic, DslError, Pos, attach_lines, visible

if TYPE_CHECKING:  # the commands import what they use, so `revive --help` starts fast
    from revive_dsl.content.packs import Content


@dataclass
class Targets:
    """What the paths on a command line name: pack folders, single component files and replay scripts."""

    packs: list[Path] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    scripts: list[Path] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)


def _walk(folder: Path) -> tuple[list[Path], list[Path]]:
    """The outermost pack folders under ``folder`` and every YAML file outside them (hidden and snapshot
    folders skipped), both sorted."""
    packs: list[Path] = []
    loose: list[Path] = []
    for here, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__snapshots__")
        if "pack.yaml" in names and Path(here) != folder:
            packs.append(Path(here))
            dirs[:] = []
            continue
        loose.extend(Path(here) / name for name in names if name.endswith((".yaml", ".yml")))
    return sorted(packs), sorted(loose)


def targets(paths: list[str], defaults: bool = False) -> Targets:
    """Sort PATHS out: a file is a script (a top-level ``steps:``) or a component file; a folder with
    ``pack.yaml`` is a pack; any other folder holds packs (at any depth) and scripts, or, when it
    has no pack, single component files and scripts. Scripts inside a pack folder are that pack's
    scripts: loading the pack skips them, checking it checks them. A folder with none of these is a
    problem, unless it is one of the ``defaults`` (a checkout's empty ``replays/``).
    """
    from revive_dsl.content.packs import is_script_file, link_out, with_bundled_dependencies

    out = Targets()
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            (out.scripts if is_script_file(path) else out.files).append(path)
        elif path.is_dir():
            packs, loose = ([path], []) if (path / "pack.yaml").is_file() else _walk(path)
            for f in [f for f in loose if link_out(f, path) is not None]:  # never read, not even to sort it
                loose.remove(f)
                out.problems.append(
                    Diagnostic(
                        Pos.whole(os.path.relpath(f)),
                        f"a file link out of the folder {raw} (to {os.path.relpath(link_out(f, path) or f)}); "
                        "a folder is read only from its own files, so it is skipped",
                    )
                )
            scripts = [f for f in loose if is_script_file(f)]
            for pack in packs:  # a pack's own scripts (a link out of it is reported when the pack loads)
                scripts.extend(f for f in _walk(pack)[1] if link_out(f, pack) is None and is_script_file(f))
            files = [] if packs else [f for f in loose if f.suffix == ".yaml" and f not in scripts]
            if not (packs or scripts or files or defaults):
                out.problems.append(
                    Diagnostic(Pos.whole(raw), "no content packs, component files or replay scripts in this folder")
                )
            out.packs.extend(packs)
            out.scripts.extend(sorted(scripts))
            out.files.extend(files)
        elif path.exists():  # a FIFO, a socket, a device: never opened
            out.problems.append(Diagnostic(Pos.whole(raw), "not a regular file or folder; skipped"))
        else:
            out.problems.append(Diagnostic(Pos.whole(raw), "no such file or folder"))
    out.packs = with_bundled_dependencies(list(dict.fromkeys(out.packs)))
    out.scripts = list(dict.fromkeys(out.scripts))
    return out


def collect(paths: list[str], found: Targets | None = None) -> tuple[Content, list[Diagnostic]]:
    """Load pack folders and single files named on the command line, collecting all problems.

    Single files are checked against the bundled packs (for references), which are loaded
    first unless they are among the paths. Replay scripts among the paths are left out.
    """
    from revive_dsl.content.packs import (
        Content,
        check_references,
        find_pack_folders,
        load_file,
        load_pack_folder,
        order_packs,
    )

    content = Content()
    found = found or targets(paths)
    problems = list(found.problems)
    if found.files and not found.packs:
        quiet: list[Diagnostic] = []
        for folder in order_packs(find_pack_folders(content_root())):
            load_pack_folder(folder, content, quiet)
    for folder in found.packs:
        load_pack_folder(folder, content, problems)
    for path in found.files:
        if path.name != "pack.yaml":
            load_file(path, "<file>", content, problems)
    check_references(content, problems)
    problems.sort(key=lambda d: (d.pos.file, d.pos.line, d.pos.column))
    return content, attach_lines(problems, content.texts)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def cmd_check(args: argparse.Namespace) -> int:
    from revive_dsl.replay.script import script_problems
    from revive_dsl.replay.verify import replay_problems

    paths = args.paths
    if not paths:
        folders = default_folders("content", "replays")
        announce("checking", folders)
        paths = [str(f) for f in folders]
    found = targets(paths, defaults=not args.paths)
    content, problems = collect(paths, found)
    replayed = 0
    for path in found.scripts:
        script, wrong = script_problems(path)
        if script is not None and not wrong and args.replay:
            _played, wrong = replay_problems(script)
            replayed += not wrong
        problems.extend(wrong)
    # a pack's problem is found again by each of its scripts that loads it: say it once
    problems = list({(d.pos, d.message): d for d in problems}.values())
    for d in problems:
        print(d.render(), file=sys.stderr)
    parts = []
    if found.packs or found.files:
        effects = sum(len(c.effects) for c in content.components.values())
        parts.append(
            f"{_plural(len(content.packs), 'pack')}, {_plural(len(content.components), 'component')}, "
            f"{_plural(effects, 'effect text')}"
        )
    if found.scripts:
        parts.append(_plural(len(found.scripts), "script"))
    status = _plural(len(problems), "error") if problems else "ok"
    summary = f"{status}: {' and '.join(parts) or 'nothing'} checked"
    if args.replay and found.scripts:
        summary += f", {replayed} replayed to the end"
    print(summary)
    return 1 if problems else 0


def bundled_state_schema() -> dict:
    """The game state's schema for the bundled packs: base and Call of the Abyss's part, with the counters the packs
    declare (so the packs are loaded, and checked against the content schemas written before it)."""
    from revive_dsl.content.packages import BUNDLED
    from revive_dsl.engine.rules import load_bundled
    from revive_dsl.engine.state_schema import state_schema

    load_bundled()
    return state_schema(BUNDLED)


def cmd_schemas(args: argparse.Namespace) -> int:
    out = Path(args.write)
    problem = folder_problem(out)
    if problem:
        print(f"revive schemas: --write {out}: {problem}", file=sys.stderr)
        return 2
    make_folder(out)
    from revive_dsl.content.schema_defs import all_schemas

    schemas = all_schemas()  # the content's and scripts' first: the bundled packs are read against them below
    for name, schema in schemas.items():
        write_text_atomic(out / name, json.dumps(schema, indent=2, sort_keys=True) + "\n")
    write_text_atomic(out / "state.schema.json", json.dumps(bundled_state_schema(), indent=2, sort_keys=True) + "\n")
    print(f"wrote {len(schemas) + 1} schemas to {out}")
    return 0


def _console():
    from revive_dsl.replay.console import make_console

    return make_console(soft_wrap=True)  # names and texts from content shown, never acted on


_SPACE_KEY = re.compile(r"^-?\d+,-?\d+$|^corner_[a-z]+$")


def cmd_explain(args: argparse.Namespace) -> int:
    from rich.text import Text

    import revive_dsl.content.words  # noqa: F401 - every installed rules package's words can be explained
    from revive_dsl.dsl.explain import explain, explain_tree_text
    from revive_dsl.dsl.formatter import format_program

    if _SPACE_KEY.match(args.id):  # a space of the board: told in the context of a script (or a fresh game)
        from revive_dsl.replay import board_view

        return board_view.main(
            argparse.Namespace(
                script=args.script, at=args.at, space=args.id, no_color=False, width=None, prog="revive explain"
            )
        )
    paths = args.paths
    if not paths:
        folders = default_folders("content")
        announce("reading", folders)
        paths = [str(f) for f in folders]
    content, _problems = collect(paths)
    comp = content.components.get(args.id)
    if comp is None:
        ids = sorted(content.components)
        close = difflib.get_close_matches(args.id, ids, n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        print(f"unknown component id '{args.id}'{hint}", file=sys.stderr)
        return 1
    out = _console()
    out.print(
        Text(f"{comp.id}: {comp.name}", style="bold"), Text(f"({comp.kind}, pack {comp.pack}, {comp.provenance})")
    )
    out.print(Text(f"defined at {comp.pos}"))
    if not comp.effects:
        out.print(Text("no effect texts"))
    for name, program in comp.effects.items():
        out.print()
        out.print(Text(f"{name}  {program.pos}", style="bold"))
        out.print(Text(f"  {format_program(program)}"))
        out.print(Text(f"  {explain(program)}", style="italic"))
        tree = explain_tree_text(program, width=max(40, out.width - 2))
        out.print(Text(textwrap.indent(tree, "  ")))
    return 0


def cmd_fmt(args: argparse.Namespace) -> int:
    from revive_dsl.fmt import format_files

    paths = args.paths
    if not paths:
        folders = default_folders("content", "replays")
        announce("checking the format of" if args.check else "formatting", folders)
        paths = [str(f) for f in folders]
    if not args.check:
        for raw in paths:
            where = installed_location(Path(raw))
            if where is not None:
                print(
                    f"revive fmt: {raw} is inside an installed package ({where}); fmt does not rewrite installed "
                    "files: copy the content out and format the copy, or run it in a checkout (--check only reads)",
                    file=sys.stderr,
                )
                return 1
    results = format_files(paths, write=not args.check)
    changed = [r for r in results if r.changes and not r.problems]
    broken = [r for r in results if r.problems]
    for r in broken:
        for d in attach_lines(r.problems, _texts(r.file)):
            print(d.render(), file=sys.stderr)
        print(
            f"{r.file}: not formatted ({len(r.problems)} problem{'s' if len(r.problems) != 1 else ''})", file=sys.stderr
        )
    for r in changed:
        print(f"{'would reformat' if args.check else 'reformatted'} {r.file}")
        for c in r.changes:
            print(f"  {c.pos}: {c.field}: {c.old!r} -> {c.new!r}")
    fields = sum(len(r.changes) for r in changed)
    verb = "would be reformatted" if args.check else "reformatted"
    summary = f"{len(changed)} file{'s' if len(changed) != 1 else ''} {verb} ({fields} fields)"
    summary += f", {len(results) - len(changed) - len(broken)} unchanged"
    print(summary + (f", {len(broken)} with errors" if broken else ""))
    return 1 if broken or (args.check and changed) else 0


def cmd_upgrade(args: argparse.Namespace) -> int:
    from revive_dsl.replay.verify import find_scripts, is_script
    from revive_dsl.upgrade import upgrade_files

    paths = args.paths
    if not paths:
        folders = default_folders("replays")
        announce("checking the format of" if args.check else "upgrading", folders)
        paths = [str(f) for f in folders]
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files += find_scripts(path)
        elif path.exists() and not is_script(path):
            print(f"revive upgrade: {raw} is not a replay script (no top-level steps:)", file=sys.stderr)
            return 1
        else:
            files.append(path)
    if not args.check:
        for path in files:
            where = installed_location(path)
            if where is not None:
                print(f"revive upgrade: {path} is inside an installed package ({where}); copy it out first",
                      file=sys.stderr)  # fmt: skip
                return 1
    results = upgrade_files(files, write=not args.check, outcomes=args.outcomes)
    upgraded = [r for r in results if r.new_text is not None]
    broken = [r for r in results if r.problems]
    for r in broken:
        for d in attach_lines(r.problems, _texts(r.file)):
            print(d.render(), file=sys.stderr)
        print(f"{r.file}: left as it was", file=sys.stderr)
    for r in upgraded:
        print(f"{'would upgrade' if args.check else 'upgraded'} {r.file} (read as {r.reading})")
        for c in r.changes:
            if not c.step:
                print(f"  {c.new}")
                continue
            print(f"  step {c.step}: " + (f"{c.old!r} -> {c.new!r}" if c.old else f"then {c.new!r}"))
    current = sum(1 for r in results if r.current)
    verb = "would be upgraded" if args.check else "upgraded"
    summary = f"{len(upgraded)} script{'s' if len(upgraded) != 1 else ''} {verb} to format {_format()}"
    summary += f", {current} already current" + (f", {len(broken)} left as they were" if broken else "")
    print(summary)
    return 1 if broken or (args.check and upgraded) else 0


def _format() -> int:
    from revive_dsl.replay.script import FORMAT

    return FORMAT


def _texts(file: str) -> dict[str, str]:
    """A file's text for showing source lines; nothing for a file that cannot be read safely (reported already)."""
    from revive_dsl.content.packs import read_source

    try:
        return {file: read_source(Path(file))}
    except (DslError, OSError):
        return {}


def content_stats(content: Content) -> dict[str, dict[str, dict[str, int]]]:
    """Per pack, per kind: how many components, and how many of each provenance.

    >>> from revive_dsl.content.packs import Content
    >>> content_stats(Content())
    {}
    """
    out: dict[str, dict[str, dict[str, int]]] = {pack: {} for pack in content.packs}
    for comp in content.components.values():
        row = out.setdefault(comp.pack, {}).setdefault(comp.kind, {"total": 0, "rulebook": 0, "representative": 0})
        row["total"] += 1
        if comp.provenance in row:
            row[comp.provenance] += 1
    return {pack: dict(sorted(kinds.items())) for pack, kinds in out.items()}


def cmd_content_stats(args: argparse.Namespace) -> int:
    content, problems = collect(args.paths or [str(content_root())])
    for d in problems:
        print(d.render(), file=sys.stderr)
    stats = content_stats(content)
    if args.json:
        print(json.dumps(stats, indent=2))
    else:
        from rich.table import Table

        table = Table(title="Components by pack, kind and provenance")
        for column in ("pack", "kind", "total", "rulebook", "representative"):
            table.add_column(column, justify="right" if column not in ("pack", "kind") else "left")
        for pack, kinds in stats.items():
            for kind, row in kinds.items():
                table.add_row(pack, kind, *(str(row[k]) for k in ("total", "rulebook", "representative")))
            table.add_section()
        _console().print(table)
    if problems:
        print(
            f"{len(problems)} error{'s' if len(problems) != 1 else ''} while loading; run `revive check`",
            file=sys.stderr,
        )
    return 1 if problems else 0


def cmd_content(args: argparse.Namespace) -> int:
    args.content_parser.print_help()
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    """The decision open after a step of a script, with its legal answers (or whole move lines)."""
    from revive_dsl.replay.moves import legal_moves_at, move_lines
    from revive_dsl.replay.script import load_script

    script = load_script(args.script)
    steps = len(script.steps)
    if args.at is not None and not 0 <= args.at <= steps:
        print(f"revive moves: --at takes a step from 0 (the start) to {steps}, the script's last", file=sys.stderr)
        return 2
    listing = legal_moves_at(script, args.at)
    lines = move_lines(script, args.at, args.limit) if args.lines else None
    if args.json:
        data = listing.to_dict()
        if lines is not None:
            data["lines"] = lines
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    step = script.steps[listing.after - 1].text if listing.after else "the start"
    where = f"after step {listing.after} ({step})" if listing.after else "at the start"
    shown: list[str] = []  # names and moves from content and the script: made visible before the terminal
    if listing.player is None:
        shown.append(f"{where}: the game is over; no move is legal")
    elif lines is not None:
        more = f"; the first {args.limit} (--limit)" if len(lines) >= args.limit else ""
        shown.append(f"# {where}: {len(lines)} legal move line(s) for {listing.player}{more}")
        shown.extend(lines)
    else:
        shown.append(f"{where}: {listing.player} answers {listing.prompt!r} (rule: {listing.rule})")
        width = max(len(o.key) for o in listing.options) if listing.options else 0
        for option in listing.options:
            about = " · ".join(x for x in (listing.names.get(option.key, ""), option.label) if x)
            shown.append(f"  {option.key:<{width}}  {about}".rstrip())
    print(visible("\n".join(shown)))
    return 0


def cmd_complete(args: argparse.Namespace) -> int:
    """Append to a script's move lines the answers that have one legal value; list the questions with several."""
    from revive_dsl.replay.complete import StepOutOfRange, complete_file

    name = args.script
    if not Path(name).is_file():
        problem = "no such file" if not Path(name).exists() else "not a file"
        print(f"revive complete: {name}: {problem}", file=sys.stderr)
        return 2
    if not args.check and installed_location(Path(name)) is not None:
        print(f"revive complete: {name} is inside an installed package; copy it out first", file=sys.stderr)
        return 1
    try:
        result = complete_file(name, args.step, write=not args.check)
    except StepOutOfRange as err:
        print(f"revive complete: --step {args.step}: {err}", file=sys.stderr)
        return 2
    except DslError as err:  # it does not load, or cannot be written: the first problem, in one line
        first, more = err.diagnostics[0], len(err.diagnostics) - 1
        also = f" (and {_plural(more, 'more problem')}: `revive check {name}` lists them)" if more else ""
        print(visible(f"revive complete: {first.pos}: {first.message}{also}"), file=sys.stderr)
        return 1
    shown: list[str] = []
    for move in result.moves:
        if move.changed:
            shown.append(f"step {move.step}: {move.old} -> {move.new}")
        if move.question is not None:
            shown.append(f"step {move.step}: {move.new} stops at {move.question}")
    changed = len(result.changed)
    done = "would be completed (--check: nothing written)" if args.check else "completed"
    summary = f"{name}: {_plural(changed, 'move')} {done}"
    if result.open:
        summary += f"; step {result.open[0].step} asks a question with several legal answers: write one, run again"
    elif not changed and result.problem is None:
        whole = f"step {args.step} is whole" if args.step is not None else "every move line is whole"
        summary = f"{name}: {whole}"
    if result.problem is None or changed:
        shown.append(summary)
    if shown:
        print(visible("\n".join(shown)))
    if result.problem is not None:
        print(visible(f"revive complete: {result.problem.pos}: {result.problem.message}"), file=sys.stderr)
    return 1 if result.problem or result.open or (args.check and changed) else 0


def cmd_new(args: argparse.Namespace) -> int:
    args.new_parser.print_help()
    return 0


def cmd_new_pack(args: argparse.Namespace) -> int:
    """Write a new pack folder whole; exit 2 (nothing written) for a bad name or option or a folder that exists,
    1 when the writing fails (nothing is left behind)."""
    from revive_dsl.scaffold import ScaffoldError, new_pack

    parent = Path(args.dir)
    try:
        written = new_pack(args.name, parent, Path(args.schemas) if args.schemas else None, rules=args.rules)
    except ScaffoldError as err:
        print(f"revive new pack: {err}", file=sys.stderr)
        return 2
    folder = parent / args.name
    rules = f", rules: {args.name}" if args.rules else ""
    print(f"created pack '{args.name}' (depends: [base]{rules}) in {folder}:")
    width = max(len(str(w.path)) for w in written)
    for w in written:
        print(f"  {w.path!s:<{width}}  {w.about}")
    print("next:")
    if args.rules:
        print(f"  pip install -e {folder}")
    print(f"  revive check {folder}")
    print(f"  revive verify {folder}")
    print(f"  revive replay {folder / 'scripts' / 'try-it.yaml'}")
    return 0


def cmd_docs(args: argparse.Namespace) -> int:
    import revive_dsl.content.words  # noqa: F401 - the reference lists every installed rules package's words
    from revive_dsl.content.packages import BUNDLED
    from revive_dsl.dsl import docgen
    from revive_dsl.engine import state_schema
    from revive_dsl.engine.rules import load_bundled

    path = Path(args.path) if args.path else docgen.default_path()
    text = docgen.reference()
    # the DSL reference, and beside it the state reference (docs/state-reference.md)
    load_bundled()  # the state reference covers the bundled packages' parts and the bundled packs' counters
    pages = [(path, text), (path.with_name("state-reference.md"), state_schema.reference(BUNDLED) + "\n")]
    if args.write:
        for where, page in pages:
            make_folder(where.parent)
            write_text_atomic(where, page)
            print(f"wrote {where}")
        return 0
    if args.check:
        stale = 0
        for where, page in pages:
            current = where.read_text(encoding="utf-8") if where.is_file() else ""
            if current != page:
                print(f"{where} is out of date; run `revive docs --write`", file=sys.stderr)
                stale += 1
            else:
                print(f"{where} is up to date")
        return 1 if stale else 0
    sys.stdout.write(text)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play random games; print each game's final scores; optionally write each game as a replay script."""
    from revive_dsl.engine.rules import Rules
    from revive_dsl.engine.setup import known_variants

    bounds = (
        ("--games", args.games, 1, MAX_SIMULATE_GAMES, ""),
        ("--jobs", args.jobs, 1, MAX_SIMULATE_JOBS, " (default: one per CPU)"),
    )
    for flag, value, low, high, default in bounds:
        if value is not None and not low <= value <= high:
            print(f"revive simulate: {flag} must be from {low} to {high}{default}, not {value}", file=sys.stderr)
            return 2
    if args.tribes is not None and not [t for t in args.tribes.split(",") if t.strip()]:
        print("revive simulate: --tribes: name at least one tribe, e.g. nadair,formica", file=sys.stderr)
        return 2
    problem = (folder_problem(args.out) or _games_there(Path(args.out), args)) if args.out else None
    if problem:  # found before any game is played
        print(f"revive simulate: --out {args.out}: {problem}", file=sys.stderr)
        return 2
    packs = tuple(args.packs.split(","))
    rules = Rules.load(packs)
    variants = tuple(v for v in args.variants.split(",") if v)
    known = known_variants(rules)
    unknown = [v for v in variants if v not in known]
    if unknown:
        print(f"unknown variant(s): {', '.join(unknown)}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    solo_ok = [t for t in rules.ids("tribe") if args.players > 1 or rules.data(t).get("solo") is not False]
    tribes = [t.strip() for t in args.tribes.split(",") if t.strip()] if args.tribes else solo_ok
    unknown = [t for t in tribes if t not in rules.ids("tribe")]
    if unknown:
        print(f"unknown tribe(s): {', '.join(unknown)}; known: {', '.join(rules.ids('tribe'))}", file=sys.stderr)
        return 2
    not_solo = [t for t in tribes if t not in solo_ok]
    if not_solo:
        print(f"not playable in a solo game: {', '.join(not_solo)}", file=sys.stderr)
        return 2
    try:  # the variants' own rules (two that exclude each other): one line, no traceback
        from revive_dsl.engine.setup import new_game

        seats = [(f"P{s + 1}", tribes[s % len(tribes)]) for s in range(args.players)]
        new_game(rules, [(name, tribe, _side(rules, tribe, "sun")) for name, tribe in seats], 0, variants)
    except ValueError as err:
        print(f"revive simulate: {err}", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else None
    if out:
        make_folder(out)
    from rich.console import Console

    from revive_dsl.replay.verify import progress

    failures = 0
    jobs = min(args.jobs or os.cpu_count() or 1, args.games)
    games = ((packs, args, index, tribes, variants, out) for index in range(args.games))  # made as played
    with progress(Console(stderr=True), args.games, "simulating") as advance:
        if jobs <= 1:
            reports = map(_simulate_one, games)
            for failed, text in reports:
                failures += failed
                print(text)
                advance()
        else:  # games in worker processes, reported in game order: the output is the same as with one job
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for failed, text in pool.map(_simulate_one, games, chunksize=max(1, args.games // (4 * jobs))):
                    failures += failed
                    print(text, flush=True)
                    advance()
    return 1 if failures else 0


def _games_there(out: Path, args: argparse.Namespace) -> str | None:
    """Which of the scripts ``simulate`` would write are in ``out`` already (refused unless ``--force``)."""
    if args.force or not out.is_dir():
        return None
    seeds = range(args.seed, args.seed + args.games)
    there = sorted(
        (int(m.group(1)), name)
        for name in os.listdir(out)
        if (m := re.fullmatch(r"game-(-?\d+)\.yaml", name)) and int(m.group(1)) in seeds
    )
    if not there:
        return None
    more = f" (and {len(there) - 1} more)" if len(there) > 1 else ""
    them = "them" if more else "it"
    return f"{there[0][1]}{more} is there already; not overwriting {them} (give --force, or another --out or --seed)"


def _simulate_one(game: tuple) -> tuple[int, str]:
    """Play game ``index`` of a ``simulate`` run: (1 if it broke an invariant else 0, its report line)."""
    from revive_dsl.engine.rules import Rules
    from revive_dsl.engine.simulate import BrokenInvariant, play_random_game
    from revive_dsl.rules.base.scoring import final_scores

    packs, args, index, tribes, variants, out = game
    rules = Rules.load(packs)

    seed = args.seed + index
    chosen = [tribes[(index + seat) % len(tribes)] for seat in range(args.players)]
    sides = ["sun" if (index + seat) % 2 == 0 else "moon" for seat in range(args.players)]
    seats = range(args.players)
    players = [(f"P{seat + 1}", chosen[seat], _side(rules, chosen[seat], sides[seat])) for seat in seats]
    try:
        record = play_random_game(rules, players, seed, variants)
    except BrokenInvariant as err:
        return 1, f"game {index + 1} (seed {seed}): BROKEN INVARIANT: {err}"
    recorded = record.final.turn.final_scores  # the Runner scored a finished game once
    totals = [s["total"] for s in recorded] if recorded else [x.total for x in final_scores(rules, record.final)]
    scores = ", ".join(
        f"{name} ({tribe}/{side}) {total}" for (name, tribe, side), total in zip(players, totals, strict=True)
    )
    state = "finished" if record.finished else "stopped at the decision limit"
    line = f"game {index + 1} (seed {seed}): {record.moves} moves, {state}: {scores}"
    if out:
        from revive_dsl.replay.record import dump_script, pack_references, script_from_answers

        title = f"random game, seed {seed}"
        data = script_from_answers(rules, players, seed, variants, record.answers, title=title)
        data["packs"] = pack_references(data["packs"], out)  # a script finds its packs relative to itself
        write_text_atomic(out / f"game-{seed}.yaml", dump_script(data, out))
    return 0, line


def cmd_balance(args: argparse.Namespace) -> int:
    """``revive balance``: many games between computer players on a Dask cluster, reported in ``--out``
    (:mod:`revive_dsl.balance`)."""
    from revive_dsl.balance import RunError, compare_runs, dask_client, run_balance
    from revive_dsl.balance.tune import tune_to
    from revive_dsl.fileio import WriteError

    try:
        setups = _balance_setups(args)
        tuning = _tuning_setup(args, setups[0]) if args.tune is not None else None
    except ValueError as err:
        print(f"revive balance: {err}", file=sys.stderr)
        return 2
    except DslError as err:  # a pack that does not load: printed as every command prints it
        print(str(err), file=sys.stderr)
        return 2
    local = args.workers == 0 and not args.scheduler
    if not local and importlib.util.find_spec("distributed") is None:
        print(
            "revive balance: the games run on Dask, which is not installed: pip install 'revive-dsl[balance]' "
            "(or give --workers 0 to play them in this process)",
            file=sys.stderr,
        )
        return 2
    from rich.console import Console

    from revive_dsl.replay.verify import progress

    total = sum(setup.games for setup in setups) if tuning is None else tuning.budget
    console = Console(stderr=True)
    try:
        with contextlib.ExitStack() as stack:
            try:
                client = None if local else stack.enter_context(dask_client(args.scheduler, args.workers))
            except (OSError, ValueError, TypeError) as err:  # no scheduler there, or no address
                where = f"--scheduler {args.scheduler}" if args.scheduler else "the local Dask cluster"
                why = err if isinstance(err, OSError) else f"not an address such as tcp://HOST:8786 ({err})"
                print(f"revive balance: {where}: {why}", file=sys.stderr)
                return 2
            advance = stack.enter_context(progress(console, total, "playing", transient=False))
            seen = [0]

            def on_game(done: int, _total: int) -> None:
                advance(done - seen[0])
                seen[0] = done

            def on_skip(line: str) -> None:  # a damaged game file: one line, and the game played again
                console.print(f"revive balance: {line}", markup=False, highlight=False, soft_wrap=True)

            kept = {
                "client": client,
                "resume": args.resume,
                "force": args.force,
                "on_game": on_game,
                "on_skip": on_skip,
            }
            if tuning is not None:
                report = diff = None
                tuned = tune_to(tuning, args.out, client=client, force=args.force, on_game=on_game)
            elif len(setups) == 2:
                diff = compare_runs(setups[0], setups[1], args.out, **kept)
                report = None
            else:
                report = run_balance(setups[0], args.out, **kept)
    except (RunError, WriteError) as err:
        print(f"revive balance: {err}", file=sys.stderr)
        return 2
    if tuning is not None:
        print(_tuning_summary(tuned))
        print(f"tuning: {Path(args.out) / 'tuning.html'} and tuning.json")
    elif report is not None:
        print(_balance_summary(report))
        print(f"report: {Path(args.out) / 'report.html'} and report.json")
    else:
        print(_compare_summary(diff))
        print(f"comparison: {Path(args.out) / 'compare.html'} and compare.json (each run in old/ and new/)")
    return 0


MAX_SIMULATE_GAMES = 1_000_000  # games in one simulate run
MAX_SIMULATE_JOBS = 256  # its worker processes
MAX_BALANCE_GAMES = 1_000_000  # games in one balance run: each is kept in memory for the report
MAX_BALANCE_WORKERS = 256  # worker processes of a local cluster


def _balance_setups(args: argparse.Namespace) -> list:
    """The run's settings from the command line (two with --compare: old, new); ValueError says what is wrong."""
    from revive_dsl.ai import check_player
    from revive_dsl.balance.setup import SEATINGS, BalanceSetup, seats_of
    from revive_dsl.engine.rules import Rules
    from revive_dsl.engine.setup import new_game

    if not 1 <= args.games <= MAX_BALANCE_GAMES:
        raise ValueError(f"--games must be from 1 to {MAX_BALANCE_GAMES}")
    if args.workers is not None and not 0 <= args.workers <= MAX_BALANCE_WORKERS:
        raise ValueError(f"--workers must be from 0 (this process) to {MAX_BALANCE_WORKERS}")
    problem = folder_problem(args.out)
    if problem:
        raise ValueError(f"--out {args.out}: {problem}")
    if args.seating not in SEATINGS:
        raise ValueError(f"--seating must be one of {', '.join(SEATINGS)}")

    def named(pack: str) -> str:  # a folder as an absolute path, so that every worker finds it
        try:
            folder = Path(pack).is_dir()
        except OSError as err:  # a name too long for the file system
            raise ValueError(f"--packs {pack}: {err.strerror.lower() if err.strerror else err}") from None
        return pack if "/" not in pack and os.sep not in pack and not folder else str(Path(pack).resolve())

    extra = [p for p in (args.packs or ("" if args.compare else "base")).split(",") if p]
    if args.set:
        try:
            values = dict(_setting(part) for part in args.set.split(",") if part.strip())
        except ValueError:
            raise ValueError(f"--set {args.set}: write NAME=VALUE, comma-separated, e.g. head_start=4") from None
    if args.compare:
        for folder in args.compare:
            if not Path(folder).is_dir():
                raise ValueError(f"--compare {folder}: no such folder")
        pack_lists = [tuple(named(p) for p in [*extra, folder]) for folder in args.compare]
    else:
        pack_lists = [tuple(named(p) for p in extra)]
    if args.set:  # the packs' tunables at these values: the last entry of each pack list (content.tunables)
        from revive_dsl.content.tunables import tuning_entry

        pack_lists = [(*packs, tuning_entry(values)) for packs in pack_lists]
    rules_of = [Rules.load(packs) for packs in pack_lists]  # DslError: the pack's own positioned message
    ai = tuple(a.strip() for a in args.ai.split(",") if a.strip())
    for spec in ai:
        problem = check_player(spec)
        if problem:
            raise ValueError(f"--ai: {problem}")
    if not ai:
        raise ValueError("--ai: name at least one computer player")
    if not 1 <= args.players <= 4:
        raise ValueError("--players must be 1 to 4")
    known = [t for t in rules_of[0].ids("tribe") if all(t in r.ids("tribe") for r in rules_of)]
    solo_ok = [t for t in known if args.players > 1 or rules_of[0].data(t).get("solo") is not False]
    named_tribes = [t.strip() for t in args.tribes.split(",") if t.strip()] if args.tribes else solo_ok
    tribes = tuple(dict.fromkeys(named_tribes))  # each once: a tribe named twice would sit twice at a table
    unknown = [t for t in tribes if t not in known]
    if unknown:
        raise ValueError(f"unknown tribe(s): {', '.join(unknown)}; known: {', '.join(known)}")
    if len(tribes) < args.players:
        raise ValueError(f"{args.players} seats need at least {args.players} tribes; --tribes gives {len(tribes)}")
    all_sides = {side for r in rules_of for t in tribes for side in r.data(t)["sides"]}
    if args.sides is None:  # every side the tribes have: sun and moon, a board of one side its own
        sides = tuple(sorted(all_sides, key=lambda side: (side not in ("sun", "moon"), side != "sun", side)))
    else:
        sides = tuple(x.strip() for x in args.sides.split(",") if x.strip())
    if not sides or any(x not in all_sides for x in sides):
        raise ValueError(f"--sides: give sides the tribes have: {', '.join(sorted(all_sides))}")
    variants = tuple(v for v in args.variants.split(",") if v)
    setups = []
    for packs, rules in zip(pack_lists, rules_of, strict=True):
        own = {t: tuple(rules.data(t)["sides"]) for t in tribes}
        setup = BalanceSetup(packs, args.players, tribes, sides, args.seating, ai, args.games, args.seed, variants, own)
        try:  # the variants' own rules: one line, no traceback
            new_game(rules, seats_of(setup, 0), 0, list(variants))
        except ValueError as err:
            raise ValueError(str(err)) from None
        setups.append(setup)
    return setups


def _setting(text: str) -> tuple[str, int]:
    """``head_start=4`` -> ("head_start", 4); ValueError for anything else."""
    name, equals, value = text.strip().partition("=")
    if (
        not equals
        or not re.fullmatch(r"[a-z][a-z0-9_]*", name.strip())
        or not re.fullmatch(r"[0-9]{1,7}", value.strip())
    ):
        raise ValueError(text)
    return name.strip(), int(value)


def _tuning_setup(args: argparse.Namespace, run: Any) -> Any:
    """The tuning ``--tune`` asks for, over the run's settings; ValueError says what is wrong."""
    from revive_dsl.balance.tune import TuneSetup, plan

    if args.compare or args.resume:
        raise ValueError("--tune searches one content: give it without --compare and --resume")
    if args.batch is not None and not 1 <= args.batch <= args.games:
        raise ValueError(f"--batch must be from 1 to the --games budget ({args.games})")
    names = tuple(n.strip() for n in args.tune.split(",") if n.strip())
    return plan(TuneSetup(run, names, budget=args.games, batch=args.batch or 0))


def _tuning_summary(tuning: dict) -> str:
    """The lines ``revive balance --tune`` prints: the best setting, its win rates, the pack's own beside it."""
    lines = [
        f"{tuning['games']} games in {tuning['evaluations']} evaluations of {tuning['batch']} ({tuning['method']})"
    ]
    for title, setting in (("best", tuning["best"]), ("own", tuning["own"])):
        values = ", ".join(f"{k}={v}" for k, v in setting["values"].items())
        low, high = setting["spread_ci95"]
        lines.append(
            f"  {title:<5} {values}: spread {setting['spread']:.3f} (95%: {low:.3f}-{high:.3f}), "
            f"{setting['games']} games"
        )
        for key, r in setting["win_rate"].items():
            lines.append(
                f"        {r.get('label', key):<22} win rate {100 * r['rate']:5.1f}%  "
                f"(95%: {100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}%, n={r['n']})"
            )
    return "\n".join(lines)


def _balance_summary(report: dict) -> str:
    """The lines ``revive balance`` prints: the win rate of each tribe and side, the game length."""
    lines = [
        f"{report['games']} games, mean score {report['score']['mean']}, {report['length']['rounds']['mean']} rounds"
    ]
    for group in ("by_tribe", "by_side", "by_player"):
        for key, r in report["win_rate"][group].items():
            low, high = r["ci95"]
            name = r.get("label", key)
            lines.append(
                f"  {name:<22} win rate {100 * r['rate']:5.1f}%  (95%: {100 * low:.1f}-{100 * high:.1f}%, n={r['n']})"
            )
    ranks = report.get("solo_ranks", {})
    if ranks:
        lines.append(
            "  solo ranks: " + ", ".join(f"{rank.replace('_', ' ')} {r['games']}" for rank, r in ranks.items())
        )
    never = report.get("never", {})
    if never.get("scored"):
        lines.append(f"  never scored from: {', '.join(line.removeprefix('end: ') for line in never['scored'])}")
    if never.get("acted"):
        lines.append(f"  rules that never acted: {', '.join(never['acted'])}")
    chances = report.get("chances", {})
    for key, words in (("offered", "never offered on any turn"), ("made", "offered but never made")):
        if never.get(key):
            listed = ", ".join(chances.get(name, {}).get("label", name) for name in never[key])
            lines.append(f"  {words}: {listed}")
    if never.get("held"):
        held = ", ".join(f"{len(ids)} {kind.replace('_', ' ')}" for kind, ids in never["held"].items())
        lines.append(f"  never held at the end: {held} (report.html lists them)")
    return "\n".join(lines)


def _compare_summary(diff: dict) -> str:
    """The lines ``revive balance --compare`` prints: each clear change, else that there is none."""
    lines = [f"old {diff['games']['old']} games, new {diff['games']['new']} games"]
    s = diff["score"]
    lines.append(f"  mean score {s['old']} -> {s['new']} (95%: {s['ci95'][0]:+g} to {s['ci95'][1]:+g}): {s['verdict']}")
    clear = [
        f"  win rate {group.removeprefix('by_').replace('_', ' ')} {r.get('label', key)}: "
        f"{100 * r['old']:.1f}% -> {100 * r['new']:.1f}% "
        f"(95%: {100 * r['ci95'][0]:+.1f} to {100 * r['ci95'][1]:+.1f} pts): {r['verdict']}"
        for group, rates in diff["win_rate"].items()
        for key, r in rates.items()
        if r["verdict"] != "no clear change"
    ]
    clear += [
        f"  {kind} {c.get('label', cid)}: {what.replace('_', ' ')} {100 * c[what]['old']:.1f}% -> "
        f"{100 * c[what]['new']:.1f}%: "
        f"{c[what]['verdict']}"
        for kind, ids in diff["components"].items()
        for cid, c in ids.items()
        for what in ("taken", "win_rate_when_taken")
        if c[what]["verdict"] != "no clear change"
    ]
    return "\n".join(lines + (clear or ["  no clear change in any win rate or component (95% intervals)"]))


def _side(rules, tribe: str, wanted: str) -> str:
    sides = list(rules.data(tribe)["sides"])
    return wanted if wanted in sides else sides[0]


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "simulate": cmd_simulate,
    "balance": cmd_balance,
    "check": cmd_check,
    "schemas": cmd_schemas,
    "explain": cmd_explain,
    "fmt": cmd_fmt,
    "upgrade": cmd_upgrade,
    "content": cmd_content,
    "docs": cmd_docs,
}


# The commands of the replay layer and of the terminal face: (name, module, help). Each module has add_arguments
# and main.
REPLAY_COMMANDS = (
    ("replay", "revive_dsl.terminal.viewer", "play a replay script in the terminal (--step: interactive)"),
    ("tutorial", "revive_dsl.terminal.tutorial", "play a tutorial (default: intro); --list shows them"),
    ("verify", "revive_dsl.replay.verify", "replay every script in folders or files, in parallel; report divergences"),
    (
        "board",
        "revive_dsl.replay.board_view",
        "the hex map with every space's key and tile slot's key (or one space told)",
    ),
    (
        "play",
        "revive_dsl.terminal.play",
        "play a game in the terminal (people and --ai seats), recording it as a script",
    ),
)


# A word argparse reads as a value although it starts with '-': a negative number, or a space key of the board
# (`revive explain -2,3`, `revive board --space -2,-1`): half the board's keys start with '-'.
_VALUE = re.compile(r"^-\d+$|^-\d*\.\d+$|^-\d+,-?\d+$")


class _Parser(argparse.ArgumentParser):
    """argparse's parser, reading a space key such as ``-2,3`` as a value, as it reads ``-2``. (argparse has no
    public setting for what looks like a negative number; its subcommands' parsers are of this class too.)"""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _VALUE


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser. Given the arguments, it imports only the replay-layer module of the command
    they name (none for ``revive --help``), so start-up stays short; without them it imports every one."""
    wanted = None if argv is None else next((a for a in argv if not a.startswith("-")), "")
    parser = _Parser(prog="revive", description="Revive rules engine, replay player and tutorials.")
    sub = parser.add_subparsers(dest="command")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()} ({core()} core)")
    p = sub.add_parser("check", help="validate content packs, component files and replay scripts")
    p.add_argument(
        "paths",
        nargs="*",
        help="pack folders, component files, replay scripts, or folders of them "
        "(default: the pack you are in, else content/ and replays/ of the checkout you are in, else the bundled ones)",
    )
    p.add_argument("--replay", action="store_true", help="also play every script to its end, checking each step")
    p = sub.add_parser("schemas", help="write the JSON Schemas of content files")
    p.add_argument("--write", default=str(Path(__file__).parent / "schemas"), help="folder to write to")
    p = sub.add_parser("explain", help="show a component's effects: source, English and tree")
    p.add_argument("id", help="a component id, e.g. cit_scout, or a space key, e.g. -2,3 or corner_nw")
    p.add_argument(
        "--content",
        dest="paths",
        action="append",
        help="pack folder to load (default: the pack you are in, else the checkout's content/, else the bundled packs)",
    )
    p.add_argument("--script", help="for a space key: the script whose board to read (default: a fresh base game)")
    p.add_argument("--at", type=int, help="for a space key with --script: after which step (default: the last)")
    p = sub.add_parser("fmt", help="rewrite effect texts in canonical form (comments and layout kept)")
    p.add_argument("--check", action="store_true", help="only list what would change; exit 1 if anything would")
    p.add_argument(
        "paths", nargs="*", help="content files, scripts or folders (default: content/ and replays/, as for check)"
    )
    p = sub.add_parser("upgrade", help="bring replay scripts of an older format up to the current one")
    p.add_argument("--check", action="store_true", help="only list what would change; exit 1 if anything would")
    p.add_argument(
        "--outcomes",
        action="store_true",
        help="also write everything chance gave each script's setup (setup.outcomes), so it replays after its packs "
        "gain a card, a tile or a machine",
    )
    p.add_argument("paths", nargs="*", help="scripts or folders of scripts (default: replays/, as for verify)")
    p = sub.add_parser("content", help="facts about content packs")
    content_sub = p.add_subparsers(dest="content_command")
    p.set_defaults(content_parser=p)
    s = content_sub.add_parser("stats", help="count components per pack, kind and provenance")
    s.add_argument("--json", action="store_true", help='print {"pack": {"kind": {"total": N, ...}}} as JSON')
    s.add_argument("paths", nargs="*", help="pack folders or files (default: bundled packs)")
    s.set_defaults(command_func=cmd_content_stats)
    p = sub.add_parser("new", help="start something new: `revive new pack NAME` writes a content pack to edit")
    new_sub = p.add_subparsers(dest="new_command")
    p.set_defaults(new_parser=p, command_func=cmd_new)
    s = new_sub.add_parser("pack", help="a new pack folder NAME depending on base, with an example of each common kind")
    s.add_argument("name", help="the pack's id and folder name: lowercase letters, digits and _, a letter first")
    s.add_argument("--dir", default=".", help="the folder to create it in (default: the current folder)")
    s.add_argument("--schemas", help="point the files' $schema lines at this folder (e.g. `revive schemas --write`'s)")
    s.add_argument(
        "--rules",
        action="store_true",
        help="the pack holds its rules package too (NAME_rules/, an example word) and a pyproject.toml installing it",
    )
    s.set_defaults(command_func=cmd_new_pack)
    p = sub.add_parser("docs", help="generate docs/dsl-reference.md from the grammar and signature table")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="write the reference file")
    mode.add_argument("--check", action="store_true", help="exit 1 if the reference file is out of date")
    p.add_argument("--path", help="reference file (default: docs/dsl-reference.md)")
    for name, module, about in REPLAY_COMMANDS:  # each module adds its own arguments and runs its command
        p = sub.add_parser(name, help=about)
        if wanted is None or wanted == name:
            found = importlib.import_module(module)
            found.add_arguments(p)
            p.set_defaults(command_func=found.main)
    p = sub.add_parser("lsp", help="a language server for editors over stdio: problems as you type, hover, completion")
    # editors' clients (vscode-languageclient among them) name the transport; stdio is the only one served
    p.add_argument("--stdio", action="store_true", help="talk over stdin and stdout (the default and only way)")
    p.set_defaults(command_func=cmd_lsp)
    p = sub.add_parser("moves", help="the decision open after a step of a script, with every legal answer")
    p.add_argument("script", help="a replay script")
    p.add_argument("--at", type=int, help="after which step (0: the start; default: the script's last)")
    p.add_argument("--lines", action="store_true", help="list complete legal move lines for the turn")
    p.add_argument("--limit", type=int, default=50, help="at most this many lines (with --lines; default 50)")
    p.add_argument("--json", action="store_true", help="print JSON for tools")
    p.set_defaults(command_func=cmd_moves)
    p = sub.add_parser("complete", help="append the answers with one legal value to a script's unfinished move lines")
    p.add_argument("script", help="a replay script")
    p.add_argument("--step", type=int, help="only this step (1-based; default: every step that stops at a question)")
    p.add_argument("--check", action="store_true", help="only list what would change; exit 1 if anything would")
    p.set_defaults(command_func=cmd_complete)
    p = sub.add_parser("balance", help="many games between computer players, on Dask: win rates and more, as a report")
    p.add_argument("--out", required=True, help="folder for report.json, report.html and each game's figures (games/)")
    p.add_argument("--packs", help="content packs, bundled ids or folders (default: base; with --compare: none)")
    p.add_argument("--players", type=int, default=2, help="seats per game (1-4; default 2)")
    p.add_argument("--tribes", help="comma-separated tribe ids the seats take (default: every tribe of the packs)")
    p.add_argument("--sides", help="the sides seats take (default: every side the tribes have: sun,moon)")
    p.add_argument("--seating", default="rotate", help="rotate (each tribe meets each side and seat equally) or draw")
    p.add_argument(
        "--ai",
        default="greedy",
        help="computer players, turned round the seats: random, greedy, mcts or mcts:N (N playouts, 1 to 100000)",
    )
    p.add_argument("--games", type=int, default=100, help="how many games, 1 to 1000000 (default 100)")
    p.add_argument(
        "--seed", type=int, default=1, help="the run's seed; each game's seed derives from it and its number"
    )
    p.add_argument("--variants", default="", help="comma-separated variants, e.g. artifact_choice")
    p.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"), help="two pack folders: the same games on each")
    p.add_argument("--scheduler", help="the address of a running Dask scheduler (default: a local cluster)")
    p.add_argument(
        "--workers", type=int, help="worker processes of the local cluster, 0 to 256 (default: one per core; 0: none)"
    )
    p.add_argument("--resume", action="store_true", help="finish the run in --out: play only the games not there")
    p.add_argument("--force", action="store_true", help="start again, removing the run already in --out")
    p.add_argument("--set", help="play the packs' tunables at these values: NAME=VALUE, comma-separated")
    p.add_argument(
        "--tune",
        nargs="?",
        const="",
        metavar="NAMES",
        help="search the packs' tunables (all, or these comma-separated) for the values that even the win rates of "
        "tribes and sides; --games is the budget; writes tuning.json and tuning.html",
    )
    p.add_argument("--batch", type=int, help="with --tune: games an evaluation (default: a rotation of the tables)")
    p = sub.add_parser("simulate", help="play whole random games, checking invariants after every move")
    p.add_argument("--players", type=int, default=2, choices=range(1, 5), help="players per game (1-4)")
    p.add_argument("--tribes", help="comma-separated tribe ids to rotate through (default: all)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game k uses seed+k")
    p.add_argument("--games", type=int, default=1, help=f"how many games, 1 to {MAX_SIMULATE_GAMES} (default 1)")
    p.add_argument("--packs", default="base", help="content packs, e.g. base or base,abyss")
    p.add_argument("--out", help="folder to write each game to, as a replay script game-SEED.yaml")
    p.add_argument("--force", action="store_true", help="write over the game-SEED.yaml files already in --out")
    p.add_argument("--variants", default="", help="comma-separated variants, e.g. artifact_choice,long_game")
    p.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=None,
        help=f"worker processes, 1 to {MAX_SIMULATE_JOBS} (default: one per CPU); the output is the same",
    )
    return parser


def cmd_lsp(args: argparse.Namespace) -> int:
    """``revive lsp``: serve content files and replay scripts to an editor (:mod:`revive_dsl.lsp`)."""
    try:
        from revive_dsl.lsp.server import main as serve
    except ImportError as err:
        print(f"revive lsp: {err.name or 'pygls'} is not installed: pip install 'revive-dsl[lsp]'", file=sys.stderr)
        return 2
    return serve()


def _with_page(args: argparse.Namespace) -> int:
    """``revive replay SCRIPT --export html FILE`` (and ``revive tutorial NAME --export html FILE``): the script's
    page is written to FILE (:mod:`revive_dsl.web`) and one line says where; the replay is not shown in the
    terminal. A replay that stops before its end exits 1, as the replay would."""
    from revive_dsl.fileio import output_problem

    file = args.export[1]
    problem = output_problem(file, parents=True)
    if problem:
        print(f"revive {args.command}: --export {file}: {problem}", file=sys.stderr)
        return 2
    if args.command == "tutorial":
        from revive_dsl.terminal.tutorial import DEFAULT, find_tutorial, next_tutorial

        name = (next_tutorial() or DEFAULT) if args.name.lower() == "next" else args.name
        try:
            script = find_tutorial(name)
        except FileNotFoundError as err:
            print(str(err.args[0]), file=sys.stderr)
            return 1
    else:  # the page instead of the replay shown in the terminal: one line says where it went
        from revive_dsl.terminal.viewer import options_problem

        problem = options_problem(args)
        if problem:
            print(f"revive replay: {problem}", file=sys.stderr)
            return 2
        script = args.file
    from revive_dsl.web.export import export_page

    try:
        done = export_page(script, file)
    except DslError as err:
        print(str(err), file=sys.stderr)
        return 1
    print(done.summary(), file=sys.stderr)
    return 1 if done.error and args.command != "tutorial" else 0


class _ClosedOutput(OSError):
    """Output written to a standard output that was closed before the program started (``revive docs >&-``)."""


class _Closed:
    """Stands in for a closed standard output: any write fails, and is reported in one line."""

    def write(self, text: str) -> int:
        raise _ClosedOutput("standard output is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def _safe_streams() -> None:
    """Standard output and error as every command can use them: a file name that is not UTF-8 (held as lone
    surrogates, as Python reads such names) or a character the terminal's encoding lacks is written as a
    backslash escape instead of ending the command in UnicodeEncodeError; a closed standard output is
    reported instead of ignored or a traceback."""
    if sys.stdout is None:
        sys.stdout = _Closed()
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``revive`` console script; returns the exit code."""
    import signal

    if hasattr(signal, "SIGXFSZ"):  # a file size limit: the write fails (and is undone) instead of killing us
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    argv = sys.argv[1:] if argv is None else argv
    _safe_streams()
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    try:
        if args.command is None:  # the main job: step through the bundled introductory tutorial
            from revive_dsl.terminal.tutorial import intro_main

            return intro_main()
        func = getattr(args, "command_func", None) or COMMANDS[args.command]
        if getattr(args, "export", None) and args.export[0] == "html":  # the page, written by the browser face
            return _with_page(args)
        return func(args)
    except DslError as err:
        print(str(err), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except _ClosedOutput:
        print("revive: cannot write the output: standard output is closed", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (`revive replay X --json | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def run() -> None:
    """The ``revive`` console script: the process's collector tuned for games (:mod:`revive_dsl.gctune`),
    SIGTERM and SIGHUP made an exit that unwinds (a file being written is left as it was), then :func:`main`.
    (A program calling :func:`main` keeps its own collector settings and signal handlers.)"""
    import signal

    from revive_dsl.gctune import tune_gc

    tune_gc()
    for name in ("SIGTERM", "SIGHUP"):  # ended from outside: unwind, so a write under way removes its temporary file
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _ended)
    sys.exit(main())


def _ended(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


if __name__ == "__main__":  # pragma: no cover
    run()
