"""Traceability: every edition value is proven by the section it cites.

* A *fact* of a rulebook carries an evidence phrase, and the phrase stands inside
  the cited section of that rulebook (from its heading to the next heading,
  ``tools/evidence.py``), not merely somewhere in the file.
* *Board data* cite a section of ``shared/reference/board.md`` the same way.
* A *ruling* names a ruling clause; when it also quotes what the source does say,
  that evidence is checked as well.
"""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path

import pytest

from engine import editions
from engine.clauses import CLAUSES, PAGES
from engine.editions import EDITIONS, HOUSE_RULES, MAIN_EDITIONS, with_house_rules
from engine.sources import BOARD, BOARD_FILE, Source, Value
from tools.evidence import (HEADINGS, evidence_problem, norm, prose_citations, prose_problems,
                            section_texts, sections)


def _values(ed):
    for rec in (ed.rules, ed.card_game):
        if rec is not None:
            for f in fields(rec):
                yield f.name, getattr(rec, f.name)


def _all_values():
    for edition_id in sorted(EDITIONS):
        for name, value in _values(EDITIONS[edition_id]):
            yield edition_id, name, value
    for edition_id in MAIN_EDITIONS:  # the house rules of 000 a request may switch on
        rules = with_house_rules(EDITIONS[edition_id].rules, list(HOUSE_RULES))
        for name in ("free_parking", "auction_every_sale"):
            yield f"{edition_id}+house-rules", name, getattr(rules, name)


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_every_value_cites_its_own_rulebook_or_the_board(edition_id):
    ed = EDITIONS[edition_id]
    for name, value in _values(ed):
        assert isinstance(value, Value), name
        if value.source.kind == BOARD:
            assert value.source.file == BOARD_FILE, name
            assert not value.is_ruling, f"{edition_id}.{name}: board data are not a ruling"
        else:
            assert value.source.file == ed.source, f"{edition_id}.{name} cites {value.source.file}"
        assert section_texts(value.source.file, value.source.section), \
            f"{edition_id}.{name}: no section {value.source.section!r} in {value.source.file}"


def test_every_fact_and_board_value_is_evidenced_inside_its_section(report):
    problems, checked = [], 0
    for edition_id, name, value in _all_values():
        if value.is_ruling and not value.source.evidence:
            continue
        checked += 1
        problem = evidence_problem(value.source)
        if problem:
            problems.append(f"{edition_id}.{name}: {problem}")
    report("sources", "evidence phrases checked", checked)
    assert checked > 300, "hardly any values checked: the collection is broken"
    assert problems == [], "\n".join(problems)


def test_engine_constants_outside_the_editions_are_evidenced_too():
    from engine.jail import KEYS_IN_BOX
    from engine.scoring import CARD_COUNTS, OTHER_SET
    for name, value in [("KEYS_IN_BOX", KEYS_IN_BOX), ("OTHER_SET", OTHER_SET),
                        *CARD_COUNTS.items()]:
        assert evidence_problem(value.source) is None, name


def test_evidence_fails_in_a_planted_wrong_section():
    """The check reads the cited section only: the same words cited to another section fail."""
    # 32 houses / 12 hotels is in 003 «Bouwen en handelen», not in «Gevangenis» of the same file
    good = Source("003", "Bouwen en handelen", evidence="slechts 32 huizen en 12 hotels")
    assert evidence_problem(good) is None
    assert "slechts 32 huizen" in norm(" ".join(s.text for s in sections("003")))
    assert evidence_problem(replace(good, section="Gevangenis")) is not None
    # every fact of nl-2001, moved to a section of its file that does not hold its phrase, fails
    planted = 0
    for name, value in _values(EDITIONS["nl-2001"]):
        if value.is_ruling or value.source.kind == BOARD:
            continue
        phrase = norm(value.source.evidence)
        other = next(s.heading for s in sections("000") if phrase not in norm(s.text))
        assert evidence_problem(replace(value.source, section=other)) is not None, name
        planted += 1
    assert planted > 30
    # the section ends at the next heading: 000 «Huur» does not run on into «Nutsbedrijven»
    assert evidence_problem(Source("000", "Huur", evidence="4 maal het aantal ogen")) is not None
    assert evidence_problem(Source("000", "Nutsbedrijven", evidence="4 maal het aantal ogen")) is None
    # 001 headings are capitals: «HUS» is not the word "hus" and ends at «HOTELL»
    assert evidence_problem(Source("001", "HUS", evidence="fyra hus på varje tomt")) is not None
    assert evidence_problem(Source("001", "HOTELL", evidence="fyra hus på varje tomt")) is None
    # a missing phrase or an unknown section is a problem, never a pass
    assert evidence_problem(Source("000", "Huur")) == "no evidence phrase"
    assert evidence_problem(Source("000", "Nope", evidence="Huur")) is not None


def test_every_listed_heading_is_in_its_file():
    for file, (_, headings) in HEADINGS.items():
        found = {s.heading for s in sections(file)}
        assert set(headings) <= found, (file, sorted(set(headings) - found))


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_rulings_name_a_ruling_clause(edition_id):
    for name, value in _values(EDITIONS[edition_id]):
        if value.is_ruling:
            assert value.source.ruling in CLAUSES, name
            assert CLAUSES[value.source.ruling].page == "rulings", name


def test_the_module_leaks_no_source_shorthand():
    assert not hasattr(editions, "S") and not hasattr(editions, "_b")


# --------------------------------------------------------------------------- prose citations

LANGS = ("nl", "sv", "da", "nb")
DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize("lang", LANGS)
def test_prose_citations_name_sections_that_state_their_amounts(lang, report):
    """Each "(bron 000, «Huur»)" on a rule page names a real section of that rulebook, and
    where the text it stands behind states an amount, each cited section states it."""
    problems, groups = [], 0
    for page in PAGES:
        path = DOCS / lang / f"{page.slug}.md"
        text = path.read_text(encoding="utf-8")
        groups += len(prose_citations(text, lang))
        problems += [f"{lang}/{page.slug}.md {p}" for p in prose_problems(text, lang)]
    report("sources", f"prose citation groups ({lang})", groups)
    assert groups > 60, "hardly any citations found: the parser is broken"
    assert problems == [], "\n".join(problems)


def test_prose_check_fails_on_a_planted_wrong_section():
    good = "Bij vier stations betaal je 200 (bron 002, ‘Stations’)."
    assert prose_problems(good, "nl") == []
    # the amount is not in 002 ‘Straten’ (a real section), nor in 000 ‘Stations’ (deed amount)
    assert prose_problems(good.replace("‘Stations’", "‘Straten’"), "nl")
    assert prose_problems(good.replace("bron 002", "bron 000"), "nl")
    # a section that is no heading of the file
    assert prose_problems("Zo gaat het (bron 003, ‘Regels voor stations’).", "nl")
    # each language's quotation marks, and a heading with brackets or quotes inside
    assert prose_problems("Du får 200 (källa 001, ”PASSERA GO (GÅ)”).", "sv") == []
    assert prose_problems("Du får 500 (källa 001, ”PASSERA GO (GÅ)”).", "sv")
    assert prose_problems("Du får 200 (kilde 001, »PASSÉR GO (START)«).", "da") == []
    assert prose_problems("Du får 500 (kilde 001, »PASSÉR GO (START)«).", "da")
    assert prose_problems("Hoogstens 15 kaarten (bron 004, ‘A) De Beloning’).", "nl") == []
    assert prose_problems("Zo (bron 004, ‘Een geldig “monopolie”’; bron 000, ‘“START” passeren’)."
                          , "nl") == []
    assert prose_citations("Zo (bron 004, ‘Een geldig “monopolie”’).", "nl")[0].cited == (
        ("004", "Een geldig ‘monopolie’"),)
