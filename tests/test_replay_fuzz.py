"""Property tests: broken move lines and scripts give positioned errors, never a crash.

(a) Random text into ``parse_move`` gives a move (which then round-trips through
    ``format_move``) or a :class:`DslError` whose diagnostics are positioned.
(b) Random text and mutated scripts into ``load_script_text`` give a script or a positioned DslError.
(c) Real scripts mutated step-wise (a step deleted, duplicated, swapped, a token or a YAML key
    changed, the text cut short) either replay to the end or stop with a positioned
    DslError / ReplayError -- never another exception, and a failed step leaves the state as it was.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from revive_dsl.positions import DslError
from revive_dsl.replay import Replay, ReplayError, format_move, load_script_text, parse_move

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
REPLAYS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FILE = "fuzz.yaml"
MOVE_PIECES = st.sampled_from([*' ()[]=#"\\\t\nabnpt_01-,.:', "Ann", "Bob", "setup", "end"]) | st.characters()


def texts(pieces: st.SearchStrategy[str], min_size: int = 0, max_size: int = 40) -> st.SearchStrategy[str]:
    """Text made of pieces (single characters or short words)."""
    return st.lists(pieces, min_size=min_size, max_size=max_size).map("".join)


def positioned(err: DslError) -> None:
    assert err.diagnostics
    for d in err.diagnostics:
        assert d.pos.file == FILE
        assert d.pos.line >= 1
        assert d.message
    assert str(err).startswith(f"{FILE}:")


# --- (a) move lines ------------------------------------------------------------------------------------


@FUZZ
@given(texts(MOVE_PIECES))
def test_random_move_text_gives_a_move_or_a_positioned_error(text):
    try:
        move = parse_move(text, FILE)
    except DslError as err:
        positioned(err)
        for d in err.diagnostics:
            assert d.pos.column >= 1
        return
    written = format_move(move)
    assert parse_move(written) == move
    assert format_move(parse_move(written)) == written


# --- (b) script text -------------------------------------------------------------------------------------

DATA = Path(__file__).parent / "data" / "replay"


@cache
def base_script() -> str:
    """The first 14 steps of a two-player game (one explore with its reveals among them)."""
    lines = (DATA / "two-players.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    head = lines[: lines.index("steps:\n") + 1]
    steps = lines[len(head) :][:14]
    return "".join(head + steps)


YAML_PIECES = st.sampled_from([*":-[]{}'\"#|>&*!?,\n ", "format: 2", "format: 1\n", "steps:", "- ", "  ", "Ann end"])
YAML_PIECES = YAML_PIECES | st.characters()


@FUZZ
@given(texts(YAML_PIECES, max_size=60))
def test_random_script_text_gives_a_script_or_a_positioned_error(text):
    try:
        load_script_text(text, FILE)
    except DslError as err:
        positioned(err)


# --- (c) mutated real scripts ------------------------------------------------------------------------------

PILES = [
    "citizens",
    "modules",
    "crates",
    "machines.grey",
    "machines.green",
    "machines.yellow",
    "a01",
    "a02",
    "a14",
    "x",
]
ITEMS = ["cit_courier", "cit_smith", "mod_grey_3", "crate_02", "mach_grey_6", "area_tile_01", "area_tile_25"]
KEYS = ["format", "players", "name", "tribe", "side", "setup", "seed", "draws", "steps", "move", "title", "packs"]


@st.composite
def mutated_script(draw) -> str:
    text = base_script()
    head, _, body = text.partition("steps:\n")
    steps = body.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(("delete", "duplicate", "swap", "token", "reveal", "key", "truncate")))
        i = draw(st.integers(0, len(steps) - 1)) if steps else 0
        if op == "delete" and steps:
            del steps[i]
        elif op == "duplicate" and steps:
            steps.insert(draw(st.integers(0, len(steps))), steps[i])
        elif op == "swap" and steps:
            j = draw(st.integers(0, len(steps) - 1))
            steps[i], steps[j] = steps[j], steps[i]
        elif op == "token" and steps:
            tokens = steps[i].split(" ")
            k = draw(st.integers(1, len(tokens) - 1))  # keep the YAML "-" of the step
            vocabulary = sorted({t for s in steps for t in s.split(" ")[1:]})
            tokens[k] = draw(st.sampled_from(vocabulary) | texts(MOVE_PIECES, 1, 4))
            steps[i] = " ".join(tokens)
        elif op == "reveal" and steps:
            pile = draw(st.sampled_from(PILES))
            item = draw(st.sampled_from(ITEMS) | texts(MOVE_PIECES, 1, 4))
            steps[i] = (
                f"{steps[i]} [{pile}={item}]" if "[" not in steps[i] else steps[i].replace("[", f"[{pile}={item} ")
            )
        elif op == "key":
            key = draw(st.sampled_from(KEYS))
            head = head.replace(
                f"{key}:", draw(st.sampled_from([f"{key}x:", "note:", "seed:", f"{key}: 1\n{key}:"])), 1
            )
        elif op == "truncate":
            whole = head + "steps:\n" + "\n".join(steps)
            cut = draw(st.integers(0, len(whole)))
            return whole[:cut]
    return head + "steps:\n" + "\n".join(steps) + "\n"


def replay_or_positioned_error(text: str) -> None:
    try:
        replay = Replay(load_script_text(text, FILE))
    except DslError as err:
        assert not isinstance(err, ReplayError)
        positioned(err)
        return
    try:
        replay.run()
    except ReplayError as err:
        positioned(err)
        assert err.step is not None and err.step.index == replay.done + 1
        assert err.last_good is not None
        assert replay.game.to_json() == replay.states[-1].to_json()
        assert f"step {err.step.index} (" in str(err)
        return
    assert replay.finished


def test_the_unmutated_script_replays():
    replay = Replay(load_script_text(base_script(), FILE))
    replay.run()
    assert replay.done == 14


@REPLAYS
@given(mutated_script())
def test_mutated_scripts_replay_or_stop_with_a_positioned_error(text):
    replay_or_positioned_error(text)
