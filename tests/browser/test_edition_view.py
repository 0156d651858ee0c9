"""Issue 23 item 2 in Chromium, four languages: "My edition" gives my rules.

- Every rule page at 390 px, without a choice and with each main edition chosen in the
  picker: screens (document height / viewport height) with a choice at most
  :data:`TARGET` of those without (pages listed in :data:`MEASURED_CAPS`: at most their
  measured cap, until they reach it); what is left visible speaks of the chosen edition
  (or of none), what speaks only of others waits in the clause's "other editions" part;
  every clause that holds for the chosen edition keeps words of its own; clearing the
  choice gives the page back exactly as it was. The card game's page (a game of its own)
  has no picker and reads the same with any choice.
- /disputes/: for every dispute and main edition, the edition's answer first and marked,
  in the edition's name and booklet alone, the other answers (and the other editions of a
  shared one) folded behind one line (checked against ``hooks.render.disputes.rows``).
- /examples/: for every main edition, each chapter shows that edition's examples (and the
  card game's, a game of its own) in the build's order, the other editions' behind one
  closed line that counts them; a link to a folded example opens it; no choice, no fold.
- The picker's line confirms the choice in the reader's language; with a choice the picker
  shrinks to that line, the select and the house rules (issue 23, phone first).
- Screenshots at 390 px with and without a choice (``screenshots/edition-*.png``).

The numbers are printed (``-s``) and recorded in the run's summary.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from engine.clauses import MODE_CLAUSES
from hooks.common import CLAUSES
from engine.editions import EDITIONS, MAIN_EDITIONS, clause_editions
from hooks.common import RULE_PAGES
from hooks.entry.my_edition import OWN_GAME_PAGES
from hooks.render.card_words import has_keys
from hooks.render.disputes import DISPUTES, rows
from hooks.render.edition_prose import family
from hooks.render.examples import ordered
from hooks.catalogs.i18n import LANGS, translations

PHONE = {"width": 390, "height": 844}
TARGET = 0.7
"""Screens with a choice over screens without, at most (issue 23)."""
MEASURED_CAPS: dict[str, float] = {
    "turn": 0.86, "buying": 0.83, "trading": 0.79,
    "mortgages": 0.78, "bankruptcy": 0.76, "variants": 0.72,
}
"""Pages that do not reach :data:`TARGET` yet, each capped about 0.02 above the worst ratio
measured over the four languages and editions (build of 2026-12-07, session 21), so they cannot get
worse unnoticed. Lower a cap when a change shortens its page; the issue's target is
:data:`TARGET` for every page.

Why they stay above it: the rules every edition shares (:data:`SHARED_ONLY`, printed beside
each ratio) take most of the page by themselves: /turn/ 0.69-0.72 of its length without a
choice (the target is out of reach without hiding a rule of the chosen edition), /buying/
0.58-0.62, /bankruptcy/ 0.55-0.56, /mortgages/ 0.55-0.57, /trading/ 0.51-0.54; what remains is
the chosen edition's own rule with its citation, values block and one "other editions" line
per clause. The page of the card game, a game of its own, has no picker and does not change
with a choice (:func:`test_a_game_of_its_own_reads_the_same_with_a_choice`).

History: /jail/ reached the target once the picker shrank with a choice (164 px at 390 px
instead of 273-299, :func:`test_picker_shrinks_with_a_choice`). Session 14: the Danish
variants page showed six values blocks the other languages do not (the same tables in every
language is now part of ``tools/same_rule.py``): variants 0.90 -> 0.77; a list item without a
colon is about the editions its first sentence names, and a sentence after a list that spoke
of "the last two" items went into those items: building 0.79 -> 0.77. Three pages grew,
rightly, once shared rules stopped being hidden: a sentence that names an edition only in
brackets ("a card (in nordic-2005 a key) may be sold") was taken as that edition's
(/jail/ 0.68 -> 0.71 for nl-2001, /trading/ 0.77 -> 0.81 for nl-modern, whose whole clause
8.3 had been empty; see WORDLESS), and a sentence about every edition ("so a sum holds in
every edition") no longer goes on about the edition named before it (/setup/: the note on
currencies now shows for nl-2001 too, 0.77, though its citations became one run; /bankruptcy/
0.78 -> 0.80 for nl-modern: "this site counts so in every edition" shows). Session 15: with a
choice every clause of the edition keeps its evidence in view (:func:`missing_evidence`):
where all editions agree, a line with the edition's booklet sections and rulings instead of
no block at all; "X says so; the other editions are silent, the site rules so" is about
every edition, not X's (``Language.others_words``); a sentence naming X and citing the
others' booklets is about them too. Pages grew by those lines: setup 0.79 -> 0.81 (nb, nl-2001:
the notes of the start money cite its booklet), turn 0.84 -> 0.87, buying 0.87 -> 0.91 (da,
nordic-2005), mortgages 0.79 -> 0.81, rent 0.68 -> 0.70 (classic-us), jail 0.71 -> 0.73;
bankruptcy went down (0.80 -> 0.78), its "the other editions are silent" sentences now going
with the comparison where the edition's values show. /squares/ reached the target (0.78 -> 0.68):
the travel edition's dice and the American 10 % choice are clauses of one edition
(``engine.clauses.EDITION_CLAUSES``), folded whole for the others, and the card text names the
editions that have cards; "three editions say so (bron 000; bron 002; bron 003)" is about the
three it cites (/buying/ 0.91 -> 0.88 for nordic-2005). Session 16: where the chosen
edition's values stand under the heading, the list that says per edition what each does
(the edition's own item repeated the values block's value and source) folds with the
comparison, its lead-in sentence with it (:data:`SAID_TWICE`); an emptied list no longer
keeps its 32 px of margins: /rent/ 0.69 -> 0.61 and /jail/ 0.73 -> 0.67 (both now within
:data:`TARGET`), /building/ 0.75 -> 0.71, /setup/ 0.80 (nl-2001 0.79 -> 0.75), /buying/
0.85 -> 0.80 for nl-2001 in Dutch. The same clauses in Swedish and Norwegian had said per
edition in running prose what Dutch says in an edition list (setup-players, the auction's
opening bid, the short game's end): written as the lists, so they fold alike, /setup/ 0.80 ->
0.75 (sv, nl-2001), /buying/ 0.85 -> 0.75 (nb, nl-2001) and 0.86 -> 0.83 (nb, nordic-2005).
Session 17: a sentence whose clause links all point to rules of modes the edition lacks
("the speed die does not count for a double, 11.6") goes with the comparison
(``edition_prose.ref_editions``): /setup/ 0.75 -> 0.74, /bankruptcy/ 0.78 -> 0.76, /mortgages/
0.80 -> 0.79 (their shared part 0.48-0.56 now, the "see 11.3" sentences no longer counted as
every edition's). Tried and taken back: where every edition agrees and nothing folded,
dropping the "all editions say the same" line (it is quiet on one clause of the site: no
measurable change). Session 18: the rules of modes an edition lacks fold as one run under
the first one's heading (variants, nl-2001: 0.74-0.75 -> 0.70-0.72); in "X says so. The
other editions are silent; the site rules so." the second sentence is the other editions'
alone (X's reader no longer keeps it), and such comparisons joined by a semicolon
("nl-2001 and nl-modern forbid it (...); nordic-2005 and classic-us name only the bank")
became two sentences, each its editions': /building/ reached the target (0.71 -> 0.69),
/setup/ 0.74 -> 0.73, /trading/ 0.80 -> 0.77, /bankruptcy/ 0.76 -> 0.74 (and the sentence
about what nl-modern leaves unsaid at a bankruptcy no longer speaks of "the other editions"
it follows: it is nl-modern's alone, 0.75 -> 0.70 for nl-2001). The words for "the
other editions" are now found across a line break of the page's source: the Danish and
Norwegian "Kun ejeren kan indfri" (only the owner repays a mortgage) had been taken as
nl-2001's alone and folded away for the other editions' readers, and shows now
(/mortgages/ 0.79 -> 0.80 for nl-modern in Danish). The Swedish "De tre andra tar inte upp
fallet" was not read as the other editions either: its ruling (R19) was nl-2001's, now the
others' (/turn/ 0.86 -> 0.80 for nl-2001 in Swedish; the page's worst is now 0.85). Session 19: a
citation that names a place inside its section ("bron 000, punt 5 onder ‘4. De bankier en de
bank’") or a section title holding quotes of its own (Swedish ”“START” passeren”) is part of
its run of citations, so the reader keeps only their own booklet there too; with a choice the
picker's line is "Jouw editie: X" (one line in every language) and the house rules stand
beside the select where both fit (picker 138-164 -> 89-138 px); a title's pilcrow no longer
takes a line of its own at phone width: /setup/ reached the target (0.73 -> 0.70), turn 0.85
-> 0.84, buying 0.82 -> 0.82, bankruptcy 0.74 -> 0.74, variants 0.72 -> 0.71. Then a rule that
had been hidden came back: in 10.2 "your get-out cards go under their pile; in the travel
edition your keys go back" named that edition and cited all four booklets, so with any
choice it counted as a comparison and folded; it is now the rule of every edition (the key
in brackets, the citations in a sentence of their own), and 10.2 says that the mortgages
lapse: bankruptcy 0.74 -> 0.75 (da, nl-modern), cap 0.77. Session 21: an edition has one name
everywhere ("Nederländerna – moderna regler" in the select, the picker's line and the prose);
the Swedish line "Din utgåva: Nederländerna – moderna regler" now takes two lines at 390 px:
trading 0.766 -> 0.773 (sv, nl-modern), cap 0.79. The currency note of /setup/ says per
edition which currency it plays in (a reader of one edition keeps one sentence of it):
setup 0.70 -> 0.69 after the travel edition's player count was said once instead of twice.
Mortgages 0.79 -> 0.76 and bankruptcy 0.75 -> 0.75: caps 0.78 and 0.76. Session 22: the
travel edition's key and task words in place of the card's (``[[cards: A || B]]``, the same
length) and the yes/no values said as sentences moved no page by more than 0.003 (trading
0.773 -> 0.775, bankruptcy 0.747 -> 0.749, squares 0.666 -> 0.678 after a sentence about
both boards gained its ruling link back). Session 23: the Swedish, Danish and Norwegian
clauses the Dutch had changed since were aligned with it: buying 0.817 -> 0.823 (nb,
nordic-2005), setup 0.694 -> 0.699 (nb, nl-2001), turn 0.851 -> 0.846; a clause's "other
editions" line became 44 px tall with a choice without lengthening a page."""


def page_path(lang: str, slug: str) -> str:
    prefix = "" if lang == "nl" else f"{lang}/"
    return f"{prefix}{slug}/"


def screens(page: Any) -> float:
    """The page's length in screens, its folded sections open (``hooks/render/fold.py``: on
    the rulings page every ruling is a closed fold, which would measure only the headings),
    without the footer's offline line: it appears about a second after the page has loaded
    (``site-offline.js``, once the browser is idle), so a page measured just before and
    just after it would differ by its 99 px (0.12 screens) and not by the choice."""
    return page.evaluate("""() => {
        document.querySelectorAll('details.site-fold').forEach(d => d.open = true);
        const box = document.querySelector('.site-offline');
        const late = box && !box.hidden ? box.getBoundingClientRect().height : 0;
        return (document.documentElement.scrollHeight - late) / innerHeight; }""")


SHARED_ONLY = """() => {
    const about = '.md-content article :is([data-about]:not([data-about=""]), .ed-list, '
        + '.ed-clause, .ed-mine-set, .ed-cite, .ed-cites, .ed-chip)';
    const hidden = [...document.querySelectorAll(about)];
    hidden.forEach(el => el.style.setProperty('display', 'none', 'important'));
    document.querySelectorAll('details.site-fold').forEach(d => d.open = true);
    const box = document.querySelector('.site-offline');
    const late = box && !box.hidden ? box.getBoundingClientRect().height : 0;
    const length = (document.documentElement.scrollHeight - late) / innerHeight;
    hidden.forEach(el => el.style.removeProperty('display'));
    return length; }"""
"""The page's length in screens with everything about any edition out of view (what
speaks of one or some editions, the edition lists, the values blocks, the comparisons and
their fold lines, the citations, the edition names): the rules every edition shares. No
choice can make a page shorter than this without hiding a rule of the chosen edition; for
/turn/ it is 0.69-0.72 of the page without a choice, about :data:`TARGET` by itself."""


WORDLESS = """() => {
    const clauses = [];
    let current = null;
    const take = (el) => {
        if (current && !el.matches('.ed-clause, .ed-away, .clause-copy')
                && el.getClientRects().length && el.innerText.trim()) current.said = true;
    };
    for (const el of document.querySelectorAll('.md-content article > *')) {
        const head = el.matches('details.site-fold')
            ? el.querySelector(':scope > summary h2.clause') : null;
        if (head) {
            current = {id: head.id, said: false};
            clauses.push(current);
            [...el.children].filter(c => c.tagName !== 'SUMMARY').forEach(take);
            current = null;
        } else if (el.tagName === 'H2') {
            current = el.matches('.clause') ? {id: el.id, said: false} : null;
            if (current) clauses.push(current);
        } else {
            take(el);
        }
    }
    return clauses.filter(c => !c.said).map(c => c.id); }"""
"""The clauses that show nothing but their heading and "other editions" line (the page's
folded sections open, see :func:`screens`)."""


ABOUT_OTHERS_ONLY: frozenset[tuple[str, str]] = frozenset({
    ("ruling-bankrupt-player-modern", "classic-us"),
})
"""(clause, edition) where every word of the clause is about other editions, so with that
edition chosen it folds whole: the ruling weighs nl-modern's text against nl-2001's and
nordic-2005's and never speaks of classic-us."""


EVIDENCE = """() => {
    const seen = el => el.getClientRects().length > 0 && !el.closest('details:not([open])');
    const out = {};
    let current = null;
    const take = (el) => {
        if (!current || !seen(el)) return;
        const marks = [...el.querySelectorAll('a.src-name, .src-board, a[href*="#ruling-"]')];
        if (el.matches('a.src-name, .src-board, a[href*="#ruling-"]')) marks.push(el);
        for (const m of marks.filter(seen)) {
            if (m.matches('.src-board')) current.board = true;
            else if (m.matches('a.src-name')) current.sources.push(m.hash.slice(1));
            else current.ruling = true;
        }
    };
    for (const el of document.querySelectorAll('.md-content article > *')) {
        const head = el.matches('details.site-fold')
            ? el.querySelector(':scope > summary h2.clause') : null;
        if (head || el.matches('h2')) {
            const h = head || el;
            current = h.matches('.clause') ? {sources: [], ruling: false, board: false} : null;
            if (current) out[h.id] = current;
            if (head) { [...el.children].filter(c => c.tagName !== 'SUMMARY').forEach(take);
                        current = null; }
        } else {
            take(el);
        }
    }
    return out; }"""
"""Per clause, what of its evidence is in view: the booklets cited (``source-000``..), a
ruling linked, board data marked."""

EVIDENCE_ELSEWHERE: dict[str, str] = {
    "cards-shuffle": "nl-2001 is pointed to the clause that cites it (cards-draw): its "
                     "booklet says nothing of shuffling (the travel edition, without decks, "
                     "has not this clause: EDITION_CLAUSES)",
    "trade-no-rent-deals": "nl-modern's tip; the others are silent, and what the site does "
                           "is the engine's rent, said in the clause's second paragraph",
    "house-auction-all": "a house rule of the 000 booklet: 000 is its evidence whatever the "
                         "edition",
}
"""Clauses where the chosen edition's own booklet is rightly not cited with a choice."""


def missing_evidence(before: dict[str, Any], now: dict[str, Any], edition: str,
                     slug: str) -> list[str]:
    """The clauses of the chosen edition that cited its booklet or a ruling without a
    choice and now show neither its booklet, nor a ruling, nor board data: a rule that
    reads as the edition's without saying where it stands ("every claim has evidence").
    The rulings page is left out: each of its clauses is the site's ruling."""
    if slug == "rulings":
        return []
    own = f"source-{EDITIONS[edition].source}"
    out = []
    for cid, was in before.items():
        if edition not in (clause_editions(cid) or MAIN_EDITIONS) or cid in EVIDENCE_ELSEWHERE:
            continue
        is_ = now.get(cid)
        if is_ is None:
            continue  # a clause of a mode the edition lacks: folded whole
        if (own in was["sources"] or was["ruling"]) and not (
                own in is_["sources"] or is_["ruling"] or is_["board"]):
            out.append(cid)
    return out


def choose(page: Any, edition: str) -> None:
    page.select_option("#my-ed-select", edition)


def each_edition(sp: Any, lang: str, slug: str) -> Iterator[str]:
    """Each main edition chosen on ``slug``: the first by its link (?edition=), the others
    in the page's own picker, in place; the page's folded sections (hooks/render/fold.py)
    opened, as a reader opens the one they want (the "other editions" folds stay as they are)."""
    for i, edition in enumerate(MAIN_EDITIONS):
        if i == 0:
            sp.goto(page_path(lang, slug) + f"?edition={edition}")
        else:
            choose(sp.page, edition)
        sp.page.evaluate("document.querySelectorAll('details.site-fold').forEach(d => d.open = true)")
        yield edition


OTHERS = """(ed) => [...document.querySelectorAll('.md-content article [data-about]')]
    .filter(el => !(el.matches('.ed-s') && el.closest('li')))
    .filter(el => { const ids = el.dataset.about.split(' ').filter(Boolean);
                    return ids.length && !ids.includes(ed); })"""
"""Pieces about other editions only (a sentence inside a list item goes with its item)."""
STRAYS = OTHERS + """
    .filter(el => el.getClientRects().length > 0 && !el.closest('details:not([open])'))
    .map(el => el.textContent.trim().slice(0, 60))"""
"""Of those, what a reader sees with ``ed`` chosen (none may be left)."""
LOOSE = OTHERS + """
    .filter(el => !el.classList.contains('ed-away') && !el.closest('details.ed-others'))
    .map(el => el.textContent.trim().slice(0, 60))"""
"""Of those, the list items and examples that are not in an "other editions" part."""


SAID_TWICE = """(ed) => {
    const seen = el => el.getClientRects().length > 0 && !el.closest('details:not([open])');
    const out = [];
    let mine = false, id = null;
    for (const el of document.querySelectorAll('.md-content article > *')) {
        if (el.matches('h2')) { mine = false; id = el.id; continue; }
        if (el.matches('.ed-mine-set') && [...el.querySelectorAll(
                '.ed-mine:not(.ed-mine-said)[data-edition="' + ed + '"]')].some(seen)) mine = true;
        if (mine && el.matches('ul.ed-list')
                && [...el.querySelectorAll(':scope > li[data-about]')].some(seen)) out.push(id);
        // a lead-in left in view without its list ("Hier lopen de edities uiteen:")
        const next = el.nextElementSibling;
        if (el.matches('p') && seen(el) && /:\\s*$/.test(el.innerText)
                && next && next.matches('ul.ed-list') && !seen(next)) out.push(id + ' (lead)');
    }
    return out; }"""
"""The clauses where the chosen edition's values block stands beside that edition's item
of the list that compares the editions (the same value and source twice: the list is the
comparison and folds, ``site.js`` ``foldClause``), or whose lead-in to that list stayed
when its items went."""


HOLDS: dict[str, list[str]] = {cid: list(clause_editions(cid) or ()) for cid in CLAUSES}
"""Clause id -> the main editions it holds for (empty: every edition)."""
LACKING = """({ed, holds}) => {
    const seen = el => el.getClientRects().length > 0 && !el.closest('details:not([open])');
    const lacks = a => { const id = a.hash.slice(1); return (holds[id] || []).length > 0
                                                         && !holds[id].includes(ed); };
    return [...document.querySelectorAll('.md-content article p a.clause-ref')]
        .filter(a => seen(a) && lacks(a) && !a.closest('li, .ed-fold-body, .admonition'))
        .filter(a => { const s = a.closest('.ed-s') || a.closest('p');
                       return [...s.querySelectorAll('a.clause-ref')].every(lacks); })
        .map(a => (a.closest('.ed-s') || a.closest('p')).textContent.trim().slice(0, 70)); }"""
"""Sentences in view whose clause links all point to rules of modes or editions the chosen
one lacks ("the speed die does not count for a double, 11.6" for Nederland 2001): they
speak of other editions and go with the comparison (``edition_prose.ref_editions``)."""

AGREE_APART = """(all) => {
    const out = [];
    for (const sum of document.querySelectorAll('.ed-clause[data-agree] .ed-sum-chosen')) {
        if (!sum.getClientRects().length) continue;
        const box = sum.closest('.ed-clause');
        for (let el = box.previousElementSibling; el && !el.matches('h2.clause, summary');
             el = el.previousElementSibling) {
            if (!el.matches('p, ul')) continue;
            const apart = [...el.querySelectorAll('.ed-s[data-about], li[data-about]')].filter(s =>
                s.getClientRects().length && !s.closest('.ed-away')
                && s.getAttribute('data-about').split(' ').filter(Boolean).length < all);
            if (apart.length) out.push(box.dataset.clause + ': ' + apart[0].textContent.trim().slice(0, 60));
        }
    }
    return out; }"""
"""Clauses whose line says "All editions say the same here" (their values agree) over text
in view that speaks of some editions apart ("X's summary says otherwise; the site does not
follow it"): the line and the text would contradict each other (``site.js`` markApart)."""

NAMES = """(ed) => [...document.querySelectorAll('.md-content .sq-name')]
    .filter(el => el.textContent !== (ed ? el.getAttribute('data-name-' + ed)
                                          : el.getAttribute('data-name')))
    .map(el => el.textContent)"""
"""The squares of the prose (``[[square: n]]``, ``hooks/render/board_names.py``) that do not
read as the chosen edition's board names them ("Boardwalk" for the travel edition), or as
every board's name without a choice."""


KINDS = """(keys) => [...document.querySelectorAll('.md-content :is(.ck-cards, .ck-keys, .ck-alone)')]
    .map(el => el.matches('.ck-alone') ? el.closest('p') : el)
    .filter(el => !el.hidden === (el.matches('.ck-keys') ? !keys : keys))
    .map(el => el.className + ': ' + el.textContent.trim().slice(0, 50))"""
"""Where the prose says the card and the key apart (``[[cards: A || B]]``,
``hooks/render/card_words.py``), the words that do not fit the chosen edition but are in
view: the card's with an edition that has keys, the key's otherwise."""


@pytest.mark.parametrize("lang", LANGS)
def test_rule_pages_are_shorter_with_an_edition(open_page, lang: str, report) -> None:
    """Every rule page, every main edition: at most 0.7x the screens (or the page's
    measured cap), and the rule pages together at most 0.7x for every edition; nothing about other editions left in view, every square of the prose
    named as the edition's board names it (:data:`NAMES`), and back as it was when the
    choice is cleared."""
    sp = open_page(page_path(lang, "setup"), width=PHONE["width"], height=PHONE["height"])
    page = sp.page
    table = []
    failures = []
    total = {edition: [0.0, 0.0] for edition in MAIN_EDITIONS}  # screens with, without
    for slug in RULE_PAGES:
        if slug in OWN_GAME_PAGES:
            continue  # no picker there: test_a_game_of_its_own_reads_the_same_with_a_choice
        sp.goto(page_path(lang, slug))
        before = screens(page)
        evidence = page.evaluate(EVIDENCE)
        row = [slug, round(before, 2)]
        for edition in MAIN_EDITIONS:
            choose(page, edition)
            after = screens(page)
            unbacked = missing_evidence(evidence, page.evaluate(EVIDENCE), edition, slug)
            if unbacked:
                failures.append(f"{slug} {edition}: neither its booklet nor a ruling in view "
                                f"in {unbacked}")
            row.append(f"{after / before:.2f}/{page.evaluate(SHARED_ONLY) / before:.2f}")
            stray = page.evaluate(STRAYS, edition)
            if stray:
                failures.append(f"{slug} {edition}: still shown: {stray[:3]}")
            # a rule of the chosen edition keeps its words: a sentence that names another
            # edition only in brackets ("a card (a key in nordic-2005)") is not that
            # edition's (it had emptied trade-cards and jail-card for nl-modern)
            wordless = [cid for cid in page.evaluate(WORDLESS)
                        if edition in (clause_editions(cid) or MAIN_EDITIONS)
                        and (cid, edition) not in ABOUT_OTHERS_ONLY]
            if wordless:
                failures.append(f"{slug} {edition}: nothing of the rule left in {wordless}")
            lacking = page.evaluate(LACKING, {"ed": edition, "holds": HOLDS})
            if lacking:
                failures.append(f"{slug} {edition}: a sentence in view points only to rules "
                                f"the edition lacks: {lacking[:3]}")
            apart = page.evaluate(AGREE_APART, len(MAIN_EDITIONS))
            if apart:
                failures.append(f"{slug} {edition}: 'all editions say the same' over {apart[:3]}")
            names = page.evaluate(NAMES, edition)
            if names:
                failures.append(f"{slug} {edition}: squares not named as its board names "
                                f"them: {names[:3]}")
            kinds = page.evaluate(KINDS, has_keys(edition))
            if kinds:
                failures.append(f"{slug} {edition}: the card's or key's words that are not "
                                f"its own: {kinds[:3]}")
            twice = page.evaluate(SAID_TWICE, edition)
            if twice:
                failures.append(f"{slug} {edition}: values block and list item both in {twice}")
            loose = page.evaluate(LOOSE, edition)
            if loose:
                failures.append(f"{slug} {edition}: outside an 'other editions' part: "
                                f"{loose[:3]}")
            total[edition][0] += after
            total[edition][1] += before
            limit = MEASURED_CAPS.get(slug, TARGET)
            if after > before * limit + 1e-9:
                failures.append(f"{slug} {edition}: {after:.2f} screens against {before:.2f}"
                                f" without a choice ({after / before:.2f}x > {limit}x)")
        choose(page, "")
        kinds = page.evaluate(KINDS, False)
        if kinds:
            failures.append(f"{slug}: the key's words in view after clearing: {kinds[:3]}")
        names = page.evaluate(NAMES, "")
        if names:
            failures.append(f"{slug}: squares not named by every board after clearing: {names[:3]}")
        again = screens(page)
        # (within a line: a page measured again can differ by a few pixels of rounding; the
        # late 99 px were the footer's offline line, see screens(); a page that keeps a
        # folded part differs by far more)
        if abs(again - before) > 0.03:
            failures.append(f"{slug}: {again:.2f} screens after clearing, {before:.2f} before")
        table.append(row)
    print(f"\n{lang}: screens at 390 px without a choice, and with / without per edition "
          f"({', '.join(MAIN_EDITIONS)}), each beside the share of the text that names no "
          "edition (SHARED_ONLY)")
    for row in table:
        print("  " + "  ".join(str(x) for x in row))
    # the rule pages as a whole (what a reader of one edition reads of the rules): within
    # the target for every edition, the pages above it included
    whole = {edition: after / before for edition, (after, before) in total.items()}
    print(f"  all rule pages: " + "  ".join(f"{e} {r:.2f}" for e, r in whole.items()))
    failures += [f"all rule pages, {edition}: {r:.2f}x > {TARGET}x" for edition, r in whole.items()
                 if r > TARGET]
    report("edition view", f"rule pages x editions ({lang})", len(table) * len(MAIN_EDITIONS))
    assert failures == [], "\n".join(failures)


RULINGS_IN_VIEW = """() => {
    const seen = el => el.getClientRects().length > 0 && !el.closest('details:not([open])');
    const out = {};
    let clause = '-';
    const walk = el => {
        if (el.matches('h2.clause')) { clause = el.id; return; }
        for (const a of el.querySelectorAll('a[href*="#ruling-"], a.clause-ref')) {
            // (a page's introduction may point ahead to its clauses in its own words)
            if (!seen(a) || (clause === '-' && !a.matches('[href*="#ruling-"]'))) continue;
            const where = a.closest('.ed-mine-set') ? 'values' : 'prose';
            const key = clause + ' ' + where;
            (out[key] = out[key] || []).push(a.getAttribute('href').split('#')[1]);
        }
    };
    // clause by clause in page order: a clause's heading may have folded into a run of
    // clauses the edition lacks (then what it holds is out of view anyway)
    for (const el of document.querySelectorAll('.md-content article > *')) walk(el);
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...new Set(v)].sort()]));
}"""
"""Per clause, the rulings and clauses whose links a reader sees, in the prose and in the
values line."""


@pytest.mark.parametrize("slug", [s for s in RULE_PAGES
                                  if s not in OWN_GAME_PAGES and s != "rulings"])
def test_a_reader_sees_the_same_rulings_and_references_in_every_language(open_page, slug: str) -> None:
    """The four languages state the same rules, with a choice too: for every main edition,
    each clause of the page shows its reader the same rulings and points to the same clauses
    (their links in the prose, and in the edition's values line) in Swedish, Danish and
    Norwegian as in Dutch. Before, a
    Swedish sentence about the other editions ("De tre andra tar inte upp fallet ... R19")
    was not read as theirs and folded away for them; the Dutch link to R2 (a ruling for the
    Nordic edition's streets) stood in the sentence about the modern banker; a Norwegian
    sentence said "the Nordic text" without naming the edition, so its ruling R16 stayed in
    view for every reader; the Dutch and Danish R17 (the other editions read as the modern
    rules) showed only to the modern rules' reader; the Danish pointer to 4.9 (the American
    card to the nearest utility) stood after the Nordic sentence. (The rulings page is the rulings
    themselves, one folded section each: :func:`test_rule_pages_are_shorter_with_an_edition`
    walks it.)"""
    sp = open_page(page_path("nl", slug), width=PHONE["width"], height=PHONE["height"])
    page = sp.page
    seen: dict[tuple[str, str], dict[str, list[str]]] = {}
    for lang in LANGS:
        sp.goto(page_path(lang, slug))
        for edition in MAIN_EDITIONS:
            choose(page, edition)
            seen[lang, edition] = page.evaluate(RULINGS_IN_VIEW)
        choose(page, "")
    # every rule page cites rulings for some edition (the check is not empty)
    assert any(seen["nl", edition] for edition in MAIN_EDITIONS), slug
    differ = []
    for edition in MAIN_EDITIONS:
        dutch = seen["nl", edition]
        for lang in LANGS[1:]:
            other = seen[lang, edition]
            for key in sorted(set(dutch) | set(other)):
                if dutch.get(key, []) != other.get(key, []):
                    differ.append(f"{edition} {lang} {key}: nl {dutch.get(key, [])}, "
                                  f"{lang} {other.get(key, [])}")
    assert differ == [], "\n".join(differ)


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_of_its_own_reads_the_same_with_a_choice(open_page, lang: str) -> None:
    """The card game's page (``OWN_GAME_PAGES``) has no picker, and with any main edition
    chosen (from a link, as a reader arrives with it) nothing on it folds, moves or
    hides: every clause there is the card game's rule. Before, choosing the Dutch 2001
    edition folded the card game's own introduction and examples behind "what other
    editions say here"."""
    for slug in OWN_GAME_PAGES:
        sp = open_page(page_path(lang, slug), width=PHONE["width"], height=PHONE["height"])
        page = sp.page
        assert page.query_selector(".my-ed-picker") is None, slug
        before = screens(page)
        text = page.inner_text("article")
        for edition in MAIN_EDITIONS:
            sp.goto(page_path(lang, slug) + f"?edition={edition}")
            assert page.get_attribute("html", "data-my-edition") == edition
            changed = page.evaluate("""() => document.querySelectorAll(
                '.ed-away, .ed-fold-made, .ed-fold-body').length""")
            assert changed == 0, (slug, edition, changed)
            assert abs(screens(page) - before) <= 0.03, (slug, edition, screens(page), before)
            assert page.inner_text("article") == text, (slug, edition)
        sp.goto(page_path(lang, slug) + "?edition=none")
        assert page.get_attribute("html", "data-my-edition") is None


@pytest.mark.parametrize("lang", LANGS)
def test_disputes_put_my_edition_first(open_page, lang: str, report) -> None:
    """Every dispute, every main edition: the rows that give this edition's answer (where
    it gives none, its game mode's: the speed die's three disputes) come first and are marked, naming the edition alone and citing its booklet alone; the
    others (and the rest of a row it shares) are folded (closed) behind one line that says
    whether they agree; no edition's answer is lost; without a
    choice every row is back in build order and none is marked. The edition is chosen in
    the page's own picker (a player at another table changes it right there)."""
    sp = open_page(page_path(lang, "disputes"))
    page = sp.page
    built = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.dispute')]
        .map(d => [d.dataset.dispute, [...d.querySelectorAll('.dispute-row')]
        .map(li => li.dataset.editions)]))""")
    assert set(built) == set(DISPUTES)
    problems = []
    for edition in each_edition(sp, lang, "disputes"):
        shown = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.dispute')]
            .map(d => [d.dataset.dispute, {
                open: [...d.querySelectorAll('.dispute-row')]
                    .filter(li => li.getClientRects().length > 0 && !li.closest('details:not([open])'))
                    .map(li => [li.dataset.editions, li.classList.contains('dispute-mine'),
                                [...li.querySelectorAll('.dispute-ed')].filter(e => e.getClientRects().length)
                                    .map(e => e.textContent.trim()).join('|'),
                                [...li.querySelectorAll('.dispute-cite')].filter(e => e.getClientRects().length)
                                    .map(e => e.dataset.for).join(' ')]),
                folded: [...d.querySelectorAll('details.dispute-others:not([open]) .dispute-row')]
                    .map(li => li.dataset.editions),
                // the first row's and the folded rows' answers and grounds
                answers: [...d.querySelectorAll('.dispute-row')].filter((li, i) => i === 0
                    || li.closest('details.dispute-others')).map(li => li.querySelector('.dispute-answer').textContent.trim()),
                bases: [...d.querySelectorAll('.dispute-row')].filter((li, i) => i === 0
                    || li.closest('details.dispute-others')).map(li => li.dataset.basis),
                line: (d.querySelector('details.dispute-others > summary') || {}).textContent}]))""")
        # the fold's line says whether the others agree (on the same or another ground) or differ
        agree_line, same_line, other_line = (page.evaluate(
            f"() => document.querySelector('meta[name=\"site:{m}\"]').content")
            for m in ("all-agree", "same-items", "other-items"))
        name = translations().gettext(lang, f"edition.{edition}.short").text
        for did, dispute in DISPUTES.items():
            has = [r.edition.id for r in rows(dispute)]
            # the edition's own answer; where it has none, its game mode's (the speed die's
            # disputes: the modern Dutch edition played with that die)
            ours = ({edition} if edition in has else
                    {r.edition.id for r in rows(dispute) if r.edition.base == edition})
            got = shown[did]
            if not ours:
                if any(row[1] for row in got["open"]) or got["folded"]:
                    problems.append(f"{edition} {did}: changed, but it has no answer of it")
                continue
            first_ids, first_mine, label, cites = got["open"][0]
            if not ours & set(first_ids.split()) or not first_mine:
                problems.append(f"{edition} {did}: first shown {first_ids!r}")
            if any(not ours & set(row[0].split()) for row in got["open"]):
                problems.append(f"{edition} {did}: other answers in view")
            # the row in view speaks of the edition alone (or of its mode): its name, its booklet
            if not label.startswith(name) or "|" in label or set(cites.split()) - ours:
                problems.append(f"{edition} {did}: in view {label!r}, cites {cites!r}")
            # every edition's answer is still there, in view (by the booklets cited) or
            # folded, once
            now = sorted(e for ids in [r[3] for r in got["open"]] + got["folded"] for e in ids.split())
            if now != sorted(e for ids in built[did] for e in ids.split()):
                problems.append(f"{edition} {did}: rows lost")
            if got["folded"]:
                want = (other_line if len(set(got["answers"])) > 1 else
                        agree_line if len(set(got["bases"])) == 1 else same_line)
                if got["line"] != want:
                    problems.append(f"{edition} {did}: fold line {got['line']!r}")
    choose(page, "")
    again = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.dispute')]
        .map(d => [d.dataset.dispute, [...d.querySelectorAll('.dispute-row')]
        .map(li => li.dataset.editions)]))""")
    assert again == built
    assert page.eval_on_selector_all(".dispute-mine, details.dispute-others", "e => e.length") == 0
    report("edition view", f"disputes x editions ({lang})", len(DISPUTES) * len(MAIN_EDITIONS))
    assert problems == [], problems[:20]



EXAMPLES_SHOWN = """() => Object.fromEntries([...document.querySelectorAll('details.site-fold')]
    .filter(ch => ch.querySelector('.worked-example'))
    .map(ch => [ch.querySelector('summary h2').id, {
        open: [...ch.querySelectorAll('.worked-example')]
            .filter(ex => ex.getClientRects().length > 0 && !ex.closest('details.ed-others'))
            .map(ex => ex.dataset.example),
        folded: [...ch.querySelectorAll('details.ed-others .worked-example')]
            .map(ex => ex.dataset.example),
        shut: [...ch.querySelectorAll('details.ed-others')].map(d => !d.open),
        lines: [...ch.querySelectorAll('details.ed-others > summary')]
            .map(s => s.textContent.trim())}]))"""
"""Per chapter of /examples/ (its heading's id): the examples in view, those in its
"other editions" folds, whether each fold is closed and its line."""


@pytest.mark.parametrize("lang", LANGS)
def test_examples_show_my_edition(open_page, lang: str, report) -> None:
    """/examples/, every chapter and main edition: in view the edition's own examples (a
    mode's count as its edition's), then the card game's, each in the build's order; the other
    editions' in one closed fold after them whose line counts them; nothing lost. A link
    to a folded example (the "Next" of the one before it) opens it. A choice kept from an
    earlier visit gives the same page as it loads. Without a choice the page is back in
    build order with no fold."""
    sp = open_page(page_path(lang, "examples"), width=PHONE["width"], height=PHONE["height"])
    page = sp.page
    built = page.evaluate("() => [...document.querySelectorAll('.worked-example')]"
                          ".map(ex => ex.dataset.example)")
    examples = ordered()
    assert built == [ex.id for ex in examples]
    chapters: dict[str, list[Any]] = {}
    for ex in examples:
        chapters.setdefault(f"topic-{ex.topic}", []).append(ex)
    line = page.evaluate("() => document.querySelector('meta[name=\"site:other-examples\"]').content")
    assert "{count}" in line
    problems = []
    folded_total = 0
    for edition in each_edition(sp, lang, "examples"):
        shown = page.evaluate(EXAMPLES_SHOWN)
        if set(shown) != set(chapters):
            problems.append(f"{edition}: chapters {sorted(set(shown) ^ set(chapters))}")
        for chapter, members in chapters.items():
            got = shown.get(chapter, {"open": [], "folded": [], "shut": [], "lines": []})
            # the edition's own first, then the card game's (applyExamples), each in order
            mine = ([ex.id for ex in members if family(ex.edition) == edition]
                    + [ex.id for ex in members if family(ex.edition) not in MAIN_EDITIONS])
            others = [ex.id for ex in members if ex.id not in mine]
            if got["open"] != mine:
                problems.append(f"{edition} {chapter}: in view {got['open']}, want {mine}")
            if sorted(got["folded"]) != sorted(others):
                problems.append(f"{edition} {chapter}: folded {got['folded']}, want {others}")
            want_lines = [line.replace("{count}", str(len(others)))] if others else []
            if got["lines"] != want_lines or not all(got["shut"]):
                problems.append(f"{edition} {chapter}: fold {got['lines']} {got['shut']}")
            folded_total += len(others)
        # the index at the top (every example by chapter): the reader's rows in its table,
        # the other editions' in a table of their own behind one closed line that counts them,
        # each chapter's heading with its rows
        index = page.evaluate(INDEX_SHOWN)
        want_main: list[str] = []
        want_folded: list[str] = []
        for chapter, members in chapters.items():
            mine = [f"#ex-{ex.id}" for ex in members if family(ex.edition) == edition
                    or family(ex.edition) not in MAIN_EDITIONS]
            others = [f"#ex-{ex.id}" for ex in members if f"#ex-{ex.id}" not in mine]
            want_main += [f"#{chapter}"] + mine if mine else []
            want_folded += [f"#{chapter}"] + others if others else []
        if index["main"] != want_main or index["folded"] != want_folded:
            problems.append(f"{edition} index: in view {index['main'][:6]}…, folded "
                            f"{index['folded'][:6]}…")
        count = sum(not h.startswith("#topic-") for h in want_folded)
        if index["line"] != line.replace("{count}", str(count)) or index["open"]:
            problems.append(f"{edition} index: fold line {index['line']!r}, open {index['open']}")
        if index["wide"]:
            problems.append(f"{edition} index: the folded table is wider than its column")
        # "Previous" and "Next" lead through the examples in view, named by their titles
        chain = page.evaluate("""() => [...document.querySelectorAll('.worked-example')]
            .filter(ex => !ex.closest('.ed-fold-body')).map(ex => [ex.dataset.example,
                ...['prev', 'next'].map(k => [...ex.querySelectorAll('.example-' + k)]
                    .filter(a => a.getClientRects().length).map(a => [a.hash, a.textContent]))])""")
        ids = [c[0] for c in chain]
        for i, (eid, prev, nxt) in enumerate(chain):
            for links, other in ((prev, ids[i - 1] if i else None),
                                 (nxt, ids[i + 1] if i + 1 < len(ids) else None)):
                want = [[f"#ex-{other}", None]] if other else []
                got_links = [[h, None] for h, _ in links]
                if got_links != want or (other and find(examples, other).texts[lang].title
                                         not in links[0][1]):
                    problems.append(f"{edition} {eid}: leads to {links}, want {other}")
        # "Next" from the last example in view to a folded one: the link opens its fold
        target = next((b for a, b in zip(built, built[1:])
                       if family(find(examples, b).edition) not in (edition, "nl-card-game")), None)
        if target:
            page.evaluate("document.querySelectorAll('details.site-fold').forEach(d => d.open = false)")
            page.evaluate(f"location.hash = 'ex-{target}'")
            page.wait_for_function(f"() => document.getElementById('ex-{target}')"
                                   ".getClientRects().length > 0")
            # (an address that names an example keeps it open under the next choice too)
            page.evaluate("history.replaceState(null, '', location.pathname + location.search)")
    # a player coming back: the choice kept from the last visit (no ?edition= in the
    # address) gives, as the page loads, what choosing it in place gave
    page.evaluate("document.querySelectorAll('details.site-fold').forEach(d => d.open = true)")
    # (a fold the "Next" link above opened is shut again on the new page)
    unshut = lambda shown: {ch: {k: v for k, v in s.items() if k != "shut"} for ch, s in shown.items()}
    in_place = unshut(page.evaluate(EXAMPLES_SHOWN))
    sp.goto(page_path(lang, "examples"))
    assert page.evaluate("localStorage.getItem('monopoly.edition')") == MAIN_EDITIONS[-1]
    page.evaluate("document.querySelectorAll('details.site-fold').forEach(d => d.open = true)")
    loaded = page.evaluate(EXAMPLES_SHOWN)
    assert unshut(loaded) == in_place and all(all(s["shut"]) for s in loaded.values())
    choose(page, "")
    assert page.evaluate("() => [...document.querySelectorAll('.worked-example')]"
                         ".map(ex => ex.dataset.example)") == built
    index = page.evaluate(INDEX_SHOWN)
    assert index["folded"] == [] and index["line"] is None
    assert index["main"] == [h for ch, members in chapters.items()
                             for h in [f"#{ch}"] + [f"#ex-{ex.id}" for ex in members]]
    assert page.eval_on_selector_all("details.ed-others", "e => e.length") == 0
    report("edition view", f"examples x editions ({lang})", len(built) * len(MAIN_EDITIONS))
    assert folded_total > 0
    assert problems == [], problems[:20]


INDEX_SHOWN = """() => {
    const index = document.querySelector('details.examples-index');
    index.open = true;
    const rows = t => [...t.tBodies[0].rows].filter(tr => getComputedStyle(tr).display !== 'none')
        .map(tr => tr.querySelector('a').hash);
    const fold = index.querySelector('details.ed-others');
    const wasOpen = fold ? fold.open : null;
    if (fold) fold.open = true;
    const table = fold && fold.querySelector('table');
    const out = {main: rows(index.querySelector('table')), folded: table ? rows(table) : [],
        line: fold ? fold.querySelector('summary').textContent.trim() : null,
        open: wasOpen,
        wide: !!table && table.getBoundingClientRect().width >
            document.querySelector('.md-content article').getBoundingClientRect().width + 1};
    if (fold) fold.open = false;
    index.open = false;
    return out; }"""
"""/examples/'s index: the links of the rows in view in its table (a chapter's heading by
its ``#topic-`` link), those of the other editions' fold, the fold's line, whether the fold
was open before this looked in, and whether its table is wider than the column."""


def find(examples: list[Any], example_id: str) -> Any:
    return next(ex for ex in examples if ex.id == example_id)

MODE_STATE = """() => [...document.querySelectorAll('h2.clause')].map(h => {
    const next = h.nextElementSibling;
    const fold = next && next.matches('.ed-not-mine') ? next.querySelector('details') : null;
    const inside = h.closest('details.ed-others');
    const run = inside ? inside.closest('.ed-not-mine') : null;
    const first = run ? run.previousElementSibling : null;
    return [h.id, h.dataset.for || null, fold ? [fold.open,
            fold.querySelector('summary').textContent.trim(),
            fold.querySelector('.ed-fold-body').children.length] : null,
            inside ? [first && first.id, inside.open] : null]; })"""
"""Per clause heading: its id, its ``data-for``, the "not your edition" fold under it, and
the run's fold it has gone into (the id of the run's first heading, whether it is open)."""


def lacking_runs(edition: str) -> list[list[str]]:
    """The variants page's clauses (in order) that ``edition`` lacks, in runs of neighbours.

    >>> [len(r) for r in lacking_runs("nl-2001")], [len(r) for r in lacking_runs("nordic-2005")]
    ([3], [8])
    """
    runs: list[list[str]] = []
    last = False
    for cid, clause in CLAUSES.items():
        if clause.page != "variants":
            continue
        holds = clause_editions(cid)
        lacks = holds is not None and edition not in holds
        if lacks and last:
            runs[-1].append(cid)
        elif lacks:
            runs.append([cid])
        last = lacks
    return runs


@pytest.mark.parametrize("lang", LANGS)
def test_rules_of_a_mode_my_edition_lacks_fold(open_page, lang: str) -> None:
    """The variants page: a clause that is a rule of a mode of play (short game, timed game,
    speed die) holds for the editions that have that mode (``engine.editions.
    clause_editions``, on its heading as ``data-for``); for every main edition chosen, the
    clauses of other editions' modes fold behind one closed line in the page's language,
    neighbours together: the first one's heading stays, the line names the run ("De regels
    11.6 tot en met 11.8 ...") and the next headings fold with their text; every other
    clause stays as it is. A link to a folded heading (``#speed-die-jail``) opens its fold.
    Clearing the choice gives the page back as built."""
    sp = open_page(page_path(lang, "variants"), width=PHONE["width"], height=PHONE["height"])
    page = sp.page
    built = page.evaluate(MODE_STATE)
    for cid, holds, fold, inside in built:
        want = clause_editions(cid)
        assert holds == (" ".join(want) if want is not None else None), cid
        assert fold is None and inside is None, cid
    assert sum(1 for _, holds, _, _ in built if holds) == len(MODE_CLAUSES)
    t = translations()
    one = str(t.gettext(lang, "myed.not_mine"))
    for edition in MAIN_EDITIONS:
        choose(page, edition)
        state = {cid: (fold, inside) for cid, _, fold, inside in page.evaluate(MODE_STATE)}
        runs = lacking_runs(edition)
        assert runs, edition  # every main edition lacks some mode (none has all three)
        folded = set()
        for run in runs:
            first, last = CLAUSES[run[0]], CLAUSES[run[-1]]
            line = one if len(run) == 1 else str(t.gettext(
                lang, "myed.not_mine_run", first=first.number, last=last.number))
            fold, inside = state[run[0]]
            assert inside is None and fold is not None and fold[0] is False \
                and fold[1] == line and fold[2] > 0, (edition, run[0], fold, line)
            for cid in run[1:]:
                assert state[cid] == (None, [run[0], False]), (edition, cid, state[cid])
            folded.update(run)
        for cid, (fold, inside) in state.items():
            if cid not in folded:
                assert fold is None and inside is None, (edition, cid, fold, inside)
        # a link to a clause in a run opens the run's fold and shows it
        hidden = next((r[-1] for r in runs if len(r) > 1), None)
        if hidden:
            page.evaluate("(id) => { location.hash = id; }", hidden)
            page.wait_for_function("(id) => document.getElementById(id).closest('details').open",
                                   arg=hidden)
            assert page.is_visible(f"#{hidden}"), (edition, hidden)
            page.evaluate("() => history.replaceState(null, '', location.pathname)")
        choose(page, "")
        assert page.evaluate(MODE_STATE) == built, edition


@pytest.mark.parametrize("lang", LANGS)
def test_choosing_confirms_in_a_short_line(open_page, lang: str) -> None:
    """The line under the picker names the chosen edition in the page's language (its
    short name: it stands in a sentence); none without a choice."""
    sp = open_page(page_path(lang, "rent"), width=PHONE["width"], height=PHONE["height"])
    page = sp.page
    assert not page.is_visible(".my-ed-confirm")
    t = translations()
    for edition in MAIN_EDITIONS:
        choose(page, edition)
        name = str(t.gettext(lang, f"edition.{edition}.short"))
        want = str(t.gettext(lang, "myed.in_edition", edition=name))
        line = page.inner_text(".my-ed-confirm").strip()
        assert line == want, (line, want)
        assert page.inner_text("#site-live").strip() == want
        box = page.eval_on_selector(".my-ed-confirm", "e => e.getBoundingClientRect().height")
        assert 0 < box < 3 * 24  # a short line, not a block
    choose(page, "")
    assert not page.is_visible(".my-ed-confirm")


PICKER_CHOSEN_MAX = 175
"""The picker's height in px at 390 px with an edition chosen, at most (2026-12-03: 164 in
every language; 273-299 before it shrank with a choice, 212-238 without one)."""
PICKER = """() => {
    const top = (sel) => document.querySelector(sel).getBoundingClientRect().top + scrollY;
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
    const p = document.querySelector('.my-ed-picker');
    return {height: p.getBoundingClientRect().height, h1: top('.md-content h1'),
            rule: top('.md-content h2.clause'),
            taps: [...p.querySelectorAll('select, summary')].map(box)}; }"""
"""The picker's height, where the title (h1) and the first rule's heading stand, and the
size of its tap targets (the select and the house rules' summary)."""


@pytest.mark.parametrize("lang", LANGS)
def test_picker_shrinks_with_a_choice(open_page, lang: str) -> None:
    """Issue 23, phone first: at 390 px with an edition chosen the picker is at most
    :data:`PICKER_CHOSEN_MAX` px high and lower than without a choice, so the first rule
    comes up by as much (the title, above the picker, stays where it is); the confirming
    line and the select are in view, the select keeps its name in the page's language and
    still changes the edition, the house rules stay one tap away, every tap target is a
    finger's size, and the hint about short games (for choosing) is out of view. Opened
    with ``?edition=`` the picker is that small from the start (applied before the first
    paint). Clearing the choice gives the picker back as it was."""
    sp = open_page(page_path(lang, "buying"), width=PHONE["width"], height=PHONE["height"])
    page = sp.page
    t = translations()
    without = page.evaluate(PICKER)
    assert page.is_visible(".my-ed-variants") and not page.is_visible(".my-ed-confirm")
    select = page.get_by_role("combobox", name=str(t.gettext(lang, "myed.label")), exact=True)
    assert select.count() == 1
    for edition in MAIN_EDITIONS:
        select.select_option(edition)
        assert page.get_attribute("html", "data-my-edition") == edition
        chosen = page.evaluate(PICKER)
        assert chosen["height"] <= PICKER_CHOSEN_MAX, (edition, chosen["height"])
        assert chosen["height"] < without["height"], (edition, chosen, without)
        assert chosen["h1"] <= without["h1"] + 0.5, (edition, chosen, without)
        assert chosen["rule"] <= without["rule"] - (without["height"] - chosen["height"]) + 1
        assert chosen["rule"] < without["rule"]
        assert all(w >= 43.5 and h >= 43.5 for w, h in chosen["taps"]), chosen["taps"]
        name = str(t.gettext(lang, f"edition.{edition}.short"))
        assert page.inner_text(".my-ed-confirm").strip() == str(
            t.gettext(lang, "myed.in_edition", edition=name))
        assert page.is_visible(".my-ed-confirm") and select.is_visible()
        assert page.is_visible(".my-house > summary")
        assert not page.is_visible(".my-ed-variants")
    # the keyboard changes it too (a closed select takes the arrow keys)
    select.focus()
    page.keyboard.press("ArrowUp")
    assert page.get_attribute("html", "data-my-edition") == MAIN_EDITIONS[-2]
    assert page.is_visible(".my-ed-confirm")
    sp.goto(page_path(lang, "jail") + f"?edition={MAIN_EDITIONS[0]}")
    first = page.evaluate(PICKER)
    assert first["height"] <= PICKER_CHOSEN_MAX and page.is_visible("#my-ed-select")
    select.select_option("")
    assert abs(page.evaluate(PICKER)["height"] - without["height"]) < 1
    assert page.is_visible(".my-ed-variants") and not page.is_visible(".my-ed-confirm")


def test_screenshots_with_and_without_an_edition(open_page, screenshot_dir) -> None:
    """/rent/ and /disputes/ at 390 px (and /rent/ on a desktop), without and with the
    Nordic edition, for a look (``screenshots/edition-*.png``)."""
    for lang, slug in (("nl", "rent"), ("sv", "rent"), ("da", "disputes")):
        for width, height in ((390, 844), (1280, 900)):
            if slug == "disputes" and width > 390:
                continue
            for edition in ("", "nordic-2005"):
                sp = open_page(page_path(lang, slug) + f"?edition={edition}", width=width,
                               height=height)
                path = screenshot_dir / f"edition-{lang}-{slug}-{width}-{edition or 'none'}.png"
                sp.page.screenshot(path=str(path), full_page=True)
                assert path.stat().st_size > 10_000


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_dispute_stands_in_the_first_screen(open_page, lang: str) -> None:
    """/disputes/ at 390 px: with an edition chosen the first question is in the first
    screen, and without a choice (the picker is taller then) it starts within 1.1 screens
    (Dutch: 853 px at 844; how answers
    are made and what their labels mean fold behind one line; before, the first question
    began at about 1.4 screens); that line opens to the four labels' meanings."""
    sp = open_page(page_path(lang, "disputes"), width=PHONE["width"], height=PHONE["height"])
    page = sp.page
    for edition in ("", *MAIN_EDITIONS):
        choose(page, edition)
        top, bottom = page.evaluate("""() => {
            const q = document.querySelector('.dispute').previousElementSibling;
            const r = q.getBoundingClientRect(); return [r.top + scrollY, r.bottom + scrollY]; }""")
        assert (bottom if edition else top) < PHONE["height"] * (1 if edition else 1.1), \
            (edition, top, bottom)
    legend = page.locator(".md-content article > details.note").first
    assert not legend.evaluate("d => d.open")
    legend.locator("summary").click()
    assert legend.locator("li").count() == 4 and legend.locator("li").first.is_visible()
