"""A third expansion plugs in without touching the engine or the bundled packages (tests/example_expansion).

The Lagoon brings a resource with a track (pearls and the pearl track: a state part of its own), an action
(polish), a card using a new word (the pearl diver's ``dive``), a setup draw and a scoring line. It runs in
a process of its own (``tests/example_expansion/run.py``), registered as an installed package would be.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

RUN = Path(__file__).parent / "example_expansion" / "run.py"


def run(task: str) -> dict:
    result = subprocess.run([sys.executable, str(RUN), task], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_pack_loads_with_its_package_and_its_words():
    found = run("load")
    assert found["packages"] == ["base", "lagoon"]
    assert found["diver_top"] == "dive"
    assert found["with_lagoon"] == []
    assert found["base_only"] == [
        "'dive' is a word of the rules package 'lagoon', which none of the loaded packs names; "
        "a pack using it depends on a pack that does (e.g. depends: [lagoon])"
    ]


@pytest.mark.parametrize("task", ["random-base", "random-abyss"], ids=["base+lagoon", "base+abyss+lagoon"])
def test_random_games_with_the_lagoon_finish_with_every_invariant(task):
    games = run(task)["games"]  # invariants are checked after every move; a broken one fails the run
    assert all(game["finished"] for game in games)
    assert all("pearl track" in game["score_lines"] for game in games)
    assert sum(game["polish"] + sum(sum(p.values()) for p in game["lagoon"]) for game in games) > 0


def test_a_script_with_its_card_replays_with_snapshots(snapshot):
    found = run("replay")
    assert found["finished"]
    assert [state["players"][0]["lagoon"] for state in found["states"]] == [
        {"pearls": 3},  # the track at its default (0) is left out
        {"pearls": 3},
        {"pearls": 1, "track": 1},
        {"pearls": 1, "track": 1},
    ]
    assert [json.dumps(state, indent=1, sort_keys=True) for state in found["states"]] == snapshot


def test_the_test_process_knows_nothing_of_the_lagoon():
    from revive_dsl.content.packages import installed
    from revive_dsl.dsl.signatures import SIGNATURES
    from revive_dsl.engine.state import PARTS

    assert "lagoon" not in installed() and "lagoon" not in PARTS and "dive" not in SIGNATURES
