"""What an answer key names: telling a rules refusal from a script's typo.

An answer the engine does not accept is a **refusal by the rules** when its key names something the game knows
and is of a kind the decision is answered with: the rules forbid it *now* (a card not in hand, a space out of
range, a move not offered, a requirement not met). Any other key could never be an option of that decision, so
it is an error in the script, which a step marked ``refused:`` does not excuse:

- a key that names nothing the game knows (not a component, a move, a player, a space of the map, a word of the
  content, the rules or the state, a number) -- ``abilty``;
- a module space past its slot's spaces (``top_left.3``: module spaces count from 0) or a journey requirement
  the journey does not have (``abyss_journey_green_2:0``: requirements count from 1);
- a key of another kind than every option the decision has now (a resource answering "what do you do?", a space
  where only ``use``/``skip`` answer).

:func:`script_error` returns the message for such a key, with the nearest legal key or name, or None for a key
the rules refuse.

>>> from revive_dsl.engine.decisions import Decision, options_of
>>> from revive_dsl.engine.rules import Rules
>>> from revive_dsl.engine.state import Game, Player
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
>>> rules = Rules.load(("base",))
>>> turn = Decision(0, "turn", "what do you do?", options_of(["play", "end"]))
>>> script_error("build", turn, game, rules) is None  # a move, refused now
True
>>> print(script_error("biuld", turn, game, rules).split(" in any state: ")[1])
it names nothing the game knows; did you mean 'build'?
>>> script_error("gear", turn, game, rules)
"'gear' is not a legal answer for turn (what do you do?) in any state: it is a resource, and its answers are moves"
>>> optional = Decision(0, "optional", "use it?", options_of(["use", "skip"]))
>>> script_error("1,0", optional, game, rules).split(" in any state: ")[1]
'it is a space, and its answers are the words use, skip'
>>> script_error("skip", Decision(0, "must", "which card?", options_of(["cit_smith"])), game, rules) is None
True
"""

from __future__ import annotations

import difflib
import re
import weakref
from typing import Any

from revive_dsl.engine.decisions import Decision
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.state import Game
from revive_dsl.positions import Diagnostic

RESOURCES = ("gear", "book", "food", "crystal")
# words the engine's decisions answer with that no content or state holds
ANSWER_WORDS = ("use", "skip", "pay", "yes", "no", "none", "done", "deck", "top", "bottom", "before", "after", "end")
_SPACE = re.compile(r"-?\d+,-?\d+")
_NUMBER = re.compile(r"-?\d+")
_PAYMENT = re.compile(r"\d+[a-z]+(\+\d+[a-z]+)*")
_WORD = re.compile(r"[A-Za-z0-9_-]+")
_PARTS = re.compile(r"[ :+.]+")
# the kinds a key is told apart by; a key of none of them (a word, a text) is compared with no option's kind
_KIND_NAMES = {
    "component": ("a component", "components"),
    "move": ("a move", "moves"),
    "player": ("a player", "players"),
    "space": ("a space", "spaces"),
    "resource": ("a resource", "resources"),
    "number": ("a number", "numbers"),
    "module space": ("a module space", "module spaces"),
    "requirement": ("a journey requirement", "journey requirements"),
    "payment": ("a payment", "payments"),
    "word": ("an answer word", "answer words"),
}
# per Rules object (by id, checked against a weak reference: rules are not hashable)
_WORDS: dict[int, tuple[weakref.ref, frozenset[str]]] = {}


def script_error(key: str, decision: Decision, game: Game, rules: Rules) -> str | None:
    """Why ``key`` could never answer ``decision`` (a script error), or None: the rules refuse it now."""
    names = [p.name for p in game.players]
    words = _words(rules) | set(names) | set(_strings(game.to_dict()))
    never = f"'{key}' is not a legal answer for {decision.title} ({decision.prompt}) in any state: "
    bad = _unknown(key, rules, words)
    if bad is not None:
        near = _near(key, decision.legal_keys(), words)
        return f"{never}{bad}; did you mean '{near}'?" if near else never + bad
    kind = _kind(key, rules, names)
    legal = decision.legal_keys()
    offered = {k for k in (_offered_kind(o, rules, names) for o in legal) if k is not None}
    if kind is not None and offered and kind not in offered:
        them = ", ".join(_KIND_NAMES[k][1] for k in sorted(offered) if k != "word")
        words = [o for o in legal if _offered_kind(o, rules, names) == "word"]
        if words:
            them = ", ".join(filter(None, [them, f"the words {', '.join(words)}"]))
        return f"{never}it is {_KIND_NAMES[kind][0]}, and its answers are {them}"
    return None


def move_word_error(key: str, game: Game, rules: Rules) -> str | None:
    """Why a step's move word ``key`` could never answer the turn's "what do you do?" (a script error, found
    without playing: :func:`script_error` against every move of the game), or None.

    >>> from revive_dsl.engine.state import Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="nadair", side="sun")])
    >>> rules = Rules.load(("base",))
    >>> move_word_error("build", game, rules) is None
    True
    >>> move_word_error("biuld", game, rules).split(" in any state: ")[1]
    "it names nothing the game knows; did you mean 'build'?"
    """
    from revive_dsl.engine.decisions import options_of
    from revive_dsl.engine.game import MOVES, game_moves

    if key in MOVES or key == "end":  # a move, of this game or of another: the rules refuse the latter
        return None
    turn = Decision(game.turn.player, "turn", "what do you do?", options_of(game_moves(game)))
    return script_error(key, turn, game, rules)


def _offered_kind(option: str, rules: Rules, names: list[str]) -> str | None:
    """The kind of an option the decision offers: an answer word (``use``, ``skip``, ``top``...) is one too, so a
    space or a card given where only such words answer is of another kind (a key that is itself such a word is
    not compared: ``skip`` where skipping is not offered now is the rules' refusal)."""
    kind = _kind(option, rules, names)
    return "word" if kind is None and option in ANSWER_WORDS else kind


def names_nothing(key: str, game: Game, rules: Rules) -> str | None:
    """Why ``key`` could answer no decision of this game (names nothing it knows), or None.

    Checked for the answers after a move the rules refuse, whose decisions are never asked.
    """
    words = _words(rules) | {p.name for p in game.players} | set(_strings(game.to_dict()))
    bad = _unknown(key, rules, words)
    if bad is None:
        return None
    near = None if "they count from" in bad else _near(key, [], words)  # the range is the hint
    return f"'{key}' is not a legal answer in any state: {bad}" + (f"; did you mean '{near}'?" if near else "")


def _unknown(key: str, rules: Rules, words: set[str]) -> str | None:
    """What is wrong with a key naming nothing the game knows (None: it names something)."""
    nothing = "it names nothing the game knows"
    slot, dot, index = key.rpartition(".")
    if dot and _NUMBER.fullmatch(index) and slot in _module_spaces(rules):
        spaces = _module_spaces(rules)[slot]
        if not 0 <= int(index) < spaces:
            return f"{slot} has no module space {index} (they count from 0: {slot}.0 to {slot}.{spaces - 1})"
        return None
    journey, colon, index = key.rpartition(":")
    if colon and _NUMBER.fullmatch(index) and journey in rules.content.components:
        count = _requirements(rules, journey)
        if count is not None:
            if not 1 <= int(index) <= count:
                return f"{journey} has no requirement {index} (they count from 1: {journey}:1 to {journey}:{count})"
            return None
    if _SPACE.fullmatch(key):
        return None if _is_space(key, rules) else f"{key} is not a space of the map"
    if _PAYMENT.fullmatch(key):
        kinds = re.findall(r"\d+([a-z]+)", key)
        return None if all(k in RESOURCES for k in kinds) else nothing
    for part in _PARTS.split(key):
        if part and _WORD.fullmatch(part) and part not in words and not _NUMBER.fullmatch(part):
            if _SPACE.fullmatch(part) and _is_space(part, rules):
                continue
            return nothing
    return None


def _kind(key: str, rules: Rules, names: list[str]) -> str | None:
    if key in rules.content.components:
        return "component"
    if key in names:
        return "player"
    if key in RESOURCES:
        return "resource"
    if _NUMBER.fullmatch(key):
        return "number"
    if _SPACE.fullmatch(key):
        return "space"
    if _PAYMENT.fullmatch(key):
        return "payment"
    from revive_dsl.engine.game import MOVES

    if key in MOVES or key == "end":
        return "move"
    head, dot, index = key.rpartition(".")
    if dot and head in _module_spaces(rules) and _NUMBER.fullmatch(index):
        return "module space"
    head, colon, index = key.rpartition(":")
    if colon and head in rules.content.components and _NUMBER.fullmatch(index):
        return "requirement"
    return None


def _near(key: str, legal: list[str], words: set[str]) -> str | None:
    for pool, cutoff in ((legal, 0.6), (sorted(words), 0.75)):  # a name of the whole game only if it is close
        found = difflib.get_close_matches(key, pool, n=1, cutoff=cutoff)
        if found:
            return found[0]
    return None


def _words(rules: Rules) -> frozenset[str]:
    """Every name the content, the rules and the engine's answers use (ids, slot names, colours, effect words)."""
    ref, kept = _WORDS.get(id(rules), (None, None))
    if ref is None or ref() is not rules or kept is None:
        from revive_dsl.dsl import signatures
        from revive_dsl.engine.game import MOVES

        found = set(rules.content.components)
        for component in rules.content.components.values():
            found.update(_strings(component.data))
        found.update(MOVES)
        found.update(s.name for s in signatures.ALL)
        found.update(RESOURCES + ANSWER_WORDS)
        kept = frozenset(found)
        _WORDS.clear()  # one script's rules at a time: a list of names is kept for the last only
        _WORDS[id(rules)] = (weakref.ref(rules), kept)
    return kept


def _strings(data: Any) -> list[str]:
    """The word-like strings of a data tree, its mapping keys included."""
    out: list[str] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            out.extend(k for k in item if isinstance(k, str) and _WORD.fullmatch(k))
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str) and _WORD.fullmatch(item):
            out.append(item)
    return out


def _module_spaces(rules: Rules) -> dict[str, int]:
    from revive_dsl.rules.base.cards import board_slots

    return {slot["id"]: len(slot.get("module_spaces", ())) for slot in board_slots(rules)}


def _requirements(rules: Rules, journey: str) -> int | None:
    from revive_dsl.dsl import nodes as n

    if "requirements" not in rules.data(journey):
        return None
    return sum(isinstance(c, n.Requirement) for c in rules.effect(journey, "requirements").clauses)


def _is_space(key: str, rules: Rules) -> bool:
    from revive_dsl.engine.geometry import geometry

    return key in geometry(rules).neighbours


def move_word_problems(script: Any, game: Game, rules: Rules) -> list[Diagnostic]:
    """A problem at each step's move word that could never answer "what do you do?" in the script's game (a word
    naming nothing the game knows, or of another kind than a move), with the nearest move as its did-you-mean:
    found as the script is typed, without playing it.

    >>> from revive_dsl.replay.script import load_script_text, script_rules, start_game
    >>> text = ("format: 5\\npacks: [base]\\nplayers: [{name: Ann, tribe: nadair, side: sun}]\\nsetup: {seed: 1}\\n"
    ...     "steps:\\n  - Ann biuld 0,1")
    >>> script = load_script_text(text, "demo.yaml")
    >>> rules = script_rules(script)
    >>> game, _ = start_game(script, rules)
    >>> [(str(d.pos), d.message.split(": ")[-1]) for d in move_word_problems(script, game, rules)]
    [('demo.yaml:6:9', "it names nothing the game knows; did you mean 'build'?")]
    """
    out = []
    for step in script.steps:
        verb = step.move.verb
        why = None if verb is None else move_word_error(verb, game, rules)
        if why is not None:
            out.append(Diagnostic(step.move.verb_pos, f"step {step.index} ({step.text}): {why}"))
    return out
