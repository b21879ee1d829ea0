"""The main board drawn as text: one three-character glyph per hex cell, rows offset as a hex grid.

A cell ``(q, r)`` sits in row ``r`` at column ``2 * (2q + r)``: the cells of a row lie four
columns apart and each row is shifted by half a cell, so every cell touches its six neighbours
on the page as on the board. A glyph is the space's terrain letter followed by what lies there:

- a building: the owner's initial and ``b`` (small) or ``B`` (large): ``sAb``;
- population figures on a location: the owners' initials in lower case, in arrival order
  (``cab``), or their number when more than two (``c3+``);
- a tribe token: its sign and the owner's initial (``s+b``: Bob's target on sand); with a
  building or figures there as well, the sign replaces the terrain letter (``+Ab``); two tokens on
  one space: both signs, each in its owner's colour (``fv%``: a falcon on a workshop's field).

A face-down tile shows ``?``, an empty slot ``.``; a corner large location shows ``L`` on its
five cells and its figures on the middle one. Styles come from the tables below; the letters
alone tell everything, so the map reads the same without colour.

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
>>> rows = map_rows(game, Rules.load(("base",)))
>>> "".join(text for text, _ in rows[8]).strip()  # the chasm's row of an empty board
'.   .   .   .   .   .   .   #   .   .   .   .   .   *'
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from revive_dsl.content.glyphs import declared_glyphs, glyphs
from revive_dsl.engine.geometry import cell, geometry, terrain
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import all_tokens, tokens_at

Segment = tuple[str, str]  # (text, style)

# What a space shows -> (letter, style, legend word).
TERRAIN: dict[str | None, tuple[str, str, str]] = {
    "forest": ("f", "green", "forest"),
    "mountain": ("m", "grey62", "mountain"),
    "field": ("y", "yellow", "field"),
    "sand": ("s", "khaki3", "sand"),
    "water": ("w", "blue", "water"),
    "city": ("c", "bold white", "city (small location)"),
    "crystal": ("*", "bright_magenta", "crystal space"),
    "chasm": ("#", "bold red", "chasm"),
    "large_location": ("L", "bold cyan", "large location"),
    "face_down": ("?", "dim", "face-down tile"),
    None: (".", "dim", "empty slot"),
}

# Tribe tokens -> (sign, legend word).
TOKENS: dict[str, tuple[str, str]] = {
    "target": ("+", "target"),
    "forest_tile": ("^", "forest tile"),
    "sand_tile": (":", "sand tile"),
    "temple": ("&", "temple"),
    "workshop": ("%", "workshop"),
    "falcon": ("v", "falcon"),
}


def terrains(rules: Rules) -> dict[str | None, tuple[str, str, str]]:
    """:data:`TERRAIN` with the grounds the game's rules packages describe in their ``glyphs.yaml`` (a lake).

    >>> "lake" in terrains(Rules.load(("base",))), terrains(Rules.load(("base", "abyss")))["lake"][0]
    (False, '~')
    """
    return _terrains(rules.package_names)


@cache
def _terrains(packages: tuple[str, ...]) -> dict[str | None, tuple[str, str, str]]:
    own = glyphs(packages)["grounds"]
    return {**TERRAIN, **{k: (g["letter"], g.get("colour", "bold"), g["word"]) for k, g in own.items()}}


def tokens(rules: Rules) -> dict[str, tuple[str, str]]:
    """:data:`TOKENS` with the token kinds the game's rules packages describe (the expansion's gate) and those its
    packs declare as data (their ``glyph``), kept with the rules."""
    return rules.kept(("token glyphs",), lambda: _with_declared(_tokens(rules.package_names), rules))


def _with_declared(known: dict[str, tuple[str, str]], rules: Rules) -> dict[str, tuple[str, str]]:
    own = declared_glyphs(rules.content)
    return {**known, **{k: (g["sign"], g["word"]) for k, g in own.items()}} if own else known


@cache
def _tokens(packages: tuple[str, ...]) -> dict[str, tuple[str, str]]:
    own = glyphs(packages)["tokens"]
    return {**TOKENS, **{k: (g["sign"], g["word"]) for k, g in own.items()}}


def unknown_ground(name: str) -> tuple[str, str, str]:
    """A ground no table describes: its first letter and its own name, never a refusal."""
    return (name[:1] or "?", "", name.replace("_", " "))


BUILDING_MARK = {"small": "b", "large": "B"}

# Seat -> style; never a terrain colour, so a piece stands out from the ground.
PLAYER_STYLES = ("bold red", "bold blue", "bold magenta", "bold dark_orange")

GLYPH = 3  # characters per cell
FIGURES_SHOWN = 2  # initials shown on a location before a count is shown instead


def player_style(seat: int) -> str:
    """The style of a seat's pieces.

    >>> player_style(1)
    'bold blue'
    """
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


def initials(names: list[str]) -> list[str]:
    """One letter per player: the first of the name, or the seat number when two letters clash.

    >>> initials(["Ann", "Bob"]), initials(["Ann", "Abe"])
    (['A', 'B'], ['1', '2'])
    """
    letters = [(name[:1] or "?").upper() for name in names]
    if len(set(letters)) == len(letters):
        return letters
    return [str(seat + 1) for seat in range(len(names))]


def ground(rules: Rules, game: Any, space: str, large_cell: dict[str, str]) -> str | None:
    """The key of :data:`TERRAIN` a space shows."""
    if space in large_cell:
        return "large_location" if large_cell[space] in game.board.large_locations else None
    shown = terrain(rules, game.board, space)
    if shown is None and geometry(rules).slot_of.get(space, ("",))[0] in game.board.tiles:
        return "face_down"
    return shown


def _piece(game: Any, space: str, marks: list[str], figures_here: bool) -> list[Segment]:
    """The two characters after the terrain letter: a building, figures or nothing."""
    building = game.board.buildings.get(space)
    if building is not None:
        seat = building.get("player", 0)
        return [(marks[seat] + BUILDING_MARK.get(building.get("size"), "b"), player_style(seat))]
    seats = game.board.figures.get(space, []) if figures_here else []
    if len(seats) > FIGURES_SHOWN:
        return [(f"{len(seats)}+", "bold")]
    return [(marks[s].lower(), player_style(s)) for s in seats]


def glyph(game: Any, rules: Rules, space: str, large_cell: dict[str, str], figures_here: bool = True) -> list[Segment]:
    """The segments of one cell: exactly :data:`GLYPH` characters.

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
    >>> game.board.tokens["0,0"] = {"player": 0, "token": "falcon"}
    >>> glyph(game, Rules.load(("base",)), "0,0", {})
    [('#', 'bold red'), ('v', 'bold red'), ('a', 'bold red')]
    """
    marks = initials([p.name for p in game.players])
    seen = ground(rules, game, space, large_cell)
    table = terrains(rules)
    letter, style, _ = table.get(seen) or unknown_ground(str(seen))
    piece = _piece(game, space, marks, figures_here)
    here = tokens_at(game.board, space)
    if here:
        known = tokens(rules)
        signs = [(known.get(t.get("token", ""), ("!", ""))[0], player_style(t.get("player", 0))) for t in here]
        if piece:  # the first token's sign, the piece, then the next token's sign where there is room
            shown = [signs[0], *piece]
            shown += signs[1 : 1 + GLYPH - sum(len(text) for text, _ in shown)]
            return [*shown, *_pad(shown, GLYPH)]
        if len(signs) > 1:  # two tokens: their signs, each in its owner's colour
            return [(letter, style), *signs[:2]]
        owner = here[0].get("player", 0)
        return [(letter, style), signs[0], (marks[owner].lower(), player_style(owner))]
    if not piece:
        return [(f" {letter} ", style)]
    return [(letter, style), *piece, *_pad(piece, 2)]


def _pad(segments: list[Segment], width: int) -> list[Segment]:
    used = sum(len(text) for text, _ in segments)
    return [(" " * (width - used), "")] if used < width else []


def map_cells(rules: Rules) -> tuple[dict[tuple[int, int], str], dict[str, str], dict[str, str]]:
    """cell -> space key; large-location cell key -> its slot; large slot -> its middle cell key."""
    geo = geometry(rules)
    board_map = rules.main_board["map"]
    cells: dict[tuple[int, int], str] = {}
    for space in [geo.chasm, *geo.slot_of, *geo.crystals]:
        found = cell(space)
        if found is not None:
            cells[found] = space
    large_cell, middle = {}, {}
    for slot in board_map.get("large_slots", []):
        keys = [f"{q},{r}" for q, r in slot["cells"]]
        for (q, r), k in zip(slot["cells"], keys, strict=True):
            cells[(q, r)] = k
            large_cell[k] = slot["id"]
        middle[slot["id"]] = keys[len(keys) // 2]
    return cells, large_cell, middle


def map_rows(game: Any, rules: Rules) -> list[list[Segment]]:
    """The map as rows of (text, style) segments, top row first; pure data, no console needed."""
    cells, large_cell, middle = map_cells(rules)
    xs = [2 * q + r for q, r in cells]
    rows_at = sorted({r for _, r in cells})
    left = min(xs)
    rows: list[list[Segment]] = []
    for r in range(rows_at[0], rows_at[-1] + 1):
        row: list[Segment] = []
        column = 0
        for q, _ in sorted(c for c in cells if c[1] == r):
            at = 2 * (2 * q + r - left)
            row.append((" " * (at - column), ""))
            key = cells[(q, r)]
            slot = large_cell.get(key)
            if slot is None:
                row.extend(glyph(game, rules, key, large_cell))
            else:
                row.extend(_large_glyph(game, rules, key, slot, middle[slot] == key, large_cell))
            column = at + GLYPH
        rows.append(row)
    return rows


def _large_glyph(game: Any, rules: Rules, key: str, slot: str, is_middle: bool, large_cell: dict[str, str]):
    """A large location's cell: its letter; the middle cell also shows the figures on the location."""
    letter, style, _ = TERRAIN["large_location" if slot in game.board.large_locations else None]
    if not is_middle:
        return [(f" {letter} ", style)]
    marks = initials([p.name for p in game.players])
    piece = _piece(game, slot, marks, True)
    if not piece:
        return [(f" {letter} ", style)]
    return [(letter, style), *piece, *_pad(piece, 2)]


def legend(game: Any, rules: Rules) -> list[Text]:
    """What the letters and signs mean and the players' initials, one short entry each."""
    entries = [Text.assemble((letter, style), f" {word}") for letter, style, word in terrains(rules).values()]
    placed = sorted({t.get("token", "") for _, t in all_tokens(game.board)})
    signs = tokens(rules)
    entries += [Text(f"{signs[t][0]} {signs[t][1]}") if t in signs else Text(f"! {t}") for t in placed]
    entries += [Text("Xb/XB small/large building of X"), Text("x figure of X")]
    marks = initials([p.name for p in game.players])
    for seat, player in enumerate(game.players):
        entries.append(Text.assemble((marks[seat], player_style(seat)), f" {player.name}"))
    return entries


def large_locations(game: Any, rules: Rules) -> Text:
    """One line per large location placed: its corner, name and the side showing."""
    lines = []
    for slot in sorted(game.board.large_locations):
        placed_tile = game.board.large_locations[slot]
        data = rules.data(placed_tile["tile"])
        sides = data.get("sides", [])
        side = sides[placed_tile.get("side", 0)].get("name", "") if sides else ""
        lines.append(f"{slot}: {data.get('name', placed_tile['tile'])} ({side})")
    return Text("\n".join(lines))


def render_map(game: Any, rules: Rules) -> Panel:
    """The hex map in a panel, with its legend below."""
    grid = Text(no_wrap=True, overflow="crop")
    for index, row in enumerate(map_rows(game, rules)):
        if index:
            grid.append("\n")
        for text, style in row:
            grid.append(text, style=style or None)
    grid.rstrip()
    key = Columns(legend(game, rules), padding=(0, 2))
    return Panel(Group(grid, Text(""), key, large_locations(game, rules)), title="Map", title_align="left")


# --- coordinates: every space's key and every tile slot's key ------------------------------------

KEY_WIDTH = 5  # characters per cell on the coordinate maps ("-10,5" at most)


def coord_rows(game: Any, rules: Rules, show: str = "spaces") -> list[list[Segment]]:
    """The map with each cell's space key (``show="spaces"``) or tile slot key (``"slots"``), terrain-coloured.

    Cells lie ``KEY_WIDTH + 1`` columns apart, rows shifted by half a cell, as on :func:`map_rows`. A corner
    large location is one space: its cells show its corner key's end (``nw``), the legend its full key.

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
    >>> rows = coord_rows(game, Rules.load(("base",)))
    >>> "0,0" in "".join(text for row in rows for text, _ in row)
    True
    """
    cells, large_cell, _middle = map_cells(rules)
    slot_of = geometry(rules).slot_of
    xs = [2 * q + r for q, r in cells]
    left = min(xs)
    rows: list[list[Segment]] = []
    rows_at = sorted({r for _, r in cells})
    step = (KEY_WIDTH + 1) // 2
    for r in range(rows_at[0], rows_at[-1] + 1):
        row: list[Segment] = []
        column = 0
        for q, _ in sorted(c for c in cells if c[1] == r):
            at = step * (2 * q + r - left)
            row.append((" " * (at - column), ""))
            key = cells[(q, r)]
            corner = large_cell.get(key)
            if corner is not None:
                text, style = corner.rsplit("_", 1)[-1], TERRAIN["large_location"][1]
            else:
                text = key if show == "spaces" else slot_of.get(key, ("",))[0] or "-"
                seen = ground(rules, game, key, large_cell)
                style = (terrains(rules).get(seen) or unknown_ground(str(seen)))[1]
            row.append((text.center(KEY_WIDTH)[:KEY_WIDTH], style))
            column = at + KEY_WIDTH
        rows.append(row)
    return rows


# --- the combined map: terrain, space key and tile slot of every cell, in halves that fit 80 columns -------

CELL_PITCH = 3  # columns per unit of x = 2q + r: cells of a row lie 6 apart, rows shifted by half a cell
HALVES = (("West half", "west"), ("East half", "east"))


def cell_lines(game: Any, rules: Rules, key: str, large_cell: dict[str, str]) -> tuple[Segment, Segment]:
    """A cell of the combined map as two :data:`KEY_WIDTH`-wide segments: its space key, then its terrain letter
    and tile slot key (``-``: no slot). A large location's cells show its corner (``nw``) and ``L``.

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
    >>> [text for text, _ in cell_lines(game, Rules.load(("base",)), "0,0", {})]
    [' 0,0 ', '# -  ']
    """
    corner = large_cell.get(key)
    if corner is not None:
        letter, style, _ = TERRAIN["large_location" if corner in game.board.large_locations else None]
        return (corner.rsplit("_", 1)[-1].center(KEY_WIDTH), style), (f"{letter} {corner.rsplit('_', 1)[-1]}", style)
    seen = ground(rules, game, key, large_cell)
    letter, style, _ = terrains(rules).get(seen) or unknown_ground(str(seen))
    slot = geometry(rules).slot_of.get(key, ("",))[0] or "-"
    return (key.center(KEY_WIDTH)[:KEY_WIDTH], style), (f"{letter} {slot}".ljust(KEY_WIDTH)[:KEY_WIDTH], style)


def half_cells(rules: Rules, half: str) -> list[tuple[int, int]]:
    """The cells of the ``west`` or ``east`` half of the board; the middle column (one cell a row) is in both, so a
    path can be followed, and spaces counted, across the halves.

    >>> west, east = half_cells(Rules.load(("base",)), "west"), half_cells(Rules.load(("base",)), "east")
    >>> (0, 0) in west and (0, 0) in east, len(set(west) | set(east)) == len(map_cells(Rules.load(("base",)))[0])
    (True, True)
    """
    cells = map_cells(rules)[0]
    xs = [2 * q + r for q, r in cells]
    middle = (min(xs) + max(xs) + 1) // 2
    inside = {"west": lambda x: x <= middle, "east": lambda x: x >= middle - 1}[half]
    return sorted(c for c in cells if inside(2 * c[0] + c[1]))


def combined_rows(game: Any, rules: Rules, half: str) -> list[list[Segment]]:
    """One half of the combined map: two text lines per board row (space keys, then terrain and slot keys).

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
    >>> rows = combined_rows(game, Rules.load(("base",)), "west")
    >>> max(sum(len(text) for text, _ in row) for row in rows) <= 74
    True
    """
    cells, large_cell, _middle = map_cells(rules)
    mine = half_cells(rules, half)
    left = min(2 * q + r for q, r in mine)
    rows_at = sorted({r for _, r in cells})
    out: list[list[Segment]] = []
    for r in range(rows_at[0], rows_at[-1] + 1):
        keys_line: list[Segment] = []
        ground_line: list[Segment] = []
        column = 0
        for q, _ in (c for c in mine if c[1] == r):
            at = CELL_PITCH * (2 * q + r - left)
            gap = (" " * (at - column), "")
            top, bottom = cell_lines(game, rules, cells[(q, r)], large_cell)
            keys_line += [gap, top]
            ground_line += [gap, bottom]
            column = at + KEY_WIDTH
        out += [keys_line, ground_line]
    return out


def _grid(rows: list[list[Segment]]) -> Text:
    out = Text(no_wrap=True, overflow="crop")
    for index, row in enumerate(rows):
        if index:
            out.append("\n")
        for text, style in row:
            out.append(text, style=style or None)
    out.rstrip()
    return out


def render_coordinates(game: Any, rules: Rules) -> Group:
    """The combined map -- each cell's space key over its terrain letter and tile slot key -- in a west and an
    east half that share the middle column, with a legend: what ``map`` and ``revive board`` show. Every line fits
    80 columns.

    >>> import io
    >>> from rich.console import Console
    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
    >>> console = Console(file=io.StringIO(), width=80, record=True)
    >>> console.print(render_coordinates(game, Rules.load(("base",))))
    >>> text = console.export_text()
    >>> max(len(line) for line in text.splitlines()) <= 80, "a02" in text, "-4,-3" in text
    (True, True, True)
    """
    _cells, large_cell, _middle = map_cells(rules)
    corners = sorted(set(large_cell.values()))
    legend_entries = [Text.assemble((letter, style), f" {word}") for letter, style, word in terrains(rules).values()]
    notes = Text(
        "Space keys are q,r (axial coordinates). Each cell: its space key over its terrain letter and tile slot key"
        " (a01... area tiles, s1... starting tiles, '-' no slot). The middle column is in both halves. A large"
        " location is one space, keyed by its corner: " + ", ".join(corners) + "."
    )
    halves = [
        Panel(_grid(combined_rows(game, rules, half)), title=title, title_align="left", expand=False)
        for title, half in HALVES
    ]
    return Group(*halves, Columns(legend_entries, padding=(0, 2)), notes)
