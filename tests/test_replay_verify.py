"""`revive verify`: every script replayed in worker processes, a table, each failure's first divergence."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from rich.console import Console

from revive_dsl.replay import verify

GOOD = """\
format: 1
players: [{name: Ann, tribe: nadair, side: sun}]
setup: {seed: 3}
steps: [Ann switch food, Ann end, Ann trade_crystal food]
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def console(terminal: bool = False) -> Console:
    return Console(file=io.StringIO(), width=200, force_terminal=terminal, color_system=None)


def test_one_good_and_one_diverging_script(tmp_path: Path) -> None:
    write(tmp_path, "good.yaml", GOOD)
    write(tmp_path, "bad.yaml", GOOD.replace("trade_crystal food", "trade_crystal tea"))
    write(tmp_path, "cards.yaml", "kind: citizen_card\ncomponents: []\n")  # not a script: not replayed
    out = console()
    assert verify.verify([tmp_path], jobs=2, console=out) == 1
    text = out.file.getvalue()
    rows = {line.split("│")[1].strip(): line for line in text.splitlines() if line.startswith("│")}
    assert set(rows) == {str(tmp_path / "bad.yaml"), str(tmp_path / "good.yaml")}
    assert [c.strip() for c in rows[str(tmp_path / "good.yaml")].split("│")[2:4]] == ["3", "ok"]
    assert [c.strip() for c in rows[str(tmp_path / "bad.yaml")].split("│")[2:4]] == ["2/3", "diverges"]
    assert f"{tmp_path / 'bad.yaml'}:4:53: step 3 (Ann trade_crystal tea): 'tea' is not a legal answer" in text
    assert "legal: gear, book, food" in text
    assert "2 script(s): 1 ok, 1 failed" in text
    assert "replaying" not in text  # piped: no progress bar


def test_a_broken_script_is_reported_with_its_positioned_error(tmp_path: Path) -> None:
    write(tmp_path, "broken.yaml", GOOD.replace("format: 1", "format: one"))
    out = console()
    assert verify.verify([tmp_path / "broken.yaml"], jobs=1, console=out) == 1
    text = out.file.getvalue()
    assert "broken" in text and f"{tmp_path / 'broken.yaml'}:1:9: schema: at format:" in text


def test_all_good_exits_zero_and_a_terminal_shows_progress(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", GOOD)
    write(tmp_path, "b.yaml", GOOD)
    out = console(terminal=True)
    assert verify.verify([tmp_path], jobs=None, console=out) == 0
    text = out.file.getvalue()
    assert "replaying" in text
    assert "2 script(s): 2 ok, 0 failed" in text


def test_missing_paths_and_empty_folders(tmp_path: Path) -> None:
    out = console()
    assert verify.verify([tmp_path / "nope"], jobs=1, console=out) == 2
    assert "nope: no such file or folder" in out.file.getvalue()
    out = console()
    assert verify.verify([tmp_path], jobs=1, console=out) == 1
    assert "no replay scripts" in out.file.getvalue()


def test_command_line_arguments(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    verify.add_arguments(parser)
    args = parser.parse_args([str(tmp_path), "--jobs", "3"])
    assert (args.paths, args.jobs) == ([str(tmp_path)], 3)
    assert parser.parse_args([]).paths == []


def test_the_bundled_corpus_replays() -> None:
    from revive_dsl.locations import replays_root

    scripts, missing = verify.collect([replays_root()])
    assert not missing
    names = {p.relative_to(replays_root()).as_posix() for p in scripts}
    assert "games/solo-vukuntur-moon.yaml" in names and "random/game-101.yaml" in names
    assert all(verify.replay_one(str(p)).ok for p in scripts if p.parent.name == "games")
