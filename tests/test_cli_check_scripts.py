"""`revive check` on replay scripts (with and without --replay), folders mixing packs and scripts, the
default folders of a checkout, `revive fmt` and installed files, and `revive --version`.

Every case runs the command line in a fresh process, as a user does: exact messages, no traceback.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import revive_dsl
from revive_dsl.locations import core

ROOT = Path(__file__).resolve().parent.parent
ILLEGAL = (ROOT / "tests" / "data" / "replay" / "illegal-move.yaml").read_text(encoding="utf-8")
HEAD = "format: 2\nplayers: [{name: Ann, tribe: nadair, side: sun}]\nsetup: {seed: 3}\n"
PLAY = "steps:\n  - Ann switch food\n  - Ann end\n"


def revive(*args: str, cwd: Path) -> tuple[int, str, str]:
    """Run ``python -m revive_dsl.cli ARGS`` in ``cwd`` with this checkout's package: exit code, stdout, stderr."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    done = subprocess.run(
        [sys.executable, "-m", "revive_dsl.cli", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    assert "Traceback" not in done.stderr
    return done.returncode, done.stdout, done.stderr


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_script_is_checked_without_being_played(tmp_path):
    write(tmp_path / "illegal-move.yaml", ILLEGAL)  # step 4 is illegal, but only playing it shows that
    assert revive("check", "illegal-move.yaml", cwd=tmp_path) == (0, "ok: 1 script checked\n", "")


def test_a_misspelt_move_word_is_found_without_playing(tmp_path):
    text = "format: 5\npacks: [base]\nplayers: [{name: Ann, tribe: nadair, side: sun}]\nsetup: {seed: 1}\n"
    write(tmp_path / "typo.yaml", text + "steps:\n  - Ann biuld 0,1 small\n")
    code, out, err = revive("check", "typo.yaml", cwd=tmp_path)
    assert (code, out) == (1, "1 error: 1 script checked\n")
    assert err.splitlines()[0] == (
        "typo.yaml:6:9: step 1 (Ann biuld 0,1 small): 'biuld' is not a legal answer for turn (what do you do?) in any "
        "state: it names nothing the game knows; did you mean 'build'?"
    )


def test_replay_plays_the_script_and_positions_its_divergence(tmp_path):
    write(tmp_path / "illegal-move.yaml", ILLEGAL)
    code, out, err = revive("check", "--replay", "illegal-move.yaml", cwd=tmp_path)
    assert (code, out) == (1, "1 error: 1 script checked, 0 replayed to the end\n")
    assert err.splitlines() == [
        "illegal-move.yaml:15:9: step 4 (Bob build 0,-1 small): 'build' is not a legal answer for turn "
        "(what do you do?) (no space to build on that Bob can reach and pay for); legal: switch, play, explore, "
        "trade_crystal, hibernate",
        "      - Bob build 0,-1 small",
        "            ^",
    ]


def test_replay_of_a_good_script(tmp_path):
    write(
        tmp_path / "s.yaml",
        HEAD + "steps:\n  - Ann switch food\n  - move: Ann end\n    expect: {Ann.resources.food: 1}\n",
    )
    assert revive("check", "--replay", "s.yaml", cwd=tmp_path) == (
        0,
        "ok: 1 script checked, 1 replayed to the end\n",
        "",
    )


def test_header_references_are_positioned(tmp_path):
    write(
        tmp_path / "s.yaml",
        "format: 1\nplayers:\n  - {name: Ann, tribe: nadairr, side: sun}\nvariants: [long_gam]\nsetup: {seed: 3}\n"
        "steps:\n  - Ann end\n",
    )
    code, out, err = revive("check", "s.yaml", cwd=tmp_path)
    assert (code, out) == (1, "2 errors: 1 script checked\n")
    assert err.splitlines() == [
        "s.yaml:3:24: unknown tribe 'nadairr'; did you mean 'nadair'? "
        "(tribes of the packs loaded: nadair, hofstadterians, ox49, kuniban, formica, vukuntur)",
        "      - {name: Ann, tribe: nadairr, side: sun}",
        "                           ^",
        "s.yaml:4:12: unknown variant 'long_gam'; did you mean 'long_game'? (variants of the packs loaded: "
        "artifact_choice, common_artifact_card, advanced_switch, long_game, starting_draft, vast_crystals, "
        "campaign_locations)",
        "    variants: [long_gam]",
        "               ^",
    ]


def test_move_notation_and_player_names(tmp_path):
    write(tmp_path / "s.yaml", HEAD + "steps:\n  - Ann switch food\n  - Bob end\n  - Ann play (\n")
    code, out, err = revive("check", "s.yaml", cwd=tmp_path)
    assert (code, out) == (1, "2 errors: 1 script checked\n")
    assert err.splitlines() == [
        "s.yaml:6:5: unknown player 'Bob'; the players are Ann",
        "      - Bob end",
        "        ^",
        "s.yaml:7:15: syntax error: the line ends too early; expected a player's name",
        "      - Ann play (",
        "                  ^",
    ]


def test_schema_problems(tmp_path):
    write(tmp_path / "s.yaml", HEAD.replace("seed", "sed") + "steps:\n  - Ann end\n")
    code, out, err = revive("check", "s.yaml", cwd=tmp_path)
    assert (code, out) == (1, "2 errors: 1 script checked\n")
    assert [line for line in err.splitlines() if line.startswith("s.yaml:")] == [
        "s.yaml:3:8: schema: at setup: 'seed' is a required property",
        "s.yaml:3:14: schema: at setup.sed: unknown key 'sed'; did you mean 'seed'? "
        "(allowed: draws, outcomes, recorded, seed, state)",
    ]


def test_inline_content_and_start_state(tmp_path):
    content = (
        "content:\n  - kind: crate\n    components:\n      - {id: c9, provenance: representative, effect: gian book}\n"
    )
    write(tmp_path / "a.yaml", HEAD + content + "steps:\n  - Ann end\n")
    state = HEAD.replace("{seed: 3}", "{seed: 3, state: {players: {Ann: {points: lots}}}}")
    write(tmp_path / "b.yaml", state + "steps:\n  - Ann end\n")
    code, out, err = revive("check", "a.yaml", "b.yaml", cwd=tmp_path)
    assert (code, out) == (1, "2 errors: 2 scripts checked\n")
    assert [line for line in err.splitlines() if line.startswith(("a.yaml:", "b.yaml:"))] == [
        "a.yaml:7:54: unknown effect or modifier 'gian'; did you mean 'gain'?",
        "b.yaml:3:50: start state: expected a whole number, not text "
        "(Ann.points: the point marker's space on the point track, 0-49 (see `laps`))",
    ]


def test_a_folder_of_packs_and_scripts_is_checked_whole(tmp_path):
    # A pack may keep scripts in its folder (here scripts/): loading the pack skips them, check checks them.
    write(tmp_path / "work" / "p" / "pack.yaml", "id: p\nname: P\nversion: '0.1'\n")
    write(
        tmp_path / "work" / "p" / "crates.yaml",
        "kind: crate\ncomponents:\n  - {id: c9, provenance: rulebook, effect: gain book}\n",
    )
    script = HEAD.replace("format: 2\n", "format: 2\npacks: [base, ..]\n") + PLAY
    write(tmp_path / "work" / "p" / "scripts" / "one.yaml", script)
    write(tmp_path / "work" / "games" / "two.yaml", script.replace("[base, ..]", "[base, ../p]"))
    assert revive("check", "--replay", "work", cwd=tmp_path) == (
        0,
        "ok: 1 pack, 1 component, 1 effect text and 2 scripts checked, 2 replayed to the end\n",
        "",
    )
    write(tmp_path / "work" / "games" / "two.yaml", script.replace("[base, ..]", "[base, ../q]"))
    code, out, err = revive("check", "work", cwd=tmp_path)
    assert (code, out) == (1, "1 error: 1 pack, 1 component, 1 effect text and 2 scripts checked\n")
    assert err.splitlines()[0] == (
        "work/games/two.yaml:2:15: unknown pack '../q'; did you mean '../p'? (bundled packs: abyss, base; "
        "a pack folder is named by its path, relative to this script)"
    )


def test_a_folder_without_packs_or_scripts_and_a_missing_path(tmp_path):
    write(tmp_path / "empty" / "notes.txt", "nothing to check\n")
    assert revive("check", "empty", "nope", cwd=tmp_path) == (
        1,
        "2 errors: nothing checked\n",
        "empty: no content packs, component files or replay scripts in this folder\nnope: no such file or folder\n",
    )


def test_version_has_one_source():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert revive_dsl.__version__ == project["version"]
    assert revive("--version", cwd=ROOT) == (0, f"revive {project['version']} ({core()} core)\n", "")


def test_inside_a_checkout_the_commands_use_its_folders_and_say_so(tmp_path):
    write(tmp_path / "pyproject.toml", '[project]\nname = "revive-dsl"\nversion = "9.9"\n')
    write(tmp_path / "content" / "p" / "pack.yaml", "id: p\nname: P\nversion: '0.1'\n")
    write(
        tmp_path / "content" / "p" / "crates.yaml",
        'kind: crate\ncomponents:\n  - {id: c9, provenance: rulebook, effect: "gain  book"}\n',
    )
    write(tmp_path / "replays" / "s.yaml", HEAD + PLAY)
    (tmp_path / "content" / "base").symlink_to(ROOT / "content" / "base")  # its bundled base, which s.yaml plays
    inside = tmp_path / "replays"  # any folder of the checkout
    where = f"{tmp_path}/content and {tmp_path}/replays"
    assert revive("check", cwd=inside) == (
        0,
        "ok: 1 pack, 1 component, 1 effect text and 1 script checked\n",
        f"checking {where}\n",
    )
    code, out, err = revive("fmt", "--check", cwd=inside)
    assert (code, err, out.splitlines()[-1]) == (
        1,
        f"checking the format of {where}\n",
        "1 file would be reformatted (1 fields), 2 unchanged",
    )
    code, out, err = revive("explain", "c9", cwd=inside)
    assert (code, err, out.splitlines()[1]) == (
        0,
        f"reading {tmp_path}/content\n",
        f"defined at {tmp_path}/content/p/crates.yaml:3:5",
    )
    code, out, err = revive("verify", cwd=inside)
    assert (code, err) == (0, f"replaying {tmp_path}/replays\n")
    assert out.splitlines()[-1].startswith("1 script(s): 1 ok, 0 failed")


def test_fmt_does_not_rewrite_installed_files(tmp_path):
    installed = sysconfig.get_paths()["purelib"]
    code, out, err = revive("fmt", installed, cwd=tmp_path)
    assert (code, out) == (1, "")
    assert err == (
        f"revive fmt: {installed} is inside an installed package ({Path(installed).resolve()}); fmt does not rewrite "
        "installed files: copy the content out and format the copy, or run it in a checkout (--check only reads)\n"
    )


def test_in_a_checkout_its_content_is_what_the_scripts_play(tmp_path):
    write(tmp_path / "pyproject.toml", '[project]\nname = "revive-dsl"\nversion = "9.9"\n')
    shutil.copytree(ROOT / "content" / "base", tmp_path / "content" / "base")
    tribes = tmp_path / "content" / "base" / "tribes.yaml"
    tribes.write_text(tribes.read_text(encoding="utf-8").replace("id: nadair", "id: nadair_edited"), encoding="utf-8")
    write(tmp_path / "replays" / "s.yaml", HEAD + PLAY)
    code, out, err = revive("verify", cwd=tmp_path)
    assert (code, err) == (1, f"replaying {tmp_path}/replays\n")
    assert "unknown tribe 'nadair'; did you mean 'nadair_edited'?" in out
