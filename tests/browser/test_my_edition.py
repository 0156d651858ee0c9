"""Issue 15 in the browser, four languages: "My edition" (chosen once, on every rule page,
after a reload, from ``?edition=``), the house rules of 000 ticked next to it (every one,
on the pages they change, after a reload, from ``?house=``, in the calculators; unknown
ids in a link ignored), the language switcher that keeps the clause and the
calculator's state, the rules sheet printed by Chromium (at most 8 A4 pages, every
clause, no form), print in dark mode without dark backgrounds, /sv/jail/ on a phone
(every clause within 6 screens), the matrix on a phone, calculator results in the
page's language, and the screenshots at 390 px (``screenshots/``).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest

from engine.clauses import CLAUSES
from engine.editions import HOUSE_RULES, clause_editions
from hooks.render import render_calculator as rc
from hooks.render import calculator_forms as cforms
from present import urlstate as present_urlstate
from present.grammar import common_word
from hooks.common import RULE_PAGES
from hooks.render.house_rules import OWN_CLAUSE, clauses_of
from hooks.render.render_sheet import sheet_clauses
from hooks.catalogs.i18n import LANGS, translations

PHONE = {"width": 390, "height": 844}


def page_path(lang: str, slug: str) -> str:
    prefix = "" if lang == "nl" else f"{lang}/"
    return prefix if slug == "index" else f"{prefix}{slug}/"


SHOWN = ("(window.__shown || (window.__shown = (n) => n.offsetParent !== null && !(function up(x) {"
         " const d = x.parentElement && x.parentElement.closest('details:not([open])');"
         " if (!d) return false; const s = d.querySelector(':scope > summary');"
         " if (s && s.contains(x)) return up(d);"
         " return getComputedStyle(d, '::details-content').contentVisibility !== 'visible'"
         " || up(d); })(n)))")
"""A JavaScript function of an element: whether a reader sees it. Not ``display: none``
(``offsetParent``), and not inside a closed ``<details>`` (other than in its summary) whose
content stays hidden: in Chromium 156 the content of a closed ``<details>`` keeps its
``offsetParent``, hidden by ``content-visibility`` on ``::details-content`` (which the print
style turns visible for the page's folds)."""


def shown_mine(page: Any, clause: str) -> list[str]:
    """Editions whose "your edition" block is visible under ``clause``."""
    return page.eval_on_selector_all(
        f".ed-mine-set[data-clause='{clause}'] .ed-mine",
        "els => els.filter(e => " + SHOWN + "(e)).map(e => e.dataset.edition)")


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF (Chromium writes one ``/Type /Page`` object per page)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.parametrize("lang", LANGS)
def test_my_edition_everywhere(open_page, lang: str) -> None:
    """Chosen on one page: that edition's rule first (under the heading), the comparison
    folded, lists and examples with it first; the same on another rule page, after a
    reload; ``?edition=`` sets it in a fresh browser."""
    sp = open_page(page_path(lang, "jail"))
    page = sp.page
    assert shown_mine(page, "jail-pay") == []
    assert page.eval_on_selector("#jail-pay ~ .ed-clause details.ed-others", "d => d.open")
    page.select_option("#my-ed-select", "classic-us")
    assert shown_mine(page, "jail-pay") == ["classic-us"]
    # first in the clause: right under the heading (after a house rule's block, which
    # overrides it), above the clause's text
    assert page.evaluate("""() => {
        let next = document.getElementById('jail-pay').nextElementSibling;
        while (next.matches('.house-mine')) next = next.nextElementSibling;
        return next.matches('.ed-mine-set');
    }""")
    assert not page.eval_on_selector("details.ed-others", "d => d.open")
    lists = page.eval_on_selector_all("ul.ed-list:not(.ed-away)", """uls => uls.map(ul => [...ul.children]
        .filter(li => """ + SHOWN + """(li) && li.dataset.about)
        .map(li => li.dataset.about))""")
    assert all(all("classic-us" in i.split() for i in items) for items in lists), lists
    # where the edition's values stand under the heading, its item of the list that
    # compares the editions says the same: it waits with the others (SAID_TWICE in
    # test_edition_view.py walks every page)
    assert page.evaluate("""() => [...document.querySelectorAll(
        '#jail-pay ~ .ed-clause ul.ed-fold-list > li')].map(li => li.dataset.about)
        .some(a => a.split(' ').includes('classic-us'))""")
    # the other editions' items wait in the clause's "other editions" part, open on demand
    fold = "details.ed-others:has(ul.ed-fold-list)"
    page.click(f"{fold} > summary")
    assert page.eval_on_selector(f"{fold}[open] ul.ed-fold-list",
                                 "ul => [...ul.children].filter(e => " + SHOWN + "(e))"
                                 ".length") > 0
    order = page.evaluate("""() => {
        const out = [];
        for (const ex of document.querySelectorAll('.worked-example[data-edition]')) {
            const prev = ex.previousElementSibling;
            if (!prev || !prev.matches('.worked-example')) out.push([]);
            out[out.length - 1].push(ex.dataset.edition);
        }
        return out;
    }""")
    for group in order:
        if "classic-us" in group:
            assert group[0] == "classic-us", order
    # the calculator link opens with the chosen edition
    href = page.get_attribute("a.calc-open[data-calc=jail]", "href")
    assert "edition=classic-us&" in href, href
    for slug in RULE_PAGES:  # every rule page: that edition's block first, the rest folded
        sp.goto(page_path(lang, slug))
        assert page.get_attribute("html", "data-my-edition") == "classic-us", slug
        sets = page.eval_on_selector_all(".ed-mine-set", """sets => sets.map(s => {
            let above = s.previousElementSibling;  // the heading (after any house-rule block)
            while (above && above.matches('.house-mine')) above = above.previousElementSibling;
            return [s.dataset.clause, above && above.id, [...s.querySelectorAll('.ed-mine')]
                .filter(e => """ + SHOWN + """(e)).map(e => e.dataset.edition),
                s.hasAttribute('data-same'), !!s.closest('.ed-not-mine'),
                [...s.querySelectorAll('.ed-mine')].every(e => e.matches('.ed-mine-said')
                    && !e.querySelector('.val') && !!e.querySelector('.src, .src-board'))];
        })""")
        # where every edition agrees the clause's text is the rule: the block is one line
        # saying where it stands (its booklet, its rulings), no values that repeat the text;
        # a rule of a mode the edition lacks (the timed game, the speed die) is folded whole
        assert all((folded and "classic-us" not in (clause_editions(cid) or ("classic-us",)))
                   or (not folded and shown == ["classic-us"] and under == cid
                       and said == same)
                   for cid, under, shown, same, folded, said in sets), (slug, sets)
        assert page.eval_on_selector_all("details.ed-others", "ds => ds.filter(d => d.open)"
                                         ".length") == 0, slug
    # the choice outlives a reload (rent-mortgaged-group: classic-us differs from the others,
    # so its values block shows; where all agree, as in rent-set-double, only the line that
    # says where the rule stands for it)
    sp.goto(page_path(lang, "rent"))
    assert shown_mine(page, "rent-mortgaged-group") == ["classic-us"]
    assert shown_mine(page, "rent-set-double") == ["classic-us"]
    assert page.eval_on_selector_all(
        ".ed-mine-set[data-clause='rent-set-double'] .ed-mine[data-edition='classic-us']",
        "els => els.map(e => e.matches('.ed-mine-said') && !e.querySelector('.val'))") == [True]
    page.reload()
    page.wait_for_selector("html[data-site-ready='1']", state="attached")
    assert shown_mine(page, "rent-mortgaged-group") == ["classic-us"]
    assert page.input_value("#my-ed-select") == "classic-us"

    fresh = open_page(page_path(lang, "setup") + "?edition=nl-modern")
    fresh.goto(page_path(lang, "rent"))  # the choice from the address holds on the next page
    assert fresh.page.get_attribute("html", "data-my-edition") == "nl-modern"
    assert set(fresh.page.eval_on_selector_all(".ed-mine", "els => els.filter("
                                               "e => " + SHOWN + "(e)).map(e => e.dataset.edition)")) \
        == {"nl-modern"}
    assert shown_mine(fresh.page, "rent-claim") == ["nl-modern"]
    fresh.goto(page_path(lang, "index") + "?edition=")
    assert fresh.page.get_attribute("html", "data-my-edition") is None


def shown_house(page: Any) -> set[tuple[str, str]]:
    """(clause, house rule) of every house-rule block visible on the page."""
    return {tuple(x) for x in page.eval_on_selector_all(
        ".house-mine", "els => els.filter(e => " + SHOWN + "(e))"
        ".map(e => [e.dataset.clause, e.dataset.house])")}


def house_blocks_of(slug: str, house: list[str]) -> set[tuple[str, str]]:
    """The blocks a page should show for these house rules (hooks/render/house_rules.py)."""
    return {(c, r) for r in house for c in clauses_of(r) if CLAUSES[c].page == slug}


def first_in_clause(page: Any, blocks: set[tuple[str, str]]) -> bool:
    """Each block stands right under its clause heading (before the edition's block)."""
    return page.evaluate("""(blocks) => blocks.every(([cid, r]) => {
        const next = document.getElementById(cid).nextElementSibling;
        return next.matches(`.house-mine[data-house="${r}"]`);
    })""", [list(b) for b in blocks])


HOUSE_PAGES = sorted({CLAUSES[c].page for r in HOUSE_RULES for c in clauses_of(r)})


@pytest.mark.parametrize("lang", LANGS)
def test_picker_says_where_the_variants_are(open_page, lang: str) -> None:
    """Issue 23 item 2: the picker offers the four rulebooks (a mode is not a page's edition,
    DESIGN.md) and, next to them, a line linking to the variants page, where the modes are."""
    sp = open_page(page_path(lang, "jail"))
    page = sp.page
    offered = page.eval_on_selector_all("#my-ed-select option", "os => os.map(o => o.value)")
    assert offered == ["", "nl-2001", "nordic-2005", "nl-modern", "classic-us"]
    link = page.locator(".my-ed-picker .my-ed-variants a")
    assert link.is_visible()
    assert urlsplit(link.evaluate("a => a.href")).path.endswith(f"/{page_path(lang, 'variants')}")
    link.click()
    page.wait_for_url(re.compile(r"/variants/$"))
    assert page.locator("#short-setup").count() == 1


@pytest.mark.parametrize("lang", LANGS)
def test_house_rules_everywhere(open_page, lang: str) -> None:
    """Ticked next to the edition, one house rule at a time on one page: its blocks show
    first under the clauses it changes, the summary names it; all ticked: every rule page
    they change shows them, after a reload too, a rule page's calculator link and the
    calculators page start with them; ``?house=`` sets them in a fresh browser, ids the
    site does not know are left out, a link with none it knows changes nothing, and
    ``?house=`` clears them."""
    sp = open_page(page_path(lang, "variants"))
    page = sp.page
    assert shown_house(page) == set()
    assert page.text_content(".my-house-sum").strip() == msg(lang, "myed.house.none")
    page.click(".my-house > summary")
    for r in HOUSE_RULES:  # one at a time, in place
        page.check(f".my-house input[value='{r}']")
        want = house_blocks_of("variants", [r])
        assert want and shown_house(page) == want, r
        assert first_in_clause(page, want), r
        assert page.get_attribute("html", "data-my-house") == r
        assert page.text_content(".my-house-sum .house-chip") == msg(lang, f"house.{r}.name")
        page.uncheck(f".my-house input[value='{r}']")
        assert shown_house(page) == set() and page.get_attribute("html", "data-my-house") is None
    for r in HOUSE_RULES:
        page.check(f".my-house input[value='{r}']")
    everything = list(HOUSE_RULES)
    assert shown_house(page) == house_blocks_of("variants", everything)
    assert page.eval_on_selector_all(".my-house-sum .house-chip", "els => els.length") \
        == len(HOUSE_RULES)

    page.select_option("#my-ed-select", "nl-2001")
    for slug in HOUSE_PAGES:  # another page: the same choice
        sp.goto(page_path(lang, slug))
        want = house_blocks_of(slug, everything)
        assert shown_house(page) == want, slug
        assert first_in_clause(page, want), slug
        assert page.is_checked(f".my-house input[value='{HOUSE_RULES[0]}']")
    page.reload()
    page.wait_for_selector("html[data-site-ready='1']", state="attached")
    assert shown_house(page) == house_blocks_of(HOUSE_PAGES[-1], everything), "after a reload"
    # the rules sheet: the "house rules we play" box, and the pot next to the rulebook's value
    sp.goto(page_path(lang, "sheet"))
    sheet = ".sheet[data-edition='nl-2001']"
    page.evaluate("document.querySelectorAll('details.site-fold').forEach(d => d.open = true)")
    assert page.eval_on_selector_all(f"{sheet} .sheet-house-rule", "els => els.filter("
                                     "e => " + SHOWN + "(e)).map(e => e.dataset.house)") \
        == everything
    assert page.is_visible(f"{sheet} [data-clause=free-parking] "
                           ".ed-house-val[data-house=free-parking-pot]")
    assert page.is_visible(f"{sheet} [data-clause=free-parking] "
                           ".ed-house-without[data-house=free-parking-pot]")

    sp.goto(page_path(lang, "rent"))
    href = page.get_attribute("a.calc-open[data-calc=rent]", "href")
    assert "house_rules=" + ",".join(HOUSE_RULES) in href, href
    sp.goto(page_path(lang, "calculators"))
    page.wait_for_selector("html[data-calculators='ready']", state="attached")
    ticked = page.eval_on_selector_all("#calc-rent [data-key=house_rules] input:checked",
                                       "els => els.map(e => e.value)")
    assert ticked == everything
    assert sp.console_errors == []
    page.goto("about:blank")  # leave the calculators page (its workers stop)

    fresh = open_page(page_path(lang, "buying") + "?house=auction-every-sale,no-such-rule")
    page = fresh.page
    assert page.get_attribute("html", "data-my-house") == "auction-every-sale"
    assert shown_house(page) == house_blocks_of("buying", ["auction-every-sale"])
    for bad in ("no-such-rule", "%3Cb%3E", ",,", "auction-every-sale-x"):
        fresh.goto(page_path(lang, "squares") + f"?house={bad}")
        assert page.get_attribute("html", "data-my-house") == "auction-every-sale", bad
    fresh.goto(page_path(lang, "variants") + "?house=free-parking-pot&edition=bogus")
    assert shown_house(page) == {(OWN_CLAUSE["free-parking-pot"], "free-parking-pot")}
    fresh.goto(page_path(lang, "index") + "?house=")
    assert page.get_attribute("html", "data-my-house") is None
    assert fresh.console_errors == [] and fresh.bad_responses == []


@pytest.mark.parametrize("lang", LANGS)
def test_switcher_keeps_clause_and_calculation(open_page, lang: str) -> None:
    """From a clause anchor to the same clause in another language; from a calculator
    link to the same calculation; the current language is marked."""
    other = LANGS[(LANGS.index(lang) + 1) % len(LANGS)]
    sp = open_page(page_path(lang, "jail") + "#jail-pay")
    page = sp.page
    current = page.eval_on_selector_all("a.md-select__link[aria-current]",
                                        "els => els.map(a => a.hreflang)")
    assert current == [lang]
    link = page.locator(f"a.md-select__link[hreflang='{other}']")
    assert link.get_attribute("href").endswith("jail/#jail-pay")
    with page.expect_navigation():
        link.evaluate("a => a.click()")  # the menu opens on hover; the link is what counts
    page.wait_for_selector("html[data-site-ready='1']", state="attached")
    assert urlsplit(page.url).path == "/" + page_path(other, "jail")
    # at the clause, not the top (Material's navigation.tracking may then rewrite the hash
    # to the section it considers current, so the heading's place is what counts)
    page.wait_for_function("() => window.scrollY > 100")
    top = page.evaluate("() => document.getElementById('jail-pay').getBoundingClientRect().top")
    assert 0 <= top <= 200, top

    request = {**cforms.default_request("rent", lang), "edition": "classic-us", "square": 37,
               "buildings": 3}
    query = present_urlstate.query_string("rent", present_urlstate.canonical_request("rent", request))
    sp = open_page(page_path(lang, "calculators") + f"?{query}#calc-rent")
    page = sp.page
    page.wait_for_selector("html[data-calculators='ready']", state="attached")
    page.focus(f"a.md-select__link[hreflang='{other}']")
    href = page.get_attribute(f"a.md-select__link[hreflang='{other}']", "href")
    assert href.endswith(f"calculators/?{query}#calc-rent"), href
    page.goto(urlsplit(page.url)._replace(path="/" + page_path(other, "calculators"),
                                          query=query, fragment="calc-rent").geturl())
    page.wait_for_selector("html[data-calculators='ready']", state="attached")
    assert page.input_value("#calc-rent [data-key=edition]") == "classic-us"
    assert page.input_value("#calc-rent [data-key=buildings]") == "3"


@pytest.mark.parametrize("lang,edition,house", [("nl", "nl-2001", HOUSE_RULES),
                                                ("sv", "nordic-2005", ()),
                                                ("da", "classic-us", HOUSE_RULES[1:]),
                                                ("nb", "nl-modern", ())])
def test_rules_sheet_prints_on_eight_pages(open_page, lang: str, edition: str,
                                           house: tuple[str, ...]) -> None:
    """Chromium's A4 print of an edition's sheet: at most 8 pages, every clause of that
    edition (numbered), no form element, no other edition's sheet; the house rules the
    table plays (``?house=``) in their box, the others not."""
    sp = open_page(page_path(lang, "sheet") + f"?edition={edition}&house={','.join(house)}")
    page = sp.page
    page.emulate_media(media="print")
    printed = page.eval_on_selector_all(
        f".sheet[data-edition='{edition}'] .sheet-house-rule",
        "els => els.filter(e => " + SHOWN + "(e)).map(e => e.dataset.house)")
    assert printed == list(house)
    shown = page.eval_on_selector_all(
        ".sheet", "els => els.filter(e => " + SHOWN + "(e)).map(e => e.dataset.edition)")
    assert shown == [edition]
    clauses = page.eval_on_selector_all(
        f".sheet[data-edition='{edition}'] .sheet-clause",
        "els => els.filter(e => " + SHOWN + "(e)).map(e => [e.dataset.clause, "
        "e.querySelector('.sheet-num').textContent])")
    assert [c for c, _ in clauses] == sheet_clauses(edition)
    assert all(CLAUSES[c].number == n for c, n in clauses)
    visible_controls = page.eval_on_selector_all(
        "form, input, select, button, textarea",
        "els => els.filter(e => " + SHOWN + "(e)).map(e => e.outerHTML.slice(0, 60))")
    assert visible_controls == []
    pages = pdf_pages(page.pdf(format="A4"))
    assert 1 <= pages <= 8, pages


LIGHT = """() => {
    // a full style recalculation: Chromium's media emulation leaves some computed styles stale
    document.body.style.display = 'none';
    void document.body.offsetHeight;
    document.body.style.display = '';
    const lum = (c) => {
        const m = c.match(/rgba?\\(([^)]+)\\)/);
        if (!m) return [1, 1];
        const [r, g, b, a = 1] = m[1].split(',').map(Number);
        const lin = (v) => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; };
        return [.2126 * lin(r) + .7152 * lin(g) + .0722 * lin(b), a];
    };
    const dark = [];
    for (const el of [document.body, ...document.querySelectorAll('.md-main *')]) {
        if (el.offsetParent === null && el !== document.body) continue;
        const s = getComputedStyle(el);
        const [l, a] = lum(s.backgroundColor);
        if (a > 0.1 && l < 0.7) dark.push(el.tagName + '.' + el.className + ' ' + s.backgroundColor);
        const [t] = lum(s.color);
        if (t > 0.4) dark.push('light text ' + el.tagName + '.' + el.className + ' ' + s.color);
    }
    return dark.slice(0, 10);
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_print_in_dark_mode_is_light(browser, site_url: str, lang: str) -> None:
    """Dark mode on screen; printed, a rule page (edition chosen, comparison open) and the
    editions matrix have no dark background and no light text."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark",
                                  service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url + page_path(lang, "rent") + "?edition=nl-2001")
        page.wait_for_selector("html[data-site-ready='1']", state="attached")
        assert page.get_attribute("body", "data-md-color-scheme") == "slate"
        before = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        page.emulate_media(media="print", color_scheme="dark")
        # everything unfolded (the comparison tables with their highlighted rows too)
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        assert page.evaluate(LIGHT) == []
        page.emulate_media(media="screen", color_scheme="dark")
        assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") == before
        assert page.evaluate(LIGHT) != [], "the check sees the dark screen"
        page.goto(site_url + page_path(lang, "editions"))
        page.emulate_media(media="print", color_scheme="dark")
        assert page.evaluate(LIGHT) == []
    finally:
        context.close()


@pytest.mark.parametrize("edition", [None, "nordic-2005"])
def test_sv_jail_on_a_phone(open_page, edition: str | None) -> None:
    """/sv/jail/ at 390 px: every clause heading within 7 screens of scrolling, with and
    without a chosen edition; the page's contents are at the top. (The last heading stood at
    6.17 screens without an edition once the Swedish clauses said all the Dutch says; 6.65
    in session 16, after booklet numbers in brackets, the travel edition's rule for the fine
    as an item of its own and a Swedish reader's rewording: the Dutch page's stands at 7.06.)"""
    path = page_path("sv", "jail") + (f"?edition={edition}" if edition else "")
    sp = open_page(path, **PHONE)
    page = sp.page
    tops = page.eval_on_selector_all(
        "h2.clause", "els => els.map(e => [e.id, e.getBoundingClientRect().top + scrollY])")
    assert len(tops) == 7
    screens = {cid: round(top / PHONE["height"], 2) for cid, top in tops}
    assert all(s <= 7 for s in screens.values()), screens
    assert page.is_visible(".site-toc > summary")
    toc = page.eval_on_selector_all(".site-toc a", "els => els.map(a => a.hash.slice(1))")
    assert toc == [cid for cid, _ in tops]


@pytest.mark.parametrize("lang", ["nl", "sv"])
def test_phone_screenshots_and_matrix(open_page, screenshot_dir, lang: str) -> None:
    """At 390 px: the home page (and its picker with an edition and a house rule chosen), a
    rule page with an edition chosen, one with a house rule, the rules sheet and the matrix
    (saved in screenshots/). With an edition chosen the matrix shows the rule
    point and that edition only, and fits the screen."""
    sp = open_page(page_path(lang, "index"), **PHONE)
    page = sp.page
    assert page.is_visible("#my-ed-select")
    page.screenshot(path=str(screenshot_dir / f"issue15-{lang}-home.png"))
    page.select_option("#my-ed-select", "nl-2001")
    page.click(".my-house > summary")
    page.check(".my-house input[value='free-parking-pot']")
    page.screenshot(path=str(screenshot_dir / f"issue15-{lang}-home-chosen.png"))
    sp.goto(page_path(lang, "rent") + "#rent-set-double")
    page.screenshot(path=str(screenshot_dir / f"issue15-{lang}-rule-nl-2001.png"))
    sp.goto(page_path(lang, "squares") + "#free-parking")
    assert page.is_visible("#free-parking + .house-mine[data-house=free-parking-pot]")
    page.screenshot(path=str(screenshot_dir / f"issue15-{lang}-rule-house-rule.png"))
    sp.goto(page_path(lang, "sheet"))
    page.screenshot(path=str(screenshot_dir / f"issue15-{lang}-sheet.png"))
    sp.goto(page_path(lang, "editions"))
    page.evaluate("document.querySelectorAll('details.site-fold').forEach(d => d.open = true)")
    page.evaluate("document.querySelector('.matrix-wrap').scrollIntoView()")
    page.wait_for_timeout(500)  # Material's header swaps its title as the page scrolls
    page.screenshot(path=str(screenshot_dir / f"issue15-{lang}-matrix.png"))
    columns = page.eval_on_selector_all(
        "table.matrix thead th", "els => els.filter(e => " + SHOWN + "(e)).length")
    assert columns == 2
    fits = page.eval_on_selector(".matrix-wrap", "w => w.scrollWidth <= w.clientWidth + 1")
    assert fits
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_selector("html[data-site-ready='1']", state="attached")
    page.evaluate("document.querySelectorAll('details.site-fold').forEach(d => d.open = true)")
    assert page.eval_on_selector(".matrix-wrap", "w => w.scrollWidth <= w.clientWidth + 1"), \
        "without a choice the matrix fits too: one card per rule point (issue 23)"
    page.screenshot(path=str(screenshot_dir / f"issue15-{lang}-matrix-all.png"))


def msg(lang: str, key: str, **params: Any) -> str:
    return str(translations().gettext(lang, key, **params))


@pytest.mark.parametrize("lang", LANGS)
def test_live_results_speak_the_language(open_page, lang: str) -> None:
    """Live results (Pyodide): jail advice names colour groups in the language, rent cites
    the deed as board data, a player left unnamed is "Player 2" in the language."""
    jail = {**cforms.default_request("jail", lang), "opponents_built": [["orange", 5], ["red", 3]]}
    sp = open_page(page_path(lang, "calculators") + "?"
                   + present_urlstate.query_string("jail", present_urlstate.canonical_request("jail", jail)) + "#calc-jail")
    page = sp.page
    page.wait_for_selector("#calc-jail .calc-result[data-source=live]", state="attached",
                           timeout=120_000)
    text = " ".join(page.text_content("#calc-jail .calc-result").split())
    assert "orange 5" not in text and "red 3" not in text
    # (a colour group inside a sentence is a small word: "oranje: hotel")
    assert f"{common_word(msg(lang, 'calc.group.orange'))}: {msg(lang, 'calc.level.5')}" in text

    page.click("#calc-rent .calc-submit")
    page.wait_for_selector("#calc-rent .calc-result[data-source=live]", state="attached",
                           timeout=60_000)
    text = " ".join(page.text_content("#calc-rent .calc-result").split())
    assert "board.md" not in text and msg(lang, "calc.source_board") in text

    name = page.locator("#calc-score [data-key=players] [data-key=name]").nth(1)
    name.fill("")
    name.dispatch_event("change")
    # (an unnamed player is the start's own state: the answer may be the build's or live)
    page.wait_for_function(
        "() => !document.querySelector('#calc-score').hasAttribute('aria-busy')"
        " && document.querySelector('#calc-score').dataset.updated"
        " === document.querySelector('#calc-score').dataset.changes", timeout=60_000)
    text = " ".join(page.text_content("#calc-score .calc-result").split())
    assert not re.search(r"\bP\d\b", text), text
    assert msg(lang, "calc.score.default_name", n=2) in text


@pytest.mark.parametrize("lang", ["nl", "sv"])
def test_calculators_start_with_my_edition(open_page, lang: str) -> None:
    """With an edition chosen, the calculators page starts (and resets) with it, without
    starting Python before the reader uses a calculator; a calculation in the address still
    wins."""
    sp = open_page(page_path(lang, "index") + "?edition=classic-us")
    sp.goto(page_path(lang, "calculators"))
    page = sp.page
    page.wait_for_selector("html[data-calculators='ready']", state="attached")
    for kind in rc.KINDS:
        assert page.input_value(f"#calc-{kind} [data-key=edition]") == "classic-us", kind
    # the choice is no interaction: Python is not fetched, and each calculator shows the
    # build's answer for that edition's own start (prerendered), with no "starting values"
    # warning over another board's answer
    page.wait_for_timeout(300)
    assert [u for u in sp.requests if "/assets/pyodide/" in u] == []
    for kind in rc.KINDS:
        assert page.get_attribute(f"#calc-{kind} .calc-result", "data-edition") == "classic-us", kind
        assert page.locator(f"#calc-{kind} .calc-stale").count() == 0, kind
    # a first interaction starts the runtime; the answer shown is already the one for the
    # form as it stands (the build's), so it stays, for classic-us, unmarked
    page.focus("#calc-rent [data-key=edition]")
    page.wait_for_selector("#calc-rent .calc-status[data-state=ready]", state="attached",
                           timeout=120_000)
    assert any("/assets/pyodide/" in u for u in sp.requests)
    assert page.evaluate(
        "() => { const s = document.querySelector('#calc-rent');"
        " return JSON.parse(s.dataset.shownRequest || '{}').edition === 'classic-us'"
        " && s.querySelector('.calc-result').dataset.edition === 'classic-us'"
        " && !s.classList.contains('calc-is-stale'); }")
    request = {**cforms.default_request("rent", lang), "buildings": 2}
    query = present_urlstate.query_string("rent", present_urlstate.canonical_request("rent", request))
    sp.goto(page_path(lang, "calculators") + f"?{query}#calc-rent")
    page.wait_for_selector("html[data-calculators='ready']", state="attached")
    assert page.input_value("#calc-rent [data-key=edition]") == cforms.PAGE_EDITION[lang]
    assert page.input_value("#calc-mortgage [data-key=edition]") == cforms.PAGE_EDITION[lang]
