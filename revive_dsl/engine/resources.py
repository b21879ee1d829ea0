"""Resources: caps, gaining with overflow, paying with crystals standing in for basics.

Rules encoded here (rulebook, "Resources"): basic resources cap at 6 and crystals at 3;
what is gained past a cap is lost, except that a crystal gained at its cap may be taken as
another basic resource instead (a decision); crystals may become basic resources at any
time, so a payment short of a basic resource is completed with crystals; discounts never
take a cost below 0.

>>> from revive_dsl.engine.state import Player
>>> p = Player(seat=0, name="Ann", tribe="t", side="sun")
>>> p.resources.update(gear=1, crystal=2)
>>> can_pay(p, {"gear": 3})
True
>>> pay(p, {"gear": 3})  # what was paid: the gear and two crystals standing in
{'gear': 1, 'crystal': 2}
>>> p.resources["gear"], p.resources["crystal"]
(0, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from itertools import product

from revive_dsl.engine.decisions import Decision, Option, options_of
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.state import Player

BASIC = ("gear", "book", "food")
CAPS = {"gear": 6, "book": 6, "food": 6, "crystal": 3}

# Which resources a player's spare books may stand in for (Nàdair's ``pay_book_for``); set by
# revive_dsl/rules/base/tribes.py. With stand-ins, the player chooses how to pay (:func:`pay_chosen`).
BOOK_STAND_INS: Hooks[Callable[[Player], tuple[str, ...]]] = Hooks("BOOK_STAND_INS")


def _book_for(player: Player) -> tuple[str, ...]:
    return tuple(r for hook in BOOK_STAND_INS for r in hook(player))


def _spent(player: Player, cost: dict[str, int]) -> tuple[dict[str, int], int]:
    """What a payment takes of each resource, and how many crystals stand in for the rest."""
    taken = {r: min(c, player.resources[r]) for r, c in cost.items() if r in BASIC}
    crystals = cost.get("crystal", 0) + sum(c - taken[r] for r, c in cost.items() if r in BASIC)
    stand_ins = _book_for(player) if crystals > cost.get("crystal", 0) else ()
    if stand_ins:
        spare = player.resources["book"] - taken.get("book", 0)
        for r in stand_ins:
            use = min(spare, cost.get(r, 0) - taken.get(r, 0))
            if use > 0:
                taken["book"] = taken.get("book", 0) + use
                spare -= use
                crystals -= use
    return taken, crystals


def add_capped(player: Player, resource: str, count: int) -> int:
    """Add up to the cap; return how many did not fit."""
    room = CAPS[resource] - player.resources[resource]
    taken = max(0, min(room, count))
    player.resources[resource] += taken
    return count - taken


def gain(player: Player, resource: str, count: int = 1) -> Generator[Decision, Option, dict[str, int]]:
    """Gain resources; crystals past the cap may each become a basic resource (asked). Returns what the player
    got of each resource (what was lost over a cap is not in it; a crystal taken as a food is a food).

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun")
    >>> p.resources.update(crystal=3, gear=5)
    >>> run_to_end(gain(p, "gear", 2), []), p.resources["gear"]
    (None, 6)
    >>> gained = gain(p, "crystal", 1)
    >>> next(gained).prompt
    'your crystals are full: take which basic resource instead?'
    >>> try:
    ...     gained.send(Option("food"))
    ... except StopIteration as done:
    ...     done.value
    {'food': 1}
    """
    overflow = add_capped(player, resource, count)
    got = {resource: count - overflow} if count > overflow else {}
    if resource != "crystal":
        return got
    for _ in range(overflow):
        room = [r for r in BASIC if player.resources[r] < CAPS[r]]
        if not room:
            break
        choice = yield Decision(
            player.seat,
            "resources: crystal at its cap",
            "your crystals are full: take which basic resource instead?",
            options_of([*room, "none"]),
        )
        if choice.key != "none":
            add_capped(player, choice.key, 1)
            got[choice.key] = got.get(choice.key, 0) + 1
    return got


def gained_text(resource: str, count: int, got: dict[str, int]) -> str:
    """What a gain of ``count`` ``resource`` gave, as :func:`gain` returned it: ``gains 2 gear``, ``gains 1 food
    (1 crystal over its cap taken as food)``, ``gains 1 gear (1 lost over its cap)``; an amount for each
    resource gained, so that the account says what moved.

    >>> gained_text("gear", 2, {"gear": 2})
    'gains 2 gear'
    >>> gained_text("crystal", 2, {"crystal": 1, "food": 1})
    'gains 1 crystal + 1 food (1 crystal over its cap taken as food)'
    >>> gained_text("book", 3, {})
    'gains 0 book (3 lost over its cap)'
    """
    text = "gains " + (" + ".join(f"{a} {r}" for r, a in got.items() if a) or f"0 {resource}")
    instead = {r: a for r, a in got.items() if r != resource and a}
    kept = got.get(resource, 0) + sum(instead.values())
    notes = []
    if instead:
        taken = " + ".join(f"{a} {r}" if len(instead) > 1 else r for r, a in instead.items())
        notes.append(f"{sum(instead.values())} {resource} over its cap taken as {taken}")
    if kept < count:
        notes.append(f"{count - kept} lost over its cap")
    return text + (f" ({'; '.join(notes)})" if notes else "")


def shortfall(player: Player, cost: dict[str, int]) -> int:
    """How many crystals a payment needs beyond the named resources (or -1 if impossible)."""
    crystals_needed = _missing(player, cost)[0]
    if crystals_needed > cost.get("crystal", 0) and BOOK_STAND_INS and _book_for(player):
        return _spent(player, cost)[1]
    return crystals_needed


def _missing(player: Player, cost: dict[str, int]) -> tuple[int, bool]:
    """The crystals a payment needs before books stand in (its own crystals and one for each missing basic
    resource), and whether a missing resource is not books."""
    have = player.resources
    needed, not_books = cost.get("crystal", 0), False
    for resource, count in cost.items():
        if resource in BASIC and count > have[resource]:
            needed += count - have[resource]
            not_books = not_books or resource != "book"
    return needed, not_books


def can_pay(player: Player, cost: dict[str, int]) -> bool:
    """Whether the player can pay, crystals standing in for missing basic resources.

    Books standing in (:data:`BOOK_STAND_INS`) only lower the crystals needed, only for a missing resource
    other than books, and only with books left over, so they are looked up only when the crystals alone do not
    cover what is missing, some of it is not books and the player has books to spare.
    """
    have = player.resources
    needed, not_books = _missing(player, cost)
    if needed <= have["crystal"]:
        return True
    if not not_books or have["book"] <= cost.get("book", 0) or not BOOK_STAND_INS or not _book_for(player):
        return False
    return _spent(player, cost)[1] <= have["crystal"]


def pay(player: Player, cost: dict[str, int]) -> dict[str, int]:
    """Pay: each named basic resource first, crystals for the rest. Caller checks ``can_pay``. Returns what
    each resource gave up (crystals standing in are crystals).

    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun")
    >>> p.resources.update(gear=2, crystal=3)
    >>> pay(p, {"gear": 5})
    {'gear': 2, 'crystal': 3}
    """
    if not can_pay(player, cost):
        raise ValueError(f"cannot pay {cost}")
    paid: dict[str, int] = {}

    def take(resource: str, count: int) -> None:
        if count:
            player.resources[resource] -= count
            paid[resource] = paid.get(resource, 0) + count

    if BOOK_STAND_INS and _book_for(player):
        taken, crystals = _spent(player, cost)
        for resource, count in taken.items():
            take(resource, count)
        take("crystal", crystals)
        return paid
    for resource, count in cost.items():
        if resource in BASIC:
            own = min(count, player.resources[resource])
            take(resource, own)
            take("crystal", count - own)
        elif resource == "crystal":
            take("crystal", count)
    return paid


def payment_ways(player: Player, cost: dict[str, int]) -> list[dict[str, int]]:
    """The distinct ways the player can pay ``cost``, as what each resource gives up, cheapest first (fewest
    crystals, then fewest books): each basic resource is paid with itself, or with books where books may stand
    in for it (:data:`BOOK_STAND_INS`), and what is still missing with crystals. Without stand-ins there is one
    way: the named resources first, crystals for the rest (a player who would rather spend a crystal trades it
    first).

    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun")
    >>> p.resources.update(gear=3, book=2)
    >>> payment_ways(p, {"gear": 3})
    [{'gear': 3}]
    """
    stand_ins = [r for r in (_book_for(player) if BOOK_STAND_INS else ()) if cost.get(r, 0) > 0]
    have = player.resources
    spare = have["book"] - min(cost.get("book", 0), have["book"])
    if not stand_ins or spare <= 0:
        taken, crystals = _spent(player, cost)
        way = {r: c for r, c in taken.items() if c > 0}
        return [{**way, "crystal": crystals} if crystals else way] if can_pay(player, cost) else []
    ways: dict[tuple, dict[str, int]] = {}
    for books in product(*(range(min(cost[r], spare) + 1) for r in stand_ins)):
        if sum(books) > spare:
            continue
        instead = dict(zip(stand_ins, books, strict=True))
        way, crystals = {}, cost.get("crystal", 0)
        for resource in BASIC:
            named = cost.get(resource, 0) - instead.get(resource, 0)
            own = min(named, have[resource])
            crystals += named - own
            way[resource] = own + (sum(books) if resource == "book" else 0)
        way["crystal"] = crystals
        if crystals <= have["crystal"]:
            ways[tuple(way.values())] = {r: c for r, c in way.items() if c > 0}
    return sorted(ways.values(), key=lambda w: (w.get("crystal", 0), w.get("book", 0), tuple(sorted(w.items()))))


def way_key(way: dict[str, int]) -> str:
    """A payment way as an answer key: ``1gear+2book`` (``free`` when nothing is paid)."""
    return "+".join(f"{way[r]}{r}" for r in (*BASIC, "crystal") if way.get(r)) or "free"


def pay_chosen(player: Player, cost: dict[str, int]) -> Generator[Decision, Option, dict[str, int]]:
    """Pay ``cost``, asking how when it can be paid in more than one way (books standing in for gears or food:
    001, Nàdair: books *may* be paid instead); with one way, nothing is asked. Caller checks ``can_pay``.
    Returns the way paid: what each resource gave up (``{'gear': 1, 'book': 2}``).

    >>> from revive_dsl.engine.interpret import run_to_end
    >>> p = Player(seat=0, name="Ann", tribe="t", side="sun")
    >>> p.resources.update(gear=1)
    >>> run_to_end(pay_chosen(p, {"gear": 1}), []); p.resources["gear"]
    0
    """
    ways = payment_ways(player, cost)
    if not ways:
        raise ValueError(f"cannot pay {cost}")
    way = ways[0]
    if len(ways) > 1:
        keys = {way_key(w): w for w in ways}
        labels = {k: "pay " + " + ".join(f"{a} {r}" for r, a in w.items()) for k, w in keys.items()}
        shown = " + ".join(f"{a} {r}" for r, a in cost.items() if a)
        way = keys[(yield Decision(player.seat, "payment", f"pay {shown} which way?", options_of(keys, labels))).key]
    for resource, amount in way.items():
        player.resources[resource] -= amount
    return way


def discounted(cost: dict[str, int], discount: int) -> dict[str, int]:
    """A cost lowered by ``discount`` units, never below 0 (taken from the largest part first)."""
    if discount == 0:
        return {r: c for r, c in cost.items() if c > 0}
    out = dict(cost)
    for resource in sorted(out, key=lambda r: (-out[r], r)):
        take = min(discount, out[resource])
        out[resource] -= take
        discount -= take
    return {r: c for r, c in out.items() if c > 0}


def total(player: Player) -> int:
    """Remaining resources, basic and crystal, for end scoring and tie-breaks."""
    return sum(player.resources.values())
