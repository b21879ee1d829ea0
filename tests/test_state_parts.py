"""A rules package's own state: a namespace of its fields on players, board, supply and turn."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from revive_dsl.content.schema_defs import schema_errors
from revive_dsl.engine.state import PARTS, Game, Player, part, state_part
from revive_dsl.engine.state_schema import state_schema


@pytest.fixture
def lagoon():
    @state_part("lagoon", "player")
    @dataclass
    class LagoonPlayer:
        pearls: int = field(default=0, metadata={"doc": "Pearls in the player's shell.", "schema": {"type": "integer",
                                                 "minimum": 0, "maximum": 9}})  # fmt: skip
        shells: list[str] = field(default_factory=list, metadata={"doc": "Shells found, in order."})

    @state_part("lagoon", "board")
    @dataclass
    class LagoonBoard:
        tide: str = field(default="low", metadata={"doc": "The tide: low or high."})

    yield LagoonPlayer, LagoonBoard
    del PARTS["lagoon"]


def _game() -> Game:
    return Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])


def test_a_part_is_absent_from_the_state_while_unused(lagoon):
    player_part, board_part = lagoon
    game = _game()
    before = game.to_json()
    part(game.players[0], player_part)  # read, all defaults
    part(game.board, board_part)
    assert game.to_json() == before
    assert "lagoon" not in game.to_dict()["players"][0] and "lagoon" not in game.to_dict()["board"]


def test_a_part_in_use_is_its_namespace_in_the_canonical_state_and_round_trips(lagoon):
    player_part, board_part = lagoon
    game = _game()
    part(game.players[0], player_part).pearls = 3
    part(game.players[0], player_part).shells.append("conch")
    part(game.board, board_part).tide = "high"
    data = game.to_dict()
    assert data["players"][0]["lagoon"] == {"pearls": 3, "shells": ["conch"]}
    assert data["board"]["lagoon"] == {"tide": "high"}
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert part(again.players[0], player_part).shells == ["conch"]


def test_a_clone_copies_the_parts(lagoon):
    player_part, _ = lagoon
    game = _game()
    part(game.players[0], player_part).shells.append("conch")
    copy = game.clone()
    part(copy.players[0], player_part).shells.append("cowrie")
    assert part(game.players[0], player_part).shells == ["conch"]


def test_the_state_schema_describes_and_bounds_a_part(lagoon):
    player_part, _ = lagoon
    schema = state_schema()
    assert schema["$defs"]["LagoonPlayer"]["properties"]["pearls"]["description"] == "Pearls in the player's shell."
    game = _game()
    part(game.players[0], player_part).pearls = 12
    [err] = schema_errors(game.to_dict(), schema)
    assert list(err.absolute_path) == ["players", 0, "lagoon", "pearls"] and err.validator == "maximum"


def test_a_part_of_an_unknown_holder_is_refused():
    with pytest.raises(ValueError, match="no state holder 'shelf'; the holders: player, board, supply, turn"):
        state_part("lagoon", "shelf")


def test_the_replay_view_shows_a_part_in_use(lagoon):
    from rich.console import Console

    from revive_dsl.replay.render import render_players

    player_part, _ = lagoon
    game = _game()
    part(game.players[0], player_part).pearls = 3
    part(game.players[0], player_part).shells.append("conch")
    console = Console(width=100, record=True, color_system=None)
    console.print(render_players(game))
    assert "lagoon pearls 3, shells conch" in " ".join(console.export_text().split())
