"""The base game's rules (003): the board actions, cards and slot modules, machines and crates, the tracks,
hibernation, the tribes, the counters the DSL reads, final scoring and the base game's variants.

``MODULES`` is the order the registry imports them in, which is also the order of their moves in the list
of legal moves. Whichever module of the package is imported first, all of them are loaded in this order, so
that hooks are always in the same order.
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
    "tile_rewards",
    "tribes",
    "vast_crystals",
    "campaign_locations",
]

from revive_dsl.engine.registry import load_packages  # noqa: E402 (after MODULES, which it reads)

load_packages(["base"])
