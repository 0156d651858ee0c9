"""``[[example: id]]`` and ``[[examples]]``: a worked example shown in the page language, and
the index of all of them.

The example files are read and checked by :mod:`hooks.render.examples`; this module only shows them.
``[[example: id]]`` becomes a box (folded under its clause on a rule page, open on the
examples page): the situation, the inputs, the expected answer, the engine's explanation
steps with their clauses linked, and a link that opens the calculator with exactly the
example's request. The box is written from the one checked engine result of the example
(:func:`hooks.render.examples.verified`): the build never shows an example the engine
disagrees with.

The words are ``example.*`` keys of ``translations/<lang>/examples.po``; every value (amounts,
percentages, dice, lists) and every engine message (the steps, an error or a reason) is
written by the presenter (:class:`present.render.Presenter`), the same functions the
calculators answer with, so a step reads the same in an example and in a calculator.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, Mapping

from hooks.common import SOURCE_LANG, Context, Message, h, translations
from hooks.render.examples import (EXAMPLES_PAGE, NO_EDITION_KINDS, Example, ExampleError,
                                   find_example, flatten, ordered, verified)
from hooks.render.calculator_data import step_presenter
from present.numbers import amount as format_amount, percent as format_percent
from present.render import Presenter, clause_kind, keyed
from hooks.render.templates import fragment, html
from hooks.render.edition_prose import family

from engine.boards import BOARDS, Board
from engine.clauses import CLAUSES, PAGES
from engine.editions import EDITIONS
from engine.errors import EngineError
from engine.jail import edition_card_kind

Catalogs = Any
"""The translation catalogs (what :func:`hooks.common.translations` returns); the i18n module
itself is reached through :mod:`hooks.common` only."""


MONEY_FIELDS = frozenset({
    "amount", "cost", "proceeds", "cash_received", "sale_proceeds", "mortgage_value",
    "lift_cost", "value", "interest", "interest_exact", "total", "worth", "flat", "percent",
    "fine", "now", "later", "lift_all_now", "keep_all_now", "keep_all_later", "shortfall",
    "saving", "round_income", "hotel_value", "card_offer", "cash", "money", "expected_fine",
    "target", "house_cost"})
"""Request and result fields that are amounts of money."""

IDENTIFYING = frozenset({"option", "choice", "name", "group"})
"""Result fields that name their list item (shown numbered, without the item's name again)."""

ENUM_FIELDS = frozenset({
    "choice", "option", "cheaper", "building", "outcome", "leads_to", "on_failure",
    "card_kind", "scope", "action", "creditor", "arrival", "board", "jail_strategy", "count",
    "speed_face", "jail_pay_when"})
"""Fields whose values are words translated as ``example.value.<field>.<value>``."""


@dataclass(frozen=True)
class Words:
    """Messages and numbers in one language, for one example (its board and currency).

    The catalogs are looked up once (``translations()`` checks the files on every call)."""

    lang: str
    board: Board | None
    currency: str
    catalogs: Catalogs = field(default_factory=translations, compare=False)
    card_kind: str = "card"
    """What gets a player out of jail in the edition (:func:`engine.jail.card_kind`)."""

    @property
    def fmt(self) -> Presenter:
        """The presenter of the language: numbers, amounts, dice, lists, engine messages."""
        return step_presenter(self.lang)

    def t(self, key: str, **params: object) -> Message:
        return self.catalogs.gettext(self.lang, key, **params)

    def html(self, key: str, **params: object) -> str:
        return self.t(key, **params).html()

    def n(self, key: str, n: int, **params: object) -> str:
        return self.catalogs.ngettext(self.lang, key, n, **params).html()

    def has(self, key: str) -> bool:
        """Whether the source language defines ``key``."""
        return self.catalogs.has(SOURCE_LANG, key)

    def number(self, value: int | float) -> str:
        return h(self.fmt.number(value))

    def money(self, value: int | float) -> str:
        return h(self.fmt.amount(value, self.currency))

    def yes_no(self, value: bool) -> str:
        return self.html("example.yes" if value else "example.no")

    def square(self, ref: object) -> str:
        """A square's name on the example's board (index or name), else the reference."""
        if self.board is not None:
            if isinstance(ref, str) and ref.strip().casefold() in ("income", "luxury"):
                ref = 4 if ref.strip().casefold() == "income" else 38
            try:
                return h(self.board.find(ref).name)
            except EngineError:  # an unknown square is shown as written
                pass
        return h(str(ref))

    def level(self, value: object) -> str:
        """0-4 houses or 5 = a hotel, in words.

        >>> w = Words("sv", None, "USD")
        >>> w.level(0), w.level(1), w.level(3), w.level(5), w.money(1500)
        ('obebyggd', '1 hus', '3 hus', 'ett hotell', '1\xa0500\xa0$')
        """
        if value == 5:
            return self.html("example.hotel")
        if value == 0 and not isinstance(value, bool):  # not "0 huizen": as the calculators say
            return self.html("calc.level.0")
        if isinstance(value, int) and not isinstance(value, bool):
            return self.n("example.houses", value)
        return h(str(value))

    def keyed(self, key: str) -> str:
        """``key`` in the edition's words for its get-out card (:func:`present.render.keyed`)."""
        return keyed(key, self.card_kind, self.has)

    def enum(self, name: str, value: object) -> str:
        return self.html(self.keyed(f"example.value.{name}.{value}"))

    def scalar(self, value: object, money: bool = False) -> str:
        """A plain value: yes/no, money, numbers the language's way, lists joined."""
        if value is None:
            return "—"
        if isinstance(value, bool):
            return self.yes_no(value)
        if isinstance(value, (int, float)):
            return self.money(value) if money else self.number(value)
        if isinstance(value, (list, tuple)):
            return self.fmt.join([self.scalar(v, money) for v in value])
        if isinstance(value, Mapping):
            return ", ".join(f"{h(k)}: {self.scalar(v, money)}" for k, v in value.items())
        if isinstance(value, str) and re.fullmatch(r"-?\d+\.\d+", value):
            return self.money(float(value)) if money else self.number(float(value))
        return h(str(value))


def words_for(example: Example, lang: str) -> Words:
    ed = EDITIONS[example.edition]
    board = ed.board
    if board is None and example.kind in NO_EDITION_KINDS:
        board = BOARDS.get(str(example.request.get("board")))
    kind = edition_card_kind(ed)
    return Words(lang, board, ed.currency, card_kind=kind)


# --- inputs ------------------------------------------------------------------------


def _dice(w: Words, value: object) -> str:
    return h(w.fmt.dice(value))


def _lot_levels(w: Words, value: Mapping[str, Any]) -> str:
    return ", ".join(f"{w.square(int(k) if str(k).isdigit() else k)}: {w.level(v)}"
                     for k, v in value.items())


def _property(w: Words, prop: Mapping[str, Any]) -> str:
    bits = []
    if prop.get("buildings"):
        bits.append(w.level(prop["buildings"]))
    if prop.get("mortgaged"):
        bits.append(w.html("example.mortgaged"))
    name = w.square(prop.get("square"))
    return f"{name} ({', '.join(bits)})" if bits else name


def _card_set(w: Words, s: Mapping[str, Any]) -> str:
    kind = s.get("kind", "street")
    parts = [w.html("example.set", value=format_amount(w.lang, s.get("value", 0), w.currency),
                    kind=w.t(f"example.value.set_kind.{kind}").text)]
    if s.get("houses"):
        parts.append(w.n("example.houses", s["houses"]))
    if s.get("hotel"):
        parts.append(w.html("example.hotel"))
    if s.get("token"):
        parts.append(w.html("example.token"))
    return ", ".join(parts)


def _player(w: Words, player: Mapping[str, Any]) -> str:
    parts = []
    for key in ("cash", "money"):  # board editions / the card game
        if key in player:
            amount = format_amount(w.lang, player[key], w.currency)
            parts.append(w.html("example.player_cash", cash=amount))
    props = player.get("properties") or []
    if props:
        parts.append("; ".join(_property(w, p) for p in props))
    sets = player.get("sets") or []
    if sets:
        parts.append("; ".join(_card_set(w, s) for s in sets))
    if not props and not sets:
        parts.append(w.html("example.no_property"))
    return " · ".join(parts)


def _built(w: Words, value: object) -> str:
    items = []
    for item in value if isinstance(value, list) else []:
        group, level = (item.get("group"), item.get("level")) if isinstance(item, Mapping) else item
        shown = w.html("example.unbuilt") if level == 0 else w.level(level)
        items.append(f"{w.html(f'example.value.group.{group}')}: {shown}")
    return ", ".join(items)


def input_value(w: Words, name: str, value: Any) -> str:
    """A request field's value for the inputs table (escaped HTML)."""
    if name in ("square",):
        return w.square(value)
    if name == "squares":
        return ", ".join(w.square(v) for v in value)
    if name in ("buildings", "sell") and isinstance(value, Mapping):
        if name == "sell":
            return ", ".join(f"{w.square(int(k) if str(k).isdigit() else k)}: "
                             f"{w.n('example.buildings_count', v)}" for k, v in value.items())
        return _lot_levels(w, value)
    if name == "buildings":
        return w.level(value)
    if name == "sell" and isinstance(value, int) and not isinstance(value, bool):
        return w.n("example.buildings_count", value)
    if name == "mortgaged" and isinstance(value, list):
        return ", ".join(w.square(v) for v in value)
    if name in ("dice", "reroll"):
        return _dice(w, value)
    if name == "house_rules":
        return ", ".join(w.enum("house_rules", v) for v in value)
    if name == "properties":
        return "; ".join(_property(w, p) for p in value) or w.html("example.no_property")
    if name == "opponents_built":
        return _built(w, value)
    if name == "options" and isinstance(value, Mapping):
        return ", ".join(f"{h(k)} = {w.scalar(v)}" for k, v in value.items())
    if name in ENUM_FIELDS and isinstance(value, (str, int)) and not isinstance(value, bool):
        return w.enum(name, value)
    return w.scalar(value, money=name in MONEY_FIELDS)


def input_rows(w: Words, example: Example) -> list[tuple[str, str]]:
    """(label, value) rows: the edition, then every request field (players one per row)."""
    rows = [(w.html("example.field.edition"), w.html(f"edition.{example.edition}"))]
    for name, value in example.request.items():
        if name == "players" and isinstance(value, list):
            for i, player in enumerate(value):
                label = w.html("example.player", name=player.get("name") or f"P{i + 1}")
                rows.append((label, _player(w, player)))
            continue
        rows.append((w.html(w.keyed(f"example.field.{name}")), input_value(w, name, value)))
    return rows


# --- expected answer ------------------------------------------------------------------


def _norm(path: str) -> str:
    return ".".join("n" if re.fullmatch(r"-?\d+", p) else p for p in path.split("."))


def result_label_key(kind: str, path: str, catalogs: Catalogs | None = None) -> str:
    """The message key of an expected field's label: kind-specific, else shared.

    >>> result_label_key("rent", "amount"), result_label_key("jail", "options.1.cost")
    ('example.result.rent.amount', 'example.result.options.n.cost')
    """
    norm = _norm(path)
    specific = f"example.result.{kind}.{norm}"
    if (catalogs or translations()).has(SOURCE_LANG, specific):
        return specific
    return f"example.result.{norm}"


def _context(w: Words, result: Mapping[str, Any], path: str) -> list[str]:
    """Names for the indexed parts of a path: ``options.1.cost`` -> the option's name."""
    names: list[str] = []
    parts = path.split(".")
    cur: Any = result
    for part in parts[:-1] if len(parts) > 1 else []:
        if isinstance(cur, list) and re.fullmatch(r"-?\d+", part):
            item = cur[int(part)] if -len(cur) <= int(part) < len(cur) else None
            if isinstance(item, Mapping):
                if "option" in item:
                    names.append(w.enum("option", item["option"]))
                elif "choice" in item:
                    names.append(w.enum("choice", item["choice"]))
                elif isinstance(item.get("square"), Mapping):  # a lot: the engine's square object
                    names.append(h(item["square"]["name"]))
                elif "name" in item:
                    names.append(h(item["name"]))
                elif "group" in item:
                    names.append(w.html(f"example.value.group.{item['group']}"))
            cur = item
        elif isinstance(cur, Mapping):
            cur = cur.get(part)
    if len(parts) > 1 and parts[-2].startswith("buildings") and parts[-1].isdigit():
        names.append(w.square(int(parts[-1])))
    return names


def _message(w: Words, key: str, params: Mapping[str, Any]) -> str:
    """An engine message (error or reason) in words, as HTML."""
    return w.fmt.sentence(key, params, w.currency).html(w.lang)


def expected_value(w: Words, example: Example, result: Mapping[str, Any], path: str,
                   value: Any) -> str:
    """An expected leaf as the reader should see it (escaped HTML)."""
    leaf = path.split(".")[-1]
    parent = path.split(".")[-2] if "." in path else ""
    if path == "error":
        return _message(w, value, result.get("params") or {})
    if path == "field":
        named = [p for p in str(value).split(".") if not p.isdigit()]
        key = f"example.field.{named[-1]}" if named else ""
        return w.html(key) if key and w.has(key) else h(value)
    if leaf == "reasons":
        if not value:
            return w.html("example.none")
        return "; ".join(w.html(r) for r in value)
    if leaf == "winners":  # a list in running text ("An, Bo en Cas"), as the steps say it
        return h(w.fmt.join(list(value))) if value else w.html("example.none")
    if parent.startswith("buildings") and leaf.isdigit():
        return w.level(value)
    if leaf == "probability" and isinstance(value, (int, float)):
        return h(format_percent(w.lang, value, 2))
    if leaf == "claim_deadline":  # the rules' own words for it ("de volgende speler gooit")
        return w.html(f"param.rent_claim_deadline.{value}")
    if leaf in ENUM_FIELDS and isinstance(value, str):
        return w.enum(leaf, value)
    return w.scalar(value, money=leaf in MONEY_FIELDS)


def answer_rows(w: Words, example: Example, result: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(label, value) rows of the expected answer (``steps_include`` is shown by the steps)."""
    rows = []
    leaves = flatten(dict(example.expected))
    # an item named by its own value ("options.1.option" = "buy-card") is numbered only
    # beside another of its list: alone, "Keuze 2" numbers a table the example does not show
    named = [p.split(".") for p, _ in leaves if len(p.split(".")) >= 2
             and p.split(".")[-1] in IDENTIFYING and re.fullmatch(r"\d+", p.split(".")[-2])]
    for path, value in leaves:
        if path == "steps_include":
            continue
        key = result_label_key(example.kind, path, w.catalogs)
        if path == "winners" and isinstance(value, list) and len(value) > 1:
            key = "example.result.winners.many"  # a tie: "Winnaars: An en Bo"
        label = w.html(key)
        parts = path.split(".")
        if len(parts) >= 2 and parts[-1] in IDENTIFYING and re.fullmatch(r"\d+", parts[-2]):
            # "options.1.option": the value names the item itself; number it instead
            alone = sum(1 for n in named if n[:-2] == parts[:-2]) == 1
            rows.append((label if alone else f"{label} {int(parts[-2]) + 1}",
                         expected_value(w, example, result, path, value)))
            continue
        names = _context(w, result, path)
        if names:
            label += f" <span class=\"example-of\">({', '.join(names)})</span>"
        rows.append((label, expected_value(w, example, result, path, value)))
    return rows


# --- explanation steps -------------------------------------------------------------------


def step_html(ctx: Context, w: Words, step: Mapping[str, Any]) -> str:
    """One explanation step: the message in the page language, its clause (and ruling) linked."""
    message = _message(w, str(step.get("key")), step.get("params") or {})
    clause = str(step.get("clause"))
    links = []
    if clause in CLAUSES:
        links.append(_clause_link(ctx, w, clause))
    ruling = step.get("ruling")
    if isinstance(ruling, str) and ruling in CLAUSES and ruling != clause:
        links.append(_clause_link(ctx, w, ruling))
    return f"<li>{message} <span class=\"example-cite\">({', '.join(links)})</span></li>"


def _clause_link(ctx: Context, w: Words, clause: str) -> str:
    c = CLAUSES[clause]
    key = clause_kind(clause)  # the words of a step's badge too
    title = ctx.clause_label(clause)[1] or c.title
    return fragment("clause-ref.html", url=ctx.clause_url(clause), title=title,
                    text=w.t(key, number=c.number))


# --- the box ----------------------------------------------------------------------------


def _table(rows: list[tuple[str, str]], cls: str, caption: Message) -> str:
    """A two-column table; no class on the ``table`` itself, so the theme styles it."""
    return fragment("example/table.html", cls=cls, caption=caption,
                    rows=[(html(k), html(v)) for k, v in rows])


def _neighbours(example: Example) -> tuple[Example | None, Example | None]:
    items = ordered(Path(example.path).parent)
    i = next(n for n, e in enumerate(items) if e.id == example.id)
    return (items[i - 1] if i > 0 else None, items[i + 1] if i + 1 < len(items) else None)



def answer_item(label: str, value: str) -> str:
    """One answer of the summary line: "Kosten: € 200"; a label that is a question takes
    its answer as the next sentence ("Mag het? Nee"), never "Mag het?: nee".

    >>> answer_item("Kosten", "€ 200"), answer_item("Mag het?", "nee")
    ('Kosten: € 200', 'Mag het? Nee')
    """
    if label.rstrip().endswith("?"):
        return f"{label} {value[:1].upper()}{value[1:]}" if value[:1].isalpha() else \
            f"{label} {value}"
    return f"{label}: {value}"

def render_box(ctx: Context, example: Example) -> str:
    """The example in the page language: a boxed block of HTML and Markdown links."""
    lang = ctx.lang
    w = words_for(example, lang)
    text = example.texts[lang]
    result, problems = verified(example)
    if problems:  # the build shows what the tests check: never a wrong example
        raise ctx.error(f"example {example.id!r}: " + "; ".join(p.describe() for p in problems))
    clause_links = ", ".join(_clause_link(ctx, w, c) for c in example.clauses)
    # On a rule page the example folds under its clause (the rule first): title and answer
    # stay visible in the summary line; the examples page shows them open, as boxes.
    folded = ctx.slug != EXAMPLES_PAGE
    items = [answer_item(k, v) for k, v in answer_rows(w, example, result)]
    # one answer beside the next with a middle dot: a semicolon clashed with a value's own
    # and read on with a capital ("…; Het probleem zit in: Vakje"); a message ends in a
    # full stop, inside the line its item ends at the dot (". ·")
    answer = " · ".join([i.removesuffix(".") for i in items[:-1]] + items[-1:])
    steps = [html(step_html(ctx, w, s)) for s in result.get("steps", []) if isinstance(s, Mapping)]
    links = []
    if example.opens_calculator:
        links.append(f"[{_md_text(w.t('example.open_calculator').text)}]"
                     f"({example.calculator_link(lang)}){{ .example-calculator }}")
    # the form cannot hold this situation: say so rather than open other numbers
    no_calculator = w.t("example.no_calculator") if (
        example.calculator and not example.opens_calculator) else None
    if ctx.slug != EXAMPLES_PAGE:
        links.append(f"[{_md_text(w.t('example.all_examples').text)}]"
                     f"({EXAMPLES_PAGE}.md#ex-{example.id}){{ .example-all }}")
    return str(fragment(
        "example/box.html", ex=example, folded=folded, about=family(example.edition),
        title=w.t("example.title", title=text.title), plain_title=text.title, answer=html(answer),
        situation=text.situation,
        inputs=_table(input_rows(w, example), "example-inputs", w.t("example.inputs")),
        result=_table(answer_rows(w, example, result), "example-answer",
                      w.t("example.expected")),
        # open where the example stands in its rule; folded on the long examples page
        steps=steps, open_steps=folded, steps_label=w.t("example.steps"),
        illustrates=w.t("example.illustrates"), clauses=html(clause_links),
        no_calculator=no_calculator,
        home=_clause_link(ctx, w, example.home_clause) if no_calculator else "",
        links=html(" · ".join(links)),
        nav=_nav(ctx, w, example) if ctx.slug == EXAMPLES_PAGE else None))


def _md_text(text: str) -> str:
    """Plain text safe as Markdown link text."""
    return escape(text, quote=False).replace("[", "\\[").replace("]", "\\]").replace("*", "\\*")


def _nav(ctx: Context, w: Words, example: Example) -> str:
    prev, nxt = _neighbours(example)
    return fragment(
        "example/nav.html", label=w.t("example.nav_label"),
        prev=(prev.id, w.t("example.previous", title=prev.texts[ctx.lang].title)) if prev else None,
        next=(nxt.id, w.t("example.next", title=nxt.texts[ctx.lang].title)) if nxt else None)


def render(ctx: Context) -> str:
    """``[[example: id]]``."""
    if len(ctx.args) != 1:
        raise ctx.error("write one example id: [[example: <id>]]")
    try:
        example = find_example(ctx.args[0])
    except ExampleError as exc:
        raise ctx.error(str(exc)) from None
    if ctx.slug not in (EXAMPLES_PAGE, example.topic):
        raise ctx.error(f"example {example.id!r} belongs on {example.topic}.md "
                        f"(its topic) or {EXAMPLES_PAGE}.md, not on {ctx.slug}.md")
    return render_box(ctx, example)


def render_index(ctx: Context) -> str:
    """``[[examples]]``: every example by topic, with its edition and clause links."""
    if ctx.args:
        raise ctx.error("[[examples]] takes no arguments")
    w = Words(ctx.lang, None, "EUR")
    from hooks.pages import read_page

    examples = ordered()
    rows: list[tuple[Any, ...]] = []
    current = None
    for ex in examples:
        if ex.topic != current:
            current = ex.topic
            page = next(p for p in PAGES if p.slug == ex.topic)
            number = "" if page.chapter == "R" else f"{page.chapter} "
            title = read_page(ctx.docs_dir, ctx.lang, ex.topic).title or ex.topic
            rows.append(("topic", ex.topic, number, title))
        clauses = ", ".join(_clause_link(ctx, w, c) for c in ex.clauses)
        rows.append(("example", ex, ex.texts[ctx.lang].title, html(clauses), family(ex.edition)))
    return str(fragment("example/index.html", w=w, count=len(examples), rows=rows))


DIRECTIVES = {"example": render, "examples": render_index}

