"""The six base tribes, sun and moon: abilities, tokens, technologies and lasting rules.

Rule documents: 003 (REFERENCE: the tribes), 001 (German summary, "Stamm-Fähigkeiten (F) Technologien (T)").
The board used: the five starting tiles face up in orientation 0 (s1: 1,0 sand; 1,1 forest; 2,-1 city;
3,-3 mountain; 3,-2 sand. s2: 0,-2 sand; 1,-3 field; 1,-2 sand; 1,-1 water (energy); 2,-2 city.
s3: -1,-1 mountain; 0,-1 field. s5: -1,2 mountain; 0,1 sand; 1,2 field).
"""

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.engine import registry
from revive_dsl.engine import resources as res
from revive_dsl.engine.game import Runner
from revive_dsl.engine.interpret import Ctx, count, decisions_asked, run, run_text, run_to_end
from revive_dsl.engine.range import passage_cost, range_costs
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.engine.state import Game, Played, Player, put_token, tokens_at
from revive_dsl.engine.triggers import fire
from revive_dsl.rules.base.board_actions import build, build_options, populate_options
from revive_dsl.rules.base.machines import activate, anytime_trades, machines_usable_during, usable_machines
from revive_dsl.rules.base.tribes import falcon_moves, place_options

registry.load_all()
do = run_text
asked = decisions_asked
RULES = Rules.load(("base",))
TRIBES = ("nadair", "hofstadterians", "ox49", "kuniban", "formica", "vukuntur")


def setup(tribe, side, players=1, **fields):
    """Five starting tiles face up; the first seat plays ``tribe``/``side`` with its tokens."""
    tokens = dict(RULES.data(tribe)["sides"][side].get("tokens", {}))
    tokens.pop("falcon", None)
    seats = [Player(seat=i, name=f"P{i}", tribe="nadair", side="sun") for i in range(players)]
    seats[0] = Player(seat=0, name="P0", tribe=tribe, side=side, tokens_left=tokens)
    for key, value in fields.items():
        setattr(seats[0], key, value)
    game = Game(players=seats)
    for slot in ("s1", "s2", "s3", "s4", "s5"):
        game.board.tiles[slot] = {"tile": f"start_tile_{slot[1]}", "orientation": 0, "explored": True}
    game.supply.energy = 10
    return game, seats[0], Ctx(game, 0, RULES)


def fired(ctx, event, answers=(), **data):
    run_to_end(fire(ctx, event, **data), list(answers))


# --- Nàdair ---------------------------------------------------------------------------------


def test_nadair_sun_ability_gains_two_books():
    _, player, ctx = setup("nadair", "sun")
    do(ctx, "ability")
    assert player.resources["book"] == 2 and player.tribe_markers == 4


def test_nadair_book_barter_books_pay_for_gear_and_food():
    _, player, _ = setup("nadair", "sun", technologies=["t1"])
    player.resources.update(book=4, gear=1)
    assert res.can_pay(player, {"gear": 3, "food": 1})
    res.pay(player, {"gear": 3, "food": 1})
    assert player.resources == {"gear": 0, "book": 1, "food": 0, "crystal": 0}
    plain = Player(
        seat=1, name="P1", tribe="nadair", side="sun", resources={"gear": 1, "book": 4, "food": 0, "crystal": 0}
    )
    assert not res.can_pay(plain, {"gear": 3})


def test_nadair_sun_grove_blessing_adds_book_and_point_to_ability():
    _, player, ctx = setup("nadair", "sun", technologies=["t1", "t2a"])
    do(ctx, "ability")
    assert player.resources["book"] == 3 and player.points == 1


def test_nadair_green_paths_forest_and_water_are_free_to_pass():
    _, _, ctx = setup("nadair", "sun", technologies=["t1", "t2c"])
    assert passage_cost(ctx, "1,1") == 0 and passage_cost(ctx, "1,-1") == 0 and passage_cost(ctx, "1,0") == 1


def test_nadair_moon_forest_tile_gives_a_book_per_connected_forest():
    game, player, ctx = setup("nadair", "moon", players=2)
    player.resources.update(crystal=1, food=1)
    game.board.tokens["0,-2"] = {"player": 0, "token": "forest_tile"}
    game.board.buildings["1,-3"] = {"player": 1, "size": "large"}  # 1,-3 is next to 1,-2
    options = place_options(ctx, "forest_tile")
    assert "1,-2" in options and options["1,-2"] == {"food": 1}  # range from the chasm through 1,-1
    assert "0,-2" not in options and "1,1" not in options  # vacant sand spaces only
    do(ctx, "ability", ["pay", "1,-2"])  # pay the crystal, then where
    assert player.resources["book"] == 2  # the new tile and the one chained to it
    assert game.players[1].tracks["green"] == 3  # a large building next to the new forest: 2 steps
    assert player.tokens_left["forest_tile"] == 4 and player.resources["food"] == 0


def test_nadair_moon_no_forest_tile_left_is_not_carried_out():
    _, player, ctx = setup("nadair", "moon", tokens_left={"forest_tile": 0})
    player.resources["crystal"] = 1
    do(ctx, "ability")
    assert player.tribe_markers == 5 and player.resources["crystal"] == 1


def test_nadair_moon_written_legacy_books_to_points():
    _, player, ctx = setup("nadair", "moon", technologies=["t1", "t2a"])
    player.resources["book"] = 2
    fired(ctx, "ability", ["yes", "yes"])
    assert player.points == 2 and player.resources["book"] == 0


# --- Hofstadterians -------------------------------------------------------------------------


def test_hofstadterian_sun_ability_gains_a_basic_per_claimed_water():
    _, player, ctx = setup("hofstadterians", "sun", waters_claimed=["1,-1", "-2,1"])
    do(ctx, "ability", ["gear", "food"])
    assert player.resources["gear"] == 1 and player.resources["food"] == 1


def test_hofstadterian_crystal_press_two_basics_for_a_crystal():
    _, player, ctx = setup("hofstadterians", "sun", technologies=["t1"])
    player.resources.update(gear=2)
    do(ctx, "pay basic + basic -> gain crystal", ["gear", "gear"])  # each basic unit chosen
    assert player.resources["crystal"] == 1 and player.resources["gear"] == 0


def test_hofstadterian_sun_two_different_basics_make_a_crystal():
    # 003: the crystal press turns any 2 basic resources into 1 crystal, at any time (a technology trade)
    game, player, ctx = setup("hofstadterians", "sun", technologies=["t1"])
    player.resources.update(gear=1, book=1, food=1)
    trade = "t1: pay basic + basic -> gain crystal"
    assert [key for key, _ in anytime_trades(ctx)] == [trade]
    runner = Runner(game, RULES)
    assert "tech_trade" in runner.decision().legal_keys()
    runner.answer("tech_trade")
    assert runner.decision().legal_keys() == [trade]
    runner.answer(trade)
    first = runner.decision()
    assert first.rule == "pay" and first.legal_keys() == ["gear", "book", "food", "skip"]
    runner.answer("gear")
    assert runner.decision().legal_keys() == ["book", "food"]  # no second gear (and no crystal) to pay with
    runner.answer("book")
    player = runner.game.players[0]
    assert player.resources == {"gear": 0, "book": 0, "food": 1, "crystal": 1}
    assert runner.game.turn.actions == 0  # a free action


def test_hofstadterian_open_doors_waives_book_fees_on_its_own_populate():
    game, player, ctx = setup("hofstadterians", "sun", players=2, technologies=["t1"])
    game.board.figures["2,-1"] = [1]
    player.resources.update(book=4, food=1)
    assert populate_options(ctx)["2,-1"]["t2a"] == {"book": 3, "food": 1}  # no fee to the figure there
    assert populate_options(ctx)["2,-1"]["t2b"] == {"book": 4, "food": 1}


def test_hofstadterian_long_sight_range_one():
    _, _, ctx = setup("hofstadterians", "sun")
    before = range_costs(ctx)["3,-3"]
    ctx.player.technologies = ["t1", "t2c"]
    assert range_costs(ctx)["3,-3"] == before - 1


def test_hofstadterian_moon_temple_collects_water_reward_again():
    _game, player, ctx = setup("hofstadterians", "moon", waters_claimed=["1,-1"])
    player.resources.update(crystal=1)
    options = place_options(ctx, "temple")
    assert options["1,-1"] == {} and options["-2,1"] == {"food": 1} and "1,0" not in options  # water only
    do(ctx, "ability", ["pay", "1,-1"])
    assert player.energy == 1  # the reward again, though a building claimed it
    assert player.waters_claimed == ["1,-1"]  # still counted once


def test_hofstadterian_moon_temple_water_counts_once_for_scoring_and_blocks_no_building():
    # 003: a temple's water counts for scoring, each water once; a building next to it still takes its reward
    _game, player, ctx = setup("hofstadterians", "moon")
    player.resources.update(crystal=1, gear=3)
    water_spaces = parse("score value water_spaces").clauses[0].formula.counter
    do(ctx, "ability", ["pay", "1,-1"])  # the temple on the energy water
    assert player.energy == 1 and count(water_spaces, ctx) == 1
    run_to_end(build(ctx), ["1,0", "small"])  # next to the temple's water
    assert player.energy == 2  # the building takes the reward too (the temple claims nothing)
    assert count(water_spaces, ctx) == 1  # still one water space


def test_hofstadterian_moon_temples_are_range_origins_with_two_more_in_temple_roads():
    game, player, ctx = setup("hofstadterians", "moon")
    game.board.buildings["0,1"] = {"player": 0, "size": "small"}
    base = range_costs(ctx)["3,-3"]
    game.board.tokens["2,-2"] = {"player": 0, "token": "temple"}  # as if a temple lay there
    assert range_costs(ctx)["3,-3"] == 0 < base
    game.board.tokens.clear()
    game.board.tokens["-2,1"] = {"player": 0, "token": "temple"}
    plain = range_costs(ctx)["-1,-2"]
    player.technologies = ["t1", "t2c"]
    assert range_costs(ctx)["-1,-2"] == max(0, plain - 2)


# --- ]0X49[ ----------------------------------------------------------------------------------


def test_ox49_sun_ability_food_for_two_points():
    _, player, ctx = setup("ox49", "sun")
    player.resources["food"] = 1
    do(ctx, "ability", ["pay"])
    assert player.points == 2 and player.resources["food"] == 0


def test_ox49_sun_ability_may_be_declined_and_moves_no_marker():
    # 003: using an effect is always optional; an ability not carried out moves no progress marker
    _, player, ctx = setup("ox49", "sun")
    player.resources["food"] = 1
    [question] = asked(run(parse("ability").clauses[0].body, ctx), ["skip"])
    assert question.rule == "pay" and question.legal_keys() == ["use", "skip"]
    assert player.resources["food"] == 1 and player.points == 0
    assert player.tribe_markers == 5 and player.progress == 0
    do(ctx, "ability", ["pay"])
    assert player.resources["food"] == 0 and player.points == 2
    assert player.tribe_markers == 4 and player.progress == 1


def test_ox49_light_rations_one_food_less_to_explore():
    _game, _player, ctx = setup("ox49", "sun", technologies=["t1"])
    from revive_dsl.rules.base.board_actions import pay_less

    assert pay_less(ctx, "explore", {"food": 2, "book": 1}) == {"book": 1, "food": 1}


def test_ox49_relocation_moves_a_figure():
    game, _player, ctx = setup("ox49", "sun")
    game.board.figures["2,-1"] = [0]
    do(ctx, "move_figure", ["use", "2,-1", "2,-2"])
    assert game.board.figures == {"2,-2": [0]}


def test_ox49_deep_scanner_is_a_machine_during_explore():
    _, _, ctx = setup("ox49", "sun", technologies=["t1", "t2c"], energy=1)
    assert [spot for spot, _ in machines_usable_during(ctx, "explore")] == ["t2c"]
    assert usable_machines(ctx) == []  # only while exploring


def test_ox49_moon_target_needs_no_range_and_not_own_pieces():
    game, _player, ctx = setup("ox49", "moon")
    game.board.figures["2,-1"] = [0]
    options = place_options(ctx, "target")
    assert "2,-1" not in options and "2,-2" in options and "3,-2" in options
    assert all(cost == {} for cost in options.values())


def test_ox49_moon_own_target_discounts_two():
    game, player, ctx = setup("ox49", "moon")
    game.board.tokens["1,0"] = {"player": 0, "token": "target"}
    player.resources["gear"] = 1
    assert build_options(ctx)["1,0"]["small"] == {"gear": 1}
    run_to_end(build(ctx), ["1,0", "small"])
    assert "1,0" not in game.board.tokens and player.tokens_left["target"] == 6


def test_ox49_moon_target_pays_owner_the_action_cost():
    game, owner, _ = setup("ox49", "moon", players=2)
    game.board.tokens["3,-2"] = {"player": 0, "token": "target"}
    builder = game.players[1]
    builder.resources.update(gear=5, food=2)
    other = Ctx(game, 1, RULES)
    run_to_end(build(other), ["3,-2", "small"])
    assert owner.resources["gear"] == 3 and owner.resources["food"] == 0  # the gears, not the range
    assert builder.resources["food"] < 2  # range was paid
    assert "3,-2" not in game.board.tokens and owner.tokens_left["target"] == 6


def test_ox49_moon_target_may_go_on_a_kuniban_sand_tile_and_both_then_work():
    # 003: a target goes on "any sand space" (a sand tile makes one); building there scores the sand tile's
    # point and pays the target's owner
    game, owner, ctx = setup("ox49", "moon", players=2)
    game.board.tokens["1,1"] = {"player": 1, "token": "sand_tile"}  # a forest made sand
    assert "1,1" in place_options(ctx, "target")
    do(ctx, "place target", ["use", "1,1"])
    assert [t["token"] for t in tokens_at(game.board, "1,1")] == ["sand_tile", "target"]
    builder = game.players[1]
    builder.resources.update(gear=3, food=6)
    run_to_end(build(Ctx(game, 1, RULES)), ["1,1", "small"])
    assert builder.points == 1 and owner.resources["gear"] == 3 and owner.tokens_left["target"] == 5
    assert tokens_at(game.board, "1,1") == [{"player": 1, "token": "sand_tile"}]


# --- Kuniban ---------------------------------------------------------------------------------


def test_kuniban_sun_ability_food_for_a_recruit():
    game, player, ctx = setup("kuniban", "sun")
    game.supply.citizen_display = ["cit_smith"]
    player.resources["food"] = 1
    do(ctx, "ability", ["pay", "cit_smith"])
    assert "cit_smith" in player.active


def test_kuniban_welcome_gifts_colour_reward_on_recruit():
    _game, player, ctx = setup("kuniban", "sun", technologies=["t1"])
    before = res.total(player)
    fired(ctx, "recruit", card="cit_smith")
    assert res.total(player) == before + 1


def test_kuniban_moon_sand_tile_takes_matching_display_card():
    game, player, ctx = setup("kuniban", "moon")
    game.supply.citizen_display = ["cit_smith", "cit_farmer", "cit_scholar"]
    player.resources["food"] = 1
    options = place_options(ctx, "sand_tile")
    assert "1,1" in options and "1,-1" not in options and "1,0" not in options  # terrain spaces only
    decisions = asked(run(parse("ability").clauses[0].body, ctx), ["use", "1,1", "cit_scholar"])
    assert decisions[-1].legal_keys() == ["cit_scholar"]  # forest: green cards only
    assert player.active == ["cit_scholar"] and game.board.tokens["1,1"]["token"] == "sand_tile"


def test_kuniban_moon_building_on_a_sand_tile_scores_one():
    game, _player, _ctx = setup("kuniban", "moon", players=2)
    game.board.tokens["1,1"] = {"player": 0, "token": "sand_tile"}
    builder = game.players[1]
    builder.resources.update(gear=3, food=1)
    run_to_end(build(Ctx(game, 1, RULES)), ["1,1", "small"])
    assert builder.points == 1


def test_kuniban_early_rest_is_an_anytime_trade():
    _, player, ctx = setup("kuniban", "sun", technologies=["t1", "t2a"])
    player.resources["crystal"] = 1
    assert anytime_trades(ctx) == []  # no played card to rest
    player.slots["top_left"] = [Played("cit_smith", "top")]
    assert [key for key, _ in anytime_trades(ctx)] == ["t2a: pay crystal -> rest_card"]


def test_kuniban_recycler_is_a_machine():
    _, _, ctx = setup("kuniban", "sun", technologies=["t1", "t2c"], energy=1, active=["cit_smith"])
    assert [spot for spot, _ in usable_machines(ctx)] == ["t2c"]


# --- Formica ---------------------------------------------------------------------------------


def test_formica_sun_ability_up_to_three_crystals_for_gear_book_food():
    _, player, ctx = setup("formica", "sun")
    player.resources["crystal"] = 2
    do(ctx, "ability", ["yes", "yes"])
    assert player.resources == {"gear": 2, "book": 2, "food": 2, "crystal": 0}


def test_formica_sun_mountain_discount_applies_to_this_build():
    game, player, ctx = setup("formica", "sun", technologies=["t1"])
    game.board.buildings["0,1"] = {"player": 0, "size": "small"}
    player.resources["gear"] = 5
    # 3,-2 touches the mountain 3,-3; the range from 0,1 is paid in food, so give some
    player.resources["food"] = 6
    assert build_options(ctx)["3,-2"]["small"]["gear"] == 2
    run_to_end(build(ctx), ["3,-2", "small"])
    assert player.resources["gear"] == 3 and game.turn.discounts == {}  # nothing carried to the next build


def test_formica_crystal_splitting_crystal_for_two_basics():
    _, player, ctx = setup("formica", "sun", technologies=["t1", "t2a"])
    player.resources["crystal"] = 1
    do(ctx, "pay crystal -> gain 2 basic", ["pay", "book"])
    assert player.resources["book"] == 2


def test_formica_crystal_engine_machine_gains_a_crystal():
    _, player, ctx = setup("formica", "sun", technologies=["t1", "t2c"], energy=1)
    [(spot, body)] = usable_machines(ctx)
    run_to_end(activate(ctx, spot, body), [])
    assert player.resources["crystal"] == 1 and player.energy_on == ["t2c"]


def test_formica_moon_workshop_advances_track_without_range():
    _game, player, ctx = setup("formica", "moon")
    player.resources["crystal"] = 1
    options = place_options(ctx, "workshop")
    assert options["3,-3"] == {} and "1,0" not in options
    do(ctx, "ability", ["pay", "3,-3"])
    assert player.tracks["grey"] == 2


def test_formica_moon_workshop_discount_at_most_one():
    game, player, ctx = setup("formica", "moon")
    game.board.tokens["1,1"] = {"player": 0, "token": "workshop"}
    game.board.tokens["1,-1"] = {"player": 0, "token": "workshop"}
    player.resources["gear"] = 5
    assert build_options(ctx)["1,0"]["small"] == {"gear": 2}  # two workshops, one discount


def test_formica_moon_workshop_goes_on_any_terrain_space_the_falcons_and_a_forest_tiles_too():
    # 003: "any terrain space" (Kuniban's sand tile needs a vacant one); one workshop per space
    game, player, ctx = setup("formica", "moon", players=2)
    game.board.tokens["1,1"] = {"player": 1, "token": "falcon"}
    game.board.tokens["0,-2"] = {"player": 1, "token": "forest_tile"}  # a sand space made forest
    game.board.tokens["3,-3"] = {"player": 0, "token": "workshop"}
    options = place_options(ctx, "workshop")
    assert "1,1" in options and "0,-2" in options and "3,-3" not in options
    player.resources["crystal"] = 1
    do(ctx, "ability", ["pay", "1,1"])
    assert [t["token"] for t in tokens_at(game.board, "1,1")] == ["falcon", "workshop"] and player.tracks["green"] == 2


def test_formica_moon_borrowed_craft_resets_the_switch():
    _game, player, ctx = setup("formica", "moon", switch_used=True)
    do(ctx, "reset_switch")
    assert not player.switch_used


# --- Vukuntur --------------------------------------------------------------------------------


def test_vukuntur_sun_ability_range_then_an_action():
    game, player, ctx = setup("vukuntur", "sun")
    game.board.buildings["0,1"] = {"player": 0, "size": "small"}
    player.resources.update(gear=3, food=6)
    costs = build_options(ctx)
    do(ctx, "range 1")
    assert sum(build_options(ctx)["3,-2"]["small"].values()) <= sum(costs["3,-2"]["small"].values())


def test_vukuntur_sun_ability_without_resources_moves_no_marker():
    # nothing to explore, build or populate with: the ability cannot be carried out, so it asks nothing
    game, player, ctx = setup("vukuntur", "sun")
    assert asked(run(parse("ability").clauses[0].body, ctx), []) == []
    assert game.board.buildings == {} and game.turn.range_bonus == 0
    assert player.tribe_markers == 5 and player.progress == 0


def test_vukuntur_sun_ability_offers_only_the_possible_actions():
    # 3 gears pay one small building and nothing else (no food to explore, no books to populate)
    game, player, ctx = setup("vukuntur", "sun")
    player.resources["gear"] = 3
    decisions = asked(run(parse("ability").clauses[0].body, ctx), ["use", "build", "1,0", "small"])
    assert decisions[0].rule == "optional effect" and decisions[0].legal_keys() == ["use", "skip"]
    assert decisions[1].rule == "choose one" and decisions[1].legal_keys() == ["build"]
    assert game.board.buildings == {"1,0": {"player": 0, "size": "small"}} and player.resources["gear"] == 0
    assert player.tribe_markers == 4 and player.progress == 1


def test_vukuntur_wide_wings_and_high_winds_add_up():
    _, player, ctx = setup("vukuntur", "sun")
    base = range_costs(ctx)["3,-3"]
    player.technologies = ["t1", "t2c"]
    assert range_costs(ctx)["3,-3"] == max(0, base - 2)


def test_vukuntur_supply_drop_crystal_with_each_crate():
    _game, player, ctx = setup("vukuntur", "sun", technologies=["t1", "t2a"])
    fired(ctx, "gain_crate")
    assert player.resources["crystal"] == 1


def test_vukuntur_supply_drop_unlock_gives_one_crate_and_one_crystal():
    # 003, 001: unlocking it gives 1 crate and 1 crystal at once; the crystal per crate starts after that
    game, player, ctx = setup("vukuntur", "sun", technologies=["t1"])
    game.supply.crates = ["crate_01", "crate_02"]
    player.resources.update(book=3)
    do(ctx, "populate", ["use", "2,-1", "t2a"])
    assert player.crates_closed == ["crate_01"] and player.resources["crystal"] == 1
    assert player.technologies == ["t1", "t2a"]
    do(ctx, "crate")  # a later crate brings its crystal
    assert player.resources["crystal"] == 2


def test_vukuntur_moon_falcon_moves_three_per_marker_and_ends_on_terrain():
    game, _player, ctx = setup("vukuntur", "moon")
    game.board.tokens["0,0"] = {"player": 0, "token": "falcon"}
    assert falcon_moves(ctx, 1) == ["0,-1"]  # the only terrain space next to the chasm
    ends = falcon_moves(ctx, 3)
    assert "3,-3" in ends and "1,0" not in ends and "1,-1" not in ends  # 3 spaces away; no sand, no water
    do(ctx, "ability", ["1,1"])
    assert game.board.tokens == {"1,1": {"player": 0, "token": "falcon"}}
    assert "1,1" in falcon_moves(ctx, 0)  # it may stay where it is


def test_vukuntur_moon_falcon_may_end_on_a_formica_workshop():
    # 003: "Formica's workshops do not block the falcon"; it may land on one and leave it lying there
    game, _player, ctx = setup("vukuntur", "moon", players=2)
    game.board.tokens["0,0"] = {"player": 0, "token": "falcon"}
    game.board.tokens["1,1"] = {"player": 1, "token": "workshop"}
    assert "1,1" in falcon_moves(ctx, 3)
    do(ctx, "ability", ["1,1"])
    assert tokens_at(game.board, "1,1") == [{"player": 1, "token": "workshop"}, {"player": 0, "token": "falcon"}]
    assert "0,0" not in game.board.tokens
    do(ctx, "move_falcon", ["1,2"])
    assert game.board.tokens == {"1,1": {"player": 1, "token": "workshop"}, "1,2": {"player": 0, "token": "falcon"}}
    assert game.board.stacked_tokens == {}


def test_vukuntur_moon_falcon_on_a_workshop_both_give_their_discounts_and_range():
    game, player, ctx = setup("vukuntur", "moon", players=2, technologies=["t1"])
    formica = game.players[1]
    formica.tribe, formica.side = "formica", "moon"
    game.board.tokens["1,1"] = {"player": 1, "token": "workshop"}
    put_token(game.board, "1,1", {"player": 0, "token": "falcon"})
    player.resources["gear"] = formica.resources["gear"] = 5
    assert build_options(ctx)["1,0"]["small"] == {"gear": 2}  # next to the falcon
    assert build_options(Ctx(game, 1, RULES))["1,0"]["small"] == {"gear": 2}  # next to the workshop
    assert range_costs(ctx)["1,0"] == 0  # counted from the falcon


def test_vukuntur_moon_falcon_is_a_range_origin():
    game, _player, ctx = setup("vukuntur", "moon")
    game.board.buildings["0,1"] = {"player": 0, "size": "small"}
    far = range_costs(ctx)["3,-3"]
    game.board.tokens["3,-2"] = {"player": 0, "token": "falcon"}
    assert range_costs(ctx)["3,-3"] == 0 < far


def test_vukuntur_moon_falcon_watch_discount_next_to_the_falcon():
    game, player, ctx = setup("vukuntur", "moon", technologies=["t1"])
    game.board.tokens["1,1"] = {"player": 0, "token": "falcon"}
    player.resources["gear"] = 5
    assert build_options(ctx)["1,0"]["small"] == {"gear": 2}


def test_vukuntur_moon_falcon_hunt_three_resources_by_terrain():
    game, player, ctx = setup("vukuntur", "moon", technologies=["t1", "t2c"])
    game.board.tokens["0,0"] = {"player": 0, "token": "falcon"}
    do(ctx, "ability", ["1,-3"])  # a field
    assert player.resources["food"] == 3


# --- tokens sharing a space -------------------------------------------------------------------


def test_invariant_tokens_lie_together_only_where_the_rules_allow():
    from revive_dsl.engine.invariants import violations

    game, _player, _ctx = setup("vukuntur", "moon", players=2)
    game.board.tokens["1,1"] = {"player": 1, "token": "workshop"}
    put_token(game.board, "1,1", {"player": 0, "token": "falcon"})
    assert violations(game) == []
    put_token(game.board, "1,1", {"player": 1, "token": "sand_tile"})  # a sand tile needs a vacant space
    assert violations(game) == ["a sand_tile lies with a workshop on 1,1", "a sand_tile lies with a falcon on 1,1"]


# --- every tribe side plays whole games -----------------------------------------------------


@pytest.mark.parametrize("side", ["sun", "moon"])
@pytest.mark.parametrize("tribe", TRIBES)
def test_random_games_finish_for_every_tribe_side(tribe, side):
    other = "vukuntur" if tribe != "vukuntur" else "formica"
    for seed in (1, 2):
        record = play_random_game(RULES, [("A", tribe, side), ("B", other, "moon")], seed)
        assert record.finished


def test_hofstadterian_moon_ability_needs_range_on_top_of_its_crystal():
    game, player, ctx = setup("hofstadterians", "moon")
    game.board.tokens["1,-1"] = {"player": 0, "token": "target"}  # the near water is taken
    player.resources["crystal"] = 1  # the crystal pays the ability, nothing is left for 1 food of range
    do(ctx, "ability")
    assert player.tribe_markers == 5 and player.resources["crystal"] == 1
    player.resources["food"] = 1
    do(ctx, "ability", ["pay", "-2,1"])
    assert game.board.tokens["-2,1"] == {"player": 0, "token": "temple"} and player.resources["food"] == 0
