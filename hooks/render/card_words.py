"""Rule prose in the words of the reader's get-out card: ``[[cards: A || B]]``.

Three editions get a player out of jail with a card ("Verlaat de gevangenis zonder
betalen"), the travel edition with a plastic key (:func:`engine.jail.card_kind`). A
sentence about the card is not a sentence about the key with one noun swapped: the noun's
gender changes its pronouns ("Har du ett frikort lämnar du in det", "har du en nyckel
lämnar du in den") and what happens to it differs (a card goes under its pile, a key back
to the box). So the prose says both in full where they differ:

- ``A``: the text for the editions with cards; it is also the page's text without a
  choice, so it may name the key in brackets ("de kaart (in de `nordic-2005` een
  sleutel)"): the sheets of the card editions drop that aside
  (:func:`hooks.render.edition_prose.without_asides`);
- ``B``: the same in the words of the editions with keys, naming no card; left out
  (``[[cards: A]]``), the text is the card editions' alone (a paragraph of it is hidden
  whole for the others).

The travel edition has no decks either: its Chance and Community Chest are a numbered
task list rolled with three dice (``card_mode`` ``three-dice-task``, what makes its "card"
a key), so the same directive says "a card sends you forward" and "a task sends you
forward" apart; where the booklet does not say what its tasks do, ``B`` says nothing of
them rather than invent.

A directive is inline, may run over the lines of one paragraph, and may hold other inline
directives (``[[ref: ...]]``, ``[[square: ...]]``). Where it is written out:

- on a rule page both, each in a span; ``docs/assets/site.js`` (``applyKinds``) shows ``B``
  instead of ``A`` while an edition with keys is the reader's, and ``A`` again without (a
  paragraph of ``A`` alone is opened by an empty ``span.ck-alone`` and hidden whole);
- on an edition's rules sheet that edition's text (:func:`resolve` with an edition);
- on the side-by-side page and anywhere all editions are meant, ``A``.

>>> resolve("Zo. [[cards: De kaart gaat onder de stapel. || De sleutel gaat terug.]] Klaar.",
...         "nordic-2005")
'Zo. De sleutel gaat terug. Klaar.'
>>> resolve("Zo. [[cards: Alleen kaarten.]] Klaar.", "nl-2001")
'Zo. Alleen kaarten. Klaar.'
>>> resolve("Zo. [[cards: Alleen kaarten.]] Klaar.", "nordic-2005")
'Zo.  Klaar.'
>>> "ck-alone" in resolve("Zo[[cards: , of niet]]."), "ck-alone" in resolve("[[cards: Zo.]]")
(False, True)
>>> print(resolve("[[cards: de kaart ([[ref: x]]) || de sleutel]]"))
<span class="ck-cards" data-keys="nordic-2005">de kaart ([[ref: x]])</span><span class="ck-keys" data-keys="nordic-2005" hidden>de sleutel</span>
"""

from __future__ import annotations

import re

from engine.editions import EDITIONS, MAIN_EDITIONS
from engine.jail import edition_card_kind
from hooks.common import DirectiveError

CARDS = re.compile(
    r"\[\[cards:[ \t\n]*(?P<cards>(?:\[\[[^\]]*\]\]|(?!\]\]|\|\|).)*?)[ \t\n]*"
    r"(?:\|\|[ \t\n]*(?P<keys>(?:\[\[[^\]]*\]\]|(?!\]\]|\|\|).)*?)[ \t\n]*)?\]\]", re.S)
"""``[[cards: A || B]]`` or ``[[cards: A]]``; an inner ``[[...]]`` is taken whole."""

def has_keys(edition_id: str) -> bool:
    """Whether an edition (or a mode of one) plays with keys.

    >>> has_keys("nordic-2005"), has_keys("nl-2001-short"), has_keys("nl-card-game")
    (True, False, False)
    """
    return edition_card_kind(EDITIONS[edition_id]) == "key"


KEY_EDITIONS: tuple[str, ...] = tuple(e for e in MAIN_EDITIONS if has_keys(e))
"""The main editions whose get-out "card" is a key (``nordic-2005``)."""


def resolve(text: str, edition_id: str | None = None) -> str:
    """Every ``[[cards: ...]]`` replaced: by both texts in their spans (a rule page), by
    the card editions' text (``edition_id`` ``"*"``: every edition at once, as the
    side-by-side page shows them), or by ``edition_id``'s text."""
    def repl(m: re.Match[str]) -> str:
        cards, keys = m.group("cards"), m.group("keys") or ""
        if "\n\n" in m.group(0):
            raise DirectiveError("[[cards: ...]] holds a blank line: it is inline, within "
                                 "one paragraph")
        if not cards:
            raise DirectiveError("[[cards: ...]] without the card editions' text")
        if edition_id == "*":
            return cards
        if edition_id is not None:
            return keys if has_keys(edition_id) else cards
        who = " ".join(KEY_EDITIONS)
        if not keys:
            before, after = text[:m.start()], text[m.end():]
            alone = (not before.strip() or before.endswith("\n\n")) and \
                (not after.strip() or after.startswith("\n\n"))
            if alone:
                # a paragraph of its own: an empty mark opens it and site.js hides the whole
                # paragraph; its sentences stay loose, so those that name an edition are
                # still marked as that edition's (hooks/render/edition_prose.py)
                return f'<span class="ck-alone" data-keys="{who}"></span>{cards}'
            return f'<span class="ck-cards" data-keys="{who}">{cards}</span>'
        return (f'<span class="ck-cards" data-keys="{who}">{cards}</span>'
                f'<span class="ck-keys" data-keys="{who}" hidden>{keys}</span>')

    return CARDS.sub(repl, text) if "[[cards:" in text else text
