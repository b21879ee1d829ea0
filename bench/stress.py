"""Stress run: mutated inputs of every kind for a given time; a table of what came out.

    python bench/stress.py [--seconds 600] [--seed 1]

Each category takes real inputs (the bundled effect texts, scripts and content files), mutates them at
random (characters dropped, doubled or replaced, tokens swapped, numbers blown up, nesting deepened) and
feeds them to the project's own entry points. Each outcome is one of:

- ok: accepted;
- positioned: refused with the project's own error (a DslError with a position);
- traceback: any other exception escaped;
- hang: one input took longer than the per-input limit;
- data lost: a step that failed left the replay's state different from before it, or ``revive fmt``
  rewrote a file into one whose data differs;
- leaked: a hostile pack made a command print a file it must not read (a secret behind a link out of the
  pack) or write a control character of its free text to the terminal.

Categories: effect texts (parse and check), scripts (load and replay), start states (a script's
``setup.state`` with values of every JSON type at real state paths), packs (a mutated content file
in a pack folder: load it, then format it and compare the data) and hostile packs (a pack folder, and a
script that plays it, built with one to three hazards: its manifest or a component file linked to a secret
out of the pack, a FIFO or a link to /dev/zero named ``*.yaml``, YAML aliases repeating up to 100 MB,
escape sequences in names, titles and notes, core tags on values they cannot take, a start state of
thousands of wrong values; run through ``revive check --replay``, ``revive explain`` and ``revive replay``
in-process with the content cache on).

Exit 1 if any traceback, hang, changed state or leak was seen. The figures go in the README's reliability section.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revive_dsl.cli import main as revive  # noqa: E402
from revive_dsl.content.packs import load_packs  # noqa: E402
from revive_dsl.content.yamlsrc import load_yaml  # noqa: E402
from revive_dsl.dsl.checker import check  # noqa: E402
from revive_dsl.dsl.formatter import format_program  # noqa: E402
from revive_dsl.dsl.parser import parse  # noqa: E402
from revive_dsl.engine.registry import load_all  # noqa: E402
from revive_dsl.fmt import format_text  # noqa: E402
from revive_dsl.positions import DslError  # noqa: E402
from revive_dsl.replay import Replay, ReplayError, load_script_text  # noqa: E402

PER_INPUT = 10  # seconds before an input counts as a hang
BAD = ("traceback", "hang", "changed", "leaked")


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang


def mutate(text: str, rng: random.Random) -> str:
    """One random edit of a text: a character dropped, doubled or replaced, a slice repeated, a number blown up."""
    if not text:
        return text
    i = rng.randrange(len(text))
    kind = rng.randrange(6)
    if kind == 0:
        return text[:i] + text[i + 1 :]
    if kind == 1:
        return text[:i] + text[i] + text[i:]
    if kind == 2:
        return text[:i] + rng.choice("()[]{}:,;-> \n#\"'0123456789abz_") + text[i + 1 :]
    if kind == 3:
        j = min(len(text), i + rng.randrange(1, 40))
        return text[:j] + text[i:j] * rng.randrange(1, 30) + text[j:]
    if kind == 4:
        return text[:i] + str(rng.choice([0, -1, 7, 10**6, 10**12, 2**63])) + text[i:]
    return text[:i] + "(" * rng.randrange(1, 200) + text[i:]


def effect_case(texts: list[str], rng: random.Random) -> str:
    text = texts[rng.randrange(len(texts))]
    for _ in range(rng.randrange(1, 4)):
        text = mutate(text, rng)
    try:
        check(parse(text, "stress"))
    except DslError:
        return "positioned"
    return "ok"


def script_case(scripts: list[str], rng: random.Random) -> str:
    text = scripts[rng.randrange(len(scripts))]
    for _ in range(rng.randrange(1, 3)):
        text = mutate(text, rng)
    return replay_case(text)


def replay_case(text: str) -> str:
    try:
        replay = Replay(load_script_text(text, "stress.yaml"))
    except DslError:
        return "positioned"
    try:
        replay.run()
    except ReplayError as err:
        last = replay.states[-1].to_json()
        if replay.game.to_json() != last or (err.last_good is not None and err.last_good.to_json() != last):
            return "changed"
        return "positioned"
    except DslError:
        return "positioned"
    return "ok"


JSON_VALUES = [
    None,
    True,
    False,
    0,
    -1,
    3,
    49,
    10**12,
    2.5,
    "",
    "x",
    "cit_courier",
    "book",
    [],
    [1],
    [[]],
    {},
    {"a": 1},
]


def _paths(value, path=()):
    yield path
    if isinstance(value, dict) and len(path) < 4:
        for key, inner in value.items():
            yield from _paths(inner, (*path, str(key)))


def start_state_case(script: str, paths: list[tuple[str, ...]], rng: random.Random) -> str:
    """The head of a real script with one to three state paths set to values of every JSON kind."""
    state: dict = {}
    for _ in range(rng.randrange(1, 4)):
        path = rng.choice(paths)
        node = state
        for key in path[:-1]:
            node = node.setdefault(key, {}) if isinstance(node.get(key, {}), dict) else node
        value = copy.deepcopy(rng.choice(JSON_VALUES))  # never the table's own list or mapping
        node[path[-1]] = [value, copy.deepcopy(rng.choice(JSON_VALUES))] if rng.random() < 0.2 else value
    head, _, steps = script.partition("\nsteps:\n")
    head = head.replace("\nsetup:\n", f"\nsetup:\n  state: {json.dumps(state)}\n", 1)
    return replay_case(head + "\nsteps:\n" + steps)


def pack_case(files: list[str], folder: Path, rng: random.Random) -> str:
    """A mutated content file in a pack of its own: load it; if it loads, format it and compare the data."""
    text = files[rng.randrange(len(files))]
    for _ in range(rng.randrange(1, 3)):
        text = mutate(text, rng)
    (folder / "c.yaml").write_text(text, encoding="utf-8")
    try:
        load_packs([str(folder)])
    except DslError:
        return "positioned"
    result = format_text(text, "c.yaml")
    if result.new_text is not None and not same_meaning(
        load_yaml(text, "c.yaml").data, load_yaml(result.new_text, "c.yaml").data
    ):
        return "changed"
    return "ok"


def same_meaning(before, after) -> bool:
    """Whether a rewrite kept the data: equal, except effect texts, which must parse to the same tree."""
    if isinstance(before, dict) and isinstance(after, dict):
        return before.keys() == after.keys() and all(same_meaning(before[k], after[k]) for k in before)
    if isinstance(before, list) and isinstance(after, list):
        return len(before) == len(after) and all(same_meaning(a, b) for a, b in zip(before, after, strict=True))
    if isinstance(before, str) and isinstance(after, str) and before != after:
        try:
            return parse(before, "before") == parse(after, "after")
        except DslError:
            return False
    return before == after


def _head(script: str, steps: int) -> str:
    """A script cut after its first ``steps`` steps."""
    head, sep, body = script.partition("\nsteps:\n")
    lines = body.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("- ")]
    return head + sep + "".join(lines[: starts[steps] if len(starts) > steps else len(lines)])


def _canonical(script: str) -> dict:
    """The script view of a script's start state: the canonical state with players by name."""
    state = Replay(load_script_text(script, "stress.yaml")).game.to_dict()
    state["players"] = {p["name"]: p for p in state["players"]}
    return state


SECRET = "stress-secret-7f3a9c-do-not-print"
CONTROLS = [
    "\x1b[2J", "\x1b]0;title\x07", "\x1b]52;c;c2VjcmV0\x07", "\x1b]8;;http://x\x1b\\", "\x9b31m", "\x9d0;t\x9c",
    "\x1bP+q\x1b\\", "\x08\x08", "\r", "\u202e", "\x00", "\x7f", "\x1b[6n",
]  # fmt: skip
BAD_TAGS = ["!!bool 14", '!!bool ""', '!!int ""', '!!float ""', "!!int abc", "!!float x", "!!null 3", "!!bool yes"]
HOSTILE_SCRIPT = """format: 3
title: {title}
packs: [base, hp]
players: [{{name: Ann, tribe: nadair, side: sun}}, {{name: Bob, tribe: ox49, side: moon}}]
setup: {{seed: 12{state}}}
steps:
  - Ann switch food
  - move: Ann end
    note: {note}
"""


def _yaml_string(text: str) -> str:
    """A double-quoted YAML string holding ``text`` (control characters as escapes, which YAML reads back)."""
    return json.dumps(text)


def _hazard_text(rng: random.Random) -> str:
    return "".join(rng.choice(CONTROLS) + rng.choice(["Evil", "", " name "]) for _ in range(rng.randrange(1, 5)))


def hostile_case(root: Path, rng: random.Random) -> str:
    """A pack folder ``hp`` (and a script playing it) with one to three hazards; ``revive check --replay``, then
    ``explain`` of its crate and ``replay`` of its script, in-process. Leaked: the secret or a control character
    in what they wrote (the console writes to a text buffer: no colour, so no escape sequence is Rich's own)."""
    folder = root / "hp"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    secret = root / "secret.txt"
    secret.write_text(rng.choice([SECRET, f"token: {SECRET}", f"{{id: hp, name: {SECRET}}}", f"- {SECRET}"]) + "\n")
    manifest = "id: hp\nname: Hostile\nversion: '1.0'\ndepends: [base]\n"
    name, title, note, state = "Crate", "A game", "done", ""
    crate = "kind: crate\ncomponents:\n  - {{id: hp_crate, name: {name}, provenance: representative, effect: {effect}}}"
    effect = "gain 1 book"
    extra: list[str] = []
    for hazard in rng.sample(range(8), rng.randrange(1, 4)):
        if hazard == 0:
            manifest = None  # the manifest a link to the secret
        elif hazard == 1:
            (folder / "linked.yaml").symlink_to(secret)
        elif hazard == 2:
            os.mkfifo(folder / f"{rng.choice(['fifo', 'z', 'pack'])}.yaml")
        elif hazard == 3:
            (folder / "zero.yaml").symlink_to(rng.choice(["/dev/zero", "/dev/urandom", "/dev/null"]))
        elif hazard == 4:
            size, count = rng.choice([10, 1000, 100_000, 2_000_000]), rng.randrange(1, 51)
            extra.append(f"kind: crate\nbig: &b '{'x' * size}'\nmany: [{', '.join(['*b'] * count)}]\ncomponents: []\n")
        elif hazard == 5:
            name, title, note = (_yaml_string(_hazard_text(rng)) for _ in range(3))
        elif hazard == 6:
            effect = rng.choice(BAD_TAGS)
        else:
            wrong = rng.choice(["true", "1.5", "null", "[[]]", "bogus_card"])
            state = f", state: {{players: {{Ann: {{active: [{', '.join([wrong] * rng.randrange(100, 20_000))}]}}}}}}"
    if (folder / "pack.yaml").exists():  # a FIFO in its place: the pack has no manifest to read
        pass
    elif manifest is None:
        (folder / "pack.yaml").symlink_to(secret)
    else:
        (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
    (folder / "crate.yaml").write_text(crate.format(name=name, effect=effect) + "\n", encoding="utf-8")
    for index, text in enumerate(extra):
        (folder / f"extra{index}.yaml").write_text(text, encoding="utf-8")
    script = root / "game.yaml"
    script.write_text(HOSTILE_SCRIPT.format(title=title, note=note, state=state), encoding="utf-8")
    written = io.StringIO()
    codes = []
    with contextlib.redirect_stdout(written), contextlib.redirect_stderr(written):
        codes.append(revive(["check", "--replay", str(folder), str(script)]))
        codes.append(revive(["explain", "hp_crate", "--content", str(folder)]))
        codes.append(revive(["replay", str(script), "--no-color", "--width", "100"]))
    shown = written.getvalue()
    if SECRET in shown or any(c in shown for c in "\x1b\x9b\x9c\x9d\x90\x00\x7f\u202e"):
        return "leaked"
    return "ok" if not any(codes) else "positioned"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600, help="how long to run (split between the categories)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    load_all()
    content = load_packs()
    texts = [format_program(p) for c in content.components.values() for p in c.effects.values()]
    scripts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "replays").glob("*/*.yaml"))]
    short = [s for s in scripts if len(s) < 20_000] or scripts
    rng = random.Random(args.seed)
    heads = [_head(s, 12) for s in short]
    paths = [p for p in _paths(_canonical(heads[0])) if p]
    files = [
        f.read_text(encoding="utf-8") for f in sorted((ROOT / "content").glob("*/*.yaml")) if f.name != "pack.yaml"
    ]
    folder = Path(tempfile.mkdtemp(prefix="stress-pack-"))
    (folder / "pack.yaml").write_text("id: stress\nname: Stress\nversion: '1.0'\ndepends: [base]\n", encoding="utf-8")
    hostile = Path(tempfile.mkdtemp(prefix="stress-hostile-"))
    os.environ["REVIVE_CACHE"] = str(hostile / "cache")  # the cache's key is read first: a FIFO must not hang it
    signal.signal(signal.SIGALRM, _alarm)
    cases = {
        "effect texts": (0.15, lambda: effect_case(texts, rng)),
        "scripts": (0.5, lambda: script_case(short, rng)),
        "start states": (0.1, lambda: start_state_case(rng.choice(heads), paths, rng)),
        "packs": (0.1, lambda: pack_case(files, folder, rng)),
        "hostile packs": (0.15, lambda: hostile_case(hostile, rng)),
    }  # shares of the time: a script case costs about 200 effect cases
    table: dict[str, Counter] = {name: Counter() for name in cases}
    first_escape: dict[str, str] = {}
    for name, (share, case) in cases.items():
        until = time.monotonic() + args.seconds * share
        while time.monotonic() < until:
            signal.alarm(PER_INPUT)
            try:
                outcome = case()
            except Hang:
                outcome = "hang"
            except Exception as err:
                outcome = "traceback"
                first_escape.setdefault(name, f"{type(err).__name__}: {err}"[:300])
            finally:
                signal.alarm(0)
            table[name][outcome] += 1
    print(
        f"{'category':<14} {'inputs':>8} {'ok':>8} {'positioned':>11} {'traceback':>10} {'hang':>5} "
        f"{'data lost':>9} {'leaked':>7}"
    )
    for name, counts in table.items():
        total = sum(counts.values())
        print(
            f"{name:<14} {total:>8} {counts['ok']:>8} {counts['positioned']:>11} {counts['traceback']:>10} "
            f"{counts['hang']:>5} {counts['changed']:>9} {counts['leaked']:>7}"
        )
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(hostile, ignore_errors=True)
    for name, example in first_escape.items():
        print(f"first traceback in {name}: {example}")
    return 1 if any(counts[b] for counts in table.values() for b in BAD) else 0


if __name__ == "__main__":
    sys.exit(main())
