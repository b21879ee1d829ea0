"""The state described: a JSON Schema and a reference page generated from one table, kept equal to the state."""

import dataclasses
import json
from pathlib import Path

import jsonschema
import pytest

from revive_dsl.content.packages import BUNDLED
from revive_dsl.engine import state as st
from revive_dsl.engine.registry import load_all, load_packages
from revive_dsl.engine.rules import load_bundled
from revive_dsl.engine.state_schema import CLASSES, FIELDS, reference, state_schema
from revive_dsl.locations import schema_dir
from revive_dsl.positions import DslError
from revive_dsl.replay import Replay, load_script
from revive_dsl.replay.script import load_script_text

ROOT = Path(__file__).resolve().parent.parent
load_all()


def test_every_field_of_the_state_is_described_and_nothing_else():
    fields = {f"{cls.__name__}.{f.name}" for cls in CLASSES for f in dataclasses.fields(cls) if f.name != "parts"}
    assert set(FIELDS) == fields
    assert all(text.endswith((".", ")")) and len(text) > 10 for text, _ in FIELDS.values())


def test_the_shipped_state_schema_is_current():
    shipped = json.loads((schema_dir() / "state.schema.json").read_text(encoding="utf-8"))
    load_bundled()  # the bundled packages' parts are in it, and the bundled packs' declared counters
    assert shipped == state_schema(BUNDLED), "run 'revive schemas --write revive_dsl/schemas' to regenerate it"


def test_the_state_reference_is_current():
    text = (ROOT / "docs" / "state-reference.md").read_text(encoding="utf-8")
    load_bundled()
    assert text == reference(BUNDLED) + "\n", "run 'revive docs --write' to regenerate docs/state-reference.md"


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


# --- the start state of a script (setup.state) is checked against the schema, each error at its own key ---

START = """format: 1
players: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]
setup:
  seed: 12
  state:
    players:
      Bob:
        points: 1000000000000
        resources: {crystal: 1.5}
        active: [[a]]
    turn: {actions: null}
steps:
  - Ann switch food
"""


def start_problems(text: str) -> list[tuple[str, str]]:
    with pytest.raises(DslError) as err:
        Replay(load_script_text(text, "s.yaml"))
    return [(str(d.pos), d.message) for d in err.value.diagnostics]


def test_every_wrong_start_state_value_is_reported_at_its_own_key():
    assert start_problems(START) == [
        ("s.yaml:10:18", "start state: expected text, not a list"),
        (
            "s.yaml:8:17",
            "start state: 1000000000000 is greater than the maximum of 49 "
            "(Bob.points: the point marker's space on the point track, 0-49 (see `laps`))",
        ),
        ("s.yaml:9:30", "start state: expected a whole number, not a number with a fraction"),
        (
            "s.yaml:11:21",
            "start state: expected a whole number, not nothing "
            "(turn.actions: actions taken this turn (2 per turn, 1 in solo; hibernating counts as one))",
        ),
    ]


def test_a_start_state_within_the_bounds_plays():
    text = START.replace(
        "        points: 1000000000000\n        resources: {crystal: 1.5}\n        active: [[a]]\n",
        "        points: 12\n",
    )
    text = text.replace("    turn: {actions: null}\n", "")
    replay = Replay(load_script_text(text, "s.yaml"))
    assert replay.game.players[1].points == 12


LOSE = """format: 1
players: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]
setup:
  seed: 12
  state:
    players:
      Ann:
        active: [cit_smith, start_c_1, start_c_5, start_c_6]
      Bob:
        resting: [cit_smith]
steps:
  - Ann switch food
"""


def test_a_card_in_two_places_and_starting_cards_that_vanish_are_reported_at_the_keys_that_do_it():
    assert start_problems(LOSE) == [
        (
            "s.yaml:10:19",
            "start state: cit_smith would lie in two places at once (Ann.active, Bob.resting); name it once",
        ),
        (
            "s.yaml:10:18",
            "start state: start_b_5, start_b_6, start_b_1 would vanish from the game (Bob.resting had them after "
            "the setup); put them in the active area, the resting area, a card slot or supply.removed "
            "(back in the box)",
        ),
    ]


def test_a_start_state_that_keeps_every_card_plays():
    text = LOSE.replace("        resting: [cit_smith]\n", "        points: 3\n")
    replay = Replay(load_script_text(text, "s.yaml"))
    assert replay.game.players[0].active == ["cit_smith", "start_c_1", "start_c_5", "start_c_6"]


def test_an_unknown_component_in_the_start_state_is_positioned_with_a_suggestion():
    """Issue 13, break 5 (found by the stress run): an unknown id reached the engine as a KeyError."""
    text = LOSE.replace("        resting: [cit_smith]\n", "        special_machines: {special_grey_1: mach_grey_99x}\n")
    text = text.replace(
        "active: [cit_smith, start_c_1, start_c_5, start_c_6]", "active: [cit_smiht, start_c_1, start_c_5]"
    )
    problems = start_problems(text)
    assert problems[0] == ("s.yaml:8:18", "start state: unknown component 'cit_smiht'; did you mean 'cit_smith'?")
    assert problems[1][1].startswith("start state: unknown component 'mach_grey_99x'")


def test_the_core_token_record_names_no_packs_field():
    """The core state knows a token's owner and kind; the expansion's gates add which gate and whether it is
    closed, registered by its rules package, so a base-only schema refuses them."""
    from revive_dsl.engine.state_schema import state_schema as schema_of

    load_packages(BUNDLED)
    base, both = schema_of(("base",))["$defs"]["Token"], schema_of(BUNDLED)["$defs"]["Token"]
    assert sorted(base["properties"]) == ["player", "token"]
    assert sorted(both["properties"]) == ["closed", "gate", "player", "token"]


def test_a_technology_the_tribe_side_lacks_is_refused_at_its_id_with_a_suggestion():
    """A start state gave a player a technology id of no tribe (found in review): it reached the engine unseen."""
    text = LOSE.replace("        resting: [cit_smith]\n", "        technologies: [t1, t2x, tech_side_slot]\n")
    assert start_problems(text) == [
        (
            "s.yaml:10:28",
            "start state: Bob's tribe ox49 (moon) has no technology 't2x'; did you mean 't2c'? (its technologies: t1, "
            "t2a, t2b, t2c, t3a, t3b, t3c; common ones: tech_side_slot, tech_artifact_energy, tech_artifact_crate)",
        )
    ]


def test_a_tribe_sides_own_and_the_common_technologies_are_accepted_in_a_start_state():
    text = LOSE.replace("        resting: [cit_smith]\n", "        technologies: [t1, t2b, tech_side_slot]\n")
    text = text.replace("active: [cit_smith, start_c_1, start_c_5, start_c_6]", "points: 0")
    assert Replay(load_script_text(text, "s.yaml")).game.players[1].technologies == ["t1", "t2b", "tech_side_slot"]
