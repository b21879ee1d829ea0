"""The machinery that runs a pack's two-sided tiles (kind ``two_sided_tile``, content/declared_sides.py).

- **in the state**: each tile is a field of the pack's part of every player, the side up (``Ann.abyss.circadian =
  "day"``), empty for a player without the tile (:func:`revive_dsl.engine.declared.declare` makes the field);
- **setup**: a player whose tribe side gives the tile's token (``given_by``) takes the tile instead of the token,
  ``start`` side up; a tile that names no token lies in front of every player (:func:`give_tiles`);
- ``flip TILE``: the other side up, told in the account; without the tile nothing happens (and the word's need
  is unmet, so an ability of only ``flip`` is not offered);
- **sides as states**: each side is a state word, holding while that side of the player's tile is up (so the
  base game's ``while STATE:`` clauses read it, rules/base/lasting.py). A text carried out for its owner's sake
  (the leech tribe's borrowed technology, :data:`~revive_dsl.engine.interpret.COUNTED_FOR`) reads its owner's
  tile when the player has none.

>>> from revive_dsl.content.packs import Content, load_doc
>>> from revive_dsl.content.yamlsrc import load_yaml
>>> from revive_dsl.engine.declared import declare
>>> from revive_dsl.engine.interpret import run_text
>>> from revive_dsl.engine.state import Game, Player
>>> content = Content()
>>> text = "kind: two_sided_tile\\ncomponents:\\n"
>>> text += "- {id: moon_dial, provenance: representative, sides: [waxing, waning]}\\n"
>>> load_doc(load_yaml(text, "tiles.yaml"), "luna", content, [])
>>> declare(content)
>>> rules = Rules(content, ("luna",))
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> give_tiles(rules, game, {})
>>> ctx = Ctx(game, 0, rules)
>>> run_text(ctx, "flip moon_dial"); game.to_dict()["players"][0]["luna"], ctx.log, STATES["waning"](ctx)
({'moon_dial': 'waning'}, ['Ann flips the moon dial tile to waning'], True)
"""

from __future__ import annotations

from typing import Any

from revive_dsl.content.declared_sides import TwoSided, two_sided_tiles
from revive_dsl.dsl import nodes as n
from revive_dsl.engine.interpret import ARG_NEEDS, COUNTED_FOR, STATES, Ctx, Effect, args, effect
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import FINISHING_STEPS
from revive_dsl.engine.state import PARTS, Player
from revive_dsl.engine.triggers import rules_of


def tiles_of(rules: Rules) -> dict[str, TwoSided]:
    """The two-sided tiles the game's packs declare, by word (kept with the rules)."""
    return rules.kept(("declared two-sided tiles",), lambda: two_sided_tiles(rules.content))


def side_up(player: Player, tile: TwoSided) -> str:
    """The side of a player's tile that is up; empty when the player has no such tile."""
    part = player.parts.get(tile.pack)
    return "" if part is None else getattr(part, tile.name, "")


def _put(player: Player, tile: TwoSided, side: str) -> None:
    part = player.parts.get(tile.pack)
    if part is None:
        part = player.parts[tile.pack] = PARTS[tile.pack]["player"]()
    setattr(part, tile.name, side)


def give_tiles(rules: Rules, game: Any, drawn: dict[str, Any]) -> None:
    """Setup, once the rules packages have laid the game out: each declared tile in front of the players whose
    tribe side gives its token (the token is the tile, so it leaves ``tokens_left``), or of every player."""
    for tile in tiles_of(rules).values():
        for player in game.players:
            if tile.given_by is None or player.tokens_left.pop(tile.given_by, 0):
                _put(player, tile, tile.start)


FINISHING_STEPS.add(give_tiles)


@effect("flip")
def _flip(ctx: Ctx, call: n.Call) -> Effect:
    """``flip TILE``: the other side of your tile up."""
    tile = tiles_of(rules_of(ctx))[args(call)[1][0]]
    side = side_up(ctx.player, tile)
    if side:
        _put(ctx.player, tile, tile.other(side))
        ctx.log.append(f"{ctx.player.name} flips the {tile.english} to {tile.other(side)}")
    return
    yield


ARG_NEEDS.setdefault("flip", lambda ctx, call: bool(side_up(ctx.player, tiles_of(rules_of(ctx))[args(call)[1][0]])))


def tile_holder(ctx: Ctx, tile: TwoSided) -> Player | None:
    """The player whose tile a side word reads: the Ctx's player, or, without the tile, the player a borrowed text
    is counted for (:data:`~revive_dsl.engine.interpret.COUNTED_FOR`); None when neither has it."""
    if side_up(ctx.player, tile):
        return ctx.player
    for hook in COUNTED_FOR.of(ctx):
        seat = hook(ctx)
        if seat is not None and side_up(ctx.game.players[seat], tile):
            return ctx.game.players[seat]
    return None


def _shows(side: str):
    def holds(ctx: Ctx) -> bool:
        tile = next((t for t in tiles_of(rules_of(ctx)).values() if side in t.sides), None)
        holder = None if tile is None else tile_holder(ctx, tile)
        return holder is not None and side_up(holder, tile) == side

    holds.__doc__ = f"While the {side} side of the player's two-sided tile is up."
    return holds


def declare_states(content: Any) -> None:
    """Make each side the loaded packs declare a state word's test (idempotent)."""
    for tile in two_sided_tiles(content).values():
        for side in tile.sides:
            STATES.setdefault(side, _shows(side))
