"""The legal moves at a point of a script: the open decision with every legal answer, or whole move lines.

``revive moves SCRIPT [--at N]`` prints the decision that is open after step N (the end of the script by
default) with each legal answer's key and name; ``--lines`` lists complete legal move lines for the turn,
every follow-up decision answered, in the move notation, ready to copy into the script.

>>> from revive_dsl.replay.script import load_script_text
>>> script = load_script_text('''
... format: 1
... players: [{name: Ann, tribe: nadair, side: sun}, {name: Bob, tribe: ox49, side: moon}]
... setup: {seed: 12}
... steps: [Ann switch food]
... ''', "demo.yaml")
>>> listing = legal_moves_at(script)
>>> listing.player, listing.rule, [o.key for o in listing.options]
('Ann', 'turn', ['play', 'explore', 'trade_crystal', 'end'])
>>> move_lines(script, limit=2)
['Ann play start_c_5 top_left', 'Ann play start_c_5 top_right']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from revive_dsl.engine.decisions import Decision, Option
from revive_dsl.engine.game import Runner
from revive_dsl.engine.state import Game
from revive_dsl.replay import chance
from revive_dsl.replay.notation import Answer, MoveLine, Reveal, format_move
from revive_dsl.replay.player import Replay
from revive_dsl.replay.script import Script


@dataclass
class Listing:
    """The decision open at a point of a script: who answers it, under which rule, and every legal answer."""

    after: int  # the step after which it is open (0: the start)
    player: str | None  # None: the game is over
    rule: str = ""
    prompt: str = ""
    options: list[Option] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # option key -> the component's name, where it has one

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "after_step": self.after,
            "player": self.player,
            "rule": self.rule,
            "prompt": self.prompt,
            "options": [{"key": o.key, "label": o.label, "name": self.names.get(o.key, "")} for o in self.options],
        }


def _played(script: Script, at: int | None) -> Replay:
    replay = Replay(script)
    replay.run(to=at)
    return replay


def legal_moves_at(script: Script, at: int | None = None) -> Listing:
    """The decision open after step ``at`` (default: the last step) and its legal answers.

    Raises :class:`~revive_dsl.replay.player.ReplayError` when a step before it cannot be played.
    """
    from revive_dsl.replay.render import with_names

    replay = _played(script, at)
    decision = replay.runner.decision()
    if decision is None:
        return Listing(replay.done, None)
    names = {o.key: with_names(o.key, replay.rules) for o in decision.options}
    return Listing(
        replay.done,
        replay.names[decision.player],
        decision.rule,
        decision.prompt,
        list(decision.options),
        {k: v for k, v in names.items() if v != k},
    )


def move_lines(script: Script, at: int | None = None, limit: int = 50) -> list[str]:
    """Complete legal move lines for the player to move after step ``at``, at most ``limit`` of them.

    Every follow-up decision of a move is answered in every legal way, depth first in the engine's order of
    options, so the first lines are the first options; each line carries what it drew (``[pile=item]``).
    """
    replay = _played(script, at)
    start, rules, names = replay.game, replay.rules, replay.names
    first = replay.runner.decision()
    setup = first is not None and first.rule != "turn"
    lines: list[str] = []

    def fresh(path: list[tuple[int, str]]) -> Runner:
        runner = Runner(start, rules)  # a Runner never changes the state it is given (it moves on copies)
        for _seat, key in path:
            runner.answer(key)
        return runner

    def walk(path: list[tuple[int, str]]) -> None:
        if len(lines) >= limit:
            return
        runner = fresh(path)
        if path and _move_done(runner):
            lines.append(_line(names, path, chance.drawn(start, runner.game), setup))
            return
        decision = runner.decision()
        if decision is None:
            return
        for key in decision.legal_keys():
            walk([*path, (decision.player, key)])
            if len(lines) >= limit:
                return

    walk([])
    return lines


def _move_done(runner: Runner) -> bool:
    """A move is whole once no move is under way and the next question is a turn's (or the game is over)."""
    if not runner.between_moves:
        return False
    following: Decision | None = runner.decision()
    return following is None or following.rule == "turn"


def _line(names: list[str], path: list[tuple[int, str]], took: list[tuple[str, str]], setup: bool) -> str:
    reveals = tuple(Reveal(p, i) for p, i in took)
    if setup:  # the variants' setup choices: one line, every answer with its player's name
        return format_move(MoveLine(None, None, tuple(Answer(key, names[seat]) for seat, key in path), reveals))
    (mover, verb), rest = path[0], path[1:]
    answers = tuple(Answer(key, None if seat == mover else names[seat]) for seat, key in rest)
    return format_move(MoveLine(names[mover], verb, answers, reveals))


def game_after(script: Script, at: int | None = None) -> Game:
    """The state after step ``at`` (default: the last step)."""
    return _played(script, at).game
