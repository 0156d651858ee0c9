"""Declared requests (engine/validate.py) and the engine's one vocabulary of errors.

* every calculation refuses an unknown field, at any depth, with ``error.unknown_field`` and
  the field's full path (a property test over random field names for every kind);
* a wrong type or a value outside a declared range gives the one key of that kind of mistake,
  naming the field;
* every error key the engine can raise has a message in every language, and no catalog keeps
  an error key the engine no longer raises (nor one of the synonyms merged away);
* the published JSON Schemas are the declarations.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine import api
from hooks.render.render_requests import rows
from hooks.runtime.schemas import schemas
from hooks.catalogs.i18n import LANGS, Translations

ROOT = Path(__file__).resolve().parents[1]

VALID: dict[str, dict[str, Any]] = {
    "rent": {"edition": "nl-2001", "square": 39, "owned": 2},
    "check_build": {"edition": "nl-2001", "square": 39, "buildings": {"37": 1, "39": 1}},
    "sell_buildings": {"edition": "nl-2001", "square": 39, "buildings": {"37": 1, "39": 1}},
    "income_tax": {"edition": "classic-us", "square": 4, "cash": 100,
                   "properties": [{"square": 39}]},
    "jail": {"edition": "nl-2001", "turn_in_jail": 1, "cash": 100,
             "opponents_built": [{"group": "red", "level": 2}]},
    "mortgage": {"edition": "nl-2001", "action": "mortgage", "square": 39},
    "score": {"edition": "nl-2001-short", "players": [
        {"name": "A", "cash": 5, "properties": [{"square": 39}]}, {"name": "B"}]},
    "odds": {"board": "nl-euro", "options": {"doubles_to_jail": 3}},
    "group_rents": {"board": "nl-euro", "options": {"jail_max_turns": 3}},
}
"""A valid request per kind, with an object at every nesting level the kind has."""

NESTED: dict[str, list[str]] = {
    "income_tax": ["properties.0"],
    "jail": ["opponents_built.0"],
    "score": ["players.0", "players.0.properties.0"],
    "odds": ["options"],
    "group_rents": ["options"],
}
"""Paths of the nested request objects in :data:`VALID`."""


def _at(obj: Any, path: str) -> Any:
    for part in path.split(".") if path else []:
        obj = obj[int(part)] if isinstance(obj, list) else obj[part]
    return obj


def _declared(kind: str, path: str) -> set[str]:
    """The field names declared at ``path`` (list indices read as ``[]``)."""
    prefix = re.sub(r"\.\d+", "[]", path)
    prefix = f"{prefix}." if prefix else ""
    names = set()
    for row in rows(kind):
        full = row[0]
        if full.startswith(prefix) and "." not in full[len(prefix):]:
            names.add(full[len(prefix):].removesuffix("[]"))
    return names


def test_the_valid_requests_are_valid() -> None:
    for kind, request in VALID.items():
        result = api.calculate(kind, request)
        assert "error" not in result, (kind, result)
    assert set(VALID) == set(api.KINDS) == set(api.REQUESTS)


STEP_KEYS = {"clause", "key", "params", "source", "ruling"}
SQUARE_KEYS = {"index", "name", "kind", "group"}


def _squares(value: Any) -> list[dict[str, Any]]:
    """Every ``square`` object anywhere in a result (lots inside it included)."""
    if isinstance(value, list):
        return [sq for item in value for sq in _squares(item)]
    if not isinstance(value, dict):
        return []
    own = [value["square"]] if isinstance(value.get("square"), dict) else []
    return own + [sq for k, v in value.items() if k != "square" for sq in _squares(v)]


def test_one_result_shape_for_every_kind() -> None:
    """edition, currency, steps in every result; every step has the same five keys (source and
    ruling beside the message's params, None where none); every square the same object."""
    from hooks.render.examples import load_examples
    results = [(kind, api.calculate(kind, request)) for kind, request in VALID.items()]
    results += [(ex.kind, ex.run()) for ex in load_examples().values()]
    kinds, cited, squares = set(), 0, 0
    for kind, result in results:
        if "error" in result:
            continue
        kinds.add(kind)
        assert {"edition", "currency", "steps"} <= set(result), kind
        for s in result["steps"]:
            assert set(s) == STEP_KEYS, (kind, s)
            assert not {"source", "ruling"} & set(s["params"]), (kind, s)
            assert all(v is None or isinstance(v, str) for v in (s["source"], s["ruling"])), s
            cited += s["source"] is not None
        for sq in _squares({k: v for k, v in result.items() if k != "steps"}):
            assert set(sq) == SQUARE_KEYS, (kind, sq)
            squares += 1
    assert kinds == set(api.KINDS)
    assert cited > 100 and squares > 50, (cited, squares)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(kind=st.sampled_from(sorted(VALID)), name=st.text(min_size=1, max_size=60),
       value=st.none() | st.integers() | st.text(max_size=5) | st.lists(st.integers(), max_size=2),
       data=st.data())
def test_every_kind_refuses_an_unknown_field_with_its_path(kind: str, name: str, value: Any,
                                                         data: st.DataObject) -> None:
    path = data.draw(st.sampled_from([""] + NESTED.get(kind, [])))
    assume(name not in _declared(kind, path))
    request = copy.deepcopy(VALID[kind])
    _at(request, path)[name] = value
    result = api.calculate(kind, request)
    assert result["error"] == "error.unknown_field", (kind, path, name, result)
    shown = name[:40]
    assert result["field"] == (f"{path}.{shown}" if path else shown)
    assert result["params"] == {"name": shown}


def _wrong(prop: dict[str, Any]) -> tuple[object, str] | None:
    """A value of the wrong JSON kind for a schema property, and the key it must give."""
    types = prop.get("type")
    kinds = [types] if isinstance(types, str) else [t for t in types or [] if t != "null"]
    if "anyOf" in prop:
        return None  # alternatives: each one is covered by its own plain field elsewhere
    if "enum" in prop and not kinds:
        return "zz-not-a-choice", "error.bad_choice"
    if kinds == ["integer"]:
        return "7", "error.not_an_integer"
    if kinds == ["number"]:
        return "0.5", "error.not_a_number"
    if kinds == ["boolean"]:
        return 1, "error.not_a_boolean"
    if kinds == ["array"]:
        return 7, "error.not_a_list"
    if kinds == ["object"]:
        return [1], "error.not_an_object"
    return None


def _fields(kind: str) -> list[tuple[str, dict[str, Any]]]:
    return list(schemas()[kind]["properties"].items())


@pytest.mark.parametrize("kind", sorted(VALID))
def test_wrong_types_and_ranges_name_the_field(kind: str) -> None:
    checked = 0
    for name, prop in _fields(kind):
        wrong = _wrong(prop)
        if wrong is not None:
            value, key = wrong
            result = api.calculate(kind, {**VALID[kind], name: value})
            assert (result.get("error"), result.get("field")) == (key, name), (kind, name, result)
            checked += 1
        for bound, step in (("minimum", -1), ("maximum", 1)):
            if bound in prop and isinstance(prop[bound], int):
                result = api.calculate(kind, {**VALID[kind], name: prop[bound] + step})
                assert (result.get("error"), result.get("field")) == ("error.out_of_range", name), \
                    (kind, name, bound, result)
                checked += 1
    assert checked >= 2, f"{kind}: hardly any field was checked"


def test_nested_mistakes_name_the_full_path() -> None:
    r = api.calculate("score", {"edition": "nl-2001-short", "players": [
        {"name": "A"}, {"name": "B", "properties": [{"square": 1}, {"square": 3, "buildings": "2"}]}]})
    assert (r["error"], r["field"]) == ("error.not_an_integer", "players.1.properties.1.buildings")
    r = api.calculate("jail", {"edition": "nl-2001", "turn_in_jail": 1, "cash": 0,
                               "opponents_built": [["red", 2], {"group": "green", "level": 7}]})
    assert (r["error"], r["field"]) == ("error.out_of_range", "opponents_built.1.level")
    r = api.calculate("odds", {"options": {"kans_choice_draw_probability": "half"}})
    assert (r["error"], r["field"]) == ("error.not_a_number", "options.kans_choice_draw_probability")


# --------------------------------------------------------------- one vocabulary of errors

_VARIANTS = {"card": ("house", "hotel", "token")}
"""The values the f-string error keys of the engine can take."""

MERGED = {
    "error.uneven_building": "error.uneven_buildings",
    "error.too_many_houses": "error.building_level",
    "error.incomplete_group": "error.buildings_incomplete_group",
    "error.mortgaged_group_built": "error.buildings_with_mortgage_in_group",
    "error.bank_houses": "error.bank_stock_exceeded",
    "error.bank_hotels": "error.bank_stock_exceeded",
    "error.no_buildings_here": "error.not_buildable",
    "error.buildings_not_street": "error.not_buildable",
    "error.buildings_other_group": "error.not_in_group",
    "error.item_not_object": "error.not_an_object",
    "error.not_a_lot_map": "error.not_an_object",
    "error.bad_buildings": "error.not_an_object",
    "error.not_a_property_entry": "error.not_an_object",
    "error.not_a_lot_list": "error.not_a_list",
    "error.not_a_property_list": "error.not_a_list",
    "error.bad_house_rules": "error.not_a_list",
    "error.square_owned_twice": "error.duplicate_square",
    "error.unknown_house_rule": "error.bad_choice",
    "error.unknown_jail_strategy": "error.bad_choice",
    "error.unknown_count": "error.bad_choice",
    "error.bad_speed_face": "error.bad_choice",
    "error.bad_dice": "error.out_of_range",
    "error.markov_option": "error.out_of_range",
    "error.built_groups": "error.duplicate_group",
}
"""Every synonym merged away (issue 11), with the one key that now names that mistake."""


def engine_error_keys() -> set[str]:
    """Every error key written in the engine's sources (f-string keys with their variants)."""
    keys: set[str] = set()
    for py in sorted((ROOT / "engine").glob("*.py")):
        text = py.read_text(encoding="utf-8")
        keys |= set(re.findall(r'(?<![f\w])"(error\.[a-z0-9_.]+)"', text))
        for template in re.findall(r'\bf"(error\.[^"]*)"', text):
            var = re.search(r"\{(\w+)\}", template)
            assert var and var.group(1) in _VARIANTS, f"{py.name}: add the variants of {template}"
            keys |= {template.replace(var.group(0), v) for v in _VARIANTS[var.group(1)]}
    return keys


@pytest.fixture(scope="module")
def catalogs() -> Translations:
    return Translations()


def test_every_error_key_has_a_message_in_every_language(catalogs: Translations) -> None:
    keys = engine_error_keys()
    assert len(keys) > 40, "the scan found hardly any error key"
    for lang in LANGS:
        entries = catalogs.catalog(lang).entries
        missing = sorted(k for k in keys if k not in entries or not entries[k].usable)
        assert not missing, f"{lang} lacks {missing}"


def _po_error_keys(lang: str) -> set[str]:
    """The error keys written in a language's catalog files (read as text: the loader keeps
    only the keys the Dutch catalog has)."""
    keys: set[str] = set()
    for po in (ROOT / "translations" / lang).glob("*.po"):
        keys |= set(re.findall(r'^(?:msgctxt|msgid) "(error\.[^"]+)"', po.read_text(encoding="utf-8"),
                               re.M))
    return keys


def test_no_catalog_keeps_an_error_key_the_engine_does_not_raise() -> None:
    keys = engine_error_keys()
    for lang in LANGS:
        stale = sorted(_po_error_keys(lang) - keys)
        assert not stale, f"{lang}: error keys no calculation raises: {stale}"


def test_the_merged_synonyms_are_gone(catalogs: Translations) -> None:
    keys = engine_error_keys()
    assert not set(MERGED) & keys
    assert set(MERGED.values()) <= keys
    for lang in LANGS:
        assert not set(MERGED) & _po_error_keys(lang)


def test_engine_messages_live_in_one_domain() -> None:
    for lang in LANGS:
        files = {p.name for p in (ROOT / "translations" / lang).glob("*.po")}
        assert "engine.po" in files and "rent.po" not in files
        others = files - {"engine.po"}
        for name in others:
            text = (ROOT / "translations" / lang / name).read_text(encoding="utf-8")
            assert not re.search(r'^msgid "(error|step|reason)\.', text, re.M), f"{lang}/{name}"


# --------------------------------------------------------------- schemas


def test_schemas_are_the_declarations() -> None:
    every = schemas()
    assert set(every) == set(api.KINDS)
    for kind, schema in every.items():
        assert schema["additionalProperties"] is False
        assert set(schema["properties"]) == _declared(kind, "")
        json.dumps(schema)
    assert "edition" in every["rent"]["required"] and "square" in every["rent"]["required"]
    assert every["rent"]["properties"]["owned"]["maximum"] == 4
    desc = api.describe()[0]["schemas"]
    assert desc["rent"] == f"{api.SCHEMA_DIR}/rent.schema.json"


def test_the_site_publishes_the_schemas(tmp_path: Path) -> None:
    from hooks.runtime.pyodide_assets import write_schemas

    written = write_schemas(tmp_path)
    assert {p.name for p in written} == {f"{k}.schema.json" for k in api.KINDS}
    for path in written:
        kind = path.name.removesuffix(".schema.json")
        assert json.loads(path.read_text(encoding="utf-8")) == json.loads(
            json.dumps(schemas()[kind]))


def test_the_calculators_cite_each_step_source_and_ruling() -> None:
    """The build-time presenter reads a step's own ``source`` and ``ruling``: a cited step shows
    its source and links its ruling, an uncited one shows no citation."""
    from hooks.render import calculator_data as cdata
    from present import render as present_render
    from present import views as present_views
    links = {"ruling-silent-sources": ("R.1", "rulings.md#ruling-silent-sources")}
    seen = Counter()
    for request in ({"edition": "classic-us", "square": 39, "owned": 2},   # a ruling cited
                    {"edition": "nl-2001", "square": 39, "owned": 1}):     # an uncited step
        result = api.calculate("rent", request)
        html = present_render.render_output(cdata.Formatter("nl"), present_views.VIEWS["rent"], result, links)
        items = html.split("<li ")[1:]
        assert len(items) == len(result["steps"])
        for s, item in zip(result["steps"], items):
            assert ('class="calc-cite"' in item) == bool(s["source"]), item
            ruled = s["ruling"] == "ruling-silent-sources"
            assert ('href="rulings.md#ruling-silent-sources"' in item) == ruled, item
            seen.update(["cited" if s["source"] else "uncited"] + ["ruling"] * ruled)
    assert set(seen) == {"cited", "uncited", "ruling"}, seen
