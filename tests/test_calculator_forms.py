"""Which fields the calculators' forms show follows from the engine (issue 12).

- the table the page ships (``rent_fields`` in the shared JSON) is what
  :func:`engine.rent.rent_reads` says, for every edition x arrival x square kind;
- the build's rent form, rendered for every edition x arrival x property square, shows
  exactly the situational fields the engine reads there, and hides the others;
- the engine reads no field the table hides and needs the dice fields it shows: fuzzed over
  every edition, arrival and property square, dropping the hidden fields from a request never
  changes the answer, and for a utility whose rent is due the request without any one of the
  dice fields it shows is refused, naming that field (so a calculation that read a dice field
  the form hides, or stopped reading one it shows, fails here);
- the other ``data-show`` conditions are looked up in board, edition or form data.

The browser side (``form.mjs`` looks the same table up) is checked in
``tests/browser/test_calculators.py::test_visibility_follows_the_shipped_table``; neither side
names an edition rule (the last test here).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hooks.render import calculator_forms as cf
from hooks.render import calculator_data as cdata
from hooks.common import Context

from engine.api import calculate
from engine.boards import PROPERTY_KINDS
from engine.editions import EDITIONS
from engine.rent import ARRIVALS, DICE_FIELDS, SITUATIONAL, rent_reads

RENT_EDITIONS = cf.KIND_EDITIONS["rent"]


def ctx(lang: str = "nl") -> Context:
    return Context(lang, "calculators", f"docs/{lang}/calculators.md", 1, None, "calculator",
                   ("rent",), Path("docs"))


class _Shown(HTMLParser):
    """``data-for`` -> hidden? for every field wrapper of a form."""

    def __init__(self) -> None:
        super().__init__()
        self.hidden: dict[str, bool] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "calc-field" in (a.get("class") or "").split() and a.get("data-for"):
            self.hidden[str(a["data-for"])] = "hidden" in a


def shown_fields(kind: str, state: dict[str, Any]) -> dict[str, bool]:
    """Field key -> shown, in the build's form for ``state``."""
    form = cf.Form(ctx(), cdata.Formatter("nl"), f"calc-{kind}", state)
    parser = _Shown()
    parser.feed(str(cf.FORMS[kind](form)))
    return {k: not hidden for k, hidden in parser.hidden.items()}


# --------------------------------------------------------------------------- the table


def test_the_shipped_table_is_what_the_engine_says() -> None:
    table = cdata.shared_data(ctx())["rent_fields"]
    assert sorted(table) == sorted(RENT_EDITIONS)
    for ed in RENT_EDITIONS:
        assert sorted(table[ed]) == sorted(ARRIVALS), ed
        for arrival in ARRIVALS:
            assert sorted(table[ed][arrival]) == sorted(PROPERTY_KINDS), (ed, arrival)
            for kind in PROPERTY_KINDS:
                assert table[ed][arrival][kind] == list(rent_reads(EDITIONS[ed].rules, arrival,
                                                                   kind)), (ed, arrival, kind)


def test_the_table_tells_the_editions_apart() -> None:
    """Not one answer for all: the dice a utility needs differ by edition and arrival."""
    table = cf.rent_fields()
    utility = {tuple(table[ed][a]["utility"]) for ed in RENT_EDITIONS for a in ARRIVALS}
    assert utility == {("dice",), ("reroll",), ("reroll", "speed_face"), ()}
    assert {tuple(table[ed][a]["street"]) for ed in RENT_EDITIONS for a in ARRIVALS} == {
        ("buildings", "group_built")}
    assert {tuple(table[ed][a]["station"]) for ed in RENT_EDITIONS for a in ARRIVALS} == {()}


@pytest.mark.parametrize("edition", RENT_EDITIONS)
def test_the_rent_form_shows_what_the_engine_reads(edition: str) -> None:
    """Every arrival x property square of the edition's board (exhaustive)."""
    ed = EDITIONS[edition]
    assert ed.board is not None and ed.rules is not None
    for arrival in ARRIVALS:
        for sq in ed.board.properties:
            state = {**cf.default_request("rent", "nl"), "edition": edition, "square": sq.index,
                     "arrival": arrival}
            shown = shown_fields("rent", state)
            reads = set(rent_reads(ed.rules, arrival, sq.kind))
            assert {f for f in SITUATIONAL if shown[f]} == reads, (edition, arrival, sq.name)


# --------------------------------------------------------------------------- the engine reads no more


DIE = st.integers(1, 6)
FACE = st.sampled_from([1, 2, 3, "bus", "mr-monopoly"])


@st.composite
def rent_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A rent request with any mix of the situational fields, on any property square."""
    edition = draw(st.sampled_from(RENT_EDITIONS))
    board = EDITIONS[edition].board
    assert board is not None
    kind = draw(st.sampled_from(PROPERTY_KINDS))  # utilities as often as streets
    sq = draw(st.sampled_from([s for s in board.properties if s.kind == kind]))
    size = len(board.group(sq.group))
    owned = draw(st.integers(1, size))
    req: dict[str, Any] = {"edition": edition, "square": sq.index, "owned": owned,
                           "group_mortgaged": draw(st.integers(0, owned - 1)),
                           "arrival": draw(st.sampled_from(ARRIVALS)),
                           "mortgaged": draw(st.booleans()),
                           "owner_in_jail": draw(st.booleans())}
    # each situational field now and then (many mixes are refused: buildings off a street,
    # a speed face without the speed die), the dice mostly
    if not draw(st.integers(0, 3)):
        req["buildings"] = draw(st.sampled_from([0, 0, 1, 5]))
    if not draw(st.integers(0, 3)):
        req["group_built"] = draw(st.booleans())
    if draw(st.integers(0, 3)):
        req["dice"] = [draw(DIE), draw(DIE)]
    if draw(st.integers(0, 3)):
        req["reroll"] = [draw(DIE), draw(DIE)] + ([draw(FACE)] if draw(st.booleans()) else [])
    if not draw(st.integers(0, 2)):
        req["speed_face"] = draw(FACE)
    return req


def _reads(req: dict[str, Any]) -> tuple[str, ...]:
    ed = EDITIONS[req["edition"]]
    assert ed.board is not None and ed.rules is not None
    return rent_reads(ed.rules, req["arrival"], ed.board.squares[req["square"]].kind)


@settings(max_examples=600, deadline=None)
@given(rent_requests())
def test_fields_the_table_hides_change_no_answer(req: dict[str, Any]) -> None:
    answer = calculate("rent", req)
    if "error" in answer:
        return  # the form never sends a hidden field; an answered request is the claim
    hidden = [f for f in SITUATIONAL if f not in _reads(req)]
    assert calculate("rent", {k: v for k, v in req.items() if k not in hidden}) == answer, hidden


@settings(max_examples=600, deadline=None)
@given(rent_requests())
def test_each_die_the_table_shows_is_needed(req: dict[str, Any]) -> None:
    shown = [f for f in _reads(req) if f in DICE_FIELDS]
    if not shown:
        return  # not a utility, or no card of that kind reaches one
    # the request as the form sends it: the situational fields it shows, none it hides
    base = {k: v for k, v in req.items() if k not in SITUATIONAL} | {"mortgaged": False}
    full = base | {f: 2 if f == "speed_face" else [3, 4] for f in shown}
    answer = calculate("rent", full)
    assert "error" not in answer, answer
    if not any(s["clause"].startswith("rent-utility") for s in answer["steps"]):
        return  # no rent due (the owner is in jail): nothing is rolled
    for field in shown:
        dropped = calculate("rent", {k: v for k, v in full.items() if k != field})
        assert (dropped.get("error"), dropped.get("field")) == ("error.missing_field", field), dropped


def test_the_fuzz_reaches_every_kind_of_dice() -> None:
    """The two properties above are not vacuous: answered utility requests of every dice
    situation exist (a seeded sample of the same strategy)."""
    seen: set[tuple[str, ...]] = set()

    @settings(max_examples=400, deadline=None, database=None, derandomize=True)
    @given(rent_requests())
    def sample(req: dict[str, Any]) -> None:
        reads = _reads(req)
        ed = EDITIONS[req["edition"]]
        if ed.board.squares[req["square"]].kind == "utility" and "error" not in calculate("rent", req):
            seen.add(reads)

    sample()
    assert seen == {("dice",), ("reroll",), ("reroll", "speed_face")}


# --------------------------------------------------------------------------- the other conditions


def test_the_other_conditions_are_looked_up() -> None:
    mortgage = {**cf.default_request("mortgage", "nl")}
    assert shown_fields("mortgage", mortgage)["buildings"]  # a street, mortgaging
    assert not shown_fields("mortgage", {**mortgage, "square": 5})["buildings"]  # a station
    bankrupt = shown_fields("mortgage", {**mortgage, "action": "bankruptcy"})
    assert bankrupt["squares"] and bankrupt["creditor"] and not bankrupt["square"]
    score = cf.default_request("score", "nl")
    board, card = shown_fields("score", score), shown_fields("score", {**score, "edition": "nl-card-game"})
    assert board["cash"] and not board["money"] and not board["hotel_value"]
    assert card["money"] and card["hotel_value"] and not card["cash"]
    form = cf.Form(ctx(), cdata.Formatter("nl"), "calc-rent", cf.default_request("rent", "nl"))
    with pytest.raises(ValueError, match="unknown data-show condition"):
        form.visible("street utility-roll", "dice")


def test_no_rule_is_restated_where_fields_are_shown() -> None:
    """Neither the build's ``Form`` nor the script's ``predicate()`` / ``refreshVisibility()`` (``form.mjs``)
    names an edition rule (a field of :class:`engine.editions.Rules`): they look up."""
    import inspect
    from dataclasses import fields

    from engine.editions import Rules

    script = (Path(__file__).resolve().parents[1] / "docs/assets/calculators/form.mjs"
              ).read_text(encoding="utf-8")
    start = script.index("  predicate(token, key) {")
    js = script[start:script.index("  refreshLists() {", start)]
    sources = {"form.mjs predicate/refreshVisibility": js,
               "calculator_forms.Form": inspect.getsource(cf.Form),
               "shared JSON editions": json.dumps(cdata.shared_data(ctx())["editions"])}
    rules = [f.name for f in fields(Rules)]
    assert "utility_dice" in rules and "speed_die" in rules
    named = {where: [r for r in rules if re.search(rf"\b{r}\b", text)]
             for where, text in sources.items()}
    assert named["form.mjs predicate/refreshVisibility"] == []
    assert named["calculator_forms.Form"] == []
    # the page gets limits and mode, not the rules the table already answers for
    assert not {"utility_dice", "utility_dice_by_card", "speed_die"} & set(
        named["shared JSON editions"])
