"""Writing games as scripts: group a game's answers into moves, with the outcomes each move drew.

``revive simulate --out DIR`` writes its random games this way, and replaying the script
gives the identical final state (tests check it for every player count).

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.simulate import play_random_game
>>> rules = Rules.load(("base",))
>>> record = play_random_game(rules, [("Ann", "nadair", "sun")], seed=4)
>>> data = script_from_answers(rules, record.players, record.seed, record.variants, record.answers)
>>> data["steps"][0], data["setup"]["seed"], data["setup"]["outcomes"]["citizen_deck"][:3]  # the display's top
('Ann switch food', 4, ['cit_harvester', 'cit_steward', 'cit_quartermaster'])
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

from revive_dsl.engine.game import Runner
from revive_dsl.engine.rules import Rules
from revive_dsl.locations import content_root, schema_reference
from revive_dsl.replay import chance
from revive_dsl.replay.notation import Answer, MoveLine, Reveal, format_move
from revive_dsl.replay.script import FORMAT


def moves_of(
    rules: Rules,
    players: list[tuple[str, str, str]],
    seed: int,
    variants: Iterable[str],
    answers: Iterable[tuple[int, str]],
) -> list[MoveLine]:
    """Replay ``answers`` ((seat, key) per decision) and cut them into move lines."""
    from revive_dsl.engine.setup import new_game

    game = new_game(rules, players, seed=seed, variants=list(variants))
    runner = Runner(game, rules)
    names = [p[0] for p in players]
    lines: list[MoveLine] = []
    current: list[tuple[int, str]] = []
    before = game  # committed states are never changed in place
    setup = runner.decision() is not None and runner.decision().rule != "turn"
    for seat, key in answers:
        runner.answer(key)
        current.append((seat, key))
        following = runner.decision()
        if runner.between_moves and (following is None or following.rule == "turn"):
            lines.append(move_line(names, current, setup, chance.drawn(before, runner.game)))
            current, before, setup = [], runner.game, False
    if current:
        raise ValueError("the answers stop in the middle of a move")
    return lines


def setup_outcomes(
    rules: Rules,
    players: list[tuple[str, str, str]],
    seed: int,
    variants: Iterable[str],
    fixed: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything chance gave the game's setup, as ``setup.outcomes`` (docs/replay-format.md): every tile and its
    place, each pile in its whole order (top first; the displays are dealt from it), each player's dealt cards and
    artifact cards. A game recorded with them replays after its packs gain a card, a tile or a machine: the seed
    then shuffles otherwise, but the outcomes put back everything the game had, and a new component goes under its
    pile (or, a tile, wherever no slot is written: back to the box). An outcome naming a component the packs no
    longer have is an error at it. ``fixed``: the outcomes a script already writes (they stand).

    >>> out = setup_outcomes(Rules.load(("base",)), [("Ann", "nadair", "sun")], 3, [])
    >>> sorted(out)[:4], len(out["citizen_deck"]) > 5, out["crates"][:2]
    (['area_tiles', 'artifact_cards', 'citizen_deck', 'crates'], True, ['crate_08', 'crate_27'])
    """
    from revive_dsl.engine.setup import setup_draws

    drawn = setup_draws(rules, len(players), seed, list(variants), fixed)
    return {name: value for name, value in drawn.items() if value is not None}


class FlowValue:
    """Lists written on one line (``[crate_07, crate_01]``) inside a block-style script: a recorded setup's
    outcomes stay readable."""

    @staticmethod
    def of(value: Any) -> Any:
        if isinstance(value, list):
            return FlowList(FlowValue.of(v) for v in value)
        if isinstance(value, dict):
            inner = {k: FlowValue.of(v) for k, v in value.items()}
            plain = all(not isinstance(v, (list, dict)) for v in value.values())
            return FlowDict(inner) if plain and len(value) <= 3 else inner
        return value


class FlowList(list):
    """A list the script writer puts on one line."""


class FlowDict(dict):
    """A small mapping the script writer puts on one line (``{tile: largeloc_1, side: 0}``)."""


class _Dumper(yaml.SafeDumper):
    pass


def _flow_list(dumper: yaml.SafeDumper, data: FlowList) -> yaml.Node:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", list(data), flow_style=True)


def _flow_dict(dumper: yaml.SafeDumper, data: FlowDict) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", dict(data), flow_style=True)


_Dumper.add_representer(FlowList, _flow_list)
_Dumper.add_representer(FlowDict, _flow_dict)


def move_line(names: list[str], answers: list[tuple[int, str]], setup: bool, took: list[tuple[str, str]]) -> MoveLine:
    """One move line: the answers of a move (seat, key) by the players named, with what chance drew (``took``)."""
    reveals = tuple(Reveal(p, i) for p, i in took)
    if setup:
        return MoveLine(None, None, tuple(Answer(k, names[s]) for s, k in answers), reveals)
    (mover, verb), rest = answers[0], answers[1:]
    written = tuple(Answer(k, None if s == mover else names[s]) for s, k in rest)
    return MoveLine(names[mover], verb, written, reveals)


def script_from_answers(
    rules: Rules,
    players: list[tuple[str, str, str]],
    seed: int,
    variants: Iterable[str],
    answers: Iterable[tuple[int, str]],
    title: str | None = None,
) -> dict[str, Any]:
    """A whole script (as plain data) for a game given by its setup and answers."""
    variants = list(variants)
    data: dict[str, Any] = {"format": FORMAT}
    if title:
        data["title"] = title
    data["packs"] = list(rules.packs)
    data["players"] = [{"name": n, "tribe": t, "side": s} for n, t, s in players]
    if variants:
        data["variants"] = variants
    outcomes = setup_outcomes(rules, players, seed, variants)
    data["setup"] = {"seed": seed, "draws": "seed", "recorded": True, "outcomes": outcomes}
    data["steps"] = [format_move(m) for m in moves_of(rules, players, seed, variants, answers)]
    return data


def pack_references(packs: Iterable[str], folder: str | Path) -> list[str]:
    """Pack names as a script written into ``folder`` must write them: bundled ids as they are, paths
    (relative to the current directory) rewritten relative to ``folder``, since a script's packs are
    found relative to the script.

    >>> import os
    >>> pack_references(["base", "packs/mine"], "out/games") == ["base", os.path.join("..", "..", "packs", "mine")]
    True
    """
    root = content_root()
    out = []
    for name in packs:
        bundled = "/" not in name and "\\" not in name and (root / name / "pack.yaml").is_file()
        out.append(name if bundled else Path(os.path.relpath(Path(name).resolve(), Path(folder).resolve())).as_posix())
    return out


def dump_script(data: dict[str, Any], folder: str | Path | None = None) -> str:
    """A script's YAML text, keys in the documented order.

    With ``folder`` (where the file will be written) it starts with the ``$schema`` line
    editors use, pointing at the script schema by a path relative to the folder, as a new pack's files do
    (:func:`~revive_dsl.locations.schema_reference`: a checkout's own schemas in a checkout).
    """
    head = ""
    if folder is not None:
        head = f"# yaml-language-server: $schema={schema_reference('script.schema.json', Path(folder))}\n"
    setup = data.get("setup")
    if isinstance(setup, dict) and isinstance(setup.get("outcomes"), dict):  # written compactly, however it was read
        data = {**data, "setup": {**setup, "outcomes": FlowValue.of(setup["outcomes"])}}
    return head + dump_yaml(data)


def dump_yaml(data: Any, width: int = 120) -> str:
    """YAML as scripts are written: keys in their order, block style, the lists :class:`FlowValue` marks on one
    line.

    >>> print(dump_yaml({"outcomes": FlowValue.of({"crates": ["crate_07", "crate_01"]})}), end="")
    outcomes:
      crates: [crate_07, crate_01]
    """
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=width, default_flow_style=False)
