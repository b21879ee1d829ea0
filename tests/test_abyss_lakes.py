"""Lakes (004 "Lakes"; 000, expansion part): rewards, hibernation bonus, range, and not water spaces."""

from __future__ import annotations

from revive_dsl.engine.interpret import Ctx, run_text
from revive_dsl.engine.range import distance
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base import board_actions as actions
from revive_dsl.rules.base.hibernate import hibernate_steps
from revive_dsl.rules.base.tribes import place_options

load_all()
ABYSS = Rules.load(("base", "abyss"))
LAKE_BONUS = "tile_rewards hibernation_reward"  # the pack's rule at each hibernation (content/abyss/rules.yaml)


def _game(tribe: str = "nadair", side: str = "sun", start: str = "start_tile_1", **fields) -> Game:
    """s1 holds ``start`` (start_tile_1: 1,0 sand, 1,1 forest, 2,-1 city, 3,-3 mountain, 3,-2 sand); a02 a lake."""
    player = Player(seat=0, name="Ann", tribe=tribe, side=side, **fields)
    game = Game(players=[player, Player(seat=1, name="Bo", tribe="formica", side="sun")], packs=["base", "abyss"])
    game.board.tiles["s1"] = {"tile": start, "orientation": 0, "explored": True}
    game.board.tiles["a02"] = {"tile": "abyss_lake_1", "orientation": 0, "explored": True}
    return game


def drive(effect, answers: list[str]) -> None:
    """Run an effect with these answers; gains are never converted (004 "Converting points": answer 0)."""
    answers = list(answers)
    try:
        decision = next(effect)
        while True:
            key = "0" if decision.rule == "convert points" else answers.pop(0)
            decision = effect.send(decision.choose(key))
    except StopIteration:
        return


def _build(game: Game, space: str, size: str, seat: int = 0) -> None:
    game.players[seat].resources["gear"] = 6
    game.players[seat].resources["food"] = 6
    drive(actions.build(Ctx(game, seat, ABYSS)), [space, size])


def test_building_a_small_building_next_to_a_lake_gives_its_small_building_reward():
    """004's example lake: a small building next to it, 1 devotion point."""
    game = _game()
    _build(game, "1,0", "small")
    assert abyss(game.players[0]).devotion == 1


def test_building_a_large_building_next_to_a_lake_gives_its_large_building_reward():
    """004's example lake: a large building next to it, 3 devotion points."""
    game = _game()
    _build(game, "1,0", "large")
    assert abyss(game.players[0]).devotion == 3


def test_lake_building_reward_only_once_per_lake_and_building_type():
    game = _game()
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}  # built next to the lake before
    _build(game, "3,-2", "small")  # a second small building next to the same lake: nothing more
    assert abyss(game.players[0]).devotion == 0
    game = _game()
    _build(game, "1,0", "small")
    _build(game, "3,-2", "large")  # the first large one there: its own reward
    assert abyss(game.players[0]).devotion == 1 + 3


def test_each_player_takes_the_lake_building_reward_for_themselves():
    game = _game()
    _build(game, "1,0", "small")
    _build(game, "3,-2", "small", seat=1)
    assert (abyss(game.players[0]).devotion, abyss(game.players[1]).devotion) == (1, 1)


def test_a_building_touching_several_cells_of_one_lake_takes_its_reward_once():
    game = _game(start="start_tile_3")  # 1,1 is sand and touches the lake cells 2,0 and 2,1
    _build(game, "1,1", "small")
    assert abyss(game.players[0]).devotion == 1


def test_hibernation_bonus_for_each_building_type_next_to_a_lake():
    """004's example lake: 1 book for a small building next to it, and 1 devotion more with a large one."""
    game = _game()
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    run_text(Ctx(game, 0, ABYSS), LAKE_BONUS)
    assert (game.players[0].resources["book"], abyss(game.players[0]).devotion) == (1, 0)
    game.board.buildings["3,-2"] = {"player": 0, "size": "large"}
    run_text(Ctx(game, 0, ABYSS), LAKE_BONUS)
    assert (game.players[0].resources["book"], abyss(game.players[0]).devotion) == (2, 1)


def test_hibernation_bonus_once_per_building_type_however_many_buildings():
    game = _game()
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    game.board.buildings["3,-2"] = {"player": 0, "size": "small"}
    run_text(Ctx(game, 0, ABYSS), LAKE_BONUS)
    assert game.players[0].resources["book"] == 1


def test_hibernating_takes_the_lake_bonus_as_its_last_step():
    game = _game()
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    drive(hibernate_steps(Ctx(game, 0, ABYSS)), ["1", "gear"])  # hibernation track reward: a gear
    assert game.players[0].resources["book"] == 1 and game.players[0].hibernations == 1


def test_the_lake_bonus_comes_after_every_hibernation_step_as_the_packs_rule():
    game = _game(energy_on=["standard_grey"])
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    ctx = Ctx(game, 0, ABYSS)
    drive(hibernate_steps(ctx), ["1", "gear"])
    lake = next(i for i, line in enumerate(ctx.log) if "abyss_lake_1's hibernation reward" in line)
    assert ctx.log[lake:] == [ctx.log[lake], "Ann gains 1 book"]  # the last thing the hibernation does
    assert "Ann moves the hibernation marker to space 1" in ctx.log[:lake]
    rule = ABYSS.component("abyss_lake_hibernation_rewards").effects["effect"]
    assert [c.event.name for c in rule.clauses] == ["hibernated"]


def test_range_cannot_be_counted_through_lakes():
    game = _game(buildings_left={"small": 4, "large": 3})
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    ctx = Ctx(game, 0, ABYSS)
    # 4,-1 lies just beyond the lake; around it the path is unexplored, through it is forbidden
    assert distance(ctx, ["4,-1"]) is None
    assert distance(ctx, ["2,0"]) == 0  # the lake itself lies next to the building


def test_range_through_lakes_counts_each_lake_as_one_large_space():
    """The gates tribe's technology: a lake of four cells costs 1 to cross, like one large space."""
    game = _game("abyss_tribe_gates", "single", technologies=["abyss_gates_lake_crossing"])
    game.board.buildings["1,0"] = {"player": 0, "size": "small"}
    ctx = Ctx(game, 0, ABYSS)
    assert distance(ctx, ["4,-1"]) == 1  # 1,0 -> the lake (2,0 and 3,-1 or 3,0) -> 4,-1
    assert distance(ctx, ["4,0"]) == 1  # beyond 3,0: still the one lake passed


def test_lakes_are_not_water_spaces():
    """No water reward, no water scoring, and the Hofstadterian temple cannot go on a lake."""
    game = _game("hofstadterians", "moon", start="start_tile_4", tokens_left={"temple": 1})  # 1,1 is water
    game.players[0].resources["food"] = 6
    assert list(place_options(Ctx(game, 0, ABYSS), "temple")) == ["1,1"]  # the water, never the lake
    game = _game()  # 1,0 touches the lake and no water
    _build(game, "1,0", "small")
    assert game.players[0].waters_claimed == [] and abyss(game.players[0]).devotion == 1
