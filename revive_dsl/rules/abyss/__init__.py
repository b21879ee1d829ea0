"""Call of the Abyss (004): lakes, the devotion track, Scyphoz cards, journeys, the new and unstable machine
tokens, the expansion's setup and solo rules, and the four new tribes (leech, circadian, gadgets, gates).

``MODULES`` is the order the registry imports them in, which is also the order of their moves in the list
of legal moves (after every base move).

The expansion builds on the base game: whichever module of it is imported first, the base package is loaded,
then this one's modules in this order, so that hooks (setup steps, ...) are always in the same order.
"""

MODULES = [
    "invariants",
    "lake_adjacency",
    "devotion",
    "scyphoz",
    "journeys",
    "unstable",
    "setup",
    "solo",
    "leech",
    "circadian",
    "gadgets",
    "lakes",
    "gates",
]

from revive_dsl.engine.registry import load_packages  # noqa: E402 (after MODULES, which it reads)

load_packages(["base", "abyss"])
