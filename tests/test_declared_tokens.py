"""A pack's own kinds of token written as data (content/declared_tokens.py, engine/declared_tokens.py): placing
one with the base game's ``place``, ``drift`` round the chasm, ``move_token``, ``tokens_beside``, range blocked,
the stock kept, the glyph drawn; and every bad declaration's positioned message.

Each test writes a small pack of YAML (no Python) beside the bundled base game and plays it through a script or
the Runner, as an author would.
"""

from __future__ import annotations

import textwrap
from itertools import count
from pathlib import Path

import pytest

from revive_dsl.content.packs import load_packs
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.rules import Rules
from revive_dsl.positions import DslError
from revive_dsl.replay.player import Replay
from revive_dsl.replay.script import load_script_text

EMBERFALL = Path(__file__).parent / "example_expansion" / "emberfall"
_NAMES = count()

# A cinder: two in the supply, on vacant field, forest or mountain spaces, blocking range.
CINDER = (
    "{id: cinder, provenance: representative, glyph: o, holder: supply, count: 2, placed_on: [field, forest, "
    "mountain], blocks_range: true}"
)
CARDS = """
kind: citizen_card
components:
  - {id: carrier, name: Carrier, colour: grey, provenance: representative, top: "place cinder", bottom: "slot"}
  - {id: pusher, name: Pusher, colour: grey, provenance: representative, top: "move_token cinder field", bottom: slot}
"""


def make_pack(tmp_path: Path, kinds: str = CINDER, **files: str) -> str:
    """A pack folder declaring ``kinds`` (token_kind items, one a line) and the given files; its path."""
    name = f"kiln{next(_NAMES)}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "pack.yaml").write_text(f'id: {name}\nname: Kiln\nversion: "1.0"\ndepends: [base]\n')
    items = "".join(f"  - {line.strip()}\n" for line in kinds.strip().splitlines())
    (folder / "tokens.yaml").write_text(f"kind: token_kind\ncomponents:\n{items}")
    for file, text in files.items():
        (folder / f"{file}.yaml").write_text(textwrap.dedent(text))
    return str(folder)


def replay(pack: str, steps: str) -> Replay:
    """Play a script of ``steps`` with Ann and Bob on the base game and ``pack`` (seed 5); Ann has the pack's
    cards in her active area, when it has cards."""
    cards = "carrier, pusher, " if (Path(pack) / "citizen_cards.yaml").exists() else ""
    text = (
        "format: 3\n"
        f"packs: [base, {pack!r}]\n"
        "players:\n  - {name: Ann, tribe: nadair, side: sun}\n  - {name: Bob, tribe: kuniban, side: sun}\n"
        "setup:\n  seed: 5\n  state:\n"
        f"    players:\n      Ann:\n        active: [{cards}start_d_1, start_d_6, start_d_2]\n"
        "steps:\n" + textwrap.indent(textwrap.dedent(steps), "  ")
    )
    game = Replay(load_script_text(text))
    game.results = list(game.steps())  # type: ignore[attr-defined]
    return game


def tokens(game: Replay) -> dict:
    return {space: t["token"] for space, t in game.game.to_dict()["board"].get("tokens", {}).items()}


def left(game: Replay, pack: str) -> int:
    return game.game.to_dict()["supply"][Path(pack).name]["cinder_left"]


# --- placing ---------------------------------------------------------------------------------------------------


def test_a_declared_kind_is_placed_by_the_base_place_word_from_the_supply(tmp_path):
    pack = make_pack(tmp_path, citizen_cards=CARDS)
    game = replay(pack, "- Ann play carrier top_left use 1,-1\n")
    assert tokens(game) == {"1,-1": "cinder"}
    assert left(game, pack) == 1


def test_the_supply_starts_at_the_declared_count_in_the_state(tmp_path):
    pack = make_pack(tmp_path)
    game = replay(pack, "[]\n")
    assert left(game, pack) == 2


def test_a_kind_is_placed_only_on_its_terrains_and_vacant_spaces(tmp_path):
    pack = make_pack(tmp_path, citizen_cards=CARDS)
    game = replay(pack, "[]\n")
    from revive_dsl.engine.declared_tokens import spaces_for
    from revive_dsl.engine.interpret import Ctx

    ctx = Ctx(game.game, 0, game.rules)
    spaces = spaces_for(ctx, "cinder")
    board = game.game.board
    assert spaces and all(geo.terrain(game.rules, board, s) in ("field", "forest", "mountain") for s in spaces)
    assert not set(spaces) & set(board.buildings)


def test_a_kind_held_by_each_player_runs_out_for_that_player(tmp_path):
    kinds = CINDER.replace("holder: supply, count: 2", "holder: player, count: 1")
    cards = CARDS.replace('bottom: "slot"', 'bottom: "place cinder; slot"')
    pack = make_pack(tmp_path, kinds, citizen_cards=cards)
    game = replay(pack, "- Ann play carrier top_left use 1,-1\n")
    state = game.game.to_dict()
    assert state["players"][0][Path(pack).name]["cinder_left"] == 0
    assert state["players"][1][Path(pack).name]["cinder_left"] == 1
    from revive_dsl.engine.interpret import Ctx
    from revive_dsl.rules.base.tribes import why_not_place

    assert why_not_place(Ctx(game.game, 0, game.rules), "cinder") == "Ann has no cinder left"


def test_a_kind_that_pays_range_is_priced_by_the_range_search(tmp_path):
    pack = make_pack(tmp_path, CINDER.replace("blocks_range: true", "pays_range: true"))
    game = replay(pack, "[]\n")
    from revive_dsl.engine.interpret import Ctx
    from revive_dsl.rules.base.tribes import place_options

    options = place_options(Ctx(game.game, 0, game.rules), "cinder")
    assert options.get("1,-1") == {}  # next to the chasm: nothing passed
    assert all(cost.get("food", 0) >= 1 for space, cost in options.items() if space not in geo.ring(game.rules, "1,0"))


# --- drift ------------------------------------------------------------------------------------------------------


def test_the_ring_round_the_chasm_runs_clockwise_as_the_map_is_drawn():
    rules = Rules.load(("base",))
    assert geo.ring(rules, "1,0") == ("1,0", "0,1", "-1,1", "-1,0", "0,-1", "1,-1")
    second = geo.ring(rules, "2,0")
    assert len(second) == 12 and second[:3] == ("2,0", "1,1", "0,2")


def test_drift_moves_every_token_of_the_kind_clockwise_passing_over_spaces_that_may_not_take_it(tmp_path):
    pack = make_pack(
        tmp_path,
        citizen_cards=CARDS,
        rules="""
        kind: game_rule
        components:
          - {id: gust, provenance: representative, effect: "at round end: drift cinder"}
        """,
    )
    steps = """
        - Ann play carrier top_left use 1,-1
        - Ann end
        - Bob play start_c_5 top_left
        - Bob end
    """
    game = replay(pack, steps)
    # 1,0 and 0,1 are sand with seed 5: the cinder passes over them to the field at -1,1
    assert tokens(game) == {"-1,1": "cinder"}
    assert "the cinder on 1,-1 drifts clockwise round the chasm to -1,1" in game.results[-1].log


def test_drift_with_no_other_space_of_the_ring_leaves_the_token_and_says_why(tmp_path):
    from revive_dsl.engine.interpret import Ctx, run_text

    pack = make_pack(tmp_path)
    game = replay(pack, "[]\n")
    board = game.game.board
    board.tokens["1,-1"] = {"player": 0, "token": "cinder"}
    for space in geo.ring(game.rules, "1,-1")[:-1]:  # every other space of its ring holds a temple
        board.tokens[space] = {"player": 1, "token": "temple"}
    ctx = Ctx(game.game, 0, game.rules)
    run_text(ctx, "drift cinder")
    assert board.tokens["1,-1"] == {"player": 0, "token": "cinder"}
    assert "the cinder on 1,-1 stays: no other space of its ring round the chasm may take it" in ctx.log


def test_drift_of_a_line_of_tokens_moves_them_on_together(tmp_path):
    from revive_dsl.engine.interpret import Ctx, run_text

    pack = make_pack(tmp_path, CINDER.replace("placed_on: [field, forest, mountain]", "placed_on: [sand, field]"))
    game = replay(pack, "[]\n")
    rules, board = game.rules, game.game.board
    fit = [s for s in geo.ring(rules, "1,0") if geo.terrain(rules, board, s) in ("sand", "field")]
    assert len(fit) >= 3
    board.tokens[fit[0]] = {"player": 0, "token": "cinder"}
    board.tokens[fit[1]] = {"player": 1, "token": "cinder"}
    run_text(Ctx(game.game, 0, rules), "drift cinder")
    # the first takes the second's place, which the second has left for the next space that may take it
    assert board.tokens[fit[1]] == {"player": 0, "token": "cinder"}
    assert board.tokens[fit[2]] == {"player": 1, "token": "cinder"}
    assert fit[0] not in board.tokens


# --- move_token -------------------------------------------------------------------------------------------------


def test_move_token_moves_one_of_yours_to_an_adjacent_space_of_the_terrain(tmp_path):
    from revive_dsl.engine.declared_tokens import kinds_of, may_lie, spaces_for, token_moves
    from revive_dsl.engine.interpret import Ctx, run_text

    pack = make_pack(tmp_path, citizen_cards=CARDS)
    start = replay(pack, "[]\n")
    rules, board = start.rules, start.game.board
    kind = kinds_of(rules)["cinder"]
    space, beside = next(
        (s, nb)
        for s in spaces_for(Ctx(start.game, 0, rules), "cinder")
        for nb in geo.neighbours(rules, s)
        if may_lie(rules, board, kind, nb)
    )
    shown = geo.terrain(rules, board, beside)
    game = replay(pack, f"- Ann play carrier top_left use {space}\n")
    ctx = Ctx(game.game, 0, game.rules)
    ends = token_moves(ctx, "cinder", shown)
    assert list(ends) == [space] and beside in ends[space]
    assert all(geo.terrain(rules, game.game.board, s) == shown for s in ends[space])
    run_text(ctx, f"move_token cinder {shown}", ["use", beside])
    assert tokens(game) == {beside: "cinder"}
    assert f"Ann moves the cinder from {space} to {beside}" in ctx.log


def test_move_token_with_no_token_to_move_is_not_offered(tmp_path):
    pack = make_pack(tmp_path, citizen_cards=CARDS)
    game = replay(pack, "[]\n")
    from revive_dsl.dsl.parser import parse
    from revive_dsl.engine.interpret import Ctx, need_met, why_not

    call = parse("move_token cinder field").clauses[0].body
    ctx = Ctx(game.game, 0, game.rules)
    assert not need_met(ctx, call)
    assert why_not(ctx, call).endswith(": Ann has no cinder on the board")


def test_move_token_to_a_terrain_the_kind_never_lies_on_is_a_check_error(tmp_path):
    cards = CARDS.replace("move_token cinder field", "move_token cinder water")
    pack = make_pack(tmp_path, citizen_cards=cards)
    with pytest.raises(DslError) as err:
        load_packs(["base", pack])
    text = str(err.value)
    assert "citizen_cards.yaml:5:" in text
    assert "a cinder never lies on water (placed_on: field, forest, mountain), so this moves it nowhere" in text


# --- tokens_beside, range ---------------------------------------------------------------------------------------


def test_tokens_beside_counts_your_buildings_next_to_a_token_each_once(tmp_path):
    from revive_dsl.dsl.parser import parse
    from revive_dsl.engine.interpret import Ctx, count

    pack = make_pack(tmp_path)
    game = replay(pack, "[]\n")
    board = game.game.board
    rules = game.rules
    around = geo.neighbours(rules, "2,0")
    board.buildings["2,0"] = {"player": 0, "size": "small"}
    board.buildings[around[0]] = {"player": 1, "size": "small"}
    board.tokens[around[1]] = {"player": 1, "token": "cinder"}
    board.tokens[around[2]] = {"player": 1, "token": "cinder"}
    call = parse("each tokens_beside cinder: gain food").clauses[0].body.counter
    assert count(call, Ctx(game.game, 0, rules)) == 1  # Ann's building, beside two cinders: once
    assert count(call, Ctx(game.game, 1, rules)) == (
        1 if set(around[1:3]) & set(geo.neighbours(rules, around[0])) else 0
    )


def test_a_scoring_line_scores_per_building_beside_a_token(tmp_path):
    from revive_dsl.rules.base.scoring import final_scores

    pack = make_pack(
        tmp_path,
        scoring_lines="""
        kind: scoring_line
        components:
          - {id: glow, name: glow, provenance: representative, effect: "score 2 per tokens_beside cinder"}
        """,
    )
    game = replay(pack, "[]\n")
    board = game.game.board
    board.buildings["2,0"] = {"player": 0, "size": "small"}
    board.tokens[geo.neighbours(game.rules, "2,0")[0]] = {"player": 1, "token": "cinder"}
    lines = {line.rule: line.points for line in final_scores(game.rules, game.game)[0].lines}
    assert lines["glow"] == 2


def test_a_kind_that_blocks_range_stops_paths_through_its_space_but_may_be_reached(tmp_path):
    from revive_dsl.engine.interpret import Ctx
    from revive_dsl.engine.range import distance

    pack = make_pack(tmp_path)
    game = replay(pack, "[]\n")
    rules = game.rules
    beyond = next(s for s in geo.ring(rules, "2,0") if geo.terrain(rules, game.game.board, s) is not None)
    assert distance(Ctx(game.game, 0, rules), [beyond]) == 1
    for space in geo.ring(rules, "1,0"):
        game.game.board.tokens[space] = {"player": 1, "token": "cinder"}
    ctx = Ctx(game.game, 0, rules)
    assert distance(ctx, ["1,0"]) == 0  # a blocked space is still reached
    assert distance(ctx, [beyond]) is None  # no path passes the ring of cinders


# --- the state kept sound ---------------------------------------------------------------------------------------


def test_invariants_find_a_token_made_or_lost(tmp_path):
    from revive_dsl.engine.invariants import violations

    pack = make_pack(tmp_path)
    game = replay(pack, "[]\n")
    assert violations(game.game, whole=True) == []
    game.game.board.tokens["2,0"] = {"player": 0, "token": "cinder"}  # placed without leaving the supply
    assert "cinders not conserved for the supply: 2 left and 1 on the board, 2 expected" in violations(
        game.game, whole=True
    )


def test_invariants_let_a_kind_lie_only_with_the_kinds_it_shares_with(tmp_path):
    from revive_dsl.engine.invariants import violations

    pack = make_pack(tmp_path, CINDER.replace("blocks_range: true", "shares_with: [workshop]"))
    game = replay(pack, "[]\n")
    board = game.game.board
    board.tokens["2,0"] = {"player": 1, "token": "workshop"}
    board.stacked_tokens["2,0"] = [{"player": 0, "token": "cinder"}]
    assert not any("lies with" in v for v in violations(game.game))
    board.tokens["2,0"] = {"player": 1, "token": "temple"}
    assert "a cinder lies with a temple on 2,0" in violations(game.game)


def test_random_games_placing_and_drifting_tokens_finish_with_every_invariant(tmp_path):
    from revive_dsl.engine.simulate import play_random_game

    kinds = CINDER.replace("count: 2", "count: 5").replace("blocks_range: true", "shares_with: [cinder]")
    pack = make_pack(
        tmp_path,
        kinds,
        rules="""
        kind: game_rule
        components:
          - {id: sparks, provenance: representative, effect: "when build: place cinder"}
          - {id: gust, provenance: representative, effect: "at round end: drift cinder 2"}
        """,
    )
    rules = Rules.load(("base", pack))
    placed = 0
    for seed in range(3):
        record = play_random_game(rules, [("P0", "nadair", "sun"), ("P1", "kuniban", "sun")], seed)
        assert record.finished  # invariants are checked after every move: none made or lost, none where it may not
        placed += 5 - record.final.to_dict()["supply"][Path(pack).name]["cinder_left"]
    assert placed > 0


# --- words and drawing ------------------------------------------------------------------------------------------


def test_a_declared_kind_exists_only_for_packs_that_load_the_declaring_pack(tmp_path):
    pack = make_pack(tmp_path)
    load_packs(["base", pack])  # cinder is a word now, in this process
    other = tmp_path / "other"
    other.mkdir()
    (other / "pack.yaml").write_text('id: other\nname: Other\nversion: "1.0"\ndepends: [base]\n')
    (other / "crates.yaml").write_text(
        "kind: crate\ncomponents:\n  - {id: hot_crate, provenance: representative, effect: 'drift cinder'}\n"
    )
    with pytest.raises(DslError) as err:
        load_packs(["base", str(other)])
    name = Path(pack).name
    assert f"'cinder' is a kind of token the pack '{name}' declares, which is not loaded with this text" in str(
        err.value
    )
    assert "crates.yaml:3:" in str(err.value)


def test_the_machinery_moves_only_declared_kinds(tmp_path):
    pack = make_pack(
        tmp_path,
        crates="""
        kind: crate
        components:
          - {id: odd_crate, provenance: representative, effect: "drift falcon"}
        """,
    )
    with pytest.raises(DslError) as err:
        load_packs(["base", pack])
    assert "'falcon' is not a kind of token a loaded pack declares" in str(err.value)


def test_the_glyph_is_drawn_on_the_terminal_map_and_given_to_the_page(tmp_path):
    from revive_dsl.replay.hexmap import map_rows
    from revive_dsl.replay.hexmap import tokens as map_tokens

    pack = make_pack(tmp_path, citizen_cards=CARDS)
    game = replay(pack, "- Ann play carrier top_left use 1,-1\n")
    assert map_tokens(game.rules)["cinder"] == ("o", "cinder")
    drawn = "\n".join("".join(text for text, _ in row) for row in map_rows(game.game, game.rules))
    assert "oa" in drawn
    assert "cinder" not in map_tokens(Rules.load(("base",)))


def test_the_reference_lists_no_declared_kind_among_the_languages_tokens(tmp_path):
    from revive_dsl.dsl import docgen

    load_packs(["base", make_pack(tmp_path)])
    row = next(line for line in docgen.reference().splitlines() if line.startswith("| `token` |"))
    assert "cinder" not in row and "`temple`" in row


BAD = {
    "a terrain no space shows": (
        CINDER.replace("mountain]", "mountian]"),
        "tokens.yaml:3:",
        "cinder: no space shows 'mountian'; placed_on takes terrains: sand, forest, mountain, field, water, city",
        "did you mean 'mountain'?",
    ),
    "shares_with naming an unknown kind": (
        CINDER.replace("blocks_range: true", "shares_with: [workshp]"),
        "tokens.yaml:3:",
        "cinder: shares_with names 'workshp', which is no kind of token",
        "did you mean 'workshop'?",
    ),
    "a word the language has": (
        CINDER.replace("id: cinder", "id: gain"),
        "tokens.yaml:3:",
        "'gain' is already an effect word of the base game; a declared kind of token needs a word of its own",
        "(e.g. 'kiln",
    ),
    "a tribe token's name": (
        CINDER.replace("id: cinder", "id: temple"),
        "tokens.yaml:3:",
        "'temple' is already a tribe token of the language",
        "needs a word of its own",
    ),
    "two kinds with one glyph": (
        CINDER + "\n" + CINDER.replace("id: cinder", "id: spark"),
        "tokens.yaml:4:",
        "spark: the glyph 'o' is already the cinder's; give each kind of token a sign of its own",
        "",
    ),
    "a glyph of two signs": (
        CINDER.replace("glyph: o", "glyph: oo"),
        "tokens.yaml:3:",
        "glyph",
        "",
    ),
    "an unknown holder": (
        CINDER.replace("holder: supply", "holder: suply"),
        "tokens.yaml:3:",
        "holder",
        "",
    ),
}


@pytest.mark.parametrize("kinds, where, message, hint", BAD.values(), ids=list(BAD))
def test_a_bad_token_declaration_gets_a_positioned_message_saying_what_would_be_right(
    tmp_path, kinds, where, message, hint
):
    pack = make_pack(tmp_path, kinds)
    with pytest.raises(DslError) as err:
        load_packs(["base", pack])
    text = str(err.value)
    assert where in text and message in text and hint in text, text
