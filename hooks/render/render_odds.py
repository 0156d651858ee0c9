"""``[[odds-board]]``, ``[[odds-groups]]`` and ``[[odds-jail]]``: long-run landing odds.

Everything is computed at build time by :mod:`engine.markov` (an exact Markov chain);
no figure is typed by hand. Words come from ``translations/<lang>/odds.po`` (keys
``odds.*``); numbers are written the page language's way with Babel.

- ``[[odds-board: <board>]]`` (``atlantic-city`` or ``nl-euro``): an SVG board for each
  jail strategy (CSS-only content tabs, no script needed), every square coloured by the
  share of turns that end there and labelled with that percentage, the jail corner split
  into "in jail" and "just visiting"; then a table of all 41 positions (per roll and per
  turn, both strategies). Anchors: ``odds-board-<board>``, ``odds-table-<board>``.
- ``[[odds-groups: <board> [leave|stay]]]``: expected rent per opponent turn of every
  colour group at each building level, and the break-even number of opponent turns of
  every building step. Anchors: ``odds-groups-<board>`` and ``odds-steps-<board>``
  (``-stay`` appended for ``stay``).
- ``[[odds-jail: <board>]]``: the rent a jailed player can expect to pay in a turn when
  leaving and when staying, for the situations in :data:`SCENARIOS`, with a sentence per
  situation. Anchors: ``odds-jail-<board>`` and ``odds-jail-<board>-<scenario>`` per row.

>>> percent("nl", 0.031916), percent("sv", 0.031916).replace("\\xa0", " ")
('3,19%', '3,19 %')
>>> number("da", 1234.5, 1)
'1.234,5'
>>> heat(0.0, 1.0), heat(1.0, 1.0)[0]
(('#fde725', '#000000'), '#440154')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, Callable, Iterable

from hooks.render.templates import fragment, html
from engine import markov, rent_odds
from engine.boards import BOARDS, GROUPS, Board
from hooks.common import Context, h
from hooks.catalogs.i18n import translations
from present import numbers

JAIL = markov.JAIL
JAIL_SQUARE = markov.JAIL_SQUARE
BOARD_IDS: tuple[str, ...] = markov.BOARD_IDS
STRATEGIES: tuple[str, ...] = markov.JAIL_STRATEGIES

GROUP_COLOURS: dict[str, str] = {
    "brown": "#8a4b2a", "light-blue": "#a9dcf3", "pink": "#d6398f", "orange": "#f39321",
    "red": "#e0202a", "yellow": "#f6e21a", "green": "#1f9e55", "dark-blue": "#1565b5",
}
"""The colour band of each street group on the board diagram."""

HEAT: tuple[str, ...] = ("#fde725", "#a0da39", "#4ac16d", "#1fa187", "#277f8e", "#365c8d",
                         "#46327e", "#440154")
"""Sequential colour scale (viridis, reversed): light yellow = rarely, dark purple = often.
Perceptually even, and readable with the common colour-vision deficiencies."""

CELL = "padding:.5em .7em;min-width:0"
"""Inline cell style: Material's table padding is too wide for seven numeric columns."""
NUM = CELL + ";text-align:right;white-space:nowrap"
ROWHEAD = CELL + ";border-top:.05rem solid var(--md-typeset-table-color)"
CAPTION = "text-align:left;font-weight:700;padding:.5em .7em"
STYLES = {"cell": CELL, "num": NUM, "rowhead": ROWHEAD, "caption": CAPTION}
"""The inline styles above, by name, for the templates."""
ZERO_FILL = "#f4f4f4"
"""Fill of a square no turn ends on ("Go to jail"): outside the colour scale."""
PERCENT_DIGITS = 2
"""Decimals of the percentages on the board diagram."""
TABLE_DIGITS = 3
"""Decimals of the percentages in the table of all positions."""
AMOUNT_DIGITS = 2
TURNS_DIGITS = 1
MEAN_ROLLS_DIGITS = 10


@dataclass(frozen=True)
class Scenario:
    """An example of what opponents have built, for the jail table.

    >>> Scenario("orange-3", (("orange", 3),)).built
    (('orange', 3),)
    """

    id: str
    built: tuple[tuple[str, int], ...]


SCENARIOS: tuple[Scenario, ...] = (
    Scenario("none", ()),
    Scenario("orange-3", (("orange", 3),)),
    Scenario("red-3", (("red", 3),)),
    Scenario("light-blue-5", (("light-blue", 5),)),
    Scenario("orange-red-5", (("orange", 5), ("red", 5))),
    Scenario("all-3", tuple((g, 3) for g in GROUPS)),
)
"""The opponent situations of ``[[odds-jail]]``, in table order (ids are stable anchors)."""


# --------------------------------------------------------------------------- words and numbers


def t(lang: str, key: str, **params: object) -> str:
    """A message as plain text (for attributes and SVG); escape it before use."""
    return str(translations().gettext(lang, key, **params))


def th(lang: str, key: str, **params: object) -> str:
    """A message as HTML (escaped; a Dutch fallback is marked)."""
    return translations().gettext(lang, key, **params).html()


def _messages(lang: str) -> Callable[..., Any]:
    """``m(key, **params)``: a message of ``lang`` for the templates (escaped there, a Dutch
    fallback marked)."""
    return partial(translations().gettext, lang)


def number(lang: str, value: float, digits: int) -> str:
    """``value`` with exactly ``digits`` decimals, in the language's notation.

    >>> number("nl", 1.1866239585259266, 10), number("sv", 2500, 0).replace("\\xa0", " ")
    ('1,1866239585', '2 500')
    """
    return numbers.number(lang, value, decimals=digits)


def percent(lang: str, p: float, digits: int = PERCENT_DIGITS) -> str:
    """A probability as a percentage, with the language's sign and spacing.

    >>> percent("nb", 0.5, 1).replace("\\xa0", " ")
    '50,0 %'
    """
    return numbers.percent(lang, p, digits)


def amount(lang: str, currency: str, value: float, digits: int = AMOUNT_DIGITS) -> str:
    """An amount with the board's currency sign, placed the language's way.

    >>> amount("nl", "EUR", 3.5), amount("sv", "USD", 3.5)
    ('€\xa03,50', '3,50\xa0$')
    """
    return numbers.amount(lang, value, currency, digits)  # CLDR's pattern: one no-break unit


def heat(value: float, top: float, low: float = 0.0) -> tuple[str, str]:
    """(fill, text colour) for ``value`` on a scale from ``low`` to ``top`` (capped at both)."""
    x = 0.0 if top <= low else min(max((value - low) / (top - low), 0.0), 1.0)
    pos = x * (len(HEAT) - 1)
    i = min(int(pos), len(HEAT) - 2)
    a, b = _rgb(HEAT[i]), _rgb(HEAT[i + 1])
    f = pos - i
    rgb = tuple(round(a[k] + (b[k] - a[k]) * f) for k in range(3))
    fill = "#" + "".join(f"{c:02x}" for c in rgb)
    lum = _luminance(rgb)
    # Black or white, whichever contrasts more (always at least 4.5:1 on this scale).
    return fill, ("#ffffff" if 1.05 / (lum + 0.05) > (lum + 0.05) / 0.05 else "#000000")


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _luminance(rgb: Iterable[int]) -> float:
    lin = [(c / 255) / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4
           for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def position_name(lang: str, board: Board, k: int) -> str:
    """The name of position ``k`` (0-40): the board's name, the jail corner split in two.

    >>> position_name("nl", BOARDS["nl-euro"], 39), position_name("nl", BOARDS["nl-euro"], 40)
    ('Kalverstraat', 'In de gevangenis')
    """
    if k == JAIL:
        return t(lang, "odds.in_jail")
    if k == JAIL_SQUARE:
        return t(lang, "odds.just_visiting")
    return board.squares[k].name


def _board(ctx: Context, index: int = 0) -> Board:
    if len(ctx.args) <= index or ctx.args[index] not in BOARD_IDS:
        raise ctx.error(f"needs a board: {' or '.join(BOARD_IDS)} (got {' '.join(ctx.args)!r})")
    return BOARDS[ctx.args[index]]


@lru_cache(maxsize=16)
def odds(board_id: str, strategy: str, count: str) -> tuple[float, ...]:
    """The 41 long-run probabilities from the engine (index 40 = in jail)."""
    data = markov.landing_odds(board_id, strategy, count)
    return tuple(float(p["probability"]) for p in data["positions"])  # type: ignore[index]


def mean_rolls(board_id: str, strategy: str) -> float:
    """Mean number of rolls per turn from the engine."""
    return float(markov.landing_odds(board_id, strategy, "turn")["mean_rolls_per_turn"])  # type: ignore[arg-type]


def scale(board_id: str) -> tuple[float, float]:
    """(low, top) of the colour scale: the least and the most visited square (jail and the
    never-ending square "Go to jail" apart), over both strategies, so both diagrams of a
    board share one scale."""
    values = [p for s in STRATEGIES for p in odds(board_id, s, "turn")[:40] if p > 0]
    return min(values), max(values)


# --------------------------------------------------------------------------- the board diagram

SIZE = 1000
CORNER = 150
EDGE = (SIZE - 2 * CORNER) / 9
BAND = 24
STRIP = 42  # width of the "just visiting" strip around the jail cell


def square_rect(k: int) -> tuple[float, float, float, float, str]:
    """(x, y, width, height, side) of square ``k`` (0-39) on the board, GO bottom right.

    ``side`` is where the board's centre lies: ``up`` (bottom row), ``right`` (left
    column), ``down`` (top row), ``left`` (right column) or ``corner``.

    >>> square_rect(0), square_rect(10)[:2], square_rect(20)[:2], square_rect(30)[:2]
    ((850, 850, 150, 150, 'corner'), (0, 850), (0, 0), (850, 0))
    >>> [round(v, 1) for v in square_rect(1)[:4]], square_rect(1)[4]
    ([772.2, 850, 77.8, 150], 'up')
    """
    far = SIZE - CORNER
    if k % 10 == 0:
        x, y = {0: (far, far), 10: (0, far), 20: (0, 0), 30: (far, 0)}[k]
        return x, y, CORNER, CORNER, "corner"
    i = k % 10
    if k < 10:
        return far - i * EDGE, far, EDGE, CORNER, "up"
    if k < 20:
        return 0, far - i * EDGE, CORNER, EDGE, "right"
    if k < 30:
        return CORNER + (i - 1) * EDGE, 0, EDGE, CORNER, "down"
    return far, CORNER + (i - 1) * EDGE, CORNER, EDGE, "left"


def _wrap(text: str, width: int) -> list[str]:
    """Words of ``text`` in lines of at most ``width`` characters (long words kept whole).

    >>> _wrap("Naar de gevangenis", 10)
    ['Naar de', 'gevangenis']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _text(x: float, y: float, body: str, size: float, fill: str = "#1b1b1b", weight: str = "",
          anchor: str = "middle", extra: str = "") -> str:
    w = f' font-weight="{weight}"' if weight else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}"{w} '
            f'text-anchor="{anchor}"{extra}>{h(body)}</text>')


def _lines(x: float, y: float, lines: list[str], size: float, fill: str = "#1b1b1b",
           weight: str = "") -> str:
    """Lines of text centred on (x, y)."""
    top = y - (len(lines) - 1) * size * 0.55
    return "".join(_text(x, top + i * size * 1.1 + size * 0.35, line, size, fill, weight)
                   for i, line in enumerate(lines))


def _square(lang: str, board: Board, k: int, turn: tuple[float, ...], roll: tuple[float, ...],
            scale_: tuple[float, float]) -> str:
    """One square (or, for 10 and 40, one half of the jail corner) as an SVG group."""
    name = position_name(lang, board, k)
    fill, ink = heat(turn[k], scale_[1], scale_[0]) if turn[k] > 0 else (ZERO_FILL, "#1b1b1b")
    label = t(lang, "odds.svg.square", number=JAIL_SQUARE if k == JAIL else k, name=name,
              turn=percent(lang, turn[k]), roll=percent(lang, roll[k]))
    shown = number(lang, 100 * turn[k], PERCENT_DIGITS)
    parts = [f'<g class="odds-sq" data-pos="{k}" data-turn="{turn[k]!r}"><title>{h(label)}</title>']
    if k in (JAIL, JAIL_SQUARE):
        x, y = 0, SIZE - CORNER
        if k == JAIL:  # the cell: top right part of the corner
            parts.append(f'<rect x="{x + STRIP}" y="{y}" width="{CORNER - STRIP}" '
                         f'height="{CORNER - STRIP}" fill="{fill}" stroke="#1b1b1b" '
                         f'stroke-width="2"/>')
            cx, cy = x + STRIP + (CORNER - STRIP) / 2, y + (CORNER - STRIP) / 2
            parts.append(_lines(cx, cy - 16, _wrap(t(lang, "odds.svg.in_jail_short"), 11), 14,
                                ink))
            parts.append(_text(cx, cy + 30, shown, 28, ink, "700"))
        else:  # the L-shaped strip along the outer edges
            d = (f"M{x} {y}H{x + STRIP}V{y + CORNER - STRIP}H{x + CORNER}V{y + CORNER}"
                 f"H{x}Z")
            parts.append(f'<path d="{d}" fill="{fill}" stroke="#555" stroke-width="1"/>')
            parts.append(_text(x + CORNER / 2 + STRIP / 2, y + CORNER - STRIP / 2 + 9, shown,
                               26, ink, "700"))
            vx, vy = x + STRIP / 2 + 5, y + (CORNER - STRIP) / 2
            parts.append(_text(vx, vy, t(lang, "odds.svg.visiting_short"), 13, ink,
                               extra=f' transform="rotate(-90 {vx:.1f} {vy:.1f})"'))
        parts.append("</g>")
        return "".join(parts)
    x, y, w, hgt, side = square_rect(k)
    parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{hgt:.1f}" '
                 f'fill="{fill}" stroke="#555" stroke-width="1"/>')
    group = board.squares[k].group
    colour = GROUP_COLOURS.get(group or "")
    # The free area (without the colour band on the inner side).
    fx, fy, fw, fh = x, y, w, hgt
    if side == "up":
        band = (x, y, w, BAND)
        fy, fh = y + BAND, hgt - BAND
    elif side == "down":
        band = (x, y + hgt - BAND, w, BAND)
        fh = hgt - BAND
    elif side == "right":
        band = (x + w - BAND, y, BAND, hgt)
        fw = w - BAND
    elif side == "left":
        band = (x, y, BAND, hgt)
        fx, fw = x + BAND, w - BAND
    else:
        band = None
    if colour and band:
        parts.append(f'<rect x="{band[0]:.1f}" y="{band[1]:.1f}" width="{band[2]:.1f}" '
                     f'height="{band[3]:.1f}" fill="{colour}" stroke="#555" stroke-width="1"/>')
    cx, cy = fx + fw / 2, fy + fh / 2
    if side == "corner":
        parts.append(_lines(cx, cy - 22, _wrap(name, 12), 15, ink))
        parts.append(_text(cx, cy + 42, shown, 28, ink, "700"))
    elif side in ("up", "down"):
        ny = fy + fh - 10 if side == "up" else fy + 22
        parts.append(_text(cx, ny, str(k), 16, ink))
        parts.append(_text(cx, cy + 9 + (-8 if side == "up" else 8), shown, 26, ink, "700"))
    else:
        nx = fx + 8 if side == "right" else fx + fw - 8
        parts.append(_text(nx, cy + 6, str(k), 16, ink, anchor="start" if side == "right"
                           else "end"))
        parts.append(_text(cx + (8 if side == "right" else -8), cy + 9, shown, 26, ink, "700"))
    parts.append("</g>")
    return "".join(parts)


def board_svg(lang: str, board_id: str, strategy: str, top_n: int = 6) -> str:
    """The SVG diagram of one board and jail strategy (figures per turn)."""
    board = BOARDS[board_id]
    turn, roll = odds(board_id, strategy, "turn"), odds(board_id, strategy, "roll")
    low_top = scale(board_id)
    uid = f"odds-svg-{board_id}-{strategy}"
    title = t(lang, "odds.svg.title", board=t(lang, f"odds.board.{board_id}"),
              strategy=t(lang, f"odds.strategy.{strategy}"))
    squares = [_square(lang, board, k, turn, roll, low_top) for k in range(40) if k != JAIL_SQUARE]
    squares.append(_square(lang, board, JAIL_SQUARE, turn, roll, low_top))
    squares.append(_square(lang, board, JAIL, turn, roll, low_top))
    return fragment("odds/svg.html", uid=uid, size=SIZE, title=title,
                    desc=t(lang, "odds.svg.desc"), squares=html("".join(squares)),
                    centre=html(_centre(lang, board, strategy, turn, low_top, top_n)))


def _centre(lang: str, board: Board, strategy: str, turn: tuple[float, ...],
            low_top: tuple[float, float], top_n: int) -> str:
    """The middle of the board: title, colour legend and the most visited positions."""
    cx = SIZE / 2
    out = ['<g class="odds-legend">']
    y = 212.0
    for line in _wrap(t(lang, f"odds.board.{board.id}"), 34):
        out.append(_text(cx, y, line, 30, weight="700"))
        y += 36
    out.append(_text(cx, y + 6, t(lang, f"odds.strategy.{strategy}"), 24))
    out.append(_text(cx, y + 42, t(lang, "odds.svg.mean_rolls",
                                    value=number(lang, mean_rolls(board.id, strategy), 4)), 19,
                     "#3c4043"))
    # Colour scale: low .. top, in steps.
    low, top = low_top
    x0, x1, y = 260.0, 740.0, y + 66
    steps = 24
    width = (x1 - x0) / steps
    for i in range(steps):
        fill, _ = heat(low + (i + 0.5) / steps * (top - low), top, low)
        out.append(f'<rect x="{x0 + i * width:.1f}" y="{y}" width="{width + 0.6:.1f}" '
                   f'height="26" fill="{fill}"/>')
    out.append(f'<rect x="{x0}" y="{y}" width="{x1 - x0}" height="26" fill="none" '
               f'stroke="#555" stroke-width="1"/>')
    out.append(_text(x0, y + 50, "≤ " + number(lang, 100 * low, PERCENT_DIGITS), 18,
                     anchor="start"))
    out.append(_text(cx, y + 50, number(lang, 50 * (low + top), PERCENT_DIGITS), 18))
    out.append(_text(x1, y + 50, "≥ " + number(lang, 100 * top, PERCENT_DIGITS), 18,
                     anchor="end"))
    out.append(_text(cx, y + 80, t(lang, "odds.svg.legend"), 18, "#3c4043"))
    # The most visited positions.
    ranked = sorted(range(41), key=lambda k: -turn[k])[:top_n]
    ty = y + 150
    out.append(_text(cx, ty, t(lang, "odds.svg.most"), 22, weight="700"))
    for i, k in enumerate(ranked):
        yy = ty + 38 + i * 32
        out.append(_text(cx - 20, yy, percent(lang, turn[k]), 21, anchor="end", weight="700"))
        out.append(_text(cx, yy, position_name(lang, board, k), 21, anchor="start"))
    sent = next(s for s in board.squares if s.kind == "go-to-jail")
    note = t(lang, "odds.svg.note", number=sent.index, name=sent.name)
    out.append(_lines(cx, 790, _wrap(note, 56), 17, "#3c4043"))
    out.append("</g>")
    return "".join(out)


def positions_table(lang: str, board_id: str) -> str:
    """The accessible table of all 41 positions: per roll and per turn, both strategies."""
    board = BOARDS[board_id]
    order = [k for k in range(40) for k in ((k, JAIL) if k == JAIL_SQUARE else (k,))]
    cols = [(s, c) for s in STRATEGIES for c in ("roll", "turn")]
    data = {(s, c): odds(board_id, s, c) for s, c in cols}
    rows = []
    for k in order:
        no = JAIL_SQUARE if k == JAIL else k
        group = board.squares[no].group if k != JAIL else None
        cells = [(f"{s}-{c}", repr(data[(s, c)][k]), percent(lang, data[(s, c)][k], TABLE_DIGITS))
                 for s, c in cols]
        rows.append((k, no, GROUP_COLOURS.get(group or ""), position_name(lang, board, k), cells))
    means = [(s, repr(mean_rolls(board_id, s)), number(lang, mean_rolls(board_id, s),
                                                       MEAN_ROLLS_DIGITS)) for s in STRATEGIES]
    m = _messages(lang)
    return fragment("odds/positions.html", m=m, st=STYLES, board_id=board_id,
                    strategies=STRATEGIES, cols=cols, rows=rows, means=means,
                    caption=m("odds.table.caption", board=t(lang, f"odds.board.{board_id}")))


def render_board(ctx: Context) -> str:
    """``[[odds-board: <board>]]``: the diagram per jail strategy (tabs) and the table."""
    board = _board(ctx)
    if len(ctx.args) != 1:
        raise ctx.error("takes exactly one argument, the board")
    diagrams = [(s, html(board_svg(ctx.lang, board.id, s))) for s in STRATEGIES]
    return str(fragment("odds/board.html", m=_messages(ctx.lang), board=board,
                        strategies=STRATEGIES, diagrams=diagrams,
                        table=html(positions_table(ctx.lang, board.id))))


# --------------------------------------------------------------------------- groups


def level_name(lang: str, level: int) -> str:
    """Building level as words: 0 whole group unbuilt, 1-4 houses, 5 hotel.

    >>> [level_name("nl", n) for n in (0, 1, 3, 5)]
    ['Hele stad, onbebouwd', '1 huis', '3 huizen', 'Hotel']
    """
    return t(lang, f"odds.level.{level}")


def _group_cell(lang: str, board: Board, group: str) -> str:
    return fragment("odds/group-cell.html", m=_messages(lang), st=STYLES, group=group,
                    colour=GROUP_COLOURS[group],
                    names=", ".join(s.name for s in board.group(group)))


def groups_tables(lang: str, board_id: str, strategy: str = "leave") -> str:
    """Expected rent per opponent turn per group and level, and break-even turns per step."""
    board = BOARDS[board_id]
    data = rent_odds.group_rent_table(board_id, strategy)
    currency = board.currency
    groups: list[dict] = data["groups"]  # type: ignore[assignment]
    levels: list[int] = data["levels"]  # type: ignore[assignment]
    rents, breaks = [], []
    for g in groups:
        head = _group_cell(lang, board, g["group"])
        rents.append((g["group"], head, [(lv, repr(v), amount(lang, currency, v))
                                         for lv, v in zip(levels, g["expected_rent"])]))
        cells = [(s["to_level"], repr(s["break_even_turns"]), repr(s["added_rent"]),
                  t(lang, "odds.none") if s["break_even_turns"] is None
                  else number(lang, s["break_even_turns"], TURNS_DIGITS)) for s in g["steps"]]
        cost = g["steps"][0]["cost"]
        breaks.append((g["group"], head, (cost, amount(lang, currency, cost, 0)), cells))
    names = {"board": t(lang, f"odds.board.{board_id}"),
             "strategy": t(lang, f"odds.strategy.{strategy}")}
    return str(fragment("odds/groups.html", m=_messages(lang), st=STYLES, board_id=board_id,
                        strategy=strategy, suffix="" if strategy == "leave" else f"-{strategy}",
                        names=names, levels=[(lv, level_name(lang, lv)) for lv in levels],
                        steps=[lv + 1 for lv in levels[:-1]], rents=rents, breaks=breaks))


def render_groups(ctx: Context) -> str:
    """``[[odds-groups: <board> [leave|stay]]]``."""
    board = _board(ctx)
    strategy = ctx.args[1] if len(ctx.args) > 1 else "leave"
    if strategy not in STRATEGIES or len(ctx.args) > 2:
        raise ctx.error(f"arguments: <board> [{'|'.join(STRATEGIES)}] (got {' '.join(ctx.args)!r})")
    return groups_tables(ctx.lang, board.id, strategy)


# --------------------------------------------------------------------------- jail advice


def scenario_label(lang: str, scenario: Scenario) -> str:
    """What opponents have built, in words.

    >>> [scenario_label("nl", s) for s in SCENARIOS[:2]]
    ['Niemand heeft gebouwd', 'Oranje: 3 huizen']
    >>> scenario_label("nl", SCENARIOS[4]), scenario_label("nl", SCENARIOS[5])
    ('Oranje en rood: hotel', 'Alle steden: 3 huizen')
    >>> scenario_label("nl", Scenario("x", (("red", 5), ("green", 3))))
    'Rood: hotel; groen: 3 huizen'
    """
    built = scenario.built
    if not built:
        return t(lang, "odds.scenario.none")
    levels = {lv for _, lv in built}
    if len(built) == len(GROUPS) and len(levels) == 1:
        return t(lang, "odds.scenario.all", level=level_name(lang, built[0][1]).lower())
    names = [t(lang, f"odds.group.{g}").lower() for g, _ in built]
    if len(levels) == 1:
        group = names[0] if len(names) == 1 else t(
            lang, "odds.scenario.and", first=", ".join(names[:-1]), last=names[-1])
        text = t(lang, "odds.scenario.part", group=group, level=level_name(lang, built[0][1]).lower())
    else:
        text = "; ".join(t(lang, "odds.scenario.part", group=n, level=level_name(lang, lv).lower())
                         for n, (_, lv) in zip(names, built))
    return text[:1].upper() + text[1:]


def jail_advice(board_id: str) -> list[tuple[Scenario, dict[str, object]]]:
    """Each scenario with the engine's :func:`engine.rent_odds.jail_advice_inputs` result."""
    return [(s, rent_odds.jail_advice_inputs(list(s.built), board_id)) for s in SCENARIOS]


def jail_table(lang: str, board_id: str) -> str:
    """The jail advice table and one sentence per situation."""
    board = BOARDS[board_id]
    currency = board.currency
    cols = ("leave_turn", "stay_turn", "stay_saves", "long_run_leave", "long_run_stay")
    rows, notes = [], []
    for scenario, res in jail_advice(board_id):
        label = scenario_label(lang, scenario)
        rows.append((scenario.id, label, [(c, repr(res[c]), amount(lang, currency, float(res[c])))  # type: ignore[arg-type]
                                          for c in cols]))
        saves = float(res["stay_saves"])  # type: ignore[arg-type]
        if saves <= 0.005:
            note = th(lang, "odds.jail.note.nothing")
        else:
            note = th(lang, "odds.jail.note.stay",
                      leave=amount(lang, currency, float(res["leave_turn"])),  # type: ignore[arg-type]
                      stay=amount(lang, currency, float(res["stay_turn"])),  # type: ignore[arg-type]
                      saves=amount(lang, currency, saves),
                      free=amount(lang, currency, float(res["free_turn"])))  # type: ignore[arg-type]
        notes.append((scenario.id, label, html(note)))
    return str(fragment("odds/jail.html", m=_messages(lang), st=STYLES, board_id=board_id,
                        cols=cols, rows=rows, notes=notes))


def render_jail(ctx: Context) -> str:
    """``[[odds-jail: <board>]]``."""
    board = _board(ctx)
    if len(ctx.args) != 1:
        raise ctx.error("takes exactly one argument, the board")
    return jail_table(ctx.lang, board.id)


DIRECTIVES = {"odds-board": render_board, "odds-groups": render_groups, "odds-jail": render_jail}
