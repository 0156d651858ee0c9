"""The table of languages (``hooks/catalogs/languages.py``) is the only list of languages:
``mkdocs.yml`` lists none (the plugin ``monopoly-i18n``, ``hooks/entry/i18n_plugin.py``, fills
static-i18n's ``languages`` and the search plugin's ``lang`` from the table and the catalogs),
and no other module keeps a list of its own (issue 26)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from mkdocs.config import load_config

from hooks.common import I18N_PLUGIN
from hooks.catalogs.i18n import translations
from hooks.entry.i18n_plugin import I18nFromTable, language_entry
from hooks.catalogs.languages import LANGUAGES, LANGS, SOURCE_LANG, Language
from tools.site_build import ROOT

FOLDERS = ("engine", "present", "hooks", "tools", "docs/assets", "overrides")
NOT_LISTS = {
    "hooks/catalogs/languages.py": "the table itself",
    "present/number_data.py": "written by tools/number_table.py from the table",
    "engine/sources.py": "the Nordic leaflet's three text columns, a fact of the source",
}


def _plugin(config: dict, name: str) -> dict:
    return next(p[name] for p in config["plugins"] if isinstance(p, dict) and name in p)


def mkdocs_language_lists(text: str) -> list[str]:
    """What in ``mkdocs.yml`` (its text) a new language would have to be added to: a
    ``languages`` or ``lang`` option, a ``locale``, a language's name outside comments.

    >>> mkdocs_language_lists("plugins:\\n  - search:\\n      lang: [nl, sv]  # lunr\\n")
    ['line 3: lang: [nl, sv]']
    >>> mkdocs_language_lists("# Svenska at /sv/\\nsite_name: x\\n")
    []
    """
    names = "|".join(re.escape(lang.name) for lang in LANGUAGES)
    pattern = re.compile(rf"^\s*-?\s*(languages|lang|locale)\s*:|{names}")
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0].rstrip()
        if pattern.search(code):
            found.append(f"line {number}: {code.strip()}")
    return found


def test_mkdocs_yml_lists_no_language() -> None:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert mkdocs_language_lists(text) == [], "mkdocs.yml must not list languages: they " \
        "come from hooks/catalogs/languages.py (the plugin monopoly-i18n fills them)"
    config = yaml.safe_load(text)
    assert "languages" not in _plugin(config, I18N_PLUGIN)
    assert "lang" not in _plugin(config, "search")
    assert not any(p == "i18n" or isinstance(p, dict) and "i18n" in p
                   for p in config["plugins"]), "static-i18n is named monopoly-i18n"
    assert config["theme"]["language"] == SOURCE_LANG  # what the first build starts with
    # the site_name MkDocs requires before any plugin runs: the plugin sets every language's
    # (Dutch too) from its catalog; this one must not tell a different story
    assert config["site_name"] == str(translations().gettext(SOURCE_LANG, "site.name"))
    assert "site_description" not in config
    # the check bites: the lists mkdocs.yml held before
    assert mkdocs_language_lists("      languages:\n        - locale: nl\n"
                                 "          name: Nederlands\n")


@pytest.fixture(scope="module")
def mkdocs_config():
    """``mkdocs.yml`` loaded and validated the way ``mkdocs build`` does (plugins, hooks)."""
    return load_config(str(ROOT / "mkdocs.yml"))


def test_static_i18n_gets_the_tables_languages(mkdocs_config) -> None:
    plugin = mkdocs_config.plugins[I18N_PLUGIN]
    assert isinstance(plugin, I18nFromTable)
    languages = plugin.config.languages
    assert [(lang.locale, lang.name, lang.build) for lang in languages] == \
        [(lang.code, lang.name, True) for lang in LANGUAGES]
    assert [lang.locale for lang in languages if lang.default] == [SOURCE_LANG]
    assert [lang.link for lang in languages] == [f"/{lang.folder}/".replace("//", "/")
                                                 for lang in LANGUAGES]
    t = translations()
    for lang in languages:  # the texts are the catalogs'
        assert lang.site_name == str(t.gettext(lang.locale, "site.name"))
        assert lang.site_description == str(t.gettext(lang.locale, "site.description"))
        assert lang.admonition_translations["tip"] == \
            str(t.gettext(lang.locale, "admonition.tip"))
        assert [p["toggle"]["name"] for p in lang.theme["palette"]] == \
            [str(t.gettext(lang.locale, k)) for k in ("palette.to_dark", "palette.to_light")]
    assert len(mkdocs_config.theme["palette"]) == 2  # the two toggles the catalogs name


def test_the_search_gets_the_tables_lunr_codes(mkdocs_config) -> None:
    plugin = mkdocs_config.plugins[I18N_PLUGIN]
    plugin._search_languages(mkdocs_config)
    search = mkdocs_config.plugins["material/search"]
    assert search.config.lang == list(dict.fromkeys(lang.lunr for lang in LANGUAGES))


def test_a_language_list_in_mkdocs_yml_is_refused() -> None:
    errors, _ = I18nFromTable().load_config({"docs_structure": "folder",
                                             "languages": [{"locale": "nl", "name": "x"}]})
    assert errors and "hooks/catalogs/languages.py" in str(errors[0][1])


def test_a_new_language_without_translations_shows_the_dutch() -> None:
    new = Language("fi", "Suomi", "FI", "nordic-2005", "fi", "åäö", "lähde", ("”", "”"))
    entry = language_entry(new, translations())
    assert (entry["locale"], entry["name"], entry["default"]) == ("fi", "Suomi", False)
    assert entry["site_name"] == str(translations().gettext(SOURCE_LANG, "site.name"))
    assert entry["admonition_translations"]["note"] == \
        str(translations().gettext(SOURCE_LANG, "admonition.note"))


_CODE = re.compile(r"""["'](%s)["']""" % "|".join(LANGS))


def lists_of_languages(text: str) -> list[int]:
    """Line numbers where three or more of the languages' codes stand quoted within three
    lines: a list (or table by language) that a new language would have to be added to.

    >>> lists_of_languages('x = 1\\nLANGS = ("nl", "sv",\\n "da")\\ny = "nl"\\n')
    [2]
    """
    lines = text.splitlines()
    hits = []
    for i in range(len(lines)):
        window = "\n".join(lines[i:i + 3])
        codes = set(_CODE.findall(window))
        if len(codes) >= 3 and _CODE.search(lines[i]) and not (hits and hits[-1] >= i - 2):
            hits.append(i + 1)
    return hits


def _sources() -> list[Path]:
    files = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in {".py", ".js", ".html", ".css", ".json"} and path.is_file() \
                    and "vendor" not in path.parts and "pyodide" not in path.parts:
                files.append(path)
    return files


def test_no_module_keeps_its_own_list_of_languages() -> None:
    found = {}
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        if rel in NOT_LISTS:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        lines = [ln for ln in text.splitlines() if not ln.lstrip().startswith(">>>")]
        hits = lists_of_languages("\n".join(lines))
        if hits:
            found[rel] = hits
    assert found == {}, f"lists of languages outside hooks/catalogs/languages.py: {found}"
    assert lists_of_languages('TAIL = {"sv": "åäö", "da": "æøå", "nb": "æøå"}')  # the check bites
