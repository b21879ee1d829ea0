"""Setting up a game: the machinery. The rules packages declare their variants, their setup draws (each a
step of the order of chance), the outcomes a script may fix, the steps that lay out the game from the
draws, and the decisions asked before the first turn; :func:`new_game` runs those of the game's packages.

:func:`new_game` draws every chance outcome from ONE ``random.Random(seed)``, the draws running by step
number, so that a seed names a setup in any process. The base game's order of chance is documented in
:mod:`revive_dsl.rules.base.setup`, the expansion's in :mod:`revive_dsl.rules.abyss.setup`.

``outcomes`` overrides any draw by name; the generator is drawn from all the same, so overriding one
step leaves every other step as the seed made it (:func:`apply_outcomes`).

>>> from revive_dsl.engine.rules import Rules
>>> g = new_game(Rules.load(("base",)), [("Ann", "nadair", "sun"), ("Bo", "formica", "sun")], seed=7)
>>> len(g.board.majors), len(g.supply.citizen_display), g.players[1].resources["gear"]
(6, 5, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from revive_dsl.engine.hooks import Hooks, same_hook
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game, Player

SCRIPT_PACK = "script"  # the pack of the components a script's ``content:`` defines

# Variant name -> the rules package that plays it, in the order declared.
VARIANTS: dict[str, str] = {}
EXCLUSIVE_VARIANTS: list[tuple[str, str, str]] = []  # (a, b, why): variants that cannot be played together


def declare_variants(package: str, names: tuple[str, ...], exclusive: list[tuple[str, str, str]] = ()) -> None:
    """A rules package's variants (and pairs of them that exclude each other)."""
    for name in names:
        VARIANTS.setdefault(name, package)
    EXCLUSIVE_VARIANTS.extend(pair for pair in exclusive if pair not in EXCLUSIVE_VARIANTS)


def known_variants(rules: Rules | None = None) -> list[str]:
    """The variants of the game's rules packages and those its packs' rules declare (``variant:`` of a
    ``game_rule``); of every loaded package when ``rules`` is None."""
    if rules is None:
        return list(VARIANTS)
    packages = set(rules.packages)
    own = [name for name, package in VARIANTS.items() if package in packages]
    return list(dict.fromkeys([*own, *rule_variants(rules.content)]))


def rule_variants(content: Any) -> list[str]:
    """The variants the loaded packs' rules belong to (``variant:`` of a ``game_rule``), in content order: a pack
    declares a variant by writing its rules (engine/declared.py plays them only in games with it).

    >>> from revive_dsl.engine.rules import Rules
    >>> rule_variants(Rules.load(("base", "abyss")).content)
    ['machine_token_variant']
    """
    return list(dict.fromkeys(str(c.data["variant"]) for c in content.of_kind("game_rule") if c.data.get("variant")))


def variant_conflicts(variants: list[str]) -> list[str]:
    """Why these variants cannot be played together (nothing if they can).

    >>> from revive_dsl.engine.registry import load_packages
    >>> load_packages(["base"])
    >>> variant_conflicts(["artifact_choice", "long_game", "common_artifact_card"])
    ['artifact_choice and common_artifact_card exclude each other (one card is shared)']
    """
    return [
        f"{a} and {b} exclude each other ({why})" for a, b, why in EXCLUSIVE_VARIANTS if a in variants and b in variants
    ]


# The draws: ``(step, draw(rules, rng, seats, variants, drawn))``, run by step number.
SETUP_DRAWS: Hooks[tuple[int, Callable[[Rules, random.Random, int, list[str], dict[str, Any]], None]]] = Hooks(
    "SETUP_DRAWS"
)


def setup_draw(step: int, draw: Callable[[Rules, random.Random, int, list[str], dict[str, Any]], None]) -> None:
    """Register a pack's draws as step ``step`` of the order of chance: draws run by step number, so a seed
    deals the same setup whichever rules package was imported first."""
    if not any(same_hook(d, draw) for _, d in SETUP_DRAWS):
        SETUP_DRAWS.append((step, draw))
        SETUP_DRAWS.sort(key=lambda entry: entry[0])


# What follows from the outcomes a script fixed, before the game is laid out: ``follow(rules, rng, drawn, outcomes)``
# checks them against each other and redraws what depends on them (a starting set fixed alone brings its cards);
# it raises :class:`OutcomeError` for outcomes that cannot go together.
AFTER_OUTCOMES: Hooks[Callable[[Rules, random.Random, dict[str, Any], dict[str, Any]], None]] = Hooks("AFTER_OUTCOMES")

# The steps that lay the game out from the draws, in order: ``step(rules, game, drawn)``.
SETUP_STEPS: Hooks[Callable[[Rules, Game, dict[str, Any]], None]] = Hooks("SETUP_STEPS")

# The machinery's steps that read what the rules packages' steps laid out, after them: ``step(rules, game, drawn)``
# (a declared two-sided tile takes the place of the tribe token that gives it, engine/declared_sides.py).
FINISHING_STEPS: Hooks[Callable[[Rules, Game, dict[str, Any]], None]] = Hooks("FINISHING_STEPS")

# Decisions asked before the first turn, in order: ``(pending(game), decisions(game))``.
SETUP_DECISIONS: Hooks[tuple[Callable[[Game], bool], Callable[[Game], Iterator]]] = Hooks("SETUP_DECISIONS")

# The outcomes a script may fix (``setup.outcomes``), by kind: a pile (name -> label), piles by colour
# (name -> label of one pile), tiles in slots (name -> (label, component kind)).
PILE_OUTCOMES: dict[str, str] = {}
GROUPED_OUTCOMES: dict[str, str] = {}
SLOT_OUTCOMES: dict[str, tuple[str, str]] = {}


def declare_outcomes(
    piles: dict[str, str] | None = None,
    grouped: dict[str, str] | None = None,
    slots: dict[str, tuple[str, str]] | None = None,
) -> None:
    """A rules package's outcomes a script may fix, with the labels its messages use."""
    PILE_OUTCOMES.update(piles or {})
    GROUPED_OUTCOMES.update(grouped or {})
    SLOT_OUTCOMES.update(slots or {})


class OutcomeError(ValueError):
    """A ``setup.outcomes`` entry that cannot be: ``path`` is where, inside ``outcomes``."""

    def __init__(self, path: tuple, message: str):
        self.path = path
        super().__init__(message)


def _close(word: Any, known: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(str(word), known, n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


def _top_of(pile: list[str], given: Any, label: str, path: tuple) -> list[str]:
    """The pile with ``given`` on top, in that order, and the rest as drawn: a list fixes what it names."""
    if not isinstance(given, list):
        raise OutcomeError(path, f"the {label} is a list of ids, top first")
    if len(given) > len(pile):
        raise OutcomeError(path, f"{len(given)} items for the {label}, which has {len(pile)}")
    for index, item in enumerate(given):
        if item not in pile:
            raise OutcomeError((*path, index), f"'{item}' is not in the {label}{_close(item, pile)}")
        if item in given[:index]:
            raise OutcomeError((*path, index), f"'{item}' is named twice")
    return [*given, *(x for x in pile if x not in given)]


def _in_slots(drawn: dict[str, Any], name: str, given: Any, known: list[str] | None = None) -> dict[str, Any]:
    """Slot outcomes fix the slots they name; a tile the seed had put in another slot swaps places with it."""
    placed = dict(drawn)
    label = SLOT_OUTCOMES[name][0]
    if not isinstance(given, dict):
        raise OutcomeError((name,), f"{name} is a mapping: slot -> {label}")
    tile_of = (lambda v: v) if name == "area_tiles" else (lambda v: v.get("tile") if isinstance(v, dict) else v)
    for slot, value in given.items():
        if slot not in placed:
            raise OutcomeError((name, slot), f"no slot '{slot}' for a {label}{_close(slot, list(placed))}")
        if name == "large_locations":  # a tile with a side: {tile, side}
            if isinstance(value, str):
                value = {"tile": value, "side": 0}  # a bare id: its first side
            if (
                not isinstance(value, dict)
                or not isinstance(value.get("tile"), str)
                or value.get("side", 0) not in (0, 1)
            ):
                raise OutcomeError(
                    (name, slot),
                    f"a {label} is its id, or {{tile: ID, side: 0 or 1}}; e.g. {slot}: {tile_of(placed[slot])}",
                )
            value = {"tile": value["tile"], "side": value.get("side", 0)}
        tile = tile_of(value)
        if known is not None and tile not in known:
            raise OutcomeError((name, slot), f"unknown {label} '{tile}'{_close(tile, known)}")
        holder = next((s for s, v in placed.items() if tile_of(v) == tile), None)
        if holder is not None and holder != slot:
            placed[holder] = placed[slot] if name == "area_tiles" else {**placed[holder], "tile": tile_of(placed[slot])}
        placed[slot] = value
    return placed


def apply_outcomes(drawn: dict[str, Any], outcomes: dict[str, Any], tiles: dict[str, list[str]] | None = None) -> None:
    """Lay ``setup.outcomes`` over the seeded draws; raise :class:`OutcomeError` for one that cannot be.

    A pile's list (``citizen_deck``, ``module_pile``, ``crates``, a colour of ``machine_piles``, ...)
    fixes the top of the pile, in order; the rest of the pile stays as the seed shuffled it. A slot
    mapping (``starting_tiles``, ``area_tiles``, ``large_locations``) fixes the slots it names. Every
    other outcome replaces its draw whole. ``tiles`` (outcome name -> ids) are the tiles a slot may get.

    >>> from revive_dsl.engine.registry import load_packages
    >>> load_packages(["base"])  # the base game's outcomes: its crate stack among them
    >>> drawn = {"crates": ["crate_1", "crate_2", "crate_3", "crate_4"]}
    >>> apply_outcomes(drawn, {"crates": ["crate_3", "crate_1"]})
    >>> drawn["crates"]
    ['crate_3', 'crate_1', 'crate_2', 'crate_4']
    >>> try:
    ...     apply_outcomes(drawn, {"crates": ["crate_9"]})
    ... except OutcomeError as err:
    ...     print(err.path, err)
    ('crates', 0) 'crate_9' is not in the crate stack; did you mean 'crate_4'?
    """
    for name, given in outcomes.items():
        if name not in drawn:
            raise OutcomeError(
                (name,), f"unknown outcome '{name}'{_close(name, list(drawn))}; this setup draws: {', '.join(drawn)}"
            )
        if name in PILE_OUTCOMES:
            drawn[name] = _top_of(drawn[name], given, PILE_OUTCOMES[name], (name,))
        elif name in GROUPED_OUTCOMES:
            kind = GROUPED_OUTCOMES[name]
            if not isinstance(given, dict):
                raise OutcomeError((name,), f"{name} is a mapping: colour -> the pile, top first")
            for colour, pile in given.items():
                if colour not in drawn[name]:
                    raise OutcomeError((name, colour), f"no {kind} '{colour}'{_close(colour, list(drawn[name]))}")
                label = f"{colour} {kind}"
                drawn[name] = {**drawn[name], colour: _top_of(drawn[name][colour], pile, label, (name, colour))}
        elif name in SLOT_OUTCOMES:
            drawn[name] = _in_slots(drawn[name], name, given, (tiles or {}).get(name))
        else:
            drawn[name] = given


def unnamed_in_piles(drawn: dict[str, Any], outcomes: dict[str, Any]) -> list[str]:
    """The items of the setup's piles (``drawn``, as :func:`setup_draws` gives it) that ``outcomes`` write but do
    not name: where the outcomes are a recorded game's whole setup, the components its packs gained since. A pile
    (or a colour of piles) the outcomes do not write is left to the seed.

    >>> from revive_dsl.engine.registry import load_packages
    >>> load_packages(["base"])
    >>> drawn = {"crates": ["c1", "c2", "c3"], "citizen_deck": ["x"], "machine_piles": {"grey": ["m1", "m2"]}}
    >>> unnamed_in_piles(drawn, {"crates": ["c1", "c3"], "machine_piles": {"grey": ["m2"]}})
    ['c2', 'm1']
    """
    out: list[str] = []
    for name, given in outcomes.items():
        if name in PILE_OUTCOMES and isinstance(given, list):
            named = set(given)
            out += [item for item in drawn[name] if item not in named]
        elif name in GROUPED_OUTCOMES and isinstance(given, dict):
            for colour, listed in given.items():
                named = set(listed or ())
                out += [item for item in drawn[name].get(colour, ()) if item not in named]
    return out


def new_game(
    rules: Rules,
    players: list[tuple[str, str, str]],
    seed: int = 0,
    variants: list[str] | None = None,
    outcomes: dict[str, Any] | None = None,
) -> Game:
    """A game set up for ``players`` ((name, tribe id, side) in seat order), ready for seat 0's first turn."""
    from revive_dsl.engine.registry import load_packages

    load_packages(rules.packages)  # the packs' setup steps register themselves with their rules modules
    variants = list(variants or [])
    known = known_variants(rules)
    unknown = [v for v in variants if v not in known]
    if unknown:
        raise ValueError(f"unknown variant(s): {', '.join(unknown)}; known: {', '.join(known)}")
    conflicts = variant_conflicts(variants)
    if conflicts:
        raise ValueError("; ".join(conflicts))
    drawn = setup_draws(rules, len(players), seed, variants, outcomes)
    game = Game(packs=list(rules.packs), variants=variants, seed=seed)
    game.players = [
        Player(seat=seat, name=name, tribe=tribe, side=side) for seat, (name, tribe, side) in enumerate(players)
    ]
    for step in (*SETUP_STEPS.of(rules), *FINISHING_STEPS.of(rules)):
        step(rules, game, drawn)
    return game


def setup_draws(
    rules: Rules, seats: int, seed: int, variants: list[str], outcomes: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What chance gives a game's setup, by outcome name (``starting_tiles``, ``citizen_deck``...): the seed's draws
    in the order of chance, then the ``outcomes`` a script fixes, and what follows from them. The setup steps lay
    the game out from it (:func:`new_game`); a recorder writes it (``revive_dsl.replay.record.setup_outcomes``).

    >>> from revive_dsl.engine.registry import load_packages
    >>> load_packages(["base"])
    >>> drawn = setup_draws(Rules.load(("base",)), 1, 3, [], {"crates": ["crate_07"]})
    >>> drawn["crates"][0], len(drawn["citizen_deck"]) > 5
    ('crate_07', True)
    """
    rng, drawn = random.Random(seed), {}
    for _step, draw in SETUP_DRAWS.of(rules):
        draw(rules, rng, seats, variants, drawn)
    # a slot may get a tile of its kind, or any other the setup lays in such slots (the expansion's lakes)
    tiles = {name: [*rules.ids(kind), *_laid(drawn.get(name))] for name, (_, kind) in SLOT_OUTCOMES.items()}
    apply_outcomes(drawn, outcomes or {}, tiles)
    for follow in AFTER_OUTCOMES.of(rules):
        follow(rules, rng, drawn, outcomes or {})
    return drawn


def _laid(slots: dict[str, Any] | None) -> list[str]:
    """The tile ids a slot draw laid (``{slot: id}`` or ``{slot: {tile: id, ...}}``)."""
    return [v.get("tile") if isinstance(v, dict) else v for v in (slots or {}).values()]


def setup_pending(game: Game) -> bool:
    """Whether setup decisions (a variant's choices) are still to be asked."""
    return any(pending(game) for pending, _ in SETUP_DECISIONS.of(game))


def setup_decisions(game: Game) -> Iterator:
    """Every setup decision, in the order the packages declared them (the base game: the starting draft,
    then the artifact card choice)."""
    for pending, decisions in SETUP_DECISIONS.of(game):
        if pending(game):
            yield from decisions(game)
