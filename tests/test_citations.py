"""Links and citations: every clause cited anywhere resolves to that clause, in the same
language, in the built site; external links are listed and never loaded.

Where clause ids are cited, and what is checked:

* the built site (one strict build, shared with the browser tests): every internal link
  of every page -- ``[[ref: ...]]`` links, rulings, worked examples' clause links, the
  calculators' step links, navigation -- leads to an existing page of the *same language*
  and, when it names a fragment, to an element with that id there; a link to a clause
  shows that clause's number;
* every clause of ``engine/clauses.py`` has its anchor (a numbered ``h2.clause``) on its
  page in every language, so any citation of it can resolve;
* the calculators' clause table (the JSON the page script uses for live step links) maps
  every clause to its number and to its anchor on the same language's page;
* the sources: ``[[ref: id]]`` in ``docs/``, the clauses of ``examples/*.toml``, the
  clause ids written in the engine's ``step(...)`` calls and rulings of edition values, and
  every step clause and ruling the engine actually gives for the worked examples, all
  name existing clauses (rulings on the rulings page);
* links to other sites are printed; none of them is a resource the page loads.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from engine import editions
from engine.clauses import CLAUSES, PAGES
from tools.site_build import ROOT, shared_build
from hooks.catalogs.source_names import PAGE as SOURCES_PAGE, SOURCES, anchor

from hooks.catalogs.languages import LANGS  # the table of languages


@dataclass
class Link:
    href: str
    cls: str
    text: str = ""
    title: str = ""
    cell_lang: str | None = None  # inside a side-by-side language cell: its language


@dataclass
class Parsed:
    """What a built page holds: element ids, links, clause headings, calculator JSON."""

    ids: set[str] = field(default_factory=set)
    links: list[Link] = field(default_factory=list)
    clause_headings: dict[str, str] = field(default_factory=dict)  # id -> visible number
    calc_json: list[str] = field(default_factory=list)
    lang: str = ""


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out = Parsed()
        self._link: Link | None = None
        self._heading: str | None = None
        self._number = False
        self._json = False
        self._cell: list[str] = []  # language of the side-by-side cell we are in
        self._cell_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.out.lang = a.get("lang", "")
        for key in ("id", "name"):
            if a.get(key) and (key == "id" or tag == "a"):
                self.out.ids.add(a[key])
        if tag == "div":
            if "sbs-cell" in a.get("class", "").split() and a.get("lang"):
                self._cell, self._cell_depth = [a["lang"]], 0
            if self._cell:
                self._cell_depth += 1
        if tag == "a" and "href" in a:
            self._link = Link(a["href"], a.get("class", ""), title=a.get("title", ""),
                              cell_lang=self._cell[0] if self._cell else None)
            self.out.links.append(self._link)
        if tag == "h2" and "clause" in a.get("class", "").split() and a.get("id"):
            self._heading = a["id"]
            self.out.clause_headings[a["id"]] = a.get("data-clause", "")
        if tag == "span" and "clause-no" in a.get("class", "").split() and self._heading:
            self._number = True
        if tag == "script" and "calc-shared" in a.get("class", "").split():
            self._json = True
            self.out.calc_json.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._cell:
            self._cell_depth -= 1
            if self._cell_depth == 0:
                self._cell = []
        if tag == "a":
            self._link = None
        if tag == "h2":
            self._heading = None
        if tag == "span":
            self._number = False
        if tag == "script":
            self._json = False

    def handle_data(self, data: str) -> None:
        if self._link is not None:
            self._link.text += data
        if self._json:
            self.out.calc_json[-1] += data


@dataclass(frozen=True)
class Site:
    root: Path
    pages: dict[str, Parsed]  # site path ("sv/rent/", "404.html") -> parsed page

    def lang_of(self, path: str) -> str:
        first = path.split("/", 1)[0]
        return first if first in LANGS[1:] else "nl"

    def page_path(self, lang: str, slug: str) -> str:
        prefix = "" if lang == "nl" else f"{lang}/"
        return prefix if slug == "index" else f"{prefix}{slug}/"

    def resolve(self, from_path: str, href: str) -> tuple[str | None, str]:
        """(site path of the target page or None when it is not a page here, fragment)."""
        parts = urlsplit(href)
        if parts.scheme or parts.netloc:
            return None, ""
        if not parts.path:
            return from_path, unquote(parts.fragment)
        base = from_path if from_path.endswith("/") else posixpath.dirname(from_path) + "/"
        target = posixpath.normpath(posixpath.join("/" + base, unquote(parts.path)))
        target = target.lstrip("/")
        if parts.path.endswith("/") or target == "":
            target = target + "/" if target else ""
        if target.endswith("index.html"):
            target = target[: -len("index.html")]
        return target, unquote(parts.fragment)


@pytest.fixture(scope="module")
def site() -> Site:
    result = shared_build()
    assert result.ok, f"the strict build failed:\n{result.log[-3000:]}"
    pages = {}
    for file in sorted(result.site_dir.rglob("*.html")):
        rel = file.relative_to(result.site_dir).as_posix()
        if rel.startswith(("assets/", "search/")):
            continue
        path = rel[: -len("index.html")] if rel.endswith("index.html") else rel
        parser = _PageParser()
        parser.feed(file.read_text(encoding="utf-8"))
        pages[path] = parser.out
    return Site(result.site_dir, pages)


# --------------------------------------------------------------------------- built site


def test_every_clause_has_its_anchor_in_every_language(site: Site, report) -> None:
    missing = []
    for lang in LANGS:
        for cid, clause in CLAUSES.items():
            page = site.pages.get(site.page_path(lang, clause.page))
            if page is None:
                missing.append(f"{lang}: page {clause.page} is not built")
                continue
            if cid not in page.clause_headings:
                missing.append(f"{lang}/{clause.page}: no clause heading #{cid}")
            elif page.clause_headings[cid] != clause.number:
                missing.append(f"{lang}/{clause.page}#{cid}: numbered "
                               f"{page.clause_headings[cid]!r}, not {clause.number}")
    report("citations", "clause anchors", len(LANGS) * len(CLAUSES))
    assert missing == [], missing[:30]


def test_every_internal_link_resolves_in_the_same_language(site: Site, report) -> None:
    broken: list[str] = []
    clause_links = 0
    checked = 0
    for path, page in site.pages.items():
        lang = site.lang_of(path)
        for link in page.links:
            href = link.href.strip()
            if not href or href.startswith(("mailto:", "javascript:", "data:")):
                continue
            target, fragment = site.resolve(path, href)
            if target is None:
                continue  # another site: listed by the next test
            checked += 1
            where = f"{path}: <a href={href!r}>"
            if target.startswith(("assets/", "search/")) or target.endswith(
                    (".xml", ".gz", ".json", ".svg", ".png", ".zip")):
                if not (site.root / target).exists():
                    broken.append(f"{where}: no file {target}")
                continue
            if target not in site.pages:
                broken.append(f"{where}: no page {target!r}")
                continue
            # the language switcher changes language; a side-by-side cell links its own
            switcher = "md-select__link" in link.cls
            want = link.cell_lang or lang
            if not switcher and site.lang_of(target) != want and path != "404.html":
                broken.append(f"{where}: leads to another language ({target}, not {want})")
            if fragment and fragment not in site.pages[target].ids:
                broken.append(f"{where}: no element #{fragment} on {target}")
            if fragment in CLAUSES:
                clause_links += 1
                clause = CLAUSES[fragment]
                rows = target.endswith("side-by-side/")  # its rows carry the clause ids too
                if not rows and target != site.page_path(site.lang_of(target), clause.page):
                    broken.append(f"{where}: clause {fragment} lives on {clause.page}")
                cited = "clause-ref" in link.cls or "calc-clause" in link.cls
                shown = unescape(link.text + " " + link.title)
                if cited and clause.number not in shown and fragment not in shown:
                    broken.append(f"{where}: shows {link.text!r}, not clause {clause.number}")
    print(f"\ncitations: {checked} internal links on {len(site.pages)} pages, "
          f"{clause_links} of them to clauses")
    report("citations", "internal links", checked)
    report("citations", "internal links (to clauses)", clause_links)
    assert clause_links > 500, "hardly any clause links found: the parser is broken"
    assert broken == [], "\n".join(broken[:40])


def test_calculator_clause_tables(site: Site, report) -> None:
    """The clause table the page script uses for the steps of live results."""
    tables = 0
    problems = []
    for path, page in site.pages.items():
        for text in page.calc_json:
            shared = json.loads(text)
            tables += 1
            lang = site.lang_of(path)
            assert shared["lang"] == lang, path
            booklets = {anchor(sid): sid for sid in SOURCES}
            assert set(shared["clauses"]) == set(CLAUSES) | set(booklets), path
            for cid, (number, href) in shared["clauses"].items():
                target, fragment = site.resolve(path, href)
                if cid in booklets:  # a step's booklet: its entry on the sources page
                    if number != booklets[cid] or fragment != cid or \
                            target != site.page_path(lang, SOURCES_PAGE):
                        problems.append(f"{path}: {cid} -> {href} ({target}#{fragment})")
                    elif cid not in site.pages[target].ids:
                        problems.append(f"{path}: {cid} -> {href}: no such entry there")
                    continue
                if number != CLAUSES[cid].number:
                    problems.append(f"{path}: {cid} numbered {number}")
                if target != site.page_path(lang, CLAUSES[cid].page) or fragment != cid:
                    problems.append(f"{path}: {cid} -> {href} ({target}#{fragment})")
                elif cid not in site.pages[target].clause_headings:
                    problems.append(f"{path}: {cid} -> {href}: no clause heading there")
    report("citations", "calculator clause tables", tables)
    # one per language: the calculators page (rule pages link it, issue 15)
    assert tables == 4, f"{tables} calculator tables found, not one per language"
    assert problems == [], problems[:30]


def test_external_links_are_listed(site: Site, report) -> None:
    outside: dict[str, set[str]] = defaultdict(set)
    for path, page in site.pages.items():
        for link in page.links:
            parts = urlsplit(link.href.strip())
            if parts.scheme in ("http", "https") or link.href.strip().startswith("//"):
                outside[link.href.strip()].add(path)
    print(f"\nexternal links ({len(outside)}):"
          + "".join(f"\n  {href}  (on {len(pages)} pages, e.g. {sorted(pages)[0]})"
                    for href, pages in sorted(outside.items())))
    report("citations", "external links", len(outside))
    for href in outside:  # plain links only: the browser tests block and count any request
        assert urlsplit(href).scheme in ("http", "https", ""), href


# --------------------------------------------------------------------------- sources

REF = re.compile(r"\[\[ref:\s*([^\]\s]+)\s*\]\]")


def test_refs_in_the_docs_name_clauses(report) -> None:
    refs = 0
    unknown = []
    for md in sorted((ROOT / "docs").rglob("*.md")):
        for cid in REF.findall(md.read_text(encoding="utf-8")):
            refs += 1
            if cid not in CLAUSES:
                unknown.append(f"{md.relative_to(ROOT)}: [[ref: {cid}]]")
    report("citations", "[[ref]] in docs", refs)
    assert refs > 0
    assert unknown == [], unknown


@lru_cache(maxsize=1)
def _examples() -> list:
    from hooks.render.examples import load_examples
    return list(load_examples().values())


def test_examples_and_engine_cite_existing_clauses(report) -> None:
    problems = []
    examples = _examples()
    for ex in examples:
        for cid in ex.clauses:
            if cid not in CLAUSES:
                problems.append(f"example {ex.id}: unknown clause {cid}")
    # clause ids written in the engine's step(...) calls
    written = set()
    for py in sorted((ROOT / "engine").glob("*.py")):
        written |= set(re.findall(r"\bstep\(\s*\"([a-z0-9\-]+)\"", py.read_text(encoding="utf-8")))
    assert len(written) > 20, "the scan found hardly any step(...) calls"
    problems += [f"engine step(...) cites unknown clause {c}" for c in sorted(written - set(CLAUSES))]
    # rulings behind edition values
    rulings = {c.id for c in CLAUSES.values() if c.page == "rulings"}
    for ed in editions.EDITIONS.values():
        for rules in (ed.rules, ed.card_game):
            if rules is None:
                continue
            for name, value in vars(rules).items():
                ruling = getattr(getattr(value, "source", None), "ruling", None)
                if ruling is not None and ruling not in rulings:
                    problems.append(f"{ed.id}.{name}: ruling {ruling!r} is not a ruling clause")
    # what the engine really cites for every worked example
    cited = set()
    for ex in examples:
        result = ex.run()
        for s in result.get("steps", []):
            cited.add(s["clause"])
            ruling = s.get("ruling")
            if ruling is not None:
                cited.add(ruling)
                if ruling not in rulings:
                    problems.append(f"example {ex.id}: step ruling {ruling!r} is not a ruling")
    problems += [f"the engine cites unknown clause {c}" for c in sorted(cited - set(CLAUSES))]
    report("citations", "example files", len(examples))
    report("citations", "engine clause ids", len(written | cited))
    assert len(cited) > 20, "the examples cite hardly any clauses: the collection is broken"
    assert problems == [], problems[:30]


def test_each_page_lists_its_own_clauses_in_order(site: Site) -> None:
    """A clause's visible number follows engine/clauses.py on every page of every language."""
    for lang in LANGS:
        for p in PAGES:
            page = site.pages.get(site.page_path(lang, p.slug))
            if page is None or not p.clauses:
                continue
            ids = [cid for cid in page.clause_headings if CLAUSES.get(cid) and
                   CLAUSES[cid].page == p.slug]
            assert ids == [cid for cid, _ in p.clauses], (lang, p.slug)


def test_rules_of_a_mode_name_real_clauses_and_modes() -> None:
    """``engine.clauses.MODE_CLAUSES``: each id is a clause, each mode is the mode of an
    edition of one of the main editions (so every such clause holds for at least one)."""
    from engine.clauses import CLAUSES, MODE_CLAUSES
    from engine.editions import EDITIONS, clause_editions

    modes = {e.mode for e in EDITIONS.values() if e.base}
    for cid, mode in MODE_CLAUSES.items():
        assert cid in CLAUSES, cid
        assert mode in modes, (cid, mode)
        assert clause_editions(cid), cid


def test_rules_of_one_edition_name_real_clauses_and_editions() -> None:
    """``engine.clauses.EDITION_CLAUSES``: each id is a clause, each edition a main edition
    (not all of them: then it is every edition's), and the clause holds for those alone."""
    from engine.clauses import CLAUSES, EDITION_CLAUSES
    from engine.editions import MAIN_EDITIONS, clause_editions

    for cid, editions in EDITION_CLAUSES.items():
        assert cid in CLAUSES, cid
        assert editions and set(editions) < set(MAIN_EDITIONS), (cid, editions)
        assert clause_editions(cid) == editions, cid
