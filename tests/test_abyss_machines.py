"""The expansion's machine tokens, unstable machines and the machine token variant (004)."""

from __future__ import annotations

from revive_dsl.dsl.parser import parse
from revive_dsl.engine.interpret import Ctx, count, decisions_asked, run_to_end
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Played, Player
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base.gains import gain_points
from revive_dsl.rules.base.hibernate import hibernate_steps
from revive_dsl.rules.base.machines import activate, usable_machines
from revive_dsl.rules.base.tracks import unlock_rewards

load_all()
ABYSS = Rules.load(("base", "abyss"))


def _ctx(token: str, **fields) -> Ctx:
    player = Player(
        seat=0,
        name="Ann",
        tribe="nadair",
        side="sun",
        unlocked=["special_grey_1"],
        special_machines={"special_grey_1": token},
        energy=fields.pop("energy", 1),
        **fields,
    )
    game = Game(players=[player, Player(seat=1, name="Bo", tribe="formica", side="sun")], packs=["base", "abyss"])
    return Ctx(game, 0, ABYSS)


def _use(ctx: Ctx, answers=()) -> None:
    body = dict(usable_machines(ctx))["special_grey_1"]
    run_to_end(activate(ctx, "special_grey_1", body), answers)


def test_converter_machine_one_to_one():
    """004's example: 4 points gained, the machine moves 3 to devotion and 1 stays a point."""
    ctx = _ctx("abyss_mach_converter")
    assert "special_grey_1" not in dict(usable_machines(ctx))  # only while gaining points
    run_to_end(gain_points(ctx, 4), ["special_grey_1", "3"])
    assert (abyss(ctx.player).devotion, ctx.player.points) == (3, 1)


def test_recaller_pays_a_crystal_for_a_resting_card():
    ctx = _ctx("abyss_mach_recaller", resting=["cit_smith"])
    assert not usable_machines(ctx)  # no crystal
    ctx.player.resources["crystal"] = 1
    _use(ctx, ["cit_smith"])
    assert ctx.player.active == ["cit_smith"] and ctx.player.resources["crystal"] == 0


def test_switch_reset_machine():
    ctx = _ctx("abyss_mach_switch_reset", switch_used=True)
    _use(ctx)
    assert not ctx.player.switch_used


def test_prayer_wheel_gains_a_devotion():
    ctx = _ctx("abyss_mach_prayer_wheel")
    _use(ctx)
    assert abyss(ctx.player).devotion == 1


def test_unstable_machine_used_once_flipped_its_energy_stays_and_it_is_a_flask():
    ctx = _ctx("abyss_mach_unstable_rest", energy=2, slots={"top_left": [Played("cit_smith", "top")]})
    flasks = count(parse("each flasks: gain book").clauses[0].body.counter, ctx)
    _use(ctx)
    player = ctx.player
    assert player.resting == ["cit_smith"] and player.slots["top_left"] == []
    assert abyss(player).machines_flipped == ["abyss_mach_unstable_rest"] and player.energy_on == ["special_grey_1"]
    assert count(parse("each flasks: gain book").clauses[0].body.counter, ctx) == flasks + 1
    run_to_end(hibernate_steps(ctx), ["1", "gear"])
    assert player.energy_on == [] and player.energy == 2  # the energy is regained as usual
    player.slots["top_left"] = [Played("cit_farmer", "top")]
    assert "special_grey_1" not in dict(usable_machines(ctx))  # never again


def test_unstable_recall_all_brings_the_resting_area_back():
    ctx = _ctx("abyss_mach_unstable_recall", resting=["cit_smith", "cit_farmer"])
    _use(ctx)
    assert ctx.player.active == ["cit_smith", "cit_farmer"] and ctx.player.resting == []


def test_unstable_regenerator_regains_every_energy_its_own_too():
    ctx = _ctx("abyss_mach_unstable_energy", energy=1, energy_on=["standard_grey"])
    _use(ctx)
    assert (ctx.player.energy, ctx.player.energy_on) == (2, [])
    assert abyss(ctx.player).machines_flipped == ["abyss_mach_unstable_energy"]


def test_unstable_machine_flips_even_when_its_effect_does_nothing():
    # 004: a used unstable machine is a flask; using one counts even with no card to move (docs/rulings.md)
    for token in ("abyss_mach_unstable_rest", "abyss_mach_unstable_recall"):
        ctx = _ctx(token)  # no played card, no resting card
        assert "special_grey_1" in dict(usable_machines(ctx))
        _use(ctx)
        assert abyss(ctx.player).machines_flipped == [token] and ctx.player.energy_on == ["special_grey_1"]


def test_an_ordinary_machine_is_still_not_offered_to_act_on_nothing():
    ctx = _ctx("abyss_mach_recaller")  # pay crystal -> recall_card
    ctx.player.resources["crystal"] = 1
    assert "special_grey_1" not in dict(usable_machines(ctx))  # no resting card to recall
    ctx.player.resting = ["cit_smith"]
    assert "special_grey_1" in dict(usable_machines(ctx))


def _take_grey_machine(variants: list[str], answers: list[str]):
    player = Player(
        seat=0, name="Ann", tribe="nadair", side="sun", unlocked=["standard_grey", "artifact_1"], progress=2
    )
    game = Game(players=[player], packs=["base", "abyss"], variants=variants)
    game.supply.machine_display["grey"] = ["m1", "m2", "m3"]
    game.supply.machine_piles["grey"] = ["m4", "m5", "m6"]
    space = next(s for s in ABYSS.player_board["reward_spaces"] if s["id"] == "special_grey_1")
    player.tracks.update({need["track"]: need["space"] for need in space["needs"]})
    asked = decisions_asked(unlock_rewards(Ctx(game, 0, ABYSS)), answers)
    return game, [d.rule for d in asked]


def test_machine_token_variant_returns_another_of_the_colour_and_replenishes_by_two():
    game, rules = _take_grey_machine(["machine_token_variant"], ["m2", "m3"])
    assert rules[-2:] == ["special machine", "return a machine"]
    assert game.players[0].special_machines["special_grey_1"] == "m2"
    assert game.supply.machine_display["grey"] == ["m1", "m4", "m5"]
    assert game.supply.machine_piles["grey"] == ["m6", "m3"]


def test_without_the_variant_the_display_is_replenished_by_one():
    game, rules = _take_grey_machine([], ["m2"])
    assert "return a machine" not in rules
    assert game.supply.machine_display["grey"] == ["m1", "m3", "m4"]
