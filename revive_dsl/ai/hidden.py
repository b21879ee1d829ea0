"""What no player can see, and a sample of it: the order of the draw piles and which face-down tile lies where.

A state holds the true order of every pile (the seed shuffled them at setup). A computer player that searched that
state would know the next card of the citizen deck; :func:`sample_hidden` instead deals a fresh order, from the
player's own seeded generator, of everything nobody has seen: each draw pile (citizen deck, slot module pile, crate
stack, each machine pile, and every pile a rules package marks ``pile`` in its part of the supply: the expansion's
Scyphoz and journey decks), and the face-down area tiles among the slots of the same back (a tile's back shows, so
only tiles with the same back can trade places). What stays as it is: everything face up, and every player's cards
and boards, which the search treats as known (a table that keeps its cards in hand would make this a leak of the
opponents' active cards); the draft hands of the ``starting_draft`` variant are not resampled either.

>>> import random
>>> from revive_dsl.engine.state import Game
>>> from revive_dsl.engine.rules import Rules
>>> game = Game()
>>> game.supply.citizen_deck = ["a", "b", "c", "d"]
>>> sample_hidden(Rules.load(("base",)), game, random.Random(1))
>>> sorted(game.supply.citizen_deck), game.supply.citizen_deck != ["a", "b", "c", "d"]
(['a', 'b', 'c', 'd'], True)
"""

from __future__ import annotations

import json
import random
from dataclasses import fields

from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game


def hidden_piles(game: Game) -> list[list[str]]:
    """The draw piles of the state, each list itself (to be shuffled in place)."""
    supply = game.supply
    piles = [supply.citizen_deck, supply.module_pile, supply.crates]
    piles += [supply.machine_piles[colour] for colour in sorted(supply.machine_piles)]
    for namespace in sorted(supply.parts):
        own = supply.parts[namespace]
        piles += [getattr(own, f.name) for f in fields(own) if f.metadata.get("pile")]
    return piles


def sample_hidden(rules: Rules, game: Game, rng: random.Random) -> None:
    """Deal the hidden piles and face-down tiles of ``game`` afresh, in place (``game`` must be a copy of one's
    own)."""
    for pile in hidden_piles(game):
        if len(pile) > 1:
            rng.shuffle(pile)
    by_back: dict[str, list[str]] = {}
    for slot in sorted(game.board.tiles):
        placed = game.board.tiles[slot]
        if not placed.get("explored"):
            back = json.dumps(rules.data(str(placed["tile"])).get("back"), sort_keys=True)
            by_back.setdefault(back, []).append(slot)
    for slots in by_back.values():
        if len(slots) > 1:
            tiles = [game.board.tiles[slot]["tile"] for slot in slots]
            rng.shuffle(tiles)
            for slot, tile in zip(slots, tiles, strict=True):
                game.board.tiles[slot] = {**game.board.tiles[slot], "tile": tile}
