"""``[[phrasebook]]``: the phrasebook page (``phrasebook.md``, developers' section).

One folded table per catalog file: every key, where on the site its text appears, and the
text in the four languages (Dutch first), filled with realistic values by
:func:`hooks.render.phrasebook.filled` (the engine's results, worded by the presenter). A missing
translation shows the Dutch text, as on the pages.
"""

from __future__ import annotations

from hooks.common import LANG_NAMES, LANGS, Context, Html
from hooks.render.phrasebook import all_keys, filled, where_key
from hooks.render.templates import fragment


def render(ctx: Context) -> Html:
    """``[[phrasebook]]`` (takes no arguments)."""
    if ctx.args:
        raise ctx.error("[[phrasebook]] takes no arguments")
    by_file: dict[str, list[tuple[object, ...]]] = {}
    for file, key in all_keys():
        cells = [(lang, filled(lang, key)) for lang in LANGS]
        by_file.setdefault(file, []).append((key, ctx.t(where_key(key)), cells))
    catalogs = [(file, ctx.t("phrasebook.catalog", file=file, count=len(rows)), rows)
                for file, rows in by_file.items()]
    return Html(fragment("phrasebook.html", ctx=ctx, order=LANGS, names=LANG_NAMES,
                         catalogs=catalogs))


DIRECTIVES = {"phrasebook": render}
