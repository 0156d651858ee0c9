"""The four calculators' forms: which fields each has, their values and their options.

The markup of every kind of field (select, number, text, checkbox, dice, multi, levels,
level map, lists and their ``<template>`` items) is a template in
``overrides/fragments/calculators/`` (:func:`hooks.render.templates.calculator_fragment`,
autoescape on); this module decides what goes into them. :class:`Form` renders one
calculator's form for a state (the page's build-time form, and :func:`unshown_fields`).

Which fields show is looked up, never worked out here: a field whose ``data-show`` is
``reads`` shows when the rent calculation reads it in the form's situation, by the table
:func:`rent_fields` builds from :func:`engine.rent.rent_reads` (the page gets the same table
as ``rent_fields`` in its shared JSON, and ``form.mjs`` ``refreshVisibility`` reads
it); the other conditions are the square's kind (board data), the edition's ``mode``
(edition data) and the mortgage form's ``action`` (its own structure).

>>> fields = rent_fields()
>>> fields["nl-2001"]["roll"]["utility"], fields["nl-2001"]["card"]["utility"]
(['dice'], ['reroll'])
>>> fields["nl-modern-speed"]["roll"]["utility"], fields["nl-2001"]["roll"]["station"]
(['reroll', 'speed_face'], [])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping

from markupsafe import Markup

from hooks.render.calculator_fields import (CALC_PAGE, FIELDS, KIND_EDITIONS, MAX_PLAYERS,
                                            MIN_PLAYERS, PAGE_EDITION, SPEED_FACES, default_request,
                                            edition_defaults, group_size, jail_turns, level_values,
                                            rent_fields, shows, square_of, unshown_fields)
from hooks.common import Context
from hooks.render.templates import calculator_fragment, html

from engine.boards import GROUPS, PROPERTY_KINDS, Square
from engine.editions import EDITIONS, HOUSE_RULES
from engine.jail import edition_card_kind
from engine.rent import ARRIVALS, arrivals
from present.render import Presenter, keyed

__all__ = ["CALC_PAGE", "FIELDS", "FORMS", "Form", "KIND_EDITIONS", "MAX_PLAYERS", "PAGE_EDITION",
           "default_request",
           "edition_defaults", "rent_fields", "unshown_fields"]

# --------------------------------------------------------------------------- the form


@dataclass(frozen=True)
class Option:
    """One ``<option>`` (or die face): its value, its text (trusted HTML or plain text)."""

    value: str
    text: Any
    selected: bool = False


def options(items: Iterable[tuple[Any, Any]], chosen: Any) -> list[Option]:
    """(value, text) pairs as options, the one equal to ``chosen`` (as text) selected."""
    return [Option(str(v), text, str(v) == str(chosen)) for v, text in items]


class Form:
    """Builds one calculator's form HTML (build time) for a given state."""

    def __init__(self, ctx: Context, fmt: Presenter, cid: str, state: Mapping[str, Any]) -> None:
        self.ctx, self.fmt, self.cid, self.state = ctx, fmt, cid, state
        self.ed = EDITIONS[state["edition"]]

    # -- texts
    def t(self, key: str, **params: Any) -> Markup:
        """Message ``key`` as HTML (a Dutch fallback marked)."""
        return html(self.fmt.t(key, {k: str(v) for k, v in params.items()}).html(self.fmt.lang))

    def label(self, key: str) -> Markup:
        """A field's label or help as HTML; where the catalog words it apart for an edition
        whose get-out card is a key (``<key>.key``, :func:`present.render.keyed`), both,
        the one that does not fit the form's edition hidden: the page script shows the
        other when the edition changes (``fields.mjs`` ``showKind``)."""
        if not self.fmt.has(f"{key}.key"):
            return self.t(key)
        keys = edition_card_kind(self.ed) == "key"
        return html(f'<span class="ck-cards"{" hidden" if keys else ""}>{self.t(key)}</span>'
                    f'<span class="ck-keys"{"" if keys else " hidden"}>{self.t(f"{key}.key")}</span>')

    def help(self, key: str) -> Markup | None:
        """The help text under a field, if the catalog has one."""
        return self.label(key) if self.fmt.has(key) else None

    def fid(self, key: str, fid: str | None) -> str:
        return fid or f"{self.cid}-{key.replace('.', '-')}"

    def shown(self, key: str, show: str | None) -> dict[str, Any]:
        """The wrapper's values: its key, its ``data-show`` and whether it starts hidden."""
        return {"key": key, "show": show, "hidden": show is not None and not self.visible(show, key)}

    # -- fields
    def select(self, key: str, label: str, items: Iterable[tuple[Any, Any]], value: Any,
               typ: str = "choice", show: str | None = None, fid: str | None = None,
               squares: str | None = None, choices: str | None = None) -> Markup:
        """A select; ``choices`` names the edition's values it offers (``levels``,
        ``turns``, ``arrivals``: the page script refills it from the edition's data on a
        change)."""
        fid = self.fid(key, fid)
        return calculator_fragment("select.html", **self.shown(key, show), fid=fid, label=self.label(label),
                        type=typ, squares=squares, choices=choices, items=options(items, value), groups=None,
                        help=self.help(f"{label}.help"))

    def number(self, key: str, label: str, value: Any, lo: int | None = None,
               hi: int | None = None, show: str | None = None, optional: bool = False,
               fid: str | None = None, default: int | None = None) -> Markup:
        return calculator_fragment("number.html", **self.shown(key, show), fid=self.fid(key, fid),
                        label=self.label(label), value="" if value is None else value, lo=lo, hi=hi,
                        optional=optional, default=default, help=self.help(f"{label}.help"))

    def text(self, key: str, label: str, value: str, fid: str, show: str | None = None) -> Markup:
        return calculator_fragment("text.html", **self.shown(key, show), fid=fid, label=self.label(label),
                        value=value, help=self.help(f"{label}.help"))

    def checkbox(self, key: str, label: str, value: bool, show: str | None = None,
                 omit_false: bool = True, fid: str | None = None) -> Markup:
        return calculator_fragment("checkbox.html", **self.shown(key, show), fid=self.fid(key, fid),
                        label=self.label(label), checked=value, omit_false=omit_false,
                        help=self.help(f"{label}.help"))

    def dice(self, key: str, label: str, value: list[int] | None, show: str | None) -> Markup:
        value = value or [3, 4]
        dice = [{"label": self.t("calc.die", n=i + 1),
                 "faces": options(((n, n) for n in range(1, 7)), value[i])} for i in range(2)]
        return calculator_fragment("dice.html", **self.shown(key, show), fid=self.fid(key, None),
                        label=self.label(label), default="3,4", dice=dice,
                        help=self.help(f"{label}.help"))

    def multi(self, key: str, label: str, source: tuple[str, str], boxes: list[dict[str, Any]],
              show: str | None = None, help_first: bool = True) -> Markup:
        """Checkboxes (``boxes``: id, value, checked, text); ``source`` names where the
        values come from (``("values", "str")``, ``("squares", "property")``)."""
        return calculator_fragment("multi.html", **self.shown(key, show), fid=self.fid(key, None),
                        label=self.label(label), source=source, boxes=boxes, help_first=help_first,
                        help=self.help(f"{label}.help"))

    def levels(self, key: str, label: str, typ: str, rows: list[dict[str, Any]],
               show: str | None = None) -> Markup:
        """One building-level select per row (``rows``: id, attr, value, label, swatch, choices)."""
        return calculator_fragment("levels.html", **self.shown(key, show), fid=self.fid(key, None),
                        label=self.label(label), type=typ, rows=rows, help=self.help(f"{label}.help"))

    def items_list(self, key: str, items: list[Markup], lo: int, hi: int, add: str,
                   title: str | None = None, show: str | None = None, wrapped: bool = True,
                   cls: str = "") -> Markup:
        """A list the reader adds to and removes from (its items already rendered)."""
        return calculator_fragment("list.html", **self.shown(key, show), items=items, min=lo, max=hi,
                        add=self.t(add), title=self.t(title) if title else None,
                        wrapped=wrapped, cls=cls)

    # -- options
    def edition_options(self, kind: str) -> list[tuple[str, Markup]]:
        return [(e, self.t(f"calc.edition.{e}")) for e in KIND_EDITIONS[kind]]

    def edition_groups(self, kind: str) -> list[tuple[str, list[Option]]]:
        """The editions in groups a player looks for (the ordinary game, a shorter or
        faster one, the card game), by each edition's ``mode`` (edition data)."""
        out: dict[str, list[Option]] = {}
        for e in KIND_EDITIONS[kind]:
            group = EDITION_GROUP[EDITIONS[e].mode]
            out.setdefault(group, []).append(
                Option(e, self.t(f"calc.edition.{e}"), e == self.state["edition"]))
        return [(self.fmt.plain(f"calc.edition_group.{g}"), opts) for g, opts in out.items()]

    def square_options(self) -> list[tuple[str, str]]:
        if self.ed.board is None:  # the card game: squares are not asked for
            return []
        return [(str(s.index), s.name) for s in self.ed.board.squares if s.is_property]

    def level_options(self, with_none: bool = False) -> list[tuple[str, Markup]]:
        """The building levels the edition has, by name (``calc.level.<n>``)."""
        opts = [("", self.t("calc.level.none"))] if with_none else []
        return opts + [(str(n), self.t(f"calc.level.{n}")) for n in level_values(self.ed)]

    def arrival_options(self) -> list[tuple[str, Markup]]:
        """The ways to arrive on the chosen square the edition has (no "nearest station or
        utility" card where it has none: :func:`engine.rent.arrivals`), by name: in the
        edition's words ("with a task" where its Chance and Community Chest are tasks:
        :func:`present.render.keyed`, as the page script's refill, ``fields.mjs``)."""
        sq = self.square()
        offered = arrivals(self.ed.rules, sq.kind) if sq is not None and self.ed.rules else ARRIVALS
        kind = edition_card_kind(self.ed)
        return [(a, self.t(keyed(f"calc.rent.arrival.{a}", kind, self.fmt.has))) for a in offered]

    def group_size(self) -> int:
        """How many lots the chosen square's group has (the owned count's limit)."""
        sq = self.square()
        return group_size(self.ed.board, sq) if sq is not None and self.ed.board else 4

    # -- visibility: looked up (see hooks.render.calculator_fields.shows); form.mjs
    # reads the same
    def square(self) -> Square | None:
        """The square the form names (None: no board, or no such square)."""
        return square_of(self.ed, self.state.get("square"))

    def visible(self, show: str, key: str) -> bool:
        """Whether the field ``key`` with ``data-show="<show>"`` shows in this state."""
        return shows(self.state, show, key)


EDITION_GROUP: Mapping[str, str] = {"standard": "standard", "short": "shorter", "timed": "shorter",
                                     "speed": "shorter", "card-game": "cards"}
"""Edition mode -> the group of the edition select it shows in (``calc.edition_group.*``)."""


def _edition_select(f: Form, kind: str) -> Markup:
    return calculator_fragment("select.html", **f.shown("edition", None), fid=f.fid("edition", None),
                               label=f.t("calc.edition"), type="choice", squares=None, choices=None,
                               items=[], groups=f.edition_groups(kind),
                               help=f.help("calc.edition.help"))


def _boxes(cid: str, items: Iterable[tuple[str, Any]], chosen: set[str]) -> list[dict[str, Any]]:
    """Checkboxes ``<cid>-<value>`` for (value, text) pairs, those in ``chosen`` checked."""
    return [{"id": f"{cid}-{v}", "value": v, "checked": v in chosen, "text": text}
            for v, text in items]


def form_rent(f: Form) -> Markup:
    st = f.state
    faces = [(str(x), f.t(f"calc.speed_face.{x}")) for x in SPEED_FACES]
    house = [(r, f.t(f"calc.house_rule.{r}")) for r in HOUSE_RULES]
    return html("".join([
        _edition_select(f, "rent"),
        f.select("square", "calc.square", f.square_options(), st["square"], "int-choice",
                 squares="property"),
        # the owned count follows the square's group (its limit; the whole group once built)
        f.number("owned", "calc.rent.owned", st.get("owned", 1), 1, f.group_size(), default=1),
        f.select("buildings", "calc.rent.buildings", f.level_options(), st.get("buildings", 0),
                 "int-choice", show="reads", choices="levels"),
        f.checkbox("group_built", "calc.rent.group_built", bool(st.get("group_built")), "reads"),
        f.checkbox("mortgaged", "calc.rent.mortgaged", bool(st.get("mortgaged"))),
        f.number("group_mortgaged", "calc.rent.group_mortgaged", st.get("group_mortgaged", 0), 0,
                 max(0, min(int(st.get("owned", 1)), f.group_size()) - 1), default=0),
        f.select("arrival", "calc.rent.arrival", f.arrival_options(), st.get("arrival", "roll"),
                 choices="arrivals"),
        f.dice("dice", "calc.rent.dice", st.get("dice"), "reads"),
        f.dice("reroll", "calc.rent.reroll", st.get("reroll"), "reads"),
        f.select("speed_face", "calc.rent.speed_face", faces, st.get("speed_face", 1),
                 "speed-face", show="reads"),
        f.checkbox("owner_in_jail", "calc.rent.owner_in_jail", bool(st.get("owner_in_jail"))),
        # the house rules of 000 the rent calculation accepts
        f.multi("house_rules", "calc.house_rules", ("values", "str"),
                _boxes(f"{f.cid}-house_rules", house, set(st.get("house_rules") or [])),
                help_first=False),
    ]))


def form_jail(f: Form) -> Markup:
    st = f.state
    assert f.ed.rules is not None
    turns = [(str(n), f.t("calc.jail.turn_n", n=f.fmt.number(n))) for n in jail_turns(f.ed)]
    built = dict((g, lv) for g, lv in st.get("opponents_built") or [])
    rows = [{"id": f"{f.cid}-built-{g}", "attr": "group", "value": g, "swatch": g,
             "label": f.t(f"calc.group.{g}"),
             "choices": options(f.level_options(with_none=True), built.get(g, "")),
             "offer": "levels-none"} for g in GROUPS]
    return html("".join([
        _edition_select(f, "jail"),
        f.select("turn_in_jail", "calc.jail.turn_in_jail", turns, st.get("turn_in_jail", 1),
                 "int-choice", choices="turns"),
        f.number("cash", "calc.jail.cash", st.get("cash", 0), 0),
        f.number("cards_owned", "calc.jail.cards_owned", st.get("cards_owned", 0), 0, 6,
                 default=0),
        f.number("card_offer", "calc.jail.card_offer", st.get("card_offer"), 0, optional=True),
        f.levels("opponents_built", "calc.jail.opponents_built", "levels", rows),
    ]))


def _lot_rows(f: Form, levels: Mapping[str, int]) -> list[dict[str, Any]]:
    """The building-level rows of the mortgage form: one per street of the square's group."""
    board = f.ed.board
    assert board is not None
    sq = board.squares[int(f.state["square"])]
    if sq.kind != "street" or sq.group is None:
        return []
    return [{"id": f"{f.cid}-b-{lot.index}", "attr": "lot", "value": lot.index, "swatch": None,
             "label": lot.name, "choices": options(f.level_options(), levels.get(str(lot.index), 0)),
             "offer": "levels"}
            for lot in board.group(sq.group)]


def form_mortgage(f: Form) -> Markup:
    st = f.state
    actions = [(a, f.t(f"calc.mortgage.action.{a}")) for a in ("mortgage", "lift", "receive",
                                                               "bankruptcy")]
    creditors = [(c, f.t(f"calc.mortgage.creditor.{c}")) for c in ("player", "bank")]
    assert f.ed.board is not None
    lots = [(str(s.index), s.name) for s in f.ed.board.properties]
    return html("".join([
        _edition_select(f, "mortgage"),
        f.select("action", "calc.mortgage.action", actions, st.get("action", "mortgage")),
        f.select("square", "calc.square", f.square_options(), st.get("square", 39), "int-choice",
                 show="action-single", squares="property"),
        f.levels("buildings", "calc.mortgage.buildings", "level-map",
                 _lot_rows(f, st.get("buildings") or {}), show="action-mortgage street"),
        f.multi("squares", "calc.mortgage.squares", ("squares", "property"),
                _boxes(f"{f.cid}-lot", lots, {str(x) for x in st.get("squares") or []}),
                show="action-bankruptcy"),
        f.select("creditor", "calc.mortgage.creditor", creditors, st.get("creditor", "player"),
                 show="action-bankruptcy"),
    ]))


def _item(f: Form, parts: list[Markup], remove: str, legend: Markup | None = None) -> Markup:
    return calculator_fragment("item.html", parts=parts, remove=f.t(remove), legend=legend,
                    legend_key="calc.score.player_n")


def _player_html(f: Form, i: int | None, player: Mapping[str, Any]) -> Markup:
    """One player of the score form; ``i`` None renders the template (ids ``__ID__``)."""
    n = "__N__" if i is None else str(i + 1)
    pid = f"{f.cid}-p__ID__" if i is None else f"{f.cid}-p{i}"
    props = [_property_html(f, pid, j, p) for j, p in enumerate(player.get("properties") or [])]
    sets = [_set_html(f, pid, j, s) for j, s in enumerate(player.get("sets") or [])]
    row = calculator_fragment("row.html", parts=[
        f.text("name", "calc.score.name", str(player.get("name", "")), f"{pid}-name"),
        f.number("cash", "calc.score.cash", player.get("cash", 0), 0, show="board-game",
                 fid=f"{pid}-cash"),
        f.number("money", "calc.score.money", player.get("money", 0), 0, show="card-game",
                 fid=f"{pid}-money"),
    ])
    return _item(f, [
        row,
        f.items_list("properties", props, 0, 28, "calc.score.add_property",
                     "calc.score.properties", show="board-game"),
        f.items_list("sets", sets, 0, 10, "calc.score.add_set", "calc.score.sets",
                     show="card-game"),
    ], "calc.score.remove_player", legend=f.t("calc.score.player_n", n=n))


def _property_html(f: Form, pid: str, j: int | None, prop: Mapping[str, Any]) -> Markup:
    rid = f"{pid}-prop__ID__" if j is None else f"{pid}-prop{j}"
    return _item(f, [
        f.select("square", "calc.square", f.square_options(), prop.get("square", 1),
                 "int-choice", fid=f"{rid}-square", squares="property"),
        f.select("buildings", "calc.score.buildings", f.level_options(),
                 prop.get("buildings", 0), "int-choice", fid=f"{rid}-buildings", choices="levels"),
        f.checkbox("mortgaged", "calc.score.mortgaged", bool(prop.get("mortgaged")),
                   fid=f"{rid}-mortgaged"),
    ], "calc.score.remove_property")


def _set_html(f: Form, pid: str, j: int | None, s: Mapping[str, Any]) -> Markup:
    rid = f"{pid}-set__ID__" if j is None else f"{pid}-set{j}"
    kinds = [(k, f.t(f"calc.score.set_kind.{k}")) for k in PROPERTY_KINDS]
    houses = [(str(n), f.t(f"calc.level.{n}")) for n in range(5)]
    return _item(f, [
        f.number("value", "calc.score.set_value", s.get("value", 100), 50, 400,
                 fid=f"{rid}-value"),
        f.select("kind", "calc.score.set_kind", kinds, s.get("kind", "street"),
                 fid=f"{rid}-kind"),
        f.select("houses", "calc.score.set_houses", houses, s.get("houses", 0),
                 "int-choice", fid=f"{rid}-houses"),
        f.checkbox("hotel", "calc.score.set_hotel", bool(s.get("hotel")), fid=f"{rid}-hotel"),
        f.checkbox("token", "calc.score.set_token", bool(s.get("token")), fid=f"{rid}-token"),
    ], "calc.score.remove_set")


def form_score(f: Form) -> Markup:
    st = f.state
    players = [_player_html(f, i, p) for i, p in enumerate(st.get("players") or [])]
    templates = [("players", _player_html(f, None, {"cash": 0, "money": 0})),
                 ("properties", _property_html(f, f"{f.cid}-p__PID__", None, {})),
                 ("sets", _set_html(f, f"{f.cid}-p__PID__", None, {}))]
    return html("".join([
        _edition_select(f, "score"),
        f.number("hotel_value", "calc.score.hotel_value", st.get("hotel_value"), 0,
                 show="card-game", optional=True),
        f.items_list("players", players, MIN_PLAYERS, MAX_PLAYERS, "calc.score.add_player",
                     wrapped=False, cls=" calc-players"),
        calculator_fragment("item-templates.html", templates=templates),
    ]))


FORMS: Mapping[str, Callable[[Form], Markup]] = {
    "rent": form_rent, "jail": form_jail, "mortgage": form_mortgage, "score": form_score,
}
