"""``[[glossary]]``: the game's terms in the four languages (the page's language first),
with a definition in the page's language, from ``translations/<lang>/glossary.po`` (keys ``glossary.<term>``
and ``glossary.<term>.def``). Sorted by the page language's term, in that
language's alphabet (å, ä, ö, æ, ø after z). Each row has the anchor ``term-<term>``.

>>> sorted(["ö", "å", "z", "ä"], key=lambda w: sort_key("sv", w))
['z', 'å', 'ä', 'ö']
>>> sorted(["ø", "å", "z", "æ"], key=lambda w: sort_key("da", w))
['z', 'æ', 'ø', 'å']
"""

from __future__ import annotations

import re
import unicodedata

from hooks.common import LANG_NAMES, LANGS, Context, Html, h
from tools.i18n import translations

TERM_KEY = re.compile(r"^glossary\.(?P<term>[a-z0-9_-]+)$")
_TAIL = {"sv": "åäö", "da": "æøå", "nb": "æøå", "nl": ""}


def bare_chips(html: str, lang: str) -> str:
    """Edition codes a definition names in passing ("for example nl-2001") as the edition's
    name, like everywhere in players' prose (``hooks/my_edition.py``)."""
    from hooks.my_edition import BARE, chip

    return BARE.sub(lambda m: chip(lang, m.group("id")), html)


def sort_key(lang: str, word: str) -> tuple:
    """A sort key following the language's alphabet (letters after z in their order)."""
    tail = _TAIL.get(lang, "")
    key = []
    for ch in word.casefold():
        if ch in tail:
            key.append((1, tail.index(ch)))
        else:
            base = unicodedata.normalize("NFD", ch)[0]
            key.append((0, ord(base)))
    return tuple(key)


def terms() -> list[str]:
    """The glossary's terms (from the Dutch catalog), in file order."""
    return [m.group("term") for k in translations().keys("glossary.")
            if (m := TERM_KEY.match(k))]


def render(ctx: Context) -> str:
    """``[[glossary]]`` (takes no arguments)."""
    if ctx.args:
        raise ctx.error("takes no arguments")
    cat = translations()
    found = terms()
    if not found:
        raise ctx.error("no glossary.<term> keys in translations/nl/glossary.po")
    found.sort(key=lambda t: sort_key(ctx.lang, str(cat.gettext(ctx.lang, f"glossary.{t}"))))
    order = [ctx.lang] + [lang for lang in LANGS if lang != ctx.lang]  # page language first
    heads = "".join(f'<th scope="col" lang="{lang}">{h(LANG_NAMES[lang])}</th>'
                    for lang in order)
    rows = []
    for term in found:
        cells = []
        for lang in order:
            msg = cat.gettext(lang, f"glossary.{term}")
            tag = "th" if lang == ctx.lang else "td"
            scope = ' scope="row"' if tag == "th" else ""
            cells.append(f'<{tag}{scope} lang="{lang}" data-label="{h(LANG_NAMES[lang])}">'
                         f'{msg.html()}</{tag}>')
        definition = cat.gettext(ctx.lang, f"glossary.{term}.def")
        rows.append(f'<tr id="term-{h(term)}">{"".join(cells)}'
                    f'<td class="def" data-label="{h(ctx.t("glossary_table.definition"))}">'
                    f'{bare_chips(definition.html(), ctx.lang)}</td></tr>')
    return Html(f'<div class="glossary-wrap"><table class="glossary">'
            f'<caption>{ctx.text("glossary_table.caption")}</caption>'
            f'<thead><tr>{heads}<th scope="col">{ctx.text("glossary_table.definition")}</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table></div>')


DIRECTIVES = {"glossary": render}
