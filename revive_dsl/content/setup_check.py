"""What the setup needs of the components a pack ships, checked before any game is set up.

Most kinds join their piles whatever their number (docs/rulings.md, "A pack's components in the setup");
the tiles must fit a slot (:func:`revive_dsl.content.board.check_board`), and a starting set is six cards
(003 setup, step 6: 3 active, 3 resting), so a pack's starting cards make a set of their own, under a letter
of their own.

>>> from revive_dsl.content.packs import load_packs
>>> check_starting_sets(load_packs(["base"]))
[]
"""

from __future__ import annotations

from revive_dsl.positions import Diagnostic

STARTING_SET = 6  # 003 setup, step 6: a random set of 6 starting citizen cards


def check_starting_sets(content) -> list[Diagnostic]:
    """A positioned error at each starting card a set has beyond six, or at each card of a set of fewer."""
    sets: dict[str, list] = {}
    for card in content.of_kind("starting_card"):
        sets.setdefault(card.data["set"], []).append(card)
    free = next((chr(c) for c in range(ord("A"), ord("Z") + 1) if chr(c) not in sets), None)
    rule = f"a starting set is {STARTING_SET} cards, 3 active and 3 resting (003 setup, step 6)"
    out = []
    for letter, cards in sorted(sets.items()):
        if len(cards) > STARTING_SET:
            full = ", ".join(c.id for c in cards[:STARTING_SET])
            for card in cards[STARTING_SET:]:
                own = f", e.g. set: {free}," if free else ""
                message = (
                    f"{card.id}: starting set {letter} already has {STARTING_SET} cards ({full}); {rule}: "
                    f"give a pack's starting cards a letter of their own{own} {STARTING_SET} cards to the letter"
                )
                out.append(Diagnostic(card.pos, message))
        elif len(cards) < STARTING_SET:
            ids = ", ".join(c.id for c in cards)
            more = STARTING_SET - len(cards)
            for card in cards:
                message = (
                    f"{card.id}: starting set {letter} has {len(cards)} of its {STARTING_SET} cards ({ids}); {rule}: "
                    f"add {more} more with set: {letter}"
                )
                out.append(Diagnostic(card.pos, message))
    return out


def check_majors(content) -> list[Diagnostic]:
    """A positioned error at each major artifact beyond what the crater holds.

    003 setup: a game uses the majors whose back shows its player count or fewer (``players: "2+"``; a 4-player
    game all of them), and they lie on the crater's spaces (``crater.artifact_spaces`` of the main board: 12, the
    base game's 12 majors). The majors of the later packs are the ones beyond.
    """
    boards = content.of_kind("main_board")
    spaces = boards[-1].data.get("crater", {}).get("artifact_spaces") if boards else None
    majors = content.of_kind("major_artifact")
    if not isinstance(spaces, int) or len(majors) <= spaces:
        return []
    return [
        Diagnostic(
            major.pos,
            f"{major.id}: the crater holds {spaces} major artifacts and the packs have {len(majors)}, all of them"
            f" used by a 4-player game (003 setup: the majors marked for the player count or fewer); to change a"
            f" major, reuse its id with 'replaces: true', or ship a main board whose crater has more spaces",
        )
        for major in majors[spaces:]
    ]
