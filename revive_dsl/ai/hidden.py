"""What no player can see, and a sample of it: the order of the draw piles and which face-down tile lies where.

A state holds the true order of every pile (the seed shuffled them at setup). A computer player that searched that
state would know the next card of the citizen deck; :func:`sample_hidden` instead deals afresh, from the player's
own seeded generator, everything the player cannot see (docs/rulings.md, "What a computer player sees"):

- each draw pile: citizen deck, slot module pile, crate stack, each machine pile, and every pile a rules package
  marks ``pile`` in its part of the supply (the expansion's Scyphoz and journey decks);
- the face-down area tiles among the slots of the same back (a tile's back shows);
- the other players' closed crates, with the crate stack (003: only a crate's holder may look at it);
- the other players' artifact cards, from those the player does not hold (003, player setup step 7: each keeps
  theirs secret; not with the ``common_artifact_card`` variant, whose one card lies face up).

What stays as it is: everything face up, and the players' cards, resting ones included (each was seen as it was
played; the three a player rests at setup are treated as known too), and boards; the draft hands of the
``starting_draft`` variant are not resampled either.

:func:`seen_by` is the state as one seat may rate it without sampling (``greedy``): the other players' secret
artifact cards unknown, so not scored.

>>> import random
>>> from revive_dsl.engine.state import Game, Player
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
from revive_dsl.engine.state import Game, Player


def hidden_piles(game: Game) -> list[list[str]]:
    """The draw piles of the state, each list itself (to be shuffled in place)."""
    supply = game.supply
    piles = [supply.citizen_deck, supply.module_pile, supply.crates]
    piles += [supply.machine_piles[colour] for colour in sorted(supply.machine_piles)]
    for namespace in sorted(supply.parts):
        own = supply.parts[namespace]
        piles += [getattr(own, f.name) for f in fields(own) if f.metadata.get("pile")]
    return piles


def secret_holders(game: Game, seat: int | None) -> list[Player]:
    """The players whose artifact card ``seat`` cannot see (every player's, for no seat): those of the others who
    hold one, unless the ``common_artifact_card`` variant shows the one card to all.

    >>> game = Game(players=[Player(0, "Ann", "t", "sun", artifact_card="a1"), Player(1, "Bo", "t", "sun")])
    >>> game.players[1].artifact_card = "a2"
    >>> [p.name for p in secret_holders(game, 0)], [p.name for p in secret_holders(game, None)]
    (['Bo'], ['Ann', 'Bo'])
    """
    if "common_artifact_card" in game.variants:
        return []
    return [p for p in game.players if p.seat != seat and p.artifact_card is not None]


def seen_by(game: Game, seat: int) -> Game:
    """``game`` as ``seat`` may rate it: a copy whose other players' secret artifact cards are unknown (None, so
    not scored), or ``game`` itself when nothing is secret from the seat."""
    if not secret_holders(game, seat):
        return game
    view = game.clone()
    for player in secret_holders(view, seat):
        player.artifact_card = None
    return view


def _back(rules: Rules, tile: str) -> str:
    """What a tile's back shows, as text to group tiles by (kept with the rules: a search asks at every playout)."""
    return rules.kept(("tile back", tile), lambda: json.dumps(rules.data(tile).get("back"), sort_keys=True))


def sample_hidden(rules: Rules, game: Game, rng: random.Random, seat: int | None = None) -> None:
    """Deal the hidden piles, the face-down tiles and the artifact cards ``seat`` cannot see (all of them for no
    seat) of ``game`` afresh, in place (``game`` must be a copy of one's own)."""
    for pile in hidden_piles(game):
        if len(pile) > 1:
            rng.shuffle(pile)
    by_back: dict[str, list[str]] = {}
    for slot in sorted(game.board.tiles):
        placed = game.board.tiles[slot]
        if not placed.get("explored"):
            by_back.setdefault(_back(rules, str(placed["tile"])), []).append(slot)
    for slots in by_back.values():
        if len(slots) > 1:
            tiles = [game.board.tiles[slot]["tile"] for slot in slots]
            rng.shuffle(tiles)
            for slot, tile in zip(slots, tiles, strict=True):
                game.board.tiles[slot] = {**game.board.tiles[slot], "tile": tile}
    others = [p for p in game.players if p.seat != seat]
    unseen = [c for p in others for c in p.crates_closed] + game.supply.crates  # closed crates: only the holder looks
    if len(unseen) > 1 and any(p.crates_closed for p in others):
        rng.shuffle(unseen)
        for player in others:
            count = len(player.crates_closed)
            player.crates_closed[:], unseen = unseen[:count], unseen[count:]
        game.supply.crates[:] = unseen
    secret = secret_holders(game, seat)
    if secret:
        mine = game.players[seat].artifact_card if seat is not None else None
        pool = [card for card in rules.ids("artifact_card") if card != mine]
        if len(pool) >= len(secret):
            for player, card in zip(secret, rng.sample(pool, len(secret)), strict=True):
                player.artifact_card = card
