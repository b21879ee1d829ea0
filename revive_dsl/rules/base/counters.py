"""Counters: the numbers the DSL reads from the state (``each X``, ``X >= 2``, ``score 1 per X``).

One function per ``counter`` word of the signature table, registered with
:func:`revive_dsl.engine.interpret.counter`. The few that need nothing but the player's own
state (``crates``, ``energy_markers``, ``abilities``, ``remaining_resources``,
``machine_tracks``) live in :mod:`revive_dsl.engine.interpret`; every other one is here.

The rulebook's scoring categories fix what each counts ("SCORING OF ARTIFACT CARDS",
"SCORING OF LARGE LOCATIONS"): a recruited card is any card but a starting card, a crystal
symbol and a water space count once however many buildings touch them (a water space under
the player's Hofstadterian temple counts too, once), flasks count on machines, slot modules,
every card (resting ones too) and completed journeys. Where pieces stand and what spaces
show is asked of :mod:`revive_dsl.engine.geometry`.

>>> from revive_dsl.dsl.parser import parse
>>> from revive_dsl.engine.interpret import Ctx, count
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
>>> game.board.buildings = {"1,0": {"player": 0, "size": "small"}, "2,0": {"player": 0, "size": "large"}}
>>> count(parse("each large_buildings: gain book").clauses[0].body.counter, Ctx(game, 0))
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from revive_dsl.dsl import nodes as n
from revive_dsl.engine import geometry as geo
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import Ctx, args, counter
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Board, Player, all_buildings, all_tokens
from revive_dsl.engine.triggers import rules_of
from revive_dsl.rules.base.cards import matches, played_cards

COLOURS = ("grey", "green", "yellow")


def word(call: n.Call) -> str:
    """The call's first word argument.

    >>> word(n.Call("track_value", (n.Word("green"),)))
    'green'
    """
    return args(call)[1][0]


# --- pieces on the board ------------------------------------------------------------------


def building_spaces(board: Board, seat: int, size: str | None = None) -> list[str]:
    """Spaces holding the player's buildings (of one size if given), in key order.

    >>> board = Board(buildings={"1,0": {"player": 0, "size": "large"}, "2,1": {"player": 1, "size": "small"}})
    >>> building_spaces(board, 0), building_spaces(board, 0, "small")
    (['1,0'], [])
    """
    return sorted(
        space for space, b in all_buildings(board) if b["player"] == seat and (size is None or b["size"] == size)
    )


def figure_locations(board: Board, seat: int) -> list[str]:
    """Location keys (city cells and large-location slots) holding the player's figure.

    >>> figure_locations(Board(figures={"corner_nw": [1, 0], "2,-1": [1]}), 0)
    ['corner_nw']
    """
    return sorted(key for key, seats in board.figures.items() if seat in seats)


# --- cards and flasks ----------------------------------------------------------------------


def all_cards(player: Player) -> list[str]:
    """Every card the player has: active, played (slot by slot, in play order) and resting.

    >>> from revive_dsl.engine.state import Played
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", active=["a"], resting=["c"])
    >>> p.slots = {"top_left": [Played("b", "top")]}
    >>> all_cards(p)
    ['a', 'b', 'c']
    """
    return [*player.active, *(p.card for slot in sorted(player.slots) for p in player.slots[slot]), *player.resting]


def is_recruited(rules: Rules, card: str) -> bool:
    """Whether a card counts as recruited: any card but a starting card (rulebook, scoring lists).

    >>> is_recruited(Rules.load(("base",)), "cit_smith"), is_recruited(Rules.load(("base",)), "start_a_1")
    (True, False)
    """
    return rules.component(card).kind != "starting_card"


def flasks_in(program: n.Program | None) -> int:
    """Flask symbols in a compiled text.

    >>> from revive_dsl.dsl.parser import parse
    >>> flasks_in(parse("gain gear; flask"))
    1
    """
    if program is None:
        return 0
    kept = _FLASKS.get(id(program))
    if kept is None or kept[0] is not program:  # a tree never changes: counted once (the entry keeps it alive)
        if len(_FLASKS) >= 50_000:
            _FLASKS.clear()
        found = sum(1 for node in program.walk() if isinstance(node, n.Call) and node.name == "flask")
        kept = _FLASKS[id(program)] = (program, found)
    return kept[1]


_FLASKS: dict[int, tuple[n.Program, int]] = {}  # id(program) -> (the program, its flasks)


def card_flasks(rules: Rules, card: str, half: str | None = None) -> int:
    """Flasks on a card: both halves, or only ``half``.

    >>> card_flasks(Rules.load(("base",)), "cit_builder"), card_flasks(Rules.load(("base",)), "cit_builder", "top")
    (1, 0)
    """
    counted = rules.kept(_CARD_FLASKS, dict)  # a card's flasks never change: counted once with the rules
    found = counted.get((card, half))
    if found is None:
        effects = rules.component(card).effects
        found = counted[card, half] = sum(flasks_in(effects.get(h)) for h in ("top", "bottom") if half in (None, h))
    return found


_CARD_FLASKS = ("card flasks",)  # the key of each card's flasks (card, half) kept with the rules


# A special machine token's flasks as a rules package counts them: ``hook(player, token, printed) -> flasks``.
MACHINE_FLASKS: Hooks[Callable[[Player, str, int], int]] = Hooks("MACHINE_FLASKS")
# Flasks a player has besides machines, modules and cards: ``hook(player) -> flasks`` (the expansion's
# completed journeys, face down, a flask each). Both flask counters add them.
MORE_FLASKS: Hooks[Callable[[Player], int]] = Hooks("MORE_FLASKS")


def machine_flasks(rules: Rules, player: Player) -> int:
    """Flasks on the player's machines: special machine tokens, unlocked standard and tribe machines.

    A rules package may count a machine otherwise (:data:`MACHINE_FLASKS`: the expansion's used unstable
    machine lies face down and is one flask whatever it printed).

    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", special_machines={"special_grey_1": "mach_grey_4"})
    >>> machine_flasks(Rules.load(("base",)), p)
    1
    """
    total = 0
    recount = MACHINE_FLASKS.of(rules)
    for token in player.special_machines.values():
        flasks = flasks_in(rules.component(token).effects.get("effect"))
        for hook in recount:
            flasks = hook(player, token, flasks)
        total += flasks
    standard, techs = rules.kept(("machine flasks", player.tribe, player.side), lambda: _printed_flasks(rules, player))
    total += sum(flasks for space, flasks in standard if space in player.unlocked)
    return total + sum(flasks for tech, flasks in techs if tech in player.technologies)


def _printed_flasks(rules: Rules, player: Player) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """The flasks a machine prints that the player may unlock: (reward space, flasks) of each standard machine, and
    (technology id, flasks) of each of the player's tribe side's technologies that is a machine (the same for every
    player of that tribe and side: kept with the rules)."""
    standard = tuple(
        (space["id"], flasks_in(rules.effect("player_board", f"reward_spaces.{index}.effect")))
        for index, space in enumerate(rules.player_board.get("reward_spaces", []))
        if space.get("type") == "standard_machine"
    )
    techs: list[tuple[str, int]] = []
    comp = rules.content.components.get(player.tribe)
    for index, tech in enumerate(comp.data["sides"].get(player.side, {}).get("technologies", []) if comp else []):
        program = comp.effects.get(f"sides.{player.side}.technologies.{index}.effect")
        if program is not None and any(isinstance(c, n.Machine) for c in program.clauses):
            techs.append((tech["id"], flasks_in(program)))
    return standard, tuple(techs)


def tribe_technologies(rules: Rules, player: Player) -> Iterator[tuple[str, n.Program]]:
    """(path, compiled effect) of each technology the player has unlocked (by technology id).

    >>> p = Player(seat=0, name="Ann", tribe="nadair", side="sun", technologies=["t2c"])
    >>> [path for path, _ in tribe_technologies(Rules.load(("base",)), p)]
    ['sides.sun.technologies.3.effect']
    """
    try:
        comp = rules.component(player.tribe)
    except KeyError:
        return
    techs = comp.data["sides"].get(player.side, {}).get("technologies", [])
    for index, tech in enumerate(techs):
        path = f"sides.{player.side}.technologies.{index}.effect"
        if tech["id"] in player.technologies and path in comp.effects:
            yield path, comp.effects[path]


def module_ids(player: Player) -> list[str]:
    """Slot modules on the player board, slot by slot.

    >>> module_ids(Player(seat=0, name="Ann", tribe="t", side="sun", modules={"top_left": ["m1", None, "m2"]}))
    ['m1', 'm2']
    """
    return [m for slot in sorted(player.modules) for m in player.modules[slot] if m is not None]


# --- the counters --------------------------------------------------------------------------


@counter("modules")
def _modules(ctx: Ctx, call: n.Call) -> int:
    return len(module_ids(ctx.player))


@counter("figures")
def _figures(ctx: Ctx, call: n.Call) -> int:
    return len(figure_locations(ctx.game.board, ctx.seat))


@counter("figures_large")
def _figures_large(ctx: Ctx, call: n.Call) -> int:
    # a large location is keyed by its own id, not a cell: the corners, and the expansion's devotion location
    return sum(1 for key in figure_locations(ctx.game.board, ctx.seat) if geo.cell(key) is None)


@counter("flasks")
def _flasks(ctx: Ctx, call: n.Call) -> int:
    rules, player = rules_of(ctx), ctx.player
    return (
        machine_flasks(rules, player)
        + sum(flasks_in(rules.component(m).effects.get("effect")) for m in module_ids(player))
        + sum(card_flasks(rules, card) for card in all_cards(player))
        + sum(more(player) for more in MORE_FLASKS.of(rules))
    )


@counter("visible_flasks")
def _visible_flasks(ctx: Ctx, call: n.Call) -> int:
    rules, player = rules_of(ctx), ctx.player
    played = [p for slot in sorted(player.slots) for p in player.slots[slot]]
    return (
        machine_flasks(rules, player)
        + sum(flasks_in(rules.component(m).effects.get("effect")) for m in module_ids(player))
        + sum(card_flasks(rules, card) for card in player.active)
        + sum(card_flasks(rules, p.card, p.half) for p in played)
        + sum(more(player) for more in MORE_FLASKS.of(rules))
    )


def recruited(ctx: Ctx) -> list[str]:
    """The player's recruited cards (not starting cards), wherever they lie.

    >>> from revive_dsl.engine.state import Game
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", active=["cit_smith", "start_a_1"])
    >>> recruited(Ctx(Game(players=[p]), 0))
    ['cit_smith']
    """
    rules = rules_of(ctx)
    return [c for c in all_cards(ctx.player) if is_recruited(rules, c)]


@counter("cards")
def _cards(ctx: Ctx, call: n.Call) -> int:
    return len(recruited(ctx))


@counter("cards_of")
def _cards_of(ctx: Ctx, call: n.Call) -> int:
    colour = word(call)
    return sum(1 for c in recruited(ctx) if matches(ctx, c, colour))


@counter("cards_in_slots")
def _cards_in_slots(ctx: Ctx, call: n.Call) -> int:
    colour = word(call)
    return sum(1 for _, played in played_cards(ctx.player) if matches(ctx, played.card, colour))


def water_spaces(board: Board, player: Player) -> set[str]:
    """The player's water spaces for scoring: those a building claimed, and those under their temples.

    003 (Hofstadterian moon): a temple takes a water's reward again, and each water space counts once.

    >>> board = Board(tokens={"1,-1": {"player": 0, "token": "temple"}, "3,-1": {"player": 1, "token": "temple"}})
    >>> sorted(water_spaces(board, Player(seat=0, name="Hal", tribe="t", side="moon", waters_claimed=["1,-1", "0,3"])))
    ['0,3', '1,-1']
    """
    temples = {s for s, t in all_tokens(board) if t["player"] == player.seat and t["token"] == "temple"}
    return set(player.waters_claimed) | temples


@counter("water_spaces")
def _water_spaces(ctx: Ctx, call: n.Call) -> int:
    return len(water_spaces(ctx.game.board, ctx.player))


def waters_built_next_to(player: Player) -> set[str]:
    """The water spaces next to the player's buildings: what "built next to" / "build adjacent to" asks for.

    These are the spaces whose reward a building took (``player.waters_claimed``: a building next to a water
    takes it, at once or when the water is revealed later). Unlike :func:`water_spaces` a temple adds
    nothing here: 004's journeys ("build adjacent to water spaces") and the Hofstadterian sun ability
    ("each unique water space you have built next to") name buildings. A lake is no water space (004).

    >>> sorted(waters_built_next_to(Player(seat=0, name="Hal", tribe="t", side="moon", waters_claimed=["0,3", "0,3"])))
    ['0,3']
    """
    return set(player.waters_claimed)


@counter("waters_built_next_to")
def _waters_built_next_to(ctx: Ctx, call: n.Call) -> int:
    return len(waters_built_next_to(ctx.player))


@counter("crystal_symbols")
def _crystal_symbols(ctx: Ctx, call: n.Call) -> int:
    rules, board = rules_of(ctx), ctx.game.board
    near = {nb for space in building_spaces(board, ctx.seat) for nb in geo.neighbours(rules, space)}
    slot_of = geo.geometry(rules).slot_of
    edge = sum(1 for space in near if geo.terrain(rules, board, space) == "crystal")
    vast = {slot_of[space][0] for space in near if geo.terrain(rules, board, space) == "vast_crystal"}
    return edge + len(vast)  # a vast crystal is one large space: one symbol (003)


@counter("buildings")
def _buildings(ctx: Ctx, call: n.Call) -> int:
    return len(building_spaces(ctx.game.board, ctx.seat))


@counter("large_buildings")
def _large_buildings(ctx: Ctx, call: n.Call) -> int:
    return len(building_spaces(ctx.game.board, ctx.seat, "large"))


# --- the pattern of the player's buildings -----------------------------------------------
# No rulebook category counts these; they let a pack score the shape of a player's buildings in its own text
# (``score 2 per building_pairs``). Buildings stand on tile cells only (003: on sand), never on a large
# location, so a corner neither counts nor joins two buildings. Each call walks the player's buildings and
# their neighbours in the map's kept adjacency (``Geometry.neighbours``): a few dozen lookups, no map scan.


def touching(rules: Rules, board: Board, seat: int) -> dict[str, frozenset[str]]:
    """Each of the player's building spaces -> those of them next to it (the expansion's Cordycephian
    buildings sharing a space count for their owner, as in :func:`building_spaces`).

    >>> board = Board(buildings={"1,0": {"player": 0, "size": "small"}, "2,0": {"player": 0, "size": "large"},
    ...                          "3,0": {"player": 0, "size": "small"}, "1,1": {"player": 1, "size": "small"}})
    >>> {space: sorted(near) for space, near in touching(Rules.load(("base",)), board, 0).items()}
    {'1,0': ['2,0'], '2,0': ['1,0', '3,0'], '3,0': ['2,0']}
    """
    own = set(building_spaces(board, seat))
    near = geo.geometry(rules).neighbours
    return {space: frozenset(nb for nb in near.get(space, ()) if nb in own) for space in sorted(own)}


def triangles(graph: dict[str, frozenset[str]]) -> int:
    """Sets of three spaces of ``graph`` each next to the other two, each set once (found from its least key).

    >>> triangles({"a": frozenset("bc"), "b": frozenset("ac"), "c": frozenset("ab"), "d": frozenset()})
    1
    """
    return sum(1 for a, near in graph.items() for b in near if b > a for c in graph[b] if c > b and c in near)


def largest_group(graph: dict[str, frozenset[str]]) -> int:
    """The size of the largest set of spaces of ``graph`` joined through neighbours (0 for none).

    >>> largest_group({"a": frozenset("b"), "b": frozenset("a"), "c": frozenset()})
    2
    """
    best, seen = 0, set()
    for start in graph:
        if start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            size += 1
            for nb in graph[todo.pop()]:
                if nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        best = max(best, size)
    return best


@counter("building_pairs")
def _building_pairs(ctx: Ctx, call: n.Call) -> int:
    graph = touching(rules_of(ctx), ctx.game.board, ctx.seat)
    return sum(len(near) for near in graph.values()) // 2  # each pair is seen from both ends


@counter("building_triangles")
def _building_triangles(ctx: Ctx, call: n.Call) -> int:
    return triangles(touching(rules_of(ctx), ctx.game.board, ctx.seat))


@counter("largest_group")
def _largest_group(ctx: Ctx, call: n.Call) -> int:
    return largest_group(touching(rules_of(ctx), ctx.game.board, ctx.seat))


@counter("buildings_beside")
def _buildings_beside(ctx: Ctx, call: n.Call) -> int:
    rules, board, terrain = rules_of(ctx), ctx.game.board, word(call)
    return sum(
        1
        for space in building_spaces(board, ctx.seat)
        if any(geo.terrain(rules, board, nb) == terrain for nb in geo.neighbours(rules, space))
    )


@counter("tiles_present")
def _tiles_present(ctx: Ctx, call: n.Call) -> int:
    board, slot_of = ctx.game.board, geo.geometry(rules_of(ctx)).slot_of  # large locations have no tile slot here
    spaces = [*figure_locations(board, ctx.seat), *building_spaces(board, ctx.seat)]
    return len({slot_of[space][0] for space in spaces if space in slot_of})


def track_value(rules: Rules, player: Player, track: str) -> int:
    """The number printed where the marker of a track stands (``any``: the best of the three).

    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun", tracks={"grey": 1, "green": 7, "yellow": 13})
    >>> track_value(Rules.load(("base",)), p, "green"), track_value(Rules.load(("base",)), p, "any")
    (3, 7)
    """
    if track == "any":
        return max(track_value(rules, player, t) for t in COLOURS)
    values = rules.player_board["tracks"][track]["values"]
    return values[min(player.tracks[track], len(values)) - 1]


@counter("track_value")
def _track_value(ctx: Ctx, call: n.Call) -> int:
    return track_value(rules_of(ctx), ctx.player, word(call))


@counter("track_position")
def _track_position(ctx: Ctx, call: n.Call) -> int:
    track = word(call)
    return max(ctx.player.tracks.values()) if track == "any" else ctx.player.tracks[track]


@counter("adjacent")
def _adjacent(ctx: Ctx, call: n.Call) -> int:
    space = ctx.event.get("space")
    if space is None:
        raise ValueError("'adjacent' counts next to the space being built on: the build event names no space")
    rules, board, terrain = rules_of(ctx), ctx.game.board, word(call)
    return sum(1 for nb in geo.neighbours(rules, space) if geo.terrain(rules, board, nb) == terrain)
