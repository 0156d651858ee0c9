"""Traceability: every edition value is proven by the section it cites.

* A *fact* of a rulebook carries an evidence phrase, and the phrase stands inside
  the cited section of that rulebook (from its heading to the next heading,
  ``tools/evidence.py``), not merely somewhere in the file.
* *Board data* cite a section of ``shared/reference/board.md`` the same way.
* A *ruling* names a ruling clause; when it also quotes what the source does say,
  that evidence is checked as well.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from engine import editions
from engine.clauses import CLAUSES, PAGES
from engine.editions import EDITIONS, HOUSE_RULES, MAIN_EDITIONS, with_house_rules
from engine.sources import BOARD, BOARD_FILE, Source, Value, heading_language
from hooks.catalogs.source_names import QUOTES
from tests.minidom import VOID
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


# --------------------------------------------------------------------------- heading languages

CITES = ("ed-cite", "src", "calc-cite")
"""The elements a citation stands in: prose (``hooks/catalogs/source_names.py``), a value's
note (``source-note.html``), a step of an explanation (``present.render.source_html``)."""


class _Headings(HTMLParser):
    """Every cited heading of a page: (booklet, heading, the language it is marked with,
    the language around the citation)."""

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str, bool]] = [("html", lang, False)]  # tag, lang, cite?
        self.cite: list[Any] | None = None  # [booklet, depth, [(text, lang, own)], a step's?]
        self.number = False
        self.found: list[tuple[str, str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag in VOID:
            return
        self.stack.append((tag, a.get("lang") or self.stack[-1][1], bool(set(CITES) & set(classes))))
        if self.stack[-1][2] and self.cite is None:
            self.cite = [None, len(self.stack), [], "calc-cite" in classes]
        self.number = "src-no" in classes

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        while len(self.stack) > 1:
            done = self.stack.pop()
            if self.cite is not None and len(self.stack) < self.cite[1]:
                self._finish()
            if done[0] == tag:
                break
        self.number = False

    def handle_data(self, data: str) -> None:
        if self.cite is None:
            return
        if self.number:
            self.cite[0] = data.strip(" []")
        elif self.cite[0] and self.stack[-1][0] != "a":
            own = len(self.stack) > 1 and self.stack[-1][1] != self.stack[-2][1]
            self.cite[2].append((data, self.stack[-1][1], own))

    def _finish(self) -> None:
        booklet, depth, parts, step = self.cite  # type: ignore[misc]
        self.cite = None
        if not booklet:
            return
        around = self.stack[depth - 2][1] if depth - 2 < len(self.stack) else self.stack[-1][1]
        opening, closing = QUOTES[around]
        # the citation's text after its number, each part in a language of its own kept
        # as "\x00lang\x01heading\x02" (the Swedish quotation marks open and close alike:
        # the quotes are found in the whole text, not part by part)
        text = "".join(f"\x00{lang}\x01{t}\x02" if own else t for t, lang, own in parts)
        marked = re.findall(r"\x00(\w+)\x01([^\x02]*)\x02", text)
        self.found += [(booklet, heading.strip(), lang, around) for lang, heading in marked]
        text = re.sub(r"\x00\w+\x01[^\x02]*\x02", "\x03", text)  # (counted above)
        if text.startswith(" · "):  # a note or a step: "· Huur", "· Huur; ruling", "(… · Huur)"
            heading = text[3:].split(";")[0].rstrip()
            if step and heading.endswith(")") and heading.count(")") > heading.count("("):
                heading = heading[:-1]
            headings = [heading] if heading else []
        else:
            headings = re.findall(rf"{re.escape(opening)}((?:[^“{re.escape(closing)}]|“[^”]*”)+)"
                                  rf"{re.escape(closing)}", text)
        self.found += [(booklet, h.strip(), around, around) for h in headings if h != "\x03"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_cited_heading_in_another_language_says_which(built_site: Path, lang: str,
                                                        report) -> None:
    """Every cited section heading on every page of a language, in prose, a value's note or
    an explanation step: marked with ``lang`` exactly when it is written in another language
    than the words around it (001's Swedish headings on Norwegian pages after its Norwegian
    text stops, 000's Dutch ones on the Scandinavian pages), so a screen reader says
    "KONKURS" in Swedish and "Huur" in Dutch (WCAG 3.1.2, language of parts)."""
    root = built_site if lang == "nl" else built_site / lang
    seen, wrong, marked = 0, [], 0
    for page in sorted(root.rglob("index.html")):
        rel = page.relative_to(built_site).as_posix()
        if lang == "nl" and rel.split("/")[0] in LANGS[1:]:
            continue
        parser = _Headings(lang)
        parser.feed(page.read_text(encoding="utf-8"))
        for booklet, heading, said, around in parser.found:
            seen += 1
            marked += said != around
            want = heading_language(booklet, heading, around)
            if said != want:
                wrong.append(f"{rel}: [{booklet}] {heading!r} said as {said}, written in {want}")
    report("sources", f"cited headings, language checked ({lang})", seen)
    assert seen > 300 and marked > 50, (seen, marked)  # the parser finds them, marked ones too
    assert wrong == [], "\n".join(sorted(set(wrong))[:20])
