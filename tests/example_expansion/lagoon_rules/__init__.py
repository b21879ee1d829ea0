"""The Lagoon, an example rules package (``tests/example_expansion``): pearls, a pearl track, the polish action.

It touches no file of the engine or of the bundled packages: its words are in ``words.yaml``, its state is a
part of its own (``state_part``), and everything else is registered into the machinery's lists.
"""

MODULES = ["pearls"]
