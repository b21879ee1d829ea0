"""The one hook the board actions use to move a machine track marker.

Building next to terrain, and new terrain explored next to a building, advance the
matching machine track (rulebook, "Build"). The board code calls :func:`advance` only; what
an advance does beyond moving the marker (reward spaces, progress markers, resources past
the end) is the machine-track module's business, so this delegates to it.

>>> from revive_dsl.engine.interpret import Ctx, run_to_end
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> run_to_end(advance(Ctx(game, 0, Rules.load(("base",))), "green", 1), [])
>>> game.players[0].tracks["green"]
2
"""

from __future__ import annotations

from revive_dsl.engine.interpret import Ctx, Effect


def advance(ctx: Ctx, colour: str, steps: int) -> Effect:
    """Advance the player's ``colour`` machine track marker ``steps`` spaces."""
    from revive_dsl.rules.base.tracks import advance as advance_track  # the tracks module owns the details

    yield from advance_track(ctx, colour, steps)
