"""The translators' guide (``docs/<lang>/translate.md``) gives the Weblate component layout;
in all four languages it names the same components, and its file masks, language filter
and templates match the files that are really there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hooks.catalogs.i18n import LANGS, SOURCE_LANG, translations_dir
from tools.site_build import ROOT

ROW = re.compile(r"^\| `([a-z]+)` \| `(translations/\*/[a-z]+\.po)` \| "
                 r"`(translations/templates/[a-z]+\.pot)` \|$", re.M)
FILTER = re.compile(r"`(\^\(\?![^`]*)`")


def layout(lang: str) -> tuple[list[tuple[str, str, str]], str]:
    text = (ROOT / "docs" / lang / "translate.md").read_text(encoding="utf-8")
    filters = FILTER.findall(text)
    assert len(filters) == 1, f"{lang}: one language filter, found {filters}"
    return ROW.findall(text), filters[0]


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != SOURCE_LANG])
def test_the_guide_gives_the_same_component_layout_in_every_language(lang: str) -> None:
    # the source language is the reference, not a case: comparing it with itself
    # could never fail
    rows, _ = layout(SOURCE_LANG)
    assert rows, "the Dutch guide lists no components"
    assert layout(lang) == layout(SOURCE_LANG)


def test_the_masks_match_the_catalog_files() -> None:
    rows, lang_filter = layout(SOURCE_LANG)
    root = ROOT
    tr = translations_dir()
    domains = sorted(p.stem for p in (tr / SOURCE_LANG).glob("*.po"))
    assert [name for name, _, _ in rows] == domains  # one component per Dutch catalog
    matched = set()
    for name, mask, template in rows:
        assert mask == f"translations/*/{name}.po" and template.endswith(f"/{name}.pot")
        assert (root / template).is_file(), template
        # the languages Weblate finds: what the mask matches, less what the filter leaves out
        found = {p.parent.name for p in root.glob(mask)}
        kept = {code for code in found if re.match(lang_filter, code)}
        assert kept == set(LANGS) - {SOURCE_LANG}, (mask, kept)
        assert SOURCE_LANG in found and not re.match(lang_filter, SOURCE_LANG)
        matched |= {p.relative_to(root) for p in root.glob(mask)}
    every = {p.relative_to(root) for p in tr.glob("*/*.po")}
    assert matched == every  # no catalog is outside the layout
    assert re.match(lang_filter, "fi")  # a new language passes the filter


def test_the_guide_names_the_glossary_and_the_commands_it_describes() -> None:
    for lang in LANGS:
        text = (ROOT / "docs" / lang / "translate.md").read_text(encoding="utf-8")
        for needed in ("`translations/termbase.tbx`", "`./dev catalogs`", "./dev serve",
                       "`python -m tools.translation_qa`", "`msgfmt --check-format`",
                       "`./dev catalogs --add <", "`translations/qa-reviewed.toml`",
                       "`tests/test_new_language.py`"):
            assert needed in text, (lang, needed)
        assert Path(ROOT / "tools" / "translation_qa.py").is_file()
