"""Cards: playing into slots, slot symbols, slot modules, card effect words, the switch's copy options.

Rulebook (003) "Play a card", "Slot modules", "Slot symbol", "Effect of symbols", solo mode;
the advanced switch as 000 and 001 describe it; Formica's moon technology.
"""

import random
import sys
import types

import pytest

from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.parser import parse
from revive_dsl.engine.decisions import IllegalAnswer
from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner, end_turn
from revive_dsl.engine.interpret import Ctx, decisions_asked, run
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Played, Player
from revive_dsl.rules.base.cards import card_colours, play_card, playable_slots
from revive_dsl.rules.base.modules import take_module

load_all()
RULES = Rules.load(("base",))


def seat(n=0, **fields):
    return Player(seat=n, name=f"P{n}", tribe=fields.pop("tribe", "t"), side=fields.pop("side", "sun"), **fields)


drive = decisions_asked


def text(ctx, effect_text):
    return run(parse(effect_text).clauses[0].body, ctx)


def solo(**fields):
    player = seat(**fields)
    game = Game(players=[player])
    return game, player, Ctx(game, 0, RULES)


# --- play a card ---------------------------------------------------------------------------


def test_top_slot_gains_top_half():
    _, player, ctx = solo(active=["cit_smith"])
    drive(play_card(ctx), ["cit_smith", "top_left"])
    assert player.resources["gear"] == 2
    assert player.slots["top_left"] == [Played("cit_smith", "top")] and player.active == []


def test_bottom_slot_gains_bottom_half():
    _, player, ctx = solo(active=["cit_herald"])
    drive(play_card(ctx), ["cit_herald", "bottom_right"])
    assert player.points == 2 and player.slots["bottom_right"] == [Played("cit_herald", "bottom")]


def test_only_vacant_slots_or_slots_showing_a_slot_symbol_are_offered():
    _, player, ctx = solo(active=["cit_smith"])
    player.slots["top_left"] = [Played("cit_smith", "top")]  # no slot symbol on its top half
    player.slots["bottom_left"] = [Played("cit_tinker", "bottom")]  # "gain gear; slot"
    player.slots["bottom_right"] = [Played("cit_tinker", "top")]  # the slot symbol is on the hidden half
    player.active = ["cit_scholar", "cit_smith"]
    asked = drive(play_card(ctx), ["cit_scholar", "top_right"])
    assert asked[1].legal_keys() == ["top_right", "bottom_left"]
    with pytest.raises(IllegalAnswer):
        drive(play_card(ctx), ["cit_smith", "top_left"])


def test_slot_symbol_allows_playing_onto_a_card():
    _, player, ctx = solo(active=["cit_herald"])
    player.slots["bottom_left"] = [Played("cit_tinker", "bottom")]
    drive(play_card(ctx), ["cit_herald", "bottom_left"])
    assert [p.card for p in player.slots["bottom_left"]] == ["cit_tinker", "cit_herald"]
    assert player.points == 2 and player.resources["gear"] == 0  # green on grey: no reactivation


def test_matching_colour_cards_in_the_slot_activate_again():
    _, player, ctx = solo(active=["cit_builder"])
    player.slots["bottom_left"] = [Played("cit_tinker", "bottom")]  # grey: "gain gear; slot"
    drive(play_card(ctx), ["cit_builder", "bottom_left"])  # grey: "gain 2 gear; flask"
    assert player.resources["gear"] == 3


def test_no_slot_and_no_card_means_the_play_action_is_not_offered():
    game, player, _ = solo(active=[])
    assert "play" not in Runner(game, RULES).decision().legal_keys()
    player.active = ["cit_smith"]
    assert "play" in Runner(game, RULES).decision().legal_keys()
    for slot in ("top_left", "top_right", "bottom_left", "bottom_right"):
        player.slots[slot] = [Played("cit_smith", "top")]
    assert "play" not in Runner(game, RULES).decision().legal_keys()


# --- slot modules -----------------------------------------------------------------------------


def test_modules_showing_the_played_colour_activate():
    _, player, ctx = solo(active=["cit_smith"])
    player.modules["top_left"] = ["mod_grey_1", "mod_green_1", "mod_grey_green_2"]  # 2 gear; 2 book; book
    drive(play_card(ctx), ["cit_smith", "top_left"])
    assert player.resources["gear"] == 4 and player.resources["book"] == 1


def test_a_module_placed_by_the_played_card_is_checked_with_its_slot():
    game, player, ctx = solo(active=["start_a_2"])  # grey, top: module
    game.supply.module_display = ["mod_grey_1"]
    drive(play_card(ctx), ["start_a_2", "top_left", "mod_grey_1", "top_left.1"])
    assert player.resources["gear"] == 2  # placed on a plain space, then activated by the grey card


def test_module_on_activation_space_activates_at_once():
    game, player, ctx = solo()
    game.supply.module_display, game.supply.module_pile = ["mod_grey_1", "mod_green_1"], ["mod_yellow_1"]
    asked = drive(take_module(ctx), ["mod_grey_1", "top_left.0"])
    assert "side.0" not in asked[1].legal_keys()  # the side slot is not unlocked
    assert player.modules["top_left"] == ["mod_grey_1", None, None] and player.resources["gear"] == 2
    assert game.supply.module_display == ["mod_green_1", "mod_yellow_1"] and game.supply.module_pile == []


def test_module_on_a_plain_space_waits_for_a_card():
    game, player, ctx = solo()
    game.supply.module_display = ["mod_grey_1"]
    drive(text(ctx, "module"), ["mod_grey_1", "top_left.1"])
    assert player.modules["top_left"][1] == "mod_grey_1" and player.resources["gear"] == 0


def test_replacing_a_module_does_not_activate_it():
    game, player, ctx = solo()
    for slot in RULES.player_board["slots"][:4]:
        player.modules[slot["id"]] = ["mod_yellow_4"] * len(slot["module_spaces"])
    game.supply.module_display = ["mod_grey_1"]
    asked = drive(take_module(ctx), ["mod_grey_1", "top_left.0"])
    assert "full" in asked[1].prompt and asked[1].legal_keys()[-1] == "none" and len(asked[1].options) == 11
    assert player.modules["top_left"][0] == "mod_grey_1" and player.resources["gear"] == 0
    game.supply.module_display = ["mod_green_1"]
    drive(take_module(ctx), ["mod_green_1", "none"])  # discarding is allowed, never forced
    assert game.supply.module_display == ["mod_green_1"] and "mod_green_1" not in player.modules["top_left"]


def test_modules_may_be_discarded_at_any_time_to_make_room():
    # 003 "Slot modules": a module may be discarded at any time to make space for a new one, so a full space may
    # take the new module while another is vacant; on an activation space the new module is not activated
    game, player, ctx = solo()
    player.modules["top_left"] = ["mod_yellow_4", "mod_green_1", None]
    game.supply.module_display = ["mod_grey_1"]
    asked = drive(take_module(ctx), ["mod_grey_1", "top_left.0"])
    spaces = asked[1]
    assert spaces.legal_keys()[:3] == ["top_left.0", "top_left.1", "top_left.2"] and "none" not in spaces.legal_keys()
    labels = {o.key: o.label for o in spaces.options}
    assert labels["top_left.0"] == "discard Yellow module 4 to make room (not activated)"
    assert labels["top_left.1"] == "discard Green module 1 to make room" and labels["top_left.2"] == "vacant"
    assert player.modules["top_left"] == ["mod_grey_1", "mod_green_1", None] and player.resources["gear"] == 0


# --- the side slot and turning cards ------------------------------------------------------------


def test_side_slot_needs_its_technology_and_plays_either_half():
    _, player, ctx = solo(active=["cit_herald"])
    assert "side" not in playable_slots(RULES, player)
    player.technologies = ["tech_side_slot"]
    assert "side" in playable_slots(RULES, player)
    asked = drive(play_card(ctx), ["cit_herald", "side", "bottom"])
    assert asked[2].legal_keys() == ["top", "bottom"]
    assert player.slots["side"] == [Played("cit_herald", "bottom")] and player.points == 2


def test_rotate_card_machine_plays_the_other_half():
    _, player, ctx = solo(active=["cit_herald"], energy=1)
    player.unlocked, player.special_machines = ["special_green_1"], {"special_green_1": "mach_green_3"}
    asked = drive(play_card(ctx), ["cit_herald", "top_left", "special_green_1"])
    assert asked[2].legal_keys() == ["special_green_1", "none"]
    assert player.slots["top_left"] == [Played("cit_herald", "bottom")] and player.points == 2
    assert player.energy == 0 and player.energy_on == ["special_green_1"]


def test_all_colours_makes_a_card_trigger_every_module_this_turn():
    game, player, ctx = solo(active=["cit_smith"])
    player.modules["top_left"] = ["mod_grey_1", "mod_green_1", None]
    drive(text(ctx, "all_colours"), ["cit_smith"])
    assert card_colours(ctx, "cit_smith") == {"grey", "green", "yellow"}
    drive(play_card(ctx), ["cit_smith", "top_left"])
    assert player.resources["gear"] == 4 and player.resources["book"] == 2
    end_turn(game)
    assert card_colours(ctx, "cit_smith") == {"grey"}


# --- card effect words ------------------------------------------------------------------------


def test_rest_card_cannot_move_the_card_that_triggered_it():
    _, player, ctx = solo(active=["cit_rigger"])  # bottom: rest_card
    player.slots["top_left"] = [Played("cit_smith", "top")]
    asked = drive(play_card(ctx), ["cit_rigger", "bottom_left", "use", "cit_smith"])
    assert asked[2].rule == "optional effect" and asked[3].legal_keys() == ["cit_smith"]
    assert player.resting == ["cit_smith"] and player.slots["top_left"] == []


def test_rest_card_from_a_machine_may_move_any_played_card():
    _, player, ctx = solo()
    player.slots["top_left"] = [Played("cit_smith", "top")]
    player.slots["bottom_left"] = [Played("cit_rigger", "bottom")]
    asked = drive(text(ctx, "rest_card"), ["use", "cit_rigger"])
    assert asked[1].legal_keys() == ["cit_smith", "cit_rigger"] and player.resting == ["cit_rigger"]


def test_recall_card_takes_a_resting_card_back_to_the_active_area():
    _, player, ctx = solo(resting=["cit_smith", "cit_farmer"])
    drive(text(ctx, "recall_card"), ["cit_smith"])
    assert player.active == ["cit_smith"] and player.resting == ["cit_farmer"]
    assert drive(text(Ctx(ctx.game, 0, RULES), "recall_card and recall_card"), ["cit_farmer"])


def test_cycle_card_rests_an_unplayed_card_for_its_top_half():
    _, player, ctx = solo(active=["cit_smith", "cit_herald"])
    drive(text(ctx, "cycle_card"), ["use", "cit_smith"])
    assert player.resting == ["cit_smith"] and player.resources["gear"] == 2 and player.active == ["cit_herald"]


def test_play_colour_plays_another_card_of_that_colour_without_an_action():
    game, player, _ = solo(active=["cit_welder", "cit_smith", "cit_herald"])  # welder top: play grey
    runner = Runner(game, RULES)
    for key in ("play", "cit_welder", "top_left"):
        runner.answer(key)
    assert runner.decision().legal_keys() == ["use", "skip"]  # playing another card is optional
    runner.answer("use")
    assert runner.decision().legal_keys() == ["cit_smith"]  # the green herald is not offered
    runner.answer("cit_smith")
    runner.answer("top_right")
    player = runner.game.players[0]
    assert player.resources["gear"] == 2 and runner.game.turn.actions == 1 and player.action_cube == 1


def test_recruit_takes_a_display_card_of_the_colour_and_fires_the_recruit_trigger():
    game, player, ctx = solo(tribe="kuniban", side="sun", technologies=["t1"])  # when recruit: colour_reward
    game.supply.citizen_display, game.supply.citizen_deck = ["cit_smith", "cit_scout", "cit_farmer"], ["cit_cook"]
    asked = drive(text(ctx, "recruit green"), ["cit_scout"])
    assert asked[0].legal_keys() == ["cit_scout"]
    assert player.active == ["cit_scout"] and player.resources["book"] == 1
    assert game.supply.citizen_display == ["cit_smith", "cit_farmer", "cit_cook"] and game.supply.citizen_deck == []


def test_display_bottom_gains_the_lower_half_of_a_display_card():
    game, player, ctx = solo()
    game.supply.citizen_display = ["cit_herald", "cit_smith"]
    drive(text(ctx, "display_bottom"), ["use", "cit_herald"])
    assert player.points == 2 and game.supply.citizen_display == ["cit_herald", "cit_smith"]


# --- solo and the hibernate symbol ------------------------------------------------------------


def test_solo_play_action_moves_the_action_cube_one_space():
    game, _, _ = solo(active=["cit_smith"])
    runner = Runner(game, RULES)
    for key in ("play", "cit_smith", "top_left"):
        runner.answer(key)
    assert runner.game.players[0].action_cube == 1


def test_solo_game_ends_with_the_turn_whose_play_moves_the_cube_beyond_the_progress_track():
    game, _, _ = solo(active=["cit_smith"], action_cube=19)  # the cube on the top (20th) space
    runner = Runner(game, RULES)
    for key in ("play", "cit_smith", "top_left"):
        runner.answer(key)
    assert not runner.game.turn.over  # free actions remain in this last turn
    runner.answer("end")
    assert runner.game.turn.over and runner.decision() is None


def test_hibernate_symbol_hibernates_removes_the_card_and_does_not_move_the_solo_cube_further(monkeypatch):
    def hibernate_steps(ctx):  # a stand-in that moves cards like step 3 and moves the cube as the action would
        for stack in ctx.player.slots.values():
            ctx.player.resting.extend(p.card for p in stack)
            stack.clear()
        ctx.player.action_cube += 2
        yield from ()

    fake = types.ModuleType("revive_dsl.rules.base.hibernate")
    fake.hibernate_steps = hibernate_steps
    monkeypatch.setitem(sys.modules, "revive_dsl.rules.base.hibernate", fake)
    game, _, _ = solo(active=["cit_pilgrim"])  # top: purple 5 and hibernate and remove_self
    runner = Runner(game, RULES)
    for key in ("play", "cit_pilgrim", "top_left"):
        runner.answer(key)
    assert runner.decision().legal_keys() == ["use", "skip"]  # the whole half is asked once
    runner.answer("use")
    player = runner.game.players[0]
    assert player.action_cube == 1 and player.purple == 5
    assert "cit_pilgrim" not in player.active + player.resting and player.slots["top_left"] == []
    assert runner.decision().legal_keys() == ["end"]


def test_hibernate_symbol_with_the_hibernation_steps_ends_the_turns_actions():
    game, player, _ = solo(active=["cit_feaster", "cit_smith"], resting=["cit_herald"])
    player.slots["top_right"] = [Played("cit_scholar", "top")]
    runner = Runner(game, RULES)
    for key in ("play", "cit_feaster", "top_left"):  # top: advance any 2 and hibernate and remove_self
        runner.answer(key)
    while runner.decision().rule != "turn":
        runner.answer(runner.decision().legal_keys()[0])
    player = runner.game.players[0]
    assert player.hibernations == 1 and player.action_cube == 1
    assert sorted(player.active) == ["cit_herald", "cit_smith"] and player.resting == ["cit_scholar"]
    assert "cit_feaster" not in player.active + player.resting + [p.card for p in player.slots["top_left"]]
    assert "play" not in runner.decision().legal_keys() and "end" in runner.decision().legal_keys()


def test_hibernate_symbol_returns_the_card_to_the_box():
    # 003 Pilgrim: after the hibernation the card is removed from the game (returned to the box)
    game, _, _ = solo(active=["cit_pilgrim"])  # top: purple 5 and hibernate and remove_self
    runner = Runner(game, RULES)
    for key in ("play", "cit_pilgrim", "top_left"):
        runner.answer(key)
    while runner.decision().rule != "turn":
        runner.answer(runner.decision().legal_keys()[0])
    player = runner.game.players[0]
    assert "cit_pilgrim" not in player.active + player.resting
    assert runner.game.supply.removed == ["cit_pilgrim"]
    assert "P0 returns cit_pilgrim to the box: it leaves the game" in runner.log


def test_a_copied_hibernate_symbol_returns_nothing_of_the_copier_to_the_box():
    game, _, ctx = solo()
    ctx.source = "cit_pilgrim"  # another player's card, copied: not in this player's areas
    drive(text(ctx, "remove_self"), ["use"])
    assert game.supply.removed == [] and ctx.log == []


# --- the switch ---------------------------------------------------------------------------------


def two_players(**first):
    game = Game(players=[seat(0, **first), seat(1)])
    return game, game.players[0], game.players[1]


def test_advanced_switch_copies_a_top_effect_and_rests_that_card():
    game, me, other = two_players()
    game.variants = ["advanced_switch"]
    me.slots["top_right"] = [Played("cit_herald", "top")]  # own cards may not be copied
    other.slots["top_left"] = [Played("cit_smith", "top")]
    other.slots["bottom_left"] = [Played("cit_herald", "bottom")]  # bottom visible: not for this switch
    runner = Runner(game, RULES)
    runner.answer("switch")
    assert runner.decision().legal_keys() == ["resource", "copy_top"]
    runner.answer("copy_top")
    assert runner.decision().legal_keys() == ["cit_smith"]
    runner.answer("cit_smith")
    me, other = runner.game.players
    assert me.resources["gear"] == 2 and me.switch_used
    assert other.slots["top_left"] == [] and other.resting == ["cit_smith"] and other.resources["gear"] == 0


def test_advanced_switch_needs_its_variant():
    game, _, other = two_players()
    other.slots["top_left"] = [Played("cit_smith", "top")]
    runner = Runner(game, RULES)
    runner.answer("switch")
    assert runner.decision().legal_keys() == ["gear", "book", "food"]


def test_formica_moon_switch_copies_a_bottom_effect_and_the_card_stays():
    game, me, other = two_players(tribe="formica", side="moon", technologies=["t2c"])  # switch_copy bottom
    other.slots["bottom_left"] = [Played("cit_herald", "bottom")]
    runner = Runner(game, RULES)
    runner.answer("switch")
    assert runner.decision().legal_keys() == ["resource", "copy_bottom"]
    runner.answer("copy_bottom")
    runner.answer("cit_herald")
    me, other = runner.game.players
    assert me.points == 2 and other.slots["bottom_left"] == [Played("cit_herald", "bottom")]


# --- every offered option can be carried out -------------------------------------------------

CARD_WORDS = {"gain", "points", "purple", "energy", "module", "rest_card", "recall_card", "cycle_card", "play"}
CARD_WORDS |= {"recruit", "all_colours", "display_bottom", "slot", "flask"}


def _only_card_words(card):
    calls = [
        node.name
        for program in RULES.component(card).effects.values()
        for node in program.walk()
        if isinstance(node, n.Call)
    ]
    return all(name in CARD_WORDS for name in calls)


@pytest.mark.parametrize("seed", range(12))
def test_random_answers_to_card_decisions_never_meet_an_option_that_fails(seed):
    rng = random.Random(seed)
    cards = [c for c in RULES.ids("citizen_card") if _only_card_words(c)]
    rng.shuffle(cards)
    game = Game(players=[seat(0, active=cards[:4], energy=1), seat(1, active=cards[4:8])], variants=["advanced_switch"])
    game.players[0].technologies = ["tech_side_slot"]
    game.supply.citizen_display, game.supply.citizen_deck = cards[8:11], cards[11:]
    game.supply.module_display, game.supply.module_pile = RULES.ids("slot_module")[:5], RULES.ids("slot_module")[5:9]
    runner, driver = Runner(game, RULES), RandomDriver(seed)
    for _ in range(60):
        decision = runner.decision()
        if decision.rule == "turn":
            keys = [k for k in decision.legal_keys() if k in ("play", "switch", "end")]
            if not keys:  # only hibernating is left: stand in for it by passing the turn
                end_turn(runner.game)
                continue
            runner.answer(keys[rng.randrange(len(keys))])
        else:
            assert decision.options
            runner.answer(driver.answer(decision))
    assert Game.from_json(runner.game.to_json()) == runner.game
