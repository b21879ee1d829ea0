"""Scyphoz cards (004 "Scyphoz cards"): played as citizen cards of a colour chosen each turn."""

from __future__ import annotations

from revive_dsl.engine.game import Runner, end_turn, legal_moves
from revive_dsl.engine.interpret import Ctx, decisions_asked, run_text, run_to_end
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.abyss.scyphoz import draw_scyphoz
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.cards import card_colours, play_card
from revive_dsl.rules.base.scoring import final_scores

load_all()
ABYSS = Rules.load(("base", "abyss"))


def _ctx(**fields) -> Ctx:
    player = Player(seat=0, name="Ann", tribe=fields.pop("tribe", "nadair"), side="sun", **fields)
    other = Player(seat=1, name="Bo", tribe="formica", side="sun")
    return Ctx(Game(players=[player, other], packs=["base", "abyss"]), 0, ABYSS)


def test_played_scyphoz_card_takes_the_chosen_colour_and_triggers_its_modules():
    ctx = _ctx(active=["abyss_scy_spark"], modules={"top_left": ["abyss_mod_green", None]})
    asked = decisions_asked(play_card(ctx), ["abyss_scy_spark", "green", "top_left"])
    assert asked[1].legal_keys() == ["grey", "green", "yellow"]
    assert card_colours(ctx, "abyss_scy_spark") == {"green"}
    assert ctx.player.energy == 2  # the card's top
    assert abyss(ctx.player).devotion == 1  # the green module


def test_play_green_may_play_a_scyphoz_card_as_green():
    """004's example: a card lets you play another green card; the Scyphoz card is played as green."""
    ctx = _ctx(active=["abyss_scy_spark", "cit_smith"])
    asked = decisions_asked(play_card(ctx, "green"), ["abyss_scy_spark", "top_left"])
    assert asked[0].legal_keys() == ["abyss_scy_spark"]  # the grey citizen may not
    assert abyss(ctx.player).scyphoz_colours == {"abyss_scy_spark": "green"}


def test_colour_chosen_for_the_turn_and_forgotten_when_it_ends():
    ctx = _ctx(resting=["abyss_scy_devout"])
    game = ctx.game
    game.turn.actions = 1
    assert "scyphoz_colour" in legal_moves(game)
    runner = Runner(game, ABYSS)
    for key in ("scyphoz_colour", "abyss_scy_devout", "yellow"):
        runner.answer(key)
    assert abyss(runner.game.players[0]).scyphoz_colours == {"abyss_scy_devout": "yellow"}
    assert "scyphoz_colour" not in legal_moves(runner.game)
    end_turn(runner.game)
    assert abyss(runner.game.players[0]).scyphoz_colours == {}


def test_scyphoz_cards_counted_as_yellow_for_the_card_bonus():
    """004's example: yellow and green bonuses unlocked, 2 points per card; Scyphoz cards count as yellow."""
    ctx = _ctx(
        active=["abyss_scy_spark", "abyss_scy_devout", "cit_farmer", "cit_scout"],
        unlocked=["card_bonus_yellow", "card_bonus_green"],
    )
    assert ABYSS.data("cit_farmer")["colour"] == "yellow" and ABYSS.data("cit_scout")["colour"] == "green"
    lines = [x for x in final_scores(ABYSS, ctx.game)[0].lines if x.rule.startswith("card bonus")]
    assert sum(x.points for x in lines) == 2 * (1 + 2) + 2 * 1


def test_draw_two_keep_one_other_to_the_bottom():
    ctx = _ctx()
    abyss(ctx.game.supply).scyphoz_deck = ["abyss_scy_devout", "abyss_scy_spark", "abyss_scy_swarm"]
    run_to_end(draw_scyphoz(ctx), ["abyss_scy_devout"])
    assert ctx.player.active == ["abyss_scy_devout"]
    assert abyss(ctx.game.supply).scyphoz_deck == ["abyss_scy_swarm", "abyss_scy_spark"]


def test_kuniban_first_technology_claims_a_colour_for_a_scyphoz_card():
    ctx = _ctx(tribe="kuniban", technologies=["t1"])
    abyss(ctx.game.supply).scyphoz_deck = ["abyss_scy_spark"]
    asked = decisions_asked(draw_scyphoz(ctx), ["yellow"])
    assert asked[0].legal_keys() == ["green", "grey", "yellow"]
    assert ctx.player.resources["food"] == 1


def test_lake_crystals_a_crystal_per_lake_built_next_to():
    ctx = _ctx()
    board = ctx.game.board
    board.tiles["a02"] = {"tile": "abyss_lake_1", "orientation": 0, "explored": True}
    board.buildings["1,0"] = {"player": 0, "size": "small"}
    run_text(ctx, ABYSS.data("abyss_scy_lake_crystals")["top"])
    assert ctx.player.resources["crystal"] == 1


def test_second_switch_resets_the_switch_then_plays_another_card():
    ctx = _ctx(switch_used=True, active=["cit_smith"])
    run_text(ctx, ABYSS.data("abyss_scy_second_switch")["top"], ["use", "cit_smith", "top_left"])
    assert not ctx.player.switch_used and ctx.player.slots["top_left"][0].card == "cit_smith"


def test_tide_of_minds_rests_up_to_three_cards_for_their_tops():
    ctx = _ctx(active=["cit_smith", "cit_farmer"])
    run_text(ctx, ABYSS.data("abyss_scy_tide_of_minds")["top"], ["yes", "cit_smith", "yes", "cit_farmer", "no"])
    assert ctx.player.resting == ["cit_smith", "cit_farmer"] and ctx.player.resources["gear"] == 2


def test_abundance_pays_a_crystal_to_set_a_resource_to_six():
    ctx = _ctx()
    ctx.player.resources["crystal"] = 1
    run_text(ctx, ABYSS.data("abyss_scy_abundance")["top"], ["pay", "book"])
    assert ctx.player.resources["book"] == 6 and ctx.player.resources["crystal"] == 0


def test_borrowed_wisdom_takes_the_bottom_of_a_display_card():
    ctx = _ctx()
    ctx.game.supply.citizen_display = ["cit_herald"]
    run_text(ctx, ABYSS.data("abyss_scy_borrowed_wisdom")["top"], ["use", "cit_herald", "0"])  # 0: no conversion
    assert ctx.player.points == 2
