"""The phrasebook: every message key of every catalog, filled with realistic values, in the
four languages (issue 24), for translators and reviewers (``[[phrasebook]]`` on
``phrasebook.md``, a developers' page: out of the players' menu and search).

Values come from real engine results where the site takes them from the engine: the steps,
errors and reasons of every worked example (:func:`hooks.render.examples.verified`), the answers of
the disputes page (:func:`hooks.render.disputes.rows`, the numbers each edition gives). Every other
placeholder gets a sample by its name (:data:`SAMPLES`, the board's and the engine's own
figures), written the language's way by the presenter: an amount with the edition's
currency, a percentage, a throw of the dice, a list with the language's "and". Engine messages
are worded by :meth:`present.render.Presenter.sentence`, exactly as on the pages.

>>> filled("nl", "step.rent.station").startswith("Stations van de eigenaar:")
True
>>> where_key("step.rent.station"), where_key("dispute.go-twice.q"), where_key("nav.rules")
('phrasebook.where.steps', 'phrasebook.where.disputes', 'phrasebook.where.menu')
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping

from engine.boards import DUTCH
from hooks.render.calculator_data import step_presenter
from hooks.render.disputes import DISPUTES, rows
from hooks.render.examples import load_examples, verified
from hooks.catalogs.i18n import SOURCE_LANG, translations
from present import numbers
from present.messages import PLACEHOLDER

ENGINE_PREFIXES = ("step.", "error.", "reason.")
"""Messages the engine names (worded by the presenter, parameters by the engine's tables)."""

MONEY_NAMES = frozenset({
    "amount", "value", "total", "fine", "interest", "cash", "cost", "mortgage", "exact", "lift",
    "shortfall", "target", "price", "sale", "keep_now", "keep_later", "best", "opening",
    "salary", "saving", "rent", "base", "worth", "flat", "money", "income"})
"""Placeholders outside the engine messages that hold an amount (in the phrasebook's
samples; the pages format them where they fill them)."""

SAMPLES: Mapping[str, Any] = {
    "value": 200, "total": 1500, "amount": 400, "fine": 50, "interest": 10, "cash": 1500,
    "cost": 220, "mortgage": 100, "exact": 7.5, "lift": 83, "shortfall": 20, "target": 10000,
    "price": 400, "sale": 100, "keep_now": 10, "keep_later": 110, "best": 800, "opening": 10,
    "salary": 200, "saving": 10, "rent": 50, "base": 25, "worth": 1500, "flat": 200,
    "money": 3000, "income": 1000, "percent": 10, "p_free_percent": 42.1,
    "square": DUTCH.square(39).name, "lowest": 2, "houses": 3, "hotels": 12, "max": 4,
    "min": 2, "lots": 2, "n": 2, "count": 2, "attempts": 2, "attempts_left": 2, "turn": 2,
    "level": 3, "needed": 4, "one": 4, "both": 10, "owned": 2, "counted": 1, "mortgaged": 1,
    "dice": [3, 4], "names": ["An", "Bo"], "winners": ["An"], "name": "An", "player": "An",
    "fraction": "11/36", "p_doubles": "1/6", "p_free": "91/216", "number": "4.3",
    "clause": "4.3", "group": "orange",
    "date": "2026-12-01", "time": "21:40", "ratio": "0,54×", "cpu": "AMD EPYC 7763",
    "cores": 2, "memory": 8, "os": "Debian 12", "chromium": "131", "pyodide": "314.0.7",
    "python": "3.13", "load_before": 0.4, "load_after": 1.2, "first": "An", "last": "Bo",
    "roll": 7, "leave": 30, "stay": 40, "saves": 10, "free": 3, "kind": "huur",
    "board": "nl-euro", "strategy": "leave",
}
"""A sample per placeholder name (raw values; the board's and the engine's figures)."""

WHERE: tuple[tuple[str, str], ...] = (
    ("step.", "steps"), ("error.", "errors"), ("reason.", "reasons"),
    ("calc.", "calculators"), ("calclink.", "calculators"), ("example.", "examples"),
    ("dispute.", "disputes"), ("disputes.", "disputes"), ("param.", "editions"),
    ("edition.", "editions"), ("editions.", "editions"), ("matrix.", "editions"),
    ("provenance.", "editions"), ("mode.", "editions"), ("source.", "editions"),
    ("sheet.", "sheet"), ("myed.", "my_edition"), ("house.", "my_edition"),
    ("odds.", "odds"), ("perf.", "performance"), ("nav.", "menu"), ("offline.", "footer"),
    ("glossary_table.", "glossary"), ("sbs.", "side_by_side"), ("api.", "api"),
    ("phrasebook.", "phrasebook"),
)
"""Key prefix -> where on the site its text appears (``phrasebook.where.<id>``)."""

TITLE_EXAMPLE = "rent-set-double-kalverstraat"
"""The worked example whose title stands in for ``{title}``."""


def where_key(key: str) -> str:
    """The message naming where ``key`` appears (every page when no prefix matches)."""
    found = next((w for prefix, w in WHERE if key.startswith(prefix)), "every_page")
    return f"phrasebook.where.{found}"


@lru_cache(maxsize=1)
def engine_samples() -> dict[str, tuple[dict[str, Any], str | None]]:
    """Every engine message the worked examples reach -> (its parameters, the currency):
    the first step, error or reason of that key, from the engine's checked results."""
    found: dict[str, tuple[dict[str, Any], str | None]] = {}
    for example in load_examples().values():
        result, _ = verified(example)
        currency = result.get("currency")
        for step in result.get("steps") or ():
            found.setdefault(str(step["key"]), (dict(step.get("params") or {}), currency))
        if "error" in result:
            found.setdefault(str(result["error"]), (dict(result.get("params") or {}), currency))
        for reason in result.get("reasons") or ():
            if isinstance(reason, str):
                found.setdefault(reason, ({}, currency))
    return found


@lru_cache(maxsize=1)
def dispute_samples() -> dict[str, Any]:
    """Every dispute answer key -> one edition's row (its numbers, what they count)."""
    found: dict[str, Any] = {}
    for dispute in DISPUTES.values():
        for row in rows(dispute):
            found.setdefault(row.key, row)
    return found


def placeholders(key: str) -> list[str]:
    """The placeholders of the Dutch message ``key`` (every plural form)."""
    entry = translations().catalog(SOURCE_LANG).entries.get(key)
    seen: list[str] = []
    for form in entry.forms if entry is not None else ():
        seen += [n for n in dict.fromkeys(m.group(1) for m in PLACEHOLDER.finditer(form))
                 if n not in seen]
    return seen


def sample_text(lang: str, name: str, currency: str = "EUR") -> str:
    """The sample of placeholder ``name``, written the language's way."""
    fmt = step_presenter(lang)
    value = SAMPLES.get(name, 2)
    if name in MONEY_NAMES:
        return numbers.amount(lang, value, currency)
    if name in ("percent", "p_free_percent"):
        return fmt.percent(value)
    if name == "dice":
        return fmt.dice(value)
    if name == "group":
        return fmt.plain(f"calc.group.{value}")
    if name == "edition":
        return str(translations().gettext(lang, "edition.nl-2001"))
    if name == "title":  # a worked example's title, in the language
        return load_examples()[TITLE_EXAMPLE].texts[lang].title
    if isinstance(value, list):
        return fmt.join([str(v) for v in value])
    if isinstance(value, (int, float)):
        return fmt.number(value)
    return str(value)


def filled(lang: str, key: str) -> str:
    """Message ``key`` in ``lang`` with realistic values (plain text; a missing
    translation shows the Dutch text, as on the pages)."""
    if key.startswith(ENGINE_PREFIXES):
        params, currency = engine_samples().get(key, ({}, "EUR"))
        raw = {n: params.get(n, SAMPLES.get(n, 2)) for n in placeholders(key)}
        raw.update(params)
        if "kind" in raw:  # each row shows its own wording: a "<key>.key" row the key's
            raw["kind"] = "card"
        return step_presenter(lang).sentence(key, raw, currency or "EUR").text
    row = dispute_samples().get(key)
    if row is not None:
        from hooks.render.render_disputes import _params  # the disputes page's own formatting

        shown = {n: sample_text(lang, n, row.edition.currency) for n in placeholders(key)}
        shown.update(_params(lang, row))
        return str(translations().gettext(lang, key, **shown))
    shown = {n: sample_text(lang, n) for n in placeholders(key)}
    return str(translations().gettext(lang, key, **shown))


def all_keys() -> list[tuple[str, str]]:
    """(catalog file, key) of every Dutch message, in file order."""
    src = translations().catalog(SOURCE_LANG)
    return [(entry.file.rsplit("/", 1)[-1], key) for key, entry in src.entries.items()]
