"""``[[disputes]]``: the disputes page, one section per dispute, generated per language.

The structure comes from :mod:`hooks.render.disputes`, the words from
``translations/<lang>/disputes.po``. Per topic a level-2 heading
(``#disputes-<topic>``), per dispute a level-3 heading whose id is the dispute id (the
same anchor in every language, so a search result links to it), then:

- one line per distinct answer: the editions that give it (game modes and house rules
  added where their answer differs), the answer, its mark (rulebook, ruling, silence of
  the rulebook, house rule) and each edition's citation, a ruling linked to its clause
  (the same citation as the edition tables);
- the clauses that settle it, as links;
- a small "also asked as" line with the ways players phrase the question. It is part
  of the section's text, so Material's search index (one per language) finds the
  dispute by those phrasings; it is shown small and muted, not as a heading.

Headings are Markdown (so the table of contents and permalinks work); the body of a
dispute is one raw HTML block (nothing in it is re-parsed as Markdown).
"""

from __future__ import annotations

from html import unescape
from typing import Any

from hooks.common import CLAUSES, Context, md_escape, plain
from hooks.render.templates import fragment, html
from hooks.render.disputes import DISPUTES, TOPICS, Dispute, Row, rows
from hooks.render.edition_prose import about
from hooks.render.render_editions import source_note
from engine.editions import MAIN_EDITIONS, MONEY, PERCENT
from engine.sources import Value
from hooks.catalogs.i18n import translations
from hooks.render.calculator_data import step_presenter
from present import numbers

ASKED_SEPARATOR = "|"
"""Separates the phrasings in a ``dispute.<id>.asked`` message."""


PAGE = "disputes"
"""The page that holds ``[[disputes]]`` (its search entries get the phrasings)."""


def phrasings(lang: str, dispute: Dispute) -> list[str]:
    """The ways players phrase a dispute in ``lang`` (Dutch when not translated)."""
    text = str(translations().gettext(lang, f"dispute.{dispute.id}.asked"))
    return [q.strip() for q in text.split(ASKED_SEPARATOR) if q.strip()]


def index_phrasings(lang: str, docs: list[dict[str, Any]]) -> int:
    """Give the search entry of every dispute section its phrasings, in the field
    ``asked`` (weighted like a heading in ``mkdocs.yml``); returns how many it filled.

    The phrasings are also in the section's text (the "also asked as" line), but there a
    word weighs a thousandth of a heading word, so a question typed the way players say it
    would lose against any clause whose heading shares one word with it.
    """
    filled = 0
    for doc in docs:
        page, _, anchor = str(doc.get("location", "")).partition("#")
        if page.rstrip("/").removesuffix(".html") == PAGE and anchor in DISPUTES:
            doc["asked"] = " ".join(phrasings(lang, DISPUTES[anchor]))
            filled += 1
    return filled


def _params(lang: str, row: Row) -> dict[str, Any]:
    """The row's numbers written the language's way: amounts with the edition's currency
    sign, percentages with the language's % (:mod:`present.numbers`), counts as numbers."""
    out: dict[str, Any] = {}
    for name, v in row.params.items():
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            out[name] = v
        elif row.unit(name) == MONEY:
            out[name] = numbers.amount(lang, v, row.edition.currency)
        elif row.unit(name) == PERCENT:
            out[name] = numbers.percent_points(lang, v)
        else:
            out[name] = numbers.number(lang, v)
    return out


def answer_text(ctx: Context, row: Row) -> str:
    """The one-line answer of a row, escaped HTML (a Dutch fallback is marked)."""
    return ctx.text(row.key, **_params(ctx.lang, row))


def edition_label(ctx: Context, row: Row) -> str:
    """The edition (or mode) a row is about, plus the house rule when one is on."""
    label = ctx.text(f"edition.{row.edition.id}.short")  # inside a list: the short name
    if row.house_rule:
        label += f' + {ctx.text(f"disputes.house_rule.{row.house_rule}")}'
    return label


def rows_html(ctx: Context, dispute: Dispute) -> str:
    """One ``<li>`` per distinct answer: the editions that give it, the answer, its mark and
    each edition's citation (editions with the same answer on the same basis share a line)."""
    groups: dict[tuple[str, str], list[Row]] = {}
    for row in rows(dispute):
        groups.setdefault((answer_text(ctx, row), row.basis), []).append(row)
    join = step_presenter(ctx.lang).join
    items = []
    for (answer, basis), members in groups.items():
        # the short names hold no comma ("Nederland modern"): a list of them is joined
        # with commas and the language's "and"
        labels = [edition_label(ctx, r) for r in members]
        editions = join(labels)
        # with a main edition chosen, a row it shares names it alone and the others
        # apart (docs/assets/site-lists.js): both lists said here, in the language's words
        # (as text: an attribute's value, which the template escapes again)
        def names(keep: Any) -> str:
            return unescape(plain(join([lb for lb, r in zip(labels, members) if keep(r)])))

        splits = [(e, names(lambda r: r.edition.id == e), names(lambda r: r.edition.id != e))
                  for e in dict.fromkeys(r.edition.id for r in members)
                  if e in MAIN_EDITIONS and len(members) > 1]
        # each edition's citation apart (data-for): the row of one edition keeps its own
        cites = '<span class="dispute-cite-sep">; </span>'.join(
            f'<span class="dispute-cite" data-for="{r.edition.id}">'
            f'{source_note(ctx, Value(None, r.source), ruling=False)}</span>' for r in members)
        # the rulings once, after the citations: "… 000 · Dubbel gooien; … 001 · DUBBELSLAG ·
        # R17"; where the row's mark already says "ruling", the link is the number alone
        rulings = list(dict.fromkeys(r.source.ruling for r in members
                                     if r.source.ruling in CLAUSES))
        if rulings:
            links = ", ".join(fragment("editions/ruling-ref.html", ctx=ctx, cid=cid,
                                       number=CLAUSES[cid].number, bare=basis == "ruling")
                              for cid in rulings)
            cites = f"{cites} · {links}" if cites else links
        ids = " ".join(r.edition.id for r in members)
        # the main editions the row is about: a game mode's answer is its edition's where
        # that edition gives no answer of its own (the speed die's disputes)
        items.append(fragment("dispute-row.html", ctx=ctx, ids=ids, basis=basis,
                              about=about([r.edition.id for r in members]),
                              splits=splits, editions=html(editions), answer=html(answer), cites=html(cites)))
    return "".join(items)


def clause_links(ctx: Context, dispute: Dispute) -> str:
    """The clauses that settle a dispute, as links in the page language."""
    links = []
    for cid in dispute.clauses:
        number, title = ctx.clause_label(cid)
        text = f"{number} {title}" if title else number
        links.append(fragment("clause-ref.html", url=ctx.clause_url(cid), text=text))
    return ", ".join(links)


def dispute_markdown(ctx: Context, dispute: Dispute) -> str:
    """Heading and body of one dispute."""
    question = md_escape(str(ctx.t(f"dispute.{dispute.id}.q")))
    body = fragment("dispute.html", ctx=ctx, dispute=dispute, rows=html(rows_html(ctx, dispute)),
                    links=html(clause_links(ctx, dispute)), asked=phrasings(ctx.lang, dispute))
    return f"### {question} {{#{dispute.id} .dispute-q}}\n\n{body}\n"


def render(ctx: Context) -> str:
    """``[[disputes]]``: every topic with its disputes (``[[disputes: topic]]``: one)."""
    topics = ctx.args or TOPICS
    unknown = [t for t in topics if t not in TOPICS]
    if unknown:
        raise ctx.error(f"unknown dispute topic(s) {', '.join(unknown)} "
                        f"(known: {', '.join(TOPICS)})")
    parts = []
    for topic in topics:
        parts.append(f"## {md_escape(str(ctx.t(f'disputes.topic.{topic}')))} "
                     f"{{#disputes-{topic}}}\n")
        parts += [dispute_markdown(ctx, d) for d in DISPUTES.values() if d.topic == topic]
    return "\n".join(parts)


DIRECTIVES = {"disputes": render}
