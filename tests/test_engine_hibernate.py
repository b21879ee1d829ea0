"""Hibernation (rulebook "Hibernate"): the five steps, the hibernation track, the 4th-space artifact, solo."""

from revive_dsl.engine import registry
from revive_dsl.engine.game import Runner, legal_moves
from revive_dsl.engine.interpret import Ctx, run_to_end
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Played, Player
from revive_dsl.rules.base.hibernate import HIBERNATION_STEPS, hibernate_steps

registry.load_all()
RULES = Rules.load(("base",))


def setup(players=2, **fields):
    seats = [Player(seat=i, name=f"P{i}", tribe="nadair", side="sun") for i in range(players)]
    for key, value in fields.items():
        setattr(seats[0], key, value)
    game = Game(players=seats)
    return game, seats[0], Ctx(game, 0, RULES)


def test_hibernation_steps_in_order():
    names = [name for name, _ in HIBERNATION_STEPS]
    assert names[:5] == ["return_energy", "wake_resting", "rest_slots", "reset_switch", "hibernation_track"]
    # resting cards wake before the played ones go to rest, so the played ones stay resting
    _game, player, ctx = setup(resting=["cit_a"], active=["cit_b"], slots={"top_left": [Played("cit_c", "top")]})
    run_to_end(hibernate_steps(ctx), ["1", "gear"])
    assert player.active == ["cit_b", "cit_a"] and player.resting == ["cit_c"] and player.slots["top_left"] == []


def test_hibernation_returns_energy_and_resets_the_switch():
    _, player, ctx = setup(energy=1, energy_on=["standard_grey", "t2c"], switch_used=True)
    run_to_end(hibernate_steps(ctx), ["1", "food"])
    assert player.energy == 3 and player.energy_on == [] and not player.switch_used


def test_the_account_tells_each_hibernation_step_that_changed_something():
    _, _player, ctx = setup(
        energy_on=["standard_grey"], resting=["cit_a", "cit_d"], slots={"top_left": [Played("cit_c", "top")]}
    )
    run_to_end(hibernate_steps(ctx), ["1", "food"])
    assert ctx.log[:4] == [
        "P0 takes back 1 energy from machines",
        "P0 takes 2 resting cards back into the active area",
        "P0 moves 1 card from the card slots to the resting area",
        "P0 moves the hibernation marker to space 1",
    ]  # the switch was not used: nothing told of it


def test_hibernation_reward_of_current_space_or_any_below():
    _, player, ctx = setup(hibernations=2)
    decision = next(hibernate_steps(ctx))
    assert player.hibernations == 3 and decision.legal_keys() == ["1", "2", "3"]


def test_hibernation_reward_may_be_taken_from_a_lower_space():
    game, player, ctx = setup(hibernations=1)
    game.supply.crates = ["crate_01"]
    run_to_end(hibernate_steps(ctx), ["1", "book"])
    assert player.hibernations == 2 and player.resources["book"] == 1 and player.energy == 0


def test_fourth_hibernation_removes_an_artifact():
    game, player, ctx = setup(hibernations=3)
    game.board.majors = ["major_amber_1p", "major_amber_2p"]
    run_to_end(hibernate_steps(ctx), ["major_amber_2p", "4"])
    assert player.hibernations == 4 and game.board.majors == ["major_amber_1p"] and player.majors == []
    assert player.points == 3 and player.energy == 1


def test_removing_the_last_artifact_at_hibernation_triggers_the_end():
    game, player, ctx = setup(players=3, hibernations=3)
    game.board.majors = ["major_amber_1p"]
    run_to_end(hibernate_steps(ctx), ["major_amber_1p", "2"])
    assert player.end_game_tile and game.turn.end_triggered_by == 0 and game.turn.last_turns_left == [1, 2]


def test_hibernating_on_the_last_space_stays_and_offers_every_reward():
    game, player, ctx = setup(hibernations=4)
    game.board.majors = ["major_amber_1p"]
    decision = next(hibernate_steps(ctx))
    assert decision.legal_keys() == ["1", "2", "3", "4"]  # no artifact is removed a second time
    assert player.hibernations == 4 and game.board.majors == ["major_amber_1p"]


def test_hibernate_is_offered_only_before_any_action_and_ends_the_actions():
    game, _player, _ = setup(switch_used=True)
    assert "hibernate" in legal_moves(game)
    game.turn.actions = 1
    assert "hibernate" not in legal_moves(game)
    game.turn.actions = 0
    runner = Runner(game, RULES)
    runner.answer("hibernate")
    runner.answer("1")
    runner.answer("food")
    assert runner.game.turn.player == 0 and runner.game.turn.hibernated
    assert runner.decision().legal_keys() == ["end"]  # no action after hibernating: free actions and end
    runner.answer("end")
    assert runner.game.turn.player == 1 and runner.game.turn.actions == 0 and not runner.game.turn.hibernated
    assert runner.game.players[0].resources["food"] == 1 and not runner.game.players[0].switch_used


def test_free_actions_after_hibernating_open_the_crate_just_gained():
    """003 (the turn, free actions): free actions on any turn, hibernating included; 000: even after it."""
    game, _player, _ = setup(switch_used=True, hibernations=2)
    game.supply.crates = ["crate_01"]
    runner = Runner(game, RULES)
    runner.answer("hibernate")
    runner.answer("3")  # the third space's reward: a crystal and a crate
    assert runner.game.players[0].crates_closed == ["crate_01"]
    assert runner.decision().legal_keys() == ["open_crate", "trade_crystal", "end"]
    runner.answer("open_crate")
    runner.answer("crate_01")
    while runner.decision().rule != "turn":  # whatever the crate asks
        runner.answer(runner.decision().legal_keys()[0])
    assert runner.game.players[0].crates_opened == ["crate_01"] and runner.game.turn.player == 0


def test_no_machine_after_hibernating_once_the_energy_is_back():
    """003, hibernate: machines may be used before the energy returns, never after it that turn."""
    game, player, _ = setup(switch_used=True)
    player.unlocked.append("standard_grey")
    player.energy = 1
    player.resources["gear"] = 2
    assert "machine" in legal_moves(game)
    game.turn.actions, game.turn.hibernated = 1, True
    assert "machine" not in legal_moves(game) and "end" in legal_moves(game)


def test_solo_hibernate_moves_the_action_cube_two_and_may_discard_from_the_display():
    game, _player, _ = setup(players=1)
    game.supply.citizen_display = ["cit_a", "cit_b"]
    game.supply.citizen_deck = ["cit_c"]
    runner = Runner(game, RULES)
    runner.answer("hibernate")
    runner.answer("1")
    runner.answer("gear")
    assert runner.decision().legal_keys() == ["cit_a", "cit_b", "done"]
    runner.answer("cit_a")
    runner.answer("done")
    assert runner.game.players[0].action_cube == 2
    assert runner.game.supply.citizen_display == ["cit_b", "cit_c"]


def test_solo_display_discard_returns_the_cards_to_the_box():
    # 003 solo hibernate: discarded components are removed from the game; a card back in the box is recorded
    game, _player, _ = setup(players=1)
    game.supply.citizen_display = ["cit_a", "cit_b"]
    runner = Runner(game, RULES)
    for key in ("hibernate", "1", "gear", "cit_a", "done"):
        runner.answer(key)
    assert runner.game.supply.removed == ["cit_a"] and runner.game.supply.citizen_display == ["cit_b"]
    assert "P0 discards cit_a from the display: it leaves the game" in runner.log


def test_multiplayer_hibernate_asks_no_display_discard():
    game, player, ctx = setup(players=2)
    game.supply.citizen_display = ["cit_a"]
    run_to_end(hibernate_steps(ctx), ["1", "gear"])
    assert game.supply.citizen_display == ["cit_a"] and player.action_cube == 0
