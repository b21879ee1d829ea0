"""Random play: whole legal games by the seeded random player, checking invariants after every move.

It exists to find crashes and broken invariants. Each game's record is its setup (players,
seed, variants) and the list of answers given, one per decision, in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from revive_dsl.engine.drivers import RandomDriver
from revive_dsl.engine.game import Runner
from revive_dsl.engine.invariants import violations
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game


def seating(rules: Rules, count: int, index: int = 0) -> list[tuple[str, str, str]]:
    """``count`` players ``P1``... for a trial game: the tribes in content order from the ``index``-th on, each
    with the side of the same turn (so games ``index`` 0, 1, 2... seat other tribes and sides).

    >>> seating(Rules.load(("base",)), 2, 1)
    [('P1', 'hofstadterians', 'moon'), ('P2', 'ox49', 'sun')]
    """
    tribes = rules.ids("tribe")
    out = []
    for seat in range(count):
        tribe = tribes[(index + seat) % len(tribes)]
        sides = list(rules.data(tribe)["sides"])
        out.append((f"P{seat + 1}", tribe, sides[(index + seat) % len(sides)]))
    return out


class BrokenInvariant(AssertionError):
    """A state reached by legal moves broke an invariant."""


@dataclass
class GameRecord:
    """One simulated game: how it was set up, every answer, and how it ended."""

    players: list[tuple[str, str, str]]
    seed: int
    variants: list[str]
    answers: list[tuple[int, str]] = field(default_factory=list)  # (seat, key)
    moves: int = 0
    finished: bool = False
    final: Game | None = None


def play_random_game(
    rules: Rules,
    players: list[tuple[str, str, str]],
    seed: int,
    variants: tuple[str, ...] = (),
    *,
    max_decisions: int = 50_000,
    check: bool = True,
) -> GameRecord:
    """Play one game with the random player; raise BrokenInvariant on the first broken invariant."""
    from revive_dsl.engine.setup import new_game

    game = new_game(rules, players, seed=seed, variants=list(variants))
    runner = Runner(game, rules, in_place=True)  # no state is kept: each move changes the game itself
    driver = RandomDriver(seed)
    record = GameRecord(players, seed, list(variants))
    while (decision := runner.decision()) is not None and len(record.answers) < max_decisions:
        key = driver.answer(decision)
        runner.answer(key)
        record.answers.append((decision.player, key))
        if runner.between_moves:
            record.moves += 1
            if check:
                broken = violations(runner.game, whole=True)
                if broken:
                    raise BrokenInvariant(f"seed {seed}, move {record.moves}: " + "; ".join(broken))
    record.finished = runner.decision() is None
    record.final = runner.game
    return record
