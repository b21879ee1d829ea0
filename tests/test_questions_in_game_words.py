"""Questions and refusals in the game's words (issue 23, item 7).

Every question the bundled games ask, and every option it offers, reads as the rulebook would say it: no word
of the rule DSL (``remove_self``, ``leech_copy``, ``gain_points``), no component id where the component has a
name. A tribe ability or a move the rules refuse says which part fails and why.
"""

import re
from pathlib import Path

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.dsl.signatures import DURING, SIGNATURES
from revive_dsl.engine.decisions import Decision, IllegalAnswer, options_of
from revive_dsl.engine.game import Runner, why_refused
from revive_dsl.engine.interpret import Ctx, run_text, why_not
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import Game, Player
from revive_dsl.replay.player import Replay
from revive_dsl.replay.script import load_script

load_all()
ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "replays").glob("*/*.yaml"))
# the DSL's own identifiers: every word of the signature table joined by an underscore
ENGINE_WORDS = sorted({w for w in (*SIGNATURES, *DURING) if "_" in w})
ENGINE_WORD = re.compile(r"\b(" + "|".join(ENGINE_WORDS) + r")\b")


def asked(path: Path) -> tuple[Replay, list[Decision]]:
    """Every decision a script's moves answer (the turn's own question aside), in order."""
    replay = Replay(load_script(path))
    seen: list[Decision] = []
    replay.fill = lambda decision, *_: seen.append(decision) or None  # look, and let the script answer
    replay.run()
    return replay, seen


@pytest.fixture(scope="module")
def corpus() -> list[tuple[Replay, list[Decision]]]:
    return [asked(path) for path in SCRIPTS]


def shown(decision: Decision) -> list[str]:
    """What a player reads: the question, and each option's label (its key where it has none)."""
    return [decision.prompt, *(o.label or o.key for o in decision.options)]


def test_no_question_or_option_of_the_bundled_games_speaks_the_dsl(corpus):
    assert sum(len(decisions) for _, decisions in corpus) > 1000
    found = {
        (d.rule, text) for _, decisions in corpus for d in decisions for text in shown(d) if ENGINE_WORD.search(text)
    }
    assert not found, sorted(found)[:10]


def test_no_question_or_option_names_a_component_by_its_id_when_it_has_a_name(corpus):
    found = set()
    for replay, decisions in corpus:
        components = replay.rules.content.components
        for d in decisions:
            for text in shown(d):
                ids = [w for w in re.findall(r"[a-z0-9_]+", text) if w in components and "name" in replay.rules.data(w)]
                if ids:
                    found.add((d.rule, text))
    assert not found, sorted(found)[:10]


def test_a_machine_is_offered_by_its_name_and_what_it_does(corpus):
    rules = Rules.load(("base", "abyss"))
    machines = {str(rules.data(c)["name"]) for c in rules.content.components if c.startswith(("mach_", "abyss_mach_"))}
    labels = {o.key: o.label for _, ds in corpus for d in ds if d.rule == "use a machine" for o in d.options}
    assert labels["special_green_1"].split(": ")[0] in machines  # "Long-range scanner: unlimited range ..."
    assert labels["standard_grey"].startswith("standard grey machine: ")
    machine_during = [d for _, ds in corpus for d in ds if d.rule == "machine during gain_points"]
    assert machine_during and machine_during[0].options[0].label.startswith("Circadian machine: ")
    assert machine_during[0].options[-1].label == "no machine"


def test_an_optional_effect_is_asked_in_its_english():
    game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    ctx = Ctx(game, 0, Rules.load(("base",)))
    from revive_dsl.engine.interpret import run

    effect = run(parse("artifact and hibernate and remove_self").clauses[0].body, ctx)
    decision = next(effect)
    assert decision.prompt == (
        "use: take a major artifact, hibernate at once, ending your turn and remove this card from the game?"
    )
    assert [(o.key, o.label) for o in decision.options] == [("use", "use it"), ("skip", "do not use it")]


def test_a_choice_between_effects_keeps_the_written_keys_and_labels_them_in_english():
    game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    from revive_dsl.engine.interpret import run

    decision = next(run(parse("gain 2 food or gain 2 book").clauses[0].body, Ctx(game, 0, Rules.load(("base",)))))
    assert [(o.key, o.label) for o in decision.options] == [
        ("gain 2 food", "gain 2 food"),
        ("gain 2 book", "gain 2 books"),
    ]


def test_a_rule_identifier_reads_as_english_in_a_message():
    decision = Decision(0, "machine during gain_points", "activate a machine now?", options_of(["t2a", "none"]))
    with pytest.raises(IllegalAnswer) as err:
        decision.choose("t9")
    assert str(err.value) == (
        "'t9' is not a legal answer for machine when points are gained (activate a machine now?); legal: t2a, none"
    )


# --- refusals --------------------------------------------------------------------------------

BASE = Rules.load(("base",))


def refused_ability(tribe: str, side: str, **resources: int) -> str:
    game = new_game(BASE, [("Ann", tribe, side)])
    game.players[0].resources.update(resources)
    ctx = Ctx(game, 0, BASE)
    run_text(ctx, "ability")
    [line] = [line for line in ctx.log if "tribe ability" in line]
    return line


def test_an_ability_without_its_payment_says_what_is_missing():
    assert refused_ability("hofstadterians", "moon", crystal=0) == (
        "Ann cannot carry out the tribe ability: paying 1 crystal: Ann has 0 crystals"
    )


def test_an_ability_that_cannot_reach_a_space_says_so():
    assert refused_ability("hofstadterians", "moon", crystal=1) == (
        "Ann cannot carry out the tribe ability: place a temple: Ann cannot pay 2 food of range on top of the "
        "1 crystal the ability costs"
    )


def test_an_ability_with_no_token_left_says_so():
    game = new_game(BASE, [("Ann", "hofstadterians", "moon")])
    player = game.players[0]
    player.resources["crystal"], player.tokens_left["temple"] = 1, 0
    ctx = Ctx(game, 0, BASE)
    run_text(ctx, "ability")
    assert ctx.log == ["Ann cannot carry out the tribe ability: place a temple: Ann has no temple left"]


def test_why_not_names_the_failing_part_of_a_condition_and_of_a_choice():
    game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    ctx = Ctx(game, 0, BASE)
    assert why_not(ctx, parse("if switch_used: gain book").clauses[0].body) == (
        "its condition does not hold: your switch is used"
    )
    assert why_not(ctx, parse("(pay food -> points 2) or (pay gear -> points 2)").clauses[0].body) == (
        "none of its choices: paying 1 food: Ann has 0 food; paying 1 gear: Ann has 0 gears"
    )
    assert why_not(ctx, parse("gain 2 book").clauses[0].body) is None


def test_a_refused_move_says_what_stands_in_its_way():
    game = new_game(BASE, [("Ann", "nadair", "sun")])
    runner = Runner(game, BASE)
    assert why_refused(runner.game, "end") == "Ann has taken no action yet this turn"
    runner.game.players[0].switch_used = True
    with pytest.raises(IllegalAnswer) as err:
        runner.answer("switch")
    assert "(Ann's switch is already used); legal: " in str(err.value)
