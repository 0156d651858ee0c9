"""The calculators' page data: the language context the presenter runs on (messages,
plural rules, clause links), the boards and editions the forms switch between, and the
texts the page script shows as they are (rendered here: the browser formats no number).

:func:`shared_data` is emitted once per calculators page (``script.calc-shared``); the
worker's presenter loads it as its language context (``present.api.load_context``).

>>> ui_texts("nl")["calc.score.player_n"][2]
'Speler 3'
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Callable, Mapping

from hooks.common import Context, page_path
from hooks.catalogs.i18n import SOURCE_LANG, translations
from hooks.catalogs.source_names import PAGE as SOURCES_PAGE, SOURCES, anchor

from engine.boards import GROUPS, PROPERTY_KINDS, Board
from engine.clauses import CLAUSES
from engine.editions import EDITIONS, Edition
from engine.jail import card_kind
from engine.rent import arrivals
from engine.validate import MAX_AMOUNT
from present.render import Presenter
from hooks.render.calculator_fields import (CALC_PAGE, FIELDS, MAX_PLAYERS, field_labels,
                                            jail_turns, level_values, number_limits, option_names,
                                            rent_fields)


MESSAGE_PREFIXES = ("calc.", "step.rent.", "step.jail.", "step.mortgage.", "step.score.", "error.",
                    "source.")
"""Message keys the page script may need (``source.``: a booklet's title and short name,
which a step's citation shows; not what the sources page says of it, :data:`SOURCE_TEXTS`)."""
SOURCE_TEXTS = (".what", ".covers", ".defects")
"""Ends of ``source.`` keys that only the sources page shows (long texts the page data leaves out)."""

# --------------------------------------------------------------------------- messages


STEP_PREFIXES = ("calc.", "step.", "error.", "reason.", "source.")
"""Every engine message (the worked examples show the steps of every calculation)."""


@lru_cache(maxsize=16)
def _messages_cached(lang: str, signature: int,
                     prefixes: tuple[str, ...] = MESSAGE_PREFIXES) -> dict[str, Any]:
    cat = translations()
    src = cat.catalog(SOURCE_LANG)
    own = cat.catalog(lang)
    messages: dict[str, Any] = {}
    fallback: list[str] = []
    counts: dict[str, str | None] = {}
    keys = [k for k in src.entries if k.startswith(prefixes) and not k.endswith(SOURCE_TEXTS)]
    keys += [k for k in own.entries if k.startswith(prefixes) and not k.endswith(SOURCE_TEXTS)
             and k not in src.entries]
    for key in keys:
        entry = own.entries.get(key)
        where = lang
        if entry is None or not entry.usable:
            entry, where = src.entries.get(key), SOURCE_LANG
        if entry is None or not entry.usable:
            continue
        messages[key] = list(entry.forms) if entry.plural else entry.forms[0]
        if entry.plural:
            counts[key] = cat.plural_count(key)
        if where != lang:
            fallback.append(key)
    # Plural-Forms of the page language (and of Dutch, for fallbacks): present.messages
    # evaluates them, in the build and in the worker
    return {"lang": lang, "messages": messages, "fallback": fallback, "counts": counts,
            "plural": {lang: own.plural_expr, SOURCE_LANG: src.plural_expr}}


def page_messages(lang: str, prefixes: tuple[str, ...] = MESSAGE_PREFIXES) -> dict[str, Any]:
    """Every ``calc.*``, ``step.*`` and ``error.*`` message of ``lang`` (or those of
    ``prefixes``), with the keys that fell back to Dutch listed in ``fallback``: the language
    context of :class:`present.messages.Messages`."""
    return _messages_cached(lang, id(translations()), prefixes)


@lru_cache(maxsize=16)
def _step_presenter(lang: str, signature: int) -> "Formatter":
    return Formatter(lang, page_messages(lang, STEP_PREFIXES))


def step_presenter(lang: str) -> "Formatter":
    """The presenter of ``lang`` with every engine message: what the worked examples, the
    disputes and the phrasebook word engine results with (the calculators' page JSON
    carries only the messages its four calculators need)."""
    return _step_presenter(lang, id(translations()))


class Formatter(Presenter):
    """The presenter of one page language, its messages read from the catalogs (what the
    form HTML and the build-time result use: ``t``/``plain``/``has``, numbers, amounts)."""

    def __init__(self, lang: str, messages: Mapping[str, Any] | None = None) -> None:
        context = dict(messages if messages is not None else page_messages(lang))
        context.setdefault("labels", labels())
        context.setdefault("options", options())
        super().__init__(context)


def labels() -> dict[str, dict[str, str]]:
    """Calculator -> request field name -> its label's message key: what an error names
    (the presenter says "change <label>"), in the build and in the worker."""
    return {kind: field_labels(kind) for kind in FIELDS}


def options() -> dict[str, dict[str, str]]:
    """Calculator -> request field name -> the message-key prefix of its options' names
    (an error about a choice lists them by name, not by id)."""
    return {kind: option_names(kind) for kind in FIELDS}


# --------------------------------------------------------------------------- page data


def clause_links(ctx_url: Callable[[str, str], str]) -> dict[str, tuple[str, str]]:
    """Every clause id -> (visible number, URL of the clause relative to this page), and
    every booklet (``source-000``) -> (its number, URL of its entry on the sources page):
    a step cites its booklet by name with that link (``Presenter.source_html``)."""
    links = {cid: (c.number, ctx_url(c.page, cid)) for cid, c in CLAUSES.items()}
    links.update({anchor(sid): (sid, ctx_url(SOURCES_PAGE, anchor(sid))) for sid in SOURCES})
    return links


def edition_info(ed: Edition) -> dict[str, Any]:
    """What the form needs to know about an edition (its board, currency, mode, limits;
    which rent fields show is :func:`hooks.render.calculator_forms.rent_fields`)."""
    info: dict[str, Any] = {"board": ed.board.id if ed.board else None, "currency": ed.currency,
                            "mode": ed.mode,
                            # the values its selects offer (calculators.mjs refills them)
                            "levels": level_values(ed), "jail_turns": jail_turns(ed)}
    if ed.rules is not None:
        r = ed.rules
        info.update(
            houses_before_hotel=r.houses_before_hotel.value,
            jail_max_turns=r.jail_max_turns.value, min_players=r.min_players.value,
            max_players=r.max_players.value, station_card_double=bool(r.station_card_double.value),
            card_kind=card_kind(r),  # the jail form's labels say "key" for it (Form.label)
            # the arrivals the rent form offers per square kind (engine.rent.arrivals)
            arrivals={kind: list(arrivals(r, kind)) for kind in PROPERTY_KINDS})
    elif ed.card_game is not None:
        info.update(min_players=ed.card_game.min_players.value,
                    max_players=ed.card_game.max_players.value)
    return info


def board_data(board: Board) -> list[list[Any]]:
    """A board's squares as ``[index, name, kind, group]`` rows."""
    return [[s.index, s.name, s.kind, s.group] for s in board.squares]


def boards() -> dict[str, list[list[Any]]]:
    out: dict[str, list[list[Any]]] = {}
    for ed in EDITIONS.values():
        if ed.board is not None and ed.board.id not in out:
            out[ed.board.id] = board_data(ed.board)
    return out


def asset_root(lang: str, slug: str, use_directory_urls: bool = True) -> str:
    """Relative URL from a built page to the site root (``../../`` for ``sv/rent/``).

    >>> asset_root("sv", "rent"), asset_root("nl", "index"), asset_root("nl", "rent", False)
    ('../../', '', '')
    """
    return "../" * page_path(lang, slug, use_directory_urls).count("/")


def _json_script(data: Any, cls: str) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" class="{cls}">{text}</script>'


UI_PREFIXES = ("calc.input.", "calc.stale", "calc.status.", "calc.failed.", "calc.level.",
               "calc.rent.arrival.", "calc.share.")
"""Messages the page script shows by themselves (status, notices, level names, the ways to
arrive, the share button's "copied")."""
NUMBERED = {"calc.score.player_n": "html", "calc.score.default_name": "plain",
            "calc.jail.turn_n": "html"}
"""Messages the page script shows per list position (1 to MAX_PLAYERS): rendered here,
so the browser formats no number itself."""


def ui_texts(lang: str) -> dict[str, Any]:
    """The texts the page script puts into the page as they are: parameterless messages
    as escaped HTML (a fallback marked), numbered ones as lists (position 1 first)."""
    fmt = Formatter(lang)
    out: dict[str, Any] = {k: fmt.html(k) for k in fmt.messages if k.startswith(UI_PREFIXES)}
    for key, how in NUMBERED.items():
        out[key] = [fmt.html(key, {"n": fmt.number(n)}) if how == "html"
                    else fmt.plain(key, {"n": fmt.number(n)}) for n in range(1, MAX_PLAYERS + 1)]
    return out


def shared_data(ctx: Context) -> dict[str, Any]:
    """What every calculator on a page shares (emitted once per page)."""
    from hooks.runtime.pyodide_assets import STDLIB_ZIP, engine_version, stdlib_version

    root = asset_root(ctx.lang, ctx.slug, ctx.use_directory_urls)
    msgs = page_messages(ctx.lang)
    return {
        # the language context of the worker's presenter (present.api.load_context)
        **msgs,
        "ui": ui_texts(ctx.lang),
        "labels": labels(),
        "options": options(),
        "clauses": clause_links(lambda page, cid: ctx.url(page, cid)),
        "editions": {e.id: edition_info(e) for e in EDITIONS.values()},
        "boards": boards(),
        "groups": list(GROUPS),
        # which fields the rent form shows, per edition, arrival and square kind (the engine's)
        "rent_fields": rent_fields(),
        "assets": {
            "worker": f"{root}assets/calculators/worker.mjs",
            "pyodide": f"{root}assets/pyodide/",
            "engine": f"{root}assets/engine.zip?v={engine_version()}",
            "stdlib": f"{root}assets/pyodide/{STDLIB_ZIP}?v={stdlib_version()}",
        },
        "page": {"calculators": ctx.url(CALC_PAGE)},
    }


def too_large_texts(fmt: Formatter) -> dict[str, str]:
    """"This number is too large" for every limit a number field can carry (``max=``,
    fixed or following another field; ``""``: the engine's :data:`MAX_AMOUNT`, for fields
    without one), rendered here from the forms' field table: the page shows it for a number
    past what JSON holds exactly, and formats no number."""
    out = {str(v): fmt.html("calc.input.too_large", {"max": fmt.number(v)}) for v in sorted(number_limits())}
    out[""] = fmt.html("calc.input.too_large", {"max": fmt.number(MAX_AMOUNT)})
    return out
