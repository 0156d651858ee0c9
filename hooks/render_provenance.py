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
from hooks.common import Context, Html, h
from hooks.render_editions import edition_header, source_note, value_text

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
        kind = value.kind
        counts[kind] += 1
        rows.append(
            f'<tr class="prov-{kind}" data-param="{h(name)}" data-kind="{kind}">'
            f'<th scope="row">{ctx.text(f"param.{name}")}</th>'
            f'<td>{value_text(ctx, name, value.value, edition.currency)}</td>'
            f'<td><span class="prov-kind">{ctx.text(f"provenance.kind.{kind}")}</span></td>'
            f'<td>{source_note(ctx, value)}</td></tr>')
    summary = ctx.text("provenance.summary", facts=counts["fact"], rulings=counts["ruling"],
                       board=counts["board"])
    caption = ctx.text("provenance.caption", edition=ctx.t(f"edition.{edition.id}"))
    return (f'<details class="provenance" id="provenance-{h(edition.id)}">'
            f'<summary>{edition_header(ctx, edition.id)} — {summary}</summary>'
            f'<div class="editions-table-wrap" tabindex="0" role="region" aria-label="{h(caption)}">'
            f'<table class="editions-table provenance-table"><caption>{caption}</caption>'
            f'<thead><tr><th scope="col">{ctx.text("editions.rule_point")}</th>'
            f'<th scope="col">{ctx.text("provenance.value")}</th>'
            f'<th scope="col">{ctx.text("provenance.kind")}</th>'
            f'<th scope="col">{ctx.text("provenance.source")}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div></details>')


def render(ctx: Context) -> str:
    """``[[provenance]]`` (takes no arguments): one table per edition, in engine order."""
    if ctx.args:
        raise ctx.error("takes no arguments")
    return Html("".join(edition_table(ctx, e) for e in EDITIONS.values()))


DIRECTIVES = {"provenance": render}
