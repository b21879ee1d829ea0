"""Machine tracks, reward spaces, the progress track, artifacts and crates.

Rules encoded here (rulebook, "Advancing on the tracks", "Reward spaces", "Progress markers
and progress track", "Game end"): a machine track marker moves one space per step and, at
the end of its track, each further step gives the track's resource instead; a reward space
unlocks once every marker it lists has reached or passed its space (some list two tracks);
its progress marker then goes to the lowest vacant space of the progress track, taking that
space's bonus; a special machine space takes a machine token of its colour from the display
(the display is replenished between picks), an artifact space a major artifact (a minor one
once the last major is gone), and a card bonus space is scored at the end. Activating the
tribe ability moves a marker from the tribe board when the ability could be carried out.

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
>>> run_to_end(advance(Ctx(game, 0, Rules.load(("base",))), "grey", 2), [])
>>> game.players[0].tracks["grey"], game.players[0].unlocked, game.players[0].progress
(3, ['standard_grey'], 1)
"""

from __future__ import annotations

from collections.abc import Callable

from revive_dsl.dsl import nodes as n
from revive_dsl.dsl.signatures import lookup
from revive_dsl.engine import resources as res
from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import (
    COUNTERS,
    EFFECTS,
    NEEDS,
    WHY_NOT,
    Ctx,
    Effect,
    args,
    as_player,
    count_arg,
    effect,
    players_from,
    run,
    run_chosen,
    why_not,
)
from revive_dsl.engine.interpret import can_carry_out as interpret_can_carry_out
from revive_dsl.engine.rules import Rules

TRACKS = ("grey", "green", "yellow")
MACHINE_DISPLAY_SIZE = 3  # special machines face up per colour


def rules_of(ctx: Ctx) -> Rules:
    """The content the game is played with: the Ctx's, else the game's packs."""
    return ctx.rules if ctx.rules is not None else Rules.load(tuple(ctx.game.packs))


def is_symbol(expr: n.Expr) -> bool:
    """Whether an expression is a printed symbol (``flask``, ``slot``) that does nothing itself.

    >>> from revive_dsl.dsl.parser import parse
    >>> [is_symbol(c.body) for c in parse("gain 2 gear; flask").clauses]
    [False, True]
    """
    return isinstance(expr, n.Call) and lookup(expr.name, ("symbol",)) is not None


def run_program(ctx: Ctx, program: n.Program, *, chosen: bool = False) -> Effect:
    """Carry out a compiled text's immediate clauses (a board's bonus, a crate), skipping symbols.

    ``chosen``: the player chose this effect (a crate opened), so nothing in it asks to be skipped.
    """
    for clause in program.clauses:
        if isinstance(clause, n.Immediate) and not is_symbol(clause.body):
            yield from (run_chosen if chosen else run)(clause.body, ctx)


def implemented(expr: n.Expr) -> bool:
    """Whether every word of an expression has an implementation (else it cannot be carried out yet).

    >>> from revive_dsl.dsl.parser import parse
    >>> implemented(parse("gain 2 gear").clauses[0].body)
    True
    """
    return all(
        node.name in EFFECTS or node.name in COUNTERS or is_symbol(node)
        for node in expr.walk()
        if isinstance(node, n.Call)
    )


def can_carry_out(ctx: Ctx, body: n.Expr, *, by_interpreter: bool = True, needs: bool = True) -> bool:
    """Whether a body can be carried out now: implemented, its payment affordable, its words' needs met.

    ``by_interpreter=False`` for bodies that action code reads itself (``machine during build:
    discount 2``): their words need no entry in the interpreter's tables. ``needs=False`` leaves out the
    words' needs (see :func:`revive_dsl.engine.interpret.can_carry_out`).

    >>> from revive_dsl.engine.state import Game, Player
    >>> from revive_dsl.dsl.parser import parse
    >>> ctx = Ctx(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")]), 0)
    >>> can_carry_out(ctx, parse("pay crystal -> gain 2 book").clauses[0].body)
    False
    """
    if by_interpreter and not implemented(body):
        return False
    return interpret_can_carry_out(ctx, body, needs=needs)


def board_effect(ctx: Ctx, kind: str, path: str) -> n.Program | None:
    """The compiled text at ``path`` of the (only) component of ``kind``, or None if it has none."""
    rules = rules_of(ctx)
    return rules.component(rules.ids(kind)[0]).effects.get(path)


# --- the machine tracks ------------------------------------------------------------------


def advance(ctx: Ctx, colour: str, steps: int = 1) -> Effect:
    """Move the player's ``colour`` marker ``steps`` spaces, unlocking reward spaces on the way.

    Past the end of the track each step gives the track's ``beyond`` resource instead.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", tracks={"grey": 13, "green": 1, "yellow": 1})
    >>> run_to_end(advance(Ctx(Game(players=[p]), 0, Rules.load(("base",))), "grey", 2), [])
    >>> p.tracks["grey"], p.resources["gear"]
    (13, 2)
    """
    track = rules_of(ctx).player_board["tracks"][colour]
    for _ in range(steps):
        if ctx.player.tracks[colour] >= len(track["values"]):
            got = yield from res.gain(ctx.player, track["beyond"], 1)
            gained = res.gained_text(track["beyond"], 1, got)
            ctx.log.append(f"{ctx.player.name} is at the end of the {colour} track: {gained}")
            continue
        ctx.player.tracks[colour] += 1
        yield from unlock_rewards(ctx)


def reached(ctx: Ctx, space: dict) -> bool:
    """Whether every marker a reward space lists has reached or passed its space.

    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", tracks={"grey": 5, "green": 4, "yellow": 1})
    >>> reached(Ctx(Game(players=[p]), 0), {"needs": [{"track": "grey", "space": 5}, {"track": "green", "space": 5}]})
    False
    """
    return all(ctx.player.tracks[need["track"]] >= need["space"] for need in space["needs"])


def unlock_rewards(ctx: Ctx) -> Effect:
    """Unlock every reward space now reached, in board order: progress marker, then the reward.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", tracks={"grey": 3, "green": 3, "yellow": 1})
    >>> run_to_end(unlock_rewards(Ctx(Game(players=[p]), 0)), []); p.unlocked
    ['standard_grey', 'standard_green']
    """
    for space in rules_of(ctx).player_board["reward_spaces"]:
        if space["id"] in ctx.player.unlocked or not reached(ctx, space):
            continue
        ctx.player.unlocked.append(space["id"])
        ctx.log.append(f"{ctx.player.name} unlocks {space['id']}")
        yield from place_progress_marker(ctx)
        yield from REWARDS[space["type"]](ctx, space)


def place_progress_marker(ctx: Ctx) -> Effect:
    """Put a progress marker on the lowest vacant progress space and take that space's bonus.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", progress=5)
    >>> run_to_end(place_progress_marker(Ctx(Game(players=[p]), 0)), [])  # space 6: energy
    >>> p.progress, p.energy
    (6, 1)
    """
    spaces = rules_of(ctx).player_board["progress_track"]
    if ctx.player.progress >= len(spaces):
        return  # a full track: the marker has nowhere to go and gives nothing
    ctx.player.progress += 1
    program = board_effect(ctx, "player_board", f"progress_track.{ctx.player.progress - 1}.bonus")
    if program is not None:
        yield from run_program(ctx, program)


def _standard_machine(ctx: Ctx, space: dict) -> Effect:
    return  # printed on the board: unlocked is all it takes to be usable
    yield


def _card_bonus(ctx: Ctx, space: dict) -> Effect:
    return  # recorded in ``unlocked``; scoring counts the recruited cards of its colour
    yield


def _special_machine(ctx: Ctx, space: dict) -> Effect:
    supply, colour = ctx.game.supply, space["colour"]
    display = supply.machine_display.setdefault(colour, [])
    if not display:
        return
    choice = yield Decision(ctx.seat, "special machine", f"take which {colour} machine?", options_of(display))
    display.remove(choice.key)
    ctx.player.special_machines[space["id"]] = choice.key
    ctx.log.append(f"{ctx.player.name} takes the machine {choice.key}")
    for hook in MACHINE_TAKEN.of(ctx):
        yield from hook(ctx, colour)
    yield from fire_trigger(ctx, "take_machine", colour=colour)
    replenish_machines(ctx, colour)


# What else happens when a machine token is taken from the display, before it is replenished; each gets the Ctx
# and the colour. (A rule a pack can write says ``when take_machine:``, as Call of the Abyss's machine token
# variant does: content/abyss/rules.yaml.)
MACHINE_TAKEN: Hooks[Callable[[Ctx, str], Effect]] = Hooks("MACHINE_TAKEN")


@effect("return_machine")
def _return_machine(ctx: Ctx, call: n.Call) -> Effect:
    """``return_machine`` (``when take_machine``): another display token of the colour just taken goes to the
    bottom of its pile, the player choosing which (none left: nothing).

    >>> from revive_dsl.engine.interpret import run_to_end, run_text
    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.supply.machine_display["grey"], game.supply.machine_piles["grey"] = ["b", "c"], ["d", "e"]
    >>> ctx = Ctx(game, 0, event={"colour": "grey"})
    >>> run_to_end(_return_machine(ctx, n.Call("return_machine")), ["c"])
    >>> game.supply.machine_display["grey"], game.supply.machine_piles["grey"], ctx.log
    (['b'], ['d', 'e', 'c'], ['Ann returns the machine c under its pile'])
    """
    colour = ctx.event.get("colour")
    display = ctx.game.supply.machine_display.get(colour, [])
    if not display:
        return
    prompt = f"return which {colour} machine to the bottom of its pile?"
    token = (yield Decision(ctx.seat, "return a machine", prompt, options_of(display))).key
    display.remove(token)
    ctx.game.supply.machine_piles.setdefault(colour, []).append(token)
    ctx.log.append(f"{ctx.player.name} returns the machine {token} under its pile")


def replenish_machines(ctx: Ctx, colour: str) -> None:
    """Reveal machine tokens of a colour until its display shows three (or the pile is empty).

    >>> from revive_dsl.engine.state import Game
    >>> game = Game()
    >>> game.supply.machine_display["grey"], game.supply.machine_piles["grey"] = ["a"], ["b", "c", "d"]
    >>> replenish_machines(Ctx(game, 0), "grey"); game.supply.machine_display["grey"]
    ['a', 'b', 'c']
    """
    supply = ctx.game.supply
    display, pile = supply.machine_display.setdefault(colour, []), supply.machine_piles.setdefault(colour, [])
    while len(display) < MACHINE_DISPLAY_SIZE and pile:
        display.append(pile.pop(0))


def _artifact(ctx: Ctx, space: dict) -> Effect:
    yield from take_artifact(ctx)


REWARDS: dict[str, Callable[[Ctx, dict], Effect]] = {
    "standard_machine": _standard_machine,
    "special_machine": _special_machine,
    "artifact": _artifact,
    "card_bonus": _card_bonus,
}


# --- artifacts and the end of the game ----------------------------------------------------


def solo(ctx: Ctx) -> bool:
    return len(ctx.game.players) == 1


def trigger_end(ctx: Ctx) -> None:
    """The last major artifact is gone: its taker gets the end-game tile; the others play one last turn.

    In a solo game there is no end-game tile (003 setup: back in the box, so the supply has none) and the
    end is not triggered.

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=i, name=str(i), tribe="t", side="sun") for i in range(3)])
    >>> trigger_end(Ctx(game, 1)); game.turn.end_triggered_by, game.turn.last_turns_left
    (1, [0, 2])
    """
    game = ctx.game
    if game.supply.end_game_tile:
        game.supply.end_game_tile = False
        ctx.player.end_game_tile = True
    if solo(ctx) or game.turn.end_triggered_by is not None:
        return
    game.turn.end_triggered_by = ctx.seat
    game.turn.last_turns_left = [p.seat for p in game.players if p.seat != ctx.seat]
    ctx.log.append(f"{ctx.player.name} takes the last major artifact: the end is triggered")


def take_artifact(ctx: Ctx) -> Effect:
    """Take a major artifact of the player's choice from the board, or a minor one once none is left.

    In the long 4-player game two minor artifacts by the craters are taken after the majors, and
    taking the last of them triggers the end.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.board.majors = ["major_amber_1p"]
    >>> run_to_end(take_artifact(Ctx(game, 0, Rules.load(("base",)))), ["major_amber_1p"])
    >>> game.players[0].majors, game.players[0].end_game_tile
    (['major_amber_1p'], True)
    """
    board = ctx.game.board
    if board.majors:
        choice = yield Decision(ctx.seat, "artifact", "take which major artifact?", options_of(board.majors))
        board.majors.remove(choice.key)
        ctx.player.majors.append(choice.key)
        ctx.log.append(f"{ctx.player.name} takes the major artifact {choice.key}")
    elif board.crater_minors:  # variant long game with 4 players: these go last, the end with them
        ctx.player.minors.append(board.crater_minors.pop(0))
        ctx.log.append(f"{ctx.player.name} takes a minor artifact from the craters")
    else:
        supply = ctx.game.supply
        minor = supply.minors.pop(0) if supply.minors else "minor_substitute"  # the supply is unlimited
        ctx.player.minors.append(minor)
        ctx.log.append(f"{ctx.player.name} takes a minor artifact")
        return
    if not board.majors and not board.crater_minors:
        trigger_end(ctx)


def remove_artifact(ctx: Ctx) -> Effect:
    """Return a major artifact of the player's choice to the box; removing the last triggers the end.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.board.majors = ["major_amber_1p", "major_amber_2p"]
    >>> run_to_end(remove_artifact(Ctx(game, 0)), ["major_amber_1p"]); game.board.majors
    ['major_amber_2p']
    """
    board = ctx.game.board
    if not board.majors:
        return
    choice = yield Decision(ctx.seat, "remove artifact", "remove which major artifact?", options_of(board.majors))
    board.majors.remove(choice.key)
    ctx.log.append(f"{ctx.player.name} removes the major artifact {choice.key}")
    if not board.majors and not board.crater_minors:
        trigger_end(ctx)


# --- crates -------------------------------------------------------------------------------


def fire_trigger(ctx: Ctx, event: str, **data) -> Effect:
    """Fire a ``when EVENT`` hook if the triggers module is there (imported lazily)."""
    try:
        from revive_dsl.engine.triggers import fire
    except ImportError:  # pragma: no cover - the module is written alongside
        return
    yield from fire(ctx, event, **data)


def gain_crates(ctx: Ctx, count: int = 1) -> Effect:
    """Draw crates from the supply's pile, closed, each firing ``when gain_crate``.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.supply.crates = ["crate_01"]
    >>> run_to_end(gain_crates(Ctx(game, 0), 2), []); game.players[0].crates_closed  # the pile ran out
    ['crate_01']
    """
    for _ in range(count):
        if not ctx.game.supply.crates:
            return
        crate = ctx.game.supply.crates.pop(0)
        ctx.player.crates_closed.append(crate)
        ctx.log.append(f"{ctx.player.name} gains a crate")
        yield from fire_trigger(ctx, "gain_crate", crate=crate)


# --- the DSL words ------------------------------------------------------------------------


@effect("advance")
def _advance(ctx: Ctx, call: n.Call) -> Effect:
    """``advance green 2``: two steps on the green track; ``advance any``: the player picks the track."""
    _, words = args(call)
    colour = words[0]
    if colour == "any":
        colour = (yield Decision(ctx.seat, "advance", "advance which machine track?", options_of(TRACKS))).key
    yield from advance(ctx, colour, count_arg(call))


@effect("artifact")
def _artifact_word(ctx: Ctx, call: n.Call) -> Effect:
    """``artifact``: take a major artifact (a minor one once none is left)."""
    yield from take_artifact(ctx)


@effect("crate")
def _crate(ctx: Ctx, call: n.Call) -> Effect:
    """``crate 2``: draw two crates, closed."""
    yield from gain_crates(ctx, count_arg(call))


def ability_program(ctx: Ctx) -> n.Program | None:
    """The compiled ability of the player's tribe side (None for a tribe without content).

    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ann", tribe="nadair", side="sun")
    >>> ability_program(Ctx(Game(players=[p]), 0)).clauses[0].body.name
    'gain'
    """
    rules = rules_of(ctx)
    comp = rules.content.components.get(ctx.player.tribe)
    return None if comp is None else comp.effects.get(f"sides.{ctx.player.side}.ability")


@effect("ability")
def _ability(ctx: Ctx, call: n.Call) -> Effect:
    """``ability``: carry out the tribe ability; if it could be, move a tribe board marker to progress."""
    program = ability_program(ctx)
    bodies = [c.body for c in program.clauses if isinstance(c, n.Immediate)] if program is not None else []
    if program is None:
        ctx.log.append(f"{ctx.player.name} cannot carry out the tribe ability: the tribe has none")
        return
    if not all(can_carry_out(ctx, body) for body in bodies):
        reason = next(filter(None, (why_not(ctx, body) for body in bodies)), "part of it is not in the rules yet")
        ctx.log.append(f"{ctx.player.name} cannot carry out the tribe ability: {reason}")
        return
    # the marker leaves the tribe board as the ability starts (the falcon counts it), and lands after
    moves_marker = ctx.player.tribe_markers > 0
    if moves_marker:
        ctx.player.tribe_markers -= 1
    declined, ctx.declined = ctx.declined, False
    yield from run_program(ctx, program)
    if ctx.declined:  # the player chose not to carry it out (003: optional): no marker moves
        ctx.declined = declined
        if moves_marker:
            ctx.player.tribe_markers += 1
        return
    ctx.declined = declined
    if moves_marker:
        yield from place_progress_marker(ctx)
    yield from fire_trigger(ctx, "ability")


def _others_abilities(ctx: Ctx) -> dict[str, list[n.Expr]]:
    """The other players' tribe abilities (by player name, in seat order from the Ctx's) that could be carried
    out now by the Ctx's player: each one's immediate bodies."""
    out: dict[str, list[n.Expr]] = {}
    for seat in players_from(ctx, others=True):
        program = ability_program(as_player(ctx, seat))
        bodies = [c.body for c in program.clauses if isinstance(c, n.Immediate)] if program is not None else []
        if bodies and all(can_carry_out(ctx, body) for body in bodies):
            out[ctx.game.players[seat].name] = bodies
    return out


@effect("other_ability")
def _other_ability(ctx: Ctx, call: n.Call) -> Effect:
    """``other_ability``: carry out the tribe ability of another player, chosen among those that can be carried out
    now, as if it were yours (your resources, your pieces, your range). It is not an activation of your own tribe
    ability: no progress marker moves and ``when ability`` does not fire (docs/rulings.md)."""
    usable = _others_abilities(ctx)
    if not usable:
        return
    names = list(usable)
    whose = (
        yield Decision(ctx.seat, "another player's ability", "carry out whose tribe ability?", options_of(names))
    ).key
    ctx.log.append(f"{ctx.player.name} carries out {whose}'s tribe ability as if it were theirs")
    for body in usable[whose]:
        yield from run(body, ctx)


NEEDS["other_ability"] = lambda ctx: bool(_others_abilities(ctx))
WHY_NOT["other_ability"] = lambda ctx, call: "no other player's tribe ability can be carried out now"


# --- the point track ----------------------------------------------------------------------


def point_track_bonuses(ctx: Ctx, before: int, after: int) -> Effect:
    """Take the point track's bonuses reached or passed going from ``before`` to ``after`` points.

    Totals count whole laps, so a bonus space (all lie on the first lap) is taken at most once;
    purple points never come through here.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.supply.crates = ["crate_01", "crate_02"]
    >>> run_to_end(point_track_bonuses(Ctx(game, 0, Rules.load(("base",))), 3, 9), [])
    >>> game.players[0].crates_closed
    ['crate_01', 'crate_02']
    """
    track = rules_of(ctx).main_board["point_track"]
    for space in sorted(track.get("bonuses", {}), key=int):
        if before < int(space) <= after and int(space) <= track["length"]:
            program = board_effect(ctx, "main_board", f"point_track.bonuses.{space}")
            if program is not None:
                yield from run_program(ctx, program)
