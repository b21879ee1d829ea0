"""How fast scripts replay, in moves per second, next to python-chess replaying PGN.

    pip install '.[bench]'
    python bench/bench_replay.py [--games N] [--chess-games N] [--seed S] [--profile]

For 1, 2, 3 and 4 players it plays N random games (``play_random_game``), writes each as a script
(``script_from_answers`` + ``dump_script``; not timed) and then times, per script:

(a) parse + apply: ``load_script_text`` + ``Replay.run()`` (no rendering);
(b) with snapshots: (a) plus ``Game.to_json()`` of every step's state, and then plus the per-step
    snapshot text (``StepSnapshots``);
(c) with rendering: (a) plus every step rendered as ``revive replay`` shows it
    (``viewer.step_view`` printed to a ``Console(file=io.StringIO())``).

Each script is replayed with no range map kept from before (writing them by random play left every map their
replays need). In the same run, python-chess: N random legal games (``random.Random(seed)`` choosing among the
legal moves, at most 200 plies), written as PGN text; then the time of reading each PGN
(``chess.pgn.read_game``) and pushing every move on a fresh board. Medians over the games of
moves per second, and the ratio ours / chess; (a) and (b) once more with the collector tuned as the
``revive`` command tunes it (``revive_dsl.gctune``). Then the time of reading a script (its YAML, schema and
move lines) the first time and again (kept by its digest: ``load_script_text``), against replaying it. Last,
the snapshot cost per step for a short and a long script (the same game cut short), to show the cost grows
linearly with the script.
Times are the process's CPU time (``time.process_time``). Plain text, no asserts.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revive_dsl.engine.registry import load_all  # noqa: E402
from revive_dsl.engine.rules import Rules  # noqa: E402
from revive_dsl.engine.simulate import play_random_game, seating  # noqa: E402  (the engine benchmark's seats)
from revive_dsl.locations import core  # noqa: E402
from revive_dsl.replay import Replay, dump_script, load_script_text, script_from_answers  # noqa: E402
from revive_dsl.replay.script import forget_read_scripts  # noqa: E402


def scripts_for(rules: Rules, count: int, games: int, seed: int) -> list[str]:
    out = []
    for index in range(games):
        record = play_random_game(rules, seating(rules, count, index), seed + index, check=False)
        data = script_from_answers(rules, record.players, record.seed, record.variants, record.answers)
        out.append(dump_script(data))
    return out


# --- the ways of replaying a script; each returns the number of steps played ---------------------------


def plain(text: str) -> int:
    replay = Replay(load_script_text(text, "bench.yaml"))
    replay.run()
    return replay.done


def with_json(text: str) -> int:
    replay = Replay(load_script_text(text, "bench.yaml"))
    for result in replay.steps():
        result.after.to_json()
    return replay.done


def with_snapshots(text: str) -> int:
    from revive_dsl.replay.snapshot import StepSnapshots

    replay = Replay(load_script_text(text, "bench.yaml"))
    snaps = StepSnapshots(replay.states[0])
    snaps.start()
    last = len(replay.script.steps)
    for result in replay.steps():
        result.after.to_json()
        snaps.step(result, result.index == last)
    return replay.done


def with_rendering(text: str) -> int:
    from rich.console import Console

    from revive_dsl.terminal.viewer import step_view

    console = Console(file=io.StringIO(), width=100, no_color=True)
    replay = Replay(load_script_text(text, "bench.yaml"))
    for result in replay.steps():
        console.print(step_view(result, replay))
    return replay.done


def forget_range_maps() -> None:
    """Drop the range maps the rules keep (engine.range.range_key): writing the scripts by random play left
    every map their replays need, which a replay in a new process would work out itself."""
    Rules.load(("base",))._range_maps.clear()


def rate(fn: Callable[[str], int], text: str) -> tuple[float, int]:
    """(moves per second, moves) of one script, replayed with no range map kept from before."""
    forget_range_maps()
    forget_read_scripts()  # read whole, as python-chess reads each PGN
    start = time.process_time()
    moves = fn(text)
    return moves / max(time.process_time() - start, 1e-9), moves


def _cpu(fn: Callable[[], object]) -> float:
    """The CPU seconds of one call."""
    start = time.process_time()
    fn()
    return time.process_time() - start


# --- python-chess ---------------------------------------------------------------------------------------


def chess_pgns(games: int, seed: int, max_plies: int = 200) -> list[str]:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out = []
    for index in range(games):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < max_plies:
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"random game {index}"
        out.append(str(game))
    return out


def chess_replay(pgn: str) -> int:
    import chess.pgn

    game = chess.pgn.read_game(io.StringIO(pgn))
    board = game.board()
    moves = 0
    for move in game.mainline_moves():
        board.push(move)
        moves += 1
    return moves


# --- snapshot cost against script length -------------------------------------------------------------------


def snapshot_cost_per_step(text: str, steps: int, repeat: int) -> tuple[int, float, float, float]:
    """(steps, median µs per step of to_json, of the snapshot text, mean KB of a state) over the first ``steps``."""
    from revive_dsl.replay.snapshot import StepSnapshots

    lines = text.splitlines(keepends=True)
    head = lines[: lines.index("steps:\n") + 1]
    body = lines[len(head) :]
    starts = [i for i, line in enumerate(body) if line.startswith("- ")] + [len(body)]
    cut = "".join(head + body[: starts[min(steps, len(starts) - 1)]])
    replay = Replay(load_script_text(cut, "bench.yaml"))
    results = list(replay.steps())
    json_times, snap_times = [], []
    for _ in range(repeat):
        start = time.process_time()
        for result in results:
            result.after.to_json()
        json_times.append((time.process_time() - start) / len(results))
        start = time.process_time()
        snaps = StepSnapshots(replay.states[0])
        for result in results:
            snaps.step(result, result is results[-1])
        snap_times.append((time.process_time() - start) / len(results))
    size = statistics.mean(len(result.after.to_json()) for result in results) / 1024
    snap_us = statistics.median(snap_times) * 1e6 if snap_times else float("nan")
    return len(results), statistics.median(json_times) * 1e6, snap_us, size


# Where a replay's time goes, for ``--profile``: (label, module file, function name). The functions nest (the
# copy before a move is part of answering it), so their shares are each of the whole, not of each other.
PROFILED = [
    ("reading the script (YAML, schema, move lines)", "script.py", "load_script_text"),
    ("  of which the move lines", "notation.py", "parse_move"),
    ("setting up the game (Replay, start_game)", "player.py", "__init__"),
    ("answering the decisions (Runner.answer)", "game.py", "answer"),
    ("  of which carrying out the moves (the rules)", "game.py", "_advance"),
    ("    of which playing a card", "cards.py", "play_card"),
    ("    of which exploring", "board_actions.py", "explore"),
    ("    of which building", "board_actions.py", "build"),
    ("    of which populating", "board_actions.py", "populate"),
    ("    of which using a machine or opening a crate", "machines.py", "_use_machine"),
    ("    of which hibernating", "hibernate.py", "_hibernate"),
    ("    of which triggers fired (when EVENT)", "triggers.py", "fire"),
    ("  of which whether the turn's move is allowed", "game.py", "move_allowed"),
    ("  of which checking a recorded target (explore, build...)", "decisions.py", "choose"),
    ("  of which copying what a move reads (working_copy)", "state.py", "_on_first_access"),
    ("  of which settling a move's copy (settle)", "state.py", "settle"),
    ("range maps searched (_searched)", "range.py", "_searched"),
    ("range maps' keys (range_key)", "range.py", "range_key"),
    ("the map's layout (geometry._layout_now)", "geometry.py", "_layout_now"),
    ("what a move drew (chance.drawn)", "chance.py", "drawn"),
]


def profile(texts: list[str], rounds: int = 5) -> None:
    """Shares of the replay's time and what they cost a move, from a statistical profiler (bench/sampling.py):
    the replay is timed alone, then sampled."""
    from sampling import Sampler

    moves, start = 0, time.process_time()
    for text in texts:
        forget_range_maps()
        moves += plain(text)
    per_move = (time.process_time() - start) / moves * 1e6
    with Sampler(within=("bench_replay.py", "plain")) as sampler:
        for _ in range(rounds):
            for text in texts:
                forget_range_maps()
                plain(text)
    print(f"where (a)'s time goes: {len(texts)} scripts, {moves} moves, {per_move:.0f} µs a move (timed alone);")
    print(f"{sampler.samples} samples of {rounds} rounds (a share's noise: about {sampler.samples**-0.5:.0%})")
    for label, file, name in PROFILED:
        share = sampler.share(file, name)
        print(f"  {label:<58}{share:>7.0%}{share * per_move:>8.0f} µs")
    print()


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--games", type=int, default=3, help="random games per player count (default 3)")
    args.add_argument("--chess-games", type=int, default=100, help="random chess games (default 100)")
    args.add_argument("--seed", type=int, default=1)
    args.add_argument("--repeat", type=int, default=5, help="repeats of the snapshot-cost measure (default 5)")
    args.add_argument("--profile", action="store_true", help="print where (a)'s time goes, then stop")
    opts = args.parse_args()
    load_all()
    print(f"{core()} core")
    rules = Rules.load(("base",))
    scripts = {count: scripts_for(rules, count, opts.games, opts.seed) for count in (1, 2, 3, 4)}
    plain(scripts[1][0])  # warm the caches (parsers, schemas, rules)
    if opts.profile:
        profile([text for count in (1, 2, 3, 4) for text in scripts[count]])
        return

    ways: list[tuple[str, Callable[[str], int]]] = [
        ("(a) parse + apply", plain),
        ("(b) + to_json per step", with_json),
        ("(b) + to_json + snapshot text", with_snapshots),
        ("(c) + rendering", with_rendering),
    ]

    print(f"python {sys.version.split()[0]}; {opts.games} random games per player count; CPU time; medians over games")
    print()
    print(f"{'replay':<32}{'players':>8}{'moves/game':>12}{'ms/game':>10}{'moves/s':>10}")
    overall: dict[str, list[float]] = {}
    for label, fn in ways:
        for count in (1, 2, 3, 4):
            rates, moves = zip(*(rate(fn, text) for text in scripts[count]), strict=True)
            overall.setdefault(label, []).extend(rates)
            ms = statistics.median(m / r for m, r in zip(moves, rates, strict=True)) * 1000
            print(f"{label:<32}{count:>8}{statistics.median(moves):>12.0f}{ms:>10.1f}{statistics.median(rates):>10.0f}")
    print()

    try:
        import chess
    except ImportError:  # the side-by-side needs the bench extra; our own figures stand without it
        chess = None
        print("python-chess is not installed (pip install -e '.[bench]'): the ratio to it is left out")
    chess_rate = None
    if chess is not None:
        pgns = chess_pgns(opts.chess_games, opts.seed)
        chess_rates, chess_moves = zip(*(rate(chess_replay, pgn) for pgn in pgns), strict=True)
        chess_rate = statistics.median(chess_rates)
        print(
            f"python-chess {chess.__version__}: {len(pgns)} random games, median {statistics.median(chess_moves):.0f}"
            f" plies; read_game + push every move: {chess_rate:.0f} moves/s"
        )
    print()
    from revive_dsl.gctune import tune_gc

    tune_gc()  # the collector as the revive command sets it (revive_dsl/gctune.py)
    for label, fn in ways[:2]:
        tuned = f"{label}, tuned collector"
        overall[tuned] = [rate(fn, text)[0] for count in (1, 2, 3, 4) for text in scripts[count]]
    print(f"{'replay (all player counts)':<40}{'moves/s':>10}{'ours / chess' if chess_rate else '':>14}")
    for label, rates in overall.items():
        ours = statistics.median(rates)
        print(f"{label:<40}{ours:>10.0f}{f'{ours / chess_rate:.3f}' if chess_rate else '':>14}")
    print()

    print("reading a script against replaying it (ms a game; medians over all player counts):")
    print(f"{'read, first time':>18}{'read, kept':>12}{'replay':>10}{'share, first':>14}{'share, kept':>13}")
    cold, kept, played = [], [], []
    for text in (t for count in (1, 2, 3, 4) for t in scripts[count]):
        forget_read_scripts()
        cold.append(_cpu(lambda text=text: load_script_text(text, "bench.yaml")))
        kept.append(_cpu(lambda text=text: load_script_text(text, "bench.yaml")))
        script = load_script_text(text, "bench.yaml")
        played.append(_cpu(lambda script=script: Replay(script).run()))
    first, again, run = (statistics.median(x) * 1000 for x in (cold, kept, played))
    print(f"{first:>18.2f}{again:>12.2f}{run:>10.1f}{first / (first + run):>14.1%}{again / (again + run):>13.1%}")
    print()

    longest = max(scripts[4], key=len)
    total = sum(1 for line in longest.splitlines() if line.startswith("- "))
    print("snapshot cost per step against script length (one 4-player game, cut short):")
    print(f"{'steps':>8}{'to_json µs/step':>18}{'snapshot µs/step':>18}{'state KB (mean)':>17}{'snapshot µs/KB':>16}")
    for steps in (25, 50, 100, 200, total):
        played, json_us, snap_us, size = snapshot_cost_per_step(longest, steps, opts.repeat)
        print(f"{played:>8}{json_us:>18.0f}{snap_us:>18.0f}{size:>17.1f}{snap_us / size:>16.0f}")


if __name__ == "__main__":
    main()
