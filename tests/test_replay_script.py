"""Loading scripts and starting their games: steps, the format version, custom start states,
inline content, setup outcomes, and chance outcomes written in moves (``draws: seed|script``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.positions import DslError
from revive_dsl.replay import Replay, ReplayError, load_script, load_script_text, start_game, view
from revive_dsl.replay.script import FORMAT, script_rules

SOLO = "format: 1\nplayers: [{name: Ann, tribe: nadair, side: sun}]\n"
DUO = "format: 1\nplayers: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]\n"
# Solo vukuntur, seed 101: the first move hibernates and refills three displays (from replays/random/game-101.yaml).
HIBERNATE = "P1 hibernate 1 food mach_yellow_4 mod_grey_yellow_7 cit_warden done"
DREW = "citizens=cit_archivist modules=mod_grey_3 machines.yellow=mach_yellow_3"


def vukuntur(draws: str = "seed") -> str:
    return f"format: 1\nplayers: [{{name: P1, tribe: vukuntur, side: sun}}]\nsetup: {{seed: 101, draws: {draws}}}\n"


def problems(text: str, file: str = "s.yaml") -> list[tuple[str, str]]:
    with pytest.raises(DslError) as err:
        load_script_text(text, file)
    assert not isinstance(err.value, ReplayError)
    return [(str(d.pos), d.message) for d in err.value.diagnostics]


def replay_error(text: str, steps: int | None = None) -> ReplayError:
    replay = Replay(load_script_text(text, "s.yaml"))
    with pytest.raises(ReplayError) as err:
        replay.run(steps)
    return err.value


# --- loading ---------------------------------------------------------------------------------


def test_string_steps_and_mapping_steps():
    text = (
        SOLO
        + "title: Switching\ndescription: 'A *short* game.'\nsetup: {seed: 3}\nsteps:\n"
        + "  - Ann switch food   # a comment after the move\n"
        + "  - move: Ann end\n"
        + "    note: Ends the turn.\n"
        + "    expect: {Ann.resources.food: 1, turn.actions: 0}\n"
        + "    highlight: [Ann.resources.food, Ann.switch_used]\n"
        + "    try: true\n"
        + "    hint: Type `Ann end`.\n"
    )
    script = load_script_text(text, "t.yaml")
    assert (script.title, script.packs, script.players) == ("Switching", ["base"], [("Ann", "nadair", "sun")])
    assert script.setup == {"seed": 3}
    one, two = script.steps
    assert (one.index, one.text, str(one.pos), one.move.verb) == (1, "Ann switch food", "t.yaml:7:5", "switch")
    assert (one.note, one.expect, one.highlight, one.try_it, one.hint) == (None, {}, [], False, None)
    assert (two.index, two.text, str(two.pos)) == (2, "Ann end", "t.yaml:8:11")
    assert two.note == "Ends the turn."
    assert two.expect == {"Ann.resources.food": 1, "turn.actions": 0}
    assert two.highlight == ["Ann.resources.food", "Ann.switch_used"]
    assert (two.try_it, two.hint) == (True, "Type `Ann end`.")


def test_title_defaults_to_the_file_name_and_packs_to_base(tmp_path):
    path = tmp_path / "my-game.yaml"
    path.write_text(SOLO + "setup: {seed: 3}\nsteps: [Ann switch food]\n", encoding="utf-8")
    script = load_script(path)
    assert (script.title, script.packs, script.file) == ("my-game", ["base"], str(path))
    assert Replay(script).run().players[0].resources["food"] == 1


def test_a_newer_format_asks_for_an_upgrade():
    assert FORMAT == 5
    assert problems("format: 6\nplayers: 5\nsteps: nothing\n") == [
        (
            "s.yaml:1:9",
            "script format 6 cannot be read (this version reads formats 1, 2, 3, 4, 5): upgrade revive-dsl to play it",
        )
    ]


def test_an_older_format_is_named_as_such():
    assert problems("format: 0\n") == [
        (
            "s.yaml:1:9",
            "script format 0 cannot be read (this version reads formats 1, 2, 3, 4, 5): it is older than any format "
            "this version knows",
        )
    ]


def test_the_format_message_shows_the_line_not_a_traceback():
    with pytest.raises(DslError) as err:
        load_script_text("title: x\nformat: 7\n", "new.yaml")
    assert str(err.value).splitlines() == [
        "new.yaml:2:9: script format 7 cannot be read (this version reads formats 1, 2, 3, 4, 5): upgrade revive-dsl"
        " to play it",
        "    format: 7",
        "            ^",
    ]


def test_every_problem_is_listed_at_once():
    text = SOLO + "setup: {seed: 1}\nsteps: [Ann end, 'Ann ]', Cid end]\n"
    assert problems(text) == [
        ("s.yaml:4:23", "syntax error: unexpected ']'; expected an answer"),
        ("s.yaml:4:27", "unknown player 'Cid'; the players are Ann"),
    ]


def test_the_top_level_must_be_a_mapping():
    assert problems("- Ann end\n") == [("s.yaml:1:1", "a script is a mapping with format, players, setup and steps")]


def test_player_names_must_differ_and_cannot_be_setup():
    two = "format: 1\nplayers: [{name: Ann, tribe: nadair, side: sun}, {name: Ann, tribe: ox49, side: sun}]\n"
    assert problems(two + "setup: {seed: 1}\nsteps: []\n") == [
        ("s.yaml:2:10", "two players have the same name; names must differ")
    ]
    setup = "format: 1\nplayers: [{name: setup, tribe: nadair, side: sun}]\nsetup: {seed: 1}\nsteps: []\n"
    assert problems(setup) == [
        (
            "s.yaml:2:18",
            "schema: at players.0.name: 'setup' is not a player name: a letter, then letters, digits, _ or - "
            "(not the word setup)",
        )
    ]


def test_a_step_mapping_with_an_unknown_key():
    text = SOLO + "setup: {seed: 1}\nsteps:\n  - move: Ann end\n    colour: red\n"
    assert problems(text) == [
        (
            "s.yaml:5:5",
            "schema: at steps.0: a step is a move line, or a mapping with 'move' and optional note, expect, "
            "highlight, try, hint, refused",
        )
    ]


def test_unreadable_files(tmp_path):
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"format: 1\n# caf\xe9\n")
    with pytest.raises(DslError) as err:
        load_script(latin)
    assert (
        str(err.value)
        == f"{latin}:2:6: not UTF-8 text (byte 0xe9): save the file as UTF-8\n    # caf\ufffd\n         ^"
    )
    with pytest.raises(DslError) as err:
        load_script(tmp_path / "nope.yaml")
    assert str(err.value) == f"{tmp_path / 'nope.yaml'}: cannot read the file: No such file or directory"


# --- the start state -------------------------------------------------------------------------------


def test_a_custom_start_state_overrides_players_by_name_and_the_board():
    text = (
        DUO
        + "setup:\n  seed: 12\n  state:\n"
        + "    players:\n      Bob: {points: 3, resources: {book: 4}, active: [start_a_1]}\n"
        + "    supply: {removed: [start_b_3, start_b_4, start_b_2]}\n"  # Bob's dealt cards back in the box
        + "    board: {majors: []}\n"
        + "    turn: {player: 1}\n"
        + "steps:\n  - move: Bob switch food\n    expect: {Bob.resources.food: 1, Bob.resources.book: 4}\n"
    )
    seeded, _ = start_game(load_script_text(DUO + "setup: {seed: 12}\nsteps: []\n"))
    script = load_script_text(text)
    game, _ = start_game(script)
    bob = view(game)["Bob"]
    assert (bob["points"], bob["resources"], bob["active"]) == (
        3,
        {"gear": 1, "book": 4, "food": 0, "crystal": 1},
        ["start_a_1"],
    )
    assert bob["resting"] == view(seeded)["Bob"]["resting"]  # what the state does not name stays as seeded
    assert view(game)["Ann"] == view(seeded)["Ann"]
    assert (game.board.majors, seeded.board.majors != []) == ([], True)
    assert game.turn.player == 1
    replay = Replay(script)
    replay.run()
    assert view(replay.game)["Bob"]["resources"]["food"] == 1


def test_an_unknown_player_in_the_start_state_is_positioned():
    text = SOLO + "setup:\n  seed: 3\n  state:\n    players:\n      Bob: {points: 3}\nsteps: []\n"
    script = load_script_text(text, "s.yaml")
    with pytest.raises(DslError) as err:
        Replay(script)
    assert str(err.value).splitlines() == [
        "s.yaml:7:12: start state: unknown player 'Bob'; the players are Ann",
        "          Bob: {points: 3}",
        "               ^",
    ]


def test_a_start_state_names_the_players_where_the_state_holds_seats():
    text = (
        DUO
        + "setup:\n  seed: 12\n  state:\n"
        + "    players: {Bob: {buildings_left: {small: 4, large: 3}}}\n"
        + "    board:\n"
        + "      buildings: {'0,1': {player: Bob, size: small}}\n"
        + "      figures: {'0,1': [Bob, 0]}\n"  # a seat number is still accepted
        + "      tokens: {'1,1': {player: Ann, token: target}}\n"
        + "    turn: {player: Bob}\n"
        + "steps: []\n"
    )
    game, _ = start_game(load_script_text(text))
    assert game.board.buildings["0,1"] == {"player": 1, "size": "small"}
    assert (game.board.figures["0,1"], game.board.tokens["1,1"]["player"], game.turn.player) == ([1, 0], 0, 1)


def test_an_unknown_name_where_a_seat_is_meant_is_positioned():
    text = DUO + "setup:\n  seed: 12\n  state:\n    board:\n      figures: {'0,1': [Bob, Cy]}\nsteps: []\n"
    with pytest.raises(DslError) as err:
        Replay(load_script_text(text, "s.yaml"))
    assert str(err.value).splitlines()[0] == "s.yaml:7:30: start state: unknown player 'Cy'; the players are Ann, Bob"


def test_journeys_a_start_state_gives_a_player_are_taken_from_the_journey_deck_and_display():
    head = DUO.replace("format: 1\n", "format: 2\npacks: [base, abyss]\n") + "setup:\n  seed: 12\n"
    seeded, _ = start_game(load_script_text(head + "steps: []\n"))
    shown = seeded.supply.parts["abyss"].journey_display
    deck = seeded.supply.parts["abyss"].journey_deck
    taken = [shown[0], deck[-1]]
    state = f"  state: {{players: {{Ann: {{abyss: {{journeys: [{taken[0]}], journeys_done: [{taken[1]}]}}}}}}}}\n"
    game, _ = start_game(load_script_text(head + state + "steps: []\n"))
    supply = game.supply.parts["abyss"]
    assert game.players[0].parts["abyss"].journeys == [taken[0]]
    assert supply.journey_display == [*shown[1:], deck[0]]  # the display refilled from the top of the deck
    assert supply.journey_deck == deck[1:-1]


def test_a_major_artifact_a_start_state_gives_a_player_leaves_the_craters():
    text = DUO + "setup:\n  seed: 12\n  state: {players: {Ann: {majors: [major_amber_1p]}}}\nsteps: []\n"
    game, _ = start_game(load_script_text(text))
    assert game.players[0].majors == ["major_amber_1p"] and "major_amber_1p" not in game.board.majors


def test_a_start_state_cannot_change_the_packs_or_variants_of_the_header():
    text = SOLO + "setup:\n  seed: 3\n  state:\n    packs: [cit_courier]\nsteps: []\n"
    with pytest.raises(DslError) as err:
        Replay(load_script_text(text, "s.yaml"))
    assert str(err.value).splitlines()[0] == (
        "s.yaml:6:12: the game's packs come from the script's 'packs:', not from the start state"
    )
    same = SOLO + "setup:\n  seed: 3\n  state:\n    packs: [base]\n    variants: []\nsteps: []\n"
    Replay(load_script_text(same, "s.yaml"))  # the header's own values are accepted


def test_buildings_a_start_state_places_come_from_their_owners_supply():
    text = (
        SOLO
        + "setup:\n  seed: 3\n  state:\n    board:\n      buildings: {'1,0': {player: Ann, size: small}}\nsteps: []\n"
    )
    game = Replay(load_script_text(text, "s.yaml")).game
    assert game.board.buildings["1,0"] == {"player": 0, "size": "small"}
    assert game.players[0].buildings_left == {"small": 4, "large": 3}
    kept = text.replace("state:\n", "state:\n    players: {Ann: {buildings_left: {small: 4}}}\n")
    assert Replay(load_script_text(kept, "s.yaml")).game.players[0].buildings_left["small"] == 4  # as written


def test_setup_outcomes_override_the_seeded_draws():
    plain = load_script_text(SOLO + "setup: {seed: 3}\nsteps: []\n")
    text = SOLO + "setup:\n  seed: 3\n  outcomes:\n    crates: [crate_07, crate_01]\nsteps: []\n"
    fixed = load_script_text(text)
    a, _ = start_game(plain)
    b, _ = start_game(fixed)
    assert b.supply.crates[:2] == ["crate_07", "crate_01"]  # the top of the stack; the rest as seeded
    assert b.supply.crates[2:] == [c for c in a.supply.crates if c not in ("crate_07", "crate_01")]
    assert a.supply.crates != b.supply.crates
    assert a.supply.citizen_deck == b.supply.citizen_deck  # the other steps are drawn as the seed made them
    assert a.board.tiles == b.board.tiles


def test_setup_outcomes_that_do_not_fit_are_positioned():
    text = SOLO + "setup:\n  seed: 3\n  outcomes:\n    crates: 5\nsteps: []\n"
    with pytest.raises(DslError) as err:
        Replay(load_script_text(text, "s.yaml"))
    [d] = err.value.diagnostics
    assert (str(d.pos), d.message) == ("s.yaml:6:13", "setup.outcomes: the crate stack is a list of ids, top first")


def test_an_unknown_variant_is_positioned():
    text = SOLO + "variants: [nosuch]\nsetup: {seed: 3}\nsteps: []\n"
    with pytest.raises(DslError) as err:
        Replay(load_script_text(text, "s.yaml"))
    [d] = err.value.diagnostics
    assert str(d.pos) == "s.yaml:3:12"
    assert d.message.startswith("unknown variant 'nosuch' (variants of the packs loaded: artifact_choice, ")


def test_the_setup_line_answers_the_variants_choices():
    text = SOLO + "variants: [artifact_choice]\nsetup: {seed: 3}\nsteps: ['setup (Ann artcard_09)', Ann switch food]\n"
    replay = Replay(load_script_text(text))
    assert replay.runner.decision().legal_keys() == ["artcard_10", "artcard_09"]
    result = replay.step()
    assert result.decisions == [("keep which artifact card?", "artcard_09")]
    assert replay.game.players[0].artifact_card == "artcard_09"
    replay.run()
    assert replay.game.players[0].resources["food"] == 1


# --- inline content ----------------------------------------------------------------------------------

LAMPLIGHTER = (
    "content:\n"
    "  - kind: citizen_card\n"
    "    components:\n"
    "      - id: cit_lamplighter\n"
    "        name: Lamplighter\n"
    "        colour: green\n"
    "        provenance: representative\n"
    '        top: "gain 3 book"\n'
    '        bottom: "gain 2 food"\n'
)


def test_inline_content_defines_a_card_the_start_state_can_hold():
    text = (
        SOLO
        + "setup:\n  seed: 3\n  state:\n    players:\n      Ann: {active: [cit_lamplighter, start_c_6, start_c_1]}\n"
        + "    supply: {removed: [start_c_5]}\n"
        + LAMPLIGHTER
        + "steps: []\n"
    )
    script = load_script_text(text, "c.yaml")
    rules = script_rules(script)
    assert rules.component("cit_lamplighter").kind == "citizen_card"
    assert rules.effect("cit_lamplighter", "top").clauses[0].body.name == "gain"
    assert "cit_lamplighter" in rules.ids("citizen_card")
    game, _ = start_game(script, rules)
    assert game.players[0].active[0] == "cit_lamplighter"
    assert "cit_lamplighter" not in game.supply.citizen_deck + game.supply.citizen_display  # taken from the supply


def test_a_card_defined_in_the_script_can_be_played():
    text = (
        SOLO
        + "setup:\n  seed: 3\n  state:\n    players:\n      Ann: {active: [cit_lamplighter, start_c_6, start_c_1]}\n"
        + "    supply: {removed: [start_c_5]}\n"
        + LAMPLIGHTER
        + "steps:\n  - move: Ann play cit_lamplighter top_left\n    expect: {Ann.resources.book: 3}\n"
    )
    replay = Replay(load_script_text(text, "c.yaml"))
    result = replay.step()
    assert "gains 3 book" in " ".join(result.log)
    assert replay.game.players[0].slots["top_left"][0].card == "cit_lamplighter"


def test_an_error_in_inline_content_points_into_the_script():
    text = SOLO + "setup: {seed: 3}\n" + LAMPLIGHTER.replace("gain 3 book", "gian 3 book") + "steps: []\n"
    with pytest.raises(DslError) as err:
        Replay(load_script_text(text, "c.yaml"))
    assert str(err.value).splitlines() == [
        "c.yaml:11:15: unknown effect or modifier 'gian'; did you mean 'gain'?",
        '            top: "gian 3 book"',
        "                  ^",
    ]


# --- chance outcomes written in moves ------------------------------------------------------------


def test_draws_seed_needs_no_outcomes_and_reports_what_was_drawn():
    result = Replay(load_script_text(vukuntur("seed") + f"steps: ['{HIBERNATE}']\n")).step()
    assert result.drawn == [
        ("citizens", "cit_archivist"),
        ("modules", "mod_grey_3"),
        ("machines.yellow", "mach_yellow_3"),
    ]


def test_draws_script_requires_every_move_to_write_what_it_drew():
    err = replay_error(vukuntur("script") + f"steps: ['{HIBERNATE}']\n")
    assert err.step.index == 1
    assert err.diagnostics[0].message == (
        f"step 1 ({HIBERNATE}): the move drew {DREW}, which the script does not write (setup says draws: script): "
        f"add [{DREW}]"
    )
    assert str(err.diagnostics[0].pos) == "s.yaml:4:10"


def test_draws_script_plays_the_outcomes_as_they_happened():
    """Hidden information recorded at the table: the citizen drawn is the one written, not the seed's."""
    seeded = Replay(load_script_text(vukuntur("script") + f"steps: ['{HIBERNATE} [{DREW}]']\n"))
    seeded.run()
    assert seeded.game.supply.citizen_display[-1] == "cit_archivist"
    written = DREW.replace("cit_archivist", "cit_smith")
    replay = Replay(load_script_text(vukuntur("script") + f"steps: ['{HIBERNATE} [{written}]']\n"))
    result = replay.step()
    assert result.drawn[0] == ("citizens", "cit_smith")
    assert replay.game.supply.citizen_display[-1] == "cit_smith"
    assert "cit_archivist" in replay.game.supply.citizen_deck


def test_a_seeded_script_may_write_its_outcomes_too():
    replay = Replay(load_script_text(vukuntur("seed") + f"steps: ['{HIBERNATE} [citizens=cit_smith]']\n"))
    replay.run()
    assert replay.game.supply.citizen_display[-1] == "cit_smith"


def test_a_reveal_that_is_not_in_its_pile():
    err = replay_error(vukuntur("script") + f"steps: ['{HIBERNATE} [citizens=cit_nobody]']\n")
    [d] = err.diagnostics
    column = 10 + len(HIBERNATE) + 2
    assert str(d.pos) == f"s.yaml:4:{column}"
    assert d.message.startswith(
        f"step 1 ({HIBERNATE} [citizens=cit_nobody]): 'cit_nobody' is not in the citizen deck ("
    )
    assert err.last_good.to_json() == Replay(load_script_text(vukuntur() + "steps: []\n")).game.to_json()


def test_a_reveal_the_move_did_not_take():
    text = DUO + "setup: {seed: 12}\nsteps: [Ann trade_crystal book, 'Ann hibernate 1 gear [citizens=cit_mentor]']\n"
    err = replay_error(text)
    [d] = err.diagnostics
    assert (str(d.pos), d.message) == (
        "s.yaml:4:56",
        "step 2 (Ann hibernate 1 gear [citizens=cit_mentor]): the move did not take 'cit_mentor' from citizens "
        "(it took: nothing)",
    )
    assert err.step.index == 2


def test_a_reveal_from_an_unknown_pile():
    text = DUO + "setup: {seed: 12}\nsteps: ['Ann hibernate 1 gear [cards=x]']\n"
    [d] = replay_error(text).diagnostics
    assert (str(d.pos), d.message) == (
        "s.yaml:4:32",
        "step 1 (Ann hibernate 1 gear [cards=x]): unknown pile 'cards'; piles are citizens, modules, crates, "
        "machines.grey, machines.green, machines.yellow, a tile slot such as a02",
    )


def test_a_reveal_of_a_tile_slot_already_face_up():
    text = DUO + "setup: {seed: 12}\nsteps: ['Ann hibernate 1 gear [a02=area_tile_01]']\n"
    replay = Replay(load_script_text(text, "s.yaml"))
    replay.game.board.tiles["a02"]["explored"] = True  # the start state, before any step: as if explored
    tile = replay.game.board.tiles["a02"]["tile"]
    with pytest.raises(ReplayError) as err:
        replay.run()
    assert err.value.diagnostics[0].message == (
        f"step 1 (Ann hibernate 1 gear [a02=area_tile_01]): the tile in slot a02 is already face up ({tile})"
    )


def test_the_bundled_data_script_loads_from_its_folder():
    path = Path(__file__).parent / "data" / "replay" / "two-players.yaml"
    script = load_script(path)
    assert script.text.startswith("# yaml-language-server: $schema=../../../revive_dsl/schemas/script.schema.json\n")
    assert (Path(path).parent / "../../../revive_dsl/schemas/script.schema.json").resolve().is_file()
    assert len(script.steps) == 77
