"""A script's move lines written as plain text are not each checked against the schema (they are valid steps
whatever else the script holds); the errors are exactly those of checking the whole script, on every bundled
script and on scripts with a bad header or bad steps, and the shortcut turns itself off for a stricter schema."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revive_dsl.content.schema_defs import SCRIPT_SCHEMA, schema_errors
from revive_dsl.content.yamlsrc import load_yaml
from revive_dsl.replay.script import _plain_steps_are_valid, script_schema_errors

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "replays").rglob("*.yaml"))


def _errors(found) -> list[tuple[list, str]]:
    return [(list(e.absolute_path), e.message) for e in found]


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_a_bundled_script_has_the_errors_of_the_whole_check(path: Path) -> None:
    data = load_yaml(path.read_text(), str(path)).data
    assert _errors(script_schema_errors(data)) == _errors(schema_errors(data, SCRIPT_SCHEMA)) == []


STEP = st.one_of(
    st.text(max_size=12),
    st.integers(),
    st.none(),
    st.lists(st.text(max_size=3), max_size=2),
    st.fixed_dictionaries({"move": st.text(max_size=8)}, optional={"try": st.booleans(), "hint": st.integers()}),
    st.dictionaries(st.sampled_from(["move", "note", "nope"]), st.integers(), max_size=2),
)
VALID = {"format": 2, "players": [{"name": "Ann", "tribe": "nadair", "side": "sun"}], "setup": {"seed": 1}}
HEADER = st.just(VALID) | st.fixed_dictionaries(
    {},
    optional={
        "format": st.one_of(st.integers(0, 3), st.booleans(), st.text(max_size=2)),
        "players": st.one_of(st.just([{"name": "Ann", "tribe": "nadair", "side": "sun"}]), st.lists(st.integers())),
        "setup": st.one_of(st.just({"seed": 1}), st.just({}), st.integers()),
        "packs": st.one_of(st.just(["base"]), st.just([]), st.text(max_size=3)),
    },
)


@settings(max_examples=300, deadline=None)
@given(HEADER, st.lists(STEP, max_size=6))
def test_any_script_has_the_errors_of_the_whole_check(header: dict, steps: list) -> None:
    data = {**header, "steps": steps}
    assert _errors(script_schema_errors(data)) == _errors(schema_errors(data, SCRIPT_SCHEMA))


def test_a_valid_header_with_plain_lines_and_a_bad_step_names_that_step() -> None:
    data = {**VALID, "steps": ["Ann switch food", "Ann end", {"move": "Ann end", "nope": 1}, "Ann end"]}
    assert [(p, m[:40]) for p, m in _errors(script_schema_errors(data))] == [
        (["steps", 2], "{'move': 'Ann end', 'nope': 1} is not va")
    ]


def test_a_schema_that_limits_the_steps_turns_the_shortcut_off() -> None:
    assert _plain_steps_are_valid(SCRIPT_SCHEMA)
    stricter = copy.deepcopy(SCRIPT_SCHEMA)
    stricter["properties"]["steps"]["maxItems"] = 3
    assert not _plain_steps_are_valid(stricter)
    stricter = copy.deepcopy(SCRIPT_SCHEMA)
    stricter["properties"]["steps"]["items"]["oneOf"][0]["pattern"] = "^[A-Z]"
    assert not _plain_steps_are_valid(stricter)
