"""Call of the Abyss (004): lakes, the devotion track, Scyphoz cards, journeys, the new and unstable machine
tokens, the expansion's setup and solo rules, and the four new tribes (leech, circadian, gadgets, gates).

``MODULES`` is the order the registry imports them in, which is also the order of their moves in the list
of legal moves (after every base move).
"""

MODULES = [
    "invariants",
    "lake_adjacency",
    "devotion",
    "scyphoz",
    "journeys",
    "unstable",
    "machine_variant",
    "setup",
    "solo",
    "leech",
    "circadian",
    "gadgets",
    "lakes",
    "gates",
]
