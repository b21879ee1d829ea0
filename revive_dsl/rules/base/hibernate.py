"""Hibernation: a list of named steps, run in order; free actions and ending the turn follow.

Rules encoded here (rulebook, "Hibernate"): energy comes back from the machines to the
storage; resting cards become active; played cards go from the slots to the resting area;
the switch slides back to unused; the hibernation marker moves up one space and the player
takes the reward of that space or of any space below it (on the last space the marker stays
and any reward may be chosen); arriving on the space that removes an artifact, the player
returns a major artifact of their choice to the box, which may trigger the end. Solo: the
hibernate action moves the action cube 2 spaces, and the player may discard components
from the display first.

The expansion adds steps by inserting into :data:`HIBERNATION_STEPS` (lakes, gates, ...).

>>> [name for name, _ in HIBERNATION_STEPS][:6]  # the base steps; the expansion's modules append theirs
['return_energy', 'wake_resting', 'rest_slots', 'reset_switch', 'hibernation_track', 'solo_discard']
"""

from __future__ import annotations

from collections.abc import Callable

from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.game import move
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import Ctx, Effect
from revive_dsl.rules.base.tracks import (
    board_effect,
    fire_trigger,
    remove_artifact,
    replenish_machines,
    rules_of,
    run_program,
)

SOLO_CUBE_STEPS = 2  # the action cube moves 2 spaces per hibernate action in a solo game
DISPLAY_SIZES = {"citizen": 5, "module": 5}  # face-up cards and slot modules (machines: 3 per colour)


def _tell(ctx: Ctx, count: int, what: str) -> None:
    """One line of the account for a step that changed something (``count`` of them)."""
    if count:
        ctx.log.append(f"{ctx.player.name} {what.format(n=count, s='' if count == 1 else 's')}")


def _return_energy(ctx: Ctx) -> Effect:
    _tell(ctx, len(ctx.player.energy_on), "takes back {n} energy from machines")
    ctx.player.energy += len(ctx.player.energy_on)
    ctx.player.energy_on.clear()
    return
    yield


def _wake_resting(ctx: Ctx) -> Effect:
    _tell(ctx, len(ctx.player.resting), "takes {n} resting card{s} back into the active area")
    ctx.player.active.extend(ctx.player.resting)
    ctx.player.resting.clear()
    return
    yield


def _rest_slots(ctx: Ctx) -> Effect:
    _tell(ctx, sum(map(len, ctx.player.slots.values())), "moves {n} card{s} from the card slots to the resting area")
    for stack in ctx.player.slots.values():
        ctx.player.resting.extend(played.card for played in stack)
        stack.clear()
    return
    yield


def _reset_switch(ctx: Ctx) -> Effect:
    _tell(ctx, int(ctx.player.switch_used), "resets the switch")
    ctx.player.switch_used = False
    return
    yield


def _hibernation_track(ctx: Ctx) -> Effect:
    track = rules_of(ctx).main_board["hibernation_track"]
    player = ctx.player
    if player.hibernations < len(track) - 1:  # on the last space the marker stays
        player.hibernations += 1
        _tell(ctx, player.hibernations, "moves the hibernation marker to space {n}")
        if track[player.hibernations].get("remove_artifact"):
            yield from remove_artifact(ctx)
    rewards = {str(s["space"]): i for i, s in enumerate(track[: player.hibernations + 1]) if "reward" in s}
    if not rewards:
        return
    choice = yield Decision(ctx.seat, "hibernation reward", "take the reward of which space?", options_of(rewards))
    program = board_effect(ctx, "main_board", f"hibernation_track.{rewards[choice.key]}.reward")
    if program is not None:
        yield from run_program(ctx, program)


def _displayed(ctx: Ctx) -> dict[str, str]:
    """Every component in the displays, by id (the key every question about a display answers with): its kind."""
    supply = ctx.game.supply
    shown = {c: "citizen" for c in supply.citizen_display}
    shown |= {m: "machine" for colour in sorted(supply.machine_display) for m in supply.machine_display[colour]}
    return shown | {m: "module" for m in supply.module_display}


def _solo_discard(ctx: Ctx) -> Effect:
    if len(ctx.game.players) != 1:
        return
    supply = ctx.game.supply
    while _displayed(ctx):
        shown = _displayed(ctx)
        rules = rules_of(ctx)
        components = rules.content.components
        labels = {c: f"{rules.data(c).get('name', c)} ({kind})" for c, kind in shown.items() if c in components}
        labels["done"] = "nothing more"
        choice = yield Decision(
            ctx.seat, "solo: discard from the display", "discard what?", options_of([*shown, "done"], labels)
        )
        if choice.key == "done":
            break
        component = choice.key
        kind = shown[component]
        if kind == "citizen":
            supply.citizen_display.remove(component)
            supply.removed.append(component)  # out of the game (003): back in the box, where cards are counted
        elif kind == "module":
            supply.module_display.remove(component)
        else:
            next(d for d in supply.machine_display.values() if component in d).remove(component)
        ctx.log.append(f"{ctx.player.name} discards {component} from the display: it leaves the game")
    _replenish(ctx)


def _replenish(ctx: Ctx) -> None:
    supply = ctx.game.supply
    for display, pile, size in (
        (supply.citizen_display, supply.citizen_deck, DISPLAY_SIZES["citizen"]),
        (supply.module_display, supply.module_pile, DISPLAY_SIZES["module"]),
    ):
        while len(display) < size and pile:
            display.append(pile.pop(0))
    for colour in sorted(supply.machine_display):
        replenish_machines(ctx, colour)


HIBERNATION_STEPS: Hooks[tuple[str, Callable[[Ctx], Effect]]] = Hooks(
    "HIBERNATION_STEPS",
    [
        ("return_energy", _return_energy),
        ("wake_resting", _wake_resting),
        ("rest_slots", _rest_slots),
        ("reset_switch", _reset_switch),
        ("hibernation_track", _hibernation_track),
        ("solo_discard", _solo_discard),
    ],
)


def hibernate_steps(ctx: Ctx) -> Effect:
    """Carry out every hibernation step in order (the ``when hibernate`` clauses fire first, the ``when hibernated``
    ones last: Call of the Abyss's lakes give their hibernation rewards so).

    Does not end the turn nor move the solo action cube: the hibernate move and the
    ``hibernate`` card effect each do what their own rule says.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.rules import Rules
    >>> from revive_dsl.engine.state import Game, Player
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", energy_on=["standard_grey"], switch_used=True)
    >>> game = Game(players=[p, Player(seat=1, name="Bo", tribe="t", side="sun")])
    >>> run_to_end(hibernate_steps(Ctx(game, 0, Rules.load(("base",)))), ["1", "gear"])
    >>> p.energy, p.switch_used, p.hibernations
    (1, False, 1)
    """
    yield from fire_trigger(ctx, "hibernate")
    for _, step in HIBERNATION_STEPS.of(ctx):
        yield from step(ctx)
    yield from fire_trigger(ctx, "hibernated")


@move("hibernate", action=True, available=lambda g: True, label="hibernate", first=True)
def _hibernate(ctx: Ctx) -> Effect:
    """Hibernating is the turn's action: free actions (no machines) and ending the turn may follow (003)."""
    turn = ctx.game.turn
    if len(ctx.game.players) == 1:
        ctx.player.action_cube += SOLO_CUBE_STEPS
    yield from hibernate_steps(ctx)
    turn.hibernated = True
    beyond = ctx.player.action_cube >= len(rules_of(ctx).player_board["progress_track"])
    if len(ctx.game.players) == 1 and beyond and turn.end_triggered_by is None:
        # solo: the cube moved beyond the top space of the progress track; the game ends with this turn
        turn.end_triggered_by, turn.last_turns_left = ctx.seat, []
