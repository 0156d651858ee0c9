"""``[[sources]]``: the sources page, what each booklet the site cites is.

Per booklet (``hooks.catalogs.source_names.SOURCES``) a level-2 heading with its short name
(anchor ``source-<id>``: every citation links there), then what it is (box, year,
language), what it covers, its known defects, and the editions of this site that rest on
it (from ``engine/editions.py``). The words are catalog messages in ``site.po``
(``source.<id>.name|what|covers|defects``, ``sources.*``), the facts from the booklets'
own README (``/work/shared/sources/README.md``).
"""

from __future__ import annotations

from engine.editions import EDITIONS
from hooks.common import Context, Html, md_escape
from hooks.catalogs.source_names import SOURCES, anchor
from hooks.render.templates import fragment


def editions_of(source: str) -> list[str]:
    """The editions (and modes) that rest on a booklet, in the engine's order.

    >>> editions_of("002")
    ['nl-modern', 'nl-modern-speed']
    """
    return [e.id for e in EDITIONS.values() if e.source == source]


def render(ctx: Context) -> str:
    """``[[sources]]`` (no arguments): every booklet, in number order."""
    if ctx.args:
        raise ctx.error("takes no arguments")
    parts = []
    for source in SOURCES:
        title = str(ctx.t(f"source.{source}.name"))
        title = title[:1].upper() + title[1:]
        parts.append(f"## {md_escape(title)} {{#{anchor(source)}}}\n")
        parts.append(fragment("sources.html", ctx=ctx, source=source,
                              editions=editions_of(source)) + "\n")
    return "\n".join(parts)


DIRECTIVES = {"sources": render}
