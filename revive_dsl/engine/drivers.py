"""Drivers answer decisions: from a script, at random from a seed, or by asking a person.

>>> from revive_dsl.engine.decisions import Decision, options_of
>>> d = Decision(0, "switch", "gain which basic resource?", options_of(["gear", "book", "food"]))
>>> ScriptedDriver(["food"]).answer(d)
'food'
>>> RandomDriver(7).answer(d) == RandomDriver(7).answer(d)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from revive_dsl.engine.decisions import Decision


class Driver:
    """Something that answers decisions with an option key."""

    def answer(self, decision: Decision) -> str:
        raise NotImplementedError


class ScriptedDriver(Driver):
    """Answers from a list, in order; raises :class:`ScriptExhausted` when it runs out."""

    def __init__(self, answers: Iterable[str]):
        self.answers = list(answers)
        self.used = 0

    def answer(self, decision: Decision) -> str:
        if self.used >= len(self.answers):
            raise ScriptExhausted(decision)
        key = self.answers[self.used]
        self.used += 1
        return key


class ScriptExhausted(LookupError):
    """A scripted move did not answer every decision it raised."""

    def __init__(self, decision: Decision):
        self.decision = decision
        super().__init__(
            f"the move does not answer {decision.title} ({decision.prompt}); legal: {', '.join(decision.legal_keys())}"
        )


class RandomDriver(Driver):
    """Uniform over the legal options, from its own seeded generator (no hidden globals), drawn with
    :meth:`Decision.sample`: a decision whose options cost much to list (the turn's moves, a board action's targets)
    is answered without listing them, with the odds of a draw from the list."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def answer(self, decision: Decision) -> str:
        return decision.sample(self.rng)


class PromptDriver(Driver):
    """Asks a person; ``ask`` gets the prompt text and returns what they typed."""

    def __init__(self, ask: Callable[[str], str] = input):
        self.ask = ask

    def answer(self, decision: Decision) -> str:
        listing = "  ".join(f"[{o.key}] {o.label}".rstrip() for o in decision.options)
        while True:
            typed = self.ask(f"{decision.prompt}\n{listing}\n> ").strip()
            if typed in decision.legal_keys():
                return typed
