"""MkDocs plugin ``monopoly-i18n``: mkdocs-static-i18n with its languages from the table.

Static-i18n validates its ``languages`` when MkDocs loads the config, before any hook runs,
so they cannot be filled from a hook. This plugin is static-i18n's own plugin class with
one change: :meth:`I18nFromTable.load_config` builds the ``languages`` option from
:data:`hooks.catalogs.languages.LANGUAGES` and the catalogs (``translations/<code>/site.po``)
before static-i18n validates it. ``mkdocs.yml`` names this plugin (registered as an entry
point in ``pyproject.toml``) with static-i18n's other options and no list of languages:
adding a language is its ``Language(...)`` entry plus its files.

Per language, from the table: ``locale`` (the code), ``name``, ``default`` (the first
language), ``build``. From the language's catalog (the Dutch text, unmarked, until it is
translated): ``site_name`` (key ``site.name``), ``site_description`` (``site.description``),
the admonition titles (every ``admonition.<type>`` key of the Dutch catalog) and the names
of the light/dark toggle (``palette.to_dark``, ``palette.to_light``: the toggles of
``theme.palette`` in that order).

The search plugin's ``lang`` is the table's lunr codes, in the table's order
(:meth:`I18nFromTable._search_languages`, before the search plugin reads it);
``hooks/entry/site.py`` then gives each language's own search index its one lunr code.

>>> entries = language_entries()
>>> [e["locale"] for e in entries] == [lang.code for lang in LANGUAGES]
True
>>> [(e["name"], e["default"]) for e in entries][:2]
[('Nederlands', True), ('Svenska', False)]
>>> entries[1]["site_name"], entries[1]["admonition_translations"]["note"]
('Monopolyregler', 'Obs')
>>> entries[3]["theme"]["palette"][0]["toggle"]["name"]
'Bytt til mørk modus'
"""

from __future__ import annotations

from typing import Any

from mkdocs.config.base import ValidationError
from mkdocs.contrib.search import LangOption
from mkdocs.plugins import CombinedEvent, event_priority
from mkdocs_static_i18n.plugin import I18n

from hooks.catalogs.i18n import Translations, translations
from hooks.catalogs.languages import LANGUAGES, Language

SEARCH_PLUGINS = ("material/search", "search")
"""The names the search plugin may have (Material's, or MkDocs' own)."""
PALETTE_KEYS = ("palette.to_dark", "palette.to_light")
"""The toggle names of ``theme.palette``'s options, in ``mkdocs.yml``'s order."""


def language_entry(lang: Language, catalogs: Translations) -> dict[str, Any]:
    """Static-i18n's entry for one language: the table's facts and the catalog's texts."""

    def text(key: str) -> str:
        return str(catalogs.gettext(lang.code, key))

    return {
        "locale": lang.code,
        "name": lang.name,
        "default": lang is LANGUAGES[0],
        "build": True,
        "admonition_translations": {key.removeprefix("admonition."): text(key)
                                    for key in catalogs.keys("admonition.")},
        "site_name": text("site.name"),
        "site_description": text("site.description"),
        "theme": {"palette": [{"toggle": {"name": text(key)}} for key in PALETTE_KEYS]},
    }


def language_entries(catalogs: Translations | None = None) -> list[dict[str, Any]]:
    """Static-i18n's ``languages`` option: one entry per language of the table, in its
    order (default: the project's catalogs, reloaded if a file changed)."""
    catalogs = catalogs or translations(refresh=True)
    return [language_entry(lang, catalogs) for lang in LANGUAGES]


class I18nFromTable(I18n):
    """Static-i18n, its ``languages`` and the search plugin's ``lang`` from the table."""

    def load_config(self, options: dict[str, Any], config_file_path: str | None = None):
        if "languages" in options:
            return [("languages", ValidationError(
                "the languages come from the table in hooks/catalogs/languages.py and the catalogs "
                "in translations/<code>/; mkdocs.yml lists none"))], []
        return super().load_config({**options, "languages": language_entries()},
                                   config_file_path)

    @event_priority(100)  # before the search plugin (0) reads its options
    def _search_languages(self, config: Any) -> Any:
        lunr = list(dict.fromkeys(lang.lunr for lang in LANGUAGES))
        for name in SEARCH_PLUGINS:
            search = config.plugins.get(name)
            if search is not None:
                search.config.lang = LangOption().validate(lunr)
        return config

    # static-i18n's own on_config (priority -100, after the other plugins) stays as it is
    on_config = CombinedEvent(_search_languages, I18n.on_config)
