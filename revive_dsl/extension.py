"""The public API for rules packages: everything a pack's Python needs, in one module.

A rules package imports from here and from nowhere else in ``revive_dsl``; every name below is documented
in ``docs/extension-api.md`` (with an example each) and keeps working across versions. A name not in this
module is private to the engine and may change. The names are the engine's own, re-exported, so a package
registers into the very tables and lists the bundled packages use.

>>> from revive_dsl.extension import Ctx, Effect, Game, Player, ask, gain_resource, run_to_end
>>> def forage(ctx: Ctx, call) -> Effect:  # the body of an ``@effect("forage")`` word
...     which = yield from ask(ctx, "forage", "forage which resource?", ["gear", "book", "food"])
...     yield from gain_resource(ctx.player, which, 2)
>>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
>>> run_to_end(forage(Ctx(game, 0), None), ["food"])  # a script would answer ``food``
>>> game.players[0].resources["food"]
2

**Words** (the words themselves are data, in the package's ``words.yaml``):

- ``effect``: decorator registering the implementation of an effect word (a generator taking Ctx and the call).
- ``counter``: decorator registering the implementation of a counter word (returns a number).
- ``STATES``: the state words' tests, ``STATES["word"] = lambda ctx: bool``.
- ``move``: decorator registering a move (an action or a free action) of the turn.
- ``MOVE_REFUSALS``: why a move of the package is not available now, ``MOVE_REFUSALS["key"] = lambda game: str``.
- ``Ctx``: what an effect runs with: the game, the seat of *you*, the rules, the source, the event, the log.
- ``Effect``: the type of an effect: a generator yielding Decisions and receiving the chosen Option.
- ``nodes``: the effect-tree node classes (``nodes.Call`` is a word with its arguments).
- ``args``: a call's numbers and words, in order.
- ``count_arg``: a call's first number (a default when it has none).
- ``NEEDS``: what a word needs to do anything, ``NEEDS["word"] = lambda ctx: bool``.
- ``ARG_NEEDS``: the same for a need that depends on the call's arguments, ``lambda ctx, call: bool``.
- ``WHY_NOT``: why a word's need is not met, in the game's words, ``lambda ctx, call: str``.
- ``DECLINABLE``: words a player may decline (asked "use or skip?" outside an effect already chosen).
- ``english``: an effect tree as the rulebook would say it.

**Decisions**:

- ``Decision``: a question: who decides, under which rule, the prompt, the legal options.
- ``Option``: one legal answer: its key (what a script writes) and its English label.
- ``options_of``: options from keys, with optional labels.
- ``ask``: ask the Ctx's player a question and return the key chosen (``key = yield from ask(...)``).

**Running effects**:

- ``run``: carry out an effect tree (asks "use or skip?" first where the player may decline).
- ``run_chosen``: carry out an effect tree the player already chose to use (nothing in it asks to be skipped).
- ``run_program``: carry out a compiled text's immediate clauses (a component's effect field).
- ``can_carry_out``: whether an effect tree can do anything now (payments affordable, needs met).
- ``why_not``: which part of an effect tree cannot be carried out now, and why (None when it can).
- ``fire``: run the player's ``when EVENT:`` clauses for an event the package makes happen.
- ``rules_of``: the Rules a Ctx plays with (``rules_of(ctx).effect(cid, path)`` is a component's program).
- ``Rules``: the loaded content: components by id, their compiled effects, the boards' data.

**State**:

- ``state_part``: decorator declaring a dataclass as the package's fields on a player, the board, the supply or
  the turn.
- ``part``: the package's part of a holder (made, all defaults, on first use).
- ``Game``, ``Player``: the state and a player in it.
- ``holder_name``: which holder an object is ("player", "board", "supply", "turn"), working copies included.
- ``tokens_at``, ``all_tokens``: the tokens on a space, on the whole board.
- ``put_token``, ``take_token``: lay a token on a space, take one off.
- ``change_counter``: put a counter a pack declares at a value (an effect: its ``when ... reaches`` clauses run).
- ``counter_value``: a counter a pack declares, for the Ctx's player (or the table's).
- ``all_buildings``: every building on the board, a package's own included.
- ``gain_resource``: a player gains resources (an effect: crystals past their cap ask what instead).
- ``can_pay``, ``pay``: whether a player can pay a cost; pay it.
- ``gain_points``: a player gains blue points (an effect: the one road every point takes).

**Hooks** (lists a package adds its entries to; a game sees only its own packs' packages' entries):

- ``Hooks``: the class of every hook list: ``add(entry, before=other)`` declares the order where it matters.
- ``END_TURN_HOOKS``: what else ends with a turn, ``hook(game)``.
- ``END_MOMENTS``: what comes at the end of a turn, a round or the game and may ask and tell:
  ``hook(rules) -> moment(ctx, "turn" | "round" | "game")`` (an effect), or None when the game has none.
- ``GAME_OVER``: what happens once when the game is over, ``hook(rules, game)``.
- ``EFFECT_SOURCES``: where a player's lasting texts come from, ``source(ctx) -> (id, program), ...``.
- ``FIRE_SKIPS``: a trigger's body another rule carries out itself, ``skip(event, body) -> bool``.
- ``RANGE_ORIGINS``: where range may be counted from, ``origin(ctx) -> [(space, bonus)]``.
- ``RANGE_BLOCKERS``: spaces a range path may not pass, ``blocks(ctx, space) -> bool``.
- ``PASSAGE_COSTS``: what passing a space costs, ``cost(ctx, space) -> int or None``.
- ``RANGE_BONUSES``: lasting range bonuses, ``bonus(ctx) -> int``.
- ``RANGE_READS``: what else of the state a package's range rule reads, ``reads(ctx) -> hashable``.
- ``MODIFIER_SOURCES``: where lasting modifiers come from, ``source(rules, player) -> [expr]``.
- ``whole_map``: decorator giving a blocker or passage cost its whole-map form.
- ``INVARIANTS``: checked after every move of every random game, ``check(game, whole) -> [problem]``.
- ``CARD_PLACES``: every card id in one kind of place, ``places(game) -> [card]``.
- ``HIBERNATION_STEPS``: the steps of hibernating, ``(name, step(ctx) -> Effect)``.
- ``SWITCH_OPTIONS``: what the switch action offers, ``(key, available(ctx), carry_out(ctx) -> Effect)``.
- ``COLOUR_HOOKS``: a card's colours, refined, ``hook(ctx, card, colours) -> colours``.
- ``MACHINE_TAKEN``: what else happens when a machine token is taken from the display, ``hook(ctx, colour)``.
- ``MACHINE_FLASKS``: a special machine token's flasks, ``hook(player, token, printed) -> flasks``.
- ``MORE_FLASKS``: flasks besides machines, modules and cards, ``hook(player) -> flasks``.
- ``MODULE_GAINED``: told of every slot module a player takes, ``hook(ctx, module)``.
- ``PLACE_BUILDING``: places a new building otherwise, ``hook(ctx, space, placed) -> bool``.
- ``ACTION_DONE``: what a package clears once an action is carried out, ``hook(ctx)``.
- ``VALUE_TERMS``: what the package's own state is worth to a player for the computer players, beyond the final
  score, ``term(rules, game, player) -> points``.

**Setup**:

- ``setup_draw``: register a draw as a numbered step of the order of chance, ``draw(rules, rng, seats, variants,
  drawn)``.
- ``SETUP_STEPS``: the steps that lay the game out from the draws, ``step(rules, game, drawn)``.
- ``SETUP_DECISIONS``: decisions asked before the first turn, ``(pending(game), decisions(game))``.
- ``declare_variants``: the package's variants (and those that cannot be played together).
- ``declare_outcomes``: the setup outcomes a script may fix, with their labels.
- ``new_game``: a game set up from a seed.

**Scoring**:

- ``SCORING``: the final scoring's lines, ``lines(ctx) -> ScoreLine, ...``.
- ``ScoreLine``: one line of a final score sheet: its rule, its points, what was counted.
- ``evaluate``: the points a scoring formula (``score ...``) gives the Ctx's player.

**Loading and glyphs**:

- ``load_packages``: import the named rules packages' modules (a package's ``__init__`` loads those it builds on).
- ``glyphs``: how the map draws these packages' token kinds and grounds (each package's ``glyphs.yaml``).

**Testing**:

- ``register_package``: make a rules package known without installing it (its tests, a package under work).
- ``run_to_end``: drive an effect with a list of answer keys.
- ``decisions_asked``: drive an effect with a list of answers; every decision it asked.
- ``Runner``: runs moves whole or not at all: ``decision()`` asks, ``answer(key)`` answers.
- ``play_random_game``: a whole random game, every invariant checked after every move.
- ``violations``: every broken invariant of a state, in English.
"""

from __future__ import annotations

from revive_dsl.content.glyphs import glyphs
from revive_dsl.content.packages import register as register_package
from revive_dsl.dsl import nodes
from revive_dsl.engine.decisions import Decision, Option, options_of
from revive_dsl.engine.declared import VALUE_TERMS
from revive_dsl.engine.declared import change as change_counter
from revive_dsl.engine.declared import value as counter_value
from revive_dsl.engine.game import END_MOMENTS, END_TURN_HOOKS, GAME_OVER, MOVE_REFUSALS, Runner, move
from revive_dsl.engine.hooks import Hooks
from revive_dsl.engine.interpret import (
    ARG_NEEDS,
    DECLINABLE,
    NEEDS,
    STATES,
    WHY_NOT,
    Ctx,
    Effect,
    args,
    ask,
    can_carry_out,
    count_arg,
    counter,
    decisions_asked,
    effect,
    english,
    run,
    run_chosen,
    run_to_end,
    why_not,
)
from revive_dsl.engine.invariants import CARD_PLACES, INVARIANTS, violations
from revive_dsl.engine.range import (
    MODIFIER_SOURCES,
    PASSAGE_COSTS,
    RANGE_BLOCKERS,
    RANGE_BONUSES,
    RANGE_ORIGINS,
    RANGE_READS,
    whole_map,
)
from revive_dsl.engine.registry import load_packages
from revive_dsl.engine.resources import can_pay, pay
from revive_dsl.engine.resources import gain as gain_resource
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import (
    SETUP_DECISIONS,
    SETUP_STEPS,
    declare_outcomes,
    declare_variants,
    new_game,
    setup_draw,
)
from revive_dsl.engine.simulate import play_random_game
from revive_dsl.engine.state import (
    Game,
    Player,
    all_buildings,
    all_tokens,
    holder_name,
    part,
    put_token,
    state_part,
    take_token,
    tokens_at,
)
from revive_dsl.engine.triggers import EFFECT_SOURCES, FIRE_SKIPS, fire, rules_of
from revive_dsl.rules.base.board_actions import ACTION_DONE, PLACE_BUILDING
from revive_dsl.rules.base.cards import COLOUR_HOOKS
from revive_dsl.rules.base.counters import MACHINE_FLASKS, MORE_FLASKS
from revive_dsl.rules.base.gains import gain_points
from revive_dsl.rules.base.hibernate import HIBERNATION_STEPS
from revive_dsl.rules.base.modules import MODULE_GAINED
from revive_dsl.rules.base.scoring import SCORING, ScoreLine, evaluate
from revive_dsl.rules.base.switch import SWITCH_OPTIONS
from revive_dsl.rules.base.tracks import MACHINE_TAKEN, run_program

__all__ = [  # the docstring and docs/extension-api.md group them
    "ACTION_DONE",
    "ARG_NEEDS",
    "CARD_PLACES",
    "COLOUR_HOOKS",
    "DECLINABLE",
    "EFFECT_SOURCES",
    "END_MOMENTS",
    "END_TURN_HOOKS",
    "FIRE_SKIPS",
    "GAME_OVER",
    "HIBERNATION_STEPS",
    "INVARIANTS",
    "MACHINE_FLASKS",
    "MACHINE_TAKEN",
    "MODIFIER_SOURCES",
    "MODULE_GAINED",
    "MORE_FLASKS",
    "MOVE_REFUSALS",
    "NEEDS",
    "PASSAGE_COSTS",
    "PLACE_BUILDING",
    "RANGE_BLOCKERS",
    "RANGE_BONUSES",
    "RANGE_ORIGINS",
    "RANGE_READS",
    "SCORING",
    "SETUP_DECISIONS",
    "SETUP_STEPS",
    "STATES",
    "SWITCH_OPTIONS",
    "VALUE_TERMS",
    "WHY_NOT",
    "Ctx",
    "Decision",
    "Effect",
    "Game",
    "Hooks",
    "Option",
    "Player",
    "Rules",
    "Runner",
    "ScoreLine",
    "all_buildings",
    "all_tokens",
    "args",
    "ask",
    "can_carry_out",
    "can_pay",
    "change_counter",
    "count_arg",
    "counter",
    "counter_value",
    "decisions_asked",
    "declare_outcomes",
    "declare_variants",
    "effect",
    "english",
    "evaluate",
    "fire",
    "gain_points",
    "gain_resource",
    "glyphs",
    "holder_name",
    "load_packages",
    "move",
    "new_game",
    "nodes",
    "options_of",
    "part",
    "pay",
    "play_random_game",
    "put_token",
    "register_package",
    "rules_of",
    "run",
    "run_chosen",
    "run_program",
    "run_to_end",
    "setup_draw",
    "state_part",
    "take_token",
    "tokens_at",
    "violations",
    "whole_map",
    "why_not",
]
