"""Worked examples: the ``examples/<id>.toml`` files, read and checked against the engine.

One example file holds a scenario once: the engine request, the result worked out **by hand**
from the rulebooks and the board (``[expected]``, never produced by the code under test, with
the working in ``by_hand``), the clauses it illustrates, and per language a title and the
situation in words. The build (:mod:`hooks.render.render_example`, the ``[[example: id]]``
directive), the tests (``tests/test_examples.py``, the Sybil parser in
``tests/examples_sybil.py``) and the tools (``tools/place_examples.py``,
``tools/engine_requests.py``) all read the files through this module, and all of them get the
engine's verdict on an example from :func:`verified`: the engine runs each example **once**
per process, however many pages (four languages, its rule page and the examples page) show it.

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
>>> list(directive_lines("x\\n[[example: a-b]]\\n```\\n[[example: c]]\\n```"))
[(2, 18, 'a-b')]
"""

from __future__ import annotations

import copy
import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator, Mapping

from hooks.common import LANGS, ROOT
from hooks.pages import DIRECTIVE, code_lines
from hooks.render.render_calculator import KINDS as CALCULATOR_KINDS
from hooks.render.calculator_forms import unshown_fields
from hooks.render.render_calculator import calculator_link
from present.urlstate import canonical_request

from engine import api
from engine.clauses import CLAUSES, PAGES
from engine.editions import EDITIONS

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
        texts[lang] = ExampleText(_squash(entry["title"]), _squash(entry["situation"]))
    return texts


def _squash(text: str) -> str:
    r"""A text's runs of spaces and line breaks as one space; a no-break space stays
    (``str.split`` would take it for a break: "10\u00a0%" and "1\u00a0500\u00a0$" must not wrap).

    >>> _squash(" Betala 10\u00a0%\n  av 1\u00a0500\u00a0$ ")
    'Betala 10\xa0% av 1\xa0500\xa0$'
    """
    return re.sub(r"[ \t\r\n]+", " ", text).strip()


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


# --------------------------------------------------------------------------- one engine run each


_VERIFIED: dict[int, tuple["Example", dict[str, Any], tuple[Mismatch, ...]]] = {}


def verified(example: Example) -> tuple[dict[str, Any], tuple[Mismatch, ...]]:
    """(the engine's result, the mismatches with ``[expected]``) of an example, computed once
    per loaded example: the build's eight boxes of an example (four languages, rule page and
    examples page), the Sybil items of those pages and ``tests/test_examples.py`` share it.

    Keyed by the object (a changed file is a new object, see :func:`load_examples`); treat
    the result as read-only."""
    entry = _VERIFIED.get(id(example))
    if entry is None or entry[0] is not example:
        result = example.run()
        entry = (example, result, tuple(mismatches(example, result)))
        _VERIFIED[id(example)] = entry
    return entry[1], entry[2]


def check(example: Example, where: str = "") -> str | None:
    """The engine's verdict on an example (:func:`verified`): a message naming example, page
    and fields on a mismatch, else None."""
    problems = verified(example)[1]
    if not problems:
        return None
    place = f" on {where}" if where else ""
    lines = [f"worked example {example.id!r}{place} ({_shown(example.path)}) does not match "
             f"the engine:"] + [f"  - {p.describe()}" for p in problems]
    return "\n".join(lines)


# --------------------------------------------------------------------------- on the pages


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


def placed_ids(text: str) -> list[str]:
    """The example ids of a page's ``[[example: id]]`` lines, in page order."""
    return [ex_id for _, _, ex_id in directive_lines(text)]
