"""The table of languages (``hooks/languages.py``) is the only list of languages: ``mkdocs.yml``'s
two lists agree with it, and no other module keeps a list of its own (issue 26)."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import yaml

from hooks.languages import LANGUAGES, LANGS, SOURCE_LANG
from tools.site_build import ROOT

FOLDERS = ("engine", "present", "hooks", "tools", "docs/assets", "overrides")
NOT_LISTS = {
    "hooks/languages.py": "the table itself",
    "present/number_data.py": "written by tools/number_table.py from the table",
    "engine/sources.py": "the Nordic leaflet's three text columns, a fact of the source",
}


def _plugin(config: dict, name: str) -> dict:
    return next(p[name] for p in config["plugins"] if isinstance(p, dict) and name in p)


def mkdocs_disagreements(config: dict) -> list[str]:
    """What ``mkdocs.yml`` (loaded) says differently from the table."""
    out = []
    i18n = _plugin(config, "i18n")["languages"]
    wanted = [(lang.code, lang.name) for lang in LANGUAGES]
    found = [(entry["locale"], entry["name"]) for entry in i18n]
    if found != wanted:
        out.append(f"i18n languages: {found} (the table: {wanted})")
    defaults = [entry["locale"] for entry in i18n if entry.get("default")]
    if defaults != [SOURCE_LANG]:
        out.append(f"i18n default: {defaults} (the table's first: {SOURCE_LANG})")
    lunr = _plugin(config, "search")["lang"]
    if lunr != [lang.lunr for lang in LANGUAGES]:
        out.append(f"search lang: {lunr} (the table: {[lang.lunr for lang in LANGUAGES]})")
    if config["theme"]["language"] != SOURCE_LANG:
        out.append(f"theme language: {config['theme']['language']} (the table: {SOURCE_LANG})")
    return out


def test_mkdocs_yml_lists_the_tables_languages() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert mkdocs_disagreements(config) == [], "mkdocs.yml's i18n languages and search lang " \
        "must list hooks/languages.py's languages, in its order"
    # a language added to the table only, or to mkdocs.yml only, is caught
    planted = copy.deepcopy(config)
    _plugin(planted, "search")["lang"].append("xx")
    assert mkdocs_disagreements(planted)


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
    assert found == {}, f"lists of languages outside hooks/languages.py: {found}"
    assert lists_of_languages('TAIL = {"sv": "åäö", "da": "æøå", "nb": "æøå"}')  # the check bites
