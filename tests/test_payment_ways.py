"""Nàdair may pay books instead of gears or food (001, Nàdair sun and moon: "darf Bücher statt Zahnrad / Nahrung
zahlen"; 003: crystals become any basic resource at any time): where a payment can be made in more than one way,
the player chooses among the distinct ways, the cheapest first (fewest crystals, then fewest books); where only
one way exists, nothing is asked.

States are hand-built on the base map: start_tile_1 in slot ``s1`` shows sand on 1,0, next to the chasm (no
range to pay there).
"""

from revive_dsl.engine import resources as res
from revive_dsl.engine.interpret import Ctx, decisions_asked
from revive_dsl.engine.registry import load_all
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player
from revive_dsl.rules.base.board_actions import build

load_all()
RULES = Rules.load(("base",))


def nadair(**resources) -> Game:
    """A Nàdair player holding Book barter (t1: books may pay for gears and food) on start_tile_1."""
    player = Player(seat=0, name="Ann", tribe="nadair", side="sun", technologies=["t1"])
    player.resources.update({"crystal": 0, "gear": 0, "book": 0, "food": 0, **resources})
    game = Game(players=[player], packs=["base"])
    game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    return game


def build_small(game: Game, *payment: str) -> list[tuple[str, list[str]]]:
    """Build a small building on 1,0, answering the payment question (if any) with ``payment``."""
    met = decisions_asked(build(Ctx(game, 0, RULES)), ["1,0", "small", *payment])
    return [(d.rule, d.legal_keys()) for d in met]


def test_nadair_may_pay_books_instead_of_gears_she_has():
    game = nadair(gear=3, book=3)
    met = build_small(game, "3book")
    assert met[-1] == ("payment", ["3gear", "2gear+1book", "1gear+2book", "3book"])  # the cheapest first
    assert game.players[0].resources == {"crystal": 0, "gear": 3, "book": 0, "food": 0}


def test_nadair_may_spend_a_crystal_rather_than_a_book():
    game = nadair(gear=2, book=1, crystal=1)
    met = build_small(game, "2gear+1crystal")
    assert met[-1] == ("payment", ["2gear+1book", "2gear+1crystal"])
    assert game.players[0].resources == {"crystal": 0, "gear": 0, "book": 1, "food": 0}


def test_a_payment_with_only_one_way_asks_nothing():
    game = nadair(gear=3)  # no book to stand in
    assert [rule for rule, _ in build_small(game)] == ["build", "build"]
    assert game.players[0].resources["gear"] == 0


def test_without_books_standing_in_the_named_resources_are_paid_first_and_nothing_is_asked():
    player = Player(seat=0, name="Bo", tribe="ox49", side="sun")
    player.resources.update(gear=2, book=3, crystal=1)
    assert res.payment_ways(player, {"gear": 3}) == [{"gear": 2, "crystal": 1}]
