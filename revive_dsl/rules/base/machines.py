"""Free actions: use a machine, open a crate, trade a crystal, a technology's ``anytime`` trade.

Rules encoded here (rulebook, "Free action: use a machine", "Free action: open a crate",
"Free action: trade"): an unlocked machine -- a standard machine of the player board, a
special machine token in a reward space, a tribe technology with a ``machine`` clause -- is
activated by moving an energy from the storage onto it, and not again until that energy is
back (hibernation); opening a closed crate gives its effect and the crate stays opened;
a crystal may become any basic resource; unlocked technologies add ``anytime`` trades.
None of these is an action: they are moves with ``action=False``.

A machine is keyed by the spot that holds its energy: the reward space id
(``standard_grey``, ``special_green_1``) or the technology id (``t2c``) -- the same keys
as ``player.energy_on``.

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> p = Player(seat=0, name="Ann", tribe="t", side="sun", unlocked=["standard_grey"], energy=1)
>>> p.resources["gear"] = 1
>>> ctx = Ctx(Game(players=[p]), 0, Rules.load(("base",)))
>>> [spot for spot, _ in usable_machines(ctx)]
['standard_grey']
"""

from __future__ import annotations

from collections.abc import Callable

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import resources as res
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.game import move
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import NEEDS, Ctx, Effect, effect, run_chosen
from revive_dsl.engine.memo import remembered
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.triggers import owned_effects
from revive_dsl.rules.base.tracks import can_carry_out, rules_of, run_program


def machine_programs(ctx: Ctx) -> list[tuple[str, n.Program]]:
    """Every unlocked machine text of the player, by spot: reward spaces, then owned technologies.

    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Fay", tribe="formica", side="sun", unlocked=["standard_green"], technologies=["t2c"])
    >>> [spot for spot, _ in machine_programs(Ctx(Game(players=[p]), 0))]
    ['standard_green', 't2c']
    """
    rules, player = rules_of(ctx), ctx.player
    special = tuple(sorted(player.special_machines.items()))
    key = ("reward space machines", tuple(player.unlocked), special)  # all they read of the state
    return [
        *rules.kept(key, lambda: _reward_space_machines(rules, player.unlocked, dict(special))),
        *owned_effects(ctx),
    ]


def _reward_space_machines(rules: Rules, unlocked: list[str], special: dict[str, str]) -> tuple:
    """(spot, program) of the machines on the player board's unlocked reward spaces: a special machine token's
    where one lies, else the standard machine's."""
    board = rules.component(rules.ids("player_board")[0])
    out = []
    for index, space in enumerate(rules.player_board["reward_spaces"]):
        if space["id"] not in unlocked:
            continue
        if space["id"] in special:
            out.append((space["id"], rules.effect(special[space["id"]], "effect")))
        elif space["type"] == "standard_machine" and f"reward_spaces.{index}.effect" in board.effects:
            out.append((space["id"], board.effects[f"reward_spaces.{index}.effect"]))
    return tuple(out)


def usable_machines(
    ctx: Ctx, during: str | None = None, plain: Callable[[n.Expr], bool] | None = None
) -> list[tuple[str, n.Expr]]:
    """(spot, body) of machines the player could activate now: ``during`` None means undated ones;
    ``plain``: also the undated ones whose body it accepts (an action's own and the plain machines that
    prepare it, in one pass).

    A machine needs an energy in storage, no energy on it already, and a body that can be
    carried out (an unaffordable trade cannot): no energy is spent on nothing. A machine whose use
    counts by itself (:data:`USE_COUNTS`) needs only its payments affordable, not its words' needs.
    """
    if ctx.player.energy < 1:
        return []
    out, gone_hooks, counts_hooks = [], MACHINE_GONE.of(ctx), USE_COUNTS.of(ctx)
    # the legal moves of one state ask this for the machine move and each board action: programs found once
    for spot, program in remembered(ctx.game, ("machine_programs", ctx.seat), lambda: machine_programs(ctx)):
        if spot in ctx.player.energy_on or any(gone(ctx, spot) for gone in gone_hooks):
            continue
        needs = not any(counts(ctx, spot) for counts in counts_hooks)
        for clause in program.clauses:
            if not isinstance(clause, n.Machine):
                continue
            if clause.during != during and not (plain and clause.during is None and plain(clause.body)):
                continue
            if can_carry_out(ctx, clause.body, by_interpreter=clause.during is None, needs=needs):
                out.append((spot, clause.body))
                break
    return out


def machine_name(ctx: Ctx, spot: str) -> str:
    """What the machine at ``spot`` is called: a special machine token's name, ``standard green machine``, a
    technology's or a tribe's name.

    >>> from revive_dsl.engine.rules import Rules
    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ann", tribe="nadair", side="sun", special_machines={"special_green_1": "mach_green_1"})
    >>> ctx = Ctx(Game(players=[p]), 0, Rules.load(("base",)))
    >>> machine_name(ctx, "special_green_1"), machine_name(ctx, "standard_green"), machine_name(ctx, "t2a")
    ('Long-range scanner', 'standard green machine', 'Grove blessing')
    """
    rules = rules_of(ctx)
    components = rules.content.components
    token = ctx.player.special_machines.get(spot)
    if token is not None and token in components:
        return str(rules.data(token).get("name", token))
    if spot.startswith("standard_"):
        return f"standard {spot.removeprefix('standard_')} machine"
    if spot in components:
        return str(rules.data(spot).get("name", spot))
    tribe = components.get(ctx.player.tribe)
    techs = tribe.data.get("sides", {}).get(ctx.player.side, {}).get("technologies", []) if tribe else []
    tech = next((t for t in techs if t.get("id") == spot), {})
    return str(tech.get("name", tech.get("common", spot)))


def machine_labels(ctx: Ctx, machines: dict[str, n.Expr]) -> dict[str, str]:
    """Each machine's label, by spot: its name and what it does (``Long-range scanner: gain 2 range``)."""
    from revive_dsl.engine.interpret import english

    return {spot: f"{machine_name(ctx, spot)}: {english(body)}" for spot, body in machines.items()}


def machines_usable_during(ctx: Ctx, action: str) -> list[tuple[str, n.Expr]]:
    """The ``machine during ACTION`` bodies usable while that action is under way (for action code).

    >>> from revive_dsl.engine.rules import Rules
    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", unlocked=["special_grey_1"], energy=1,
    ...            special_machines={"special_grey_1": "mach_grey_2"})
    >>> [spot for spot, _ in machines_usable_during(Ctx(Game(players=[p]), 0, Rules.load(("base",))), "build")]
    ['special_grey_1']
    """
    return usable_machines(ctx, during=action)


def activate(ctx: Ctx, spot: str, body: n.Expr) -> Effect:
    """Move an energy from storage onto the machine at ``spot`` and carry out its body.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> from revive_dsl.dsl.parser import parse
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", energy=1)
    >>> run_to_end(activate(Ctx(Game(players=[p]), 0), "t2c", parse("gain crystal").clauses[0].body), [])
    >>> p.energy, p.energy_on, p.resources["crystal"]
    (0, ['t2c'], 1)
    """
    ctx.player.energy -= 1
    ctx.player.energy_on.append(spot)
    ctx.log.append(f"{ctx.player.name} activates the machine at {spot}")
    for hook in ON_ACTIVATE.of(ctx):
        hook(ctx, spot)
    yield from run_chosen(body, ctx)  # activating it is choosing its effect


# The expansion's unstable machines (rules/abyss/unstable.py): a machine may be gone for good (face down), and
# activating one may flip it. Each takes the Ctx and the machine's spot.
MACHINE_GONE: Hooks[Callable[[Ctx, str], bool]] = Hooks("MACHINE_GONE")
ON_ACTIVATE: Hooks[Callable[[Ctx, str], None]] = Hooks("ON_ACTIVATE")
# Whether using the machine at a spot changes the game by itself, whatever its effect then does (an unstable
# machine flips and becomes a flask): such a machine is offered even when its words find nothing to act on.
USE_COUNTS: Hooks[Callable[[Ctx, str], bool]] = Hooks("USE_COUNTS")


def _ctx(game) -> Ctx:
    return Ctx(game, game.turn.player)


def _machines_available(game) -> bool:
    """003, hibernate: once the energy is back in storage, no machine may be activated that turn."""
    return not game.turn.hibernated and bool(usable_machines(_ctx(game)))


@move("machine", action=False, available=_machines_available, label="use a machine")
def _use_machine(ctx: Ctx) -> Effect:
    usable = dict(usable_machines(ctx))
    labels = machine_labels(ctx, usable)
    choice = yield Decision(ctx.seat, "use a machine", "activate which machine?", options_of(usable, labels))
    yield from activate(ctx, choice.key, usable[choice.key])


# --- crates -------------------------------------------------------------------------------


@move(
    "open_crate", action=False, available=lambda g: bool(g.players[g.turn.player].crates_closed), label="open a crate"
)
def _open_crate(ctx: Ctx) -> Effect:
    closed = ctx.player.crates_closed
    choice = yield Decision(ctx.seat, "open a crate", "open which crate?", options_of(sorted(set(closed))))
    closed.remove(choice.key)
    ctx.player.crates_opened.append(choice.key)
    ctx.log.append(f"{ctx.player.name} opens {choice.key}")
    yield from run_program(ctx, rules_of(ctx).effect(choice.key, "effect"), chosen=True)


def reactivatable_crates(ctx: Ctx) -> list[str]:
    """Opened crates not yet reactivated (each crate may be reactivated once per game).

    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", crates_opened=["c1", "c2"], crates_reactivated=["c1"])
    >>> reactivatable_crates(Ctx(Game(players=[p]), 0))
    ['c2']
    """
    return [c for c in ctx.player.crates_opened if c not in ctx.player.crates_reactivated]


NEEDS["reactivate_crate"] = lambda ctx: bool(reactivatable_crates(ctx))


@effect("reactivate_crate")
def _reactivate_crate(ctx: Ctx, call: n.Call) -> Effect:
    """``reactivate_crate``: gain an opened crate's effect again; it stays opened, marked as reactivated."""
    crates = reactivatable_crates(ctx)
    if not crates:
        return
    choice = yield Decision(ctx.seat, "reactivate a crate", "reactivate which crate?", options_of(crates))
    ctx.player.crates_reactivated.append(choice.key)
    yield from run_program(ctx, rules_of(ctx).effect(choice.key, "effect"), chosen=True)


# --- trades -------------------------------------------------------------------------------


def crystal_trades(ctx: Ctx) -> list[str]:
    """The basic resources a crystal may become now (those below their cap).

    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun")
    >>> p.resources.update(crystal=1, gear=6)
    >>> crystal_trades(Ctx(Game(players=[p]), 0))
    ['book', 'food']
    """
    if ctx.player.resources["crystal"] < 1:
        return []
    return [r for r in res.BASIC if ctx.player.resources[r] < res.CAPS[r]]


@move("trade_crystal", action=False, available=lambda g: bool(crystal_trades(_ctx(g))), label="trade a crystal")
def _trade_crystal(ctx: Ctx) -> Effect:
    choice = yield Decision(ctx.seat, "trade a crystal", "trade a crystal for which?", options_of(crystal_trades(ctx)))
    ctx.player.resources["crystal"] -= 1
    ctx.player.resources[choice.key] += 1
    ctx.log.append(f"{ctx.player.name} trades a crystal for 1 {choice.key}")


def anytime_trades(ctx: Ctx) -> list[tuple[str, n.Expr]]:
    """(key, body) of the owned ``anytime`` clauses that can be carried out now.

    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Hal", tribe="hofstadterians", side="sun", technologies=["t1"])
    >>> p.resources["gear"] = 2
    >>> [key for key, _ in anytime_trades(Ctx(Game(players=[p]), 0))]
    ['t1: pay basic + basic -> gain crystal']
    """
    from revive_dsl.dsl.formatter import format_expr

    out = []
    for source, program in owned_effects(ctx):
        for clause in program.clauses:
            if isinstance(clause, n.Anytime) and can_carry_out(ctx, clause.body):
                out.append((f"{source}: {format_expr(clause.body)}", clause.body))
    return out


@move("tech_trade", action=False, available=lambda g: bool(anytime_trades(_ctx(g))), label="make a technology's trade")
def _tech_trade(ctx: Ctx) -> Effect:
    from revive_dsl.engine.interpret import english

    usable = dict(anytime_trades(ctx))
    labels = {key: f"{machine_name(ctx, key.split(':')[0])}: {english(body)}" for key, body in usable.items()}
    choice = yield Decision(ctx.seat, "technology trade", "which trade?", options_of(usable, labels))
    yield from run_chosen(usable[choice.key], ctx)
