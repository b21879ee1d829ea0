"""Playing a script back: each step's move goes through the engine's Runner, answer by answer.

:class:`Replay` applies one step at a time and keeps every committed state, so a viewer can
go back and forth. A step that cannot be played -- an unknown move, an illegal answer, a
decision the line does not answer, an outcome that is not in its pile, a failed ``expect:``
-- raises :class:`ReplayError`: one positioned message naming the step, the move, the rule
and the legal options, with the last good state attached. Nothing is changed by a failed
step.

>>> from revive_dsl.replay.script import load_script_text
>>> script = load_script_text('''
... format: 1
... players: [{name: Ann, tribe: nadair, side: sun}]
... setup: {seed: 3}
... steps: [Ann switch food, Ann end, Ann trade_crystal crystal]
... ''', "demo.yaml")
>>> replay = Replay(script)
>>> result = replay.step()
>>> result.log, result.decisions
(['Ann uses the switch: gains 1 food'], [('what do you do?', 'switch'), ('gain which basic resource?', 'food')])
>>> _ = replay.step()
>>> try:
...     replay.step()
... except ReplayError as err:
...     print(err.diagnostics[0].pos, err.legal)
...     print(err.diagnostics[0].message.split(": ", 1)[1])
demo.yaml:5:53 ['gear', 'book', 'food']
'crystal' is not a legal answer for trade a crystal (trade a crystal for which?); legal: gear, book, food
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from revive_dsl.engine.decisions import Decision, IllegalAnswer
from revive_dsl.engine.game import Runner
from revive_dsl.engine.rules import Rules
from revive_dsl.engine.setup import setup_pending
from revive_dsl.engine.state import Game, settle, working_copy
from revive_dsl.positions import Diagnostic, DslError, Pos, attach_lines
from revive_dsl.replay import answer_keys, chance, paths
from revive_dsl.replay.notation import Answer, MoveLine, Reveal, format_move
from revive_dsl.replay.paths import PathError, script_view
from revive_dsl.replay.script import ASKED_SINCE, FORMAT, Script, Step, gained_components, start_game


@dataclass
class StepResult:
    """What one step did: the states around it, the engine's log, the decisions and their answers."""

    step: Step
    before: Game
    after: Game
    log: list[str]
    decisions: list[tuple[str, str]]  # (the decision's prompt, the answer)
    drawn: list[tuple[str, str]] = field(default_factory=list)  # (pile, item) the move took
    refused: str | None = None  # a step the script expects to be refused: why the engine refused it
    legal: list[str] = field(default_factory=list)  # ... and the legal answers at that point
    labels: list[str] = field(default_factory=list)  # each answer's English, as the decision labels it ('' if none)

    @property
    def index(self) -> int:
        return self.step.index


class ReplayError(DslError):
    """A step that cannot be played; ``last_good`` is the state before it."""

    def __init__(
        self,
        diagnostic: Diagnostic,
        step: Step | None,
        last_good: Game | None,
        decision: Decision | None = None,
        reason: str = "",
        refusal: bool = False,
    ):
        self.step = step
        self.last_good = last_good
        self.decision = decision
        self.reason = reason  # the message without its "step N (...)" prefix
        self.refusal = refusal  # the engine refused the move (an illegal answer, not the mover's turn, ...)
        super().__init__([diagnostic])

    @property
    def legal(self) -> list[str]:
        return self.decision.legal_keys() if self.decision else []


def view(game: Game) -> dict[str, Any]:
    """The script view of a state: what ``expect:`` and ``highlight:`` paths address (see :mod:`.paths`).

    >>> from revive_dsl.engine.state import Player
    >>> data = view(Game(players=[Player(seat=0, name="Ann", tribe="t", side="sun")], packs=["base", "abyss"]))
    >>> data["Ann"]["points"], data["Ann"]["abyss"]["journeys"], data["turn"]["player"]
    (0, [], 'Ann')
    """
    return script_view(game.to_dict(), [p.name for p in game.players])


def lookup(data: Any, path: str) -> Any:
    """The value at a dotted path (``Ann.resources.book``, ``board.buildings.-1,0.player``), or a KeyError."""
    return paths.lookup(data, path)


class Replay:
    """Plays a script's steps in order. ``states[i]`` is the committed state after step ``i`` (0: the start)."""

    def __init__(self, script: Script, rules: Rules | None = None):
        self.script = script
        game, self.rules = start_game(script, rules)
        self.runner = Runner(game, self.rules)
        self.states: list[Game] = [game]
        self.names = [p.name for p in game.players]
        self._log_mark = 0
        # answers the script does not write, given by the caller (the upgrade of an older format):
        # ``fill(decision, ahead, taken)`` (``ahead``: the script's next key; ``taken``: the move's (prompt, key)
        # so far) gives an answer, or None to take the script's next one; ``filled`` holds those of the last move,
        # each with the number of the move's own answers taken before it
        self.fill: Callable[[Decision, str | None, list[tuple[str, str]]], Answer | None] | None = None
        self.hint_upgrade = True  # an error in an older format names the upgrade
        self.filled: list[tuple[int, Answer]] = []
        # a recorded game's components its packs gained since: out of reach of every move that does not write them
        self.gained = chance.places_of(game, gained_components(script, self.rules))

    @property
    def game(self) -> Game:
        return self.runner.game

    @property
    def done(self) -> int:
        """How many steps have been played."""
        return len(self.states) - 1

    @property
    def finished(self) -> bool:
        return self.done >= len(self.script.steps)

    def steps(self, to: int | None = None) -> Iterator[StepResult]:
        """Play the remaining steps (up to step ``to``), yielding each result."""
        last = len(self.script.steps) if to is None else min(to, len(self.script.steps))
        while self.done < last:
            yield self.step()

    def run(self, to: int | None = None) -> Game:
        """Play every remaining step (up to ``to``) and return the state."""
        for _ in self.steps(to):
            pass
        return self.game

    def step(self) -> StepResult:
        """Play the next step of the script (a step marked ``refused:`` must be refused, changing nothing)."""
        step = self.script.steps[self.done]
        result = self.apply(step.move, step) if step.refused is None else self._refused(step)
        self.check_expectations(step, result.after, result.log)
        self.check_highlights(step, result)
        # Committed states are never changed in place (the Runner moves on working copies), and each shares with
        # the one before it what its move left unchanged (engine.state.settle): history costs what moves change.
        self.states.append(result.after)
        return result

    def back_to(self, done: int) -> None:
        """Go back to the state after step ``done`` (0: the start), forgetting the later states."""
        done = max(0, min(done, self.done))
        del self.states[done + 1 :]
        self.runner.cancel()
        self.runner.game = self.states[done]  # played on through working copies: the kept state never changes

    def _refused(self, step: Step) -> StepResult:
        """A step the script expects the engine to refuse: check that it is, with the text asked for, and that the
        state is exactly as before it."""
        before = self.runner.game
        at = self.script.doc.pos(("steps", step.index - 1, "refused"))
        try:
            self.apply(step.move, step)
        except ReplayError as err:
            if not err.refusal:
                raise
            wanted = step.refused if isinstance(step.refused, str) else None
            if wanted is not None and wanted not in err.reason:
                raise self._error(
                    step, at, f"refused as expected, but the message does not contain {wanted!r}: {err.reason}"
                ) from None
            if self.runner.game.to_json() != before.to_json():  # pragma: no cover - a failed move changes nothing
                raise self._error(step, at, "the refused move changed the state") from None
            return StepResult(step, before, self.runner.game, [], [], refused=err.reason, legal=err.legal)
        self.runner.game = before
        raise self._error(step, at, "the move should be refused (refused: in the script) but the game accepted it")

    # --- applying one move ---------------------------------------------------------------

    def _error(
        self, step: Step | None, pos: Pos, message: str, decision: Decision | None = None, refusal: bool = False
    ) -> ReplayError:
        self.runner.cancel()
        del self.runner.log[self._log_mark :]  # a failed move leaves no account behind
        reason = message
        if step is not None:
            message = f"step {step.index} ({step.text}): {message}"
        asked_since = ASKED_SINCE.get(self.script.format, frozenset())
        if self.hint_upgrade and decision is not None and decision.rule in asked_since:  # the upgrade answers it
            message += (
                f" (this script is format {self.script.format}; `revive upgrade {self.script.file}` brings it to"
                f" format {FORMAT})"
            )
        [diag] = attach_lines([Diagnostic(pos, message)], {self.script.file: self.script.text})
        return ReplayError(diag, step, self.game.clone(), decision, reason, refusal)

    def seat(self, name: str) -> int:
        return self.names.index(name)

    def _at_rest(self) -> bool:
        """True between moves once setup is done: the next decision is the turn's own, or the game is over."""
        runner = self.runner
        return runner.between_moves and not setup_pending(runner.game)

    def apply(self, move: MoveLine, step: Step | None = None) -> StepResult:
        """Apply one move (from the script, or typed by a learner); the state is untouched if it fails."""
        runner = self.runner
        self._log_mark = len(runner.log)
        before = runner.game
        if before.turn.over:
            raise self._error(step, move.pos, "the game is over: no move can follow", refusal=True)
        in_setup = setup_pending(before)
        if move.is_setup != in_setup:
            if move.is_setup:
                raise self._error(
                    step, move.pos, f"there is nothing to set up: it is {self.names[before.turn.player]}'s turn"
                )
            decision = runner.decision()
            assert decision is not None
            legal = ", ".join(decision.legal_keys())
            who = self.names[decision.player]
            message = (
                f"the setup choices come first: write 'setup ({who} ...)'; {decision.prompt} ({who}; legal: {legal})"
            )
            raise self._error(step, move.pos, message, decision, refusal=True)
        answers: list[Answer] = list(move.answers)
        mover = move.player
        if not move.is_setup:
            turn_player = self.names[before.turn.player]
            if mover != turn_player:
                decision = runner.decision()
                legal = ", ".join(decision.legal_keys()) if decision else "none"
                message = f"it is {turn_player}'s turn, not {mover}'s; {turn_player}'s moves: {legal}"
                raise self._error(step, move.pos, message, decision, refusal=True)
            answers.insert(0, Answer(str(move.verb), None, move.verb_pos))
        written = {r.item for r in move.reveals}
        gained = {item: place for item, place in self.gained.items() if item not in written}
        aside: list[tuple[str, chance.Place]] = []
        if move.reveals or gained:  # the revealed items are put where the move draws them, on a copy
            work = working_copy(before)
            aside = chance.set_aside(work, gained)
            try:
                chance.arrange(work, [(r.pile, r.item) for r in move.reveals])
            except chance.ChanceError as err:
                bad = next((r for r in move.reveals if f"'{r.item}'" in str(err)), None)
                bad = bad or next((r for r in move.reveals if r.pile in str(err)), move.reveals[0])
                raise self._error(step, bad.pos, str(err)) from None
            runner.game = settle(work)
        arranged = runner.game
        taken: list[tuple[str, str]] = []
        labels: list[str] = []

        def fail(pos: Pos, message: str, decision: Decision | None = None, refusal: bool = False) -> ReplayError:
            runner.cancel()
            runner.game = before
            return self._error(step, pos, message, decision, refusal)

        first, self.filled = True, []
        while first or not self._at_rest():
            if first and not move.is_setup:  # the turn's own decision: test the one move, not list them all
                decision = None
            else:
                decision = runner.decision()
                if decision is None:
                    break
            who = mover if decision is None else self.names[decision.player] if decision.player >= 0 else "chance"
            ahead = answers[0].key if answers else None
            given = self.fill(decision, ahead, taken) if decision is not None and self.fill is not None else None
            if given is not None:
                try:
                    labels.append(runner.answer(given.key).label)
                except IllegalAnswer as err:
                    raise fail(move.pos, str(err), err.decision) from None
                taken.append((decision.prompt, given.key))
                self.filled.append((len(move.answers) - len(answers), given))
                continue
            if not answers:
                assert decision is not None
                legal = ", ".join(decision.legal_keys())
                rest = self._questions_after(runner, decision)  # the runner is cancelled by the failure
                raise fail(
                    move.pos,
                    f"the move does not answer {decision.title} ({decision.prompt}, {who}); legal: {legal}{rest}",
                    decision,
                )
            answer = answers.pop(0)
            given_by = answer.player or mover
            if given_by != who:
                hint = f"write {answer.key} without brackets" if who == mover else f"write ({who} {answer.key})"
                raise fail(
                    answer.pos,
                    f"{decision.title} ({decision.prompt}) is decided by {who}, not {given_by}: {hint}",
                    decision,
                )
            try:  # the turn's move is told the answers that follow (whether it is possible is found from them first)
                labels.append(runner.answer(answer.key, [a.key for a in answers] if decision is None else ()).label)
            except IllegalAnswer as err:
                typo = self._typo(answer, answers if decision is None else [], err.decision)
                if typo is not None:  # a key no state would accept: the script's mistake, never a refusal
                    raise fail(typo[0], typo[1], err.decision) from None
                raise fail(answer.pos, str(err), err.decision, refusal=True) from None
            taken.append(("what do you do?" if decision is None else decision.prompt, answer.key))
            first = False
        if answers:
            raise fail(answers[0].pos, f"the move is complete; {len(answers)} answer(s) left over, from here")
        after = runner.game
        took = chance.drawn(arranged, after)
        missing = [r for r in move.reveals if (r.pile, r.item) not in took]
        if missing:
            r = missing[0]
            raise fail(r.pos, f"the move did not take '{r.item}' from {r.pile} (it took: {_pairs(took) or 'nothing'})")
        if self.script.setup.get("draws") == "script":
            unwritten = [t for t in took if t not in {(r.pile, r.item) for r in move.reveals}]
            if unwritten:
                drew = _pairs(unwritten)
                message = (
                    f"the move drew {drew}, which the script does not write (setup says draws: script): add [{drew}]"
                )
                raise fail(move.pos, message)
        if aside:  # under their piles again
            work = working_copy(after)
            chance.put_back(work, aside)
            after = runner.game = settle(work)
        done = step or Step(self.done + 1, format_move(move), move, move.pos)
        return StepResult(done, before, after, runner.log[self._log_mark :], taken, took, labels=labels)

    def _questions_after(self, runner: Runner, decision: Decision, most: int = 20) -> str:
        """The questions a move still asks after ``decision``, the first it leaves unanswered, so a script is
        completed in one pass: each with who answers it and its legal keys, found by answering each question with
        its first legal key (said where there was a choice: a later question may depend on it). Empty when none
        follows. Played on the move's working state, which the failure that reports them throws away."""
        out: list[str] = []
        for _ in range(most):
            keys = decision.legal_keys()
            if not keys:
                break
            try:
                runner.answer(keys[0])
            except IllegalAnswer:  # pragma: no cover - a legal key is accepted
                break
            following = runner.decision()
            if following is None or (runner.between_moves and following.rule == "turn"):
                break
            who = self.names[following.player] if following.player >= 0 else "chance"
            after = f" (after {keys[0]}, the first of {len(keys)})" if len(keys) > 1 else ""
            out.append(
                f"{following.title} ({following.prompt}, {who}){after}; legal: {', '.join(following.legal_keys())}"
            )
            decision = following
        return "".join(f"; then {line}" for line in out)

    def _typo(self, answer: Answer, later: list[Answer], decision: Decision) -> tuple[Pos, str] | None:
        """Where and why an answer the engine refused is the script's mistake (:mod:`.answer_keys`), or None.

        ``later``: the answers after a refused move, whose decisions are never asked: each must still name
        something the game knows.
        """
        game = self.runner.game
        typo = answer_keys.script_error(answer.key, decision, game, self.rules)
        if typo is not None:
            return answer.pos, f"{typo}{' ' if typo.endswith('?') else '; '}legal: {', '.join(decision.legal_keys())}"
        for given in later:
            typo = answer_keys.names_nothing(given.key, game, self.rules)
            if typo is not None:
                return given.pos, typo
        return None

    def check_expectations(self, step: Step, game: Game, log: list[str] | None = None) -> None:
        """Raise ReplayError for the first ``expect:`` entry the state does not meet, with the difference and what
        the step did (``log``, the engine's account of it).

        A path or value the script view does not have is also looked up in the seat-numbered state
        (:func:`.paths.named_state`), so format-1 scripts written before the view keep passing.
        """
        if not step.expect:
            return
        data = view(game)
        old: dict[str, Any] | None = None
        for written, wanted in step.expect.items():
            at = self.script.doc.pos(("steps", step.index - 1, "expect", written))
            path = self.script.path(written)
            if wanted == paths.ABSENT:
                problem = paths.absent_problem(data, path)
                if problem is not None:
                    raise self._refuse(step, at, f"expect {path}: {problem}")
                continue
            try:
                actual = lookup(data, path)
            except PathError as err:
                old = old if old is not None else paths.named_state(game.to_dict())
                try:
                    actual = lookup(old, path)
                except PathError:
                    raise self._refuse(step, at, f"expect: {err}") from None
            try:
                why = paths.compare(wanted, actual, paths.unordered(path))
                if why is not None:
                    old = old if old is not None else paths.named_state(game.to_dict())
                    try:
                        if paths.compare(wanted, lookup(old, path)) is None:
                            continue
                    except (PathError, paths.OperatorError):
                        pass
            except paths.OperatorError as err:
                raise self._refuse(step, at, f"expect {path}: {err}") from None
            if why is not None:
                shown = _as_names(wanted, actual, self.names)  # a seat written as a number, shown by its name
                seat = f" (seat {_show(wanted)})" if shown != wanted and isinstance(wanted, int) else ""
                has = f"the state has {_show(actual)}"
                did = f"; step {step.index} did: {' / '.join(log)}" if log else ""
                raise self._refuse(step, at, f"expect {path}: wanted {_show(shown)}{seat}{why}, {has}{did}")

    def check_highlights(self, step: Step, result: StepResult) -> None:
        """Raise ReplayError for a ``highlight:`` path the state has neither after the step nor before it."""
        if not step.highlight:
            return
        states = [view(result.after), view(result.before)]
        for index, written in enumerate(step.highlight):
            path = self.script.path(written)
            try:
                lookup(states[0], path)
                continue
            except PathError as err:
                first = err
            for data in (states[1], paths.named_state(result.after.to_dict())):
                try:
                    lookup(data, path)
                    break
                except PathError:
                    pass
            else:
                at = self.script.doc.pos(("steps", step.index - 1, "highlight", index))
                raise self._refuse(step, at, f"highlight: {first}")

    def _refuse(self, step: Step, at: Pos, message: str) -> ReplayError:
        self.runner.game = self.states[-1]  # the step is not kept: back to the last good state
        return self._error(step, at, message)


def _as_names(wanted: Any, actual: Any, names: list[str]) -> Any:
    """``wanted`` with each seat number written where ``actual`` holds a player's name given as that name.

    >>> _as_names({"player": 1, "size": "small"}, {"player": "Ann", "size": "small"}, ["Ann", "Bob"])
    {'player': 'Bob', 'size': 'small'}
    """
    if isinstance(wanted, int) and not isinstance(wanted, bool) and isinstance(actual, str) and actual in names:
        return names[wanted] if 0 <= wanted < len(names) else wanted
    if isinstance(wanted, list) and isinstance(actual, list) and actual:
        return [_as_names(w, actual[min(i, len(actual) - 1)], names) for i, w in enumerate(wanted)]
    if isinstance(wanted, dict) and isinstance(actual, dict):
        return {k: _as_names(v, actual[k], names) if k in actual else v for k, v in wanted.items()}
    return wanted


def _pairs(items: list[tuple[str, str]]) -> str:
    return " ".join(f"{pile}={item}" for pile, item in items)


def _show(value: Any) -> str:
    import json

    return json.dumps(value, sort_keys=True)


def write_reveals(move: MoveLine, took: list[tuple[str, str]]) -> MoveLine:
    """The move with the outcomes it took written in (as ``revive simulate`` records them)."""
    reveals = tuple(Reveal(p, i) for p, i in took)
    return MoveLine(move.player, move.verb, move.answers, reveals, move.pos, move.verb_pos)
