"""Fuzzing the four calculators through their real forms in Chromium.

For each calculator, 4 x 52 seeded random steps (one calculators page per language, reused
for every calculator): a random visible control is changed the way a reader would -- a
number or text typed (valid values, empty, negative, huge, letters, decimals, unicode,
markup), an option chosen, a box ticked, a player / property / set added or removed,
"calculate" or "reset" pressed. After each step the test waits for the calculator's
"up to date" marker (``section[data-updated] == section[data-changes]``, set by
``calculators.mjs``; no sleeps) and checks what the reader sees:

* a typed number or name reaches the request exactly as the calculator's rules say
  (DESIGN.md, "Calculator links": numbers as JSON numbers, empty optional fields left
  out) -- or the field shows the translated input error (``calc.input.*``);
* the result shown is exactly what the CPython engine (``engine.api.calculate``) gives for
  the request the page sent, rendered by the build-time renderer: same amounts, same
  outcome, same words; an engine error is shown translated next to a field or the form;
* never NaN, "undefined", "null", "[object", a traceback, an empty result, a key shown
  instead of a message, or markup typed by the reader turned into elements;
* accessibility: the first time a calculator shows a result, and the first time it shows
  an error (engine or input), axe-core checks the calculator: no serious or critical
  violation, in every language.

The number of inputs is printed at the end of the run.
"""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from engine.api import calculate
from formpaths import PATH_OF
from hooks.render import calculator_data as cdata
from engine import validate as engine_validate
from present import render as present_render
from present import views as present_views
from hooks.common import Context
from page_text import squash, text_of
from test_accessibility import BLOCKING, finish_axe, start_axe
from hooks.catalogs.i18n import translations

pytestmark = pytest.mark.browser

from hooks.catalogs.languages import LANGS  # the table of languages
from present.views import CALCULATORS
KINDS = CALCULATORS
STEPS = 52
"""Steps per calculator and language: 4 x 52 = 208 inputs per calculator."""
SEED = 20261129

NUMBERS = ["0", "1", "2", "3", "4", "5", "7", "20", "150", "500", "1234", "", "", " ", "-1",
           "-500", "-0", "99999999", "10000001", "123456789012345678901234567890", "1e400",
           "1e3", "2.5", "0.1", "3.0", "-2.75", "abc", "12abc", "e", "--1", "٣", "１２", "²",
           "💥", "0x10", "2,5", "+4", ".5", "5e-1", " 8 "]
"""What is typed into number fields: valid, empty, negative, huge, decimals, letters, unicode."""
NAMES = ["An", "Bo", "Cleo", "Dirk", "Eva", "An", "", "  ", "Åsa Ørn", "Ædel Øye", "Ünal",
         "李雷", "مریم", "🎩 Hoed", "<img src=x onerror=window.__pwned=1>",
         "<b>vet</b>", "{total}", "{{n}}", "x" * 60, "\u00a0Lea\u3000", "'; DROP --",
         "O'Neil \"Quote\"", "&amp; &lt;", "a\tb"]
"""What is typed into the player-name field (duplicates and blanks included on purpose)."""


# --------------------------------------------------------------------------- expectations


@lru_cache(maxsize=None)
def clause_links(lang: str) -> dict[str, tuple[str, str]]:
    ctx = Context(lang, "calculators", f"docs/{lang}/calculators.md", 1, None, "calculator",
                  ("rent",), Path("docs"))
    return {k: (v[0], v[1]) for k, v in cdata.shared_data(ctx)["clauses"].items()}


def expected_text(lang: str, kind: str, request: Any) -> tuple[str, dict[str, Any]]:
    """(the text the page must show, the CPython result) for a request."""
    result = calculate(kind, json.loads(json.dumps(request)))
    fmt = cdata.Formatter(lang)
    if "error" in result:
        return text_of(present_render.render_error(fmt, result, kind)), result
    return text_of(present_render.render_output(fmt, present_views.VIEWS[kind], result, clause_links(lang))), result


def message(lang: str, key: str, params: dict[str, Any] | None = None) -> str:
    fmt = cdata.Formatter(lang)
    return squash(fmt.plain(key, {k: fmt.scalar(v) for k, v in (params or {}).items()}))


@lru_cache(maxsize=None)
def bad_words(lang: str) -> tuple[str, ...]:
    """Words that only a bug can show (unless a message of the language really uses one)."""
    texts = " ".join(" ".join(e.forms) for e in translations().catalog(lang).entries.values())
    return tuple(w for w in ("NaN", "undefined", "null", "[object", "Traceback", "None")
                 if w not in texts)


def expected_number(raw: str, bad_input: bool, optional: bool) -> tuple[str, Any]:
    """What the calculator sends for a number field, from the field's state in the browser:
    ``("value", n)``, ``("absent", None)`` or ``("error", message key)``. The text typed is
    checked as text: only whole numbers in digits, and none past 2**53 - 1 (a double would
    change it).

    >>> expected_number(" 12 ", False, False), expected_number("2.50", False, False)
    (('value', 12), ('error', 'calc.input.not_a_number'))
    >>> expected_number("", False, True), expected_number("", False, False)
    (('absent', None), ('error', 'calc.input.required'))
    >>> expected_number("", True, True), expected_number("1e400", False, False)
    (('error', 'calc.input.not_a_number'), ('error', 'calc.input.not_a_number'))
    >>> expected_number("99999999999999999999", False, False), expected_number("-0", False, False)
    (('error', 'calc.input.too_large'), ('value', 0))
    """
    text = raw.strip()
    if bad_input:
        return "error", "calc.input.not_a_number"
    if text == "":
        return ("absent", None) if optional else ("error", "calc.input.required")
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        return "error", "calc.input.not_a_number"
    number = int(text)
    if abs(number) > 2**53 - 1:
        return "error", "calc.input.too_large"
    return "value", number


def expected_text_field(raw: str) -> tuple[str, Any]:
    """A text field: left out when blank, else sent as typed (not trimmed).

    >>> expected_text_field("  "), expected_text_field(" Bo ")
    (('absent', None), ('value', ' Bo '))
    """
    return ("absent", None) if raw.strip() == "" else ("value", raw)


def get_path(data: Any, path: str) -> tuple[bool, Any]:
    cur = data
    for part in path.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return False, None
    return True, cur


# --------------------------------------------------------------------------- the page

_CONTROLS = """([cid]) => {
  const form = document.querySelector(`#${cid} form`);
""" + PATH_OF + """  return [...form.querySelectorAll('input, select, button')].map((el, i) => {
    if (el.closest('[hidden]') || el.closest('template') || el.disabled) return null;
    const keyed = el.closest('[data-key]');
    return {i, tag: el.tagName.toLowerCase(), type: el.type || '', own: el.matches('[data-key]'),
            path: keyed ? pathOf(keyed) : null, dtype: keyed ? keyed.dataset.type : null,
            optional: el.hasAttribute('data-optional'), min: el.getAttribute('min'),
            max: el.getAttribute('max'),
            options: el.tagName === 'SELECT' ? [...el.options].map((o) => o.value) : null,
            value: el.value, checked: !!el.checked, reset: el.matches('.calc-reset')};
  }).filter(Boolean);
}"""

_STATE = """([sel]) => {
  const s = document.querySelector(sel);
  const visible = (e) => e && !e.hidden && !e.closest('[hidden]');
  const out = s.querySelector('.calc-output');
  const errors = [...s.querySelectorAll('.calc-error')].filter(visible).map((e) => e.textContent);
  return {
    changes: +(s.dataset.changes || 0), updated: +(s.dataset.updated || 0),
    source: s.querySelector('.calc-result').dataset.source,
    shown: s.dataset.shownRequest || null, baseline: s.dataset.baseline,
    output: out ? out.textContent : '', errors,
    formError: visible(s.querySelector('.calc-form-error')) ? s.querySelector('.calc-form-error').textContent : '',
    stale: !!s.querySelector('.calc-stale'),
    missing: s.querySelectorAll('.i18n-missing').length,
    elements: s.querySelectorAll('.calc-result img, .calc-result b, .calc-error img, .calc-error b').length,
    text: s.querySelector('.calc-result').textContent + ' ' + errors.join(' '),
    pwned: window.__pwned === 1,
  };
}"""

_SETTLED = """([sel, before]) => {
  const s = document.querySelector(sel);
  const c = +(s.dataset.changes || 0);
  return c > before && s.dataset.updated === s.dataset.changes && !s.hasAttribute('aria-busy');
}"""


class Fuzzer:
    """Random steps on one calculator of an open page, each checked against CPython."""

    def __init__(self, page: Any, kind: str, lang: str, rng: random.Random) -> None:
        self.page, self.kind, self.lang, self.rng = page, kind, lang, rng
        self.cid = f"calc-{kind}"
        self.sel = f"#{self.cid}"
        self.controls = page.locator(f"{self.sel} form").locator("input, select, button")
        self.last_error = ""
        self.changes = 0  # the calculator's change count after the last step

    def state(self) -> dict[str, Any]:
        return self.page.evaluate(_STATE, [self.sel])

    def settle(self, before: int, changes: int | None = None) -> dict[str, Any]:
        """Wait for the "up to date" marker after a change; ``changes`` (the count right after
        the input, when known) equal to ``before`` means the input changed nothing (letters a
        number field refused, a field emptied twice): then "calculate" is pressed."""
        if changes == before:
            self.page.click(f"{self.sel} .calc-submit")
        self.page.wait_for_function(_SETTLED, arg=[self.sel, before], timeout=30_000)
        state = self.state()
        self.changes = state["changes"]
        return state

    def reset(self) -> None:
        self.changes = self.state()["changes"]
        self.page.click(f"{self.sel} .calc-reset")
        self.settle(self.changes)

    def pick(self, reset: bool = False) -> dict[str, Any]:
        controls = self.page.evaluate(_CONTROLS, [self.cid])
        if reset:
            return next(c for c in controls if c["tag"] == "button" and c["reset"])
        typed = [c for c in controls if c["own"] and c["type"] in ("number", "text")]
        boxes = [c for c in controls if c["type"] == "checkbox"]
        selects = [c for c in controls if c["tag"] == "select" and c["options"]]
        buttons = [c for c in controls if c["tag"] == "button"]
        groups = [(typed, 5), (selects, 3), (boxes, 1), (buttons, 1)]
        groups = [(g, w) for g, w in groups if g]
        group = self.rng.choices([g for g, _ in groups], [w for _, w in groups])[0]
        return self.rng.choice(group)

    def number(self, control: dict[str, Any]) -> str:
        """Half the time a plausible value within the field's bounds, else anything."""
        if self.rng.random() < 0.5:
            lo = int(control["min"] or 0)
            hi = int(control["max"]) if control["max"] else lo + 2000
            return str(self.rng.randint(lo, hi))
        return self.rng.choice(NUMBERS)

    def step(self, repair: bool = False) -> str:
        """One random input and its checks; returns what kind of outcome it had.
        ``repair``: press "reset" instead (the form back to its defaults)."""
        control = self.pick(reset=repair)
        node = self.controls.nth(control["i"])
        before = self.changes
        changes: int | None = None
        expect: tuple[str, Any] | None = None
        read = """e => [e.value, !!(e.validity && e.validity.badInput),
                        +(e.closest('section.calc').dataset.changes || 0)]"""
        if control["type"] == "number":
            value = self.number(control)
            try:
                node.fill(value)
            except Exception:  # Playwright refuses to fill text into a number field: type it
                node.fill("")
                node.press_sequentially(value)
            raw, bad, changes = node.evaluate(read)
            expect = expected_number(raw, bad, control["optional"])
        elif control["type"] == "text":
            node.fill(self.rng.choice(NAMES))
            raw, _, changes = node.evaluate(read)
            expect = expected_text_field(raw)
            unnamed = re.fullmatch(r"players\.(\d+)\.name", control["path"] or "")
            if unnamed and expect[0] == "absent":  # a blank name is the language's "Player n"
                expect = ("value", str(translations().gettext(
                    self.lang, "calc.score.default_name", n=str(int(unnamed.group(1)) + 1))))
        elif control["type"] == "checkbox":
            node.set_checked(not control["checked"])
        elif control["tag"] == "select":
            node.select_option(self.rng.choice(control["options"]))
        else:
            node.click()
        if changes is None:
            # a select set to the value it had, or a control the page keeps as it was (a
            # field that follows another), fires no change: settle presses "calculate"
            changes = self.page.evaluate("s => +(document.querySelector(s).dataset.changes || 0)",
                                         self.sel)
        state = self.settle(before, changes)
        return self.check(control, expect, state)

    def check(self, control: dict[str, Any], expect: tuple[str, Any] | None,
              state: dict[str, Any]) -> str:
        lang, where = self.lang, f"{self.kind}/{self.lang} after {control}"
        assert squash(state["output"]) or state["source"] == "none", f"{where}: empty result"
        for word in bad_words(lang):
            assert word not in state["text"], f"{where}: {word!r} shown: {squash(state['text'])}"
        assert state["missing"] == 0, f"{where}: a message key shown instead of a message"
        assert state["elements"] == 0 and not state["pwned"], f"{where}: markup became elements"
        client = message(lang, "calc.input.fix")
        if state["formError"] and squash(state["formError"]) == client:
            # input errors in the browser: each is a translated calc.input.* message
            allowed = {message(lang, "calc.input.required"), message(lang, "calc.input.not_a_number"),
                       client}
            # "too large" names the field's own maximum (its max, else the engine's)
            too_large = re.compile(re.escape(message(lang, "calc.input.too_large", {"max": "§"}))
                                   .replace("§", r"[0-9\s\u00a0\u202f.,]+"))
            shown = {squash(e) for e in state["errors"]}
            assert shown and all(e in allowed or too_large.fullmatch(e) for e in shown), (where, shown)
            assert state["stale"], f"{where}: the old result is not marked as out of date"
            if expect is not None and expect[0] == "error":
                error = self.field_error(control)
                top = int(control["max"]) if control["max"] else engine_validate.MAX_AMOUNT
                params = {"max": top} if expect[1] == "calc.input.too_large" else None
                assert error == message(lang, expect[1], params), (where, error)
            elif expect is not None:
                assert self.field_error(control) == "", where
            return "input error"
        assert expect is None or expect[0] != "error", f"{where}: expected {expect}, no error shown"
        request = json.loads(state["shown"])
        if expect is not None:
            present, value = get_path(request, control["path"])
            if expect[0] == "absent":
                assert not present, (where, request)
            else:
                assert present and value == expect[1] and type(value) is type(expect[1]), \
                    (where, value, expect, request)
        if state["source"] == "build":
            assert state["shown"] == state["baseline"], where
        text, result = expected_text(lang, self.kind, request)
        assert squash(state["output"]) == text, (where, request)
        if "error" in result:
            # the presenter's own sentence (a Dutch street with its article, choices by name)
            wanted = squash(text_of(present_render.error_message(cdata.Formatter(lang), result,
                                                                 self.kind)))
            shown = [squash(e) for e in state["errors"]]
            assert wanted in shown, (where, wanted, shown)
            self.last_error = result["error"]
            return "engine error"
        assert state["errors"] == [], (where, state["errors"])
        return "result"

    def field_error(self, control: dict[str, Any]) -> str:
        return squash(self.controls.nth(control["i"]).evaluate(
            """n => {
                const holder = n.closest('fieldset[data-key]') && !n.matches('[data-key]')
                  ? n.closest('fieldset[data-key]') : n.closest('.calc-field');
                const slot = holder.querySelector(':scope > .calc-error');
                return slot.hidden ? '' : slot.textContent;
            }"""))


@pytest.fixture(scope="module")
def calc_page(contexts, site_url: str) -> Iterator[Callable[[str], Any]]:
    """One calculators page per language (the runtime starts once per language), each in
    a warm context of the pool (``tests/browser/conftest.py``)."""
    lent: dict[str, Any] = {}
    pages: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}

    def get(lang: str) -> Any:
        if lang not in pages:
            context = lent[lang] = contexts.take()
            page = contexts.new_page(context)
            page.set_viewport_size({"width": 1280, "height": 720})
            errors[lang] = []
            page.on("pageerror", lambda exc, lang=lang: errors[lang].append(str(exc)))
            page.on("console", lambda msg, lang=lang: errors[lang].append(msg.text)
                    if msg.type == "error" else None)
            prefix = "" if lang == "nl" else f"{lang}/"
            page.goto(f"{site_url}{prefix}calculators/")
            page.wait_for_selector("html[data-calculators=ready]", state="attached")
            page.focus("#calc-rent form [data-key]")  # the runtime starts on first use
            page.wait_for_selector("#calc-rent .calc-status[data-state=ready]", state="attached",
                                   timeout=120_000)
            pages[lang] = page
        return pages[lang]

    yield get
    for context in lent.values():
        contexts.give_back(context)
    assert errors == {k: [] for k in errors}, errors


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_fuzz_calculator(calc_page, report, kind: str, lang: str) -> None:
    page = calc_page(lang)
    fuzzer = Fuzzer(page, kind, lang, random.Random(f"{SEED}-{kind}-{lang}"))
    fuzzer.reset()
    outcomes: dict[str, int] = {}
    errors: dict[str, int] = {}
    axed: dict[str, list[str]] = {}  # state -> serious / critical axe violations
    outcome = "result"
    for _ in range(STEPS):
        # after an error, now and then start again from the defaults (errors tend to stay)
        outcome = fuzzer.step(repair=outcome != "result" and fuzzer.rng.random() < 0.15)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if outcome == "engine error":
            errors[fuzzer.last_error] = errors.get(fuzzer.last_error, 0) + 1
        state = "result" if outcome == "result" else "error"
        if state not in axed:
            start_axe(page, {"include": [[fuzzer.sel]]})
            axed[state] = [f"{v['impact']} {v['id']} ({v['count']}x: {v['help']}) {v['nodes']}"
                           for v in finish_axe(page) if v["impact"] in BLOCKING]
    fuzzer.reset()
    print(f"\ncalculator fuzz {kind}/{lang}: {STEPS} inputs: {outcomes}; engine errors: {errors}")
    report("calculator fuzz (Chromium)", kind, STEPS)
    for outcome, n in outcomes.items():
        report("calculator fuzz (Chromium)", f"{kind} ({outcome})", n)
    assert outcomes.get("result", 0) > 0, "no step gave a result: the fuzzing is too wild"
    assert set(axed) == {"result", "error"}, f"axe did not see both states: {sorted(axed)}"
    report("pages checked", "axe-core (calculator states)", len(axed))
    assert axed == {"result": [], "error": []}, axed


def test_the_request_rules_of_this_module() -> None:
    """The docstring examples above: the rules the fuzzing checks the page against."""
    import doctest
    import sys

    result = doctest.testmod(sys.modules[__name__])
    assert result.attempted >= 5 and result.failed == 0
