"""The optional compiled core (``REVIVE_COMPILED=1 pip install .``, hatch_build.py) plays exactly as the pure Python.

The core is compiled once, into a copy of the package, by the function the wheel's build hook calls; then one probe
runs in a process on each tree: pinned random games of both pack sets, two bundled games replayed (every step's state
JSON, log, decisions and what was drawn) and the computer player's choices. Their outputs must be the same, and the
compiled process must have imported the extension modules, the other none.

Without Cython or a C compiler the test is skipped with the reason; under CI (``CI`` set) it fails instead.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = r"""
import hashlib, importlib.util, json
from revive_dsl.ai.mcts import MctsPlayer
from revive_dsl.ai.position import Position
from revive_dsl.engine.game import Runner
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import new_game
from revive_dsl.engine.simulate import play_random_game, seating
from revive_dsl.locations import core
from revive_dsl.replay import Replay, load_script

def sha(text):
    return hashlib.sha256(text.encode()).hexdigest()[:16]

out = {"core": core()}
out["compiled"] = sorted(
    name for name in ("revive_dsl.engine.state", "revive_dsl.engine.interpret", "revive_dsl.rules.base.scoring",
                      "revive_dsl.rules.abyss.gates", "revive_dsl.ai.mcts")
    if not importlib.util.find_spec(name).origin.endswith(".py")
)
for packs, count, seed in ((("base",), 4, 11), (("base", "abyss"), 3, 5), (("base", "abyss"), 1, 2)):
    rules = Rules.load(packs)
    record = play_random_game(rules, seating(rules, count, seed), seed)
    out[f"{'+'.join(packs)} {count}p seed {seed}"] = [sha(repr(record.answers)), sha(record.final.to_json())]
for name in ("4p-formica-vukuntur-nadair-hofstadterians", "abyss-4p-gates-circadian-gadgets-leech"):
    replay = Replay(load_script(REPLAYS / f"{name}.yaml"))
    digest = hashlib.sha256()
    for result in replay.steps():
        digest.update(repr((result.after.to_json(), result.log, result.decisions, result.drawn)).encode())
    out[name] = [replay.done, digest.hexdigest()[:16]]
rules = Rules.load(("base", "abyss"))
runner = Runner(new_game(rules, seating(rules, 2, 1), seed=1), rules)
player, choices = MctsPlayer(1, playouts=12), []
for step in range(120):
    decision = runner.decision()
    if decision is None:
        break
    keys = decision.legal_keys()
    if runner.between_moves and len(keys) >= 3 and step % 20 == 0:
        choices.append(player.choose(Position(rules, runner.game, (), decision)))
    runner.answer(keys[step % len(keys)])
out["mcts"] = choices
print(json.dumps(out, sort_keys=True))
"""


def _missing() -> str | None:
    """Why the core cannot be compiled here (None: it can)."""
    for module in ("Cython", "setuptools"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install '.[test]' installs it)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h)"
    return None


@pytest.fixture(scope="module")
def compiled_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing}; CI must build and compare the compiled core")
        pytest.skip(missing)
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    hatch_build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hatch_build)
    tree = tmp_path_factory.mktemp("compiled")
    shutil.copytree(ROOT / "revive_dsl", tree / "revive_dsl", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (tree / "grammar").symlink_to(ROOT / "grammar")
    made = hatch_build.compile_core(tree, tmp_path_factory.mktemp("build"))
    assert len(made) == len(hatch_build.compiled_sources(tree)) > 40
    return tree


def _probe(tree: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    code = f"from pathlib import Path\nREPLAYS = Path({str(ROOT / 'replays' / 'games')!r})\n{PROBE}"
    done = subprocess.run(
        [sys.executable, "-P", "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_the_compiled_core_plays_every_game_as_the_pure_python_core_does(compiled_tree: Path) -> None:
    compiled, pure = _probe(compiled_tree), _probe(ROOT)
    assert len(compiled.pop("compiled")) == 5  # the extension modules were the ones imported
    assert pure.pop("compiled") == []
    assert (compiled.pop("core"), pure.pop("core")) == ("compiled", "pure Python")  # as `revive --version` says
    assert len(pure["mcts"]) >= 2 and pure["abyss-4p-gates-circadian-gadgets-leech"][0] > 400  # the probe probed
    assert compiled == pure
