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


def chip(lang: str, edition_id: str, bracketed: bool = False) -> str:
    """An edition's name in ``lang`` as a chip (escaped HTML): the short name
    (``edition.<id>.short``, no comma), as the chip stands inside a sentence or a list.
    The four catalogs now give each edition one name, the same as the full one, with a
    dash where a name has two parts ("Nederland – moderne regels"): the select, the
    picker's line and the chips name an edition alike. A translation may still give a
    short name brackets; inside brackets (``bracketed``) they become a spaced en dash:
    "(Nederland – moderne regels met geluksdobbelsteen)", not "(Nederland (moderne regels
    met …))" and not the comma of the full name (:func:`bracket_free`)."""
    name = translations().gettext(lang, f"edition.{edition_id}.short").html()
    if bracketed:
        name = bracket_free(name)
    return f'<span class="ed-chip" data-edition="{h(edition_id)}">{name}</span>'


def bracket_free(name: str) -> str:
    """An edition's short name as it stands inside brackets.

    >>> bracket_free("Nederland (moderne regels)"), bracket_free("Nederland 2001")
    ('Nederland – moderne regels', 'Nederland 2001')
    """
    return re.sub(r" \((.+)\)$", r" – \1", name)


def _bracket_next(rest: str, next_line: str) -> bool:
    """A bracket follows the name (on its line, or first on the next): "Nederland (moderne
    regels) (bron 002, …)" would stand two brackets side by side."""
    return (rest.lstrip(" *_") or next_line.lstrip(" *_")).startswith("(")  # past **bold**


def _depths(line: str, depth: int) -> tuple[list[int], int]:
    """The bracket depth at each character of ``line``, starting at ``depth``, and the
    depth after it (a paragraph's brackets can open on an earlier line)."""
    out = []
    for ch in line:
        out.append(depth)
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
    return out, depth


def chips(markdown: str, lang: str) -> str:
    """Every edition code span outside fenced code turned into a chip (inside brackets, or
    with a bracket right after it, without brackets of its own: :func:`bracket_free`).

    >>> chips("In `nl-2001` en `nl-modern-speed`:\\n```\\n`nl-2001`\\n```", "nl")
    ... # doctest: +ELLIPSIS
    'In <span class="ed-chip" data-edition="nl-2001">Nederland 2001</span> en ...\\n```\\n`nl-2001`\\n```'
    >>> chips("`classic-us` is strenger", "nl")
    '<span class="ed-chip" data-edition="classic-us">Amerika – klassieke regels</span> is strenger'
    >>> chips("zegt `nl-modern` (bron 002)", "nl")
    'zegt <span class="ed-chip" data-edition="nl-modern">Nederland – moderne regels</span> (bron 002)'
    >>> chips("de rode dobbelsteen (editie\\n`nl-modern-speed`)", "nl")
    'de rode dobbelsteen (editie\\n<span class="ed-chip" data-edition="nl-modern-speed">Nederland – moderne regels met geluksdobbelsteen</span>)'
    """
    lines = markdown.split("\n")
    mask = code_lines(lines)
    out = []
    depth = 0  # open brackets of the paragraph so far
    for i, line in enumerate(lines):
        heading = None if mask[i] else HEADING_CODE.match(line)
        if mask[i] or not line.strip():
            depth = 0
        if heading:
            name = translations().gettext(lang, f"edition.{heading.group('id')}")
            line = f"{heading.group('hashes')} {name} {{#{heading.group('id')}}}"
        elif not mask[i]:
            at, depth = _depths(line, depth)
            if "`" in line:
                after = lines[i + 1] if i + 1 < len(lines) and not mask[i + 1] else ""
                line = CODE.sub(lambda m: chip(lang, m.group("id"), at[m.start()] > 0
                                               or _bracket_next(line[m.end():], after)), line)
        out.append(line)
    return "\n".join(out)
