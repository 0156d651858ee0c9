"""``[[matrix]]``: the whole edition matrix, every parameter x the four main editions.

Rows are grouped by clause (in clause order, each group linking to its clause);
a mode or variant of an edition (short game, time-limited game, speed die) appears
inside that edition's cell where it differs. Every cell cites its source. On a
phone the table scrolls sideways with the rule-point column kept in view (CSS).
"""

from __future__ import annotations

from engine.editions import EDITIONS, MAIN_EDITIONS
from hooks.common import CLAUSES, Context, Html
from hooks.render.templates import fragment, html
from hooks.render.render_editions import RULE_PARAMS, edition_header, param_rows

_ORDER = {cid: i for i, cid in enumerate(CLAUSES)}


def render(ctx: Context) -> str:
    """``[[matrix]]`` (takes no arguments)."""
    if ctx.args:
        raise ctx.error("takes no arguments")
    editions = [EDITIONS[e] for e in MAIN_EDITIONS]
    groups: dict[str, list[str]] = {}
    for name, clause in RULE_PARAMS.items():
        groups.setdefault(clause, []).append(name)
    rows = []
    for clause in sorted(groups, key=_ORDER.__getitem__):
        number, title = ctx.clause_label(clause)
        label = f"{number} {title}" if title else number
        rows.append((clause, ctx.clause_url(clause), label,
                     html("".join(param_rows(ctx, groups[clause], editions)))))
    headers = [(e, html(edition_header(ctx, e.id))) for e in editions]
    return Html(fragment("matrix.html", ctx=ctx, editions=editions, headers=headers,
                         groups=rows))


DIRECTIVES = {"matrix": render}
