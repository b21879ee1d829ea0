"""The game's flow around the turns: setup decisions of the variants, the switch trigger, and the end.

Sources: 003 SETUP (artifact cards, the long-game variant), GAME END and FINAL SCORING, the solo
score table; 001 "Optionen/Varianten" (option 1 advanced switch, option 4 the starting draft);
000 (the common artifact card). Rulings: docs/rulings.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from revive_dsl.dsl.parser import parse
from revive_dsl.engine import triggers
from revive_dsl.engine.game import Runner
from revive_dsl.engine.invariants import violations
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.rules.base.scoring import final_scores, solo_rank

load_all()
RULES = Rules.load(("base",))
TWO = [("Ann", "nadair", "sun"), ("Bo", "formica", "sun")]
FOUR = [*TWO, ("Cy", "nadair", "moon"), ("Di", "formica", "moon")]


def last_turn(game):
    """The end was triggered by seat 0 and only seat 0's turn is left."""
    game.turn.end_triggered_by, game.turn.last_turns_left = 0, [0]
    return game


# --- game end ------------------------------------------------------------------------------


def test_the_runner_applies_the_final_scoring_once_when_the_game_ends():
    game = last_turn(new_game(RULES, TWO, seed=4))
    game.players[0].resources.update(gear=5, food=5)  # 2 points for remaining resources
    runner = Runner(game, RULES)
    expected = [sheet.total for sheet in final_scores(RULES, runner.game)]
    for key in ("switch", "food", "end"):
        runner.answer(key)
    assert runner.decision() is None
    turn = runner.game.turn
    assert [s["total"] for s in turn.final_scores] == [p.laps * 50 + p.points for p in runner.game.players]
    assert turn.final_scores[0]["total"] == expected[0]  # 1 crystal + 10 + the food: still 2 points
    assert {"rule": "remaining resources", "points": 2, "detail": "12 resources"} in turn.final_scores[0]["lines"]
    assert sorted(seat for place in turn.ranking for seat in place) == [0, 1]
    points = [p.points for p in runner.game.players]
    assert runner.decision() is None and [p.points for p in runner.game.players] == points  # not scored twice


def test_a_finished_random_game_keeps_its_scores_and_ranking_in_the_state():
    record = play_random_game(RULES, TWO, seed=3)
    assert record.finished
    turn = record.final.turn
    totals = {s["seat"]: s["total"] for s in turn.final_scores}
    assert totals == {p.seat: p.laps * 50 + p.points for p in record.final.players}
    best = max(totals.values())
    assert all(totals[seat] == best for seat in turn.ranking[0])
    assert turn.solo_rank is None


def test_a_solo_game_records_the_rank_of_its_total():
    game = new_game(RULES, [("Ann", "nadair", "sun")], seed=5)
    game.players[0].points = 60
    game.turn.over = True
    runner = Runner(game, RULES)
    assert runner.decision() is None
    total = runner.game.turn.final_scores[0]["total"]
    assert runner.game.turn.solo_rank == solo_rank(RULES, total)


def test_the_final_scores_survive_a_json_round_trip():
    record = play_random_game(RULES, TWO, seed=3)
    again = type(record.final).from_json(record.final.to_json())
    assert again.turn.final_scores == record.final.turn.final_scores and again.turn.ranking == record.final.turn.ranking


# --- variants ------------------------------------------------------------------------------


def test_artifact_choice_is_asked_of_each_seat_before_the_first_turn():
    game = new_game(RULES, TWO, seed=2, variants=["artifact_choice"])
    offers = [list(p.artifact_offer) for p in game.players]
    runner = Runner(game, RULES)
    for seat in (0, 1):
        decision = runner.decision()
        assert (decision.player, decision.rule, decision.legal_keys()) == (seat, "artifact card", offers[seat])
        runner.answer(offers[seat][1])
    assert runner.decision().rule == "turn" and runner.between_moves
    assert [p.artifact_card for p in runner.game.players] == [o[1] for o in offers]
    assert all(p.artifact_offer == [] for p in runner.game.players)


def test_common_artifact_card_lies_on_the_board_and_everyone_scores_it():
    game = new_game(RULES, TWO, seed=2, variants=["common_artifact_card"])
    card = game.board.shared_artifact_card
    assert card in RULES.ids("artifact_card") and all(p.artifact_card is None for p in game.players)
    for sheet in final_scores(RULES, game):
        assert any(line.rule.startswith("artifact card:") and card in line.detail for line in sheet.lines)
    with pytest.raises(ValueError, match="exclude"):
        new_game(RULES, TWO, seed=2, variants=["common_artifact_card", "artifact_choice"])


def test_setup_accepts_the_advanced_switch_and_rejects_unknown_variants():
    game = new_game(RULES, TWO, seed=2, variants=["advanced_switch"])
    assert game.variants == ["advanced_switch"] and Runner(game, RULES).decision().rule == "turn"
    with pytest.raises(ValueError, match="unknown variant"):
        new_game(RULES, TWO, seed=2, variants=["advanced-switch"])


def test_variants_that_ask_nothing_draw_the_same_setup_as_the_plain_game():
    plain = new_game(RULES, TWO, seed=9)
    for variant in ("advanced_switch", "starting_draft"):
        other = new_game(RULES, TWO, seed=9, variants=[variant])
        assert other.board == plain.board and other.supply == plain.supply


def test_starting_draft_deals_seven_passes_hands_on_and_keeps_six():
    game = new_game(RULES, TWO, seed=6, variants=["starting_draft"])
    hands = [list(p.draft_hand) for p in game.players]
    assert [len(h) for h in hands] == [7, 7] and all(p.active == [] for p in game.players)
    runner = Runner(game, RULES)
    asked = []
    while (decision := runner.decision()).rule == "starting draft":
        asked.append((decision.player, len(decision.options)))
        runner.answer(decision.legal_keys()[0])
    # round 1 from one's own 7 cards, round 2 from the neighbour's 5, round 3 from one's own last 3
    assert asked == [(0, 7), (0, 6), (1, 7), (1, 6), (0, 5), (0, 4), (1, 5), (1, 4), (0, 3), (0, 2), (1, 3), (1, 2)]
    ann, bo = runner.game.players
    assert ann.active + ann.resting != [] and len(ann.active) == len(ann.resting) == 3 == len(bo.active)
    assert set(ann.active + ann.resting) == set(hands[0][:2] + hands[1][2:4] + hands[0][4:6])
    assert not violations(runner.game) and ann.draft_hand == [] == bo.draft_order


def test_starting_draft_with_four_players_deals_six_each_from_the_24_cards():
    game = new_game(RULES, FOUR, seed=6, variants=["starting_draft"])
    dealt = [card for p in game.players for card in p.draft_hand]
    assert len(dealt) == 24 and Counter(dealt) == Counter(RULES.ids("starting_card"))
    runner = Runner(game, RULES)
    for _ in range(24):
        runner.answer(runner.decision().legal_keys()[-1])
    assert runner.decision().rule == "turn"
    kept = [c for p in runner.game.players for c in p.active + p.resting]
    assert sorted(kept) == sorted(dealt)  # six rounds of keeping leave nothing over


# --- the switch trigger --------------------------------------------------------------------


def test_the_switch_fires_when_switch_clauses(monkeypatch):
    program = parse("when switch: gain book")
    monkeypatch.setattr(triggers, "owned_effects", lambda ctx: [("test_source", program)])
    runner = Runner(new_game(RULES, TWO, seed=2), RULES)
    books = runner.game.players[0].resources["book"]
    runner.answer("switch")
    runner.answer("food")
    assert runner.game.players[0].resources["book"] == books + 1


# --- setup and turn order ------------------------------------------------------------------


def test_starting_resources_by_seat_and_in_solo():
    game = new_game(RULES, FOUR, seed=1)
    held = [{k: v for k, v in p.resources.items() if v} for p in game.players]
    assert held == [
        {"crystal": 1},
        {"crystal": 1, "gear": 1},
        {"crystal": 1, "gear": 1, "book": 1},
        {"crystal": 1, "gear": 1, "book": 1, "food": 1},
    ]
    solo = new_game(RULES, [("Ann", "nadair", "sun")], seed=1)
    assert {k: v for k, v in solo.players[0].resources.items() if v} == {"crystal": 1}
    assert solo.players[0].action_cube == 0 and not solo.players[0].switch_used


def test_ending_the_turn_needs_an_action_and_turns_pass_clockwise():
    runner = Runner(new_game(RULES, [*TWO, ("Cy", "nadair", "moon")], seed=1), RULES)
    seen = []
    for _ in range(3):
        seen.append(runner.game.turn.player)
        assert "end" not in runner.decision().legal_keys() and "hibernate" in runner.decision().legal_keys()
        runner.answer("switch")
        runner.answer("food")
        assert "end" in runner.decision().legal_keys() and "hibernate" not in runner.decision().legal_keys()
        runner.answer("end")
    assert seen == [0, 1, 2] and runner.game.turn.player == 0


def test_the_rules_coverage_table_names_only_existing_tests():
    import re
    from pathlib import Path

    tests = Path(__file__).resolve().parent
    doc = (tests.parent / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    named = set(re.findall(r"(test_\w+\.py)::(test_\w+)", doc))
    missing = [
        f"{file}::{name}"
        for file, name in sorted(named)
        if not (tests / file).exists() or f"def {name}(" not in (tests / file).read_text(encoding="utf-8")
    ]
    assert named and not missing


def test_the_readme_engine_example_runs(capsys):
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Python API: the engine", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "README.md", "exec"), {})
    assert "places:" in capsys.readouterr().out


def test_simulate_takes_variants_and_refuses_unknown_ones(capsys):
    from revive_dsl.cli import main

    assert main(["simulate", "--players", "1", "--seed", "2", "--variants", "starting_draft"]) == 0
    assert "finished" in capsys.readouterr().out
    assert main(["simulate", "--variants", "nope"]) == 2
    assert "unknown variant" in capsys.readouterr().err
