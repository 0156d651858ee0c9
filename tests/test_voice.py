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
from html import unescape
from pathlib import Path

import pytest

from hooks.common import RULE_PAGES

from engine.api import KINDS as ENGINE_KINDS
from engine.boards import DUTCH
from engine.editions import EDITIONS, MAIN_EDITIONS, MONEY, PERCENT, CardGameRules, Rules, unit
from engine.sources import BOARD
from hooks.render import render_calculator
from hooks.render.calculator_data import step_presenter
from hooks.render.calculator_forms import FORMS
from hooks.entry.my_edition import DEV_PAGES
from hooks.catalogs.i18n import LANGS, translations
from hooks.render.render_editions import BOARD_SECTIONS, sentence_key, value_of
from present.grammar import ARTICLES
from present.views import CALCULATORS, VIEWS

NBSP = "\u00a0"

GOLDEN: dict[str, dict[str, str]] = {
    "nl": {"amount": f"€{NBSP}1.500", "cents": f"${NBSP}82,50", "percent": "10%",
           "odds": "42,1%", "one_counts": "waarvan er 1 meetelt",
           "two_count": "waarvan er 2 meetellen", "list": "An, Bo en Cas",
           "street": "Op de Kalverstraat rust een hypotheek",
           "square_first": "Het Velperplein is geen straat",
           "houses_back": "de vier huizen van die straat", "one_card": "Je hebt één kaart"},
    "sv": {"amount": f"1{NBSP}500{NBSP}€", "cents": f"82,50{NBSP}$", "percent": f"10{NBSP}%",
           "odds": f"42,1{NBSP}%", "one_counts": "varav 1 räknas",
           "two_count": "varav 2 räknas", "list": "An, Bo och Cas",
           "street": "Det finns en inteckning på Kalverstraat",
           "square_first": "Velperplein är varken",
           "houses_back": "tomtens fyra hus", "one_card": "Du har ett frikort"},
    "da": {"amount": f"1.500{NBSP}€", "cents": f"82,50{NBSP}$", "percent": f"10{NBSP}%",
           "odds": f"42,1{NBSP}%", "one_counts": "hvoraf 1 tæller med",
           "two_count": "hvoraf 2 tæller med", "list": "An, Bo og Cas",
           "street": "Kalverstraat er belånt", "square_first": "Velperplein er",
           "houses_back": "grundens fire huse", "one_card": "Du har ét kom-ud-af-fængslet-kort"},
    "nb": {"amount": f"1{NBSP}500{NBSP}€", "cents": f"82,50{NBSP}$", "percent": f"10{NBSP}%",
           "odds": f"42,1{NBSP}%", "one_counts": "hvorav 1 teller med",
           "two_count": "hvorav 2 teller med", "list": "An, Bo og Cas",
           "street": "Kalverstraat er pantsatt", "square_first": "Velperplein er",
           "houses_back": "de fire husene på tomten", "one_card": "Du har ett frikort"},
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
    # a count of things in running text is a word from two to twelve; one agrees with its noun
    hotel = {"square": "Kalverstraat", "cost": 200, "houses_back": 4}
    assert g["houses_back"] in fmt.sentence("step.build.hotel_cost", hotel, "EUR").text
    assert fmt.sentence("step.jail.card.next_turn", {"cards_owned": 1}, "EUR").text.startswith(
        g["one_card"])


@pytest.mark.parametrize("lang", LANGS)
def test_every_count_in_words_is_a_word(lang: str, report) -> None:
    """Every message that writes a count as a word (``{name_words}``), every form, every
    count from two to twelve: the language's word stands where the number would, never its
    digits; from 13 on, digits. (The catalog check holds every language to the Dutch
    message's choice: ``hooks.catalogs.i18n``.)"""
    from hooks.catalogs.i18n import in_words as spelled, parameters

    fmt = step_presenter(lang)
    words = {"nl": "twee drie vier vijf zes zeven acht negen tien elf twaalf",
             "sv": "två tre fyra fem sex sju åtta nio tio elva tolv",
             "da": "to tre fire fem seks syv otte ni ti elleve tolv",
             "nb": "to tre fire fem seks sju åtte ni ti elleve tolv"}[lang].split()
    cat = translations().catalog(lang)
    seen = 0
    for key, entry in cat.entries.items():
        for form in entry.forms:
            others = {p: "?" for f in entry.forms for p in parameters(f)}
            for name in spelled(form):
                for n in [*range(2, 13), 13]:
                    # the presenter's (calculators, explanations) where it has the message,
                    # and the catalogs' own (the build's pages: a sentence of the rules sheet)
                    said = [t(key, n) for t in (
                        lambda k, n: fmt.t(k, {name: str(n)}).text if fmt.has(k) else None,
                        lambda k, n: translations().gettext(lang, k, **{**others, name: n}).text)]
                    for text in filter(None, said):
                        if entry.plural and text == fmt.t(key, {name: "1"}).text:
                            continue  # the singular form (no count in it)
                        want = words[n - 2] if n <= 12 else "13"
                        assert re.search(rf"(?<!\w){want}(?!\w)", text), (key, n, text)
                        assert n > 12 or not re.search(rf"(?<!\d){n}(?!\d)", text), (key, n, text)
                        seen += 1
    report("voice", f"counts in words, rendered ({lang})", seen)
    assert seen >= 25 * 12, seen  # the 25 messages of session 25, at least


def test_a_missing_message_is_not_capitalised() -> None:
    """Only a sentence that opens with a street's article gets a capital, never a key."""
    assert step_presenter("nl").sentence("step.nope", {"square": "Brink"}, None).text == "step.nope"


def test_every_dutch_street_and_utility_has_its_article() -> None:
    # (and the two tax squares, named in "… is geen straat, station of nutsbedrijf")
    named = {s.name for s in DUTCH.squares if s.kind in ("street", "utility", "tax")}
    assert sorted(named - set(ARTICLES["nl"])) == []
    assert sorted(set(ARTICLES["nl"]) - named) == [], "articles for names the board lacks"
    assert all(a in ("de", "het") for a in ARTICLES["nl"].values())


DOCS = Path(__file__).resolve().parent.parent / "docs"


def dutch_travel_edition_without_article(text: str) -> list[str]:
    """Where Dutch running prose names the travel edition (its code, shown as the
    description "Scandinavische reiseditie 2005") without the article Dutch puts before a
    description. Not asked: a list item that starts with edition codes (an edition list,
    ``ul.ed-list``), a table row, a bold heading.

    >>> dutch_travel_edition_without_article("In `nordic-2005` niet. In de `nordic-2005` wel.")
    ['In `nordic-2005` niet']
    >>> dutch_travel_edition_without_article("- `nordic-2005`: zes\\n| `nordic-2005` |\\n**`nordic-2005`**")
    []
    """
    found = []
    for m in re.finditer(r"`nordic-2005`", text):
        line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        if re.fullmatch(r"\s*-\s*(?:`[a-z0-9-]+`(?:,| en)?\s*)*", line) or line.lstrip().startswith("|") \
                or line.endswith("**"):
            continue
        if not re.search(r"(?i)\bde\s+$", text[max(0, m.start() - 4):m.start()]):
            found.append(" ".join(text[max(0, m.start() - 12):m.end() + 5].split()).strip())
    return found


def test_dutch_prose_gives_the_travel_edition_its_article() -> None:
    """Every Dutch page (rule pages, rulings, the rest): "in de `nordic-2005`", not "in
    `nordic-2005`" (a native reader's finding, 2026-12-07: 65 times on the rule pages)."""
    assert dutch_travel_edition_without_article("Zo in `nordic-2005`.")  # the check sees one
    found = {path.name: dutch_travel_edition_without_article(path.read_text(encoding="utf-8"))
             for path in sorted((DOCS / "nl").glob("*.md"))}
    assert {name: hits for name, hits in found.items() if hits} == {}
    assert sum(path.read_text(encoding="utf-8").count("de `nordic-2005`")
               for path in (DOCS / "nl").glob("*.md")) > 40  # the check reads the pages


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


BROKEN_PERCENT = {"nl": re.compile(r"\d[ \u00a0]%"), "sv": re.compile(r"\d ?%"),
                  "da": re.compile(r"\d ?%"), "nb": re.compile(r"\d ?%")}
"""A percentage written wrongly: Dutch writes "10%", the others "10 %" with a no-break
space (CLDR); a breakable space (or none) is a mistake."""


@pytest.mark.parametrize("lang", LANGS)
def test_built_amounts_never_break(built_site: Path, lang: str) -> None:
    """No amount or percentage on any rule page, nor on the rulings, odds, examples,
    editions, disputes or sheet pages, has a breakable space between the number and its
    currency sign or its "%" (a Norwegian "200 $" in the setup page's prose reached the
    sheet; the Swedish, Danish and Norwegian pages wrote "10 %" with a plain space 82 times,
    so "%" could start a line on a phone). Checked in the text, not in the markup."""
    bad = []
    for slug in (*RULE_PAGES, "rulings", "odds", "examples", "editions", "disputes", "sheet"):
        text = re.sub(r"<[^>]+>", "", _article(_page(built_site, lang, slug)))
        bad += [(slug, text[max(0, m.start() - 30):m.end() + 5])
                for pattern in (BROKEN_AMOUNT, BROKEN_PERCENT[lang])
                for m in pattern.finditer(text)]
    assert bad == []


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


# --------------------------------------------------------------------------- one table


ROOT = Path(__file__).resolve().parents[1]
_QUOTED = r"""["'](?:%s)["']""" % "|".join(CALCULATORS)
OWN_KIND_LIST = re.compile(rf"{_QUOTED}(?:\s*,\s*{_QUOTED}){{{len(CALCULATORS) - 1}}}")
"""Every calculator kind, quoted, in a row: a list of its own instead of the one table."""


def test_no_module_keeps_its_own_list_of_calculator_kinds() -> None:
    """The calculators are one table, :data:`present.views.CALCULATORS` (the keys of the
    views); every other module derives its list from it."""
    assert CALCULATORS == tuple(VIEWS) == tuple(FORMS) and len(CALCULATORS) >= 4
    assert render_calculator.KINDS is CALCULATORS
    assert set(CALCULATORS) <= set(ENGINE_KINDS)
    assert OWN_KIND_LIST.search('KINDS = ("rent", "jail", "mortgage", "score")')
    own = []
    for folder in ("engine", "present", "hooks", "tools", "tests", "docs/assets", "overrides"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".mjs", ".js", ".html") and path.name != "test_voice.py" \
                    and path != ROOT / "present" / "views.py":  # the table itself
                text = path.read_text(encoding="utf-8")
                own += [str(path.relative_to(ROOT)) for _ in OWN_KIND_LIST.finditer(text)]
    assert own == []


# --------------------------------------------------------------------------- player pages


_HEADING_TAGS = "h1|h2|h3|h4|h5|h6|th|caption|title|option|summary|legend"
_BLOCK_TAGS = "p|li|td|dd|dt|div|section|nav|ul|ol|table|tr|br|header|footer|figcaption|label"
_HEAD_OPEN = re.compile(rf"(?i)<(?:{_HEADING_TAGS})\b[^>]*>")
_BLOCK = re.compile(rf"(?i)</?(?:{_HEADING_TAGS}|{_BLOCK_TAGS})\b[^>]*>")
HEAD = "\x01"


def blocks(html: str) -> list[str]:
    """The text of a page as its blocks (a paragraph, a list item, a table cell ...), each
    with its whitespace squeezed; a heading, a table header, a caption, an option of a
    select starts with :data:`HEAD` (a name may stand there as a title)."""
    html = re.sub(r"(?s)<(script|style|template)\b.*?</\1>", " ", html)
    html = _HEAD_OPEN.sub(lambda m: "\n" + HEAD, html)
    html = _BLOCK.sub("\n", html)
    text = unescape(re.sub(r"<[^>]+>", "", html))
    return [b for b in (re.sub(r"\s+", " ", line).strip() for line in text.split("\n"))
            if b.strip(HEAD + " ")]


def player_pages(site: Path, lang: str) -> dict[str, str]:
    """Every players' page of a language (not the developers' and translators' pages)."""
    base = site if lang == "nl" else site / lang
    out = {}
    for path in sorted(base.rglob("index.html")):
        parts = path.relative_to(base).parts
        if parts[0] in DEV_PAGES or (lang == "nl" and parts[0] in LANGS):
            continue
        out["/".join(parts[:-1]) or "."] = path.read_text(encoding="utf-8")
    return out


DOUBLED_NAME: dict[str, re.Pattern[str]] = {
    "nl": re.compile(r"(?i)reiseditie Scandinavische reiseditie"),
    "sv": re.compile(r"(?i)reseutgåvan Nordiska reseutgåvan"),
    "da": re.compile(r"(?i)rejseudgaven? Nordisk rejseudgave"),
    "nb": re.compile(r"(?i)reiseutgaven? Nordisk reiseutgave"),
}
"""The travel edition's noun standing before its own name ("De reiseditie Scandinavische
reiseditie 2005")."""

ENGLISH = ("Board and card facts", "used by", "Dutch board", "Classic US (Atlantic City)",
           "Nordic travel edition")
"""Working titles of engine/editions.py and engine/boards.py: never on a players' page."""


def comma_names() -> list[str]:
    """Every edition's heading name that holds a comma, in every language."""
    cat = translations()
    return sorted({str(cat.gettext(lang, f"edition.{e}")) for lang in LANGS for e in EDITIONS}
                  - {""}, key=len, reverse=True)


def bracket_names() -> list[str]:
    """Every edition's short name that holds brackets ("Nederland (moderne regels)")."""
    cat = translations()
    return sorted({str(cat.gettext(lang, f"edition.{e}.short")) for lang in LANGS
                   for e in EDITIONS} - {""}, key=len, reverse=True)


def in_brackets(text: str, name: str) -> bool:
    """``name`` (which ends in a bracket) stands somewhere in ``text`` inside an open
    bracket, or with another bracket right after it.

    >>> in_brackets("zie (regel 1, Nederland (moderne regels))", "Nederland (moderne regels)")
    True
    >>> in_brackets("Nederland (moderne regels) (bron 002)", "Nederland (moderne regels)")
    True
    >>> in_brackets("Nederland (moderne regels) zegt het (bron 002)", "Nederland (moderne regels)")
    False
    """
    start = text.find(name)
    while start >= 0:
        before = text[:start]
        if before.count("(") > before.count(")"):
            return True
        if text[start + len(name):].lstrip().startswith("("):
            return True
        start = text.find(name, start + 1)
    return False


def voice_problems(pages: dict[str, str], lang: str, planted: tuple[str, ...] = ()
                   ) -> dict[str, list[tuple[str, str]]]:
    """What a reader of the built pages must not meet, by kind: a heading name with a
    comma inside a sentence or a list, a short name's brackets inside brackets
    ("(Nederland (moderne regels))", hooks/render/chips.py), the travel edition's noun
    before its name, an English working title, a label glued to a value on the rules
    sheet."""
    # (the catalogs give every edition one name without a comma or brackets now, see
    # test_every_edition_has_one_name_without_a_comma; ``planted`` are such names for the
    # test of this search itself)
    whole = set(comma_names()) | set(planted)  # a name alone (a table cell) is a title
    names = [n for n in whole if "," in n]
    bracketed = [n for n in (*bracket_names(), *planted) if "(" in n]
    sheet_labels = sorted({str(translations().gettext(lang, f"param.{key.split('.')[1]}"))
                           for key in translations().keys("param.") if ".sheet" in key})
    found: dict[str, list[tuple[str, str]]] = {
        "comma name in text": [], "name in brackets": [], "doubled name": [], "english": [],
        "glued label": []}
    for slug, html in pages.items():
        for block in blocks(html):
            heading = block.startswith(HEAD)
            text = block.lstrip(HEAD)
            for name in names:
                if name in text and not heading and text not in whole:
                    found["comma name in text"].append((slug, text[:160]))
                    break
            if any(name in text and in_brackets(text, name) for name in bracketed):
                found["name in brackets"].append((slug, text[:160]))
            if DOUBLED_NAME[lang].search(text):
                found["doubled name"].append((slug, text[:160]))
            if any(word in text for word in ENGLISH):
                found["english"].append((slug, text[:160]))
            if "?:" in text or (slug == "sheet" and any(
                    text.startswith(f"{label}:") for label in sheet_labels)):
                found["glued label"].append((slug, text[:160]))
    return found


def test_the_page_search_finds_what_it_looks_for() -> None:
    """The search of the built pages is not blind: each kind is found in a page made up."""
    page = ("<article><p>Je leest nu de regels van Nederland, moderne regels.</p>"
            "<ul><li>Nederland 2001, Klassieke Amerikaanse regels, kort spel: Nee</li></ul>"
            "<h2>Nederland, moderne regels</h2><table><tr><th>Nederland, moderne regels</th>"
            "<td>Nederland, moderne regels</td></tr></table>"
            "<p>De reiseditie <span>Scandinavische reiseditie 2005</span> heeft geen kaarten.</p>"
            "<p>board.md · Board and card facts</p>"
            "<p>Met de rode dobbelsteen (Nederland (moderne regels met geluksdobbelsteen)).</p>"
            "<p>Zo zegt Nederland (moderne regels) (bron 002).</p>"
            "<ul class='sheet-values'><li><span>Kan de bank failliet gaan?:</span> nee</li></ul>"
            "</article>")
    got = [b for b in blocks(page)]
    assert got[0] == "Je leest nu de regels van Nederland, moderne regels."
    assert f"{HEAD}Nederland, moderne regels" in got
    found = voice_problems({"sheet": page}, "nl", planted=(
        "Nederland, moderne regels", "Klassieke Amerikaanse regels, kort spel", "Nederland (moderne regels)",
        "Nederland (moderne regels met geluksdobbelsteen)"))
    assert {k: len(v) for k, v in found.items()} == {
        "comma name in text": 2, "name in brackets": 2, "doubled name": 1, "english": 1,
        "glued label": 1}, found


@pytest.mark.parametrize("lang", LANGS)
def test_player_pages_speak_with_one_voice(built_site: Path, lang: str) -> None:
    """Issue 24: a search of every built players' page of the language finds no edition
    name with a comma inside a sentence or a list (the short names stand there), no
    "De reiseditie Scandinavische reiseditie", no English working title of the engine's
    data and no label glued to its value on the rules sheet."""
    pages = player_pages(built_site, lang)
    assert len(pages) >= 25 and "sheet" in pages and "api" not in pages
    found = voice_problems(pages, lang)
    assert {k: v[:8] for k, v in found.items() if v} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_edition_has_one_name_without_a_comma(lang: str) -> None:
    """An edition has one name in a language, wherever it stands: the select, the
    picker's "your edition" line, a chip in a sentence, a heading (``edition.<id>`` and
    ``edition.<id>.short``, the calculators' ``calc.edition.<id>`` and ``….short`` alike;
    native readers met "Nederland, moderne regels" in the select beside "Nederland
    (moderne regels)" in the line above it and "Nederland – moderne regels" in the prose).
    It has no comma and no brackets, so a list of names joined with commas and "and"
    stays readable and a name inside brackets needs no change."""
    cat = translations()
    for e in EDITIONS:
        short = str(cat.gettext(lang, f"edition.{e}.short"))
        assert cat.has(lang, f"edition.{e}.short") and cat.has(lang, f"calc.edition.{e}.short"), e
        assert "," not in short and ";" not in short and "(" not in short, (e, short)
        for key in (f"edition.{e}", f"calc.edition.{e}", f"calc.edition.{e}.short"):
            assert str(cat.gettext(lang, key)) == short, (key, short)
    joined = step_presenter(lang).join([str(cat.gettext(lang, f"edition.{e}.short"))
                                        for e in ("nl-2001", "nl-modern", "classic-us")])
    assert joined.count(",") == 1, joined


def test_a_parameter_said_as_a_sentence_has_a_sentence_for_every_value() -> None:
    """Where a parameter's label and value form a sentence (``param.<name>.sheet...``),
    every value an edition or mode gives it has its sentence in every language: none
    falls back to the label glued to its value."""
    cat = translations()
    said = {key.split(".")[1] for key in cat.keys("param.") if ".sheet" in key}
    assert len(said) >= 10
    missing, checked = [], 0
    for e in EDITIONS.values():
        for name in said:
            try:
                value = value_of(e, name).value
            except AttributeError:
                continue  # a card-game or board-game parameter the edition lacks
            checked += 1
            key = sentence_key(name, value)
            if key is None or not all(cat.has(lang, key) for lang in LANGS):
                missing.append((e.id, name, value))
    assert checked >= len(said) * len(MAIN_EDITIONS)
    assert missing == []


ORDINAL_COLON = re.compile(r"\}:(e|a)\b")
"""Swedish ordinals written with a colon ("{value}:e", "3:e"): not a label's colon."""


@pytest.mark.parametrize("lang", LANGS)
def test_a_values_item_has_one_colon(lang: str) -> None:
    """A values block item and a table row read "label: value" (``mine-item.html``): a
    label or a value with a colon of its own made "Huur vragen kan tot: geen termijn: de
    eigenaar moet zelf opletten" and "Telling: hotel: de hotelprijs …". The rules sheet's
    sentences (``.sheet``) are whole sentences and may hold one."""
    cat = translations()
    found = []
    for key in cat.keys("param."):
        entry = cat.catalog(lang).entries.get(key)
        if ".sheet" in key or entry is None:
            continue
        if ":" in ORDINAL_COLON.sub("", entry.forms[0]):
            found.append((key, entry.forms[0]))
    assert found == []


def _emitted_steps() -> list[tuple[str, dict]]:
    """(key, params) of every step the engine gives for the worked examples, and for the
    jail calculator in every edition and turn with and without a card of one's own (the
    family whose count runs down to one: the attempts left)."""
    from engine.api import calculate
    from hooks.render.examples import load_examples, verified

    out = [(s["key"], s["params"]) for ex in load_examples().values()
           for s in verified(ex)[0].get("steps", [])]
    for edition in EDITIONS:
        for turn in range(1, 7):
            for cards in (0, 1):
                result = calculate("jail", {"edition": edition, "turn_in_jail": turn,
                                            "cash": 500, "cards_owned": cards})
                out += [(s["key"], s["params"]) for s in result.get("steps", [])]
    return out


def test_a_count_of_one_is_the_singular_s_own_word() -> None:
    """A count in words (``{name_words}``) writes two to twelve as words; one stays a digit
    there, since its word agrees with the noun ("één", "ett"/"en", "ét"/"én"). So a message
    whose count can be one is a plural message whose singular form writes its own word
    ("deze meegeteld heb je er nog één", "har du ett försök kvar"), never "nog 1" beside
    "nog drie" in the same answer (the jail attempt's step said "1 forsøg tilbage" on the
    last attempt, found by a Danish reader)."""
    from hooks.catalogs.i18n import in_words

    source = translations().catalog("nl").entries
    steps = _emitted_steps()
    seen = 0
    for key, params in steps:
        entry = source.get(key)
        if entry is None or entry.plural:
            continue
        for name in frozenset().union(*(in_words(f) for f in entry.forms)):
            seen += 1
            assert str(params.get(name)) != "1", (
                f"{key}: {{{name}_words}} is 1 here; make the message plural with its "
                f"singular's own word for one ({params})")
    assert len(steps) > 500 and seen > 10, (len(steps), seen)  # (654 and 18 on 2026-12-08)


@pytest.mark.parametrize("lang,want", [
    ("nl", "in de steden van je tegenspelers (oranje: hotel, rood: 3 huizen):"),
    ("sv", "för motspelarnas grupper (orange: hotell, röd: 3 hus):"),
    ("da", "i modspillernes grupper (orange: hotel, rød: 3 huse):"),
    ("nb", "på motspillernes grupper (oransje: hotell, rød: 3 hus):"),
])
def test_colour_groups_in_a_sentence_are_small_words(lang: str, want: str) -> None:
    """Inside a sentence a colour group is a common word ("oranje: hotel"), not the form's
    label ("Oranje"); the jail advice's expected rents wrote "(Bruin: hotel, Lichtblauw:
    hotel, …)" in all four languages."""
    text = step_presenter(lang).sentence("step.jail.advice_rents", {
        "groups": "orange 5, red 3", "board": "nl", "leave_turn": 10.5, "stay_turn": 2.0,
        "last_stay_turn": 3.0, "free_turn": 9.0, "stay_saves": 8.5}, "EUR").text
    assert want in text, text
