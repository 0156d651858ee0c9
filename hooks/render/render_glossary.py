"""``[[glossary]]``: the game's terms in the four languages (the page's language first),
with a definition in the page's language, generated from the termbase
``translations/termbase.tbx`` (``hooks.catalogs.termbase``): one row per concept, no second list.
Sorted by the page language's term, in that language's alphabet (å, ä, ö, æ, ø after z).
Each row has the anchor ``term-<concept id>``. A language that lacks a concept shows the
Dutch term or definition, marked like every other fallback.

>>> sorted(["ö", "å", "z", "ä"], key=lambda w: sort_key("sv", w))
['z', 'å', 'ä', 'ö']
>>> sorted(["ø", "å", "z", "æ"], key=lambda w: sort_key("da", w))
['z', 'æ', 'ø', 'å']
"""

from __future__ import annotations

import unicodedata

from hooks.render.templates import fragment, html
from hooks.common import LANG_NAMES, LANGS, Context, Html, h
from hooks.catalogs.i18n import SOURCE_LANG, Message
from hooks.catalogs.languages import BY_CODE
from hooks.catalogs.termbase import Concept, termbase



def bare_chips(html: str, lang: str) -> str:
    """Edition codes a definition names in passing ("for example nl-2001") as the edition's
    name, like everywhere in players' prose (``hooks/render/chips.py``)."""
    from hooks.render.chips import BARE, chip

    return BARE.sub(lambda m: chip(lang, m.group("id")), html)


def sort_key(lang: str, word: str) -> tuple:
    """A sort key following the language's alphabet (letters after z in their order)."""
    tail = BY_CODE[lang].alphabet_tail if lang in BY_CODE else ""
    key = []
    for ch in word.casefold():
        if ch in tail:
            key.append((1, tail.index(ch)))
        else:
            base = unicodedata.normalize("NFD", ch)[0]
            key.append((0, ord(base)))
    return tuple(key)


def _message(concept: Concept, lang: str, what: str) -> Message:
    """The term (``what="term"``) or definition of a concept in ``lang``, as a
    :class:`hooks.catalogs.i18n.Message` (so a Dutch fallback is marked the same way)."""
    for candidate in (lang, SOURCE_LANG):
        entry = concept.langs.get(candidate)
        text = getattr(entry, what) if entry else ""
        if text:
            return Message(f"termbase.{concept.id}", lang, text, candidate)
    return Message(f"termbase.{concept.id}", lang, concept.id, None)


def render(ctx: Context) -> str:
    """``[[glossary]]`` (takes no arguments)."""
    if ctx.args:
        raise ctx.error("takes no arguments")
    concepts = list(termbase().concepts.values())
    concepts.sort(key=lambda c: sort_key(ctx.lang, _message(c, ctx.lang, "term").text))
    order = [ctx.lang] + [lang for lang in LANGS if lang != ctx.lang]  # page language first
    rows = []
    for concept in concepts:
        cells = [(lang, _message(concept, lang, "term")) for lang in order]
        definition = _message(concept, ctx.lang, "definition")
        rows.append((concept.id, cells, html(bare_chips(definition.html(), ctx.lang))))
    return Html(fragment("glossary.html", ctx=ctx, order=order, names=LANG_NAMES, rows=rows))


DIRECTIVES = {"glossary": render}
