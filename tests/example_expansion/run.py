"""Runs the example expansion in a process of its own, as an installed third-party package would be.

    python tests/example_expansion/run.py TASK

Registering a rules package changes what the process knows (its words, its state part, its hooks), so the
tests run it here and read the JSON it prints: they leave the test process as it was.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # as if pip had installed the package with its entry point
sys.path.insert(0, str(HERE.parent.parent))

from revive_dsl.content.packages import register  # noqa: E402

register("lagoon", "lagoon_rules")

from revive_dsl.dsl.checker import check  # noqa: E402
from revive_dsl.dsl.parser import parse  # noqa: E402
from revive_dsl.engine.rules import Rules  # noqa: E402
from revive_dsl.engine.simulate import play_random_game  # noqa: E402
from revive_dsl.replay import Replay, load_script  # noqa: E402

LAGOON = str(HERE / "lagoon")
PLAYERS = [("Ann", "nadair", "sun"), ("Bob", "formica", "moon"), ("Cleo", "vukuntur", "sun")]


def load() -> dict:
    rules = Rules.load(("base", LAGOON))
    return {
        "packages": rules.packages,
        "diver_top": rules.effect("lagoon_cit_diver", "top").clauses[0].body.name,
        "with_lagoon": [d.message for d in check(parse("dive 2"), packages=["base", "lagoon"])],
        "base_only": [d.message for d in check(parse("dive 2"), packages=["base"])],
    }


def random_games(packs: tuple[str, ...]) -> dict:
    rules, out = Rules.load(packs), []
    for seed in range(6):
        record = play_random_game(rules, PLAYERS, seed=seed)  # invariants checked after every move
        state = record.final.to_dict()
        out.append(
            {
                "finished": record.finished,
                "polish": sum(1 for _, key in record.answers if key == "polish"),
                "lagoon": [p.get("lagoon", {}) for p in state["players"]],
                "score_lines": sorted({line["rule"] for s in state["turn"]["final_scores"] for line in s["lines"]}),
            }
        )
    return {"games": out}


def replay() -> dict:
    script = Replay(load_script(HERE / "lagoon" / "scripts" / "dive.yaml"))
    states = [step.after.to_dict() for step in script.steps()]
    return {"finished": script.finished, "states": states}


def page() -> dict:
    """The pack's script as a page (``revive replay dive.yaml --export html OUT``), OUT the next argument."""
    from revive_dsl.web.export import export_page

    script = HERE / "lagoon" / "scripts" / "dive.yaml"
    done = export_page(script, sys.argv[2])
    states = [step.after.to_dict() for step in Replay(load_script(script)).steps()]
    return {"steps": done.steps, "states": states}


TASKS = {
    "load": load,
    "page": page,
    "random-base": lambda: random_games(("base", LAGOON)),
    "random-abyss": lambda: random_games(("base", "abyss", LAGOON)),
    "replay": replay,
}

if __name__ == "__main__":
    print(json.dumps(TASKS[sys.argv[1]](), sort_keys=True))
