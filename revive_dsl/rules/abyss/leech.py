"""The Cordycephians, the leech tribe (004): leech markers, shared spaces, the range toll and leeching.

Rules encoded here (004, the leech tribe's board and notes; rulings in docs/rulings.md):

- setup: the tribe is not playable in a solo game (setup refuses it); it starts with 8 leech
  markers (``tokens_left["leech_marker"]``) and gives one to each other player (``leech_markers``);
- ``build_shared``: the leech player may build on a sand space where another player's building
  stands (range and gears as usual; the building goes to ``abyss(board).shared``); nobody builds on
  the leech player's spaces, and other players still never share a space;
- ``give_leech``: after building or populating on an occupied space, one marker to each other
  player there; from the range toll, one marker to the player counting range. Out of markers,
  the leech player may first take one back from another player (a decision) to give it;
- ``when range_through`` (the base technology): when another player counts range through a
  space with the leech player's building or figure (not from or to one), the toll fires once per
  range count. When a path avoiding those spaces costs the same, the mover takes it; when it
  costs more (or none exists), the mover decides: through (the toll) or around (the dearer path);
- ``leech_tech``: take back a marker from a player to use one of their unlocked technologies
  (none with a ``machine`` or ``once`` clause): its ``anytime`` clauses run at once; its ``when``,
  ``always`` and ``while`` clauses are the leech player's until the end of the turn (``abyss(player).borrowed``),
  and its counters count the owner's things (004's Gib'warks example);
- ``leech_range``: take back a marker from a player to count range from one of their buildings
  for the next action (``abyss(turn).leech_origin``);
- ``leech_copy`` (the ability): take back a marker from a player, then gain the top or bottom of a
  card in that player's active area (the card stays; never an effect that activates a tribe ability: a
  choice such as "module or ability" is copied without its ability option).
  With no marker held by anyone else it does nothing but the progress marker moves;
- the free move ``take_back_leech``: at any time, take a marker back from another player.

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.setup import new_game
>>> g = new_game(Rules.load(("base", "abyss")), [("Ann", "abyss_tribe_leech", "single"), ("Bo", "nadair", "sun")])
>>> g.players[0].tokens_left["leech_marker"], abyss(g.players[1]).leech_markers
(7, 1)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import range as rng
from revive_dsl.engine import resources as res
from revive_dsl.engine import triggers
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.game import END_TURN_HOOKS, move
from revive_dsl.engine.interpret import COUNTED_FOR, DECLINABLE, NEEDS, Ctx, Effect, effect, run_chosen
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import SETUP_STEPS
from revive_dsl.engine.state import Game, Player, all_buildings
from revive_dsl.rules.abyss.state import abyss
from revive_dsl.rules.base import board_actions as actions
from revive_dsl.rules.base import lasting
from revive_dsl.rules.base.cards import as_source, gain_immediate, half_program, is_symbol
from revive_dsl.rules.base.tracks import can_carry_out

MARKER = "leech_marker"
MARKERS = 8  # 004, components: 8 leech markers
BORROWED = "leech:"  # the source id prefix of a leeched technology's clauses
BORROWABLE = (n.Trigger, n.Always, n.While)  # the clauses a leeched technology lends until the end of the turn


# --- who holds what --------------------------------------------------------------------------


def leech_seat(game: Game) -> int | None:
    """The seat of the leech player (the one with a supply of leech markers), or None.

    >>> leech_seat(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun", tokens_left={MARKER: 0})]))
    0
    """
    return next((p.seat for p in game.players if MARKER in p.tokens_left), None)


def holders(ctx: Ctx, *, besides: tuple[int, ...] = ()) -> list[Player]:
    """Other players holding a leech marker (not the Ctx's player, nor ``besides``), in seat order."""
    return [p for p in ctx.game.players if p.seat != ctx.seat and p.seat not in besides and abyss(p).leech_markers > 0]


def take_back(ctx: Ctx, owner: Player) -> None:
    """The leech player (the Ctx's) takes one marker back from ``owner``."""
    abyss(owner).leech_markers -= 1
    ctx.player.tokens_left[MARKER] = ctx.player.tokens_left.get(MARKER, 0) + 1
    ctx.log.append(f"{ctx.player.name} takes back a leech marker from {owner.name}")


def _whom(ctx: Ctx, rule: str, prompt: str, players: list[Player], extra: tuple[str, ...] = ()) -> Effect:
    """Ask the leech player to pick one of ``players`` (by name), or one of ``extra``; returns the key."""
    choice = yield Decision(ctx.seat, rule, prompt, options_of([*(p.name for p in players), *extra]))
    return choice.key


def give(ctx: Ctx, seat: int) -> Effect:
    """The leech player (the Ctx's) gives one marker to ``seat``; out of markers, they may first take one back.

    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="s", tokens_left={MARKER: 1}),
    ...                      Player(seat=1, name="Bo", tribe="t", side="s")])
    >>> from revive_dsl.engine.interpret import run_to_end
    >>> run_to_end(give(Ctx(game, 0), 1), [])
    >>> game.players[0].tokens_left[MARKER], abyss(game.players[1]).leech_markers
    (0, 1)
    """
    player, recipient = ctx.player, ctx.game.players[seat]
    if player.tokens_left.get(MARKER, 0) < 1:
        others = holders(ctx, besides=(seat,))
        if not others:
            return
        prompt = f"out of leech markers: take one back from whom, to give {recipient.name}?"
        key = yield from _whom(ctx, "leech marker", prompt, others, ("none",))
        if key == "none":
            return
        take_back(ctx, next(p for p in others if p.name == key))
    player.tokens_left[MARKER] -= 1
    abyss(recipient).leech_markers += 1
    ctx.log.append(f"{player.name} gives {recipient.name} a leech marker")


# --- setup -----------------------------------------------------------------------------------


def _setup(rules: Rules, game: Game, drawn: dict[str, Any]) -> None:
    """Refuse a tribe not playable solo in a solo game; the leech player gives one marker to each other player."""
    for player in game.players:
        comp = rules.content.components.get(player.tribe)
        if len(game.players) == 1 and comp is not None and comp.kind == "tribe" and comp.data.get("solo") is False:
            raise ValueError(f"{comp.data['name']} ({player.tribe}) cannot be played in a solo game (004)")
    seat = leech_seat(game)
    if seat is None:
        return
    leech = game.players[seat]
    for other in game.players:
        if other.seat != seat and leech.tokens_left[MARKER] > 0:
            leech.tokens_left[MARKER] -= 1
            abyss(other).leech_markers += 1


# --- building on shared spaces and giving markers --------------------------------------------


def _shared_spaces(ctx: Ctx) -> list[str]:
    """``build_shared``: spaces with another player's building (and no shared building yet)."""
    if not triggers.has_modifier(ctx, "build_shared"):
        return []
    board = ctx.game.board
    return [s for s, b in sorted(board.buildings.items()) if b["player"] != ctx.seat and s not in abyss(board).shared]


def occupants(game: Game, space: str) -> list[int]:
    """Seats with a building or figure on a space, sorted.

    >>> from revive_dsl.engine.state import Board
    >>> occupants(Game(board=Board(buildings={"1,0": {"player": 1, "size": "small"}}, figures={"1,0": [2]})), "1,0")
    [1, 2]
    """
    board = game.board
    seats = {b["player"] for b in (board.buildings.get(space), abyss(board).shared.get(space)) if b is not None}
    return sorted(seats | set(board.figures.get(space, [])))


@effect("give_leech")
def _give_leech(ctx: Ctx, call: n.Call) -> Effect:
    """``give_leech``: a marker to the player counting range through you (the event's ``player``), else to each
    other player on the space built or populated (the event's ``space`` or ``location``)."""
    event = ctx.event
    if "player" in event:
        seats = [event["player"]]
    else:
        space = event.get("space", event.get("location"))
        seats = [s for s in occupants(ctx.game, space) if s != ctx.seat] if space is not None else []
    for seat in seats:
        yield from give(ctx, seat)


# --- the range toll --------------------------------------------------------------------------


def toll_takers(ctx: Ctx) -> list[int]:
    """Other players with a ``when range_through`` clause (the leech player with the base technology)."""
    out = []
    for other in ctx.game.players:
        if other.seat == ctx.seat:
            continue
        owned = triggers.owned_effects(Ctx(ctx.game, other.seat, ctx.rules))
        if any(
            isinstance(c, n.Trigger) and c.event.name == "range_through"
            for _, program in owned
            for c in program.clauses
        ):
            out.append(other.seat)
    return out


def _toll_path(ctx: Ctx, targets: list[str], payment: dict[str, int], reprice) -> Effect:
    """:data:`~revive_dsl.rules.base.board_actions.RANGE_PATHS`: through the toll taker's spaces, or around them."""
    if ctx.game.turn.unlimited_range or leech_seat(ctx.game) is None:
        return payment  # no range counted, or no leech tribe in the game
    for seat in toll_takers(ctx):
        taker = ctx.game.players[seat]
        avoid = frozenset(rng.pieces(ctx.game, seat)) - frozenset(rng.pieces(ctx.game, ctx.seat))
        if not avoid:
            continue
        through = rng.range_cost(ctx, targets)
        around_food = rng.range_cost(ctx, targets, rng.range_costs_avoiding(ctx, avoid))
        around = None if around_food is None else reprice(around_food)
        if through is None or (around_food is not None and (around_food <= through or around == payment)):
            continue  # a cheapest path avoids their spaces: the mover takes it
        if around is not None and res.can_pay(ctx.player, around):
            labels = {
                "through": f"{actions.label(payment)}: {taker.name} gives you a leech marker and gains 1 point",
                "around": f"{actions.label(around)}: a longer path around {taker.name}'s pieces",
            }
            prompt = f"count range through {taker.name}'s pieces or around them?"
            choice = yield Decision(ctx.seat, "range path", prompt, options_of(labels, labels))
            if choice.key == "around":
                payment = around
                continue
        ctx.log.append(f"{ctx.player.name} counts range through {taker.name}'s pieces")
        yield from triggers.fire(Ctx(ctx.game, seat, ctx.rules, log=ctx.log), "range_through", player=ctx.seat)
    return payment


# --- leeching a technology -------------------------------------------------------------------


def _tech_program(rules: Rules, owner: Player, tid: str) -> n.Program | None:
    for tech in actions.technologies(rules, owner.tribe, owner.side):
        if tech["id"] == tid:
            return actions.tech_program(rules, owner, tech)
    comp = rules.content.components.get(tid)
    return comp.effects.get("effect") if comp is not None else None


def leechable(ctx: Ctx) -> dict[str, tuple[Player, str, n.Program]]:
    """``"Bo: t2c"`` -> (owner, technology, program) of each technology the leech player may use now: unlocked
    by a player holding a marker, with no ``machine`` or ``once`` clause, and usable (an ``anytime`` clause
    that can be carried out, or a clause to lend)."""
    rules, out = rng.rules_of(ctx), {}
    for owner in holders(ctx):
        for tid in owner.technologies:
            program = _tech_program(rules, owner, tid)
            if program is None or any(isinstance(c, (n.Once, n.Machine)) for c in program.clauses):
                continue
            lends = any(isinstance(c, BORROWABLE) for c in program.clauses)
            if lends or any(isinstance(c, n.Anytime) and can_carry_out(ctx, c.body) for c in program.clauses):
                out[f"{owner.name}: {tid}"] = (owner, tid, program)
    return out


def _borrowed(rules: Rules, player: Player) -> list[tuple[str, n.Program]]:
    """(source, lent clauses) of each technology the player leeched this turn (``tribe/side/tech``)."""
    out = []
    for entry in abyss(player).borrowed:
        tribe, side, tid = entry.split("/")
        owner = Player(seat=-1, name="", tribe=tribe, side=side)
        program = _tech_program(rules, owner, tid)
        if program is not None:
            out.append((BORROWED + entry, n.Program(tuple(c for c in program.clauses if isinstance(c, BORROWABLE)))))
    return out


def _borrowed_always(rules: Rules, player: Player) -> list[n.Expr]:
    """The bodies of the ``always`` clauses of the technologies the player has leeched."""
    return [c.body for _, p in _borrowed(rules, player) for c in p.clauses if isinstance(c, n.Always)]


def _borrowed_effects(ctx: Ctx) -> Iterator[tuple[str, n.Program]]:
    yield from _borrowed(rng.rules_of(ctx), ctx.player)


def _counted_for(ctx: Ctx) -> int | None:
    """A leeched technology's counters count its owner's things."""
    if not (ctx.source or "").startswith(BORROWED):
        return None
    tribe = ctx.source[len(BORROWED) :].split("/")[0]
    return next((p.seat for p in ctx.game.players if p.tribe == tribe), None)


@effect("leech_tech")
def _leech_tech(ctx: Ctx, call: n.Call) -> Effect:
    """``leech_tech``: take back a marker and use one of that player's technologies (see the module)."""
    usable = leechable(ctx)
    if not usable:
        return
    key = (yield Decision(ctx.seat, "leech a technology", "use which player's technology?", options_of(usable))).key
    owner, tid, program = usable[key]
    take_back(ctx, owner)
    ctx.log.append(f"{ctx.player.name} leeches {owner.name}'s technology {tid}")
    if any(isinstance(c, BORROWABLE) for c in program.clauses):
        abyss(ctx.player).borrowed.append(f"{owner.tribe}/{owner.side}/{tid}")
    sub = Ctx(ctx.game, ctx.seat, ctx.rules, source=f"{BORROWED}{owner.tribe}/{owner.side}/{tid}", log=ctx.log)
    for clause in program.clauses:
        if isinstance(clause, n.Anytime) and can_carry_out(sub, clause.body):
            yield from run_chosen(clause.body, sub)  # the player chose this technology


# --- leeching a range origin -----------------------------------------------------------------


def leech_origins(ctx: Ctx) -> dict[str, Player]:
    """Spaces with a building of a player holding a marker -> that player (figures never count)."""
    owners = {p.seat: p for p in holders(ctx)}
    return {s: owners[b["player"]] for s, b in all_buildings(ctx.game.board) if b["player"] in owners}


@effect("leech_range")
def _leech_range(ctx: Ctx, call: n.Call) -> Effect:
    """``leech_range``: take back a marker and count range from one of that player's buildings for one action."""
    spaces = leech_origins(ctx)
    if not spaces:
        return
    labels = {s: f"{owner.name}'s building" for s, owner in spaces.items()}
    space = (
        yield Decision(ctx.seat, "leech a range origin", "count range from which building?", options_of(spaces, labels))
    ).key
    take_back(ctx, spaces[space])
    abyss(ctx.game.turn).leech_origin = space


def _leeched_origin(ctx: Ctx) -> list[rng.Origin]:
    origin = abyss(ctx.game.turn).leech_origin
    return [(origin, 0)] if origin is not None and ctx.seat == ctx.game.turn.player else []


# --- the tribe ability -----------------------------------------------------------------------


def _activates_ability(expr: n.Node) -> bool:
    return any(isinstance(node, n.Call) and node.name == "ability" for node in expr.walk())


def without_ability(expr: n.Expr) -> n.Expr | None:
    """The effect as it may be copied: a choice loses its options that activate a tribe ability; None if the
    effect activates one whatever is chosen ("you cannot copy an effect that activates a tribe ability").

    >>> from revive_dsl.dsl.formatter import format_expr
    >>> from revive_dsl.dsl.parser import parse
    >>> format_expr(without_ability(parse("module or ability").clauses[0].body))
    'module'
    >>> [without_ability(parse(text).clauses[0].body) for text in ("ability", "gain book and ability")]
    [None, None]
    """
    if not _activates_ability(expr):
        return expr
    if not isinstance(expr, n.OneOf):
        return None  # it activates the ability whatever is chosen (alone, with more, or paid for)
    kept = tuple(o for o in (without_ability(option) for option in expr.options) if o is not None)
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else replace(expr, options=kept)


def copyable_half(rules: Rules, card: str, half: str) -> n.Program | None:
    """The half of a card the ability may copy, as it may be copied (:func:`without_ability`), or None: blank,
    nothing to do now, or activating a tribe ability whatever is chosen.

    >>> from revive_dsl.dsl.formatter import format_program
    >>> format_program(copyable_half(Rules.load(("base",)), "start_a_4", "bottom"))
    'module'
    >>> copyable_half(Rules.load(("base",)), "start_a_4", "top") is None
    True
    """
    program = half_program(rules, card, half)
    if program is None or not any(isinstance(c, n.Immediate) and not is_symbol(c) for c in program.clauses):
        return None
    clauses = []
    for clause in program.clauses:
        if not _activates_ability(clause):
            clauses.append(clause)
            continue
        body = without_ability(clause.body) if isinstance(clause, n.Immediate) else None
        if body is None:
            return None
        clauses.append(replace(clause, body=body))
    return replace(program, clauses=tuple(clauses))


def copyable_halves(ctx: Ctx, owner: Player) -> list[str]:
    """``"card top"`` for each half of a card in ``owner``'s active area that the ability may copy
    (:func:`copyable_half`)."""
    rules = rng.rules_of(ctx)
    return [
        f"{card} {half}"
        for card in owner.active
        for half in ("top", "bottom")
        if copyable_half(rules, card, half) is not None
    ]


@effect("leech_copy")
def _leech_copy(ctx: Ctx, call: n.Call) -> Effect:
    """``leech_copy``: take back a marker from a player, then copy a half of a card in their active area."""
    others = holders(ctx)
    if not others:
        ctx.log.append(f"{ctx.player.name}: nobody holds a leech marker")
        return
    key = yield from _whom(ctx, "leech ability", "take back a leech marker from whom?", others)
    owner = next(p for p in others if p.name == key)
    take_back(ctx, owner)
    halves = copyable_halves(ctx, owner)
    if not halves:
        return
    card, half = (yield Decision(ctx.seat, "leech ability", "copy which effect?", options_of(halves))).key.split()
    ctx.log.append(f"{ctx.player.name} copies the {half} of {owner.name}'s {card}")
    yield from gain_immediate(as_source(ctx, card), copyable_half(rng.rules_of(ctx), card, half))


# --- the free move, the end of the turn ------------------------------------------------------


def _take_back_ctx(game: Game) -> Ctx:
    return Ctx(game, game.turn.player, Rules.load(tuple(game.packs)))


def _can_take_back(game: Game) -> bool:
    return MARKER in game.players[game.turn.player].tokens_left and bool(holders(_take_back_ctx(game)))


@move("take_back_leech", action=False, available=_can_take_back, label="take back a leech marker")
def _take_back_leech(ctx: Ctx) -> Effect:
    others = holders(ctx)
    key = yield from _whom(ctx, "take back a leech marker", "take back a leech marker from whom?", others)
    take_back(ctx, next(p for p in others if p.name == key))


def _place_shared(ctx: Ctx, space: str, placed: dict[str, Any]) -> bool:
    """The leech tribe's building on a space where another player's building stands shares it."""
    board = ctx.game.board
    if space not in board.buildings:
        return False
    abyss(board).shared[space] = placed
    return True


def _action_done(ctx: Ctx) -> None:
    """A leeched range origin serves the one action."""
    if ctx.game.turn.parts:
        abyss(ctx.game.turn).leech_origin = None


def _end_of_turn(game: Game) -> None:
    """Leeched technologies and a leeched range origin last until the end of the turn."""
    abyss(game.turn).leech_origin = None
    for player in game.players:
        abyss(player).borrowed = []


NEEDS["leech_tech"] = lambda ctx: bool(leechable(ctx))
NEEDS["leech_range"] = lambda ctx: bool(leech_origins(ctx))
DECLINABLE.add("leech_copy")  # copying: a player may not want the copy (003, effects are optional)
SETUP_STEPS.add(_setup)
actions.BUILD_SPACES.add(_shared_spaces)
actions.RANGE_PATHS.add(_toll_path)
actions.PLACE_BUILDING.add(_place_shared)
actions.ACTION_DONE.add(_action_done)
rng.RANGE_ORIGINS.add(_leeched_origin)
rng.MODIFIER_SOURCES.add(_borrowed_always, before=lasting.slotted)  # after the tribe's own, before the cards
triggers.EFFECT_SOURCES.add(_borrowed_effects)
COUNTED_FOR.add(_counted_for)
END_TURN_HOOKS.add(_end_of_turn)
