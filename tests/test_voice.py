"""One voice (issue 24): the generated words, checked against text written by hand.

Every expected string below is typed as a reader of the language writes it, not computed
by the presenter: an amount (CLDR's pattern, a no-break space), a percentage, a throw of
the dice ("3 + 4" everywhere), a plural ("waarvan er 1 meetelt"), a Dutch street with its
article, a list with the language's "and". They are checked three ways: from the presenter
itself, on the built pages (the worked examples of the rent, jail and mortgage pages and
the disputes page), and in the browser (``tests/browser/test_voice_browser.py``).

The data behind the grammar is checked as a family: every street and utility of the Dutch
board has its article; every board-data section the engine cites has a name in every
language; every money or percentage parameter is marked as such.
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from engine.boards import DUTCH
from engine.editions import EDITIONS, MONEY, PERCENT, CardGameRules, Rules, unit
from engine.sources import BOARD
from hooks.calculator_data import step_presenter
from hooks.i18n import LANGS, translations
from hooks.render_editions import BOARD_SECTIONS
from present.grammar import ARTICLES

NBSP = "\u00a0"

GOLDEN: dict[str, dict[str, str]] = {
    "nl": {"amount": f"€{NBSP}1.500", "cents": f"${NBSP}82,50", "percent": "10%",
           "odds": "42,1%", "one_counts": "waarvan er 1 meetelt",
           "two_count": "waarvan er 2 meetellen", "list": "An, Bo en Cas",
           "street": "Op de Kalverstraat rust een hypotheek",
           "square_first": "Het Velperplein is geen straat"},
    "sv": {"amount": f"1{NBSP}500{NBSP}€", "cents": f"82,50{NBSP}$", "percent": f"10{NBSP}%",
           "odds": f"42,1{NBSP}%", "one_counts": "varav 1 räknas",
           "two_count": "varav 2 räknas", "list": "An, Bo och Cas",
           "street": "Det finns en inteckning på Kalverstraat",
           "square_first": "Velperplein är varken"},
    "da": {"amount": f"1.500{NBSP}€", "cents": f"82,50{NBSP}$", "percent": f"10{NBSP}%",
           "odds": f"42,1{NBSP}%", "one_counts": "hvoraf 1 tæller med",
           "two_count": "hvoraf 2 tæller med", "list": "An, Bo og Cas",
           "street": "Kalverstraat er belånt", "square_first": "Velperplein er"},
    "nb": {"amount": f"1{NBSP}500{NBSP}€", "cents": f"82,50{NBSP}$", "percent": f"10{NBSP}%",
           "odds": f"42,1{NBSP}%", "one_counts": "hvorav 1 teller med",
           "two_count": "hvorav 2 teller med", "list": "An, Bo og Cas",
           "street": "Kalverstraat er pantsatt", "square_first": "Velperplein er"},
}
"""Per language, what a native reader expects to see (typed by hand)."""

DICE = "3 + 4"


# --------------------------------------------------------------------------- the presenter


@pytest.mark.parametrize("lang", LANGS)
def test_the_presenter_writes_the_golden_strings(lang: str) -> None:
    g, fmt = GOLDEN[lang], step_presenter(lang)
    assert fmt.amount(1500, "EUR") == g["amount"]
    assert fmt.amount(82.5, "USD") == g["cents"]
    assert fmt.percent(10) == g["percent"]
    assert fmt.param("step.jail.roll", "p_free_percent", 42.1, "EUR") == g["odds"]
    assert fmt.param("step.rent.utility", "dice", [3, 4], "EUR") == DICE
    assert fmt.join(["An", "Bo", "Cas"]) == g["list"]
    one = fmt.sentence("step.rent.station", {"owned": 2, "counted": 1, "rent": 25}, "EUR").text
    two = fmt.sentence("step.rent.station", {"owned": 3, "counted": 2, "rent": 50}, "EUR").text
    assert g["one_counts"] in one and g["two_count"] in two
    assert fmt.sentence("step.rent.mortgaged", {"square": "Kalverstraat"}, "EUR").text.startswith(
        g["street"])
    assert fmt.sentence("error.not_a_property", {"square": "Velperplein"}, None).text.startswith(
        g["square_first"])


def test_a_missing_message_is_not_capitalised() -> None:
    """Only a sentence that opens with a street's article gets a capital, never a key."""
    assert step_presenter("nl").sentence("step.nope", {"square": "Brink"}, None).text == "step.nope"


def test_every_dutch_street_and_utility_has_its_article() -> None:
    named = {s.name for s in DUTCH.squares if s.kind in ("street", "utility")}
    assert sorted(named - set(ARTICLES["nl"])) == []
    assert sorted(set(ARTICLES["nl"]) - named) == [], "articles for names the board lacks"
    assert all(a in ("de", "het") for a in ARTICLES["nl"].values())


def test_money_and_percentage_parameters_are_marked() -> None:
    """A parameter whose Dutch value template shows an amount or a percentage is marked
    as such in the engine (it is then written by present.numbers, never by the catalog)."""
    marked = {f.name: unit(f.name) for r in (Rules, CardGameRules) for f in fields(r)}
    assert {n for n, u in marked.items() if u == MONEY} >= {
        "start_money", "go_salary", "station_rents", "income_tax", "jail_fine"}
    assert {n for n, u in marked.items() if u == PERCENT} == {
        "income_tax_percent", "mortgage_interest_percent"}


CURRENCY_OR_PERCENT = re.compile(r"[€$]|\{currency\}|\}\s?%")


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_places_a_currency_sign_or_percent_sign_by_a_placeholder(lang: str) -> None:
    """Amounts and percentages come written; a message that puts ``€``, ``{currency}`` or
    ``%`` next to a placeholder would write them a second time (or the wrong way)."""
    cat = translations()
    bad = []
    for key in cat.keys():
        entry = cat.catalog(lang).entries.get(key)
        for form in (entry.forms if entry is not None else ()):
            if CURRENCY_OR_PERCENT.search(form):
                bad.append((key, form))
    assert bad == []


def test_every_board_section_has_a_name_in_every_language() -> None:
    cited = set()
    for ed in EDITIONS.values():
        for record in (ed.rules, ed.card_game):
            for f in fields(record) if record is not None else ():
                source = getattr(getattr(record, f.name), "source", None)
                if source is not None and source.kind == BOARD:
                    cited.add(source.section)
    assert len(cited) >= 3
    assert sorted(cited - set(BOARD_SECTIONS)) == []
    cat = translations()
    for lang in LANGS:
        for slug in BOARD_SECTIONS.values():
            assert cat.has(lang, f"source.board.section.{slug}"), (lang, slug)


# --------------------------------------------------------------------------- built pages


def _page(site: Path, lang: str, slug: str) -> str:
    prefix = "" if lang == "nl" else f"{lang}/"
    return (site / prefix / slug / "index.html").read_text(encoding="utf-8")


def _text(html: str) -> str:
    """The text of the page's article (scripts and styles dropped), tags dropped and the
    entities of the golden strings resolved."""
    start, end = html.find("<article"), html.rfind("</article>")
    html = html[start:end] if start >= 0 < end else html
    html = re.sub(r"(?s)<(script|style)\b.*?</\1>", "", html)
    text = re.sub(r"<[^>]+>", "", html)
    return (text.replace("&nbsp;", NBSP).replace("&#x20ac;", "€").replace("&amp;", "&")
            .replace("&#39;", "'").replace("&#x27;", "'"))


@pytest.mark.parametrize("lang", LANGS)
def test_built_pages_show_the_golden_strings(built_site: Path, lang: str) -> None:
    """The worked examples and tables of the built pages, as a reader sees them."""
    g = GOLDEN[lang]
    rent = _text(_page(built_site, lang, "rent"))
    assert DICE in rent  # rent-utility-one: the throw that brought the player
    assert g["one_counts"] in rent  # rent-claim-nordic-owner-watches: one station counts
    assert g["street"] in rent  # rent-mortgaged-lot-pays-nothing
    jail = _text(_page(built_site, lang, "jail"))
    assert g["odds"] in jail  # the chance of rolling doubles in the three tries
    disputes = _text(_page(built_site, lang, "disputes"))
    assert g["percent"] in disputes  # the interest a creditor pays
    assert not re.search(r"\{[a-z_]+\}", disputes), "an unfilled placeholder"
    editions = _page(built_site, lang, "editions")
    assert "Board and card facts" not in editions and "used by 000" not in editions


def _article(html: str) -> str:
    """The page's article as HTML (tags kept: an amount is one text node), entities of
    the golden strings resolved."""
    start, end = html.find("<article"), html.rfind("</article>")
    html = re.sub(r"(?s)<(script|style)\b.*?</\1>", "", html[start:end])
    return html.replace("&nbsp;", NBSP).replace("&#x20ac;", "€")


BROKEN_AMOUNT = re.compile(r"[€$] \d|\d [€$]")


@pytest.mark.parametrize("lang", LANGS)
def test_built_amounts_never_break(built_site: Path, lang: str) -> None:
    """No amount on the rule, editions, disputes or sheet pages has a breakable space
    between the number and its currency sign."""
    bad = []
    for slug in ("rent", "jail", "mortgages", "editions", "disputes", "squares", "sheet"):
        html = _article(_page(built_site, lang, slug))
        bad += [(slug, html[max(0, m.start() - 30):m.end() + 5])
                for m in BROKEN_AMOUNT.finditer(html)]
    assert bad == []


BROKEN_PERCENT = {"nl": re.compile(r"\d[ \u00a0]%"), "sv": re.compile(r"\d ?%"),
                  "da": re.compile(r"\d ?%"), "nb": re.compile(r"\d ?%")}
"""A percentage written wrongly in a catalog: Dutch writes "10%", the others "10 %" with a
no-break space (CLDR); a breakable space (or none) is a mistake."""


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_percentages_and_amounts_are_typeset(lang: str) -> None:
    cat = translations()
    bad = []
    for key in cat.keys():
        entry = cat.catalog(lang).entries.get(key)
        for form in (entry.forms if entry is not None else ()):
            bad += [(key, m.group(0)) for m in BROKEN_PERCENT[lang].finditer(form)]
            if BROKEN_AMOUNT.search(form):
                bad.append((key, form))
    assert bad == []
