"""Rich views of a replay: one step (what happened, what changed, the note) and the whole state.

Everything here reads a state and the content and returns a Rich renderable; nothing changes
either. The output depends only on its arguments (no clock, no set order), so a recording
console exports the same HTML or SVG every time, and ``Console(no_color=True)`` prints plain
text that still says everything (highlights carry a ``»`` mark, not only a style).

>>> import io
>>> from rich.console import Console
>>> console = Console(file=io.StringIO(), width=60, no_color=True)
>>> changes = [Change("Ann.resources.book", 3, 5)]
>>> console.print(render_step(1, "Ann", "switch book", ["Ann uses the switch: gains 2 book"], [], changes, None))
>>> print(console.file.getvalue().splitlines()[1].strip("│ "))
Ann uses the switch: gains 2 book (3 -> 5)
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import RESOURCES
from revive_dsl.replay.diff import ADDED, REMOVED, REORDERED, SET, Change, format_change, show, state_changes
from revive_dsl.replay.hexmap import player_style, render_map

__all__ = [
    "Change",
    "account",
    "format_change",
    "name_of",
    "part_rows",
    "part_rows_by_namespace",
    "render_changes",
    "render_displays",
    "render_map",
    "render_players",
    "render_scores",
    "render_state",
    "render_step",
    "score_lines",
    "state_changes",
    "with_names",
]

GAIN, LOSS, PLAIN = "green", "red", "yellow"
HIGHLIGHT = "bold reverse"
HIGHLIGHT_MARK = "» "
PATH_STYLE = "cyan"
DECISION_STYLE = "dim"

# A card's colour -> its style.
CARD_STYLES = {"grey": "grey62", "green": "green", "yellow": "yellow"}

# Log lines that name no subject start with one of these verbs: the subject is the last one named.
SUBJECTLESS = ("gains ", "scores ", "pays ", "loses ")

# Top-level state keys: a change path starting with any other word starts with a player's name.
STATE_KEYS = frozenset({"board", "supply", "turn", "packs", "variants", "seed", "draws"})

_WORD = re.compile(r"[A-Za-z0-9_]+")
_GAINS = re.compile(r"gains ((?:\d+ (?:" + "|".join(RESOURCES) + r")\b(?: \+ )?)+)")  # gains 1 crystal + 1 food
_PAYS_DICT = re.compile(r"pays (\{[^}]*\})")
_PAYS = re.compile(r"\(pay ([^)]*)\)|pays ([0-9][^(]*)")
_AMOUNT = re.compile(r"(\d+) (" + "|".join(RESOURCES) + r")\b")


# --- names -----------------------------------------------------------------------------------


def name_of(rules: Rules | None, cid: str) -> str:
    """A component's printed name, or the id itself when it is not a component (or no rules given).

    >>> name_of(Rules.load(("base",)), "cit_mentor"), name_of(None, "cit_mentor"), name_of(Rules.load(("base",)), "a02")
    ('Mentor', 'cit_mentor', 'a02')
    """
    if rules is None or cid not in rules.content.components:
        return cid
    return str(rules.data(cid).get("name", cid))


def with_names(text: str, rules: Rules | None) -> str:
    """A log line with every component id replaced by its name.

    >>> with_names("Ann plays start_b_6 into top_left", Rules.load(("base",)))
    'Ann plays Barterer (B) into top_left'
    """
    if rules is None:
        return text
    return _WORD.sub(lambda m: name_of(rules, m.group(0)), text)


def _styled_id(rules: Rules | None, cid: str | None) -> Text:
    """A component by name, coloured by its card colour where it has one; ``·`` for nothing."""
    if cid is None:
        return Text("·", style="dim")
    colour = rules.data(cid).get("colour") if rules is not None and cid in rules.content.components else None
    return Text(name_of(rules, cid), style=CARD_STYLES.get(colour, ""))


def _ids(rules: Rules | None, cids: Iterable[str | None], empty: str = "-") -> Text:
    parts = [_styled_id(rules, c) for c in cids]
    return Text(", ").join(parts) if parts else Text(empty, style="dim")


# --- the English account of a step ----------------------------------------------------------


def _pay_amounts(line: str) -> dict[str, int]:
    """What a log line says was paid: ``(pay 2 book + 1 food)``, ``pays 1 food`` or ``pays {'food': 1}``."""
    out: dict[str, int] = {}
    found = _PAYS_DICT.search(line)
    if found:
        try:
            paid = ast.literal_eval(found.group(1))
        except (ValueError, SyntaxError):
            paid = {}
        return {k: int(v) for k, v in paid.items() if k in RESOURCES} if isinstance(paid, dict) else {}
    for m in _PAYS.finditer(line):
        for amount, resource in _AMOUNT.findall(m.group(1) or m.group(2) or ""):
            out[resource] = out.get(resource, 0) + int(amount)
    return out


def _tidy(line: str) -> str:
    """``pays {'food': 1}`` -> ``pays 1 food``."""

    def spoken(m: re.Match[str]) -> str:
        try:
            paid = ast.literal_eval(m.group(1))
        except (ValueError, SyntaxError):
            return m.group(0)
        if not isinstance(paid, dict):
            return m.group(0)
        return "pays " + " + ".join(f"{v} {k}" for k, v in paid.items())

    return _PAYS_DICT.sub(spoken, line)


def _subject(line: str, names: list[str]) -> str | None:
    """The player a line names first: a known name, else a capitalised first word (``Bob gains a crate``)."""
    known = next((n for n in names if line.startswith((f"{n} ", f"{n}'s ", f"{n}:"))), None)
    if known is not None:
        return known
    first = line.split(" ", 1)[0].removesuffix("'s").rstrip(":")
    return first if first[:1].isupper() else None


def account(player: str, log_lines: list[str], changes: Iterable[Change] = (), rules: Rules | None = None) -> list[str]:
    """The step in English: every line with its subject, resource gains with their values, names for ids.

    A line without a subject (``gains 1 gear``) belongs to the last player named (at first the
    step's player; a player is recognised by a name in ``changes`` or a capitalised first word).
    A gain is followed by the resource's values before and after it when the step's diff
    confirms them; when other payments hid in the step (crystals paid instead of a
    resource), the last gain shows the step's whole change instead.

    >>> account("Ann", ["Ann recruits cit_mentor", "gains 2 book"], [Change("Ann.resources.book", 3, 5)],
    ...         Rules.load(("base",)))
    ['Ann recruits Mentor', 'Ann gains 2 book (3 -> 5)']
    """
    changes = list(changes)
    names = sorted({player, *(c.path.split(".", 1)[0] for c in changes)} - STATE_KEYS, key=lambda n: (-len(n), n))
    lines, subjects = [], []
    current = player
    for raw in log_lines:
        line = _tidy(raw)
        named = _subject(line, names)
        if named is not None:
            current = named
        elif line.startswith(SUBJECTLESS):
            line = f"{current} {line}"
        lines.append(line)
        subjects.append(current)
    notes = _resource_notes(lines, subjects, changes)
    told = [with_names(line, rules) + notes.get(i, "") for i, line in enumerate(lines)]
    return told or _turn_passed(player, changes)


def _turn_passed(player: str, changes: list[Change]) -> list[str]:
    """What a step that told nothing else did to the turn (an ``end`` step): who plays next, or that the game is over;
    nothing if the turn did not change hands.

    >>> _turn_passed("Ann", [Change("turn.actions", 2, 0), Change("turn.player", "Ann", "Bob")])
    ['Ann ends the turn: Bob to play']
    >>> _turn_passed("Ann", [Change("turn.over", False, True)]), _turn_passed("Ann", [])
    (['Ann ends the turn: the game is over'], [])
    """
    for change in changes:
        if change.path == "turn.over" and change.new is True:
            return [f"{player} ends the turn: the game is over"]
    for change in changes:
        if change.path == "turn.player" and change.op == SET and change.new != change.old:
            return [f"{player} ends the turn: {change.new} to play"]
    return []


def _resource_notes(lines: list[str], subjects: list[str], changes: Iterable[Change]) -> dict[int, str]:
    """Line index -> `` (old -> new)`` for the gains the diff confirms."""
    wanted = {c.path: c for c in changes if c.op == "set"}
    notes: dict[int, str] = {}
    for who in sorted(set(subjects)):
        for resource in RESOURCES:
            change = wanted.get(f"{who}.resources.{resource}")
            if change is None or not isinstance(change.old, int) or not isinstance(change.new, int):
                continue
            running, mine = change.old, {}
            for i, (line, subject) in enumerate(zip(lines, subjects, strict=True)):
                if subject != who:
                    continue
                running -= _pay_amounts(line).get(resource, 0)
                for amount, res in (pair for found in _GAINS.findall(line) for pair in _AMOUNT.findall(found)):
                    if res == resource:
                        mine[i] = f" ({running} -> {running + int(amount)})"
                        running += int(amount)
            if not mine:
                continue
            if running == change.new:
                notes.update(mine)
            else:
                notes[max(mine)] = f" ({resource} {change.old} -> {change.new} over the step)"
    return notes


# --- a step -----------------------------------------------------------------------------------


def _highlighted(path: str, highlight: Iterable[str]) -> bool:
    """Whether a path is one of ``highlight`` or lies under one (whole path segments).

    >>> _highlighted("Ann.resources.book", {"Ann.resources"}), _highlighted("Anna.points", {"Ann"})
    (True, False)
    """
    return any(path == h or path.startswith(h + ".") or path.startswith(h + " ") for h in highlight)


def _value_style(change: Change) -> str:
    return {1: GAIN, -1: LOSS}.get(change.sign, PLAIN)


def render_changes(changes: Iterable[Change], highlight: Iterable[str] = frozenset()) -> Text:
    """The diff, one line per path: piles as ``+item -item``, values as ``old -> new``.

    Gains are green, losses red; a highlighted path (or one under it) is bold and reversed and
    starts with ``»``.

    >>> text = render_changes([Change("Ann.active", None, "c1", "+"), Change("Ann.points", 2, 4)], {"Ann.points"})
    >>> print(text.plain)
      Ann.active +c1
    » Ann.points: 2 -> 4
    """
    highlight = tuple(sorted(highlight))
    by_path: dict[str, list[Change]] = {}
    for change in changes:
        by_path.setdefault(change.path, []).append(change)
    text = Text()
    for index, (path, group) in enumerate(by_path.items()):
        if index:
            text.append("\n")
        marked = _highlighted(path, highlight)
        text.append(HIGHLIGHT_MARK if marked else "  ", style=HIGHLIGHT if marked else "")
        text.append(path, style=f"{PATH_STYLE} {HIGHLIGHT}" if marked else PATH_STYLE)
        for change in group:
            text.append_text(_change_text(change))
    return text


def _change_text(change: Change) -> Text:
    if change.op in (ADDED, REMOVED):
        return Text.assemble(" ", (f"{change.op}{show(change.item)}", _value_style(change)))
    if change.op == REORDERED:
        return Text(" reordered", style=PLAIN)
    return Text.assemble(": ", (show(change.old), "dim"), " -> ", (show(change.new), _value_style(change)))


def render_step(
    index: int,
    player: str,
    move_text: str,
    log_lines: list[str],
    decisions: Sequence[tuple[str, ...]],
    changes: list[Change],
    note: str | None = None,
    highlight: Iterable[str] = frozenset(),
    rules: Rules | None = None,
) -> Panel:
    """One step as a panel: "Step 12 · Ann: play ...", what happened, the decisions, the diff, the note.

    ``decisions``: (prompt, answer) or (prompt, answer, label): the answer is shown as written (component ids by
    name), then its label where it says more (``which effect?: ability · place a target on a free space``)."""
    parts: list[RenderableType] = []
    told = account(player, log_lines, changes, rules)
    if told:
        parts.append(Text("\n".join(told)))
    elif move_text.split(" ", 1)[0] != "end":  # an end step that changed nothing says nothing
        parts.append(Text("(nothing to tell)", style="dim"))
    if decisions:
        table = Table.grid(padding=(0, 1))
        table.add_column(style=DECISION_STYLE)
        table.add_column(style="bold")
        for prompt, answer, *label in decisions:
            shown = Text(with_names(str(answer), rules))
            said = label[0] if label else ""
            if _says_more(said, str(answer), shown.plain):
                shown.append(f" · {said}", style="dim")
            table.add_row(f"{prompt}:", shown)
        parts.append(table)
    if changes:
        parts.append(render_changes(changes, highlight))
    if note:
        parts.append(Markdown(note))
    parts = [piece for i, part in enumerate(parts) for piece in ([Text("")] if i else []) + [part]]
    title = Text.assemble((f"Step {index}", "bold"), " · ", (player, "bold"), f": {move_text}")
    return Panel(Group(*parts), title=title, title_align="left")


def _says_more(label: str, key: str, shown: str) -> bool:
    """Whether an option's label tells more than its key as shown (``bottom_left`` and "bottom left slot": no).

    >>> _says_more("use your switch", "switch", "switch"), _says_more("trade a crystal", "trade_crystal", "")
    (True, False)
    """
    if not label or label.startswith(shown) or label in (key, shown):
        return False
    plain = set(f"{key} {shown}".replace("_", " ").replace("(", " ").replace(")", " ").lower().split())
    return bool(set(label.lower().split()) - plain - {"a", "an", "the", "slot", "space"})


# --- the whole state --------------------------------------------------------------------------


def _points(player: Any) -> int:
    return player.laps * 50 + player.points


def _counts(values: dict[str, int], order: Iterable[str] = ()) -> str:
    """``{"small": 5, "large": 3}`` -> ``small 5 · large 3`` (the given order first, then by name)."""
    keys = [k for k in order if k in values] + sorted(k for k in values if k not in set(order))
    return " · ".join(f"{k} {values[k]}" for k in keys) or "-"


def _slots(player: Any, rules: Rules | None) -> Text:
    order = [s["id"] for s in rules.player_board.get("slots", [])] if rules is not None else []
    names = [s for s in order if s in player.slots or s in player.modules]
    names += sorted(s for s in {*player.slots, *player.modules} if s not in order)
    text = Text()
    for i, slot in enumerate(names):
        if i:
            text.append("\n")
        text.append(f"{slot}: ", style="bold")
        played = player.slots.get(slot, [])
        cards = [Text.assemble(_styled_id(rules, p.card), f" ({p.half})") for p in played]
        text.append_text(Text(", ").join(cards) if cards else Text("-", style="dim"))
        modules = player.modules.get(slot)
        if modules:
            text.append("  modules: ")
            text.append_text(_ids(rules, modules))
    return text if names else Text("-", style="dim")


def _player_rows(player: Any, rules: Rules | None) -> list[tuple[str, RenderableType]]:
    """(label, value) rows of one player's panel, optional rows only when they hold something."""
    tribe = name_of(rules, player.tribe)
    rows: list[tuple[str, RenderableType]] = [
        ("tribe", Text(f"{tribe} ({player.side})")),
        ("resources", Text(_counts(player.resources, RESOURCES))),
        ("energy", Text(f"{player.energy}" + (f" (on {', '.join(player.energy_on)})" if player.energy_on else ""))),
        ("switch", Text("used" if player.switch_used else "ready")),
        ("active", _ids(rules, player.active)),
        ("resting", _ids(rules, player.resting)),
        ("slots", _slots(player, rules)),
        ("tracks", Text(_counts(player.tracks, ("grey", "green", "yellow")))),
        ("progress", Text(f"{player.progress} (tribe markers left {player.tribe_markers})")),
        ("buildings left", Text(_counts(player.buildings_left, ("small", "large")))),
        ("points", Text(f"{_points(player)}" + (f" + {player.purple} purple" if player.purple else ""))),
        ("hibernations", Text(str(player.hibernations))),
    ]
    optional: list[tuple[str, Any, RenderableType]] = [
        ("machines", player.unlocked, Text(", ".join(player.unlocked))),
        ("special", player.special_machines, _special(player, rules)),
        ("technologies", player.technologies, _ids(rules, player.technologies)),
        ("tokens left", player.tokens_left, Text(_counts(player.tokens_left))),
        ("crates closed", player.crates_closed, _ids(rules, player.crates_closed)),
        ("crates opened", player.crates_opened, _ids(rules, player.crates_opened)),
        ("majors", player.majors, _ids(rules, player.majors)),
        ("minors", player.minors, _ids(rules, player.minors)),
        ("artifact card", player.artifact_card, _ids(rules, [player.artifact_card])),
        ("end-game tile", player.end_game_tile, Text("yes")),
    ]
    rows += [(label, shown) for label, value, shown in optional if value]
    rows += _part_rows(player)
    return rows


def _part_rows(holder: Any) -> list[tuple[str, RenderableType]]:
    return [(label, Text(text)) for label, text in part_rows(holder)]


def part_rows(holder: Any) -> list[tuple[str, str]]:
    """The rows of each rules package's part of the state in use (``state_part``): those its ``rows()`` gives
    (label, text), else one row of its fields that are not at their defaults, e.g. ``lagoon  pearls 3, track 1``;
    the terminal's player panel and the page show the same."""
    return [row for _, rows in sorted(part_rows_by_namespace(holder).items()) for row in rows]


def part_rows_by_namespace(holder: Any) -> dict[str, list[tuple[str, str]]]:
    """:func:`part_rows` under each part's namespace (a part with nothing to show: no rows)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for namespace, found in sorted(getattr(holder, "parts", {}).items()):
        own = getattr(found, "rows", None)
        if own is not None:
            out[namespace] = [(label, text) for label, text in own()]
            continue
        default = type(found)()
        shown = [
            f"{name} {_value(getattr(found, name))}"
            for name in found.__dataclass_fields__
            if getattr(found, name) != getattr(default, name)
        ]
        out[namespace] = [(namespace, ", ".join(shown))] if shown else []
    return out


def score_lines(game: Any) -> list[str]:
    """The lines the rules packages' parts of the turn add under the scores (solo achievements)."""
    return [line for _, found in sorted(game.turn.parts.items()) for line in getattr(found, "score_lines", list)()]


def _value(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "-"
    return str(value)


def _special(player: Any, rules: Rules | None) -> Text:
    parts = [Text.assemble(f"{space}: ", _styled_id(rules, m)) for space, m in sorted(player.special_machines.items())]
    return Text(", ").join(parts)


def render_players(game: Any, rules: Rules | None = None) -> Group:
    """One panel per player, in seat order: resources, cards, slots, tracks, pieces, points."""
    panels = []
    for seat, player in enumerate(game.players):
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for label, value in _player_rows(player, rules):
            table.add_row(label, value)
        turn = " (to play)" if game.turn.player == seat and not game.turn.over else ""
        title = Text.assemble((player.name, player_style(seat)), turn)
        panels.append(Panel(table, title=title, title_align="left"))
    return Group(*panels)


def render_displays(game: Any, rules: Rules | None = None) -> Panel:
    """The supply: citizen, module and machine displays, what is left in the piles, the craters."""
    supply, board = game.supply, game.board
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row("citizen display", _ids(rules, supply.citizen_display))
    table.add_row("module display", _ids(rules, supply.module_display))
    for colour in sorted(supply.machine_display, key=_colour_order):
        table.add_row(f"{colour} machines", _ids(rules, supply.machine_display[colour]))
    piles = {
        "citizen deck": len(supply.citizen_deck),
        "module pile": len(supply.module_pile),
        **{
            f"{c} machine pile": len(p)
            for c, p in sorted(supply.machine_piles.items(), key=lambda i: _colour_order(i[0]))
        },
        "crates": len(supply.crates),
        "minor artifacts": len(supply.minors),
        "energy": supply.energy,
    }
    table.add_row("left", Text(" · ".join(f"{k} {v}" for k, v in piles.items())))
    table.add_row("major artifacts", _ids(rules, board.majors))
    if board.crater_minors:
        table.add_row("minors by the craters", _ids(rules, board.crater_minors))
    if board.shared_artifact_card:
        table.add_row("shared artifact card", _ids(rules, [board.shared_artifact_card]))
    if len(game.players) > 1:  # a solo game has no end-game tile (003 setup: it goes back to the box)
        table.add_row("end-game tile", Text("in the supply" if supply.end_game_tile else "taken"))
    return Panel(table, title="Displays", title_align="left")


def _colour_order(colour: str) -> tuple[int, str]:
    order = list(CARD_STYLES)
    return (order.index(colour) if colour in order else len(order), colour)


def render_scores(game: Any) -> Panel:
    """Points of each player; once the game is over, each final score sheet and the ranking."""
    names = [p.name for p in game.players]
    sheets = {s.get("seat"): s for s in game.turn.final_scores or []}
    table = Table(box=box.SIMPLE, show_edge=False, pad_edge=False)
    # once the game is scored, purple is what the final scoring counts (the sheets' purple), and the total follows
    columns = ("player", "points", "purple", "total", "progress", "hibernations") if sheets else (
        "player", "points", "purple so far", "progress", "hibernations")  # fmt: skip
    for column in columns:
        table.add_column(column, justify="left" if column == "player" else "right")
    for seat, p in enumerate(game.players):
        sheet = sheets.get(seat)
        scored = [str(sheet.get("purple", p.purple)), str(sheet.get("total", ""))] if sheet else [str(p.purple)]
        if sheets and sheet is None:
            scored = [str(p.purple), ""]
        table.add_row(
            Text(p.name, style=player_style(seat)), str(_points(p)), *scored, str(p.progress), str(p.hibernations)
        )
    parts: list[RenderableType] = [table]
    if game.turn.final_scores:
        parts += [_sheet(sheet, names) for sheet in game.turn.final_scores]
    if game.turn.ranking:
        ranking = [" = ".join(_seat_name(s, names) for s in place) for place in game.turn.ranking]
        parts.append(Text("ranking: " + ", ".join(f"{i}. {n}" for i, n in enumerate(ranking, 1)), style="bold"))
    if game.turn.solo_rank:
        parts.append(Text(f"solo rank: {game.turn.solo_rank}", style="bold"))
    parts += [Text(line, style="bold") for line in score_lines(game)]  # the rules packages' parts' lines
    state = "the game is over" if game.turn.over else f"{_seat_name(game.turn.player, names)} to play"
    return Panel(Group(*parts), title=f"Scores ({state})", title_align="left")


def _seat_name(seat: Any, names: list[str]) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def _sheet(sheet: dict[str, Any], names: list[str]) -> Table:
    """One final score sheet: a line per scoring rule, then the total."""
    total = sheet.get("total", "?")
    title = f"{_seat_name(sheet.get('seat'), names)}: {total} point{'' if total == 1 else 's'}"
    table = Table(title=title, title_justify="left", box=box.SIMPLE, show_edge=False, pad_edge=False)
    table.add_column("rule")
    table.add_column("points", justify="right")
    table.add_column("detail")
    for line in sheet.get("lines", []):
        table.add_row(str(line.get("rule", "")), str(line.get("points", "")), str(line.get("detail", "")))
    for key in ("blue", "purple", "total"):
        if key in sheet:
            table.add_row(Text(key, style="bold"), Text(str(sheet[key]), style="bold"), "")
    return table


def render_state(game: Any, rules: Rules) -> Group:
    """The whole state: the map, the players, the displays and the scores."""
    return Group(
        render_map(game, rules), render_players(game, rules), render_displays(game, rules), render_scores(game)
    )
