"""The phrasebook (issue 24): every key of every catalog, rendered with realistic values in
every language, read the way a proofreader would.

Each rendered text must have: no unfilled placeholder; no doubled punctuation or a space
before a comma or full stop; amounts the language's way (the currency sign before the
number in Dutch, after it in the others, always with a no-break space); the language's own
quotation marks; none of the English words the site's code and data hold (board-data
section titles, engine names). The page itself is checked on the build: the developers'
section, out of the players' search.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hooks.catalogs.i18n import LANGS
from hooks.render.phrasebook import all_keys, filled, placeholders, where_key
from hooks.render.render_editions import BOARD_SECTIONS

KEYS = all_keys()

UNFILLED = re.compile(r"\{[a-z_][a-z0-9_]*\}")
DOUBLED = re.compile(r"(?<!\.)([.,;:!?])\1(?!\.)|\s[,.;:](?=\s|$)|,\.|\.,")
AMOUNT_WRONG_SIDE = {"nl": re.compile(r"\d[\s\u00a0]?[€$]"),
                     **{lang: re.compile(r"[€$][\s\u00a0]?\d") for lang in ("sv", "da", "nb")}}
BREAKABLE_AMOUNT = re.compile(r"[€$] \d|\d [€$]")
FOREIGN_QUOTES = {"nl": re.compile(r"[«»„]"), "sv": re.compile(r"[«»„“]"),
                  "da": re.compile(r"«(?=\w)|[„“”]"), "nb": re.compile(r"»(?=\w)|[„“”]")}
"""Quotation marks a language does not use (nl ‘…’ “…”, sv ”…”, da »…«, nb «…»): a wrong
mark, or one of the right marks used as the wrong end."""

ENGLISH: frozenset[str] = frozenset({
    "board", "facts", "dutch", "edition", "used", "classic", "travel", "summary", "decks",
    "guilder", "amounts", "texts", "player", "jail", "square", "ruling", "source", "mortgage",
    "rent", "the", "and", "with"})
"""English words of the site's own strings (the board-data section titles of
``shared/reference/board.md``, the engine's names of things) that must never reach a reader;
``test_the_english_list_holds_the_board_titles`` keeps it in step with those titles."""


def test_the_english_list_holds_the_board_titles() -> None:
    for title in BOARD_SECTIONS:
        words = {w.casefold() for w in re.findall(r"[A-Za-z]{4,}", title)}
        assert words & ENGLISH, title


def test_every_key_is_in_the_phrasebook() -> None:
    assert len(KEYS) > 1000
    assert len({k for _, k in KEYS}) == len(KEYS)
    files = {f for f, _ in KEYS}
    assert {"engine.po", "site.po", "calculators.po", "disputes.po", "examples.po",
            "odds.po", "perf.po"} <= files
    assert all(where_key(k).startswith("phrasebook.where.") for _, k in KEYS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_reads_cleanly(lang: str) -> None:
    problems: list[tuple[str, str, str]] = []
    for _, key in KEYS:
        text = filled(lang, key)
        if UNFILLED.search(text):
            problems.append((key, "unfilled placeholder", text))
        if DOUBLED.search(text):
            problems.append((key, "doubled punctuation", DOUBLED.search(text).group(0)))
        if BREAKABLE_AMOUNT.search(text) or AMOUNT_WRONG_SIDE[lang].search(text):
            problems.append((key, "amount", text))
        if FOREIGN_QUOTES[lang].search(text):
            problems.append((key, "quotation marks", text))
        words = {w.casefold() for w in re.findall(r"[A-Za-z]+", text)}
        if words & ENGLISH and not key.startswith(("api.", "perf.")):
            problems.append((key, "English", ", ".join(sorted(words & ENGLISH))))
    assert problems == []


def test_the_checks_catch_planted_faults() -> None:
    assert UNFILLED.search("Huur: {rent}.") and DOUBLED.search("Huur: € 50..")
    assert DOUBLED.search("Huur , nu") and not DOUBLED.search("Wacht…") and not DOUBLED.search("1.500")
    assert AMOUNT_WRONG_SIDE["sv"].search("€\u00a050") and AMOUNT_WRONG_SIDE["nl"].search("50 €")
    assert BREAKABLE_AMOUNT.search("€ 50") and not BREAKABLE_AMOUNT.search("€\u00a050")
    assert {"board", "facts"} <= ENGLISH


def test_engine_messages_use_the_engines_values() -> None:
    """A step the worked examples reach is filled with that example's numbers (here the
    station step of a Nordic example: one station owned, $ 25), not with samples."""
    text = filled("nl", "step.rent.station")
    assert "waarvan er 1 meetelt" in text and "$\u00a025" in text
    assert placeholders("step.rent.station") == ["owned", "counted", "rent"]


def test_the_page_is_for_developers_only(built_site: Path) -> None:
    for lang in LANGS:
        prefix = "" if lang == "nl" else f"{lang}/"
        html = (built_site / prefix / "phrasebook" / "index.html").read_text(encoding="utf-8")
        assert html.count('<tr>') > len(KEYS), lang  # a row per key (plus the heads)
        assert "step.rent.station" in html and "i18n-missing" not in html
        index = json.loads((built_site / prefix / "search" / "search_index.json")
                           .read_text(encoding="utf-8"))
        assert not [d for d in index["docs"] if "phrasebook" in d["location"]], lang
