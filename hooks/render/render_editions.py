"""``[[editions]]``: what each main edition does for the parameters of the current clause.

Generated from ``engine/editions.py``, so the site and the engine cannot disagree.
Words come from ``translations/<lang>/site.po``: ``param.<name>`` (label) and
``param.<name>.<value>`` (value), ``param.<name>.value`` with ``{value}`` for numbers and
lists (an amount or a percentage written by :mod:`present.numbers`, with its currency sign
or ``%`` the language's way: the parameter's :func:`engine.editions.unit`),
``.true``/``.false`` for yes/no, ``.none``
for "not in the source". Each cell cites its source (``000 · Huur``); a value that is
this site's ruling links to the ruling clause. Game modes of an edition (short game,
speed die ...) are listed inside its cell where they differ.

``[[editions]]`` takes the parameters of the clause it stands in;
``[[editions: free_parking jail_fine]]`` names them.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from hooks.render.templates import fragment, html
from engine.editions import (EDITIONS, MAIN_EDITIONS, MONEY, PERCENT, TIMES, CardGameRules, Edition,
                             parameters, unit)
from engine.sources import BOARD, Value
from hooks.common import CLAUSES, Context, Html, h
from hooks.render.house_rules import house_values
from hooks.catalogs.i18n import SOURCE_LANG, translations
from engine.jail import edition_card_kind
from present import numbers
from present.render import heading_html, keyed

CARD_GAME = "nl-card-game"
RULE_PARAMS: dict[str, str] = {name: clause for name, clause, _ in parameters()}
"""Every edition parameter of the board game with its clause."""
CARD_PARAMS: dict[str, str] = {f.name: f.metadata["clause"] for f in fields(CardGameRules)}
"""Every parameter of the card game with its clause."""


def modes_of(edition_id: str) -> tuple[Edition, ...]:
    """The modes and variants that derive from a main edition (short game, speed die ...)."""
    return tuple(e for e in EDITIONS.values() if e.base == edition_id and e.rules is not None)


def value_of(edition: Edition, name: str) -> Value[Any]:
    """The :class:`Value` of parameter ``name`` in an edition (board or card game)."""
    record = edition.card_game if name in CARD_PARAMS and edition.rules is None else edition.rules
    return getattr(record, name)


def value_text(ctx: Context, name: str, value: object, currency: str = "EUR") -> str:
    """A parameter value in words, escaped HTML (falls back visibly to Dutch)."""
    key = f"param.{name}"
    if value is None:
        return ctx.text(f"{key}.none")
    if isinstance(value, bool):
        return ctx.text(f"{key}.{'true' if value else 'false'}")
    if isinstance(value, str):
        return ctx.text(f"{key}.{value}")
    return ctx.text(f"{key}.value", value=number_text(ctx.lang, name, value, currency))


def number_text(lang: str, name: str, value: object, currency: str = "EUR") -> str:
    """A parameter's number (or series, "25 / 50 / 100 / 200") as its unit asks: an
    amount in the edition's currency, a percentage, or a plain number.

    >>> number_text("nl", "jail_fine", 50), number_text("sv", "mortgage_interest_percent", 10)
    ('€\xa050', '10\xa0%')
    >>> number_text("da", "station_rents", (25, 50), "USD"), number_text("nb", "jail_max_turns", 3)
    ('25\xa0$ / 50\xa0$', '3')
    >>> number_text("nl", "utility_multipliers", (4, 10))
    '4\xa0× / 10\xa0×'

    """
    if isinstance(value, (tuple, list)):
        return " / ".join(number_text(lang, name, v, currency) for v in value)
    what = unit(name)
    if what == TIMES:
        # each factor with its sign ("4 × / 10 × de ogen"): "4 / 10 ×" reads as four tenths
        return f"{numbers.number(lang, value)}\u00a0×"  # type: ignore[arg-type]
    if what == MONEY:
        return numbers.amount(lang, value, currency)  # type: ignore[arg-type]
    if what == PERCENT:
        return numbers.percent_points(lang, value)  # type: ignore[arg-type]
    return numbers.number(lang, value)  # type: ignore[arg-type]


BOARD_SECTIONS: dict[str, str] = {
    "Board and card facts": "facts",
    "Dutch board (euro edition, about 2002-2010) — used by 000 and 002": "nl-board",
    "Classic US (Atlantic City) board — used by the Nordic travel edition (001) and the "
    "summary (003)": "us-board",
    "Dutch Kans and Algemeen Fonds decks (guilder-era text; same amounts in the euro texts)":
        "nl-decks",
}
"""The sections of ``board.md`` the engine's board data cite (English working titles) ->
the id of their name in the page's language, ``source.board.section.<id>`` in ``site.po``
(``tests/test_voice.py`` walks every edition's values for a section missing here)."""


def source_note(ctx: Context, value: Value[Any], ruling: bool = True) -> str:
    """The citation of a value, and a link to the ruling when the value is a ruling
    (``ruling=False``: without it, for a line that names its rulings once at its end).

    Board data (``Source.board``) are named as such in the page's language, with the
    section of ``board.md`` named in the page's language in the tooltip.
    """
    src = value.source.in_language(ctx.lang)  # 001: the section of the page's language
    number = CLAUSES[src.ruling].number if ruling and src.ruling in CLAUSES else None
    section = (ctx.t(f"source.board.section.{BOARD_SECTIONS.get(src.section, src.section)}")
               if src.kind == BOARD else None)
    return fragment("editions/source-note.html", ctx=ctx, src=src, board=src.kind == BOARD,
                    ruling=number, section=section,
                    heading=html(heading_html(src.file, src.section, ctx.lang)))


def cell(ctx: Context, edition: Edition, name: str, value_html: str | None = None) -> str:
    """The inside of one table cell: value, source, and differing modes of the edition
    (``value_html``: the edition's value written otherwise, as a whole sentence on the
    rules sheet)."""
    value = value_of(edition, name)
    modes = [(mode.mode, html(value_text(ctx, name, other.value, mode.currency)),
              source_note(ctx, other))
             for mode in modes_of(edition.id)
             if (other := value_of(mode, name)).value != value.value]
    return fragment("editions/cell.html", ctx=ctx, source=source_note(ctx, value),
                    value=html(value_html if value_html is not None
                               else value_text(ctx, name, value.value, edition.currency)),
                    modes=modes)


def edition_header(ctx: Context, edition_id: str) -> str:
    """A column header: the edition's name in the page language (players' pages show
    names, never codes; the codes are on the API page)."""
    return (f'<span class="ed-name" data-edition="{h(edition_id)}">'
            f'{ctx.text(f"edition.{edition_id}")}</span>')


def differs(editions: list[Edition], name: str) -> bool:
    """True when the editions (or one of their modes) do not all agree on ``name``."""
    values = set()
    for ed in editions:
        for e in (ed, *modes_of(ed.id)):
            values.add(repr(value_of(e, name).value))
    return len(values) > 1


def param_rows(ctx: Context, names: list[str], editions: list[Edition]) -> list[str]:
    """One ``<tr>`` per parameter: label, then a cell per edition."""
    return [fragment("editions/param-row.html", ctx=ctx, name=name,
                   differs=differs(editions, name),
                   cells=[(e, html(cell(ctx, e, name))) for e in editions])
            for name in names]


def table(ctx: Context, names: list[str], editions: list[Edition], caption: str,
          cls: str = "editions-table") -> Html:
    """A complete table for ``names`` x ``editions`` (one HTML block, no blank lines)."""
    headers = [(e, html(edition_header(ctx, e.id))) for e in editions]
    return Html(fragment("editions/table.html", ctx=ctx, cls=cls, caption=html(caption),
                       headers=headers, rows=html("".join(param_rows(ctx, names, editions)))))


def render(ctx: Context) -> str:
    """``[[editions]]`` / ``[[editions: name ...]]``."""
    if ctx.args:
        names = list(ctx.args)
        unknown = [n for n in names if n not in RULE_PARAMS and n not in CARD_PARAMS]
        if unknown:
            raise ctx.error(f"unknown edition parameter(s) {', '.join(unknown)}")
        card_only = [n for n in names if n not in RULE_PARAMS]
        board_only = [n for n in names if n not in CARD_PARAMS]
        if card_only and board_only:
            raise ctx.error("mixes card-game and board-game parameters: use two directives")
        card = bool(card_only)
    elif ctx.clause is None:
        raise ctx.error("stands outside any clause: name the parameters, "
                        "e.g. [[editions: free_parking]]")
    else:
        names = [n for n, c in RULE_PARAMS.items() if c == ctx.clause]
        card = not names
        names = names or [n for n, c in CARD_PARAMS.items() if c == ctx.clause]
        if not names:
            near = sorted({c for c in RULE_PARAMS.values()} | {c for c in CARD_PARAMS.values()})
            raise ctx.error(f"clause '{ctx.clause}' has no edition parameters; name them "
                            f"([[editions: name ...]]) or use it in one of: {', '.join(near)}")
    editions = [EDITIONS[CARD_GAME]] if card else [EDITIONS[e] for e in MAIN_EDITIONS]
    where = CLAUSES[ctx.clause].number if ctx.clause else ""
    caption = ctx.text("editions.caption", clause=where) if where else \
        ctx.text("editions.caption_plain")
    if card:
        return table(ctx, names, editions, caption)
    return my_edition_view(ctx, names, editions, table(ctx, names, editions, caption))


MineItem = tuple[str, Any, list[tuple[str, Any, Any]], bool]
"""One parameter of an edition's "your edition" list: (its label's catalog key, cell HTML,
[(house rule, value HTML, source HTML)], the cell is a whole sentence), as
``editions/mine-item.html`` takes it."""


def edition_key(key: str, edition: Edition) -> str:
    """``key`` in the edition's words for its get-out card: a key in the travel edition
    (:func:`present.render.keyed`), since this list and the sheet speak of one edition.

    >>> edition_key("param.jail_card_buyable", EDITIONS["nordic-2005"])
    'param.jail_card_buyable.key'
    >>> edition_key("param.jail_card_buyable", EDITIONS["nl-2001"])
    'param.jail_card_buyable'
    """
    return keyed(key, edition_card_kind(edition), lambda k: translations().has(SOURCE_LANG, k))


def sentence_key(name: str, value: object) -> str | None:
    """The catalog key of the whole sentence that says an edition's value of ``name`` on
    the rules sheet and in the "your edition" list, or None where the label and the
    value do not form a sentence ("Startgeld: € 1.500" stays a label and its value).

    Label + value glued into running text breaks the word order of all four languages
    ("Naar de gevangenis bij: de 3e dubbel op rij"), so such a parameter has a sentence
    per value (``param.<name>.sheet.<value>``, ``.true``/``.false``) or one with the
    number in it (``param.<name>.sheet``, ``{value}``), each written per language.

    >>> sentence_key("jailed_may_deal", False), sentence_key("doubles_to_jail", 3)
    ('param.jailed_may_deal.sheet.false', 'param.doubles_to_jail.sheet')
    >>> sentence_key("start_money", 1500) is None
    True
    """
    if value is None or isinstance(value, (tuple, list)):
        return None
    if isinstance(value, bool):
        key = f"param.{name}.sheet.{'true' if value else 'false'}"
    elif isinstance(value, str):
        key = f"param.{name}.sheet.{value}"
    else:
        key = f"param.{name}.sheet"
    return key if translations().has(SOURCE_LANG, key) else None


def sentence(ctx: Context, name: str, edition: Edition) -> str | None:
    """An edition's value of ``name`` as its sentence (escaped HTML), or None."""
    value = value_of(edition, name).value
    key = sentence_key(name, value)
    if key is None:
        return None
    key = edition_key(key, edition)
    if isinstance(value, (bool, str)):
        return ctx.text(key)
    return ctx.text(key, value=numbers.number(ctx.lang, value))  # type: ignore[arg-type]


def mine_items(ctx: Context, names: list[str], edition: Edition) -> list[MineItem]:
    """Per parameter: the edition's value and source (the cell) and, to show before it, the
    value each house rule of 000 gives it (shown by CSS while the reader plays that house
    rule); a value that is a whole sentence (:func:`sentence`) stands without its label."""
    items: list[MineItem] = []
    for n in names:
        said = sentence(ctx, n, edition)
        items.append((edition_key(f"param.{n}", edition),
                      html(cell(ctx, edition, n, value_html=said)),
                      [(r, html(value_text(ctx, n, v.value, edition.currency)),
                        source_note(ctx, v)) for r, v in house_values(edition, n)],
                      said is not None))
    return items


def mine_block(ctx: Context, names: list[str], edition: Edition) -> str:
    """What one edition does for ``names``: shown first when it is the reader's edition."""
    return fragment("editions/mine-block.html", ctx=ctx, edition=edition,
                    items=mine_items(ctx, names, edition))


def said_block(ctx: Context, names: list[str], edition: Edition) -> str:
    """Where every edition agrees, the clause's text is the rule and a values block would
    only repeat it; what the reader of one edition still needs is where it stands: one
    line with the edition's booklet sections and the site's rulings, each once (a section
    cited with a ruling and without is given once, with it)."""
    kept: dict[tuple[str, str, str], list[Value[Any]]] = {}
    for n in names:
        value = value_of(edition, n)
        src = value.source
        same = kept.setdefault((str(src.kind), str(src.file), str(src.section)), [])
        if all(v.source.ruling != src.ruling for v in same):
            same.append(value)
    notes = [source_note(ctx, v) for values in kept.values()
             for v in ([x for x in values if x.source.ruling] or values)]
    return fragment("editions/mine-said.html", ctx=ctx, edition=edition,
                    notes=[html(n) for n in notes])


def my_edition_view(ctx: Context, names: list[str], editions: list[Edition], full: str) -> Html:
    """The comparison table folded under one line, and a block per edition that the page
    shows first (under the clause heading) for the reader's chosen edition.

    Without a choice the table is open and the line hidden (CSS), so the page reads as a
    comparison; with one, and on a phone, ``docs/assets/site.js`` folds the table. Every text stays in the
    page (search and print see all of it)."""
    cid = ctx.clause or "-".join(names)
    agree = not any(differs(editions, n) for n in names)
    key = "myed.all_agree" if agree else "myed.others_differ"
    # where every edition agrees and no house rule changes it, the clause's text is the
    # rule of every edition: a values block would only repeat it, so the reader's edition
    # gets the line that says where it stands (its booklet, or the site's ruling)
    same = agree and not any(house_values(e, n) for e in editions for n in names)
    block = said_block if same else mine_block
    mine = "".join(block(ctx, names, e) for e in editions)
    return Html(fragment("editions/my-edition-view.html", ctx=ctx, cid=cid, key=key,
                       same=same, mine=html(mine), full=html(full)))


DIRECTIVES = {"editions": render}
