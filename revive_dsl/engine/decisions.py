"""Decisions: every choice the rules leave to a player, with its complete list of legal options.

The interpreter never guesses. Where the rules leave a choice open it yields a
:class:`Decision`; a driver answers with one option's key. An answer outside the list is
rejected by :meth:`Decision.choose` with :class:`IllegalAnswer`, which names the rule and
lists the legal options -- and nothing has changed, because the answer is checked before
the interpreter sees it.

>>> d = Decision(0, "switch", "gain which basic resource?", options_of(["gear", "book", "food"]))
>>> d.choose("book").key
'book'
>>> try:
...     d.choose("crystal")
... except IllegalAnswer as err:
...     print(err)
'crystal' is not a legal answer for switch (gain which basic resource?); legal: gear, book, food
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

# Rules whose identifier does not read as English by itself.
RULE_TITLES = {"machine during gain_points": "machine when points are gained"}

CHANCE = -1  # the "player" who answers chance decisions: deck draws, tile reveals


@dataclass(frozen=True)
class Option:
    """One legal answer: ``key`` is its text form in scripts, ``label`` its English."""

    key: str
    label: str = ""

    def __str__(self) -> str:
        return self.key


# Words a person may type (and older scripts wrote) for the one pair every optional effect is answered with: ``use``
# or ``skip``; only the pair is written. The engine offers no option of these keys, so they never stand for another.
SYNONYMS = {"pay": "use", "yes": "use", "no": "skip"}


@dataclass(frozen=True)
class Decision:
    """A question: who decides (a seat, or CHANCE), under which rule, and the legal options."""

    player: int
    rule: str
    prompt: str
    options: tuple[Option, ...]

    @property
    def title(self) -> str:
        """The rule as a reader sees it in a message: ``rule`` is an identifier code matches on, and may hold a
        DSL word (``machine during gain_points``, ``place sand_tile``).

        >>> Decision(0, "machine during gain_points", "activate a machine now?", ()).title
        'machine when points are gained'
        >>> Decision(0, "place sand_tile", "place the sand tile where?", ()).title
        'place sand tile'
        """
        return RULE_TITLES.get(self.rule, self.rule.replace("_", " "))

    def legal_keys(self) -> list[str]:
        """The legal answers' keys, in order."""
        return [o.key for o in self.options]

    def sample(self, rng: random.Random) -> str:
        """A legal answer's key, drawn uniformly with ``rng`` (what a random player answers): the option at
        ``rng.randrange(len(options))``.

        >>> d = Decision(0, "switch", "gain which basic resource?", options_of(["gear", "book", "food"]))
        >>> d.sample(random.Random(7)) in ("gear", "book", "food")
        True
        """
        options = self.options
        if not options:
            raise ValueError(f"{self.title} ({self.prompt}) has no legal answer to draw")
        return options[rng.randrange(len(options))].key

    def choose(self, key: str) -> Option:
        """The option with this key (or a word a person may type for it: :data:`SYNONYMS`); raise
        :class:`IllegalAnswer` if there is none.

        >>> Decision(0, "optional effect", "use: gain 1 food?", options_of(["use", "skip"])).choose("no").key
        'skip'
        """
        for option in self.options:
            if option.key == key:
                return option
        meant = SYNONYMS.get(key)
        if meant is not None:
            for option in self.options:
                if option.key == meant:
                    return option
        raise IllegalAnswer(self, key)


class ListedWhenAsked(Decision):
    """A decision whose options are listed only when someone asks for them (a driver choosing, a message
    naming the legal answers): a given answer is checked on its own by ``test(key)``, the option or None.
    ``test`` must agree with the list, which a test checks on every such decision of the corpus.

    ``candidates``, when given, lists without testing them keys that hold every legal one, each once: a random
    answer is then drawn by testing candidates in a random order until one is legal (:meth:`sample`), and the
    options need never be listed.

    >>> test = lambda key: Option(key) if key in ("a", "b") else None
    >>> d = ListedWhenAsked(0, "build", "build where?", lambda: options_of(["a", "b"]), test, lambda: "abc")
    >>> d.choose("b").key, d.listed
    ('b', False)
    >>> d.sample(random.Random(1)) in ("a", "b"), d.listed
    (True, False)
    >>> d.legal_keys()
    ['a', 'b']
    """

    def __init__(
        self,
        player: int,
        rule: str,
        prompt: str,
        lister: Callable[[], Iterable[Option]],
        test: Callable[[str], Option | None],
        candidates: Callable[[], Iterable[str]] | None = None,
    ):
        for name, value in (
            ("player", player),
            ("rule", rule),
            ("prompt", prompt),
            ("_lister", lister),
            ("_test", test),
            ("_candidates", candidates),
        ):
            object.__setattr__(self, name, value)

    @property
    def listed(self) -> bool:
        """Whether the options have been listed."""
        return "_listed" in self.__dict__

    def known(self, key: str) -> bool:
        """Whether ``key`` is known to be legal without testing it again: listed, or drawn by :meth:`sample`."""
        listed = self.__dict__.get("_listed")
        return any(o.key == key for o in listed) if listed is not None else key in self.__dict__.get("_drawn", ())

    @property
    def options(self) -> tuple[Option, ...]:  # type: ignore[override]
        listed = self.__dict__.get("_listed")
        if listed is None:
            listed = tuple(self._lister())
            object.__setattr__(self, "_listed", listed)
        return listed

    def choose(self, key: str) -> Option:
        if "_listed" in self.__dict__:
            return super().choose(key)
        found = self.__dict__.get("_drawn", {}).get(key)  # drawn by sample: tested already
        if found is None:
            found = self._test(key)
        if found is None:
            raise IllegalAnswer(self, key)
        return found

    def sample(self, rng: random.Random) -> str:
        """A legal key drawn uniformly with ``rng``, without listing the options when there are ``candidates``: they
        are put in a random order one place at a time (Fisher-Yates) and the first legal one is the answer. In a
        uniformly random order the first legal key is any legal key alike, so this draws what drawing from the
        list would, testing only the candidates up to it (a different draw of ``rng``'s numbers, though)."""
        if "_listed" in self.__dict__ or self._candidates is None:
            return super().sample(rng)
        keys = list(self._candidates())
        for i in range(len(keys)):
            j = rng.randrange(i, len(keys))
            keys[i], keys[j] = keys[j], keys[i]
            found = self._test(keys[i])
            if found is not None:
                self.__dict__.setdefault("_drawn", {})[found.key] = found  # the answer to it is not tested again
                return found.key
        raise ValueError(f"{self.title} ({self.prompt}) has no legal answer to draw")


class IllegalAnswer(ValueError):
    """An answer that is not among a decision's options."""

    def __init__(self, decision: Decision, answer: str, why: str = ""):
        self.decision = decision
        self.answer = answer
        self.why = why  # what stands in the way, in the game's words, where it is known
        legal = ", ".join(decision.legal_keys()) or "none"
        because = f" ({why})" if why else ""
        super().__init__(
            f"'{answer}' is not a legal answer for {decision.title} ({decision.prompt}){because}; legal: {legal}"
        )


def options_of(keys: Iterable[str], labels: dict[str, str] | None = None) -> tuple[Option, ...]:
    """Options from keys, with optional English labels."""
    labels = labels or {}
    return tuple(Option(k, labels.get(k, "")) for k in keys)
