"""The gates tribe (004, ``abyss_tribe_gates``): gate tiles on the board, open or closed.

Rules encoded here (the tribe's content: ability ``pay crystal -> place gate``, rules ``machine:
flip_gate; when hibernate: flip_all_gates``, 5 ``gate`` tokens; docs/rulings.md "Gates"):

- placing a gate (the ability, after its crystal): a gate tile covers TWO adjacent spaces, both vacant
  (no building, figure or token) and each a sand or terrain (field, forest, mountain) space; range is
  paid to the nearer of them ("range can be counted to any of the spaces covered"); the player chooses
  the open or the closed side; then the machine track of each terrain space covered advances 1;
- a gate counts as ONE large space for everyone's range (:data:`~revive_dsl.engine.range.LARGE_SPACES`):
  passing an open gate costs 1 however many of its spaces the path touches;
- nobody, its owner included, counts range through a closed gate (a range blocker);
- ``range_from_closed_gates`` (technology): the owner may count range from the spaces of their closed
  gates too;
- ``flip_gate`` (the tribe board's machine): one of your gates turns to its other side;
  ``flip_all_gates`` (each hibernation of the gates player): every gate on the board turns;
- nothing is built on a space a gate covers (:data:`~revive_dsl.rules.base.board_actions.MAY_BUILD`);
  the spaces keep their terrain for everything else (a building next to a covered field still advances).

A gate lies on each space it covers, alone (no other token joins it): ``{"player", "token": "gate", "gate": n,
"closed": bool}``, ``n`` numbering the owner's gates in the order placed.

>>> from revive_dsl.engine.state import Board
>>> board = Board(tokens={"2,0": {"player": 0, "token": "gate", "gate": 0, "closed": True},
...                       "3,0": {"player": 0, "token": "gate", "gate": 0, "closed": True}})
>>> gates(board)
{'0:0': ['2,0', '3,0']}
"""

from __future__ import annotations

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import geometry as geo
from revive_dsl.engine import resources as res
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.interpret import NEEDS, Ctx, Effect, effect
from revive_dsl.engine.range import (
    LARGE_SPACES,
    RANGE_BLOCKERS,
    RANGE_ORIGINS,
    Origin,
    modifier_words,
    range_costs,
    whole_map,
)
from revive_dsl.engine.state import Board, all_buildings, all_tokens, put_token, tokens_at
from revive_dsl.engine.state_schema import token_fields
from revive_dsl.engine.triggers import rules_of
from revive_dsl.rules.base import board_actions as actions
from revive_dsl.rules.base.tracks import advance
from revive_dsl.rules.base.tribes import OWN_PLACING

TOKEN = "gate"
# a gate's record says which of its owner's gates it belongs to (both its spaces hold one) and whether it is closed
token_fields(__name__, {"gate": {"type": "integer", "minimum": 0, "maximum": 20}, "closed": {"type": "boolean"}})
PLACEABLE = ("sand", *geo.TERRAIN_TRACK)  # 004: "vacant sand or terrain spaces"
SIDES = ("open", "closed")
Cost = dict[str, int]


def gates(board: Board) -> dict[str, list[str]]:
    """Every gate on the board, keyed ``"player:n"``, with the spaces it covers (sorted keys and spaces)."""
    out: dict[str, list[str]] = {}
    for space, placed in all_tokens(board):
        if placed.get("token") == TOKEN:
            out.setdefault(f"{placed['player']}:{placed['gate']}", []).append(space)
    return dict(sorted(out.items()))


def gate_at(board: Board, space: str) -> dict | None:
    """The gate covering a space, if one does."""
    return next((t for t in tokens_at(board, space) if t.get("token") == TOKEN), None)


def is_closed(board: Board, key: str) -> bool:
    """Whether the gate ``key`` shows its closed side."""
    return bool(gate_at(board, gates(board)[key][0])["closed"])


# --- where a gate may go ---------------------------------------------------------------------


def footprints(ctx: Ctx) -> list[tuple[str, str]]:
    """Pairs of adjacent vacant sand or terrain spaces, in map order (each pair once)."""
    rules, board = rules_of(ctx), ctx.game.board
    built = {s for s, _ in all_buildings(board)}
    cells = list(geo.geometry(rules).slot_of)

    def vacant(space: str) -> bool:
        return (
            space not in built
            and space not in board.tokens
            and not board.figures.get(space)
            and geo.terrain(rules, board, space) in PLACEABLE
        )

    free = [c for c in cells if vacant(c)]
    order = {c: i for i, c in enumerate(cells)}
    return [(a, b) for a in free for b in geo.neighbours(rules, a) if b in order and order[b] > order[a] and vacant(b)]


def gate_options(ctx: Ctx, reserve: Cost | None = None) -> dict[str, Cost]:
    """Where a gate may go now (``"a+b"``) -> the range food to pay (``reserve``: paid on top, for affordability)."""
    reach = None if ctx.game.turn.unlimited_range else range_costs(ctx)
    out: dict[str, Cost] = {}
    for a, b in footprints(ctx):
        found = [0] if reach is None else [reach[s] for s in (a, b) if s in reach]
        if not found:
            continue
        cost = {"food": min(found)} if min(found) else {}
        if res.can_pay(ctx.player, actions.plus_costs(cost, reserve or {})):
            out[f"{a}+{b}"] = cost
    return out


def place_gate(ctx: Ctx) -> Effect:
    """``place gate``: choose the spaces and the side, pay the range, advance for the terrain covered."""
    options = gate_options(ctx)
    if not options:
        ctx.log.append(f"{ctx.player.name} cannot place a gate")
        return
    labels = {key: actions.label(cost) for key, cost in options.items()}
    where = (
        yield Decision(ctx.seat, "place gate", "place the gate on which two spaces?", options_of(options, labels))
    ).key
    side = (yield Decision(ctx.seat, "place gate", "which side of the gate up?", options_of(list(SIDES)))).key
    covered = where.split("+")
    paid = options[where]
    if not ctx.game.turn.unlimited_range:  # range counted: the leech tribe's toll may apply
        paid = yield from actions.chosen_path(ctx, covered, paid, lambda food: {"food": food} if food else {})
    paid = yield from res.pay_chosen(ctx.player, paid)  # the way paid: the account names what moved
    actions.finish_action(ctx)
    rules, board = rules_of(ctx), ctx.game.board
    number = sum(1 for key in gates(board) if key.startswith(f"{ctx.seat}:"))
    terrains = [geo.terrain(rules, board, s) for s in covered]
    for space in covered:
        put_token(board, space, {"player": ctx.seat, "token": TOKEN, "gate": number, "closed": side == "closed"})
    ctx.player.tokens_left[TOKEN] -= 1
    ctx.event["placed"], ctx.event["covered"] = covered[0], terrains[0]
    ctx.log.append(f"{ctx.player.name} places a gate, {side}, on {' and '.join(covered)} ({actions.label(paid)})")
    for shown in terrains:
        if shown in geo.TERRAIN_TRACK:
            yield from advance(ctx, geo.TERRAIN_TRACK[shown], 1)


OWN_PLACING[TOKEN] = (gate_options, place_gate)


# --- flipping ----------------------------------------------------------------------------------


def _flip(board: Board, key: str) -> None:
    for space in gates(board)[key]:
        gate = gate_at(board, space)
        gate["closed"] = not gate["closed"]


def _own_gates(ctx: Ctx) -> list[str]:
    return [key for key in gates(ctx.game.board) if key.startswith(f"{ctx.seat}:")]


@effect("flip_gate")
def _flip_gate(ctx: Ctx, call: n.Call) -> Effect:
    """``flip_gate``: one of your gates turns to its other side."""
    board = ctx.game.board
    own = _own_gates(ctx)
    if not own:
        return
    labels = {key: f"{'+'.join(gates(board)[key])} ({'closed' if is_closed(board, key) else 'open'})" for key in own}
    key = (yield Decision(ctx.seat, "flip gate", "flip which gate?", options_of(own, labels))).key
    _flip(board, key)
    ctx.log.append(f"{ctx.player.name} flips the gate on {labels[key]}")


@effect("flip_all_gates")
def _flip_all_gates(ctx: Ctx, call: n.Call) -> Effect:
    """``flip_all_gates``: every gate on the board turns to its other side."""
    board = ctx.game.board
    every = gates(board)
    for key in every:
        _flip(board, key)
    if every:
        ctx.log.append(f"{ctx.player.name} flips every gate on the board")
    return
    yield


NEEDS["flip_gate"] = lambda ctx: bool(_own_gates(ctx))


# --- range ---------------------------------------------------------------------------------------


def _closed_gates(ctx: Ctx) -> list[str]:
    return [s for s, t in all_tokens(ctx.game.board) if t.get("token") == TOKEN and t.get("closed")]


@whole_map(_closed_gates)
def _closed_gate(ctx: Ctx, space: str) -> bool:
    placed = gate_at(ctx.game.board, space)
    return placed is not None and bool(placed.get("closed"))


def _gate_cells(ctx: Ctx) -> dict[str, str]:
    return {s: f"gate:{t['player']}:{t['gate']}" for s, t in all_tokens(ctx.game.board) if t.get("token") == TOKEN}


def _from_closed_gates(ctx: Ctx) -> list[Origin]:
    if not ctx.game.board.tokens or not modifier_words(rules_of(ctx), ctx.player, "range_from_closed_gates"):
        return []
    return [
        (space, 0)
        for space, placed in all_tokens(ctx.game.board)
        if placed.get("token") == TOKEN and placed.get("player") == ctx.seat and placed.get("closed")
    ]


def _not_under_a_gate(ctx: Ctx, space: str) -> bool:
    return gate_at(ctx.game.board, space) is None


for _table, _rule in (
    (RANGE_BLOCKERS, _closed_gate),
    (LARGE_SPACES, _gate_cells),
    (RANGE_ORIGINS, _from_closed_gates),
    (actions.MAY_BUILD, _not_under_a_gate),
):
    _table.add(_rule)
