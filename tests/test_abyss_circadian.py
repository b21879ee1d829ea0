"""The circadian tribe, Ostarius (004): the circadian tile and the technologies that read it."""

from __future__ import annotations

from revive_dsl.engine.game import Runner, legal_moves
from revive_dsl.engine.interpret import Ctx, decisions_asked, run_text, run_to_end
from revive_dsl.engine.range import range_bonus
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import Game, Player
from revive_dsl.engine.triggers import fire
from revive_dsl.rules.abyss.state import abyss, abyss_player
from revive_dsl.rules.base.board_actions import action_possible, build, populate
from revive_dsl.rules.base.machines import usable_machines

load_all()
ABYSS = Rules.load(("base", "abyss"))
TRIBE = "abyss_tribe_circadian"
BASE_TECH = "abyss_circadian_day_energy_night_range"
TRACKS_TECH = "abyss_circadian_day_tracks_night_points"
MACHINE = "abyss_circadian_machine"


def _game(side: str = "day", **fields) -> tuple[Game, Player, Ctx]:
    player = abyss_player(seat=0, name="Ost", tribe=TRIBE, side="single", circadian=side, **fields)
    game = Game(players=[player, Player(seat=1, name="Bo", tribe="nadair", side="sun")], packs=["base", "abyss"])
    for slot in ("s1", "s2", "s3", "s4", "s5"):
        game.board.tiles[slot] = {"tile": f"start_tile_{slot[1]}", "orientation": 0, "explored": True}
    return game, player, Ctx(game, 0, ABYSS)


def _with_press(energy: int = 0, energy_on: tuple[str, ...] = ("special_grey_1",)) -> tuple[Game, Player, Ctx]:
    """Ostarius by day with the base technology and the Building press (``machine during build: discount 2``) on
    special_grey_1; by default its energy is on the press (used earlier this turn) and none is in storage."""
    return _game(
        technologies=[BASE_TECH],
        unlocked=["special_grey_1"],
        special_machines={"special_grey_1": "mach_grey_2"},
        energy=energy,
        energy_on=list(energy_on),
    )


# --- the tile ------------------------------------------------------------------------------------


def test_setup_places_the_circadian_tile_day_side_up():
    game = new_game(ABYSS, [("Ost", TRIBE, "single"), ("Bo", "nadair", "sun")], seed=3)
    assert abyss(game.players[0]).circadian == "day" and "circadian_tile" not in game.players[0].tokens_left
    assert abyss(game.players[1]).circadian == ""  # other tribes have no tile


def test_each_hibernation_flips_the_circadian_tile():
    game, _, _ = _game()
    for expected in ("night", "day"):
        runner = Runner(game, ABYSS)
        runner.answer("hibernate")
        while runner.decision() is not None and not runner.between_moves:
            runner.answer(runner.decision().legal_keys()[0])
        assert runner.decision().legal_keys() == ["end"]  # hibernating leaves only free actions (none here)
        runner.answer("end")
        game = runner.game
        assert abyss(game.players[0]).circadian == expected
        game.turn.player = 0


def test_another_players_hibernation_leaves_the_tile_alone():
    game, _, _ = _game()
    game.turn.player = 1
    runner = Runner(game, ABYSS)
    runner.answer("hibernate")
    while not runner.between_moves:
        runner.answer(runner.decision().legal_keys()[0])
    assert abyss(runner.game.players[0]).circadian == "day"


def test_tribe_ability_flips_the_tile_then_gains_a_devotion_and_a_basic_resource():
    _, player, ctx = _game()
    run_text(ctx, "ability", ["food"])
    assert abyss(player).circadian == "night" and abyss(player).devotion == 1 and player.resources["food"] == 1
    assert player.tribe_markers == 4 and player.progress == 1
    run_text(ctx, "ability", ["gear"])
    assert abyss(player).circadian == "day" and abyss(player).devotion == 2


# --- day: energy back when building or populating; night: +1 range ---------------------------------


def test_by_day_building_moves_one_used_energy_back_to_storage_by_night_none():
    energy = {}
    for side, answers in (("day", ["1,0", "small", "standard_green"]), ("night", ["1,0", "small"])):
        _, player, ctx = _game(side, technologies=[BASE_TECH], energy_on=["standard_grey", "standard_green"])
        player.resources["gear"] = 3
        run_to_end(build(ctx), answers)
        energy[side] = player.energy  # the building's own rewards may bring energy too: compare the two
        assert player.energy_on == {"day": ["standard_grey"], "night": ["standard_grey", "standard_green"]}[side]
    assert energy["day"] == energy["night"] + 1


def test_by_day_populating_moves_one_used_energy_back_too():
    _, player, ctx = _game(technologies=[BASE_TECH], energy_on=["standard_grey"])
    run_to_end(fire(ctx, "populate", location="2,-1"), ["standard_grey"])
    assert player.energy == 1 and player.energy_on == []


def test_by_day_the_energy_taken_back_before_building_powers_that_builds_machine():
    """004: "before or after you populate or build": taken back first, the energy powers the Building press
    (``machine during build: discount 2``) it came off, for this very build; it is not taken again after."""
    _, player, ctx = _with_press()  # the press was used earlier this turn
    player.resources["gear"] = 3
    asked = decisions_asked(build(ctx), ["before", "special_grey_1", "special_grey_1", "1,0", "small"])
    assert asked[0].rule == "before_or_after" and asked[0].legal_keys() == ["before", "after"]
    assert player.resources["gear"] == 2  # 3 gears less the press's 2
    assert player.energy_on == ["special_grey_1"]  # the press used again, and no energy taken back after
    assert player.energy == 1  # the energy water next to 1,0
    assert abyss(ctx.game.turn).done_before == []


def test_by_day_a_build_only_the_energy_taken_back_first_makes_affordable_is_offered():
    """004 "before or after you populate or build" with 003 "at any time during your turn": with 1 gear, the
    build is affordable only through the Building press, which only the energy taken back first can power; so
    the build is offered, and "before" is the only answer that keeps it possible."""
    _, player, ctx = _with_press()
    player.resources["gear"] = 1
    assert not action_possible(ctx, "build", before=False) and action_possible(ctx, "build")
    asked = decisions_asked(build(ctx), ["before", "special_grey_1", "special_grey_1", "1,0", "small"])
    assert [(d.rule, d.legal_keys()) for d in asked[:3]] == [
        ("before_or_after", ["before"]),  # needed: no other answer
        ("take back energy", ["special_grey_1"]),
        ("machine during build", ["special_grey_1"]),  # needed: no "none"
    ]
    assert ctx.game.board.buildings["1,0"] == {"player": 0, "size": "small"} and player.resources["gear"] == 0


def test_by_day_the_energy_may_still_be_taken_back_after_the_build():
    _, player, ctx = _with_press()
    player.resources["gear"] = 3
    run_to_end(build(ctx), ["after", "1,0", "small", "special_grey_1"])  # no energy: no press; back after
    assert player.resources["gear"] == 0 and player.energy_on == []
    assert player.energy == 2  # the one taken back and the energy water's next to 1,0


def test_by_day_the_before_question_is_asked_only_when_it_could_power_a_machine_of_the_action():
    _, player, ctx = _with_press(energy=1, energy_on=["standard_grey"])  # press ready, an energy in storage
    player.resources["gear"] = 3
    asked = decisions_asked(build(ctx), ["special_grey_1", "1,0", "small", "standard_grey"])
    assert "before_or_after" not in [d.rule for d in asked]
    assert player.energy_on == ["special_grey_1"] and player.energy == 2  # 1 - 1 used + 1 back + 1 from water


def test_by_night_every_action_has_one_more_range():
    _, player, ctx = _game("night", technologies=[BASE_TECH])
    assert range_bonus(ctx) == 1
    abyss(player).circadian = "day"
    assert range_bonus(ctx) == 0
    abyss(player).circadian, player.technologies = "night", []
    assert range_bonus(ctx) == 0  # the technology, not the tile, gives it


# --- day: tracks for terrain next to a populated location; night: a point per explore ---------------


def test_by_day_populating_advances_a_track_per_revealed_terrain_next_to_the_location():
    """0,2 (a city) touches a mountain, a forest and a field; its fourth neighbour is face down."""
    _, player, ctx = _game(technologies=[BASE_TECH, TRACKS_TECH])
    player.resources.update(book=3, food=1)
    run_to_end(populate(ctx), ["0,2", "abyss_circadian_side_slot"])
    assert player.tracks == {"grey": 2, "green": 2, "yellow": 2}


def test_a_large_corner_location_is_one_space_with_several_adjacent_terrains():
    game, player, ctx = _game(technologies=[BASE_TECH, TRACKS_TECH])
    game.board.tiles["a23"] = {"tile": "area_tile_09", "orientation": 1, "explored": True}  # field, mountain
    run_to_end(fire(ctx, "populate", location="corner_se"), [])
    assert player.tracks == {"grey": 2, "green": 1, "yellow": 2}


def test_terrain_revealed_later_gives_nothing():
    game, player, ctx = _game(technologies=[BASE_TECH, TRACKS_TECH])
    game.board.tiles["a23"] = {"tile": "area_tile_09", "orientation": 1, "explored": False}
    run_to_end(fire(ctx, "populate", location="corner_se"), [])
    game.board.tiles["a23"]["explored"] = True  # revealed after the populate: no bonus then, none now
    assert player.tracks == {"grey": 1, "green": 1, "yellow": 1}


def test_by_night_populating_advances_no_track():
    _, player, ctx = _game("night", technologies=[BASE_TECH, TRACKS_TECH])
    run_to_end(fire(ctx, "populate", location="0,2"), [])
    assert player.tracks == {"grey": 1, "green": 1, "yellow": 1}


def test_by_night_exploring_gains_one_more_point():
    _, player, ctx = _game("night", technologies=[BASE_TECH, TRACKS_TECH])
    run_to_end(fire(ctx, "explore", slot="a01"), [])
    assert player.points == 1
    abyss(player).circadian = "day"
    run_to_end(fire(ctx, "explore", slot="a01"), [])
    assert player.points == 1


# --- the circadian machine ------------------------------------------------------------------------


def test_by_day_the_machine_turns_a_crystal_into_two_devotion():
    game, player, _ = _game(technologies=[BASE_TECH, MACHINE], energy=1)
    player.resources["crystal"] = 1
    runner = Runner(game, ABYSS)
    runner.answer("machine")
    runner.answer(MACHINE)
    runner.answer("0")  # keep the 2 devotion (the usual 2:1 conversion is offered)
    assert abyss(runner.game.players[0]).devotion == 2 and runner.game.players[0].resources["crystal"] == 0


def test_by_day_without_a_crystal_the_machine_is_not_offered():
    game, _, ctx = _game(technologies=[BASE_TECH, MACHINE], energy=1)
    assert usable_machines(ctx) == [] and "machine" not in legal_moves(game)


def test_by_night_the_machine_converts_gained_points_one_for_one():
    """004's example: 4 points gained, 3 moved to the devotion track and 1 to the point track."""
    _, player, ctx = _game("night", technologies=[BASE_TECH, MACHINE], energy=1)
    player.resources["crystal"] = 1
    assert usable_machines(ctx) == []  # by night it is no plain machine: it waits for a gain
    asked = decisions_asked(run_text_gen(ctx, "points 4"), [MACHINE, "3"])
    assert asked[0].legal_keys() == [MACHINE, "none"]
    assert (abyss(player).devotion, player.points, player.energy_on) == (3, 1, [MACHINE])


def test_by_day_the_machine_is_not_offered_during_a_gain():
    _, player, ctx = _game(technologies=[BASE_TECH, MACHINE], energy=1)
    asked = decisions_asked(run_text_gen(ctx, "points 4"), ["0"])
    assert [d.rule for d in asked] == ["convert points"] and player.points == 4


def run_text_gen(ctx: Ctx, text: str):
    from revive_dsl.dsl.parser import parse
    from revive_dsl.engine.interpret import run

    for clause in parse(text).clauses:
        yield from run(clause.body, ctx)
