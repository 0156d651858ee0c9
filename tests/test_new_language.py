"""Adding a language: a planted fifth language (Finnish, ``fi``: the language the Nordic
leaflet's text lacks) in a temporary copy of the project builds, with every text it does not
have yet shown in Dutch and marked. The test makes exactly the changes the translators'
guide lists under "adding a language" (``docs/*/translate.md``), so the guide stays true:
one entry in the table of languages plus the language's files. ``mkdocs.yml`` and every other
file stay as they are; were one of them a list the new language had to be added to, the
build or the checks of the built pages would fail.

The copy holds two pages per language, so the build takes seconds rather than minutes."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from hooks.catalogs.i18n import LANGS, SOURCE_LANG, translations
from tools.site_build import ROOT

NEW = "fi"
PAGES = ("index.md", "about.md")
DUTCH_SITE_NAME = str(translations().gettext(SOURCE_LANG, "site.name"))


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path}: {old!r} is not there once"
    path.write_text(text.replace(old, new), encoding="utf-8")


def add_language(tree: Path) -> None:
    """The guide's step 1: the language's entry in the table of languages
    (``hooks/catalogs/languages.py``); nothing else (``mkdocs.yml`` lists no languages)."""
    _replace(tree / "hooks" / "catalogs" / "languages.py", '),\n)\n"""The site\'s languages',
             '),\n'
             f'    Language("{NEW}", "Suomi", "FI", "nordic-2005", "{NEW}", "åäö", "lähde",'
             ' ("”", "”"), "ja"),\n)\n"""The site\'s languages')


def translate(tree: Path, key: str, text: str) -> None:
    """A translator's first entry in the new catalogs: ``key``'s ``msgstr`` in site.po."""
    _replace(tree / "translations" / NEW / "site.po",
             f'msgctxt "{key}"\nmsgid "{DUTCH_SITE_NAME}"\nmsgstr ""\n',
             f'msgctxt "{key}"\nmsgid "{DUTCH_SITE_NAME}"\nmsgstr "{text}"\n')


def run(tree: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}  # the copy's packages, not the checkout's
    for name in ("MONOPOLY_TRANSLATIONS_DIR", "MONOPOLY_I18N_LAX"):
        env.pop(name, None)
    return subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True,
                          text=True, timeout=1800)


def test_a_planted_fifth_language_builds_with_visible_fallbacks(tmp_path: Path) -> None:
    tree = tmp_path / "project"
    for folder in ("engine", "present", "hooks", "tools", "overrides", "examples",
                   "translations"):
        shutil.copytree(ROOT / folder, tree / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("mkdocs.yml", "package.json", "package-lock.json"):
        shutil.copy(ROOT / name, tree / name)
    for shared in ("node_modules", ".cache"):  # the pinned npm packages, the precompiled stdlib
        if (ROOT / shared).exists():
            (tree / shared).symlink_to(ROOT / shared)
    for lang in LANGS:
        (tree / "docs" / lang).mkdir(parents=True)
        for name in PAGES:
            shutil.copy(ROOT / "docs" / lang / name, tree / "docs" / lang / name)
    shutil.copytree(ROOT / "docs" / "assets", tree / "docs" / "assets")
    # step 1: the table; step 2: the files (the Dutch pages, empty catalogs, one translation)
    add_language(tree)
    table = run(tree, "-c", "from hooks.catalogs.languages import LANGS; print(' '.join(LANGS))")
    assert table.stdout.split() == [*LANGS, NEW], table.stderr
    # in the copy: mkdocs.yml lists no language, and no module lists the languages itself
    (tree / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "test_languages.py", tree / "tests" / "test_languages.py")
    checked = run(tree, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tree),
                  str(tree / "tests" / "test_languages.py"))
    assert checked.returncode == 0, checked.stdout[-3000:]
    made = run(tree, "-m", "tools.number_table")
    assert made.returncode == 0, made.stderr
    assert f"'{NEW}'" in (tree / "present" / "number_data.py").read_text(encoding="utf-8")
    shutil.copytree(tree / "docs" / "nl", tree / "docs" / NEW)
    added = run(tree, "-m", "tools.catalogs", "--add", NEW)
    assert added.returncode == 0, added.stdout + added.stderr
    assert sorted(p.name for p in (tree / "translations" / NEW).glob("*.po")) == \
        sorted(p.name for p in (tree / "translations" / "nl").glob("*.po"))
    translate(tree, "site.name", "Monopolyn säännöt")
    # nothing but the table and the files: mkdocs.yml is the checkout's, unchanged
    assert (tree / "mkdocs.yml").read_bytes() == (ROOT / "mkdocs.yml").read_bytes()
    # build (not strict: the two-page copy links to pages it does not have)
    built = run(tree, "-m", "mkdocs", "build", "-f", str(tree / "mkdocs.yml"),
                "--site-dir", str(tmp_path / "site"))
    assert built.returncode == 0, built.stderr[-4000:]
    assert not [ln for ln in built.stderr.splitlines() if ln.startswith("ERROR")]
    page = (tmp_path / "site" / NEW / "about" / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{NEW}"' in page
    # not translated yet: the Dutch text, marked, e.g. the navigation's section titles
    fallbacks = re.findall(r'<span class="i18n-fallback" lang="nl">([^<]+)</span>', page)
    assert fallbacks, "no marked Dutch fallback on the new language's page"
    assert 'hreflang="fi"' in page and "Suomi" in page  # in the language switcher and links
    # the texts static-i18n takes per language come from the catalog: the translated site
    # name; the light/dark toggle not translated yet, so its Dutch
    assert "<title>" in page and "Monopolyn säännöt</title>" in page
    dark = str(translations().gettext(SOURCE_LANG, "palette.to_dark"))
    assert f'title="{dark}"' in page
    sv = (tmp_path / "site" / "sv" / "about" / "index.html").read_text(encoding="utf-8")
    assert 'hreflang="fi"' in sv  # the other languages link to it too
    worker = (tmp_path / "site" / "sw.js").read_text(encoding="utf-8")
    assert f'"pages-{NEW}"' in worker and f'"langDirs":["sv","da","nb","{NEW}"]' in worker
    index = json.loads((tmp_path / "site" / NEW / "search" / "search_index.json")
                       .read_text(encoding="utf-8"))
    assert index["config"]["lang"] == [NEW]  # its own search, with lunr's Finnish
