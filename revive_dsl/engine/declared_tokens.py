"""The machinery that runs a pack's own kinds of token, declared as data (kind ``token_kind``).

A pack with no Python declares a kind of token (docs/writing-an-expansion.md, "Token kinds"): its sign on the
map, the terrains it may lie on, whether its space must be vacant, whether placing one pays range, whether it
blocks range, which kinds of token it may join on a space, and how many there are. The machinery:

- keeps those not yet placed in the state: a field ``KIND_left`` of the pack's part of each player (``holder:
  player``, ``Ann.emberfall.ember_left``) or of the supply (``supply``, ``supply.emberfall.ember_left``), at
  ``count`` from the setup on; a placed one is a record ``{player, token}`` on ``board.tokens`` like a tribe
  token's, ``player`` the seat that placed it;
- says where one may lie now (:func:`spaces_for`: the base game's ``place`` asks it for a declared kind);
- moves them: ``drift KIND [N]`` (every one on the board, N spaces clockwise round the chasm, along its ring:
  :func:`revive_dsl.engine.geometry.ring`) and ``move_token KIND TERRAIN`` (one of yours to a space next to it);
- counts ``tokens_beside KIND``: your buildings with one of them next to them;
- stops range paths at a kind that ``blocks_range`` (an entry of :data:`~revive_dsl.engine.range.RANGE_BLOCKERS`);
- checks after every move that none was lost or made (:data:`~revive_dsl.engine.invariants.INVARIANTS`).

>>> from revive_dsl.content.packs import load_doc, load_packs
>>> from revive_dsl.content.yamlsrc import load_yaml
>>> from revive_dsl.engine.declared import declare
>>> from revive_dsl.engine.state import Game, Player
>>> content = load_packs(["base"])
>>> text = "kind: token_kind\\ncomponents:\\n- {id: cinder, provenance: representative, glyph: o, holder: supply, "
>>> text += "count: 2, placed_on: [sand]}\\n"
>>> load_doc(load_yaml(text, "tokens.yaml"), "ember", content, [])
>>> declare(content)
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> game.board.tiles["s1"] = {"tile": "start_tile_1", "orientation": 1, "explored": True}
>>> ctx = Ctx(game, 0, Rules(content, ("base", "ember")))
>>> spaces_for(ctx, "cinder"), stock_left(ctx, "cinder")
(['1,0', '3,-2'], 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from revive_dsl.content.declared_tokens import TokenKind, token_kinds
from revive_dsl.dsl import nodes as n
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.declared import part_of
from revive_dsl.engine.interpret import ARG_NEEDS, DECLINABLE, WHY_NOT, Ctx, Effect, args, counter, effect
from revive_dsl.engine.invariants import INVARIANTS
from revive_dsl.engine.range import RANGE_BLOCKERS, rules_of, whole_map
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, all_buildings, all_tokens, put_token, take_token, tokens_at


def kinds_of(rules: Rules) -> dict[str, TokenKind]:
    """The kinds of token the game's packs declare, by word (kept with the rules)."""
    return rules.kept(("declared token kinds",), lambda: token_kinds(rules.content))


def declared_kind(ctx: Ctx, name: str) -> TokenKind | None:
    """The declared kind of token ``name`` names in this game, or None (a tribe token, or no such kind)."""
    return kinds_of(rules_of(ctx)).get(name)


# --- the stock: those not yet placed --------------------------------------------------------------------------


def _stock_holder(ctx: Ctx, kind: TokenKind) -> Any:
    return ctx.player if kind.holder == "player" else ctx.game.supply


def stock_left(ctx: Ctx, name: str) -> int:
    """How many of a declared kind the Ctx's player (a kind of the supply: the supply) has not yet placed."""
    kind = kinds_of(rules_of(ctx))[name]
    found = _stock_holder(ctx, kind).parts.get(kind.pack)
    return kind.count if found is None else getattr(found, kind.stock_field, kind.count)


def take_one(ctx: Ctx, name: str) -> None:
    """Take one of a declared kind from its stock (the player's, or the supply's), to be placed."""
    kind = kinds_of(rules_of(ctx))[name]
    setattr(part_of(_stock_holder(ctx, kind), kind.pack), kind.stock_field, stock_left(ctx, name) - 1)


def none_left(ctx: Ctx, name: str) -> str:
    """Why none can be placed for want of tokens: ``Ann has no ember left``, ``the supply has no ember left``."""
    kind = kinds_of(rules_of(ctx))[name]
    who = ctx.player.name if kind.holder == "player" else "the supply"
    return f"{who} has no {kind.english} left"


def with_article(ctx: Ctx, name: str) -> str:
    """A declared kind's noun with its article, for the account: ``an ember``."""
    return _a(kinds_of(rules_of(ctx))[name].english)


# --- where one may lie -------------------------------------------------------------------------------------------


def may_lie(rules: Rules, board: Any, kind: TokenKind, space: str) -> bool:
    """Whether a token of ``kind`` may lie on ``space`` now: a terrain it is placed on, vacant if it must be (no
    building, no figure), and every token already there one of the kinds it shares with."""
    if geo.terrain(rules, board, space) not in kind.placed_on:
        return False
    if kind.vacant and (space in board.buildings or board.figures.get(space)):
        return False
    return all(t.get("token") in kind.shares_with for t in tokens_at(board, space))


def spaces_for(ctx: Ctx, name: str) -> list[str]:
    """The spaces a token of a declared kind may be placed on now, in map order (range aside)."""
    rules, board = rules_of(ctx), ctx.game.board
    kind = kinds_of(rules)[name]
    return [s for s in geo.geometry(rules).slot_of if may_lie(rules, board, kind, s)]


def where_words(kind: TokenKind) -> str:
    """Where one may lie, in words, for a refusal: ``vacant field or forest space``."""
    what = " or ".join(kind.placed_on)
    return f"{'vacant ' if kind.vacant else ''}{what} space that may take {_a(kind.english)}"


# --- drift: every one of a kind, clockwise round the chasm -------------------------------------------------------


def drift_to(rules: Rules, board: Any, kind: TokenKind, space: str, steps: int) -> str | None:
    """Where a token of ``kind`` on ``space`` drifts to, ``steps`` spaces clockwise along its ring round the
    chasm: the spaces that may take it are counted, the others passed over (the ring goes round as often as
    needed); None when no other space of its ring may take it (or it lies on no ring)."""
    ring = geo.ring(rules, space)
    if not ring:
        return None
    start = ring.index(space)
    ahead = [*ring[start + 1 :], *ring[: start + 1]]  # clockwise from the next, ending where it is
    fit = [s for s in ahead if s == space or may_lie(rules, board, kind, s)]
    to = fit[(steps - 1) % len(fit)]
    return None if to == space else to


@effect("drift")
def _drift(ctx: Ctx, call: n.Call) -> Effect:
    """``drift ember 2``: every ember on the board goes 2 spaces clockwise round the chasm. All are lifted first,
    then each is laid, in map order, where it drifts to (so a line of them moves on together)."""
    numbers, words = args(call)
    rules, board = rules_of(ctx), ctx.game.board
    kind, steps = kinds_of(rules)[words[0]], numbers[0] if numbers else 1
    lying = [(space, record) for space, record in all_tokens(board) if record.get("token") == kind.name]
    if not lying:
        ctx.log.append(f"no {kind.english} lies on the board to drift")
        return
    for space, record in lying:
        take_token(board, space, record)
    for space, record in lying:
        to = drift_to(rules, board, kind, space, steps)
        put_token(board, to or space, record)
        if to is None:
            ctx.log.append(
                f"the {kind.english} on {space} stays: no other space of its ring round the chasm may take it"
            )
        else:
            ctx.log.append(f"the {kind.english} on {space} drifts clockwise round the chasm to {to}")
    return
    yield


# --- move_token: one of yours, to a space next to it ----------------------------------------------------------


def token_moves(ctx: Ctx, name: str, shown: str) -> dict[str, list[str]]:
    """The player's tokens of a declared kind that may move to an adjacent ``shown`` space -> those spaces."""
    rules, board = rules_of(ctx), ctx.game.board
    kind = kinds_of(rules)[name]
    mine = sorted({s for s, t in all_tokens(board) if t.get("token") == name and t.get("player") == ctx.seat})
    out = {}
    for space in mine:
        ends = [
            nb
            for nb in geo.neighbours(rules, space)
            if geo.terrain(rules, board, nb) == shown and may_lie(rules, board, kind, nb)
        ]
        if ends:
            out[space] = ends
    return out


def _why_no_move(ctx: Ctx, call: n.Call) -> str:
    name, shown = args(call)[1]
    kind = kinds_of(rules_of(ctx))[name]
    if not any(t.get("token") == name and t.get("player") == ctx.seat for _, t in all_tokens(ctx.game.board)):
        return f"{ctx.player.name} has no {kind.english} on the board"
    return f"no {shown} space next to {ctx.player.name}'s {kind.plural} may take one"


ARG_NEEDS["move_token"] = lambda ctx, call: bool(token_moves(ctx, *args(call)[1]))
WHY_NOT["move_token"] = _why_no_move
DECLINABLE.add("move_token")  # moving one's own piece: optional


@effect("move_token")
def _move_token(ctx: Ctx, call: n.Call) -> Effect:
    """``move_token ember forest``: one of your embers to a forest space next to it that may take it (asked:
    which one, when more than one may move, and where)."""
    name, shown = args(call)[1]
    kind = kinds_of(rules_of(ctx))[name]
    moves = token_moves(ctx, name, shown)
    if not moves:
        ctx.log.append(f"{ctx.player.name} cannot move {_a(kind.english)}: {_why_no_move(ctx, call)}")
        return
    start = next(iter(moves))
    if len(moves) > 1:
        prompt = f"move which {kind.english}?"
        start = (yield Decision(ctx.seat, f"move_token {name}", prompt, options_of(list(moves)))).key
    prompt = f"move the {kind.english} from {start} to which {shown} space?"
    to = (yield Decision(ctx.seat, f"move_token {name} to", prompt, options_of(moves[start]))).key
    board = ctx.game.board
    record = next(t for t in tokens_at(board, start) if t.get("token") == name and t.get("player") == ctx.seat)
    take_token(board, start, record)
    put_token(board, to, record)
    ctx.log.append(f"{ctx.player.name} moves the {kind.english} from {start} to {to}")


# --- tokens_beside: your buildings next to one ------------------------------------------------------------------


@counter("tokens_beside")
def _tokens_beside(ctx: Ctx, call: n.Call) -> int:
    """Your buildings with a token of the kind on a space next to them, each building once."""
    name = args(call)[1][0]
    rules, board = rules_of(ctx), ctx.game.board
    lying = {s for s, t in all_tokens(board) if t.get("token") == name}
    mine = [s for s, b in all_buildings(board) if b.get("player") == ctx.seat]
    return sum(1 for s in mine if lying.intersection(geo.neighbours(rules, s)))


# --- range: a kind that blocks it --------------------------------------------------------------------------------


def _blocking(ctx: Ctx) -> set[str]:
    blocks = {name for name, kind in kinds_of(rules_of(ctx)).items() if kind.blocks_range}
    if not blocks:
        return set()
    return {s for s, t in all_tokens(ctx.game.board) if t.get("token") in blocks}


@whole_map(_blocking)
def _blocks(ctx: Ctx, space: str) -> bool:
    """A space holding a token of a kind that ``blocks_range``: a path may end there, never pass it."""
    return space in _blocking(ctx)


RANGE_BLOCKERS.add(_blocks)


# --- invariants: none lost or made; only with the kinds it may join ----------------------------------------------


def shares(game: Game) -> dict[str, frozenset[str]]:
    """The declared kinds of the game's packs -> the kinds of token each may join on a space (for the rules
    packages' own check of what lies together)."""
    kinds = kinds_of(Rules.load(tuple(game.packs))) if game.packs else {}
    return {name: frozenset(kind.shares_with) for name, kind in kinds.items()}


def _conserved(game: Game, whole: bool) -> list[str]:
    """Each declared kind's tokens, placed and not, add up to its count (each player's, or the supply's)."""
    if not whole or not game.packs:
        return []
    out = []
    for kind in kinds_of(Rules.load(tuple(game.packs))).values():
        placed = [t.get("player") for _, t in all_tokens(game.board) if t.get("token") == kind.name]
        holders: Iterable[tuple[str, Any, int]] = (
            [(p.name, p, placed.count(p.seat)) for p in game.players]
            if kind.holder == "player"
            else [("the supply", game.supply, len(placed))]
        )
        for who, holder, on_board in holders:
            found = holder.parts.get(kind.pack)
            left = kind.count if found is None else getattr(found, kind.stock_field, kind.count)
            if left < 0 or left + on_board != kind.count:
                out.append(
                    f"{kind.plural} not conserved for {who}: {left} left and {on_board} on the board, "
                    f"{kind.count} expected"
                )
    return out


INVARIANTS.add(_conserved)


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in tuple("aeiou") else f"a {word}"
