"""``[[calculator: rent|jail|mortgage|score]]``: a calculator form with its build-time result.

The directive renders a real HTML form (labels tied to inputs, an edition selector
defaulting to the page language's edition) and, under it, the result for the default
inputs computed now, in CPython, by the same engine the browser runs later: the page
is useful with JavaScript off. The result's HTML comes from the presenter
(:mod:`present`), the same functions the browser's worker calls for every recalculation
(``present.api.answer``). A JSON block carries what the page needs: the language context
the worker's presenter uses (the messages in the page language, Dutch where a key is
missing, marked; plural rules; clause links), the boards and a few texts the build
numbered (list legends, default player names).

State lives in the URL (see DESIGN.md, "Calculator links"): :func:`calculator_link`
builds a link that opens a calculator pre-filled with a request (encoded by
:mod:`present.urlstate`, the one encoder).

>>> calculator_link("nl", "rent", {"edition": "nl-2001", "square": 39, "owned": 2})
'calculators.md?calc=rent&edition=nl-2001&square=39&owned=2#calc-rent'
>>> format_amount("nl", 1500, "EUR"), format_amount("sv", -82.5, "USD")
('€\\xa01.500', '−82,50\\xa0$')
"""

from __future__ import annotations

import json
import posixpath
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from hooks.calculator_data import (  # noqa: F401  (the page data, re-exported)
    CALC_PAGE, MAX_PLAYERS, Formatter, _json_script, asset_root, groups_text, page_messages,
    shared_data, too_large_texts)
from hooks.common import ROOT, Context, Html, h, page_path  # noqa: F401  (ROOT: sys.path set up)
from hooks.i18n import LANGS, SOURCE_LANG, translations

from engine.api import calculate
from engine.boards import GROUPS
from engine.validate import MAX_AMOUNT  # noqa: F401  (the tests read the limit here)
from engine.editions import EDITIONS, HOUSE_RULES
from present.numbers import amount as format_amount, number as format_number  # noqa: F401
from present.render import Presenter, render_error, render_output  # noqa: F401
from present.urlstate import canonical_request, flatten_request, query_string  # noqa: F401
from present.views import MONEY_PARAMS, VIEWS  # noqa: F401

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

MIN_PLAYERS = 2
HOTEL = 5


# --------------------------------------------------------------------------- links


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


PAGE_MODULES = ("fields", "runtime", "urlstate")
"""The modules ``calculators.mjs`` imports (``docs/assets/calculators/``)."""


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
    form_html = FORMS[kind](form)
    output = render_output(fmt, VIEWS[kind], result, links)
    query = query_string(kind, canonical_request(kind, state))
    config = {"kind": kind, "id": cid, "defaults": state, "query": query,
              "too_large": too_large_texts(fmt, form_html)}
    share = f"?{query}#{cid}"
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
        form_html,
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
        # its modules fetched with it, not one round trip after it (the import graph is flat)
        parts += [f'<link rel="modulepreload" href="{h(root)}assets/calculators/{m}.mjs">'
                  for m in PAGE_MODULES]
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
