"""An action that only a machine makes affordable is offered (003 "Symbols found on machines only": explore
without paying range, a discount of 2 on the action cost; "Free action: use a machine": at any time during
your turn; the yellow standard machine: +1 range when you perform an action).

States are hand-built on the base map: ``s1`` is the starting slot with cells 1,0 / 1,1 / 2,-1 / 3,-3 / 3,-2
next to the chasm 0,0; start_tile_1 turned 0 shows sand, forest, city, mountain, sand on them.
"""

from revive_dsl.engine.decisions import IllegalAnswer
from revive_dsl.engine.game import move_allowed
from revive_dsl.engine.interpret import Ctx, decisions_asked
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.base.board_actions import build, explore, populate

load_all()
RULES = Rules.load(("base",))


def game_with(machine: str, spot: str = "special_grey_1", **resources) -> Game:
    """One player on start_tile_1, holding the machine token ``machine`` at ``spot`` and 1 energy."""
    player = Player(seat=0, name="Ann", tribe="nadair", side="sun", energy=1)
    player.resources.update({"crystal": 0, "gear": 0, "book": 0, "food": 0, **resources})
    if spot.startswith("special"):
        player.special_machines[spot] = machine
    player.unlocked.append(spot)
    game = Game(players=[player], packs=["base"])
    game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    return game


def drive(effect, answers) -> list[tuple[str, list[str]]]:
    """Run an effect with answers; the decisions' prompts and legal keys as met."""
    return [(d.prompt, d.legal_keys()) for d in decisions_asked(effect, answers)]


def test_build_is_offered_when_only_a_discount_machine_makes_it_affordable():
    game = game_with("mach_grey_2", gear=1)  # Building press: machine during build: discount 2
    without = game_with("mach_grey_2", gear=1)
    without.players[0].energy = 0
    assert not move_allowed(without, "build")  # 1 gear: no building without the machine
    assert move_allowed(game, "build")
    met = drive(build(Ctx(game, 0, RULES)), ["special_grey_1", "1,0", "small"])
    assert met[0] == ("activate which machine (the action needs one)?", ["special_grey_1"])  # no "none": needed
    assert game.board.buildings["1,0"] == {"player": 0, "size": "small"}
    assert game.players[0].resources["gear"] == 0 and game.players[0].energy_on == ["special_grey_1"]


def test_explore_is_offered_when_only_an_unlimited_range_machine_makes_it_affordable():
    game = game_with("mach_green_1", "special_green_1", book=2, gear=2)  # Long-range scanner, no food
    for slot in ("a01", "a02", "a16"):
        game.board.tiles[slot] = {"tile": "area_tile_05", "orientation": 0, "explored": False}
    without = game.clone()
    without.players[0].energy = 0
    assert not move_allowed(without, "explore")  # every face-down tile costs range food, and there is none
    assert move_allowed(game, "explore")
    met = drive(explore(Ctx(game, 0, RULES)), ["special_green_1", "a16", "0"])  # no citizen deck: no recruit
    assert met[0][1] == ["special_green_1"]
    assert game.board.tiles["a16"]["explored"] and game.players[0].resources["food"] == 0


def test_populate_is_offered_when_only_a_populate_discount_machine_makes_it_affordable():
    game = game_with("mach_yellow_1", "special_yellow_1", food=1)  # Settlement crane: discount 2 on populate
    without = game.clone()
    without.players[0].energy = 0
    assert not move_allowed(without, "populate")  # 0 books for the first technology's 2
    assert move_allowed(game, "populate")
    drive(populate(Ctx(game, 0, RULES)), ["special_yellow_1", "2,-1", "t1"])
    assert game.board.figures["2,-1"] == [0] and "t1" in game.players[0].technologies


def test_the_yellow_standard_machines_range_is_brought_to_an_action_it_alone_makes_affordable():
    game = game_with("", "standard_yellow", book=2)  # machine: range 1; 2,-1 is one space from the chasm
    without = game.clone()
    without.players[0].energy = 0
    assert not move_allowed(without, "populate")
    assert move_allowed(game, "populate")
    drive(populate(Ctx(game, 0, RULES)), ["standard_yellow", "2,-1", "t1"])
    assert game.board.figures["2,-1"] == [0] and game.players[0].energy_on == ["standard_yellow"]


def test_a_machine_that_cannot_make_the_action_affordable_is_not_offered_for_it():
    game = game_with("mach_grey_2", gear=0)  # a discount of 2 still leaves 3 gears to pay
    assert not move_allowed(game, "build")


def test_an_action_affordable_without_its_machine_still_lets_the_player_decline_it():
    game = game_with("mach_grey_2", gear=3)
    met = drive(build(Ctx(game, 0, RULES)), ["none", "1,0", "small"])
    assert met[0] == ("activate a machine now?", ["special_grey_1", "none"])
    assert game.players[0].energy == 1 and game.players[0].resources["gear"] == 0


def test_when_a_machine_is_needed_declining_is_no_answer():
    game = game_with("mach_grey_2", gear=1)
    effect = build(Ctx(game, 0, RULES))
    decision = next(effect)
    try:
        decision.choose("none")
    except IllegalAnswer:
        return
    raise AssertionError("'none' was accepted for a machine the build needs")
