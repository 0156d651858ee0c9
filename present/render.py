"""The view interpreter: an engine result plus a language's messages and clause links ->
the result's HTML; an engine error -> its HTML and the field it belongs to.

The build (``hooks/render/render_calculator.py``) and the browser's worker (through
:func:`present.api.answer`) call these same functions. Every text and attribute value goes
through :func:`present.messages.escape` (``html.escape``'s rule); the only markup is the
presenter's own.

>>> p = Presenter({"lang": "nl", "messages": {"calc.yes": "ja", "calc.list.and": "en"},
...                "fallback": [], "counts": {}})
>>> p.scalar(True), p.scalar(1234.5), p.scalar([1, 2], money=True, currency="EUR")
('ja', '1.234,5', '€\\xa01 en €\\xa02')
>>> p.dice([3, 4]), p.join(["An", "Bo", "Cas"]), p.percent(10)
('3 + 4', 'An, Bo en Cas', '10%')
>>> p.step_params("step.rent.x", {"square": "Kalverstraat", "rents": [25, 50]}, "EUR")
{'square': 'de Kalverstraat', 'rents': '€\\xa025 / €\\xa050'}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from engine.clauses import CLAUSES
from engine.money import money_params, percent_params
from engine.sources import heading_language, localized_cite
from present import numbers
from present.grammar import SENTENCE_PARAMS, capitalise_start, common_word, in_sentence
from present.messages import Messages, Text, escape as h
from present.views import View

Links = Mapping[str, "tuple[str, str] | list[str]"]
"""Clause id -> (visible number, URL of the clause relative to the page)."""

DICE_PARAMS = frozenset({"dice", "reroll"})
"""Step parameters that are a throw of the dice (shown as "3 + 4" everywhere)."""
SERIES_PARAMS = frozenset({"rents"})
"""Step parameters that are a series of amounts (a rent table: "€ 25 / € 50 / ...")."""

EXACT = re.compile(r"-?\d+\.\d+")
"""An exact amount of money in a decimal string (``engine.money``: "95.5" before rounding)."""
SPEED_FACE_PARAMS = frozenset({"face", "reroll", "speed_face"})
"""Parameters that hold a face of the speed die (``bus``, ``mr-monopoly``: named in words)."""

GROUP_LEVELS = re.compile(r"^[a-z-]+ [0-5](?:, [a-z-]+ [0-5])*$")
"""A step parameter listing colour groups with a level, as the engine writes it."""


class Presenter(Messages):
    """The messages of one page language plus its number rules: what a view's values
    and a step's parameters are shown as; ``labels`` (calculator -> field -> label key,
    from the context) name the field an error is about."""

    def __init__(self, context: Mapping[str, Any]) -> None:
        super().__init__(context)
        self.labels: Mapping[str, Mapping[str, str]] = context.get("labels") or {}
        self.options: Mapping[str, Mapping[str, str]] = context.get("options") or {}

    def named(self, name: str, value: Any) -> str | None:
        """A parameter that holds an id, in words: a speed die's face ("the bus"), an
        edition (its name); None for any other.

        >>> p = Presenter({"lang": "nl", "messages": {"calc.speed_face_name.bus": "de bus"}})
        >>> p.named("face", "bus"), p.named("face", "3"), p.named("square", "bus")
        ('de bus', None, None)
        """
        if not isinstance(value, str):
            return None
        key = (f"calc.speed_face_name.{value}" if name in SPEED_FACE_PARAMS
               else f"calc.edition.{value}" if name == "edition" else None)
        if name == "edition" and self.has(f"{key}.short"):
            key = f"{key}.short"  # inside a sentence: the name without a comma
        return self.plain(key) if key is not None and self.has(key) else None

    def choice_names(self, kind: str, path: str | None, choices: str) -> str | None:
        """The options of the field at ``path`` ("mortgage, lift") by their names, or None.

        >>> p = Presenter({"lang": "nl", "messages": {"calc.x.a": "Aa", "calc.x.b": "Bee"},
        ...                "options": {"k": {"f": "calc.x."}}})
        >>> p.choice_names("k", "f.0", "a, b"), p.choice_names("k", "g", "a")
        ('Aa, Bee', None)
        """
        names = [part for part in (path or "").split(".") if part and not part.isdigit()]
        own = self.options.get(kind) or {}
        prefix = next((own[n] for n in reversed(names) if n in own), None)
        if prefix is None:
            return None
        items = [c.strip() for c in choices.split(",")]
        if not all(self.has(prefix + c) for c in items):
            return None
        return ", ".join(self.plain(prefix + c) for c in items)

    def field_label(self, kind: str, path: str | None) -> str | None:
        """The label of the field at request ``path`` (its deepest named part), as text.

        >>> p = Presenter({"lang": "nl", "messages": {"calc.square": "Vakje"}, "fallback": [],
        ...                "labels": {"score": {"square": "calc.square"}}})
        >>> p.field_label("score", "players.0.properties.1.square"), p.field_label("rent", "x")
        ('Vakje', None)
        """
        names = [part for part in (path or "").split(".") if part and not part.isdigit()]
        own = self.labels.get(kind) or {}
        for name in reversed(names):
            if name in own and self.has(own[name]):
                return self.plain(own[name])
        return None

    def number(self, value: Any, decimals: int | None = None) -> str:
        return numbers.number(self.lang, value, decimals)

    def amount(self, value: Any, currency: str | None) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return self.scalar(value)
        return numbers.amount(self.lang, value, currency)

    def percent(self, points: Any, digits: int | None = None) -> str:
        """A percentage given in points (10 -> "10 %"), with the language's sign and space."""
        if isinstance(points, bool) or not isinstance(points, (int, float)):
            return self.scalar(points)
        return numbers.percent_points(self.lang, points, digits)

    def dice(self, faces: Any) -> str:
        """A throw: the faces joined by " + " (a speed die's face by its name)."""
        if not isinstance(faces, (list, tuple)):
            return self.scalar(faces)
        return " + ".join(self.number(f) if isinstance(f, int) and not isinstance(f, bool)
                          else self.plain(f"calc.speed_face.{f}") for f in faces)

    def join(self, items: list[str], sep: str = ", ") -> str:
        """Items as a list in running text: "a, b en c" (the language's ``calc.list.and``);
        edition names in a list are their short names, without a comma
        (``edition.<id>.short``), so the comma never shows up inside an item.

        >>> Presenter({"lang": "nl", "messages": {"calc.list.and": "en"}}).join(
        ...     ["Nederland 2001", "Nederland modern", "Kaartspel 2002"])
        'Nederland 2001, Nederland modern en Kaartspel 2002'
        """
        items = [str(i) for i in items]
        if len(items) < 2:
            return "".join(items)
        word = self.plain("calc.list.and") if self.has("calc.list.and") else "+"
        return f"{sep.join(items[:-1])} {word} {items[-1]}"

    def scalar(self, value: Any, money: bool = False, currency: str | None = None) -> str:
        """One parameter value as text: booleans yes/no, money in the currency, numbers
        the language's way, lists as a list in running text, anything else as it is."""
        if value is None:
            return "—"
        if isinstance(value, bool):
            return self.plain("calc.yes" if value else "calc.no")
        if isinstance(value, (int, float)):
            return self.amount(value, currency) if money else self.number(value)
        if isinstance(value, (list, tuple)):
            return self.join([self.scalar(v, money, currency) for v in value])
        if isinstance(value, Mapping):
            return "—"
        return str(value)

    def param(self, key: str, name: str, value: Any, currency: str | None) -> str:
        """One step or error parameter as text, by what the engine says it is."""
        if name in DICE_PARAMS and isinstance(value, (list, tuple)):
            return self.dice(value)
        if name in percent_params(key):
            return self.percent(value)
        money = name in money_params(key)
        if money and isinstance(value, str) and EXACT.fullmatch(value):
            value = float(value)  # an exact amount the engine writes as a decimal ("95.5")
        if name in SERIES_PARAMS and isinstance(value, (list, tuple)):
            return " / ".join(self.scalar(v, money, currency) for v in value)
        named = None if isinstance(value, (list, tuple)) else self.named(name, value)
        if named is not None:
            return named  # an id in words: the speed die's face, an edition
        if name in SENTENCE_PARAMS and isinstance(value, str):
            return in_sentence(self.lang, value)
        if name == "levels" and isinstance(value, (list, tuple)):
            # the lots of a group with their buildings: "Kalverstraat: hotel, Leidschestraat:
            # 1 huis" (a hotel is level 5 in a request, never a number to a reader)
            return ", ".join(f"{lot}: {self.plain(f'calc.level.{level}')}" for lot, level in value)
        if name == "groups":
            named = self.groups_text(value)
            if named is not None:
                return named
        return self.scalar(value, money, currency)

    def step_params(self, key: str, params: Mapping[str, Any], currency: str | None
                    ) -> dict[str, str]:
        """Every parameter of message ``key`` as text (:meth:`param`). Where one amount of
        the message has cents (an expected cost, € 551,16), every amount of it shows them:
        not "€ 551,16 … tegenover € 329" in one sentence. Not so in a sum worked out
        exactly (:data:`EXACT_SUMS`): "10% van $ 175 is $ 17,50", not "$ 175,00"."""
        money = money_params(key)
        cents = not key.startswith(EXACT_SUMS) and any(
            isinstance(v, float) and not v.is_integer() for k, v in params.items()
            if k in money and numbers.finite(v))
        out = {k: self.param(key, k, v, currency) for k, v in params.items()}
        if cents:
            out.update({k: numbers.amount(self.lang, v, currency, 2) for k, v in params.items()
                        if k in money and numbers.finite(v)})
        return out

    def sentence(self, key: str, params: Mapping[str, Any], currency: str | None,
                 shown: Mapping[str, str] | None = None) -> Text:
        """An engine message (step, reason or error) in words: its parameters formatted
        (``shown`` overrides some, already in words), a sentence that opens with a name and
        its article capitalised.

        A message about a get-out card takes the edition's noun (:func:`keyed`).
        """
        key = keyed(key, params.get("kind"), self.has)
        return self.running(key, {**self.step_params(key, params, currency), **(shown or {})})

    def running(self, key: str, shown: Mapping[str, str]) -> Text:
        """Message ``key`` with its parameters already in words: a sentence that opens with
        a square's name and its article ("de Kalverstraat ...") gets its capital."""
        text = self.t(key, shown)
        opening = [shown[n] for n in SENTENCE_PARAMS if n in shown and text.text.startswith(shown[n])]
        return Text(capitalise_start(text.text), text.lang) if text.lang and opening else text

    def groups_text(self, value: object) -> str | None:
        """Colour groups with their level ("orange 5, red 3") in the page language, or None:
        words inside a sentence ("oranje: hotel, rood: drie huizen"), the groups in small
        letters (:func:`present.grammar.common_word`)."""
        if not isinstance(value, str) or not GROUP_LEVELS.match(value):
            return None
        return ", ".join(f"{common_word(self.plain(f'calc.group.{g}'))}: {self.plain(f'calc.level.{n}')}"
                         for g, n in (item.split(" ") for item in value.split(", ")))

    def source_text(self, source: str) -> str:
        """A step's citation as plain text: the board's own figures (``board.md``) read as
        "the deed (board data)", a rulebook as "source 000 · Huur"."""
        if source.startswith("board.md"):
            return self.plain("calc.source_board")
        # 001 has a text per Nordic language: name the section of the reader's one
        return self.plain("calc.source", {"source": localized_cite(source, self.lang)})

    def source_html(self, source: str, links: Links) -> str:
        """A step's citation as players read it: the booklet's short name in the page
        language (``source.<id>.name``), linked to its entry on the sources page (``links``
        holds ``source-<id>``), the number beside it, then the section; without a name or a
        link, :meth:`source_text`. The build cites booklets in prose the same way
        (``hooks/catalogs/source_names.py`` calls :func:`source_link`).

        >>> p = Presenter({"lang": "nl", "messages": {"source.999.name": "Doos 1999",
        ...     "source.999": "Een doos uit 1999", "calc.source": "bron {source}"}})
        >>> p.source_html("999 · Huur", {"source-999": ("999", "../sources/#source-999")})
        '<a class="src-name" href="../sources/#source-999" title="Een doos uit 1999">Doos 1999</a><span class="src-no"> [999]</span> · Huur'
        >>> p.source_html("999 · Huur", {})
        'bron 999 · Huur'
        """
        cite = localized_cite(source, self.lang)
        file, sep, section = cite.partition(" · ")
        target = links.get(f"source-{file}")
        if source.startswith("board.md") or target is None or not self.has(f"source.{file}.name"):
            return h(self.source_text(source))
        link = source_link(self.plain(f"source.{file}.name"), self.plain(f"source.{file}"),
                           str(target[1]), file)
        return f"{link}{h(sep)}{heading_html(file, section, self.lang)}" if sep else link


EXACT_SUMS: tuple[str, ...] = ("step.mortgage.", "step.tax.")
"""Steps whose amounts are a sum worked out exactly (10 % interest, 10 % of a worth): a
whole amount beside one with cents stays whole there, as a receipt writes it; the
amounts of an expected cost (the jail advice) all show cents."""


def keyed(key: str, kind: object, has: Callable[[str], bool]) -> str:
    """Message ``key``, or its wording for an edition whose get-out "card" is a key
    (``kind == "key"``, :func:`engine.jail.card_kind`): the catalog holds that wording as a
    message of its own, ``<key>.key``, since the noun's gender and forms change the
    sentence ("Köper du den", not "det"). Steps, option names and worked examples all ask
    here.

    >>> keyed("step.jail.buy_card", "key", {"step.jail.buy_card.key"}.__contains__)
    'step.jail.buy_card.key'
    >>> keyed("step.jail.buy_card", "card", {"step.jail.buy_card.key"}.__contains__)
    'step.jail.buy_card'
    >>> keyed("step.jail.roll", "key", {"step.jail.buy_card.key"}.__contains__)
    'step.jail.roll'
    """
    return f"{key}.key" if kind == "key" and has(f"{key}.key") else key


def heading_html(file: str, section: str, page_lang: str, shown: str | None = None) -> str:
    """A rulebook section's heading as HTML (``shown``: its text already escaped, else
    ``section`` escaped), in ``<span lang>`` where the heading is written in another language
    than the page's (:func:`engine.sources.heading_language`: 001's Swedish on a Norwegian
    page after its text stops, 000's Dutch on the others), so a screen reader reads it in
    its own (WCAG 3.1.2). The one markup for it: explanation steps, values' notes and prose
    citations (``hooks/catalogs/source_names.py``).

    >>> heading_html("001", "KONKURS", "nb"), heading_html("001", "FENGSEL", "nb")
    ('<span lang="sv">KONKURS</span>', 'FENGSEL')
    """
    text = h(section) if shown is None else shown
    other = heading_language(file, section, page_lang)
    return text if other == page_lang else f'<span lang="{other}">{text}</span>'


def source_link(name: str, title: str, url: str, source: str) -> str:
    """A booklet cited by number, as players read it: its short name linked to its entry
    on the sources page (``title``: its long title), the number beside it as the compact form,
    in square brackets as a reference number: "Nederlandse doos 2001 000" read as one number.

    >>> source_link("kaartspel 2002", "Monopoly Het Kaartspel", "s/#source-004", "004")
    '<a class="src-name" href="s/#source-004" title="Monopoly Het Kaartspel">kaartspel 2002</a><span class="src-no"> [004]</span>'
    """
    return (f'<a class="src-name" href="{h(url)}" title="{h(title)}">{h(name)}</a>'
            f'<span class="src-no"> [{h(source)}]</span>')


def get_path(data: Any, path: str) -> Any:
    """``a.b.0.c`` inside nested dicts and lists; None when absent.

    >>> get_path({"a": [{"b": 3}]}, "a.0.b"), get_path({"a": []}, "a.1.b")
    (3, None)
    """
    cur = data
    for part in path.split(".") if path else ():
        if isinstance(cur, Mapping):
            cur = cur.get(part)
        elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return None
    return cur


def holds(data: Any, when: Any, root: Any = None) -> bool:
    """Whether a view condition (or list of them) holds for ``data``."""
    if when is None:
        return True
    if isinstance(when, list):
        return all(holds(data, w, root) for w in when)
    base = root if when.get("root") and root is not None else data
    value = get_path(base, when["path"])
    if "eq" in when:
        return value == when["eq"]
    if "ne" in when:
        return value != when["ne"]
    if "in" in when:
        return value in when["in"]
    if "truthy" in when:
        return bool(value)
    if "falsy" in when:
        return not value
    if "len" in when:
        return isinstance(value, list) and len(value) == when["len"]
    if "len_gt" in when:
        return isinstance(value, list) and len(value) > when["len_gt"]
    if "ne_path" in when:
        return value != get_path(base, when["ne_path"])
    raise ValueError(f"bad view condition {when!r}")


def _key(template: str, data: Any, root: Any) -> str:
    def sub(m: re.Match[str]) -> str:
        value = get_path(data, m.group(1))
        if value is None and root is not None:
            value = get_path(root, m.group(1))
        return str(value)

    return re.sub(r"\{([a-z0-9_.]+)\}", sub, template)


def value_text(fmt: Presenter, spec: Mapping[str, Any], data: Any, root: Any) -> str:
    """One view value as text."""
    currency = get_path(root, "currency")
    if "sum" in spec:
        items = get_path(data, spec["sum"]) or []
        where = spec.get("where", {})
        total = 0
        for item in items:
            if all(get_path(item, k) in v for k, v in where.items()):
                total += get_path(item, spec["field"]) or 0
        return fmt.amount(total, currency) if spec.get("fmt") == "amount" else fmt.scalar(total)
    if spec.get("count"):
        items = get_path(data, spec["path"])
        return fmt.scalar(len(items) if isinstance(items, list) else 0)
    if "lookup" in spec:
        own = get_path(data, spec["match"])
        for item in get_path(root, spec["lookup"]) or []:
            if get_path(item, spec["match"]) == own:
                return fmt.scalar(get_path(item, spec["field"]))
        return "—"
    value = get_path(data, spec["path"])
    if value is None and spec.get("root"):
        value = get_path(root, spec["path"])
    kind = spec.get("fmt")
    if "enum" in spec:
        # a get-out card's option named as the travel edition's key
        return fmt.plain(keyed(f"{spec['enum']}{value}", get_path(root, "card_kind"), fmt.has))
    if kind == "amount":
        return fmt.amount(value, currency)
    if kind == "percent" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return numbers.percent(fmt.lang, value, None, 1)
    return fmt.scalar(value)


def line_html(fmt: Presenter, line: Mapping[str, Any], data: Any, root: Any) -> str:
    """A view line as HTML (its message, escaped, a fallback marked)."""
    params = {name: value_text(fmt, spec, data, root)
              for name, spec in line.get("params", {}).items()}
    # a square's name in running text takes its article, as in the steps ("de Kalverstraat")
    params.update({name: in_sentence(fmt.lang, value) for name, value in params.items()
                   if name in SENTENCE_PARAMS and "enum" not in line["params"][name]})
    key = keyed(_key(line["key"], data, root), get_path(root, "card_kind"), fmt.has)
    return fmt.running(key, params).html(fmt.lang)


def render_output(fmt: Presenter, view: View, result: Mapping[str, Any],
                  links: Links) -> str:
    """The HTML of a result: its view's blocks, then the explanation steps."""
    out = ['<div class="calc-output">']
    for block in view:
        if not holds(result, block.get("when"), result):
            continue
        if "table" in block:
            out.append(_table_html(fmt, block, result))
        else:
            cls = f' class="{h(block["class"])}"' if block.get("class") else ""
            out.append(f"<p{cls}>{line_html(fmt, block, result, result)}</p>")
    steps = result.get("steps") or []
    if steps:
        out.append(f'<p class="calc-steps-title">{fmt.t("calc.steps").html(fmt.lang)}</p>')
        out.append('<ol class="calc-steps">')
        for s in steps:
            out.append(_step_html(fmt, s, result.get("currency"), links))
        out.append("</ol>")
    out.append("</div>")
    return "".join(out)


def _table_html(fmt: Presenter, block: Mapping[str, Any], root: Any) -> str:
    rows = get_path(root, block["table"]) or []
    cols = block["columns"]
    head = "".join(f'<th scope="col">{fmt.t(c["label"]).html(fmt.lang)}</th>' for c in cols)
    body = []
    for row in rows:
        if not holds(row, block.get("row_when"), root):
            continue
        cells = []
        for i, c in enumerate(cols):
            label = h(fmt.plain(c["label"]))
            content = " ".join(line_html(fmt, ln, row, root) for ln in c["lines"]
                               if holds(row, ln.get("when"), root)) if "lines" in c \
                else h(value_text(fmt, c, row, root))
            tag = "th" if i == 0 else "td"
            scope = ' scope="row"' if i == 0 else ""
            cells.append(f'<{tag}{scope} data-label="{label}">{content}</{tag}>')
        body.append(f"<tr>{''.join(cells)}</tr>")
    caption = f'<caption>{fmt.t(block["caption"]).html(fmt.lang)}</caption>' \
        if block.get("caption") else ""
    return (f'<div class="calc-table-wrap"><table class="calc-table">{caption}'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


def clause_kind(clause_id: str) -> str:
    """The message that names a clause in words, by its number: a rule of the booklets
    (``calc.rule``, "regel 4.2") or a ruling of this site (``calc.ruling``, "uitspraak R23");
    a step's badge and a worked example's clause link say it alike.

    >>> clause_kind("rent-set-double"), clause_kind("ruling-go-twice")
    ('calc.rule', 'calc.ruling')
    """
    clause = CLAUSES.get(clause_id)
    return "calc.ruling" if clause is not None and clause.is_ruling else "calc.rule"


def _step_html(fmt: Presenter, s: Mapping[str, Any], currency: str | None,
               links: Links) -> str:
    clause = str(s.get("clause"))
    number, href = links.get(clause, (clause, ""))
    text = fmt.sentence(str(s.get("key")), s.get("params") or {}, currency)
    cite = ""
    if s.get("source"):
        ruling = s.get("ruling")
        src = fmt.source_html(str(s["source"]), links)
        if ruling and ruling in links:
            rnum, rhref = links[ruling]
            label = h(fmt.plain("calc.ruling", {"number": rnum}))
            src += f'; <a href="{h(rhref)}">{label}</a>'
        cite = f' <span class="calc-cite">({src})</span>'
    # the badge is the number ("4.2", "R23"); what it is, in words, for a pointer and a
    # screen reader ("regel 4.2", "uitspraak R23": a reader took R23 for a rule's number),
    # and a ruling's badge is drawn apart (calculators.css), never the clause's id
    kind = clause_kind(clause)
    words = h(fmt.plain(kind, {"number": number}))
    badge = "calc-clause calc-clause-ruling" if kind == "calc.ruling" else "calc-clause"
    return (f'<li data-clause="{h(clause)}"><a class="{badge}" href="{h(href)}" '
            f'title="{words}" aria-label="{words}">{h(number)}</a> '
            f'<span class="calc-step-text">{text.html(fmt.lang)}</span>{cite}</li>')


def render_error(fmt: Presenter, error: Mapping[str, Any], kind: str = "") -> str:
    """The HTML of an engine error (shown above the result; the field shows it too): a
    sentence that names the field in words ("In the field 'Owned': ..."), where it has a label."""
    label = fmt.field_label(kind, error_field(error))
    lead = (fmt.t("calc.invalid_field", {"field": label}) if label is not None
            else fmt.t("calc.invalid")).html(fmt.lang)
    return (f'<div class="calc-output calc-output-error"><p class="calc-error-summary">'
            f'{lead} {error_message(fmt, error, kind)}</p></div>')


def error_message(fmt: Presenter, error: Mapping[str, Any], kind: str = "") -> str:
    """An engine error's own message as HTML (shown next to the field it names): its
    parameters in words (a speed die's face, an edition, the options of a choice by name)."""
    raw = error.get("params") or {}
    if error.get("error") == "error.missing_field" and fmt.has("calc.fill_in") \
            and fmt.field_label(kind, error_field(error)) is not None:
        # the field is named in words beside it: not "the field hotel_value is missing"
        return fmt.t("calc.fill_in", {}).html(fmt.lang)
    if error.get("error") == "error.list_length" and raw.get("count") == 0 \
            and fmt.has("calc.choose_one") and fmt.field_label(kind, error_field(error)) is not None:
        # an empty list of ticks: not "the list has 0 elements; allowed is 1 to 28"
        return fmt.t("calc.choose_one", {}).html(fmt.lang)
    names = (fmt.choice_names(kind, error_field(error), raw["choices"])
             if isinstance(raw.get("choices"), str) else None)
    return fmt.sentence(str(error.get("error")), raw, None,
                        {"choices": names} if names else None).html(fmt.lang)


def error_field(error: Mapping[str, Any]) -> str | None:
    """The request path (``players.1.name``) an engine error belongs to, or None."""
    field = error.get("field")
    return field if isinstance(field, str) and field else None
