"""The state described: a JSON Schema and a reference page generated from one table, kept equal to the state."""

import dataclasses
import json
from pathlib import Path

import jsonschema
import pytest

from revive_dsl.engine import state as st
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.state_schema import CLASSES, FIELDS, reference, state_schema
from revive_dsl.replay import Replay, load_script
from revive_dsl.resources import schema_dir

ROOT = Path(__file__).resolve().parent.parent
load_all()


def test_every_field_of_the_state_is_described_and_nothing_else():
    fields = {f"{cls.__name__}.{f.name}" for cls in CLASSES for f in dataclasses.fields(cls)}
    assert set(FIELDS) == fields
    assert all(text.endswith((".", ")")) and len(text) > 10 for text, _ in FIELDS.values())


def test_the_shipped_state_schema_is_current():
    shipped = json.loads((schema_dir() / "state.schema.json").read_text(encoding="utf-8"))
    assert shipped == state_schema(), "run 'revive schemas --write revive_dsl/schemas' to regenerate it"


def test_the_state_reference_is_current():
    text = (ROOT / "docs" / "state-reference.md").read_text(encoding="utf-8")
    assert text == reference() + "\n", "run 'revive docs --write' to regenerate docs/state-reference.md"


@pytest.mark.parametrize("script", sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "replays").glob("*/*.yaml")))
def test_every_state_of_the_bundled_scripts_meets_the_schema(script):
    validator = jsonschema.Draft202012Validator(state_schema())
    replay = Replay(load_script(ROOT / script))
    replay.run()
    for index, game in enumerate(replay.states):
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(game.to_dict())]
        assert not errors, f"state after step {index}: {errors[:3]}"


def test_numbers_are_bounded_by_the_rules_or_by_limits_no_game_reaches():
    game = st.Game(players=[st.Player(seat=0, name="Ann", tribe="nadair", side="sun")])
    data = game.to_dict()
    validator = jsonschema.Draft202012Validator(state_schema())
    assert not list(validator.iter_errors(data))
    data["players"][0]["points"] = 10**12
    data["players"][0]["resources"]["crystal"] = 4
    data["turn"]["player"] = 1.5
    found = sorted((list(e.absolute_path), e.validator) for e in validator.iter_errors(data))
    assert found == [
        (["players", 0, "points"], "maximum"),
        (["players", 0, "resources", "crystal"], "maximum"),
        (["turn", "player"], "type"),
    ]
