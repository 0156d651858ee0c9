"""The same rule in every language: what a clause states that must not differ between them.

For one clause of one language's page this extracts the *checkable content*: the amounts
(digits, ``1.500`` and ``1 500`` alike), the edition codes it names, the clauses and rulings
it refers to (``[[ref: id]]``), the rulebook sections it cites ("(bron 000, ‘Huur’)" and its
equivalents; a section of 001 by its row in :data:`engine.sources.NORDIC_SECTIONS`, so the
Danish page's Danish heading equals the Dutch page's Swedish one) and the worked examples it
shows (whose numbers :func:`example_numbers` extracts from each language's text), and the
tables and calculators it shows (``[[editions]]``, ``[[matrix]]``, ``[[calculator: …]]``).
``tests/test_same_rule.py`` compares every language with the Dutch, clause by clause.

>>> c = content("Bij vier stations betaal je 200, in `nl-modern` ook "
...             "(bron 002, ‘Stations’). Zie [[ref: rent-station]].", "nl")
>>> sorted(c.amounts), c.editions, c.refs, c.cited
([200], ('nl-modern',), ('rent-station',), (('002', 'Stations'),))
>>> content("Du betalar 1 500 (källa 001, ”BANKEN”).", "sv").cited
(('001', 'BANKEN'),)
>>> content("Du får 1.500 (kilde 001, »HUSE«).", "da").cited == content(
...     "Je krijgt 1.500 (bron 001, ‘HUS’).", "nl").cited
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.sources import NORDIC_SECTIONS
from tools.evidence import numbers, prose_citations

EDITION = re.compile(r"`([a-z]+(?:-[a-z0-9]+)+)`")
REF = re.compile(r"\[\[ref:\s*([a-z0-9-]+)\s*\]\]")
EXAMPLE = re.compile(r"^\[\[example:\s*([a-z0-9-]+)\s*\]\]", re.MULTILINE)
TABLE = re.compile(r"^\[\[((?:editions|matrix|calculator)\b[^\]]*)\]\]", re.MULTILINE)
"""The directives that show the engine's values or a calculator: ``[[editions]]`` (the
reader's edition's values and the comparison), ``[[matrix]]``, ``[[calculator: kind]]``."""
_GROUP = re.compile(r"\((?:[^()]*?\b(?:bron|källa|kilde)(?:en|or|r)?\s+\d{3}[^()]*)\)")
_QUOTED = re.compile(r"‘[^’\n]*’|«[^»\n]*»|»[^«\n]*«|”[^”\n]*”|“[^”\n]*”")


@dataclass(frozen=True)
class Content:
    """What a clause states that every language must state alike."""

    amounts: frozenset[int]
    editions: tuple[str, ...]
    refs: tuple[str, ...]
    cited: tuple[tuple[str, str], ...]
    examples: tuple[str, ...]
    tables: tuple[str, ...] = ()


def canonical_section(file: str, section: str) -> str:
    """001's sections by their Swedish heading (its rows are one section in three texts)."""
    if file == "001":
        row = next((r for r in NORDIC_SECTIONS if section in r), None)
        if row:
            return row[0]
    return section


def _plain(text: str) -> str:
    """The text without directives, anchors, links' targets, citations and quoted words (a
    quoted heading "4. De bankier en de bank" or a card title holds no amount of the rule)."""
    text = re.sub(r"\[\[[^\]]*\]\]|\{#[^}]*\}|\]\([^)]*\)", " ", text)
    text = _GROUP.sub(" ", text)
    return _QUOTED.sub(" ", text)


def content(text: str, lang: str) -> Content:
    """The checkable content of one clause's Markdown text in ``lang``."""
    plain = _plain(text)
    amounts = frozenset(n for n in numbers(plain, words=False) if not 1900 <= n <= 2100)  # no years
    cited = sorted({(f, canonical_section(f, s)) for c in prose_citations(text, lang)
                    for f, s in c.cited})
    return Content(amounts, tuple(sorted(set(EDITION.findall(text)))),
                   tuple(sorted(set(REF.findall(text)))), tuple(cited),
                   tuple(sorted(set(EXAMPLE.findall(text)))),
                   tuple(" ".join(t.split()) for t in TABLE.findall(text)))


def differences(dutch: Content, other: Content) -> list[str]:
    """What ``other`` states differently from the Dutch, one line per kind."""
    out = []
    for name in ("amounts", "editions", "refs", "cited", "examples", "tables"):
        a, b = set(getattr(dutch, name)), set(getattr(other, name))
        if a != b:
            out.append(f"{name}: only nl {sorted(a - b)}, only here {sorted(b - a)}")
        elif name == "tables" and sorted(dutch.tables) != sorted(other.tables):  # one twice
            out.append(f"tables: nl {sorted(dutch.tables)}, here {sorted(other.tables)}")
    return out


def example_numbers(text: str) -> frozenset[int]:
    """The numbers an example's title and situation state, in any language.

    >>> sorted(example_numbers("An had 9.000, Bo 500.")) == sorted(example_numbers("An hade 9 000, Bo 500."))
    True
    """
    return frozenset(numbers(_plain(text), words=False))
