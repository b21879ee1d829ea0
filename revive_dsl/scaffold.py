"""``revive new pack NAME``: a new content pack that depends on base, ready to check, verify and edit.

The folder holds a manifest, one example component of each kind a pack adds to the base game (a citizen
card, a slot module, a machine token, a crate, a starting tile, an area tile, a large location, a
technology, a tribe with its technology tree, a starting set of six cards, an artifact card, a major
artifact and a minor artifact: ids prefixed with the pack's id, so they never clash with the bundled packs',
but the major's, which stands in for one of the base game's, the crater holding 12), a replay
script that plays them and checks what they give, and a README. Right
after it is written, ``revive check NAME``, ``revive verify NAME`` and ``revive fmt --check NAME``
pass. With ``--rules`` the pack holds its rules package too (``NAME_rules/``: ``MODULES``, one example word
written with :mod:`revive_dsl.extension` only, its ``words.yaml``), the ``pyproject.toml`` that installs it in
the ``revive.rules`` entry-point group and a test that plays the pack's script with it; the commands pass once
the package is installed (``pip install -e NAME``).

Each YAML file starts with the ``# yaml-language-server: $schema=`` line editors use, always by a path
relative to the file (:func:`~revive_dsl.locations.schema_reference`), never an absolute one: to the schemas
of the checkout the pack is made in (like ``content/base/``), else to those of the installed package (a pack
beside a project's virtual environment links into it alike on every machine set up the same way);
``schemas=`` (the ``--schemas DIR`` option) points them at another folder instead, e.g. one ``revive schemas
--write DIR`` wrote beside your packs.

>>> pack_name_problem("my_pack") is None, pack_name_problem("My-Pack")
(True, "'My-Pack' is not a valid pack id: a lowercase letter, then lowercase letters, digits or _ (e.g. my_pack)")
>>> pack_name_problem("base")
"'base' is a bundled pack's id; choose another name"
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from revive_dsl.fileio import WriteError, folder_problem, make_folder, temp_path, write_text_atomic
from revive_dsl.locations import content_root, schema_reference
from revive_dsl.replay.script import FORMAT

PACK_ID = re.compile(r"^[a-z][a-z0-9_]*$")  # the pack schema's id pattern (schema_defs.ID)
SCRIPT = Path("scripts") / "try-it.yaml"
STARTERS = (  # the example starting set: (colour, top, bottom), as the base game's sets
    ("grey", "gain 2 gear", "advance grey"),
    ("grey", "module", "up to 3 times: pay basic -> gain basic"),
    ("green", "gain 2 book", "advance green"),
    ("green", "ability", "module or ability"),
    ("yellow", "gain 2 food", "advance yellow"),
    ("yellow", "up to 3 times: pay basic -> gain basic", "module or ability"),
)


class ScaffoldError(Exception):
    """The pack cannot be written (a bad name or option, its folder exists); the message says why."""


@dataclass(frozen=True)
class Written:
    """One file the scaffold wrote, and what it is for."""

    path: Path
    about: str


def pack_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a new pack's id (and folder name), or None if it can."""
    if not PACK_ID.match(name):
        return (
            f"'{name}' is not a valid pack id: a lowercase letter, then lowercase letters, digits or _ (e.g. my_pack)"
        )
    if name in {p.name for p in content_root().iterdir() if (p / "pack.yaml").is_file()}:
        return f"'{name}' is a bundled pack's id; choose another name"
    return None


def _head(schema: str, folder: Path, schemas: Path | None) -> str:
    return f"# yaml-language-server: $schema={schema_reference(schema, folder, schemas)}\n"


def _files(name: str, folder: Path, schemas: Path | None, rules: bool = False) -> list[tuple[Path, str, str]]:
    """(relative path, text, what it is) of every file of the new pack ``name`` written to ``folder``; with
    ``rules``, the pack's rules package too (:func:`_rules_files`), whose word the citizen card's top half uses."""
    title = name.replace("_", " ").capitalize()
    cit, mod, mach, crate = (f"{name}_{kind}_example" for kind in ("cit", "mod", "mach", "crate"))
    start, area, large, tribe, tech = (
        f"{name}_{kind}_example" for kind in ("starting_tile", "area_tile", "large", "tribe", "tech")
    )
    artcard, minor = (f"{name}_{kind}_example" for kind in ("artcard", "minor"))
    major = "major_amber_1p"  # the crater holds the base game's 12 majors: a pack's major stands in for one
    starters = [f"{name}_start_e_{index}" for index in range(1, len(STARTERS) + 1)]

    def head(schema: str, where: Path = folder) -> str:
        return _head(schema, where, schemas)

    files = [
        (
            Path("pack.yaml"),
            head("pack.schema.json")
            + f"id: {name}\n"
            + f"name: {title}\n"
            + 'version: "1.0"\n'
            + "description: A new content pack for Revive; replace this line with what it adds.\n"
            + "depends: [base]\n"
            + (f"rules: {name}   # its rules package, {name}_rules/ (pyproject.toml installs it)\n" if rules else ""),
            "the manifest: id, name, version, depends: [base]" + (f", rules: {name}" if rules else ""),
        ),
        (
            Path("citizen_cards.yaml"),
            head("citizen_card.schema.json")
            + "# Citizen cards join the citizen deck at setup. top and bottom: effect texts (docs/dsl-reference.md).\n"
            + "kind: citizen_card\n"
            + "components:\n"
            + f"  - id: {cit}\n"
            + "    name: Example citizen\n"
            + "    colour: green\n"
            + "    provenance: representative   # rulebook: printed in the rule documents\n"
            + (f'    top: "{word_of(name)} 2 and gain food"   # a word of the pack\'s rules package\n' if rules else "")
            + ('    top: "gain 2 book and gain food"\n' if not rules else "")
            + '    bottom: "advance green; slot"\n',
            f"a citizen card, {cit}",
        ),
        (
            Path("slot_modules.yaml"),
            head("slot_module.schema.json")
            + "# Slot modules join the module pile; a card of their colour played in their slot activates them.\n"
            + "kind: slot_module\n"
            + "components:\n"
            + f"  - id: {mod}\n"
            + "    name: Example module\n"
            + "    colours: [green]\n"
            + "    provenance: representative\n"
            + '    effect: "gain 2 food"\n',
            f"a slot module, {mod}",
        ),
        (
            Path("machine_tokens.yaml"),
            head("machine_token.schema.json")
            + "# Special machine tokens join their colour's machine pile; a player activates one with energy.\n"
            + "kind: machine_token\n"
            + "components:\n"
            + f"  - id: {mach}\n"
            + "    name: Example machine\n"
            + "    colour: grey\n"
            + "    provenance: representative\n"
            + '    effect: "machine: gain 2 gear"\n',
            f"a machine token, {mach}",
        ),
        (
            Path("crates.yaml"),
            head("crate.schema.json")
            + "# Crates join the crate stack; a crate's effect is gained when it is opened.\n"
            + "kind: crate\n"
            + "components:\n"
            + f"  - id: {crate}\n"
            + "    name: Example crate\n"
            + "    provenance: representative\n"
            + '    effect: "gain crystal"\n',
            f"a crate, {crate}",
        ),
        (
            Path("starting_tiles.yaml"),
            head("starting_tile.schema.json")
            + "# Starting tiles join the shuffle for the 5 face-up slots around the chasm; those not drawn go back\n"
            + "# to the box. Spaces in slot-cell order (5); the other orientation reverses them.\n"
            + "kind: starting_tile\n"
            + "components:\n"
            + f"  - id: {start}\n"
            + "    name: Example starting tile\n"
            + "    provenance: representative\n"
            + "    spaces:\n"
            + "      - {terrain: sand}\n"
            + "      - {terrain: city}\n"
            + "      - {terrain: field}\n"
            + "      - {terrain: mountain}\n"
            + "      - {terrain: sand}\n",
            f"a starting tile, {start}",
        ),
        (
            Path("area_tiles.yaml"),
            head("area_tile.schema.json")
            + "# Area tiles join the shuffle of the 25 face-down slots; those not drawn go back to the box. back: the\n"
            + "# explore cost and points; spaces in slot-cell order (4); a water space's reward is gained next to it.\n"
            + "kind: area_tile\n"
            + "components:\n"
            + f"  - id: {area}\n"
            + "    name: Example area tile\n"
            + "    provenance: representative\n"
            + '    back: "pay food -> points 2"\n'
            + "    spaces:\n"
            + "      - {terrain: sand}\n"
            + "      - {terrain: forest}\n"
            + '      - {terrain: water, reward: "gain 2 gear"}\n'
            + "      - {terrain: city}\n",
            f"an area tile, {area}",
        ),
        (
            Path("large_locations.yaml"),
            head("large_location.schema.json")
            + "# Large locations join the shuffle for the 4 corners, each with a random side; populating one scores\n"
            + "# its side at the end.\n"
            + "kind: large_location\n"
            + "components:\n"
            + f"  - id: {large}\n"
            + "    name: Example large location\n"
            + "    provenance: representative\n"
            + "    sides:\n"
            + '      - {name: Example hall, effect: "score 1 per figures"}\n'
            + '      - {name: Example garden, effect: "score 1 per water_spaces"}\n',
            f"a large location, {large}",
        ),
        (
            Path("technologies.yaml"),
            head("technology.schema.json")
            + "# Technologies a tribe's tree names with common: (the base game's are on every tribe board).\n"
            + "kind: technology\n"
            + "components:\n"
            + f"  - id: {tech}\n"
            + "    name: Example technology\n"
            + "    provenance: representative\n"
            + '    effect: "once: gain 2 crystal"\n',
            f"a technology, {tech}",
        ),
        (
            Path("tribes.yaml"),
            head("tribe.schema.json")
            + "# A tribe board: its ability and its technology tree (row 1 first; connects: the next row's reachable\n"
            + "# technologies). One side (single), or two (sun and moon).\n"
            + "kind: tribe\n"
            + "components:\n"
            + f"  - id: {tribe}\n"
            + "    name: Example tribe\n"
            + "    provenance: representative\n"
            + "    sides:\n"
            + "      single:\n"
            + '        ability: "gain 2 book"\n'
            + "        technologies:\n"
            + f"          - {{id: t1, row: 1, books: 2, points: 1, connects: [t2a, t2b, t2c], common: {tech}}}\n"
            + "          - {id: t2a, row: 2, books: 3, points: 2, connects: [t3a, t3b], name: Example study,\n"
            + '             effect: "when ability: gain book"}\n'
            + "          - {id: t2b, row: 2, books: 3, points: 1, connects: [t3a, t3b, t3c], common: tech_side_slot}\n"
            + "          - {id: t2c, row: 2, books: 3, points: 2, connects: [t3b, t3c], name: Example roads,\n"
            + '             effect: "always: range 1"}\n'
            + "          - {id: t3a, row: 3, books: 4, points: 3, common: tech_artifact_crate}\n"
            + "          - {id: t3b, row: 3, books: 4, points: 3, common: tech_artifact_energy}\n"
            + "          - {id: t3c, row: 3, books: 4, points: 3, common: tech_artifact_crate}\n",
            f"a tribe with its technology tree, {tribe}",
        ),
        (
            Path("starting_cards.yaml"),
            head("starting_card.schema.json")
            + "# A starting set is 6 cards of one letter (3 active, 3 resting); a pack's set has a letter of its own,\n"
            + "# and the sets' letters are shuffled together at setup.\n"
            + "kind: starting_card\n"
            + "components:\n"
            + "".join(
                f"  - id: {card}\n"
                + f"    name: Example starter {index}\n"
                + "    set: E\n"
                + f"    colour: {colour}\n"
                + "    provenance: representative\n"
                + f'    top: "{top}"\n'
                + f'    bottom: "{bottom}"\n'
                for index, (card, (colour, top, bottom)) in enumerate(zip(starters, STARTERS, strict=True), 1)
            ),
            f"a starting set of 6 cards, set E: {starters[0]} ... {starters[-1]}",
        ),
        (
            Path("artifact_cards.yaml"),
            head("artifact_card.schema.json")
            + "# Artifact cards join the shuffle each player is dealt from: a scoring category per artifact colour.\n"
            + "kind: artifact_card\n"
            + "components:\n"
            + f"  - id: {artcard}\n"
            + "    name: Example artifact card\n"
            + "    provenance: representative\n"
            + "    categories:\n"
            + '      amber: "score 1 per crates"\n'
            + '      azure: "score 1 per figures"\n'
            + '      violet: "score 1 per modules"\n',
            f"an artifact card, {artcard}",
        ),
        (
            Path("major_artifacts.yaml"),
            head("major_artifact.schema.json")
            + "# Major artifacts lie out on the crater when marked for the player count (players: 1+, 2+, 3+ or 4).\n"
            + "# The crater holds 12, the base game's 12, all used by a 4-player game: a pack's major stands in for\n"
            + "# one of them, reusing its id with replaces: true.\n"
            + "kind: major_artifact\n"
            + "components:\n"
            + f"  - id: {major}\n"
            + "    replaces: true\n"
            + "    name: Example major artifact\n"
            + "    colour: amber\n"
            + '    players: "1+"\n'
            + "    provenance: representative\n",
            f"a major artifact, standing in for the base game's {major}",
        ),
        (
            Path("minor_artifacts.yaml"),
            head("minor_artifact.schema.json")
            + "# Minor artifacts stack under the end-game tile, taken once the major artifacts are gone.\n"
            + "kind: minor_artifact\n"
            + "components:\n"
            + f"  - id: {minor}\n"
            + "    name: Example minor artifact\n"
            + "    points: 2\n"
            + "    provenance: representative\n",
            f"a minor artifact, {minor}",
        ),
        (
            SCRIPT,
            head("script.schema.json", folder / SCRIPT.parent)
            + f"format: {FORMAT}\n"
            + f"title: Trying the {title} pack's components\n"
            + "description: |\n"
            + f"  A solo game of {tribe}, on a board holding {start}, {area} and {large} (setup.outcomes),\n"
            + f"  Ann dealt {artcard} and the set E; a start state gives her {cit} in her hand, {mod} in her\n"
            + f"  top_left slot, {crate} closed, {mach} on a special machine space.\n"
            + "packs: [..]   # this pack: its folder, relative to this script's own folder; base comes with it\n"
            + "players:\n"
            + f"  - {{name: Ann, tribe: {tribe}, side: single}}\n"
            + "setup:\n"
            + "  seed: 3\n"
            + "  outcomes:\n"
            + f"    starting_tiles: {{s1: {{tile: {start}, orientation: 0}}}}\n"
            + f"    area_tiles: {{a02: {area}}}\n"
            + f"    large_locations: {{corner_nw: {{tile: {large}, side: 0}}}}\n"
            + "    starting_sets: [E]\n"
            + f"    starting_cards: [[{', '.join(starters[i] for i in (0, 2, 3, 1, 4, 5))}]]   # 3 active, 3 resting\n"
            + f"    artifact_cards: [[{artcard}]]\n"
            + "    citizen_deck: [cit_scholar]\n"
            + "  state:\n"
            + "    players:\n"
            + "      Ann:\n"
            + "        resources: {gear: 1, book: 0, food: 0, crystal: 0}\n"
            + f"        active: [{cit}, {starters[0]}, {starters[2]}, {starters[3]}]\n"
            + f"        modules: {{top_left: [{mod}, null, null]}}\n"
            + f"        crates_closed: [{crate}]\n"
            + "        unlocked: [special_grey_1]\n"
            + f"        special_machines: {{special_grey_1: {mach}}}\n"
            + "steps:\n"
            + (f"  - move: Ann play {cit} top_left book\n" if rules else f"  - move: Ann play {cit} top_left\n")
            + (
                "    note: The top half forages 2 books (the package's word asks which resource) and gains 1 food;\n"
                "      a green card activates the green module (2 food).\n"
                if rules
                else "    note: The top half gives 2 book and 1 food; a green card activates the green module"
                " (2 food).\n"
            )
            + "    expect:\n"
            + "      Ann.resources.book: 2\n"
            + "      Ann.resources.food: 3\n"
            + f"      Ann.slots.top_left.{cit}.half: top\n"
            + f"      Ann.artifact_card: {artcard}\n"
            + f"      board.large_locations.corner_nw: {{tile: {large}, side: 0}}\n"
            + f"      board.majors: {{contains: {major}}}   # marked 1+: it lies out in a solo game\n"
            + f"      supply.minors: {{contains: {minor}}}\n"
            + f"  - move: Ann open_crate {crate}\n"
            + f"    expect: {{Ann.resources.crystal: 1, Ann.crates_opened: [{crate}]}}\n"
            + "  - move: Ann machine special_grey_1\n"
            + "    expect: {Ann.resources.gear: 3, Ann.energy_on: [special_grey_1]}\n"
            + "  - Ann end\n"
            + "  - move: Ann build 1,0 small\n"
            + "    note: The starting tile's first space, next to the chasm, is sand.\n"
            + "    expect:\n"
            + "      board.buildings.1,0: {player: Ann, size: small}\n"
            + "      Ann.resources.gear: 0\n"
            + "  - Ann end\n"
            + "  - move: Ann populate 1,1 t1\n"
            + f"    note: The starting tile's city; the tribe's first technology, {tech}, gives 2 crystals.\n"
            + "    expect: {Ann.resources.crystal: 3, Ann.resources.book: 0}\n"
            + "  - Ann end\n"
            + "  - move: Ann explore a02 cit_scholar 0\n"
            + "    note: The area tile's back costs a food and gives 2 points.\n"
            + "    expect: {board.tiles.a02.explored: true, Ann.points: 2}\n"
            + "  - Ann end\n"
            + f"  - move: Ann play {starters[3]} top_right\n"
            + "    note: A starting card of the set; its top half is the tribe's ability, 2 books.\n"
            + "    expect: {Ann.resources.book: 2}\n"
            + "  - Ann end\n",
            "a replay script: plays the components and checks what they give (expect:)",
        ),
        (Path("README.md"), _readme(name, title, cit, rules), "what the files are, and the next commands"),
    ]
    return files + (_rules_files(name, folder, schemas) if rules else [])


def word_of(name: str) -> str:
    """The example word of the rules package of the pack ``name``: named after the pack, so it clashes with no
    other package's.

    >>> word_of("my_pack")
    'my_pack_forage'
    """
    return f"{name}_forage"


def _rules_files(name: str, folder: Path, schemas: Path | None) -> list[tuple[Path, str, str]]:
    """The rules package of the pack ``name``, in the pack's own folder: its ``__init__.py`` (``MODULES``), a module
    with one effect word written with the public API only (:mod:`revive_dsl.extension`), the word as data
    (``words.yaml``), the ``pyproject.toml`` that installs it in the ``revive.rules`` entry-point group, and a test
    that plays the pack's scripts with it. The pack loader never reads the package's folder as content."""
    package, word = f"{name}_rules", word_of(name)
    dist = f"revive-{name.replace('_', '-')}"
    return [
        (
            Path(package) / "__init__.py",
            f'"""The rules package of the {name} pack: the mechanics its words need, written with the public API\n'
            + "for rules packages (revive_dsl.extension, docs/extension-api.md).\n\n"
            + "MODULES lists its modules in the order they are imported (also their moves' order); each registers its\n"
            + "words' implementations and hooks when imported. The words themselves are data, in words.yaml.\n"
            + '"""\n\n'
            + 'MODULES = ["forage"]\n\n'
            + "from revive_dsl.extension import load_packages  # noqa: E402 (after MODULES, which it reads)\n\n"
            + f'load_packages(["base", "{name}"])  # whichever module is imported first: base\'s hooks, then its own\n',
            f"the rules package {package}: MODULES, loading base first",
        ),
        (
            Path(package) / "forage.py",
            f'"""``{word} N``: gain N of one basic resource, the player\'s choice (an example effect word)."""\n\n'
            + "from __future__ import annotations\n\n"
            + "from revive_dsl.extension import Ctx, Effect, ask, count_arg, effect, gain_resource, nodes\n\n"
            + 'BASIC = ["gear", "book", "food"]\n\n\n'
            + f'@effect("{word}")\n'
            + "def _forage(ctx: Ctx, call: nodes.Call) -> Effect:\n"
            + "    amount = count_arg(call)\n"
            + f'    which = yield from ask(ctx, "{word}", f"forage {{amount}} of which resource?", BASIC)\n'
            + '    ctx.log.append(f"{ctx.player.name} forages {amount} {which}")\n'
            + "    yield from gain_resource(ctx.player, which, amount)\n",
            f"a module implementing the word {word} (with revive_dsl.extension only)",
        ),
        (
            Path(package) / "words.yaml",
            _head("words.schema.json", folder / package, schemas)
            + "# The package's words as data: the checker, `revive explain` and the DSL reference read them.\n"
            + "effects:\n"
            + f"  - word: {word}\n"
            + '    params: "[count=1]"\n'
            + '    english: "forage {count} of one basic resource"\n'
            + f"    example: {word} 2\n"
            + "    doc: Gain that many of one basic resource (gear, book or food), chosen as it is gained.\n"
            + f"    topic: the {name} pack\n",
            f"the word {word} as data (schema words.schema.json)",
        ),
        (
            Path("pyproject.toml"),
            "# Installs the rules package so that the pack's `rules:` finds it: pip install -e <this folder>\n"
            + "[build-system]\n"
            + 'requires = ["setuptools>=64"]\n'
            + 'build-backend = "setuptools.build_meta"\n\n'
            + "[project]\n"
            + f'name = "{dist}"\n'
            + 'version = "1.0"\n'
            + f'description = "The rules package of the {name} content pack for Revive"\n'
            + 'requires-python = ">=3.11"\n'
            + 'dependencies = ["revive-dsl"]\n\n'
            + "# The name a pack's `rules:` gives, and the package it names.\n"
            + '[project.entry-points."revive.rules"]\n'
            + f'{name} = "{package}"\n\n'
            + "[tool.setuptools]\n"
            + f'packages = ["{package}"]\n\n'
            + "[tool.setuptools.package-data]\n"
            + f'{package} = ["*.yaml"]\n',
            f"installs {package} in the revive.rules entry-point group (pip install -e {name})",
        ),
        (
            Path("tests") / f"test_{name}.py",
            f'"""The {name} pack\'s scripts, played with its rules package: `pytest` in the pack\'s folder.\n\n'
            + "After `pip install -e` of the pack's folder the package is installed; before, it is registered here.\n"
            + '"""\n\n'
            + "import sys\n"
            + "from pathlib import Path\n\n"
            + "import pytest\n\n"
            + "PACK = Path(__file__).resolve().parent.parent\n"
            + f"sys.path.insert(0, str(PACK))  # {package}, even before it is installed\n\n"
            + "from revive_dsl.extension import register_package  # noqa: E402\n\n"
            + f'register_package("{name}", "{package}")\n\n'
            + "from revive_dsl.replay import Replay, load_script  # noqa: E402\n\n\n"
            + '@pytest.mark.parametrize("script", sorted((PACK / "scripts").glob("*.yaml")), ids=lambda p: p.name)\n'
            + "def test_the_script_plays_to_its_end(script):\n"
            + "    replay = Replay(load_script(script))\n"
            + "    replay.run()  # a move the game refuses, or an expect: the state does not meet, raises here\n"
            + "    assert replay.finished\n",
            "a test that plays the pack's scripts with its rules package",
        ),
    ]


def _commands(name: str, cit: str, rules: bool = False) -> str:
    """The next commands, each with what it does, comments aligned."""
    rows = [(f"pip install -e {name}", "installs its rules package (once)")] if rules else []
    rows += [
        (f"revive check {name}", "the schemas and effect texts of every file"),
        (f"revive verify {name}", "replays scripts/try-it.yaml, checking each expect:"),
        (f"revive replay {name}/scripts/try-it.yaml", "shows each step: what happened, what changed"),
        (f"revive explain {cit} --content {name}", "a component's effects in English"),
        (f"revive fmt {name}", "effect texts and move lines in canonical form"),
    ]
    width = max(len(command) for command, _ in rows)
    return "".join(f"{command:<{width}}  # {about}\n" for command, about in rows)


def _readme(name: str, title: str, cit: str, rules: bool = False) -> str:
    package = f"{name}_rules"
    rows = (
        f"| `pyproject.toml` | installs `{package}` (entry-point group `revive.rules`): `pip install -e {name}` |\n"
        f"| `{package}/__init__.py` | the rules package the manifest names (`rules: {name}`): `MODULES`, in order |\n"
        f"| `{package}/forage.py` | the word `{word_of(name)}`, written with `revive_dsl.extension` only |\n"
        f"| `{package}/words.yaml` | the package's words as data (schema `words.schema.json`) |\n"
        f"| `tests/test_{name}.py` | plays the scripts with the package (`pytest` in this folder) |\n"
        if rules
        else ""
    )
    package_note = (
        f"""
The pack's mechanics beyond the words live in its own rules package, `{package}/`, beside the YAML (the pack
loader never reads a folder holding an `__init__.py` as content). Install it once, in the environment that runs
`revive`, with `pip install -e {name}`: its `pyproject.toml` declares it in the `revive.rules` entry-point group, and
the manifest's `rules: {name}` finds it. It imports only `revive_dsl.extension`, the documented API for rules
packages (the project's `docs/extension-api.md`).
"""
        if rules
        else ""
    )
    return f"""# {title}

A content pack for the board game Revive, made by `revive new pack {name}{" --rules" if rules else ""}`. It depends on
the bundled base game (`depends: [base]`); every component id starts with `{name}_`, so none clashes with the base
game's.

| file | what it holds |
| --- | --- |
| `pack.yaml` | the manifest: `id` (`{name}`), `name`, `version`, `depends`{", `rules`" if rules else ""} |
| `citizen_cards.yaml` | citizen cards (`kind: citizen_card`): `colour`, and the `top` and `bottom` effect texts |
| `slot_modules.yaml` | slot modules (`kind: slot_module`): `colours`, and the `effect` gained when one activates |
| `machine_tokens.yaml` | special machine tokens (`kind: machine_token`): `colour`, and a `machine: ...` effect |
| `crates.yaml` | crates (`kind: crate`): the `effect` gained when a crate is opened |
| `starting_tiles.yaml` | starting tiles (`kind: starting_tile`): 5 `spaces`; shuffled for the 5 middle slots |
| `area_tiles.yaml` | area tiles (`kind: area_tile`): `back` (explore cost), 4 `spaces`; shuffled for the 25 slots |
| `large_locations.yaml` | large locations (`kind: large_location`): two `sides`, shuffled for the 4 corners |
| `technologies.yaml` | technologies (`kind: technology`) a tribe's tree names with `common:` |
| `tribes.yaml` | tribes (`kind: tribe`): the `ability` and the technology tree of each side |
| `starting_cards.yaml` | a starting set (`kind: starting_card`): 6 cards of a letter no other set uses (`set: E`) |
| `artifact_cards.yaml` | artifact cards (`kind: artifact_card`): a scoring category per artifact colour |
| `major_artifacts.yaml` | major artifacts (`kind: major_artifact`): `colour`, and the player counts they lie out for |
| `minor_artifacts.yaml` | minor artifacts (`kind: minor_artifact`): their `points` |
| `scripts/try-it.yaml` | a replay script playing each example component and checking what it gives (`expect:`) |
{rows}{package_note}
Effect texts are in the rule DSL: every word, with an example, is in the project's `docs/dsl-reference.md`
(`revive docs` prints it). The base game's words are yours to use; to use Call of the Abyss's words (the
*package* column says `abyss`), depend on it too (`depends: [base, abyss]`). A pack with mechanics the words
cannot say needs a rules package, installed Python code that its manifest names (`rules: NAME`): see the
project's `docs/architecture.md`. Each component says `provenance: representative` (authored from the game's
vocabulary); write `rulebook` for a component printed in the rule documents. The first line of each YAML file
lets an editor with a YAML language server check and complete the file against the installed schemas.

Next, from the folder holding this one:

```sh
{_commands(name, cit, rules)}```

Rename the examples and add components of any kind (see the project's `content/base/` for every kind);
the replay script format, how `setup.outcomes` deals a tile to a slot (a pack's tiles are shuffled with the base
game's, and those the board has no slot for go back to the box) and how a start state (`setup.state`) gives a
player the components to try, are in the project's `docs/replay-format.md`. Scripts in this folder are not
content: `revive check` skips them, and they name this pack by its path relative to themselves (`packs: [..]`),
so the folder can move.
"""


def new_pack(name: str, parent: Path, schemas: Path | None = None, rules: bool = False) -> list[Written]:
    """Write the new pack ``name`` as the folder ``parent/name``; the files written, in order. With ``rules``, the
    pack holds its rules package too (``rules: NAME``, the package ``NAME_rules/`` and the ``pyproject.toml`` that
    installs it).

    The pack is made whole in a temporary folder beside it, then moved to its name in one step: a failure
    (a full disk, a signal) leaves nothing behind, and the next try starts afresh. Raises
    :class:`ScaffoldError` for a name that is not a pack id (or is a bundled pack's, or is too long for the
    file system), a ``schemas`` path with a line break or another control character, a folder that exists
    (nothing is ever overwritten) and a ``parent`` that is not a folder one may write in; raises
    :class:`~revive_dsl.fileio.WriteError` when the writing itself fails.
    """
    problem = pack_name_problem(name)
    if problem:
        raise ScaffoldError(problem)
    if schemas is not None and any(ord(c) < 32 or ord(c) == 127 for c in str(schemas)):
        raise ScaffoldError(
            f"--schemas {str(schemas)!r}: a folder's path is one line, without control characters; give it so"
        )
    longest = _name_max(parent)
    if len(name.encode("utf-8")) > longest:
        raise ScaffoldError(
            f"'{name[:24]}...' is {len(name)} characters long; the file system takes names of up to {longest}"
        )
    folder = parent / name
    if folder.exists() or folder.is_symlink():
        raise ScaffoldError(f"{folder} already exists; not overwriting it (choose another name or --dir)")
    if not parent.is_dir():
        raise ScaffoldError(f"{parent} is not a folder")
    problem = folder_problem(parent)
    if problem:
        raise ScaffoldError(problem.replace("the folder", f"the folder {parent}", 1))
    files = _files(name, folder.resolve(), schemas, rules)
    temp = temp_path(folder)
    try:
        try:
            temp.mkdir()
        except OSError as err:
            raise WriteError(folder, f"cannot make the pack: {_reason(err)}; nothing was written") from None
        for rel, text, _about in files:
            try:
                make_folder((temp / rel).parent)
                write_text_atomic(temp / rel, text)
            except WriteError as err:
                why = err.diagnostics[0].message.removeprefix("cannot write: ").removeprefix("cannot make the folder: ")
                why = why.removesuffix("; nothing was written")
                raise WriteError(folder, f"cannot make the pack: {why} (writing {rel}); nothing was written") from None
        if folder.exists() or folder.is_symlink():  # made by someone else meanwhile
            raise ScaffoldError(f"{folder} already exists; not overwriting it (choose another name or --dir)")
        try:
            os.rename(temp, folder)
        except OSError as err:
            raise WriteError(folder, f"cannot make the pack: {_reason(err)}; nothing was written") from None
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    return [Written(folder / rel, about) for rel, _text, about in files]


def _name_max(folder: Path) -> int:
    """The longest file name (in bytes) the file system of ``folder`` takes."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


def _reason(err: OSError) -> str:
    return err.strerror.lower() if err.strerror else str(err)
