"""Every public engine function, driven with random and malformed input (Hypothesis).

Complements ``tests/test_engine_fuzz.py`` (which fuzzes ``engine.api.calculate`` and
checks error keys against the Dutch catalog only): here each public function is also
called *directly* -- ``rent.rent``, ``building.check_build`` / ``sell_buildings``,
``tax.income_tax``, ``jail.jail_decision``, ``mortgage.mortgage_cost``,
``scoring.score``, ``markov.landing_odds`` / ``group_rent_table`` /
``jail_advice_inputs``, ``editions.edition`` / ``board_edition`` / ``with_house_rules``,
``Board.find`` / ``square`` / ``group``, ``cards.deck``, ``clauses.clause`` -- and every
answer is checked against the catalogs of *every* locale:

* a call returns a JSON-friendly result (no NaN, no infinity) whose step keys exist in
  ``nl``, ``sv``, ``da`` and ``nb``, whose clauses exist, and whose parameters fill every
  placeholder of the message in each language; or
* it raises :class:`EngineError` (nothing else), whose key exists in every locale and whose
  parameters fill that message in every language.

The number of cases run is printed at the end of the test run (``tests/conftest.py``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import api, boards, cards, clauses, editions, markov
from engine.clauses import CLAUSES
from engine.errors import EngineError
from engine.validate import show
from test_engine_fuzz import JUNK, NASTY, requests
from hooks.i18n import LANGS, Translations, format_message

SETTINGS = settings(max_examples=80, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])

DIRECT: Mapping[str, Callable[[object], dict[str, Any]]] = {
    kind: func for kind, func in api.KINDS.items() if kind not in ("odds", "group_rents")
}
"""The request-taking calculations, called directly (not through ``engine.api``)."""

assert set(DIRECT) | {"odds", "group_rents"} == set(api.KINDS), "a new kind needs a direct call here"


class Catalogs:
    """The message texts of every locale (no Dutch fallback: a key must exist everywhere)."""

    def __init__(self) -> None:
        t = Translations()
        self.texts: dict[str, dict[str, tuple[str, ...]]] = {}
        for lang in LANGS:
            cat = t.catalog(lang)
            assert not cat.problems, cat.problems
            self.texts[lang] = {k: e.forms for k, e in cat.entries.items() if e.usable}

    def check(self, key: object, params: Mapping[str, object], what: str) -> None:
        """``key`` is usable in every locale and ``params`` fill every placeholder."""
        assert isinstance(key, str), (what, key)
        for lang in LANGS:
            forms = self.texts[lang].get(key)
            assert forms is not None, f"{what}: message key {key!r} is missing in {lang}"
            for form in forms:
                try:
                    format_message(form, {"n": 1, **params})
                except KeyError as exc:
                    raise AssertionError(f"{what}: {lang} message {key!r} needs {exc} but the "
                                         f"engine gives only {sorted(params)}") from None


@pytest.fixture(scope="module")
def catalogs() -> Catalogs:
    return Catalogs()


def json_safe(value: object) -> None:
    """The value is plain JSON (no NaN / infinity, only str keys)."""
    text = json.dumps(value, allow_nan=False)
    assert json.loads(text) == value or _has_tuples(value)


def _has_tuples(value: object) -> bool:
    if isinstance(value, tuple):
        return True
    if isinstance(value, Mapping):
        return any(_has_tuples(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_tuples(v) for v in value)
    return False


def check_steps(result: Mapping[str, Any], cats: Catalogs, what: str) -> int:
    """Every step of a result: a known clause, a message in every locale, params filling it."""
    steps = result.get("steps", [])
    assert isinstance(steps, list)
    for s in steps:
        assert s["clause"] in CLAUSES, (what, s)
        ruling = s["ruling"]
        if ruling is not None:
            assert ruling in CLAUSES and CLAUSES[ruling].page == "rulings", (what, s)
        cats.check(s["key"], s["params"], what)
    return len(steps)


def run(what: str, call: Callable[[], object], cats: Catalogs) -> str:
    """Call; check the answer or the EngineError; return ``"ok"`` or ``"error"``."""
    try:
        result = call()
    except EngineError as err:
        assert type(err) is EngineError
        assert isinstance(err.key, str) and err.key.startswith("error."), (what, err.key)
        assert err.field is None or isinstance(err.field, str), (what, err.field)
        json_safe(err.to_dict())
        cats.check(err.key, err.params, what)
        return "error"
    if isinstance(result, Mapping):
        json_safe(result)
        if "error" in result:  # engine.api answers errors as data
            assert set(result) == {"error", "field", "params"}, result
            cats.check(result["error"], result["params"], what)
            return "error"
        check_steps(result, cats, what)
    return "ok"


def count(report, section: str, name: str, outcome: str) -> None:
    report(section, name, 1)
    report(section, f"{name} ({outcome})", 1)


# --------------------------------------------------------------------------- strategies

TEXT = st.text(max_size=12)
SCALARS = st.one_of(st.sampled_from(NASTY[:40]), st.integers(), TEXT, st.booleans(), st.none(),
                    st.floats(allow_nan=True, allow_infinity=True))


def mostly(valid: st.SearchStrategy[object], invalid: st.SearchStrategy[object],
           share: int = 7) -> st.SearchStrategy[object]:
    """``valid`` in ``share`` of 10 draws, else ``invalid`` (``one_of`` would merge
    repeated branches, so the weight is drawn explicitly)."""
    return st.integers(0, 9).flatmap(lambda i: valid if i < share else invalid)


BOARD_IDS = mostly(st.sampled_from(["atlantic-city", "nl-euro"]),
                   st.one_of(st.sampled_from(["dutch", "", "NL-EURO", "atlantic city"]),
                             SCALARS, JUNK))
STRATEGY = mostly(st.sampled_from(["leave", "stay"]),
                  st.one_of(st.sampled_from(["LEAVE", "pay", ""]), SCALARS))
COUNT = mostly(st.sampled_from(["roll", "turn"]),
               st.one_of(st.sampled_from(["rolls", "Turn"]), SCALARS))
OPTION_VALUE = st.one_of(st.integers(-3, 12), st.sampled_from([0.0, 0.25, 1.0, 1.5, -0.1]),
                         st.floats(allow_nan=True, allow_infinity=True), st.booleans(), SCALARS,
                         JUNK)
GOOD_OPTIONS = st.fixed_dictionaries({}, optional={
    "doubles_to_jail": st.integers(1, 4), "jail_max_turns": st.integers(1, 6),
    "third_failed_roll_moves": st.booleans(), "back_three_draws": st.booleans(),
    "cards_with_replacement": st.just(True),
    "kans_choice_draw_probability": st.floats(0, 1), "us_chance_moving_cards": st.sampled_from([9, 10]),
    "jail_release_rolls_again": st.booleans()})
OPTION_NAMES = ["doubles_to_jail", "jail_max_turns", "third_failed_roll_moves",
                "back_three_draws", "cards_with_replacement", "kans_choice_draw_probability",
                "us_chance_moving_cards", "jail_release_rolls_again", "board", "jail_strategy",
                "nonsense"]
OPTIONS = mostly(st.one_of(st.none(), GOOD_OPTIONS), st.one_of(
    st.dictionaries(st.sampled_from(OPTION_NAMES), OPTION_VALUE, max_size=3),
    st.dictionaries(st.one_of(TEXT, st.integers()), OPTION_VALUE, max_size=2),
    JUNK))
LEVEL = mostly(st.integers(0, 5), st.one_of(st.integers(-1, 6), SCALARS), 8)
GROUP = mostly(st.sampled_from(list(boards.GROUPS)),
               st.one_of(st.sampled_from(["purple", "Red", ""]), SCALARS), 8)
BUILT = mostly(
    st.lists(st.tuples(GROUP, LEVEL).map(list), max_size=4, unique_by=lambda t: str(t[0])),
    st.one_of(st.lists(st.one_of(st.tuples(GROUP, LEVEL), st.tuples(GROUP, LEVEL).map(list),
                       st.fixed_dictionaries({"group": GROUP, "level": LEVEL}),
                       st.lists(SCALARS, max_size=3), SCALARS), max_size=5),
    st.tuples(GROUP, LEVEL).map(lambda t: [t]), SCALARS, JUNK), 6)
SQUARE_REF = st.one_of(st.integers(-45, 45), st.integers(0, 39), st.sampled_from(
    ["Kalverstraat", "kalverstraat ", "BOARDWALK", "  Station   Zuid ", "39", "040", "0039",
     "٣", "²", "-1", "1e1", "9" * 400, "Go", "Start", "Gevangenis"]), SCALARS, JUNK)
EDITION_ID = mostly(st.sampled_from(sorted(editions.EDITIONS)), st.one_of(
    st.sampled_from(["", "NL-2001", "nl-2001 ", "nl", "classic"]), SCALARS, JUNK), 5)
HOUSE_RULES = st.one_of(st.lists(st.one_of(st.sampled_from(editions.HOUSE_RULES), SCALARS),
                                 max_size=4), SCALARS, JUNK)


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("kind", sorted(DIRECT))
@SETTINGS
@given(data=st.data())
def test_direct_calculations(kind: str, data: st.DataObject, catalogs: Catalogs, report) -> None:
    """The calculation modules called directly: a valid result or EngineError, nothing else."""
    request = data.draw(requests(kind))
    outcome = run(f"{kind}({show(request, 200)})", lambda: DIRECT[kind](request), catalogs)
    count(report, "engine fuzz, direct calls", kind, outcome)


@pytest.mark.parametrize("kind", sorted(api.KINDS) + ["nope"])
@SETTINGS
@given(data=st.data())
def test_api_in_every_locale(kind: str, data: st.DataObject, catalogs: Catalogs, report) -> None:
    """``engine.api.calculate`` and ``calculate_json``: never raises; every error key and
    step key exists in every locale (and the junk-kind answer is a translated error)."""
    request = data.draw(requests(kind) if kind in api.KINDS else JUNK)
    shown_kind = kind if kind in api.KINDS else data.draw(st.one_of(SCALARS, JUNK))
    outcome = run(f"calculate({show(shown_kind)}, {show(request, 200)})",
                  lambda: api.calculate(shown_kind, request), catalogs)  # type: ignore[arg-type]
    count(report, "engine fuzz, api", str(kind), outcome)
    text = data.draw(st.one_of(st.just(None), st.text(max_size=30), st.binary(max_size=20),
                               st.sampled_from(["{", "[]", "NaN", '{"a": Infinity}', "1e999",
                                                '{"edition": "nl-2001"}', "\udcff", ""])))
    if text is None:
        try:
            text = json.dumps(request, allow_nan=False)
        except (ValueError, TypeError, RecursionError):
            text = "null"
    answer = api.calculate_json(shown_kind, text)  # type: ignore[arg-type]
    assert isinstance(answer, str)
    run("calculate_json", lambda: json.loads(answer), catalogs)


@SETTINGS
@given(board=BOARD_IDS, strategy=STRATEGY, count_=COUNT, options=OPTIONS)
def test_markov_landing_odds(board: object, strategy: object, count_: object, options: object,
                             catalogs: Catalogs, report) -> None:
    outcome = run("landing_odds", lambda: markov.landing_odds(board, strategy, count_, options),
                  catalogs)  # type: ignore[arg-type]
    if outcome == "ok":
        odds = markov.landing_odds(board, strategy, count_, options)  # type: ignore[arg-type]
        probs = [p["probability"] for p in odds["positions"]]
        assert len(probs) == 41 and all(0 <= p <= 1 for p in probs)
        assert math.isclose(sum(probs), 1.0, abs_tol=1e-9)
    count(report, "engine fuzz, markov", "landing_odds", outcome)


@SETTINGS
@given(board=BOARD_IDS, strategy=STRATEGY, options=OPTIONS)
def test_markov_group_rent_table(board: object, strategy: object, options: object,
                                 catalogs: Catalogs, report) -> None:
    outcome = run("group_rent_table",
                  lambda: markov.group_rent_table(board, strategy, options),  # type: ignore[arg-type]
                  catalogs)
    count(report, "engine fuzz, markov", "group_rent_table", outcome)


@SETTINGS
@given(built=BUILT, board=BOARD_IDS, options=OPTIONS)
def test_markov_jail_advice_inputs(built: object, board: object, options: object,
                                   catalogs: Catalogs, report) -> None:
    outcome = run("jail_advice_inputs",
                  lambda: markov.jail_advice_inputs(built, board, options),  # type: ignore[arg-type]
                  catalogs)
    if outcome == "ok":
        advice = markov.jail_advice_inputs(built, board, options)  # type: ignore[arg-type]
        for name in ("leave_turn", "stay_turn", "free_turn"):
            assert advice[name] >= 0 and math.isfinite(advice[name])
    count(report, "engine fuzz, markov", "jail_advice_inputs", outcome)


@SETTINGS
@given(ref=EDITION_ID, house_rules=HOUSE_RULES)
def test_editions(ref: object, house_rules: object, catalogs: Catalogs, report) -> None:
    outcome = run("edition", lambda: editions.edition(ref), catalogs)
    if outcome == "ok":
        assert editions.edition(ref) is editions.EDITIONS[ref]  # type: ignore[index]
    run("board_edition", lambda: editions.board_edition(ref), catalogs)
    rules = editions.EDITIONS["nl-2001"].rules
    run("with_house_rules", lambda: editions.with_house_rules(rules, house_rules), catalogs)
    count(report, "engine fuzz, lookups", "edition", outcome)


@SETTINGS
@given(ref=SQUARE_REF, group=GROUP, index=st.one_of(st.integers(-50, 50), SCALARS))
def test_board_lookups(ref: object, group: object, index: object, catalogs: Catalogs,
                       report) -> None:
    for board in (boards.ATLANTIC_CITY, boards.DUTCH):
        outcome = run("Board.find", lambda: board.find(ref), catalogs)
        if outcome == "ok":
            sq = board.find(ref)
            assert isinstance(sq, boards.Square) and board.squares[sq.index] is sq
        run("Board.square", lambda: board.square(index), catalogs)  # type: ignore[arg-type]
        run("Board.group", lambda: board.group(group), catalogs)  # type: ignore[arg-type]
        count(report, "engine fuzz, lookups", "Board.find", outcome)


@SETTINGS
@given(ref=st.one_of(st.sampled_from([d.id for d in cards.DECKS] + sorted(CLAUSES)[:5]),
                     SCALARS, JUNK))
def test_deck_and_clause_lookups(ref: object, catalogs: Catalogs, report) -> None:
    run("deck", lambda: cards.deck(ref), catalogs)  # type: ignore[arg-type]
    outcome = run("clause", lambda: clauses.clause(ref), catalogs)  # type: ignore[arg-type]
    count(report, "engine fuzz, lookups", "deck/clause", outcome)


def test_every_error_key_of_the_engine_is_translated(catalogs: Catalogs, report) -> None:
    """Static complement: every ``error.*`` key written in engine/ exists in every locale."""
    import re
    from pathlib import Path

    keys = set()
    for path in Path(api.__file__).parent.glob("*.py"):
        keys |= set(re.findall(r'"(error\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert len(keys) > 10, "the scan found no error keys: the pattern is wrong"
    for key in sorted(keys):
        for lang in LANGS:
            assert key in catalogs.texts[lang], f"{key} missing in {lang}"
    report("engine catalogs", "error keys in every locale", len(keys))


def test_describe(catalogs: Catalogs) -> None:
    described = api.describe()
    json_safe(described)
    assert {e["id"] for e in described} == set(editions.EDITIONS)
