"""``[[rules-sheet]]``: "our rules" to print, one sheet per edition, in the page language.

Each sheet holds only the rules: every clause of the game in clause order (number, title,
the clause's text, and what that edition does for the clause's edition parameters),
without examples, calculators, comparison tables or links. Where a clause's text lists
the editions one by one, only the items that name this edition stay, and of the rest of
the text every sentence that names another edition or speaks of several at once ("all
four editions") is left out (``hooks.render.edition_prose.only_about``): the sheet speaks of its
edition only, and its values say what holds for it. A board sheet
starts with a "house rules we play" box, and the clauses a house rule of 000 changes
carry its note (``hooks/render/house_rules.py``): both shown only for the house rules the
reader ticked in "My edition" (the house rules' own clauses are not on the sheet). All sheets are in
the page (no Python needed to switch): ``docs/assets/site.js`` shows the one chosen with
``?edition=<id>`` or "My edition" (else the page language's usual edition), and prints
only that one (``docs/assets/site.css``, ``@media print``).
"""

from __future__ import annotations

import re

import markdown as md

from engine.clauses import CLAUSES, MODE_CLAUSES, PAGES
from engine.editions import EDITIONS, MAIN_EDITIONS, clause_holds
from hooks.catalogs.source_names import own_citations
from hooks.common import HOME_EDITION, Context, Html, plain
from hooks.render import board_names, card_words
from hooks.render.edition_prose import only_about
from hooks.render.house_rules import OWN_CLAUSE, clause_blocks, sheet_section
from hooks.render.templates import fragment, html
from hooks.render.chips import CODE, chips
from hooks.catalogs.languages import ARTICLES
from hooks.pages import DIRECTIVE, REF, heading_title, read_page
from hooks.render.render_editions import (CARD_GAME, CARD_PARAMS, RULE_PARAMS, differs, mine_items,
                                          modes_of)

SHEET_EDITIONS: tuple[str, ...] = (*MAIN_EDITIONS, CARD_GAME)
"""One sheet per main edition, and one for the card game."""
BOARD_PAGES = tuple(p.slug for p in PAGES if p.slug not in ("rulings", "card-game"))
CARD_PAGES = ("card-game",)


def sheet_pages(edition_id: str) -> tuple[str, ...]:
    """The rule pages whose clauses make up the sheet of an edition."""
    return CARD_PAGES if edition_id == CARD_GAME else BOARD_PAGES


def sheet_clauses(edition_id: str) -> list[str]:
    """Every clause on an edition's sheet, in clause order. The house rules' own clauses
    are not the edition's rules: the sheet's "house rules we play" box stands for them;
    nor is a clause of a mode the edition lacks or of another edition alone (the short
    game's deal on the travel edition's sheet, :func:`engine.editions.clause_editions`).

    >>> "short-setup" in sheet_clauses("nl-2001"), "short-setup" in sheet_clauses("nordic-2005")
    (True, False)
    """
    pages = sheet_pages(edition_id)
    house = set(OWN_CLAUSE.values())
    return [cid for cid, c in CLAUSES.items() if c.page in pages and cid not in house
            and clause_holds(cid, edition_id)]


def values_edition(cid: str, edition_id: str) -> str:
    """Whose values a clause shows on an edition's sheet: a mode's clause those of the
    edition's mode ("two deeds each" of nl-2001-short, not the base game's none).

    >>> values_edition("short-setup", "nl-2001"), values_edition("jail-pay", "nl-2001")
    ('nl-2001-short', 'nl-2001')
    """
    mode = MODE_CLAUSES.get(cid)
    return next((e.id for e in modes_of(edition_id) if mode and e.mode == mode), edition_id)


_ITEM = re.compile(r"^(?P<indent>[ \t]*)(?:[-*+]|\d+[.)])[ \t]+")
_OPENS = re.compile((rf"(?:(?i:{ARTICLES})\s+)?" if ARTICLES else "") + CODE.pattern)
"""The start of an edition list's item: its edition's code, after the language's article."""


def only_edition(body: str, edition_id: str, valued: bool = False) -> str:
    """Drop list items that name editions but not this one (nor its base edition); where a
    list lost items, the sentence that led into it ("Het maximum verschilt per editie:")
    goes too: one edition's item is no comparison. ``valued``: the clause's values lines say
    what this edition does, so its own item goes as well (the values say it, with the same
    source), as on a rule page with the edition chosen (``site.js`` ``foldClause``).

    >>> only_edition("- `nl-2001`: a\\n  more\\n- `classic-us`: b\\n- all: c", "classic-us")
    '- `classic-us`: b\\n- all: c'
    >>> only_edition("Zo gaat het. Het maximum\\nverschilt:\\n\\n- `nl-2001`: 8\\n- `classic-us`: 6", "nl-2001")
    'Zo gaat het.\\n\\n- `nl-2001`: 8'
    >>> only_edition("- een kaart (in `nordic-2005` een opdracht)\\n- `classic-us`: b", "nl-2001")
    '- een kaart (in `nordic-2005` een opdracht)'
    >>> only_edition("Zo gaat het. Het verschilt:\\n\\n- `nl-2001`: 8\\n- `classic-us`: 6", "nl-2001", True)
    'Zo gaat het.\\n'
    >>> only_edition("Tel op:\\n\\n1. geld;\\n2. in `nl-2001` de helft", "nl-2001", True)
    'Tel op:\\n\\n1. geld;\\n2. in `nl-2001` de helft'
    """
    mine = {edition_id, EDITIONS[edition_id].base or edition_id}
    mine |= {e for e in EDITIONS if EDITIONS[e].base == edition_id}
    out: list[str] = []
    skipping = False
    lists: list[int] = []  # where each list that lost items starts in ``out``
    start: int | None = None
    for line in body.split("\n"):
        item = _ITEM.match(line)
        if item and not item.group("indent"):
            start = len(out) if start is None else start
            # an edition named in brackets is an aside of an item about every edition ("a
            # card sends you there (in nordic-2005: a task)"), not the item's edition
            # (a bracket the line does not close runs on to the item's next line)
            named = set(CODE.findall(re.sub(r"\([^()]*(?:\)|$)", "", line)))
            # (an item of an edition list opens with its edition: "- `nl-2001`: ...")
            own = valued and line.lstrip()[:1] in "-*+" and bool(_OPENS.match(line[item.end():]))
            skipping = bool(named) and (own or not (named & mine))
            if skipping and start not in lists:
                lists.append(start)
        elif line.strip() and not line.startswith((" ", "\t")):
            skipping = False  # a paragraph after the list
            start = None
        if not skipping:
            out.append(line)
    for at in reversed(lists):
        _drop_lead(out, at)
    return "\n".join(out)


def _drop_lead(lines: list[str], at: int) -> None:
    """The paragraph right above ``lines[at]`` loses its last sentence where that sentence
    ends in a colon (the lead into a list); a paragraph of only that sentence goes."""
    end = at
    while end > 0 and not lines[end - 1].strip():
        end -= 1
    begin = end
    while begin > 0 and lines[begin - 1].strip():
        begin -= 1
    text = " ".join(lines[begin:end])
    if begin == end or not text.rstrip().endswith(":"):
        return
    kept = re.sub(r"(^|(?<=[.!?])\s)[^.!?]*:\s*$", "", text).rstrip()
    lines[begin:at] = ([kept, ""] if kept else [])


def clause_text(ctx: Context, cid: str, edition_id: str) -> tuple[str, str]:
    """(title, body HTML) of a clause on the sheet, in the page language (Dutch when the
    language lacks the clause)."""
    page = CLAUSES[cid].page
    section = read_page(ctx.docs_dir, ctx.lang, page).sections.get(cid)
    lang = ctx.lang
    if section is None:
        section = read_page(ctx.docs_dir, "nl", page).sections[cid]
        lang = "nl"
    lines = [line for line in section.body.split("\n")
             if not DIRECTIVE.match(line) and not line.lstrip().startswith("!!!")]
    # the card's words or the key's first: an aside of the card's words names the key's edition
    text = card_words.resolve("\n".join(lines), edition_id)

    def ref(m: re.Match[str]) -> str:
        rid = m.group("id")
        if rid in CLAUSES and not clause_holds(rid, edition_id):
            # a clause of a mode or edition this one lacks is not on its sheet: the sentence
            # that points there ("in the short game the richest wins, see 11.3") goes (a
            # house rule's clause stays a place to point to: the sheet's box names it)
            return f'<span class="{ELSEWHERE}">{CLAUSES[rid].number}</span>'
        return CLAUSES[rid].number if rid in CLAUSES else rid

    def render(own_item_too: bool) -> str:
        body = only_edition(text, edition_id, valued=own_item_too)
        body = REF.sub(ref, body)
        body = board_names.resolve(body, lang, edition_id)  # Boardwalk on the travel edition's sheet
        body = own_citations(body, lang, edition_id)  # its booklet, where a run cites it
        body = re.sub(r"(?<!!)\[([^\]]+)\]\([^)]*\)(\{[^}]*\})?", r"\1", body)  # links: text only
        html = md.markdown(chips(body, lang), extensions=["tables", "attr_list", "md_in_html"])
        # the sheet speaks of its edition only: no other edition, no "all four editions"
        html = only_about(html, edition_id, lang, away=ELSEWHERE)
        return re.sub(rf'<span class="{ELSEWHERE}">([^<]*)</span>', r"\1", html)

    html = render(valued(cid, edition_id))
    if len(re.sub(r"<[^>]+>|\W", "", html)) < 15:
        # the edition's own item was all the clause said in words: it stays beside its values
        html = render(False)
    return plain(heading_title(section.title)), html


def valued(cid: str, edition_id: str) -> bool:
    """Whether the clause's values lines on the edition's sheet say what the edition does
    where the editions differ (then its own item of the text's edition list says it again).

    >>> valued("rent-mortgaged-group", "nordic-2005"), valued("turn-go-salary", "nordic-2005")
    (True, False)
    """
    if edition_id == CARD_GAME:
        return False
    mains = [EDITIONS[e] for e in MAIN_EDITIONS]
    return any(differs(mains, n) for n, c in RULE_PARAMS.items() if c == cid)


ELSEWHERE = "sheet-elsewhere"
"""The mark of a reference to a clause that is not on the sheet (:func:`clause_text`)."""


def values_html(ctx: Context, cid: str, edition_id: str) -> str:
    """What the edition does for the clause's parameters (value and source): a
    parameter whose label and value form a sentence says it as one sentence
    (:func:`hooks.render.render_editions.sentence_key`)."""
    params = CARD_PARAMS if edition_id == CARD_GAME else RULE_PARAMS
    names = [n for n, c in params.items() if c == cid]
    if not names:
        return ""
    return fragment("sheet-values.html", ctx=ctx,
                    items=mine_items(ctx, names, EDITIONS[values_edition(cid, edition_id)]))


def sheet(ctx: Context, edition_id: str, shown: bool = False) -> str:
    """One edition's sheet (``shown``: the one on screen before the script chooses)."""
    parts: list[tuple[str, ...]] = []
    current = None
    for cid in sheet_clauses(edition_id):
        page = CLAUSES[cid].page
        if page != current:
            current = page
            chapter = next(p.chapter for p in PAGES if p.slug == page)
            title = read_page(ctx.docs_dir, ctx.lang, page).title or \
                read_page(ctx.docs_dir, "nl", page).title or page
            parts.append(("chapter", chapter, plain(title)))
        title, body = clause_text(ctx, cid, edition_id)
        parts.append(("clause", cid, CLAUSES[cid].number, title, html(body),
                      html(values_html(ctx, cid, edition_id)),
                      clause_blocks(ctx.t, cid, lambda _: None, short=True)))
    # the house rules of 000 are for the board game
    house = sheet_section(ctx.t) if edition_id != CARD_GAME else ""
    return fragment("sheet.html", ctx=ctx, edition_id=edition_id, shown=shown, house=house,
                    parts=parts)


def render(ctx: Context) -> str:
    """``[[rules-sheet]]`` (no arguments): the picker line and every edition's sheet."""
    if ctx.args:
        raise ctx.error("takes no arguments")
    if ctx.page is not None:  # the texts are on the rule pages: keep search results there
        ctx.page.meta["search"] = {"exclude": True}
    home = HOME_EDITION.get(ctx.lang, MAIN_EDITIONS[0])
    body = "".join(sheet(ctx, e, shown=e == home) for e in SHEET_EDITIONS)
    return Html(fragment("sheets.html", ctx=ctx, home=home, editions=SHEET_EDITIONS,
                         sheets=html(body)))


DIRECTIVES = {"rules-sheet": render}
