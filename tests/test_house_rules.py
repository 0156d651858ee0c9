"""The house rules of 000 in "My edition" (issue 15, ``hooks/render/house_rules.py``): which clauses
each one changes agrees with the engine, every text exists in the four languages, and
the built pages carry each house rule's block first under exactly those clauses, and
every board edition's rules sheet a "house rules we play" box, the blocks, and the value
a house rule gives next to the rulebook's. The browser half (ticking, ``?house=``, the calculators) is
``tests/browser/test_my_edition.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.clauses import CLAUSES
from engine.editions import EDITIONS, HOUSE_RULES, parameters, with_house_rules
from hooks.render import house_rules as hr
from hooks.render.render_sheet import SHEET_EDITIONS
from hooks.catalogs.i18n import LANGS, translations

PARAM_CLAUSE = {name: clause for name, clause, _ in parameters()}
KEYS = ("myed.house.label", "myed.house.none", "myed.house.note", "myed.house.on",
        "myed.house.without", "sheet.house.title", "sheet.house.changes",
        *(f"house.{r}.{part}" for r in HOUSE_RULES for part in ("name", "effect")))


def engine_changes(house_rule: str) -> set[str]:
    """The clauses of the parameters the engine switches for a house rule, any edition."""
    out = set()
    for ed in EDITIONS.values():
        if ed.rules is None:
            continue
        on = with_house_rules(ed.rules, [house_rule])
        out |= {PARAM_CLAUSE[name] for name in PARAM_CLAUSE
                if getattr(on, name).value != getattr(ed.rules, name).value}
    return out


def test_every_house_rule_is_described() -> None:
    assert tuple(hr.OWN_CLAUSE) == HOUSE_RULES and tuple(hr.CHANGES) == HOUSE_RULES
    for r in HOUSE_RULES:
        assert CLAUSES[hr.OWN_CLAUSE[r]].page == "variants"
        changed = hr.CHANGES[r]
        assert changed, r
        assert list(changed) == sorted(changed, key=list(CLAUSES).index), "in clause order"
        assert hr.OWN_CLAUSE[r] not in changed


@pytest.mark.parametrize("house_rule", HOUSE_RULES)
def test_what_the_engine_switches_is_shown(house_rule: str) -> None:
    """Every parameter the engine changes for a house rule belongs to a clause that shows
    the house rule's block (so the rule pages cannot miss a change the engine makes)."""
    switched = engine_changes(house_rule)
    assert switched, "the engine switches something"
    assert switched <= set(hr.clauses_of(house_rule)), switched


@pytest.mark.parametrize("lang", LANGS)
def test_texts_in_every_language(lang: str) -> None:
    cat = translations()
    missing = [k for k in KEYS if not cat.has(lang, k)]
    assert missing == []


# --- the built site ---------------------------------------------------------------------

def page_html(site: Path, lang: str, slug: str) -> str:
    base = site if lang == "nl" else site / lang
    return (base / slug / "index.html").read_text(encoding="utf-8")


def clause_part(html: str, cid: str) -> str:
    """From a clause's heading to the next clause heading."""
    start = html.index(f'id="{cid}"')
    nxt = re.search(r'<h2 class="clause', html[start:])
    return html[start:start + nxt.start()] if nxt else html[start:]


@pytest.mark.parametrize("lang", LANGS)
def test_blocks_under_exactly_the_clauses_a_house_rule_changes(built_site: Path,
                                                               lang: str) -> None:
    for page in sorted({CLAUSES[c].page for r in HOUSE_RULES for c in hr.clauses_of(r)}
                       | {"rent", "rulings"}):
        html = page_html(built_site, lang, page)
        found = {(m.group(2), m.group(1)) for m in re.finditer(
            r'<div class="house-mine" data-house="([^"]+)" data-clause="([^"]+)"', html)}
        want = {(c, r) for r in HOUSE_RULES for c in hr.clauses_of(r) if CLAUSES[c].page == page}
        assert found == want, (lang, page)
        for cid, r in want:
            part = clause_part(html, cid)
            after_heading = part[part.index("</h2>") + 5:].lstrip()
            assert after_heading.startswith(f'<div class="house-mine" data-house="{r}"'), \
                (lang, cid, "first in the clause")
            block = re.search(rf'<div class="house-mine" data-house="{r}".*?</div>', part, re.S)
            text = re.sub(r"<[^>]+>", "", block.group(0))
            assert str(translations().gettext(lang, f"house.{r}.name")) in text
            if cid != hr.OWN_CLAUSE[r]:
                assert f'#{hr.OWN_CLAUSE[r]}"' in block.group(0), "links the house rule"
    # the blocks stay out of search (the house rules' own clauses are in it)
    index = (built_site / ("" if lang == "nl" else lang) / "search" / "search_index.json")
    text = index.read_text(encoding="utf-8")
    for r in HOUSE_RULES:
        effect = str(translations().gettext(lang, f"house.{r}.effect"))
        assert effect not in text, r
        assert f'"location":"{CLAUSES[hr.OWN_CLAUSE[r]].page}/#{hr.OWN_CLAUSE[r]}"' in text


@pytest.mark.parametrize("lang", LANGS)
def test_rules_sheet_has_the_house_rules_box(built_site: Path, lang: str) -> None:
    html = page_html(built_site, lang, "sheet")
    for ed in SHEET_EDITIONS:
        start = re.search(f'<section class="sheet(?: is-shown)?" data-edition="{ed}"', html).start()
        sheet = html[start:html.index("</section>", start)]
        rules = re.findall(r'<li class="sheet-house-rule" data-house="([^"]+)">', sheet)
        if EDITIONS[ed].rules is None:
            assert rules == [], "the card game has no house rules of 000"
            continue
        assert rules == list(HOUSE_RULES), ed
        # what the edition does on Free Parking: the pot (house rule) first, then the
        # rulebook's value, marked "by the rulebook" for when the house rule is on
        clause = sheet[sheet.index('<div class="sheet-clause" data-clause="free-parking"'):]
        values = clause[clause.index('<ul class="sheet-values">'):clause.index("</ul>")]
        items = re.findall(r"<li[^>]*>", values)
        assert items == ['<li class="ed-house-val" data-house="free-parking-pot">',
                         '<li data-house-off="free-parking-pot">'], (ed, items)
        text = re.sub(r"<[^>]+>", "", values)
        assert str(translations().gettext(lang, "param.free_parking.pot")) in text
        assert str(translations().gettext(lang, "myed.house.without")) in text
        assert not set(hr.OWN_CLAUSE.values()) & set(re.findall(
            r'<div class="sheet-clause" data-clause="([^"]+)"', sheet)), "no edition's rules"
        for r in HOUSE_RULES:
            for cid in hr.CHANGES[r]:
                clause = sheet[sheet.index(f'<div class="sheet-clause" data-clause="{cid}"'):]
                after_heading = clause[clause.index("</h4>") + 5:]
                assert after_heading.startswith(f'<div class="house-mine" data-house="{r}"'), \
                    (ed, cid)
