"""Prose citations carry evidence (issue 25, item 1: the third place).

Each "(bron 000, ‘Huur’)" of a rule page (and the other languages' forms) has, in
``evidence/<page>.toml`` under its clause, a phrase of the cited section exactly as the
rulebook writes it, which supports what the sentence says the section says. A 001 section is
keyed by its Swedish heading; its phrase may come from any of the leaflet's three texts of
that section (Swedish, Danish, Norwegian: one leaflet). The test finds every phrase inside its
section (``tools/evidence.py``: heading to next heading), refuses entries no page cites, and
fails on a citation that has none, except those listed in ``tests/prose_evidence_missing.txt``
(citations written before this check; a listed one that gets its phrase must leave the list).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.clauses import PAGES
from engine.sources import NORDIC_SECTIONS, Source
from hooks.pages import read_page
from tools.evidence import evidence_problem, norm, prose_citations, section_texts
from tools.same_rule import canonical_section

ROOT = Path(__file__).resolve().parents[1]
DOCS, EVIDENCE = ROOT / "docs", ROOT / "evidence"
MISSING = ROOT / "tests" / "prose_evidence_missing.txt"
LANGS = ("nl", "sv", "da", "nb")


def load_evidence() -> dict[tuple[str, str, str], tuple[str, ...]]:
    """(page, clause, "file · section") -> its phrases."""
    out = {}
    for path in sorted(EVIDENCE.glob("*.toml")):
        for cid, cites in tomllib.loads(path.read_text(encoding="utf-8")).items():
            for cite, phrases in cites.items():
                out[(path.stem, cid, cite)] = (phrases,) if isinstance(phrases, str) else tuple(phrases)
    return out


def phrase_problem(cite: str, phrase: str) -> str | None:
    """Why ``phrase`` does not stand in the section ``cite`` names, or None."""
    file, _, section = cite.partition(" · ")
    headings = next((r for r in NORDIC_SECTIONS if section in r), (section,)) \
        if file == "001" else (section,)
    texts = [t for h in headings if h for t in section_texts(file, h)]
    if not texts:
        return f"no section {section!r} in {file}"
    if not any(norm(phrase) in norm(t) for t in texts):
        return f"{phrase!r} is not in {file} ‘{section}’"
    return None


def cited() -> set[tuple[str, str, str, str]]:
    """(lang, page, clause, "file · section") of every prose citation of the rule pages."""
    out = set()
    for lang in LANGS:
        for page in PAGES:
            for cid, sec in read_page(DOCS, lang, page.slug).sections.items():
                for c in prose_citations(sec.body, lang):
                    out |= {(lang, page.slug, cid, f"{f} · {canonical_section(f, s)}")
                            for f, s in c.cited}
    return out


def missing_listed() -> set[str]:
    lines = MISSING.read_text(encoding="utf-8").splitlines() if MISSING.exists() else []
    return {ln for ln in lines if ln.strip() and not ln.startswith("#")}


def test_every_evidence_phrase_stands_in_its_section(report) -> None:
    evidence = load_evidence()
    problems = [f"{page} {cid} {cite}: {p}" for (page, cid, cite), phrases in evidence.items()
                for phrase in phrases if (p := phrase_problem(cite, phrase))]
    report("sources", "prose evidence phrases checked", sum(map(len, evidence.values())))
    assert len(evidence) > 60
    assert problems == [], "\n".join(problems)


def test_every_prose_citation_has_its_evidence() -> None:
    evidence, listed = load_evidence(), missing_listed()
    found = cited()
    lacking = sorted({f"{page} {cid} {cite}" for _, page, cid, cite in found
                      if (page, cid, cite) not in evidence})
    new = [k for k in lacking if k not in listed]
    stale = sorted(listed - set(lacking))
    unused = sorted(f"{p} {c} {s}" for (p, c, s) in evidence
                    if not any((p, c, s) == (q, d, t) for _, q, d, t in found))
    assert new == [], "citations without an evidence phrase (evidence/<page>.toml):\n" + "\n".join(new)
    assert stale == [], f"now evidenced: remove from {MISSING.name}:\n" + "\n".join(stale)
    assert unused == [], "evidence no page cites:\n" + "\n".join(unused)


def test_a_planted_false_prose_citation_fails() -> None:
    """The issue's finds, written as citations with the phrase they would need: each phrase
    is not in the cited section; the right section has it."""
    # 9.1: only 000 says another player cannot lift your mortgage
    phrase = "Andere spelers kunnen de grond niet overnemen"
    assert phrase_problem("000 · Hypotheek", phrase) is None
    assert phrase_problem("002 · Een hypotheek nemen", phrase)
    # 6.3: 001 says pay 50, not "play on at your next turn"
    assert phrase_problem("001 · FÄNGELSE", "bij uw volgende beurt verder spelen")
    assert phrase_problem("000 · Gevangenis", "bij uw volgende beurt verder spelen") is None
    # 5.3: 002 returns the card under its pile in ‘Uit de gevangenis komen’, not elsewhere
    assert phrase_problem("002 · Handelen", "Leg de kaart onderaan de juiste stapel")
    # every evidenced citation, moved to another section of its file that lacks the phrase
    moved = 0
    for (_, _, cite), phrases in load_evidence().items():
        file, _, section = cite.partition(" · ")
        if file == "001":
            continue
        other = next((s for s in {h for h in _headings(file)} - {section}
                      if all(phrase_problem(f"{file} · {s}", p) for p in phrases)), None)
        if other:
            assert any(phrase_problem(f"{file} · {other}", p) for p in phrases)
            moved += 1
    assert moved > 40
    # a citation without a phrase is found: a new sentence citing 000 ‘Huur’ in a clause
    fake = {(lang, "rent", "rent-claim-x", "000 · Huur") for lang in LANGS}
    assert all((p, c, s) not in load_evidence() for _, p, c, s in fake)


def _headings(file: str) -> set[str]:
    from tools.evidence import sections
    return {s.heading for s in sections(file)}


@pytest.mark.parametrize("cite, phrase", [("000 · Huur", "voordat de volgende speler")])
def test_the_check_is_the_engine_values_check(cite, phrase) -> None:
    """Same normalisation as the engine's evidence: whitespace and case only."""
    file, _, section = cite.partition(" · ")
    assert (phrase_problem(cite, phrase) is None) == (
        evidence_problem(Source(file, section, evidence=phrase)) is None)
