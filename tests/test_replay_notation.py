"""The move notation: parsing, the canonical form, and the round trip on real games.

``format_move(parse_move(x))`` is the canonical text of ``x``, and ``parse_move(format_move(m)) == m``
for every move, whether written by hand (odd keys, other players' answers, reveals, the setup
line, comments) or cut from a random game by ``script_from_answers``.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from revive_dsl.engine.rules import Rules
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.positions import DslError, Origin
from revive_dsl.replay import format_move, parse_move, script_from_answers
from revive_dsl.replay.notation import Answer, MoveLine, Reveal, quote

# (as written, canonical form)
EXAMPLES = [
    ("Ann end", "Ann end"),
    ("Ann   play  start_b_6\ttop_left no", "Ann play start_b_6 top_left no"),
    ("Ann build -1,0 small", "Ann build -1,0 small"),
    ("Bob play start_a_4 bottom_left module mod_grey_yellow_2 top_right.0", None),
    ("P1 hibernate 1 food mach_yellow_4 mod_grey_yellow_7 cit_warden done", None),
    ("Bob explore a14 cit_harvester 1 (Ann green) [citizens=cit_cartographer a14=area_tile_14]", None),
    (
        "Bob explore a14 cit_harvester 1 ( Ann  green )[ citizens = cit_cartographer ]",
        "Bob explore a14 cit_harvester 1 (Ann green) [citizens=cit_cartographer]",
    ),
    ("Bob explore a01 deck 1 (Ann major_amber_2p) [citizens=cit_scholar a01=area_tile_06]", None),
    ("Ann hibernate 1 gear # the first hibernation", "Ann hibernate 1 gear"),
    ("Ann end#comment", "Ann end"),
    ("  Ann end  ", "Ann end"),
    ("Bob hibernate 3 [crates=crate_25]", None),
    ("Ann machine x [machines.grey=mach_grey_6 machines.green=mach_green_1 machines.yellow=mach_yellow_3]", None),
    ("setup (Ann start_d_1 start_c_6) (Bob start_a_4 start_c_4) (Ann artcard_04) (Bob artcard_10)", None),
    ("setup (Ann artcard_04)", None),
    ("setup", None),
    ("setup [citizens=cit_a]", None),
    ('Ann trade "two words"', None),
    ('Ann trade "a(b)"', None),
    ('Ann trade "x=y" "[z]" "#not-a-comment"', None),
    ('Ann trade "say \\"hi\\""', None),
    ('Ann trade "back\\\\slash"', "Ann trade back\\slash"),  # a backslash alone needs no quotes
    ('Ann trade ""', None),
    ('Ann trade "plain"', "Ann trade plain"),
    ('Ann trade "a\\b"', "Ann trade ab"),  # a backslash escapes any character inside quotes
    ("Ann trade a\\b", None),  # outside quotes a backslash is an ordinary character
    ("Ann trade Ünïcödé ∞", None),
    ('Ann trade [a02="area tile"]', None),
    ("Ann x (Bob a) (Bob b)", "Ann x (Bob a b)"),
    ("Ann x (Bob a b) c (Bob d)", None),
    ("Ann x (Bob a) (Cid b) (Bob c)", None),
    ("Ann x (Ann a)", None),
    ("Ann-2 x_y-z", None),
]


@pytest.mark.parametrize(("text", "canonical"), EXAMPLES)
def test_hand_examples_round_trip(text, canonical):
    move = parse_move(text)
    written = format_move(move)
    assert written == (canonical or text)
    assert parse_move(written) == move
    assert format_move(parse_move(written)) == written


def test_parts_of_a_move():
    m = parse_move("Bob explore a14 cit_harvester 1 (Ann green) [citizens=cit_cartographer a14=area_tile_14]")
    assert (m.player, m.verb, m.is_setup) == ("Bob", "explore", False)
    assert [(a.key, a.player) for a in m.answers] == [
        ("a14", None),
        ("cit_harvester", None),
        ("1", None),
        ("green", "Ann"),
    ]
    assert [(r.pile, r.item) for r in m.reveals] == [("citizens", "cit_cartographer"), ("a14", "area_tile_14")]


def test_positions_of_the_parts():
    m = parse_move("Bob explore a14 (Ann green) [a14=area_tile_14]", Origin("g.yaml", 7, 5))
    assert str(m.pos) == "g.yaml:7:5"
    assert str(m.verb_pos) == "g.yaml:7:9"
    assert [str(a.pos) for a in m.answers] == ["g.yaml:7:17", "g.yaml:7:26"]
    assert str(m.reveals[0].pos) == "g.yaml:7:34"


def test_setup_line_groups_answers_by_player():
    m = parse_move("setup (Ann start_d_1 start_c_6) (Bob artcard_10)")
    assert (m.player, m.verb, m.is_setup) == (None, None, True)
    assert [(a.key, a.player) for a in m.answers] == [("start_d_1", "Ann"), ("start_c_6", "Ann"), ("artcard_10", "Bob")]


def test_quoted_keys_unquote():
    m = parse_move('Ann trade "two words" "say \\"hi\\"" "back\\\\slash" "" [a02="area tile"]')
    assert [a.key for a in m.answers] == ["two words", 'say "hi"', "back\\slash", ""]
    assert m.reveals[0].item == "area tile"


@pytest.mark.parametrize(
    "key",
    ["two words", "a(b)", "[x]", "a=b", "#x", 'q"q', "back\\slash", "", " ", "tab\there", "-1,0", "Ünï", "setup"],
)
def test_any_one_line_key_survives_quote_and_parse(key):
    move = MoveLine("Ann", "trade", (Answer(key), Answer(key, "Bob")), (Reveal(key or "p", key),))
    text = format_move(move)
    assert parse_move(text) == move
    assert quote(key) == key or quote(key).startswith('"')


def test_odd_keys_are_quoted_and_plain_keys_are_not():
    assert [quote(k) for k in ("top_left", "-1,0", "bottom_right.1", "machine:mach_yellow_4")] == [
        "top_left",
        "-1,0",
        "bottom_right.1",
        "machine:mach_yellow_4",
    ]
    assert [quote(k) for k in ("a b", "a(b", "a)b", "a[b", "a]b", "a=b", "a#b", 'a"b', "")] == [
        '"a b"',
        '"a(b"',
        '"a)b"',
        '"a[b"',
        '"a]b"',
        '"a=b"',
        '"a#b"',
        '"a\\"b"',
        '""',
    ]


def test_a_comment_is_not_part_of_the_move():
    assert parse_move("Ann end # (Bob x) [a=b]") == parse_move("Ann end")


def test_reveals_come_last():
    with pytest.raises(DslError) as err:
        parse_move("Ann explore [a02=area_07] a02", "m.yaml")
    [d] = err.value.diagnostics
    assert (str(d.pos), d.message) == ("m.yaml:1:27", "syntax error: unexpected 'a02'; expected the end of the line")


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("", "m.yaml:1:1", "syntax error: the line ends too early; expected 'setup' or a player's name"),
        ("Ann", "m.yaml:1:4", "syntax error: the line ends too early; expected an answer"),
        (
            "Ann play ]",
            "m.yaml:1:10",
            "syntax error: unexpected ']'; expected '(', '[', an answer or the end of the line",
        ),
        ("Ann play (Bob)", "m.yaml:1:14", "syntax error: unexpected ')'; expected an answer"),
        ("Ann play (Bob x", "m.yaml:1:16", "syntax error: the line ends too early; expected ')' or an answer"),
        ("Ann play [a02]", "m.yaml:1:14", "syntax error: unexpected ']'; expected '='"),
        ("Ann play []", "m.yaml:1:11", "syntax error: unexpected ']'; expected an answer"),
        ('Ann play "open', "m.yaml:1:10", "syntax error: unexpected character '\"'; expected '(', '[' or an answer"),
        ("(Ann x)", "m.yaml:1:1", "syntax error: unexpected '('; expected 'setup' or a player's name"),
        ("setup Ann x", "m.yaml:1:7", "syntax error: unexpected 'Ann'; expected '(', '[' or the end of the line"),
        ("Ann end\nBob end", "m.yaml:1:8", "a step holds one move on one line"),
    ],
)
def test_malformed_lines_give_positioned_messages(text, where, message):
    with pytest.raises(DslError) as err:
        parse_move(text, "m.yaml")
    [d] = err.value.diagnostics
    assert (str(d.pos), d.message) == (where, message)


# --- every move of a few random games ---------------------------------------------------------------

GAMES = [
    ([("Ann", "vukuntur", "moon")], 3, ()),
    ([("Ann", "nadair", "sun"), ("Bob", "ox49", "moon")], 43, ()),  # 43: another player answers (a space reward)
    ([("Ann", "nadair", "sun"), ("Bob", "ox49", "moon")], 5, ("starting_draft", "artifact_choice")),
    ([("Ann", "kuniban", "sun"), ("Bob", "formica", "moon"), ("Cid", "hofstadterians", "sun")], 2, ()),
]


QUOTED = re.compile(r'("(?:[^"\\\\]|\\\\.)*")')


def spread(part: str) -> str:
    """Extra blanks around the parts of a move, outside quoted keys."""
    if part.startswith('"'):
        return part
    return part.replace(" ", "  ").replace("(", "( ").replace("]", " ]").replace("=", " = ")


@cache
def random_game_steps(index: int) -> list[str]:
    players, seed, variants = GAMES[index]
    rules = Rules.load(("base",))
    record = play_random_game(rules, players, seed, variants, check=False)
    return script_from_answers(rules, record.players, record.seed, record.variants, record.answers)["steps"]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_every_move_of_a_random_game_round_trips(index):
    steps = random_game_steps(index)
    assert len(steps) > 20
    for text in steps:
        move = parse_move(text)
        assert format_move(move) == text  # script_from_answers writes the canonical form
        assert parse_move(format_move(move)) == move
        spaced = " ".join(spread(part) for part in QUOTED.split(text)) + "  # spaced out"
        assert parse_move(spaced) == move


def test_random_games_cover_every_part_of_the_notation():
    moves = [parse_move(t) for i in range(len(GAMES)) for t in random_game_steps(i)]
    assert any(m.is_setup for m in moves)
    assert any(a.player for m in moves if not m.is_setup for a in m.answers)  # another player's answer
    piles = {r.pile for m in moves for r in m.reveals}
    assert {"citizens", "modules", "crates"} <= piles
    assert any(p.startswith("machines.") for p in piles)
    assert any(p.startswith("a") and p[1:].isdigit() for p in piles)  # a tile slot
    assert any(quote(a.key) != a.key for m in moves for a in m.answers)  # a key written in quotes
