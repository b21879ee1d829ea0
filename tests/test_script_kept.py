"""A script's text is read once per process: its YAML, schema and move lines are checked once per content (kept by
the file's name and the text's digest), and every reader gets a copy of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl import DslError
from revive_dsl.replay import Replay, load_script, load_script_text
from revive_dsl.replay import script as script_module
from revive_dsl.replay.script import forget_read_scripts

GAME = Path(__file__).resolve().parent / "data" / "replay" / "two-players.yaml"


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The files whose YAML is read (composed) from here on."""
    forget_read_scripts()
    seen: list[str] = []
    real = script_module.load_yaml

    def counting(text: str, file: str):
        seen.append(file)
        return real(text, file)

    monkeypatch.setattr(script_module, "load_yaml", counting)
    return seen


def test_the_same_text_is_read_once(reads):
    one = load_script(GAME)
    two = load_script(GAME)
    assert reads == [str(GAME)]
    assert [s.move for s in one.steps] == [s.move for s in two.steps] and one.data == two.data


def test_each_reader_gets_a_copy_of_its_own(reads):
    one = load_script(GAME)
    one.data["players"][0]["name"] = "Changed"
    one.steps[0].expect["turn.player"] = 99
    one.steps[0].highlight.append("a01")
    one.steps.pop()
    two = load_script(GAME)
    assert two.data["players"][0]["name"] != "Changed"
    assert "turn.player" not in two.steps[0].expect and "a01" not in two.steps[0].highlight
    assert len(two.steps) == len(one.steps) + 1
    replay = Replay(two)
    replay.run()
    assert replay.done == len(two.steps)


def test_a_changed_text_is_read_again(reads):
    text = GAME.read_text(encoding="utf-8")
    first = load_script_text(text, "game.yaml")
    changed = load_script_text(text.replace("title: two", "title: Two", 1), "game.yaml")
    assert reads == ["game.yaml", "game.yaml"]
    assert (first.title, changed.title) == (
        "two players up to an answer Ann gives in Bob's move",
        "Two players up to an answer Ann gives in Bob's move",
    )


def test_the_same_text_under_another_name_is_read_again_and_names_its_file(reads):
    text = GAME.read_text(encoding="utf-8")
    load_script_text(text, "a.yaml")
    other = load_script_text(text, "b.yaml")
    assert reads == ["a.yaml", "b.yaml"]
    assert other.file == "b.yaml" and other.steps[0].pos.file == "b.yaml"


def test_a_text_with_problems_is_reported_each_time(reads):
    text = GAME.read_text(encoding="utf-8") + "- Nobody end\n"
    for _ in range(2):
        with pytest.raises(DslError) as err:
            load_script_text(text, "bad.yaml")
        assert "unknown player 'Nobody'" in str(err.value)
    assert reads == ["bad.yaml", "bad.yaml"]


def test_only_the_most_recently_read_scripts_are_kept(reads):
    text = GAME.read_text(encoding="utf-8")
    names = [f"g{i}.yaml" for i in range(script_module.READ_KEPT + 1)]
    for name in names:
        load_script_text(text, name)
    load_script_text(text, names[-1])  # kept: not read again
    load_script_text(text, names[0])  # let go when the last came: read again
    assert reads == [*names, names[0]]
