"""Turns and moves: what a player may do next, and a Runner that applies moves whole or not at all.

A *move* is one thing a player does on their turn: an action (play a card, switch,
explore, build, populate, hibernate), a free action (trade a crystal, use a machine, open a
crate, a technology's trade) or ending the turn. The moves are a table (:data:`MOVES`), each
with a test of whether it is available and a generator that carries it out; action modules
register themselves into it.

The :class:`Runner` runs each move on a copy of the game and keeps the copy only when the
move completes, so an illegal or unfinished move leaves the state untouched.

>>> from revive_dsl.engine.state import Game, Player
>>> runner = Runner(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")]))
>>> runner.decision().legal_keys()[0]
'switch'
>>> runner.answer("switch")  # the option taken, with its English
Option(key='switch', label='use your switch')
>>> _ = runner.answer("food"); runner.game.players[0].resources["food"]
1
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from revive_dsl.engine.decisions import Decision, IllegalAnswer, ListedWhenAsked, Option
from revive_dsl.engine.hooks import Hooks, owner, packages_of
from revive_dsl.engine.interpret import Ctx, Effect
from revive_dsl.engine.memo import unchanged
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import setup_decisions, setup_pending
from revive_dsl.engine.state import Game, settle, working_copy

ACTIONS_PER_TURN = 2


@dataclass(frozen=True)
class Move:
    """One entry of the move table."""

    name: str
    is_action: bool
    available: Callable[[Game], bool]
    carry_out: Callable[[Ctx], Effect]
    label: str = ""
    first: bool = False  # only as the turn's first move, before any action (and it is the turn's action)
    # ``available`` told the answers the move will be given (a replay knows its move line): the same answer,
    # found sooner when one of them is an option (a board action prices those targets first)
    available_given: Callable[[Game, Sequence[str]], bool] | None = None


MOVES: dict[str, Move] = {}


def move(
    name: str,
    *,
    action: bool,
    available: Callable[[Game], bool],
    label: str = "",
    first: bool = False,
    available_given: Callable[[Game, Sequence[str]], bool] | None = None,
):
    """Register a move's implementation (a generator taking a Ctx); ``first``: only before any action."""

    def register(fn: Callable[[Ctx], Effect]):
        MOVES[name] = Move(name, action, available, fn, label, first, available_given)
        return fn

    return register


def actions_left(game: Game) -> int:
    limit = 1 if len(game.players) == 1 else ACTIONS_PER_TURN
    return limit - game.turn.actions


def _actions_taken(game: Game) -> str:
    """The turn's actions, all taken, as a refusal says them: ``this turn's action`` (solo: one a turn), ``both of
    this turn's actions``.

    >>> from revive_dsl.engine.state import Player
    >>> game = Game(players=[Player(seat=i, name=str(i), tribe="t", side="sun") for i in range(2)])
    >>> game.turn.actions = 2
    >>> _actions_taken(game)
    "both of this turn's actions"
    """
    return "this turn's action" if game.turn.actions + actions_left(game) == 1 else "both of this turn's actions"


def move_allowed(game: Game, key: str, given: Sequence[str] = ()) -> bool:
    """Whether the current player may make the move ``key`` (a :data:`MOVES` key or ``end``) now; ``given``: the
    answers the move will be given, if known (the answer is the same, found sooner: ``Move.available_given``)."""
    if key == "end":
        return game.turn.actions > 0
    m = MOVES.get(key)
    if m is None or key not in _table_order(game)[1]:  # a move of a rules package the game does not play
        return False
    if m.first and game.turn.actions != 0:
        return False
    if m.is_action and not m.first and (game.turn.hibernated or actions_left(game) <= 0):
        return False
    if given and m.available_given is not None:
        return m.available_given(game, given)
    return m.available(game)


def why_refused(game: Game, key: str) -> str | None:
    """Why the current player may not make the move ``key`` now, in the game's words; None if they may, or if the
    key names no move of the game (a typo has its own message).

    >>> from revive_dsl.engine.state import Player
    >>> game = Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")])
    >>> why_refused(game, "end")
    'Ann has taken no action yet this turn'
    """
    name = game.players[game.turn.player].name
    if key == "end":
        return None if game.turn.actions > 0 else f"{name} has taken no action yet this turn"
    m = MOVES.get(key)
    if m is None or key not in _table_order(game)[1] or move_allowed(game, key):
        return None
    if m.first and game.turn.actions != 0:
        return f"{m.label} must be the turn's first action"
    if m.is_action and not m.first and game.turn.hibernated:
        return f"{name} has hibernated: no other action follows this turn"
    if m.is_action and not m.first and actions_left(game) <= 0:
        return f"{name} has already taken {_actions_taken(game)}"
    from revive_dsl.engine.interpret import WHY_NOT

    reason = WHY_NOT.get(key)
    if reason is not None:
        rules = Rules.load(tuple(game.packs))
        with unchanged(game):
            return reason(Ctx(game, game.turn.player, rules), None)
    refusal = MOVE_REFUSALS.get(key)
    if refusal is not None:
        return refusal(game)
    return f"{name} cannot {m.label.replace('your ', 'their ')} now"


# Why a move that is not available now is not (``switch``: the switch is already used); modules add theirs.
MOVE_REFUSALS: dict[str, Callable[[Game], str]] = {}


def legal_moves(game: Game) -> list[str]:
    """The keys of every move the current player may make now, in table order."""
    with unchanged(game):  # explore, build and populate share one range map
        return [key for key in [*_table_order(game)[0], "end"] if move_allowed(game, key)]


class TurnDecision(ListedWhenAsked):
    """The turn's decision, "what do you do?": its options are the legal moves (:func:`legal_moves`), listed only
    when someone asks for them; a given move is tested on its own (:func:`move_allowed`), and a random one is drawn
    by testing the game's moves in a random order (:meth:`ListedWhenAsked.sample`).

    >>> from revive_dsl.engine.state import Player
    >>> turn = TurnDecision(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")]))
    >>> turn.choose("switch"), turn.listed
    (Option(key='switch', label='use your switch'), False)
    """

    def __init__(self, game: Game):
        def test(key: str) -> Option | None:
            return Option(key, _move_label(key)) if move_allowed(game, key) else None

        def listed() -> tuple[Option, ...]:
            return tuple(Option(key, _move_label(key)) for key in legal_moves(game))

        super().__init__(game.turn.player, "turn", "what do you do?", listed, test, lambda: game_moves(game))
        object.__setattr__(self, "_game", game)

    def sample(self, rng: random.Random) -> str:
        with unchanged(self._game):  # the moves tested share one range map, as in one listing
            return super().sample(rng)


def _move_label(key: str) -> str:
    return MOVES[key].label if key in MOVES else "end your turn"


def game_moves(game: Game) -> list[str]:
    """The keys of every move of the game (its rules packages' and the machinery's, and ``end``), in table order,
    whether or not the current player may make them now: what a step's move word may be."""
    return [*_table_order(game)[0], "end"]


_ORDERS: dict[tuple, tuple[tuple[str, ...], frozenset[str]]] = {}


def _table_order(game: Game) -> tuple[tuple[str, ...], frozenset[str]]:
    """The keys of the moves of the machinery and of the game's rules packages, in the order of
    :func:`~revive_dsl.engine.registry.module_rank` whichever module happened to be imported first (otherwise
    importing, say, the hibernate module early reorders the options and a seed plays another game); and
    the same keys as a set."""
    packages = packages_of(game)
    key = (packages, len(MOVES))
    hit = _ORDERS.get(key)
    if hit is None:
        from revive_dsl.engine.registry import module_rank

        seen = [m for m in MOVES.values() if (o := owner(m.carry_out)) is None or o in packages]
        names = tuple(m.name for m in sorted(seen, key=lambda m: module_rank(m.carry_out.__module__)))
        hit = _ORDERS[key] = (names, frozenset(names))
    return hit


# What happens once when the game is over (the base game's final scoring); each gets the rules and the game.
GAME_OVER: Hooks[Callable[[Rules, Game], object]] = Hooks("GAME_OVER")


# What else ends with a turn (the expansion: Scyphoz cards' colours chosen for the turn); each gets the game.
END_TURN_HOOKS: Hooks[Callable[[Game], None]] = Hooks("END_TURN_HOOKS")


# What comes with the end of a turn and may ask decisions (a pack's ``at turn end:`` texts, engine/declared.py):
# ``hook(rules)`` gives None when a game of these rules has nothing then (the turn just ends, asking nothing),
# else ``moment(ctx, name)``, an effect run for "turn" before the turn passes (the Ctx's player's), for "round"
# when it passes from the last seat back to the first, and for "game" when the game is over, before its scoring.
END_MOMENTS: Hooks[Callable[[Rules], Callable[[Ctx, str], Effect] | None]] = Hooks("END_MOMENTS")


def _ending(ctx: Ctx, moments: list[Callable[[Ctx, str], Effect]]) -> Effect:
    """The end move with its moments: the turn's, the pass (:func:`end_turn`), then the round's and the game's."""
    game = ctx.game
    for moment in moments:
        yield from moment(ctx, "turn")
    end_turn(game)
    after = Ctx(game, game.turn.player, ctx.rules, log=ctx.log)
    if game.turn.player == 0 and not game.turn.over:
        for moment in moments:
            yield from moment(after, "round")
    if game.turn.over:
        for moment in moments:
            yield from moment(after, "game")


def end_turn(game: Game) -> None:
    """Pass the turn to the next player in seat order (the last round is tracked here)."""
    turn = game.turn
    for hook in END_TURN_HOOKS.of(game):
        hook(game)
    turn.all_colours = []  # lasts for the turn it was used in, never into end scoring
    if turn.end_triggered_by is not None:
        if turn.player in turn.last_turns_left:
            turn.last_turns_left.remove(turn.player)
        if not turn.last_turns_left:
            turn.over = True
            return
    turn.player = (turn.player + 1) % len(game.players)
    turn.actions, turn.hibernated = 0, False
    turn.range_bonus = 0
    turn.discounts, turn.unlimited_range = {}, False  # one-action bonuses end with the turn


class Runner:
    """Drives a game move by move; ``decision()`` is what must be answered next.

    Before the first turn it asks the variants' setup decisions (starting draft, artifact card);
    when the game is over it applies the final scoring once and keeps the sheets in
    ``game.turn.final_scores`` (see :func:`revive_dsl.rules.base.scoring.record_final_scores`).

    An answer to the turn's decision is checked against the options of the last ``decision()`` for the
    same state, like every pending decision; an answer given without asking tests just that move.

    A move runs on a working copy of ``runner.game`` and settles into a new state
    (:func:`~revive_dsl.engine.state.working_copy`, :func:`~revive_dsl.engine.state.settle`): a state is never
    changed in place once a move has followed it, since the states after it may share its objects. With
    ``share`` (the default) each new state shares with the one before every field its move left equal, so a
    kept history costs what the moves change; random play, which keeps no state, passes ``share=False`` (each
    move then runs on a whole copy, which costs less than copying field by field as a move reads). With
    ``in_place``, each move changes ``runner.game`` itself and nothing is copied: for a runner given a state of
    its own that no one else reads (a playout on a copy, a random game whose states are not kept); such a runner
    cannot :meth:`cancel` a move under way. To set up a position, change ``runner.game`` before the first move, or
    give the Runner a state of its own (``runner.game = state``), then ask ``decision()`` again.

    >>> from revive_dsl.engine.setup import new_game
    >>> rules = Rules.load(("base",))
    >>> game = new_game(rules, [("Ann", "nadair", "sun"), ("Bob", "formica", "moon")], seed=1)
    >>> runner = Runner(game, rules, in_place=True)
    >>> _ = runner.answer("switch")
    >>> runner.decision().rule, runner.game is game  # the move under way changes the game itself
    ('switch', True)
    """

    def __init__(self, game: Game, rules: Rules | None = None, *, share: bool = True, in_place: bool = False):
        self.game = game
        self.rules = rules
        self.share = share  # each new state shares with the one before what its move left equal (settle)
        self.in_place = in_place  # each move changes the state itself: no copy, no state before it kept
        self._work: Game | None = None
        self._gen: Effect | None = None
        self._pending: Decision | None = None
        self._turn: tuple[Game, TurnDecision] | None = None  # the turn's decision last asked, and of which state
        self.log: list[str] = []

    def decision(self) -> Decision | None:
        """The decision waiting for an answer, or None when the game is over."""
        if self._pending is not None:
            return self._pending
        if self._gen is None and setup_pending(self.game):  # the variants' choices come before the first turn
            self._work = self._working_copy()
            self._gen = setup_decisions(self._work)
            self._advance(None)
            return self.decision()
        if self.game.turn.over:
            self._score()
            return None
        turn = TurnDecision(self.game)
        self._turn = (self.game, turn)
        return turn

    def answer(self, key: str, given: Sequence[str] = ()) -> Option:
        """Answer the pending decision; an illegal key raises IllegalAnswer and changes nothing. ``given``: for the
        turn's move, the answers that will follow, if known (a replay's move line): whether the move is possible
        is then found from them first (the same answer, sooner). Returns the option taken, with its label (a move
        tested on its own: the move's label)."""
        asked = self._turn is not None and self._turn[0] is self.game and self._at_turn()
        try:
            if asked and self._turn[1].known(key):  # listed, or drawn at random: not tested again
                option = self._turn[1].choose(key)
            elif self._at_turn() and move_allowed(self.game, key, given):  # testing one move: cheaper than listing
                option = Option(key, _move_label(key))
            else:
                decision = self.decision()
                if decision is None:
                    raise ValueError("the game is over")
                option = decision.choose(key)
        except IllegalAnswer as err:
            why = why_refused(self.game, key) if self._at_turn() else None
            raise err if why is None else IllegalAnswer(err.decision, key, why) from None
        if self._gen is None:
            self._start(option)
        else:
            self._advance(option)
        if self._gen is None and self.game.turn.over:
            self._score()
        return option

    def _working_copy(self) -> Game:
        """The copy of the state a move changes: made field by field as the move reads it, to share what it leaves
        equal; a plain whole copy when no state is kept (``share`` False), which costs less than reading that way;
        the state itself for a runner ``in_place``."""
        if self.in_place:
            return self.game
        return working_copy(self.game) if self.share else self.game.clone()

    def _settled(self, work: Game) -> Game:
        return settle(work) if self.share and not self.in_place else work

    def _at_turn(self) -> bool:
        """True when the next decision is the turn's own (no move under way, setup done, game not over)."""
        return self._gen is None and not setup_pending(self.game) and not self.game.turn.over

    def _score(self) -> None:
        rules = self.rules or Rules.load(tuple(self.game.packs))
        work = self._working_copy()
        for hook in GAME_OVER.of(rules):
            hook(rules, work)
        work = self._settled(work)
        if work != self.game:  # scored now (asked again once over, the hooks find it done)
            self.game = work

    @property
    def state(self) -> Game:
        """The state as it stands now, the move under way included (its working copy: read it, never change it,
        except for a computer player's own copy of a runner, which may rearrange what no player can see)."""
        return self.game if self._work is None else self._work

    @property
    def between_moves(self) -> bool:
        """True when no move is under way (the state is a whole, committed state)."""
        return self._gen is None

    def cancel(self) -> None:
        """Abandon the move under way; the state is as it was before it (not for a runner ``in_place``: its
        state is changed as the move goes, so a move under way cannot be abandoned; ValueError)."""
        if self.in_place and self._gen is not None:
            raise ValueError("a runner that moves in place cannot abandon a move under way")
        self._work = self._gen = self._pending = None

    def _start(self, option: Option) -> None:
        self._turn = None  # the state changes
        if option.key == "end":
            rules = self.rules or Rules.load(tuple(self.game.packs))
            moments = [found for hook in END_MOMENTS.of(rules) if (found := hook(rules)) is not None]
            if not moments:
                work = self._working_copy()
                end_turn(work)
                self.game = self._settled(work)
                return
            self._work = self._working_copy()
            self._gen = _ending(Ctx(self._work, self._work.turn.player, self.rules, log=self.log), moments)
            self._advance(None)
            return
        self._work = self._working_copy()
        chosen = MOVES[option.key]
        ctx = Ctx(self._work, self._work.turn.player, self.rules, log=self.log, allowed=option.key)
        if chosen.is_action:
            self._work.turn.actions += 1
        self._gen = chosen.carry_out(ctx)
        self._advance(None)

    def _named(self, decision: Decision) -> Decision:
        """The decision with each unlabelled option that is a component labelled by the component's name (a card
        is asked for by its id, the key scripts write, and shown by the name printed on it)."""
        if self.rules is None or type(decision) is not Decision:  # a list made only when asked keeps its labels
            return decision
        rules = self.rules
        named = tuple(
            Option(o.key, str(rules.data(o.key).get("name", o.key)))
            if not o.label and o.key in rules.content.components
            else o
            for o in decision.options
        )
        return decision if named == decision.options else replace(decision, options=named)

    def _advance(self, option: Option | None) -> None:
        assert self._gen is not None and self._work is not None
        try:
            self._pending = self._named(next(self._gen) if option is None else self._gen.send(option))
        except StopIteration:
            self.game, self._work, self._gen, self._pending = self._settled(self._work), None, None, None
