"""Imports every rules module, so that their effects, counters and moves are registered.

Rules modules register themselves into the tables of :mod:`revive_dsl.engine.interpret`
(``EFFECTS``, ``COUNTERS``, ``STATES``) and :mod:`revive_dsl.engine.game` (``MOVES``) when
imported. Add a new module's name here, one line each.

>>> load_all()
>>> "gain" in __import__("revive_dsl.engine.interpret", fromlist=["EFFECTS"]).EFFECTS
True
"""

from __future__ import annotations

import importlib

RULE_MODULES: list[str] = [
    "revive_dsl.engine.interpret",
    "revive_dsl.engine.game",
    "revive_dsl.engine.triggers",
    "revive_dsl.engine.cards",
    "revive_dsl.engine.modules",
    "revive_dsl.engine.card_effects",
    "revive_dsl.engine.counters",
    "revive_dsl.engine.scoring",
    "revive_dsl.engine.board_actions",
    "revive_dsl.engine.tracks",
    "revive_dsl.engine.machines",
    "revive_dsl.engine.hibernate",
    "revive_dsl.engine.tribes",
    # the expansion (Call of the Abyss): after every base module, so the base moves keep their order
    "revive_dsl.engine.lake_adjacency",
    "revive_dsl.engine.devotion",
    "revive_dsl.engine.scyphoz",
    "revive_dsl.engine.journeys",
    "revive_dsl.engine.unstable",
    "revive_dsl.engine.machine_variant",
    "revive_dsl.engine.abyss_setup",
    "revive_dsl.engine.solo_abyss",
    "revive_dsl.engine.leech",
    "revive_dsl.engine.circadian",
    "revive_dsl.engine.gadgets",
    "revive_dsl.engine.lakes",
    "revive_dsl.engine.gates",
    "revive_dsl.engine.vast_crystals",
    "revive_dsl.engine.campaign_locations",
]


def load_all() -> None:
    """Import every rules module (idempotent)."""
    for name in RULE_MODULES:
        importlib.import_module(name)
