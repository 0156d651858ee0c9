"""The four calculators in headless Chromium, in every language, against the CPython engine.

For each calculator and language, typical, edge and invalid inputs are typed into the real
form; the request the page sent must be the one the inputs describe, and what the page
shows must be exactly what the same request gives in CPython (``engine.api.calculate``),
rendered by the build-time renderer (``hooks/render/render_calculator.py``): same numbers, same
words, same clause links. Also: Pyodide loads only where a calculator is, and lazily; a
shared link reopens the same state; links built by ``calculator_link`` pre-fill the form;
with the runtime blocked (or no module workers) a translated notice appears and the
build-time result stays; nothing is requested outside 127.0.0.1; keyboard and phone width
work; screenshots of every calculator in each language go to ``screenshots/``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

import pytest

from engine.api import calculate
from formpaths import PATH_OF
from hooks.render import render_calculator as rc
from hooks.render import calculator_data as cdata
from hooks.render import calculator_forms as cforms
from engine import validate as engine_validate
from present import numbers as present_numbers
from present import render as present_render
from present import views as present_views
from hooks.common import Context
from hooks.catalogs.i18n import translations
from page_text import squash, text_of

pytestmark = pytest.mark.browser

LANGS = ("nl", "sv", "da", "nb")
KINDS = rc.KINDS
READY_TIMEOUT = 120_000
RULE_PAGES = {"rent": "rent", "jail": "jail", "mortgage": "mortgages", "score": "variants"}
"""The rule page that links each calculator from its clauses."""


def page_path(lang: str, slug: str) -> str:
    prefix = "" if lang == "nl" else f"{lang}/"
    return prefix if slug == "index" else f"{prefix}{slug}/"


# --------------------------------------------------------------------------- expectations


@dataclass
class Expect:
    """What the CPython engine and the build-time renderer say for a request."""

    lang: str
    kind: str
    slug: str = "calculators"

    def ctx(self) -> Context:
        return Context(self.lang, self.slug, f"docs/{self.lang}/{self.slug}.md", 1, None,
                       "calculator", (self.kind,), Path("docs"))

    def result(self, request: dict[str, Any]) -> dict[str, Any]:
        return calculate(self.kind, json.loads(json.dumps(request)))

    def html(self, request: dict[str, Any]) -> str:
        fmt = cdata.Formatter(self.lang)
        result = self.result(request)
        if "error" in result:
            return present_render.render_error(fmt, result, self.kind)
        links = {k: tuple(v) for k, v in cdata.shared_data(self.ctx())["clauses"].items()}
        return present_render.render_output(fmt, present_views.VIEWS[self.kind], result, links)

    def text(self, request: dict[str, Any]) -> str:
        return text_of(self.html(request))

    def message(self, key: str, **params: Any) -> str:
        fmt = cdata.Formatter(self.lang)
        shown = {k: fmt.scalar(v) for k, v in params.items()}
        return squash(fmt.plain(key, shown))

    def lead(self, field: str) -> str:
        """The sentence that opens an engine error's summary: it names the field."""
        fmt = cdata.Formatter(self.lang)
        label = fmt.field_label(self.kind, field)
        assert label is not None, field
        return squash(fmt.plain("calc.invalid_field", {"field": label}))

    def amount(self, value: int | float, currency: str) -> str:
        return present_numbers.amount(self.lang, value, currency)


# --------------------------------------------------------------------------- page helpers

_FIND = """([cid, path]) => {
  const form = document.querySelector(`#${cid} form`);
""" + PATH_OF + """  return [...form.querySelectorAll('[data-key]')].find((n) => pathOf(n) === path) || null;
}"""

_CANON = """(value) => {
  const canon = (v) => Array.isArray(v) ? v.map(canon)
    : (v && typeof v === 'object') ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])]))
    : v;
  return JSON.stringify(canon(value));
}"""


def canon(value: Any) -> str:
    def c(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: c(v[k]) for k in sorted(v)}
        if isinstance(v, list):
            return [c(x) for x in v]
        return v
    return json.dumps(c(value), separators=(",", ":"), ensure_ascii=False)


class Calc:
    """One calculator on an open page."""

    def __init__(self, page: Any, kind: str, cid: str | None = None) -> None:
        self.page = page
        self.kind = kind
        self.cid = cid or f"calc-{kind}"
        self.sel = f"#{self.cid}"

    # -- fields
    def field(self, path: str) -> Any:
        handle = self.page.evaluate_handle(_FIND, [self.cid, path])
        node = handle.as_element()
        assert node is not None, f"no field {path} in {self.cid}"
        return node

    def select(self, path: str, value: Any) -> None:
        self.field(path).select_option(str(value))

    def fill(self, path: str, value: Any) -> None:
        self.field(path).fill(str(value))

    def check(self, path: str, on: bool = True) -> None:
        node = self.field(path)
        node.check() if on else node.uncheck()

    def sub_select(self, path: str, attr: str, value: Any) -> None:
        """A select inside a composite field (dice ``data-die``, levels ``data-group`` ...)."""
        self.field(path).query_selector(f"select[{attr}]").select_option(str(value))

    def box(self, path: str, value: Any, on: bool = True) -> None:
        node = self.field(path).query_selector(f"input[value='{value}']")
        node.check() if on else node.uncheck()

    def click(self, selector: str) -> None:
        self.page.click(f"{self.sel} {selector}")

    # -- state
    def computed(self) -> str:
        return self.page.get_attribute(self.sel, "data-computed") or ""

    def shown_request(self) -> Any:
        return json.loads(self.page.get_attribute(self.sel, "data-shown-request") or "null")

    def wait_shown(self, request: dict[str, Any]) -> None:
        """Wait until the page shows the live result of exactly ``request``."""
        want = canon(request)
        self.page.wait_for_function(
            f"""([sel, want]) => {{
                const s = document.querySelector(sel);
                const canon = {_CANON};
                return s && s.querySelector('.calc-result').dataset.source === 'live'
                    && s.dataset.shownRequest && canon(JSON.parse(s.dataset.shownRequest)) === want
                    && !s.hasAttribute('aria-busy');
            }}""", arg=[self.sel, want], timeout=20000)

    def output_text(self) -> str:
        return squash(self.page.eval_on_selector(f"{self.sel} .calc-output", "e => e.textContent"))

    def field_error(self, path: str) -> str:
        return squash(self.field(path).evaluate(
            """n => {
                const holder = n.matches('fieldset') ? n : n.closest('.calc-field');
                const slot = holder.querySelector(':scope > .calc-error');
                return slot.hidden ? '' : slot.textContent;
            }"""))

    def form_error(self) -> str:
        return squash(self.page.eval_on_selector(
            f"{self.sel} .calc-form-error", "e => e.hidden ? '' : e.textContent"))

    def reset(self) -> None:
        self.click(".calc-reset")
        self.page.wait_for_function(
            "sel => document.querySelector(sel).querySelector('.calc-result').dataset.source"
            " === 'build' || document.querySelector(sel).dataset.shownRequest"
            " === document.querySelector(sel).dataset.baseline", arg=self.sel)


def wait_runtime(page: Any, cid: str = "calc-rent") -> None:
    """Wait until the calculator's runtime is ready, first starting it the way a reader
    does (focus in its form) if nothing started it yet: it never starts by itself, except
    for a shared link (``?calc=``)."""
    if page.get_attribute(f"#{cid} .calc-status", "data-state") == "idle":
        page.locator(f"#{cid} form [data-key]").first.focus()
    page.wait_for_selector(f"#{cid} .calc-status[data-state=ready]", state="attached",
                           timeout=READY_TIMEOUT)


# --------------------------------------------------------------------------- cases
# Each case works on a calculator reset to its defaults and returns the request the form
# must now send. ``None`` as the return means: only a client-side check (no request).


def defaults(lang: str, kind: str) -> dict[str, Any]:
    return cforms.default_request(kind, lang)


def rent_houses(c: Calc, lang: str) -> dict[str, Any]:
    c.select("buildings", 2)
    return {**defaults(lang, "rent"), "buildings": 2}


def rent_station(c: Calc, lang: str) -> dict[str, Any]:
    c.select("square", 15)
    c.fill("owned", 3)
    c.check("owner_in_jail")
    req = {**defaults(lang, "rent"), "square": 15, "owned": 3, "owner_in_jail": True}
    del req["buildings"]  # hidden for a station: not sent
    return req


def rent_utility(c: Calc, lang: str) -> dict[str, Any]:
    c.select("square", 28)
    c.fill("owned", 2)
    c.sub_select("dice", "data-die='0'", 6)
    c.sub_select("dice", "data-die='1'", 5)
    req = {**defaults(lang, "rent"), "square": 28, "owned": 2, "dice": [6, 5]}
    del req["buildings"]
    return req


def rent_utility_card(c: Calc, lang: str) -> dict[str, Any]:
    """Arrival by card: nl-2001 rolls again for the rent (the reroll field shows)."""
    c.select("square", 12)
    c.select("arrival", "card")
    if lang == "nl":
        c.sub_select("reroll", "data-die='0'", 2)
        c.sub_select("reroll", "data-die='1'", 2)
    req = {**defaults(lang, "rent"), "square": 12, "arrival": "card", "owned": 2}
    del req["buildings"]
    if lang == "nl":
        req["reroll"] = [2, 2]
    else:  # nordic-2005: the arrival roll counts, also by card
        req["dice"] = [3, 4]
    return req


def rent_mortgaged_group(c: Calc, lang: str) -> dict[str, Any]:
    """Edge: a mortgaged lot in the group (nl-2001: no double rent; nordic: double)."""
    c.fill("group_mortgaged", 1)
    c.box("house_rules", "free-parking-pot")
    return {**defaults(lang, "rent"), "group_mortgaged": 1, "house_rules": ["free-parking-pot"]}


def rent_invalid_owned(c: Calc, lang: str) -> dict[str, Any]:
    c.fill("owned", 9)
    return {**defaults(lang, "rent"), "owned": 9}


def rent_invalid_hotel_mortgaged(c: Calc, lang: str) -> dict[str, Any]:
    c.select("buildings", 5)
    c.check("mortgaged")
    return {**defaults(lang, "rent"), "buildings": 5, "mortgaged": True}


def jail_last_attempt_broke(c: Calc, lang: str) -> dict[str, Any]:
    c.select("turn_in_jail", 3)
    c.fill("cash", 20)
    return {**defaults(lang, "jail"), "turn_in_jail": 3, "cash": 20}


def jail_built_opponents(c: Calc, lang: str) -> dict[str, Any]:
    c.sub_select("opponents_built", "data-group='orange'", 3)
    c.sub_select("opponents_built", "data-group='red'", 5)
    c.fill("card_offer", 30)
    return {**defaults(lang, "jail"), "opponents_built": [["orange", 3], ["red", 5]],
            "card_offer": 30}


def jail_card_owned(c: Calc, lang: str) -> dict[str, Any]:
    c.select("turn_in_jail", 2)
    c.fill("cards_owned", 1)
    return {**defaults(lang, "jail"), "turn_in_jail": 2, "cards_owned": 1}


def jail_card_last_attempt(c: Calc, lang: str) -> dict[str, Any]:
    # ruling-card-after-third-roll (nl-2001, nordic-2005): the card stands in for the fine
    c.select("turn_in_jail", 3)
    c.fill("cash", 20)
    c.fill("cards_owned", 1)
    return {**defaults(lang, "jail"), "turn_in_jail": 3, "cash": 20, "cards_owned": 1}


def jail_invalid_cards(c: Calc, lang: str) -> dict[str, Any]:
    c.fill("cards_owned", 7)
    return {**defaults(lang, "jail"), "cards_owned": 7}


def mortgage_with_houses(c: Calc, lang: str) -> dict[str, Any]:
    c.field("buildings").query_selector("select[data-lot='37']").select_option("3")
    c.field("buildings").query_selector("select[data-lot='39']").select_option("4")
    return {**defaults(lang, "mortgage"), "buildings": {"37": 3, "39": 4}}


def mortgage_lift_rounding(c: Calc, lang: str) -> dict[str, Any]:
    c.select("action", "lift")
    c.select("square", 12)
    return {"edition": defaults(lang, "mortgage")["edition"], "action": "lift", "square": 12}


def mortgage_receive(c: Calc, lang: str) -> dict[str, Any]:
    c.select("action", "receive")
    c.select("square", 37)
    return {"edition": defaults(lang, "mortgage")["edition"], "action": "receive", "square": 37}


def mortgage_bankruptcy(c: Calc, lang: str) -> dict[str, Any]:
    c.select("action", "bankruptcy")  # pre-checks the chosen square (39)
    c.box("squares", 5)
    c.select("creditor", "player")
    return {"edition": defaults(lang, "mortgage")["edition"], "action": "bankruptcy",
            "squares": [5, 39], "creditor": "player"}


def mortgage_bankruptcy_bank(c: Calc, lang: str) -> dict[str, Any]:
    c.select("edition", "nl-modern")
    c.select("action", "bankruptcy")
    c.select("creditor", "bank")
    return {"edition": "nl-modern", "action": "bankruptcy", "squares": [39], "creditor": "bank"}


def mortgage_invalid_uneven(c: Calc, lang: str) -> dict[str, Any]:
    c.field("buildings").query_selector("select[data-lot='39']").select_option("3")
    return {**defaults(lang, "mortgage"), "buildings": {"37": 0, "39": 3}}


def score_three_players(c: Calc, lang: str) -> dict[str, Any]:
    c.click("button[data-add='players']")
    c.fill("players.2.name", "Cleo")
    c.fill("players.2.cash", 1234)
    c.page.click(f"{c.sel} [data-key='players'] > [data-item]:nth-child(3) button[data-add='properties']")
    c.select("players.2.properties.0.square", 24)
    c.fill("players.0.cash", 700)
    req = defaults(lang, "score")
    req["players"][0]["cash"] = 700
    req["players"].append({"name": "Cleo", "cash": 1234,
                           "properties": [{"square": 24, "buildings": 0}]})
    return req


def score_short_game_tie(c: Calc, lang: str) -> dict[str, Any]:
    """Edge: the classic-us short game (mortgaged lots at their mortgage value) and a tie:
    300 + 400 + 100 against 580 + 60 + 60 + 2 x 50."""
    c.select("edition", "classic-us-short")
    c.fill("players.1.cash", 580)
    req = defaults(lang, "score")
    req["edition"] = "classic-us-short"
    req["players"][1]["cash"] = 580
    return req


def score_card_game(c: Calc, lang: str) -> dict[str, Any]:
    c.select("edition", "nl-card-game")
    c.fill("players.0.money", 9500)
    c.page.click(f"{c.sel} [data-key='players'] > [data-item]:nth-child(1) button[data-add='sets']")
    c.fill("players.0.sets.0.value", 200)
    c.check("players.0.sets.0.token")
    c.fill("players.1.money", 4000)
    req = defaults(lang, "score")
    req["edition"] = "nl-card-game"
    for p in req["players"]:
        del p["cash"], p["properties"]
    req["players"][0].update(money=9500, sets=[{"value": 200, "kind": "street", "houses": 0,
                                                "token": True}])
    req["players"][1].update(money=4000, sets=[])
    return req


def score_remove_player(c: Calc, lang: str) -> dict[str, Any]:
    """Edge: with two players the remove buttons are disabled; with three, one goes."""
    disabled = c.page.eval_on_selector_all(
        f"{c.sel} .calc-player > [data-remove]", "els => els.map(b => b.disabled)")
    assert disabled == [True, True]
    c.click("button[data-add='players']")
    c.page.click(f"{c.sel} [data-key='players'] > [data-item]:nth-child(1) > [data-remove]")
    req = defaults(lang, "score")
    second = req["players"][1]
    return {"edition": req["edition"], "players": [second, {"name": cdata.Formatter(lang).plain(
        "calc.score.default_name", {"n": "3"}), "cash": 0, "properties": []}]}


def score_invalid_duplicate(c: Calc, lang: str) -> dict[str, Any]:
    name = cforms.default_request("score", lang)["players"][0]["name"]
    c.fill("players.1.name", name)
    req = defaults(lang, "score")
    req["players"][1]["name"] = name
    return req


CASES: dict[str, list[tuple[Callable[[Calc, str], dict[str, Any]], str | None]]] = {
    # (case, the request field the engine's error names; None for a valid request)
    "rent": [(rent_houses, None), (rent_station, None), (rent_utility, None),
             (rent_utility_card, None), (rent_mortgaged_group, None),
             (rent_invalid_owned, "owned"), (rent_invalid_hotel_mortgaged, "mortgaged")],
    "jail": [(jail_last_attempt_broke, None), (jail_built_opponents, None),
             (jail_card_owned, None), (jail_card_last_attempt, None),
             (jail_invalid_cards, "cards_owned")],
    "mortgage": [(mortgage_with_houses, None), (mortgage_lift_rounding, None),
                 (mortgage_receive, None), (mortgage_bankruptcy, None),
                 (mortgage_bankruptcy_bank, None), (mortgage_invalid_uneven, "buildings")],
    "score": [(score_three_players, None), (score_short_game_tie, None),
              (score_card_game, None), (score_remove_player, None),
              (score_invalid_duplicate, "players.1.name")],
}


def _case_ids() -> list[Any]:
    return [pytest.param(kind, case, field, id=f"{kind}-{case.__name__}")
            for kind, cases in CASES.items() for case, field in cases]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind,case,error_field", _case_ids())
def test_calculator_agrees_with_cpython(calc_pages, lang: str, kind: str, case: Callable,
                                        error_field: str | None) -> None:
    page = calc_pages(lang)
    c = Calc(page, kind)
    c.reset()
    request = case(c, lang)
    c.wait_shown(request)
    expect = Expect(lang, kind)
    result = expect.result(request)
    assert c.output_text() == expect.text(request)
    if error_field is None:
        assert "error" not in result, result
        assert c.form_error() == ""
        headline = squash(page.eval_on_selector(f"{c.sel} .calc-headline", "e => e.textContent"))
        money = {"rent": result.get("amount"), "jail": result.get("fine"),
                 "mortgage": result.get("cash_received", result.get("cost", result.get("saving"))),
                 "score": result["ranking"][0]["total"] if kind == "score" else None}[kind]
        if money is not None and kind != "jail" and not (kind == "mortgage" and result.get("action") == "bankruptcy"):
            assert squash(expect.amount(money, result["currency"])) in headline, (headline, money)
        # every explanation step links to its clause on this language's page
        hrefs = page.eval_on_selector_all(f"{c.sel} .calc-steps a.calc-clause",
                                          "els => els.map(a => a.href)")
        assert len(hrefs) == len(result["steps"]) > 0
        for href, s in zip(hrefs, result["steps"]):
            from engine.clauses import CLAUSES
            path = urlsplit(href).path
            assert path.endswith("/" + page_path(lang, CLAUSES[s["clause"]].page)), href
            assert urlsplit(href).fragment == s["clause"]
    else:
        assert result.get("error") and result.get("field") == error_field, result
        message = text_of(present_render.error_message(cdata.Formatter(lang), result, kind))
        assert c.field_error(error_field) == message
        assert expect.lead(error_field) in c.output_text()  # the sentence names the field
    text = c.output_text()
    for bad in ("NaN", "undefined", "Traceback", "[object", "null"):
        assert bad not in text


@pytest.mark.parametrize("lang", LANGS)
def test_client_side_checks(calc_pages, lang: str) -> None:
    """An empty required number is explained next to the field; the old result is marked."""
    page = calc_pages(lang)
    c = Calc(page, "jail")
    c.reset()
    before = c.output_text()
    c.fill("cash", "")
    expect = Expect(lang, "jail")
    page.wait_for_function("sel => !document.querySelector(sel + ' .calc-form-error').hidden",
                           arg=c.sel)
    assert c.field_error("cash") == expect.message("calc.input.required")
    assert c.form_error() == expect.message("calc.input.fix")
    assert page.is_visible(f"{c.sel} .calc-stale")
    assert c.output_text() == before
    c.fill("cash", "1e400")
    page.wait_for_function(
        "([sel, want]) => document.querySelector(sel + ' .calc-error:not([hidden])')?.textContent.includes(want)",
        arg=[c.sel, expect.message("calc.input.not_a_number")])
    c.fill("cash", "2.5")  # checked as typed: not a whole number, the engine never sees it
    page.wait_for_function(
        "([sel, want]) => document.querySelector(sel + ' .calc-error:not([hidden])')?.textContent.includes(want)",
        arg=[c.sel, expect.message("calc.input.not_a_number")])
    assert c.output_text() == before


def stale_note(c: Calc) -> str:
    return squash(c.page.eval_on_selector(
        f"{c.sel} .calc-result", "r => r.querySelector(':scope > .calc-stale')?.textContent || ''"))


def wait_form_error(c: Calc) -> None:
    c.page.wait_for_function(
        "sel => { const s = document.querySelector(sel); return !s.querySelector('.calc-form-error').hidden"
        " && s.dataset.updated === s.dataset.changes; }", arg=c.sel)


@pytest.mark.parametrize("lang", LANGS)
def test_bad_input_status_says_what_is_shown(calc_pages, lang: str) -> None:
    """With input the form refuses, the note says truthfully what the result area shows:
    the starting values' result, the last valid input's result, or nothing (when the last
    thing shown was an error about earlier input)."""
    page = calc_pages(lang)
    expect = Expect(lang, "rent")
    c = Calc(page, "rent")
    c.reset()
    build = c.output_text()
    c.fill("owned", "2.5")  # from the build-time result
    wait_form_error(c)
    assert stale_note(c) == expect.message("calc.stale")
    assert c.output_text() == build
    c.fill("owned", "1")  # a valid live result ...
    three = {**defaults(lang, "rent"), "owned": 1}
    c.wait_shown(three)
    assert "error" not in expect.result(three)
    c.fill("owned", "1e1")  # ... stays, marked as the last valid input's
    wait_form_error(c)
    assert stale_note(c) == expect.message("calc.stale_last")
    assert c.output_text() == expect.text(three)
    c.fill("owned", "9")  # an engine error for this input ...
    c.wait_shown({**defaults(lang, "rent"), "owned": 9})
    assert expect.lead("owned") in c.output_text()
    c.fill("owned", "2.5")  # ... is not shown for other input: nothing is
    wait_form_error(c)
    assert stale_note(c) == expect.message("calc.stale_none")
    assert page.query_selector(f"{c.sel} .calc-output") is None
    assert c.form_error() == expect.message("calc.input.fix")
    c.fill("owned", "2")
    c.wait_shown({**defaults(lang, "rent"), "owned": 2})
    assert stale_note(c) == ""
    assert c.output_text() == expect.text({**defaults(lang, "rent"), "owned": 2})


@pytest.mark.parametrize("lang", LANGS)
def test_huge_numbers_are_checked_as_typed(calc_pages, lang: str) -> None:
    """20 nines and 10**23 are refused as typed: no rounded number, no scientific notation."""
    page = calc_pages(lang)
    expect = Expect(lang, "jail")
    c = Calc(page, "jail")
    c.reset()
    too_large = expect.message("calc.input.too_large", max=engine_validate.MAX_AMOUNT)
    for typed in ("99999999999999999999", "100000000000000000000000"):
        c.fill("cash", typed)
        wait_form_error(c)
        assert c.field_error("cash") == too_large, typed
        text = squash(page.text_content(c.sel))
        for wrong in ("10000000000000000000", "1e+23", "1e23", "e+"):
            assert wrong not in text, (typed, wrong)
    c.fill("cash", "1e23")
    wait_form_error(c)
    assert c.field_error("cash") == expect.message("calc.input.not_a_number")
    c.fill("cash", str(engine_validate.MAX_AMOUNT + 1))  # a whole number the engine can judge: it does
    c.wait_shown({**defaults(lang, "jail"), "cash": engine_validate.MAX_AMOUNT + 1})
    result = expect.result({**defaults(lang, "jail"), "cash": engine_validate.MAX_AMOUNT + 1})
    assert c.field_error("cash") == expect.message(result["error"], **result["params"])
    assert "10000001" in c.field_error("cash").replace("\xa0", "").replace("\u202f", "").replace(" ", "").replace(".", "")


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_follow_the_catalog(calc_pages, lang: str) -> None:
    """One mortgaged lot is singular, two are plural, in the page and in the build-time
    renderer (the catalog's Plural-Forms pick the form)."""
    page = calc_pages(lang)
    expect = Expect(lang, "mortgage")
    fmt = cdata.Formatter(lang)
    c = Calc(page, "mortgage")
    c.reset()
    c.select("action", "bankruptcy")
    c.select("creditor", "player")
    one = {"edition": cforms.PAGE_EDITION[lang], "action": "bankruptcy", "squares": [39],
           "creditor": "player"}
    c.wait_shown(one)
    singular = squash(fmt.plain("calc.mortgage.bankruptcy.player", {"lots": "1"}))
    plural = squash(fmt.plain("calc.mortgage.bankruptcy.player", {"lots": "2"}))
    assert singular != plural.replace("2", "1"), "the catalog has two real forms"
    assert singular in c.output_text() and c.output_text() == expect.text(one)
    c.box("squares", 37)
    two = {**one, "squares": [37, 39]}
    c.wait_shown(two)
    assert plural in c.output_text() and c.output_text() == expect.text(two)


_SAME_FUNCTION_CASES = [("rent", rent_utility), ("jail", jail_built_opponents),
                        ("mortgage", mortgage_bankruptcy), ("score", score_card_game),
                        ("rent", rent_invalid_owned), ("score", score_invalid_duplicate)]


@pytest.mark.parametrize("lang", LANGS)
def test_page_shows_the_presenters_html(calc_pages, lang: str) -> None:
    """Same function, not a twin: the result area holds exactly the HTML that
    ``present.api`` gives in CPython for the same request (compared after the browser
    parsed both), an engine error's message sits at the field the presenter names, and
    the share link is the presenter's query string."""
    from present import api

    page = calc_pages(lang)
    ctx = api.load_context(json.dumps(cdata.shared_data(Expect(lang, "rent").ctx())))
    for kind, case in _SAME_FUNCTION_CASES:
        c = Calc(page, kind)
        c.reset()
        request = case(c, lang)
        c.wait_shown(request)
        sent = c.shown_request()  # what the page sent, in its own key order (the query's)
        want = api.present(kind, sent, calculate(kind, sent), ctx)
        shown = page.eval_on_selector(f"{c.sel} .calc-result", """(r, want) => {
            const t = document.createElement('template');
            t.innerHTML = want;
            const out = [...r.children].filter((n) => !n.matches('.calc-stale'));
            return [out.map((n) => n.outerHTML).join(''), t.innerHTML];
        }""", want["html"])
        assert shown[0] == shown[1], (kind, case.__name__)
        share = page.get_attribute(f"{c.sel} .calc-share-link", "href")
        assert share == f"?{want['query']}#{c.cid}", (kind, share)
        if want["field"] is not None:
            assert c.field_error(want["field"]) == text_of(want["field_html"])


@pytest.mark.parametrize("lang", LANGS)
def test_defaults_and_build_time_result(calc_pages, lang: str) -> None:
    """The edition defaults to the page language's; the form sends exactly the defaults the
    build used; recomputing them live shows exactly the build-time result."""
    page = calc_pages(lang)
    for kind in KINDS:
        c = Calc(page, kind)
        c.reset()
        assert json.loads(page.get_attribute(c.sel, "data-baseline")) == defaults(lang, kind)
        assert c.field("edition").evaluate("e => e.value") == cforms.PAGE_EDITION[lang]
        build = c.output_text()
        assert build == Expect(lang, kind).text(defaults(lang, kind))
        c.click(".calc-submit")
        c.wait_shown(defaults(lang, kind))
        assert c.output_text() == build


@pytest.mark.parametrize("lang", LANGS)
def test_shared_link_reopens_the_state(calc_pages, open_page, lang: str) -> None:
    page = calc_pages(lang)
    c = Calc(page, "jail")
    c.reset()
    request = jail_built_opponents(c, lang)
    c.wait_shown(request)
    shown = c.output_text()
    url = page.url
    # the address ends at the calculator; Material's navigation.tracking may have moved
    # the fragment to the section's heading (#jail) as the page scrolled: the same place
    address, _, fragment = url.partition("#")
    assert "calc=jail" in address and fragment in ("calc-jail", "jail"), url
    share = page.eval_on_selector(f"{c.sel} .calc-share-link", "a => a.href")
    assert share.partition("#")[0] == address and share.endswith("#calc-jail"), (share, url)
    sp = open_page()
    sp.page.goto(url)
    sp.page.wait_for_selector("html[data-calculators=ready]", state="attached")
    wait_runtime(sp.page, "calc-jail")  # the link starts it: a boot may outlast wait_shown's 20 s
    other = Calc(sp.page, "jail")
    other.wait_shown(request)
    assert other.output_text() == shown
    assert other.field("cash").evaluate("e => e.value") == "500"
    assert sp.external_requests() == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind,request_", [
    ("rent", {"edition": "nl-modern-speed", "square": 28, "owned": 1, "group_mortgaged": 0,
              "arrival": "roll", "reroll": [3, 4], "speed_face": "bus", "house_rules": []}),
    ("jail", {"edition": "classic-us", "turn_in_jail": 2, "cash": 40, "cards_owned": 0,
              "opponents_built": [["green", 4]]}),
    ("mortgage", {"edition": "classic-us", "action": "mortgage", "square": 34,
                  "buildings": {"31": 1, "32": 1, "34": 2}}),
    ("score", {"edition": "nl-2001-short", "players": [
        {"name": "An", "cash": 300, "properties": [{"square": 39, "buildings": 5}, {"square": 37, "buildings": 5}]},
        {"name": "Bo", "cash": 2900, "properties": [{"square": 5, "buildings": 0, "mortgaged": True}]},
        {"name": "Cor", "cash": 10, "properties": []}]}),
])
def test_calculator_link_prefills(open_page, lang: str, kind: str, request_: dict) -> None:
    """A link from ``calculator_url`` (as worked examples use) opens the calculator with
    exactly that request and its CPython result."""
    url = rc.calculator_url(lang, kind, request_, "index")
    assert rc.calculator_link(lang, kind, request_).startswith("calculators.md?calc=" + kind)
    sp = open_page(page_path(lang, "index") + url)
    sp.page.wait_for_selector("html[data-calculators=ready]", state="attached")
    wait_runtime(sp.page, f"calc-{kind}")  # the link starts it: a boot may outlast 20 s
    c = Calc(sp.page, kind)
    c.wait_shown(request_)
    assert c.output_text() == Expect(lang, kind).text(request_)
    assert sp.console_errors == [] or all("sitemap" in e or "404" in e for e in sp.console_errors)


@pytest.mark.parametrize("lang", LANGS)
def test_lazy_loading(open_page, lang: str) -> None:
    """A rule page fetches nothing of the runtime, not even the one whose clause links a
    calculator (the link opens the calculators page, where the form lives). On the
    calculators page, scrolling the calculators into view fetches none of it either
    (issue 17): the first interaction does, and its answer arrives. A first visit: fresh
    contexts, nothing cached, the runtime boots cold."""
    for slug in ("setup", "mortgages"):
        sp = open_page(page_path(lang, slug), fresh=True)
        sp.page.wait_for_load_state("networkidle")
        sp.page.mouse.wheel(0, 20000)
        sp.page.wait_for_timeout(300)
        sp.page.wait_for_load_state("networkidle")
        runtime = [u for u in sp.requests if "/assets/pyodide/" in u or "engine.zip" in u
                   or "/assets/calculators/" in u]
        assert runtime == [], slug
        assert any(u.endswith(".css") for u in sp.requests)  # the recorder works
        assert sp.external_requests() == []
    assert sp.page.locator("a.calc-open[data-calc=mortgage]").count() == 1

    sp = open_page(page_path(lang, "calculators"), height=500, fresh=True)
    sp.page.wait_for_load_state("networkidle")
    assert sp.page.is_visible("#calc-mortgage .calc-result") and not any(
        "/assets/pyodide/" in u for u in sp.requests), "the runtime loaded before it was needed"
    status = sp.page.get_attribute("#calc-mortgage .calc-status", "data-state")
    assert status == "idle"
    sp.page.locator("#calc-mortgage").scroll_into_view_if_needed()
    sp.page.mouse.wheel(0, 300)
    sp.page.wait_for_timeout(1500)
    sp.page.wait_for_load_state("networkidle")
    runtime = [u for u in sp.requests if "/assets/pyodide/" in u or "engine.zip" in u
               or u.endswith("/worker.mjs")]
    assert runtime == [], "scrolling a calculator into view started the runtime"
    assert sp.page.get_attribute("#calc-mortgage .calc-status", "data-state") == "idle"
    assert sp.page.get_attribute("#calc-mortgage .calc-result", "data-source") == "build"
    c = Calc(sp.page, "mortgage")
    c.select("action", "lift")  # the first interaction: the runtime starts, the answer comes
    wait_runtime(sp.page, "calc-mortgage")
    sp.page.wait_for_function(
        "() => document.querySelector('#calc-mortgage .calc-result').dataset.source === 'live'"
        " && JSON.parse(document.querySelector('#calc-mortgage').dataset.shownRequest)"
        ".action === 'lift'", timeout=20000)
    assert any(u.endswith("/assets/pyodide/pyodide.asm.wasm") for u in sp.requests)
    # the trimmed, precompiled standard library, at its versioned address (?v=<hash>)
    assert any(u.split("?")[0].endswith("/assets/pyodide/python_stdlib-engine.zip")
               and "?v=" in u for u in sp.requests)
    assert not any(u.split("?")[0].endswith("/python_stdlib.zip") for u in sp.requests)
    assert sum(1 for u in sp.requests if u.endswith("/worker.mjs")) == 1
    assert sp.external_requests() == []


@pytest.mark.parametrize("lang", LANGS)
def test_one_worker_for_all_calculators(open_page, lang: str) -> None:
    sp = open_page(page_path(lang, "calculators"))
    wait_runtime(sp.page)
    for kind in KINDS:
        Calc(sp.page, kind).page.locator(f"#calc-{kind}").scroll_into_view_if_needed()
    c = Calc(sp.page, "mortgage")
    c.select("action", "lift")
    c.wait_shown({"edition": cforms.PAGE_EDITION[lang], "action": "lift", "square": 39})
    assert sum(1 for u in sp.requests if u.endswith("/worker.mjs")) == 1
    assert sum(1 for u in sp.requests if u.endswith("/pyodide.asm.wasm")) == 1
    assert sp.external_requests() == []
    assert [e for e in sp.console_errors if "sitemap" not in e] == []


@pytest.mark.parametrize("lang", LANGS)
def test_runtime_blocked(open_page, browser, site_url: str, lang: str) -> None:
    """With /assets/pyodide/* blocked the calculators say so in the page language, keep the
    build-time result, mark it when the inputs change, and raise no uncaught error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.route("**/assets/pyodide/**", lambda route: route.abort())
        page.goto(site_url + page_path(lang, "calculators"))
        page.wait_for_selector("html[data-calculators=ready]", state="attached")
        page.focus("#calc-rent select")  # the first interaction starts the runtime
        page.wait_for_selector("#calc-rent .calc-status[data-state=failed]", state="attached",
                               timeout=60000)
        expect = Expect(lang, "rent")
        for kind in KINDS:
            c = Calc(page, kind)
            assert squash(page.text_content(f"{c.sel} .calc-status")) == \
                expect.message("calc.failed.runtime")
            assert c.output_text() == Expect(lang, kind).text(defaults(lang, kind))
        c = Calc(page, "rent")
        c.select("buildings", 3)
        page.wait_for_selector("#calc-rent .calc-stale")
        assert squash(page.text_content("#calc-rent .calc-stale")) == expect.message("calc.stale")
        c.select("buildings", 0)
        page.wait_for_selector("#calc-rent .calc-stale", state="detached")
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["nl", "nb"])
def test_runtime_unsupported(browser, site_url: str, lang: str) -> None:
    """A browser without module workers gets the 'unsupported' notice, nothing fetched."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.add_init_script("delete window.Worker;")
        page.goto(site_url + page_path(lang, "calculators"))
        page.wait_for_selector("html[data-calculators=ready]", state="attached")
        page.focus("#calc-rent select")  # the first interaction starts the runtime
        page.wait_for_selector("#calc-rent .calc-status[data-state=failed]", state="attached")
        text = squash(page.text_content("#calc-rent .calc-status"))
        assert text == Expect(lang, "rent").message("calc.failed.unsupported")
        assert not any("/assets/pyodide/" in u for u in requests)
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_javascript_off(browser, site_url: str, lang: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + page_path(lang, "calculators"))
        for kind in KINDS:
            text = squash(page.text_content(f"#calc-{kind} .calc-output"))
            assert text == Expect(lang, kind).text(defaults(lang, kind))
        assert Expect(lang, "rent").message("calc.noscript") in squash(
            page.text_content("#calc-rent"))
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_calculators_next_to_their_clauses(open_page, lang: str) -> None:
    """Each rule page links its calculator with the page's situation filled in: the link
    opens the calculators page showing exactly that calculation (clauses linked there).
    One tab for the four: loading the next rule page stops the runtime the last link
    started (a ``?calc=`` link starts it at once), which nothing here waits for."""
    sp = open_page()
    for kind, slug in RULE_PAGES.items():
        sp.goto(page_path(lang, slug))
        links = sp.page.locator(f"a.calc-open[data-calc={kind}]")
        assert links.count() == 1 and sp.page.locator(f"#calc-{kind}").count() == 0
        href = links.first.get_attribute("href")
        assert href.startswith("../calculators/?calc=" + kind) and href.endswith(f"#calc-{kind}")
        links.first.click()
        sp.page.wait_for_selector("html[data-calculators='ready']", state="attached")
        assert urlsplit(sp.page.url).path.endswith(page_path(lang, "calculators"))
        # the link's situation is the page's default one: the build-time result stays
        assert canon(Calc(sp.page, kind).shown_request()) == canon(defaults(lang, kind))
        assert squash(sp.page.text_content(f"#calc-{kind} .calc-output")) == \
            Expect(lang, kind, "calculators").text(defaults(lang, kind))
        hrefs = sp.page.eval_on_selector_all(f"#calc-{kind} a.calc-clause", "els => els.map(a => a.href)")
        assert hrefs and all(urlsplit(h).path.startswith("/" + ("" if lang == "nl" else lang + "/"))
                             for h in hrefs)


@pytest.mark.parametrize("lang", ["nl", "sv"])
def test_keyboard_only(open_page, lang: str) -> None:
    sp = open_page(page_path(lang, "calculators"))
    page = sp.page
    c = Calc(page, "rent")
    c.field("edition").focus()
    wait_runtime(page)
    seen = []
    for _ in range(6):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("document.activeElement.dataset.key || document.activeElement.className"))
    assert seen[:3] == ["square", "owned", "buildings"], seen
    c.field("owned").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("1")
    page.keyboard.press("Enter")  # submits the form: no navigation, a recalculation
    c.wait_shown({**defaults(lang, "rent"), "owned": 1})
    c.field("buildings").focus()
    page.keyboard.press("ArrowDown")  # onbebouwd -> 1 huis: a built street's group is owned whole
    c.wait_shown({**defaults(lang, "rent"), "buildings": 1})
    assert urlsplit(page.url).path.endswith(page_path(lang, "calculators"))
    assert page.get_attribute("#calc-rent .calc-result", "aria-live") == "polite"
    unlabelled = page.eval_on_selector_all(
        ".calc-form input, .calc-form select",
        "els => els.filter(e => !e.closest('[hidden]') && !e.closest('template')"
        " && e.labels.length === 0).map(e => e.outerHTML.slice(0, 80))")
    assert unlabelled == []


@pytest.mark.parametrize("lang", LANGS)
def test_phone_width(open_page, lang: str) -> None:
    sp = open_page(page_path(lang, "calculators"), width=390, height=800)
    wait_runtime(sp.page)
    c = Calc(sp.page, "score")
    c.click("button[data-add='players']")
    c.page.wait_for_function("s => document.querySelector(s).dataset.shownRequest.includes('\"name\"')",
                             arg=c.sel)
    width = sp.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    for kind in KINDS:
        box = sp.page.locator(f"#calc-{kind}").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        # no control, table or text sticks out of its calculator
        outside = sp.page.eval_on_selector(f"#calc-{kind}", """calc => {
            return [...calc.querySelectorAll('input, select, button, table, p, legend, label')]
              .filter(e => e.getClientRects().length && !e.closest('[hidden]'))
              .filter(e => {
                const box = (e.parentElement.closest('fieldset, .calc-result') || calc)
                  .getBoundingClientRect();
                const b = e.getBoundingClientRect();
                return b.left < box.left - 0.5 || b.right > box.right + 0.5; })
              .map(e => e.outerHTML.slice(0, 60));
        }""")
        assert outside == [], (kind, outside)


@pytest.mark.parametrize("lang", LANGS)
def test_screenshots(open_page, screenshot_dir: Path, lang: str) -> None:
    """Every calculator in each language at desktop and phone width, with a result and
    with an error, for a human to look at."""
    for width, height in ((1280, 900), (390, 800)):
        sp = open_page(page_path(lang, "calculators"), width=width, height=height)
        page = sp.page
        wait_runtime(page)
        # a constructed style sheet: the page's policy (CSP) refuses an inline <style>
        page.evaluate("""css => { const s = new CSSStyleSheet(); s.replaceSync(css);
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, s]; }""",
                      ".md-header, .md-tabs { display: none !important; }")
        for kind in KINDS:
            path = screenshot_dir / f"calculator-{lang}-{kind}-{width}.png"
            page.locator(f"#calc-{kind}").screenshot(path=str(path))
            assert path.stat().st_size > 5000
        c = Calc(page, "rent")
        rent_invalid_owned(c, lang)
        c.wait_shown({**defaults(lang, "rent"), "owned": 9})
        page.locator("#calc-rent").screenshot(
            path=str(screenshot_dir / f"calculator-{lang}-rent-error-{width}.png"))
        assert [e for e in sp.console_errors if "sitemap" not in e] == []


_VISIBLE = """() => {
  // every edition x arrival x square kind of the table the page ships, applied to the rent
  // form through its own controls: which situational fields show
  const shared = JSON.parse(document.querySelector('.calc-shared').textContent);
  const form = document.querySelector('#calc-rent form');
  const set = (key, value) => {
    const node = form.querySelector(`[data-key="${key}"]`);
    node.value = String(value);
    node.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const out = {};
  for (const [ed, byArrival] of Object.entries(shared.rent_fields)) {
    const board = shared.boards[shared.editions[ed].board];
    set('edition', ed);
        for (const arrival of Object.keys(byArrival)) {
      for (const kind of ['street', 'station', 'utility']) {
        set('square', board.find((s) => s[2] === kind)[0]);
        // an arrival the select does not offer for this edition and square (a "nearest"
        // card that reaches no square of this kind) is not a state a player can reach
        const offered = [...form.querySelector('[data-key="arrival"]').options].map((o) => o.value);
        if (!offered.includes(arrival)) continue;
        set('arrival', arrival);
        out[`${ed} ${arrival} ${kind}`] = ['buildings', 'group_built', 'dice', 'reroll', 'speed_face']
          .filter((k) => !form.querySelector(`[data-for="${k}"]`).hidden);
      }
    }
  }
  return out;
}"""


def test_visibility_follows_the_shipped_table(open_page, site_url: str) -> None:
    """The script shows exactly the fields the shipped table (the engine's ``rent_reads``)
    names, for every edition, square kind and arrival offered there; and it reads nothing else: a page
    whose table is altered shows the altered fields."""
    from engine.editions import EDITIONS
    from engine.rent import arrivals
    from hooks.render.calculator_forms import rent_fields

    table = rent_fields()
    # every state the form can reach: arrivals the edition offers for that kind of square
    want = {f"{ed} {a} {k}": fields for ed, by_a in table.items() for a, by_k in by_a.items()
            for k, fields in by_k.items() if a in arrivals(EDITIONS[ed].rules, k)}
    sp = open_page(page_path("nl", "calculators"))
    assert sp.page.evaluate(_VISIBLE) == want

    # the same page with nl-2001's "roll onto a utility" entry changed in the shipped table
    sp = open_page()
    original = json.dumps(table["nl-2001"]["roll"], separators=(",", ":"))
    altered = original.replace('"utility":["dice"]', '"utility":["reroll","speed_face"]')
    assert altered != original

    def swap(route: Any) -> None:
        response = route.fetch()
        body = response.text()
        assert original in body
        route.fulfill(response=response, body=body.replace(original, altered, 1))

    sp.page.route(f"{site_url}calculators/", swap)
    sp.goto(page_path("nl", "calculators"))
    seen = sp.page.evaluate(_VISIBLE)
    assert seen["nl-2001 roll utility"] == ["reroll", "speed_face"]
    assert {k: v for k, v in seen.items() if k != "nl-2001 roll utility"} == {
        k: v for k, v in want.items() if k != "nl-2001 roll utility"}


@pytest.mark.parametrize("lang", LANGS)
def test_share_button_sends_the_calculation_s_link(open_page, lang: str) -> None:
    """Each calculator's "share the link" button (``docs/assets/calculators/share.mjs``) at
    phone width: after the player changes a field, it offers the phone's share sheet the
    current link, the calculator's title and, once the answer is the one for these inputs,
    its headline; where there is no share sheet (here, headless Chromium) it copies the
    link and its label says so, in the page's language, then comes back."""
    sp = open_page(width=390, height=844)
    page = sp.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sp.goto(page_path(lang, "calculators"))
    page.wait_for_selector("html[data-calculators='ready']", state="attached")
    assert page.evaluate("typeof navigator.share") == "undefined"
    button = page.locator("#calc-rent .calc-share-send")
    label = button.inner_text().strip()
    assert label == str(translations().gettext(lang, "calc.share.send"))
    values = page.eval_on_selector_all("#calc-rent-square option", "os => os.map(o => o.value)")
    square = values[3]
    page.select_option("#calc-rent-square", square)
    page.wait_for_function(f"() => document.querySelector('#calc-rent .calc-share-link').href"
                           f".includes('square={square}&')")
    wait_runtime(page)
    page.wait_for_function("() => !document.getElementById('calc-rent').classList.contains('calc-is-stale')")
    href = page.get_attribute("#calc-rent .calc-share-link", "href")
    want = sp.url(page_path(lang, "calculators")) + href
    # no share sheet: the link is copied, and the button says so
    button.click()
    copied = str(translations().gettext(lang, "calc.share.copied"))
    page.wait_for_selector("#calc-rent .calc-share-send[data-state='copied']")
    assert button.inner_text().strip() == copied
    assert page.evaluate("navigator.clipboard.readText()") == want
    assert page.inner_text("#calc-rent .calc-share [role=status]") == f"{copied}: {want}"
    page.wait_for_selector("#calc-rent .calc-share-send:not([data-state])", timeout=5000)
    assert button.inner_text().strip() == label
    # a phone's share sheet: it gets the link, the title and the answer's first line
    page.evaluate("navigator.share = (data) => { window.__shared = data; return Promise.resolve(); }")
    button.click()
    shared = page.wait_for_function("() => window.__shared").json_value()
    assert shared == {"url": want, "title": page.inner_text("#calc-rent .calc-title").strip(),
                      "text": page.inner_text("#calc-rent .calc-headline").strip()}
    assert "data-state" not in (button.evaluate("b => b.outerHTML").split(">")[0])


def test_answer_bar_stands_under_the_calculator_on_a_desktop(open_page) -> None:
    """On a wide screen the answer bar (``peek.mjs``) spans the calculator's column, not the
    whole window under the menus, and says what the answer's first line says."""
    sp = open_page(page_path("nl", "calculators"), width=1280, height=800)
    page = sp.page
    page.wait_for_selector("html[data-calculators='ready']", state="attached")
    page.evaluate("window.scrollTo(0, document.getElementById('calc-rent').offsetTop)")
    page.wait_for_selector('.calc-peek[data-for="calc-rent"]:not([hidden])')
    bar, column = (page.locator(s).bounding_box() for s in ('.calc-peek[data-for="calc-rent"]', "#calc-rent"))
    assert bar and column and abs(bar["x"] - column["x"]) <= 1 and abs(bar["width"] - column["width"]) <= 1
    assert bar["y"] + bar["height"] == 800
    assert page.inner_text('.calc-peek[data-for="calc-rent"]') == page.inner_text("#calc-rent .calc-headline")
