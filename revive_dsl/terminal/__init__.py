"""The terminal, one face of the project like the web page: ``revive replay`` (``viewer``), ``revive play`` (``play``),
``revive tutorial`` (``tutorial``, with the learner's ``progress``) and the player boards a learner asks for
(``boards``). It sits on the replay layer (:mod:`revive_dsl.replay`: scripts, the Replay, the account, the map and
the console helpers the faces share) and draws with Rich.
"""
