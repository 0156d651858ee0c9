"""URL state: a calculator's request in the address (``?calc=<kind>&<dotted.path>=<value>``).

The one encoder: the build's "open in calculator" links and share links and, through
:func:`present.api.answer`, the address bar and share link the browser writes after every
answer. The browser only decodes (``docs/assets/calculators/urlstate.mjs`` turns the query
into form values); :func:`decode_query` is the same decoding for tests.

>>> query_string("rent", {"edition": "nl-2001", "square": 39, "owned": 2})
'calc=rent&edition=nl-2001&square=39&owned=2'
>>> flatten_request({"players": [{"name": "An", "properties": [{"square": 5}]}], "dice": [3, 4]})
[('players.0.name', 'An'), ('players.0.properties.0.square', '5'), ('dice', '3,4')]
>>> decode_query("calc=score&players.0.name=An%20B&dice=3,4")
('score', {'players': {'0': {'name': 'An B'}}, 'dice': '3,4'})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.boards import GROUPS, Board
from engine.editions import EDITIONS
from engine.errors import EngineError


def _scalar(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def flatten_request(request: Mapping[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """A request as URL query pairs: dotted paths, lists of scalars comma-joined, booleans 1/0.

    Mappings and lists of objects nest by key or index; ``None`` is left out.

    >>> flatten_request({"opponents_built": [["red", 2]], "mortgaged": True, "card_offer": None})
    [('opponents_built.0', 'red,2'), ('mortgaged', '1')]
    """
    out: list[tuple[str, str]] = []
    for key, value in request.items():
        path = f"{prefix}{key}"
        if value is None:
            continue
        if isinstance(value, Mapping):
            out.extend(flatten_request(value, f"{path}."))
        elif isinstance(value, (list, tuple)):
            if all(not isinstance(v, (Mapping, list, tuple)) for v in value):
                out.append((path, ",".join(_scalar(v) for v in value)))
            else:
                for i, item in enumerate(value):
                    if isinstance(item, Mapping):
                        out.extend(flatten_request(item, f"{path}.{i}."))
                    else:
                        out.append((f"{path}.{i}", ",".join(_scalar(v) for v in item)))
        else:
            out.append((path, _scalar(value)))
    return out


def _square_index(board: Board | None, ref: Any) -> Any:
    """A square reference as its board index when the board knows it (else as given)."""
    if board is None or isinstance(ref, bool):
        return ref
    try:
        return board.find(ref).index
    except EngineError:
        return ref  # the engine will refuse it, naming the field


def canonical_request(kind: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """``request`` with every square named by its board index, the way the form holds it
    (the engine accepts names too; a link and the form must agree on one spelling).

    >>> canonical_request("rent", {"edition": "nl-2001", "square": "Kalverstraat"})
    {'edition': 'nl-2001', 'square': 39}
    >>> canonical_request("mortgage", {"edition": "nl-2001", "squares": [39, "station zuid"]})
    {'edition': 'nl-2001', 'squares': [5, 39]}
    >>> canonical_request("rent", {"edition": "nl-modern-speed", "reroll": [3, 4, "bus"]})
    {'edition': 'nl-modern-speed', 'reroll': [3, 4], 'speed_face': 'bus'}
    """
    ed = EDITIONS.get(str(request.get("edition")))
    board = ed.board if ed is not None else None
    out = dict(request)
    reroll = out.get("reroll")
    if isinstance(reroll, list) and len(reroll) == 3 and "speed_face" not in out:
        # the form asks for the speed die's face in a field of its own
        out["reroll"], out["speed_face"] = reroll[:2], reroll[2]
    if "square" in out:
        out["square"] = _square_index(board, out["square"])
    if isinstance(out.get("squares"), list):
        # the form lists checked lots in board order
        out["squares"] = sorted((_square_index(board, r) for r in out["squares"]),
                                key=lambda r: (not isinstance(r, int), str(r).zfill(3)))
    built = out.get("opponents_built")
    if isinstance(built, list) and all(isinstance(b, (list, tuple)) and len(b) == 2
                                       and b[0] in GROUPS for b in built):
        # the form lists the colour groups in board order
        out["opponents_built"] = sorted((list(b) for b in built), key=lambda b: GROUPS.index(b[0]))
    if isinstance(out.get("players"), list):
        players = []
        for player in out["players"]:
            if isinstance(player, Mapping) and isinstance(player.get("properties"), list):
                player = {**player, "properties": [
                    {**p, "square": _square_index(board, p["square"])}
                    if isinstance(p, Mapping) and "square" in p else p
                    for p in player["properties"]]}
            players.append(player)
        out["players"] = players
    return out


_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def quote(text: str, safe: str = "") -> str:
    """Percent-encode ``text`` as UTF-8, keeping RFC 3986's unreserved characters and
    ``safe`` (``urllib.parse.quote``'s rule, without shipping ``urllib`` to the browser).

    >>> quote("Anna B/ü,1", safe=","), quote("a.b", safe=".")
    ('Anna%20B%2F%C3%BC,1', 'a.b')
    """
    keep = _UNRESERVED | frozenset(safe)
    return "".join(c if c in keep else "".join(f"%{b:02X}" for b in c.encode("utf-8", "replace"))
                   for c in text)


def query_string(kind: str, request: Mapping[str, Any]) -> str:
    """``calc=<kind>&...`` for a request (what the page script writes into the URL)."""
    pairs = [("calc", kind), *flatten_request(request)]
    return "&".join(f"{quote(k, safe='.')}={quote(v, safe=',-')}" for k, v in pairs)


def decode_query(query: str) -> tuple[str | None, dict[str, Any]]:
    """(kind, the request as nested strings) of a query string, the way the page decodes
    it (``urlstate.mjs``: list indices stay keys, values stay text; the form types them)."""
    from urllib.parse import parse_qsl  # tests only: the browser decodes in urlstate.mjs

    kind = None
    root: dict[str, Any] = {}
    for key, value in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        if key == "calc":
            kind = value
            continue
        parts = key.split(".")
        if any(p in ("", "__proto__", "constructor", "prototype") for p in parts):
            continue
        cur = root
        for p in parts[:-1]:
            if not isinstance(cur.get(p), dict):
                cur[p] = {}
            cur = cur[p]
        cur[parts[-1]] = value
    return kind, root
