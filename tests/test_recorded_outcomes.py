"""Recorded games outlive content edits: a recorder writes what the setup showed (``setup.outcomes``) and every draw
of the moves, so a game keeps replaying, every state the same but for the piles that hold the new components, after
a card, an area tile and a machine token join its pack.

Games are recorded as ``revive simulate --out`` writes them and as ``revive play --out`` does with computer seats
(with ``--draws seed`` and ``--draws script``).
"""

from __future__ import annotations

import io
import textwrap
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from revive_dsl import cli
from revive_dsl.engine.rules import Rules, forget_loaded
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.positions import DslError
from revive_dsl.replay.player import Replay
from revive_dsl.replay.record import dump_script, script_from_answers
from revive_dsl.replay.script import load_script
from revive_dsl.terminal import play

KILN = {
    "pack.yaml": 'id: kiln\nname: Kiln\nversion: "1.0"\ndepends: [base]\n',
    "citizen_cards.yaml": """
        kind: citizen_card
        components:
          - {id: kiln_cit_potter, name: Potter, colour: grey, provenance: representative, top: gain gear, bottom: slot}
        """,
}
# The edit: one more citizen card, area tile and machine token, each in a pile the setup shuffles.
ADDED = {
    "citizen_cards.yaml": """
          - {id: kiln_cit_glazer, name: Glazer, colour: green, provenance: representative, top: gain food, bottom: slot}
        """,
    "area_tiles.yaml": """
        kind: area_tile
        components:
          - id: kiln_area_tile
            name: Kiln area tile
            provenance: representative
            back: "pay gear -> points 2"
            spaces: [{terrain: water}, {terrain: sand}, {terrain: field}, {terrain: mountain}]
        """,
    "machine_tokens.yaml": """
        kind: machine_token
        components:
          - {id: kiln_mach_oven, name: Oven, colour: grey, provenance: representative, effect: "machine: gain 2 food"}
        """,
}
NEW = ("kiln_cit_glazer", "kiln_area_tile", "kiln_mach_oven")
PLAYERS = [("Ann", "nadair", "sun"), ("Bob", "kuniban", "sun")]


def make_kiln(tmp_path: Path) -> Path:
    folder = tmp_path / "kiln"
    folder.mkdir()
    for name, text in KILN.items():
        (folder / name).write_text(textwrap.dedent(text))
    return folder


def edit_kiln(folder: Path) -> None:
    """Add a citizen card, an area tile and a machine token to the pack, as an author would (this process then
    reads the pack again)."""
    for name, text in ADDED.items():
        path = folder / name
        old = path.read_text() if path.exists() else ""
        added = textwrap.dedent(text).lstrip("\n")
        path.write_text(old + textwrap.indent(added, "  ") if old else added)
    forget_loaded()


def states(path: Path) -> list[dict[str, Any]]:
    """The state after the setup and after every step of a script."""
    replay = Replay(load_script(path))
    out = [replay.game.to_dict()]
    for _ in replay.steps():
        out.append(replay.game.to_dict())
    return out


def flat(value: Any, path: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in flat(item, f"{path}.{key}" if path else key).items()}
    return {path: value}


PILE_PATHS = ("supply.citizen_deck", "supply.machine_piles.grey")
EVERY_PILE = (
    *PILE_PATHS,
    "supply.machine_piles.green",
    "supply.machine_piles.yellow",
    "supply.module_pile",
    "supply.crates",
    "supply.abyss.scyphoz_deck",
    "supply.abyss.journey_deck",
    # a pile the recorded game ran out of has the new component left: its display shows it (the rules refill it)
    "supply.citizen_display",
    "supply.module_display",
    "supply.machine_display.grey",
    "supply.machine_display.green",
    "supply.machine_display.yellow",
    "supply.abyss.journey_display",
)


def piles_only(before: dict[str, Any], after: dict[str, Any], every_pile: bool = False) -> list[str]:
    """The paths where two states differ that are not a pile holding a new component: none is wanted. A pile is
    the citizen deck, a machine pile (``every_pile``: every pile of the game), or an area slot still face down (the
    face-down tiles are a pile laid out)."""
    one, two = flat(before), flat(after)
    piles = EVERY_PILE if every_pile else PILE_PATHS
    wrong = []
    for path in sorted(set(one) | set(two)):
        if one.get(path) == two.get(path):
            continue
        if path in piles or path == "supply.removed":
            continue
        if path.startswith("board.tiles.") and not two.get(path.rsplit(".", 1)[0] + ".explored", False):
            continue
        wrong.append(f"{path}: {one.get(path)!r} -> {two.get(path)!r}")
    return wrong


def simulated(folder: Path, out: Path, seed: int) -> Path:
    rules = Rules.load(("base", str(folder)))
    record = play_random_game(rules, PLAYERS, seed=seed)
    data = script_from_answers(rules, record.players, record.seed, record.variants, record.answers)
    data["packs"] = ["base", "../kiln"]
    out.write_text(dump_script(data, out.parent))
    return out


def played(folder: Path, out: Path, draws: str) -> Path:
    argv = ["play", "--players", "Ann:nadair:sun,Bob:kuniban:sun", "--ai", "Ann=random,Bob=random", "--seed", "7"]
    args = cli.build_parser().parse_args([*argv, "--packs", f"base,{folder}", "--draws", draws, "--out", str(out)])
    session = play.session_of(args)
    session.replay.game  # noqa: B018 (set up)
    assert play.Player(session, lambda prompt: "q", Console(file=io.StringIO(), width=100)).run() == 0
    return out


@pytest.mark.parametrize("seed", [2, 11])
def test_a_simulated_game_replays_after_a_card_a_tile_and_a_machine_join_its_pack(tmp_path, seed):
    folder = make_kiln(tmp_path)
    (tmp_path / "games").mkdir()
    script = simulated(folder, tmp_path / "games" / "game.yaml", seed)
    assert load_script(script).setup["recorded"] is True
    before = states(script)
    edit_kiln(folder)
    after = states(script)  # every step still replays, every expectation of the moves met
    assert len(before) == len(after)
    for step, (old, new) in enumerate(zip(before, after, strict=True)):
        assert piles_only(old, new) == [], f"step {step}"
    assert any(kind in str(after[0]) for kind in NEW)  # the new components are in the game, in the piles


@pytest.mark.parametrize("draws", ["seed", "script"])
def test_a_game_played_with_computer_seats_replays_after_the_pack_gains_components(tmp_path, draws):
    folder = make_kiln(tmp_path)
    script = played(folder, tmp_path / "game.yaml", draws)
    setup = load_script(script).setup
    assert "outcomes" in setup and setup["recorded"] is True  # the outcomes are the whole setup's
    before = states(script)
    edit_kiln(folder)
    after = states(script)
    for step, (old, new) in enumerate(zip(before, after, strict=True)):
        assert piles_only(old, new) == [], f"step {step}"


def test_without_the_recorded_outcomes_the_same_edit_breaks_the_game(tmp_path):
    folder = make_kiln(tmp_path)
    (tmp_path / "games").mkdir()
    script = simulated(folder, tmp_path / "games" / "game.yaml", 2)
    data = load_script(script).data
    del data["setup"]["outcomes"]
    script.write_text(dump_script(data, script.parent))
    before = states(script)
    edit_kiln(folder)
    try:
        after = states(script)
    except DslError:
        return  # a step no longer replays
    assert any(piles_only(old, new) for old, new in zip(before, after, strict=False))


def test_a_recorded_outcome_naming_a_component_that_is_gone_is_a_positioned_error(tmp_path):
    folder = make_kiln(tmp_path)
    (tmp_path / "games").mkdir()
    script = simulated(folder, tmp_path / "games" / "game.yaml", 2)
    data = load_script(script).data
    shown = data["setup"]["outcomes"]["citizen_deck"]
    data["setup"]["outcomes"]["citizen_deck"] = ["kiln_cit_gone", *shown[1:]]
    script.write_text(dump_script(data, script.parent))
    with pytest.raises(DslError) as err:
        states(script)
    assert "game.yaml:" in str(err.value) and "'kiln_cit_gone' is not in the citizen deck" in str(err.value)


# --- every bundled game, recorded afresh, outlives a card added to each pile -------------------------------------

BUNDLED_GAMES = sorted((Path(__file__).parent.parent / "replays" / "games").glob("*.yaml"))
PILES = """
kind: citizen_card
components:
  - {id: extra_cit, name: Extra, colour: yellow, provenance: representative, top: gain food, bottom: slot}
---
kind: slot_module
components:
  - {id: extra_mod, name: Extra module, colours: [grey], provenance: representative, effect: gain 2 gear}
---
kind: crate
components:
  - {id: extra_crate, name: Extra crate, provenance: representative, effect: gain 2 food}
---
kind: machine_token
components:
  - {id: extra_mach_grey, name: Extra grey, colour: grey, provenance: representative, effect: "machine: gain gear"}
  - {id: extra_mach_green, name: Extra green, colour: green, provenance: representative, effect: "machine: gain food"}
  - {id: extra_mach_yellow, name: Extra yellow, colour: yellow, provenance: representative,
     effect: "machine: gain book"}
"""
ABYSS_PILES = """
---
kind: scyphoz_card
components:
  - {id: extra_scy, name: Extra Scyphoz, provenance: representative, top: gain crystal, bottom: slot}
---
kind: journey_card
components:
  - {id: extra_journey, name: Extra journey, colour: grey, provenance: representative,
     requirements: "need lakes >= 1: devotion 2"}
"""


def _extra_pack(tmp_path: Path, abyss: bool) -> Path:
    """An empty pack the recorded game loads (its edit: a component in every pile of the game)."""
    folder = tmp_path / "extra"
    folder.mkdir()
    depends = "[base, abyss]" if abyss else "[base]"
    (folder / "pack.yaml").write_text(f'id: extra\nname: Extra\nversion: "1.0"\ndepends: {depends}\n')
    return folder


@pytest.mark.parametrize("bundled", BUNDLED_GAMES, ids=[p.stem for p in BUNDLED_GAMES])
def test_every_bundled_game_recorded_afresh_replays_after_a_card_joins_each_pile(tmp_path, bundled):
    header = load_script(bundled)
    abyss = "abyss" in header.packs
    folder = _extra_pack(tmp_path, abyss)
    players = ",".join(f"{p['name']}:{p['tribe']}:{p['side']}" for p in header.data["players"])
    seats = ",".join(f"{p['name']}=random" for p in header.data["players"])
    out = tmp_path / "game.yaml"
    argv = ["play", "--players", players, "--ai", seats, "--seed", str(header.setup["seed"]), "--out", str(out)]
    args = cli.build_parser().parse_args([*argv, "--packs", ",".join([*header.packs, str(folder)])])
    session = play.session_of(args)
    assert play.Player(session, lambda prompt: "q", Console(file=io.StringIO(), width=100)).run() == 0
    before = states(out)
    for index, doc in enumerate(textwrap.dedent(PILES + (ABYSS_PILES if abyss else "")).split("---\n")):
        (folder / f"piles_{index}.yaml").write_text(doc)  # one kind of component a file
    forget_loaded()
    after = states(out)
    assert len(before) == len(after)
    for step, (old, new) in enumerate(zip(before, after, strict=True)):
        assert piles_only(old, new, every_pile=True) == [], f"step {step}"
    assert "extra_cit" in str(after[0]) and "extra_mach_grey" in str(after[0])


# A recorded game whose crate stack held one crate: the stack runs out at the first draw. Its pack has 27 crates
# more now (the base game's others), which the outcomes do not name.
RAN_OUT = """\
format: 5
players: [{name: Ann, tribe: nadair, side: sun}]
setup:
  seed: 3
  recorded: true
  outcomes: {crates: [crate_10]}
  state:
    players:
      Ann:
        active: [cit_scavenger, cit_quartermaster, start_c_5, start_c_6]
        resting: [start_c_1, start_c_2, start_c_3, start_c_4]
steps:
  - move: Ann play cit_scavenger top_left [crates=crate_10]
    expect: {Ann.crates_closed: [crate_10]}
  - Ann end
  - move: Ann play cit_quartermaster top_right
    expect: {Ann.crates_closed: [crate_10]}
"""


def test_a_draw_that_found_a_recorded_pile_empty_finds_it_empty_after_the_pack_gains_items(tmp_path):
    path = tmp_path / "ran_out.yaml"
    path.write_text(RAN_OUT)
    replay = Replay(load_script(path))
    start = replay.game.supply.crates
    assert start[0] == "crate_10" and len(start) == 28  # the 27 gained crates lie under the recorded one
    for result in replay.steps():
        assert result.drawn == ([("crates", "crate_10")] if result.index == 1 else [])
    assert replay.game.players[0].crates_closed == ["crate_10"]
    assert sorted(replay.game.supply.crates) == sorted(start[1:])  # still under the pile, none drawn
    assert replay.states[2].supply.crates == start[1:]


def test_a_script_not_marked_recorded_draws_the_items_its_outcomes_do_not_name(tmp_path):
    """Outcomes that name the top of a pile leave the rest to the seed (a tutorial's ``crates: [crate_10]``)."""
    path = tmp_path / "top_only.yaml"
    path.write_text(
        RAN_OUT.replace("  recorded: true\n", "").replace("\n    expect: {Ann.crates_closed: [crate_10]}", "")
    )
    replay = Replay(load_script(path))
    replay.run()
    assert len(replay.game.players[0].crates_closed) == 2
