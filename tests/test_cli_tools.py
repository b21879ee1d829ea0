"""`revive content stats` and `revive` with no command."""

from __future__ import annotations

import io
import json

import pytest

from revive_dsl.cli import main
from revive_dsl.content.packs import load_packs
from revive_dsl.positions import DslError


def test_stats_json_shape_matches_the_loaded_content(capsys):
    assert main(["content", "stats", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    content = load_packs()
    assert set(stats) == set(content.packs)
    for pack, kinds in stats.items():
        for kind, row in kinds.items():
            assert set(row) == {"total", "rulebook", "representative"}
            assert row["total"] == len(content.of_kind(kind, pack)) == row["rulebook"] + row["representative"]
    assert sum(row["total"] for kinds in stats.values() for row in kinds.values()) == len(content.components)


def test_stats_of_a_small_pack(tmp_path, capsys):
    pack = tmp_path / "p"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: p\nname: P\nversion: '0.1'\n", encoding="utf-8")
    (pack / "crates.yaml").write_text(
        "kind: crate\ncomponents:\n"
        "  - {id: a, provenance: rulebook, effect: gain book}\n"
        "  - {id: b, provenance: representative, effect: gain food}\n"
        "  - {id: c, provenance: representative, effect: energy}\n",
        encoding="utf-8",
    )
    assert main(["content", "stats", "--json", str(pack)]) == 0
    assert json.loads(capsys.readouterr().out) == {"p": {"crate": {"total": 3, "rulebook": 1, "representative": 2}}}
    assert main(["content", "stats", str(pack)]) == 0
    table = capsys.readouterr().out
    assert "representative" in table
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in table.splitlines() if "│" in line]
    assert ["p", "crate", "3", "1", "2"] in rows


def test_no_command_steps_through_the_intro_tutorial(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # not a terminal: the tutorial plays through
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "Introduction to Revive" in out
    assert "The final scoring" in out  # the last step's note


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: revive")
    for command in ("check", "explain", "fmt", "content", "docs", "replay", "tutorial", "verify", "simulate"):
        assert command in out


def test_simulate_leaves_out_tribes_not_playable_solo(capsys):
    assert main(["simulate", "--packs", "base,abyss", "--players", "1", "--games", "6", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("finished") == 6
    assert "abyss_tribe_leech" not in out  # 004: the Cordycephians are not playable in a solo game
    assert main(["simulate", "--packs", "base,abyss", "--players", "1", "--tribes", "abyss_tribe_leech"]) == 2
    assert "not playable in a solo game: abyss_tribe_leech" in capsys.readouterr().err


def test_a_folder_named_like_a_bundled_pack_does_not_shadow_it(tmp_path, monkeypatch):
    (tmp_path / "base").mkdir()  # e.g. an unrelated folder called "base" where the user runs revive
    monkeypatch.chdir(tmp_path)
    assert "base" in load_packs(["base"]).packs
    local = tmp_path / "mypack"
    local.mkdir()
    with pytest.raises(DslError, match=r"it has no pack\.yaml"):  # a path is still a path
        load_packs([str(local)])


def test_simulate_in_worker_processes_prints_what_one_process_prints(capsys):
    argv = ["simulate", "--players", "2", "--games", "4", "--seed", "7"]
    assert main([*argv, "--jobs", "1"]) == 0
    alone = capsys.readouterr().out
    assert main([*argv, "--jobs", "2"]) == 0
    assert capsys.readouterr().out == alone
    assert [line.split(":")[0] for line in alone.splitlines()] == [f"game {i} (seed {6 + i})" for i in range(1, 5)]
