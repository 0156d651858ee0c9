"""The odds page: ``[[odds-board]]``, ``[[odds-groups]]`` and ``[[odds-jail]]``
(hooks/render/render_odds.py).

Every figure on the page is read back from the HTML (parsed with the page language's
number format) and compared with what :mod:`engine.markov` computes here in the test,
so a renderer that drops, swaps, rounds wrongly or mis-formats a number fails. The same
checks run on the renderer's output and on the built site in all four languages.
"""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.numbers import get_decimal_symbol, parse_decimal

from engine import markov, rent_odds
from engine.boards import BOARDS, GROUPS
from hooks.render import render_odds
from hooks.common import Context, DirectiveError
from minidom import Node, parse
from hooks.catalogs.i18n import LANGS, SOURCE_LANG, translations

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BOARD_IDS = markov.BOARD_IDS
STRATEGIES = markov.JAIL_STRATEGIES
SIGNS = {"USD": "$", "EUR": "€"}


# --------------------------------------------------------------------------- helpers


def ctx(lang: str, name: str, *args: str) -> Context:
    return Context(lang, "odds", f"docs/{lang}/odds.md", 1, None, name, tuple(args), DOCS)


def number_in(text: str, lang: str) -> float:
    """The number in a formatted cell ("3,191 %", "€ 12,50", "1.234,5"), read the
    language's way; the decimal symbol must be the language's."""
    core = re.sub(r"[^\d.,\u00a0\u202f -]", "", text).strip().strip("-").strip()
    assert core, f"no number in {text!r}"
    if "," in core or "." in core:
        assert get_decimal_symbol(lang) in core, f"{text!r}: not the {lang} decimal symbol"
    return float(parse_decimal(core, locale=lang, strict=False))


def msg(lang: str, key: str, **params: object) -> str:
    return str(translations().gettext(lang, key, **params))


def engine_odds(board: str, strategy: str, count: str) -> list[float]:
    data = markov.landing_odds(board, strategy, count)
    return [p["probability"] for p in data["positions"]]


def expected_name(lang: str, board: str, k: int) -> str:
    if k == markov.JAIL:
        return msg(lang, "odds.in_jail")
    if k == markov.JAIL_SQUARE:
        return msg(lang, "odds.just_visiting")
    return BOARDS[board].squares[k].name


# --------------------------------------------------------------------------- checks


def check_board(root: Node, lang: str, board: str) -> None:
    """The board block: one SVG per strategy and the table of all 41 positions."""
    block = root.one("div", id=f"odds-board-{board}")
    for strategy in STRATEGIES:
        turn = engine_odds(board, strategy, "turn")
        uid = f"odds-svg-{board}-{strategy}"
        svgs = [s for s in block.all("svg") if s.attrs.get("aria-labelledby") == f"{uid}-t {uid}-d"]
        assert len(svgs) == 1, f"{board}/{strategy}: SVG not found"
        svg = svgs[0]
        assert svg.attrs.get("role") == "img"
        title = svg.one("title", id=f"{uid}-t").text()
        assert msg(lang, f"odds.strategy.{strategy}") in title
        assert svg.one("desc", id=f"{uid}-d").text().strip()
        squares = svg.all("g", class_="odds-sq")
        positions = [int(g.attrs["data-pos"]) for g in squares]
        assert sorted(positions) == list(range(41)), "40 squares plus the jail split"
        by_pos = {int(g.attrs["data-pos"]): g for g in squares}
        # The jail corner is split: "just visiting" an L-shaped path, "in jail" a cell.
        assert by_pos[markov.JAIL_SQUARE].all("path") and not by_pos[markov.JAIL_SQUARE].all("rect")
        assert by_pos[markov.JAIL].all("rect") and not by_pos[markov.JAIL].all("path")
        for k, g in by_pos.items():
            assert g.all("rect") or g.all("path"), f"square {k} has no shape"
            tip = g.one("title").text()
            assert expected_name(lang, board, k) in tip, (k, tip)
            bold = [t for t in g.all("text") if t.attrs.get("font-weight") == "700"]
            assert len(bold) == 1, f"square {k}: one figure expected"
            shown = number_in(bold[0].text(), lang)
            assert shown == pytest.approx(100 * turn[k], abs=0.005 + 1e-9), (board, strategy, k)
            assert float(g.attrs["data-turn"]) == turn[k]
    check_positions_table(block.one("table", id=f"odds-table-{board}"), lang, board)


def check_positions_table(table: Node, lang: str, board: str) -> None:
    rows = table.one("tbody").direct("tr")
    assert [int(r.attrs["data-pos"]) for r in rows] == (
        list(range(11)) + [markov.JAIL] + list(range(11, 40)))
    data = {(s, c): engine_odds(board, s, c) for s in STRATEGIES for c in markov.COUNTS}
    for row in rows:
        k = int(row.attrs["data-pos"])
        assert row.one("th").text().strip() == expected_name(lang, board, k)
        cells = [c for c in row.direct("td") if "data-col" in c.attrs]
        assert len(cells) == 4
        for cell in cells:
            strategy, count = cell.attrs["data-col"].split("-")
            want = data[(strategy, count)][k]
            assert "%" in cell.text()
            assert number_in(cell.text(), lang) == pytest.approx(100 * want, abs=0.0005 + 1e-9)
            assert float(cell.attrs["data-p"]) == want
    for cell in table.one("tfoot").all("td"):
        strategy = cell.attrs["data-mean"]
        mean = markov.landing_odds(board, strategy, "turn")["mean_rolls_per_turn"]
        assert number_in(cell.text(), lang) == pytest.approx(mean, abs=0.5e-10 + 1e-12)


def check_groups(root: Node, lang: str, board: str, strategy: str = "leave") -> None:
    suffix = "" if strategy == "leave" else f"-{strategy}"
    data = rent_odds.group_rent_table(board, strategy)
    sign = SIGNS[BOARDS[board].currency]
    groups = {g["group"]: g for g in data["groups"]}
    rent_rows = root.one("table", id=f"odds-groups-{board}{suffix}").one("tbody").direct("tr")
    assert [r.attrs["data-group"] for r in rent_rows] == list(GROUPS)
    for row in rent_rows:
        g = groups[row.attrs["data-group"]]
        assert msg(lang, f"odds.group.{g['group']}") in row.one("th").text()
        cells = row.direct("td")
        assert [int(c.attrs["data-level"]) for c in cells] == list(markov.LEVELS)
        for cell, want in zip(cells, g["expected_rent"]):
            assert sign in cell.text()
            assert number_in(cell.text(), lang) == pytest.approx(want, abs=0.005 + 1e-9)
    step_rows = root.one("table", id=f"odds-steps-{board}{suffix}").one("tbody").direct("tr")
    assert [r.attrs["data-group"] for r in step_rows] == list(GROUPS)
    for row in step_rows:
        g = groups[row.attrs["data-group"]]
        cost_cell, *cells = row.direct("td")
        assert number_in(cost_cell.text(), lang) == g["steps"][0]["cost"]
        assert g["steps"][0]["cost"] == g["house_cost"] * len(g["squares"])
        assert len(cells) == 5
        for cell, step in zip(cells, g["steps"]):
            assert int(cell.attrs["data-step"]) == step["to_level"]
            if step["break_even_turns"] is None:
                assert cell.text().strip() == msg(lang, "odds.none")
            else:
                assert number_in(cell.text(), lang) == pytest.approx(
                    step["break_even_turns"], abs=0.05 + 1e-9)


def check_jail(root: Node, lang: str, board: str) -> None:
    table = root.one("table", id=f"odds-jail-{board}")
    rows = table.one("tbody").direct("tr")
    assert [r.attrs["data-scenario"] for r in rows] == [s.id for s in render_odds.SCENARIOS]
    sign = SIGNS[BOARDS[board].currency]
    notes = {li.attrs["data-scenario"]: li.text() for li in
             root.one("div", class_="odds-jail-advice", data_board=board).all("li")}
    assert set(notes) == {s.id for s in render_odds.SCENARIOS}
    for row, scenario in zip(rows, render_odds.SCENARIOS):
        assert row.attrs["id"] == f"odds-jail-{board}-{scenario.id}"
        want = rent_odds.jail_advice_inputs([list(b) for b in scenario.built], board)
        cells = row.direct("td")
        assert len(cells) == 5
        for cell in cells:
            assert sign in cell.text()
            assert number_in(cell.text(), lang) == pytest.approx(
                want[cell.attrs["data-col"]], abs=0.005 + 1e-9)
        note = notes[scenario.id]
        if want["stay_saves"] > 0.005:
            saved = render_odds.amount(lang, BOARDS[board].currency, want["stay_saves"])
            assert saved in note
            assert want["stay_turn"] < want["leave_turn"]
        else:
            assert msg(lang, "odds.jail.note.nothing") in note


# --------------------------------------------------------------------------- the renderer


def test_renderer_doctests() -> None:
    result = doctest.testmod(render_odds)
    assert result.attempted > 5 and result.failed == 0


def test_the_directives_are_registered() -> None:
    from hooks.entry.directives import renderers

    table = renderers()
    assert {"odds-board", "odds-groups", "odds-jail"} <= set(table)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", BOARD_IDS)
def test_board_diagram_and_table(lang: str, board: str) -> None:
    check_board(parse(render_odds.render_board(ctx(lang, "odds-board", board))), lang, board)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", BOARD_IDS)
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_group_rents_and_break_even(lang: str, board: str, strategy: str) -> None:
    args = (board,) if strategy == "leave" else (board, strategy)
    html = render_odds.render_groups(ctx(lang, "odds-groups", *args))
    check_groups(parse(html), lang, board, strategy)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", BOARD_IDS)
def test_jail_advice_table(lang: str, board: str) -> None:
    check_jail(parse(render_odds.render_jail(ctx(lang, "odds-jail", board))), lang, board)


def test_published_mean_rolls_are_on_the_page() -> None:
    """The Atlantic City figures the page cites as validation appear in its table."""
    root = parse(render_odds.render_board(ctx("nl", "odds-board", "atlantic-city")))
    shown = {c.attrs["data-mean"]: number_in(c.text(), "nl")
             for c in root.one("table", id="odds-table-atlantic-city").one("tfoot").all("td")}
    assert shown["leave"] == pytest.approx(1.1866239585, abs=1e-10)
    assert shown["stay"] == pytest.approx(1.1658963640, abs=1e-10)


def test_languages_format_numbers_differently() -> None:
    """Swedish groups thousands with a space, Dutch with a dot; both use a decimal comma."""
    assert render_odds.number("nl", 1234.5, 1) == "1.234,5"
    assert render_odds.number("sv", 1234.5, 1).replace("\u00a0", " ") == "1 234,5"
    assert render_odds.amount("nl", "EUR", 2).startswith("€")
    assert render_odds.amount("da", "USD", 2).endswith("$")


def test_every_message_exists_in_every_language() -> None:
    keys = translations().keys("odds.")
    assert len(keys) > 40
    for lang in LANGS:
        missing = [k for k in keys if not translations().has(lang, k)]
        assert not missing, f"{lang}: {missing}"
    problems = [str(p) for p in translations().validate() if "/odds.po" in p.file]
    assert not problems


@pytest.mark.parametrize("name,args", [
    ("odds-board", ()), ("odds-board", ("monaco",)), ("odds-board", ("nl-euro", "x")),
    ("odds-groups", ("nl-euro", "sometimes")), ("odds-jail", ()),
])
def test_bad_arguments_fail_the_build(name: str, args: tuple[str, ...]) -> None:
    func = render_odds.DIRECTIVES[name]
    with pytest.raises(DirectiveError):
        func(ctx("nl", name, *args))


def test_colour_scale_is_monotone_and_readable() -> None:
    low, top = render_odds.scale("atlantic-city")
    assert 0 < low < top
    fills = [render_odds.heat(low + i * (top - low) / 10, top, low) for i in range(11)]
    lum = [render_odds._luminance(render_odds._rgb(f)) for f, _ in fills]
    assert all(a > b for a, b in zip(lum, lum[1:])), "darker means more often"
    for (fill, ink), l in zip(fills, lum):  # text contrast at least 4.5:1
        ink_l = render_odds._luminance(render_odds._rgb(ink))
        hi, lo = max(l, ink_l), min(l, ink_l)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, (fill, ink)


# --------------------------------------------------------------------------- the pages


DIRECTIVE_LINES = [f"[[{d}: {b}]]" for b in BOARD_IDS for d in ("odds-board", "odds-groups",
                                                                 "odds-jail")]


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_page_has_the_directives(lang: str) -> None:
    text = (DOCS / lang / "odds.md").read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines()]
    for directive in DIRECTIVE_LINES:
        assert lines.count(directive) == 1, f"{lang}: {directive}"
    assert "[[ref: jail-doubles]]" in text
    assert text.startswith("# ")
    # The published validation figures, written the language's way.
    for figure in (1.1866239585, 1.1658963640):
        assert render_odds.number(lang, figure, 10) in text


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: the shared strict build; if that fails for reasons elsewhere in
    the site, a non-strict build (the odds pages must still be right, and free of warnings)."""
    from tools.site_build import shared_build, write_config

    result = shared_build()
    if result.ok:
        return result.site_dir
    folder = tmp_path_factory.mktemp("odds-site")
    config = write_config(folder / "mkdocs.yml", folder / "site")
    # mkdocs.yml says strict: true, so the flag must be explicit.
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", str(config), "--clean",
                           "--no-strict"], cwd=ROOT, capture_output=True, text=True)
    log = proc.stdout + proc.stderr
    if proc.returncode != 0:
        pytest.fail(f"the site does not build:\n{log[-4000:]}", pytrace=False)
    odds_warnings = [line for line in log.splitlines() if "WARNING" in line and "odds" in line]
    assert not odds_warnings, odds_warnings
    return folder / "site"


@pytest.mark.parametrize("lang", LANGS)
def test_built_pages(site: Path, lang: str) -> None:
    prefix = "" if lang == SOURCE_LANG else f"{lang}/"
    html = (site / f"{prefix}odds" / "index.html").read_text(encoding="utf-8")
    root = parse(html)
    assert root.one("html").attrs.get("lang") == lang
    for board in BOARD_IDS:
        check_board(root, lang, board)
        check_groups(root, lang, board)
        check_jail(root, lang, board)
    assert len(root.all("svg", class_="odds-board")) == 2 * len(BOARD_IDS)
    links = [a.attrs.get("href", "") for a in root.all("a")]
    assert any(h.endswith("jail/#jail-doubles") for h in links)
    assert "[[odds-" not in html and "[[ref:" not in html, "a directive was left unexpanded"


@pytest.mark.parametrize("lang", ("nl", "sv", "da", "nb"))
def test_page_states_the_convention_of_each_published_table(lang: str) -> None:
    """The odds page names the long-stay convention, its option, and figures the engine gives."""
    from engine.markov import JAIL, landing_odds
    text = (ROOT / "docs" / lang / "odds.md").read_text(encoding="utf-8")
    assert "jail_release_rolls_again" in text and "Durrett" in text
    published = landing_odds("atlantic-city", "stay", "roll", {"jail_release_rolls_again": True})
    rulebook = landing_odds("atlantic-city", "stay", "roll")
    for data in (published, rulebook):
        for k in (JAIL, 10):
            shown = f"{100 * data['positions'][k]['probability']:.2f}".replace(".", ",")
            assert shown in text, (lang, shown)
