"""A pack's own two-sided tiles written as data (content/declared_sides.py, engine/declared_sides.py): the tile in
front of its players from the setup, ``flip``, its sides as state words for ``if`` and ``while``, the range a
``while SIDE`` clause gives, the tribe token that gives it (Call of the Abyss's circadian tile), and every bad
declaration's positioned message.

Each test writes a small pack of YAML (no Python) beside the bundled base game and plays it, as an author would.
"""

from __future__ import annotations

import textwrap
from itertools import count
from pathlib import Path

import pytest

from revive_dsl.content.packs import load_packs
from revive_dsl.dsl.parser import parse
from revive_dsl.engine.interpret import Ctx, can_carry_out
from revive_dsl.engine.range import range_bonus
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.positions import DslError
from revive_dsl.replay.player import Replay
from revive_dsl.replay.script import load_script_text

_NAMES = count()
DIAL = "{id: moon_dial, provenance: representative, sides: [waxing, waning], english: moon dial}"
CARDS = """
kind: citizen_card
components:
  - {id: turner, name: Turner, colour: grey, provenance: representative, top: "flip moon_dial", bottom: "slot"}
  - {id: reader, name: Reader, colour: grey, provenance: representative, top: "if waning: gain 2 food", bottom: slot}
"""


def make_pack(tmp_path: Path, tiles: str = DIAL, **files: str) -> str:
    """A pack folder declaring ``tiles`` (two_sided_tile items, one a line) and the given files; its path."""
    name = f"luna{next(_NAMES)}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "pack.yaml").write_text(f'id: {name}\nname: Luna\nversion: "1.0"\ndepends: [base]\n')
    items = "".join(f"  - {line.strip()}\n" for line in tiles.strip().splitlines())
    (folder / "tiles.yaml").write_text(f"kind: two_sided_tile\ncomponents:\n{items}")
    for file, text in files.items():
        (folder / f"{file}.yaml").write_text(textwrap.dedent(text))
    return str(folder)


def replay(pack: str, steps: str, active: str = "turner, reader, start_d_1, start_d_6, start_d_2") -> Replay:
    """Ann and Bob on the base game and ``pack`` (seed 5); Ann holds ``active``."""
    text = (
        "format: 3\n"
        f"packs: [base, {pack!r}]\n"
        "players:\n  - {name: Ann, tribe: nadair, side: sun}\n  - {name: Bob, tribe: kuniban, side: sun}\n"
        f"setup:\n  seed: 5\n  state:\n    players:\n      Ann:\n        active: [{active}]\n"
        "steps:\n" + textwrap.indent(textwrap.dedent(steps), "  ")
    )
    game = Replay(load_script_text(text))
    game.results = list(game.steps())  # type: ignore[attr-defined]
    return game


def dial(game: Replay, who: str, pack: str) -> str:
    player = next(p for p in game.game.to_dict()["players"] if p["name"] == who)
    return player.get(Path(pack).name, {}).get("moon_dial", "")


def log(game: Replay) -> list[str]:
    return [line for result in game.results for line in result.log]


def test_a_two_sided_tile_with_no_token_lies_before_every_player_its_start_side_up(tmp_path):
    tile = "{id: moon_dial, provenance: representative, sides: [waxing, waning], start: waning, english: moon dial}"
    pack = make_pack(tmp_path, tile, citizen_cards=CARDS)
    game = replay(pack, "[]")
    assert (dial(game, "Ann", pack), dial(game, "Bob", pack)) == ("waning", "waning")


def test_flip_shows_the_other_side_and_the_account_says_so(tmp_path):
    pack = make_pack(tmp_path, citizen_cards=CARDS)
    game = replay(pack, "- Ann play turner top_left\n")
    assert (dial(game, "Ann", pack), dial(game, "Bob", pack)) == ("waning", "waxing")
    assert "Ann flips the moon dial to waning" in log(game)


def test_a_side_is_a_state_word_that_if_reads(tmp_path):
    pack = make_pack(tmp_path, citizen_cards=CARDS)
    waxing = replay(pack, "- Ann play reader top_left\n")
    assert waxing.game.players[0].resources["food"] == 0
    steps = "- Ann play turner top_left\n- Ann end\n- Bob hibernate 1 gear\n- Bob end\n- Ann play reader top_right\n"
    waning = replay(pack, steps)
    assert waning.game.players[0].resources["food"] == 2


def test_while_a_side_is_up_its_range_counts_for_every_action(tmp_path):
    tides = "{id: tides, provenance: representative, effect: 'while waning: range 2'}"
    pack = make_pack(tmp_path, rules=f"kind: game_rule\ncomponents:\n  - {tides}\n")
    rules = Rules(load_packs(["base", pack]), ("base", Path(pack).name)).register()
    game = new_game(rules, [("Ann", "nadair", "sun")], seed=1)
    ctx = Ctx(game, 0, rules)
    assert range_bonus(ctx) == 0
    game.players[0].parts[Path(pack).name].moon_dial = "waning"
    assert range_bonus(Ctx(game, 0, rules)) == 2


def test_a_tile_given_by_a_tribe_token_lies_only_before_that_tribes_players():
    rules = Rules.load(("base", "abyss"))
    game = new_game(rules, [("Ost", "abyss_tribe_circadian", "single"), ("Nad", "nadair", "sun")], seed=3)
    state = game.to_dict()["players"]
    assert state[0]["abyss"]["circadian"] == "day" and "circadian_tile" not in state[0]["tokens_left"]
    assert "circadian" not in state[1].get("abyss", {})


def test_flip_without_the_tile_does_nothing_and_is_not_offered():
    rules = Rules.load(("base", "abyss"))
    game = new_game(rules, [("Ost", "abyss_tribe_circadian", "single"), ("Nad", "nadair", "sun")], seed=3)
    flip = parse("flip circadian").clauses[0].body
    assert can_carry_out(Ctx(game, 0, rules), flip) and not can_carry_out(Ctx(game, 1, rules), flip)


def test_a_side_word_exists_only_for_packs_that_load_the_declaring_pack(tmp_path):
    pack = make_pack(tmp_path)
    load_packs(["base", pack])  # waning is a word now, in this process
    other = tmp_path / "other"
    other.mkdir()
    (other / "pack.yaml").write_text('id: other\nname: Other\nversion: "1.0"\ndepends: [base]\n')
    (other / "crates.yaml").write_text(
        "kind: crate\ncomponents:\n  - {id: dark_crate, provenance: representative, effect: 'if waning: gain food'}\n"
    )
    with pytest.raises(DslError) as err:
        load_packs(["base", str(other)])
    assert "waning" in str(err.value) and "crates.yaml:3:" in str(err.value)


BAD = {
    "sides alike": (
        "{id: dial, provenance: representative, sides: [up, up]}",
        "tiles.yaml:3:",
        "both sides are 'up'; name two sides",
    ),
    "start no side": (
        "{id: dial, provenance: representative, sides: [up, down], start: left}",
        "tiles.yaml:3:",
        "start 'left' is neither of its sides; give 'up' or 'down'",
    ),
    "side a word of the language": (
        "{id: dial, provenance: representative, sides: [slotted, loose]}",
        "tiles.yaml:3:",
        "the side 'slotted' is already a state word of the language; name the side with a word of its own",
    ),
    "side of another tile": (
        "{id: dial, provenance: representative, sides: [up, down]}\n{id: disc, provenance: representative, sides: "
        "[down, over]}",
        "tiles.yaml:4:",
        "the side 'down' is already a side of 'dial'",
    ),
    "token no tribe gives": (
        "{id: dial, provenance: representative, sides: [up, down], given_by: dial_tokn}",
        "tiles.yaml:3:",
        "no tribe side has the token 'dial_tokn'",
    ),
    "name of the language": (
        "{id: gain, provenance: representative, sides: [up, down]}",
        "tiles.yaml:3:",
        "'gain' is already an effect word of the base game; a declared two-sided tile needs a word of its own",
    ),
    "three sides": (
        "{id: dial, provenance: representative, sides: [up, down, over]}",
        "tiles.yaml:3:",
        "sides",
    ),
}


@pytest.mark.parametrize("tiles, where, message", BAD.values(), ids=list(BAD))
def test_a_bad_two_sided_tile_gets_a_positioned_message_saying_what_would_be_right(tmp_path, tiles, where, message):
    pack = make_pack(tmp_path, tiles)
    with pytest.raises(DslError) as err:
        load_packs(["base", pack])
    text = str(err.value)
    assert where in text and message in text, text
