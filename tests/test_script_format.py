"""Script formats: format 2 names a rules package's own state in its part (``Ann.abyss.devotion``); format 1,
which named Call of the Abyss's fields on their holder (``Ann.devotion``), is still read, and ``revive fmt``
upgrades it. ``tests/data/format1`` keeps two bundled scripts as they were written in format 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.fmt import format_text
from revive_dsl.replay import Replay, ReplayError, load_script, load_script_text
from revive_dsl.replay.script import FORMAT
from revive_dsl.upgrade import outcomes_text, renamed_key, upgrade_text

ROOT = Path(__file__).resolve().parent.parent
FORMAT_1 = ROOT / "tests" / "data" / "format1"
PAIRS = [
    ("abyss-tutorial.yaml", "replays/tutorials/abyss.yaml"),
    ("abyss-2p-nadair-gadgets.yaml", "replays/games/abyss-2p-nadair-gadgets.yaml"),
]


def _states(path: Path) -> list[str]:
    replay = Replay(load_script(path))
    replay.run()
    return [game.to_json() for game in replay.states]


@pytest.mark.parametrize(("old", "new"), PAIRS, ids=[p[0] for p in PAIRS])
def test_a_format_1_script_still_replays_state_for_state_as_its_current_version(old: str, new: str) -> None:
    assert load_script(FORMAT_1 / old).format == 1 and load_script(ROOT / new).format == FORMAT == 5
    assert _states(FORMAT_1 / old) == _states(ROOT / new)  # its expects, highlights and start state all hold


@pytest.mark.parametrize(("old", "new"), PAIRS, ids=[p[0] for p in PAIRS])
def test_fmt_upgrades_a_format_1_script_to_format_2_paths_playing_as_the_bundled_one(old: str, new: str) -> None:
    result = format_text((FORMAT_1 / old).read_text(encoding="utf-8"), old)
    assert not result.problems
    assert ("format", "1", "2") in [(c.field, c.old, c.new) for c in result.changes]
    assert format_text(result.new_text, new).changes == []  # and then it is canonical
    replay = Replay(load_script_text(result.new_text, old))
    replay.run()
    assert [state.to_json() for state in replay.states] == _states(ROOT / new)


@pytest.mark.parametrize(("old", "new"), PAIRS, ids=[p[0] for p in PAIRS])
def test_upgrade_brings_a_format_1_script_to_the_bundled_current_text(old: str, new: str) -> None:
    result = upgrade_text((FORMAT_1 / old).read_text(encoding="utf-8"), old)
    assert not result.problems
    # written in the later notation: nothing to answer; only format 5's one vocabulary (yes/no/pay -> use/skip)
    assert all(c.old and c.new == " ".join(renamed_key(w) for w in c.old.split(" ")) for c in result.changes)
    bundled = (ROOT / new).read_text(encoding="utf-8")
    if "\n  outcomes:\n" in bundled:  # a recorded game carries its setup's outcomes (revive upgrade --outcomes)
        assert outcomes_text(result.new_text, old)[0] == bundled
    else:
        assert result.new_text == bundled


SOLO = """\
title: t
format: {format}
packs: [base, abyss]
players:
  - {{name: Ann, tribe: nadair, side: sun}}
setup:
  seed: 1
  state:
    players:
      Ann: {{devotion: 2, points: 3}}
    supply:
      journey_deck: [abyss_journey_grey_1]  # the top card
steps:
  - move: Ann switch resource food
    expect: {{Ann.devotion: 2, supply.journey_deck: [abyss_journey_grey_1], Ann.points: 3}}
    highlight: [Ann.devotion]
"""


def test_a_format_1_start_state_gives_the_moved_fields_to_the_part() -> None:
    replay = Replay(load_script_text(SOLO.format(format=1), "s.yaml"))
    replay.run()
    state = replay.states[0].to_dict()
    assert state["players"][0]["abyss"] == {"devotion": 2} and state["players"][0]["points"] == 3
    assert state["supply"]["abyss"]["journey_deck"] == ["abyss_journey_grey_1"]


def test_fmt_upgrades_a_flow_style_start_state_keeping_the_comments() -> None:
    result = format_text(SOLO.format(format=1), "s.yaml")
    assert not result.problems
    text = result.new_text
    assert "format: 2\n" in text
    assert "      Ann: {abyss: {devotion: 2}, points: 3}\n" in text
    assert "      abyss:\n        journey_deck: [abyss_journey_grey_1]  # the top card\n" in text
    assert "expect: {Ann.abyss.devotion: 2, supply.abyss.journey_deck: [abyss_journey_grey_1], Ann.points: 3}" in text
    assert "highlight: [Ann.abyss.devotion]" in text
    old, new = (Replay(load_script_text(t, "s.yaml")) for t in (SOLO.format(format=1), text))
    assert [g.to_json() for g in (old.run(), *old.states)] == [g.to_json() for g in (new.run(), *new.states)]


def test_a_format_2_script_naming_a_moved_field_on_its_holder_is_told_where_it_is() -> None:
    text = SOLO.format(format=2).replace("{devotion: 2, points: 3}", "{points: 3}")
    text = text.replace("      journey_deck", "      abyss: {journey_deck: [abyss_journey_grey_1]}\n      #")
    replay = Replay(load_script_text(text, "s.yaml"))
    with pytest.raises(ReplayError) as err:
        replay.run()
    [problem] = err.value.diagnostics
    assert "expect: no 'devotion' in Ann.devotion" in problem.message
    assert problem.message.endswith("did you mean Ann.abyss.devotion?")
