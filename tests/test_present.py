"""The presenter (``present/``) in CPython: what the build shows and what the browser's
worker answers with, since both call these functions (``present.api.answer`` in the worker,
``hooks/render/render_calculator.py`` at build time; a few browser tests check the page shows
exactly this HTML).

- the number table is what Babel (CLDR) gives, and numbers, amounts and percentages
  written from it agree with Babel in all four languages;
- plural forms follow each catalog's ``Plural-Forms`` (n = 0, 1, 2 and more), with the one
  evaluator (``hooks/catalogs/i18n.py`` uses it too);
- every calculator kind's view over every worked example's result, in all four languages:
  well-formed HTML, every value filled, every step linked to its clause;
- an engine error gives its message and the request path it belongs to;
- the query string round-trips through the decoder the page uses (here in Python).
"""

from __future__ import annotations

import gettext
import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from engine.clauses import CLAUSES
from babel import Locale
from babel.numbers import format_decimal, format_percent, get_minus_sign_symbol

from engine.api import calculate
from hooks.render import calculator_data as cdata
from hooks.render import calculator_forms as cforms
from present import render as present_render
from present import urlstate as present_urlstate
from hooks.common import Context
from hooks.render.examples import load_examples
from hooks.catalogs.i18n import LANGS, translations
from present import api, messages, numbers, urlstate
from present.render import Presenter, render_output
from present.views import VIEWS
from tools import number_table

KINDS = tuple(VIEWS)


# --------------------------------------------------------------------------- numbers


def test_number_table_is_what_babel_gives() -> None:
    """``present/number_data.py`` is generated: a stale or hand-edited table fails here."""
    committed = number_table.TARGET.read_text(encoding="utf-8")
    assert committed == number_table.source(), "run: python -m tools.number_table"


def test_number_table_check_fails_when_edited(tmp_path: Path, monkeypatch) -> None:
    edited = tmp_path / "number_data.py"
    text = number_table.TARGET.read_text(encoding="utf-8")
    assert "'decimal': {'da': ','" in text
    edited.write_text(text.replace("'decimal': {'da': ','", "'decimal': {'da': '.'"))
    monkeypatch.setattr(number_table, "TARGET", edited)
    assert number_table.main(["--check"]) == 1


def _values(seed: int) -> list[float | int]:
    rng = random.Random(seed)
    out: list[float | int] = [0, 1, -1, 7, 999, 1000, 1500, -1500, 1234567, 0.5, 0.125, 2.675,
                              -82.5, 10 ** 7, 1 / 3, 2 / 3, 17.5, 0.005, 1.005]
    for _ in range(300):
        out.append(rng.choice([rng.randint(-10 ** 9, 10 ** 9), rng.uniform(-1e6, 1e6),
                               round(rng.uniform(-100, 100), 3), rng.randint(-40, 40) / 8]))
    return out


def _babel(lang: str, value: float | int, pattern: str) -> str:
    """Babel's digits with the language's minus sign (Babel writes an explicit pattern's
    minus as ASCII ``-``); no "-0"."""
    text = format_decimal(abs(value), format=pattern, locale=lang)
    negative = value < 0 and text.strip("0,.\xa0\u202f") != ""
    return get_minus_sign_symbol(lang) + text if negative else text


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_agree_with_babel(lang: str) -> None:
    for value in _values(len(lang)):
        assert numbers.number(lang, value) == _babel(lang, value, "#,##0.##"), value
        assert numbers.number(lang, value, 2) == _babel(lang, value, "#,##0.00"), value
        assert numbers.number(lang, value, 0) == _babel(lang, value, "#,##0"), value
        assert numbers.number(lang, value, max_decimals=3) == _babel(lang, value, "#,##0.###")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("currency,symbol", [("EUR", "€"), ("USD", "$")])
def test_amounts_agree_with_babel(lang: str, currency: str, symbol: str) -> None:
    """The language's currency pattern (CLDR, through Babel) with the narrow symbol: whole
    amounts without decimals, others with two."""
    pattern = Locale.parse(lang).currency_formats["standard"]
    minus = get_minus_sign_symbol(lang)
    for value in _values(7):
        decimals = "" if float(value).is_integer() else ".00"
        digits = format_decimal(abs(value), format="#,##0" + decimals, locale=lang)
        negative = value < 0 and digits.strip("0,.\xa0") != ""
        i = 1 if negative else 0
        want = (pattern.prefix[i] + digits + pattern.suffix[i]).replace("-", minus)
        assert numbers.amount(lang, value, currency) == want.replace("¤", symbol), value


@pytest.mark.parametrize("lang", LANGS)
def test_percentages_agree_with_babel(lang: str) -> None:
    pattern = Locale.parse(lang).percent_formats[None].pattern
    for p in [0.0, 0.5, 1.0, 0.123456, 0.0004, 1 / 3] + [random.Random(3).random() for _ in range(50)]:
        for digits in (0, 1, 2):
            fmt = pattern.replace("#,##0", "#,##0" + ("." + "0" * digits if digits else ""), 1)
            assert numbers.percent(lang, p, digits) == format_percent(p, format=fmt, locale=lang)


def test_what_todays_pages_show() -> None:
    """The calculators' numbers as the browser's Intl wrote them before (the CLDR group
    symbol of sv and nb is a no-break space U+00A0; the minus sign U+2212)."""
    assert numbers.amount("nl", 1500, "EUR") == "€\xa01.500"
    assert numbers.amount("sv", -82.5, "USD") == "−82,50\xa0$"
    assert numbers.amount("nb", 1234567, "EUR") == "1\xa0234\xa0567\xa0€"
    assert numbers.amount("da", 17.5, "EUR") == "17,50\xa0€"
    assert numbers.number("sv", -0.001) == "0"  # never "-0"


def test_bad_numbers_never_crash() -> None:
    for bad in (float("nan"), float("inf"), None, True, "12"):
        assert numbers.number("nl", bad) == "—"  # type: ignore[arg-type]
        assert numbers.amount("nl", bad, "EUR") == "—"  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        numbers.number("fr", 1)


# --------------------------------------------------------------------------- plurals


def test_one_plural_evaluator() -> None:
    import hooks.catalogs.i18n

    assert hooks.catalogs.i18n.plural_rule is messages.plural_rule
    assert hooks.catalogs.i18n.count_of is messages.count_of


@pytest.mark.parametrize("expr", [
    "(n != 1)", "n>1", "0", "(n==1) ? 0 : 1", "!(n == 1)",
    "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
    "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
])
def test_plural_rule_agrees_with_gettext(expr: str) -> None:
    ours, theirs = messages.plural_rule(expr), gettext.c2py(expr)
    assert [ours(n) for n in range(250)] == [theirs(n) for n in range(250)]


@pytest.mark.parametrize("bad", ["n; 1", "import os", "n ==", "(n", "n ? 1", "", "n +* 2"])
def test_bad_plural_expression_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        messages.plural_rule(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_follow_the_catalog(lang: str) -> None:
    """n = 0, 1, 2, 21: the form the catalog's Plural-Forms pick, for every plural message
    of the calculators, counted by its count parameter."""
    fmt = cdata.Formatter(lang)
    cat = translations().catalog(lang)
    plural = {k: v for k, v in fmt.messages.items() if isinstance(v, list)}
    assert plural, "the calculators have plural messages"
    for key, forms in plural.items():
        count = fmt.counts[key]
        src_lang = "nl" if key in fmt._fallback else lang
        for n in (0, 1, 2, 21):
            index = translations().catalog(src_lang).plural_index(n)
            params = {count: fmt.number(n)} if count else {}
            want = messages.fill(forms[min(index, len(forms) - 1)], params,
                                 fmt.count_word if src_lang == lang else None)
            assert fmt.plain(key, params) == want, (key, n)
    one, two = (fmt.plain("calc.mortgage.bankruptcy.player", {"lots": fmt.number(n)}) for n in (1, 2))
    assert cat.plural_index(1) != cat.plural_index(2) and one.replace("1", "2") != two


# --------------------------------------------------------------------------- views


class _Tree(HTMLParser):
    """Checks that tags nest and close; collects text and links."""

    VOID = frozenset({"br", "img", "input", "hr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.text: list[str] = []
        self.links: list[str] = []
        self.classes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("class"):
            self.classes.append(str(a["class"]))
        if tag == "a" and "calc-clause" in str(a.get("class") or "").split():
            self.links.append(str(a.get("href")))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (self.stack, tag)
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> _Tree:
    tree = _Tree()
    tree.feed(html)
    tree.close()
    assert tree.stack == [], tree.stack
    return tree


def _links(lang: str) -> dict[str, tuple[str, str]]:
    ctx = Context(lang, "calculators", f"docs/{lang}/calculators.md", 1, None, "calculator",
                  ("rent",), Path("docs"))
    return {k: tuple(v) for k, v in cdata.shared_data(ctx)["clauses"].items()}  # type: ignore[misc]


def _worked(kind: str) -> list[Any]:
    found = [e for e in load_examples().values() if e.kind == kind]
    assert found, kind
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_view_over_the_worked_examples(lang: str, kind: str) -> None:
    """Each worked example of the kind, shown in the language: well-formed HTML, no
    missing message, no unfilled placeholder, every step linked to its clause."""
    fmt, links = cdata.Formatter(lang), _links(lang)
    shown = 0
    for example in _worked(kind):
        result = example.run()
        if "error" in result:
            continue
        html = render_output(fmt, VIEWS[kind], result, links)
        tree = parse(html)
        text = "".join(tree.text)
        assert "i18n-missing" not in tree.classes, (example.id, html)
        for bad in (r"\bNone\b", r"\bnan\b", r"\bNaN\b", r"[{}]", r"\?"):
            assert not re.search(bad, text), (example.id, bad, text)
        assert tree.links == [links[s["clause"]][1] for s in result["steps"]], example.id
        assert html.count('<li data-clause="') == len(result["steps"]) > 0
        # no attribute shows an engine id (title="ruling-timed-valuation" was the tooltip of
        # every step's badge); a badge says in words what it is, a ruling as a ruling
        titles = re.findall(r'(?:title|aria-label)="([^"]*)"', html)
        assert not [t for t in titles if t in links or t.startswith("source-")], (example.id, titles)
        for s in result["steps"]:
            words = fmt.plain("calc.ruling" if CLAUSES[s["clause"]].is_ruling else "calc.rule",
                              {"number": links[s["clause"]][0]})
            assert f'aria-label="{words}"' in html, (example.id, words)
        shown += 1
    assert shown >= 5, (kind, shown)


HOTEL_HEADLINE = {"nl": "€\u00a02.000", "sv": "2\u00a0000\u00a0€", "da": "2.000\u00a0€",
                  "nb": "2\u00a0000\u00a0€"}
"""The rent of a hotel on the Kalverstraat (rent-hotel-kalverstraat), written by hand per
language (it used to be compared with the presenter's own amount(), i.e. with itself)."""


@pytest.mark.parametrize("lang", LANGS)
def test_headline_amounts_are_the_presenters(lang: str) -> None:
    fmt, links = cdata.Formatter(lang), _links(lang)
    example = load_examples()["rent-hotel-kalverstraat"]
    html = render_output(fmt, VIEWS["rent"], example.run(), links)
    headline = html.split('class="calc-headline">')[1].split("</p>")[0]
    assert HOTEL_HEADLINE[lang] in headline.replace("&#x20ac;", "€"), headline


def test_escape_is_html_escape() -> None:
    import html

    rng = random.Random(5)
    for _ in range(2000):
        text = "".join(rng.choice("<>&\"'a é\u00a0{}") for _ in range(rng.randint(0, 12)))
        assert messages.escape(text) == html.escape(text, quote=True), text


def test_views_escape_what_they_show() -> None:
    fmt = cdata.Formatter("nl")
    result = calculate("score", {"edition": "nl-2001", "players": [
        {"name": "<b>A&B</b>", "cash": 100}, {"name": "\"Q'", "cash": 50}]})
    html = render_output(fmt, VIEWS["score"], result, _links("nl"))
    assert "<b>" not in html and "&lt;b&gt;A&amp;B&lt;/b&gt;" in html and "&quot;Q&#x27;" in html
    parse(html)


# --------------------------------------------------------------------------- errors and the api


NOT_MORTGAGED = {"mortgage-lift-not-mortgaged": {
    "nl": "Op de Kalverstraat rust geen hypotheek.",
    "sv": "Det finns ingen inteckning på Kalverstraat.",
    "da": "Kalverstraat er ikke belånt.", "nb": "Kalverstraat er ikke pantsatt."}}
"""The error a worked example raises, typed by hand per language (the loop above compares
the answer with the presenter, which alone could not fail on a wrong word)."""


def _context(lang: str) -> api.LangContext:
    ctx = Context(lang, "calculators", f"docs/{lang}/calculators.md", 1, None, "calculator",
                  ("rent",), Path("docs"))
    return api.load_context(json.dumps(cdata.shared_data(ctx)))


@pytest.mark.parametrize("lang", LANGS)
def test_errors_name_their_field(lang: str) -> None:
    """A worked example the engine refuses: the answer's field is the engine's, its
    field_html the engine message in the language, the html the same error block."""
    ctx, fmt = _context(lang), cdata.Formatter(lang)
    seen = 0
    for kind in KINDS:
        for example in _worked(kind):
            result = example.run()
            if "error" not in result:
                continue
            out = json.loads(api.answer(kind, json.dumps(example.engine_request()), ctx))
            assert out["field"] == result["field"], example.id
            expected = fmt.sentence(result["error"], result["params"], None).html(lang)
            assert out["field_html"] == expected
            if example.id in NOT_MORTGAGED:  # and once against a sentence typed by hand
                assert out["field_html"] == NOT_MORTGAGED[example.id][lang]
            assert out["html"] == present_render.render_error(fmt, result, kind)
            assert "i18n-missing" not in out["html"], out["html"]
            seen += 1
    assert seen >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_uneven_buildings_name_a_hotel_in_words(lang: str) -> None:
    """The lots of an unevenly built group say their buildings in words ("Park Place:
    hotel, Boardwalk: 1 huis"), not the request's level number ("Park Place 5")."""
    result = calculate("check_build", {"edition": "classic-us", "square": "Boardwalk",
                                       "buildings": {"37": 5, "39": 1}})
    assert result["error"] == "error.uneven_buildings"
    text = cdata.Formatter(lang).sentence(result["error"], result["params"], None).text
    cat = translations()
    hotel, house = (str(cat.gettext(lang, f"calc.level.{n}")) for n in (5, 1))
    assert f"Park Place: {hotel}" in text and f"Boardwalk: {house}" in text, text
    assert not re.search(r"Place \d", text), text


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_or_empty_field_is_said_in_words(lang: str) -> None:
    """Beside a field named in words the message says what to do, not the engine's path:
    "Vul dit veld in." rather than "Het veld hotel_value ontbreekt." (a Swedish reader of the
    card game's count), "Kies er minstens één." rather than "Aantal elementer: 0"."""
    fmt = cdata.Formatter(lang)
    missing = {"error": "error.missing_field", "field": "square", "params": {"name": "square"}}
    empty = {"error": "error.list_length", "field": "squares", "params": {"count": 0, "min": 1, "max": 28}}
    assert fmt.field_label("rent", "square") and fmt.field_label("mortgage", "squares")
    said = present_render.error_message(fmt, missing, "rent")
    assert said == fmt.t("calc.fill_in", {}).html(lang) and "square" not in said
    assert present_render.error_message(fmt, empty, "mortgage") == fmt.t("calc.choose_one", {}).html(lang)
    # without a label beside it the engine's own message stays
    assert "square" in present_render.error_message(fmt, missing, "nope")


@pytest.mark.parametrize("lang", LANGS)
def test_the_amounts_of_one_sentence_share_their_cents(lang: str) -> None:
    """An expected cost with cents beside a whole one: both with cents ("€ 551,16 …
    tegenover € 329,00", a Dutch reader met "€ 551,16 … € 329"); all whole, none."""
    fmt = cdata.Formatter(lang)
    key = "step.jail.advice_compare"
    mixed = fmt.step_params(key, {"attempts_left": 2, "leave_cost": 50, "cost_leave": 551.16,
                                  "cost_stay": 329.0}, "EUR")
    whole = fmt.step_params(key, {"attempts_left": 2, "leave_cost": 50, "cost_leave": 551.0,
                                  "cost_stay": 329.0}, "EUR")
    sep = numbers.amount(lang, 1.5, "EUR")[numbers.amount(lang, 1.5, "EUR").index("1") + 1]
    assert all(re.search(rf"\d{re.escape(sep)}\d\d", mixed[k]) for k in ("leave_cost", "cost_leave", "cost_stay")), mixed
    assert not any(re.search(rf"\d{re.escape(sep)}\d\d", whole[k]) for k in ("leave_cost", "cost_leave", "cost_stay")), whole
    # a sum worked out exactly keeps its whole amounts whole: "10% van $ 175 is $ 17,50"
    exact = fmt.step_params("step.mortgage.interest", {"percent": 10, "value": 175,
                                                       "interest": 17.5}, "USD")
    assert re.search(rf"\d{re.escape(sep)}50", exact["interest"]) and \
        not re.search(rf"\d{re.escape(sep)}\d\d", exact["value"]), exact


def test_every_answer_opens_with_its_headline() -> None:
    """The answer comes first: the first thing of every worked example's answer is its
    headline (a mortgage taken over in a trade showed its value and interest first)."""
    ctx = _context("nb")
    seen = 0
    for kind in KINDS:
        for example in _worked(kind):
            if "error" in example.run():
                continue
            out = json.loads(api.answer(kind, json.dumps(example.engine_request()), ctx))
            first = re.search(r"<(p|table|div)\b[^>]*>", out["html"].split(">", 1)[1])
            assert first and 'class="calc-headline"' in first.group(0), (example.id, out["html"][:200])
            seen += 1
    assert seen >= 60


def test_bad_requests_never_crash_the_presenter() -> None:
    ctx = _context("sv")
    for kind, text in [("rent", "{nope"), ("rent", "[]"), ("rent", "NaN"), ("nope", "{}"),
                       ("check_build", '{"edition": "nl-2001"}'), ("rent", '"x"'),
                       ("score", json.dumps({"edition": "nl-2001", "players": [{"name": "\ud800"}]}))]:
        out = json.loads(api.answer(kind, text, ctx))
        assert out["html"].startswith('<div class="calc-output calc-output-error">'), (kind, text)
        assert isinstance(out["field_html"], str) and out["field_html"]


@pytest.mark.parametrize("lang", LANGS)
def test_answer_is_the_build_time_result(lang: str) -> None:
    """What the worker answers for the starting values is the HTML the build put in the page."""
    ctx, fmt, links = _context(lang), cdata.Formatter(lang), _links(lang)
    for kind in KINDS:
        request = cforms.default_request(kind, lang)
        out = json.loads(api.answer(kind, json.dumps(request), ctx))
        assert out["html"] == render_output(fmt, VIEWS[kind], calculate(kind, request), links)
        assert out["field"] is None and out["field_html"] is None
        assert out["query"] == present_urlstate.query_string(kind, present_urlstate.canonical_request(kind, request))


# --------------------------------------------------------------------------- URL state


def _requests() -> list[tuple[str, dict[str, Any]]]:
    out = [(k, cforms.default_request(k, lang)) for k in KINDS for lang in LANGS]
    out += [(e.kind, e.engine_request()) for k in KINDS for e in _worked(k)]
    return out


def test_query_string_round_trips() -> None:
    """Encoded by present.urlstate, decoded the page's way (nested strings), flattened
    again: the same pairs; the kind comes back."""
    for kind, request in _requests():
        canon = urlstate.canonical_request(kind, request)
        query = urlstate.query_string(kind, canon)
        got_kind, decoded = urlstate.decode_query(query)
        assert got_kind == kind
        pairs = urlstate.flatten_request(canon)
        assert _flatten_strings(decoded) == pairs, (kind, request)
        # a list of scalars is one comma-joined value, as the page splits it (asList)
        for path, value in pairs:
            raw = _at(canon, path)
            if isinstance(raw, list):
                assert ([] if value == "" else value.split(",")) == [str(int(v)) if isinstance(v, bool) else str(v)
                                            for v in raw], (path, value)


def _at(data: Any, path: str) -> Any:
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def _flatten_strings(tree: dict[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, value in tree.items():
        if isinstance(value, dict):
            out += _flatten_strings(value, f"{prefix}{key}.")
        else:
            out.append((f"{prefix}{key}", value))
    return out


def test_query_string_encodes_awkward_names() -> None:
    request = {"edition": "nl-2001", "players": [{"name": "Zoë & Co/1,2 ?#", "cash": 1}]}
    query = urlstate.query_string("score", request)
    assert "&Co" not in query and "#" not in query and " " not in query
    assert urlstate.decode_query(query)[1]["players"]["0"]["name"] == "Zoë & Co/1,2 ?#"


def test_presenter_class_is_the_builds() -> None:
    assert issubclass(cdata.Formatter, Presenter)
    assert present_render.render_output is render_output


def test_a_headline_names_a_square_with_its_article() -> None:
    """The headlines are running text too: "voor de hypotheek op het Elektriciteitsbedrijf",
    as the steps below them say it (``present.grammar.ARTICLES``; the headline had the bare
    name)."""
    from engine.editions import EDITIONS
    from engine.mortgage import mortgage_cost
    from present.grammar import ARTICLES

    fmt = cdata.Formatter("nl")
    board = EDITIONS["nl-2001"].board
    assert board is not None
    checked = 0
    for name, article in ARTICLES["nl"].items():
        sq = next((s for s in board.squares if s.name == name), None)
        if sq is None or sq.kind not in ("street", "station", "utility"):
            continue
        result = mortgage_cost({"edition": "nl-2001", "square": sq.index, "action": "mortgage"})
        html = render_output(fmt, VIEWS["mortgage"], result, {})
        headline = html.split('<p class="calc-headline">', 1)[1].split("</p>", 1)[0]
        assert f"op {article} {name}." in headline, headline
        checked += 1
    assert checked == 24  # the 22 streets and 2 utilities (station names take no article)


@pytest.mark.parametrize("lang", LANGS)
def test_mortgaged_streets_of_a_group_are_counted_in_the_sentence(lang: str) -> None:
    """One mortgaged street of the group is "a street" (its name in brackets); two are two
    ("twee straten … hebben een hypotheek (Steenstraat en Velperplein)"), not "Een straat …
    (Steenstraat, Velperplein)" as a Danish reader found: a plural message, its form chosen
    by ``count``, the names a list in the language's words, not joined by the engine."""
    from engine.api import calculate
    from hooks.render.render_example import step_presenter
    fmt = step_presenter(lang)
    said = []
    for mortgaged in (["Velperplein"], ["Steenstraat", "Velperplein"]):
        result = calculate("check_build", {"edition": "nl-2001", "square": "Ketelstraat",
                                           "mortgaged": mortgaged})
        step = next(s for s in result["steps"] if s["key"] == "step.build.set_mortgaged")
        text = fmt.sentence(step["key"], step["params"], "EUR").text
        assert text and text != step["key"] and fmt.join(mortgaged) in text, text  # "… en …"
        said.append(text)
    # (two written as a word: "Op twee straten", "två tomter", test_voice.py)
    assert fmt.count_word(2) in said[1].split() and "2" not in said[0], said
    assert said[0].replace("Velperplein", "") != said[1].replace("Steenstraat, Velperplein", "")
