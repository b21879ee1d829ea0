"""Explore, build and populate ask for their target with options listed only when someone asks for them, and
check a given answer by pricing that target alone: on every such decision of the bundled games and of random
games, the check accepts exactly the listed keys, with the same labels."""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.engine import geometry as geo
from revive_dsl.engine.decisions import ListedWhenAsked
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.replay import Replay, load_script

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def checked(monkeypatch):
    """Every ListedWhenAsked decision answered: its test against its list, over every key of the map."""
    seen = []
    plain_choose = ListedWhenAsked.choose

    def choose(self, key):
        rules = Rules.load(("base", "abyss"))
        keys = set(geo.geometry(rules).neighbours) | set(geo.geometry(rules).slot_cells) | {key}
        listed = {o.key: o.label for o in self._lister()}
        for candidate in sorted(keys):
            found = self._test(candidate)
            assert (found is not None) == (candidate in listed), (self.rule, candidate)
            if found is not None:
                assert found.label == listed[candidate]
        seen.append(self.rule)
        return plain_choose(self, key)

    monkeypatch.setattr(ListedWhenAsked, "choose", choose)
    return seen


def test_the_bundled_games_answers_are_checked_as_the_lists_say(checked):
    for name in ["2p-nadair-ox49.yaml", "abyss-4p-gates-circadian-gadgets-leech.yaml"]:
        Replay(load_script(ROOT / "replays" / "games" / name)).run()
    assert {"explore", "build", "populate"} <= set(checked)


def test_random_games_choose_among_the_same_lists(checked):
    rules = Rules.load(("base", "abyss"))
    players = [("A", "abyss_tribe_leech", "single"), ("B", "nadair", "sun"), ("C", "abyss_tribe_gates", "single")]
    record = play_random_game(rules, players, 5)
    assert record.moves > 50 and len(checked) > 5
