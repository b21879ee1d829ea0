"""Setting up a game (rulebook "Setup"): from one seeded generator, or from given outcomes.

:func:`~revive_dsl.engine.setup.new_game` draws every chance outcome from ONE ``random.Random(seed)``, always in this
order, so that a seed names a setup in any process:

1. starting tiles: shuffle; the i-th goes face up into the i-th starting slot, the rest (a pack's tiles
   beyond the 5 slots) back to the box; then one orientation (0 or 1) per starting slot, in slot order;
2. area tiles (not the two vast crystals, which stay in the box unless the variant plays them):
   shuffle; the i-th goes face down into the i-th area slot, the rest (beyond the 25 slots) back to the box;
3. large locations (not the campaign's, which stay in the box unless the variant plays them): shuffle;
   the first four go to the corner slots in order; then one side (0 or 1) per corner, in order; the fifth
   goes back to the box;
4. citizen cards: shuffle into the deck; the top 5 form the display;
5. machine tokens: per colour (grey, green, yellow) shuffle a pile; its top 3 form its display;
6. slot modules: shuffle the pile; the top 5 form the display;
7. crates: shuffle the stack;
8. starting card sets: shuffle the letters A-D (and a pack's sets' letters, in alphabetical order before the
   shuffle); seat i takes the i-th letter; then per seat,
   in seat order, shuffle the six cards: the first 3 are active, the last 3 resting;
9. artifact cards: shuffle; seat i takes card i (variant ``artifact_choice``: cards 2i and
   2i+1, both recorded in ``player.artifact_offer``, the first kept until the player chooses;
   variant ``common_artifact_card``: card 0 lies face up as ``board.shared_artifact_card``, no
   player gets one);
10. variant ``starting_draft`` only (so other setups draw exactly as before): shuffle all the
   starting cards A-D; seat i is dealt cards 7i..7i+6 (``draft_hands``; with 4 players 6 each,
   there being 24 cards); then per seat a shuffle of the positions 0-5 (``draft_orders``), which
   places the 6 drafted cards: the first 3 positions active, the last 3 resting.

With the abyss pack (``revive_dsl/rules/abyss/setup.py``; base games draw nothing more), after all
of the above, still from the same generator:

11. area tiles returned to the box: 3 of step 2's tiles (one per lake), ``rng.sample`` of them in step 2's order;
12. the map: shuffle the other area tiles with the 3 lake tiles; the i-th goes into the i-th area
    slot (this replaces step 2's placing); lakes lie face up; then lakes are moved, without chance,
    until none touches another and a path joins the chasm to every corner (docs/rulings.md);
13. the devotion location: one of the large locations not placed in a corner (``rng.randrange``
    over them in content order), then its side (0 or 1); it lies beside the devotion track
    (``board.large_locations["devotion"]``);
14. the Scyphoz deck: shuffle;
15. the journey deck: shuffle; the top 3 form the display.

Variant ``vast_crystals`` only (001 option 3; revive_dsl/rules/base/vast_crystals.py), after every other
draw, so other setups draw exactly as before:

16. the vast crystal tiles: shuffle them; then shuffle the area slots not holding a lake; the first two
    slots in that order (earliest pair first) that do not touch each other and leave a path from the chasm
    to every corner get the first two vast crystals face down (a pack's others stay in the box), and their
    area tiles go back to the box (recorded in the draws as ``vast_crystals_returned``).

Variant ``campaign_locations`` only (003 "unlocked in campaign"; revive_dsl/rules/base/campaign_locations.py),
after every other draw, so other setups draw exactly as before:

17. the large locations dealt again, the campaign's among them: shuffle every large location tile (in
    content order before the shuffle: base, expansion, campaign); the first four go to the corner slots in
    order and, with the abyss pack, the fifth beside the devotion track; then one side (0 or 1) per tile
    placed, corners in order, then the devotion location; the rest go back to the box. This replaces the
    placing of steps 3 and 13.

Tiles a script's ``content:`` defines (pack ``script``) are not dealt in steps 1 and 2: the slots are
all taken; a script's start state places them. Its other components join their piles like a pack's.

Expansion components (citizen cards, machine tokens, slot modules, the large location) are mixed
into steps 3-6 because those steps shuffle every loaded pack's components of their kind; a pack's
starting and area tiles join steps 1 and 2 the same way (docs/rulings.md, "A pack's components in the
setup"). With the bundled packs' tiles alone every slot takes a tile and none is left, so those setups draw
as they always did.

``outcomes`` overrides any step by name (``starting_tiles``, ``area_tiles``,
``large_locations``, ``citizen_deck``, ``machine_piles``, ``module_pile``, ``crates``,
``starting_sets``, ``starting_cards``, ``artifact_cards``, ``shared_artifact_card``,
``draft_hands``, ``draft_orders``; with the abyss pack also ``returned_area_tiles``,
``devotion_location``, ``scyphoz_deck``, ``journey_deck``). The generator is drawn from all
the same, so overriding one step leaves every other step as the seed made it. An outcome fixes what
it names and no more (:func:`apply_outcomes`): a pile's list fixes the top of the pile, a slot
mapping the slots it names. (The variant
``vast_crystals`` places its tiles in ``area_tiles``; an ``area_tiles`` override places them too. The
variant ``campaign_locations`` deals into ``large_locations`` and ``devotion_location`` alike.)

No chance is involved in the rest: minor artifacts stack under the end-game tile (none in
solo), major artifacts by player count (variant ``long_game``: as for one more player; with 4
players 2 minor artifacts also lie by the craters), each player's tribe side tokens, 1 energy,
tracks at 1, switch unused, 5 small and 3 large buildings, and starting resources by seat
(1st a crystal, 2nd + a gear, 3rd + a book, 4th + a food; solo a crystal and the action cube).
Seat 0 is the starting player.

The variants' choices (``artifact_choice``, ``starting_draft``) are decisions asked before the first turn
(:func:`~revive_dsl.engine.setup.setup_decisions`; :class:`~revive_dsl.engine.game.Runner` runs it).

>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.setup import new_game
>>> g = new_game(Rules.load(("base",)), [("Ann", "nadair", "sun"), ("Bo", "formica", "sun")], seed=7)
>>> len(g.board.majors), len(g.supply.citizen_display), g.players[1].resources["gear"]
(6, 5, 1)
"""

from __future__ import annotations

import random
from typing import Any

from revive_dsl.engine.decisions import Decision, options_of
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import (
    AFTER_OUTCOMES,
    SCRIPT_PACK,
    SETUP_DECISIONS,
    SETUP_STEPS,
    OutcomeError,
    declare_outcomes,
    declare_variants,
    setup_draw,
)
from revive_dsl.engine.state import Game, Player, put_token

COLOURS = ("grey", "green", "yellow")
SEAT_RESOURCES = ("crystal", "gear", "book", "food")  # the leftmost markers first
CITIZEN_DISPLAY, MODULE_DISPLAY, MACHINE_DISPLAY = 5, 5, 3
DRAFT_DEAL, DRAFT_ROUNDS, DRAFT_KEEP = 7, 3, 2  # 001 option 4: deal 7, draft 2 cards 3 times


def _shuffled(rng: random.Random, items: list[str]) -> list[str]:
    out = list(items)
    rng.shuffle(out)
    return out


def _dealt(slots: list[str], tiles: list[str]) -> list[str]:
    """The shuffled tiles that go into the slots, one each: the first ones; the rest stay in the box.

    >>> _dealt(["s1", "s2"], ["t3", "t1", "t2"])
    ['t3', 't1']
    """
    return tiles[: len(slots)]


def _in_box(rules: Rules, cid: str) -> bool:
    """Whether a tile stays in the box: one a script's ``content:`` defines (the board's slots are all taken)."""
    return rules.component(cid).pack == SCRIPT_PACK


def starting_tile_ids(rules: Rules) -> list[str]:
    """The starting tiles of step 1: every one but those a script defines (a script's start state places them)."""
    return [t for t in rules.ids("starting_tile") if not _in_box(rules, t)]


def area_tile_ids(rules: Rules) -> list[str]:
    """The area tiles of step 2: every one but the vast crystals (``vast_crystal: true``) and a script's own.

    >>> len(area_tile_ids(Rules.load(("base",))))
    25
    """
    return [t for t in rules.ids("area_tile") if not rules.data(t).get("vast_crystal") and not _in_box(rules, t)]


def large_location_ids(rules: Rules) -> list[str]:
    """The large locations of step 3: every one but the campaign's (``campaign: true``).

    >>> len(large_location_ids(Rules.load(("base",)))), len(Rules.load(("base",)).ids("large_location"))
    (5, 8)
    """
    return [t for t in rules.ids("large_location") if not rules.data(t).get("campaign")]


def starting_letters(rules: Rules) -> list[str]:
    """The letters of the starting sets of step 8, in alphabetical order: the base game's A-D, and a pack's own.

    >>> starting_letters(Rules.load(("base",)))
    ['A', 'B', 'C', 'D']
    """
    return sorted({rules.data(c)["set"] for c in rules.ids("starting_card")})


def _draws(rules: Rules, rng: random.Random, seats: int, variants: list[str], out: dict[str, Any]) -> None:
    """Steps 1-10 of the order of chance (the module's docstring), in that order."""
    geo_board = rules.main_board["map"]
    starting_slots = [s["id"] for s in geo_board["starting_slots"]]
    area_slots = [s["id"] for s in geo_board["area_slots"]]
    corners = [s["id"] for s in geo_board["large_slots"]]
    tiles = _dealt(starting_slots, _shuffled(rng, starting_tile_ids(rules)))
    turns = [rng.randrange(2) for _ in starting_slots]
    out["starting_tiles"] = {
        s: {"tile": t, "orientation": o} for s, t, o in zip(starting_slots, tiles, turns, strict=True)
    }
    out["area_tiles"] = dict(zip(area_slots, _dealt(area_slots, _shuffled(rng, area_tile_ids(rules))), strict=True))
    large = _shuffled(rng, large_location_ids(rules))
    sides = [rng.randrange(2) for _ in corners]
    out["large_locations"] = {c: {"tile": t, "side": s} for c, t, s in zip(corners, large, sides, strict=False)}
    out["citizen_deck"] = _shuffled(rng, rules.ids("citizen_card"))
    out["machine_piles"] = {
        colour: _shuffled(rng, [m for m in rules.ids("machine_token") if rules.data(m).get("colour") == colour])
        for colour in COLOURS
    }
    out["module_pile"] = _shuffled(rng, rules.ids("slot_module"))
    out["crates"] = _shuffled(rng, rules.ids("crate"))
    letters = _shuffled(rng, starting_letters(rules))[:seats]
    out["starting_sets"] = letters
    by_letter = {
        letter: [c for c in rules.ids("starting_card") if rules.data(c).get("set") == letter] for letter in letters
    }
    out["starting_cards"] = [_shuffled(rng, by_letter[letter]) for letter in letters]
    per_seat = 2 if "artifact_choice" in variants else 1
    cards = _shuffled(rng, rules.ids("artifact_card"))
    out["artifact_cards"] = [cards[i * per_seat : (i + 1) * per_seat] for i in range(seats)]
    out["shared_artifact_card"] = None
    if "common_artifact_card" in variants:
        out["artifact_cards"], out["shared_artifact_card"] = [[] for _ in range(seats)], cards[0]
    if "starting_draft" in variants:
        pool = _shuffled(rng, rules.ids("starting_card"))
        deal = min(DRAFT_DEAL, len(pool) // seats)
        out["draft_hands"] = [pool[i * deal : (i + 1) * deal] for i in range(seats)]
        places = DRAFT_ROUNDS * DRAFT_KEEP
        out["draft_orders"] = [rng.sample(range(places), places) for _ in range(seats)]


def _starting_sets_given(rules: Rules, rng: random.Random, drawn: dict[str, Any], outcomes: dict[str, Any]) -> None:
    """``starting_sets`` fixed by a script: each a set of the game, once; the cards dealt are that set's (its own
    ``starting_cards`` must be cards of it, else the seed orders the set's cards).

    >>> from revive_dsl.engine.setup import new_game
    >>> game = new_game(Rules.load(("base",)), [("Ann", "nadair", "sun")], seed=1, outcomes={"starting_sets": ["C"]})
    >>> sorted({card.split("_")[1] for card in game.players[0].active + game.players[0].resting})
    ['c']
    """
    if "starting_sets" not in outcomes:
        return
    letters, known = drawn["starting_sets"], starting_letters(rules)
    seats = len(drawn["starting_cards"])
    if not isinstance(letters, list) or len(letters) != seats:
        raise OutcomeError(("starting_sets",), f"starting_sets is a list of {seats} letters, one per seat, in order")
    for seat, letter in enumerate(letters):
        if letter not in known:
            raise OutcomeError(("starting_sets", seat), f"no starting set '{letter}' (sets: {', '.join(known)})")
        if letter in letters[:seat]:
            raise OutcomeError(("starting_sets", seat), f"starting set '{letter}' is dealt to two seats")
    by_letter = {
        letter: [c for c in rules.ids("starting_card") if rules.data(c).get("set") == letter] for letter in letters
    }
    if "starting_cards" not in outcomes:
        drawn["starting_cards"] = [_shuffled(rng, by_letter[letter]) for letter in letters]
        return
    for seat, (letter, cards) in enumerate(zip(letters, drawn["starting_cards"], strict=False)):
        stray = [c for c in cards if c not in by_letter[letter]]
        if stray:
            raise OutcomeError(
                ("starting_cards", seat), f"'{stray[0]}' is not a card of starting set {letter}, dealt to this seat"
            )


def majors_for(rules: Rules, seats: int, variants: list[str]) -> list[str]:
    """Major artifacts marked for the player count (``long_game``: one more player, at most 4).

    >>> len(majors_for(Rules.load(("base",)), 3, [])), len(majors_for(Rules.load(("base",)), 3, ["long_game"]))
    (9, 12)
    """
    count = min(4, seats + (1 if "long_game" in variants else 0))
    return [m for m in rules.ids("major_artifact") if int(str(rules.data(m)["players"]).rstrip("+")) <= count]


def _lay_out(rules: Rules, game: Game, drawn: dict[str, Any]) -> None:
    """The base game's board, supply and players from the draws (and what takes no chance)."""
    seats, variants = len(game.players), game.variants
    solo = seats == 1

    board = game.board
    for slot, placed in drawn["starting_tiles"].items():
        board.tiles[slot] = {"tile": placed["tile"], "orientation": placed["orientation"], "explored": True}
    for slot, tile in drawn["area_tiles"].items():
        board.tiles[slot] = {"tile": tile, "orientation": 0, "explored": False}
    board.large_locations = {c: dict(placed) for c, placed in drawn["large_locations"].items()}
    board.majors = majors_for(rules, seats, variants)
    board.shared_artifact_card = drawn.get("shared_artifact_card")

    supply = game.supply
    supply.citizen_deck = list(drawn["citizen_deck"])
    supply.citizen_display, supply.citizen_deck = (
        supply.citizen_deck[:CITIZEN_DISPLAY],
        supply.citizen_deck[CITIZEN_DISPLAY:],
    )
    for colour, pile in drawn["machine_piles"].items():
        supply.machine_display[colour], supply.machine_piles[colour] = pile[:MACHINE_DISPLAY], pile[MACHINE_DISPLAY:]
    pile = list(drawn["module_pile"])
    supply.module_display, supply.module_pile = pile[:MODULE_DISPLAY], pile[MODULE_DISPLAY:]
    supply.crates = list(drawn["crates"])
    supply.minors = list(rules.ids("minor_artifact"))
    if "long_game" in variants and seats == 4:
        board.crater_minors, supply.minors = supply.minors[:2], supply.minors[2:]
    supply.end_game_tile = not solo

    for player in game.players:
        _player(rules, game, player, drawn, solo)


def _player(rules: Rules, game: Game, player: Player, drawn: dict[str, Any], solo: bool) -> None:
    """A player's starting cards, artifact card, tribe tokens, energy and resources (by seat)."""
    seat, tribe, side = player.seat, player.tribe, player.side
    cards = list(drawn["starting_cards"][seat])
    player.active, player.resting = cards[:3], cards[3:]
    if "draft_hands" in drawn:  # the cards come from the draft, before the first turn
        player.active, player.resting = [], []
        player.draft_hand, player.draft_order = list(drawn["draft_hands"][seat]), list(drawn["draft_orders"][seat])
    dealt = list(drawn["artifact_cards"][seat])
    player.artifact_card = dealt[0] if dealt else None
    if len(dealt) > 1:
        player.artifact_offer = dealt
    tokens = dict(rules.data(tribe)["sides"][side].get("tokens", {})) if tribe in rules.content.components else {}
    if tokens.pop("falcon", 0):  # Vukuntur moon: the falcon starts on the chasm
        chasm = rules.main_board["map"]["chasm"]
        put_token(game.board, f"{chasm[0]},{chasm[1]}", {"player": seat, "token": "falcon"})
    player.tokens_left = tokens
    player.energy, game.supply.energy = 1, game.supply.energy - 1
    for resource in SEAT_RESOURCES[: 1 if solo else seat + 1]:
        player.resources[resource] += 1


def artifact_choices(game: Game):
    """Variant ``artifact_choice``: each player in seat order keeps one of the two cards dealt.

    A generator of decisions, to be run once before the first turn; until then each player
    holds the first card dealt.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.setup import new_game
    >>> g = new_game(Rules.load(("base",)), [("Ann", "nadair", "sun")], seed=1, variants=["artifact_choice"])
    >>> second = g.players[0].artifact_offer[1]
    >>> run_to_end(artifact_choices(g), [second])
    >>> g.players[0].artifact_card == second, g.players[0].artifact_offer
    (True, [])
    """

    for player in game.players:
        if not player.artifact_offer:
            continue
        offer = player.artifact_offer
        choice = yield Decision(player.seat, "artifact card", "keep which artifact card?", options_of(offer))
        player.artifact_card, player.artifact_offer = choice.key, []


def starting_draft(game: Game):
    """Variant ``starting_draft`` (001 option 4): three rounds; in each, every player keeps 2 cards of their hand.

    A generator of decisions, one card at a time, seats in order. After each round every hand
    passes to the next seat (seat 3 to seat 0); the last card of a 7-card hand is set aside. The
    6 kept cards are then placed as shuffled at setup (``player.draft_order``): 3 active, 3 resting.

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> from revive_dsl.engine.setup import new_game
    >>> g = new_game(Rules.load(("base",)), [("Ann", "nadair", "sun")], seed=1, variants=["starting_draft"])
    >>> hand = list(g.players[0].draft_hand)
    >>> run_to_end(starting_draft(g), hand[:6])
    >>> sorted(g.players[0].active + g.players[0].resting) == sorted(hand[:6]), g.players[0].draft_hand
    (True, [])
    """

    hands = [list(p.draft_hand) for p in game.players]
    kept: list[list[str]] = [[] for _ in game.players]
    for round_no in range(1, DRAFT_ROUNDS + 1):
        for player, hand in zip(game.players, hands, strict=True):
            for _ in range(DRAFT_KEEP):
                prompt = f"starting draft, round {round_no}: keep which card?"
                choice = yield Decision(player.seat, "starting draft", prompt, options_of(hand))
                hand.remove(choice.key)
                kept[player.seat].append(choice.key)
        hands = hands[-1:] + hands[:-1]  # each hand goes to the next seat
    for player in game.players:
        placed = [kept[player.seat][i] for i in player.draft_order]
        player.active, player.resting = placed[:3], placed[3:]
        player.draft_hand, player.draft_order = [], []


def _draft_pending(game: Game) -> bool:
    return any(p.draft_hand for p in game.players)


def _choice_pending(game: Game) -> bool:
    return any(p.artifact_offer for p in game.players)


declare_variants(
    "base",
    ("artifact_choice", "common_artifact_card", "advanced_switch", "long_game", "starting_draft"),
    exclusive=[("artifact_choice", "common_artifact_card", "one card is shared")],
)
declare_variants("base", ("vast_crystals", "campaign_locations"))  # drawn in steps 16 and 17
declare_outcomes(
    piles={"citizen_deck": "citizen deck", "module_pile": "slot module pile", "crates": "crate stack"},
    grouped={"machine_piles": "machine pile"},
    slots={
        "starting_tiles": ("starting tile", "starting_tile"),
        "area_tiles": ("area tile", "area_tile"),
        "large_locations": ("large location", "large_location"),
    },
)
setup_draw(1, _draws)
AFTER_OUTCOMES.add(_starting_sets_given)
SETUP_STEPS.add(_lay_out)
SETUP_DECISIONS.add((_draft_pending, starting_draft))
SETUP_DECISIONS.add((_choice_pending, artifact_choices))
