"""Writing games as scripts: group a game's answers into moves, with the outcomes each move drew.

``revive simulate --out DIR`` writes its random games this way, and replaying the script
gives the identical final state (tests check it for every player count).

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.simulate import play_random_game
>>> rules = Rules.load(("base",))
>>> record = play_random_game(rules, [("Ann", "nadair", "sun")], seed=4)
>>> data = script_from_answers(rules, record.players, record.seed, record.variants, record.answers)
>>> data["steps"][0], data["setup"]
('Ann play start_d_6 top_left no', {'seed': 4, 'draws': 'seed'})
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

from revive_dsl.engine.game import Runner
from revive_dsl.engine.rules import Rules
from revive_dsl.replay import chance
from revive_dsl.replay.notation import Answer, MoveLine, Reveal, format_move
from revive_dsl.replay.script import FORMAT
from revive_dsl.resources import content_root, schema_reference


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
            lines.append(_line(names, current, setup, chance.drawn(before, runner.game)))
            current, before, setup = [], runner.game, False
    if current:
        raise ValueError("the answers stop in the middle of a move")
    return lines


def _line(names: list[str], answers: list[tuple[int, str]], setup: bool, took: list[tuple[str, str]]) -> MoveLine:
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
    data["setup"] = {"seed": seed, "draws": "seed"}
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
    (:func:`~revive_dsl.resources.schema_reference`: a checkout's own schemas in a checkout).
    """
    head = ""
    if folder is not None:
        head = f"# yaml-language-server: $schema={schema_reference('script.schema.json', Path(folder))}\n"
    return head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120, default_flow_style=False)
