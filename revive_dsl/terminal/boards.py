"""The parts of a player's boards a learner looks at, each in 80 columns: ``tech``, ``tracks``, ``progress`` and
``slots`` in a tutorial and in ``revive play``.

- ``tech``: the tribe board's technology tree, row by row, with each technology's cost in books, its points and
  the technologies of the next row it leads to;
- ``tracks``: the three machine tracks, the number printed on each space, where the marker stands and the reward
  spaces each track unlocks;
- ``progress``: the progress track, the points of each space and its bonus;
- ``slots``: the card slots and their module spaces, which carry the activation symbol and what lies on them.

Everything comes from the content (the ``player_board`` component, the tribe side's ``technologies``) and the
player's state; ``*`` marks what the player has (a technology unlocked, a reward space open, the marker's space).

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun", technologies=["t1"])])
>>> print(tech_lines(game.players[0], Rules.load(("base",)))[1])
* t1   Book barter              cost 2 books  1 pt   leads to t2a, t2b, t2c
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from revive_dsl.engine.rules import Rules

HAVE = "*"  # marks what the player has
COLOURS = ("grey", "green", "yellow")
PROGRESS_COLUMNS = 2  # the progress track is shown in this many columns, top to bottom


def _mark(have: bool) -> str:
    return HAVE if have else " "


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


# --- the technology tree --------------------------------------------------------------------------


def technologies(player: Any, rules: Rules) -> list[dict[str, Any]]:
    """The technologies of the player's tribe side, as the content lists them."""
    return rules.data(player.tribe).get("sides", {}).get(player.side, {}).get("technologies", [])


def tech_name(tech: dict[str, Any], rules: Rules) -> str:
    """A technology's name: its own, or the common technology's it is (``Side slot``)."""
    common = tech.get("common")
    if common:
        return rules.data(common).get("name", common)
    return tech.get("name", tech["id"])


def tech_unlocked(tech: dict[str, Any], player: Any) -> bool:
    """Whether the player has unlocked a technology (by its id, or a common one by the common id)."""
    return tech["id"] in player.technologies or tech.get("common") in player.technologies


def tech_line(tech: dict[str, Any], player: Any, rules: Rules) -> str:
    """One technology: unlocked mark, id, name, cost, points, the technologies it leads to."""
    leads = ", ".join(tech.get("connects", []))
    cost = f"cost {_plural(tech.get('books', 0), 'book')}"
    points = f"{tech.get('points', 0)} pt{'s' * (tech.get('points', 0) != 1)}"
    line = f"{_mark(tech_unlocked(tech, player))} {tech['id']:4} {tech_name(tech, rules)[:24]:24} {cost:13} {points:5}"
    return f"{line}  leads to {leads}" if leads else line.rstrip()


def tech_lines(player: Any, rules: Rules) -> list[str]:
    """The tree as lines: a heading per row, then its technologies with what each does."""
    out: list[str] = []
    techs = technologies(player, rules)
    for row in sorted({t.get("row", 1) for t in techs}):
        out.append(f"row {row}")
        for tech in (t for t in techs if t.get("row", 1) == row):
            out.append(tech_line(tech, player, rules))
            effect = tech.get("effect") or (rules.data(tech["common"]).get("effect", "") if tech.get("common") else "")
            if effect:
                out.append(f"       {effect}")
    return out


def render_tech(game: Any, rules: Rules, seat: int) -> Panel:
    """The tribe board's technology tree of the player in ``seat``."""
    player = game.players[seat]
    title = f"{player.name}: technologies ({rules.data(player.tribe).get('name', player.tribe)}, {player.side})"
    note = Text(f"{HAVE} unlocked. A technology is unlocked by paying its cost; each leads to the next row.", "dim")
    return Panel(Group(Text("\n".join(tech_lines(player, rules))), note), title=title, title_align="left")


# --- the machine tracks -----------------------------------------------------------------------------------


def reward_name(reward: dict[str, Any]) -> str:
    """A reward space in words: its type and what it gives.

    >>> reward_name({"id": "standard_grey", "type": "standard_machine", "effect": "machine: range 1"})
    'standard machine (machine: range 1)'
    >>> reward_name({"id": "card_bonus_grey", "type": "card_bonus", "colour": "grey", "points_per_card": 2})
    'end-game bonus: 2 points per grey card'
    """
    kind = reward.get("type", reward["id"])
    if kind == "card_bonus":
        return f"end-game bonus: {reward.get('points_per_card', 0)} points per {reward.get('colour', '')} card"
    effect = reward.get("effect", "")
    return kind.replace("_", " ") + (f" ({effect})" if effect and effect != kind else "")


def rewards_on(track: str, board: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """(space, reward) of each reward space a track's marker helps unlock, by space."""
    out = []
    for reward in board.get("reward_spaces", []):
        for need in reward.get("needs", []):
            if need.get("track") == track:
                out.append((need["space"], reward))
    return sorted(out, key=lambda pair: pair[0])


def track_lines(player: Any, rules: Rules, track: str) -> list[str]:
    """One machine track: its spaces and printed values, the marker, the reward spaces along it."""
    board = rules.player_board
    data = board["tracks"][track]
    values = data.get("values", [])
    at = player.tracks.get(track, 1)
    spaces = "".join(f"{n:>3}" for n in range(1, len(values) + 1))
    out = [
        f"{track} track: marker on space {at}; past the end it pays {data.get('beyond', '-')}",
        f"  space {spaces}",
        f"  value {''.join(f'{v:>3}' for v in values)}",
        f"  here  {' ' * 3 * (min(at, len(values)) - 1)}  ^",
    ]
    for space, reward in rewards_on(track, board):
        others = [f"{n['track']} {n['space']}" for n in reward.get("needs", []) if n.get("track") != track]
        also = f" (and {', '.join(others)})" if others else ""
        have = reward["id"] in player.unlocked
        out.append(f"  {_mark(have)} space {space:>2}: {reward_name(reward)}{also}")
    return out


def render_tracks(game: Any, rules: Rules, seat: int) -> Panel:
    """The machine tracks of the player in ``seat`` with their reward spaces."""
    player = game.players[seat]
    lines: list[str] = []
    for track in [t for t in COLOURS if t in rules.player_board["tracks"]] + [
        t for t in rules.player_board["tracks"] if t not in COLOURS
    ]:
        lines += track_lines(player, rules, track)
    note = Text(f"{HAVE} unlocked. A reward space opens once every marker it names reaches its space.", "dim")
    return Panel(Group(Text("\n".join(lines)), note), title=f"{player.name}: machine tracks", title_align="left")


# --- the progress track -------------------------------------------------------------------------------------


def progress_cell(space: dict[str, Any], placed: int) -> str:
    """One progress space: filled mark, number, points, bonus.

    >>> progress_cell({"space": 3, "points": 2, "bonus": "energy"}, 0)
    '  3: 2 pts +energy'
    """
    bonus = f" +{space['bonus']}" if space.get("bonus") else ""
    points = f"{space.get('points', 0)} pt{'s' * (space.get('points', 0) != 1)}"
    return f"{_mark(space['space'] <= placed)}{space['space']:>2}: {points}{bonus}"


def progress_lines(player: Any, rules: Rules) -> list[str]:
    """The progress track in :data:`PROGRESS_COLUMNS` columns (space 1 at the top left), and how it scores."""
    board = rules.player_board
    track = board.get("progress_track", [])
    cells = [progress_cell(space, player.progress) for space in track]
    tall = -(-len(cells) // PROGRESS_COLUMNS)
    out = ["".join(f"{c:30}" for c in cells[i::tall]).rstrip() for i in range(tall)]
    out.append(f"all {len(track)} spaces filled: {board.get('full_points', '-')} points")
    out.append(f"placed: {player.progress}; tribe markers left: {player.tribe_markers}")
    return out


def render_progress(game: Any, rules: Rules, seat: int) -> Panel:
    """The progress track of the player in ``seat``: each space's points and bonus."""
    player = game.players[seat]
    note = Text(f"{HAVE} holds a marker. At the end the lowest empty space's points are scored.", "dim")
    text = Text("\n".join(progress_lines(player, rules)))
    return Panel(Group(text, note), title=f"{player.name}: progress track", title_align="left")


# --- the card slots and their module spaces -------------------------------------------------------------------


def module_space(space: dict[str, Any], module: str | None, rules: Rules) -> str:
    """A module space: ``[A]`` with the activation symbol, ``[ ]`` without, and the module on it.

    >>> module_space({"activation": True}, None, None)
    '[A]'
    """
    mark = "[A]" if space.get("activation") else "[ ]"
    return f"{mark} {rules.data(module).get('name', module) if rules else module}" if module else mark


def slot_lines(player: Any, rules: Rules) -> list[str]:
    """Each card slot: its half, its module spaces and what needs opening it."""
    out = []
    for slot in rules.player_board.get("slots", []):
        modules = player.modules.get(slot["id"], [])
        spaces = [
            module_space(space, modules[i] if i < len(modules) else None, rules)
            for i, space in enumerate(slot.get("module_spaces", []))
        ]
        needs = f" (opened by {rules.data(slot['needs']).get('name', slot['needs'])})" if slot.get("needs") else ""
        out.append(f"{slot['id']:12} {slot.get('half', ''):6} {'  '.join(spaces)}{needs}")
    return out


def render_slots(game: Any, rules: Rules, seat: int) -> Panel:
    """The card slots of the player in ``seat`` and which module spaces carry the activation symbol."""
    player = game.players[seat]
    note = Text("[A]: a module space with the activation symbol; [ ]: without. A module's name shows on it.", "dim")
    return Panel(
        Group(Text("\n".join(slot_lines(player, rules))), note), title=f"{player.name}: card slots", title_align="left"
    )


# The commands that show a board: word -> (what it shows, how).
VIEWS: dict[str, tuple[str, Callable[[Any, Rules, int], Panel]]] = {
    "tech": ("your technology tree with costs", render_tech),
    "tracks": ("your machine tracks and reward spaces", render_tracks),
    "progress": ("your progress track and its points", render_progress),
    "slots": ("your card slots and activation symbols", render_slots),
}


def views_help() -> str:
    """The board commands for a help line.

    >>> views_help().split("; ")[0]
    'tech: your technology tree with costs'
    """
    return "; ".join(f"{word}: {what}" for word, (what, _) in VIEWS.items())


def render_view(word: str, game: Any, rules: Rules, seat: int) -> Panel | None:
    """The board ``word`` names for the player in ``seat``, or None when ``word`` names none."""
    view = VIEWS.get(word)
    return view[1](game, rules, seat) if view else None
