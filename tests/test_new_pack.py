"""`revive new pack NAME`: the new pack passes `revive check`, `revive verify` and `revive fmt --check` as written."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from revive_dsl.content.packs import load_packs
from revive_dsl.content.yamlsrc import load_yaml
from revive_dsl.locations import schema_dir

ROOT = Path(__file__).resolve().parent.parent


def revive(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """``revive ARGS`` in ``cwd``, importing revive_dsl from this checkout."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run(
        [sys.executable, "-m", "revive_dsl.cli", *args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    where = tmp_path_factory.mktemp("packs")
    return where, revive("new", "pack", "my_pack", cwd=where)


def test_new_pack_writes_the_files_and_says_what_next(made):
    where, run = made
    assert run.returncode == 0, run.stderr
    folder = where / "my_pack"
    written = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert written == [
        "README.md",
        "area_tiles.yaml",
        "artifact_cards.yaml",
        "citizen_cards.yaml",
        "crates.yaml",
        "large_locations.yaml",
        "machine_tokens.yaml",
        "major_artifacts.yaml",
        "minor_artifacts.yaml",
        "pack.yaml",
        "scripts/try-it.yaml",
        "slot_modules.yaml",
        "starting_cards.yaml",
        "starting_tiles.yaml",
        "technologies.yaml",
        "tribes.yaml",
    ]
    assert run.stdout.splitlines()[0] == "created pack 'my_pack' (depends: [base]) in my_pack:"
    assert "  revive check my_pack" in run.stdout and "  revive verify my_pack" in run.stdout
    manifest = load_yaml((folder / "pack.yaml").read_text(encoding="utf-8"), "pack.yaml").data
    assert manifest == {
        "id": "my_pack",
        "name": "My pack",
        "version": "1.0",
        "description": manifest["description"],
        "depends": ["base"],
    }


def test_new_pack_components_are_representative_prefixed_and_schema_linked(made):
    where, _run = made
    folder = where / "my_pack"
    for path in folder.rglob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = Path(first.split("=", 1)[1])
        # outside the checkout: a path relative to the file, to the schemas of the copy that ran (this checkout,
        # see revive()), never an absolute one
        schemas = (ROOT / "revive_dsl" / "schemas").resolve()
        assert not target.is_absolute(), first
        assert (path.parent / target).resolve().parent == schemas and (path.parent / target).is_file(), first
    kinds = {}
    for path in folder.glob("*.yaml"):
        data = load_yaml(path.read_text(encoding="utf-8"), path.name).data
        if "components" in data:
            for comp in data["components"]:
                assert comp["provenance"] == "representative"
                # the major stands in for a base game's (the crater holds 12), on purpose; every other id is new
                assert comp["id"].startswith("my_pack_") or comp.get("replaces") is True
                kinds[data["kind"]] = comp["id"]
    # one of each kind a pack adds to the base game (the boards and the end-game tile are the game's own)
    base_kinds = {c.kind for c in load_packs(["base"]).components.values()}
    assert set(kinds) == base_kinds - {"main_board", "player_board", "end_game_tile"}
    assert set(kinds.values()) & set(load_packs(["base", "abyss"]).components) == {"major_amber_1p"}
    script = (folder / "scripts" / "try-it.yaml").read_text(encoding="utf-8")
    assert all(cid in script for cid in kinds.values())  # the script plays (or deals) each of them


def test_new_pack_passes_check(made):
    where, _run = made
    run = revive("check", "my_pack", cwd=where)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ok: 2 packs, ")  # base comes with it; the script in the pack is not content


def test_new_pack_passes_verify_which_finds_its_script(made):
    where, _run = made
    run = revive("verify", "my_pack", cwd=where)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "my_pack/scripts/try-it.yaml" in run.stdout
    assert run.stdout.rstrip().splitlines()[-1].startswith("1 script(s): 1 ok, 0 failed")


def test_new_pack_script_checks_the_card_and_plays_from_anywhere(made, tmp_path):
    where, _run = made
    script = where / "my_pack" / "scripts" / "try-it.yaml"
    text = script.read_text(encoding="utf-8")
    assert "packs: [..]" in text and "expect:" in text
    # its expectations are checked: a wrong one fails verify, from any current folder
    wrong = script.with_name("wrong.yaml")
    wrong.write_text(text.replace("Ann.resources.book: 2", "Ann.resources.book: 3"), encoding="utf-8")
    try:
        run = revive("verify", str(script.parent), cwd=tmp_path)
    finally:
        wrong.unlink()
    assert run.returncode == 1
    assert "expect Ann.resources.book: wanted 3, the state has 2" in run.stdout + run.stderr
    assert "1 script(s): 1 ok" not in run.stdout and "2 script(s): 1 ok, 1 failed" in run.stdout


def test_new_pack_is_already_formatted(made):
    where, _run = made
    run = revive("fmt", "--check", "my_pack", cwd=where)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip() == "0 files would be reformatted (0 fields), 15 unchanged"


def test_new_pack_refuses_to_overwrite_a_folder(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me", encoding="utf-8")
    run = revive("new", "pack", "mine", cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr.strip() == (
        "revive new pack: mine already exists; not overwriting it (choose another name or --dir)"
    )
    assert [p.name for p in (tmp_path / "mine").iterdir()] == ["notes.txt"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("My-Pack", "'My-Pack' is not a valid pack id: a lowercase letter, then lowercase letters, digits or _"),
        ("2nd", "'2nd' is not a valid pack id"),
        ("base", "'base' is a bundled pack's id; choose another name"),
    ],
)
def test_new_pack_refuses_a_name_that_is_not_a_pack_id(tmp_path, name, message):
    run = revive("new", "pack", name, cwd=tmp_path)
    assert run.returncode == 2 and message in run.stderr
    assert not any(tmp_path.iterdir())


def test_new_pack_dir_and_schemas_options(tmp_path):
    from revive_dsl.cli import main

    (tmp_path / "packs").mkdir()
    assert main(["schemas", "--write", str(tmp_path / "schemas")]) == 0
    assert main(["new", "pack", "extra", "--dir", str(tmp_path / "packs"), "--schemas", str(tmp_path / "schemas")]) == 0
    folder = tmp_path / "packs" / "extra"
    assert (
        (folder / "crates.yaml")
        .read_text(encoding="utf-8")
        .startswith("# yaml-language-server: $schema=../../schemas/crate.schema.json\n")
    )
    assert (
        (folder / "scripts" / "try-it.yaml")
        .read_text(encoding="utf-8")
        .startswith("# yaml-language-server: $schema=../../../schemas/script.schema.json\n")
    )
    load_packs([str(folder)])  # raises on any problem


def test_new_pack_inside_the_checkout_links_schemas_relatively(tmp_path):
    from revive_dsl.scaffold import schema_reference

    inside = schema_reference("crate.schema.json", ROOT / "content" / "mine")
    assert inside == "../../revive_dsl/schemas/crate.schema.json"
    outside = schema_reference("crate.schema.json", tmp_path)  # relative too, to the running copy's schemas
    assert not Path(outside).is_absolute() and (tmp_path / outside).resolve() == schema_dir() / "crate.schema.json"


def test_the_readme_walkthrough_prints_what_the_commands_print(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [block] = [b for b in re.findall(r"```text\n(.*?)```", readme, flags=re.S) if b.startswith("$ revive new pack")]
    sessions = re.findall(r"^\$ revive (.*)\n((?:(?!\$ ).*\n)*)", block, flags=re.M)
    assert [command for command, _out in sessions] == [
        "new pack my_pack",
        "check my_pack",
        "verify my_pack",
        "fmt --check my_pack",
    ]
    for command, shown in sessions:
        run = revive(*command.split(), cwd=tmp_path)
        assert run.returncode == 0, run.stderr
        if command.startswith("verify"):  # times vary: the script's row and the summary's counts
            assert "│ my_pack/scripts/try-it.yaml │    12 │ ok     │" in run.stdout
            assert "1 script(s): 1 ok, 0 failed" in run.stdout
            continue
        assert run.stdout == shown, command


def test_in_a_pack_folder_check_verify_and_pytest_act_on_that_pack(made, tmp_path):
    folder = tmp_path / "my_pack"
    shutil.copytree(made[0] / "my_pack", folder)
    check = revive("check", cwd=folder / "scripts")  # from any folder of the pack
    assert (check.returncode, check.stderr) == (0, f"checking {folder}\n")
    assert check.stdout.startswith("ok: 2 packs,") and check.stdout.endswith(" and 1 script checked\n")
    verify = revive("verify", cwd=folder)
    assert (verify.returncode, verify.stderr) == (0, f"replaying {folder}\n")
    assert "│ scripts/try-it.yaml │    12 │ ok     │" in verify.stdout
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    for args, said in ((["--snapshot-update"], "13 snapshots generated."), ([], "13 snapshots passed.")):
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stdout
        assert said in done.stdout and "1 passed" in done.stdout.splitlines()[-1]
