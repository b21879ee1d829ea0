"""The Lagoon, an example rules package (``tests/example_expansion``): pearls, a pearl track, the polish action.

It touches no file of the engine or of the bundled packages, and imports only the public API for rules
packages (:mod:`revive_dsl.extension`): its words are in ``words.yaml``, its state is a part of its own
(``state_part``), and everything else is registered into the machinery's lists.
"""

MODULES = ["pearls"]

from revive_dsl.extension import load_packages  # noqa: E402 (after MODULES, which it reads)

load_packages(["base", "lagoon"])  # whichever module is imported first: base's hooks, then the Lagoon's
