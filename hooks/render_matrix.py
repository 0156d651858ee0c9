"""``[[matrix]]``: the whole edition matrix, every parameter x the four main editions.

Rows are grouped by clause (in clause order, each group linking to its clause);
a mode or variant of an edition (short game, time-limited game, speed die) appears
inside that edition's cell where it differs. Every cell cites its source. On a
phone the table scrolls sideways with the rule-point column kept in view (CSS).
"""

from __future__ import annotations

from engine.editions import EDITIONS, MAIN_EDITIONS
from hooks.common import CLAUSES, Context, Html, h
from hooks.render_editions import RULE_PARAMS, edition_header, param_rows

_ORDER = {cid: i for i, cid in enumerate(CLAUSES)}


def render(ctx: Context) -> str:
    """``[[matrix]]`` (takes no arguments)."""
    if ctx.args:
        raise ctx.error("takes no arguments")
    editions = [EDITIONS[e] for e in MAIN_EDITIONS]
    groups: dict[str, list[str]] = {}
    for name, clause in RULE_PARAMS.items():
        groups.setdefault(clause, []).append(name)
    body = []
    for clause in sorted(groups, key=_ORDER.__getitem__):
        number, title = ctx.clause_label(clause)
        label = f"{number} {title}" if title else number
        body.append(f'<tr class="group" id="matrix-{h(clause)}"><th scope="colgroup" '
                    f'colspan="{len(editions) + 1}"><a href="{h(ctx.clause_url(clause))}">'
                    f'{h(label)}</a></th></tr>')
        body.extend(param_rows(ctx, groups[clause], editions))
    head = "".join(f'<th scope="col" data-edition="{h(e.id)}">{edition_header(ctx, e.id)}</th>'
                   for e in editions)
    return Html(f'<div class="matrix-wrap" tabindex="0" role="region" '
            f'aria-label="{h(ctx.t("matrix.caption"))}"><table class="matrix">'
            f'<caption>{ctx.text("matrix.caption")}</caption>'
            f'<thead><tr><th scope="col">{ctx.text("editions.rule_point")}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


DIRECTIVES = {"matrix": render}
