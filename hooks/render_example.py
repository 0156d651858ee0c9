"""Worked examples: ``examples/<id>.toml`` files, the ``[[example: id]]`` directive that shows
one in the page language, the ``[[examples]]`` index, and the Sybil parser that runs them.

One example file holds a scenario once: the engine request, the result worked out **by hand**
from the rulebooks and the board (``[expected]``, never produced by the code under test, with
the working in ``by_hand``), the clauses it illustrates, and per language a title and the
situation in words. What a reader sees and what the tests check come from the same line of the
page: the build hook (:mod:`hooks.directives`) replaces ``[[example: id]]`` with the rendering
below, and :class:`ExampleDirectiveParser` (Sybil, see the root ``conftest.py``) finds the
same lines with the same lexer (:data:`hooks.pages.DIRECTIVE` outside code blocks) and checks
that the engine's result equals ``[expected]``.

File format (TOML, read with :mod:`tomllib`)::

    id = "rent-set-double"          # = the file name; the page anchor is #ex-<id>
    kind = "rent"                   # an engine.api calculation kind
    edition = "nl-2001"             # put into the request (odds: must match request.board)
    clauses = ["rent-set-double"]   # clause ids it illustrates (the first on `topic` is home)
    topic = "rent"                  # the page slug it is shown on
    by_hand = "2 x 50 = 100 ..."    # the working, in English, for reviewers (not shown)
    [request]                       # the engine request without "edition"
    square = 39
    owned = 2
    [expected]                      # result fields, compared exactly (a subset of the result)
    amount = 100
    [text.nl]                       # and sv, da, nb: title and situation (1-2 sentences)
    title = "..."
    situation = "..."

Expected keys are dotted paths into the result (``"options.1.cost"``; nested tables are
flattened the same way); ``error = "error.out_of_range"`` expects the engine to refuse the
request with that key, and ``steps_include = ["step.rent.claim.before_next_roll"]`` expects
those message keys among the explanation steps.

>>> flatten({"amount": 100, "advice": {"choice": "leave"}, "winners": ["An"]})
[('amount', 100), ('advice.choice', 'leave'), ('winners', ['An'])]
>>> lookup({"options": [{"cost": 50}]}, "options.0.cost")
(True, 50)
>>> same(1, True), same(8, 8), same([1, 2], [1, 2])
(False, True, True)
"""

from __future__ import annotations

import copy
import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape, unescape
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Iterator, Mapping

from hooks.common import ROOT, Context, h  # noqa: F401  (ROOT: sys.path set up first)
from hooks.pages import DIRECTIVE, code_lines
from hooks.render_calculator import KINDS as CALCULATOR_KINDS
from hooks.render_calculator import (calculator_link, canonical_request, format_amount,
                                     format_number, groups_text, unshown_fields)
from hooks.i18n import LANGS, SOURCE_LANG, Message, Translations, translations

from engine import api
from engine.boards import BOARDS, Board
from engine.clauses import CLAUSES, PAGES
from engine.editions import EDITIONS
from engine.errors import EngineError

EXAMPLES_DIR = ROOT / "examples"
"""Where the example files live: one ``<id>.toml`` per example."""
EXAMPLES_PAGE = "examples"
"""The page (same slug in every language) that shows every example, in order."""
ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
TOP_KEYS = frozenset({"id", "kind", "edition", "clauses", "topic", "by_hand", "request",
                      "expected", "text"})
SPECIAL_EXPECTED = ("error", "steps_include")
NO_EDITION_KINDS = ("odds", "group_rents")
"""Kinds whose request names a board, not an edition (the example's edition must play on it)."""
PAGE_ORDER: Mapping[str, int] = MappingProxyType({p.slug: i for i, p in enumerate(PAGES)})
CLAUSE_ORDER: Mapping[str, int] = MappingProxyType({c: i for i, c in enumerate(CLAUSES)})
EDITION_ORDER: Mapping[str, int] = MappingProxyType({e: i for i, e in enumerate(EDITIONS)})


class ExampleError(ValueError):
    """An example file that breaks the format (the message names the file and the problem)."""


@dataclass(frozen=True)
class ExampleText:
    """An example's words in one language."""

    title: str
    situation: str


@dataclass(frozen=True)
class Example:
    """One worked example, as read from ``examples/<id>.toml`` (see the module docstring)."""

    id: str
    kind: str
    edition: str
    clauses: tuple[str, ...]
    topic: str
    by_hand: str
    request: Mapping[str, Any]
    expected: Mapping[str, Any]
    texts: Mapping[str, ExampleText]
    path: Path = field(compare=False)

    @property
    def home_clause(self) -> str:
        """The clause the example is shown in on its topic page (first of its clauses there)."""
        return next(c for c in self.clauses if CLAUSES[c].page == self.topic)

    @property
    def calculator(self) -> bool:
        """Whether the example is a valid request of a calculator's kind."""
        return self.kind in CALCULATOR_KINDS and "error" not in self.expected

    @property
    def unshown_fields(self) -> tuple[str, ...]:
        """Fields of the request the calculator's form cannot show (a link would open other
        numbers); empty when the form can hold the whole example."""
        if not self.calculator:
            return ()
        return tuple(unshown_fields(self.kind, self.engine_request()))

    @property
    def opens_calculator(self) -> bool:
        """Whether the example links its calculator, filled with exactly its request."""
        return self.calculator and not self.unshown_fields

    def calculator_link(self, lang: str) -> str:
        """The Markdown link target that opens the calculator with this example's request
        (squares by board index, as the form holds them)."""
        return calculator_link(lang, self.kind, canonical_request(self.kind, self.engine_request()))

    def engine_request(self) -> dict[str, Any]:
        """The request the engine gets: ``[request]`` plus the edition (a fresh copy)."""
        request = copy.deepcopy(dict(self.request))
        if self.kind not in NO_EDITION_KINDS:
            request = {"edition": self.edition, **request}
        return request

    def run(self) -> dict[str, Any]:
        """The engine's result for this example (errors come back as data)."""
        return api.calculate(self.kind, self.engine_request())


def sort_key(example: Example) -> tuple[int, int, int, str]:
    """Examples are listed by topic (page order), home clause, edition, then id."""
    return (PAGE_ORDER[example.topic], CLAUSE_ORDER[example.home_clause],
            EDITION_ORDER[example.edition], example.id)


def _fail(path: Path, problem: str) -> ExampleError:
    return ExampleError(f"{_shown(path)}: {problem}")


def _shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


def _check_texts(path: Path, raw: object) -> dict[str, ExampleText]:
    if not isinstance(raw, dict):
        raise _fail(path, "[text.<lang>] tables are missing")
    extra = sorted(set(raw) - set(LANGS))
    if extra:
        raise _fail(path, f"[text] has unknown languages {extra} (known: {list(LANGS)})")
    texts: dict[str, ExampleText] = {}
    for lang in LANGS:
        entry = raw.get(lang)
        if not isinstance(entry, dict):
            raise _fail(path, f"[text.{lang}] is missing: every example needs all of {list(LANGS)}")
        if set(entry) != {"title", "situation"}:
            raise _fail(path, f"[text.{lang}] needs exactly 'title' and 'situation', "
                              f"has {sorted(entry)}")
        for key in ("title", "situation"):
            if not isinstance(entry[key], str) or not entry[key].strip():
                raise _fail(path, f"[text.{lang}] {key} is empty")
        texts[lang] = ExampleText(" ".join(entry["title"].split()),
                                  " ".join(entry["situation"].split()))
    return texts


def load_example(path: Path) -> Example:
    """Read and check one example file; :class:`ExampleError` names the file and the problem."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise _fail(path, f"cannot be read: {exc}") from None
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise _fail(path, f"unknown keys {unknown} (known: {sorted(TOP_KEYS)})")
    for key in ("id", "kind", "edition", "topic", "by_hand"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise _fail(path, f"'{key}' is missing or empty")
    ex_id = data["id"]
    if not ID.match(ex_id) or ex_id != path.stem:
        raise _fail(path, f"id {ex_id!r} must be lower-case words joined by '-' and equal the "
                          f"file name ({path.stem!r})")
    if data["kind"] not in api.KINDS:
        raise _fail(path, f"kind {data['kind']!r} is not an engine kind ({', '.join(api.KINDS)})")
    if data["edition"] not in EDITIONS:
        raise _fail(path, f"edition {data['edition']!r} is unknown")
    clauses = data.get("clauses")
    if not isinstance(clauses, list) or not clauses or not all(isinstance(c, str) for c in clauses):
        raise _fail(path, "'clauses' must be a non-empty list of clause ids")
    missing = [c for c in clauses if c not in CLAUSES]
    if missing:
        raise _fail(path, f"unknown clause ids {missing}")
    if len(set(clauses)) != len(clauses):
        raise _fail(path, "'clauses' lists a clause twice")
    if data["topic"] not in PAGE_ORDER:
        raise _fail(path, f"topic {data['topic']!r} is not a rules page ({', '.join(PAGE_ORDER)})")
    if not any(CLAUSES[c].page == data["topic"] for c in clauses):
        raise _fail(path, f"none of the clauses is on the topic page {data['topic']}.md")
    request = data.get("request", {})
    if not isinstance(request, dict):
        raise _fail(path, "[request] must be a table")
    if data["kind"] in NO_EDITION_KINDS:
        board = EDITIONS[data["edition"]].board
        if board is None or request.get("board") != board.id:
            raise _fail(path, f"request.board must be the edition's board "
                              f"({board.id if board else 'none'})")
    elif "edition" in request:
        raise _fail(path, "[request] must not repeat the edition (it is taken from 'edition')")
    expected = data.get("expected")
    if not isinstance(expected, dict) or not expected:
        raise _fail(path, "[expected] is missing or empty")
    if "steps_include" in expected and (
            not isinstance(expected["steps_include"], list)
            or not all(isinstance(k, str) for k in expected["steps_include"])):
        raise _fail(path, "expected.steps_include must be a list of message keys")
    if "error" in expected and set(expected) - {"error", "field"}:
        raise _fail(path, "an expected error allows only 'error' and 'field'")
    return Example(ex_id, data["kind"], data["edition"], tuple(clauses), data["topic"],
                   data["by_hand"].strip(), MappingProxyType(request), MappingProxyType(expected),
                   MappingProxyType(_check_texts(path, data.get("text"))), path)


def _signature(directory: Path) -> tuple[tuple[str, int], ...]:
    """Names and modification times of the example files (cheap: one directory scan)."""
    with os.scandir(directory) as entries:
        return tuple(sorted((e.name, e.stat().st_mtime_ns) for e in entries
                            if e.name.endswith(".toml") and e.is_file()))


@lru_cache(maxsize=8)
def _load_all(directory: str, signature: tuple[tuple[str, int], ...]) -> Mapping[str, Example]:
    found = {}
    for name, _ in signature:
        ex = load_example(Path(directory) / name)
        found[ex.id] = ex
    return MappingProxyType(dict(sorted(found.items(), key=lambda kv: sort_key(kv[1]))))


def load_examples(directory: Path | None = None) -> Mapping[str, Example]:
    """Every example of ``directory`` (default ``examples/``) by id, in :func:`sort_key`
    order; reread when a file changes."""
    folder = Path(directory) if directory is not None else EXAMPLES_DIR
    if not folder.is_dir():
        return MappingProxyType({})
    return _load_all(str(folder.resolve()), _signature(folder))


def find_example(example_id: str, directory: Path | None = None) -> Example:
    """One example by id; :class:`ExampleError` when there is no such file."""
    examples = load_examples(directory)
    if example_id not in examples:
        raise ExampleError(f"no example file examples/{example_id}.toml")
    return examples[example_id]


def ordered(directory: Path | None = None) -> list[Example]:
    """All examples in reading order (topic, home clause, edition, id)."""
    return list(load_examples(directory).values())


# --------------------------------------------------------------------------- checking


def flatten(expected: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """Expected values as (dotted path, leaf); nested tables become path segments."""
    out: list[tuple[str, Any]] = []
    for key, value in expected.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and key not in SPECIAL_EXPECTED:
            out.extend(flatten(value, f"{path}."))
        else:
            out.append((path, value))
    return out


def lookup(result: Any, path: str) -> tuple[bool, Any]:
    """(found, value) at a dotted path; list items by index (``-1`` counts from the end)."""
    cur = result
    for part in path.split("."):
        if isinstance(cur, Mapping):
            if part not in cur:
                return False, None
            cur = cur[part]
        elif (isinstance(cur, list) and re.fullmatch(r"-?\d+", part)
              and -len(cur) <= int(part) < len(cur)):
            cur = cur[int(part)]
        else:
            return False, None
    return True, cur


def same(expected: Any, actual: Any) -> bool:
    """Exact equality that keeps booleans apart from numbers (``True != 1`` here)."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return isinstance(expected, bool) and isinstance(actual, bool) and expected == actual
    if isinstance(expected, (list, tuple)):
        return (isinstance(actual, (list, tuple)) and len(expected) == len(actual)
                and all(same(e, a) for e, a in zip(expected, actual)))
    if isinstance(expected, Mapping):
        return (isinstance(actual, Mapping) and set(expected) == set(actual)
                and all(same(v, actual[k]) for k, v in expected.items()))
    if isinstance(expected, (int, float)):
        return isinstance(actual, (int, float)) and expected == actual
    return type(expected) is type(actual) and expected == actual


@dataclass(frozen=True)
class Mismatch:
    """One expected field the engine's result does not match."""

    path: str
    expected: Any
    actual: Any
    found: bool

    def describe(self) -> str:
        got = repr(self.actual) if self.found else "nothing (no such field in the result)"
        return f"field {self.path!r}: expected {self.expected!r}, the engine gives {got}"


def mismatches(example: Example, result: Mapping[str, Any]) -> list[Mismatch]:
    """Every expected field of ``example`` that ``result`` does not match."""
    out: list[Mismatch] = []
    expected = dict(example.expected)
    if "error" not in expected and "error" in result:
        return [Mismatch("error", None, result["error"], True)]
    if "steps_include" in expected:
        keys = [s.get("key") for s in result.get("steps", []) if isinstance(s, Mapping)]
        missing = [k for k in expected.pop("steps_include") if k not in keys]
        if missing:
            out.append(Mismatch("steps_include", missing, keys, True))
    for path, want in flatten(expected):
        found, got = lookup(result, path)
        if not found or not same(want, got):
            out.append(Mismatch(path, want, got, found))
    return out


def check(example: Example, where: str = "") -> str | None:
    """Run the example through the engine; a message naming example, page and fields on a
    mismatch, else None."""
    problems = mismatches(example, example.run())
    if not problems:
        return None
    place = f" on {where}" if where else ""
    lines = [f"worked example {example.id!r}{place} ({_shown(example.path)}) does not match "
             f"the engine:"] + [f"  - {p.describe()}" for p in problems]
    return "\n".join(lines)


# --------------------------------------------------------------------------- Sybil


def directive_lines(text: str) -> Iterator[tuple[int, int, str]]:
    """(start offset, end offset, example id) of every ``[[example: id]]`` line outside code
    blocks: the same lexer the build hook uses (:data:`hooks.pages.DIRECTIVE`)."""
    lines = text.split("\n")
    mask = code_lines(lines)
    offset = 0
    for line, in_code in zip(lines, mask):
        m = None if in_code else DIRECTIVE.match(line)
        if m and m.group("name") == "example":
            yield offset, offset + len(line), (m.group("args") or "").strip()
        offset += len(line) + 1


class ExampleDirectiveParser:
    """Sybil parser: each ``[[example: id]]`` line becomes an example that runs the engine.

    ``directory`` is the examples folder (default ``examples/``; tests pass a copy).
    """

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory

    def __call__(self, document: Any) -> Iterable[Any]:
        from sybil import Region  # Sybil is a test dependency: imported only when parsing

        for start, end, ex_id in directive_lines(document.text):
            yield Region(start, end, (ex_id, document.path), self.evaluate)

    def evaluate(self, example: Any) -> str | None:
        """Sybil evaluator: None when the engine agrees, else a message (a failure)."""
        ex_id, page = example.parsed
        where = f"{_shown(Path(page))}:{example.line}"
        try:
            found = find_example(ex_id, self.directory)
        except ExampleError as exc:
            return f"[[example: {ex_id}]] on {where}: {exc}"
        return check(found, where)


# --------------------------------------------------------------------------- formatting


MONEY_STEP_PARAMS: tuple[tuple[str, frozenset[str]], ...] = (
    ("step.rent.", frozenset({"rent", "base", "amount", "rents"})),
    ("step.build.", frozenset({"cost"})),
    ("step.sell.", frozenset({"price", "amount", "proceeds"})),
    ("step.tax.", frozenset({"amount", "flat"})),
    ("step.tax.worth", frozenset({"cash", "prices", "mortgages", "houses", "hotels", "worth"})),
    ("step.tax.hotel_value", frozenset({"value"})),
    ("step.tax.percent", frozenset({"worth", "amount", "exact"})),
    ("step.tax.choose_first", frozenset({"flat", "percent"})),
    ("step.jail.", frozenset({"fine", "cash", "shortfall", "price", "leave_cost", "cost_leave",
                              "cost_stay", "stay_saves", "leave_turn", "stay_turn",
                              "last_stay_turn", "free_turn"})),
    ("step.mortgage.", frozenset({"hotel_half", "half_price", "amount", "value", "total", "sale",
                                  "exact", "interest", "cost", "later", "lift_now", "keep_now",
                                  "keep_later", "lift_all_now", "keep_all_now",
                                  "keep_all_later"})),
    ("step.score.", frozenset({"cash", "properties", "mortgaged", "houses_amount",
                               "hotels_amount", "total", "money", "income", "target", "best",
                               "hotel_value", "value", "amount"})),
)
"""Step parameters that are money, by message-key prefix (the longest prefix wins)."""

MONEY_FIELDS = frozenset({
    "amount", "cost", "proceeds", "cash_received", "sale_proceeds", "mortgage_value",
    "lift_cost", "value", "interest", "interest_exact", "total", "worth", "flat", "percent",
    "fine", "now", "later", "lift_all_now", "keep_all_now", "keep_all_later", "shortfall",
    "saving", "round_income", "hotel_value", "card_offer", "cash", "money", "expected_fine",
    "target", "house_cost"})
"""Request and result fields that are amounts of money."""

IDENTIFYING = frozenset({"option", "choice", "name", "group"})
"""Result fields that name their list item (shown numbered, without the item's name again)."""

ENUM_FIELDS = frozenset({
    "choice", "option", "cheaper", "building", "outcome", "leads_to", "on_failure",
    "card_kind", "scope", "action", "creditor", "arrival", "board", "jail_strategy", "count",
    "speed_face", "jail_pay_when"})
"""Fields whose values are words translated as ``example.value.<field>.<value>``."""


def _money_params(key: str) -> frozenset[str]:
    best, found = "", frozenset()
    for prefix, names in MONEY_STEP_PARAMS:
        if key.startswith(prefix) and len(prefix) > len(best):
            best, found = prefix, names
    return found


@dataclass(frozen=True)
class Words:
    """Messages and numbers in one language, for one example (its board and currency).

    The catalogs are looked up once (``translations()`` checks the files on every call)."""

    lang: str
    board: Board | None
    currency: str
    catalogs: Translations = field(default_factory=translations, compare=False)

    def t(self, key: str, **params: object) -> Message:
        return self.catalogs.gettext(self.lang, key, **params)

    def html(self, key: str, **params: object) -> str:
        return self.t(key, **params).html()

    def n(self, key: str, n: int, **params: object) -> str:
        return self.catalogs.ngettext(self.lang, key, n, **params).html()

    def has(self, key: str) -> bool:
        """Whether the source language defines ``key``."""
        return self.catalogs.has(SOURCE_LANG, key)

    def number(self, value: int | float) -> str:
        return h(format_number(self.lang, value))

    def money(self, value: int | float) -> str:
        return h(format_amount(self.lang, value, self.currency))

    def yes_no(self, value: bool) -> str:
        return self.html("example.yes" if value else "example.no")

    def square(self, ref: object) -> str:
        """A square's name on the example's board (index or name), else the reference."""
        if self.board is not None:
            if isinstance(ref, str) and ref.strip().casefold() in ("income", "luxury"):
                ref = 4 if ref.strip().casefold() == "income" else 38
            try:
                return h(self.board.find(ref).name)
            except EngineError:  # an unknown square is shown as written
                pass
        return h(str(ref))

    def level(self, value: object) -> str:
        """0-4 houses or 5 = a hotel, in words.

        >>> w = Words("sv", None, "USD")
        >>> w.level(1), w.level(3), w.level(5), w.money(1500)
        ('1 hus', '3 hus', 'ett hotell', '1\xa0500\xa0$')
        """
        if value == 5:
            return self.html("example.hotel")
        if isinstance(value, int) and not isinstance(value, bool):
            return self.n("example.houses", value)
        return h(str(value))

    def enum(self, name: str, value: object) -> str:
        return self.html(f"example.value.{name}.{value}")

    def scalar(self, value: object, money: bool = False) -> str:
        """A plain value: yes/no, money, numbers the language's way, lists joined."""
        if value is None:
            return "—"
        if isinstance(value, bool):
            return self.yes_no(value)
        if isinstance(value, (int, float)):
            return self.money(value) if money else self.number(value)
        if isinstance(value, (list, tuple)):
            return ", ".join(self.scalar(v, money) for v in value)
        if isinstance(value, Mapping):
            return ", ".join(f"{h(k)}: {self.scalar(v, money)}" for k, v in value.items())
        if isinstance(value, str) and re.fullmatch(r"-?\d+\.\d+", value):
            return self.money(float(value)) if money else self.number(float(value))
        return h(str(value))


def words_for(example: Example, lang: str) -> Words:
    ed = EDITIONS[example.edition]
    board = ed.board
    if board is None and example.kind in NO_EDITION_KINDS:
        board = BOARDS.get(str(example.request.get("board")))
    return Words(lang, board, ed.currency)


# --- inputs ------------------------------------------------------------------------


def _dice(w: Words, value: object) -> str:
    if not isinstance(value, (list, tuple)):
        return h(str(value))
    faces = [w.number(v) if isinstance(v, int) else w.enum("speed_face", v) for v in value]
    return " + ".join(faces)


def _lot_levels(w: Words, value: Mapping[str, Any]) -> str:
    return ", ".join(f"{w.square(int(k) if str(k).isdigit() else k)}: {w.level(v)}"
                     for k, v in value.items())


def _property(w: Words, prop: Mapping[str, Any]) -> str:
    bits = []
    if prop.get("buildings"):
        bits.append(w.level(prop["buildings"]))
    if prop.get("mortgaged"):
        bits.append(w.html("example.mortgaged"))
    name = w.square(prop.get("square"))
    return f"{name} ({', '.join(bits)})" if bits else name


def _card_set(w: Words, s: Mapping[str, Any]) -> str:
    kind = s.get("kind", "street")
    parts = [w.html("example.set", value=format_amount(w.lang, s.get("value", 0), w.currency),
                    kind=w.t(f"example.value.set_kind.{kind}").text)]
    if s.get("houses"):
        parts.append(w.n("example.houses", s["houses"]))
    if s.get("hotel"):
        parts.append(w.html("example.hotel"))
    if s.get("token"):
        parts.append(w.html("example.token"))
    return ", ".join(parts)


def _player(w: Words, player: Mapping[str, Any]) -> str:
    parts = []
    for key in ("cash", "money"):  # board editions / the card game
        if key in player:
            amount = format_amount(w.lang, player[key], w.currency)
            parts.append(w.html("example.player_cash", cash=amount))
    props = player.get("properties") or []
    if props:
        parts.append("; ".join(_property(w, p) for p in props))
    sets = player.get("sets") or []
    if sets:
        parts.append("; ".join(_card_set(w, s) for s in sets))
    if not props and not sets:
        parts.append(w.html("example.no_property"))
    return " · ".join(parts)


def _built(w: Words, value: object) -> str:
    items = []
    for item in value if isinstance(value, list) else []:
        group, level = (item.get("group"), item.get("level")) if isinstance(item, Mapping) else item
        shown = w.html("example.unbuilt") if level == 0 else w.level(level)
        items.append(f"{w.html(f'example.value.group.{group}')}: {shown}")
    return ", ".join(items)


def input_value(w: Words, name: str, value: Any) -> str:
    """A request field's value for the inputs table (escaped HTML)."""
    if name in ("square",):
        return w.square(value)
    if name == "squares":
        return ", ".join(w.square(v) for v in value)
    if name in ("buildings", "sell") and isinstance(value, Mapping):
        if name == "sell":
            return ", ".join(f"{w.square(int(k) if str(k).isdigit() else k)}: "
                             f"{w.n('example.buildings_count', v)}" for k, v in value.items())
        return _lot_levels(w, value)
    if name == "buildings":
        return w.level(value)
    if name == "sell" and isinstance(value, int) and not isinstance(value, bool):
        return w.n("example.buildings_count", value)
    if name == "mortgaged" and isinstance(value, list):
        return ", ".join(w.square(v) for v in value)
    if name in ("dice", "reroll"):
        return _dice(w, value)
    if name == "house_rules":
        return ", ".join(w.enum("house_rules", v) for v in value)
    if name == "properties":
        return "; ".join(_property(w, p) for p in value) or w.html("example.no_property")
    if name == "opponents_built":
        return _built(w, value)
    if name == "options" and isinstance(value, Mapping):
        return ", ".join(f"{h(k)} = {w.scalar(v)}" for k, v in value.items())
    if name in ENUM_FIELDS and isinstance(value, (str, int)) and not isinstance(value, bool):
        return w.enum(name, value)
    return w.scalar(value, money=name in MONEY_FIELDS)


def input_rows(w: Words, example: Example) -> list[tuple[str, str]]:
    """(label, value) rows: the edition, then every request field (players one per row)."""
    rows = [(w.html("example.field.edition"), w.html(f"edition.{example.edition}"))]
    for name, value in example.request.items():
        if name == "players" and isinstance(value, list):
            for i, player in enumerate(value):
                label = w.html("example.player", name=player.get("name") or f"P{i + 1}")
                rows.append((label, _player(w, player)))
            continue
        rows.append((w.html(f"example.field.{name}"), input_value(w, name, value)))
    return rows


# --- expected answer ------------------------------------------------------------------


def _norm(path: str) -> str:
    return ".".join("n" if re.fullmatch(r"-?\d+", p) else p for p in path.split("."))


def result_label_key(kind: str, path: str, catalogs: Translations | None = None) -> str:
    """The message key of an expected field's label: kind-specific, else shared.

    >>> result_label_key("rent", "amount"), result_label_key("jail", "options.1.cost")
    ('example.result.rent.amount', 'example.result.options.n.cost')
    """
    norm = _norm(path)
    specific = f"example.result.{kind}.{norm}"
    if (catalogs or translations()).has(SOURCE_LANG, specific):
        return specific
    return f"example.result.{norm}"


def _context(w: Words, result: Mapping[str, Any], path: str) -> list[str]:
    """Names for the indexed parts of a path: ``options.1.cost`` -> the option's name."""
    names: list[str] = []
    parts = path.split(".")
    cur: Any = result
    for part in parts[:-1] if len(parts) > 1 else []:
        if isinstance(cur, list) and re.fullmatch(r"-?\d+", part):
            item = cur[int(part)] if -len(cur) <= int(part) < len(cur) else None
            if isinstance(item, Mapping):
                if "option" in item:
                    names.append(w.enum("option", item["option"]))
                elif "choice" in item:
                    names.append(w.enum("choice", item["choice"]))
                elif isinstance(item.get("square"), Mapping):  # a lot: the engine's square object
                    names.append(h(item["square"]["name"]))
                elif "name" in item:
                    names.append(h(item["name"]))
                elif "group" in item:
                    names.append(w.html(f"example.value.group.{item['group']}"))
            cur = item
        elif isinstance(cur, Mapping):
            cur = cur.get(part)
    if len(parts) > 1 and parts[-2].startswith("buildings") and parts[-1].isdigit():
        names.append(w.square(int(parts[-1])))
    return names


def _message(w: Words, key: str, params: Mapping[str, Any]) -> str:
    """An engine message (error or reason) with its params formatted."""
    shown = {k: _unescape(w.scalar(v)) for k, v in params.items()}
    try:
        return w.html(key, **shown)
    except KeyError as exc:  # the message needs a parameter the engine did not give
        return f'<span class="i18n-missing">{h(key)} ({h(exc)})</span>'


def _unescape(text: str) -> str:
    """Formatted values are escaped HTML; messages escape again, so undo the first time."""
    return unescape(re.sub(r"<[^>]+>", "", text))


def expected_value(w: Words, example: Example, result: Mapping[str, Any], path: str,
                   value: Any) -> str:
    """An expected leaf as the reader should see it (escaped HTML)."""
    leaf = path.split(".")[-1]
    parent = path.split(".")[-2] if "." in path else ""
    if path == "error":
        return _message(w, value, result.get("params") or {})
    if path == "field":
        named = [p for p in str(value).split(".") if not p.isdigit()]
        key = f"example.field.{named[-1]}" if named else ""
        return w.html(key) if key and w.has(key) else h(value)
    if leaf == "reasons":
        if not value:
            return w.html("example.none")
        return "; ".join(w.html(r) for r in value)
    if leaf == "winners":
        return ", ".join(h(v) for v in value) or w.html("example.none")
    if parent.startswith("buildings") and leaf.isdigit():
        return w.level(value)
    if leaf == "probability" and isinstance(value, (int, float)):
        return h(format_number(w.lang, round(100 * value, 2), 2)) + "\u00a0%"
    if leaf in ENUM_FIELDS and isinstance(value, str):
        return w.enum(leaf, value)
    return w.scalar(value, money=leaf in MONEY_FIELDS)


def answer_rows(w: Words, example: Example, result: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(label, value) rows of the expected answer (``steps_include`` is shown by the steps)."""
    rows = []
    for path, value in flatten(dict(example.expected)):
        if path == "steps_include":
            continue
        label = w.html(result_label_key(example.kind, path, w.catalogs))
        parts = path.split(".")
        if len(parts) >= 2 and parts[-1] in IDENTIFYING and re.fullmatch(r"\d+", parts[-2]):
            # "options.1.option": the value names the item itself; number it instead
            rows.append((f"{label} {int(parts[-2]) + 1}",
                         expected_value(w, example, result, path, value)))
            continue
        names = _context(w, result, path)
        if names:
            label += f" <span class=\"example-of\">({', '.join(names)})</span>"
        rows.append((label, expected_value(w, example, result, path, value)))
    return rows


# --- explanation steps -------------------------------------------------------------------


def step_html(ctx: Context, w: Words, step: Mapping[str, Any]) -> str:
    """One explanation step: the message in the page language, its clause (and ruling) linked."""
    key = str(step.get("key"))
    params = step.get("params") or {}
    money = _money_params(key)
    shown: dict[str, str] = {}
    for name, value in params.items():
        if name in ("dice",) and isinstance(value, list):
            text = " + ".join(format_number(w.lang, v) for v in value)
        elif name == "rents" and isinstance(value, list):
            text = " / ".join(format_amount(w.lang, v, w.currency) for v in value)
        elif name == "groups" and groups_text(w.lang, value) is not None:
            text = str(groups_text(w.lang, value))  # colour-group ids named in the language
        else:
            text = _unescape(w.scalar(value, money=name in money))
        shown[name] = text
    try:
        message = w.t(key, **shown).html()
    except KeyError as exc:  # a message needs a parameter the step lacks: show the key
        message = f'<span class="i18n-missing">{h(key)} ({h(exc)})</span>'
    clause = str(step.get("clause"))
    links = []
    if clause in CLAUSES:
        links.append(_clause_link(ctx, w, clause))
    ruling = params.get("ruling")
    if isinstance(ruling, str) and ruling in CLAUSES and ruling != clause:
        links.append(_clause_link(ctx, w, ruling))
    return f"<li>{message} <span class=\"example-cite\">({', '.join(links)})</span></li>"


def _clause_link(ctx: Context, w: Words, clause: str) -> str:
    c = CLAUSES[clause]
    key = "example.ruling_ref" if c.page == "rulings" else "example.clause_ref"
    title = ctx.clause_label(clause)[1] or c.title
    return (f'<a class="clause-ref" href="{h(ctx.clause_url(clause))}" title="{h(title)}">'
            f'{w.html(key, number=c.number)}</a>')


# --- the box ----------------------------------------------------------------------------


def _table(rows: list[tuple[str, str]], cls: str, caption: str) -> str:
    """A two-column table; no class on the ``table`` itself, so the theme styles it."""
    body = "".join(f'<tr><th scope="row">{k}</th><td>{v}</td></tr>' for k, v in rows)
    return (f'<div class="{cls}"><table><thead><tr><th colspan="2" scope="colgroup">{caption}'
            f'</th></tr></thead><tbody>{body}</tbody></table></div>')


def _neighbours(example: Example) -> tuple[Example | None, Example | None]:
    items = ordered(Path(example.path).parent)
    i = next(n for n, e in enumerate(items) if e.id == example.id)
    return (items[i - 1] if i > 0 else None, items[i + 1] if i + 1 < len(items) else None)


def render_box(ctx: Context, example: Example) -> str:
    """The example in the page language: a boxed block of HTML and Markdown links."""
    lang = ctx.lang
    w = words_for(example, lang)
    text = example.texts[lang]
    result = example.run()
    problems = mismatches(example, result)
    if problems:  # the build shows what the tests check: never a wrong example
        raise ctx.error(f"example {example.id!r}: " + "; ".join(p.describe() for p in problems))
    clause_links = ", ".join(_clause_link(ctx, w, c) for c in example.clauses)
    # On a rule page the example folds under its clause (the rule first): title and answer
    # stay visible in the summary line; the examples page shows them open, as boxes.
    folded = ctx.slug != EXAMPLES_PAGE
    tag = "details" if folded else "div"
    answer = "; ".join(f"{k}: {v}" for k, v in answer_rows(w, example, result))
    title = (f'<summary><span class="example-title">{w.html("example.title", title=text.title)}'
             f'</span> <span class="example-answer-line">{answer}</span></summary>' if folded else
             f'<p class="admonition-title">{w.html("example.title", title=text.title)}</p>')
    parts = [
        f'<{tag} class="admonition example worked-example" id="ex-{h(example.id)}" '
        f'data-example="{h(example.id)}" data-kind="{h(example.kind)}" '
        f'data-edition="{h(example.edition)}" markdown="1">',
        title,
        f'<p class="example-situation">{escape(text.situation, quote=False)}</p>',
        _table(input_rows(w, example), "example-inputs", w.html("example.inputs")),
        _table(answer_rows(w, example, result), "example-answer", w.html("example.expected")),
    ]
    steps = [s for s in result.get("steps", []) if isinstance(s, Mapping)]
    if steps:
        items = "".join(step_html(ctx, w, s) for s in steps)
        # open where the example stands in its rule; folded on the long examples page
        state = "" if ctx.slug == EXAMPLES_PAGE else " open"
        parts.append(f'<details class="example-steps"{state}><summary>{w.html("example.steps")}'
                     f'</summary><ol>{items}</ol></details>')
    parts.append(f'<p class="example-clauses">{w.html("example.illustrates")} {clause_links}</p>')
    links = []
    if example.opens_calculator:
        links.append(f"[{_md_text(w.t('example.open_calculator').text)}]"
                     f"({example.calculator_link(lang)}){{ .example-calculator }}")
    elif example.calculator:
        # the form cannot hold this situation: say so rather than open other numbers
        parts.append(f'<p class="example-no-calculator">{w.html("example.no_calculator")} '
                     f'{_clause_link(ctx, w, example.home_clause)}</p>')
    if ctx.slug != EXAMPLES_PAGE:
        links.append(f"[{_md_text(w.t('example.all_examples').text)}]"
                     f"({EXAMPLES_PAGE}.md#ex-{example.id}){{ .example-all }}")
    parts.append("")
    parts.append(" · ".join(links) if links else "")
    parts.append("")
    if ctx.slug == EXAMPLES_PAGE:
        parts.append(_nav(ctx, w, example))
    parts.append(f"</{tag}>")
    return "\n".join(p for p in parts if p is not None)


def _md_text(text: str) -> str:
    """Plain text safe as Markdown link text."""
    return escape(text, quote=False).replace("[", "\\[").replace("]", "\\]").replace("*", "\\*")


def _nav(ctx: Context, w: Words, example: Example) -> str:
    prev, nxt = _neighbours(example)
    bits = []
    if prev is not None:
        bits.append(f'<a class="example-prev" rel="prev" href="#ex-{h(prev.id)}">'
                    f'{w.html("example.previous", title=prev.texts[ctx.lang].title)}</a>')
    if nxt is not None:
        bits.append(f'<a class="example-next" rel="next" href="#ex-{h(nxt.id)}">'
                    f'{w.html("example.next", title=nxt.texts[ctx.lang].title)}</a>')
    separator = ' <span aria-hidden="true">·</span> '
    return (f'<nav class="example-nav" aria-label="{h(w.t("example.nav_label").text)}">'
            f'{separator.join(bits)}</nav>')


def render(ctx: Context) -> str:
    """``[[example: id]]``."""
    if len(ctx.args) != 1:
        raise ctx.error("write one example id: [[example: <id>]]")
    try:
        example = find_example(ctx.args[0])
    except ExampleError as exc:
        raise ctx.error(str(exc)) from None
    if ctx.slug not in (EXAMPLES_PAGE, example.topic):
        raise ctx.error(f"example {example.id!r} belongs on {example.topic}.md "
                        f"(its topic) or {EXAMPLES_PAGE}.md, not on {ctx.slug}.md")
    return render_box(ctx, example)


def render_index(ctx: Context) -> str:
    """``[[examples]]``: every example by topic, with its edition and clause links."""
    if ctx.args:
        raise ctx.error("[[examples]] takes no arguments")
    w = Words(ctx.lang, None, "EUR")
    examples = ordered()
    rows: list[str] = []
    current = None
    for ex in examples:
        if ex.topic != current:
            current = ex.topic
            page = next(p for p in PAGES if p.slug == ex.topic)
            number = "" if page.chapter == "R" else f"{page.chapter} "
            from hooks.pages import read_page
            title = read_page(ctx.docs_dir, ctx.lang, ex.topic).title or ex.topic
            rows.append(f'<tr class="example-topic"><th colspan="3" scope="rowgroup">'
                        f'<a href="#topic-{h(ex.topic)}">{h(number)}{h(title)}</a></th></tr>')
        clauses = ", ".join(_clause_link(ctx, w, c) for c in ex.clauses)
        rows.append(f'<tr><td><a href="#ex-{h(ex.id)}">{h(ex.texts[ctx.lang].title)}</a></td>'
                    f'<td>{w.html(f"edition.{ex.edition}")}</td><td>{clauses}</td></tr>')
    head = (f'<thead><tr><th scope="col">{w.html("example.column.example")}</th>'
            f'<th scope="col">{w.html("example.column.edition")}</th>'
            f'<th scope="col">{w.html("example.column.clauses")}</th></tr></thead>')
    return (f'<div class="examples-index"><table>'
            f'<caption>{w.html("example.index_caption", count=len(examples))}</caption>'
            f'{head}<tbody>{"".join(rows)}</tbody></table></div>')


DIRECTIVES = {"example": render, "examples": render_index}


# --------------------------------------------------------------------------- the examples page


def examples_page_block(lang: str, docs_dir: Path | None = None) -> str:
    """The topic headings and ``[[example: id]]`` lines of ``docs/<lang>/examples.md``, in
    reading order (what :mod:`tests.test_examples` expects below the index)."""
    from hooks.pages import read_page

    docs = Path(docs_dir) if docs_dir is not None else ROOT / "docs"
    out: list[str] = []
    current = None
    for ex in ordered():
        if ex.topic != current:
            current = ex.topic
            page = next(p for p in PAGES if p.slug == ex.topic)
            number = "" if page.chapter == "R" else f"{page.chapter} "
            title = read_page(docs, lang, ex.topic).title or ex.topic
            out += [f"## {number}{title} {{#topic-{ex.topic}}}", ""]
        out += [f"[[example: {ex.id}]]", ""]
    return "\n".join(out).strip("\n") + "\n"


def placed_ids(text: str) -> list[str]:
    """The example ids of a page's ``[[example: id]]`` lines, in page order."""
    return [ex_id for _, _, ex_id in directive_lines(text)]


def section_of(lines: list[str], clause: str) -> tuple[int, int] | None:
    """(heading index, end index) of a clause's section: up to the next level-1/2 heading."""
    from hooks.pages import H2, iter_headings

    heads = list(iter_headings(lines))
    for n, (i, level, _) in enumerate(heads):
        m = H2.match(lines[i]) if level == 2 else None
        if m and m.group("id") == clause:
            end = next((j for j, lvl, _ in heads[n + 1:] if lvl <= 2), len(lines))
            return i, end
    return None


def place(text: str, examples: list[Example]) -> tuple[str, list[str]]:
    r"""Insert the ``[[example: id]]`` lines a rule page lacks, each at the end of its home
    clause's section (after what is already there), in reading order, with a blank line on
    either side. Nothing else on the page changes. Returns the new text and the ids whose
    home clause has no section on the page.

    >>> ex = next(e for e in ordered() if e.id == "rent-four-stations")
    >>> print(place("## Stations {#rent-station}\nText.\n## Next {#rent-utility}\n", [ex])[0])
    ## Stations {#rent-station}
    Text.
    <BLANKLINE>
    [[example: rent-four-stations]]
    <BLANKLINE>
    ## Next {#rent-utility}
    <BLANKLINE>
    """
    lines = text.split("\n")
    present = set(placed_ids(text))
    known = dict(load_examples(next(iter(examples)).path.parent)) if examples else {}
    homeless: list[str] = []
    for ex in examples:
        if ex.id in present:
            continue
        found = section_of(lines, ex.home_clause)
        if found is None:
            homeless.append(ex.id)
            continue
        start, end = found
        last = end - 1
        later = [i for i, line in enumerate(lines[start:end], start)
                 if (m := DIRECTIVE.match(line)) and m.group("name") == "example"
                 and (other := known.get((m.group("args") or "").strip())) is not None
                 and sort_key(other) > sort_key(ex)]
        if later:  # keep reading order: stand before the first example that comes later
            last = later[0] - 1
        while last > start and not lines[last].strip():
            last -= 1
        new = ["", f"[[example: {ex.id}]]"]
        after = last + 1
        if after < len(lines) and lines[after].strip():
            new.append("")  # the next heading follows at once: keep a blank line before it
        elif after >= len(lines):
            new.append("")  # end of file: end with a newline
        lines[after:after] = new
        present.add(ex.id)
    return "\n".join(lines), homeless


def place_all(docs_dir: Path | None = None) -> dict[str, list[str]]:
    """Run :func:`place` on every rule page of every language; the homeless ids per file."""
    docs = Path(docs_dir) if docs_dir is not None else ROOT / "docs"
    problems: dict[str, list[str]] = {}
    for lang in LANGS:
        for page in PAGES:
            path = docs / lang / f"{page.slug}.md"
            mine = [ex for ex in ordered() if ex.topic == page.slug]
            if not mine or not path.exists():
                continue
            text = path.read_text(encoding="utf-8")
            new, homeless = place(text, mine)
            if new != text:
                path.write_text(new, encoding="utf-8")
            if homeless:
                problems[path.as_posix()] = homeless
    return problems


if __name__ == "__main__":
    # python -m hooks.render_example page <lang>: print the examples page block
    # python -m hooks.render_example place: add missing [[example: id]] lines to the rule pages
    import sys

    command = sys.argv[1] if len(sys.argv) > 1 else "page"
    if command == "place":
        for file, ids in place_all().items():
            print(f"{file}: no section for {', '.join(ids)}", file=sys.stderr)
    else:
        print(examples_page_block(sys.argv[2] if len(sys.argv) > 2 else SOURCE_LANG), end="")
