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


def reorder(draw, op: str, lines: list[str], i: int) -> bool:
    """The line operations both mutators share: delete, duplicate or swap line ``i``; True if ``op`` was one."""
    if not lines or op not in ("delete", "duplicate", "swap"):
        return False
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(draw(st.integers(0, len(lines))), lines[i])
    else:
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    return True


@st.composite
def mutated_script(draw) -> str:
    text = base_script()
    head, _, body = text.partition("steps:\n")
    steps = body.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(("delete", "duplicate", "swap", "token", "reveal", "key", "truncate")))
        i = draw(st.integers(0, len(steps) - 1)) if steps else 0
        if reorder(draw, op, steps, i):
            continue
        if op == "token" and steps:
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


# --- (d) mutations of the whole bundled corpus ---------------------------------------------------------------

CORPUS = Path(__file__).parent.parent / "replays"
HEAD_STEPS = 12  # each script's first steps: enough for every kind of move, quick enough for 100 examples


@cache
def corpus() -> tuple[str, ...]:
    """Every bundled script (games, tutorials, rules tests), cut after its first steps."""
    out = []
    for path in sorted(CORPUS.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        head, sep, body = text.partition("\nsteps:\n")
        starts = [i for i, line in enumerate(body.splitlines(keepends=True)) if line.startswith("- ")]
        lines = body.splitlines(keepends=True)
        cut = starts[HEAD_STEPS] if len(starts) > HEAD_STEPS else len(lines)
        out.append(head + sep + "".join(lines[:cut]))
    return tuple(out)


@st.composite
def mutated_corpus_script(draw) -> str:
    text = draw(st.sampled_from(corpus()))
    head, sep, body = text.partition("\nsteps:\n")
    lines = body.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(("delete", "duplicate", "swap", "token", "head", "cut")))
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        if reorder(draw, op, lines, i):
            continue
        if op == "token" and lines:
            tokens = lines[i].split(" ")
            k = draw(st.integers(0, len(tokens) - 1))
            vocabulary = sorted({t for line in lines for t in line.split(" ")})
            tokens[k] = draw(st.sampled_from(vocabulary) | texts(MOVE_PIECES | YAML_PIECES, 1, 4))
            lines[i] = " ".join(tokens)
        elif op == "head":
            words = sorted(set(head.replace(":", " ").split()))
            old, new = draw(st.sampled_from(words)), draw(st.sampled_from(words) | texts(YAML_PIECES, 0, 4))
            head = head.replace(old, new, 1)
        elif op == "cut":
            whole = head + sep + "".join(lines)
            return whole[: draw(st.integers(0, len(whole)))]
    return head + sep + "".join(lines)


def test_the_corpus_heads_replay_unmutated():
    assert len(corpus()) >= 20
    for text in corpus():
        replay = Replay(load_script_text(text, FILE))
        replay.run()
        assert replay.finished


@REPLAYS
@given(mutated_corpus_script())
def test_mutated_corpus_scripts_replay_or_stop_with_a_positioned_error(text):
    replay_or_positioned_error(text)


# --- (e) start-state values of every JSON type ---------------------------------------------------------------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**15), 10**15)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["cit_courier", "mod_grey_3", "crate_02", "book", "sun", "Ann", "a01"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


@cache
def state_paths() -> tuple[tuple[str, ...], ...]:
    """Every key path of the script view of a two-player start state (players by name)."""
    game = Replay(load_script_text(base_script(), FILE)).game.to_dict()
    game["players"] = {p["name"]: p for p in game["players"]}
    out: list[tuple[str, ...]] = []

    def walk(value, path):
        out.append(path)
        if isinstance(value, dict) and len(path) < 4:
            for key, inner in value.items():
                walk(inner, (*path, str(key)))

    walk(game, ())
    return tuple(p for p in out if p)


def nest(path: tuple[str, ...], value):
    for key in reversed(path):
        value = {key: value}
    return value


@REPLAYS
@given(st.lists(st.tuples(st.sampled_from(state_paths()), JSON), min_size=1, max_size=3))
def test_start_state_values_of_every_json_type_load_or_give_a_positioned_error(overrides):
    import json

    state: dict = {}
    for path, value in overrides:
        node = state
        for key in path[:-1]:
            if not isinstance(node.get(key), dict):
                node[key] = {}
            node = node[key]
        node[path[-1]] = value
    head, _, steps = base_script().partition("steps:\n")
    text = head.replace("  draws: seed\n", f"  draws: seed\n  state: {json.dumps(state)}\n") + "steps:\n" + steps
    replay_or_positioned_error(text)
