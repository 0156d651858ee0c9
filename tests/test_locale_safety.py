"""What a translator writes can never break the site or run as code.

Complements ``tests/test_translations.py`` (which checks the catalogs themselves, the
edition tables, glossary, footer and attributes of a built page, and that the build refuses
markup) with whole-site and browser checks on modified copies of ``translations/`` (the
real files are never touched):

* **Markup is shown as text.** ``<img src=x onerror=...>`` is planted in Swedish messages
  that reach the reader by other routes: a calculator headline and explanation step (build
  time, and live from ``calculators.mjs`` in Chromium), an engine error shown next to a
  field (live), a navigation section title, the footer (in Chromium). With
  ``MONOPOLY_I18N_LAX=1`` the build goes on, as a preview would; in the built pages and
  in the browser the text is there literally and no ``img`` element, no handler exists.
* **A missing translation falls back visibly to Dutch.** Danish messages are deleted: the
  built pages and the live calculator show the Dutch text, marked
  ``<span class="i18n-fallback" lang="nl">``, never a blank or a key.
* **A broken locale fails the build** with a message naming the file, the key and the
  problem: placeholders that differ from the Dutch, incomplete plural forms, PO syntax.
"""

from __future__ import annotations

import json
import re
import shutil
import threading
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from engine.api import calculate
from hooks.render import calculator_forms as cforms
from hooks.catalogs.i18n import Translations
from tools.site_build import ROOT, BuildResult, build
from tools.static_site import CHROMIUM, CHROMIUM_ARGS, serve

PLANT = '<img src=x onerror="window.__pwned=1">'
"""Planted into messages: must reach the reader as these characters, never as an element."""
STEP_KEYS = tuple(s["key"] for s in calculate("rent", cforms.default_request("rent", "sv"))["steps"])
PLANTED_SV = ("calc.rent.result", "error.out_of_range", "site.unofficial", "nav.rules",
              STEP_KEYS[-1])
"""Swedish messages that get the markup: calculator, engine error, engine step, footer
(template), navigation title."""
DELETED_DA = ("calc.rent.result", "site.unofficial", STEP_KEYS[-1])
"""Danish messages removed: they must fall back to Dutch, marked."""
PLANTED_SV_ROUTES = {"param.free_parking.nothing": "edition tables and the matrix",
                     "clause.copy_link": "a <meta> attribute", "toc.permalink": "the ¶ title"}
"""More Swedish messages that get the markup, as the whole text: the routes of
``tests/test_translations.py``'s checks that used a build of their own (one build serves
both; the glossary's route is a planted termbase term)."""


# --------------------------------------------------------------------------- PO editing


def _po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def edit_po(path: Path, key: str, forms: list[str] | None) -> None:
    """Replace the text of ``key`` in a PO file (one form, or one per plural form), or
    delete the entry (``forms=None``)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start = _key_line(lines, key)
    end = start
    while end < len(lines) and lines[end].strip():
        end += 1
    head = start
    while head > 0 and lines[head - 1].startswith("#"):
        head -= 1
    if forms is None:
        new: list[str] = []
        start = head
    else:
        entry = lines[start:end]
        keep = entry[:entry.index(next(ln for ln in entry if ln.startswith("msgstr")))]
        plural = any(ln.startswith("msgid_plural") for ln in entry)
        new = keep + ([f"msgstr[{i}] {_po_quote(f)}" for i, f in enumerate(forms)] if plural
                      else [f"msgstr {_po_quote(forms[0])}"])
    lines[start:end] = new
    path.write_text("\n".join(lines), encoding="utf-8")


def _key_line(lines: list[str], key: str) -> int:
    """Where ``key``'s entry starts: ``msgctxt`` (bilingual catalogs) or ``msgid`` (key-based)."""
    for kw in ("msgctxt", "msgid"):
        if f"{kw} {_po_quote(key)}" in lines:
            return lines.index(f"{kw} {_po_quote(key)}")
    raise ValueError(key)


def po_file(root: Path, lang: str, key: str) -> Path:
    for path in sorted((root / lang).glob("*.po")):
        lines = path.read_text(encoding="utf-8").split("\n")
        if f"msgid {_po_quote(key)}" in lines or f"msgctxt {_po_quote(key)}" in lines:
            return path
    raise AssertionError(f"{key} not found in {root / lang}")


def copy_translations(tmp: Path) -> Path:
    root = tmp / "translations"
    shutil.copytree(ROOT / "translations", root)
    return root


def build_with(translations: Path, out: Path, lax: bool = False) -> BuildResult:
    """Build the site with another ``translations/``; ``lax``: as a preview would (catalog
    errors logged, not fatal; not strict)."""
    return build(out, translations_dir=translations, strict=not lax,
                 extra_env={"MONOPOLY_I18N_LAX": "1" if lax else "0"})


# --------------------------------------------------------------------------- HTML reading


class _Reader(HTMLParser):
    """Text of a page (scripts and styles left out) and any element the planted markup
    could have become."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.injected: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if (tag == "img" and a.get("src") == "x") or any(
                k.startswith("on") and "__pwned" in (v or "") for k, v in attrs):
            self.injected.append(self.get_starttag_text() or tag)
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)


def read_page(site: Path, lang: str, slug: str) -> tuple[str, list[str], str]:
    """(text, injected elements, raw HTML) of a built page."""
    folder = site if lang == "nl" else site / lang
    file = folder / "index.html" if slug == "index" else folder / slug / "index.html"
    html = file.read_text(encoding="utf-8")
    reader = _Reader()
    reader.feed(html)
    return re.sub(r"\s+", " ", "".join(reader.text)), reader.injected, html


# --------------------------------------------------------------------------- the modified site


@pytest.fixture(scope="module")
def planted_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A site built from catalogs with markup planted (sv) and messages deleted (da)."""
    tmp = tmp_path_factory.mktemp("planted")
    root = copy_translations(tmp)
    source = Translations(ROOT / "translations")
    for key in PLANTED_SV:
        entry = source.catalog("sv").entries[key]
        edit_po(po_file(root, "sv", key), key, [f"{PLANT} {f}" for f in entry.forms])
    for key in DELETED_DA:
        edit_po(po_file(root, "da", key), key, None)
    for key in PLANTED_SV_ROUTES:
        text = PLANT + (" {number}" if key == "clause.copy_link" else "")
        edit_po(po_file(root, "sv", key), key, [text])
    tbx = root / "termbase.tbx"  # the glossary is generated from the termbase
    tbx.write_text(tbx.read_text(encoding="utf-8").replace(
        "<term>spelplan</term>", "<term>" + escape(PLANT) + "</term>", 1), encoding="utf-8")
    planted = Translations(root)
    problems = [str(p) for p in planted.validate()]
    for key in (*PLANTED_SV, *PLANTED_SV_ROUTES):  # the check names every planted message
        assert any(f"translations/sv/" in p and f": {key}: contains markup" in p
                   for p in problems), (key, problems)
    for key in DELETED_DA:
        assert any(f"translations/da/" in p and f": {key}: missing in da" in p
                   for p in problems), (key, problems)
    result = build_with(root, tmp / "site", lax=True)
    assert result.ok, result.log[-4000:]
    return tmp / "site", root


def test_planted_markup_is_text_in_the_built_pages(planted_site: tuple[Path, Path]) -> None:
    site, _ = planted_site
    pages = {"calc.rent.result": "calculators", "nav.rules": "index",
             STEP_KEYS[-1]: "calculators"}
    for key, slug in pages.items():
        text, injected, html = read_page(site, "sv", slug)
        assert injected == [], (key, injected)
        assert PLANT in text, f"{key}: the planted text is not shown on sv/{slug}"
    # the calculators' data for the page script carries the message as text, <-escaped
    _, _, html = read_page(site, "sv", "calculators")
    raw = re.search(r'<script type="application/json" class="calc-shared">(.*?)</script>',
                    html, re.S).group(1)
    assert "<" not in raw
    assert json.loads(raw)["messages"]["calc.rent.result"].startswith(PLANT)
    for file in site.rglob("*.html"):  # nowhere in the whole site is it an element
        reader = _Reader()
        reader.feed(file.read_text(encoding="utf-8"))
        assert reader.injected == [], (file, reader.injected)


def _attrs(html: str, tag: str, **match: str) -> list[dict[str, str | None]]:
    """The (decoded) attributes of every ``tag`` whose attributes include ``match``."""
    found: list[dict[str, str | None]] = []

    class Attrs(HTMLParser):
        def handle_starttag(self, t: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if t == tag and all(a.get(k) == v for k, v in match.items()):
                found.append(a)

    Attrs(convert_charrefs=True).feed(html)
    return found


def test_planted_markup_is_text_in_tables_glossary_and_attributes(
        planted_site: tuple[Path, Path]) -> None:
    """Previewing a broken catalog: in the edition tables, the matrix, the glossary, a
    copy button's label and the ¶ link's title the markup is the text (or attribute value)
    itself, never an element."""
    site, _ = planted_site
    for slug in ("squares", "editions", "glossary"):  # [[editions]], [[matrix]], glossary
        text, injected, _ = read_page(site, "sv", slug)
        assert injected == [], (slug, injected)
        assert PLANT in text, f"the planted text is not shown on sv/{slug}"
    _, injected, html = read_page(site, "sv", "rent")
    assert injected == []
    buttons = _attrs(html, "button", **{"class": "clause-copy"})  # written by the build
    assert len(buttons) > 5
    for b in buttons:  # the planted label, the clause's number after it, as text
        label = b["aria-label"] or ""
        assert label == b["title"] and label.startswith(PLANT + " "), b
        assert re.fullmatch(r"[\w.-]+", label[len(PLANT) + 1:]), b
    titles = {a.get("title") for a in _attrs(html, "a", **{"class": "headerlink"})}
    assert titles == {PLANT}, titles


def test_deleted_messages_fall_back_to_dutch_visibly(planted_site: tuple[Path, Path]) -> None:
    site, _ = planted_site
    dutch = Translations(ROOT / "translations").catalog("nl").entries
    _, _, html = read_page(site, "da", "index")
    footer = re.escape(dutch["site.unofficial"].forms[0]).replace("\\ ", r"\s+")
    assert re.search(r'<span class="i18n-fallback" lang="nl">\s*' + footer, html), \
        "the footer does not show the Dutch text, marked"
    _, _, html = read_page(site, "da", "calculators")
    headline = re.search(r'id="calc-rent".*?<p class="calc-headline">(.*?)</p>', html, re.S)
    prefix = dutch["calc.rent.result"].forms[0].split("{")[0]
    assert headline and headline.group(1).startswith(
        f'<span class="i18n-fallback" lang="nl">{prefix}'), headline and headline.group(1)
    # the other languages are untouched
    _, _, html = read_page(site, "nb", "calculators")
    nb = re.search(r'id="calc-rent".*?<p class="calc-headline">(.*?)</p>', html, re.S)
    assert nb and "i18n-fallback" not in nb.group(1)


@pytest.fixture(scope="module")
def planted_url(planted_site: tuple[Path, Path]) -> Iterator[str]:
    site, _ = planted_site

    with serve(site) as url:
        yield url


def _settle(page: Any, kind: str, action: Any) -> None:
    sel = f"#calc-{kind}"
    before = int(page.get_attribute(sel, "data-changes") or 0)
    action()
    page.wait_for_function(
        """([sel, before]) => { const s = document.querySelector(sel);
             return +(s.dataset.changes || 0) > before && s.dataset.updated === s.dataset.changes
               && !s.hasAttribute('aria-busy'); }""", arg=[sel, before], timeout=30_000)


def in_chromium(check: Callable[[Any], None]) -> None:
    """Run ``check(browser)`` with headless Debian Chromium, in a thread of its own (the
    browser tests' session-wide Playwright lives in this thread; one per thread)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: apt-get install -y chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    failure: list[BaseException] = []

    def run() -> None:
        try:
            with sync_api.sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
                try:
                    check(browser)
                finally:
                    browser.close()
        except BaseException as exc:  # noqa: BLE001 - re-raised in the test's thread
            failure.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


@pytest.mark.browser
def test_planted_markup_is_text_in_the_browser(planted_url: str, report) -> None:
    """Live calculator messages (rendered by calculators.mjs) and the page chrome."""
    in_chromium(lambda browser: _check_in_browser(browser, planted_url))
    report("locale safety", "planted messages checked in Chromium", 3)


def _live_rent(page: Any, url: str) -> None:
    """Open a calculators page, wait for the runtime, and change the rent calculator so its
    result comes from the engine in the browser (not the build-time one)."""
    page.goto(url)
    page.wait_for_selector("html[data-calculators=ready]", state="attached")
    page.focus("#calc-rent select")  # the first interaction starts the runtime
    page.wait_for_selector("#calc-rent .calc-status[data-state=ready]", state="attached",
                           timeout=120_000)
    _settle(page, "rent", lambda: page.select_option("#calc-rent select[data-key=buildings]", "2"))
    assert page.get_attribute("#calc-rent .calc-result", "data-source") == "live"


def _check_in_browser(browser: Any, planted_url: str) -> None:
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        _live_rent(page, planted_url + "sv/calculators/")
        headline = page.text_content("#calc-rent .calc-headline") or ""
        assert headline.startswith(PLANT), headline
        steps = page.text_content("#calc-rent .calc-steps") or ""
        assert PLANT in steps  # the planted step message
        _settle(page, "rent", lambda: page.fill("#calc-rent input[data-key=owned]", "9"))
        error = page.text_content("#calc-rent [data-for=owned] .calc-error") or ""
        assert error.startswith(PLANT), error  # the planted engine error, next to the field
        assert PLANT in page.inner_text("footer")
        found = page.evaluate("""() => ({
            imgs: document.querySelectorAll('img[src="x"]').length,
            handlers: [...document.querySelectorAll('*')].filter((e) =>
              [...e.attributes].some((a) => a.name.startsWith('on'))).length,
            pwned: window.__pwned === 1 })""")
        assert found == {"imgs": 0, "handlers": 0, "pwned": False}, found
        assert errors == []

        _live_rent(page, planted_url + "da/calculators/")
        fallback = page.evaluate("""() => {
            const span = document.querySelector('#calc-rent .calc-headline > span.i18n-fallback');
            return span ? [span.lang, span.textContent] : null; }""")
        dutch = Translations(ROOT / "translations").catalog("nl").entries["calc.rent.result"]
        assert fallback and fallback[0] == "nl" and fallback[1].startswith(
            dutch.forms[0].split("{")[0]), fallback
        assert errors == []
    finally:
        context.close()


# --------------------------------------------------------------------------- broken catalogs


def test_a_broken_locale_fails_the_build_naming_file_key_and_problem(tmp_path: Path) -> None:
    root = copy_translations(tmp_path)
    nl = Translations(ROOT / "translations").catalog("nl").entries
    sv_file = po_file(root, "sv", "calc.rent.result")
    edit_po(sv_file, "calc.rent.result", ["Hyra för {sqare}: {amount}"])  # a misspelt placeholder
    plural = next(k for k, e in nl.items() if e.plural)
    da_plural = po_file(root, "da", plural)
    edit_po(da_plural, plural, ["{n} hus", ""])  # one plural form missing
    nb_perf = po_file(root, "nb", "perf.caption")
    text = nb_perf.read_text(encoding="utf-8")
    head = next(f'{kw} "perf.caption"\n' for kw in ("msgctxt", "msgid")
                if f'\n{kw} "perf.caption"\n' in text)  # bilingual or key-based
    nb_perf.write_text(text.replace(head, head + 'msgstr "ikke avsluttet\n', 1),
                       encoding="utf-8")  # PO syntax: an unterminated string (the
    # rest of that language is not checked then: each problem goes to its own file)

    result = build_with(root, tmp_path / "site")
    log = result.log
    assert not result.ok, "a broken catalog must stop the build"
    assert not (tmp_path / "site" / "sv" / "index.html").exists()
    expected = [
        ("translations/sv/" + sv_file.name, "calc.rent.result", "placeholders"),
        ("translations/da/" + da_plural.name, plural, "incomplete plural forms"),
        ("translations/nb/" + nb_perf.name, None, "not valid PO syntax"),
    ]
    for file, key, problem in expected:
        lines = [ln for ln in log.splitlines() if file in ln and problem in ln
                 and (key is None or f": {key}:" in ln)]
        assert lines, f"the build log does not name {file} / {key} / {problem}:\n{log[-3000:]}"
