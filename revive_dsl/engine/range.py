"""Range: how much food an action on the board costs for the distance to its target.

Rules encoded here (rulebook, "Range"; 000 "Paying for range"): range is counted from the
chasm until the player has a piece (building or population figure) on the board, then from
their nearest piece and never again from the chasm; the cost is the number of spaces
passed through between origin and target (neither end counts), along the shortest path;
paths may pass occupied spaces but never unexplored tiles; a large location is one space;
a whole tile as the target (explore) costs as its nearest space. Range bonuses -- the next
action's ``range N`` (``turn.range_bonus``), lasting ``always: range N`` -- lower the food,
never below 0; range bonuses from several sources add up (003, Vukuntur).

Extension points (lists the rules packages append to):
:data:`RANGE_ORIGINS` (where range may be counted from, each with a bonus),
:data:`RANGE_BLOCKERS` (spaces a path may not pass), :data:`PASSAGE_COSTS` (what passing
a space costs, first answer wins; Nàdair's ``free_passage`` makes forest and water free),
:data:`RANGE_BONUSES` (lasting bonuses) and :data:`MODIFIER_SOURCES` (where lasting modifiers come from).

>>> from revive_dsl.engine.interpret import Ctx
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
>>> ctx = Ctx(game, 0, Rules.load(("base",)))
>>> distance(ctx, ["1,0"]), distance(ctx, ["2,-1"])  # next to the chasm; one space beyond
(0, 1)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Collection, Iterable

from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.signatures import BY_KIND
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import Ctx, args
from revive_dsl.engine.memo import remembered, unchanged
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Player, all_buildings, plain_key

Origin = tuple[str, int]  # a space range may be counted from, and the range bonus counting from it


def rules_of(ctx: Ctx) -> Rules:
    """The content the game is played with: the Ctx's, else the game's packs."""
    return ctx.rules if ctx.rules is not None else Rules.load(tuple(ctx.game.packs))


# --- lasting modifiers ---------------------------------------------------------------------


def lasting_modifiers(rules: Rules, player: Player) -> list[n.Call]:
    """Modifier calls in force for a player: in the bodies :data:`MODIFIER_SOURCES` give (the base game's:
    ``always`` clauses of the tribe side's rules and of unlocked technologies, ``while slotted`` clauses of
    played cards).

    >>> p = Player(seat=0, name="Ann", tribe="nadair", side="sun", technologies=["t1", "t2c"])
    >>> [c.name for c in lasting_modifiers(Rules.load(("base",)), p)]
    ['pay_book_for', 'pay_book_for', 'free_passage', 'free_passage']
    """
    # the key is every input; slots in their dict order (another order is another key, the same answer)
    played = tuple((slot, p.card, p.half) for slot, cards in player.slots.items() for p in cards)
    # a rules package's part of the player may bring modifiers too (the leech tribe's borrowed technologies)
    key = (id(rules), player.tribe, player.side, *player.technologies, None, *played, repr(player.parts or None))
    hit = _MODIFIERS.get(key)
    if hit is None or hit[0]() is not rules:
        if len(_MODIFIERS) > 4096:  # a long simulation meets many card combinations; keep the memo small
            _MODIFIERS.clear()
        hit = _MODIFIERS[key] = (weakref.ref(rules), _collect_modifiers(rules, player))  # the rules may go
    return hit[1]


_MODIFIERS: dict[tuple, tuple[weakref.ref[Rules], list[n.Call]]] = {}

# Where a player's lasting modifiers come from: ``source(rules, player) -> bodies`` in force now (the base
# game's tribe side, technologies and slotted cards: rules/base/lasting.py; the leech tribe's borrowed
# technologies: rules/abyss/leech.py). Lasting modifiers keep this order.
MODIFIER_SOURCES: Hooks[Callable[[Rules, Player], list[n.Expr]]] = Hooks("MODIFIER_SOURCES")


def _collect_modifiers(rules: Rules, player: Player) -> list[n.Call]:
    modifiers = BY_KIND["modifier"]
    bodies = [body for source in MODIFIER_SOURCES.of(rules) for body in source(rules, player)]
    return [node for body in bodies for node in body.walk() if isinstance(node, n.Call) and node.name in modifiers]


def modifier_words(rules: Rules, player: Player, name: str) -> list[list[str]]:
    """The word arguments of each lasting modifier ``name``: ``free_passage`` -> ``[["forest"], ["water"]]``."""
    return [args(c)[1] for c in lasting_modifiers(rules, player) if c.name == name]


# --- origins, blockers, passage ----------------------------------------------------------


def pieces(game, seat: int) -> list[str]:
    """Spaces holding the player's buildings and population figures, sorted."""
    board = game.board
    spaces = {s for s, b in all_buildings(board) if b["player"] == seat}
    spaces |= {loc for loc, seats in board.figures.items() if seat in seats}
    return sorted(spaces)


def _own_pieces(ctx: Ctx) -> list[Origin]:
    """Range counts from the player's pieces on the map, else from the chasm: a piece off the map (a figure on
    the location beside the devotion track) is no place to count from (docs/rulings.md, "Range")."""
    geometry = geo.geometry(rules_of(ctx))
    own = [s for s in pieces(ctx.game, ctx.seat) if s in geometry.neighbours]
    return [(s, 0) for s in own] if own else [(geometry.chasm, 0)]


RANGE_ORIGINS: Hooks[Callable[[Ctx], list[Origin]]] = Hooks("RANGE_ORIGINS", [_own_pieces])


def whole_map(form: Callable[[Ctx], Collection[str] | dict[str, int]]):
    """Give a rule of :data:`RANGE_BLOCKERS` or :data:`PASSAGE_COSTS` its whole-map form, which a range search
    asks once instead of asking the rule at every space it reaches: for a blocker, every space the rule blocks;
    for a passage cost, ``{space: cost}`` for every space the rule answers (those it gives None are absent).
    The rule itself stays the per-space answer (``tests/test_range_whole_map.py`` checks that the two agree).

    >>> @whole_map(lambda ctx: {"1,0"})
    ... def _blocks_one(ctx, space):
    ...     return space == "1,0"
    >>> _blocks_one.whole_map(None)
    {'1,0'}
    """

    def attach(rule: Callable) -> Callable:
        rule.whole_map = form  # type: ignore[attr-defined]
        return rule

    return attach


def _unexplored_cells(ctx: Ctx) -> set[str]:
    rules, board = rules_of(ctx), ctx.game.board
    cells = geo.geometry(rules).slot_cells
    return {c for slot in cells if not geo.explored(rules, board, slot) for c in cells[slot]}


@whole_map(_unexplored_cells)
def _unexplored(ctx: Ctx, space: str) -> bool:
    rules = rules_of(ctx)
    found = geo.geometry(rules).slot_of.get(space)
    return found is not None and not geo.explored(rules, ctx.game.board, found[0])


@whole_map(lambda ctx: geo.geometry(rules_of(ctx)).crystals)
def _edge_crystal(ctx: Ctx, space: str) -> bool:
    return space in geo.geometry(rules_of(ctx)).crystals


RANGE_BLOCKERS: Hooks[Callable[[Ctx, str], bool]] = Hooks("RANGE_BLOCKERS", [_unexplored, _edge_crystal])


PASSAGE_COSTS: Hooks[Callable[[Ctx, str], int | None]] = Hooks("PASSAGE_COSTS")

# Cells that together make ONE large space for range (a lake crossed with ``range_through_lakes``, a gate
# tile: rules/abyss/lakes.py, rules/abyss/gates.py): ``cells(ctx) -> {cell: its large space's key}``; moving between
# two cells of one large space is free, so passing through it costs what passing one space costs.
LARGE_SPACES: Hooks[Callable[[Ctx], dict[str, str]]] = Hooks("LARGE_SPACES")


def _blocked(ctx: Ctx, space: str, blockers: list | tuple | None = None) -> bool:
    """Whether a rule of :data:`RANGE_BLOCKERS` (the game's: ``blockers``) stops paths at this space."""
    return any(rule(ctx, space) for rule in (RANGE_BLOCKERS.of(ctx) if blockers is None else blockers))


def passage_cost(ctx: Ctx, space: str, rules: list | tuple | None = None) -> int:
    """What passing through a space costs (1 unless a rule of :data:`PASSAGE_COSTS` says otherwise; the first
    that answers wins). ``rules``: the rules to ask, each a rule or its whole-map answers (:func:`whole_map`)."""
    for rule in PASSAGE_COSTS.of(ctx) if rules is None else rules:
        cost = rule.get(space) if type(rule) is dict else rule(ctx, space)
        if cost is not None:
            return cost
    return 1


def origins(ctx: Ctx) -> list[Origin]:
    """Every (space, bonus) the player may count range from now."""
    best: dict[str, int] = {}
    for source in RANGE_ORIGINS.of(ctx):
        for space, bonus in source(ctx):
            best[space] = max(bonus, best.get(space, bonus))
    return sorted(best.items())


# --- the cost ----------------------------------------------------------------------------


def spaces_between(ctx: Ctx, sources: Iterable[str], avoid: frozenset[str] = frozenset()) -> dict[str, int]:
    """Spaces passed from the nearest of ``sources`` to every space reachable (blocked ones end a path);
    paths pass none of ``avoid`` either (they may end there).

    A shortest-path search with a queue of buckets, one per distance (Dial's algorithm: what a space costs to
    pass is a small whole number, most often 0 or 1), which gives what Dijkstra's search with a heap gives
    (``tests/test_range_maps.py`` compares the two).
    """
    adjacent = geo.geometry(rules_of(ctx)).neighbours
    group = {cell: key for cells_of in LARGE_SPACES.of(ctx) for cell, key in cells_of(ctx).items()}
    sources = set(sources)
    best = dict.fromkeys(sources, 0)
    # buckets[d]: spaces reached at d, in the order they were. A space joins a bucket only when its distance
    # improves, so it is in bucket d at most once, and an entry whose space was reached nearer since is passed
    # over: no set of spaces done is needed.
    buckets: list[list[str]] = [sorted(sources)]
    with unchanged(ctx.game):  # the rules below may share what they know of the player
        blocked, blockers, costs = _search_rules(ctx)
        blocked |= avoid
        passing = _all_at_once(costs)
        d = 0
        while d < len(buckets):
            bucket = buckets[d]
            index = 0
            while index < len(bucket):  # a free step (cost 0) adds to this very bucket
                space = bucket[index]
                index += 1
                if best[space] != d:
                    continue  # reached again later at a shorter distance, and passed from there
                if space in sources:
                    step = 0
                elif space in blocked or (blockers and _blocked(ctx, space, blockers)):
                    continue  # a target may lie here, but no path goes on through
                else:
                    step = passing.get(space, 1) if passing is not None else passage_cost(ctx, space, costs)
                    if step < 0:
                        raise ValueError(f"a passage cost is never below 0: {step} to pass {space}")
                far = d + step
                mine = group.get(space) if group else None
                if mine is None:  # most spaces: every neighbour at the same distance
                    for nb in adjacent.get(space, ()):
                        if far < best.get(nb, far + 1):
                            best[nb] = far
                            while len(buckets) <= far:
                                buckets.append([])
                            buckets[far].append(nb)
                    continue
                for nb in adjacent.get(space, ()):
                    reach = d if group.get(nb) == mine else far  # within one large space: free
                    if reach < best.get(nb, reach + 1):
                        best[nb] = reach
                        while len(buckets) <= reach:
                            buckets.append([])
                        buckets[reach].append(nb)
            d += 1
    return best


def _all_at_once(costs: list[Callable | dict[str, int]]) -> dict[str, int] | None:
    """The passage costs as one ``{space: cost}`` (the first that answers a space wins), when every rule gave
    its whole-map form; else None (some rule answers space by space)."""
    if any(type(rule) is not dict for rule in costs):
        return None
    merged: dict[str, int] = {}
    for rule in reversed(costs):
        merged.update(rule)
    return merged


def _search_rules(ctx: Ctx) -> tuple[set[str], list[Callable], list[Callable | dict[str, int]]]:
    """What a range search asks of the game's blockers and passage costs: the spaces blocked by the rules that
    have a whole-map form, the rules that answer one space at a time, and the passage costs in their order,
    each a rule or its whole-map answers (as :func:`passage_cost` takes them)."""
    blocked: set[str] = set()
    one_by_one = []
    for rule in RANGE_BLOCKERS.of(ctx):
        form = getattr(rule, "whole_map", None)
        if form is None:
            one_by_one.append(rule)
        else:
            blocked.update(form(ctx))
    costs = [form(ctx) if (form := getattr(rule, "whole_map", None)) else rule for rule in PASSAGE_COSTS.of(ctx)]
    return blocked, one_by_one, costs


def distance(ctx: Ctx, targets: Iterable[str], start: Iterable[str] | None = None) -> int | None:
    """Spaces passed between the nearest origin and the nearest target (None: no way through).

    ``start`` overrides the origins (their bonuses are not applied here).
    """
    field = spaces_between(ctx, start if start is not None else [s for s, _ in origins(ctx)])
    found = [field[t] for t in targets if t in field]
    return min(found) if found else None


def range_bonus(ctx: Ctx) -> int:
    """The bonus for the action under way: the next action's ``range`` plus the lasting ones."""
    return ctx.game.turn.range_bonus + sum(bonus(ctx) for bonus in RANGE_BONUSES.of(ctx))


# The lasting range bonuses (the base game's ``always: range N``, rules/base/lasting.py; the circadian tribe's
# ``while night: range 1``, rules/abyss/circadian.py); each gets the Ctx.
RANGE_BONUSES: Hooks[Callable[[Ctx], int]] = Hooks("RANGE_BONUSES")


def range_costs(ctx: Ctx) -> dict[str, int]:
    """Food for range to every reachable space, after range bonuses (for listing many targets at once).

    A map is kept with the game's rules under what it depends on (:func:`range_key`), so a later decision
    on the same board for the same player reuses it (about half of those in the bundled scripts).
    """
    return dict(remembered(ctx.game, ("range_costs", ctx.seat), lambda: _kept_range_costs(ctx)))


RANGE_MAPS_KEPT = 3072  # entries per Rules object (a map under two keys, its search under one); then the oldest half go


def range_key(ctx: Ctx) -> tuple:
    """What a player's range map depends on: the board's tiles (as the map shows them: which tile lies face down
    does not show, :func:`~revive_dsl.engine.geometry.shown_tiles`), tokens (stacked ones too), large locations and
    rules-package parts, and the player's own pieces (other players' pieces never change a path: paths pass
    occupied spaces); whose turn it is, the range bonus under way and the turn's rules-package parts (a leeched
    origin); the player's tribe, side, technologies and played cards (their lasting modifiers); every player's
    rules-package parts (the expansion's circadian side, borrowed technologies...); and whatever
    :data:`RANGE_READS` adds. Range rules of a rules package read nothing else of the state, or declare it there
    (docs/writing-an-expansion.md)."""
    return (ctx.game.turn.range_bonus, *search_key(ctx))


def search_key(ctx: Ctx) -> tuple:
    """What a range search reads (:func:`range_key` but the range bonus under way, which only lowers the food
    found after the search): two maps differing only in that bonus share one search."""
    game = ctx.game
    player = game.players[ctx.seat]
    board, turn = game.board, game.turn
    return (
        ctx.seat,
        plain_key(board.tiles),
        plain_key(board.tokens),
        plain_key(board.stacked_tokens),
        plain_key(board.large_locations),
        repr(board.parts),
        tuple(pieces(game, ctx.seat)),
        turn.player,
        repr(turn.parts),
        player.tribe,
        player.side,
        repr(player.technologies),
        repr(player.slots),
        repr([p.parts for p in game.players]),
        *(repr(more(ctx)) for more in RANGE_READS.of(ctx)),
    )


# What else of the state a rules package's range rules read, beyond :func:`range_key`'s list: each gets the Ctx
# and gives a value whose ``repr`` joins the key (none in the bundled packages).
RANGE_READS: Hooks[Callable[[Ctx], object]] = Hooks("RANGE_READS")


def _kept_range_costs(ctx: Ctx) -> dict[str, int]:
    rules = rules_of(ctx)
    kept = rules._range_maps
    key = range_key(ctx)
    found = kept.get(key)
    if found is None:
        if len(kept) >= RANGE_MAPS_KEPT:
            for old in list(kept)[: RANGE_MAPS_KEPT // 2]:
                del kept[old]
        # the same map but for the ids of face-down tiles (a computer player's sample of them) has the same ranges:
        # a path never crosses a face-down tile, whatever it is (the key's tiles, its third item, as they show)
        shown = (*key[:2], geo.shown_tiles(rules, ctx.game.board), *key[3:])
        found = kept.get(shown)
        if found is None:
            searched_key = ("searched", *shown[1:])  # the search: the key but the range bonus (its first item)
            searched = kept.get(searched_key)
            if searched is None:
                searched = kept[searched_key] = _searched(ctx)
            found = kept[shown] = _priced(range_bonus(ctx), searched)
        kept[key] = found
    return found


def range_costs_avoiding(ctx: Ctx, avoid: frozenset[str]) -> dict[str, int]:
    """Food for range to every space by paths passing none of ``avoid`` (the leech tribe's spaces)."""
    return _range_costs(ctx, avoid)


def _range_costs(ctx: Ctx, avoid: frozenset[str] = frozenset()) -> dict[str, int]:
    return _priced(range_bonus(ctx), _searched(ctx, avoid))


def _searched(ctx: Ctx, avoid: frozenset[str] = frozenset()) -> list[tuple[int, dict[str, int]]]:
    """The spaces passed to every space from each group of origins with the same bonus, by that bonus."""
    by_bonus: dict[int, list[str]] = {}
    for space, extra in origins(ctx):
        by_bonus.setdefault(extra, []).append(space)
    return [(extra, spaces_between(ctx, spaces, avoid)) for extra, spaces in sorted(by_bonus.items())]


def _priced(bonus: int, searched: list[tuple[int, dict[str, int]]]) -> dict[str, int]:
    """Food for range to every space from the searches of :func:`_searched`, after the range bonus ``bonus``."""
    out: dict[str, int] = {}
    for extra, found in searched:
        off = bonus + extra
        if not out:  # the first (most often the only) group of origins
            out = {space: d - off if d > off else 0 for space, d in found.items()}
            continue
        for space, d in found.items():
            cost = d - off if d > off else 0
            if cost < out.get(space, cost + 1):
                out[space] = cost
    return out


def range_cost(ctx: Ctx, targets: Iterable[str], costs: dict[str, int] | None = None) -> int | None:
    """Food to pay for range to the nearest of ``targets``, after range bonuses; None if unreachable.

    ``costs`` is a :func:`range_costs` map already computed for this state.

    >>> from revive_dsl.engine.state import Game
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    >>> game.turn.range_bonus = 1
    >>> range_cost(Ctx(game, 0, Rules.load(("base",))), ["3,-3"])  # through 1,0 2,-1 3,-2
    2
    """
    if ctx.game.turn.unlimited_range:
        return 0
    costs = range_costs(ctx) if costs is None else costs
    found = [costs[t] for t in targets if t in costs]
    return min(found) if found else None
