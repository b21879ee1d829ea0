"""The chances of a balance run: on each turn of each seat, which moves the rules offered and which the seat made,
and a populate on a large location counted apart; the report's rows and its findings (never offered, offered but
never made)."""

from __future__ import annotations

import json

from revive_dsl import cli
from revive_dsl.ai import make_player, play_game
from revive_dsl.balance.chances import Chances
from revive_dsl.balance.report import build_report
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.game import Runner, legal_moves
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game

BASE = Rules.load(("base",))
LARGE = "populate: large location"


def _played(seed: int):
    """A random two-seat game with its chances, and each seat's turns as (moves offered, moves made) sets, found
    here on their own from the states before each move."""
    seats = [("Ann", "nadair", "sun"), ("Bo", "formica", "moon")]
    made: list[list[tuple[set, set]]] = [[], []]
    current = [(set(), set()), (set(), set())]
    found: list[Chances] = []

    def on_move(before, after, moved):
        if not found:
            found.append(Chances(BASE, before))
        found[0].seen(before, moved)
        seat, first = moved[0]
        if first not in legal_moves(before):
            return  # a setup choice
        current[seat][0].update(k for k in legal_moves(before) if k != "end")
        if first == "end":
            made[seat].append(current[seat])
            current[seat] = (set(), set())
        else:
            current[seat][1].add(first)

    play_game(BASE, seats, seed, [make_player("random", 1), make_player("random", 2)], on_move=on_move)
    for seat in (0, 1):
        if current[seat][0]:
            made[seat].append(current[seat])  # the turn the game ended in
    return found[0], made


def test_each_turn_counts_once_each_move_the_rules_offered_and_each_the_seat_made():
    chances, turns = _played(7)
    for seat in (0, 1):
        figures = chances.figures(seat)
        assert figures["turns"] == len(turns[seat]) > 5
        for name in ("play", "hibernate", "explore", "build", "populate", "switch", "open_crate"):
            assert figures["offered"][name] == sum(name in offered for offered, _ in turns[seat]), name
            assert figures["taken"][name] == sum(name in done for _, done in turns[seat]), name
            assert figures["taken"][name] <= figures["offered"][name]
        assert figures["offered"]["hibernate"] == figures["turns"]  # a turn may always begin with a hibernation
        assert figures["taken"]["play"] > 0


def _next_to_a_corner(books: int, food: int = 0):
    """A game whose first seat has a building next to the north-east large location, ``books`` books and
    ``food`` food."""
    game = new_game(BASE, [("Ann", "nadair", "sun"), ("Bo", "formica", "moon")], seed=3)
    geometry = geo.geometry(BASE)
    cell = next(s for s in geometry.neighbours["corner_ne"] if s in geometry.slot_of)
    slot = geometry.slot_of[cell][0]
    game.board.tiles[slot] = {**game.board.tiles[slot], "explored": True}
    game.board.buildings[cell] = {"player": 0, "size": "small"}
    game.players[0].resources.update(book=books, food=food, crystal=0)
    return game


def test_a_populate_on_a_large_location_is_offered_only_when_one_can_be_paid_and_counted_when_made():
    # the first technology costs 2 books; with Bo on the location already, Ann owes him 1 more there: she may
    # populate a city (her food pays the range) but not the large location
    owing, rich = _next_to_a_corner(2, food=20), _next_to_a_corner(5)
    owing.board.figures["corner_ne"] = [1]
    for game, offered in ((owing, 0), (rich, 1)):
        assert "populate" in legal_moves(game)
        chances = Chances(BASE, game)
        chances.seen(game, [(0, "end")])
        assert chances.figures(0)["offered"]["populate"] == 1 and chances.figures(0)["offered"][LARGE] == offered
    # offered earlier in the turn, the populate is not a way to the location once both actions are made
    spent = _next_to_a_corner(5)
    spent.turn.actions = 2
    assert "populate" not in legal_moves(spent)
    chances = Chances(BASE, owing)
    chances.seen(owing, [(0, "switch"), (0, "book")])
    chances.seen(spent, [(0, "end")])
    assert chances.figures(0)["offered"]["populate"] == 1 and chances.figures(0)["offered"][LARGE] == 0
    runner = Runner(rich, BASE)
    for key in ("populate", "corner_ne"):
        runner.answer(key)
    chosen = runner.decision().legal_keys()[0]
    runner.answer(chosen)
    assert 0 in runner.game.board.figures["corner_ne"]
    chances = Chances(BASE, rich)
    chances.seen(rich, [(0, "populate"), (0, "corner_ne"), (0, chosen)])
    chances.seen(runner.game, [(0, "end")])
    figures = chances.figures(0)
    assert figures["turns"] == 1 and figures["taken"][LARGE] == figures["offered"][LARGE] == 1
    assert figures["taken"]["populate"] == 1 and figures["taken"]["build"] == 0


def _seat(chances: dict) -> dict:
    return {"seat": 0, "tribe": "nadair", "side": "sun", "ai": "greedy", "total": 1, "place": 1, "won": False,
            "sources": {"play": 1}, "taken": {}, "chances": chances}  # fmt: skip


def test_the_report_gives_each_moves_shares_and_names_what_was_never_offered_or_never_made():
    seats = [
        _seat({"turns": 10, "offered": {"build": 4, "play": 10, LARGE: 0}, "taken": {"build": 0, "play": 9, LARGE: 0}}),
        _seat(
            {"turns": 30, "offered": {"build": 2, "play": 30, LARGE: 0}, "taken": {"build": 0, "play": 20, LARGE: 0}}
        ),
    ]
    games = [
        {"index": i, "seed": i, "moves": 1, "turns": 1, "rounds": 1, "seats": [seat]} for i, seat in enumerate(seats)
    ]
    report = build_report({}, games)
    play = report["chances"]["play"]
    assert (play["turns"], play["offered"], play["taken"]) == (40, 40, 29)
    assert (play["offered_share"], play["taken_share"], play["taken_when_offered"]) == (1.0, 0.725, 0.725)
    assert (
        report["chances"]["build"]["offered_share"] == 0.15 and report["chances"][LARGE]["taken_when_offered"] is None
    )
    assert report["never"]["offered"] == [LARGE] and report["never"]["made"] == ["build"]
    mine = report["chances"]["play"]["by_tribe_and_side"]["nadair/sun"]
    assert (mine["turns"], mine["offered"], mine["taken"], mine["taken_share"]) == (40, 40, 29, 0.725)


def test_a_runs_report_summary_and_page_give_the_chances_of_its_games(tmp_path, capsys):
    out = tmp_path / "run"
    args = ["balance", "--games", "4", "--seed", "3", "--ai", "greedy", "--tribes", "nadair,formica", "--workers", "0"]
    assert cli.main([*args, "--out", str(out)]) == 0
    report = json.loads((out / "report.json").read_text())
    seats = [seat for f in sorted((out / "games").iterdir()) for seat in json.loads(f.read_text())["seats"]]
    for name, row in report["chances"].items():
        assert row["turns"] == sum(s["chances"]["turns"] for s in seats)
        for group, part in row["by_tribe_and_side"].items():
            mine = [s for s in seats if f"{s['tribe']}/{s['side']}" == group]
            assert part["taken"] == sum(s["chances"]["taken"][name] for s in mine) and part["label"]
        assert row["offered"] == sum(s["chances"]["offered"][name] for s in seats)
        assert row["taken"] == sum(s["chances"]["taken"][name] for s in seats) <= row["offered"]
    assert LARGE in report["chances"] and report["chances"]["play"]["taken"] > 0
    printed = capsys.readouterr().out
    for key, words in (("offered", "never offered on any turn: "), ("made", "offered but never made: ")):
        listed = [report["chances"][name]["label"] for name in report["never"][key]]
        assert (words + ", ".join(listed) in printed) if listed else (words not in printed)
    labels = {name: row["label"] for name, row in report["chances"].items()}
    assert labels["play"] == "play a card" and labels["switch"] == "use your switch" and labels[LARGE] == LARGE
    page = (out / "report.html").read_text()
    assert "What the turns offered" in page and "<td>play a card</td>" in page
