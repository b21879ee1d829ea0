"""The actions on the board: explore, build, populate -- as turn actions and as free effects.

Rules encoded here (rulebook, "Explore", "Build", "Populate", "Range"):

- explore: a face-down area tile the player can reach; pay range and the cost on its back,
  gain the points on its back, recruit a card from the display or the top of the deck (the
  display refills), flip the tile and turn it either way; then owners of buildings next to
  its new spaces take those spaces' rewards, in player order from the active player;
- build: a vacant sand space; 3 gears (small) or 5 gears (large) plus range; then each
  adjacent forest / mountain / field advances the green / grey / yellow track, each adjacent
  crystal gives a crystal (a large building doubles both), and each adjacent water space
  the player has not claimed gives its reward once (never doubled);
- populate: a city space or large location the player has not populated; the first time the
  bottom technology, later one connected to an unlocked one; its books plus range plus 1 book
  to each other player already there (paid to them); the figure unlocks the technology and its
  ``once`` and immediate effects happen at once; then a large location's side showing gives its
  ``once`` clauses (the campaign's Generator: 1 energy from the supply), then ``when populate`` fires.

Discounts never take a cost below 0, never touch range, and for populate only touch the
technology's books. Every option offered is affordable as offered: costs are computed
(range included) before the decision is asked.

The same generators serve the actions (moves that spend an action) and the DSL's free
``explore`` / ``build`` / ``populate`` effects (no action spent).

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
>>> game.players[0].resources["gear"] = 3
>>> sorted(build_options(Ctx(game, 0, Rules.load(("base",)))))
['1,0']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, takewhile

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import geometry as geo
from revive_dsl.engine import resources as res
from revive_dsl.engine.decisions import Decision, ListedWhenAsked, Option, options_of
from revive_dsl.engine.game import move
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import (
    DECLINABLE,
    EFFECTS,
    NEEDS,
    PREPARING,
    WHY_NOT,
    Ctx,
    Effect,
    args,
    cost_of,
    count_arg,
    effect,
    run,
    run_first_answers,
    run_to_end,
)
from revive_dsl.engine.memo import remembered, unchanged
from revive_dsl.engine.range import lasting_modifiers, range_cost, range_costs, rules_of
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import all_buildings, tokens_at, working_copy
from revive_dsl.engine.triggers import fire
from revive_dsl.rules.base.cards import offer_machines_during, take_citizen
from revive_dsl.rules.base.gains import gain_points
from revive_dsl.rules.base.machines import ON_ACTIVATE, activate, machine_labels, usable_machines
from revive_dsl.rules.base.scoring import side_index
from revive_dsl.rules.base.tracks_api import advance

BUILDING_GEARS = {"small": 3, "large": 5}
REWARD_FACTOR = {"small": 1, "large": 2}  # terrain and crystal rewards; water is never doubled

Cost = dict[str, int]

# Tribe rules plug in here (revive_dsl/rules/base/tribes.py): more discount on an action's own cost at its
# targets, and what happens once an action's cost is paid (the action, its target, the own cost paid).
# A discount hook may say the most it gives this player at any target (``hook.most(ctx, action) -> int``, None
# when it cannot tell): a target that cannot be paid even with the most every rule gives is not priced. A discount is
# never below 0, so when every rule's most is 0 the discount is the same at every target.
DISCOUNT_HOOKS: Hooks = Hooks("DISCOUNT_HOOKS")
AFTER_PAYMENT: Hooks = Hooks("AFTER_PAYMENT")
# The expansion's leech tribe (revive_dsl/rules/abyss/leech.py): more spaces a player may build on
# (``hook(ctx) -> spaces``), and the path range is counted along, chosen once a target is chosen and
# before paying (``hook(ctx, targets, payment, reprice) -> Effect`` returning the payment; ``reprice(food)``
# is the payment with that much range food).
BUILD_SPACES: Hooks = Hooks("BUILD_SPACES")
RANGE_PATHS: Hooks = Hooks("RANGE_PATHS")
# Where a new building goes when a package places it otherwise (``hook(ctx, space, placed) -> bool``, true if it
# placed it: the leech tribe's building beside another player's on one space), and what a package clears once
# an action is carried out (``hook(ctx)``).
PLACE_BUILDING: Hooks = Hooks("PLACE_BUILDING")
ACTION_DONE: Hooks = Hooks("ACTION_DONE")
# More rules of space rewards and building places (rules/abyss/lakes.py, gates.py, vast_crystals.py, solo_abyss.py):
# what a building takes from a space next to it showing a terrain of these (``reward(ctx, space, size)``);
# which large space a cell belongs to (``of(rules, board, space) -> key or None``), its reward taken once
# per building however many of its cells touch it; whether a building may go on a space (``may(ctx, space)``).
TERRAIN_REWARDS: dict = {}
REWARD_LARGE_SPACES: Hooks = Hooks("REWARD_LARGE_SPACES")
MAY_BUILD: Hooks = Hooks("MAY_BUILD")
# What a rules package does as an action begins, before the action's machines are offered
# (``hook(ctx, action) -> Effect``): Ostarius by day may take an energy back before building (rules/abyss/circadian.py).
BEFORE_ACTION: Hooks = Hooks("BEFORE_ACTION")  # a hook lists first the answer that brings most to the action


def before_action(ctx: Ctx, action: str) -> Effect:
    """Run the :data:`BEFORE_ACTION` hooks of an explore, build or populate about to begin."""
    for hook in BEFORE_ACTION.of(ctx):
        yield from hook(ctx, action)


def reward_spaces(rules: Rules, board, spaces) -> list[str]:
    """``spaces`` in order, with only the first cell of each large space of :data:`REWARD_LARGE_SPACES`."""
    large = REWARD_LARGE_SPACES.of(rules)
    if not large:
        return list(spaces)
    out, seen = [], set()
    for space in spaces:
        key = next((k for of in large if (k := of(rules, board, space)) is not None), None)
        if key is None or key not in seen:
            out.append(space)
            seen.add(key)
    return out


def chosen_path(ctx: Ctx, targets: list[str], payment: Cost, reprice) -> Effect:
    """The payment for range to ``targets`` along the path the player counts (see :data:`RANGE_PATHS`)."""
    for hook in RANGE_PATHS.of(ctx):
        payment = yield from hook(ctx, targets, payment, reprice)
    return payment


# --- costs ---------------------------------------------------------------------------------


def plus_costs(*costs: Cost) -> Cost:
    """Costs added up, resource by resource (sorted, nothing at 0): what paying all of them at once takes.

    >>> plus_costs({"food": 1}, {"book": 2, "food": 1}, {"gear": 0})
    {'book': 2, 'food': 2}
    """
    out: Cost = {}
    for cost in costs:
        for resource, amount in cost.items():
            out[resource] = out.get(resource, 0) + amount
    return {r: out[r] for r in sorted(out) if out[r] > 0}


def discount(ctx: Ctx, action: str, targets: list[str]) -> int:
    """The discount on an action's own cost: next-action and lasting ``discount``, at most one ``discount_near``."""
    return _Pricing(ctx, action).discount(targets)


def _token_near(ctx: Ctx, token: str, targets: list[str]) -> bool:
    rules, board = rules_of(ctx), ctx.game.board
    near = {nb for t in targets for nb in (t, *geo.neighbours(rules, t)) if nb in board.tokens}
    return any(t.get("token") == token and t.get("player") == ctx.seat for s in near for t in tokens_at(board, s))


def pay_less(ctx: Ctx, action: str, cost: Cost) -> Cost:
    """A payment lowered by the lasting ``pay_less N RESOURCE ACTION`` modifiers (range included)."""
    return _Pricing(ctx, action).pay_less(cost)


class _Pricing:
    """What one action costs at its targets, for one state: the lasting modifiers are read once, so that
    listing many targets prices each with a few lookups, and the range map is worked out only when some
    target's own cost can be paid (range only adds food).

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="ox49", side="sun", technologies=["t1"])])
    >>> game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    >>> _Pricing(Ctx(game, 0, Rules.load(("base",))), "explore").cost({"book": 1}, ["2,-1"])  # 1 food off
    {'book': 1}
    """

    def __init__(self, ctx: Ctx, action: str, reach: dict[str, int] | None = None, more: tuple[int, int] = (0, 0)):
        self.ctx, self.action, self._reach = ctx, action, reach
        self._hooks = DISCOUNT_HOOKS.of(ctx)
        self._discounts: dict[tuple[str, ...], int] = {}  # targets -> discount there (a state never changes here)
        self._beyond: dict[tuple, bool] = {}  # (own cost's items, fees) -> beyond reach
        turn = ctx.game.turn
        # ``more``: (range, discount) as if machines had added them to the turn's (see _possible_using)
        self.more_range = more[0]
        self.flat = turn.discounts.get(action, 0) + turn.discounts.get("any", 0) + more[1]
        self.near: list[tuple[str, int]] = []  # discount_near: (token, amount)
        self.less: list[tuple[str, int]] = []  # pay_less: (resource, amount)
        for call in lasting_modifiers(rules_of(ctx), ctx.player):
            if call.name not in ("discount", "discount_near", "pay_less"):
                continue
            numbers, words = args(call)
            if call.name == "discount" and (words or ["any"])[0] in (action, "any"):
                self.flat += numbers[0] if numbers else 1
            elif call.name == "discount_near":
                self.near.append((words[0], numbers[0]))
            elif call.name == "pay_less" and words[-1] == action:
                self.less.append((words[0], numbers[0] if numbers else 1))
        self.most = self._most_discount()
        # the discount is the same at every target: the flat one (no discount_near, every hook's most 0)
        self.same_everywhere = self.most is not None and self.most == self.flat and not self.near

    def _most_discount(self) -> int | None:
        """The most discount any target can have (None: a discount hook cannot tell)."""
        most = self.flat + max((amount for _, amount in self.near), default=0)
        for hook in self._hooks:
            bound = getattr(hook, "most", None)
            found = bound(self.ctx, self.action) if bound is not None else None
            if found is None:
                return None
            most += found
        return most

    def beyond_reach(self, own: Cost, fees: int = 0) -> bool:
        """Whether the own cost (before discounts) and the books to others cannot be paid at any target, even with
        the most discount a target can have: then no target needs its own discount worked out (the answer is
        remembered per cost and fees: many targets share them)."""
        if self.most is None:
            return False
        key = (*own.items(), fees)
        found = self._beyond.get(key)
        if found is None:
            found = self._beyond[key] = not self.payable_before_range(res.discounted(own, self.most), fees)
        return found

    def food(self, targets: list[str]) -> int | None:
        """Food for range to the nearest target (None: unreachable); the range map is made on first use."""
        if self._reach is None and not self.ctx.game.turn.unlimited_range:
            self._reach = range_costs(self.ctx)
        food = range_cost(self.ctx, targets, self._reach)
        if food and self.more_range:  # each range more is a food less, down to 0 (what range_costs' bonus does)
            food = max(0, food - self.more_range)
        return food

    def discount(self, targets: list[str]) -> int:
        """The discount at these targets (see :func:`discount`); worked out once per targets (a building's two
        sizes are priced at one space)."""
        key = tuple(targets)
        found = self._discounts.get(key)
        if found is None:
            ctx, near = self.ctx, 0
            for token, amount in self.near:
                if _token_near(ctx, token, targets):
                    near = max(near, amount)
            found = self.flat + near
            for hook in self._hooks:
                found += hook(ctx, self.action, targets)
            self._discounts[key] = found
        return found

    def pay_less(self, cost: Cost) -> Cost:
        """A payment lowered by the ``pay_less`` modifiers (see :func:`pay_less`)."""
        if not self.less:
            return plus_costs(cost)
        out = dict(cost)
        for resource, amount in self.less:
            out[resource] = max(0, out.get(resource, 0) - amount)
        return plus_costs(out)

    def cost(self, own: Cost, targets: list[str], fees: int = 0, food: int | None = None) -> Cost | None:
        """The whole payment at these targets (see :func:`total_cost`); ``food``: range food already known."""
        food = self.food(targets) if food is None else food
        if food is None:
            return None
        return self.payment(res.discounted(own, self.discount(targets)), food, fees)

    def payment(self, own: Cost, food: int, fees: int) -> Cost:
        """The own cost (discounted already), the range food and the books to others, after ``pay_less``
        (what ``pay_less(plus_costs(own, {"food": food, "book": fees}))`` gives, in one pass)."""
        out = dict(own)
        if food:
            out["food"] = out.get("food", 0) + food
        if fees:
            out["book"] = out.get("book", 0) + fees
        for resource, amount in self.less:
            out[resource] = max(0, out.get(resource, 0) - amount)
        return {r: out[r] for r in sorted(out) if out[r] > 0}

    def payable_before_range(self, own: Cost, fees: int = 0) -> bool:
        """Whether the player can pay the own cost (discounted already) and the books to others, before any food
        for range: if not, no target priced this way can be paid (more food never makes a payment possible)."""
        if not fees and not self.less:
            return res.can_pay(self.ctx.player, own)  # the payment is the own cost itself
        return res.can_pay(self.ctx.player, self.payment(own, 0, fees))

    def payable(self, own: Cost, targets: list[str], fees: int = 0) -> Cost | None:
        """The whole payment at these targets if the player can pay it and reach them, else None."""
        if self.beyond_reach(own, fees):
            return None
        own = res.discounted(own, self.discount(targets))
        if not self.payable_before_range(own, fees):
            return None
        food = self.food(targets)
        if food is None:
            return None
        cost = self.payment(own, food, fees)
        return cost if not food or res.can_pay(self.ctx.player, cost) else None  # no food: paid as checked


def total_cost(
    ctx: Ctx, action: str, own: Cost, targets: list[str], fees: int = 0, reach: dict[str, int] | None = None
) -> Cost | None:
    """The whole payment: the action's own cost after discounts, range food, books to others; None if unreachable.

    ``reach`` is the :func:`~revive_dsl.engine.range.range_costs` map, when several targets are priced at once.
    """
    return _Pricing(ctx, action, reach).cost(own, targets, fees)


def label(cost: Cost) -> str:
    return "pay " + " + ".join(f"{a} {r}" for r, a in cost.items()) if cost else "free"


def finish_action(ctx: Ctx) -> None:
    """The one-action bonuses are used up by the action just carried out."""
    turn = ctx.game.turn
    turn.range_bonus, turn.discounts, turn.unlimited_range = 0, {}, False
    for hook in ACTION_DONE.of(ctx):
        hook(ctx)


# --- rewards of spaces next to a building --------------------------------------------------


def space_reward(ctx: Ctx, space: str, size: str) -> Effect:
    """What a building of ``size`` gets from one adjacent space: a track advance, crystals, a water reward."""
    rules, board, player = rules_of(ctx), ctx.game.board, ctx.player
    shown = geo.terrain(rules, board, space)
    if shown in TERRAIN_REWARDS:
        yield from TERRAIN_REWARDS[shown](ctx, space, size)
        return
    if shown in (*geo.TERRAIN_TRACK, "crystal") or (shown == "water" and space not in player.waters_claimed):
        ctx.log.append(f"{player.name} takes the reward of {space} ({shown})")
    if shown in geo.TERRAIN_TRACK:
        yield from advance(ctx, geo.TERRAIN_TRACK[shown], REWARD_FACTOR[size])
    elif shown == "crystal":
        got = yield from res.gain(player, "crystal", REWARD_FACTOR[size])
        ctx.log.append(f"{player.name} {res.gained_text('crystal', REWARD_FACTOR[size], got)}")
    elif shown == "water" and space not in player.waters_claimed:
        player.waters_claimed.append(space)
        reward = geo.water_reward(rules, board, space)
        if reward is not None:
            for clause in reward.clauses:
                if isinstance(clause, n.Immediate):
                    yield from run(clause.body, ctx)


def seats_from(ctx: Ctx) -> list[int]:
    """Every seat in player order, beginning with the active player."""
    count = len(ctx.game.players)
    return [(ctx.seat + i) % count for i in range(count)]


def new_space_rewards(ctx: Ctx, spaces: list[str]) -> Effect:
    """Owners of buildings next to newly shown spaces take their rewards, in player order from the active player."""
    rules, board = rules_of(ctx), ctx.game.board
    for seat in seats_from(ctx):
        owner = Ctx(ctx.game, seat, ctx.rules, log=ctx.log)
        for building, size in sorted((s, b["size"]) for s, b in all_buildings(board) if b["player"] == seat):
            for space in reward_spaces(rules, board, [s for s in spaces if s in geo.neighbours(rules, building)]):
                yield from space_reward(owner, space, size)


# --- explore -------------------------------------------------------------------------------


def back_parts(rules: Rules, tile: str) -> tuple[Cost, n.Expr | None]:
    """A tile back's cost and what it gives: ``pay book -> points 2`` -> ({"book": 1}, points 2)."""
    program = rules.component(tile).effects.get("back")
    if program is None or not program.clauses:
        return {}, None
    body = program.clauses[0].body
    return (cost_of(body.cost), body.gain) if isinstance(body, n.Trade) else ({}, body)


def explore_options(ctx: Ctx) -> dict[str, Cost]:
    """Face-down tiles the player can reach and pay for -> the whole payment."""
    return _gathered(ctx, explore_choices)


def explore_targets(ctx: Ctx) -> list[str]:
    """What explore may target, affordable or not: the face-down tiles' slots."""
    return geo.face_down_slots(rules_of(ctx), ctx.game.board)


def explore_choices(
    ctx: Ctx, only: str | None = None, *, pricing: _Pricing | None = None
) -> Iterator[tuple[str, Cost]]:
    """(slot, payment) of each option of :func:`explore_options`, one by one (availability needs only the first);
    ``only``: that slot's alone, if it is an option (a given answer is priced on its own); ``pricing``: the prices
    to use, if made already."""
    rules, board = rules_of(ctx), ctx.game.board
    pricing = _Pricing(ctx, "explore") if pricing is None else pricing
    for slot in explore_targets(ctx):
        if only is not None and slot != only:
            continue
        cells = list(geo.geometry(rules).slot_cells[slot])
        cost = pricing.payable(back_parts(rules, board.tiles[slot]["tile"])[0], cells)
        if cost is not None:
            yield slot, cost


def _choices_any(choices, ctx: Ctx, pricing: _Pricing) -> bool:
    """Whether an action's choices have a first one: every target priced in turn until one can be paid."""
    return next(choices(ctx, pricing=pricing), None) is not None


class _Nearest:
    """Whether an own cost (before the discount, the same at every target) and the books to others can be paid with
    the range food to some target, told the targets' food one by one: a payment only grows with the food, so a food
    no less than one found too much is not priced again.

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.players[0].resources.update(gear=3, food=1)
    >>> nearest = _Nearest(_Pricing(Ctx(game, 0, Rules.load(("base",))), "build"), {"gear": 3})
    >>> nearest.payable(2), nearest.payable(3), nearest.payable(1)
    (False, False, True)
    """

    def __init__(self, pricing: _Pricing, own: Cost, fees: int = 0):
        self.pricing, self.fees = pricing, fees
        self.own = res.discounted(own, pricing.flat)
        self.open = pricing.payable_before_range(self.own, fees)  # False: no target at all
        self.too_much: int | None = None  # the least food found too much so far

    def payable(self, food: int | None) -> bool:
        """Whether the payment with this much range food can be paid (None: the target is out of reach)."""
        if not self.open or food is None or (self.too_much is not None and food >= self.too_much):
            return False
        if food == 0 or res.can_pay(self.pricing.ctx.player, self.pricing.payment(self.own, food, self.fees)):
            return True
        self.too_much = food
        return False


def explore_possible(ctx: Ctx, more: tuple[int, int] = (0, 0)) -> bool:
    """Whether explore has an option: what ``next(explore_choices(ctx), None) is not None`` says, found with less
    pricing where the discount is the same at every tile (most often): the tiles of one cost on their back are
    priced only by their range food (:class:`_Nearest`)."""
    pricing = _Pricing(ctx, "explore", more=more)
    if not pricing.same_everywhere:
        return _choices_any(explore_choices, ctx, pricing)
    rules, board = rules_of(ctx), ctx.game.board
    cells = geo.geometry(rules).slot_cells
    by_cost: dict[tuple, _Nearest] = {}
    for slot in explore_targets(ctx):
        own = back_parts(rules, board.tiles[slot]["tile"])[0]
        key = tuple(own.items())
        nearest = by_cost.get(key)
        if nearest is None:
            nearest = by_cost[key] = _Nearest(pricing, own)
        if nearest.open and nearest.payable(pricing.food(list(cells[slot]))):
            return True
    return False


def _prepares_only(body: n.Expr) -> bool:
    """Whether a machine's body only prepares the action that follows (``range 1``, ``discount 2 build``)."""
    items = body.items if isinstance(body, n.AllOf) else (body,)
    return all(isinstance(item, n.Call) and item.name in PREPARING for item in items)


def _helpers(ctx: Ctx, action: str) -> list[tuple[str, n.Expr]]:
    """The machines the player could bring to this action now (003: a machine is used "at any time during your
    turn"): its ``machine during ACTION`` ones, and plain machines that only prepare an action (the yellow
    standard machine's ``range 1``), each with its spot."""
    return usable_machines(ctx, during=action, plain=_prepares_only)


def has_option(ctx: Ctx, action: str, more: tuple[int, int] = (0, 0)) -> bool:
    """Whether explore, build or populate has an option as things stand (:data:`POSSIBLE`; the state unchanged);
    ``more``: with this much more range and discount for the action, as machines that prepare it would give."""
    with unchanged(ctx.game):
        return POSSIBLE[action](ctx, more)


def _prepared(ctx: Ctx, action: str, machines: Sequence[tuple[str, n.Expr]]) -> tuple[int, int] | None:
    """The range and the discount on ``action`` these machines would add to the turn, when each only does that
    (``range N``, ``discount N [ACTION]``, run as the words ``range`` and ``discount`` here run them) and activating a
    machine does nothing else in this game (:data:`~revive_dsl.rules.base.machines.ON_ACTIVATE`); else None."""
    if ON_ACTIVATE.of(ctx) or EFFECTS.get("range") is not _range or EFFECTS.get("discount") is not _discount:
        return None
    more_range = more_discount = 0
    for _spot, body in machines:
        for item in body.items if isinstance(body, n.AllOf) else (body,):
            if not isinstance(item, n.Call) or item.name not in ("range", "discount"):
                return None
            if item.name == "range":
                more_range += count_arg(item)
            elif (args(item)[1] or ["any"])[0] in (action, "any"):
                more_discount += count_arg(item)
    return more_range, more_discount


def _possible_using(ctx: Ctx, action: str, machines: Sequence[tuple[str, n.Expr]], on_a_copy: bool = False) -> bool:
    """Whether the action has an option once these machines are activated: priced with what they add, when they
    only prepare the action (:func:`_prepared`), else tried on a copy of the state (``on_a_copy``: always so, the
    reference a test compares with). The energy they take is never part of a price."""
    more = None if on_a_copy else _prepared(ctx, action, machines)
    if more is not None:
        return has_option(ctx, action, more)
    probe = Ctx(working_copy(ctx.game), ctx.seat, ctx.rules, source=ctx.source)  # copied as the probe reads it
    try:
        for spot, body in machines:
            run_to_end(activate(probe, spot, body), [])
    except LookupError:  # a machine that asks something is not tried
        return False
    return has_option(probe, action)


def _enabling(ctx: Ctx, action: str, machines: Sequence[tuple[str, n.Expr]]) -> dict[str, n.Expr]:
    """The machines, among ``machines``, of some group the player's energy can power that makes the action
    possible (machines only ever help an action, so only the largest groups need trying)."""
    size = min(ctx.player.energy, len(machines))
    out: dict[str, n.Expr] = {}
    for group in combinations(machines, size):
        if _possible_using(ctx, action, group):
            out.update(group)
    return out


def _possible_after_machines(ctx: Ctx, action: str) -> Iterator[Decision]:
    """Whether the action has an option, ``machine during ACTION`` offered first when it has one (and the
    question asked again only if a machine was used, since nothing else changes the state). One option
    found is enough: the options are listed only if someone asks for them (:class:`ListedWhenAsked`). The
    turn's own action was found possible by the Runner just before (``ctx.allowed``): that answer is taken once
    (pricing never reads the count of actions, the one thing the Runner changed since).

    An action that only machines make affordable (003: a machine "at any time during your turn"; an explore
    with no range to pay, a discount of 2 on the action) asks first which of them to activate, among those
    that lead to an option, until it has one; then the ``during`` machines are offered as usual."""

    def possible() -> bool:
        return has_option(ctx, action)

    checked, ctx.allowed = ctx.allowed == action, None
    helpers = _helpers(ctx, action)
    if not helpers:
        return checked or possible()
    used = False
    while not possible():
        enabling = _enabling(ctx, action, _helpers(ctx, action))
        if not enabling:
            return False
        prompt = "activate which machine (the action needs one)?"
        labels = machine_labels(ctx, enabling)
        key = (yield Decision(ctx.seat, f"machine during {action}", prompt, options_of(enabling, labels))).key
        yield from activate(ctx, key, enabling[key])
        used = True
    if (yield from offer_machines_during(ctx, action)):
        return possible()
    return True if not used else possible()


def _gathered(ctx: Ctx, choices, only: str | None = None, pricing: _Pricing | None = None) -> dict:
    """An action's options by target, from its choices one by one: ``{target: payment}`` from (target, payment)
    pairs (explore), ``{target: {what: payment}}`` from (target, what, payment) triples (build, populate).
    ``pricing``: the action's prices, if made already."""
    out: dict = {}
    with unchanged(ctx.game):
        for target, *rest in choices(ctx, only=only, pricing=pricing):
            if len(rest) == 1:
                out[target] = rest[0]
            else:
                out.setdefault(target, {})[rest[0]] = rest[1]
    return out


def _target_decision(ctx: Ctx, action: str, prompt: str, choices, found: dict) -> Decision:
    """The decision of an action's target (a tile slot, a sand space, a location), its options listed only when
    asked for; a given answer is priced on its own, and so is each target a random answer tries
    (:data:`TARGETS`). ``found`` gets each target's options as they are priced (:func:`_gathered`); a target priced
    as one payment is labelled with it."""

    def labels(options: dict) -> dict[str, str]:
        return {key: label(cost) for key, cost in options.items() if all(isinstance(v, int) for v in cost.values())}

    def listed() -> tuple[Option, ...]:
        options = _gathered(ctx, choices)
        found.update(options)
        return options_of(options, labels(options))

    answers: dict = {}  # found by the targets tested, for the next: the state does not change while the move waits

    def test(key: str) -> Option | None:
        with unchanged(ctx.game, answers):  # the range map, the layout and the action's pricing found once
            pricing = remembered(ctx.game, ("pricing", action, ctx.seat), lambda: _Pricing(ctx, action))
            mine = _gathered(ctx, choices, only=key, pricing=pricing)
        found.update(mine)
        return options_of(mine, labels(mine))[0] if mine else None

    return ListedWhenAsked(ctx.seat, action, prompt, listed, test, lambda: TARGETS[action](ctx))


def recruit_from_display_or_deck(ctx: Ctx) -> Effect:
    """Take a display card or the deck's top card into the active area; refill the display."""
    supply = ctx.game.supply
    keys = [*supply.citizen_display, *(["deck"] if supply.citizen_deck else [])]
    if not keys:
        return
    choice = yield Decision(ctx.seat, "recruit", "take which card (or the top of the deck)?", options_of(keys))
    yield from take_citizen(ctx, choice.key)


def explore(ctx: Ctx) -> Effect:
    """The explore action (or the free ``explore`` effect)."""
    yield from before_action(ctx, "explore")
    if not (yield from _possible_after_machines(ctx, "explore")):
        return
    rules, board = rules_of(ctx), ctx.game.board
    options: dict[str, Cost] = {}
    slot = (yield _target_decision(ctx, "explore", "explore which tile?", explore_choices, options)).key
    own, cells = back_parts(rules, board.tiles[slot]["tile"])[0], list(geo.geometry(rules).slot_cells[slot])
    paid = yield from chosen_path(
        ctx, cells, options[slot], lambda food: _Pricing(ctx, "explore").cost(own, cells, 0, food)
    )
    paid = yield from res.pay_chosen(ctx.player, paid)  # the way paid: the account names what moved
    finish_action(ctx)
    placed = board.tiles[slot]
    ctx.log.append(f"{ctx.player.name} explores {slot} ({label(paid)})")
    gain = back_parts(rules, placed["tile"])[1]
    if gain is not None:
        yield from run(gain, ctx)
    vast = rules.data(placed["tile"]).get("vast_crystal", False)  # 000: no card; it looks the same either way
    if not vast:
        yield from recruit_from_display_or_deck(ctx)
    terrains = [s["terrain"] for s in rules.data(placed["tile"])["spaces"]]
    turns = {"0": " ".join(terrains), "1": " ".join(reversed(terrains))}
    if not vast:
        placed["orientation"] = int(
            (yield Decision(ctx.seat, "explore", "turn the tile which way?", options_of(turns, turns))).key
        )
    placed["explored"] = True
    yield from fire(ctx, "explore", slot=slot)
    yield from new_space_rewards(ctx, list(geo.geometry(rules).slot_cells[slot]))


# --- build ---------------------------------------------------------------------------------


def build_options(ctx: Ctx) -> dict[str, dict[str, Cost]]:
    """Vacant sand spaces -> building sizes the player has left and can pay for -> the payment."""
    return _gathered(ctx, build_choices)


def build_targets(ctx: Ctx) -> list[str]:
    """What build may target, affordable or not: the sand spaces, then the spaces of :data:`BUILD_SPACES` (each
    once)."""
    rules = rules_of(ctx)
    spaces = geo.sand_spaces(rules, ctx.game.board)
    extra = BUILD_SPACES.of(rules)
    return list(dict.fromkeys([*spaces, *(s for hook in extra for s in hook(ctx))])) if extra else list(spaces)


def build_choices(
    ctx: Ctx, only: str | None = None, *, pricing: _Pricing | None = None
) -> Iterator[tuple[str, str, Cost]]:
    """(space, size, payment) of each option of :func:`build_options`, one by one (``only``: that space's;
    ``pricing``: the prices to use, if made already)."""
    rules, player = rules_of(ctx), ctx.player
    sizes = sorted(
        ((size, gears) for size, gears in BUILDING_GEARS.items() if player.buildings_left.get(size, 0) >= 1),
        key=lambda pair: pair[1],
    )
    if not sizes:
        return
    pricing = _Pricing(ctx, "build") if pricing is None else pricing
    # a size whose gears cannot be paid anywhere, even with the most discount, is no option at any space (nor is
    # any larger): dropped before the spaces are gone through
    sizes = list(takewhile(lambda pair: not pricing.beyond_reach({"gear": pair[1]}), sizes))
    if not sizes:
        return
    may_build = MAY_BUILD.of(rules)
    for space in build_targets(ctx):
        if only is not None and space != only:
            continue
        if may_build and not all(may(ctx, space) for may in may_build):
            continue
        for size, gears in sizes:  # the smaller first: where it cannot be paid (or reached), neither can a larger
            cost = pricing.payable({"gear": gears}, [space])
            if cost is None:
                break
            yield space, size, cost


def build_possible(ctx: Ctx, more: tuple[int, int] = (0, 0)) -> bool:
    """Whether build has an option: what ``next(build_choices(ctx), None) is not None`` says, found with less pricing
    where the discount is the same at every space (most often): the smallest building the player has left, priced at
    each space only by its range food (:class:`_Nearest`)."""
    pricing = _Pricing(ctx, "build", more=more)
    if not pricing.same_everywhere:
        return _choices_any(build_choices, ctx, pricing)
    rules, player = rules_of(ctx), ctx.player
    gears = min((g for size, g in BUILDING_GEARS.items() if player.buildings_left.get(size, 0) >= 1), default=None)
    if gears is None:
        return False
    nearest = _Nearest(pricing, {"gear": gears})
    if not nearest.open:
        return False
    may_build = MAY_BUILD.of(rules)
    for space in build_targets(ctx):
        if may_build and not all(may(ctx, space) for may in may_build):
            continue
        if nearest.payable(pricing.food([space])):
            return True
    return False


def build(ctx: Ctx) -> Effect:
    """The build action (or the free ``build`` effect)."""
    yield from before_action(ctx, "build")
    if not (yield from _possible_after_machines(ctx, "build")):
        return
    rules, board, player = rules_of(ctx), ctx.game.board, ctx.player
    options: dict[str, dict[str, Cost]] = {}
    prompt = "build on which sand space?"
    space = (yield _target_decision(ctx, "build", prompt, build_choices, options)).key
    sizes = options[space]
    labels = {size: label(cost) for size, cost in sizes.items()}
    size = (yield Decision(ctx.seat, "build", "which building?", options_of(sizes, labels))).key
    gears = {"gear": BUILDING_GEARS[size]}
    paid = yield from chosen_path(
        ctx, [space], sizes[size], lambda food: _Pricing(ctx, "build").cost(gears, [space], 0, food)
    )
    paid = yield from res.pay_chosen(player, paid)  # the way paid: the account names what moved
    own = res.discounted({"gear": BUILDING_GEARS[size]}, discount(ctx, "build", [space]))
    for hook in AFTER_PAYMENT.of(ctx):
        yield from hook(ctx, "build", space, own)
    finish_action(ctx)
    placed = {"player": ctx.seat, "size": size}
    if not any(place(ctx, space, placed) for place in PLACE_BUILDING.of(ctx)):
        board.buildings[space] = placed
    player.buildings_left[size] -= 1
    ctx.log.append(f"{player.name} builds a {size} building on {space} ({label(paid)})")
    if any(t.get("token") == "sand_tile" for t in tokens_at(board, space)):  # Kuniban moon: 1 point for building
        yield from gain_points(ctx, 1)
    yield from fire(ctx, "build", space=space, size=size)
    for nb in reward_spaces(rules, board, geo.neighbours(rules, space)):
        yield from space_reward(ctx, nb, size)


# --- populate ------------------------------------------------------------------------------


def technologies(rules: Rules, tribe: str, side: str) -> list[dict]:
    """The technologies of a tribe side (none for an unknown tribe)."""
    comp = rules.content.components.get(tribe)
    if comp is None or comp.kind != "tribe":
        return []
    return comp.data["sides"].get(side, {}).get("technologies", [])


def technology_name(rules: Rules, player, tid: str) -> str:
    """A technology's name: its own, or the name of the common technology it is (``tech_side_slot``).

    >>> from revive_dsl.engine.state import Player
    >>> p = Player(seat=0, name="Ann", tribe="nadair", side="sun")
    >>> technology_name(Rules.load(("base",)), p, "t2a"), technology_name(Rules.load(("base",)), p, "t2b")
    ('Grove blessing', 'Side slot')
    """
    tech = next((t for t in technologies(rules, player.tribe, player.side) if t["id"] == tid), {})
    if "name" in tech:
        return str(tech["name"])
    common = tech.get("common", tid)
    return str(rules.data(common).get("name", common)) if common in rules.content.components else common


def next_technologies(rules: Rules, player) -> list[dict]:
    """Technologies the next figure may unlock: the bottom row first, then those connected to an unlocked one.

    >>> from revive_dsl.engine.state import Player
    >>> p = Player(seat=0, name="Ann", tribe="nadair", side="sun")
    >>> [t["id"] for t in next_technologies(Rules.load(("base",)), p)]
    ['t1']
    >>> p.technologies = ["t1"]
    >>> [t["id"] for t in next_technologies(Rules.load(("base",)), p)]
    ['t2a', 't2b', 't2c']
    """
    techs = technologies(rules, player.tribe, player.side)
    unlocked = [t for t in techs if t["id"] in player.technologies]
    if not unlocked:
        bottom = min((t["row"] for t in techs), default=None)
        return [t for t in techs if t["row"] == bottom]
    reach = {c for t in unlocked for c in t.get("connects", [])}
    return [t for t in techs if t["id"] in reach and t["id"] not in player.technologies]


def tech_program(rules: Rules, player, tech: dict) -> n.Program | None:
    """A technology's compiled text: its own, or its common technology's."""
    techs = technologies(rules, player.tribe, player.side)
    comp = rules.component(player.tribe)
    own = comp.effects.get(f"sides.{player.side}.technologies.{techs.index(tech)}.effect")
    if own is not None:
        return own
    common = rules.content.components.get(tech.get("common", ""))
    return common.effects.get("effect") if common is not None else None


def _waives_fees(rules: Rules, player, tech: dict) -> bool:
    """``no_book_fees`` already holds, or the technology being unlocked grants it (003, Hofstadterians)."""
    if any(c.name == "no_book_fees" for c in lasting_modifiers(rules, player)):
        return True
    program = tech_program(rules, player, tech)
    return program is not None and any(
        isinstance(node, n.Call) and node.name == "no_book_fees"
        for c in program.clauses
        if isinstance(c, n.Always)
        for node in c.body.walk()
    )


def populate_options(ctx: Ctx) -> dict[str, dict[str, Cost]]:
    """Locations the player has not populated -> technologies they may unlock there -> the payment."""
    return _gathered(ctx, populate_choices)


def populate_targets(ctx: Ctx) -> list[str]:
    """What populate may target, affordable or not: the locations."""
    return geo.locations(rules_of(ctx), ctx.game.board)


def populate_choices(
    ctx: Ctx, only: str | None = None, *, pricing: _Pricing | None = None
) -> Iterator[tuple[str, str, Cost]]:
    """(location, technology id, payment) of each option of :func:`populate_options`, one by one (``only``: that
    location's; ``pricing``: the prices to use, if made already)."""
    rules, board, player = rules_of(ctx), ctx.game.board, ctx.player
    techs = next_technologies(rules, player)
    if not techs:
        return
    pricing = _Pricing(ctx, "populate") if pricing is None else pricing
    # a technology whose books cannot be paid anywhere, even with the most discount and no books to others, is no
    # option at any location: dropped before the locations are gone through
    techs = [tech for tech in techs if not pricing.beyond_reach({"book": tech["books"]})]
    if not techs:
        return
    waived = [_waives_fees(rules, player, tech) for tech in techs]
    for location in populate_targets(ctx):
        if only is not None and location != only:
            continue
        there = board.figures.get(location, [])
        if ctx.seat in there:
            continue
        others = sum(1 for s in there if s != ctx.seat)
        for tech, waives in zip(techs, waived, strict=True):
            cost = pricing.payable({"book": tech["books"]}, [location], 0 if waives else others)
            if cost is not None:
                yield location, tech["id"], cost


def populate_possible(ctx: Ctx, more: tuple[int, int] = (0, 0)) -> bool:
    """Whether populate has an option: what ``next(populate_choices(ctx), None) is not None`` says, found with less
    pricing where the discount is the same at every location (most often): each technology, with the books owed to
    others at a location, priced there only by its range food (:class:`_Nearest`)."""
    pricing = _Pricing(ctx, "populate", more=more)
    if not pricing.same_everywhere:
        return _choices_any(populate_choices, ctx, pricing)
    rules, board, player = rules_of(ctx), ctx.game.board, ctx.player
    # a technology whose books cannot be paid with no books to others is no option anywhere (as in populate_choices)
    techs = [tech for tech in next_technologies(rules, player) if _Nearest(pricing, {"book": tech["books"]}).open]
    if not techs:
        return False
    waived = [_waives_fees(rules, player, tech) for tech in techs]
    found: dict[tuple[int, int], _Nearest] = {}
    for location in populate_targets(ctx):
        there = board.figures.get(location, [])
        if ctx.seat in there:
            continue
        food: int | None = -1  # not yet known: the range map is made only if some technology can be paid before it
        for index, tech in enumerate(techs):
            fees = 0 if waived[index] else len(there)
            nearest = found.get((index, fees))
            if nearest is None:
                nearest = found[index, fees] = _Nearest(pricing, {"book": tech["books"]}, fees)
            if not nearest.open:
                continue
            if food == -1:
                food = pricing.food([location])
            if nearest.payable(food):
                return True
    return False


def populate(ctx: Ctx) -> Effect:
    """The populate action (or the free ``populate`` effect)."""
    yield from before_action(ctx, "populate")
    if not (yield from _possible_after_machines(ctx, "populate")):
        return
    rules, board, player = rules_of(ctx), ctx.game.board, ctx.player
    options: dict[str, dict[str, Cost]] = {}
    prompt = "populate which location?"
    location = (yield _target_decision(ctx, "populate", prompt, populate_choices, options)).key
    choices = options[location]
    techs = {t["id"]: t for t in technologies(rules, player.tribe, player.side)}
    labels = {tid: f"{technology_name(rules, player, tid)}: {label(c)}" for tid, c in choices.items()}
    tid = (yield Decision(ctx.seat, "populate", "unlock which technology?", options_of(choices, labels))).key
    books = {"book": techs[tid]["books"]}
    fees = 0 if _waives_fees(rules, player, techs[tid]) else len(board.figures.get(location, []))
    paid = yield from chosen_path(
        ctx, [location], choices[tid], lambda food: _Pricing(ctx, "populate").cost(books, [location], fees, food)
    )
    paid = yield from res.pay_chosen(player, paid)  # the way paid: the account names what moved
    own = res.discounted({"book": techs[tid]["books"]}, discount(ctx, "populate", [location]))
    for hook in AFTER_PAYMENT.of(ctx):
        yield from hook(ctx, "populate", location, own)
    finish_action(ctx)
    there = board.figures.setdefault(location, [])
    if not _waives_fees(rules, player, techs[tid]):
        for seat in there:
            res.add_capped(ctx.game.players[seat], "book", 1)
    there.append(ctx.seat)
    ctx.log.append(f"{player.name} populates {location}, unlocking {tid} ({label(paid)})")
    yield from unlocked(ctx, tid, techs[tid], location)


def unlocked(ctx: Ctx, tid: str, tech: dict, location: str) -> Effect:
    """Unlock ``tid`` by populating ``location``: its once/immediate effects, then its lasting rules, the
    location's once effects, then the triggers.

    The technology joins ``player.technologies`` only after its one-time effect, so its own ``when`` and
    ``always`` clauses do not act on it (003, Vukuntur "Supply drop": 1 crate and 1 crystal, then a crystal
    with every later crate). It takes the place it would have had before that effect, so the list stays in
    unlocking order (``unlock_side_slot`` adds ``tech_side_slot`` after it).
    """
    player = ctx.player
    at = len(player.technologies)
    program = tech_program(rules_of(ctx), player, tech)
    if program is not None:
        sub = Ctx(ctx.game, ctx.seat, ctx.rules, source=tid, log=ctx.log)
        for clause in program.clauses:
            if isinstance(clause, (n.Once, n.Immediate)):
                yield from run(clause.body, sub)
    player.technologies.insert(at, tid)
    yield from location_once(ctx, location)
    yield from fire(ctx, "populate", location=location)


def location_once(ctx: Ctx, location: str) -> Effect:
    """A large location's ``once`` clauses, for the player who has just populated it (003 campaign: 1 energy).

    Small locations and sides with scoring alone give nothing here; their points wait for the end.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.board.large_locations["corner_ne"] = {"tile": "largeloc_campaign_2", "side": 1}
    >>> run_to_end(location_once(Ctx(game, 0, Rules.load(("base",))), "corner_ne"), [])
    >>> game.players[0].energy, game.supply.energy
    (1, 27)
    """
    placed = ctx.game.board.large_locations.get(location)
    if placed is None:
        return
    tile = rules_of(ctx).component(placed["tile"])
    index = side_index(tile.data["sides"], placed["side"])
    program = tile.effects.get(f"sides.{index}.effect")
    once = [c for c in program.clauses if isinstance(c, n.Once)] if program is not None else []
    if not once:
        return
    ctx.log.append(f"{ctx.player.name} takes what {tile.data['sides'][index]['name']} gives on populating")
    sub = Ctx(ctx.game, ctx.seat, ctx.rules, source=tile.id, log=ctx.log)
    for clause in once:
        yield from run(clause.body, sub)


DECLINABLE.add("move_figure")  # moving one's own figure: a player may not want it
DECLINABLE.update({"explore", "build", "populate"})  # the free board actions cost range and resources
PREPARING.update({"range", "discount"})  # they prepare the action that follows them


@effect("move_figure")
def _move_figure(ctx: Ctx, call: n.Call) -> Effect:
    """``move_figure``: one figure from a small location to another without one of yours; no books paid."""
    rules, board = rules_of(ctx), ctx.game.board
    small = geo.small_locations(rules, board)
    mine = [s for s in small if ctx.seat in board.figures.get(s, [])]
    free = [s for s in small if ctx.seat not in board.figures.get(s, [])]
    if not mine or not free:
        return
    origin = (yield Decision(ctx.seat, "move a figure", "move your figure from where?", options_of(mine))).key
    target = (yield Decision(ctx.seat, "move a figure", "to which location?", options_of(free))).key
    board.figures[origin].remove(ctx.seat)
    if not board.figures[origin]:
        del board.figures[origin]
    board.figures.setdefault(target, []).append(ctx.seat)


def _reset_switch(ctx: Ctx, call: n.Call) -> Effect:
    """``reset_switch`` (a technology's once effect): the switch is unused again."""
    ctx.player.switch_used = False
    return
    yield


EFFECTS.setdefault("reset_switch", _reset_switch)  # the switch's own module may register it first


# --- the DSL words and the moves -----------------------------------------------------------

BOARD_ACTIONS = {
    "explore": (explore, explore_choices),
    "build": (build, build_choices),
    "populate": (populate, populate_choices),
}


@effect("range")
def _range(ctx: Ctx, call: n.Call) -> Effect:
    """``range N``: +N range for the next action (pay N food less for range)."""
    ctx.game.turn.range_bonus += count_arg(call)
    return
    yield


@effect("discount")
def _discount(ctx: Ctx, call: n.Call) -> Effect:
    """``discount N [ACTION]``: the next such action's own cost is N lower (never below 0, never range)."""
    action = (args(call)[1] or ["any"])[0]
    ctx.game.turn.discounts[action] = ctx.game.turn.discounts.get(action, 0) + count_arg(call)
    return
    yield


@effect("unlimited_range")
def _unlimited_range(ctx: Ctx, call: n.Call) -> Effect:
    """``unlimited_range``: this explore pays no range and may reach any face-down tile."""
    ctx.game.turn.unlimited_range = True
    return
    yield


def action_possible(ctx: Ctx, action: str, before: bool = True) -> bool:
    """Whether explore, build or populate has an option: as things stand (one affordable option is enough: the
    rest need not be priced), or once machines the player could bring to it are activated, after what the
    :data:`BEFORE_ACTION` hooks could do first (``before=False``: without it).

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 0, "explored": True}
    >>> ctx = Ctx(game, 0, Rules.load(("base",)))
    >>> action_possible(ctx, "build"), game.players[0].resources.update(gear=3), action_possible(ctx, "build")
    (False, None, True)
    """
    if has_option(ctx, action):
        return True
    helpers = _helpers(ctx, action)
    if helpers and _enabling(ctx, action, helpers):
        return True
    if not before or not BEFORE_ACTION.of(ctx):
        return False
    probe = Ctx(working_copy(ctx.game), ctx.seat, ctx.rules, source=ctx.source)  # what could come first, tried
    run_first_answers(before_action(probe, action))
    helpers = _helpers(probe, action)
    return bool(helpers) and bool(_enabling(probe, action, helpers))


def _register(name: str) -> None:
    carry_out, choices = BOARD_ACTIONS[name]

    def possible(ctx: Ctx) -> bool:
        return action_possible(ctx, name)

    def available(game) -> bool:
        return possible(Ctx(game, game.turn.player, Rules.load(tuple(game.packs))))

    def available_given(game, given: Sequence[str]) -> bool:  # a given answer that is a target settles it at once
        ctx = Ctx(game, game.turn.player, Rules.load(tuple(game.packs)))
        with unchanged(game):
            return any(next(choices(ctx, only=key), None) is not None for key in given) or possible(ctx)

    def free_effect(ctx: Ctx, call: n.Call) -> Effect:
        yield from carry_out(ctx)

    move(name, action=True, available=available, label=name, available_given=available_given)(carry_out)
    effect(name)(free_effect)
    NEEDS[name] = possible  # the free action (a tribe ability, a card) is possible exactly when the move is
    WHY_NOT[name] = lambda ctx, call: _NOTHING_TO.get(name, "nothing to act on").format(player=ctx.player.name)


# Whether each board action has an option (each agrees with its choices: tests/test_board_action_checks.py).
POSSIBLE = {"explore": explore_possible, "build": build_possible, "populate": populate_possible}

# What each board action may target, affordable or not (its choices go through these, in this order).
TARGETS = {"explore": explore_targets, "build": build_targets, "populate": populate_targets}

# Why a board action finds nothing to act on (no target both in range and affordable).
_NOTHING_TO = {
    "explore": "no tile to explore that {player} can reach and pay for",
    "build": "no space to build on that {player} can reach and pay for",
    "populate": "no location to populate that {player} can reach and pay for",
}


for _name in BOARD_ACTIONS:
    _register(_name)
