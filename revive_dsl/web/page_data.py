"""What a replay page shows, gathered by replaying its script: plain data, ready to be written as JSON.

The first state is stored whole and every step after it as a patch (:func:`patch`): the page rebuilds the
state of any step from them. The board's cells are stored once (their place, their space key) with what each
shows at the start (terrain, a face-down tile, a large location), then the cells a step turned over.

>>> before = {"a": 1, "b": {"c": [1, 2], "d": 4}, "p": [{"x": 1}, {"x": 2}]}
>>> after = {"a": 1, "b": {"c": [1, 2, 3]}, "p": [{"x": 1}, {"x": 5}], "e": True}
>>> patch(before, after)
[[['b', 'c'], 2, 0, [3]], [['b', 'd']], [['p', 1, 'x'], 5], [['e'], True]]
>>> apply(before, patch(before, after)) == after
True
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from revive_dsl.content.glyphs import glyphs
from revive_dsl.engine.declared import counters_of
from revive_dsl.engine.game import MOVES, Runner, why_refused
from revive_dsl.engine.geometry import geometry
from revive_dsl.engine.rules import Rules
from revive_dsl.replay.diff import flat_changes, flatten, format_change
from revive_dsl.replay.hexmap import ground, map_cells, terrains, tokens
from revive_dsl.replay.player import Replay, ReplayError, StepResult
from revive_dsl.replay.render import account, part_rows_by_namespace, score_lines, with_names
from revive_dsl.replay.script import Script

PAGE_FORMAT = 1  # the shape of this data, which the page's script reads


def patch(before: Any, after: Any, path: tuple = ()) -> list[list]:
    """The changes that turn ``before`` into ``after``: ``[path, value]`` sets a value, ``[path]`` removes a key,
    ``[path, start, count, items]`` replaces ``count`` items of a list from ``start`` with ``items`` (a card
    drawn from a deck: ``[path, 0, 1, []]``). Mappings are compared key by key, in the new mapping's order, and
    lists of the same length item by item."""
    if before == after:
        return []
    if isinstance(before, dict) and isinstance(after, dict):
        out: list[list] = []
        for key, value in after.items():
            if key not in before:
                out.append([[*path, key], value])
            elif before[key] != value:
                out.extend(patch(before[key], value, (*path, key)))
        out.extend([[*path, key]] for key in before if key not in after)
        return out
    if isinstance(before, list) and isinstance(after, list):
        if len(before) == len(after) and all(isinstance(item, (dict, list)) for item in after):
            return [change for index, item in enumerate(after) for change in patch(before[index], item, (*path, index))]
        start = 0
        while start < min(len(before), len(after)) and before[start] == after[start]:
            start += 1
        end = 0
        while end < min(len(before), len(after)) - start and before[-1 - end] == after[-1 - end]:
            end += 1
        return [[list(path), start, len(before) - start - end, after[start : len(after) - end]]]
    return [[list(path), after]]


def apply(state: Any, changes: list[list]) -> Any:
    """The state ``changes`` (from :func:`patch`) make of ``state``, which is left as it was."""
    out = copy.deepcopy(state)
    for change in changes:
        *where, last = change[0]
        holder = out
        for key in where:
            holder = holder[key]
        if len(change) == 1:
            del holder[last]
        elif len(change) == 4:
            start, count, items = change[1:]
            holder[last][start : start + count] = copy.deepcopy(items)
        else:
            holder[last] = copy.deepcopy(change[1])
    return out


def _cells(rules: Rules) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Every cell of the map (q, r, space key; a large location's cells also their slot); large slot -> middle."""
    cells, large_cell, middle = map_cells(rules)
    slot_of = geometry(rules).slot_of
    out = []
    for (q, r), key in sorted(cells.items(), key=lambda item: (item[0][1], item[0][0])):
        cell: dict[str, Any] = {"q": q, "r": r, "key": key}
        if key in large_cell:
            cell["large"] = large_cell[key]
        elif slot_of.get(key, ("",))[0]:
            cell["slot"] = slot_of[key][0]  # the tile slot (a02, s1) the cell is part of
        out.append(cell)
    return out, middle


def _grounds(game: Any, rules: Rules, cells: list[dict[str, Any]]) -> dict[str, str]:
    """What each cell shows: a key of the terrain table, or '' for an empty slot."""
    large_cell = {c["key"]: c["large"] for c in cells if "large" in c}
    return {c["key"]: ground(rules, game, c["key"], large_cell) or "" for c in cells}


def _terrains(rules: Rules) -> dict[str, dict[str, str]]:
    """Each ground's letter and word, and the colour a rules package gives its own (the page's CSS has the
    others')."""
    own = glyphs(rules.package_names)["grounds"]
    out = {}
    for key, (letter, _, word) in terrains(rules).items():
        out[key or ""] = {"letter": letter, "word": word}
        if key in own and "colour" in own[key]:
            out[key]["colour"] = own[key]["colour"]
    return out


def _names(rules: Rules) -> dict[str, dict[str, str]]:
    """Every component's name, kind and colour, by id, for the page's labels."""
    out = {}
    for cid, comp in rules.content.components.items():
        entry = {"name": str(comp.data.get("name", cid)), "kind": comp.kind}
        if isinstance(comp.data.get("colour"), str):
            entry["colour"] = comp.data["colour"]
        out[cid] = entry
    return out


def shown_rows(game: Any, rules: Rules) -> dict[str, Any]:
    """What the terminal shows of a state beyond its fields: each player's rows of the rules packages' parts
    (their ``rows()``), by namespace, and the packs' lines under the scores, with component ids as names."""
    return {
        "players": [
            {
                ns: [[label, with_names(text, rules)] for label, text in rows]
                for ns, rows in part_rows_by_namespace(p).items()
            }
            for p in game.players
        ],
        "lines": [with_names(line, rules) for line in score_lines(game)],
    }


def _named_sheets(game: Any, rules: Rules) -> list[dict[str, Any]]:
    """The final score sheets' lines with component ids in their details as names."""
    return [
        [[str(line.get("rule", "")), line.get("points", ""), with_names(str(line.get("detail", "")), rules)]
         for line in sheet.get("lines", [])]
        for sheet in game.turn.final_scores or []
    ]  # fmt: skip


def _step(result: StepResult, replay: Replay, grounds: dict[str, str], cells: list[dict[str, Any]], seen: dict) -> dict:
    """One step's data; ``seen`` keeps the last state and its flat form, so each state is read once."""
    step = result.step
    before, flat_before = seen["state"], seen["flat"]
    after = result.after.to_dict()
    flat_after = flatten(after, replay.names)
    seen.update(state=after, flat=flat_after)
    changes = flat_changes(flat_before, flat_after, replay.names)
    player = step.move.player or "setup"
    move_text = step.text[len(player) + 1 :] if step.text.startswith(f"{player} ") else step.text
    log = result.log
    if result.refused is not None:
        log = [f"refused, as the script expects: {result.refused}"]
    labels = result.labels or [""] * len(result.decisions)
    turned = {}
    board_before, board_after = before["board"], after["board"]
    # a tile turned over, a location placed, a token that shows a terrain (a forest tile) laid: look again
    if any(board_before.get(k) != board_after.get(k) for k in ("tiles", "large_locations", "tokens", "stacked_tokens")):
        now = _grounds(result.after, replay.rules, cells)
        turned = {key: shown for key, shown in now.items() if grounds.get(key) != shown}
        grounds.update(turned)
    out: dict[str, Any] = {
        "index": step.index,
        "player": player,
        "move": move_text,
        "line": step.text,
        "account": account(player, log, changes, replay.rules),
        "decisions": [
            [prompt, with_names(answer, replay.rules), label]
            for (prompt, answer), label in zip(result.decisions, labels, strict=False)
        ],
        "changes": [[c.path, format_change(c)] for c in changes],
        "patch": patch(before, after),
    }
    if turned:
        out["cells"] = turned
    board = after["board"]
    for part in ("buildings", "figures", "tokens", "large_locations"):
        seen["elsewhere"].update(dict.fromkeys(k for k in board.get(part) or {} if k not in seen["places"]))
    rows = shown_rows(result.after, replay.rules)
    if rows != seen["rows"]:  # kept from step to step: given again only when it changes
        out["rows"] = seen["rows"] = rows
    if result.after.turn.final_scores:
        out["sheets"] = _named_sheets(result.after, replay.rules)
    if step.note:
        out["note"] = step.note
    if step.highlight:
        out["highlight"] = [replay.script.path(h) for h in step.highlight]
    if result.refused is not None:
        out["refused"] = result.refused
    return out


def try_it(replay: Replay, step: Any) -> dict[str, Any]:
    """A try-it step of a tutorial as the page asks it: each decision of the scripted move in turn, with every
    option (key, label, name), the one the lesson wants, and why the engine refuses a move not open now. The
    decisions of other players (bracketed answers) are answered for the learner."""
    game = replay.game
    runner = Runner(game.clone(), replay.rules)
    mover = step.move.player
    answers = [(step.move.verb, mover)] + [(a.key, a.player or mover) for a in step.move.answers]
    asked = []
    for key, who in answers:
        decision = runner.decision()
        if decision is None:
            break
        options = [[o.key, o.label, with_names(o.key, replay.rules)] for o in decision.options]
        entry: dict[str, Any] = {"prompt": decision.prompt, "options": options, "answer": key}
        if who != mover:
            entry["by"] = who
        if decision.rule == "turn":  # the moves not open now, with the engine's reason
            legal = set(decision.legal_keys())
            refused = {name: why_refused(runner.game, name) for name in MOVES if name not in legal}
            entry["refused"] = {name: why for name, why in refused.items() if why}
        asked.append(entry)
        runner.answer(key)
    out: dict[str, Any] = {"decisions": asked}
    if step.hint:
        out["hint"] = step.hint
    return out


def _counters(rules: Rules) -> dict[str, dict[str, Any]]:
    """The counters the packs declare, for the players' boards and the table: word -> pack, label and bounds."""
    return {
        word: {"pack": c.pack, "label": c.english, "low": c.low, "high": c.high, "holder": c.holder}
        for word, c in counters_of(rules).items()
    }


def page_data(script: Script, title: str | None = None) -> dict[str, Any]:
    """Everything the page shows of ``script``, replayed to its end (or to its first failing step, which the data
    then names under ``error``)."""
    replay = Replay(script)
    rules = replay.rules
    cells, middle = _cells(rules)
    start = replay.game
    grounds = _grounds(start, rules, cells)
    first = start.to_dict()
    places = {c["key"] for c in cells} | set(middle)
    rows = shown_rows(start, rules)
    seen = {"state": first, "flat": flatten(first, replay.names), "places": places, "elsewhere": {}, "rows": rows}
    board = first["board"]
    for part in ("buildings", "figures", "tokens", "large_locations"):
        seen["elsewhere"].update(dict.fromkeys(k for k in board.get(part) or {} if k not in places))
    data: dict[str, Any] = {
        "format": PAGE_FORMAT,
        "title": title or script.title or script.file,
        "file": Path(script.file).name,  # a page is shared: the reader's folders stay out of it
        "packs": list(rules.packs),
        "players": [{"name": p.name, "tribe": p.tribe, "side": p.side} for p in start.players],
        "start": first,
        "cells": cells,
        "grounds": dict(grounds),
        "middle": middle,
        "terrains": _terrains(rules),
        "tokens": {key: {"sign": sign, "word": word} for key, (sign, word) in tokens(rules).items()},
        "names": _names(rules),
        "counters": _counters(rules),
        "rows": rows,
        "steps": [],
    }
    if script.data.get("description"):
        data["description"] = script.data["description"]
    while replay.done < len(script.steps):
        upcoming = script.steps[replay.done]
        asked = try_it(replay, upcoming) if upcoming.try_it else None
        try:
            result = replay.step()
        except ReplayError as err:
            data["error"] = err.diagnostics[0].render()
            break
        data["steps"].append(_step(result, replay, grounds, cells, seen))
        if asked is not None:
            data["steps"][-1]["try"] = asked
    # places off the map that hold pieces at some step (the expansion's devotion location): drawn below it
    data["elsewhere"] = list(seen["elsewhere"])
    return data
