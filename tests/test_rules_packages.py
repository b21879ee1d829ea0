"""Rules packages: a pack names the rules package its mechanics need; a game loads only its packs' packages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from revive_dsl.content.packages import installed
from revive_dsl.content.packs import load_packs
from revive_dsl.engine.registry import module_rank, package_modules
from revive_dsl.engine.rules import Rules
from revive_dsl.positions import DslError

REPO = Path(__file__).resolve().parent.parent


def test_the_bundled_packs_name_their_rules_packages():
    assert Rules.load(("base",)).packages == ["base"]
    assert Rules.load(("base", "abyss")).packages == ["base", "abyss"]
    assert list(installed())[:2] == ["base", "abyss"]


def test_a_base_game_imports_no_expansion_module():
    code = (
        "import sys\n"
        "from revive_dsl.engine.rules import Rules\n"
        "from revive_dsl.engine.simulate import play_random_game\n"
        "play_random_game(Rules.load(('base',)), [('Ann', 'nadair', 'sun'), ('Bob', 'formica', 'moon')], seed=3,"
        " variants=('vast_crystals',))\n"
        "print(sorted(m for m in sys.modules if m.startswith('revive_dsl.rules.abyss')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "[]\n"


def test_an_expansion_game_loads_the_expansion_package():
    Rules.load(("base", "abyss"))
    assert all(m in sys.modules for m in package_modules("abyss"))


def test_a_pack_naming_a_rules_package_that_is_not_installed_is_an_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("p").mkdir()
    Path("p/pack.yaml").write_text("id: p\nname: P\nversion: '1.0'\ndepends: [base]\nrules: lagoon\n", encoding="utf-8")
    with pytest.raises(DslError) as err:
        load_packs(["p"])
    assert str(err.value).splitlines() == [
        "p/pack.yaml:5:8: rules package 'lagoon' is not installed (installed: abyss, base); "
        "install the distribution that provides it",
        "    rules: lagoon",
        "           ^",
    ]


def test_moves_are_ranked_machinery_then_base_then_abyss():
    assert module_rank("revive_dsl.engine.game") < module_rank("revive_dsl.rules.base.board_actions")
    assert module_rank("revive_dsl.rules.base.tribes") < module_rank("revive_dsl.rules.abyss.lake_adjacency")
    assert module_rank("revive_dsl.rules.abyss.gates") < module_rank("someone_else.rules")


def test_setup_draws_run_by_step_number_whatever_the_import_order():
    from revive_dsl.engine.setup import SETUP_DRAWS

    Rules.load(("base", "abyss"))
    steps = [step for step, _ in SETUP_DRAWS]
    assert steps == sorted(steps) and steps[:1] == [1] and 11 in steps  # the base game's first, the expansion's


def test_a_base_game_runs_no_expansion_code_even_after_an_expansion_game():
    """Hooks are seen per game: in a process that has loaded the expansion, a base game calls none of its code."""
    from revive_dsl.engine.simulate import play_random_game

    players = [("Ann", "nadair", "sun"), ("Bob", "formica", "moon")]
    play_random_game(Rules.load(("base", "abyss")), players, seed=5, max_decisions=300, check=False)
    abyss = str(REPO / "revive_dsl" / "rules" / "abyss")
    called: set[str] = set()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(abyss):
            called.add(f"{Path(frame.f_code.co_filename).name}:{frame.f_code.co_name}")

    sys.setprofile(profile)
    try:
        record = play_random_game(Rules.load(("base",)), players, seed=3)
    finally:
        sys.setprofile(None)
    assert len(record.answers) > 100
    assert sorted(called) == []


def test_an_expansion_variant_needs_the_expansion():
    from revive_dsl.engine.setup import known_variants, new_game

    base, abyss = Rules.load(("base",)), Rules.load(("base", "abyss"))
    assert "machine_token_variant" in known_variants(abyss)
    assert "machine_token_variant" not in known_variants(base)
    with pytest.raises(ValueError, match="unknown variant\\(s\\): machine_token_variant; known: artifact_choice"):
        new_game(base, [("Ann", "nadair", "sun")], seed=1, variants=["machine_token_variant"])
