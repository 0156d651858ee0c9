"""Translations: the catalogs are valid and complete, the checks catch every kind of broken
entry, a missing message falls back visibly to Dutch, text from a catalog always ends up
escaped in the site, and the status command reports what a translator has to do.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import fields
from pathlib import Path

import pytest

from engine.editions import EDITIONS, CardGameRules, Rules
from engine.sources import SOURCE_FILES
from hooks.common import Context
from hooks.entry.directives import renderers
from hooks.catalogs.i18n import LANGS, SOURCE_LANG, TranslationError, Translations, translations_dir
from tools.site_build import ROOT, build
from hooks.pages import read_page
from engine.clauses import CLAUSES
from tools.translation_status import CHECKED, mark_checked, read_checked, report, status

TRANSLATIONS = translations_dir()
XSS = "<img src=x onerror=alert(1)>"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A private copy of translations/ to break."""
    target = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, target)
    return target


def _entry_head(key: str) -> str:
    """A regex for the start of ``key``'s entry up to its ``msgstr``, in either form:
    bilingual (``msgctxt`` key, ``msgid`` Dutch) or key-based (``msgid`` key)."""
    return (rf'(?:msgctxt "{re.escape(key)}"\nmsgid "(?:[^"\\]|\\.)*"|msgid "{re.escape(key)}")'
            r'\n')


def set_msgstr(po: Path, key: str, text: str) -> None:
    """Replace the (single-line) msgstr of ``key`` in a PO file."""
    source = po.read_text(encoding="utf-8")
    pattern = re.compile(rf'({_entry_head(key)}msgstr )"(?:[^"\\]|\\.)*"')
    assert pattern.search(source), f"{key} not in {po}"
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    po.write_text(pattern.sub(lambda m: f'{m.group(1)}"{escaped}"', source), encoding="utf-8")


def drop_entry(po: Path, key: str) -> None:
    source = po.read_text(encoding="utf-8")
    new = re.sub(rf'(?m)^(?:#.*\n)*{_entry_head(key)}msgstr "(?:[^"\\]|\\.)*"\n', "", source)
    assert new != source
    po.write_text(new, encoding="utf-8")


def line_of(po: Path, key: str) -> int:
    """The line of ``key``'s ``msgid`` in a PO file (what an error about the entry names)."""
    lines = po.read_text(encoding="utf-8").split("\n")
    for n, line in enumerate(lines, start=1):
        if line == f'msgid "{key}"' or line == f'msgctxt "{key}"':
            return n + (line.startswith("msgctxt"))
    raise AssertionError(f"{key} not in {po}")


def errors_of(root: Path) -> list[str]:
    return [str(p) for p in Translations(root).validate() if p.severity == "error"]


# --- the real catalogs -----------------------------------------------------------------

def test_catalogs_have_no_errors() -> None:
    assert errors_of(TRANSLATIONS) == []


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != SOURCE_LANG])
def test_every_key_is_translated(lang: str) -> None:
    missing = [str(p) for p in Translations(TRANSLATIONS).validate()
               if p.severity == "warning" and f"/{lang}/" in p.file]
    assert missing == []


def _needed_site_keys() -> set[str]:
    """Every site.po key the generated edition tables can ask for."""
    keys = {f"source.{f}" for f in SOURCE_FILES}
    keys |= {f"edition.{e}" for e in EDITIONS}
    keys |= {f"mode.{e.mode}" for e in EDITIONS.values()
             if e.mode not in ("standard", "card-game")}
    for ed in EDITIONS.values():
        for record, cls in ((ed.rules, Rules), (ed.card_game, CardGameRules)):
            if record is None:
                continue
            for f in fields(cls):
                value = getattr(record, f.name).value
                keys.add(f"param.{f.name}")
                if value is None:
                    keys.add(f"param.{f.name}.none")
                elif isinstance(value, bool):
                    keys.add(f"param.{f.name}.{'true' if value else 'false'}")
                elif isinstance(value, str):
                    keys.add(f"param.{f.name}.{value}")
                else:
                    keys.add(f"param.{f.name}.value")
            for f in fields(cls):
                for choice in f.metadata["choices"] or ():
                    if isinstance(choice, bool):
                        keys.add(f"param.{f.name}.{'true' if choice else 'false'}")
                    else:
                        keys.add(f"param.{f.name}.{choice}")
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_site_catalog_words_every_edition_value(lang: str) -> None:
    t = Translations(TRANSLATIONS)
    missing = sorted(k for k in _needed_site_keys() if not t.has(lang, k))
    assert missing == []


# --- the checks catch broken entries ----------------------------------------------------

def test_parse_error_names_file_and_line(copy: Path) -> None:
    po = copy / "sv" / "site.po"
    po.write_text(po.read_text(encoding="utf-8") + 'msgid "x.y"\nmsgstr "open\n',
                  encoding="utf-8")
    errs = errors_of(copy)
    assert any(e.startswith("translations/sv/site.po: line ") and "not valid PO syntax" in e
               for e in errs), errs
    with pytest.raises(TranslationError, match="translations/sv/site.po"):
        Translations(copy).check()


def test_placeholder_differing_from_dutch_is_an_error(copy: Path) -> None:
    set_msgstr(copy / "da" / "site.po", "clause.copy_link", "Kopiér linket til regel {nummer}")
    line = line_of(copy / "da" / "site.po", "clause.copy_link")
    assert errors_of(copy) == [f"translations/da/site.po:{line}: clause.copy_link: placeholders "
                               "['nummer'] differ from the Dutch ['number']"]


def test_count_in_digits_where_the_dutch_has_words_is_an_error(copy: Path) -> None:
    """One voice: the Dutch writes "de vier huizen" ({houses_back_words}); a translation
    with the digits ({houses_back}) is told so."""
    set_msgstr(copy / "sv" / "engine.po", "step.build.hotel_cost",
               "Hotellet på {square} kostar {cost}; tomtens {houses_back} hus går tillbaka till banken.")
    line = line_of(copy / "sv" / "engine.po", "step.build.hotel_cost")
    assert errors_of(copy) == [
        f"translations/sv/engine.po:{line}: step.build.hotel_cost: placeholders ['cost', "
        "'houses_back', 'square'] differ from the Dutch ['cost', 'houses_back_words', 'square'] "
        "(a count in words: write {name_words} where the Dutch does)"]


def test_malformed_placeholder_is_an_error(copy: Path) -> None:
    set_msgstr(copy / "nb" / "site.po", "clause.copy_link", "Kopier lenken til regel {number")
    assert any("clause.copy_link: malformed placeholder" in e for e in errors_of(copy))


def test_incomplete_plural_forms_are_an_error(copy: Path) -> None:
    (copy / "nl" / "site.po").write_text(
        (copy / "nl" / "site.po").read_text(encoding="utf-8")
        + '\nmsgid "test.houses"\nmsgid_plural "test.houses"\nmsgstr[0] "{n} huis"\n'
          'msgstr[1] "{n} huizen"\n', encoding="utf-8")
    for lang, body in (("sv", 'msgstr[0] "{n} hus"\nmsgstr[1] ""\n'),
                       ("da", 'msgstr[0] "{n} hus"\nmsgstr[1] "{n} {x}"\n'),
                       ("nb", 'msgstr "{n} hus"\n')):
        head = 'msgid "test.houses"\nmsgid_plural "test.houses"\n' if lang != "nb" \
            else 'msgid "test.houses"\n'
        po = copy / lang / "site.po"
        po.write_text(po.read_text(encoding="utf-8") + "\n" + head + body, encoding="utf-8")
    errs = errors_of(copy)
    sv, da, nb = (line_of(copy / lang / "site.po", "test.houses") for lang in ("sv", "da", "nb"))
    assert f"translations/sv/site.po:{sv}: test.houses: incomplete plural forms: 1 of 2 filled" \
        in errs
    assert any(e.startswith(f"translations/da/site.po:{da}: test.houses: placeholders")
               for e in errs)
    assert f"translations/nb/site.po:{nb}: test.houses: plural in one language and not in " \
        "the other" in errs


def test_markup_in_a_message_is_an_error(copy: Path) -> None:
    set_msgstr(copy / "sv" / "site.po", "site.unofficial", f"Inofficiell {XSS}")
    errs = errors_of(copy)
    line = line_of(copy / "sv" / "site.po", "site.unofficial")
    assert errs == [f"translations/sv/site.po:{line}: site.unofficial: contains markup ('<img'); "
                    "messages are plain text, always shown escaped"]


def test_duplicate_key_is_an_error(copy: Path) -> None:
    po = copy / "nl" / "site.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "nav.rules"\nmsgstr "Regels"\n',
                  encoding="utf-8")
    assert any(e.startswith("translations/nl/site.po:") and ": nav.rules: defined twice" in e
               for e in errors_of(copy))


def test_missing_key_is_a_warning_and_falls_back_visibly(copy: Path) -> None:
    drop_entry(copy / "nb" / "site.po", "nav.tools")
    t = Translations(copy)
    problems = t.validate()
    assert [p.severity for p in problems] == ["warning"]
    assert "nav.tools: missing in nb" in str(problems[0])
    msg = t.gettext("nb", "nav.tools")
    assert msg.fallback and msg.source_lang == "nl"
    assert msg.html() == f'<span class="i18n-fallback" lang="nl">{t.gettext("nl", "nav.tools")}</span>'
    assert not t.gettext("sv", "nav.tools").fallback


# --- catalog text is always escaped -----------------------------------------------------

def test_planted_markup_is_escaped_by_every_renderer(copy: Path, monkeypatch) -> None:
    """Even when a catalog slips past the check, the generated HTML shows it as text."""
    set_msgstr(copy / "sv" / "site.po", "param.free_parking.nothing", XSS)
    set_msgstr(copy / "sv" / "site.po", "glossary_table.definition", XSS)
    monkeypatch.setenv("MONOPOLY_TRANSLATIONS_DIR", str(copy))
    table = renderers()
    docs = ROOT / "docs"
    editions = table["editions"](Context("sv", "squares", "x", 1, "free-parking", "editions",
                                         (), docs))
    matrix = table["matrix"](Context("sv", "editions", "x", 1, None, "matrix", (), docs))
    glossary = table["glossary"](Context("sv", "glossary", "x", 1, None, "glossary", (), docs))
    for html in (editions, matrix, glossary):
        assert "<img" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_the_build_refuses_a_catalog_with_markup(copy: Path, tmp_path: Path) -> None:
    set_msgstr(copy / "sv" / "site.po", "site.unofficial", XSS)
    result = build(tmp_path / "site", translations_dir=copy)
    assert not result.ok
    line = line_of(copy / "sv" / "site.po", "site.unofficial")
    assert f"translations/sv/site.po:{line}: site.unofficial: contains markup" in result.log


# --- the status command ---------------------------------------------------------------

def test_status_reports_missing_and_outdated(tmp_path: Path, copy: Path) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    (docs / "da" / "about.md").unlink()
    text = (docs / "da" / "trading.md").read_text(encoding="utf-8")
    (docs / "da" / "trading.md").write_text(
        re.sub(r"(?m)^## .*\{#trade-cards[^}]*\}.*$", "## Ingen id her", text), encoding="utf-8")
    old = (docs / "nl" / "jail.md").stat().st_mtime
    os.utime(docs / "da" / "jail.md", (old - 3600, old - 3600))
    # (nothing checked against the Dutch here: a checked page is not outdated, see
    # test_status_lists_the_clauses_whose_dutch_text_changed_since_their_translation)
    (copy / "checked.toml").unlink(missing_ok=True)
    drop_entry(copy / "da" / "site.po", "nav.about")
    s = status("da", docs, copy)
    assert "about" in s.missing_pages
    assert ("trade-cards", "trading") in s.missing_clauses
    assert "jail" in [o.page for o in s.outdated]
    assert ("site.po", "nav.about") in s.missing_keys
    text = report([s])
    assert "about.md" in text and "trade-cards" in text and "nav.about" in text
    clean = status("sv", docs, copy)
    assert "about" not in clean.missing_pages and not clean.missing_keys


def _git(repo: Path, *args: str, when: int | None = None) -> None:
    import subprocess

    env = {**os.environ, **({"GIT_AUTHOR_DATE": f"@{when} +0000",
                             "GIT_COMMITTER_DATE": f"@{when} +0000"} if when else {})}
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t.t",
                    *args], check=True, capture_output=True, env=env)


def test_status_lists_the_clauses_whose_dutch_text_changed_since_their_translation(
        tmp_path: Path, copy: Path) -> None:
    """Per clause, not per page: in a git history where the Dutch changes one clause of
    jail.md after the Swedish was written, and the Swedish then updates another one."""
    repo = tmp_path / "repo"
    docs = repo / "docs"
    for lang in ("nl", "sv"):
        (docs / lang).mkdir(parents=True)
        shutil.copy(ROOT / "docs" / lang / "jail.md", docs / lang / "jail.md")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "both", when=1_700_000_000)
    first, second, third = list(read_page(docs, "nl", "jail").sections)[:3]

    def edit(lang: str, clause: str, words: str) -> None:
        page = docs / lang / "jail.md"
        text = page.read_text(encoding="utf-8")
        heading = re.search(rf"(?m)^## .*\{{#{clause}\}}.*$", text)
        page.write_text(text[:heading.end()] + f"\n\n{words}" + text[heading.end():],
                        encoding="utf-8")

    edit("nl", first, "Een «nieuwe» zin.")
    edit("nl", second, "Nog een nieuwe zin.")
    _git(repo, "commit", "-qam", "nl", when=1_700_001_000)
    edit("sv", second, "En ny mening.")  # the translator caught up with the second clause
    _git(repo, "commit", "-qam", "sv", when=1_700_002_000)
    s = status("sv", docs, copy)
    assert [(o.clause, o.page) for o in s.outdated_clauses] == [(first, "jail")]
    assert first in report([s]) and "outdated clauses" in report([s])
    edit("nl", third, "Nog niet vastgelegd.")  # an uncommitted Dutch edit counts too
    assert [o.clause for o in status("sv", docs, copy).outdated_clauses] == [first, third]

    # A translator checks the first clause against the new Dutch and finds it still right:
    # it is no longer listed, until the Dutch changes again; other quotation marks in the
    # Dutch are no change.
    assert mark_checked("sv", [first], docs, copy) == [f"clause {first}"]
    assert "[sv.clauses]" in (copy / CHECKED).read_text(encoding="utf-8")
    assert [o.clause for o in status("sv", docs, copy).outdated_clauses] == [third]
    page = docs / "nl" / "jail.md"
    page.write_text(page.read_text(encoding="utf-8").replace("«nieuwe»", "‘nieuwe’"),
                    encoding="utf-8")
    assert [o.clause for o in status("sv", docs, copy).outdated_clauses] == [third]
    edit("nl", first, "Nog een zin erbij.")
    assert [o.clause for o in status("sv", docs, copy).outdated_clauses] == [first, third]
    # a whole page, checked
    assert "jail" in [o.page for o in status("sv", docs, copy).outdated]
    assert mark_checked("sv", ["jail.md"], docs, copy) == ["page jail"]
    assert "jail" not in [o.page for o in status("sv", docs, copy).outdated]
    with pytest.raises(ValueError):
        mark_checked("sv", ["no-such-clause"], docs, copy)


def test_the_checked_marks_are_current() -> None:
    """Every mark in ``translations/checked.toml`` names a clause or page that exists, in a
    translated language (a stale mark is harmless but misleading: it is removed)."""
    marks = read_checked(ROOT / "translations")
    for lang, parts in marks.items():
        assert lang in LANGS and lang != "nl", lang
        for cid in parts["clauses"]:
            assert cid in CLAUSES, (lang, cid)
        for slug in parts["pages"]:
            assert (ROOT / "docs" / "nl" / f"{slug}.md").is_file(), (lang, slug)


# --- the examples in the docstrings of tools/ and hooks/ ---------------------------------

@pytest.mark.parametrize("module", ["hooks.catalogs.i18n", "tools.translation_status",
                                    "hooks.catalogs.termbase", "hooks.pages",
                                    "tools.clause_history",
                                    "hooks.common", "hooks.render.clauses", "hooks.entry.directives",
                                    "hooks.render.render_glossary"])
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
