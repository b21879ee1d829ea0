"""The pytest plugin (entry point ``pytest11: revive``): every replay script is a snapshot test.

pytest collects each script -- a ``*.yaml`` file with a top-level ``steps:`` key -- found in a
folder named ``replays`` or in a content pack's folder, at any depth (``my_pack/scripts/``, where
``revive new pack`` puts them), when pytest walks it (``testpaths`` or a path on the command line), and
any script named on the command line, as ONE test item, ``<script>::replay``. The item plays
the script step by step through :class:`~revive_dsl.replay.player.Replay` (which checks every
``expect:``) and compares each step's snapshot (:mod:`revive_dsl.replay.snapshot`) with the
stored one in ``__snapshots__/<script stem>.snap`` next to the script.

- ``pytest replays`` replays the corpus; ``pytest --snapshot-update`` rewrites the snapshots.
- A step whose state differs fails the item with a message naming the step and a unified diff of
  the step's stored and new lines (and the numbers of the other steps that differ).
- A broken script (YAML, schema, move syntax) or a step that cannot be played or fails its
  ``expect:`` fails the item with the positioned message, never a Python traceback.

>>> _in_replays_folder(Path("replays/games/solo.yaml"), Path("."))
True
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from revive_dsl.positions import DslError
from revive_dsl.replay.player import Replay
from revive_dsl.replay.script import load_script
from revive_dsl.replay.snapshot import ITEM_NAME, ReplaySnapshotExtension, StepSnapshots, step_name, unified
from revive_dsl.replay.verify import SCRIPT_SUFFIXES, is_script

REPLAYS_FOLDER = "replays"  # scripts in a folder of this name are collected
MORE_STEPS_SHOWN = 20  # how many numbers of further differing steps the failure lists


class SnapshotMismatch(Exception):
    """Steps whose state differs from the stored snapshot."""

    def __init__(self, message: str):
        super().__init__(message)


class ReplayItem(pytest.Function):
    """One script: replayed step by step, each step's snapshot compared; failures shown as plain messages."""

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:  # type: ignore[override]
        if isinstance(excinfo.value, (DslError, SnapshotMismatch)):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style=style))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"{self.path.name}::{self.name}"


class ScriptFile(pytest.File):
    """A replay script, collected as one :class:`ReplayItem`."""

    def collect(self):  # type: ignore[no-untyped-def]
        yield ReplayItem.from_parent(self, name=ITEM_NAME, callobj=_replay_test(self.path, self.config))


def _shown_path(path: Path, config: pytest.Config) -> str:
    """The script's path as the user sees it: relative to the invocation folder when inside it."""
    try:
        return str(path.relative_to(config.invocation_params.dir))
    except ValueError:
        return str(path)


def _replay_test(path: Path, config: pytest.Config) -> Callable[[Any], None]:
    shown = _shown_path(path, config)

    def replay(snapshot: Any) -> None:
        script = load_script(shown if not Path(shown).is_absolute() else path)
        snap = snapshot.use_extension(ReplaySnapshotExtension)
        runner = Replay(script)
        snaps = StepSnapshots(runner.states[0])
        differing: list[tuple[str, str, str | None, str]] = []  # (name, move line, stored, now)

        def check(index: int, move: str, text: str) -> None:
            name = step_name(index)
            if snap(name=name) != text:  # syrupy compares (and, updating, stores) on ==
                result = snap.executions[snap.num_executions - 1]
                differing.append((name, move, result.recalled_data, text))

        check(0, "the start state", snaps.start())
        last = len(script.steps)
        try:
            for result in runner.steps():
                check(result.index, result.step.text, snaps.step(result, last=result.index == last))
        except DslError as err:
            if not differing:
                raise
            raise SnapshotMismatch(f"{err}\nbefore that, {_mismatch_message(shown, path, differing)}") from None
        if differing:
            raise SnapshotMismatch(_mismatch_message(shown, path, differing))

    replay.__module__ = __name__
    replay.__qualname__ = replay.__name__ = "replay"
    return replay


def _mismatch_message(shown: str, path: Path, differing: list[tuple[str, str, str | None, str]]) -> str:
    name, move, stored, now = differing[0]
    snap_file = Path("__snapshots__") / f"{path.stem}.snap"
    if stored is None:
        lines = [f"{shown}: {name} ({move}): no snapshot stored in {snap_file.as_posix()}"]
    else:
        lines = [f"{shown}: {name} ({move}): the state differs from the snapshot (- stored, + now)"]
        lines += ["    " + line for line in unified(stored, now)]
    if len(differing) > 1:
        others = [n.removeprefix("step ") for n, *_ in differing[1:]]
        listed = ", ".join(others[:MORE_STEPS_SHOWN]) + (", ..." if len(others) > MORE_STEPS_SHOWN else "")
        lines.append(f"{len(others)} later step(s) differ as well: {listed}")
    lines.append("if the change is intended, run `pytest --snapshot-update` to write the snapshots again")
    return "\n".join(lines)


def _in_replays_folder(path: Path, root: Path) -> bool:
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        parts = path.parts
    return REPLAYS_FOLDER in parts[:-1] and "__snapshots__" not in parts


def _in_pack(path: Path) -> bool:
    """Whether ``path`` lies in a content pack's folder (one with ``pack.yaml``, at any level above it)."""
    return "__snapshots__" not in path.parts and any((folder / "pack.yaml").is_file() for folder in path.parents)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> ScriptFile | None:
    """Collect a script in a ``replays`` folder or a pack's folder, or any script named on the command line."""
    if file_path.suffix not in SCRIPT_SUFFIXES:
        return None
    wanted = (
        parent.session.isinitpath(file_path)
        or _in_replays_folder(file_path, parent.config.rootpath)
        or _in_pack(file_path)
    )
    if wanted and is_script(file_path):
        return ScriptFile.from_parent(parent, path=file_path)
    return None
