"""How good a state is for a seat: the evaluation ``greedy`` maximises and ``mcts`` scores its cut-off playouts by.

A seat's *value* is its score as if the game ended now (the points on the track, purple points, and every line of
the final scoring: progress track, technologies, large locations, artifact card, remaining resources...) plus a
little for what will earn points later, each with a named weight in :data:`WEIGHTS`. A seat's *margin* is its value
less the best other seat's value (in a solo game, its value): what a player who wants to win maximises.

A pack's own state counts too (:func:`~revive_dsl.engine.declared.pack_value`): each counter a pack declares with a
``worth`` adds that many points per unit (a negative worth for a penalty track), and a rules package may add a
function of its own to ``VALUE_TERMS`` (docs/extension-api.md): what its state is worth to a player that the final
score does not count yet.

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.setup import new_game
>>> rules = Rules.load(("base",))
>>> game = new_game(rules, [("Ann", "nadair", "sun"), ("Bo", "formica", "moon")], seed=1)
>>> game.players[0].resources["gear"] += 5
>>> margin(rules, game, 0) > margin(rules, game, 1)
True
"""

from __future__ import annotations

import math

from revive_dsl.engine.declared import VALUE_TERMS, counter_worths, pack_value
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player, all_buildings
from revive_dsl.rules.base.scoring import final_scores, totals_and_card_points

# The evaluation's weights, in points per unit. The final score counts once (``score``); the rest values what is
# not points yet but leads to them, so a player builds an engine instead of cashing in at once.
WEIGHTS: dict[str, float] = {
    "score": 1.0,  # per point of the final score as if the game ended now (track, purple, every end-scoring line)
    "resource": 0.3,  # per basic resource or crystal held: pays for actions (the end scoring gives 1 per 5 already)
    "energy": 0.4,  # per energy in the storage: runs machines
    "machine_track": 0.8,  # per step up a machine track (grey, green, yellow) beyond the start: better machines
    "card": 0.7,  # per card owned (active, resting or in a slot): more to play
    "module": 1.0,  # per slot module fitted: more slots
    "building": 1.0,  # per building on the map, besides its points: presence, range and populating
    "figure": 0.5,  # per population figure on the map: position on the map
}


def score_now(rules: Rules, game: Game) -> list[int]:
    """Each seat's final score if the game ended now (the recorded totals once it has ended)."""
    if game.turn.final_scores is not None:
        return [sheet["total"] for sheet in game.turn.final_scores]
    return [sheet.total for sheet in final_scores(rules, game)]


def values(
    rules: Rules, game: Game, weights: dict[str, float] | None = None, scores: list[int] | None = None
) -> list[float]:
    """Every seat's value (see the module's text), in seat order; ``scores``: the seats' :func:`score_now`, if
    known."""
    w = WEIGHTS if weights is None else weights
    scores = score_now(rules, game) if scores is None else scores
    buildings: dict[int, int] = {}
    for _space, building in all_buildings(game.board):
        buildings[building["player"]] = buildings.get(building["player"], 0) + 1
    figures: dict[int, int] = {}
    for seats in game.board.figures.values():
        for seat in seats:
            figures[seat] = figures.get(seat, 0) + 1
    own = counter_worths(rules) or VALUE_TERMS.of(rules)
    return [
        (pack_value(rules, game, p) if own else 0.0)
        + w["score"] * scores[p.seat]
        + w["resource"] * sum(p.resources.values())
        + w["energy"] * p.energy
        + w["machine_track"] * (sum(p.tracks.values()) - len(p.tracks))
        + w["card"] * _cards(p)
        + w["module"] * sum(1 for fitted in p.modules.values() for m in fitted if m)
        + w["building"] * buildings.get(p.seat, 0)
        + w["figure"] * figures.get(p.seat, 0)
        for p in game.players
    ]


def _cards(player: Player) -> int:
    return len(player.active) + len(player.resting) + sum(len(played) for played in player.slots.values())


def margins(rules: Rules, game: Game, weights: dict[str, float] | None = None) -> list[float]:
    """Each seat's value less the best other seat's (a solo seat: its value)."""
    found = values(rules, game, weights)
    if len(found) == 1:
        return found
    return [v - max(found[:s] + found[s + 1 :]) for s, v in enumerate(found)]


def margins_as_seen(rules: Rules, game: Game, weights: dict[str, float] | None = None) -> list[float]:
    """Each seat's :func:`margins` as that seat sees the game: its own value with its artifact card, the others'
    without theirs, which they keep secret (:mod:`revive_dsl.ai.hidden`). In a search whose hidden cards are a
    sample, the others' sampled cards would only add noise to every rating.

    >>> from revive_dsl.engine.rules import Rules
    >>> from revive_dsl.engine.setup import new_game
    >>> rules = Rules.load(("base",))
    >>> game = new_game(rules, [("Ann", "nadair", "sun"), ("Bo", "formica", "moon")], seed=1)
    >>> seen = margins_as_seen(rules, game)
    >>> game.players[1].artifact_card = None  # Bo's card changes nothing Ann sees
    >>> margins_as_seen(rules, game)[0] == seen[0]
    True
    """
    from revive_dsl.ai.hidden import secret_holders

    holders = secret_holders(game, None)
    if len(game.players) == 1 or not holders:
        return margins(rules, game, weights)
    if game.turn.final_scores is None:  # the others' scores without their cards' points
        found = totals_and_card_points(rules, game)
        secret = {player.seat for player in holders}
        scores = [total for total, _ in found]
        blind = [total - card if seat in secret else total for seat, (total, card) in enumerate(found)]
    else:  # over: the recorded totals stand, as they are
        scores = blind = score_now(rules, game)
    known = values(rules, game, weights, scores)
    unknown = values(rules, game, weights, blind)
    return [v - max(unknown[:s] + unknown[s + 1 :]) for s, v in enumerate(known)]


def margin(rules: Rules, game: Game, seat: int, weights: dict[str, float] | None = None) -> float:
    """One seat's :func:`margins`."""
    return margins(rules, game, weights)[seat]


def squash(margin: float, scale: float = 10.0) -> float:
    """A margin as a reward between 0 and 1 (0.5 for level), ``scale`` points making the difference of a
    logistic step.

    >>> squash(0.0), round(squash(10.0), 3)
    (0.5, 0.731)
    """
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, margin / scale))))
