"""`revive new pack NAME --rules`: a pack that holds its own rules package; the loader never reads that package
as content; and the schema links the tools write are relative paths, never absolute ones."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from revive_dsl.content.packs import load_packs
from revive_dsl.content.schema_defs import WORDS_SCHEMA, schema_errors
from revive_dsl.content.yamlsrc import load_yaml

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}

# Registers the pack's package as `pip install -e PACK` would, then runs `revive ARGS` (a process of its own:
# registering a package changes what the process knows).
REGISTERED = """
import sys
from pathlib import Path
pack = Path(sys.argv[1]).resolve()
sys.path.insert(0, str(pack))
from revive_dsl.extension import register_package
register_package(pack.name, pack.name + "_rules")
from revive_dsl.cli import main
sys.exit(main(sys.argv[2:]))
"""


def revive(*args: str, cwd: Path, registered: Path | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    """``revive ARGS`` in ``cwd`` with this checkout's code; ``registered``: with that pack's package registered."""
    command = ["-c", REGISTERED, str(registered)] if registered else ["-m", "revive_dsl.cli"]
    return subprocess.run(
        [sys.executable, *command, *args], cwd=cwd, env=ENV, input=stdin, capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    where = tmp_path_factory.mktemp("packs")
    return where, revive("new", "pack", "cove", "--rules", cwd=where)


def test_new_pack_with_rules_writes_the_pack_and_its_package(made):
    where, run = made
    assert run.returncode == 0, run.stderr
    folder = where / "cove"
    written = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert [f for f in written if not f.endswith(".yaml") or "/" in f] == [
        "README.md",
        "cove_rules/__init__.py",
        "cove_rules/forage.py",
        "cove_rules/words.yaml",
        "pyproject.toml",
        "scripts/try-it.yaml",
        "tests/test_cove.py",
    ]
    assert len([f for f in written if f.endswith(".yaml") and "/" not in f]) == 14  # the manifest and 13 kinds
    assert run.stdout.splitlines()[0] == "created pack 'cove' (depends: [base], rules: cove) in cove:"
    assert "  pip install -e cove" in run.stdout
    manifest = load_yaml((folder / "pack.yaml").read_text(encoding="utf-8"), "pack.yaml").data
    assert manifest["rules"] == "cove" and manifest["depends"] == ["base"]
    project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["revive.rules"] == {"cove": "cove_rules"}
    assert project["tool"]["setuptools"] == {"packages": ["cove_rules"], "package-data": {"cove_rules": ["*.yaml"]}}
    words = load_yaml((folder / "cove_rules" / "words.yaml").read_text(encoding="utf-8"), "words.yaml").data
    assert schema_errors(words, WORDS_SCHEMA) == [] and [w["word"] for w in words["effects"]] == ["cove_forage"]
    assert "cove_forage 2" in (folder / "citizen_cards.yaml").read_text(encoding="utf-8")  # a card uses the word


def test_the_package_written_uses_only_the_public_api(made):
    where, _run = made
    package = where / "cove" / "cove_rules"
    imported = sorted(
        node.module
        for path in package.glob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("revive_dsl")
    )
    assert imported == ["revive_dsl.extension", "revive_dsl.extension"]


def test_the_pack_checks_verifies_and_formats_with_its_package_registered(made):
    where, _run = made
    check = revive("check", "cove", cwd=where, registered=where / "cove")
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.startswith("ok: 2 packs, ") and check.stdout.endswith(" and 1 script checked\n")
    verify = revive("verify", "cove", cwd=where, registered=where / "cove")
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert verify.stdout.rstrip().splitlines()[-1].startswith("1 script(s): 1 ok, 0 failed")
    fmt = revive("fmt", "--check", "cove", cwd=where, registered=where / "cove")
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr
    # without its package the manifest's rules: names nothing installed
    bare = revive("check", "cove", cwd=where)
    assert bare.returncode == 1 and "rules package 'cove' is not installed" in bare.stdout + bare.stderr


def test_the_test_file_written_plays_the_script(made):
    where, _run = made
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/test_cove.py", "-q", "-p", "no:randomly", "-p", "no:cacheprovider"],
        cwd=where / "cove",
        env=ENV,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout


def test_new_pack_with_rules_overwrites_nothing(tmp_path):
    (tmp_path / "cove").mkdir()
    (tmp_path / "cove" / "notes.txt").write_text("keep me", encoding="utf-8")
    run = revive("new", "pack", "cove", "--rules", cwd=tmp_path)
    assert run.returncode == 2
    assert (
        run.stderr.strip() == "revive new pack: cove already exists; not overwriting it (choose another name or --dir)"
    )
    assert [p.name for p in (tmp_path / "cove").iterdir()] == ["notes.txt"]


def test_the_pack_loader_never_reads_a_python_package_in_the_pack_as_content(tmp_path):
    pack = tmp_path / "reef"
    (pack / "reef_rules").mkdir(parents=True)
    (pack / "more").mkdir()
    (pack / "pack.yaml").write_text('id: reef\nname: Reef\nversion: "1.0"\ndepends: [base]\n', encoding="utf-8")
    (pack / "reef_rules" / "__init__.py").write_text("MODULES = []\n", encoding="utf-8")
    (pack / "reef_rules" / "words.yaml").write_text("effects: []\n", encoding="utf-8")
    (pack / "reef_rules" / "glyphs.yaml").write_text("tokens: {}\n", encoding="utf-8")
    (pack / "reef_rules" / "notes.yaml").write_text("anything: at all\n", encoding="utf-8")
    (pack / "more" / "crates.yaml").write_text(  # a folder of content: read
        "kind: crate\ncomponents:\n  - {id: reef_crate, name: Reef crate, provenance: representative, "
        'effect: "gain crystal"}\n',
        encoding="utf-8",
    )
    content = load_packs(["base", str(pack)])  # raises on any problem: a package file read as content is one
    assert content.components["reef_crate"].pack == "reef"
    [reef] = [p for p in content.packs.values() if p.id == "reef"]
    assert [p.relative_to(pack).as_posix() for p in reef.files] == ["more/crates.yaml"]


def _links(folder: Path) -> dict[str, str]:
    return {
        path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8").splitlines()[0].split("$schema=", 1)[1]
        for path in sorted(folder.rglob("*.yaml"))
    }


def test_a_new_pack_links_its_schemas_by_relative_paths_outside_a_checkout(made):
    where, _run = made
    links = _links(where / "cove")
    assert "cove_rules/words.yaml" in links and "scripts/try-it.yaml" in links
    for name, link in links.items():
        assert not Path(link).is_absolute(), (name, link)
        target = (where / "cove" / name).parent / link
        assert target.is_file() and target.resolve().parent == (ROOT / "revive_dsl" / "schemas").resolve(), name


def test_play_out_links_the_script_schema_relatively_and_a_checkouts_own(tmp_path, monkeypatch):
    # as run: `revive play --out` writes a relative link that finds the schema
    run = revive(
        *("play", "--players", "Ann:nadair:sun", "--seed", "5", "--out", "game.yaml", "--no-color"),
        cwd=tmp_path,
        stdin="switch\nfood\nquit\n",  # one move: nothing is written before it
    )
    assert run.returncode == 0, run.stdout + run.stderr
    link = (tmp_path / "game.yaml").read_text(encoding="utf-8").splitlines()[0].split("$schema=", 1)[1]
    assert (
        not Path(link).is_absolute() and (tmp_path / link).resolve() == ROOT / "revive_dsl/schemas/script.schema.json"
    )
    # installed in a virtual environment and run in a checkout: the checkout's schemas, as a new pack links them
    from revive_dsl import locations
    from revive_dsl.replay.record import dump_script

    installed = tmp_path / "venv" / "lib" / "python3.11" / "site-packages" / "revive_dsl"
    monkeypatch.setattr(locations, "PACKAGE", installed)
    inside = dump_script({"format": 4}, ROOT / "replays" / "mine").splitlines()[0]
    assert inside == "# yaml-language-server: $schema=../../revive_dsl/schemas/script.schema.json"
    outside = dump_script({"format": 4}, tmp_path / "games").splitlines()[0]
    assert (
        outside
        == "# yaml-language-server: $schema=../venv/lib/python3.11/site-packages/revive_dsl/schemas/script.schema.json"
    )
