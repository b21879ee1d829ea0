"""Numbers a pack marks tunable: declared in its ``pack.yaml``, written ``$name`` in its texts.

A pack's manifest may say which of its numbers (a cost, a reward, points, a threshold) the balance lab may tune::

    tunables:
      head_start: {value: 3, tune: 0..8, about: points the Mirrors score at the game's end}

and a text of the pack writes ``$head_start`` where the number goes (``at game end: points $head_start``). A load
plays with each tunable's ``value``, or with the value a tuning gives it (:func:`load_packs`'s ``tuning``); the tree
keeps the name (:class:`~revive_dsl.dsl.nodes.Tuned`), so formatting a text writes ``$head_start`` back.

A set of values travels with a game as the last entry of its pack list, :func:`tuning_entry` (``tune:head_start=5``),
so that every process rebuilds the same rules from the game's state alone.

>>> entry = tuning_entry({"head_start": 5, "cost": 2})
>>> entry, split_tuning(("base", "mirror", entry))
('tune:cost=2,head_start=5', (('base', 'mirror'), {'cost': 2, 'head_start': 5}))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from revive_dsl.positions import Diagnostic, Pos

PREFIX = "tune:"  # a pack list's last entry giving the values of its tunables
_ENTRY = re.compile(r"^[a-z][a-z0-9_]*=[0-9]{1,7}$")


@dataclass(frozen=True)
class Tunable:
    """One number a pack marks tunable: its name, the value the pack plays with, the range searched (both ends
    included), what it is, and where it is declared."""

    name: str
    pack: str
    value: int
    low: int
    high: int
    about: str = ""
    pos: Pos | None = None

    @property
    def values(self) -> range:
        """Every value of the range, in order."""
        return range(self.low, self.high + 1)


def read_tunables(pack: str, data: Mapping[str, Any], at: Any, problems: list[Diagnostic]) -> dict[str, Tunable]:
    """The tunables a manifest declares (already checked against the pack schema), each range checked:
    ``at(path)`` positions a problem in the manifest."""
    out: dict[str, Tunable] = {}
    declared = data.get("tunables")
    if not isinstance(declared, dict):
        return out
    for name, spec in declared.items():
        if not isinstance(spec, dict) or type(spec.get("value")) is not int or not isinstance(spec.get("tune"), str):
            continue  # the schema has said what is wrong with it
        try:
            low, high = (int(part) for part in spec["tune"].split(".."))
        except ValueError:
            continue
        value = spec["value"]
        if low > high:
            problems.append(
                Diagnostic(
                    at(("tunables", name, "tune")), f"tunable '{name}': range {low}..{high} is empty; write LOW..HIGH"
                )
            )
        elif not low <= value <= high:
            problems.append(
                Diagnostic(
                    at(("tunables", name, "value")),
                    f"tunable '{name}': its value {value} is outside its range {low}..{high}",
                )
            )
        # kept though wrong, so the texts that use it are checked at its value rather than told it is unknown
        out[name] = Tunable(name, pack, value, low, high, str(spec.get("about", "")), at(("tunables", name)))
    return out


def tuning_entry(values: Mapping[str, int]) -> str:
    """The pack-list entry that plays the packs with ``values`` (names in order: one set, one entry)."""
    return PREFIX + ",".join(f"{name}={values[name]}" for name in sorted(values))


def split_tuning(packs: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, int]]:
    """A pack list without its tuning entry, and the values that entry gives ({} without one). ValueError when the
    entry is not one :func:`tuning_entry` writes."""
    if not packs or not packs[-1].startswith(PREFIX):
        return packs, {}
    body = packs[-1][len(PREFIX) :]
    parts = body.split(",") if body else []
    if not all(_ENTRY.match(part) for part in parts):
        raise ValueError(f"'{packs[-1]}' is not a tuning: write tune:NAME=VALUE,NAME=VALUE")
    return packs[:-1], {name: int(value) for name, value in (part.split("=") for part in parts)}


def tuning_problems(tuning: Mapping[str, int], declared: Mapping[str, Tunable]) -> list[str]:
    """What is wrong with the values ``tuning`` gives, against the tunables the loaded packs declare: a name none
    declares, a value outside its range.

    >>> known = {"cost": Tunable("cost", "p", 2, 1, 4)}
    >>> tuning_problems({"cost": 7, "gain": 1}, known)
    ["tunable 'cost' is tuned to 7, outside its range 1..4", "no pack declares a tunable 'gain' (declared: cost)"]
    """
    problems = []
    for name, value in sorted(tuning.items()):
        found = declared.get(name)
        if found is None:
            known = ", ".join(sorted(declared)) or "none"
            problems.append(f"no pack declares a tunable '{name}' (declared: {known})")
        elif not found.low <= value <= found.high:
            problems.append(f"tunable '{name}' is tuned to {value}, outside its range {found.low}..{found.high}")
    return problems


__all__ = ["PREFIX", "Tunable", "read_tunables", "split_tuning", "tuning_entry", "tuning_problems"]
