"""The ``revive`` command line: a thin layer over the Python API.

>>> build_parser().prog
'revive'
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from revive_dsl.content import Content, check_references, find_pack_folders, load_file, load_pack_folder, order_packs
from revive_dsl.positions import Diagnostic, DslError, attach_lines
from revive_dsl.resources import content_root


def _content_paths(paths: list[str]) -> tuple[list[Path], list[Path], list[str]]:
    """Split PATHS into pack folders and single component files; report missing paths."""
    packs: list[Path] = []
    files: list[Path] = []
    missing: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            found = find_pack_folders(path)
            if found:
                packs.extend(found)
            else:
                files.extend(sorted(path.rglob("*.yaml")))
        else:
            missing.append(raw)
    return order_packs(packs), files, missing


def collect(paths: list[str]) -> tuple[Content, list[Diagnostic]]:
    """Load pack folders and single files named on the command line, collecting all problems.

    Single files are checked against the bundled packs (for references), which are loaded
    first unless they are among the paths.
    """
    content = Content()
    problems: list[Diagnostic] = []
    packs, files, missing = _content_paths(paths)
    for raw in missing:
        problems.append(Diagnostic(_nowhere(raw), "no such file or folder"))
    if files and not packs:
        quiet: list[Diagnostic] = []
        for folder in order_packs(find_pack_folders(content_root())):
            load_pack_folder(folder, content, quiet)
    for folder in packs:
        load_pack_folder(folder, content, problems)
    for path in files:
        if path.name != "pack.yaml":
            load_file(path, "<file>", content, problems)
    check_references(content, problems)
    problems.sort(key=lambda d: (d.pos.file, d.pos.line, d.pos.column))
    return content, attach_lines(problems, content.texts)


def _nowhere(name: str):
    from revive_dsl.positions import Pos

    return Pos(name, 0, 0)


def cmd_check(args: argparse.Namespace) -> int:
    content, problems = collect(args.paths or [str(content_root())])
    for d in problems:
        print(d.render(), file=sys.stderr)
    effects = sum(len(c.effects) for c in content.components.values())
    status = f"{len(problems)} error{'s' if len(problems) != 1 else ''}" if problems else "ok"
    print(f"{status}: {len(content.packs)} packs, {len(content.components)} components, {effects} effect texts checked")
    return 1 if problems else 0


def cmd_schemas(args: argparse.Namespace) -> int:
    from revive_dsl.schema_defs import all_schemas

    out = Path(args.write)
    out.mkdir(parents=True, exist_ok=True)
    for name, schema in all_schemas().items():
        (out / name).write_text(json.dumps(schema, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(all_schemas())} schemas to {out}")
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "check": cmd_check,
    "schemas": cmd_schemas,
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="revive", description="Revive rules engine, replay player and tutorials.")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("check", help="validate and compile content packs or files")
    p.add_argument("paths", nargs="*", help="pack folders, folders of packs, or component files (default: bundled)")
    p = sub.add_parser("schemas", help="write the JSON Schemas of content files")
    p.add_argument("--write", default=str(Path(__file__).parent / "schemas"), help="folder to write to")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``revive`` console script; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return COMMANDS[args.command](args)
    except DslError as err:
        print(str(err), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
