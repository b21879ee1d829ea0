"""The JSON Schemas: shipped files match their definitions, and each kind rejects bad components."""

import functools
import json

import jsonschema
import pytest

from revive_dsl.content.schema_defs import KIND_ITEMS, all_schemas, file_schema
from revive_dsl.locations import schema_dir


@pytest.mark.parametrize("name", sorted(all_schemas()))
def test_shipped_schema_matches_its_definition(name):
    shipped = json.loads((schema_dir() / name).read_text(encoding="utf-8"))
    assert shipped == all_schemas()[name], f"run 'revive schemas' to regenerate {name}"


def _errors(kind, component):
    validator = jsonschema.Draft202012Validator(file_schema(kind))
    return [e.message for e in validator.iter_errors({"kind": kind, "components": [component]})]


@functools.cache
def _bundled():
    from revive_dsl import load_packs

    return load_packs()


def _bundled_example(kind):
    found = _bundled().of_kind(kind)
    return dict(found[0].data) if found else None


@pytest.mark.parametrize("kind", sorted(KIND_ITEMS))
def test_each_kind_requires_id_and_provenance(kind):
    messages = _errors(kind, {"name": "nameless"})
    assert "'id' is a required property" in messages
    assert "'provenance' is a required property" in messages


@pytest.mark.parametrize("kind", sorted(KIND_ITEMS))
def test_each_kind_rejects_unknown_fields_and_bad_provenance(kind):
    example = _bundled_example(kind)
    if example is None:
        example = {"id": "x", "provenance": "rulebook"}
    bad = {**example, "provenance": "invented", "colour_of_the_sky": "blue"}
    messages = _errors(kind, bad)
    assert any("'invented' is not one of" in m for m in messages)
    assert any("colour_of_the_sky" in m for m in messages)


@pytest.mark.parametrize("kind", sorted(KIND_ITEMS))
def test_bundled_components_of_each_kind_validate(kind):
    example = _bundled_example(kind)
    if example is not None:
        assert _errors(kind, example) == []


def test_a_file_of_the_wrong_kind_is_rejected():
    validator = jsonschema.Draft202012Validator(file_schema("crate"))
    errors = [e.message for e in validator.iter_errors({"kind": "citizen_card", "components": []})]
    assert errors == ["'crate' was expected"]
