"""Every rule and alias of grammar/effects.lark is produced by at least one sample text.

The samples are the construct examples of the generated reference (so the reference shows
every construct) plus a few texts for the remaining alternatives. Inlined ``?rules`` leave
no trace in a normal parse tree, so coverage is measured with a second parser built from
the same grammar with every rule kept.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lark import Lark

from revive_dsl import check, parse
from revive_dsl.content.packs import load_packs
from revive_dsl.dsl.docgen import CONSTRUCTS
from revive_dsl.dsl.parser import effect_parser
from revive_dsl.locations import grammar_path

REFERENCE_EXAMPLES = [c.example for group in CONSTRUCTS.values() for c in group]

EXTRA_SAMPLES = [
    "gain 2 book;",
    "unstable machine during play: rotate_card",
    "machine: reclaim_all_energy",
    "need cards_of green == 3: points 4",
    "need flasks > 2 : purple 1",
    "score 2 per cards_of yellow",
    "gain food and (points 1 or energy)",
    "(gain food)",
]

SAMPLES = REFERENCE_EXAMPLES + EXTRA_SAMPLES


def grammar_names() -> set[str]:
    """Rule and alias names of the project's parser, without Lark's internal helper rules."""
    names = set()
    for rule in effect_parser().rules:
        if not rule.origin.name.startswith("_"):
            names.add(rule.origin.name)
        if rule.alias:
            names.add(rule.alias)
    return names


def keep_all_rules_parser() -> Lark:
    # Same grammar, but `?rule` (inline when it has one child) becomes a plain rule.
    text = re.sub(r"^\?", "", grammar_path("effects.lark").read_text(encoding="utf-8"), flags=re.MULTILINE)
    return Lark(text, parser="lalr")


def produced(texts: list[str]) -> set[str]:
    parser = keep_all_rules_parser()
    alias_origin = {r.alias: r.origin.name for r in parser.rules if r.alias}
    seen: set[str] = set()
    for text in texts:
        for tree in parser.parse(text).iter_subtrees():
            seen.add(tree.data)
            if tree.data in alias_origin:
                seen.add(alias_origin[tree.data])
    return seen


def test_grammar_names_are_known():
    # Guard the harness itself: the names include rules and aliases of every level.
    assert {"start", "clause", "unit", "call", "trade", "score_tiers", "while_clause"} <= grammar_names()


def test_every_rule_and_alias_is_produced_by_a_sample():
    missing = grammar_names() - produced(SAMPLES)
    assert not missing, f"no sample text produces: {sorted(missing)}"


def test_reference_examples_alone_cover_the_grammar():
    missing = grammar_names() - produced(REFERENCE_EXAMPLES)
    assert not missing, f"the reference has no example for: {sorted(missing)}"


@pytest.mark.parametrize("text", SAMPLES)
def test_samples_are_valid(text):
    # the samples of a pack's own counters name the data-only example expansion's heat
    load_packs(["base", str(Path(__file__).parent / "example_expansion" / "emberfall")])
    assert check(parse(text)) == []
