"""The termbase (``translations/termbase.tbx``) and its check (``hooks.catalogs.termbase``).

- the termbase holds every concept of the glossary and every term the terminology review
  named, with one term and a definition in each of the four languages;
- the site's texts (pages, catalogs, example texts) have no forbidden variant;
- a forbidden variant planted in a copy of a page, of a PO file or of an example text is
  reported with file, line, the variant and the term to use -- by the checker, by
  ``./dev status``, and by a strict build, which fails;
- code blocks and quoted rulebook headings are exempt, inflected forms are caught;
- the glossary page is generated from the termbase (a concept added there shows up);
- a broken termbase is refused, naming the entry.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hooks.common import Context
from hooks.entry.directives import renderers
from hooks.catalogs.i18n import LANGS
from tools.site_build import ROOT, build
from hooks.catalogs.termbase import Termbase, TermbaseError, termbase
from tools.termbase import main
from tools.translation_status import report, status

# The concepts the terminology review (issue 14) named, beside the glossary's own.
REVIEWED = ("mortgage", "mortgage-value", "lift-mortgage", "get-out-card", "double", "utility",
            "fine", "token-card", "card-set", "complete-group", "group", "timed-game", "turn",
            "calculator", "speed-die", "edition-nl-2001", "edition-nordic-2005",
            "edition-nl-modern", "edition-classic-us", "edition-nl-card-game",
            "bankrupt-to-bank", "bankrupt-to-player", "title-deed")
GLOSSARY = ("board", "square", "token", "dice", "double", "go", "salary", "bank", "banker",
            "title-deed", "property", "street", "group", "complete-group", "station", "utility",
            "rent", "double-rent", "house", "hotel", "building-shortage", "auction", "bid",
            "chance", "community-chest", "get-out-card", "jail", "just-visiting", "fine",
            "income-tax", "luxury-tax", "free-parking", "mortgage", "mortgage-value", "interest",
            "lift-mortgage", "trade", "bankruptcy", "creditor", "iou", "short-game",
            "timed-game", "speed-die", "bus", "mr-monopoly", "house-rule", "edition", "clause",
            "ruling")
"""The glossary's rows before it moved into the termbase (its anchors ``term-<id>``)."""


@pytest.fixture()
def site_copy(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Copies of docs/, translations/ and examples/ to plant variants in."""
    docs, tr, ex = tmp_path / "docs", tmp_path / "translations", tmp_path / "examples"
    shutil.copytree(ROOT / "docs", docs)
    shutil.copytree(ROOT / "translations", tr)
    shutil.copytree(ROOT / "examples", ex)
    return docs, tr, ex


def _append(path: Path, text: str) -> int:
    """Append ``text`` to a file; return the line number its first line gets."""
    old = path.read_text(encoding="utf-8")
    if not old.endswith("\n"):
        old += "\n"
    path.write_text(old + text, encoding="utf-8")
    return old.count("\n") + 1


def test_every_reviewed_and_glossary_concept_in_four_languages() -> None:
    tb = termbase()
    missing = [c for c in REVIEWED + GLOSSARY if c not in tb.concepts]
    assert missing == []
    for concept in tb.concepts.values():
        assert set(concept.langs) == set(LANGS), concept.id
        for lang, terms in concept.langs.items():
            assert terms.term and terms.definition, (concept.id, lang)
        assert concept.note, concept.id
    for lang in LANGS:
        assert tb.missing(lang) == []
    # the drift: each of these has its variants listed as forbidden
    forbidden = {(c.id, lang): {v.text for v in t.forbidden}
                 for c in tb.concepts.values() for lang, t in c.langs.items()}
    assert "pantsætning" in forbidden["mortgage", "da"]
    assert "løsladelseskort" in forbidden["get-out-card", "da"]
    assert {"løslatelseskort", "fengselskort"} <= forbidden["get-out-card", "nb"]
    assert "slå dubbelt" in forbidden["double", "sv"]
    assert "kleurgroep" in forbidden["group", "nl"]
    assert "pionkaart" in forbidden["token-card", "nl"]
    assert {"räknemaskin", "räknehjälp"} <= forbidden["calculator", "sv"]
    assert "fartärning" in forbidden["speed-die", "sv"]
    assert "Noorden 2005" in forbidden["edition-nordic-2005", "nl"]


def test_the_site_has_no_forbidden_variant() -> None:
    found = termbase().check()
    assert found == [], "\n".join(map(str, found[:30]))


def test_a_variant_planted_in_a_page_is_reported(site_copy) -> None:
    docs, tr, ex = site_copy
    line = _append(docs / "da" / "mortgages.md",
                   "\nDu kan også pantsætte en grund.\n\n"
                   "```\npantsætning i en kodeblok\n```\n\n"
                   "Kilden skriver »Pantsætning« som overskrift.\n\n"
                   "Pantsætningerne\ngår til banken.\n")
    found = termbase(tr).check(docs, tr, ex, langs=["da"])
    assert [(v.file, v.line, v.variant, v.term) for v in found] == [
        ("docs/da/mortgages.md", line + 1, "pantsætte", "belåning"),
        ("docs/da/mortgages.md", line + 9, "Pantsætningerne", "belåning"),
    ]
    assert str(found[0]) == ("docs/da/mortgages.md:%d: da: 'pantsætte' is a forbidden variant "
                             "of 'mortgage'; use 'belåning'" % (line + 1))
    # the same word in another language's page is no violation
    _append(docs / "sv" / "mortgages.md", "\npantsætte\n")
    assert termbase(tr).check(docs, tr, ex, langs=["sv"]) == []


def test_a_variant_planted_in_a_po_file_and_an_example_is_reported(site_copy) -> None:
    docs, tr, ex = site_copy
    line = _append(tr / "sv" / "engine.po",
                   '\n#. slog dubbelt (a comment is not checked)\nmsgid "test.planted"\n'
                   'msgstr ""\n"Först en rad, och sedan slår "\n"dubbelt igen; du slog '
                   'dubbelt."\n')
    po = termbase(tr).check(docs, tr, ex, langs=["sv"])
    # a phrase wrapped over two PO lines is found, at the line where it starts
    assert [(v.file, v.line, v.variant, v.term) for v in po] == [
        ("translations/sv/engine.po", line + 4, "slår dubbelt", "dubbelslag"),
        ("translations/sv/engine.po", line + 5, "slog dubbelt", "dubbelslag")]
    example = ex / "rent-utility-one.toml"
    text = example.read_text(encoding="utf-8")
    example.write_text(text.replace('[text.nb]\n', '[text.nb]\nnote = "Et verk til."\n'),
                       encoding="utf-8")
    nb = termbase(tr).check(docs, tr, ex, langs=["nb"])
    assert [(v.file, v.variant, v.term) for v in nb] == [
        ("examples/rent-utility-one.toml", "verk", "selskap")]
    assert nb[0].line == text.split("\n").index("[text.nb]") + 2


def test_status_lists_violations(site_copy) -> None:
    docs, tr, ex = site_copy
    line = _append(docs / "nb" / "turn.md", "\nDet er din runde nå.\n")
    s = status("nb", docs, tr)
    assert s.term_violations == (
        f"docs/nb/turn.md:{line + 1}: nb: 'din runde' is a forbidden variant of 'turn'; "
        "use 'tur'",)
    assert "termbase violations" in report([s]) and "din runde" in report([s])
    assert not s.done
    assert status("sv", docs, tr).term_violations == ()


def test_the_strict_build_fails_on_a_planted_variant(site_copy, tmp_path: Path) -> None:
    docs, tr, _ = site_copy
    line = _append(docs / "nl" / "rent.md", "\nAlle straten van een kleurgroep.\n")
    result = build(tmp_path / "site", docs_dir=docs, translations_dir=tr)
    assert not result.ok
    assert (f"termbase: docs/nl/rent.md:{line + 1}: nl: 'kleurgroep' is a forbidden variant "
            "of 'group'; use 'stad'") in result.log


def test_the_cli_exits_1_on_a_violation(site_copy, capsys) -> None:
    docs, tr, ex = site_copy
    assert main(["--docs", str(docs), "--translations", str(tr), "--examples", str(ex)]) == 0
    _append(tr / "nl" / "site.po", '\nmsgid "test.planted"\nmsgstr "Een Pionkaart"\n')
    assert main(["--docs", str(docs), "--translations", str(tr), "--examples", str(ex)]) == 1
    assert "'Pionkaart' is a forbidden variant of 'token-card'" in capsys.readouterr().out


def test_the_glossary_is_generated_from_the_termbase(site_copy, monkeypatch) -> None:
    docs, tr, _ = site_copy
    tbx = tr / "termbase.tbx"
    entry = ('<termEntry id="test-concept"><note>n</note>'
             + "".join(f'<langSet xml:lang="{lang}"><descrip type="definition">def {lang}'
                       f'</descrip><tig><term>zzterm{lang}</term><termNote type="administrative'
                       f'Status">preferredTerm-admn-sts</termNote></tig></langSet>'
                       for lang in LANGS)
             + "</termEntry>")
    tbx.write_text(tbx.read_text(encoding="utf-8").replace("</body>", entry + "</body>"),
                   encoding="utf-8")
    monkeypatch.setenv("MONOPOLY_TRANSLATIONS_DIR", str(tr))
    html = renderers()["glossary"](Context("da", "glossary", "x", 1, None, "glossary", (), docs))
    rows = html.count("<tr id=\"term-")
    assert rows == len(Termbase.load(tbx).concepts)
    assert '<tr id="term-test-concept">' in html and "zztermda" in html and "def da" in html
    assert '<tr id="term-mortgage">' in html and ">belåning<" in html


PREFERRED = '<termNote type="administrativeStatus">preferredTerm-admn-sts</termNote>'


@pytest.mark.parametrize("old, new, message", [
    ("<tig><term>belåning</term>" + PREFERRED + "</tig>",
     "<tig><term>belåning</term>" + PREFERRED + "</tig><tig><term>lån</term>" + PREFERRED
     + "</tig>", "mortgage: da: needs exactly one preferred term, has 2"),
    ('<langSet xml:lang="da">', '<langSet xml:lang="dk">', "mortgage: unknown language 'dk'"),
    ('id="mortgage"', 'id="Mortgage"', "needs an id of lower-case words"),
    ("deprecatedTerm-admn-sts", "admittedTerm-admn-sts", "'pantsætning' needs an "
     "administrativeStatus"),
    ("</termEntry>", "", "not well-formed"),
])
def test_a_broken_termbase_is_refused(old: str, new: str, message: str) -> None:
    from hooks.catalogs.termbase import _EXAMPLE
    assert old in _EXAMPLE
    Termbase.parse(_EXAMPLE)  # the unbroken one loads
    with pytest.raises(TermbaseError, match=message):
        Termbase.parse(_EXAMPLE.replace(old, new, 1))


def test_edition_names_are_one_in_tables_and_calculators() -> None:
    """The calculators name each edition exactly as the edition tables do (site.po)."""
    from hooks.catalogs.i18n import Translations

    t = Translations(ROOT / "translations")
    keys = [k[len("edition."):] for k in t.keys("edition.")]
    assert "nordic-2005" in keys
    for lang in LANGS:
        for edition in keys:
            table = str(t.gettext(lang, f"edition.{edition}"))
            assert str(t.gettext(lang, f"calc.edition.{edition}")) == table, (lang, edition)


def test_danish_texts_use_danish_quotation_marks() -> None:
    """Danish quotes »like this«; «this» is the Norwegian (and Dutch, Swedish) style."""
    import re

    from tools.overlap import site_texts

    def pairs_open_with_raquo(text: str) -> bool:
        marks = re.sub(r"[^«»]", "", text)  # the guillemets in order: must go » « » « ...
        return marks == "»«" * (len(marks) // 2)

    texts = [(file, text) for file, text, _ in site_texts(
        ROOT / "docs", ROOT / "translations", ROOT / "examples", langs=["da"])]
    texts += [(c.id, c.langs["da"].definition) for c in termbase().concepts.values()]
    assert len(texts) > 100
    assert [file for file, text in texts if not pairs_open_with_raquo(text)] == []
    assert not pairs_open_with_raquo("«Huur»") and pairs_open_with_raquo("»Huur« og »Leje«")


def test_the_export_for_one_language_pair_keeps_the_forbidden_variants(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    out = tmp_path / "sv.tbx"
    assert main(["--export", "sv", str(out)]) == 0
    root = ET.parse(out).getroot()
    entries = {e.get("id"): e for e in root.iter("termEntry")}
    assert len(entries) == len(termbase().concepts)
    sv = entries["double"].find("langSet[@{http://www.w3.org/XML/1998/namespace}lang='sv']")
    statuses = {t.findtext("term"): t.findtext("termNote") for t in sv.findall("tig")}
    assert statuses == {"dubbelslag": "preferredTerm-admn-sts",
                        "slå dubbelt": "deprecatedTerm-admn-sts"}


def test_the_404_page_speaks_each_language() -> None:
    from tools.site_build import shared_build

    site = shared_build()
    assert site.ok, site.log[-3000:]
    titles = {"nl": "Pagina niet gevonden", "sv": "Sidan finns inte", "da": "Siden findes ikke",
              "nb": "Fant ikke siden"}
    for lang, title in titles.items():
        page = site.site_dir / ("404.html" if lang == "nl" else f"{lang}/404.html")
        html = page.read_text(encoding="utf-8")
        assert f"<h1>{title}</h1>" in html and "Not found" not in html, lang


def test_a_variant_in_a_definition_of_the_termbase_is_reported(site_copy) -> None:
    docs, tr, ex = site_copy
    tbx = tr / "termbase.tbx"
    text = tbx.read_text(encoding="utf-8")
    assert "Het figuurtje waarmee" in text
    tbx.write_text(text.replace("Het figuurtje waarmee", "Het speelstuk waarmee", 1),
                   encoding="utf-8")
    line = tbx.read_text(encoding="utf-8").split("\n").index(
        next(ln for ln in tbx.read_text(encoding="utf-8").split("\n") if "Het speelstuk" in ln)) + 1
    found = termbase(tr).check(docs, tr, ex, langs=["nl"])
    assert [(v.file, v.line, v.variant, v.term) for v in found] == [
        ("translations/termbase.tbx", line, "speelstuk", "pion")]


def test_numbers_written_without_the_languages_grouping_are_reported(site_copy) -> None:
    """Amounts in prose: ungrouped (1500) or grouped with plain spaces (10 000, where a line
    may break inside the number) are reported with the language's own form; years, the
    language's own grouping and a no-break-space grouping inside quoted text are not."""
    docs, tr, ex = site_copy
    line = _append(docs / "sv" / "setup.md",
                   "\nVarje spelare får 1500 och banken 10 000.\n"
                   "Utgiven 2005; startkapital 1\u00a0500; 20 spelare.\n")
    found = termbase(tr).check(docs, tr, ex, langs=["sv"])
    assert sorted((v.line, v.concept, v.variant, v.term) for v in found) == [
        (line + 1, "number-format", "10 000", "10\u00a0000"),
        (line + 1, "number-format", "1500", "1\u00a0500"),
    ]
    assert all("no-break space" in str(v) for v in found)
    line = _append(docs / "nl" / "setup.md", "\nIedereen krijgt 1 500 en de bank 1.500.\n")
    found = termbase(tr).check(docs, tr, ex, langs=["nl"])
    assert [(v.line, v.variant, v.term) for v in found] == [(line + 1, "1 500", "1.500")]
