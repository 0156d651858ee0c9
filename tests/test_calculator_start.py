"""Every calculator starts right (issue 23, item 1), walked exhaustively in Python through
the functions the form and the worker use:

- for every calculator, edition and square (mortgage: and action), the form's start and
  every single change a player can make from it (every option of every shown select, the
  edge values of every shown number field and one past them, each checkbox and each die
  face, adding and removing list items) gives an answer, or an engine message whose field
  is a field the form shows and names in words (the presenter's "change <label>" sentence,
  in every language);
- the fields follow each other (:func:`hooks.render.calculator_fields.follow`): a built street is
  owned whole, the owned count stays within the group, a level the edition lacks steps down;
- the selects offer only what the edition has (building levels, jail turns) by name;
- the field table (:data:`hooks.render.calculator_fields.FIELDS`) is the form the build renders:
  the same fields, in the same order, with the same conditions, in every scope.

The browser side (the page's own following and its prerendered answers) is
``tests/browser/test_calculator_first_answer.py``.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

import pytest

from hooks.render import calculator_fields as cfl
from hooks.render import calculator_forms as cf
from hooks.render import render_calculator as rc
from hooks.render.calculator_data import Formatter, labels
from hooks.common import Context

from engine.api import calculate
from engine.boards import GROUPS, PROPERTY_KINDS
from engine.editions import EDITIONS, HOUSE_RULES
from engine.rent import ARRIVALS, arrivals
from engine.validate import MAX_AMOUNT
from present.api import LangContext, present
from present.render import error_field

from hooks.catalogs.languages import LANGS  # the table of languages
from present.views import CALCULATORS
KINDS = CALCULATORS

Change = tuple[str, Callable[[dict[str, Any]], dict[str, Any]]]
"""(the field changed, the change applied to a copy of a state)."""


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda st: {**st, key: value}


def number_edges(f: cfl.Field, hi: int | None = None) -> list[int]:
    """The edges of a number field and one past each (what a reader can type)."""
    lo, top = f.lo if f.lo is not None else 0, hi if hi is not None else (
        f.hi if f.hi is not None else MAX_AMOUNT)
    return sorted({lo - 1, lo, top, top + 1})


def field(kind: str, key: str) -> cfl.Field:
    return next(f for f in cfl.FIELDS[kind] if f.key == key)


# --------------------------------------------------------------------------- the changes


def top_changes(kind: str, state: Mapping[str, Any]) -> Iterator[Change]:
    """Every single change of a shown top-level field of ``kind``'s form in ``state``."""
    ed = EDITIONS[state["edition"]]
    board = ed.board
    for f in cfl.FIELDS[kind]:
        if not cfl.shows(state, f.show, f.key) or f.type == "list":
            continue
        if f.key == "edition":
            yield from ((f.key, _set(f.key, e)) for e in cfl.KIND_EDITIONS[kind])
        elif f.key == "square":
            assert board is not None
            yield from ((f.key, _set(f.key, s.index)) for s in board.properties)
        elif f.key == "buildings" and f.type == "select":
            yield from ((f.key, _set(f.key, n)) for n in cfl.level_values(ed))
        elif f.key == "buildings":  # the mortgage form's level map: every lot, every level
            for lot in state.get("buildings") or {}:
                for n in cfl.level_values(ed):
                    yield f.key, (lambda st, lot=lot, n=n: {
                        **st, "buildings": {**st["buildings"], lot: n}})
        elif f.key == "turn_in_jail":
            yield from ((f.key, _set(f.key, n)) for n in cfl.jail_turns(ed))
        elif f.key == "arrival":  # what the select offers for the square (engine.rent.arrivals)
            sq = cfl.square_of(ed, state["square"])
            assert ed.rules is not None and sq is not None
            yield from ((f.key, _set(f.key, a)) for a in arrivals(ed.rules, sq.kind))
        elif f.key == "speed_face":
            yield from ((f.key, _set(f.key, x)) for x in cfl.SPEED_FACES)
        elif f.key == "action":
            yield from ((f.key, _set(f.key, a)) for a in ("mortgage", "lift", "receive", "bankruptcy"))
        elif f.key == "creditor":
            yield from ((f.key, _set(f.key, c)) for c in ("player", "bank"))
        elif f.type == "dice":
            dice = list(state.get(f.key) or f.default)
            for i in range(2):
                for face in range(1, 7):
                    yield f.key, _set(f.key, [face if j == i else d for j, d in enumerate(dice)])
        elif f.type == "bool":
            yield f.key, _set(f.key, not state.get(f.key))
        elif f.type == "int":
            hi = None
            if f.key == "owned":  # its limit follows the group (the form's max=)
                sq = cfl.square_of(ed, state["square"])
                assert board is not None and sq is not None
                hi = cfl.group_size(board, sq)
            elif f.key == "group_mortgaged":
                hi = max(0, int(state.get("owned", 1)) - 1)
            yield from ((f.key, _set(f.key, n)) for n in number_edges(f, hi))
            if f.optional:
                yield f.key, (lambda st, key=f.key: {k: v for k, v in st.items() if k != key})
        elif f.type == "multi" and f.key == "house_rules":
            for r in HOUSE_RULES:
                yield f.key, (lambda st, r=r: {**st, "house_rules": sorted(
                    set(st.get("house_rules") or []) ^ {r}, key=HOUSE_RULES.index)})
        elif f.type == "multi":  # the bankrupt player's mortgaged lots
            assert board is not None
            for s in board.properties:
                yield f.key, (lambda st, i=s.index: {**st, "squares": sorted(
                    set(st.get("squares") or []) ^ {i})})
        elif f.type == "levels":
            for g in GROUPS:
                for n in [None, *cfl.level_values(ed)]:
                    yield f.key, (lambda st, g=g, n=n: {**st, "opponents_built": [
                        [h, lv] for h, lv in [*(p for p in st["opponents_built"] if p[0] != g),
                                              *([[g, n]] if n is not None else [])]
                        if True]})
        else:
            raise AssertionError(f"no changes known for {kind}.{f.key} ({f.type})")


def _player(st: Mapping[str, Any], i: int, fn: Callable[[dict[str, Any]], dict[str, Any]]
            ) -> dict[str, Any]:
    players = [dict(p) for p in st["players"]]
    players[i] = fn(players[i])
    return {**st, "players": players}


def score_changes(state: Mapping[str, Any], lang: str) -> Iterator[Change]:
    """The score form's changes inside its players: names, amounts, every property's
    square and level and mortgage, a set's fields, adding and removing items."""
    ed = EDITIONS[state["edition"]]
    players = state["players"]
    card = ed.mode == "card-game"
    names = [str(Formatter(lang).plain("calc.score.default_name", {"n": str(n)}))
             for n in range(1, cfl.MAX_PLAYERS + 1)]
    if len(players) < cfl.MAX_PLAYERS:
        new = cfl.form_request("score", {"edition": ed.id, "players": [
            {"name": names[len(players)], "cash": 0, "money": 0}]})["players"][0]
        yield "players", lambda st: {**st, "players": [*st["players"], new]}
    if len(players) > cfl.MIN_PLAYERS:
        yield "players", lambda st: {**st, "players": st["players"][:-1]}
    for i, p in enumerate(players):
        yield "name", lambda st, i=i: _player(st, i, lambda p: {k: v for k, v in p.items() if k != "name"}
                                              | {"name": names[i]})
        yield "name", lambda st, i=i: _player(st, i, lambda p: {**p, "name": names[(i + 1) % 2]})
        money = "money" if card else "cash"
        for n in number_edges(next(f for f in cfl._PLAYER if f.key == money)):
            yield money, lambda st, i=i, n=n, k=money: _player(st, i, lambda p: {**p, k: n})
        if card:
            yield "sets", lambda st, i=i: _player(st, i, lambda p: {**p, "sets": [
                *p.get("sets", []), cfl.form_request("score", {"edition": ed.id, "players": [
                    {"sets": [{}]}]})["players"][0]["sets"][0]]})
            for j, s in enumerate(p.get("sets") or []):
                for f in cfl._SET:
                    values: list[Any]
                    if f.type == "int":
                        values = number_edges(f)
                    elif f.type == "bool":
                        values = [not s.get(f.key)]
                    elif f.key == "kind":
                        values = list(PROPERTY_KINDS)
                    else:
                        values = list(range(5))
                    for v in values:
                        yield f.key, lambda st, i=i, j=j, k=f.key, v=v: _player(st, i, lambda p: {
                            **p, "sets": [{**x, k: v} if n == j else x
                                          for n, x in enumerate(p["sets"])]})
            continue
        assert ed.board is not None
        yield "properties", lambda st, i=i: _player(st, i, lambda p: {
            **p, "properties": [*p["properties"], {"square": 1, "buildings": 0}]})
        for j, q in enumerate(p.get("properties") or []):
            yield "properties", lambda st, i=i, j=j: _player(st, i, lambda p: {
                **p, "properties": [x for n, x in enumerate(p["properties"]) if n != j]})
            prop = lambda st, i, j, fn: _player(st, i, lambda p: {  # noqa: E731
                **p, "properties": [fn(dict(x)) if n == j else x
                                    for n, x in enumerate(p["properties"])]})
            for s in ed.board.properties:
                yield "square", lambda st, i=i, j=j, v=s.index: prop(st, i, j, lambda x: {**x, "square": v})
            for lv in cfl.level_values(ed):
                yield "buildings", lambda st, i=i, j=j, v=lv: prop(st, i, j, lambda x: {**x, "buildings": v})
            yield "mortgaged", lambda st, i=i, j=j: prop(st, i, j, lambda x: {
                **{k: v for k, v in x.items() if k != "mortgaged"},
                **({} if x.get("mortgaged") else {"mortgaged": True})})


# --------------------------------------------------------------------------- the starts


def starts(kind: str, edition: str, lang: str) -> Iterator[dict[str, Any]]:
    """The states a player starts from: the edition's start, for every square (and, in the
    mortgage form, every action): what the form holds once those are chosen."""
    base = cfl.default_request(kind, lang, edition)
    board = EDITIONS[edition].board
    if kind == "rent":
        assert board is not None
        for s in board.properties:
            yield cfl.follow(kind, {**base, "square": s.index}, "square")
    elif kind == "mortgage":
        assert board is not None
        for action in ("mortgage", "lift", "receive", "bankruptcy"):
            for s in board.properties:
                yield cfl.follow(kind, {**base, "action": action, "square": s.index}, "square")
    else:
        yield base


def shown_path(kind: str, state: Mapping[str, Any], path: str) -> bool:
    """Whether the request path names a field (or list item) the form shows in ``state``."""
    fields, node = cfl.FIELDS[kind], state
    parts = path.split(".")
    i = 0
    while i < len(parts):
        f = next((x for x in fields if x.key == parts[i]), None)
        if f is None or not cfl.shows(state, f.show, f.key):
            return False
        if f.type == "list" and i + 1 < len(parts):
            items = node.get(f.key) or []
            index = parts[i + 1]
            if not index.isdigit() or int(index) >= len(items):
                return False
            fields, node, i = f.items, items[int(index)], i + 2
            continue
        return True
    return True


def _context(lang: str) -> LangContext:
    fmt = Formatter(lang)
    return LangContext(fmt, {})


def check(kind: str, state: Mapping[str, Any], ctx: LangContext, seen: set[str] | None = None
          ) -> str | None:
    """The request the form sends for ``state``: its answer must render, or its engine
    message name a field the form shows, in words. Returns the problem, or None (also
    for a request already in ``seen``: states that send the same request are one)."""
    request = cfl.form_request(kind, state)
    if seen is not None:
        key = rc.request_key(request)
        if key in seen:
            return None
        seen.add(key)
    result = calculate(kind, request)
    out = present(kind, request, result, ctx)
    if "error" not in result:
        return None if out["html"].startswith('<div class="calc-output">') else "no answer"
    field = error_field(result)
    if field is None or not shown_path(kind, state, field):
        return f"{result['error']} names {field!r}, not a field the form shows"
    label = ctx.presenter.field_label(kind, field)
    if label is None:
        return f"{result['error']} on {field!r}: the field has no label to name it"
    if label not in out["html"]:
        return f"{result['error']} on {field!r}: the message does not name {label!r}"
    return None


STATES_CHECKED: dict[str, int] = {}


@pytest.mark.parametrize("kind", KINDS)
def test_every_start_and_single_change_answers_or_names_its_field(kind: str) -> None:
    lang = "nl"
    ctx = _context(lang)
    problems: list[str] = []
    seen: set[str] = set()
    count = 0
    for edition in cfl.KIND_EDITIONS[kind]:
        for start in starts(kind, edition, lang):
            count += 1
            if (p := check(kind, start, ctx, seen)) is not None:
                problems.append(f"{edition} start {cfl.form_request(kind, start)}: {p}")
            changes = list(top_changes(kind, start))
            if kind == "score":
                changes += list(score_changes(start, lang))
            for key, change in changes:
                state = cfl.follow(kind, change(start), key)
                count += 1
                if (p := check(kind, state, ctx, seen)) is not None:
                    problems.append(f"{edition}, {key} -> {cfl.form_request(kind, state)}: {p}")
    STATES_CHECKED[kind] = count
    print(f"\n{kind}: {count} states walked, {len(seen)} distinct requests checked, "
          f"{len(problems)} problems")
    assert not problems, f"{len(problems)} of {count} states:\n" + "\n".join(problems[:20])
    assert len(seen) > {"rent": 4000, "jail": 400, "mortgage": 3000, "score": 1000}[kind]


def test_every_label_an_error_can_name_reads_in_every_language() -> None:
    """The sentence that names a field, in every language, for every field of every form."""
    for lang in LANGS:
        fmt = Formatter(lang)
        for kind in KINDS:
            for path, f in cfl.walk(cfl.FIELDS[kind]):
                label = fmt.field_label(kind, path.replace("*", "0"))
                assert label and label != f.label, (lang, kind, path)
                lead = fmt.t("calc.invalid_field", {"field": label}).html(lang)
                assert label in lead and not lead.startswith("calc."), (lang, kind, path)


# --------------------------------------------------------------------------- following


def test_fields_follow_each_other() -> None:
    for edition in cfl.KIND_EDITIONS["rent"]:
        ed = EDITIONS[edition]
        assert ed.board is not None
        for s in ed.board.properties:
            size = cfl.group_size(ed.board, s)
            start = cfl.follow("rent", {**cfl.default_request("rent", "nl", edition),
                                        "square": s.index}, "square")
            assert 1 <= start["owned"] <= size, (edition, s.name)
            assert calculate("rent", cfl.form_request("rent", start)).get("error") is None
            if s.kind != "street":
                continue
            built = cfl.follow("rent", {**start, "buildings": 3}, "buildings")
            assert built["owned"] == size, (edition, s.name)  # a built street: the whole group
            lower = cfl.follow("rent", {**built, "owned": size - 1}, "owned")
            assert lower["owned"] == size - 1 and lower["buildings"] == 0, (edition, s.name)
    short = cfl.follow("rent", {**cfl.default_request("rent", "nl", "nl-2001-short"),
                                "buildings": 4}, "edition")
    assert short["buildings"] == 3  # the short game has no fourth house


def test_selects_offer_what_the_edition_has_by_name() -> None:
    """Building levels by name, only those of the edition; jail turns up to its last; the
    ways to arrive on each square, only those the edition has for it."""
    fmt = Formatter("nl")
    for edition in cfl.KIND_EDITIONS["rent"]:
        ed = EDITIONS[edition]
        assert ed.rules is not None
        form = cf.Form(ctx("nl"), fmt, "calc-rent", cfl.default_request("rent", "nl", edition))
        values = [v for v, _ in form.level_options()]
        houses = ed.rules.houses_before_hotel.value
        assert values == [str(n) for n in range(houses + 1)] + ["5"], edition
        names = [str(t) for _, t in form.level_options()]
        assert names[-1] == "hotel" and not any(n.isdigit() for n in names), names
        jail = cf.Form(ctx("nl"), fmt, "calc-jail", cfl.default_request("jail", "nl", edition))
        html = str(cf.FORMS["jail"](jail))
        turns = html.split('data-key="turn_in_jail"')[1].split("</select>")[0]
        assert turns.count("<option") == ed.rules.jail_max_turns.value, edition
    assert cfl.level_values(EDITIONS["nl-2001-short"]) == [0, 1, 2, 3, 5]
    # the ways to arrive: a "nearest station / utility" card only where the edition has one
    # for that kind of square (it was offered everywhere, and answered with an error)
    offered = {}
    for edition in cfl.KIND_EDITIONS["rent"]:
        ed = EDITIONS[edition]
        assert ed.board is not None
        for sq in ed.board.properties:
            form = cf.Form(ctx("nl"), fmt, "calc-rent", cfl.follow(
                "rent", {**cfl.default_request("rent", "nl", edition), "square": sq.index}, "square"))
            html = str(cf.FORMS["rent"](form))
            select = html.split('data-key="arrival"')[1].split("</select>")[0]
            values = tuple(v for v in ARRIVALS if f'value="{v}"' in select)
            assert values == arrivals(ed.rules, sq.kind), (edition, sq.name, values)
            offered[(edition, sq.kind)] = values
    assert "nearest-card" in offered[("classic-us", "station")]
    assert "nearest-card" in offered[("classic-us", "utility")]
    assert all("nearest-card" not in v for (e, k), v in offered.items()
               if e in ("nl-2001", "nordic-2005", "nl-modern") or k == "street")


# --------------------------------------------------------------------------- the table is the form


def ctx(lang: str) -> Context:
    return Context(lang, "calculators", f"docs/{lang}/calculators.md", 1, None, "calculator",
                   ("rent",), Path("docs"))


class _Scopes(HTMLParser):
    """Every ``data-key`` of a form with its scope (the nearest enclosing item) and its
    ``data-show``, in document order (template items included: they are items too)."""

    VOID = frozenset({"input", "br", "img", "hr", "meta", "link", "option"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str | None]] = []
        self.keys: list[tuple[str, str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        show = next((s for _, s in reversed(self.stack) if s), None)
        scope = next((k for k, _ in reversed(self.stack) if k.startswith("item:")), "form")
        if a.get("data-key") and tag != "fieldset" or (tag == "fieldset" and a.get("data-key")):
            self.keys.append((scope, str(a["data-key"]), a.get("data-show") or show))
        marker = "item:" + str(self._last_list()) if "data-item" in a else ""
        if tag not in self.VOID:
            name = a.get("data-key") if a.get("data-type") == "list" else a.get("data-template")
            self.stack.append((marker or (f"list:{name}" if name else ""), a.get("data-show")))

    def _last_list(self) -> str:
        return next((k[5:] for k, _ in reversed(self.stack) if k.startswith("list:")), "?")

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()


@pytest.mark.parametrize("kind", KINDS)
def test_the_field_table_is_the_rendered_form(kind: str) -> None:
    state = cfl.default_request(kind, "nl")
    if kind == "mortgage":
        state = {**state, "action": "bankruptcy"}
    parser = _Scopes()
    parser.feed(str(cf.FORMS[kind](cf.Form(ctx("nl"), Formatter("nl"), f"calc-{kind}", state))))
    rendered: dict[str, list[str]] = {}
    for scope, key, _ in parser.keys:
        if key not in rendered.setdefault(scope, []):
            rendered[scope].append(key)
    table: dict[str, list[str]] = {"form": [f.key for f in cfl.FIELDS[kind]]}
    for path, f in cfl.walk(cfl.FIELDS[kind]):
        if f.items:
            table[f"item:{f.key}"] = [x.key for x in f.items]
    assert rendered == table


def test_the_page_carries_a_prerendered_answer_for_every_edition(tmp_path: Path) -> None:
    """What the build puts into each calculator's config: one answer per edition it
    offers, each the presenter's answer to that edition's start (its key the request)."""
    from hooks.render.calculator_data import clause_links

    for lang in LANGS:
        fmt = Formatter(lang)
        links = clause_links(lambda page, cid: f"{page}#{cid}")
        for kind in KINDS:
            pre = rc.prerendered(ctx(lang), fmt, kind, links)
            assert [p["edition"] for p in pre][0] == cfl.default_request(kind, lang)["edition"]
            assert sorted(p["edition"] for p in pre) == sorted(cfl.KIND_EDITIONS[kind])
            for p in pre:
                request = json.loads(p["key"])
                assert request == cfl.default_request(kind, lang, p["edition"]) or (
                    p["edition"] == cfl.default_request(kind, lang)["edition"])
                assert p["html"] == present(kind, request, calculate(kind, request),
                                            LangContext(fmt, links))["html"]
                assert "calc-output-error" not in p["html"], (lang, kind, p["edition"])


def test_the_edition_select_groups_the_shorter_games() -> None:
    """Every edition once, in a group a player looks for: the short, timed and speed games
    together under their own heading, apart from the ordinary game and the card game."""
    for lang in LANGS:
        fmt = Formatter(lang)
        form = cf.Form(ctx(lang), fmt, "calc-score", cfl.default_request("score", lang))
        groups = form.edition_groups("score")
        seen = [o.value for _, opts in groups for o in opts]
        assert sorted(seen) == sorted(cfl.KIND_EDITIONS["score"]), lang
        shorter = next(opts for label, opts in groups
                       if label == fmt.plain("calc.edition_group.shorter"))
        assert {o.value for o in shorter} == {e for e in EDITIONS
                                              if EDITIONS[e].mode in ("short", "timed", "speed")}
        assert len({label for label, _ in groups}) == 3 and not any(
            label.startswith("calc.") for label, _ in groups), lang
        html = str(cf.FORMS["score"](form))
        assert html.count("<optgroup") == 3
