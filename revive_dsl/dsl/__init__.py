"""The rule DSL: effect text -> positioned tree -> checked tree -> canonical text and English.

- :mod:`~revive_dsl.dsl.parser` turns text into the frozen nodes of :mod:`~revive_dsl.dsl.nodes`;
- :mod:`~revive_dsl.dsl.signatures` is the table of words (their parameters, types and English);
- :mod:`~revive_dsl.dsl.checker` checks a tree against it, :mod:`~revive_dsl.dsl.formatter` prints it back,
  :mod:`~revive_dsl.dsl.explain` says it in English and :mod:`~revive_dsl.dsl.docgen` writes the reference.

This layer reads no file but the grammar: the words a rules package adds come from the content layer
(:mod:`revive_dsl.content.words`).

>>> from revive_dsl.dsl.parser import parse
>>> from revive_dsl.dsl.formatter import format_program
>>> format_program(parse("gain 2 food"))
'gain 2 food'
"""
