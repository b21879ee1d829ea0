"""A pack's own mechanics written as data (engine/declared.py): counters and tracks, thresholds, the ends of a
turn, a round and the game, scoring lines, ``each player:``; and every bad declaration's positioned message.

Each test writes a small pack of YAML (no Python) beside the bundled base game and plays it through a script
or the Runner, as an author would.
"""

from __future__ import annotations

import textwrap
from itertools import count
from pathlib import Path

import pytest

from revive_dsl.content.packs import load_packs
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import known_variants
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.positions import DslError
from revive_dsl.replay.player import Replay
from revive_dsl.replay.script import load_script_text

EMBERFALL = Path(__file__).parent / "example_expansion" / "emberfall"
_NAMES = count()

COUNTERS = """
kind: counter
components:
  - {id: heat, provenance: representative, holder: player, max: 5, plural: heat}
  - {id: embers, provenance: representative, holder: player, max: 20, scores: true, english: banked ember}
  - {id: ash, provenance: representative, holder: table, max: 10, plural: ash}
"""


def make_pack(tmp_path: Path, rules: str = "", **files: str) -> str:
    """A pack folder of the given files (``rules``: the game_rule effects, one per line), its path as a pack name."""
    name = f"forge{next(_NAMES)}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "pack.yaml").write_text(f'id: {name}\nname: Forge\nversion: "1.0"\ndepends: [base]\n')
    (folder / "counters.yaml").write_text(textwrap.dedent(files.pop("counters", COUNTERS)))
    if rules:
        items = "".join(
            f"  - {{id: {name}_rule{i}, provenance: representative, effect: {line.strip()!r}}}\n"
            for i, line in enumerate(rules.strip().splitlines())
        )
        (folder / "rules.yaml").write_text(f"kind: game_rule\ncomponents:\n{items}")
    for file, text in files.items():
        (folder / f"{file}.yaml").write_text(textwrap.dedent(text))
    return str(folder)


def replay(pack: str, steps: str, state: str = "", players: int = 2, variants: str = "") -> Replay:
    """Play a script of ``steps`` (YAML list items) with Ann (and Bob) on the base game and ``pack``."""
    names = [("Ann", "nadair"), ("Bob", "kuniban"), ("Cat", "formica")][:players]
    text = (
        "format: 3\n"
        f"packs: [base, {pack!r}]\n" + (f"variants: [{variants}]\n" if variants else "") + ""
        "players:\n" + "".join(f"  - {{name: {n}, tribe: {t}, side: sun}}\n" for n, t in names) + "setup:\n"
        "  seed: 5\n" + (textwrap.indent(textwrap.dedent(state), "  ") if state else "") + "steps:\n"
    ) + textwrap.indent(textwrap.dedent(steps), "  ")
    game = Replay(load_script_text(text))
    game.results = list(game.steps())  # type: ignore[attr-defined]
    return game


def part(game: Replay, who: str, pack: str) -> dict:
    state = game.game.to_dict()
    holder = state["board"] if who == "board" else next(p for p in state["players"] if p["name"] == who)
    return holder.get(Path(pack).name, {})


# Ann plays a card of her D set (seed 5) for one action; the stoker is the example pack's card.
PLAY = "- Ann play start_d_1 top_left\n"
STOKER = """
kind: citizen_card
components:
  - {id: stoker, name: Stoker, colour: grey, provenance: representative, top: "raise heat 3", bottom: "slot"}
"""


def stoker_state(pack: str, heat: int) -> str:
    return textwrap.dedent(f"""
        state:
          players:
            Ann:
              active: [stoker, start_d_1, start_d_6, start_d_2]
              {Path(pack).name}: {{heat: {heat}}}
        """)


def test_a_declared_counter_is_a_field_of_its_pack_on_every_player_or_the_table_from_the_setup(tmp_path):
    pack = make_pack(tmp_path)
    game = replay(pack, "[]\n")
    assert part(game, "Ann", pack) == {"heat": 0, "embers": 0}
    assert part(game, "Bob", pack) == {"heat": 0, "embers": 0}
    assert part(game, "board", pack) == {"ash": 0}


def test_raise_stops_at_the_top_of_a_track_and_says_so(tmp_path):
    pack = make_pack(tmp_path, citizen_cards=STOKER)
    game = replay(pack, "- Ann play stoker top_left\n", stoker_state(pack, 4))
    assert part(game, "Ann", pack)["heat"] == 5
    assert "Ann raises heat by 3: 4 -> 5 (its top is 5)" in game.results[-1].log


def test_lower_stops_at_the_bottom(tmp_path):
    card = STOKER.replace('"raise heat 3"', '"lower heat 3"')
    pack = make_pack(tmp_path, citizen_cards=card)
    game = replay(pack, "- Ann play stoker top_left\n", stoker_state(pack, 1))
    assert part(game, "Ann", pack)["heat"] == 0
    assert "Ann lowers heat by 3: 1 -> 0 (its bottom is 0)" in game.results[-1].log


def test_when_a_counter_reaches_a_value_from_below_its_clause_runs_once(tmp_path):
    pack = make_pack(tmp_path, "when heat reaches 5: raise embers 2 and set heat 0", citizen_cards=STOKER)
    game = replay(pack, "- Ann play stoker top_left\n", stoker_state(pack, 3))  # 3 + 3 passes over 5
    assert part(game, "Ann", pack) == {"heat": 0, "embers": 2}
    log = game.results[-1].log
    assert log.index("Ann raises heat by 3: 3 -> 5 (its top is 5)") < log.index("Ann's heat reaches 5")


def test_a_counter_already_at_the_value_does_not_reach_it_again(tmp_path):
    pack = make_pack(tmp_path, "when heat reaches 5: raise embers 2", citizen_cards=STOKER)
    game = replay(pack, "- Ann play stoker top_left\n", stoker_state(pack, 5))
    assert part(game, "Ann", pack) == {"heat": 5, "embers": 0}


def test_a_threshold_that_fires_itself_through_another_counter_stops_with_a_positioned_error(tmp_path):
    loop = """
        when heat reaches 4: set heat 3 and raise ash
        when ash reaches 1: set ash 0 and raise heat
    """
    card = STOKER.replace('"raise heat 3"', '"raise heat 4"')
    pack = make_pack(tmp_path, loop, citizen_cards=card)
    with pytest.raises(DslError) as err:
        replay(pack, "- Ann play stoker top_left\n", stoker_state(pack, 0))
    message = str(err.value)
    assert "rules.yaml:3:" in message and "fired 20 times inside itself" in message


def test_revive_check_refuses_a_threshold_whose_own_effect_fires_it_again(tmp_path):
    pack = make_pack(tmp_path, "when heat reaches 3: lower heat 2 and raise heat 2")
    with pytest.raises(DslError) as err:
        load_packs(["base", pack])
    assert "rules.yaml:3:" in str(err.value)
    assert "fires itself without end: its own effect takes heat below 3 and back up to it" in str(err.value)


def test_at_turn_end_runs_for_the_player_whose_turn_ends(tmp_path):
    pack = make_pack(tmp_path, "at turn end: raise heat")
    game = replay(pack, PLAY + "- Ann end\n")
    assert part(game, "Ann", pack)["heat"] == 1
    assert part(game, "Bob", pack)["heat"] == 0


def test_at_round_end_runs_once_when_the_turn_passes_back_to_the_first_seat(tmp_path):
    pack = make_pack(tmp_path, "at round end: raise ash")
    game = replay(pack, PLAY + "- Ann end\n- Bob play start_c_5 top_left\n", players=2)
    assert part(game, "board", pack)["ash"] == 0  # Ann's turn ended, the round did not
    game = replay(pack, PLAY + "- Ann end\n- Bob play start_c_5 top_left\n- Bob end\n")
    assert part(game, "board", pack)["ash"] == 1  # once, not once per player


def test_each_player_runs_for_every_player_in_seat_order_from_you(tmp_path):
    pack = make_pack(tmp_path, "at round end: each player: raise heat")
    game = replay(pack, PLAY + "- Ann end\n- Bob play start_c_5 top_left\n- Bob end\n")
    assert (part(game, "Ann", pack)["heat"], part(game, "Bob", pack)["heat"]) == (1, 1)
    log = game.results[-1].log
    assert log.index("Ann raises heat by 1: 0 -> 1") < log.index("Bob raises heat by 1: 0 -> 1")


def test_each_other_player_leaves_you_out(tmp_path):
    card = STOKER.replace('"raise heat 3"', '"each other player: raise heat 2"')
    pack = make_pack(tmp_path, citizen_cards=card)
    game = replay(pack, "- Ann play stoker top_left\n", stoker_state(pack, 0), players=3)
    assert [part(game, who, pack)["heat"] for who in ("Ann", "Bob", "Cat")] == [0, 2, 2]


def test_a_moment_asks_its_decisions_of_each_player(tmp_path):
    pack = make_pack(tmp_path, "at round end: each player: pay food -> raise heat 2")
    state = "state:\n  players:\n    Ann: {resources: {food: 1}}\n    Bob: {resources: {food: 1}}\n"
    game = replay(pack, PLAY + "- Ann end\n- Bob play start_c_5 top_left\n- Bob end (Ann pay) skip\n", state)
    assert (part(game, "Ann", pack)["heat"], part(game, "Bob", pack)["heat"]) == (2, 0)
    assert game.game.players[0].resources["food"] == 0 and game.game.players[1].resources["food"] == 3


def test_a_game_without_moments_ends_a_turn_asking_nothing():
    rules = Rules.load(("base",))
    from revive_dsl.engine.declared import has_moments

    assert not has_moments(rules)


def test_a_scoring_counter_and_a_scoring_line_are_lines_of_their_own_on_the_score_sheet(tmp_path):
    from revive_dsl.engine.interpret import Ctx
    from revive_dsl.engine.state import Game, Player
    from revive_dsl.rules.base.scoring import final_scores

    pack = make_pack(
        tmp_path,
        scoring_lines="""
        kind: scoring_line
        components:
          - {id: warm_forge, name: warm forge, provenance: representative, effect: "score 2/4 at 2/4 heat"}
        """,
    )
    rules = Rules.load(("base", pack))
    game = Game(packs=list(rules.packs), players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
    from revive_dsl.engine.declared import change
    from revive_dsl.engine.interpret import run_to_end

    ctx = Ctx(game, 0, rules)
    run_to_end(change(ctx, "heat", 3), [])
    run_to_end(change(ctx, "embers", 7), [])
    lines = {line.rule: line.points for line in final_scores(rules, game)[0].lines}
    assert lines["banked ember"] == 7
    assert lines["warm forge"] == 2


def test_a_declared_word_exists_only_for_packs_that_load_the_declaring_pack(tmp_path):
    pack = make_pack(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    (other / "pack.yaml").write_text('id: other\nname: Other\nversion: "1.0"\ndepends: [base]\n')
    load_packs(["base", pack])  # heat is a word now, in this process
    (other / "crates.yaml").write_text(
        "kind: crate\ncomponents:\n  - {id: hot_crate, provenance: representative, effect: 'raise heat'}\n"
    )
    with pytest.raises(DslError) as err:
        load_packs(["base", str(other)])
    name = Path(pack).name
    assert f"'heat' is a counter the pack '{name}' declares, which is not loaded with this text" in str(err.value)
    assert "crates.yaml:3:" in str(err.value)


BAD = {
    "a start outside the bounds": (
        "  - {id: heat, provenance: representative, holder: player, max: 5, start: 9}\n",
        "counters.yaml:3:",
        "heat: start 9 is outside its bounds 0..5; give a start from 0 to 5",
    ),
    "bounds that cross": (
        "  - {id: heat, provenance: representative, holder: player, min: 4, max: 2}\n",
        "counters.yaml:3:",
        "heat: max 2 is below min 4",
    ),
    "a word the language has": (
        "  - {id: crates, provenance: representative, holder: player}\n",
        "counters.yaml:3:",
        "'crates' is already a counter of the base game; a declared counter needs a word of its own",
    ),
    "a table counter that scores": (
        "  - {id: ash, provenance: representative, holder: table, scores: true}\n",
        "counters.yaml:3:",
        "ash: a counter of the table cannot score",
    ),
    "an unknown holder": (
        "  - {id: heat, provenance: representative, holder: tabel}\n",
        "counters.yaml:3:",
        "holder",
    ),
}


@pytest.mark.parametrize("item, where, message", BAD.values(), ids=list(BAD))
def test_a_bad_declaration_gets_a_positioned_message_saying_what_would_be_right(tmp_path, item, where, message):
    pack = make_pack(tmp_path, counters="kind: counter\ncomponents:\n" + item)
    with pytest.raises(DslError) as err:
        load_packs(["base", pack])
    text = str(err.value)
    assert where in text and message in text, text


def test_a_threshold_the_counter_can_never_reach_is_refused(tmp_path):
    pack = make_pack(tmp_path, "when heat reaches 6: raise embers")
    with pytest.raises(DslError) as err:
        load_packs(["base", pack])
    assert "heat never reaches 6 from below: it goes from 0 to 5; give a value from 1 to 5" in str(err.value)


def test_a_moment_the_game_does_not_have_gets_a_did_you_mean(tmp_path):
    pack = make_pack(tmp_path, "at rund end: raise ash")
    with pytest.raises(DslError) as err:
        load_packs(["base", pack])
    assert "'at rund end' names no moment of the game" in str(err.value) and "did you mean 'round'?" in str(err.value)


def test_a_start_state_outside_a_counters_bounds_is_refused_at_its_value(tmp_path):
    pack = make_pack(tmp_path)
    state = f"state:\n  players:\n    Ann:\n      {Path(pack).name}: {{heat: 9}}\n"
    with pytest.raises(DslError) as err:
        replay(pack, "[]\n", state)
    assert "9" in str(err.value) and "heat" in str(err.value)


@pytest.mark.parametrize("packs", [("base",), ("base", "abyss")], ids=["base", "base+abyss"])
def test_random_games_with_the_data_only_example_finish_with_every_invariant(packs):
    rules = Rules.load((*packs, str(EMBERFALL)))
    tribes = ["ember_forgers", "nadair", "kuniban", "formica", "hofstadterians"]
    reached, forgers = 0, set()
    for seed in range(6):
        players = [(f"P{i}", tribes[(seed + i) % 5], "sun") for i in range(2 + seed % 3)]
        players = [
            (name, tribe, "moon" if tribe == "ember_forgers" and seed % 3 == 2 else side)
            for name, tribe, side in players
        ]
        forgers |= {side for _, tribe, side in players if tribe == "ember_forgers"}
        record = play_random_game(rules, players, seed)  # invariants are checked after every move
        assert record.finished
        state = record.final.to_dict()
        assert all("emberfall" in p for p in state["players"]) and state["board"]["emberfall"]["ash"] > 0
        reached += sum(p["emberfall"]["embers"] for p in state["players"])
        sheets = state["turn"]["final_scores"]
        assert all({"banked ember", "warm forge"} <= {line["rule"] for line in s["lines"]} for s in sheets)
    assert reached > 0  # the forge boiled over in some game
    assert forgers == {"sun", "moon"}  # the pack's own tribe played, on both sides


def test_the_state_reference_of_a_game_lists_its_packs_counters_with_their_bounds_and_meaning(tmp_path):
    from revive_dsl.engine.declared import state_packages
    from revive_dsl.engine.state_schema import reference

    pack = make_pack(tmp_path)
    name = Path(pack).name
    text = reference(state_packages(Rules.load(("base", pack))))
    assert f"The pack {name}'s part of the player: `<name>.{name}.<field>`." in text
    assert "| `heat` | 0-5 |" in text and "| `ash` | 0-10 |" in text
    assert f"The pack {name}'s part of the board" in text


# --- words for the other players: choose player, choose other player, other_ability -------------------------------

GIFT = """
kind: citizen_card
components:
  - {id: gift, name: Gift, colour: grey, provenance: representative, top: "choose other player: gain 2 food",
     bottom: "choose player: pay food -> points 3"}
  - {id: mimic, name: Mimic, colour: grey, provenance: representative, top: "other_ability", bottom: "slot"}
"""


def gift_state(pack: str, card: str = "gift") -> str:
    return textwrap.dedent(f"""
        state:
          players:
            Ann:
              active: [{card}, start_d_1, start_d_6, start_d_2]
        """)


def test_choose_other_player_asks_you_whom_and_they_do_it(tmp_path):
    pack = make_pack(tmp_path, citizen_cards=GIFT)
    game = replay(pack, "- Ann play gift top_left Cat\n", gift_state(pack), players=3)
    assert [p.resources["food"] for p in game.game.players] == [0, 0, 2]
    asked = game.results[-1].decisions
    assert ("who will gain 2 food?", "Cat") in asked
    assert "Ann chooses Cat" in game.results[-1].log


def test_choose_player_offers_only_players_for_whom_it_can_do_something(tmp_path):
    pack = make_pack(tmp_path, citizen_cards=GIFT)
    state = gift_state(pack) + "    Bob: {resources: {food: 1}}\n"
    game = Replay(
        load_script_text(
            "format: 3\n"
            f"packs: [base, {pack!r}]\n"
            "players:\n  - {name: Ann, tribe: nadair, side: sun}\n  - {name: Bob, tribe: kuniban, side: sun}\n"
            "setup:\n  seed: 5\n" + textwrap.indent(state, "  ") + "steps: []\n"
        )
    )
    game.runner.answer("play")
    game.runner.answer("gift")
    decision = game.runner.decision()
    game.runner.answer("top_left" if "top_left" in decision.legal_keys() else decision.legal_keys()[0])
    while game.runner.decision().rule != "choose a player":  # the half: bottom (pay food -> points 3)
        decision = game.runner.decision()
        game.runner.answer("bottom" if "bottom" in decision.legal_keys() else decision.legal_keys()[0])
    assert game.runner.decision().legal_keys() == ["Bob"]  # Ann has no food to pay


def test_other_ability_carries_out_another_players_tribe_ability_as_yours_without_a_progress_marker(tmp_path):
    pack = make_pack(tmp_path, citizen_cards=GIFT)
    state = textwrap.dedent("""
        state:
          players:
            Bob:
              active: [mimic, start_c_4, start_c_6, start_c_5]
        """)
    game = replay(pack, PLAY + "- Ann end\n- Bob play mimic top_left Ann\n", state)
    bob = game.game.players[1]
    assert bob.resources["book"] == 2  # the Nadair's sun ability: gain 2 book
    assert bob.tribe_markers == 5 and bob.progress == 0  # not Bob's own tribe ability: no marker moves
    assert ("carry out whose tribe ability?", "Ann") in game.results[-1].decisions
    assert "Bob carries out Ann's tribe ability as if it were theirs" in game.results[-1].log


def test_must_is_not_offered_to_decline_but_its_choices_are_asked(tmp_path):
    pack = make_pack(tmp_path, "when heat reaches 5: must return_card active and set heat 0", citizen_cards=STOKER)
    game = replay(pack, "- Ann play stoker top_left start_d_6\n", stoker_state(pack, 2))
    asked = [prompt for prompt, _ in game.results[-1].decisions]
    assert not any(prompt.startswith("use:") for prompt in asked)  # no use/skip: a penalty, not an offer
    assert ("return which unplayed card to the box?", "start_d_6") in game.results[-1].decisions
    assert "start_d_6" in game.game.supply.removed and part(game, "Ann", pack)["heat"] == 0


def test_without_must_the_same_effect_is_offered(tmp_path):
    pack = make_pack(tmp_path, "when heat reaches 5: return_card active and set heat 0", citizen_cards=STOKER)
    game = replay(pack, "- Ann play stoker top_left skip\n", stoker_state(pack, 2))
    assert part(game, "Ann", pack)["heat"] == 5  # declined: nothing of it happens


def test_a_game_with_a_packs_counters_crosses_processes_whole():
    import pickle

    rules = Rules.load(("base", str(EMBERFALL)))
    record = play_random_game(rules, [("Ann", "nadair", "sun"), ("Bob", "kuniban", "sun")], 1)
    again = pickle.loads(pickle.dumps(record.final))  # as revive simulate --jobs sends it back
    assert again == record.final and again.to_json() == record.final.to_json()


def test_loops_nest_at_most_two_deep_so_that_a_text_always_ends_soon():
    from revive_dsl.dsl.checker import check
    from revive_dsl.dsl.parser import parse

    assert check(parse("each player: each other player: gain book")) == []
    [problem] = check(parse("each player: each figures: up to 2 times: gain book"))
    assert problem.message.startswith("a loop inside 2 others")
    assert (problem.pos.line, problem.pos.column) == (1, 28)  # at the third loop


# --- Emberfall's own content: its tribe, its large location and its scoring lines ------------------------------------


def emberfall(players: str, state: str, steps: str) -> Replay:
    """Play a script on the base game and Emberfall, seed 5 (its starting sets fixed: Ann D, Bob C)."""
    text = (
        f"format: 3\npacks: [base, {str(EMBERFALL)!r}]\nplayers:\n{textwrap.indent(textwrap.dedent(players), '  ')}"
        "setup:\n  seed: 5\n  outcomes: {starting_sets: [D, C]}\n"
        f"{textwrap.indent(textwrap.dedent(state), '  ')}steps:\n{textwrap.indent(textwrap.dedent(steps), '  ')}"
    )
    game = Replay(load_script_text(text))
    game.results = list(game.steps())  # type: ignore[attr-defined]
    return game


@pytest.mark.parametrize("side, points", [(0, 6), (1, 3)], ids=["forge row", "great forge"])
def test_the_ember_large_location_scores_the_shape_of_its_populators_buildings(side, points):
    from revive_dsl.engine.setup import new_game
    from revive_dsl.rules.base.scoring import final_scores

    rules = Rules.load(("base", str(EMBERFALL)))
    game = new_game(rules, [("Ann", "ember_forgers", "sun"), ("Bob", "nadair", "sun")], seed=5)
    # sand by the chasm (seed 5): a row 1,-2 / 2,-2 / 3,-2 (2 pairs) and, apart from it, 1,0 / 0,1 (1 pair)
    for space in ("1,-2", "2,-2", "3,-2", "1,0", "0,1"):
        game.board.buildings[space] = {"player": 0, "size": "small"}
    game.board.buildings["-1,-1"] = {"player": 1, "size": "small"}  # Bob's: not Ann's shape
    game.board.large_locations["corner_nw"] = {"tile": "ember_largeloc", "side": side}
    game.board.figures["corner_nw"] = [0]
    lines = {line.rule: line.points for line in final_scores(rules, game)[0].lines}
    name = ["Forge row", "Great forge"][side]
    assert lines[f"large location: {name}"] == points  # 2 per pair (3 pairs), or the largest group (3)
    assert lines["forge rings"] == 0  # no three of them all touch
    assert lines["forges by the mountains"] == 3  # 2,-2 and 3,-2 by 3,-3, 0,1 by -1,2
    bob = {line.rule: line.points for line in final_scores(rules, game)[1].lines}
    assert f"large location: {name}" not in bob and bob["forges by the mountains"] == 0


def test_the_forgers_moon_side_stokes_another_players_forge_and_scores_its_own_boil_over():
    game = emberfall(
        """
        - {name: Ann, tribe: ember_forgers, side: moon}
        - {name: Bob, tribe: nadair, side: sun}
        """,
        """
        state:
          players:
            Ann:
              active: [ember_cit_stoker, start_d_4, start_d_1, start_d_2]
              resting: [start_d_3, start_d_5, start_d_6]
              emberfall: {heat: 3}
        """,
        """
        - Ann play start_d_4 top_left Bob
        - Ann play ember_cit_stoker top_right start_d_1
        """,
    )
    ann, bob = game.game.to_dict()["players"]
    assert bob["emberfall"]["heat"] == 2 and ann["resources"]["food"] == 2  # the ability: 2 food, Bob's forge +2
    assert ("who will raise their heat by 2?", "Bob") in game.results[0].decisions
    assert ann["points"] == 2 and ann["emberfall"] == {"heat": 0, "embers": 2}  # the boil-over scores 2 (moon)
    log = game.results[1].log
    assert log.index("Ann's heat reaches 5 (Forgers)") < log.index("Ann's heat reaches 5 (The forge boils over)")


def test_the_forgers_sun_side_stokes_the_forge_at_every_build_and_gives_a_crystal_to_a_hot_forge_at_a_rounds_end():
    game = emberfall(
        """
        - {name: Ann, tribe: ember_forgers, side: sun}
        - {name: Bob, tribe: nadair, side: sun}
        """,
        """
        state:
          players:
            Ann: {resources: {gear: 3, food: 1}}
        """,
        """
        - Ann build 1,-2 small
        - Ann end
        - Bob play start_c_5 top_left
        - Bob end
        """,
    )
    log = game.results[0].log  # the table's forge work, then the sun side's rule
    assert log.index("Ann raises heat by 1: 0 -> 1") < log.index("Ann raises heat by 1: 1 -> 2")
    ann = game.game.to_dict()["players"][0]
    assert ann["emberfall"]["heat"] == 2  # below 3: no cooling at the round's end
    assert ann["resources"]["crystal"] == 2  # 1 from the setup, 1 at the round's end (heat 2 or more)


def test_a_technology_may_hold_a_moment_and_a_threshold(tmp_path):
    technology = """
    kind: technology
    components:
      - {id: forge_tech, provenance: representative, effect: "at round end: raise heat; when heat reaches 3: gain book"}
    """
    pack = make_pack(tmp_path, technologies=technology)
    content = load_packs(["base", pack])
    clauses = content.components["forge_tech"].effects["effect"].clauses
    assert [type(c).__name__ for c in clauses] == ["AtEnd", "Reaches"]


def test_an_unknown_counter_is_told_with_the_counters_its_own_packs_declare(tmp_path):
    from revive_dsl.dsl.checker import check
    from revive_dsl.dsl.parser import parse

    Rules.load(("base", "abyss"))  # devotion is declared in this process too, by another pack
    pack = make_pack(tmp_path)
    load_packs(["base", pack])
    [problem] = check(parse("raise haet"), packages=["base", Path(pack).name])
    assert "(declared counters: heat, embers, ash)" in problem.message and "did you mean 'heat'?" in problem.message


def test_the_account_says_which_rule_acts_at_a_turns_and_a_rounds_end(tmp_path):
    pack = make_pack(tmp_path, "at turn end: raise heat\nat round end: raise ash")
    game = replay(pack, PLAY + "- Ann end\n- Bob play start_c_5 top_left\n- Bob end\n")
    name = Path(pack).name
    log = game.results[-1].log
    assert log[:3] == [
        f"Bob's turn ends: {name}_rule0",
        "Bob raises heat by 1: 0 -> 1",
        f"the round ends: {name}_rule1",
    ]
    assert log[3] == "Ann raises the table's ash by 1: 0 -> 1"  # the table's rule, for the player whose turn it is


# --- a variant's rules -------------------------------------------------------------------------------------------


def test_a_rule_with_a_variant_is_played_only_in_games_with_that_variant(tmp_path):
    rules = "kind: game_rule\ncomponents:\n  - {id: warm_start, provenance: representative, variant: warm_forges,"
    rules += " effect: 'at turn end: raise heat'}\n"
    pack = make_pack(tmp_path, variant_rules=rules)
    steps = PLAY + "- Ann end\n"
    with_it = replay(pack, steps, variants="warm_forges")
    assert part(with_it, "Ann", pack)["heat"] == 1
    assert part(replay(pack, steps), "Ann", pack)["heat"] == 0


def test_a_variant_a_packs_rule_names_is_known_only_with_that_pack(tmp_path):
    rules = "kind: game_rule\ncomponents:\n  - {id: warm_start, provenance: representative, variant: warm_forges,"
    rules += " effect: 'at turn end: raise heat'}\n"
    pack = make_pack(tmp_path, variant_rules=rules)
    assert "warm_forges" in known_variants(Rules(load_packs(["base", pack]), ("base", Path(pack).name)))
    assert "warm_forges" not in known_variants(Rules.load(("base",)))
