"""The bilingual catalogs (``./dev catalogs``, ``tools/catalogs.py``): a translator's tool
shows the Dutch beside every entry, a changed Dutch text marks its translations fuzzy with
the previous Dutch kept, key-based entries (what other branches still add) are migrated,
and the command is idempotent.

The catalogs are read here with translate-toolkit, the PO reader Weblate itself uses, so
"what Poedit or Weblate shows" is tested with a tool of theirs, not with our own parser.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from translate.storage import factory

from hooks.catalogs.i18n import LANGS, SOURCE_LANG, Translations, translations_dir
from tools.catalogs import TEMPLATES, dutch, update
from tools.po import parse, write

TRANSLATIONS = translations_dir()
TARGETS = [lang for lang in LANGS if lang != SOURCE_LANG]
DOMAINS = sorted(p.stem for p in (TRANSLATIONS / SOURCE_LANG).glob("*.po"))


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, target)
    return target


def units(path: Path) -> dict[str, object]:
    """The entries of a catalog as translate-toolkit reads them, by key (msgctxt)."""
    store = factory.getobject(str(path))
    return {u.getcontext(): u for u in store.units if not u.isheader() and not u.isobsolete()}


def set_dutch(root: Path, key: str, text: str) -> str:
    """Change the Dutch text of ``key`` (a one-form message); return the old text."""
    for po in (root / SOURCE_LANG).glob("*.po"):
        source = po.read_text(encoding="utf-8")
        m = re.search(rf'(?m)^msgid "{re.escape(key)}"\nmsgstr "((?:[^"\\]|\\.)*)"$', source)
        if m:
            po.write_text(source[:m.start(1)] + text + source[m.end(1):], encoding="utf-8")
            return m.group(1)
    raise AssertionError(key)


def key_based(text: str) -> str:
    """A bilingual catalog written back in the old key-based form (key as msgid)."""
    out = []
    for u in parse(text):
        if u.is_header or u.context is None:
            out.append(u)
            continue
        ids = (u.context, u.context) if u.plural else (u.context,)
        out.append(type(u)(None, ids, u.strings, u.plural, u.comments, flags=tuple(
            f for f in u.flags if f == "fuzzy"), obsolete=u.obsolete))
    return write(out)


# --- the real catalogs -------------------------------------------------------------------

def test_the_catalogs_are_up_to_date() -> None:
    """Run ``./dev catalogs`` after adding or changing a Dutch text (or after a merge)."""
    assert [p.relative_to(TRANSLATIONS).as_posix() for p in update(check=True)] == []


@pytest.mark.parametrize("lang", TARGETS + [TEMPLATES])
@pytest.mark.parametrize("domain", DOMAINS)
def test_a_translators_tool_shows_the_dutch_beside_every_entry(lang: str, domain: str) -> None:
    """Every Dutch entry is in every language's catalog of the same domain, with the key as
    context, the Dutch text as source and where the string is used as references."""
    path = TRANSLATIONS / lang / (f"{domain}.pot" if lang == TEMPLATES else f"{domain}.po")
    found = units(path)
    sources = dutch(TRANSLATIONS)[domain]
    assert list(found) == [s.key for s in sources]
    for src in sources:
        unit = found[src.key]
        assert unit.source == src.forms[0], src.key
        if src.plural:
            assert unit.hasplural() and list(unit.source.strings) == list(src.forms), src.key
        assert unit.getlocations(), f"{src.key}: no '#:' reference says where it is used"


def test_the_references_point_at_files_that_exist() -> None:
    root = TRANSLATIONS.parent
    for path in sorted((TRANSLATIONS / TEMPLATES).glob("*.pot")):
        for unit in units(path).values():
            for ref in unit.getlocations():
                assert (root / ref.split(":")[0]).is_file(), (path.name, unit.getcontext(), ref)


# --- outdated strings --------------------------------------------------------------------

def test_a_changed_dutch_text_marks_its_translations_fuzzy(copy: Path) -> None:
    key = "nav.tools"
    translated = {lang: str(Translations(copy).gettext(lang, key)) for lang in TARGETS}
    old = set_dutch(copy, key, "Hulpmiddelen voor aan tafel")
    # before the command runs, the loader already sees the old Dutch in the entry: outdated
    t = Translations(copy)
    for lang in TARGETS:
        msg = t.gettext(lang, key)
        assert msg.fallback and str(msg) == "Hulpmiddelen voor aan tafel"
        assert msg.html().startswith('<span class="i18n-fallback" lang="nl">')
    warnings = [str(p) for p in t.validate() if p.key == key]
    assert len(warnings) == len(TARGETS) and all("outdated in" in w for w in warnings)
    changed = update(copy)
    assert {p.parent.name for p in changed} == set(TARGETS) | {TEMPLATES}
    for lang in TARGETS:
        unit = units(copy / lang / "site.po")[key]
        assert unit.isfuzzy()
        assert unit.source == "Hulpmiddelen voor aan tafel"
        assert unit.prev_source == old  # '#| msgid': the Dutch it was translated from
        assert unit.target == translated[lang]  # the translation is kept, to be checked
        assert Translations(copy).gettext(lang, key).fallback
    assert update(copy) == []  # idempotent
    # a second change keeps the Dutch the translation was made from
    set_dutch(copy, key, "Hulpmiddelen")
    update(copy)
    assert units(copy / "sv" / "site.po")[key].prev_source == old
    # the translator checks it and removes the mark (what Poedit does): translated again
    po = copy / "sv" / "site.po"
    text = po.read_text(encoding="utf-8")
    text = re.sub(rf'#, fuzzy\n#\| msgid "[^"]*"\n(msgctxt "{re.escape(key)}")', r"\1", text)
    po.write_text(text, encoding="utf-8")
    assert not Translations(copy).gettext("sv", key).fallback
    update(copy)
    assert not units(po)[key].isfuzzy()


# --- merging branches that still write key-based entries ----------------------------------

def test_key_based_entries_are_migrated_and_new_dutch_keys_picked_up(copy: Path) -> None:
    nl, sv = copy / "nl" / "site.po", copy / "sv" / "site.po"
    nl.write_text(nl.read_text(encoding="utf-8").replace(
        'msgid "nav.tools"\n',
        'msgid "test.new"\nmsgstr "Nieuw {n}"\n\nmsgid "test.other"\nmsgstr "Ander"\n\n'
        'msgid "nav.tools"\n'), encoding="utf-8")
    sv.write_text(sv.read_text(encoding="utf-8") + '\nmsgid "test.new"\nmsgstr "Ny {n}"\n',
                  encoding="utf-8")
    t = Translations(copy)
    assert str(t.gettext("sv", "test.new", n=2)) == "Ny 2"  # the loader reads both forms
    update(copy)
    found = units(sv)
    keys = list(found)
    assert keys.index("test.new") + 2 == keys.index("nav.tools")  # at the Dutch position
    assert found["test.new"].source == "Nieuw {n}" and found["test.new"].target == "Ny {n}"
    assert not found["test.new"].isfuzzy()
    assert found["test.other"].target == "" and units(copy / "da" / "site.po")["test.new"].target == ""
    assert sv.read_text(encoding="utf-8").count('"test.new"') == 1
    assert update(copy) == []


def test_a_whole_file_taken_back_in_the_old_form_converts_to_the_same(copy: Path) -> None:
    """The merge recipe: a conflicting catalog may be resolved by taking the other branch's
    key-based file whole; rerunning the command gives the bilingual file again."""
    for lang in TARGETS:
        for domain in DOMAINS:
            po = copy / lang / f"{domain}.po"
            po.write_text(key_based(po.read_text(encoding="utf-8")), encoding="utf-8")
    assert 'msgctxt' not in (copy / "sv" / "engine.po").read_text(encoding="utf-8")
    update(copy)
    for lang in TARGETS:
        for domain in DOMAINS:
            assert (copy / lang / f"{domain}.po").read_text(encoding="utf-8") == \
                (TRANSLATIONS / lang / f"{domain}.po").read_text(encoding="utf-8"), (lang, domain)


def test_a_removed_dutch_key_is_kept_obsolete_and_comes_back(copy: Path) -> None:
    nl = copy / "nl" / "site.po"
    before = nl.read_text(encoding="utf-8")
    nl.write_text(re.sub(r'(?m)^msgid "nav.tools"\nmsgstr "[^"]*"\n', "", before), encoding="utf-8")
    update(copy)
    sv = (copy / "sv" / "site.po").read_text(encoding="utf-8")
    assert '#~ msgctxt "nav.tools"' in sv
    assert "nav.tools" not in Translations(copy).catalog("sv").entries
    nl.write_text(before, encoding="utf-8")
    update(copy)
    assert (copy / "sv" / "site.po").read_text(encoding="utf-8") == \
        (TRANSLATIONS / "sv" / "site.po").read_text(encoding="utf-8")


def test_docstring_examples() -> None:
    import doctest

    import tools.catalogs
    import tools.po

    for module in (tools.catalogs, tools.po):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0
