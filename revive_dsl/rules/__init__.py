"""The rules packages that ship with the project: one per content pack with mechanics of its own.

- :mod:`revive_dsl.rules.base`: the base game (003): actions, cards, tracks, hibernation, tribes, scoring.
- :mod:`revive_dsl.rules.abyss`: Call of the Abyss (004): devotion, lakes, journeys, Scyphoz cards, the new tribes.

Each package lists its modules in ``MODULES``; :mod:`revive_dsl.engine.registry` imports them for the games
whose packs name the package (``rules:`` in ``pack.yaml``). Another distribution adds a package of its own
through the ``revive.rules`` entry-point group (see :mod:`revive_dsl.content.packages`).
"""
