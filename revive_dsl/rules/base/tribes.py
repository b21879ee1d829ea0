"""Tribe tokens and tribe rules: ``place TOKEN``, the falcon, and the tribes' lasting modifiers.

Rules encoded here (003, the six tribes' moon sides; 001, "Stamm-Fähigkeiten"):

- forest tile (Nàdair moon): a vacant sand space, range paid; owners of buildings next to it
  take it as a new forest (green advance); ``forest_books``: 1 book for it and each forest tile
  joined to it in an unbroken chain;
- temple (Hofstadterian moon): a vacant water space, range paid; its reward is taken again even
  if already claimed; the space counts for the owner's ``water_spaces`` (once, with the waters
  their buildings claimed), but the temple blocks no building from claiming the reward;
- target (]0X49[ moon): any sand space without a building (a Kuniban sand tile's too) or location
  without the player's figure, no range; the player's later build / populate there costs 2 less,
  another player's pays the owner the own cost (not range, not book fees); then the target goes back
  to its owner's supply;
- sand tile (Kuniban moon): a vacant field, forest or mountain space, range paid;
  ``recruit_terrain`` takes a display card of the covered terrain's colour, if one shows;
- workshop (Formica moon): any field, forest or mountain space (the falcon's or a forest tile's too),
  no range; the terrain's track advances 1;
- falcon (Vukuntur moon): ``move_falcon`` up to 3 spaces per marker gone from the tribe board,
  ending on a field, forest or mountain space (a workshop's or a forest tile's too);
  ``falcon_reward``: 3 of that terrain's resource.

A space holds every token the rules let lie together (:data:`JOINS`; ``board.stacked_tokens``).

Tokens come from ``player.tokens_left``; with none left, ``place`` cannot be carried out (and
an ability made of it moves no marker). Placement options are priced before they are offered.

>>> from revive_dsl.engine.interpret import Ctx
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> p = Player(seat=0, name="Ann", tribe="ox49", side="moon", tokens_left={"target": 1})
>>> game = Game(players=[p])
>>> game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
>>> sorted(place_options(Ctx(game, 0, Rules.load(("base",))), "target"))[:2]
['1,0', '2,-1']
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import declared_tokens as declared
from revive_dsl.engine import geometry as geo
from revive_dsl.engine import resources as res
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.interpret import (
    ARG_NEEDS,
    DECLINABLE,
    NEEDS,
    WHY_NOT,
    Ctx,
    Effect,
    args,
    cost_of,
    cost_text,
    count,
    count_arg,
    effect,
    run,
)
from revive_dsl.engine.memo import remembered
from revive_dsl.engine.range import range_costs, rules_of
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Player, all_tokens, put_token, take_token, tokens_at
from revive_dsl.engine.triggers import FIRE_SKIPS, owned_effects
from revive_dsl.rules.base import board_actions as actions
from revive_dsl.rules.base.board_actions import label, new_space_rewards
from revive_dsl.rules.base.cards import card_colours, take_citizen
from revive_dsl.rules.base.lasting import tribe_programs
from revive_dsl.rules.base.tracks import ability_program, advance

Cost = dict[str, int]
TERRAINS = tuple(geo.TERRAIN_TRACK)  # field, forest, mountain: the "terrain spaces"
TERRAIN_RESOURCE = {"field": "food", "forest": "book", "mountain": "gear"}  # the falcon's reward
FALCON_STEPS = 3  # spaces per progress marker gone from the tribe board
TARGET_DISCOUNT = 2


# Actions whose ``when`` clauses made only of discounts lower that same action's cost, before the payment
# (003, Formica sun: "when you build, a discount of 1 for each adjacent mountain"); the event's key
# names the target space.
BEFORE_PAYMENT = {"build": "space", "populate": "location"}


def discounts_only(body: n.Expr) -> bool:
    """Whether a body does nothing but give discounts (possibly per counter).

    >>> from revive_dsl.dsl.parser import parse
    >>> [discounts_only(parse(t).clauses[0].body) for t in ("each adjacent mountain: discount 1", "gain book")]
    [True, False]
    """
    if isinstance(body, n.Call):
        return body.name == "discount"
    if isinstance(body, n.ForEach):
        return discounts_only(body.body)
    if isinstance(body, n.AllOf):
        return all(discounts_only(item) for item in body.items)
    return False


def _discount_before_payment(event: str, body: n.Expr) -> bool:
    """A ``when build``/``when populate`` clause made only of discounts lowers that action's own cost before
    the payment (:func:`_trigger_discount`), so firing the event skips it."""
    return event in BEFORE_PAYMENT and discounts_only(body)


FIRE_SKIPS.add(_discount_before_payment)


# --- where each token may go --------------------------------------------------------------


def _visible(rules: Rules, board) -> list[str]:
    return list(geo.geometry(rules).slot_of)


# token -> the tokens already on a space it may join there (003): the falcon ends on any terrain space and
# workshops do not block it; a workshop goes on any terrain space; a target on any sand space. A forest tile
# makes a forest space, a sand tile a sand space. Every other token needs a space holding none (docs/rulings.md
# "Tokens that share a space").
JOINS: dict[str, frozenset[str]] = {
    "falcon": frozenset({"workshop", "forest_tile"}),
    "workshop": frozenset({"falcon", "forest_tile"}),
    "target": frozenset({"sand_tile"}),
}


def may_join(token: str, board, space: str) -> bool:
    """Whether ``token`` may lie on ``space`` beside every token already there (one of each kind at most).

    >>> from revive_dsl.engine.state import Board
    >>> board = Board(tokens={"1,1": {"player": 1, "token": "workshop"}})
    >>> may_join("falcon", board, "1,1"), may_join("workshop", board, "1,1"), may_join("temple", board, "0,0")
    (True, False, True)
    """
    allowed = JOINS.get(token, frozenset())
    return all(t.get("token") in allowed for t in tokens_at(board, space))


def _holds(board, space: str, token: str) -> bool:
    return any(t.get("token") == token for t in tokens_at(board, space))


def _free(board, space: str) -> bool:
    return space not in board.tokens and space not in board.buildings and not board.figures.get(space)


def _forest_tile(ctx: Ctx) -> list[str]:
    rules, board = rules_of(ctx), ctx.game.board
    return [s for s in geo.sand_spaces(rules, board) if _free(board, s)]


def _temple(ctx: Ctx) -> list[str]:
    rules, board = rules_of(ctx), ctx.game.board
    return [s for s in _visible(rules, board) if _free(board, s) and geo.terrain(rules, board, s) == "water"]


def _target(ctx: Ctx) -> list[str]:
    rules, board, seat = rules_of(ctx), ctx.game.board, ctx.seat
    sand = [s for s in geo.sand_spaces(rules, board) if may_join("target", board, s)]
    places = [
        s for s in geo.locations(rules, board) if may_join("target", board, s) and seat not in board.figures.get(s, [])
    ]
    return [*sand, *places]


def _terrain_space(ctx: Ctx) -> list[str]:
    rules, board = rules_of(ctx), ctx.game.board
    return [s for s in _visible(rules, board) if _free(board, s) and geo.terrain(rules, board, s) in TERRAINS]


def _workshop(ctx: Ctx) -> list[str]:
    rules, board = rules_of(ctx), ctx.game.board
    return [
        s for s in _visible(rules, board) if geo.terrain(rules, board, s) in TERRAINS and may_join("workshop", board, s)
    ]


# token -> (spaces it may go on, whether range is paid)
PLACEMENT: dict[str, tuple[Callable[[Ctx], list[str]], bool]] = {
    "forest_tile": (_forest_tile, True),
    "temple": (_temple, True),
    "target": (_target, False),
    "sand_tile": (_terrain_space, True),
    "workshop": (_workshop, False),
}


# Tokens placed by rules of their own (the gates tribe's gate tiles cover two spaces, rules/abyss/gates.py):
# token -> (options(ctx, reserve) -> {choice: payment}, place(ctx) -> Effect).
OWN_PLACING: dict[str, tuple[Callable[[Ctx, Cost | None], dict[str, Cost]], Callable[[Ctx], Effect]]] = {}


def _placement(ctx: Ctx, token: str) -> tuple[Callable[[Ctx], list[str]], bool] | None:
    """Where a token may go and whether range is paid: :data:`PLACEMENT`'s, or a kind of token a pack declares
    (engine/declared_tokens.py), or None."""
    if token in PLACEMENT:
        return PLACEMENT[token]
    kind = declared.declared_kind(ctx, token)
    return None if kind is None else (lambda c: declared.spaces_for(c, token), kind.pays_range)


def _left(ctx: Ctx, token: str) -> int:
    """How many of a token the player may still place: their own, or (a declared kind) its stock's."""
    if token not in PLACEMENT and declared.declared_kind(ctx, token) is not None:
        return declared.stock_left(ctx, token)
    return ctx.player.tokens_left.get(token, 0)


def place_options(ctx: Ctx, token: str, reserve: Cost | None = None) -> dict[str, Cost]:
    """Spaces a token may go on now -> the range food to pay (``reserve``: paid on top, for affordability).

    Empty when the player has no such token left.

    >>> from revive_dsl.engine.state import Game
    >>> p = Player(seat=0, name="Ann", tribe="formica", side="moon")
    >>> place_options(Ctx(Game(players=[p]), 0, Rules.load(("base",))), "workshop")
    {}
    """
    if ctx.player.tokens_left.get(token, 0) >= 1 and token in OWN_PLACING:
        return OWN_PLACING[token][0](ctx, reserve)
    placement = _placement(ctx, token)
    if placement is None or _left(ctx, token) < 1:
        return {}
    spaces, pays_range = placement
    reach = range_costs(ctx) if pays_range and not ctx.game.turn.unlimited_range else None
    out = {}
    for space in spaces(ctx):
        food = 0 if reach is None else reach.get(space)
        if food is None:
            continue
        cost = {"food": food} if food else {}
        if res.can_pay(ctx.player, actions.plus_costs(cost, reserve or {})):
            out[space] = cost
    return out


def _ability_reserve(ctx: Ctx) -> Cost:
    """What the tribe ability pays before placing (``pay crystal -> place temple``: 1 crystal)."""
    program = ability_program(ctx)
    if program is None:
        return {}
    body = program.clauses[0].body
    return cost_of(body.cost) if isinstance(body, n.Trade) else {}


def _can_place(ctx: Ctx) -> bool:
    reserve = _ability_reserve(ctx)
    return any(place_options(ctx, token, reserve) for token in sorted(ctx.player.tokens_left))


def _can_place_this(ctx: Ctx, call: n.Call) -> bool:
    """A tribe token: whether any of the player's tokens may be placed (the tribe ability's own question); a
    kind a pack declares: whether one may be placed now."""
    token = args(call)[1][0]
    if token in PLACEMENT or declared.declared_kind(ctx, token) is None:
        return _can_place(ctx)
    return bool(place_options(ctx, token))


ARG_NEEDS["place"] = _can_place_this

# Where each token may go, for a refusal's reason.
_WHERE = {
    "temple": "vacant water space",
    "sand_tile": "vacant space of a terrain",
    "workshop": "space of a terrain that may take a workshop",
    "target": "sand space or location that may take a target",
    "forest_tile": "space that may take a forest tile",
}


def why_not_place(ctx: Ctx, token: str) -> str:
    """Why no ``token`` can be placed now: none left, no space that may take one, none in range, range unpaid.

    >>> from revive_dsl.engine.state import Game
    >>> p = Player(seat=0, name="Ann", tribe="nadair", side="moon")
    >>> why_not_place(Ctx(Game(players=[p]), 0, Rules.load(("base",))), "temple")
    'Ann has no temple left'
    """
    name, player = token.replace("_", " "), ctx.player
    kind = None if token in PLACEMENT else declared.declared_kind(ctx, token)
    if _left(ctx, token) < 1:
        return declared.none_left(ctx, token) if kind is not None else f"{player.name} has no {name} left"
    placement = _placement(ctx, token)
    if placement is None:
        return f"no place for a {name} now"
    spaces, pays_range = placement
    where = declared.where_words(kind) if kind is not None else _WHERE.get(token, f"space for a {name}")
    free = spaces(ctx)
    if not free:
        return f"no {where} on the board"
    if pays_range and not ctx.game.turn.unlimited_range:
        reach = range_costs(ctx)
        costs = [reach[s] for s in free if s in reach]
        if not costs:
            return f"no {where} in range"
        cheapest = min(costs)
        reserve = _ability_reserve(ctx)
        if reserve:
            paid = cost_text(reserve)
            return f"{player.name} cannot pay {cheapest} food of range on top of the {paid} the ability costs"
        return f"{player.name} cannot pay the {cheapest} food of range to the nearest {where}"
    return f"no {where} now"


WHY_NOT["place"] = lambda ctx, call: why_not_place(ctx, args(call)[1][0])
DECLINABLE.add("place")  # placing one's own token (often paying range): optional


# --- what placing a token does -------------------------------------------------------------


def _after_forest_tile(ctx: Ctx, space: str) -> Effect:
    yield from new_space_rewards(ctx, [space])


def _after_temple(ctx: Ctx, space: str) -> Effect:
    # The temple on the board is the record: ``water_spaces`` counts it; ``waters_claimed`` stays the
    # buildings' claims, so a building next to this water still takes its reward once.
    reward = geo.water_reward(rules_of(ctx), ctx.game.board, space)
    ctx.log.append(f"{ctx.player.name} takes the reward of {space} under the temple")
    if reward is not None:
        for clause in reward.clauses:
            if isinstance(clause, n.Immediate):
                yield from run(clause.body, ctx)


def _after_workshop(ctx: Ctx, space: str) -> Effect:
    shown = ctx.event["covered"]
    yield from advance(ctx, geo.TERRAIN_TRACK[shown], 1)


def _nothing(ctx: Ctx, space: str) -> Effect:
    return
    yield


AFTER_PLACING: dict[str, Callable[[Ctx, str], Effect]] = {
    "forest_tile": _after_forest_tile,
    "temple": _after_temple,
    "workshop": _after_workshop,
    "target": _nothing,
    "sand_tile": _nothing,
}


@effect("place")
def _place(ctx: Ctx, call: n.Call) -> Effect:
    """``place temple``: put a token from the player's supply on a legal space, paying range where due."""
    token = args(call)[1][0]
    if token in OWN_PLACING and ctx.player.tokens_left.get(token, 0) >= 1:
        yield from OWN_PLACING[token][1](ctx)
        return
    options = place_options(ctx, token)
    if not options:
        ctx.log.append(f"{ctx.player.name} cannot place a {token.replace('_', ' ')}: {why_not_place(ctx, token)}")
        return
    labels = {space: label(cost) for space, cost in options.items()}
    prompt = f"place the {token.replace('_', ' ')} where?"
    space = (yield Decision(ctx.seat, f"place {token}", prompt, options_of(options, labels))).key
    rules, board = rules_of(ctx), ctx.game.board
    paid = options[space]
    placement = _placement(ctx, token)
    if placement is not None and placement[1] and not ctx.game.turn.unlimited_range:  # the leech tribe's toll
        paid = yield from actions.chosen_path(ctx, [space], paid, lambda food: {"food": food} if food else {})
    paid = yield from res.pay_chosen(ctx.player, paid)  # the way paid: the account names what moved
    actions.finish_action(ctx)
    ctx.event["placed"], ctx.event["covered"] = space, geo.terrain(rules, board, space)
    put_token(board, space, {"player": ctx.seat, "token": token})
    if token in PLACEMENT:
        ctx.player.tokens_left[token] -= 1
    else:
        declared.take_one(ctx, token)  # a kind a pack declares: from its stock
    what = f"a {token}" if token in PLACEMENT else declared.with_article(ctx, token)
    ctx.log.append(f"{ctx.player.name} places {what} on {space} ({label(paid)})")
    yield from AFTER_PLACING.get(token, _nothing)(ctx, space)


def forest_chain(ctx: Ctx, space: str) -> list[str]:
    """The forest tiles joined to the one on ``space`` in an unbroken chain (itself included), sorted.

    >>> from revive_dsl.engine.state import Game
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="moon")])
    >>> for s in ("1,0", "2,0", "4,0"):
    ...     game.board.tokens[s] = {"player": 0, "token": "forest_tile"}
    >>> forest_chain(Ctx(game, 0, Rules.load(("base",))), "1,0")
    ['1,0', '2,0']
    """
    rules, board = rules_of(ctx), ctx.game.board
    seen, todo = {space}, [space]
    while todo:
        for nb in geo.neighbours(rules, todo.pop()):
            if nb not in seen and _holds(board, nb, "forest_tile"):
                seen.add(nb)
                todo.append(nb)
    return sorted(seen)


@effect("forest_books")
def _forest_books(ctx: Ctx, call: n.Call) -> Effect:
    """``forest_books``: 1 book for the forest tile just placed and each forest tile chained to it."""
    space = ctx.event.get("placed")
    if space is None or not _holds(ctx.game.board, space, "forest_tile"):
        return
    books = len(forest_chain(ctx, space))
    got = yield from res.gain(ctx.player, "book", books)
    ctx.log.append(
        f"{ctx.player.name} {res.gained_text('book', books, got)}: one for each forest tile chained to {space}"
    )


@effect("recruit_terrain")
def _recruit_terrain(ctx: Ctx, call: n.Call) -> Effect:
    """``recruit_terrain``: a display card of the covered terrain's colour (none showing: no card)."""
    covered = ctx.event.get("covered")
    colour = geo.TERRAIN_TRACK.get(covered or "")
    supply = ctx.game.supply
    matching = [c for c in supply.citizen_display if colour in card_colours(ctx, c)]
    if not matching:
        return
    card = (yield Decision(ctx.seat, "recruit", f"take which {colour} card?", options_of(matching))).key
    yield from _take_from_display(ctx, card)


def _take_from_display(ctx: Ctx, card: str) -> Effect:
    yield from take_citizen(ctx, card)


# --- the falcon ------------------------------------------------------------------------------


def falcon_space(ctx: Ctx) -> str | None:
    """Where the player's falcon is (None: they have none)."""
    for space, placed in all_tokens(ctx.game.board):
        if placed.get("token") == "falcon" and placed.get("player") == ctx.seat:
            return space
    return None


def falcon_moves(ctx: Ctx, steps: int) -> list[str]:
    """Spaces the falcon may end on within ``steps`` spaces: visible field, forest or mountain spaces whose
    tokens it may join (a workshop, a forest tile: :data:`JOINS`), or where it is; it flies over any visible
    space.

    >>> from revive_dsl.engine.state import Game
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="vukuntur", side="moon")])
    >>> game.board.tokens["0,0"] = {"player": 0, "token": "falcon"}
    >>> falcon_moves(Ctx(game, 0, Rules.load(("base",))), 3)
    []
    """
    start = falcon_space(ctx)
    if start is None:
        return []
    rules, board = rules_of(ctx), ctx.game.board
    seen, frontier = {start}, [start]
    for _ in range(steps):
        nxt = []
        for space in frontier:
            for nb in geo.neighbours(rules, space):
                if nb not in seen and geo.terrain(rules, board, nb) not in (None, *geo.IMPASSABLE_KINDS):
                    seen.add(nb)
                    nxt.append(nb)
        frontier = nxt
    ends = [
        s for s in seen if geo.terrain(rules, board, s) in TERRAINS and (s == start or may_join("falcon", board, s))
    ]
    return sorted(ends)


def _falcon_steps(ctx: Ctx, *, before_ability: bool) -> int:
    gone = 5 - ctx.player.tribe_markers
    if before_ability and ctx.player.tribe_markers > 0:
        gone += 1  # the ability's own marker leaves the board before the falcon moves
    return FALCON_STEPS * gone


NEEDS["move_falcon"] = lambda ctx: bool(falcon_moves(ctx, _falcon_steps(ctx, before_ability=True)))


@effect("move_falcon")
def _move_falcon(ctx: Ctx, call: n.Call) -> Effect:
    """``move_falcon``: up to 3 spaces per marker gone from the tribe board, ending on a terrain space."""
    ends = falcon_moves(ctx, _falcon_steps(ctx, before_ability=False))
    if not ends:
        return
    space = (yield Decision(ctx.seat, "move the falcon", "fly the falcon to which space?", options_of(ends))).key
    board = ctx.game.board
    start = falcon_space(ctx)
    if space != start:
        falcon = next(t for t in tokens_at(board, start) if t.get("token") == "falcon" and t.get("player") == ctx.seat)
        take_token(board, start, falcon)
        put_token(board, space, falcon)
    ctx.log.append(f"{ctx.player.name} moves the falcon from {start} to {space}")


@effect("falcon_reward")
def _falcon_reward(ctx: Ctx, call: n.Call) -> Effect:
    """``falcon_reward``: 3 resources by the falcon's terrain (field food, forest book, mountain gear)."""
    space = falcon_space(ctx)
    shown = geo.terrain(rules_of(ctx), ctx.game.board, space) if space else None
    if shown in TERRAIN_RESOURCE:
        got = yield from res.gain(ctx.player, TERRAIN_RESOURCE[shown], 3)
        gained = res.gained_text(TERRAIN_RESOURCE[shown], 3, got)
        ctx.log.append(f"{ctx.player.name} {gained}: the falcon's {shown} at {space}")


# --- targets: discount and payout ------------------------------------------------------------


def _target_at(ctx: Ctx, space: str) -> dict | None:
    return next((t for t in tokens_at(ctx.game.board, space) if t.get("token") == "target"), None)


def _target_discount(ctx: Ctx, action: str, targets: list[str]) -> int:
    if action not in BEFORE_PAYMENT or len(targets) != 1:
        return 0
    placed = _target_at(ctx, targets[0])
    return TARGET_DISCOUNT if placed is not None and placed["player"] == ctx.seat else 0


def _target_payout(ctx: Ctx, action: str, space: str, own: Cost) -> Effect:
    placed = _target_at(ctx, space)
    if placed is None:
        return
    owner = ctx.game.players[placed["player"]]
    if owner.seat != ctx.seat:
        got = {r: a - res.add_capped(owner, r, a) for r, a in sorted(own.items())}  # what fits under the caps
        paid = " + ".join(f"{a} {r}" for r, a in got.items() if a) or "nothing"
        ctx.log.append(f"{owner.name} gets what {ctx.player.name} paid on their target: {paid}")
    take_token(ctx.game.board, space, placed)
    owner.tokens_left["target"] = owner.tokens_left.get("target", 0) + 1
    return
    yield


# --- a `when build` clause of discounts lowers this build ------------------------------------


def _discount_value(body: n.Expr, ctx: Ctx, action: str) -> int:
    if isinstance(body, n.Call):
        words = args(body)[1]
        return count_arg(body) if (words or [action])[0] in (action, "any") else 0
    if isinstance(body, n.ForEach):
        return count(body.counter, ctx) * _discount_value(body.body, ctx, action)
    if isinstance(body, n.AllOf):
        return sum(_discount_value(item, ctx, action) for item in body.items)
    return 0


def _discount_triggers(ctx: Ctx, action: str) -> list[tuple[str, n.Trigger]]:
    """The player's ``when ACTION`` clauses that give nothing but discounts, with their sources (found once
    while the state is unchanged: pricing many targets asks for them at every target)."""

    def found() -> list[tuple[str, n.Trigger]]:
        return [
            (source, clause)
            for source, program in owned_effects(ctx)
            for clause in program.clauses
            if isinstance(clause, n.Trigger) and clause.event.name == action and discounts_only(clause.body)
        ]

    return remembered(ctx.game, ("discount_triggers", ctx.seat, action), found)


def _most_trigger_discount(ctx: Ctx, action: str) -> int | None:
    """None (the discount depends on the target) unless the player has no such trigger for the action: 0."""
    return 0 if action not in BEFORE_PAYMENT or not _discount_triggers(ctx, action) else None


def _most_target_discount(ctx: Ctx, action: str) -> int:
    """The target token's discount if the player has one on the board and the action is one it lowers, else 0."""
    if action not in BEFORE_PAYMENT:
        return 0
    board = ctx.game.board
    records = chain(board.tokens.values(), *board.stacked_tokens.values())
    mine = any(t.get("token") == "target" and t.get("player") == ctx.seat for t in records)
    return TARGET_DISCOUNT if mine else 0


def _trigger_discount(ctx: Ctx, action: str, targets: list[str]) -> int:
    key = BEFORE_PAYMENT.get(action)
    if key is None or len(targets) != 1:
        return 0
    total = 0
    for source, clause in _discount_triggers(ctx, action):
        sub = Ctx(ctx.game, ctx.seat, ctx.rules, source=source, event={key: targets[0]})
        total += _discount_value(clause.body, sub, action)
    return total


_target_discount.most = _most_target_discount  # type: ignore[attr-defined]
_trigger_discount.most = _most_trigger_discount  # type: ignore[attr-defined]
actions.DISCOUNT_HOOKS.add(_target_discount)
actions.DISCOUNT_HOOKS.add(_trigger_discount)
actions.AFTER_PAYMENT.add(_target_payout)


# --- Nàdair: books stand in for gears and food ----------------------------------------------

_STAND_INS: dict[tuple, tuple[str, ...]] = {}


def book_stand_ins(player: Player) -> tuple[str, ...]:
    """The resources a player's books may pay for (``always: pay_book_for gear``).

    >>> book_stand_ins(Player(seat=0, name="Ann", tribe="nadair", side="sun", technologies=["t1"]))
    ('food', 'gear')
    """
    key = (player.tribe, player.side, tuple(player.technologies))
    hit = _STAND_INS.get(key)
    if hit is None:
        programs = tribe_programs(Rules.load(("base",)), player)
        calls = [node for p in programs for c in p.clauses if isinstance(c, n.Always) for node in c.body.walk()]
        words = {args(c)[1][0] for c in calls if isinstance(c, n.Call) and c.name == "pay_book_for"}
        if len(_STAND_INS) > 4096:  # technologies unlocked in every order a long simulation meets: keep it small
            _STAND_INS.clear()
        hit = _STAND_INS[key] = tuple(sorted(words))
    return hit


res.BOOK_STAND_INS.add(book_stand_ins)
