"""Mechanics as data: a card of your own chosen from an area and rested or returned to the box
(``rest_card AREA``, ``return_card AREA``), and scoring tiers at most or exactly a threshold.

Rulebook (003) "Effect of symbols" (the rest symbol, the hibernate symbol's card back in the box), "Effects on
the starting cards" (effects are optional); 004 "Journeys" (a card returned to the game box); docs/rulings.md,
"Card effect words".
"""

import pytest

from revive_dsl import parse
from revive_dsl.dsl.checker import check
from revive_dsl.dsl.explain import explain
from revive_dsl.dsl.formatter import format_program
from revive_dsl.engine.interpret import Ctx, can_carry_out, decisions_asked, reference, run, why_not
from revive_dsl.engine.invariants import card_places, violations
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import Game, Played, Player
from revive_dsl.positions import DslError
from revive_dsl.rules.base.scoring import evaluate

load_all()
RULES = Rules.load(("base",))


def body(text):
    return parse(text).clauses[0].body


def solo(**fields):
    player = Player(seat=0, name="Ann", tribe="t", side="sun", **fields)
    game = Game(players=[player])
    return game, player, Ctx(game, 0, RULES)


# --- return_card AREA: a card of your own back in the box ---------------------------------------------


def test_return_card_offers_the_areas_cards_and_puts_the_chosen_one_in_the_box():
    game, player, ctx = solo(active=["cit_smith", "cit_farmer"])
    asked = decisions_asked(run(body("return_card active"), ctx), ["use", "cit_farmer"])
    assert asked[1].legal_keys() == ["cit_smith", "cit_farmer"]
    assert player.active == ["cit_smith"] and game.supply.removed == ["cit_farmer"]
    assert ctx.log == ["Ann returns cit_farmer to the box: it leaves the game"]


def test_return_card_from_the_slots_may_take_a_buried_card():
    game, player, ctx = solo()
    player.slots["top_left"] = [Played("cit_smith", "top"), Played("cit_farmer", "top")]
    decisions_asked(run(body("return_card slots"), ctx), ["use", "cit_smith"])
    assert player.slots["top_left"] == [Played("cit_farmer", "top")] and game.supply.removed == ["cit_smith"]


def test_return_card_from_the_resting_area_offers_its_cards_sorted():
    game, player, ctx = solo(resting=["cit_smith", "cit_farmer"])
    asked = decisions_asked(run(body("return_card resting"), ctx), ["use", "cit_smith"])
    assert asked[1].legal_keys() == ["cit_farmer", "cit_smith"]
    assert player.resting == ["cit_farmer"] and game.supply.removed == ["cit_smith"]


def test_a_card_returned_to_the_box_is_neither_lost_nor_in_two_places():
    rules = RULES
    game = new_game(rules, [("Ann", "nadair", "sun"), ("Bo", "kuniban", "moon")], seed=3)
    before = card_places(game)
    card = game.players[0].active[0]
    decisions_asked(run(body("return_card active"), Ctx(game, 0, rules)), ["use", card])
    assert card in game.supply.removed and card not in game.players[0].active
    assert card_places(game) == before and violations(game, whole=True) == []


def test_return_card_may_be_declined():
    game, player, ctx = solo(active=["cit_smith"])
    asked = decisions_asked(run(body("return_card active"), ctx), ["skip"])
    assert asked[0].rule == "optional effect" and asked[0].legal_keys() == ["use", "skip"]
    assert player.active == ["cit_smith"] and game.supply.removed == [] and ctx.declined


# --- rest_card AREA ------------------------------------------------------------------------------------


def test_rest_card_active_rests_an_unplayed_card_without_its_effect():
    _, player, ctx = solo(active=["cit_smith", "cit_farmer"])
    asked = decisions_asked(run(body("rest_card active"), ctx), ["use", "cit_smith"])
    assert asked[1].prompt == "move which unplayed card to your resting area?"
    assert player.active == ["cit_farmer"] and player.resting == ["cit_smith"]
    assert player.resources == dict.fromkeys(("gear", "book", "food", "crystal"), 0)  # no half gained
    assert ctx.log == ["Ann rests cit_smith"]


def test_rest_card_slots_is_the_printed_rest_card():
    assert check(parse("rest_card slots")) == []

    def play(word):
        _, player, ctx = solo(active=["cit_farmer"])
        player.slots["top_left"] = [Played("cit_smith", "top")]
        asked = decisions_asked(run(body(word), ctx), ["use", "cit_smith"])
        return [(d.prompt, d.legal_keys()) for d in asked], player, ctx.log

    assert play("rest_card slots") == play("rest_card")
    _, player, _ = play("rest_card slots")
    assert player.resting == ["cit_smith"] and player.slots["top_left"] == [] and player.active == ["cit_farmer"]


# --- both: the card whose effect it is, an empty area ---------------------------------------------------


@pytest.mark.parametrize("word", ["rest_card active", "return_card active"])
def test_the_card_whose_effect_it_is_is_never_offered(word):
    _, player, ctx = solo(active=["cit_smith", "cit_farmer"])
    ctx.source = "cit_smith"
    asked = decisions_asked(run(body(word), ctx), ["use", "cit_farmer"])
    assert asked[1].legal_keys() == ["cit_farmer"] and "cit_smith" in player.active


@pytest.mark.parametrize(
    ("word", "english", "area"),
    [
        ("return_card resting", "return a card from your resting area to the game box", "resting area"),
        ("rest_card active", "move an unplayed card from your active area to your resting area", "active area"),
    ],
)
def test_a_card_word_with_an_empty_area_is_not_offered_and_says_why(word, english, area):
    _, player, ctx = solo(active=[], resting=[])
    player.slots["top_left"] = [Played("cit_smith", "top")]  # a card elsewhere does not count
    assert (
        not can_carry_out(ctx, body(word)) and why_not(ctx, body(word)) == f"{english}: Ann has no card in the {area}"
    )
    assert decisions_asked(run(body(f"pay gear -> {word}"), ctx), []) == []  # no payment offered for nothing
    assert decisions_asked(run(body(word), ctx), []) == []


def test_the_card_words_ask_and_do_the_same_compiled_and_as_the_tree():
    def play(tree: bool):
        game, _, ctx = solo(active=["cit_smith", "cit_farmer"], resting=["cit_scout"])
        answers = ["use", "cit_farmer", "cit_farmer"]  # an "and" asks once for the whole
        text = body("rest_card active and return_card resting")
        if tree:
            with reference():
                asked = decisions_asked(run(text, ctx), answers)
        else:
            asked = decisions_asked(run(text, ctx), answers)
        return [(d.rule, d.prompt, d.legal_keys()) for d in asked], game.to_json(), ctx.log

    assert play(tree=True) == play(tree=False)
    assert play(tree=False)[2] == ["Ann rests cit_farmer", "Ann returns cit_farmer to the box: it leaves the game"]


# --- bad input ------------------------------------------------------------------------------------------


def test_an_unknown_area_is_a_positioned_error_with_a_suggestion():
    (problem,) = check(parse("gain food; return_card activ"))
    assert (problem.pos.line, problem.pos.column) == (1, 24)
    assert "'activ' is not an area" in problem.message and "did you mean 'active'?" in problem.message


def test_rest_card_refuses_the_resting_area():
    (problem,) = check(parse("rest_card resting"))
    assert "'resting' is not a play_area" in problem.message


def test_return_card_needs_an_area():
    (problem,) = check(parse("return_card"))
    assert problem.message == "'return_card' needs an area as its 'area'; example: return_card resting"


# --- scoring tiers: at least (``at``), at most, exactly ---------------------------------------------------


def crates(number):
    _, player, ctx = solo()
    player.crates_closed = [f"crate_{i:02}" for i in range(1, number + 1)]
    return ctx


@pytest.mark.parametrize(
    ("text", "scores"),
    [
        ("score 5/2 at most 0/2 crates", [5, 2, 2, 0, 0]),
        ("score 2/5 at exactly 1/3 crates", [0, 2, 0, 5, 0]),
        ("score 4 at exactly 2 crates", [0, 0, 4, 0, 0]),
        ("score 4 at 2 crates", [0, 0, 4, 4, 4]),
    ],
)
def test_tiers_score_the_most_points_of_the_thresholds_met(text, scores):
    assert [evaluate(parse(text), crates(number)) for number in range(5)] == scores


def test_at_most_tiers_score_the_most_points_met_whatever_their_order():
    assert [evaluate(parse("score 2/5 at most 1/3 crates"), crates(number)) for number in range(5)] == [5, 5, 5, 5, 0]


@pytest.mark.parametrize(
    ("text", "op"),
    [("score 3/7 at 3/6 crates", ">="), ("score 5/2 at most 0/2 crates", "<="), ("score 4 at exactly 3 crates", "==")],
)
def test_a_tiers_bound_is_read_into_the_tree_and_written_back(text, op):
    tree = parse(text)
    assert tree.clauses[0].formula.op == op
    assert format_program(tree) == text and parse(format_program(tree)) == tree
    assert check(tree) == []


def test_tiers_say_their_bound_in_english():
    assert explain(parse("score 5/2 at most 0/2 crates")) == (
        "Score 5 or 2 points for at most 0 or 2 crates you have (opened or not) (the most points met)."
    )
    assert (
        explain(parse("score 4 at exactly 3 crates")) == "Score 4 points for exactly 3 crates you have (opened or not)."
    )


def test_a_bare_exactly_is_a_positioned_syntax_error():
    with pytest.raises(DslError) as caught:
        parse("score 4 exactly 3 crates")
    (problem,) = caught.value.diagnostics
    assert (problem.pos.line, problem.pos.column) == (1, 9)
    assert problem.message == "syntax error: unexpected 'exactly'; expected '/', 'at' or 'per'"


def test_at_most_thresholds_must_rise():
    (problem,) = check(parse("score 5/2 at most 2/0 crates"))
    assert problem.message == "thresholds must rise from left to right"
