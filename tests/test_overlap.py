"""The site's texts are its own words: no run of 8 words (``tools.overlap.N``) that a page,
a catalog message or a worked example's text shares with a source rulebook, except inside
quotation marks (a cited section heading or card text).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tools.overlap import N, find, sources_dir
from tools.site_build import ROOT

pytestmark = pytest.mark.skipif(not sources_dir().is_dir(),
                                reason="the rulebooks are not on this machine")


def test_no_unquoted_overlap_with_the_rulebooks() -> None:
    hits = find()
    bad = [h for h in hits if not h.quoted]
    assert bad == [], "copied from a rulebook:\n" + "\n".join(map(str, bad))
    # the quoted ones are section headings cited in guillemets or quotation marks
    assert all(h.quoted for h in hits)


def test_a_copied_sentence_is_found_and_a_quoted_one_is_not(tmp_path: Path) -> None:
    docs, tr, ex = tmp_path / "docs", tmp_path / "translations", tmp_path / "examples"
    shutil.copytree(ROOT / "docs", docs)
    shutil.copytree(ROOT / "translations", tr)
    shutil.copytree(ROOT / "examples", ex)
    source = (sources_dir() / "002_f822be5cba84207d.txt").read_text(encoding="utf-8")
    sentence = "Zodra je voor het eerst langs START bent gekomen, gooi je in elke beurt"
    assert sentence in source
    page = docs / "nl" / "variants.md"
    text = page.read_text(encoding="utf-8")
    lines = text.count("\n")
    page.write_text(text + f"\n{sentence.upper()}\nde rode steen.\n\nZie «{sentence}».\n",
                    encoding="utf-8")
    po = tr / "sv" / "site.po"
    po.write_text(po.read_text(encoding="utf-8")
                  + '\nmsgid "test.copied"\nmsgstr "Den spelare som bjuder högst betalar '
                    'köpesumman till banken."\n', encoding="utf-8")
    hits = find(docs, tr, ex)
    bad = [(h.file, h.line, h.source) for h in hits if not h.quoted]
    assert ("docs/nl/variants.md", lines + 2, "002_f822be5cba84207d.txt") in bad
    assert any(f == "translations/sv/site.po" and s.startswith("001") for f, _, s in bad)
    assert len(bad) == 2
    quoted = [h for h in hits if h.quoted and h.file == "docs/nl/variants.md"]
    assert quoted and len(quoted[-1].words.split()) >= N
