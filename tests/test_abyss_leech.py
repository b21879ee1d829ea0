"""The Cordycephians, the leech tribe (004): one test per rule, then random games with the tribe."""

from __future__ import annotations

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.game import Runner, end_turn
from revive_dsl.engine.interpret import Ctx, decisions_asked, run, run_to_end
from revive_dsl.engine.invariants import violations
from revive_dsl.engine.range import _blocked, range_bonus, range_cost, spaces_between
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.engine.triggers import fire
from revive_dsl.rules.abyss.leech import MARKER, copyable_halves, leechable
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base import board_actions as actions
from revive_dsl.rules.base.counters import module_ids
from revive_dsl.rules.base.lasting import lasting_range

ABYSS = Rules.load(("base", "abyss"))
LEECH = ("Lee", "abyss_tribe_leech", "single")
TOLL = "abyss_leech_range_toll"
load_all()


def _game(*others: tuple[str, str, str], toll: bool = True):
    game = new_game(ABYSS, [LEECH, *(others or [("Bo", "nadair", "sun")])], seed=3)
    if toll:
        game.players[0].technologies.append(TOLL)
    return game


def _call(text: str):
    return parse(text).clauses[0].body


def _line(game):
    """(start, middle, target): explored spaces where the only path passing one space from start to the vacant
    sand space target goes through middle (any other path passes at least two)."""
    ctx = Ctx(game, 1, ABYSS)
    sand = geo.sand_spaces(ABYSS, game.board)
    for target in sand:
        for start, d in sorted(spaces_between(ctx, [target]).items()):
            if d != 1 or start in sand or start == geo.geometry(ABYSS).chasm or _blocked(ctx, start):
                continue
            for middle in geo.neighbours(ABYSS, start):
                if middle in sand or _blocked(ctx, middle):
                    continue
                if spaces_between(ctx, [start], frozenset([middle])).get(target, 9) >= 2:
                    return start, middle, target
    raise AssertionError("no such line")


def _bo_builds_past_lee(game, gears: int = 3, food: int = 0):
    """Bo's building at the start of a line, Lee's figure in the middle, Bo ready to build at its end."""
    start, middle, target = _line(game)
    game.board.buildings[start] = {"player": 1, "size": "small"}
    game.players[1].buildings_left["small"] -= 1
    game.board.figures[middle] = [0]
    game.players[1].resources.update(gear=gears, food=food, crystal=0)
    return start, middle, target


# --- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 4])
def test_setup_eight_markers_one_given_to_each_other_player(count):
    others = [("Bo", "nadair", "sun"), ("Cy", "formica", "sun"), ("Di", "kuniban", "moon")][: count - 1]
    game = new_game(ABYSS, [LEECH, *others], seed=1)
    assert game.players[0].tokens_left[MARKER] == 8 - (count - 1)
    assert [abyss(p).leech_markers for p in game.players[1:]] == [1] * (count - 1)
    assert violations(game) == []


def test_not_playable_in_solo_games():
    with pytest.raises(ValueError, match=r"Cordycephians .* cannot be played in a solo game"):
        new_game(ABYSS, [LEECH], seed=1)


# --- building on the same spaces -------------------------------------------------------------


def test_build_shared_on_another_players_space_gives_them_a_marker():
    game = _game()
    space = geo.sand_spaces(ABYSS, game.board)[0]
    game.board.buildings[space] = {"player": 1, "size": "small"}
    game.players[1].buildings_left["small"] -= 1
    game.players[0].resources.update(gear=5, food=6)
    ctx = Ctx(game, 0, ABYSS)
    assert space in actions.build_options(ctx)
    run_to_end(actions.build(ctx), [space, "small"])
    assert abyss(game.board).shared[space] == {"player": 0, "size": "small"}
    assert game.board.buildings[space]["player"] == 1
    assert (abyss(game.players[1]).leech_markers, game.players[0].tokens_left[MARKER]) == (2, 6)
    assert violations(game) == []


def test_other_players_cannot_build_on_the_leech_players_space():
    game = _game()
    space = geo.sand_spaces(ABYSS, game.board)[0]
    game.board.buildings[space] = {"player": 0, "size": "small"}
    game.players[1].resources.update(gear=6, food=6)
    assert space not in actions.build_options(Ctx(game, 1, ABYSS))


def test_populate_on_an_occupied_location_gives_each_other_player_there_a_marker():
    game = _game(("Bo", "nadair", "sun"), ("Cy", "formica", "sun"))
    location = geo.locations(ABYSS, game.board)[0]
    game.board.figures[location] = [1, 2]
    run_to_end(fire(Ctx(game, 0, ABYSS), "populate", location=location), [])
    assert [abyss(p).leech_markers for p in game.players[1:]] == [2, 2]


def test_no_marker_when_someone_populates_where_the_leech_player_is():
    game = _game()
    location = geo.locations(ABYSS, game.board)[0]
    game.board.figures[location] = [0]
    run_to_end(fire(Ctx(game, 1, ABYSS), "populate", location=location), [])
    assert abyss(game.players[1]).leech_markers == 1


def test_out_of_markers_the_leech_player_may_take_one_back_to_give():
    game = _game(("Bo", "nadair", "sun"), ("Cy", "formica", "sun"))
    game.players[0].tokens_left[MARKER], abyss(game.players[1]).leech_markers, abyss(game.players[2]).leech_markers = (
        0,
        7,
        1,
    )
    asked = decisions_asked(run(_call("give_leech"), Ctx(game, 0, ABYSS, event={"player": 2})), ["Bo"])
    assert asked[0].legal_keys() == ["Bo", "none"]
    assert [abyss(p).leech_markers for p in game.players[1:]] == [6, 2]


# --- the range toll (base technology) --------------------------------------------------------


def test_range_through_a_leech_figure_gives_a_marker_and_a_point():
    game = _game()
    _, _, target = _bo_builds_past_lee(game, food=1)  # around would cost 2 food: not affordable, no question
    before = game.players[0].points
    run_to_end(actions.build(Ctx(game, 1, ABYSS)), [target, "small"])
    assert (abyss(game.players[1]).leech_markers, game.players[0].points - before) == (2, 1)
    assert game.players[1].resources["food"] == 0


def test_mover_may_count_range_around_on_a_longer_path():
    game = _game()
    _, _, target = _bo_builds_past_lee(game, food=6)
    asked = decisions_asked(actions.build(Ctx(game, 1, ABYSS)), [target, "small", "around"])
    path = asked[-1]
    assert path.rule == "range path" and path.legal_keys() == ["through", "around"]
    assert abyss(game.players[1]).leech_markers == 1 and game.players[1].resources["food"] == 6 - 2


def test_mover_choosing_the_cheapest_path_through_pays_less_and_gives_the_toll():
    game = _game()
    _, _, target = _bo_builds_past_lee(game, food=6)
    run_to_end(actions.build(Ctx(game, 1, ABYSS)), [target, "small", "through"])
    assert abyss(game.players[1]).leech_markers == 2 and game.players[1].resources["food"] == 6 - 1


def test_no_toll_when_a_path_of_the_same_cost_avoids_the_leech_pieces():
    game = _game()
    _, _, target = _bo_builds_past_lee(game, food=6)
    game.turn.range_bonus = 2  # both paths cost no food
    asked = decisions_asked(actions.build(Ctx(game, 1, ABYSS)), [target, "small"])
    assert [d.rule for d in asked] == ["build", "build"]
    assert abyss(game.players[1]).leech_markers == 1


def test_no_toll_counting_range_from_a_space_shared_with_the_leech_player():
    game = _game()
    _, middle, target = _bo_builds_past_lee(game, food=6)
    game.board.figures[middle] = [0, 1]  # Bo counts from the middle, which Lee shares
    asked = decisions_asked(actions.build(Ctx(game, 1, ABYSS)), [target, "small"])
    assert [d.rule for d in asked] == ["build", "build"] and abyss(game.players[1]).leech_markers == 1


def test_no_toll_before_the_base_technology_is_unlocked():
    game = _game(toll=False)
    _, _, target = _bo_builds_past_lee(game, food=6)
    run_to_end(actions.build(Ctx(game, 1, ABYSS)), [target, "small"])
    assert abyss(game.players[1]).leech_markers == 1 and game.players[1].resources["food"] == 5


# --- leeching technologies and range origins -------------------------------------------------


def test_leech_tech_uses_an_always_technology_until_the_end_of_the_turn():
    game = _game(("Hal", "hofstadterians", "sun"))
    game.players[1].technologies += ["t1", "t2c"]  # t2c: always: range 1
    ctx = Ctx(game, 0, ABYSS)
    assert set(leechable(ctx)) == {"Hal: t2c"}  # t1 is an anytime trade Lee cannot pay for
    run_to_end(run(_call("leech_tech"), ctx), ["Hal: t2c"])
    assert lasting_range(ABYSS, game.players[0]) == 1 and abyss(game.players[1]).leech_markers == 0
    end_turn(game)
    assert lasting_range(ABYSS, game.players[0]) == 0


def test_leech_tech_lends_a_night_range_technology_as_the_owners_tile_shows():
    """004: "temporarily use one of the unlocked technologies": Ostarius's "NIGHT: +1 range for all actions"
    gives the leech player +1 range while the Ostarius tile shows night."""
    game = _game(("Ost", "abyss_tribe_circadian", "single"))
    game.players[1].technologies.append("abyss_circadian_day_energy_night_range")
    abyss(game.players[1]).circadian = "night"
    ctx = Ctx(game, 0, ABYSS)
    run_to_end(run(_call("leech_tech"), ctx), ["Ost: abyss_circadian_day_energy_night_range"])
    assert range_bonus(ctx) == 1
    abyss(game.players[1]).circadian = "day"
    assert range_bonus(ctx) == 0  # the owner's tile decides
    abyss(game.players[1]).circadian = "night"
    end_turn(game)
    assert range_bonus(Ctx(game, 0, ABYSS)) == 0  # lent until the end of the turn


def test_leech_tech_runs_an_anytime_technology_at_once():
    game = _game(("Fay", "formica", "sun"))
    game.players[1].technologies += ["t1", "t2a"]  # t2a: anytime: pay crystal -> gain 2 basic
    game.players[0].resources.update(crystal=1, gear=0)
    run_to_end(run(_call("leech_tech"), Ctx(game, 0, ABYSS)), ["Fay: t2a", "gear", "gear"])
    assert game.players[0].resources["gear"] == 2 and game.players[0].resources["crystal"] == 0


def test_leech_tech_gibwarks_example_counts_their_face_down_gadgets():
    """004: leeching Gib'warks' base technology when hibernating gains 1 point per gadget they have face down."""
    game = _game(("Gib", "abyss_tribe_gadgets", "single"))
    game.players[1].technologies.append("abyss_gadgets_gadget_points")
    abyss(game.players[1]).gadgets_used = ["gadget_a", "gadget_b"]
    ctx = Ctx(game, 0, ABYSS)
    run_to_end(run(_call("leech_tech"), ctx), ["Gib: abyss_gadgets_gadget_points"])
    before = game.players[0].points
    run_to_end(fire(ctx, "hibernate"), [])
    assert game.players[0].points - before == 2
    assert abyss(game.players[1]).gadgets_used == ["gadget_a", "gadget_b"]  # the gadgets themselves remain unchanged


def test_leech_tech_never_a_machine_or_once_technology():
    game = _game(("Ox", "ox49", "sun"))
    game.players[1].technologies += ["t1", "t2a", "t2c", "tech_artifact_crate"]  # t2a once, t2c machine
    assert list(leechable(Ctx(game, 0, ABYSS))) == ["Ox: t1"]


def test_leech_range_counts_range_from_their_building_for_one_action():
    game = _game()
    start, _, target = _line(game)
    game.board.buildings[start] = {"player": 1, "size": "small"}
    game.board.figures[geo.locations(ABYSS, game.board)[-1]] = [0]  # Lee's own piece, far away
    ctx = Ctx(game, 0, ABYSS)
    far = range_cost(ctx, [target])
    run_to_end(run(_call("leech_range"), ctx), [start])
    assert range_cost(Ctx(game, 0, ABYSS), [target]) == 1 < (far if far is not None else 99)
    assert abyss(game.players[1]).leech_markers == 0
    actions.finish_action(ctx)
    assert abyss(game.turn).leech_origin is None


# --- the tribe ability -----------------------------------------------------------------------


def test_ability_takes_back_a_marker_and_copies_a_half_of_their_active_card():
    game = _game()
    game.players[1].active = ["cit_smith"]
    ctx = Ctx(game, 0, ABYSS)
    gear = game.players[0].resources["gear"]
    run_to_end(run(_call("leech_copy"), ctx), ["use", "Bo", "cit_smith top"])
    assert abyss(game.players[1]).leech_markers == 0 and game.players[1].active == ["cit_smith"]
    assert game.players[0].resources["gear"] > gear


def test_ability_cannot_copy_an_effect_that_activates_a_tribe_ability():
    game = _game()
    card = next(c for c in ABYSS.ids("citizen_card") if ABYSS.data(c).get("top") == "ability")
    game.players[1].active = [card]
    assert f"{card} top" not in copyable_halves(Ctx(game, 0, ABYSS), game.players[1])


def test_ability_copies_an_either_or_effect_without_its_tribe_ability_option():
    """The Seer's bottom, "module or ability": copied, it offers the module only (no tribe ability copied)."""
    game = _game()
    game.players[1].active = ["start_a_4"]
    ctx = Ctx(game, 0, ABYSS)
    assert copyable_halves(ctx, game.players[1]) == ["start_a_4 bottom"]  # the top ("ability") is never copied
    markers, modules = game.players[0].tribe_markers, len(module_ids(game.players[0]))
    effect = run(_call("leech_copy"), ctx)
    decision, asked = next(effect), []
    answers = iter(["use", "Bo", "start_a_4 bottom"])
    try:
        while True:
            asked.append(decision)
            decision = effect.send(decision.choose(next(answers, decision.legal_keys()[0])))
    except StopIteration:
        pass
    assert all("ability" not in d.legal_keys() for d in asked)  # no choice of the ability was offered
    assert len(module_ids(game.players[0])) == modules + 1 and game.players[0].tribe_markers == markers


def test_ability_without_markers_held_only_moves_a_progress_marker():
    game = _game()
    abyss(game.players[1]).leech_markers, game.players[0].tokens_left[MARKER] = 0, 8
    before = game.players[0].tribe_markers
    asked = decisions_asked(run(_call("ability"), Ctx(game, 0, ABYSS)), ["use"])
    assert [d.rule for d in asked] == ["optional effect"]  # nothing to copy, yet the ability may be used (004)
    assert game.players[0].tribe_markers == before - 1


def test_take_back_a_marker_at_any_time():
    game = _game()
    runner = Runner(game, ABYSS)
    assert "take_back_leech" in runner.decision().legal_keys()
    runner.answer("take_back_leech")
    runner.answer("Bo")
    assert runner.game.players[0].tokens_left[MARKER] == 8 and abyss(runner.game.players[1]).leech_markers == 0


def test_invariant_leech_markers_are_conserved():
    game = _game()
    abyss(game.players[1]).leech_markers += 1
    assert any("leech markers not conserved" in v for v in violations(game))


# --- random games ----------------------------------------------------------------------------

OTHERS = [("nadair", "moon"), ("hofstadterians", "sun"), ("vukuntur", "moon"), ("ox49", "sun"), ("formica", "moon")]


@pytest.mark.parametrize("index", range(6))
def test_random_games_with_the_leech_tribe_keep_the_invariants(index):
    count = index % 3 + 2
    players = [LEECH] + [(f"P{s}", *OTHERS[(index + s) % len(OTHERS)]) for s in range(1, count)]
    if index % 2:
        players.reverse()
    record = play_random_game(ABYSS, players, seed=9100 + index)  # invariants checked after every move
    assert record.finished
