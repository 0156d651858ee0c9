"""The players' site as built (issue 15): every text in the page language (no edition codes,
internal clause ids or house-rule ids, "board.md", English colour names or "P2"), a
description of its own, the developers' pages out of the players' search (hreflang and the
sitemap need ``site_url``: ``tests/test_build.py``), the rules sheet per edition, and worked examples folded under their clause.

The browser half (choosing an edition, printing, the switcher) is
``tests/browser/test_my_edition.py``.
"""

from __future__ import annotations

import json
import math
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from engine.clauses import CLAUSES
from engine.editions import EDITIONS, HOUSE_RULES
from hooks.entry.my_edition import DEV_PAGES
from hooks.render.render_sheet import SHEET_EDITIONS, sheet_clauses
from hooks.catalogs.i18n import LANGS

PLAYER_PAGES = ("index", "setup", "turn", "buying", "rent", "squares", "jail", "building",
                "trading", "mortgages", "bankruptcy", "variants", "card-game", "rulings",
                "disputes", "sheet", "calculators", "examples", "odds", "editions", "side-by-side",
                "glossary", "about", "sources")
"""Every page a player reads (the developers' pages are
:data:`hooks.entry.my_edition.DEV_PAGES`)."""


def page_file(site: Path, lang: str, slug: str) -> Path:
    base = site if lang == "nl" else site / lang
    return base / "index.html" if slug == "index" else base / slug / "index.html"


class VisibleText(HTMLParser):
    """The text a reader sees in the page's content: no scripts, styles, attributes, code
    blocks or hidden templates; the header and footer are left out too (Material's own)."""

    SKIP = {"script", "style", "template", "noscript", "svg"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # inside <article>
        self.skip = 0
        self.code = 0
        self.parts: list[str] = []
        self.prose: list[str] = []  # the same without inline code

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.depth += 1
        if tag in self.SKIP:
            self.skip += 1
        if tag == "code":
            self.code += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.depth -= 1
        if tag in self.SKIP and self.skip:
            self.skip -= 1
        if tag == "code" and self.code:
            self.code -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skip:
            self.parts.append(data)
            if not self.code:
                self.prose.append(data)


def visible(html: str, code: bool = True) -> str:
    """The visible text of the page's article (``code=False``: without inline code)."""
    parser = VisibleText()
    parser.feed(html)
    return " ".join(" ".join(parser.parts if code else parser.prose).split())


EDITION_CODE = re.compile(r"(?<![\w-])(?:%s)(?![\w-])" % "|".join(
    re.escape(e) for e in sorted(EDITIONS, key=len, reverse=True)))
CLAUSE_ID = re.compile(r"(?<![\w-])(?:%s)(?![\w-])" % "|".join(
    re.escape(c) for c in sorted(CLAUSES, key=len, reverse=True)))
ENGLISH_GROUP = re.compile(r"\b(?:brown|light-blue|dark-blue|pink|yellow|green|red|orange) [0-5]\b"
                           r"|\b(?:light-blue|dark-blue)\b|\b(?:brown|yellow|green)\b", re.I)
PLAYER_CODE = re.compile(r"\bP\d+\b")
HOUSE_ID = re.compile(r"(?<![\w-])(?:%s)(?![\w-])" % "|".join(map(re.escape, HOUSE_RULES)))


def leaks(text: str, prose: str | None = None) -> dict[str, list[str]]:
    """What a player should never read, by kind (empty lists when clean). Clause ids are
    looked for in ``prose`` (the text without inline code): the home and about pages show
    one as code on purpose, to explain the permanent links (``#jail-pay``).

    >>> leaks("In nl-2001 (board.md) zie jail-pay: orange 5, P2")["code"]
    ['nl-2001']
    >>> leaks("de schakelaar free-parking-pot")["house rule id"]
    ['free-parking-pot']
    >>> sorted(k for k, v in leaks("Nederland 2001, Oranje: hotel, Speler 2").items() if v)
    []
    """
    return {
        "code": EDITION_CODE.findall(text),
        "clause id": CLAUSE_ID.findall(text if prose is None else prose),
        "board.md": re.findall(r"board\.md", text),
        "English colour": ENGLISH_GROUP.findall(text),
        "P<n>": PLAYER_CODE.findall(text),
        "house rule id": HOUSE_ID.findall(text),
    }


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


@pytest.mark.parametrize("lang", LANGS)
def test_player_pages_speak_the_language(site: Path, lang: str) -> None:
    """No edition code, internal clause id, "board.md", English colour name or "P2" in
    what a player reads, on any players' page (build-time calculator results included)."""
    found = {}
    for slug in PLAYER_PAGES:
        html = page_file(site, lang, slug).read_text(encoding="utf-8")
        bad = {k: sorted(set(v))[:5] for k, v in leaks(visible(html), visible(html, False)).items()
               if v}
        if bad:
            found[slug] = bad
    assert found == {}


def test_developer_pages_keep_their_codes(site: Path) -> None:
    """The scan can see codes: the API page shows them (and is left out of the scan)."""
    text = visible(page_file(site, "nl", "api").read_text(encoding="utf-8"))
    assert leaks(text)["code"], "the API reference names editions by code"


class HeadLinks(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.alternates: dict[str, str] = {}
        self.canonical: str | None = None
        self.description: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "link" and a.get("rel") == "alternate" and a.get("hreflang"):
            self.alternates[str(a["hreflang"])] = str(a.get("href"))
        if tag == "meta" and a.get("name") == "description":
            self.description = a.get("content")


ALL_PAGES = PLAYER_PAGES + DEV_PAGES


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_has_a_description_of_its_own(site: Path, lang: str) -> None:
    seen: dict[str, str] = {}
    for slug in ALL_PAGES:
        head = HeadLinks()
        head.feed(page_file(site, lang, slug).read_text(encoding="utf-8"))
        assert head.description, (lang, slug)
        assert head.description not in seen, (lang, slug, seen.get(head.description))
        seen[head.description] = slug


# --- search: the players' questions find players' pages --------------------------------

QUESTIONS: dict[str, list[tuple[str, str]]] = {
    "nl": [("huur betalen in de gevangenis", "jail rent"), ("uit de gevangenis komen", "jail"),
           ("dubbele huur straat", "rent"), ("hypotheek aflossen rente", "mortgages"),
           ("huizen bouwen gelijkmatig", "building"), ("veiling als niemand koopt", "buying"),
           ("vrij parkeren geld", "squares"), ("startgeld hoeveel", "setup"),
           ("failliet schulden", "bankruptcy"), ("drie keer dubbel gooien", "turn")],
    "sv": [("hyra i fängelset", "jail"), ("komma ut ur fängelset", "jail"),
           ("dubbel hyra gata", "rent"), ("inteckning ränta", "mortgages"),
           ("bygga hus jämnt", "building"), ("auktion ingen köper", "buying"),
           ("fri parkering pengar", "squares"), ("startkapital", "setup"),
           ("konkurs skulder", "bankruptcy"), ("slå dubbelt tre gånger", "turn")],
    "da": [("husleje i fængslet", "jail"), ("komme ud af fængslet", "jail"),
           ("dobbelt leje grund", "rent"), ("pantsætning rente", "mortgages"),
           ("bygge huse jævnt", "building"), ("auktion ingen køber", "buying"),
           ("gratis parkering penge", "squares"), ("startkapital", "setup"),
           ("konkurs gæld", "bankruptcy"), ("slår dobbelt tre gange", "turn")],
    "nb": [("husleie i fengsel", "jail"), ("komme ut av fengsel", "jail"),
           ("dobbel leie tomt", "rent"), ("pantsetting rente", "mortgages"),
           ("bygge hus jevnt", "building"), ("auksjon ingen kjøper", "buying"),
           ("gratis parkering penger", "squares"), ("startkapital", "setup"),
           ("konkurs gjeld", "bankruptcy"), ("slår dobbelt tre ganger", "turn")],
}
"""Ten questions a player asks, per language, and the page that answers each (either of
two where both do: rent in jail is a rent rule and a jail rule)."""


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def ranked(index: dict, question: str) -> list[str]:
    """Page slugs of the index's entries, best first, scored the way lunr does with the
    index's own field boosts (title 1000, text 1): BM25 per field, summed over the question's
    words; a word matches a word of the entry that starts with its first five letters
    (a stand-in for the language's stemmer)."""
    docs = index["docs"]
    boost = {f: float(v.get("boost", 1)) for f, v in index["config"]["fields"].items()}
    terms = [w[:5] for w in words(question) if len(w) > 2]
    fields = [{f: words(d.get(f, "")) for f in ("title", "text")} for d in docs]
    avg = {f: max(1.0, sum(len(x[f]) for x in fields) / len(fields)) for f in ("title", "text")}
    n = len(docs)
    df = {t: sum(1 for x in fields if any(w.startswith(t) for w in x["title"] + x["text"]))
          for t in terms}
    scores = []
    for d, x in zip(docs, fields):
        s = 0.0
        for t in terms:
            idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
            for f in ("title", "text"):
                tf = sum(w.startswith(t) for w in x[f])
                if tf:
                    s += boost[f] * idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * len(x[f]) / avg[f]))
        if s:
            scores.append((s, d["location"].split("#")[0].strip("/") or "index"))
    scores.sort(key=lambda x: -x[0])
    seen: list[str] = []
    for _, slug in scores:
        if slug not in seen:
            seen.append(slug)
    return seen


@pytest.mark.parametrize("lang", LANGS)
def test_search_answers_players_not_developers(site: Path, lang: str) -> None:
    """The developers' pages are not in a language's search index, and ten natural player
    questions find their page among the first three results, no developers' page above."""
    base = site if lang == "nl" else site / lang
    index = json.loads((base / "search" / "search_index.json").read_text("utf-8"))
    locations = {d["location"].split("/")[0] for d in index["docs"]}
    assert not locations & set(DEV_PAGES), "developers' pages are in the players' search"
    assert {"jail", "rent"} <= locations, "the scan reads the real index"
    for question, page in QUESTIONS[lang]:
        top = ranked(index, question)[:3]
        assert not set(top) & set(DEV_PAGES), (question, top)
        # the disputes page answers table questions too: it counts as the player's answer
        assert (set(page.split()) | {"disputes"}) & set(top), (question, top)


# --- the rules sheet and the folded examples -------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_rules_sheet_has_each_edition_alone(site: Path, lang: str) -> None:
    """One sheet per edition: every clause of that game in clause order, with its number;
    no examples, calculators, forms or comparison tables."""
    html = page_file(site, lang, "sheet").read_text("utf-8")
    for edition in SHEET_EDITIONS:
        m = re.search(rf'<section class="sheet(?: is-shown)?" data-edition="{edition}".*?</section>', html, re.S)
        assert m, edition
        block = m.group(0)
        shown = re.findall(r'<div class="sheet-clause" data-clause="([^"]+)"><h4><span '
                           r'class="sheet-num">([^<]+)</span>', block)
        assert [c for c, _ in shown] == sheet_clauses(edition), edition
        assert all(CLAUSES[c].number == n for c, n in shown)
        for bad in ("<form", "<input", "<select", "<button", "worked-example", "calc-",
                    "editions-table", "<table"):
            assert bad not in block, (edition, bad)


@pytest.mark.parametrize("lang", LANGS)
def test_examples_fold_under_their_clause(site: Path, lang: str) -> None:
    """On a rule page an example is a <details> whose summary holds title and answer; the
    calculator is a link to the calculators page with the situation filled in."""
    html = page_file(site, lang, "jail").read_text("utf-8")
    html = html[html.index("<article"):html.index("</article>")]
    boxes = re.findall(r'<details class="admonition example worked-example"[^>]*>\s*<summary>'
                       r'(.*?)</summary>', html, re.S)
    assert len(boxes) >= 5
    assert all('class="example-answer-line">' in b and len(visible(f"<article>{b}</article>")) > 20
               for b in boxes)
    assert "<form" not in html and 'class="calc"' not in html
    links = [unescape(x) for x in re.findall(r'<a class="md-button calc-open" data-calc="jail" href="([^"]+)"', html)]
    assert len(links) == 1 and links[0].startswith("../calculators/?calc=jail&edition=")
    assert links[0].endswith("#calc-jail")


def home_links(site: Path, lang: str) -> list[tuple[str, str]]:
    """The home page's sections (h2) and the pages each links to, in order: ("h2", title)
    then ("a", slug) for each link."""
    html = page_file(site, lang, "index").read_text("utf-8")
    article = html[html.index("<article"):html.index("</article>")]
    article = article[article.index("<h2"):]  # (the picker's hint links the variants page)
    out: list[tuple[str, str]] = []
    for tag, body in re.findall(r'<(h2|a)\b([^>]*>.*?)</\1>', article, re.S):
        if tag == "h2":
            out.append(("h2", " ".join(unescape(re.sub(r"<[^>]+>", " ", body.split(">", 1)[1])).split())))
            continue
        href = re.search(r'href="([^"]+)"', body)
        if not href or "headerlink" in body.split(">", 1)[0] or href.group(1).startswith("#"):
            continue
        path = urlsplit(href.group(1)).path.strip("./").strip("/")
        slug = path.split("/")[-1] or "index"
        out.append(("a", slug))
    return out


def test_the_home_page_leads_a_player_to_every_page_alike_in_every_language(
        built_site: Path) -> None:
    """The home page of each language is the same map of the site: the same sections with
    the same pages linked in the same order (the Dutch and Swedish home pages had no link to
    the disputes, the calculators or the rules sheet; the Danish and Norwegian ones had),
    every page of the players' menu among them, and first, before the rules, the three a
    player at the table needs: the disputes, the calculators and the rules sheet."""
    maps = {lang: home_links(built_site, lang) for lang in LANGS}
    shape = {lang: [kind if kind == "h2" else slug for kind, slug in m] for lang, m in maps.items()}
    assert all(s == shape["nl"] for s in shape.values()), shape
    linked = [slug for kind, slug in maps["nl"] if kind == "a"]
    for slug in PLAYER_PAGES[1:]:
        assert slug in linked, slug
    first = shape["nl"].index("h2")
    second = shape["nl"].index("h2", first + 1)
    assert shape["nl"][first + 1:second] == ["disputes", "calculators", "sheet"], shape["nl"]
    assert linked.index("sheet") < linked.index("setup")
