"""Optional effects (003, "Effects on the starting cards": using an effect is always optional).

Every trade asks ``pay`` or ``skip``; every effect whose result a player may not want asks ``use`` or
``skip``; plain gains run at once; an effect the player already chose (a machine, a crate, a
technology's trade, a repetition) asks nothing more; each ``basic`` in a cost is a choice of its own.
"""

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.engine.decisions import IllegalAnswer
from revive_dsl.engine.game import Runner
from revive_dsl.engine.interpret import Ctx, decisions_asked, run, run_text
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Played, Player
from revive_dsl.rules.base.machines import activate

load_all()
RULES = Rules.load(("base",))


def solo(**fields):
    player = Player(seat=0, name="Ann", tribe=fields.pop("tribe", "t"), side=fields.pop("side", "sun"), **fields)
    game = Game(players=[player])
    return game, player, Ctx(game, 0, RULES)


def body(text):
    return parse(text).clauses[0].body


def play_baker(answer: str) -> Player:
    """The issue's example: the Baker ("pay 2 food -> points 3") played into a top slot with 3 food."""
    game, player, _ = solo(active=["cit_baker"])
    player.resources["food"] = 3
    runner = Runner(game, RULES)
    for key in ("play", "cit_baker", "top_left"):
        runner.answer(key)
    decision = runner.decision()
    assert (decision.rule, decision.legal_keys()) == ("pay", ["use", "skip"])
    assert decision.prompt == "pay 2 food to score 3 blue points?"
    runner.answer(answer)
    assert runner.between_moves
    return runner.game.players[0]


def test_a_card_trade_may_be_declined_paying_nothing_and_gaining_nothing():
    player = play_baker("skip")
    assert player.resources["food"] == 3 and player.points == 0
    assert player.slots["top_left"] == [Played("cit_baker", "top")]  # the card is played all the same


def test_a_card_trade_paid_pays_and_gains():
    player = play_baker("pay")
    assert player.resources["food"] == 1 and player.points == 3


def test_a_trade_the_player_cannot_pay_is_not_asked():
    _, player, ctx = solo()
    player.resources["food"] = 1
    assert decisions_asked(run(body("pay 2 food -> points 3"), ctx), []) == []
    assert player.resources["food"] == 1 and player.points == 0


def test_a_plain_gain_asks_nothing():
    _, player, ctx = solo()
    assert decisions_asked(run(body("gain 2 book and points 1"), ctx), []) == []
    assert player.resources["book"] == 2 and player.points == 1


def test_resting_a_card_asks_use_or_skip_and_skip_rests_nothing():
    _, player, ctx = solo(slots={"top_left": [Played("cit_smith", "top")]})
    asked = decisions_asked(run(body("rest_card"), ctx), ["skip"])
    assert [(d.rule, d.legal_keys()) for d in asked] == [("optional effect", ["use", "skip"])]
    assert player.slots["top_left"] == [Played("cit_smith", "top")] and player.resting == [] and ctx.declined


def test_resting_a_card_used_asks_which_card_without_a_second_skip():
    _, player, ctx = solo(slots={"top_left": [Played("cit_smith", "top")]})
    asked = decisions_asked(run(body("rest_card"), ctx), ["use", "cit_smith"])
    assert asked[1].legal_keys() == ["cit_smith"]
    assert player.resting == ["cit_smith"] and player.slots["top_left"] == []


def test_an_effect_with_nothing_to_act_on_is_not_asked():
    _, _player, ctx = solo()  # no played card to rest
    assert decisions_asked(run(body("rest_card"), ctx), []) == []


def test_an_and_with_a_declinable_word_asks_once_for_the_whole():
    _, player, ctx = solo(slots={"top_left": [Played("cit_smith", "top")]})
    asked = decisions_asked(run(body("gain book and rest_card"), ctx), ["skip"])
    assert [d.rule for d in asked] == ["optional effect"] and player.resources["book"] == 0


def test_a_machine_activated_asks_no_second_question():
    _, player, ctx = solo(energy=1)
    player.resources["food"] = 1
    asked = decisions_asked(activate(ctx, "m", body("pay food -> points 2")), [])
    assert asked == [] and player.resources["food"] == 0 and player.points == 2


def test_up_to_three_times_asks_yes_or_no_and_no_pay_question_inside():
    _, player, ctx = solo()
    player.resources["gear"] = 2
    asked = decisions_asked(
        run(body("up to 3 times: pay gear -> (gain 2 food or gain 2 book)"), ctx), ["yes", "gain 2 food", "no"]
    )
    assert [d.rule for d in asked] == ["up to N times", "choose one", "up to N times"]
    assert player.resources["gear"] == 1 and player.resources["food"] == 2


def test_an_or_of_declinable_effects_offers_skip():
    _, player, ctx = solo(slots={"top_left": [Played("cit_smith", "top")]}, resting=["cit_herald"])
    asked = decisions_asked(run(body("rest_card or recall_card"), ctx), ["skip"])
    assert asked[0].legal_keys() == ["rest_card", "recall_card", "skip"]
    assert player.resting == ["cit_herald"] and player.slots["top_left"] == [Played("cit_smith", "top")]


def test_any_two_basic_resources_may_be_two_different_kinds():
    """003, Hofstadterians sun: any 2 basic resources -> 1 crystal; 1 gear + 1 book + 1 food pays it."""
    _, player, ctx = solo()
    player.resources.update(gear=1, book=1, food=1)
    asked = decisions_asked(run(body("pay basic + basic -> gain crystal"), ctx), ["gear", "book"])
    assert [d.legal_keys() for d in asked] == [["gear", "book", "food", "skip"], ["book", "food"]]
    assert player.resources == {"gear": 0, "book": 0, "food": 1, "crystal": 1}


def test_two_basic_units_offer_only_what_leaves_the_rest_payable():
    _, player, ctx = solo()
    player.resources.update(gear=2)
    asked = decisions_asked(run(body("pay 2 basic -> gain 2 crystal"), ctx), ["gear", "gear"])
    assert [d.legal_keys() for d in asked] == [["gear", "skip"], ["gear"]]
    assert player.resources["gear"] == 0 and player.resources["crystal"] == 2


def test_the_crate_two_basics_for_two_crystals_takes_two_kinds():
    _, player, ctx = solo()
    player.resources.update(gear=1, food=1)
    run_text(ctx, "pay 2 basic -> gain 2 crystal", ["food", "gear"])
    assert player.resources == {"gear": 0, "book": 0, "food": 0, "crystal": 2}


def test_a_skipped_first_basic_unit_pays_nothing():
    _, player, ctx = solo()
    player.resources.update(gear=1, book=1)
    run_text(ctx, "pay basic + basic -> gain crystal", ["skip"])
    assert player.resources == {"gear": 1, "book": 1, "food": 0, "crystal": 0}


def test_an_answer_outside_the_options_is_refused():
    _, player, ctx = solo()
    player.resources.update(food=3)
    decision = next(run(body("pay 2 food -> points 3"), ctx))
    with pytest.raises(IllegalAnswer, match="legal: use, skip"):
        decision.choose("maybe")
    assert player.resources["food"] == 3
