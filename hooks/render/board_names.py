"""A square in rule prose named as the reader's board names it: ``[[square: 39]]``.

The rule pages give amounts with a street as the example ("voor de Kalverstraat 200"). Two
boards are in play (``engine.boards``): the Dutch one of ``nl-2001`` and ``nl-modern`` and
the American one of ``nordic-2005`` and ``classic-us``, with the same amounts at every
index (``shared/reference/board.md``). A player of the travel edition has Boardwalk on the
table, not the Kalverstraat, so the prose names the square by its index and the build
writes its names:

- on a rule page, every board's name ("de Kalverstraat (Boardwalk)"), with each edition's
  own name in a ``data-name-<edition>`` attribute; with an edition chosen
  ``docs/assets/site.js`` (``applyNames``) puts that one in its place;
- on an edition's rules sheet (and wherever one edition is meant), that edition's name.

A name inside a sentence takes its article as the presenter's do (``present.grammar``:
"de Kalverstraat", "Boardwalk"). The directive is inline, like ``[[ref: id]]``; write it
where the name does not open a sentence (a Dutch article would want its capital).

>>> both_names("nl", 39), edition_name("sv", 39, "nordic-2005")
('de Kalverstraat (Boardwalk)', 'Boardwalk')
>>> resolve("voor [[square: 37]] 175", "nl", "nl-2001")
'voor de Leidschestraat 175'
"""

from __future__ import annotations

import re

from engine.boards import Board
from engine.editions import EDITIONS, MAIN_EDITIONS
from hooks.common import DirectiveError, h
from hooks.pages import code_lines, sub_outside_code
from present.grammar import in_sentence

SQUARE = re.compile(r"\[\[square:[ \t]*(?P<index>[^\]\s]*)[ \t]*\]\]")
"""``[[square: index]]``: a square of the board by its index (0 = Start ... 39)."""


def _board(edition_id: str) -> Board:
    board = EDITIONS[edition_id].board
    if board is None:
        raise DirectiveError(f"edition {edition_id} has no board")
    return board


def _index(text: str) -> int:
    if not text.isdecimal() or not 0 <= int(text) <= 39:
        raise DirectiveError(f"[[square: {text}]]: a square is named by its index, 0 to 39")
    return int(text)


def edition_name(lang: str, index: int, edition_id: str) -> str:
    """The square's name on ``edition_id``'s board, as it stands in a sentence of ``lang``."""
    return in_sentence(lang, _board(edition_id).square(index).name)


def both_names(lang: str, index: int) -> str:
    """Every board's name of the square, the Dutch board's first and the other's in
    brackets (one name where the boards agree, as on Start)."""
    names = list(dict.fromkeys(edition_name(lang, index, e) for e in MAIN_EDITIONS))
    return names[0] + "".join(f" ({n})" for n in names[1:])


def markup(lang: str, index: int) -> str:
    """The square's names on a rule page: every board's, each edition's in an attribute."""
    attrs = "".join(f' data-name-{e}="{h(edition_name(lang, index, e))}"' for e in MAIN_EDITIONS)
    both = both_names(lang, index)
    return f'<span class="sq-name" data-name="{h(both)}"{attrs}>{h(both)}</span>'


def resolve(markdown: str, lang: str, edition_id: str | None = None) -> str:
    """Every ``[[square: n]]`` outside code replaced: by the page markup, or by
    ``edition_id``'s name (plain text) where one edition is meant."""
    def repl(m: re.Match[str]) -> str:
        index = _index(m.group("index"))
        return markup(lang, index) if edition_id is None else h(edition_name(lang, index, edition_id))

    lines = markdown.split("\n")
    mask = code_lines(lines)
    return "\n".join(sub_outside_code(line, SQUARE, repl) if "[[square:" in line and not code
                     else line for line, code in zip(lines, mask))
