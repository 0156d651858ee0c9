"""Dutch termbase forms added by the native read of the nl site (issue 14).

The read found drift the generic stems did not catch: ``groep`` beside ``stad`` for a colour
group, "failliet aan An" (a player's name after the deprecated phrase), and compound words
such as ``scorecalculator``. These tests pin that the termbase reports each of them in a
Dutch text, and that the preferred phrasings stay clean.
"""

from __future__ import annotations

import pytest

from hooks.catalogs.termbase import termbase


def _found(text: str) -> list[tuple[str, str]]:
    """(variant, term to use) for every violation in a one-file Dutch text."""
    return [(v.variant, v.term) for v in termbase().scan("nl", "x.md", text + "\n")]


@pytest.mark.parametrize(("text", "expected"), [
    ("Op een andere straat van de groep staan huizen.", [("groep", "stad")]),
    ("Complete groepen van je tegenspelers.", [("groepen", "stad")]),
    ("Bo gaat failliet aan An.", [("failliet aan An", "failliet door een schuld bij een speler")]),
    ("De scorecalculator vraagt de setwaarden.", [("scorecalculator", "rekenhulp")]),
    ("Alle calculators op één pagina.", [("calculators", "rekenhulp")]),
])
def test_dutch_drift_is_reported(text: str, expected: list[tuple[str, str]]) -> None:
    assert _found(text) == expected


def test_owing_the_bank_is_reported_once_under_its_own_concept() -> None:
    # "failliet aan *" (a player) must not report the bank case a second time
    assert _found("Hij ging failliet aan de bank.") == [
        ("failliet aan de bank", "failliet door een schuld bij de bank")]


@pytest.mark.parametrize("text", [
    "Bo gaat failliet door een schuld bij An.",
    "Failliet door een schuld bij de bank.",
    "Je hebt de hele stad; de rekenhulp voor de eindtelling telt alles.",
    "Getallen gegroepeerd zoals de rest van de site.",
])
def test_preferred_phrasings_stay_clean(text: str) -> None:
    assert _found(text) == []
