"""Range maps are kept with the rules under what they depend on (``engine.range.range_key``) and reused on a
later decision: on every state of the bundled games, for every player, the kept map is the one a fresh
search gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from revive_dsl.engine import range as rng
from revive_dsl.engine.interpret import Ctx
from revive_dsl.replay import Replay, load_script

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["abyss-4p-gates-circadian-gadgets-leech.yaml", "4p-formica-vukuntur-nadair-hofstadterians.yaml"]


@pytest.mark.parametrize("name", GAMES)
def test_a_kept_range_map_is_always_the_fresh_one(name: str) -> None:
    replay = Replay(load_script(ROOT / "replays" / "games" / name))
    replay.run()
    reused = 0
    for game in replay.states[::3]:
        for seat in range(len(game.players)):
            ctx = Ctx(game, seat, replay.rules)
            reused += rng.range_key(ctx) in replay.rules._range_maps
            assert rng.range_costs(ctx) == rng._range_costs(ctx)
    assert reused > 0  # the replay itself left maps that these states find again


def _ann_and_bob():
    from revive_dsl.engine.rules import Rules
    from revive_dsl.engine.state import Game, Player

    rules = Rules.load(("base",))
    game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun"), Player(1, "Bob", "ox49", "sun")])
    game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    return rules, game


def test_another_players_building_and_the_action_count_leave_a_range_map_as_it_was() -> None:
    rules, game = _ann_and_bob()
    ctx = Ctx(game, 0, rules)
    key = rng.range_key(ctx)
    game.board.buildings["1,0"] = {"player": 1, "size": "small"}  # Bob's: paths pass occupied spaces
    game.turn.actions = 1
    assert rng.range_key(ctx) == key
    game.board.buildings["2,-1"] = {"player": 0, "size": "small"}  # Ann's own: a new origin
    assert rng.range_key(ctx) != key


def test_a_range_rule_reading_more_of_the_state_adds_it_to_the_key() -> None:
    rules, game = _ann_and_bob()
    ctx = Ctx(game, 0, rules)
    key = rng.range_key(ctx)
    reads = lambda ctx: ctx.game.turn.actions  # noqa: E731  (a rule that counts the actions taken)
    rng.RANGE_READS.add(reads)
    try:
        assert rng.range_key(ctx) != key
        before = rng.range_key(ctx)
        game.turn.actions = 1
        assert rng.range_key(ctx) != before
    finally:
        rng.RANGE_READS.remove(reads)
    assert rng.range_key(ctx) == key


@pytest.mark.parametrize("packs", [("base",), ("base", "abyss")])
def test_a_kept_range_map_is_the_fresh_one_in_a_random_game(packs: tuple[str, ...]) -> None:
    from revive_dsl.engine.drivers import RandomDriver
    from revive_dsl.engine.game import Runner
    from revive_dsl.engine.rules import Rules
    from revive_dsl.engine.setup import new_game

    rules = Rules.load(packs)
    tribes = ["nadair", "kuniban"] + (["abyss_tribe_gates", "abyss_tribe_leech"] if "abyss" in packs else ["formica"])
    players = [(f"P{i}", t, "single" if t.startswith("abyss") else "moon") for i, t in enumerate(tribes)]
    variants = [] if "abyss" in packs else ["vast_crystals"]
    runner, driver = Runner(new_game(rules, players, seed=5, variants=variants), rules), RandomDriver(5)
    found = 0
    while (decision := runner.decision()) is not None:
        runner.answer(driver.answer(decision))
        if runner.between_moves:
            for seat in range(len(players)):
                ctx = Ctx(runner.game, seat, rules)
                found += rng.range_key(ctx) in rules._range_maps
                assert rng.range_costs(ctx) == rng._range_costs(ctx)
    assert found > 0


def _dijkstra(ctx, sources, avoid=frozenset()):
    """The range search as Dijkstra's, with a heap, asking every rule space by space (the reference)."""
    import heapq

    from revive_dsl.engine import geometry as geo

    adjacent = geo.geometry(ctx.rules).neighbours
    group = {cell: key for cells_of in rng.LARGE_SPACES.of(ctx) for cell, key in cells_of(ctx).items()}
    best = dict.fromkeys(sources, 0)
    queue, done = [(0, s) for s in sorted(sources)], set()
    while queue:
        d, space = heapq.heappop(queue)
        if space in done:
            continue
        done.add(space)
        if space in sources:
            step = 0
        elif space in avoid or rng._blocked(ctx, space):
            continue
        else:
            step = rng.passage_cost(ctx, space)
        for nb in adjacent.get(space, ()):
            cost = 0 if space in group and group.get(nb) == group[space] else step
            if nb not in done and d + cost < best.get(nb, d + cost + 1):
                best[nb] = d + cost
                heapq.heappush(queue, (d + cost, nb))
    return best


@pytest.mark.parametrize("name", GAMES)
def test_the_range_search_finds_what_dijkstras_finds(name: str) -> None:
    replay = Replay(load_script(ROOT / "replays" / "games" / name))
    replay.run()
    for index, game in enumerate(replay.states[::4]):
        for seat in range(len(game.players)):
            ctx = Ctx(game, seat, replay.rules)
            sources = [space for space, _ in rng.origins(ctx)]
            assert rng.spaces_between(ctx, sources) == _dijkstra(ctx, sources)
            avoid = frozenset(sorted(game.board.buildings)[index % 3 :: 3])  # paths around some buildings
            assert rng.spaces_between(ctx, sources, avoid) == _dijkstra(ctx, sources, avoid)


def test_a_range_bonus_under_way_prices_the_same_search_again_without_searching(monkeypatch) -> None:
    rules, game = _ann_and_bob()
    game.board.buildings["2,-1"] = {"player": 0, "size": "small"}
    rules._range_maps.clear()
    ctx = Ctx(game, 0, rules)
    searches = []
    search = rng.spaces_between
    monkeypatch.setattr(rng, "spaces_between", lambda *a, **k: searches.append(1) or search(*a, **k))
    without = rng.range_costs(ctx)
    game.turn.range_bonus = 2  # the yellow machine's range 2, say
    with_bonus = rng.range_costs(ctx)
    assert len(searches) == 1  # one search for both maps
    assert with_bonus == rng._range_costs(ctx) != without  # and the map is the fresh one, two food cheaper
    assert all(with_bonus[space] == max(0, cost - 2) for space, cost in without.items())


@pytest.mark.parametrize("packs", [("base",), ("base", "abyss")])
def test_the_map_and_its_ranges_kept_for_one_order_of_the_face_down_tiles_are_those_of_every_order(
    packs, monkeypatch
) -> None:
    """A computer player samples which face-down tile lies where; the map's layout and every range map are kept by
    the tiles as they show (``geometry.shown_tiles``), so each sample reuses them: on every state of a random game,
    for three samples each, the kept layout and range maps are those worked out afresh."""
    import random

    from revive_dsl.ai.hidden import sample_hidden
    from revive_dsl.engine import geometry as geo
    from revive_dsl.engine.drivers import RandomDriver
    from revive_dsl.engine.game import Runner
    from revive_dsl.engine.rules import Rules
    from revive_dsl.engine.setup import new_game

    rules = Rules.load(packs)
    tribes = ["nadair", "kuniban"] + (["abyss_tribe_gates", "abyss_tribe_leech"] if "abyss" in packs else ["formica"])
    players = [(f"P{i}", t, "single" if t.startswith("abyss") else "moon") for i, t in enumerate(tribes)]
    variants = [] if "abyss" in packs else ["vast_crystals"]
    runner, driver = Runner(new_game(rules, players, seed=9, variants=variants), rules), RandomDriver(9)
    shuffled = reused = 0
    searches = []
    plain_search = rng._searched
    monkeypatch.setattr(rng, "_searched", lambda *a, **k: searches.append(1) or plain_search(*a, **k))
    while (decision := runner.decision()) is not None:
        runner.answer(driver.answer(decision))
        if not runner.between_moves:
            continue
        for seed in range(3):
            game = runner.game.clone()
            sample_hidden(rules, game, random.Random(seed))
            shuffled += game.board.tiles != runner.game.board.tiles
            for seat in range(len(players)):
                ctx = Ctx(game, seat, rules)
                missing, before = rng.range_key(ctx) not in rules._range_maps, len(searches)
                found = rng.range_costs(ctx)
                reused += missing and len(searches) == before  # a new key, and no search: the map of another order
                assert found == rng._range_costs(ctx)
            kept = geo._layout(rules, game.board)
            geo.geometry(rules).memo.clear()
            assert geo._layout(rules, game.board) == kept
    assert shuffled > 50 and reused > shuffled // 2  # (kept by the tiles as they lie: about a tenth of that)
