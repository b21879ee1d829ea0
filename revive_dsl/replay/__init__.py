"""Recorded game scripts: load one, play it step by step, write games as scripts.

The path reads like the game: script text -> :func:`load_script` (checked, positioned)
-> :class:`Replay` (each step's move answered through the engine's decisions) -> states.
Rendering (``render``), snapshots (``snapshot``) and ``revive verify`` (``verify``) sit on top of these calls, and
the faces on top of those: the terminal (:mod:`revive_dsl.terminal`: the viewer, ``revive play``, the tutorials),
the web page, the language server.

>>> from revive_dsl.replay import Replay, load_script_text
>>> script = load_script_text('''
... format: 1
... players: [{name: Ann, tribe: nadair, side: sun}]
... setup: {seed: 3}
... steps: [Ann switch food]
... ''', "demo.yaml")
>>> Replay(script).run().players[0].resources["food"]
1
"""

from revive_dsl.replay.moves import legal_moves_at, move_lines
from revive_dsl.replay.notation import MoveLine, format_move, parse_move
from revive_dsl.replay.player import Replay, ReplayError, StepResult, lookup, view
from revive_dsl.replay.record import dump_script, script_from_answers
from revive_dsl.replay.script import Script, Step, load_script, load_script_text, start_game

__all__ = [
    "MoveLine",
    "Replay",
    "ReplayError",
    "Script",
    "Step",
    "StepResult",
    "dump_script",
    "format_move",
    "legal_moves_at",
    "load_script",
    "load_script_text",
    "lookup",
    "move_lines",
    "parse_move",
    "script_from_answers",
    "start_game",
    "view",
]
