"""Every worked example's "open in the calculator" link, in every language, in Chromium.

Exhaustive on purpose (a sample hid broken links before): every ``a.example-calculator`` of
every built page of every language is followed. Per language one calculators page is opened
and its runtime started once; each link's state is then applied the way the page applies a
link on load (``applyLocation`` in ``calculators.mjs``, which the page also runs on
``popstate``), and the test waits for the calculator's own live result. For each link:

- the example's ``[expected]`` values hold for the request the calculator computed
  (``data-shown-request``), checked with the CPython engine;
- every field the example sets is in that request with the example's value (squares given
  by name count as their board index): nothing the example says is dropped by the form;
- what the page shows is what the build-time renderer shows for that request.

A few links per language are also opened by a real navigation, to prove both paths agree.
Examples whose situation the form cannot express carry no calculator link but a note and
a clause link (checked for every example and language).
"""

from __future__ import annotations

import json
import posixpath
import random
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest

from engine.api import calculate
from engine.boards import GROUPS
from engine.editions import EDITIONS
from hooks.render import render_calculator as rc
from hooks.render import calculator_forms as cforms
from present import urlstate as present_urlstate
from hooks.render.examples import find_example, mismatches, ordered
from page_text import squash
from test_calculators import Expect

pytestmark = pytest.mark.browser

from hooks.catalogs.languages import LANGS  # the table of languages
REAL_NAVIGATIONS = 2
"""Links per language also opened by a real page load (the rest are applied in place)."""


@dataclass(frozen=True)
class Link:
    """One example-to-calculator link as the built site has it."""

    lang: str
    example: str
    page: str  # the site path of the page that holds it
    href: str  # as written in the page

    @property
    def target(self) -> tuple[str, str]:
        """(query without '?', fragment) of the link."""
        parts = urlsplit(self.href)
        return parts.query, parts.fragment

    def site_path(self) -> str:
        """The link resolved against its page: a site path with query and fragment."""
        parts = urlsplit(self.href)
        path = posixpath.normpath(posixpath.join(self.page, parts.path)) + "/"
        return f"{path.lstrip('./')}?{parts.query}#{parts.fragment}"


class _Links(HTMLParser):
    """Collects (example id, href) of ``a.example-calculator`` and the ids of examples that
    say the calculator cannot show them (``.example-no-calculator``)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str | None] = []
        self.links: list[tuple[str, str]] = []
        self.no_calc: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("div", "section", "details"):
            self.stack.append(a.get("data-example"))
        classes = (a.get("class") or "").split()
        current = next((e for e in reversed(self.stack) if e), None)
        if tag == "a" and "example-calculator" in classes and current:
            self.links.append((current, a.get("href") or ""))
        if "example-no-calculator" in classes and current:
            self.no_calc.append(current)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("div", "section", "details") and self.stack:
            self.stack.pop()


def lang_dir(site: Path, lang: str) -> Path:
    return site if lang == "nl" else site / lang


def built_pages(site: Path, lang: str) -> Iterator[tuple[str, Path]]:
    """(site path, file) of every page of one language."""
    root = lang_dir(site, lang)
    for file in sorted(root.rglob("index.html")):
        rel = file.parent.relative_to(site).as_posix()
        if lang == "nl" and rel.split("/")[0] in {"sv", "da", "nb"}:
            continue
        yield ("" if rel == "." else rel + "/"), file


def collect(site: Path, lang: str) -> tuple[list[Link], set[str]]:
    links: list[Link] = []
    no_calc: set[str] = set()
    for path, file in built_pages(site, lang):
        parser = _Links()
        parser.feed(file.read_text(encoding="utf-8"))
        links.extend(Link(lang, ex, path, href) for ex, href in parser.links)
        no_calc.update(parser.no_calc)
    return links, no_calc


def flat(request: dict[str, Any]) -> dict[str, str]:
    return dict(present_urlstate.flatten_request(request))


def _unset_false(value: Any) -> Any:
    """``value`` without ``False`` fields: an unticked box is not sent (the engine's default)."""
    if isinstance(value, dict):
        return {k: _unset_false(v) for k, v in value.items() if v is not False}
    if isinstance(value, list):
        return [_unset_false(v) for v in value]
    return value


def changed_fields(want: dict[str, Any], sent: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    """Fields of ``want`` (squares by index) that ``sent`` lacks or has otherwise."""
    mine, got = flat(_unset_false(want)), flat(_unset_false(sent))
    return {k: (v, got.get(k)) for k, v in mine.items() if got.get(k) != v}


@pytest.fixture(scope="module")
def links(built_site: Path) -> dict[str, tuple[list[Link], set[str]]]:
    return {lang: collect(built_site, lang) for lang in LANGS}


def test_every_calculator_example_links_or_says_why(links, report) -> None:
    """Each example of a calculator kind either links its calculator (on every page it is
    shown) or says the form cannot show it, in every language; and never both."""
    problems = []
    for lang in LANGS:
        found, no_calc = links[lang]
        linked = {l.example for l in found}
        for ex in ordered():
            if not ex.calculator:
                continue
            if ex.opens_calculator and ex.id not in linked:
                problems.append(f"{lang}: {ex.id} has no calculator link")
            if not ex.opens_calculator and ex.id not in no_calc:
                problems.append(f"{lang}: {ex.id} has neither a link nor a note")
            if ex.id in linked and ex.id in no_calc:
                problems.append(f"{lang}: {ex.id} has a link and a 'cannot' note")
        report("example links", f"{lang} links", len(found))
        report("example links", f"{lang} examples linked", len(linked))
    assert not problems, "\n".join(problems)


APPLY = """([query, hash]) => {
  history.pushState(null, "", "?" + query + "#" + hash);
  const before = {};
  for (const s of document.querySelectorAll("section.calc[data-calc]")) before[s.id] = s.dataset.changes;
  window.dispatchEvent(new PopStateEvent("popstate"));
  return before;
}"""

SETTLED = """([sel, before]) => {
  const s = document.querySelector(sel);
  if (!s || s.dataset.changes === before || s.dataset.updated !== s.dataset.changes) return false;
  if (s.hasAttribute("aria-busy")) return false;
  const r = s.querySelector(".calc-result");
  return r.dataset.source === "live" && s.dataset.shownRequest === s.dataset.shownNow;
}"""

STATE = """(sel) => {
  const s = document.querySelector(sel);
  return {shown: s.dataset.shownRequest, text: s.querySelector('.calc-output')
          ? s.querySelector('.calc-output').textContent : '',
          formError: s.querySelector('.calc-form-error').hidden ? ''
          : s.querySelector('.calc-form-error').textContent};
}"""


def check_shown(link: Link, shown: dict[str, Any], text: str) -> list[str]:
    """What is wrong with what the calculator shows for ``link`` (empty: all agrees)."""
    ex = find_example(link.example)
    out = []
    result = calculate(ex.kind, json.loads(json.dumps(shown)))
    for m in mismatches(ex, result):
        out.append(m.describe())
    for key, (value, sent) in changed_fields(present_urlstate.canonical_request(ex.kind, ex.engine_request()),
                                             shown).items():
        out.append(f"field {key}: the example sets {value!r}, the form sends {sent!r}")
    expected_text = Expect(link.lang, ex.kind).text(shown)
    if squash(text) != expected_text:
        out.append(f"the page shows {squash(text)[:200]!r}, the renderer {expected_text[:200]!r}")
    return out


def shown_after(page: Any, link: Link) -> tuple[dict[str, Any], str]:
    query, hash_ = link.target
    sel = f"#{hash_}"
    before = page.evaluate(APPLY, [query, hash_])
    page.wait_for_function(
        """([sel, before]) => {
          const s = document.querySelector(sel);
          return s && s.dataset.changes !== before && s.dataset.updated === s.dataset.changes
            && !s.hasAttribute("aria-busy")
            && s.querySelector(".calc-result").dataset.source === "live";
        }""", arg=[sel, before.get(hash_)], timeout=20000)
    state = page.evaluate(STATE, sel)
    return json.loads(state["shown"] or "null"), state["text"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_example_link_opens_its_numbers(calc_pages, site_url: str, links, lang: str,
                                              report) -> None:
    found, _ = links[lang]
    assert found, f"no example links in {lang}"
    page = calc_pages(lang)
    problems: list[str] = []
    unique: dict[tuple[str, tuple[str, str]], Link] = {}
    for link in found:
        unique.setdefault((link.example, link.target), link)
    for link in unique.values():
        shown, text = shown_after(page, link)
        for p in check_shown(link, shown, text):
            problems.append(f"{link.example} ({link.page}): {p}")
    report("example links", f"{lang} states applied", len(unique))
    # Real navigations agree with the in-place path.
    for link in list(unique.values())[:REAL_NAVIGATIONS]:
        page.goto(site_url + link.site_path())
        page.wait_for_selector("html[data-calculators=ready]", state="attached")
        sel = f"#{link.target[1]}"
        page.wait_for_function(
            "sel => document.querySelector(sel).querySelector('.calc-result')"
            ".dataset.source === 'live'", arg=sel, timeout=120_000)
        page.wait_for_function(
            "sel => { const s = document.querySelector(sel);"
            " return s.dataset.updated === s.dataset.changes && !s.hasAttribute('aria-busy'); }",
            arg=sel, timeout=20000)
        state = page.evaluate(STATE, sel)
        shown = json.loads(state["shown"] or "null")
        for p in check_shown(link, shown, state["text"]):
            problems.append(f"{link.example} (navigation from {link.page}): {p}")
        report("example links", f"{lang} real navigations", 1)
    assert not problems, f"{len(problems)} mismatches in {lang}:\n" + "\n".join(problems)


# --------------------------------------------------------------------------- generated requests

SAMPLES = 12
"""Generated valid requests per calculator and language (48 per calculator in all)."""


def _drop_unshown(kind: str, request: dict[str, Any]) -> dict[str, Any]:
    """Leave out what the form would not show for this request (until nothing is left)."""
    for _ in range(5):
        gone = {p.split(".")[0] for p in cforms.unshown_fields(kind, request)}
        if not gone:
            return request
        request = {k: v for k, v in request.items() if k not in gone}
    return request


def _gen_rent(rng: random.Random) -> dict[str, Any]:
    edition = rng.choice(cforms.KIND_EDITIONS["rent"])
    board = EDITIONS[edition].board
    sq = rng.choice(board.properties)
    size = len(board.group(sq.group)) if sq.group else 1
    req: dict[str, Any] = {"edition": edition, "square": sq.index, "owned": rng.randint(1, size)}
    if rng.random() < 0.5:
        req["buildings"] = rng.randint(0, 5)
    if rng.random() < 0.2:
        req["group_built"] = True
    if rng.random() < 0.2:
        req["mortgaged"] = True
    if rng.random() < 0.3:
        req["group_mortgaged"] = rng.randint(0, size - 1)
    req["arrival"] = rng.choice(["roll", "card", "nearest-card"])
    req["dice"] = [rng.randint(1, 6), rng.randint(1, 6)]
    req["reroll"] = [rng.randint(1, 6), rng.randint(1, 6)]
    req["speed_face"] = rng.choice([1, 2, 3, "bus", "mr-monopoly"])
    if rng.random() < 0.2:
        req["owner_in_jail"] = True
    req["house_rules"] = [r for r in ("free-parking-pot", "auction-every-sale") if rng.random() < 0.3]
    return req


def _gen_jail(rng: random.Random) -> dict[str, Any]:
    edition = rng.choice(cforms.KIND_EDITIONS["jail"])
    req: dict[str, Any] = {"edition": edition, "turn_in_jail": rng.randint(1, 3),
                           "cash": rng.choice([0, 20, 49, 50, 200, 1500]),
                           "cards_owned": rng.choice([0, 0, 1, 2])}
    if rng.random() < 0.3:
        req["card_offer"] = rng.choice([0, 20, 50, 80])
    groups = rng.sample(list(GROUPS), rng.randint(0, 3))
    req["opponents_built"] = [[g, rng.randint(0, 5)] for g in groups]
    return req


def _gen_mortgage(rng: random.Random) -> dict[str, Any]:
    edition = rng.choice(cforms.KIND_EDITIONS["mortgage"])
    board = EDITIONS[edition].board
    action = rng.choice(["mortgage", "lift", "receive", "bankruptcy"])
    if action == "bankruptcy":
        lots = sorted(s.index for s in rng.sample(list(board.properties), rng.randint(1, 3)))
        return {"edition": edition, "action": action, "squares": lots,
                "creditor": rng.choice(["player", "bank"])}
    sq = rng.choice(board.properties)
    req: dict[str, Any] = {"edition": edition, "action": action, "square": sq.index}
    if action == "mortgage" and sq.kind == "street":
        level = rng.randint(0, 4)
        req["buildings"] = {str(l.index): rng.choice([level, max(0, level - 1)])
                            for l in board.group(sq.group)}
    return req


def _gen_score(rng: random.Random) -> dict[str, Any]:
    edition = rng.choice(cforms.KIND_EDITIONS["score"])
    ed = EDITIONS[edition]
    players = []
    for i in range(rng.randint(2, 4)):
        p: dict[str, Any] = {"name": rng.choice(["An", "Bo", "Cleo", "Dag", "Eva"]) + str(i)}
        if ed.card_game is not None:
            p["money"] = rng.randint(0, 12000)
            p["sets"] = [{"value": rng.choice([50, 100, 200, 400]),
                          "kind": rng.choice(["street", "station", "utility"]),
                          "houses": rng.randint(0, 4), "hotel": rng.random() < 0.2,
                          "token": rng.random() < 0.2} for _ in range(rng.randint(0, 2))]
        else:
            p["cash"] = rng.randint(0, 3000)
            lots = rng.sample(list(ed.board.properties), rng.randint(0, 3))
            p["properties"] = [{"square": s.index, "buildings": 0,
                                "mortgaged": rng.random() < 0.3} for s in lots]
        players.append(p)
    return {"edition": edition, "players": players}


GENERATORS = {"rent": _gen_rent, "jail": _gen_jail, "mortgage": _gen_mortgage, "score": _gen_score}


def valid_requests(kind: str, lang: str, n: int) -> list[dict[str, Any]]:
    """``n`` generated requests the engine accepts and the form can hold (seeded)."""
    rng = random.Random(f"{kind}-{lang}")
    out: list[dict[str, Any]] = []
    for _ in range(200 * n):
        if len(out) == n:
            break
        req = _drop_unshown(kind, GENERATORS[kind](rng))
        if "error" not in calculate(kind, json.loads(json.dumps(req))):
            out.append(req)
    assert len(out) == n, f"only {len(out)} valid {kind} requests generated"
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", rc.KINDS)
def test_generated_request_links_show_the_engine_result(calc_pages, lang: str, kind: str,
                                                       report) -> None:
    """Property: for generated valid requests, the calculator link built from the request
    opens a calculator that computes exactly the engine's result for that request and shows
    what the build-time renderer shows for it."""
    page = calc_pages(lang)
    problems = []
    for request in valid_requests(kind, lang, SAMPLES):
        href = rc.calculator_url(lang, kind, present_urlstate.canonical_request(kind, request), "calculators")
        link = Link(lang, "", "calculators/", href)
        shown, text = shown_after(page, link)
        want = calculate(kind, json.loads(json.dumps(request)))
        got = calculate(kind, json.loads(json.dumps(shown)))
        if got != want:
            problems.append(f"{request}: the form computed {shown}")
        lost = changed_fields(present_urlstate.canonical_request(kind, request), shown)
        if lost:
            problems.append(f"{request}: the form dropped or changed {lost}")
        if squash(text) != Expect(lang, kind).text(request):
            problems.append(f"{request}: the page shows other text than the renderer")
        report("generated calculator links", f"{kind}", 1)
    assert not problems, "\n".join(problems)
