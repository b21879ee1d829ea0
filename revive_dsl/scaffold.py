"""``revive new pack NAME``: a new content pack that depends on base, ready to check, verify and edit.

The folder holds a manifest, one example component of each common kind (a citizen card, a slot
module, a machine token, a crate: ids prefixed with the pack's id, so they never clash with the
bundled packs'), a replay script that plays them and checks what they give, and a README. Right
after it is written, ``revive check NAME``, ``revive verify NAME`` and ``revive fmt --check NAME``
pass.

Each YAML file starts with the ``# yaml-language-server: $schema=`` line editors use. It points at
the installed schemas (:func:`~revive_dsl.resources.schema_dir`) by a path relative to the file when
the pack lies in the tree that holds them (a pack made inside a checkout, like ``content/base/``),
else by an absolute path, which keeps working wherever the pack's folder is moved; ``schemas=`` (the
``--schemas DIR`` option) points them at another folder instead, e.g. one ``revive schemas --write DIR``
wrote beside your packs, by a relative path.

>>> pack_name_problem("my_pack") is None, pack_name_problem("My-Pack")
(True, "'My-Pack' is not a valid pack id: a lowercase letter, then lowercase letters, digits or _ (e.g. my_pack)")
>>> pack_name_problem("base")
"'base' is a bundled pack's id; choose another name"
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from revive_dsl.fileio import make_folder, write_text_atomic
from revive_dsl.resources import checkout_root, content_root, schema_dir

PACK_ID = re.compile(r"^[a-z][a-z0-9_]*$")  # the pack schema's id pattern (schema_defs.ID)
SCRIPT = Path("scripts") / "try-it.yaml"


class ScaffoldError(Exception):
    """The pack cannot be written (a bad name, or its folder exists); the message says why."""


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
    if (content_root() / name / "pack.yaml").is_file():
        return f"'{name}' is a bundled pack's id; choose another name"
    return None


def schema_reference(schema: str, folder: Path, schemas: Path | None = None) -> str:
    """What the ``$schema=`` line of a file in ``folder`` names for ``schema`` (e.g. ``crate.schema.json``)."""
    folder = folder.resolve()
    if schemas is not None:
        return Path(os.path.relpath(schemas.resolve() / schema, folder)).as_posix()
    checkout = checkout_root(folder)
    if checkout is not None and (checkout / "revive_dsl" / "schemas").is_dir():  # a pack in a checkout: its schemas
        return Path(os.path.relpath(checkout / "revive_dsl" / "schemas" / schema, folder)).as_posix()
    target = schema_dir() / schema
    tree = schema_dir().parent.parent  # the site-packages folder (or a checkout run without installing)
    if folder.is_relative_to(tree):
        return Path(os.path.relpath(target, folder)).as_posix()
    return target.as_posix()


def _head(schema: str, folder: Path, schemas: Path | None) -> str:
    return f"# yaml-language-server: $schema={schema_reference(schema, folder, schemas)}\n"


def _files(name: str, folder: Path, schemas: Path | None) -> list[tuple[Path, str, str]]:
    """(relative path, text, what it is) of every file of the new pack ``name`` written to ``folder``."""
    title = name.replace("_", " ").capitalize()
    cit, mod, mach, crate = (f"{name}_{kind}_example" for kind in ("cit", "mod", "mach", "crate"))

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
            + "depends: [base]\n",
            "the manifest: id, name, version, depends: [base]",
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
            + '    top: "gain 2 book and gain food"\n'
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
            SCRIPT,
            head("script.schema.json", folder / SCRIPT.parent)
            + "format: 2\n"
            + f"title: Trying the {title} pack's components\n"
            + "description: |\n"
            + f"  A solo start state holding one component of each kind of the pack: {cit} in Ann's hand,\n"
            + f"  {mod} in her top_left slot, {crate} closed, {mach} on a special machine space.\n"
            + "packs: [..]   # this pack: its folder, relative to this script's own folder; base comes with it\n"
            + "players:\n"
            + "  - {name: Ann, tribe: nadair, side: sun}\n"
            + "setup:\n"
            + "  seed: 3\n"
            + "  state:\n"
            + "    players:\n"
            + "      Ann:\n"
            + "        resources: {gear: 0, book: 0, food: 0, crystal: 0}\n"
            + f"        active: [{cit}, start_c_1, start_c_5, start_c_6]   # seed 3's starting cards stay\n"
            + f"        modules: {{top_left: [{mod}, null, null]}}\n"
            + f"        crates_closed: [{crate}]\n"
            + "        unlocked: [special_grey_1]\n"
            + f"        special_machines: {{special_grey_1: {mach}}}\n"
            + "steps:\n"
            + f"  - move: Ann play {cit} top_left\n"
            + "    note: The top half gives 2 book and 1 food; a green card activates the green module (2 food).\n"
            + "    expect:\n"
            + "      Ann.resources.book: 2\n"
            + "      Ann.resources.food: 3\n"
            + f"      Ann.slots.top_left.{cit}.half: top\n"
            + f"  - move: Ann open_crate {crate}\n"
            + f"    expect: {{Ann.resources.crystal: 1, Ann.crates_opened: [{crate}]}}\n"
            + "  - move: Ann machine special_grey_1\n"
            + "    expect: {Ann.resources.gear: 2, Ann.energy_on: [special_grey_1]}\n"
            + "  - Ann end\n",
            "a replay script: plays the four components and checks what they give (expect:)",
        ),
        (Path("README.md"), _readme(name, title, cit), "what the files are, and the next commands"),
    ]
    return files


def _commands(name: str, cit: str) -> str:
    """The next commands, each with what it does, comments aligned."""
    rows = [
        (f"revive check {name}", "the schemas and effect texts of every file"),
        (f"revive verify {name}", "replays scripts/try-it.yaml, checking each expect:"),
        (f"revive replay {name}/scripts/try-it.yaml", "shows each step: what happened, what changed"),
        (f"revive explain {cit} --content {name}", "a component's effects in English"),
        (f"revive fmt {name}", "effect texts and move lines in canonical form"),
    ]
    width = max(len(command) for command, _ in rows)
    return "".join(f"{command:<{width}}  # {about}\n" for command, about in rows)


def _readme(name: str, title: str, cit: str) -> str:
    return f"""# {title}

A content pack for the board game Revive, made by `revive new pack {name}`. It depends on the bundled
base game (`depends: [base]`); every component id starts with `{name}_`, so none clashes with the base game's.

| file | what it holds |
| --- | --- |
| `pack.yaml` | the manifest: `id` (`{name}`), `name`, `version`, `depends` |
| `citizen_cards.yaml` | citizen cards (`kind: citizen_card`): `colour`, and the `top` and `bottom` effect texts |
| `slot_modules.yaml` | slot modules (`kind: slot_module`): `colours`, and the `effect` gained when one activates |
| `machine_tokens.yaml` | special machine tokens (`kind: machine_token`): `colour`, and a `machine: ...` effect |
| `crates.yaml` | crates (`kind: crate`): the `effect` gained when a crate is opened |
| `scripts/try-it.yaml` | a replay script playing each example component and checking what it gives (`expect:`) |

Effect texts are in the rule DSL: every word, with an example, is in the project's `docs/dsl-reference.md`
(`revive docs` prints it). The base game's words are yours to use; to use Call of the Abyss's words (the
*package* column says `abyss`), depend on it too (`depends: [base, abyss]`). A pack with mechanics the words
cannot say needs a rules package, installed Python code that its manifest names (`rules: NAME`): see the
project's `docs/architecture.md`. Each component says `provenance: representative` (authored from the game's
vocabulary); write `rulebook` for a component printed in the rule documents. The first line of each YAML file
lets an editor with a YAML language server check and complete the file against the installed schemas.

Next, from the folder holding this one:

```sh
{_commands(name, cit)}```

Rename the examples and add components of any kind (see the project's `content/base/` for every kind);
the replay script format, and how a start state (`setup.state`) gives a player the components to try, are in
the project's `docs/replay-format.md`. Scripts in this folder are not content: `revive check` skips them, and
they name this pack by its path relative to themselves (`packs: [..]`), so the folder can move.
"""


def new_pack(name: str, parent: Path, schemas: Path | None = None) -> list[Written]:
    """Write the new pack ``name`` as the folder ``parent/name``; the files written, in order.

    Raises :class:`ScaffoldError` for a name that is not a pack id (or is a bundled pack's) and for a
    folder that exists: nothing is ever overwritten.
    """
    problem = pack_name_problem(name)
    if problem:
        raise ScaffoldError(problem)
    folder = parent / name
    if folder.exists() or folder.is_symlink():
        raise ScaffoldError(f"{folder} already exists; not overwriting it (choose another name or --dir)")
    if not parent.is_dir():
        raise ScaffoldError(f"{parent} is not a folder")
    files = _files(name, folder.resolve(), schemas)
    folder.mkdir()
    written = []
    for rel, text, about in files:
        path = folder / rel
        make_folder(path.parent)
        write_text_atomic(path, text)
        written.append(Written(path, about))
    return written
