"""The JSON API (engine/api.py), the package's exports, and the Dutch engine messages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine
from engine import api
from engine.editions import EDITIONS, parameters
from engine.errors import EngineError
from hooks.catalogs.i18n import Translations, parameters as needed

ROOT = Path(__file__).resolve().parents[1]
MY_MODULES = ["jail", "mortgage", "scoring", "api"]
GENERIC_MODULES = ["errors", "validate", "editions", "boards", "clauses", "markov", "cards"]


# --------------------------------------------------------------- dispatch

def test_calculate_dispatches_to_each_calculation() -> None:
    r = api.calculate("mortgage", {"edition": "nl-2001", "action": "lift", "square": 39})
    assert r["cost"] == 220  # mortgage-lift: 200 + 10%
    r = api.calculate("jail", {"edition": "nl-modern", "turn_in_jail": 1, "cash": 100})
    assert r["options"][-1]["p_free_remaining_fraction"] == "91/216"
    r = api.calculate("score", {"edition": "classic-us-short",
                                "players": [{"name": "A", "cash": 5}, {"name": "B", "cash": 7}]})
    assert r["winners"] == ["B"]
    r = api.calculate("odds", {"board": "atlantic-city", "count": "roll"})
    assert round(100 * r["positions"][24]["probability"], 2) == 3.19  # Illinois (markov)
    r = api.calculate("group_rents", {"board": "nl-euro", "jail_strategy": "stay"})
    assert len(r["groups"]) == 8


def test_errors_come_back_as_data() -> None:
    assert api.calculate("mortgage", {"edition": "nl-2001", "action": "lift", "square": 0}) == {
        "error": "error.not_a_property", "field": "square", "params": {"square": "Start"}}
    assert api.calculate("nope", {})["field"] == "kind"
    assert api.calculate(None, {})["error"] == "error.unknown_calculation"  # type: ignore[arg-type]
    assert api.calculate("score", "players")["error"] == "error.request_not_object"
    assert api.calculate("odds", {"board": "monaco"})["error"] == "error.unknown_board"


def test_huge_numbers_are_refused_with_their_path() -> None:
    r = api.calculate("score", {"edition": "nl-2001-short",
                                "players": [{"name": "A", "cash": 10 ** 5000}]})
    assert (r["error"], r["field"]) == ("error.out_of_range", "players.0.cash")
    r = api.calculate("odds", {"options": {"doubles_to_jail": -(10 ** 5000)}})
    assert (r["error"], r["field"]) == ("error.out_of_range", "options.doubles_to_jail")


# --------------------------------------------------------------- JSON

def test_calculate_json_round_trip() -> None:
    out = api.calculate_json("mortgage", json.dumps(
        {"edition": "classic-us", "action": "receive", "square": "Water Works"}))
    data = json.loads(out)
    assert [o["total"] for o in data["options"]] == [83, 91]  # 75 + 8; 8 + 83


@pytest.mark.parametrize("text", [
    "{not json", "", "[" * 100_000, '{"cash": NaN}', '{"cash": Infinity}', "1" * 5000,
    b"\xff\xfe\x00",
])
def test_calculate_json_bad_text(text: object) -> None:
    assert json.loads(api.calculate_json("jail", text)) == {  # type: ignore[arg-type]
        "error": "error.request_not_json", "field": None, "params": {}}


def test_calculate_json_not_text() -> None:
    assert json.loads(api.calculate_json("jail", 5))["error"] == "error.request_not_json"  # type: ignore[arg-type]


def test_calculate_json_errors_are_json() -> None:
    data = json.loads(api.calculate_json("jail", '{"edition": "nl-2001", "turn_in_jail": 9}'))
    assert (data["error"], data["field"]) == ("error.out_of_range", "turn_in_jail")


# --------------------------------------------------------------- describe, exports

def test_describe_lists_every_edition_with_its_squares() -> None:
    d = {e["id"]: e for e in api.describe()}
    assert set(d) == set(EDITIONS)
    for eid, ed in EDITIONS.items():
        if ed.board is None:
            assert d[eid]["squares"] == []
        else:
            assert [s["name"] for s in d[eid]["squares"]] == [s.name for s in ed.board.squares]
    assert d["nl-2001"]["squares"][39]["name"] == "Kalverstraat"
    assert d["classic-us"]["currency"] == "USD"
    json.dumps(api.describe())


def test_package_exports() -> None:
    for name in engine.__all__:
        assert hasattr(engine, name), name
    for name in ("calculate", "calculate_json", "describe", "jail_decision", "mortgage_cost",
                 "score", "landing_odds", "EngineError", "edition", "EDITIONS", "CLAUSES"):
        assert name in engine.__all__
    assert engine.EngineError is EngineError


# --------------------------------------------------------------- Dutch messages (translations/nl/engine.po)

@pytest.fixture(scope="module")
def nl() -> Translations:
    return Translations()


# Values the f-string keys of my modules can take, from the edition parameters.
_CHOICES = {name: choices for name, _, choices in parameters()}
_VARIANTS = {
    "when": ["before_roll", "next_turn"],  # jail_pay_when: before-roll / any-time-then-next-turn
    "mode": [c.replace("-", "_") for c in _CHOICES["interest_rounding"] if c != "exact"],
    "scope": list(_CHOICES["mortgage_scope"]),
    "basis_key": [c.replace("-", "_") for c in _CHOICES["score_mortgaged"]],
    "hotel_key": [c.replace("-", "_") for c in _CHOICES["score_hotel"]],
    "card": ["house", "hotel", "token"],
    "extra": ["", "_hotel", "_token", "_hotel_token"],  # a card set with its hotel, figure card
}


def _literal_keys(module: str) -> set[str]:
    text = (ROOT / "engine" / f"{module}.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'(?<![f\w])"((?:step|error)\.[a-z0-9_.]+)"', text))
    for template in re.findall(r'\bf"((?:step|error)\.[^"]*)"', text):
        expr = re.search(r"\{(.+)\}", template)
        assert expr and expr.group(1) in _VARIANTS, f"{module}: add the variants of {template}"
        keys |= {template.replace("{" + expr.group(1) + "}", v) for v in _VARIANTS[expr.group(1)]}
    return keys


def test_every_message_key_has_a_dutch_text(nl: Translations) -> None:
    keys = set().union(*(_literal_keys(m) for m in MY_MODULES))
    keys |= {k for m in GENERIC_MODULES for k in _literal_keys(m) if k.startswith("error.")}
    assert len(keys) > 80
    missing = sorted(k for k in keys if not nl.has("nl", k))
    assert not missing, missing
    for key in ("error.unknown_edition", "error.not_a_board_edition", "error.unknown_square",
                "error.unknown_group", "error.unknown_clause", "error.request_not_object",
                "error.missing_field", "error.not_an_integer", "error.out_of_range",
                "error.not_a_boolean", "error.bad_choice", "error.not_a_list",
                "error.list_length", "error.unknown_calculation", "error.not_a_number",
                "error.unknown_board", "error.not_an_object", "error.unknown_field",
                "error.building_level", "error.duplicate_group", "error.markov_singular",
                "error.unknown_deck", "error.unknown_card"):
        assert nl.has("nl", key), key


BATTERY = [
    ("jail", {"edition": e, "turn_in_jail": t, "cash": c, "cards_owned": 1, "card_offer": 20,
              "opponents_built": b})
    for e in ("nl-2001", "nordic-2005", "nl-modern-speed", "classic-us")
    for t in (1, 3) for c in (10, 500) for b in (None, [["red", 5]])
] + [
    ("jail", {"edition": "nl-2001", "turn_in_jail": 2, "cash": 0}),
    ("jail", {"edition": "nl-2001", "turn_in_jail": 2, "cash": 100, "opponents_built": [["x", 1]]}),
    ("jail", {"edition": "nl-2001", "turn_in_jail": 2, "cash": 100, "opponents_built": [["red", 9]]}),
    ("jail", {"edition": "nl-2001", "turn_in_jail": 2, "cash": 100, "opponents_built": [5]}),
    ("jail", {"edition": "nl-2001", "turn_in_jail": "2", "cash": 100}),
    ("jail", {"edition": "nl-card-game"}),
    ("jail", {"edition": "xx"}),
    ("jail", {}),
    ("jail", []),
] + [
    ("mortgage", {"edition": e, "action": a, "square": s, "buildings": b})
    for e in ("nl-2001", "nl-2001-short", "classic-us", "nl-modern")
    for a in ("mortgage", "lift", "receive")
    for s, b in ((39, {"37": 5, "39": 5}), (39, {"37": 2, "39": 1}), (12, None), (5, {"5": 1}),
                 (0, None), ("zz", None))
] + [
    ("mortgage", {"edition": e, "action": "bankruptcy", "creditor": c, "squares": [39, 12]})
    for e in ("nl-2001", "nl-modern", "classic-us") for c in ("bank", "player")
] + [
    ("mortgage", {"edition": "nl-2001", "action": "mortgage", "square": 39, "mortgaged": True}),
    ("mortgage", {"edition": "nl-2001", "action": "lift", "square": 39, "mortgaged": "yes"}),
    ("mortgage", {"edition": "nl-2001", "action": "x", "square": 39}),
    ("mortgage", {"edition": "nl-2001", "action": "mortgage", "square": 39, "buildings": []}),
    ("mortgage", {"edition": "nl-2001", "action": "mortgage", "square": 39, "buildings": {"1": 1}}),
    ("mortgage", {"edition": "nl-2001", "action": "mortgage", "square": 39,
                  "buildings": {"37": 4, "39": 1}}),
    ("mortgage", {"edition": "nl-2001", "action": "bankruptcy", "creditor": "bank",
                  "squares": "39"}),
    ("mortgage", {"edition": "nl-2001", "action": "bankruptcy", "creditor": "bank",
                  "squares": [39, 39]}),
] + [
    ("score", {"edition": e, "players": [
        {"name": "A", "cash": 10, "properties": [{"square": 37, "buildings": 5},
                                                  {"square": 39, "buildings": 5},
                                                  {"square": 5, "mortgaged": True}]},
        {"name": "B", "cash": 10, "properties": [{"square": 1, "buildings": 1},
                                                  {"square": 3, "buildings": 2}]},
        {"name": "C", "cash": 2000}]})
    for e in ("nl-2001-short", "nl-2001-timed", "classic-us-short", "nl-modern")
] + [
    ("score", {"edition": "nl-2001-short", "players": [{"name": "A", "cash": 5},
                                                       {"name": "B", "cash": 5}]}),
    ("score", {"edition": "nl-card-game", "hotel_value": 100, "players": [
        {"name": "A", "money": 9999, "sets": [{"value": 100, "houses": 4, "hotel": True}]},
        {"name": "B", "money": 9999, "sets": [{"value": 100, "houses": 4, "hotel": True}]}]}),
    ("score", {"edition": "nl-card-game", "players": [{"name": "A", "money": 5},
                                                      {"name": "B", "money": 9999,
                                                       "sets": [{"value": 50, "token": True}]}]}),
    ("score", {"edition": "nl-card-game", "players": [{"money": 5}, {"money": 5}]}),
    ("score", {"edition": "nl-card-game", "players": [{"sets": [{"value": 50, "houses": 4}] * 4},
                                                      {}]}),
    ("score", {"edition": "nl-card-game", "players": [{"sets": [{"value": 50, "hotel": True}]},
                                                      {}]}),
    ("score", {"edition": "nl-2001", "players": [{"name": "A", "properties": [{"square": 1}]},
                                                 {"name": "B", "properties": [{"square": 1}]}]}),
    ("score", {"edition": "nl-2001", "players": [{"name": "A", "properties": [{"square": 1,
                                                                               "buildings": 1}]},
                                                 {"name": "B"}]}),
    ("score", {"edition": "nl-2001", "players": [{"name": 5}, {"name": "B"}]}),
    ("score", {"edition": "nl-2001", "players": [1, 2]}),
    ("score", {"edition": "nl-2001", "players": {}}),
    ("odds", {"board": "x"}), ("odds", {"jail_strategy": "x"}), ("odds", {"count": "x"}),
    ("odds", {"options": {"nope": 1}}), ("group_rents", {"options": {"jail_max_turns": 9}}),
    ("nope", {}), ("mortgage", {"edition": "nl-2001", "action": "lift", "square": 10 ** 4000}),
]


def test_every_step_and_error_of_the_battery_reads_in_dutch(nl: Translations) -> None:
    seen_keys: set[str] = set()
    for kind, request in BATTERY:
        result = api.calculate(kind, request)
        messages = ([(result["error"], result["params"])] if "error" in result else
                    [(s["key"], s["params"]) for s in result.get("steps", [])])
        if "advice" in result:
            messages.append((result["advice"]["reason_key"], {**result["advice"]["params"]}))
        for key, params in messages:
            seen_keys.add(key)
            entry = nl.catalog("nl").entries.get(key)
            assert entry is not None, f"{kind}: {key} has no Dutch text"
            need = needed(entry.forms[0])
            assert need <= set(params), f"{key}: the text needs {sorted(need - set(params))}"
            assert str(nl.gettext("nl", key, **params))
    assert len(seen_keys) > 60  # the battery reaches most messages
