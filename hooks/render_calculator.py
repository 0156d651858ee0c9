"""``[[calculator: rent|jail|mortgage|score]]``: a calculator form with its build-time result.

The directive renders a real HTML form (labels tied to inputs, an edition selector
defaulting to the page language's edition) and, under it, the result for the default
inputs computed now, in CPython, by the same engine the browser runs later: the page
is useful with JavaScript off. A JSON block carries what the page script
(``docs/assets/calculators/calculators.mjs``) needs: the messages in the page
language (Dutch where a key is missing, marked), the boards, the clause links and a
declarative *view* of each result kind. This module's :func:`render_output` and the
script's ``renderOutput`` interpret the same view, so the build-time result and the
live one are the same HTML.

State lives in the URL (see DESIGN.md, "Calculator links"): :func:`calculator_link`
builds a link that opens a calculator pre-filled with a request.

>>> calculator_link("nl", "rent", {"edition": "nl-2001", "square": 39, "owned": 2})
'calculators.md?calc=rent&edition=nl-2001&square=39&owned=2#calc-rent'
>>> flatten_request({"players": [{"name": "An", "properties": [{"square": 5}]}], "dice": [3, 4]})
[('players.0.name', 'An'), ('players.0.properties.0.square', '5'), ('dice', '3,4')]
>>> format_amount("nl", 1500, "EUR"), format_amount("sv", -82.5, "USD")
('€\\xa01.500', '−82,50\\xa0$')
"""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping
from urllib.parse import quote

from hooks.common import ROOT, Context, Html, h, page_path  # noqa: F401  (ROOT: sys.path set up)
from hooks.i18n import LANGS, SOURCE_LANG, count_of, translations

from engine.api import calculate
from engine.boards import GROUPS, Board
from engine.clauses import CLAUSES
from engine.errors import EngineError
from engine.validate import MAX_AMOUNT
from engine.editions import EDITIONS, HOUSE_RULES, Edition

KINDS: tuple[str, ...] = ("rent", "jail", "mortgage", "score")
"""The calculators, by engine calculation kind."""

PAGE_EDITION: Mapping[str, str] = {"nl": "nl-2001", "sv": "nordic-2005", "da": "nordic-2005",
                                   "nb": "nordic-2005"}
"""The edition a calculator starts with, by page language."""

BOARD_EDITIONS: tuple[str, ...] = tuple(e.id for e in EDITIONS.values() if e.board is not None)
KIND_EDITIONS: Mapping[str, tuple[str, ...]] = {
    "rent": BOARD_EDITIONS, "jail": BOARD_EDITIONS, "mortgage": BOARD_EDITIONS,
    "score": tuple(EDITIONS),
}
"""Which editions each calculator offers (the card game only scores)."""

CALC_PAGE = "calculators"
"""The page (same slug in every language) that holds all four calculators."""

MAX_PLAYERS = 8
MIN_PLAYERS = 2
HOTEL = 5

MONEY_PARAMS: Mapping[str, frozenset[str]] = {
    "step.rent.": frozenset({"rent", "base", "amount", "rents"}),
    "step.jail.": frozenset({"fine", "cash", "shortfall", "price", "leave_cost", "cost_leave",
                             "cost_stay", "stay_saves", "leave_turn", "stay_turn",
                             "last_stay_turn", "free_turn"}),
    "step.mortgage.": frozenset({"hotel_half", "half_price", "amount", "value", "total", "sale",
                                 "exact", "interest", "cost", "later", "lift_now", "keep_now",
                                 "keep_later", "lift_all_now", "keep_all_now",
                                 "keep_all_later"}),
    "step.score.": frozenset({"cash", "properties", "mortgaged", "houses_amount",
                              "hotels_amount", "total", "money", "income", "target", "best",
                              "hotel_value", "value", "amount"}),
}
"""Which step parameters are amounts of money (formatted in the edition's currency), by
message-key prefix. The same names can be counts elsewhere (``mortgaged`` in rent steps)."""

MESSAGE_PREFIXES = ("calc.", "step.rent.", "step.jail.", "step.mortgage.", "step.score.", "error.")
"""Message keys the page script may need."""


# --------------------------------------------------------------------------- URL state


def _scalar(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def flatten_request(request: Mapping[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """A request as URL query pairs: dotted paths, lists of scalars comma-joined, booleans 1/0.

    Mappings and lists of objects nest by key or index; ``None`` is left out.

    >>> flatten_request({"opponents_built": [["red", 2]], "mortgaged": True, "card_offer": None})
    [('opponents_built.0', 'red,2'), ('mortgaged', '1')]
    """
    out: list[tuple[str, str]] = []
    for key, value in request.items():
        path = f"{prefix}{key}"
        if value is None:
            continue
        if isinstance(value, Mapping):
            out.extend(flatten_request(value, f"{path}."))
        elif isinstance(value, (list, tuple)):
            if all(not isinstance(v, (Mapping, list, tuple)) for v in value):
                out.append((path, ",".join(_scalar(v) for v in value)))
            else:
                for i, item in enumerate(value):
                    if isinstance(item, Mapping):
                        out.extend(flatten_request(item, f"{path}.{i}."))
                    else:
                        out.append((f"{path}.{i}", ",".join(_scalar(v) for v in item)))
        else:
            out.append((path, _scalar(value)))
    return out


def _square_index(board: Board | None, ref: Any) -> Any:
    """A square reference as its board index when the board knows it (else as given)."""
    if board is None or isinstance(ref, bool):
        return ref
    try:
        return board.find(ref).index
    except EngineError:
        return ref  # the engine will refuse it, naming the field


def canonical_request(kind: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """``request`` with every square named by its board index, the way the form holds it
    (the engine accepts names too; a link and the form must agree on one spelling).

    >>> canonical_request("rent", {"edition": "nl-2001", "square": "Kalverstraat"})
    {'edition': 'nl-2001', 'square': 39}
    >>> canonical_request("mortgage", {"edition": "nl-2001", "squares": [39, "station zuid"]})
    {'edition': 'nl-2001', 'squares': [5, 39]}
    >>> canonical_request("rent", {"edition": "nl-modern-speed", "reroll": [3, 4, "bus"]})
    {'edition': 'nl-modern-speed', 'reroll': [3, 4], 'speed_face': 'bus'}
    """
    ed = EDITIONS.get(str(request.get("edition")))
    board = ed.board if ed is not None else None
    out = dict(request)
    reroll = out.get("reroll")
    if isinstance(reroll, list) and len(reroll) == 3 and "speed_face" not in out:
        # the form asks for the speed die's face in a field of its own
        out["reroll"], out["speed_face"] = reroll[:2], reroll[2]
    if "square" in out:
        out["square"] = _square_index(board, out["square"])
    if isinstance(out.get("squares"), list):
        # the form lists checked lots in board order
        out["squares"] = sorted((_square_index(board, r) for r in out["squares"]),
                                key=lambda r: (not isinstance(r, int), str(r).zfill(3)))
    built = out.get("opponents_built")
    if isinstance(built, list) and all(isinstance(b, (list, tuple)) and len(b) == 2
                                       and b[0] in GROUPS for b in built):
        # the form lists the colour groups in board order
        out["opponents_built"] = sorted((list(b) for b in built), key=lambda b: GROUPS.index(b[0]))
    if isinstance(out.get("players"), list):
        players = []
        for player in out["players"]:
            if isinstance(player, Mapping) and isinstance(player.get("properties"), list):
                player = {**player, "properties": [
                    {**p, "square": _square_index(board, p["square"])}
                    if isinstance(p, Mapping) and "square" in p else p
                    for p in player["properties"]]}
            players.append(player)
        out["players"] = players
    return out


def query_string(kind: str, request: Mapping[str, Any]) -> str:
    """``calc=<kind>&...`` for a request (what the page script writes into the URL)."""
    pairs = [("calc", kind), *flatten_request(request)]
    return "&".join(f"{quote(k, safe='.')}={quote(v, safe=',-')}" for k, v in pairs)


def calculator_link(lang: str, kind: str, request: Mapping[str, Any]) -> str:
    """A Markdown link target, valid in any page of ``docs/<lang>/``, that opens the
    calculator ``kind`` on the calculators page pre-filled with ``request``.

    Use it in Markdown (``[open](<link>)``: MkDocs resolves and checks it); for raw HTML
    use :func:`calculator_url`.

    >>> calculator_link("sv", "jail", {"edition": "nordic-2005", "turn_in_jail": 3, "cash": 20})
    'calculators.md?calc=jail&edition=nordic-2005&turn_in_jail=3&cash=20#calc-jail'
    """
    _check_link(lang, kind)
    return f"{CALC_PAGE}.md?{query_string(kind, request)}#calc-{kind}"


def calculator_url(lang: str, kind: str, request: Mapping[str, Any], from_slug: str,
                   use_directory_urls: bool = True) -> str:
    """Like :func:`calculator_link`, but the final URL relative to the built page
    ``from_slug`` of the same language (for links inside raw HTML).

    >>> calculator_url("nb", "rent", {"square": 5}, "examples")
    '../calculators/?calc=rent&square=5#calc-rent'
    >>> calculator_url("nl", "rent", {"square": 5}, "index")
    'calculators/?calc=rent&square=5#calc-rent'
    """
    _check_link(lang, kind)
    src = page_path(lang, from_slug, use_directory_urls)
    dst = page_path(lang, CALC_PAGE, use_directory_urls)
    if use_directory_urls:
        rel = posixpath.relpath(dst, src or ".") + "/"
    else:
        rel = posixpath.relpath(dst, posixpath.dirname(src) or ".")
    return f"{rel}?{query_string(kind, request)}#calc-{kind}"


def _check_link(lang: str, kind: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    if kind not in KINDS:
        raise ValueError(f"unknown calculator {kind!r} (known: {', '.join(KINDS)})")


# --------------------------------------------------------------------------- formatting


@lru_cache(maxsize=None)
def _locale_bits(lang: str) -> tuple[str, bool]:
    """(minus sign, currency symbol first?) for a language, from CLDR via Babel."""
    from babel import Locale
    from babel.numbers import get_minus_sign_symbol

    pattern = Locale.parse(lang).currency_formats["standard"].pattern
    return get_minus_sign_symbol(lang), pattern.lstrip().startswith("¤")


CURRENCY_SYMBOL: Mapping[str, str] = {"EUR": "€", "USD": "$"}
"""Narrow symbols (what ``Intl.NumberFormat`` shows with ``currencyDisplay: narrowSymbol``)."""


def format_number(lang: str, value: float | int, decimals: int | None = None) -> str:
    """A number the way ``Intl.NumberFormat(lang)`` writes it (at most two decimals, or
    exactly ``decimals``).

    >>> format_number("sv", -1234.5), format_number("nl", 0.5), format_number("da", 7, 2)
    ('−1\\xa0234,5', '0,5', '7,00')
    """
    from babel.numbers import format_decimal

    minus, _ = _locale_bits(lang)
    fmt = "#,##0" + ("." + "0" * decimals if decimals else "" if decimals == 0 else ".##")
    text = format_decimal(abs(value), format=fmt, locale=lang, decimal_quantization=True)
    negative = value < 0 and text.strip("0,.\xa0\u202f ") != ""
    return f"{minus}{text}" if negative else text


def format_amount(lang: str, value: float | int, currency: str | None) -> str:
    """An amount in the edition's currency, as ``Intl.NumberFormat`` writes it with the
    narrow symbol: whole amounts without decimals, others with two."""
    decimals = 0 if float(value).is_integer() else 2
    minus, first = _locale_bits(lang)
    digits = format_number(lang, abs(value), decimals)
    sign = minus if value < 0 else ""
    symbol = CURRENCY_SYMBOL.get(currency or "", currency or "")
    if not symbol:
        return f"{sign}{digits}"
    return f"{symbol}\xa0{sign}{digits}" if first else f"{sign}{digits}\xa0{symbol}"


def format_message(template: str, params: Mapping[str, str]) -> str:
    """Fill ``{name}`` placeholders with already formatted text; ``{{``/``}}`` are braces.
    A missing parameter shows as ``?`` (never a blank or a crash).

    >>> format_message("{a} en {{b}} {c}", {"a": "1"})
    '1 en {b} ?'
    """
    def sub(m: re.Match[str]) -> str:
        if m.group(0) == "{{":
            return "{"
        if m.group(0) == "}}":
            return "}"
        return params.get(m.group(1), "?")

    return re.sub(r"\{\{|\}\}|\{([a-z_][a-z0-9_]*)\}", sub, template)


@dataclass(frozen=True)
class Text:
    """A message ready to show: its text and the language it is really in."""

    text: str
    lang: str | None  # None: the key exists nowhere (the key itself is shown)

    def html(self, page_lang: str) -> str:
        """Escaped HTML, a Dutch fallback wrapped in ``span.i18n-fallback[lang=nl]``."""
        if self.lang is None:
            return f'<span class="i18n-missing">{h(self.text)}</span>'
        if self.lang != page_lang:
            return f'<span class="i18n-fallback" lang="{self.lang}">{h(self.text)}</span>'
        return h(self.text)


class Formatter:
    """Messages and numbers of one page language: the Python twin of the script's
    ``Formatter`` (same rules, same output)."""

    def __init__(self, lang: str, messages: Mapping[str, Any] | None = None) -> None:
        self.lang = lang
        self.messages = messages if messages is not None else page_messages(lang)
        self._fallback = frozenset(self.messages["fallback"])

    def entry(self, key: str) -> tuple[Any, str] | None:
        found = self.messages["messages"].get(key)
        if found is None:
            return None
        return found, SOURCE_LANG if key in self._fallback else self.lang

    def has(self, key: str) -> bool:
        return key in self.messages["messages"]

    def t(self, key: str, params: Mapping[str, str] | None = None) -> Text:
        """Message ``key`` with already formatted ``params``."""
        found = self.entry(key)
        if found is None:
            return Text(key, None)
        text, lang = found
        params = params or {}
        if isinstance(text, list):
            # the form by the catalog's Plural-Forms, counted by the message's count parameter
            n = count_of(params.get(self.messages["counts"].get(key) or ""))
            index = 0 if n is None else translations().catalog(lang).plural_index(n)
            text = text[min(index, len(text) - 1)]
        return Text(format_message(text, params), lang)

    def plain(self, key: str, params: Mapping[str, str] | None = None) -> str:
        return self.t(key, params).text

    def amount(self, value: Any, currency: str | None) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return self.scalar(value)
        return format_amount(self.lang, value, currency)

    def scalar(self, value: Any, money: bool = False, currency: str | None = None) -> str:
        """One parameter value as text (see the module's rules: booleans yes/no, money in
        the currency, numbers the language's way, lists comma-joined, known enum values
        otherwise the text as it is)."""
        if value is None:
            return "—"
        if isinstance(value, bool):
            return self.plain("calc.yes" if value else "calc.no")
        if isinstance(value, (int, float)):
            return self.amount(value, currency) if money else format_number(self.lang, value)
        if isinstance(value, (list, tuple)):
            return ", ".join(self.scalar(v, money, currency) for v in value)
        if isinstance(value, Mapping):
            return "—"
        return str(value)

    def step_params(self, key: str, params: Mapping[str, Any], currency: str | None
                    ) -> dict[str, str]:
        money = money_params(key)
        out = {k: self.scalar(v, k in money, currency) for k, v in params.items()}
        named = groups_text(self.lang, params.get("groups"))
        if named is not None:
            out["groups"] = named
        return out


GROUP_LEVELS = re.compile(r"^[a-z-]+ [0-5](?:, [a-z-]+ [0-5])*$")
"""A step parameter listing colour groups with a level, as the engine writes it."""


def groups_text(lang: str, value: object) -> str | None:
    """Colour groups with their level ("orange 5, red 3") in the page language, or None.

    >>> groups_text("nl", "orange 5, red 3")
    'Oranje: hotel, Rood: 3 huizen'
    """
    if not isinstance(value, str) or not GROUP_LEVELS.match(value):
        return None
    cat = translations()
    return ", ".join(f"{cat.gettext(lang, f'calc.group.{g}')}: {cat.gettext(lang, f'calc.level.{n}')}"
                     for g, n in (item.split(" ") for item in value.split(", ")))


def source_text(fmt: "Formatter", source: str) -> str:
    """A step's citation in the page language: the board's own figures (``board.md``)
    read as "the deed (board data)", a rulebook as "source 000 · Huur"."""
    if source.startswith("board.md"):
        return fmt.plain("calc.source_board")
    return fmt.plain("calc.source", {"source": source})


def money_params(key: str) -> frozenset[str]:
    """The parameters of message ``key`` that are amounts of money."""
    best = ""
    for prefix in MONEY_PARAMS:
        if key.startswith(prefix) and len(prefix) > len(best):
            best = prefix
    return MONEY_PARAMS.get(best, frozenset())


# --------------------------------------------------------------------------- messages


@lru_cache(maxsize=16)
def _messages_cached(lang: str, signature: int) -> dict[str, Any]:
    cat = translations()
    src = cat.catalog(SOURCE_LANG)
    own = cat.catalog(lang)
    messages: dict[str, Any] = {}
    fallback: list[str] = []
    counts: dict[str, str | None] = {}
    keys = [k for k in src.entries if k.startswith(MESSAGE_PREFIXES)]
    keys += [k for k in own.entries if k.startswith(MESSAGE_PREFIXES) and k not in src.entries]
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
    # Plural-Forms of the page language: the script evaluates the same expression
    return {"messages": messages, "fallback": fallback, "counts": counts,
            "plural": own.plural_expr, "plural_nl": src.plural_expr}


def page_messages(lang: str) -> dict[str, Any]:
    """Every ``calc.*``, ``step.*`` and ``error.*`` message of ``lang``, with
    the keys that fell back to Dutch listed in ``fallback``."""
    return _messages_cached(lang, id(translations()))


# --------------------------------------------------------------------------- view interpreter
#
# A view is a list of blocks, each a line (a message with parameters) or a table. Values:
#   {"path": "a.b.0"}                      the raw value (text / number / list / yes-no)
#   {"path": ..., "fmt": "amount"}          money in the result's currency
#   {"path": ..., "fmt": "percent"}         0.42 -> "42,1" (the message writes the % sign)
#   {"path": ..., "enum": "calc.x."}        message "calc.x.<value>"
#   {"sum": "list", "where": {"item": [..]}, "field": "amount", "fmt": "amount"}
#   {"lookup": "ranking", "match": "name", "field": "rank"}  (row value matched in a list)
# Conditions ("when"): {"path", "eq" | "ne" | "in" | "truthy" | "falsy" | "len" | "len_gt"
#   | "ne_path"}; a list of conditions must all hold.
# The script (calculators.mjs) implements exactly the same.

View = list[dict[str, Any]]


def get_path(data: Any, path: str) -> Any:
    """``a.b.0.c`` inside nested dicts and lists; None when absent.

    >>> get_path({"a": [{"b": 3}]}, "a.0.b"), get_path({"a": []}, "a.1.b")
    (3, None)
    """
    cur = data
    for part in path.split(".") if path else ():
        if isinstance(cur, Mapping):
            cur = cur.get(part)
        elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return None
    return cur


def holds(data: Any, when: Any, root: Any = None) -> bool:
    """Whether a view condition (or list of them) holds for ``data``."""
    if when is None:
        return True
    if isinstance(when, list):
        return all(holds(data, w, root) for w in when)
    base = root if when.get("root") and root is not None else data
    value = get_path(base, when["path"])
    if "eq" in when:
        return value == when["eq"]
    if "ne" in when:
        return value != when["ne"]
    if "in" in when:
        return value in when["in"]
    if "truthy" in when:
        return bool(value)
    if "falsy" in when:
        return not value
    if "len" in when:
        return isinstance(value, list) and len(value) == when["len"]
    if "len_gt" in when:
        return isinstance(value, list) and len(value) > when["len_gt"]
    if "ne_path" in when:
        return value != get_path(base, when["ne_path"])
    raise ValueError(f"bad view condition {when!r}")


def _key(template: str, data: Any, root: Any) -> str:
    def sub(m: re.Match[str]) -> str:
        value = get_path(data, m.group(1))
        if value is None and root is not None:
            value = get_path(root, m.group(1))
        return str(value)

    return re.sub(r"\{([a-z0-9_.]+)\}", sub, template)


def value_text(fmt: Formatter, spec: Mapping[str, Any], data: Any, root: Any) -> str:
    """One view value as text."""
    currency = get_path(root, "currency")
    if "sum" in spec:
        items = get_path(data, spec["sum"]) or []
        where = spec.get("where", {})
        total = 0
        for item in items:
            if all(get_path(item, k) in v for k, v in where.items()):
                total += get_path(item, spec["field"]) or 0
        return fmt.amount(total, currency) if spec.get("fmt") == "amount" else fmt.scalar(total)
    if spec.get("count"):
        items = get_path(data, spec["path"])
        return fmt.scalar(len(items) if isinstance(items, list) else 0)
    if "lookup" in spec:
        own = get_path(data, spec["match"])
        for item in get_path(root, spec["lookup"]) or []:
            if get_path(item, spec["match"]) == own:
                return fmt.scalar(get_path(item, spec["field"]))
        return "—"
    value = get_path(data, spec["path"])
    if value is None and spec.get("root"):
        value = get_path(root, spec["path"])
    kind = spec.get("fmt")
    if "enum" in spec:
        return fmt.plain(f"{spec['enum']}{value}")
    if kind == "amount":
        return fmt.amount(value, currency)
    if kind == "percent" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_number(fmt.lang, round(value * 100, 1))
    return fmt.scalar(value)


def line_html(fmt: Formatter, line: Mapping[str, Any], data: Any, root: Any) -> str:
    """A view line as HTML (its message, escaped, a fallback marked)."""
    params = {name: value_text(fmt, spec, data, root)
              for name, spec in line.get("params", {}).items()}
    return fmt.t(_key(line["key"], data, root), params).html(fmt.lang)


def render_output(fmt: Formatter, view: View, result: Mapping[str, Any],
                  links: Mapping[str, tuple[str, str]]) -> str:
    """The HTML of a result: its view's blocks, then the explanation steps."""
    out = ['<div class="calc-output">']
    for block in view:
        if not holds(result, block.get("when"), result):
            continue
        if "table" in block:
            out.append(_table_html(fmt, block, result))
        else:
            cls = f' class="{h(block["class"])}"' if block.get("class") else ""
            out.append(f"<p{cls}>{line_html(fmt, block, result, result)}</p>")
    steps = result.get("steps") or []
    if steps:
        out.append(f'<p class="calc-steps-title">{fmt.t("calc.steps").html(fmt.lang)}</p>')
        out.append('<ol class="calc-steps">')
        for s in steps:
            out.append(_step_html(fmt, s, result.get("currency"), links))
        out.append("</ol>")
    out.append("</div>")
    return "".join(out)


def _table_html(fmt: Formatter, block: Mapping[str, Any], root: Any) -> str:
    rows = get_path(root, block["table"]) or []
    cols = block["columns"]
    head = "".join(f'<th scope="col">{fmt.t(c["label"]).html(fmt.lang)}</th>' for c in cols)
    body = []
    for row in rows:
        if not holds(row, block.get("row_when"), root):
            continue
        cells = []
        for i, c in enumerate(cols):
            label = h(fmt.plain(c["label"]))
            content = " ".join(line_html(fmt, ln, row, root) for ln in c["lines"]
                               if holds(row, ln.get("when"), root)) if "lines" in c \
                else h(value_text(fmt, c, row, root))
            tag = "th" if i == 0 else "td"
            scope = ' scope="row"' if i == 0 else ""
            cells.append(f'<{tag}{scope} data-label="{label}">{content}</{tag}>')
        body.append(f"<tr>{''.join(cells)}</tr>")
    caption = f'<caption>{fmt.t(block["caption"]).html(fmt.lang)}</caption>' \
        if block.get("caption") else ""
    return (f'<div class="calc-table-wrap"><table class="calc-table">{caption}'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


def _step_html(fmt: Formatter, s: Mapping[str, Any], currency: str | None,
               links: Mapping[str, tuple[str, str]]) -> str:
    clause = str(s.get("clause"))
    number, href = links.get(clause, (clause, ""))
    params = s.get("params") or {}
    text = fmt.t(str(s.get("key")), fmt.step_params(str(s.get("key")), params, currency))
    cite = ""
    if s.get("source"):
        ruling = s.get("ruling")
        src = h(source_text(fmt, str(s["source"])))
        if ruling and ruling in links:
            rnum, rhref = links[ruling]
            label = h(fmt.plain("calc.ruling", {"number": rnum}))
            src += f'; <a href="{h(rhref)}" title="{h(ruling)}">{label}</a>'
        cite = f' <span class="calc-cite">({src})</span>'
    return (f'<li data-clause="{h(clause)}"><a class="calc-clause" href="{h(href)}" '
            f'title="{h(clause)}">{h(number)}</a> '
            f'<span class="calc-step-text">{text.html(fmt.lang)}</span>{cite}</li>')


def render_error(fmt: Formatter, error: Mapping[str, Any], currency: str | None = None) -> str:
    """The HTML of an engine error (shown above the result; the field shows it too)."""
    key = str(error.get("error"))
    params = {k: fmt.scalar(v) for k, v in (error.get("params") or {}).items()}
    return (f'<div class="calc-output calc-output-error"><p class="calc-error-summary">'
            f'{fmt.t("calc.invalid").html(fmt.lang)} {fmt.t(key, params).html(fmt.lang)}</p></div>')


# --------------------------------------------------------------------------- the views

AMOUNT = "amount"


def _v(path: str, fmt: str | None = None, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"path": path}
    if fmt:
        out["fmt"] = fmt
    out.update(kw)
    return out


VIEWS: Mapping[str, View] = {
    "rent": [
        {"key": "calc.rent.result", "class": "calc-headline",
         "params": {"amount": _v("amount", AMOUNT), "square": _v("square.name")}},
    ],
    "jail": [
        {"key": "calc.jail.advice.{advice.choice}", "class": "calc-headline",
         "when": {"path": "advice.roll_first", "falsy": True},
         "params": {"option": _v("advice.option", enum="calc.jail.option.")}},
        {"key": "calc.jail.advice.roll-first", "class": "calc-headline",
         "when": {"path": "advice.roll_first", "truthy": True},
         "params": {"option": _v("advice.option", enum="calc.jail.option.")}},
        {"key": "calc.jail.attempt",
         "params": {"turn": _v("turn_in_jail"), "max": _v("max_turns"),
                    "fine": _v("fine", AMOUNT), "cash": _v("cash", AMOUNT)}},
        {"table": "options", "caption": "calc.jail.options", "columns": [
            {"label": "calc.jail.col.option", "path": "option", "enum": "calc.jail.option."},
            {"label": "calc.jail.col.cost", "path": "cost", "fmt": AMOUNT},
            {"label": "calc.jail.col.leads_to", "lines": [
                {"key": "calc.jail.leads_to.{leads_to}"},
                {"key": "calc.jail.shortfall", "when": {"path": "shortfall", "truthy": True},
                 "params": {"shortfall": _v("shortfall", AMOUNT)}},
                {"key": "calc.jail.chance", "when": {"path": "option", "eq": "roll"},
                 "params": {"fraction": _v("p_free_remaining_fraction"),
                            "percent": _v("p_free_remaining", "percent"),
                            "attempts": _v("attempts_left")}},
                {"key": "calc.jail.on_failure.{on_failure}",
                 "when": {"path": "option", "eq": "roll"}},
            ]},
        ]},
    ],
    "mortgage": [
        {"key": "calc.mortgage.received", "class": "calc-headline",
         "when": {"path": "action", "eq": "mortgage"},
         "params": {"total": _v("cash_received", AMOUNT), "square": _v("square.name")}},
        {"key": "calc.mortgage.received_parts", "when": {"path": "action", "eq": "mortgage"},
         "params": {"sale": _v("sale_proceeds", AMOUNT), "value": _v("mortgage_value", AMOUNT)}},
        {"table": "buildings_sold", "caption": "calc.mortgage.sold",
         "when": [{"path": "action", "eq": "mortgage"},
                  {"path": "buildings_sold", "len_gt": 0}],
         "columns": [
             {"label": "calc.col.square", "path": "square.name"},
             {"label": "calc.mortgage.col.from", "path": "from", "enum": "calc.level."},
             {"label": "calc.mortgage.col.to", "path": "to", "enum": "calc.level."},
             {"label": "calc.mortgage.col.proceeds", "path": "proceeds", "fmt": AMOUNT},
         ]},
        {"key": "calc.mortgage.lift_later", "when": {"path": "action", "eq": "mortgage"},
         "params": {"cost": _v("lift_cost", AMOUNT)}},
        {"key": "calc.mortgage.lift_cost", "class": "calc-headline",
         "when": {"path": "action", "eq": "lift"},
         "params": {"cost": _v("cost", AMOUNT), "square": _v("square.name")}},
        {"key": "calc.mortgage.lift_parts", "when": {"path": "action", "in": ["lift", "receive"]},
         "params": {"value": _v("value", AMOUNT), "interest": _v("interest", AMOUNT)}},
        {"key": "calc.mortgage.interest_exact",
         "when": [{"path": "action", "in": ["lift", "receive"]},
                  {"path": "interest", "ne_path": "interest_exact"}],
         "params": {"exact": _v("interest_exact", AMOUNT), "interest": _v("interest", AMOUNT)}},
        {"key": "calc.mortgage.receive_cheaper.{cheaper}", "class": "calc-headline",
         "when": {"path": "action", "eq": "receive"},
         "params": {"saving": _v("saving", AMOUNT), "square": _v("square.name")}},
        {"table": "options", "caption": "calc.mortgage.choices",
         "when": {"path": "action", "eq": "receive"},
         "columns": [
             {"label": "calc.mortgage.col.choice", "path": "choice",
              "enum": "calc.mortgage.choice."},
             {"label": "calc.mortgage.col.now", "path": "now", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.later", "path": "later", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.total", "path": "total", "fmt": AMOUNT},
         ]},
        {"key": "calc.mortgage.bankruptcy.{creditor}", "class": "calc-headline",
         "when": {"path": "action", "eq": "bankruptcy"},
         "params": {"lots": {"path": "lots", "count": True}}},
        {"table": "lots", "caption": "calc.mortgage.lots",
         "when": [{"path": "action", "eq": "bankruptcy"}, {"path": "creditor", "eq": "bank"}],
         "columns": [
             {"label": "calc.col.square", "path": "square.name"},
             {"label": "calc.mortgage.col.value", "path": "value", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.outcome", "path": "outcome",
              "enum": "calc.mortgage.outcome."},
         ]},
        {"table": "lots", "caption": "calc.mortgage.lots",
         "when": [{"path": "action", "eq": "bankruptcy"}, {"path": "creditor", "eq": "player"}],
         "columns": [
             {"label": "calc.col.square", "path": "square.name"},
             {"label": "calc.mortgage.col.value", "path": "value", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.lift_now", "path": "options.0.total", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.keep_now", "path": "options.1.now", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.keep_later", "path": "options.1.later", "fmt": AMOUNT},
         ]},
        {"key": "calc.mortgage.totals",
         "when": [{"path": "action", "eq": "bankruptcy"}, {"path": "creditor", "eq": "player"}],
         "params": {"lift": _v("totals.lift_all_now", AMOUNT),
                    "keep_now": _v("totals.keep_all_now", AMOUNT),
                    "keep_later": _v("totals.keep_all_later", AMOUNT)}},
    ],
    "score": [
        {"key": "calc.score.winner", "class": "calc-headline", "when": {"path": "winners", "len": 1},
         "params": {"names": _v("winners"), "total": _v("ranking.0.total", AMOUNT)}},
        {"key": "calc.score.tie", "class": "calc-headline", "when": {"path": "winners", "len_gt": 1},
         "params": {"names": _v("winners"), "total": _v("ranking.0.total", AMOUNT)}},
        {"key": "calc.score.no_winner", "class": "calc-headline", "when": {"path": "winners", "len": 0},
         "params": {"target": _v("target", AMOUNT), "best": _v("ranking.0.total", AMOUNT)}},
        {"table": "players", "caption": "calc.score.table",
         "when": {"path": "mode", "ne": "card-game"},
         "columns": [
             {"label": "calc.score.col.player", "path": "name"},
             {"label": "calc.score.col.rank", "lookup": "ranking", "match": "name",
              "field": "rank"},
             {"label": "calc.score.col.cash", "sum": "breakdown", "where": {"item": ["cash"]},
              "field": "amount", "fmt": AMOUNT},
             {"label": "calc.score.col.properties", "sum": "breakdown",
              "where": {"item": ["property"]}, "field": "amount", "fmt": AMOUNT},
             {"label": "calc.score.col.mortgaged", "sum": "breakdown",
              "where": {"item": ["mortgaged"]}, "field": "amount", "fmt": AMOUNT},
             {"label": "calc.score.col.buildings", "sum": "breakdown",
              "where": {"item": ["houses", "hotel"]}, "field": "amount", "fmt": AMOUNT},
             {"label": "calc.score.col.total", "path": "total", "fmt": AMOUNT},
         ]},
        {"table": "players", "caption": "calc.score.table",
         "when": {"path": "mode", "eq": "card-game"},
         "columns": [
             {"label": "calc.score.col.player", "path": "name"},
             {"label": "calc.score.col.rank", "lookup": "ranking", "match": "name",
              "field": "rank"},
             {"label": "calc.score.col.money", "sum": "breakdown", "where": {"item": ["money"]},
              "field": "amount", "fmt": AMOUNT},
             {"label": "calc.score.col.income", "path": "round_income", "fmt": AMOUNT},
             {"label": "calc.score.col.total", "path": "total", "fmt": AMOUNT},
             {"label": "calc.score.col.reached", "path": "reached"},
         ]},
    ],
}
"""How each calculator shows its result (interpreted here and in calculators.mjs)."""


# --------------------------------------------------------------------------- page data


def clause_links(ctx_url: Callable[[str, str], str]) -> dict[str, tuple[str, str]]:
    """Every clause id -> (visible number, URL of the clause relative to this page)."""
    return {cid: (c.number, ctx_url(c.page, cid)) for cid, c in CLAUSES.items()}


def edition_info(ed: Edition) -> dict[str, Any]:
    """What the form needs to know about an edition (which fields apply, limits)."""
    info: dict[str, Any] = {"board": ed.board.id if ed.board else None, "currency": ed.currency,
                            "mode": ed.mode}
    if ed.rules is not None:
        r = ed.rules
        info.update(
            utility_dice=r.utility_dice.value, utility_dice_by_card=r.utility_dice_by_card.value,
            speed_die=bool(r.speed_die.value), houses_before_hotel=r.houses_before_hotel.value,
            jail_max_turns=r.jail_max_turns.value, min_players=r.min_players.value,
            max_players=r.max_players.value, station_card_double=bool(r.station_card_double.value))
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


def shared_data(ctx: Context) -> dict[str, Any]:
    """What every calculator on a page shares (emitted once per page)."""
    from hooks.pyodide_assets import STDLIB_ZIP, engine_version, stdlib_version

    root = asset_root(ctx.lang, ctx.slug, ctx.use_directory_urls)
    msgs = page_messages(ctx.lang)
    return {
        "lang": ctx.lang,
        "messages": msgs["messages"],
        "fallback": msgs["fallback"],
        "counts": msgs["counts"],
        "plural": {ctx.lang: msgs["plural"], SOURCE_LANG: msgs["plural_nl"]},
        "max_amount": MAX_AMOUNT,
        "money": {k: sorted(v) for k, v in MONEY_PARAMS.items()},
        "clauses": clause_links(lambda page, cid: ctx.url(page, cid)),
        "editions": {e.id: edition_info(e) for e in EDITIONS.values()},
        "boards": boards(),
        "groups": list(GROUPS),
        "assets": {
            "worker": f"{root}assets/calculators/worker.mjs",
            "pyodide": f"{root}assets/pyodide/",
            "engine": f"{root}assets/engine.zip?v={engine_version()}",
            "stdlib": f"{root}assets/pyodide/{STDLIB_ZIP}?v={stdlib_version()}",
        },
        "page": {"calculators": ctx.url(CALC_PAGE)},
    }


# --------------------------------------------------------------------------- defaults


def default_request(kind: str, lang: str) -> dict[str, Any]:
    """The request a calculator starts with on a page in ``lang``.

    It holds exactly what the form sends in that state (the page script checks the form
    against it), so the build-time result is the result of the form as shown.

    >>> default_request("rent", "sv")["edition"], default_request("rent", "sv")["owned"]
    ('nordic-2005', 2)
    """
    ed = PAGE_EDITION[lang]
    if kind == "rent":
        return {"edition": ed, "square": 39, "owned": 2, "buildings": 0, "group_mortgaged": 0,
                "arrival": "roll", "house_rules": []}
    if kind == "jail":
        return {"edition": ed, "turn_in_jail": 1, "cash": 500, "cards_owned": 0,
                "opponents_built": []}
    if kind == "mortgage":
        return {"edition": ed, "action": "mortgage", "square": 39, "buildings": {"37": 0, "39": 0}}
    if kind == "score":
        name = str(translations().gettext(lang, "calc.score.default_name", n=1))
        name2 = str(translations().gettext(lang, "calc.score.default_name", n=2))
        return {"edition": ed, "players": [
            {"name": name, "cash": 300,
             "properties": [{"square": 39, "buildings": 0},
                            {"square": 5, "buildings": 0, "mortgaged": True}]},
            {"name": name2, "cash": 600,
             "properties": [{"square": 1, "buildings": 1}, {"square": 3, "buildings": 1}]},
        ]}
    raise ValueError(kind)


# --------------------------------------------------------------------------- form HTML


class Form:
    """Builds one calculator's form HTML (build time) for a given state."""

    def __init__(self, ctx: Context, fmt: Formatter, cid: str, state: Mapping[str, Any]) -> None:
        self.ctx, self.fmt, self.cid, self.state = ctx, fmt, cid, state
        self.ed = EDITIONS[state["edition"]]

    # -- texts
    def t(self, key: str, **params: Any) -> str:
        return self.fmt.t(key, {k: str(v) for k, v in params.items()}).html(self.fmt.lang)

    def help(self, key: str, fid: str) -> str:
        if not self.fmt.has(key):
            return ""
        return f'<p class="calc-help" id="{fid}-help">{self.t(key)}</p>'

    def described(self, key: str, fid: str) -> str:
        ids = [f"{fid}-err"]
        if self.fmt.has(key):
            ids.insert(0, f"{fid}-help")
        return f' aria-describedby="{" ".join(ids)}"'

    # -- field wrappers
    def wrap(self, inner: str, key: str, show: str | None, extra_cls: str = "") -> str:
        attrs = f' data-show="{show}"' if show else ""
        hidden = "" if show is None or self.visible(show) else " hidden"
        return f'<div class="calc-field{extra_cls}" data-for="{key}"{attrs}{hidden}>{inner}</div>'

    def error_slot(self, fid: str) -> str:
        return f'<p class="calc-error" id="{fid}-err" hidden></p>'

    def select(self, key: str, label: str, options: Iterable[tuple[str, str]], value: Any,
               typ: str = "choice", show: str | None = None, help_key: str | None = None,
               fid: str | None = None, extra: str = "") -> str:
        fid = fid or f"{self.cid}-{key.replace('.', '-')}"
        help_key = help_key or f"{label}.help"
        opts = "".join(
            f'<option value="{h(v)}"{" selected" if str(v) == str(value) else ""}>{text}</option>'
            for v, text in options)
        inner = (f'<label for="{fid}">{self.t(label)}</label>'
                 f'<select id="{fid}" data-key="{key}" data-type="{typ}"{extra}'
                 f'{self.described(help_key, fid)}>{opts}</select>'
                 f'{self.help(help_key, fid)}{self.error_slot(fid)}')
        return self.wrap(inner, key, show)

    def number(self, key: str, label: str, value: Any, lo: int | None = None,
               hi: int | None = None, show: str | None = None, optional: bool = False,
               fid: str | None = None, default: int | None = None) -> str:
        fid = fid or f"{self.cid}-{key.replace('.', '-')}"
        help_key = f"{label}.help"
        bounds = (f' min="{lo}"' if lo is not None else "") + (f' max="{hi}"' if hi is not None else "")
        opt = (" data-optional" if optional else "") + \
            (f' data-default="{default}"' if default is not None else "")
        val = "" if value is None else h(value)
        inner = (f'<label for="{fid}">{self.t(label)}</label>'
                 f'<input id="{fid}" type="number" inputmode="numeric" step="1"{bounds} '
                 f'value="{val}" data-key="{key}" data-type="int"{opt}'
                 f'{self.described(help_key, fid)}>'
                 f'{self.help(help_key, fid)}{self.error_slot(fid)}')
        return self.wrap(inner, key, show)

    def text(self, key: str, label: str, value: str, fid: str, show: str | None = None) -> str:
        help_key = f"{label}.help"
        inner = (f'<label for="{fid}">{self.t(label)}</label>'
                 f'<input id="{fid}" type="text" maxlength="40" autocomplete="off" '
                 f'value="{h(value)}" data-key="{key}" data-type="str"'
                 f'{self.described(help_key, fid)}>{self.error_slot(fid)}')
        return self.wrap(inner, key, show)

    def checkbox(self, key: str, label: str, value: bool, show: str | None = None,
                 omit_false: bool = True, fid: str | None = None) -> str:
        fid = fid or f"{self.cid}-{key.replace('.', '-')}"
        help_key = f"{label}.help"
        omit = " data-omit-false" if omit_false else ""
        inner = (f'<input id="{fid}" type="checkbox" data-key="{key}" data-type="bool"{omit}'
                 f'{" checked" if value else ""}{self.described(help_key, fid)}>'
                 f'<label for="{fid}">{self.t(label)}</label>'
                 f'{self.help(help_key, fid)}{self.error_slot(fid)}')
        return self.wrap(inner, key, show, " calc-check")

    def dice(self, key: str, label: str, value: list[int] | None, show: str | None) -> str:
        fid = f"{self.cid}-{key}"
        value = value or [3, 4]
        selects = []
        for i in range(2):
            opts = "".join(f'<option value="{n}"{" selected" if n == value[i] else ""}>{n}</option>'
                           for n in range(1, 7))
            selects.append(f'<label class="calc-die"><span class="calc-sr">'
                           f'{self.t("calc.die", n=i + 1)}</span>'
                           f'<select data-die="{i}"{self.described(f"{label}.help", fid)}>'
                           f'{opts}</select></label>')
        inner = (f'<fieldset id="{fid}" data-key="{key}" data-type="dice" data-default="3,4">'
                 f'<legend>{self.t(label)}</legend>{"".join(selects)}'
                 f'{self.help(f"{label}.help", fid)}{self.error_slot(fid)}</fieldset>')
        return self.wrap(inner, key, show)

    # -- options
    def edition_options(self, kind: str) -> list[tuple[str, str]]:
        return [(e, self.t(f"calc.edition.{e}")) for e in KIND_EDITIONS[kind]]

    def square_options(self, filter_kind: str = "property") -> list[tuple[str, str]]:
        if self.ed.board is None:  # the card game: squares are not asked for
            return []
        return [(str(s.index), h(s.name)) for s in self.ed.board.squares
                if filter_kind == "all" or s.is_property]

    def level_options(self, with_none: bool = False) -> list[tuple[str, str]]:
        opts = [("", self.t("calc.level.none"))] if with_none else []
        return opts + [(str(n), self.t(f"calc.level.{n}")) for n in range(6)]

    # -- visibility (the script's predicates, same names)
    def visible(self, show: str) -> bool:
        return all(self.predicate(p) for p in show.split())

    def predicate(self, name: str) -> bool:
        st, ed = self.state, self.ed
        board = ed.board
        sq = board.squares[int(st["square"])] if board is not None and "square" in st else None
        rules = ed.rules
        if name in ("street", "station", "utility"):
            return sq is not None and sq.kind == name
        if name in ("utility-roll", "utility-reroll", "speed-reroll"):
            if sq is None or sq.kind != "utility" or rules is None:
                return False
            arrival = st.get("arrival", "roll")
            mode = rules.utility_dice.value if arrival == "roll" else rules.utility_dice_by_card.value
            if name == "utility-roll":
                return mode == "arrival-roll"
            return mode != "arrival-roll" and (name == "utility-reroll" or bool(rules.speed_die.value))
        if name.startswith("action-"):
            action = st.get("action")
            if name == "action-single":
                return action != "bankruptcy"
            return action == name[len("action-"):]
        if name == "board-game":
            return ed.card_game is None
        if name == "card-game":
            return ed.card_game is not None
        raise ValueError(f"unknown predicate {name}")


def _edition_select(f: Form, kind: str) -> str:
    return f.select("edition", "calc.edition", f.edition_options(kind), f.state["edition"])


def form_rent(f: Form) -> str:
    st = f.state
    arrivals = [(a, f.t(f"calc.rent.arrival.{a}")) for a in ("roll", "card", "nearest-card")]
    faces = [(str(x), f.t(f"calc.speed_face.{x}")) for x in (1, 2, 3, "bus", "mr-monopoly")]
    return "".join([
        _edition_select(f, "rent"),
        f.select("square", "calc.square", f.square_options(), st["square"], "int-choice",
                 extra=' data-squares="property"'),
        f.number("owned", "calc.rent.owned", st.get("owned", 1), 1, 4, default=1),
        f.select("buildings", "calc.rent.buildings", f.level_options(), st.get("buildings", 0),
                 "int-choice", show="street"),
        f.checkbox("group_built", "calc.rent.group_built", bool(st.get("group_built")), "street"),
        f.checkbox("mortgaged", "calc.rent.mortgaged", bool(st.get("mortgaged"))),
        f.number("group_mortgaged", "calc.rent.group_mortgaged", st.get("group_mortgaged", 0), 0, 3,
                 default=0),
        f.select("arrival", "calc.rent.arrival", arrivals, st.get("arrival", "roll")),
        f.dice("dice", "calc.rent.dice", st.get("dice"), "utility-roll"),
        f.dice("reroll", "calc.rent.reroll", st.get("reroll"), "utility-reroll"),
        f.select("speed_face", "calc.rent.speed_face", faces, st.get("speed_face", 1),
                 "speed-face", show="speed-reroll"),
        f.checkbox("owner_in_jail", "calc.rent.owner_in_jail", bool(st.get("owner_in_jail"))),
        _house_rules(f, st.get("house_rules") or []),
    ])


def _house_rules(f: Form, chosen: Iterable[str]) -> str:
    """The house rules of 000 the rent calculation accepts (as checkboxes)."""
    fid = f"{f.cid}-house_rules"
    boxes = "".join(
        f'<label class="calc-lot" for="{fid}-{r}"><input type="checkbox" id="{fid}-{r}" '
        f'value="{r}"{" checked" if r in chosen else ""}> {f.t(f"calc.house_rule.{r}")}</label>'
        for r in HOUSE_RULES)
    return f.wrap(
        f'<fieldset id="{fid}" data-key="house_rules" data-type="multi" data-values="str" '
        f'aria-describedby="{fid}-help {fid}-err"><legend>{f.t("calc.house_rules")}</legend>'
        f'<div class="calc-lots">{boxes}</div>{f.help("calc.house_rules.help", fid)}'
        f'{f.error_slot(fid)}</fieldset>', "house_rules", None)


def form_jail(f: Form) -> str:
    st = f.state
    assert f.ed.rules is not None
    turns = [(str(n), f.t("calc.jail.turn_n", n=n)) for n in range(1, 4)]
    built = dict((g, lv) for g, lv in st.get("opponents_built") or [])
    rows = []
    for g in GROUPS:
        fid = f"{f.cid}-built-{g}"
        opts = "".join(f'<option value="{h(v)}"{" selected" if str(v) == str(built.get(g, "")) else ""}>'
                       f'{text}</option>' for v, text in f.level_options(with_none=True))
        rows.append(f'<div class="calc-level-row"><label for="{fid}">'
                    f'<span class="calc-swatch calc-group-{g}" aria-hidden="true"></span>'
                    f'{f.t(f"calc.group.{g}")}</label>'
                    f'<select id="{fid}" data-group="{g}">{opts}</select></div>')
    fid = f"{f.cid}-opponents_built"
    built_html = f.wrap(
        f'<fieldset id="{fid}" data-key="opponents_built" data-type="levels" '
        f'aria-describedby="{fid}-help {fid}-err"><legend>{f.t("calc.jail.opponents_built")}</legend>'
        f'{f.help("calc.jail.opponents_built.help", fid)}'
        f'<div class="calc-levels">{"".join(rows)}</div>{f.error_slot(fid)}</fieldset>',
        "opponents_built", None)
    return "".join([
        _edition_select(f, "jail"),
        f.select("turn_in_jail", "calc.jail.turn_in_jail", turns, st.get("turn_in_jail", 1),
                 "int-choice"),
        f.number("cash", "calc.jail.cash", st.get("cash", 0), 0),
        f.number("cards_owned", "calc.jail.cards_owned", st.get("cards_owned", 0), 0, 6,
                 default=0),
        f.number("card_offer", "calc.jail.card_offer", st.get("card_offer"), 0, optional=True),
        built_html,
    ])


def _lot_rows(f: Form, levels: Mapping[str, int]) -> str:
    """The building-level rows of the mortgage form: one per street of the square's group."""
    board = f.ed.board
    assert board is not None
    sq = board.squares[int(f.state["square"])]
    if sq.kind != "street" or sq.group is None:
        return ""
    rows = []
    for lot in board.group(sq.group):
        fid = f"{f.cid}-b-{lot.index}"
        value = levels.get(str(lot.index), 0)
        opts = "".join(f'<option value="{v}"{" selected" if str(v) == str(value) else ""}>{text}'
                       f'</option>' for v, text in f.level_options())
        rows.append(f'<div class="calc-level-row"><label for="{fid}">{h(lot.name)}</label>'
                    f'<select id="{fid}" data-lot="{lot.index}">{opts}</select></div>')
    return "".join(rows)


def form_mortgage(f: Form) -> str:
    st = f.state
    actions = [(a, f.t(f"calc.mortgage.action.{a}")) for a in ("mortgage", "lift", "receive",
                                                               "bankruptcy")]
    creditors = [(c, f.t(f"calc.mortgage.creditor.{c}")) for c in ("player", "bank")]
    fid = f"{f.cid}-buildings"
    buildings = f.wrap(
        f'<fieldset id="{fid}" data-key="buildings" data-type="level-map" '
        f'aria-describedby="{fid}-help {fid}-err"><legend>{f.t("calc.mortgage.buildings")}</legend>'
        f'{f.help("calc.mortgage.buildings.help", fid)}'
        f'<div class="calc-levels">{_lot_rows(f, st.get("buildings") or {})}</div>'
        f'{f.error_slot(fid)}</fieldset>', "buildings", "action-mortgage street")
    chosen = {str(x) for x in st.get("squares") or []}
    boxes = []
    assert f.ed.board is not None
    for s in f.ed.board.properties:
        bid = f"{f.cid}-lot-{s.index}"
        boxes.append(f'<label class="calc-lot" for="{bid}"><input type="checkbox" id="{bid}" '
                     f'value="{s.index}"{" checked" if str(s.index) in chosen else ""}> '
                     f'{h(s.name)}</label>')
    sid = f"{f.cid}-squares"
    squares = f.wrap(
        f'<fieldset id="{sid}" data-key="squares" data-type="multi" data-squares="property" '
        f'aria-describedby="{sid}-help {sid}-err"><legend>{f.t("calc.mortgage.squares")}</legend>'
        f'{f.help("calc.mortgage.squares.help", sid)}<div class="calc-lots">{"".join(boxes)}</div>'
        f'{f.error_slot(sid)}</fieldset>', "squares", "action-bankruptcy")
    return "".join([
        _edition_select(f, "mortgage"),
        f.select("action", "calc.mortgage.action", actions, st.get("action", "mortgage")),
        f.select("square", "calc.square", f.square_options(), st.get("square", 39), "int-choice",
                 show="action-single", extra=' data-squares="property"'),
        buildings,
        squares,
        f.select("creditor", "calc.mortgage.creditor", creditors, st.get("creditor", "player"),
                 show="action-bankruptcy"),
    ])


def _player_html(f: Form, i: int | None, player: Mapping[str, Any]) -> str:
    """One player of the score form; ``i`` None renders the template (ids ``__ID__``)."""
    n = "__N__" if i is None else str(i + 1)
    pid = f"{f.cid}-p__ID__" if i is None else f"{f.cid}-p{i}"
    props = "".join(_property_html(f, pid, j, p) for j, p in
                    enumerate(player.get("properties") or []))
    sets = "".join(_set_html(f, pid, j, s) for j, s in enumerate(player.get("sets") or []))
    return (
        f'<fieldset class="calc-item calc-player" data-item>'
        f'<legend data-legend="calc.score.player_n">{f.t("calc.score.player_n", n=n)}</legend>'
        f'<div class="calc-row">'
        + f.text("name", "calc.score.name", str(player.get("name", "")), f"{pid}-name")
        + f.number("cash", "calc.score.cash", player.get("cash", 0), 0, show="board-game",
                   fid=f"{pid}-cash")
        + f.number("money", "calc.score.money", player.get("money", 0), 0, show="card-game",
                   fid=f"{pid}-money")
        + '</div>'
        + f.wrap(f'<div class="calc-list" data-key="properties" data-type="list" '
                 f'data-min="0" data-max="28"><p class="calc-list-title">'
                 f'{f.t("calc.score.properties")}</p>{props}</div>'
                 f'<button type="button" class="calc-add" data-add="properties" hidden>'
                 f'{f.t("calc.score.add_property")}</button>', "properties", "board-game")
        + f.wrap(f'<div class="calc-list" data-key="sets" data-type="list" data-min="0" '
                 f'data-max="10"><p class="calc-list-title">{f.t("calc.score.sets")}</p>'
                 f'{sets}</div><button type="button" class="calc-add" data-add="sets" hidden>'
                 f'{f.t("calc.score.add_set")}</button>', "sets", "card-game")
        + f'<button type="button" class="calc-remove" data-remove hidden>'
          f'{f.t("calc.score.remove_player")}</button></fieldset>')


def _property_html(f: Form, pid: str, j: int | None, prop: Mapping[str, Any]) -> str:
    rid = f"{pid}-prop__ID__" if j is None else f"{pid}-prop{j}"
    return (f'<div class="calc-item calc-subitem" data-item>'
            + f.select("square", "calc.square", f.square_options(), prop.get("square", 1),
                       "int-choice", fid=f"{rid}-square", extra=' data-squares="property"')
            + f.select("buildings", "calc.score.buildings", f.level_options(),
                       prop.get("buildings", 0), "int-choice", fid=f"{rid}-buildings")
            + f.checkbox("mortgaged", "calc.score.mortgaged", bool(prop.get("mortgaged")),
                         fid=f"{rid}-mortgaged")
            + f'<button type="button" class="calc-remove" data-remove hidden>'
              f'{f.t("calc.score.remove_property")}</button></div>')


def _set_html(f: Form, pid: str, j: int | None, s: Mapping[str, Any]) -> str:
    rid = f"{pid}-set__ID__" if j is None else f"{pid}-set{j}"
    kinds = [(k, f.t(f"calc.score.set_kind.{k}")) for k in ("street", "station", "utility")]
    houses = [(str(n), f.t(f"calc.level.{n}")) for n in range(5)]
    return (f'<div class="calc-item calc-subitem" data-item>'
            + f.number("value", "calc.score.set_value", s.get("value", 100), 50, 400,
                       fid=f"{rid}-value")
            + f.select("kind", "calc.score.set_kind", kinds, s.get("kind", "street"),
                       fid=f"{rid}-kind")
            + f.select("houses", "calc.score.set_houses", houses, s.get("houses", 0),
                       "int-choice", fid=f"{rid}-houses")
            + f.checkbox("hotel", "calc.score.set_hotel", bool(s.get("hotel")), fid=f"{rid}-hotel")
            + f.checkbox("token", "calc.score.set_token", bool(s.get("token")), fid=f"{rid}-token")
            + f'<button type="button" class="calc-remove" data-remove hidden>'
              f'{f.t("calc.score.remove_set")}</button></div>')


def form_score(f: Form) -> str:
    st = f.state
    players = "".join(_player_html(f, i, p) for i, p in enumerate(st.get("players") or []))
    templates = (
        f'<template data-template="players">{_player_html(f, None, {"cash": 0, "money": 0})}</template>'
        f'<template data-template="properties">{_property_html(f, f"{f.cid}-p__PID__", None, {})}</template>'
        f'<template data-template="sets">{_set_html(f, f"{f.cid}-p__PID__", None, {})}</template>')
    return "".join([
        _edition_select(f, "score"),
        f.number("hotel_value", "calc.score.hotel_value", st.get("hotel_value"), 0,
                 show="card-game", optional=True),
        f'<div class="calc-list calc-players" data-key="players" data-type="list" '
        f'data-min="{MIN_PLAYERS}" data-max="{MAX_PLAYERS}">{players}</div>',
        f'<button type="button" class="calc-add" data-add="players" hidden>'
        f'{f.t("calc.score.add_player")}</button>',
        templates,
    ])


FORMS: Mapping[str, Callable[[Form], str]] = {
    "rent": form_rent, "jail": form_jail, "mortgage": form_mortgage, "score": form_score,
}


# --------------------------------------------------------------------------- the directive


def _calc_id(ctx: Context, kind: str) -> tuple[str, bool]:
    """(element id, first calculator on this page?); the count lives on the page object."""
    if ctx.page is None:
        return f"calc-{kind}", True
    ids: list[str] | None = getattr(ctx.page, "_calculator_ids", None)
    if ids is None:
        ids = []
        ctx.page._calculator_ids = ids
    base = f"calc-{kind}"
    cid, n = base, 1
    while cid in ids:
        n += 1
        cid = f"{base}-{n}"
    ids.append(cid)
    return cid, len(ids) == 1


STARTER_JS = Path(__file__).with_name("runtime_starter.js")
"""Runs where the first calculator of a page begins. It defines how the runtime starts
(one module worker, plus the page compiling ``pyodide.asm.wasm`` and posting the module to
it, see ``worker.mjs``) and starts it at once for shared links (``?calc=``), whose answer is
not the build-time one; everywhere else, the calculators page included, ``calculators.mjs``
starts it on the first interaction with a calculator (issue 17: no runtime bytes unasked).
Measured: starting during parsing instead of after the page's scripts saves a few hundred
ms before a shared link's answer (see the performance page)."""


def runtime_starter(assets: Mapping[str, str], eager: bool) -> str:
    """The inline ``<script>`` of :data:`STARTER_JS` (``hooks/runtime_starter.js``) for a page:
    the file's code, the same on every page (one CSP hash), and its values as data
    attributes of the script element (JSON, escaped by :func:`hooks.common.h`).

    >>> html = runtime_starter({"worker": "w.mjs", "pyodide": "p/", "engine": "e.zip"}, True)
    >>> html.startswith("<script data-assets=") and "&quot;worker&quot;:&quot;w.mjs&quot;" in html
    True
    >>> 'data-eager="true"' in html and "\\n" not in html and "inlined by" not in html
    True
    """
    data = json.dumps(dict(assets), separators=(",", ":"))
    return (f'<script data-assets="{h(data)}" data-eager="{"true" if eager else "false"}">'
            f"{_starter_code()}</script>")


def _starter_code() -> str:
    """The starter's code on one line (one HTML block in the Markdown); whole-line ``//``
    comments dropped. Read on every calculators page (four per build), so an edit shows at
    once under ``mkdocs serve``."""
    lines = STARTER_JS.read_text(encoding="utf-8").splitlines()
    return " ".join(line.strip() for line in lines if not line.strip().startswith("//"))


def render(ctx: Context) -> str:
    """``[[calculator: <kind>]]``: the form, the build-time result, the data for the script."""
    if len(ctx.args) != 1 or ctx.args[0] not in KINDS:
        raise ctx.error(f"takes one argument: {' | '.join(KINDS)}")
    kind = ctx.args[0]
    if ctx.slug != CALC_PAGE:
        return calculator_button(ctx, kind)
    cid, first = _calc_id(ctx, kind)
    lang = ctx.lang
    fmt = Formatter(lang)
    state = default_request(kind, lang)
    result = calculate(kind, state)
    if "error" in result:
        raise ctx.error(f"the default {kind} request fails in the engine: {result}")
    shared = shared_data(ctx)
    links = {k: (v[0], v[1]) for k, v in shared["clauses"].items()}
    form = Form(ctx, fmt, cid, state)
    output = render_output(fmt, VIEWS[kind], result, links)
    config = {"kind": kind, "id": cid, "defaults": state, "view": VIEWS[kind]}
    share = f"?{query_string(kind, state)}#{cid}"
    parts = []
    if first:
        parts.append(f'<link rel="stylesheet" href="{h(asset_root(lang, ctx.slug, ctx.use_directory_urls))}'
                     f'assets/calculators/calculators.css">')
        parts.append(_json_script(shared, "calc-shared"))
        parts.append(runtime_starter(shared["assets"], eager=False))
    parts += [
        f'<section class="calc" id="{cid}" data-calc="{kind}" aria-labelledby="{cid}-title">',
        f'<h3 class="calc-title" id="{cid}-title">{fmt.t(f"calc.{kind}.title").html(lang)}</h3>',
        f'<p class="calc-intro">{fmt.t(f"calc.{kind}.intro").html(lang)}</p>',
        f'<form class="calc-form" novalidate data-kind="{kind}" aria-describedby="{cid}-title">',
        FORMS[kind](form),
        f'<div class="calc-actions"><button type="submit" class="md-button md-button--primary '
        f'calc-submit" hidden>{fmt.t("calc.calculate").html(lang)}</button>'
        f'<button type="button" class="md-button calc-reset" hidden>'
        f'{fmt.t("calc.reset").html(lang)}</button></div>',
        f'<p class="calc-error calc-form-error" id="{cid}-form-err" hidden></p>',
        '</form>',
        f'<p class="calc-status" role="status" aria-live="polite" data-state="idle"></p>',
        f'<noscript><p class="calc-notice">{fmt.t("calc.noscript").html(lang)}</p></noscript>',
        f'<div class="calc-result" aria-live="polite" aria-atomic="true" '
        f'aria-label="{h(fmt.plain("calc.result"))}" data-source="build">{output}</div>',
        f'<p class="calc-share"><a class="calc-share-link" href="{h(share)}">'
        f'{fmt.t("calc.share").html(lang)}</a></p>',
        _json_script(config, "calc-config"),
        '</section>',
    ]
    if first:
        root = asset_root(lang, ctx.slug, ctx.use_directory_urls)
        parts.append(f'<script type="module" src="{h(root)}assets/calculators/calculators.mjs">'
                     f'</script>')
    return "\n".join(parts)


def calculator_button(ctx: Context, kind: str) -> Html:
    """On a rule page: one compact link that opens the calculator on the calculators page
    with this page's situation filled in (the rule stays first on a phone; the form and
    its runtime live on the calculators page). ``docs/assets/site.js`` swaps in the
    reader's "My edition" (``data-href`` keeps the built link)."""
    request = canonical_request(kind, default_request(kind, ctx.lang))
    url = calculator_url(ctx.lang, kind, request, ctx.slug, ctx.use_directory_urls)
    title = translations().gettext(ctx.lang, f"calc.{kind}.title")
    label = ctx.text("calclink.open", title=title)
    return Html(f'<p class="calc-open-wrap"><a class="md-button calc-open" data-calc="{h(kind)}" '
                f'href="{h(url)}" data-href="{h(url)}">{label}</a></p>')


DIRECTIVES = {"calculator": render}


# --------------------------------------------------------------------------- what a form can show


class _VisibleFields(HTMLParser):
    """The ``data-key`` names (and level-map lots) of a form's HTML outside hidden parts."""

    VOID = frozenset({"input", "br", "img", "hr", "meta", "link", "option"})

    def __init__(self) -> None:
        super().__init__()
        self.hidden: list[bool] = []
        self.keys: set[str] = set()
        self.lots: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        hidden = (bool(self.hidden) and self.hidden[-1]) or "hidden" in a or tag == "template"
        if not hidden and a.get("data-key"):
            self.keys.add(str(a["data-key"]))
        if not hidden and a.get("data-lot"):
            self.lots.add(str(a["data-lot"]))
        if tag not in self.VOID:
            self.hidden.append(hidden)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.hidden:
            self.hidden.pop()


def unshown_fields(kind: str, request: Mapping[str, Any], lang: str = SOURCE_LANG) -> list[str]:
    """The fields of ``request`` (dotted paths) that the calculator's form, filled with it,
    has no visible input for: a link with such a request would open other numbers.

    The form is the one the page builds (:data:`FORMS`), so this is what a reader would see.

    >>> unshown_fields("rent", {"edition": "nl-2001", "square": "Kalverstraat", "buildings": 2})
    []
    >>> unshown_fields("rent", {"edition": "nl-2001", "square": 5, "buildings": 2})
    ['buildings']
    """
    state = canonical_request(kind, request)
    if kind not in FORMS or str(state.get("edition")) not in KIND_EDITIONS.get(kind, ()):
        return sorted({k for k, _ in flatten_request(state)})
    ed = EDITIONS[str(state["edition"])]
    if ed.board is not None and "square" in state and not (
            isinstance(state["square"], int) and 0 <= state["square"] < len(ed.board.squares)):
        return ["square"]
    ctx = Context(lang, CALC_PAGE, f"docs/{lang}/{CALC_PAGE}.md", 1, None, "calculator",
                  (kind,), ROOT / "docs")
    full = {**default_request(kind, lang), **state} if kind != "score" else state
    parser = _VisibleFields()
    parser.feed(FORMS[kind](Form(ctx, Formatter(lang), f"calc-{kind}", full)))
    missing = []
    for path, _ in flatten_request(state):
        parts = path.split(".")
        names = [p for p in parts if not p.isdigit()]
        if any(n not in parser.keys for n in names):
            missing.append(path)
        elif parts[0] == "buildings" and len(parts) == 2 and parts[1] not in parser.lots:
            missing.append(path)
    return missing
