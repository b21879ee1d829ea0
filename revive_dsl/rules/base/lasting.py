"""What holds lastingly for a player in the base game (003): the ``always`` clauses of the tribe side and of
its unlocked technologies, the ``while slotted`` clauses of played cards, and the range rules they give:
``range N`` (a lasting bonus), ``range_from TOKEN`` (the player's tokens are origins too) and
``free_passage TERRAIN`` (passing such spaces is free).

>>> from revive_dsl.engine.range import lasting_modifiers
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Player
>>> p = Player(seat=0, name="Ann", tribe="nadair", side="sun", technologies=["t1", "t2c"])
>>> [c.name for c in lasting_modifiers(Rules.load(("base",)), p)]
['pay_book_for', 'pay_book_for', 'free_passage', 'free_passage']
"""

from __future__ import annotations

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.interpret import STATES, Ctx, args, count_arg
from revive_dsl.engine.memo import remembered
from revive_dsl.engine.range import (
    MODIFIER_SOURCES,
    PASSAGE_COSTS,
    RANGE_BONUSES,
    RANGE_ORIGINS,
    Origin,
    lasting_modifiers,
    modifier_words,
    rules_of,
    whole_map,
)
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Player, all_tokens
from revive_dsl.engine.triggers import owned_effects


def tribe_programs(rules: Rules, player: Player) -> list[n.Program]:
    """The compiled texts of a player's tribe board: its side's rules, then each technology the player has
    (the texts' lasting clauses and triggers are the player's own); none for a tribe the content lacks."""
    comp = rules.content.components.get(player.tribe)
    if comp is None or comp.kind != "tribe":
        return []
    prefix = f"sides.{player.side}"
    out = [comp.effects[f"{prefix}.rules"]] if f"{prefix}.rules" in comp.effects else []
    for index, tech in enumerate(comp.data["sides"].get(player.side, {}).get("technologies", [])):
        if tech["id"] not in player.technologies:
            continue
        path = f"{prefix}.technologies.{index}.effect"
        if path in comp.effects:
            out.append(comp.effects[path])
        elif tech.get("common") in rules.content.components:
            out.append(rules.component(tech["common"]).effects.get("effect", n.Program(())))
    return out


def _slotted_programs(rules: Rules, player: Player) -> list[n.Program]:
    """The shown halves of played cards (their ``while slotted`` clauses hold)."""
    out = []
    for slot in sorted(player.slots):
        for played in player.slots[slot]:
            program = rules.component(played.card).effects.get(played.half)
            if program is not None:
                out.append(program)
    return out


def tribe_always(rules: Rules, player: Player) -> list[n.Expr]:
    """The bodies of the ``always`` clauses of the tribe side's rules and its unlocked technologies."""
    return [c.body for program in tribe_programs(rules, player) for c in program.clauses if isinstance(c, n.Always)]


def slotted(rules: Rules, player: Player) -> list[n.Expr]:
    """The bodies of the ``while slotted`` clauses of the shown halves of played cards."""
    return [
        c.body
        for program in _slotted_programs(rules, player)
        for c in program.clauses
        if isinstance(c, n.While) and c.state == "slotted"
    ]


def lasting_range(rules: Rules, player: Player) -> int:
    """The sum of the player's lasting ``range N`` bonuses."""
    return sum(count_arg(c) for c in lasting_modifiers(rules, player) if c.name == "range")


def _lasting_range_bonus(ctx: Ctx) -> int:
    return lasting_range(rules_of(ctx), ctx.player)


def while_range(ctx: Ctx) -> int:
    """The ``range N`` of the player's own ``while STATE:`` clauses (tribe side, technologies, and what a rules
    package adds to them, such as borrowed technologies) whose state holds now, each read through its own source
    (a borrowed technology reads its owner's tile); played cards' ``while slotted`` are :func:`slotted`'s.

    Call of the Abyss's circadian technology says ``while night: range 1`` (night: a side of a two-sided tile the
    pack declares, engine/declared_sides.py)."""
    rules = rules_of(ctx)
    if not rules.kept(("while states",), lambda: _has_while_states(rules)):
        return 0
    total = 0
    for source, program in owned_effects(ctx):
        for clause in program.clauses:
            if not isinstance(clause, n.While) or clause.state == "slotted" or clause.state not in STATES:
                continue
            if STATES[clause.state](Ctx(ctx.game, ctx.seat, ctx.rules, source=source)):
                total += sum(count_arg(c) for c in clause.body.walk() if isinstance(c, n.Call) and c.name == "range")
    return total


def _has_while_states(rules: Rules) -> bool:
    """Whether any text of the content has a ``while`` clause of a state other than ``slotted``."""
    return any(
        isinstance(clause, n.While) and clause.state != "slotted"
        for comp in rules.content.components.values()
        for program in comp.effects.values()
        for clause in program.clauses
    )


def _tokens(ctx: Ctx) -> list[Origin]:
    """``range_from TOKEN [BONUS]``: the player's tokens of that kind are origins too."""
    rules = rules_of(ctx)
    out = []
    for call in lasting_modifiers(rules, ctx.player):
        if call.name != "range_from":
            continue
        token, bonus = args(call)[1][0], count_arg(call, 0)
        for space, placed in all_tokens(ctx.game.board):
            if placed.get("player") == ctx.seat and placed.get("token") == token:
                out.append((space, bonus))
    return out


def _passage_words(ctx: Ctx, name: str) -> frozenset[str]:
    """The first words of the player's lasting modifiers ``name`` (remembered while the state is unchanged)."""
    return remembered(
        ctx.game,
        ("modifier first words", ctx.seat, name),
        lambda: frozenset(words[0] for words in modifier_words(rules_of(ctx), ctx.player, name)),
    )


def _free_everywhere(ctx: Ctx) -> dict[str, int]:
    rules, board = rules_of(ctx), ctx.game.board
    return dict.fromkeys(
        (s for word in _passage_words(ctx, "free_passage") for s in geo.spaces_showing(rules, board, word)), 0
    )


@whole_map(_free_everywhere)
def _free_passage(ctx: Ctx, space: str) -> int | None:
    free = _passage_words(ctx, "free_passage")
    return 0 if free and geo.terrain(rules_of(ctx), ctx.game.board, space) in free else None


MODIFIER_SOURCES.add(tribe_always)
MODIFIER_SOURCES.add(slotted)
RANGE_ORIGINS.add(_tokens)
PASSAGE_COSTS.add(_free_passage)
RANGE_BONUSES.add(_lasting_range_bonus)
RANGE_BONUSES.add(while_range)
