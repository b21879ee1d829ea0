"""The base game's rules (003): the board actions, cards and slot modules, machines and crates, the tracks,
hibernation, the tribes, the counters the DSL reads, final scoring and the base game's variants.

``MODULES`` is the order the registry imports them in, which is also the order of their moves in the list
of legal moves.
"""

MODULES = [
    "setup",
    "invariants",
    "lasting",
    "switch",
    "gains",
    "cards",
    "modules",
    "card_effects",
    "counters",
    "scoring",
    "board_actions",
    "tracks",
    "machines",
    "hibernate",
    "tribes",
    "vast_crystals",
    "campaign_locations",
]
