"""Final scoring (rulebook "GAME END"): one sheet per player, one line per item of the scoring list.

The purple points of the end are counted here: the progress track's lowest vacant space,
unlocked technologies, populated large locations, end-game card bonuses, the end-game
tile, minor artifacts, 1 per 5 remaining resources, and the artifact card (each category
once, plus once per major artifact of its colour). With the expansion, devotion is added
too. They move the point marker but take no point-track bonus (:func:`apply_final_scores`).
Ties go to the most remaining resources, then the furthest on the machine tracks combined,
else the victory is shared (:func:`ranking`). A solo game compares the total with the main
board's score table (:func:`solo_rank`).

Every formula is a DSL ``score`` clause evaluated by :func:`evaluate`.

>>> from revive_dsl.engine.state import Game, Player
>>> rules = Rules.load(("base",))
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
>>> game.players[0].resources.update(gear=6, food=4)
>>> [(line.rule, line.points) for line in final_scores(rules, game)[0].lines if line.points]
[('remaining resources', 2)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import resources as res
from revive_dsl.engine.declared import scoring_lines
from revive_dsl.engine.declared import value as declared_value
from revive_dsl.engine.game import GAME_OVER
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import Ctx, compares, count
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game
from revive_dsl.engine.triggers import rules_of
from revive_dsl.rules.base.counters import recruited

# --- formulas ------------------------------------------------------------------------------


def _per(formula: n.ScorePer, ctx: Ctx) -> int:
    return formula.points * (count(formula.counter, ctx) // formula.every)


def _value(formula: n.ScoreValue, ctx: Ctx) -> int:
    return count(formula.counter, ctx)


def _tiers(formula: n.ScoreTiers, ctx: Ctx) -> int:
    # the most points of the tiers met: at least (``at``), at most or exactly each threshold (the node's op)
    value = count(formula.counter, ctx)
    met = [p for p, at in zip(formula.points, formula.thresholds, strict=True) if compares(value, formula.op, at)]
    return max(met, default=0)


FORMULAS: dict[type, Callable] = {n.ScorePer: _per, n.ScoreValue: _value, n.ScoreTiers: _tiers}


def evaluate(formula: n.Formula | n.Program, ctx: Ctx) -> int:
    """The points a scoring formula gives the context's player (a program: its score clauses added).

    >>> from revive_dsl.dsl.parser import parse
    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> game.players[0].crates_closed = ["crate_01", "crate_02", "crate_03"]
    >>> evaluate(parse("score 1 per 2 crates"), Ctx(game, 0))
    1
    """
    if isinstance(formula, n.Program):
        return sum(evaluate(c.formula, ctx) for c in formula.clauses if isinstance(c, n.Score))
    return FORMULAS[type(formula)](formula, ctx)


# --- score sheets --------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreLine:
    """One item of the final scoring: which rule, how many points, and what was counted."""

    rule: str
    points: int
    detail: str = ""


@dataclass(frozen=True)
class ScoreSheet:
    """A player's final scoring: blue points from the game, then the purple lines."""

    seat: int
    blue: int
    lines: tuple[ScoreLine, ...] = field(default_factory=tuple)

    @property
    def purple(self) -> int:
        return sum(line.points for line in self.lines)

    @property
    def total(self) -> int:
        return self.blue + self.purple

    def text(self) -> list[str]:
        """The sheet as annotation lines, one per rule that scored.

        >>> ScoreSheet(0, 12, (ScoreLine("progress track", 7, "lowest vacant space 8"),)).text()
        ['blue points: 12', 'progress track: 7 (lowest vacant space 8)', 'total: 19']
        """
        scored = [f"{x.rule}: {x.points}" + (f" ({x.detail})" if x.detail else "") for x in self.lines if x.points]
        return [f"blue points: {self.blue}", *scored, f"total: {self.total}"]


Lines = Iterator[ScoreLine]


def _progress_track(ctx: Ctx) -> Lines:
    """The points printed on the lowest vacant space of the progress track (all full: ``full_points``)."""
    board = rules_of(ctx).player_board
    track, placed = board["progress_track"], ctx.player.progress
    points = track[placed]["points"] if placed < len(track) else board["full_points"]
    yield ScoreLine("progress track", points, f"lowest vacant space {placed + 1}")


def _technologies(ctx: Ctx) -> Lines:
    """The points printed on each unlocked technology of the tribe board."""
    player, rules = ctx.player, rules_of(ctx)
    if player.tribe not in rules.content.components:
        return  # a stand-in tribe (tests) has no technologies
    tribe = rules.data(player.tribe)
    techs = tribe["sides"][player.side]["technologies"]
    got = [t for t in techs if t["id"] in player.technologies]
    yield ScoreLine("unlocked technologies", sum(t["points"] for t in got), ", ".join(t["id"] for t in got))


def _large_locations(ctx: Ctx) -> Lines:
    """Each large location with the player's figure scores the formula of its side showing."""
    rules, board = rules_of(ctx), ctx.game.board
    for slot in sorted(board.large_locations):
        if ctx.seat not in board.figures.get(slot, []):
            continue
        placed = board.large_locations[slot]
        tile = rules.component(placed["tile"])
        index = side_index(tile.data["sides"], placed["side"])
        name = tile.data["sides"][index]["name"]
        points = evaluate(tile.effects[f"sides.{index}.effect"], ctx)
        yield ScoreLine(f"large location: {name}", points, f"{slot}: {tile.id}")


def side_index(sides: list[dict], side: int | str) -> int:
    """Which side of a two-sided tile shows: an index (``0``, ``"1"``) or the side's name.

    >>> sides = [{"name": "Green works"}, {"name": "Power plant"}]
    >>> side_index(sides, 1), side_index(sides, "1"), side_index(sides, "Power plant")
    (1, 1, 1)
    """
    if isinstance(side, int) or str(side).isdigit():
        return int(side)
    return [s["name"] for s in sides].index(side)


def card_bonuses(ctx: Ctx) -> Lines:
    """Unlocked end-game card bonuses: points per recruited card of the colour (starting cards excluded).

    Printed colours count (the Prism cannot be used in the final scoring). A Scyphoz card's colour is
    chosen at the end: each is counted once, for the best unlocked bonus.
    """
    rules = rules_of(ctx)
    colours = [rules.data(c).get("colour") for c in recruited(ctx)]
    for space in card_bonus_spaces(ctx):
        cards = colours.count(space["colour"])
        yield ScoreLine(
            f"card bonus: {space['colour']}", space["points_per_card"] * cards, f"{cards} {space['colour']} cards"
        )


def card_bonus_spaces(ctx: Ctx) -> list[dict]:
    """The card bonus reward spaces the player has unlocked."""
    return [
        s
        for s in rules_of(ctx).player_board.get("reward_spaces", [])
        if s.get("type") == "card_bonus" and s["id"] in ctx.player.unlocked
    ]


def _end_game_tile(ctx: Ctx) -> Lines:
    """The end-game tile's points to whoever holds it; no line in a solo game, which has no end-game tile (003
    setup: it goes back to the box)."""
    if len(ctx.game.players) == 1:
        return
    rules = rules_of(ctx)
    worth = rules.data(rules.ids("end_game_tile")[0])["points"]
    yield ScoreLine("end-game tile", worth if ctx.player.end_game_tile else 0)


def _minor_artifacts(ctx: Ctx) -> Lines:
    """Each minor artifact's points (2; a substitute marker for an exhausted supply scores the same)."""
    rules = rules_of(ctx)
    worth = {m: rules.data(m)["points"] for m in rules.ids("minor_artifact")}
    minors = ctx.player.minors
    yield ScoreLine("minor artifacts", sum(worth.get(m, 2) for m in minors), f"{len(minors)} minor artifacts")


def _remaining_resources(ctx: Ctx) -> Lines:
    """1 point per 5 remaining resources (basic and crystal), rounded down."""
    left = res.total(ctx.player)
    yield ScoreLine("remaining resources", left // 5, f"{left} resources")


def _artifact_card(ctx: Ctx) -> Lines:
    """Each category of the artifact card once, plus once per major artifact of the category's colour.

    With the variant ``common_artifact_card`` every player scores the one card on the board.
    """
    rules, game = rules_of(ctx), ctx.game
    card = game.board.shared_artifact_card if "common_artifact_card" in game.variants else ctx.player.artifact_card
    if card is None:
        return
    majors = [rules.data(m)["colour"] for m in ctx.player.majors]
    for colour in rules.data(card)["categories"]:
        times = 1 + majors.count(colour)
        once = evaluate(rules.effect(card, f"categories.{colour}"), ctx)
        yield ScoreLine(f"artifact card: {colour}", once * times, f"{once} x {times} ({card})")


def _purple_from_cards(ctx: Ctx) -> Lines:
    """Purple points gained during the game, waiting for the end."""
    yield ScoreLine("purple points", ctx.player.purple)


def _declared_lines(ctx: Ctx, first: bool = False) -> Lines:
    """The lines the packs declare as data (engine/declared.py): a counter that scores, a ``scoring_line``."""
    for label, word, program in scoring_lines(rules_of(ctx), first=first):
        if program is None:
            yield ScoreLine(label, declared_value(ctx, word))
        else:
            yield ScoreLine(label, evaluate(program, ctx))


def _declared_first_lines(ctx: Ctx) -> Lines:
    """The packs' lines that go before the rulebook's (``first: true``; 004 puts devotion first)."""
    yield from _declared_lines(ctx, first=True)


# The rulebook's final scoring list, in its order (an expansion adds its own: 004 puts devotion first);
# each item yields the lines of its rule.
SCORING: Hooks[Callable[[Ctx], Lines]] = Hooks(
    "SCORING",
    [
        _declared_first_lines,
        _purple_from_cards,
        _progress_track,
        _technologies,
        _large_locations,
        card_bonuses,
        _end_game_tile,
        _minor_artifacts,
        _remaining_resources,
        _artifact_card,
        _declared_lines,
    ],
)


def final_scores(rules: Rules, game: Game) -> list[ScoreSheet]:
    """Every player's final score sheet, in seat order (the state is not changed)."""
    sheets = []
    for player in game.players:
        ctx = Ctx(game, player.seat, rules)
        lines = tuple(line for item in SCORING.of(rules) for line in item(ctx))
        sheets.append(ScoreSheet(player.seat, player.laps * 50 + player.points, lines))
    return sheets


def totals_and_card_points(rules: Rules, game: Game) -> list[tuple[int, int]]:
    """Every player's final total if the game ended now, and what their artifact card scores of it (its lines are the
    only ones that read the card: a computer player rates the others without the cards they keep secret), in seat
    order, from one scoring.

    >>> from revive_dsl.engine.state import Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun", points=12)])
    >>> totals_and_card_points(Rules.load(("base",)), game)  # no card
    [(12, 0)]
    """
    out = []
    items = SCORING.of(rules)
    for player in game.players:
        ctx = Ctx(game, player.seat, rules)
        total, card = player.laps * 50 + player.points, 0
        for item in items:
            points = sum(line.points for line in item(ctx))
            total += points
            if item is _artifact_card:
                card += points
        out.append((total, card))
    return out


def apply_final_scores(rules: Rules, game: Game) -> list[ScoreSheet]:
    """Move each point marker by its purple points, taking no point-track bonus; returns the sheets.

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun", points=48, purple=5)])
    >>> _ = apply_final_scores(Rules.load(("base",)), game)
    >>> game.players[0].laps, game.players[0].points, game.players[0].purple
    (1, 3, 0)
    """
    sheets = final_scores(rules, game)
    for sheet in sheets:
        player = game.players[sheet.seat]
        total = sheet.total
        player.laps, player.points, player.purple = total // 50, total % 50, 0
    return sheets


def tie_break(game: Game, sheet: ScoreSheet) -> tuple[int, int, int]:
    """What orders players: total, then remaining resources, then the machine tracks combined."""
    player = game.players[sheet.seat]
    return sheet.total, res.total(player), sum(player.tracks.values())


def ranking(game: Game, sheets: list[ScoreSheet]) -> list[list[int]]:
    """Seats by place, best first; players equal on every tie-break share a place.

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=s, name=str(s), tribe="t", side="sun") for s in range(3)])
    >>> ranking(game, [ScoreSheet(0, 10), ScoreSheet(1, 12), ScoreSheet(2, 10)])
    [[1], [0, 2]]
    """
    keyed = sorted(sheets, key=lambda s: (tuple(-k for k in tie_break(game, s)), s.seat))
    places: list[list[int]] = []
    last = None
    for sheet in keyed:
        key = tie_break(game, sheet)
        if key == last:
            places[-1].append(sheet.seat)
        else:
            places.append([sheet.seat])
        last = key
    return places


def solo_rank(rules: Rules, total: int) -> str:
    """The solo score table's rank for a total: the highest row whose minimum is reached.

    >>> solo_rank(Rules.load(("base",)), 100)
    'regular_victory'
    """
    rows = [row for row in rules.main_board["solo_table"] if total >= row["min"]]
    return max(rows, key=lambda row: row["min"])["rank"]


def record_final_scores(rules: Rules, game: Game) -> bool:
    """Apply the final scoring once and keep it in ``game.turn``; False if it was already recorded.

    ``turn.final_scores`` holds each seat's sheet (blue, purple, total and the lines),
    ``turn.ranking`` the places, and in a solo game ``turn.solo_rank`` the score table's rank.
    Afterwards the point markers include the purple points, so :func:`final_scores` must not be
    applied again; read ``turn.final_scores`` instead.

    >>> from revive_dsl.engine.state import Game, Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun", points=40)])
    >>> record_final_scores(Rules.load(("base",)), game), record_final_scores(Rules.load(("base",)), game)
    (True, False)
    >>> game.turn.final_scores[0]["total"] == game.players[0].points, game.turn.solo_rank is not None
    (True, True)
    """
    turn = game.turn
    if turn.final_scores is not None:
        return False
    sheets = apply_final_scores(rules, game)
    turn.final_scores = [
        {
            "seat": sheet.seat,
            "blue": sheet.blue,
            "purple": sheet.purple,
            "total": sheet.total,
            "lines": [{"rule": x.rule, "points": x.points, "detail": x.detail} for x in sheet.lines],
        }
        for sheet in sheets
    ]
    turn.ranking = ranking(game, sheets)
    if len(game.players) == 1:
        turn.solo_rank = solo_rank(rules, sheets[0].total)
    for hook in RECORD_HOOKS.of(rules):
        hook(rules, game, sheets)
    return True


# What else is recorded once the game is scored (the expansion's solo achievements, rules/abyss/solo.py);
# each gets the rules, the game and the sheets.
RECORD_HOOKS: Hooks[Callable[[Rules, Game, list[ScoreSheet]], None]] = Hooks("RECORD_HOOKS")


GAME_OVER.add(record_final_scores)
