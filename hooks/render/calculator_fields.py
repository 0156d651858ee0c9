"""What each calculator's form holds, as data: its fields (nested for lists), when each
shows, its limits and its label, the values the chosen edition offers, how dependent
fields follow each other, and the request the form sends for a state.

The form's markup (:mod:`hooks.render.calculator_forms`) renders these fields; the page script
(``docs/assets/calculators/form.mjs``) reads the same structure from the form and
applies the same following rules (``follow()`` there, :func:`follow` here), with the
values per edition shipped in the page's shared JSON (``levels``, ``jail_turns``). So
what the form sends for a state is known here without rendering anything
(:func:`form_request`), and the build prerenders the answer for every edition's start.

>>> form_request("rent", {"edition": "nl-2001", "square": 5, "owned": 2, "buildings": 0,
...                        "arrival": "roll", "house_rules": []})
{'edition': 'nl-2001', 'square': 5, 'owned': 2, 'group_mortgaged': 0, 'arrival': 'roll', 'house_rules': []}
>>> follow("rent", {"edition": "nl-2001", "square": 39, "owned": 1, "buildings": 5})["owned"]
2
>>> level_values(EDITIONS["nl-2001-short"])
[0, 1, 2, 3, 5]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator, Mapping

from hooks.common import HOME_EDITION
from hooks.catalogs.i18n import translations

from engine.boards import PROPERTY_KINDS, Board, Square
from engine.editions import EDITIONS, Edition
from engine.money import HOTEL
from engine.rent import ARRIVALS, arrivals, rent_reads
from engine.validate import MAX_AMOUNT

CALC_PAGE = "calculators"
"""The page (same slug in every language) that holds all four calculators."""

MAX_PLAYERS = 8
MIN_PLAYERS = 2

BOARD_EDITIONS: tuple[str, ...] = tuple(e.id for e in EDITIONS.values() if e.board is not None)
KIND_EDITIONS: Mapping[str, tuple[str, ...]] = {
    "rent": BOARD_EDITIONS, "jail": BOARD_EDITIONS, "mortgage": BOARD_EDITIONS,
    "score": tuple(EDITIONS),
}
"""Which editions each calculator offers (the card game only scores)."""

PAGE_EDITION: Mapping[str, str] = HOME_EDITION
"""The edition a calculator starts with, by page language (the language's home edition)."""

SPEED_FACES: tuple[int | str, ...] = (1, 2, 3, "bus", "mr-monopoly")
"""The speed die's faces, as the request writes them (the field shows only where it is played)."""


@dataclass(frozen=True)
class Field:
    """One field of a form: its request key, how it is entered (``type``: select, int,
    text, bool, dice, multi, levels, level-map, list), its label's message key, its
    ``data-show`` condition, the limits of a number, what the form holds when the state
    names nothing, and for a list the fields of one item."""

    key: str
    type: str
    label: str
    show: str | None = None
    lo: int | None = None
    hi: int | None = None
    default: Any = None
    optional: bool = False
    items: tuple["Field", ...] = ()
    min_items: int = 0
    max_items: int = 0
    options: str | None = None
    """The message-key prefix of its options' names (``calc.mortgage.action.``): what an
    error about a choice calls them."""


def _f(key: str, type_: str, label: str, **kw: Any) -> Field:
    return Field(key, type_, label, **kw)


_PROPERTY = (_f("square", "select", "calc.square", default=1),
             _f("buildings", "select", "calc.score.buildings", default=0),
             _f("mortgaged", "bool", "calc.score.mortgaged"))
_SET = (_f("value", "int", "calc.score.set_value", lo=50, hi=400, default=100),
        _f("kind", "select", "calc.score.set_kind", default="street", options="calc.score.set_kind."),
        _f("houses", "select", "calc.score.set_houses", default=0),
        _f("hotel", "bool", "calc.score.set_hotel"),
        _f("token", "bool", "calc.score.set_token"))
_PLAYER = (_f("name", "text", "calc.score.name"),
           _f("cash", "int", "calc.score.cash", show="board-game", lo=0, default=0),
           _f("money", "int", "calc.score.money", show="card-game", lo=0, default=0),
           _f("properties", "list", "calc.score.properties", show="board-game", items=_PROPERTY,
              min_items=0, max_items=28, default=[]),
           _f("sets", "list", "calc.score.sets", show="card-game", items=_SET, min_items=0,
              max_items=10, default=[]))

FIELDS: Mapping[str, tuple[Field, ...]] = {
    "rent": (
        _f("edition", "select", "calc.edition", options="calc.edition."),
        _f("square", "select", "calc.square"),
        _f("owned", "int", "calc.rent.owned", lo=1, hi=4, default=1),
        _f("buildings", "select", "calc.rent.buildings", show="reads", default=0),
        _f("group_built", "bool", "calc.rent.group_built", show="reads"),
        _f("mortgaged", "bool", "calc.rent.mortgaged"),
        _f("group_mortgaged", "int", "calc.rent.group_mortgaged", lo=0, hi=3, default=0),
        _f("arrival", "select", "calc.rent.arrival", default="roll", options="calc.rent.arrival."),
        _f("dice", "dice", "calc.rent.dice", show="reads", default=[3, 4]),
        _f("reroll", "dice", "calc.rent.reroll", show="reads", default=[3, 4]),
        _f("speed_face", "select", "calc.rent.speed_face", show="reads", default=1,
           options="calc.speed_face."),
        _f("owner_in_jail", "bool", "calc.rent.owner_in_jail"),
        _f("house_rules", "multi", "calc.house_rules", default=[], options="calc.house_rule."),
    ),
    "jail": (
        _f("edition", "select", "calc.edition", options="calc.edition."),
        _f("turn_in_jail", "select", "calc.jail.turn_in_jail", default=1),
        _f("cash", "int", "calc.jail.cash", lo=0, default=0),
        _f("cards_owned", "int", "calc.jail.cards_owned", lo=0, hi=6, default=0),
        _f("card_offer", "int", "calc.jail.card_offer", lo=0, optional=True),
        _f("opponents_built", "levels", "calc.jail.opponents_built", default=[]),
    ),
    "mortgage": (
        _f("edition", "select", "calc.edition", options="calc.edition."),
        _f("action", "select", "calc.mortgage.action", default="mortgage",
           options="calc.mortgage.action."),
        _f("square", "select", "calc.square", show="action-single", default=39),
        _f("buildings", "level-map", "calc.mortgage.buildings", show="action-mortgage street"),
        _f("squares", "multi", "calc.mortgage.squares", show="action-bankruptcy", default=[]),
        _f("creditor", "select", "calc.mortgage.creditor", show="action-bankruptcy",
           default="player", options="calc.mortgage.creditor."),
    ),
    "score": (
        _f("edition", "select", "calc.edition", options="calc.edition."),
        _f("hotel_value", "int", "calc.score.hotel_value", show="card-game", lo=0,
           optional=True),
        _f("players", "list", "calc.score.players", items=_PLAYER, min_items=MIN_PLAYERS,
           max_items=MAX_PLAYERS, default=[]),
    ),
}
"""Every calculator's fields in the order of its form (the order the page reads them)."""


def walk(fields: tuple[Field, ...], prefix: str = "") -> Iterator[tuple[str, Field]]:
    """Every field with its path pattern (``players.*.properties.*.square``)."""
    for f in fields:
        yield prefix + f.key, f
        if f.items:
            yield from walk(f.items, f"{prefix}{f.key}.*.")


def field_labels(kind: str) -> dict[str, str]:
    """Request field name -> the message key of its label (what an error names).

    >>> field_labels("rent")["owned"], field_labels("score")["name"]
    ('calc.rent.owned', 'calc.score.name')
    """
    return {f.key: f.label for _, f in walk(FIELDS[kind])}


def option_names(kind: str) -> dict[str, str]:
    """Request field name -> the message-key prefix of its options' names.

    >>> option_names("mortgage")["action"]
    'calc.mortgage.action.'
    """
    return {f.key: f.options for _, f in walk(FIELDS[kind]) if f.options}


def number_limits() -> set[int]:
    """Every upper limit a number field of any form can carry (fixed or following)."""
    out = {f.hi for fields in FIELDS.values() for _, f in walk(fields) if f.hi is not None}
    return out | set(range(0, 5)) | {MAX_AMOUNT}


# --------------------------------------------------------------------------- which fields show


@lru_cache(maxsize=1)
def rent_fields() -> dict[str, dict[str, dict[str, list[str]]]]:
    """edition -> arrival -> square kind -> the situational request fields the rent
    calculation reads there (:func:`engine.rent.rent_reads`), for every edition the rent
    calculator offers: the table both the build's form and the page script look up."""
    return {ed: {arrival: {kind: list(rent_reads(EDITIONS[ed].rules, arrival, kind))
                           for kind in PROPERTY_KINDS}
                 for arrival in ARRIVALS}
            for ed in KIND_EDITIONS["rent"] if EDITIONS[ed].rules is not None}


# --------------------------------------------------------------------------- defaults


def default_request(kind: str, lang: str, edition: str | None = None) -> dict[str, Any]:
    """The request a calculator starts with on a page in ``lang`` (with ``edition``: the
    start once that edition is chosen, its dependent fields followed).

    It holds exactly what the form sends in that state (the page script checks the form
    against it), so the build-time result is the result of the form as shown.

    >>> default_request("rent", "sv")["edition"], default_request("rent", "sv")["owned"]
    ('nordic-2005', 2)
    >>> default_request("score", "nl", "nl-card-game")["players"][0]
    {'name': 'Speler 1', 'money': 0, 'sets': []}
    """
    if edition is not None:
        state = follow(kind, {**default_request(kind, lang), "edition": edition}, "edition")
        return form_request(kind, state)
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


def edition_defaults(kind: str, lang: str) -> dict[str, dict[str, Any]]:
    """Every edition the calculator offers -> the request its form sends once that
    edition is chosen (the page language's own edition: :func:`default_request`)."""
    home = default_request(kind, lang)
    return {e: home if e == home["edition"] else default_request(kind, lang, e)
            for e in KIND_EDITIONS[kind]}


# --------------------------------------------------------------------------- per edition


def level_values(ed: Edition) -> list[int]:
    """The building levels a lot can have in the edition, as the request writes them
    (houses up to the edition's limit, then the hotel: :data:`engine.money.HOTEL`)."""
    if ed.rules is None:
        return list(range(HOTEL + 1))
    return list(range(ed.rules.houses_before_hotel.value + 1)) + [HOTEL]


def jail_turns(ed: Edition) -> list[int]:
    """The turns in jail the edition has (1 to its last)."""
    return list(range(1, (ed.rules.jail_max_turns.value if ed.rules else 3) + 1))


def square_of(ed: Edition, ref: Any) -> Square | None:
    """The board square with index ``ref`` (None: no board, or no such square)."""
    board = ed.board
    try:
        index = int(ref)
    except (TypeError, ValueError):
        return None
    return board.squares[index] if board is not None and 0 <= index < len(board.squares) else None


def group_size(board: Board, sq: Square) -> int:
    """How many lots the square's group (or stations, or utilities) has."""
    return len(board.group(sq.group)) if sq.group is not None else 1


def shows(state: Mapping[str, Any], show: str | None, key: str) -> bool:
    """Whether the field ``key`` with ``data-show="<show>"`` shows in this state: looked up
    in the engine's table (``reads``), board data (a square kind), edition data (its mode)
    or the mortgage form's own structure (``action-*``); ``form.mjs`` does the same."""
    if show is None:
        return True
    return all(_holds(state, token, key) for token in show.split())


def _holds(state: Mapping[str, Any], token: str, key: str) -> bool:
    ed = EDITIONS.get(str(state.get("edition")))
    if ed is None:
        return False
    sq = square_of(ed, state.get("square"))
    if token == "reads":  # the calculation reads this field here (engine.rent.rent_reads)
        by_kind = rent_fields().get(ed.id, {}).get(str(state.get("arrival", "roll")), {})
        return sq is not None and key in by_kind.get(sq.kind, [])
    if token in ("street", "station", "utility"):  # the square's kind: board data
        return sq is not None and sq.kind == token
    if token == "action-single":  # the mortgage form's structure: one lot, or all
        return state.get("action") != "bankruptcy"
    if token.startswith("action-"):
        return state.get("action") == token[len("action-"):]
    if token in ("board-game", "card-game"):  # the edition's mode: edition data
        return (ed.mode == "card-game") == (token == "card-game")
    raise ValueError(f"unknown data-show condition {token!r}")


# --------------------------------------------------------------------------- following


def _level(value: Any, allowed: list[int]) -> Any:
    """A building level the edition has: the value, else the highest one below it."""
    if not isinstance(value, int) or value in allowed:
        return value
    lower = [v for v in allowed if v <= value]
    return lower[-1] if lower else allowed[0]


def _clamp(value: Any, lo: int, hi: int) -> Any:
    return min(max(value, lo), hi) if isinstance(value, int) and not isinstance(value, bool) else value


def follow(kind: str, state: Mapping[str, Any], changed: str | None = None) -> dict[str, Any]:
    """The state after the fields that depend on others have followed a change of the
    field ``changed`` (None: the edition or the square, e.g. at the start): a building
    level the edition lacks steps down; on a street with buildings the owner has the whole
    group; the owned count stays within the group, the mortgaged ones below it; lowering
    the owned count below the group clears the buildings; an arrival by a card the edition
    lacks for that square (:func:`engine.rent.arrivals`) becomes a roll. A number the reader is typing
    (``changed``) is left as typed: the engine's message then names it.

    >>> after = follow("rent", {"edition": "nl-2001", "square": 39, "owned": 2, "buildings": 2}, "owned")
    >>> after["owned"], after["buildings"], after["group_mortgaged"]
    (2, 2, 0)
    >>> follow("rent", {"edition": "nl-2001", "square": 37, "owned": 1, "buildings": 3},
    ...        "owned")["buildings"]
    0
    >>> follow("rent", {"edition": "nl-2001-short", "square": 1, "owned": 2, "buildings": 4})["buildings"]
    3
    """
    out = dict(state)
    ed = EDITIONS.get(str(out.get("edition")))
    if ed is None or ed.board is None:
        return out
    levels = level_values(ed)
    if kind == "rent":
        sq = square_of(ed, out.get("square"))
        out["buildings"] = _level(out.get("buildings", 0), levels)
        if sq is None or not sq.is_property:
            return out
        if ed.rules is not None and out.get("arrival", "roll") not in arrivals(ed.rules, sq.kind):
            out["arrival"] = "roll"  # a card this edition lacks (the select no longer offers it)
        size = group_size(ed.board, sq)
        built = sq.kind == "street" and bool(out.get("buildings"))
        if changed != "owned":
            out["owned"] = size if built else _clamp(out.get("owned", 1), 1, size)
        elif built and isinstance(out.get("owned"), int) and out["owned"] < size:
            out["buildings"] = 0
        if changed != "group_mortgaged" and isinstance(out.get("owned"), int):
            out["group_mortgaged"] = _clamp(out.get("group_mortgaged", 0), 0,
                                            max(0, min(out["owned"], size) - 1))
    elif kind == "jail":
        out["turn_in_jail"] = _clamp(out.get("turn_in_jail", 1), 1, jail_turns(ed)[-1])
        out["opponents_built"] = [[g, _level(lv, levels)]
                                  for g, lv in out.get("opponents_built") or []]
    elif kind == "mortgage":
        sq = square_of(ed, out.get("square"))
        if changed == "action" and out.get("action") == "bankruptcy" and not out.get("squares"):
            # going bankrupt starts from the lot the form named (form.mjs does the same)
            out["squares"] = [sq.index] if sq is not None and sq.is_property else []
        old = out.get("buildings") or {}
        lots = ed.board.group(sq.group) if sq is not None and sq.kind == "street" and sq.group else ()
        out["buildings"] = {str(lot.index): _level(old.get(str(lot.index), 0), levels)
                            for lot in lots}
    elif kind == "score":
        out["players"] = [
            {**p, "properties": [{**q, "buildings": _level(q.get("buildings", 0), levels)}
                                 for q in p.get("properties") or []]}
            if isinstance(p, Mapping) and "properties" in p else p
            for p in out.get("players") or []]
    return out


# --------------------------------------------------------------------------- what the form sends


def _read(fields: tuple[Field, ...], values: Mapping[str, Any], top: Mapping[str, Any]
          ) -> dict[str, Any]:
    """What the page script reads from a scope: the shown fields, a false checkbox, an
    empty optional number or text left out (``fields.mjs`` ``readValue``)."""
    out: dict[str, Any] = {}
    for f in fields:
        if not shows(top, f.show, f.key):
            continue
        value = values.get(f.key, f.default)
        if f.type == "list":
            out[f.key] = [_read(f.items, item if isinstance(item, Mapping) else {}, top)
                          for item in (value or [])]
        elif f.type == "bool":
            if value:
                out[f.key] = True
        elif f.type == "level-map":
            out[f.key] = dict(value or {})
        elif value is not None and value != "":
            out[f.key] = list(value) if isinstance(value, (list, tuple)) else value
    return out


def form_request(kind: str, state: Mapping[str, Any]) -> dict[str, Any]:
    """The request the form sends when it holds ``state`` (its shown fields only)."""
    return _read(FIELDS[kind], state, state)


def unshown_fields(kind: str, request: Mapping[str, Any]) -> list[str]:
    """The fields of ``request`` (dotted paths) that the calculator's form, filled with it,
    has no visible input for: a link with such a request would open other numbers.

    >>> unshown_fields("rent", {"edition": "nl-2001", "square": "Kalverstraat", "buildings": 2})
    []
    >>> unshown_fields("rent", {"edition": "nl-2001", "square": 5, "buildings": 2})
    ['buildings']
    """
    from present.urlstate import canonical_request, flatten_request

    state = canonical_request(kind, request)
    if kind not in FIELDS or str(state.get("edition")) not in KIND_EDITIONS.get(kind, ()):
        return sorted({k for k, _ in flatten_request(state)})
    ed = EDITIONS[str(state["edition"])]
    if ed.board is not None and "square" in state and square_of(ed, state["square"]) is None:
        return ["square"]
    full = {**default_request(kind, "nl"), **state} if kind != "score" else state
    keys: set[str] = set()

    def visit(fields: tuple[Field, ...]) -> None:
        for f in fields:
            if shows(full, f.show, f.key):
                keys.add(f.key)
                visit(f.items)

    visit(FIELDS[kind])
    sq = square_of(ed, full.get("square"))
    lots = {str(lot.index) for lot in ed.board.group(sq.group)} if (
        ed.board is not None and sq is not None and sq.kind == "street" and sq.group
        and "buildings" in keys) else set()
    missing = []
    for path, _ in flatten_request(state):
        parts = path.split(".")
        if any(p not in keys for p in parts if not p.isdigit()):
            missing.append(path)
        elif kind == "mortgage" and parts[0] == "buildings" and len(parts) == 2 and parts[1] not in lots:
            missing.append(path)
    return missing

