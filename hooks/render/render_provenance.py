"""``[[provenance]]``: every parameter of every edition, marked fact / ruling / board data.

One table per edition (main editions, their modes and the card game), generated
from ``engine/editions.py``: the value in words, what kind of value it is (a fact
the rulebook states, the site's ruling, or board and deed data), and its
citation. The facts' evidence phrases are checked by ``tests/test_sources.py``;
they are not shown (the site never copies rulebook sentences).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

from engine.editions import EDITIONS, CardGameRules, Rules
from hooks.common import Context, Html
from hooks.render.templates import fragment, html
from hooks.render.render_editions import edition_header, source_note, value_text

KINDS = ("fact", "ruling", "board")


def _params(edition) -> list[str]:
    record = CardGameRules if edition.rules is None else Rules
    return [f.name for f in fields(record)]


def _value(edition, name):
    return getattr(edition.card_game if edition.rules is None else edition.rules, name)


def edition_table(ctx: Context, edition) -> str:
    """The provenance table of one edition, inside a ``<details>`` with a count per kind."""
    rows, counts = [], Counter()
    for name in _params(edition):
        value = _value(edition, name)
        counts[value.kind] += 1
        rows.append((name, value.kind,
                     html(value_text(ctx, name, value.value, edition.currency)),
                     html(source_note(ctx, value))))
    summary = ctx.text("provenance.summary", facts=counts["fact"], rulings=counts["ruling"],
                       board=counts["board"])
    caption = ctx.t("provenance.caption", edition=ctx.t(f"edition.{edition.id}"))
    return fragment("provenance.html", ctx=ctx, edition=edition,
                    header=html(edition_header(ctx, edition.id)), summary=html(summary),
                    caption=caption, rows=rows)


def render(ctx: Context) -> str:
    """``[[provenance]]`` (takes no arguments): one table per edition, in engine order."""
    if ctx.args:
        raise ctx.error("takes no arguments")
    return Html("".join(edition_table(ctx, e) for e in EDITIONS.values()))


DIRECTIVES = {"provenance": render}
