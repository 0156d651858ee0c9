"""Edition codes as chips: an edition code written as code in a players' page
(`` `nl-2001` ``) becomes the edition's name in the page's language, as a small chip
(``<span class="ed-chip" data-edition="nl-2001">``); the page hook
(``hooks/entry/my_edition.py``) and the renderers that write prose of their own (the rules
sheet, the glossary) make them here, the same way.
"""

from __future__ import annotations

import re

from engine.editions import EDITIONS
from hooks.catalogs.i18n import translations
from hooks.common import h
from hooks.pages import code_lines

_IDS = "|".join(re.escape(e) for e in sorted(EDITIONS, key=len, reverse=True))
CODE = re.compile(rf"(?<!`)`(?P<id>{_IDS})`(?!`)")
"""An edition code written as inline code."""
BARE = re.compile(rf"(?<![\w/#.-])(?P<id>{_IDS})(?![\w-])")
"""An edition code in plain text (not part of a path, anchor or longer word)."""
HEADING_CODE = re.compile(rf"^(?P<hashes>#{{2,6}})[ \t]+(?P<id>{_IDS})[ \t]*$")
"""A heading that is only an edition code (``## nl-2001``): its anchor stays the code."""


def chip(lang: str, edition_id: str) -> str:
    """An edition's name in ``lang`` as a chip (escaped HTML): the short name
    (``edition.<id>.short``, no comma), as the chip stands inside a sentence or a list;
    a heading that is only a code keeps the full name."""
    name = translations().gettext(lang, f"edition.{edition_id}.short").html()
    return f'<span class="ed-chip" data-edition="{h(edition_id)}">{name}</span>'


def chips(markdown: str, lang: str) -> str:
    """Every edition code span outside fenced code turned into a chip.

    >>> chips("In `nl-2001` en `nl-modern-speed`:\\n```\\n`nl-2001`\\n```", "nl")
    ... # doctest: +ELLIPSIS
    'In <span class="ed-chip" data-edition="nl-2001">Nederland 2001</span> en ...\\n```\\n`nl-2001`\\n```'
    >>> chips("`classic-us` is strenger", "nl")
    '<span class="ed-chip" data-edition="classic-us">Amerika (klassieke regels)</span> is strenger'
    """
    lines = markdown.split("\n")
    mask = code_lines(lines)
    out = []
    for i, line in enumerate(lines):
        heading = None if mask[i] else HEADING_CODE.match(line)
        if heading:
            name = translations().gettext(lang, f"edition.{heading.group('id')}")
            line = f"{heading.group('hashes')} {name} {{#{heading.group('id')}}}"
        elif not mask[i] and "`" in line:
            line = CODE.sub(lambda m: chip(lang, m.group("id")), line)
        out.append(line)
    return "\n".join(out)
