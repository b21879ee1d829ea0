"""The devotion track and converting points (004 "The devotion track", "Converting points")."""

from __future__ import annotations

from revive_dsl.engine.interpret import Ctx, decisions_asked, run_text, run_to_end
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.abyss.devotion import advance_devotion
from revive_dsl.rules.abyss.state import abyss, abyss_player
from revive_dsl.rules.base.gains import gain_points
from revive_dsl.rules.base.scoring import final_scores

load_all()
ABYSS = Rules.load(("base", "abyss"))
BASE = Rules.load(("base",))


def _ctx(rules=ABYSS, **fields) -> Ctx:
    player = abyss_player(seat=0, name="Ann", tribe="nadair", side="sun", **fields)
    other = Player(seat=1, name="Bo", tribe="formica", side="sun")
    return Ctx(Game(players=[player, other], packs=list(rules.packs)), 0, rules)


def test_five_points_gained_four_converted_to_two_devotion_and_one_point():
    ctx = _ctx()
    asked = decisions_asked(gain_points(ctx, 5), ["4"])
    assert asked[0].legal_keys() == ["0", "2", "4"]
    assert (abyss(ctx.player).devotion, ctx.player.points) == (2, 1)


def test_devotion_gained_may_be_converted_two_to_one_into_points():
    ctx = _ctx()
    run_text(ctx, "devotion 2", ["2"])
    assert (abyss(ctx.player).devotion, ctx.player.points) == (0, 1)


def test_gain_kept_whole_when_not_converted():
    ctx = _ctx()
    run_to_end(gain_points(ctx, 5), ["0"])
    assert (abyss(ctx.player).devotion, ctx.player.points) == (0, 5)


def test_a_single_point_asks_nothing():
    ctx = _ctx()
    assert decisions_asked(gain_points(ctx, 1), []) == []
    assert ctx.player.points == 1


def test_base_game_points_are_never_converted():
    ctx = _ctx(BASE)
    assert decisions_asked(gain_points(ctx, 5), []) == []
    assert (abyss(ctx.player).devotion, ctx.player.points) == (0, 5)


def test_converter_machine_splits_four_points_into_three_devotion_and_one_point():
    ctx = _ctx(unlocked=["special_yellow_1"], special_machines={"special_yellow_1": "abyss_mach_converter"}, energy=1)
    asked = decisions_asked(gain_points(ctx, 4), ["special_yellow_1", "3"])
    assert asked[0].legal_keys() == ["special_yellow_1", "none"]
    assert asked[1].legal_keys() == ["0", "1", "2", "3", "4"]
    assert (abyss(ctx.player).devotion, ctx.player.points, ctx.player.energy_on) == (3, 1, ["special_yellow_1"])


def test_bonus_space_draws_two_scyphoz_cards_and_keeps_one():
    ctx = _ctx(devotion=1)
    abyss(ctx.game.supply).scyphoz_deck = ["abyss_scy_devout", "abyss_scy_spark", "abyss_scy_swarm"]
    run_to_end(advance_devotion(ctx, 2), ["abyss_scy_spark"])  # space 3
    assert ctx.player.active == ["abyss_scy_spark"]
    assert abyss(ctx.game.supply).scyphoz_deck == ["abyss_scy_swarm", "abyss_scy_devout"]


def test_passing_several_bonus_spaces_takes_each():
    ctx = _ctx(devotion=18)
    ctx.game.board.majors = ["major_amber_1p", "major_amber_2p"]
    abyss(ctx.game.supply).scyphoz_deck = []
    run_to_end(advance_devotion(ctx, 5), ["major_amber_2p"])  # 20: an artifact; 23: Scyphoz (deck empty)
    assert ctx.player.majors == ["major_amber_2p"] and abyss(ctx.player).devotion == 23


def test_devotion_location_populated_free_of_books():
    ctx = _ctx(devotion=9)
    ctx.game.board.large_locations["devotion"] = {"tile": "abyss_largeloc", "side": 0}
    ctx.game.board.figures["devotion"] = [1]
    ctx.player.resources["book"] = 0
    run_to_end(advance_devotion(ctx, 1), ["t1"])  # space 10
    assert ctx.game.board.figures["devotion"] == [1, 0]
    assert ctx.player.technologies == ["t1"]
    assert ctx.game.players[1].resources["book"] == 0  # no book to the player already there


def test_devotion_location_unlock_runs_the_once_effect_before_the_lasting_rules():
    # 003 (Vukuntur "Supply drop"): 1 crate and 1 crystal on unlocking, not a second crystal for that crate
    ctx = _ctx(devotion=9)
    ctx.player.tribe, ctx.player.technologies = "vukuntur", ["t1"]
    ctx.game.board.large_locations["devotion"] = {"tile": "abyss_largeloc", "side": 0}
    ctx.game.supply.crates = ["crate_01"]
    run_to_end(advance_devotion(ctx, 1), ["t2a"])  # space 10
    assert ctx.player.crates_closed == ["crate_01"] and ctx.player.resources["crystal"] == 1
    assert ctx.player.technologies == ["t1", "t2a"]


def test_devotion_location_not_twice():
    ctx = _ctx()
    ctx.game.board.large_locations["devotion"] = {"tile": "abyss_largeloc", "side": 0}
    ctx.game.board.figures["devotion"] = [0]
    assert decisions_asked(advance_devotion(ctx, 10), []) == []


def test_beyond_25_devotion_keeps_counting_without_bonuses():
    ctx = _ctx(devotion=25)
    abyss(ctx.game.supply).scyphoz_deck = ["abyss_scy_devout", "abyss_scy_spark"]
    assert decisions_asked(advance_devotion(ctx, 5), []) == []
    assert abyss(ctx.player).devotion == 30 and ctx.player.points == 0


def test_devotion_is_added_to_the_score_at_the_end():
    ctx = _ctx(devotion=31, points=10)
    sheet = final_scores(ABYSS, ctx.game)[0]
    assert ("devotion", 31) in [(x.rule, x.points) for x in sheet.lines]
    assert sheet.total >= 41


def test_a_figure_on_the_location_beside_the_devotion_track_counts_no_range_so_the_chasm_still_does():
    """004 puts that location beside the devotion track, off the map: range keeps counting from the chasm."""
    from revive_dsl.engine.game import legal_moves
    from revive_dsl.engine.range import RANGE_ORIGINS
    from revive_dsl.engine.setup import new_game
    from revive_dsl.rules.abyss.devotion import DEVOTION_LOCATION

    rules = Rules.load(("base", "abyss"))
    game = new_game(rules, [("Ann", "nadair", "sun"), ("Bob", "ox49", "sun")], seed=4)
    game.board.figures[DEVOTION_LOCATION] = [0]
    origins = [origin for hook in RANGE_ORIGINS.of(Ctx(game, 0, rules)) for origin in hook(Ctx(game, 0, rules))]
    assert origins == [("0,0", 0)]
    assert "explore" in legal_moves(game)
