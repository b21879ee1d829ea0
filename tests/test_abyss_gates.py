"""The gates tribe (004, ``abyss_tribe_gates``): gate tiles, their range rules, flipping, technologies."""

from __future__ import annotations

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.interpret import Ctx, decisions_asked, run, run_text
from revive_dsl.engine.invariants import violations
from revive_dsl.engine.range import distance, range_cost
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.abyss.gates import footprints, gate_options, gates, is_closed
from revive_dsl.rules.base.board_actions import build_options
from revive_dsl.rules.base.hibernate import hibernate_steps
from revive_dsl.rules.base.machines import usable_machines
from revive_dsl.rules.base.tribes import place_options

load_all()
ABYSS = Rules.load(("base", "abyss"))
GATES = "abyss_tribe_gates"


def _game(**fields) -> Game:
    """s1: start_tile_1 (1,0 sand, 1,1 forest, 2,-1 city, 3,-3 mountain, 3,-2 sand); a02 an explored area tile."""
    ost = Player(seat=0, name="Ost", tribe=GATES, side="single", tokens_left={"gate": 5}, **fields)
    game = Game(players=[ost, Player(seat=1, name="Bo", tribe="formica", side="sun")], packs=["base", "abyss"])
    game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    game.board.tiles["a02"] = {"tile": "area_tile_01", "orientation": 0, "explored": True}  # 2,0 sand 2,1 forest
    return game


def _gate(game: Game, spaces: tuple[str, ...], closed: bool, seat: int = 0, number: int = 0) -> None:
    for space in spaces:
        game.board.tokens[space] = {"player": seat, "token": "gate", "gate": number, "closed": closed}


def test_the_gates_tribe_starts_with_five_gate_tiles():
    game = new_game(ABYSS, [("Ost", GATES, "single"), ("Bo", "formica", "sun")], seed=1)
    assert game.players[0].tokens_left == {"gate": 5}


def test_gate_ability_pays_a_crystal_and_places_a_gate_open_or_closed():
    game = _game()
    game.players[0].resources["crystal"] = 1
    ctx = Ctx(game, 0, ABYSS)
    run_text(ctx, "pay crystal -> place gate", ["pay", "1,0+1,1", "closed"])
    assert gates(game.board) == {"0:0": ["1,0", "1,1"]} and is_closed(game.board, "0:0")
    assert game.players[0].resources["crystal"] == 0 and game.players[0].tokens_left["gate"] == 4


def test_gate_tribe_ability_moves_a_progress_marker_when_carried_out():
    game = _game()
    game.players[0].resources["crystal"] = 1
    markers = game.players[0].tribe_markers
    asked = decisions_asked(_ability(game), ["pay", "1,0+1,1", "open", *["0"] * 5])
    assert asked[0].rule == "pay" and asked[0].legal_keys() == ["use", "skip"]
    assert "1,0+1,1" in asked[1].legal_keys() and asked[2].legal_keys() == ["open", "closed"]
    assert game.players[0].tribe_markers == markers - 1 and gates(game.board)


def _ability(game: Game):
    ctx = Ctx(game, 0, ABYSS)
    yield from run(parse("ability").clauses[0].body, ctx)


def test_gate_ability_without_a_crystal_is_not_carried_out_and_moves_no_marker():
    game = _game()
    markers = game.players[0].tribe_markers
    run_text(Ctx(game, 0, ABYSS), "ability")
    assert game.players[0].tribe_markers == markers and not gates(game.board)


def test_a_gate_covers_two_adjacent_vacant_sand_or_terrain_spaces():
    game = _game()
    pairs = footprints(Ctx(game, 0, ABYSS))
    # the city 2,-1 is no sand or terrain space; every pair is two neighbours
    assert ("1,0", "1,1") in pairs and ("3,-3", "3,-2") in pairs
    assert not [p for p in pairs if "2,-1" in p]
    game.board.buildings["1,0"] = {"player": 1, "size": "small"}
    assert ("1,0", "1,1") not in footprints(Ctx(game, 0, ABYSS))


def test_placing_a_gate_advances_the_machine_track_of_each_terrain_space_covered():
    game = _game()
    game.players[0].resources["crystal"] = 1  # what the tribe ability would pay: placing is offered
    before = dict(game.players[0].tracks)
    run_text(Ctx(game, 0, ABYSS), "place gate", ["use", "1,0+1,1", "open"])  # sand + forest
    assert game.players[0].resources["crystal"] == 1  # placing alone pays no crystal
    assert game.players[0].tracks["green"] == before["green"] + 1
    assert game.players[0].tracks["grey"] == before["grey"]


def test_range_can_be_counted_to_any_space_the_gate_covers():
    game = _game()
    game.board.buildings["3,-2"] = {"player": 0, "size": "small"}
    game.players[0].resources["food"] = 6
    options = gate_options(Ctx(game, 0, ABYSS))
    # from 3,-2, 2,0 lies beyond 3,-1 (1 space passed), 1,0 beyond 2,-1 (1 space): the nearer counts
    assert options["1,0+2,0"] == {"food": 1}
    assert options["2,0+2,1"] == {"food": 1}  # 2,1 alone would be 2 spaces away
    assert range_cost(Ctx(game, 0, ABYSS), ["2,1"]) == 2
    assert place_options(Ctx(game, 0, ABYSS), "gate") == options


def test_an_open_gate_counts_as_one_large_space_for_everyones_range():
    game = _game()
    _gate(game, ("2,0", "2,1"), closed=False)
    game.board.buildings = {"1,0": {"player": 1, "size": "small"}}  # another player's piece
    # 1,0 -> 2,0 -> 2,1 -> 3,1: two gate spaces passed, one large space: 1 (by 1,1 and 2,1 it is 2)
    assert distance(Ctx(game, 1, ABYSS), ["3,1"]) == 1


def test_nobody_counts_range_through_a_closed_gate_not_even_its_owner():
    game = _game()
    _gate(game, ("2,0", "2,1"), closed=True)
    game.board.buildings = {"1,0": {"player": 0, "size": "small"}, "1,1": {"player": 1, "size": "small"}}
    for seat in (0, 1):
        # 3,0 beyond the gate: the way round (2,-1, 3,-1) passes 2 spaces instead of the gate's 1
        assert distance(Ctx(game, seat, ABYSS), ["3,0"]) == (2 if seat == 0 else 3)
    _gate(game, ("2,0", "2,1"), closed=False)
    assert distance(Ctx(game, 0, ABYSS), ["3,0"]) == 1


def test_range_from_your_closed_gates_technology():
    game = _game(technologies=["abyss_gates_closed_gate_origin"])
    game.board.buildings["3,-3"] = {"player": 0, "size": "small"}
    _gate(game, ("2,0", "2,1"), closed=True)
    assert distance(Ctx(game, 0, ABYSS), ["3,1"]) == 0  # counted from the gate, next to 2,1
    _gate(game, ("2,0", "2,1"), closed=False)  # an open gate is no origin
    assert distance(Ctx(game, 0, ABYSS), ["3,1"]) > 0
    other = _game()  # without the technology the closed gate is no origin
    other.board.buildings["3,-3"] = {"player": 0, "size": "small"}
    _gate(other, ("2,0", "2,1"), closed=True)
    assert distance(Ctx(other, 0, ABYSS), ["3,1"]) != 0


def test_range_through_lakes_technology_is_the_gates_tribes():
    tech = next(
        t for t in ABYSS.data(GATES)["sides"]["single"]["technologies"] if t["id"] == "abyss_gates_lake_crossing"
    )
    assert tech["effect"] == "always: range_through_lakes"  # tested in tests/test_abyss_lakes.py


def test_nothing_is_built_on_a_space_a_gate_covers():
    game = _game()
    game.players[0].resources.update(gear=6, food=6)
    assert "1,0" in build_options(Ctx(game, 0, ABYSS))
    _gate(game, ("1,0", "1,1"), closed=False)
    assert "1,0" not in build_options(Ctx(game, 0, ABYSS))


def test_special_machine_flips_one_of_your_gates():
    game = _game(energy=1)
    ctx = Ctx(game, 0, ABYSS)
    assert GATES not in [spot for spot, _ in usable_machines(ctx)]  # no gate yet: nothing to flip
    _gate(game, ("1,0", "1,1"), closed=False)
    _gate(game, ("3,-3", "3,-2"), closed=False, number=1)
    assert GATES in [spot for spot, _ in usable_machines(ctx)]
    run_text(ctx, "flip_gate", ["0:1"])
    assert (is_closed(game.board, "0:0"), is_closed(game.board, "0:1")) == (False, True)


def test_every_hibernation_of_the_gates_player_flips_all_gates_on_the_board():
    game = _game()
    _gate(game, ("1,0", "1,1"), closed=False)
    _gate(game, ("3,-3", "3,-2"), closed=True, number=1)
    list(_hibernate(game, 0))
    assert (is_closed(game.board, "0:0"), is_closed(game.board, "0:1")) == (True, False)


def test_another_players_hibernation_flips_no_gate():
    game = _game()
    _gate(game, ("1,0", "1,1"), closed=False)
    list(_hibernate(game, 1))
    assert not is_closed(game.board, "0:0")


def _hibernate(game: Game, seat: int):
    """Hibernate with the first answer to every decision (yields nothing: answers inline)."""
    effect = hibernate_steps(Ctx(game, seat, ABYSS))
    try:
        decision = next(effect)
        while True:
            decision = effect.send(decision.choose(decision.legal_keys()[0]))
    except StopIteration:
        return
    yield


def test_hibernation_technology_first_rests_two_played_cards_which_come_back_active():
    from revive_dsl.engine.state import Played

    game = _game(technologies=["abyss_gates_resting_before_sleep"])
    player = game.players[0]
    player.slots = {"top_left": [Played("cit_smith", "top")], "bottom_left": [Played("cit_farmer", "bottom")]}
    list(_hibernate(game, 0))
    assert sorted(player.active) == ["cit_farmer", "cit_smith"] and not player.resting


def _gate_violations(game: Game) -> list[str]:
    placed = gates(game.board)
    out = [f"gate {key} covers {spaces}" for key, spaces in placed.items() if len(spaces) != 2]
    for key, spaces in placed.items():
        if len({game.board.tokens[s]["closed"] for s in spaces}) != 1:
            out.append(f"gate {key} shows both sides")
    left = game.players[0].tokens_left["gate"]
    if len(placed) + left != 5:
        out.append(f"{len(placed)} gates placed + {left} left != 5")
    return out


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [71, 72])
def test_random_games_with_the_gates_tribe_keep_the_invariants(seats, seed):
    """Whole random games; the engine's invariants and the gates' own after every move."""
    others = [("nadair", "sun"), ("formica", "moon"), ("kuniban", "sun")]
    players = [("Ost", GATES, "single"), *[(f"P{i + 2}", *others[i]) for i in range(seats - 1)]]
    runner = Runner(new_game(ABYSS, players, seed=seed), ABYSS)
    driver = RandomDriver(seed)
    while (decision := runner.decision()) is not None:
        runner.answer(driver.answer(decision))
        if runner.between_moves:
            assert not violations(runner.game, whole=True) + _gate_violations(runner.game)
    assert runner.game.turn.final_scores is not None


def test_random_games_place_gates():
    """Across a few games the gates player places gates (the random player finds the ability)."""
    placed = 0
    for seed in range(102, 108):  # seeds whose games place gates (4 of these 6)
        players = [("Ost", GATES, "single"), ("Bo", "nadair", "sun")]
        placed += len(gates(play_random_game(ABYSS, players, seed=seed).final.board))
    assert placed > 0
