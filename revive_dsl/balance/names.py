"""The names a report shows for the ids it counts by, from the packs' own content: a tribe by the name its board
prints, a component by its name, a tribe's technology by its tribe, side and name, and a tribe and side as
"TRIBE (SIDE)", the side by its word (``sun``, ``moon``; a tribe whose board has one side by its name alone).

The report's keys stay the content ids (they are what two runs are compared by); each row carries its ``label``.

>>> from revive_dsl.engine.rules import Rules
>>> names = report_names(Rules.load(("base",)))
>>> names["ox49"], names["nadair/moon/t2a"], names["nadair/moon/t2b"], names["cit_smith"]
(']0X49[', 'Nàdair (moon): Written legacy', 'Nàdair (moon): Side slot', 'Smith')
>>> label(names, "ox49/moon"), label(names, "sun"), label(names, "seat 2"), label({"t": "Gate"}, "t/single")
(']0X49[ (moon)', 'sun', 'seat 2', 'Gate')
"""

from __future__ import annotations

from collections.abc import Mapping

from revive_dsl.engine.rules import Rules


def report_names(rules: Rules) -> dict[str, str]:
    """Every id a report may count by -> the name it shows: components by their ``name``, tribes' technologies
    (``TRIBE/SIDE/SPACE``, as :func:`~revive_dsl.balance.game.taken` writes them) by tribe, side and name."""
    names: dict[str, str] = {}
    for cid, component in rules.content.components.items():
        name = component.data.get("name")
        if isinstance(name, str) and name:
            names[cid] = name
    for tribe in rules.ids("tribe"):
        tribe_name = names.get(tribe, tribe)
        for side, board in (rules.data(tribe).get("sides") or {}).items():
            for tech in (board or {}).get("technologies") or ():
                if isinstance(tech, dict) and "id" in tech:  # a space of a common technology: that one's name
                    name = tech.get("name") or names.get(str(tech.get("common")), tech["id"])
                    names[f"{tribe}/{side}/{tech['id']}"] = f"{tribe_name} ({side}): {name}"
    return names


def label(names: Mapping[str, str], key: str) -> str:
    """What a report row of ``key`` is shown as: its name, or ``TRIBE (SIDE)`` for a ``tribe/side`` key, else the
    key itself (a seat, a computer player, a side, a source of points)."""
    if key in names:
        return names[key]
    tribe, slash, side = key.partition("/")
    if slash and tribe in names and "/" not in side:
        return names[tribe] if side == "single" else f"{names[tribe]} ({side})"  # a board of one side: its name
    return key
