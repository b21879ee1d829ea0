"""Content: the packs of YAML files that hold every component, read safely and checked.

- :mod:`~revive_dsl.content.yamlsrc` reads YAML safely, with the position of every value;
- :mod:`~revive_dsl.content.schema_defs` holds the JSON Schemas every file is validated against;
- :mod:`~revive_dsl.content.packages` finds the installed rules packages, :mod:`~revive_dsl.content.words`
  reads the DSL words they add;
- :mod:`~revive_dsl.content.packs` loads packs into :class:`~revive_dsl.content.packs.Content` (compiled
  effect trees, checked), :mod:`~revive_dsl.content.cache` keeps the result between processes;
- :mod:`~revive_dsl.content.board` and :mod:`~revive_dsl.content.setup_check` check boards and set-ups.

>>> from revive_dsl.content.packs import load_packs
>>> len(load_packs(["base"]).components) > 100
True
"""
