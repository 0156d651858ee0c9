"""Every engine step cites what its value rests on (issue 25, item 1: the fourth place).

A step's ``source`` and ``ruling`` must be those of a value the engine holds (an edition
parameter, a constant such as the card game's card counts, or a board): a step marked as a
rulebook fact (no ruling) cites a section in which that value's evidence phrase stands (the
check of ``tests/test_sources.py``), a step resting on a ruling names that ruling clause, and
board data cite ``board.md``. Every step of every request of ``tools/engine_requests``
(worked examples, calculator defaults, the error battery) is checked.
"""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine import api
from engine.boards import ATLANTIC_CITY, DUTCH, VELPERPLEIN_CHOICE
from engine.clauses import CLAUSES
from engine.editions import EDITIONS
from engine.sources import BOARD_FILE, Source, Value
from tools.engine_requests import requests
from tools.evidence import evidence_problem, section_texts


def _engine_sources() -> list[Source]:
    from engine.jail import KEYS_IN_BOX
    from engine.scoring import CARD_COUNTS, OTHER_SET
    from engine.tax import LUXURY_TAX_US
    out = [KEYS_IN_BOX.source, OTHER_SET.source, *(v.source for v in CARD_COUNTS.values()),
           DUTCH.source, ATLANTIC_CITY.source, VELPERPLEIN_CHOICE, LUXURY_TAX_US]
    for ed in EDITIONS.values():
        for record in (ed.rules, ed.card_game):
            if record is not None:
                out += [getattr(record, f.name).source for f in fields(record)]
    return out


SOURCES = _engine_sources()


def step_problem(step: dict) -> str | None:
    """Why a step's citation is not backed by a value the engine holds, or None."""
    cite, ruling = step.get("source"), step.get("ruling")
    if cite is None:
        return "a ruling without a source" if ruling else None
    same = [s for s in SOURCES if s.cite() == cite and s.ruling == ruling]
    if not same:
        return f"{cite!r} (ruling {ruling}) is the citation of no engine value"
    if not section_texts(same[0].file, same[0].section):
        return f"{cite!r}: no such section"
    if ruling is not None:
        return None if CLAUSES.get(ruling) and CLAUSES[ruling].page == "rulings" \
            else f"{ruling} is no ruling clause"
    if same[0].file == BOARD_FILE:
        return None  # board data: the figure is the deed's (board.md), not a rulebook's words
    if not any(evidence_problem(s) is None for s in same):
        return f"{cite!r} cited as a fact, but no value's evidence stands in that section"
    return None


@pytest.fixture(scope="module")
def steps() -> list[tuple[str, dict]]:
    out = []
    for kind, request in requests():
        result = api.calculate(kind, request) if isinstance(request, dict) else None
        for s in (result or {}).get("steps", []) if isinstance(result, dict) else []:
            out.append((kind, s))
    return out


def test_every_step_cites_a_value_the_engine_holds(steps, report) -> None:
    problems = sorted({f"{kind} {s['clause']} {s['key']}: {p}" for kind, s in steps
                       if (p := step_problem(s))})
    cited = sum(1 for _, s in steps if s.get("source"))
    report("sources", "cited steps checked", cited)
    assert cited > 300, "hardly any cited steps: the collection is broken"
    assert problems == [], "\n".join(problems)


def test_a_planted_false_step_citation_fails() -> None:
    good = {"source": "000 · Faillissement", "ruling": None}
    assert step_problem(good) is None
    # a section that holds no evidenced value, a ruling the value does not rest on, a fact
    # where the engine's value is a ruling, a ruling that is no ruling clause
    assert step_problem({"source": "003 · Geschiedenis", "ruling": None})
    assert step_problem({"source": "000 · Gevangenis", "ruling": "ruling-card-game-tie"})
    assert step_problem({"source": "002 · Aanvullende regels", "ruling": None})
    assert step_problem({"source": "board.md · Dutch board", "ruling": None})
    assert step_problem({"source": "000 · Hypotheek", "ruling": "rent-claim"})


@pytest.mark.parametrize("edition, ruling", [
    ("nl-2001", "ruling-bankrupt-mortgaged"), ("nordic-2005", "ruling-bankrupt-mortgaged"),
    ("nl-modern", None), ("classic-us", "ruling-bankrupt-mortgaged")])
def test_lifting_a_mortgage_from_a_bankruptcy_cites_its_ruling(edition, ruling) -> None:
    r = api.calculate("mortgage", {"edition": edition, "action": "bankruptcy",
                                   "creditor": "player", "squares": [39]})
    lot = next(s for s in r["steps"] if s["key"] == "step.mortgage.bankrupt_lot")
    assert lot["ruling"] == ruling
    assert step_problem(lot) is None


def test_the_nordic_hand_back_and_the_short_hotel_sale_are_rulings() -> None:
    r = api.calculate("mortgage", {"edition": "nordic-2005", "action": "mortgage",
                                   "square": 39, "buildings": {"37": 2, "39": 2}})
    sale = next(s for s in r["steps"] if s["key"] == "step.mortgage.sell_houses")
    assert sale["ruling"] == "ruling-handed-back"
    r = api.calculate("mortgage", {"edition": "nl-modern", "action": "mortgage",
                                   "square": 39, "buildings": {"37": 2, "39": 2}})
    assert next(s for s in r["steps"] if s["key"] == "step.mortgage.sell_houses")["ruling"] is None
    r = api.calculate("sell_buildings", {"edition": "nl-2001-short", "square": 39,
                                         "buildings": {"37": 5, "39": 5}, "sell": {"39": 1}})
    hotel = next(s for s in r["steps"] if s["key"] == "step.sell.hotel")
    assert (hotel["ruling"], hotel["params"]["amount"]) == ("ruling-short-hotel-sale", 100)
    # nl-2001's missing 10% option is board data, not 000's text
    assert EDITIONS["nl-2001"].rules.income_tax_percent.kind == "board"
