"""``can_pay`` looks books standing in up only when they could help; it answers exactly what the shortfall of
crystals says, for players whose books stand in for gears and food (Nàdair sun) and players without."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from revive_dsl.engine import resources as res
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.state import Player

load_all()  # the base game's stand-ins (rules/base/tribes.py) are registered

AMOUNTS = st.integers(0, 6)
HAVE = st.fixed_dictionaries({"gear": AMOUNTS, "book": AMOUNTS, "food": AMOUNTS, "crystal": st.integers(0, 3)})
COST = st.dictionaries(st.sampled_from(["gear", "book", "food", "crystal"]), st.integers(0, 8), max_size=4)
WHO = st.sampled_from([("nadair", "sun", ["t1"]), ("nadair", "sun", []), ("ox49", "moon", [])])


@settings(max_examples=400, deadline=None)
@given(HAVE, COST, WHO)
def test_can_pay_is_what_the_crystal_shortfall_says(have: dict, cost: dict, who: tuple) -> None:
    tribe, side, technologies = who
    player = Player(seat=0, name="Ann", tribe=tribe, side=side, technologies=list(technologies), resources=have)
    assert res.can_pay(player, cost) == (res.shortfall(player, cost) <= have["crystal"])


def test_books_stand_in_for_missing_gears_but_never_for_missing_books() -> None:
    ann = Player(seat=0, name="Ann", tribe="nadair", side="sun", technologies=["t1"])
    ann.resources.update(gear=0, book=3, food=0, crystal=0)
    assert res.can_pay(ann, {"gear": 2}) and res.can_pay(ann, {"gear": 1, "food": 2})
    assert not res.can_pay(ann, {"book": 4}) and not res.can_pay(ann, {"gear": 2, "book": 2})
