"""Machine tracks, reward spaces, progress, artifacts, crates, the point track and free actions.

Rulebook sections: "Advancing on the tracks", "Reward spaces", "Progress markers and progress track",
"Points" (blue and purple), "Free action: use a machine / open a crate / trade", "Game end".
"""

from revive_dsl.engine import registry
from revive_dsl.engine.game import Runner, legal_moves
from revive_dsl.engine.interpret import Ctx, decisions_asked, run_text, run_to_end
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.base.gains import gain_points
from revive_dsl.rules.base.hibernate import hibernate_steps
from revive_dsl.rules.base.machines import machines_usable_during, usable_machines
from revive_dsl.rules.base.tracks import advance, take_artifact

registry.load_all()
do = run_text
decisions = decisions_asked
RULES = Rules.load(("base",))


def setup(players=1, **fields):
    """A small hand-built game: ``players`` seats, the first one's fields set."""
    seats = [Player(seat=i, name=f"P{i}", tribe="nadair", side="sun") for i in range(players)]
    for key, value in fields.items():
        setattr(seats[0], key, value)
    game = Game(players=seats)
    return game, seats[0], Ctx(game, 0, RULES)


# --- machine tracks and reward spaces -----------------------------------------------------


def test_reward_space_needing_two_markers_unlocks_only_when_both_reach_it():
    game, player, ctx = setup(tracks={"grey": 4, "green": 4, "yellow": 1}, unlocked=["standard_grey", "standard_green"])
    player.progress = 2
    game.board.majors = ["major_amber_1p", "major_amber_2p"]
    run_to_end(advance(ctx, "grey", 1), [])
    assert "artifact_1" not in player.unlocked  # grey 5, but green still 4
    run_to_end(advance(ctx, "green", 1), ["major_amber_2p"])
    assert "artifact_1" in player.unlocked and player.majors == ["major_amber_2p"]


def test_reward_space_unlocks_when_its_marker_passes_it_in_one_advance():
    _, player, ctx = setup()
    run_to_end(advance(ctx, "yellow", 4), [])
    assert player.tracks["yellow"] == 5 and player.unlocked == ["standard_yellow"]


def test_progress_marker_goes_to_lowest_vacant_space_with_its_bonus():
    game, player, ctx = setup(progress=2)
    energy = game.supply.energy
    run_to_end(advance(ctx, "grey", 2), [])  # standard_grey unlocks: its marker lands on space 3 (bonus: energy)
    assert player.progress == 3 and player.energy == 1 and game.supply.energy == energy - 1


def test_advancing_past_the_end_gives_the_tracks_resource():
    _, player, ctx = setup(tracks={"grey": 1, "green": 13, "yellow": 1}, unlocked=["card_bonus_green"])
    run_to_end(advance(ctx, "green", 2), [])
    assert player.tracks["green"] == 13 and player.resources["book"] == 2


def test_advance_any_asks_which_track():
    _, player, ctx = setup()
    do(ctx, "advance any", ["yellow"])
    assert player.tracks == {"grey": 1, "green": 1, "yellow": 2}


def test_special_machines_display_replenished_between_picks():
    game, player, ctx = setup(
        tracks={"grey": 5, "green": 1, "yellow": 9}, unlocked=["standard_grey", "standard_yellow", "special_yellow_1"]
    )
    player.progress = 3
    game.supply.machine_display = {"grey": ["mach_grey_1", "mach_grey_2", "mach_grey_3"]}
    game.supply.machine_piles = {"grey": ["mach_grey_4", "mach_grey_5"]}
    asked = decisions(advance(ctx, "grey", 4), ["mach_grey_1", "mach_grey_4"])
    assert asked[1].legal_keys() == ["mach_grey_2", "mach_grey_3", "mach_grey_4"]  # refilled before the 2nd pick
    assert player.special_machines == {"special_grey_1": "mach_grey_1", "special_grey_2": "mach_grey_4"}
    assert game.supply.machine_display["grey"] == ["mach_grey_2", "mach_grey_3", "mach_grey_5"]


def test_card_bonus_space_is_recorded_for_the_end():
    _, player, ctx = setup(tracks={"grey": 11, "green": 1, "yellow": 1})
    player.unlocked = ["standard_grey", "special_grey_1"]
    run_to_end(advance(ctx, "grey", 1), [])
    assert "card_bonus_grey" in player.unlocked


# --- artifacts and the end ------------------------------------------------------------------


def test_last_major_artifact_gives_end_game_tile_and_triggers_the_end():
    game, player, ctx = setup(players=3)
    game.board.majors = ["major_amber_1p"]
    run_to_end(take_artifact(ctx), ["major_amber_1p"])
    assert player.end_game_tile and not game.supply.end_game_tile
    assert game.turn.end_triggered_by == 0 and game.turn.last_turns_left == [1, 2]


def test_solo_last_major_artifact_does_not_trigger_the_end():
    game, player, ctx = setup(players=1)
    game.board.majors = ["major_amber_1p"]
    run_to_end(take_artifact(ctx), ["major_amber_1p"])
    assert player.majors == ["major_amber_1p"] and game.turn.end_triggered_by is None


def test_solo_taker_of_the_last_major_artifact_gets_no_end_game_tile():
    # 003 setup, solo: the end-game tile goes back to the box, so taking the last major gives none
    from revive_dsl.engine.setup import new_game
    from revive_dsl.rules.base.scoring import final_scores

    game = new_game(RULES, [("Ann", "nadair", "sun")], seed=1)
    game.board.majors = ["major_amber_1p"]
    run_to_end(take_artifact(Ctx(game, 0, RULES)), ["major_amber_1p"])
    player = game.players[0]
    assert player.majors == ["major_amber_1p"] and not player.end_game_tile and not game.supply.end_game_tile
    assert sum(x.points for x in final_scores(RULES, game)[0].lines if x.rule == "end-game tile") == 0


def test_artifact_after_the_last_major_is_a_minor_one():
    game, player, ctx = setup(players=2)
    game.supply.minors = ["minor_1", "minor_2"]
    do(ctx, "artifact")
    assert player.minors == ["minor_1"] and player.majors == []


def test_long_game_crater_minors_go_after_the_majors_and_the_last_one_triggers_the_end():
    game, player, ctx = setup(players=4)
    game.board.majors = ["major_amber_1p"]
    game.board.crater_minors = ["minor_7", "minor_8"]
    do(ctx, "artifact and artifact", ["major_amber_1p"])
    assert game.turn.end_triggered_by is None and player.minors == ["minor_7"]
    do(ctx, "artifact")
    assert game.turn.end_triggered_by == 0 and player.end_game_tile and player.minors == ["minor_7", "minor_8"]


def test_crate_effect_draws_a_closed_crate_and_fires_gain_crate():
    game, player, ctx = setup()
    player.tribe, player.technologies = "vukuntur", ["t2a"]  # when gain_crate: gain crystal
    game.supply.crates = ["crate_01", "crate_02"]
    do(ctx, "crate")
    assert player.crates_closed == ["crate_01"] and player.resources["crystal"] == 1


# --- the point track --------------------------------------------------------------------------


def test_point_track_bonus_taken_when_reaching_or_passing_it():
    game, player, ctx = setup(points=3)
    game.supply.crates = ["crate_01", "crate_02"]
    run_to_end(gain_points(ctx, 2), [])  # passes space 4
    assert player.points == 5 and player.crates_closed == ["crate_01"]


def test_point_track_bonuses_passed_in_one_gain_are_all_taken_in_order():
    game, player, ctx = setup(points=3)
    game.supply.crates = ["crate_01", "crate_02", "crate_03"]
    game.board.majors = ["major_amber_1p", "major_amber_2p"]
    run_to_end(gain_points(ctx, 10), ["major_amber_2p"])  # spaces 4, 8 (crates) and 12 (artifact)
    assert player.crates_closed == ["crate_01", "crate_02"] and player.majors == ["major_amber_2p"]


def test_point_track_bonus_not_taken_on_second_lap():
    game, player, ctx = setup(points=48)
    game.supply.crates = ["crate_01", "crate_02"]
    run_to_end(gain_points(ctx, 10), [])  # 58: past 50, past 4 and 8 again
    assert (player.laps, player.points, player.crates_closed) == (1, 8, [])


def test_purple_points_give_no_point_track_bonus():
    game, player, ctx = setup(points=3)
    game.supply.crates = ["crate_01"]
    do(ctx, "purple 5")
    assert player.crates_closed == [] and player.purple == 5


# --- the tribe ability ------------------------------------------------------------------------


def test_ability_moves_a_marker_from_the_tribe_board_to_the_progress_track():
    _, player, ctx = setup()  # Nadair sun: gain 2 book
    do(ctx, "ability")
    assert player.resources["book"] == 2 and player.tribe_markers == 4 and player.progress == 1


def test_ability_fires_the_when_ability_hooks_after_the_marker_moves():
    _, player, ctx = setup(technologies=["t2a"])  # Nadair sun Grove blessing: when ability: gain book and points 1
    do(ctx, "ability")
    assert player.resources["book"] == 3 and player.points == 1 and player.progress == 1


def test_ability_that_cannot_be_carried_out_moves_no_marker():
    _, player, ctx = setup()
    player.side = "moon"  # pay crystal -> place a forest tile: no crystal, no ability
    do(ctx, "ability")
    assert player.tribe_markers == 5 and player.progress == 0


def test_ability_still_works_after_the_last_tribe_marker_but_moves_none():
    _, player, ctx = setup(tribe_markers=0, progress=5)
    do(ctx, "ability")
    assert player.resources["book"] == 2 and player.progress == 5


# --- free actions: machines, crates, trades -----------------------------------------------------


def test_machine_cannot_be_used_again_until_energy_returns():
    game, player, _ = setup(unlocked=["standard_grey"], energy=2)
    player.resources.update(gear=2)
    runner = Runner(game, RULES)
    runner.answer("machine")
    runner.answer("standard_grey")
    runner.answer("gear")  # standard grey machine: pay a basic resource for a crystal
    player = runner.game.players[0]
    assert player.resources["crystal"] == 1 and player.energy_on == ["standard_grey"] and player.energy == 1
    assert "machine" not in legal_moves(runner.game)
    run_to_end(hibernate_steps(Ctx(runner.game, 0, RULES)), ["1", "gear"])  # the energy comes back
    assert "machine" in legal_moves(runner.game)


def test_machine_needs_energy_in_storage():
    game, _player, ctx = setup(unlocked=["standard_yellow", "standard_grey"], energy=0)
    assert usable_machines(ctx) == [] and "machine" not in legal_moves(game)


def test_unaffordable_machine_is_not_offered():
    _, _player, ctx = setup(unlocked=["standard_grey"], energy=1)  # pay basic -> crystal, with nothing to pay
    assert usable_machines(ctx) == []


def test_machine_during_an_action_is_offered_only_during_it():
    _, _player, ctx = setup(unlocked=["special_grey_1"], energy=1, special_machines={"special_grey_1": "mach_grey_2"})
    assert usable_machines(ctx) == []  # "machine during build" is no free move
    assert [spot for spot, _ in machines_usable_during(ctx, "build")] == ["special_grey_1"]
    assert machines_usable_during(ctx, "explore") == []


def test_tribe_technology_machine_is_usable_once_unlocked():
    game, player, _ = setup(energy=1, technologies=["t2c"])
    player.tribe = "formica"  # Crystal engine: machine: gain crystal
    runner = Runner(game, RULES)
    runner.answer("machine")
    runner.answer("t2c")
    assert runner.game.players[0].resources["crystal"] == 1 and runner.game.players[0].energy_on == ["t2c"]


def test_open_crate_gives_its_effect_and_keeps_it_opened():
    game, player, _ = setup(crates_closed=["crate_02"])
    runner = Runner(game, RULES)
    runner.answer("open_crate")
    runner.answer("crate_02")
    player = runner.game.players[0]
    assert player.resources["book"] == 2 and player.crates_opened == ["crate_02"] and player.crates_closed == []


def test_a_crystal_trades_into_a_basic_resource():
    game, player, _ = setup()
    player.resources.update(crystal=1, food=6)
    runner = Runner(game, RULES)
    runner.answer("trade_crystal")
    assert runner.decision().legal_keys() == ["gear", "book"]  # food is at its cap
    runner.answer("book")
    assert runner.game.players[0].resources == {"gear": 0, "book": 1, "food": 6, "crystal": 0}


def test_technology_anytime_trade_is_a_free_move():
    game, player, _ = setup(technologies=["t1"])
    player.tribe = "hofstadterians"  # Crystal press: anytime: pay basic + basic -> gain crystal
    player.resources.update(gear=2)
    runner = Runner(game, RULES)
    runner.answer("tech_trade")
    runner.answer(runner.decision().legal_keys()[0])
    runner.answer("gear")  # each basic unit is its own choice
    runner.answer("gear")
    assert runner.between_moves
    assert runner.game.players[0].resources["crystal"] == 1 and runner.game.players[0].resources["gear"] == 0
    assert runner.game.turn.actions == 0


def test_reactivate_crate_once_per_crate():
    _, player, ctx = setup(crates_opened=["crate_01"])
    do(ctx, "reactivate_crate", ["crate_01"])
    do(ctx, "reactivate_crate")  # nothing left to reactivate: no question
    assert player.resources["gear"] == 2 and player.crates_reactivated == ["crate_01"]


def test_crate_opener_machine_offered_only_with_a_crate_to_reactivate():
    _, player, ctx = setup(unlocked=["special_grey_1"], energy=1, special_machines={"special_grey_1": "mach_grey_3"})
    player.resources["gear"] = 1
    assert usable_machines(ctx) == []
    player.crates_opened = ["crate_03"]
    assert [spot for spot, _ in usable_machines(ctx)] == ["special_grey_1"]
