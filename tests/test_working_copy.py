"""A move runs on a working copy of the state, copied field by field as the move reads it, and settles into a state
that shares with the one before every field the move left equal (issue 15: no copy of the whole state per move).

What must hold: the state a move starts from is never changed (a failed or abandoned move leaves it byte-identical),
no later move changes a kept state through what it shares, and a settled state shares exactly what is equal.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.state import Board, Game, Player, Supply, Turn, same_data, settle, working_copy

load_all()

GAMES = {
    "base": (("base",), ["nadair", "kuniban", "formica", "ox49"], ["vast_crystals", "starting_draft"]),
    "abyss": (("base", "abyss"), ["nadair", "abyss_tribe_gates", "abyss_tribe_leech", "kuniban"], []),
}


def _players(tribes: list[str]) -> list[tuple[str, str, str]]:
    return [(f"P{i}", t, "single" if t.startswith("abyss") else "moon") for i, t in enumerate(tribes)]


def _random_game(name: str, seed: int):
    """Each committed state of a random game with its JSON when committed, checking meanwhile that the state a
    move started from is unchanged at every decision the move asks."""
    packs, tribes, variants = GAMES[name]
    rules = Rules.load(packs)
    runner, driver = Runner(new_game(rules, _players(tribes), seed=seed, variants=variants), rules), RandomDriver(seed)
    kept = [(runner.game, runner.game.to_json())]
    while (decision := runner.decision()) is not None:
        runner.answer(driver.answer(decision))
        if runner.between_moves:
            if runner.game is not kept[-1][0]:
                kept.append((runner.game, runner.game.to_json()))
        else:
            assert runner.game.to_json() == kept[-1][1]  # a move under way changes only its copy
    return kept


@pytest.mark.parametrize(("name", "seed"), [("base", 3), ("abyss", 8)])
def test_no_move_changes_a_state_kept_from_before(name: str, seed: int) -> None:
    kept = _random_game(name, seed)
    assert len(kept) > 100
    assert [game.to_json() for game, _ in kept] == [text for _, text in kept]


@pytest.mark.parametrize(("name", "seed"), [("base", 4), ("abyss", 9)])
def test_a_settled_state_shares_every_field_its_move_left_equal(name: str, seed: int) -> None:
    kept = _random_game(name, seed)
    shared = 0
    for (old, _), (new, _) in pairwise(kept):
        holders = [(new, old), (new.board, old.board), (new.supply, old.supply), (new.turn, old.turn)]
        holders += list(zip(new.players, old.players, strict=True))
        for mine, theirs in holders:
            for name_ in mine.__dataclass_fields__:
                value, before = getattr(mine, name_), getattr(theirs, name_)
                if value == before and type(value) not in (str, int, bool, type(None)):
                    assert value is before, f"{type(mine).__name__}.{name_} is equal but not shared"
                    shared += 1
                elif value != before:
                    assert value is not before
    assert shared > 1000


def test_a_move_abandoned_half_way_leaves_the_state_byte_identical() -> None:
    rules = Rules.load(("base",))
    runner, driver = Runner(new_game(rules, _players(["nadair", "kuniban"]), seed=2), rules), RandomDriver(2)
    abandoned = 0
    while (decision := runner.decision()) is not None and abandoned < 30:
        before, text = runner.game, runner.game.to_json()
        runner.answer(driver.answer(decision))
        if not runner.between_moves:
            runner.cancel()
            assert runner.game is before and before.to_json() == text
            abandoned += 1
            runner.answer(driver.answer(runner.decision()))
            while not runner.between_moves:
                runner.answer(driver.answer(runner.decision()))
    assert abandoned == 30


def _ann() -> Game:
    return Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])


def test_a_working_copy_copies_what_it_reads_and_never_changes_its_original() -> None:
    game = _ann()
    text = game.to_json()
    work = working_copy(game)
    work.players[0].resources["gear"] = 4
    work.players[0].active.append("cit_smith")
    work.board.figures["0,0"] = [0]
    assert game.to_json() == text
    settled = settle(work)
    assert game.to_json() == text
    assert settled.players[0].resources["gear"] == 4 and settled.board.figures == {"0,0": [0]}
    assert settled.supply is game.supply and settled.turn is game.turn  # never read: the original's own
    assert settled.players[0].tracks is game.players[0].tracks


def test_a_move_that_changes_nothing_settles_into_the_very_state_it_started_from() -> None:
    game = _ann()
    work = working_copy(game)
    assert work.players[0].resources["gear"] == 0 and work.board.tiles == {}  # read, not changed
    assert settle(work) is game


def test_a_field_with_a_plain_default_is_copied_with_the_copy() -> None:
    # Turn.final_scores defaults to None, which the class itself holds: reading it never reaches the copy on
    # first read, so a copy takes it at once.
    game = _ann()
    game.turn.final_scores = [{"seat": 0, "total": 3}]
    work = working_copy(game)
    work.turn.final_scores[0]["total"] = 9
    assert game.turn.final_scores == [{"seat": 0, "total": 3}]
    assert settle(work).turn.final_scores == [{"seat": 0, "total": 9}]


def test_copies_of_a_working_copy_are_independent_of_both() -> None:
    game = _ann()
    work = working_copy(game)
    work.players[0].points = 5
    for copy in (work.clone(), settle(working_copy(work))):
        copy.players[0].resources["food"] = 2
        assert copy.players[0].points == 5
    assert work.players[0].resources["food"] == 0 and game.players[0].resources["food"] == 0
    assert game.players[0].points == 0


def test_an_attribute_no_state_has_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="'Player' object has no attribute 'gold'"):
        working_copy(_ann()).players[0].gold  # noqa: B018
    with pytest.raises(AttributeError, match="'Player' object has no attribute 'gold'"):
        _ann().players[0].gold  # noqa: B018


def test_a_settled_state_is_made_of_the_state_classes_themselves() -> None:
    # A working copy's holders are of subclasses that copy on first read; what a move leaves behind is plain
    # state again (pickled to other processes, compared by type, read at full speed).
    for game, _ in _random_game("abyss", 11)[::25]:
        holders = [game, game.board, game.supply, game.turn, *game.players]
        assert [type(h) for h in holders] == [Game, Board, Supply, Turn] + [Player] * len(game.players)
        assert all("__origin__" not in vars(h) for h in holders)


def test_random_play_on_whole_copies_gives_the_same_states() -> None:
    packs, tribes, variants = GAMES["base"]
    rules = Rules.load(packs)
    texts = []
    for share in (True, False):
        game = new_game(rules, _players(tribes), seed=12, variants=variants)
        runner, driver, seen = Runner(game, rules, share=share), RandomDriver(12), []
        while (decision := runner.decision()) is not None:
            runner.answer(driver.answer(decision))
            if runner.between_moves:
                seen.append(runner.game.to_json())
        texts.append(seen)
    assert texts[0] == texts[1] and len(texts[0]) > 100


# --- any change through a working copy: the settled state is what a whole copy changed the same way gives ---------

_STATES = [game for game, _ in _random_game("abyss", 13)[::40]]


def _holders(game: Game) -> list:
    return [game, game.board, game.supply, game.turn, *game.players]


def _change(game: Game, holder_index: int, field_index: int, how: int, value: int) -> None:
    """One change of one field of one holder, the same on any copy of a state: read it, set it anew, or change
    the container it holds in place (a key set or dropped, an item added or removed)."""
    holder = _holders(game)[holder_index % len(_holders(game))]
    names = [name for name in holder.__dataclass_fields__ if name not in ("players", "board", "supply", "turn")]
    name = names[field_index % len(names)]
    current = getattr(holder, name)
    if how == 0 or current is None or name == "parts":
        return  # read only (a rules package's parts hold its own dataclasses, changed in the random games above)
    if type(current) is bool:
        setattr(holder, name, not current)
    elif type(current) is int:
        setattr(holder, name, current + value)
    elif type(current) is str:
        setattr(holder, name, f"{current}-{value}")
    elif type(current) is list:
        if how == 1 or not current:
            current.append(f"x{value}" if not current or type(current[0]) is str else value)
        else:
            current.pop(value % len(current))
    elif type(current) is dict:
        keys = sorted(current)
        if how == 1 or not keys:
            current[f"k{value}"] = value
        else:
            key = keys[value % len(keys)]
            inner = current[key]
            if type(inner) is dict and inner:  # a record inside: change it in place
                inner[sorted(inner)[0]] = value
            elif type(inner) is list:
                inner.append(value)
            else:
                del current[key]


CHANGES = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 40), st.integers(0, 2), st.integers(0, 7)), max_size=12)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(_STATES) - 1), CHANGES)
def test_any_change_through_a_working_copy_settles_into_what_a_whole_copy_gives(index: int, changes) -> None:
    origin = _STATES[index]
    before = origin.to_json()
    work, reference = working_copy(origin), origin.clone()
    for change in changes:
        _change(work, *change)
        _change(reference, *change)
    assert origin.to_json() == before  # the original never changes
    settled = settle(work)
    assert settled.to_json() == reference.to_json()
    assert origin.to_json() == before
    for mine, theirs in zip(_holders(settled), _holders(origin), strict=True):
        for name in mine.__dataclass_fields__:
            value, old = getattr(mine, name), getattr(theirs, name)
            if value is not old and type(value) not in (str, int, bool, type(None)):
                assert not same_data(value, old)  # the same data is shared (not 0 for False: its JSON differs)
