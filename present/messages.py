"""A language's messages: ``{name}`` placeholders, plural forms by ``Plural-Forms``.

The messages come as data (the page's shared JSON, or :func:`hooks.render.render_calculator.
page_messages` at build time): ``messages`` (key -> text, or a list of plural forms),
``fallback`` (keys whose text is Dutch), ``counts`` (plural key -> the parameter whose
number picks the form) and ``plural`` (language -> its catalog's ``Plural-Forms``
expression). :func:`plural_rule` is the one evaluator of those expressions; the catalog
loader (``hooks/catalogs/i18n.py``) uses it too.

>>> m = Messages({"lang": "sv", "messages": {"k": ["{n} hus", "{n} hus!"], "x": "Hej {who}"},
...               "fallback": ["x"], "counts": {"k": "n"}, "plural": {"sv": "(n != 1)"}})
>>> m.plain("k", {"n": "1"}), m.plain("k", {"n": "2"}), m.t("x", {"who": "<b>"}).html("sv")
('1 hus', '2 hus!', '<span class="i18n-fallback" lang="nl">Hej &lt;b&gt;</span>')
>>> m.t("nope").html("sv")
'<span class="i18n-missing">nope</span>'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Callable

SOURCE_LANG = "nl"
"""The language a missing message falls back to."""

PluralRule = Callable[[int], int]

_ESCAPES = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord('"'): "&quot;",
            ord("'"): "&#x27;"}


def escape(text: str) -> str:
    """``html.escape(text, quote=True)``, character for character (``tests/test_present.py``
    compares them). Written out because importing ``html`` in the browser's Python costs
    about 90 ms (its ``html.entities`` table compiles from source there) for nothing used.

    >>> escape('<b class="x">&</b>')
    '&lt;b class=&quot;x&quot;&gt;&amp;&lt;/b&gt;'
    """
    return str(text).translate(_ESCAPES)

_TOKEN = re.compile(r"\s*(\d+|n|&&|\|\||[=!<>]=|[-+*/%<>!?:()])")
_BINARY: tuple[tuple[str, ...], ...] = (("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="),
                                        ("+", "-"), ("*", "/", "%"))


def _apply(op: str, a: int, b: int) -> int:
    if op in ("/", "%") and b == 0:
        raise ZeroDivisionError("division by zero in Plural-Forms")
    return {
        "||": lambda: int(bool(a or b)), "&&": lambda: int(bool(a and b)),
        "==": lambda: int(a == b), "!=": lambda: int(a != b), "<": lambda: int(a < b),
        ">": lambda: int(a > b), "<=": lambda: int(a <= b), ">=": lambda: int(a >= b),
        "+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
        "/": lambda: int(a / b) if b else 0, "%": lambda: a % b,
    }[op]()


def plural_rule(expr: str) -> PluralRule:
    """A gettext ``Plural-Forms`` ``plural=`` expression (C syntax: ``n``, integers,
    ``! * / % + - < > <= >= == != && || ?:`` and parentheses) as a function of n.
    ValueError for anything else (the catalog check reports it).

    >>> [plural_rule("(n != 1)")(n) for n in (0, 1, 2)]
    [1, 0, 1]
    >>> pl = plural_rule("(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")
    >>> [pl(n) for n in (1, 2, 5, 11, 22)]
    [0, 1, 2, 2, 1]
    >>> plural_rule("n; import os")
    Traceback (most recent call last):
    ...
    ValueError: bad Plural-Forms expression 'n; import os'
    """
    text = str(expr).strip().rstrip(";")
    tokens: list[str] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            if text[pos:].strip() == "":
                break
            raise ValueError(f"bad Plural-Forms expression {expr!r}")
        tokens.append(m.group(1))
        pos = m.end()
    at = 0

    def peek() -> str | None:
        return tokens[at] if at < len(tokens) else None

    def take() -> str:
        nonlocal at
        if at >= len(tokens):
            raise ValueError(f"bad Plural-Forms expression {expr!r}")
        at += 1
        return tokens[at - 1]

    def unary() -> PluralRule:
        t = take()
        if t == "!":
            f = unary()
            return lambda n: int(not f(n))
        if t == "(":
            f = ternary()
            if take() != ")":
                raise ValueError(f"bad Plural-Forms expression {expr!r}")
            return f
        if t == "n":
            return lambda n: n
        if t.isdigit():
            v = int(t)
            return lambda n: v
        raise ValueError(f"bad Plural-Forms expression {expr!r}")

    def binary(level: int) -> PluralRule:
        if level == len(_BINARY):
            return unary()
        left = binary(level + 1)
        while peek() in _BINARY[level]:
            op = take()
            a, b = left, binary(level + 1)
            left = (lambda a, b, op: lambda n: _apply(op, a(n), b(n)))(a, b, op)
        return left

    def ternary() -> PluralRule:
        cond = binary(0)
        if peek() != "?":
            return cond
        take()
        yes = ternary()
        if take() != ":":
            raise ValueError(f"bad Plural-Forms expression {expr!r}")
        no = ternary()
        return lambda n: yes(n) if cond(n) else no(n)

    rule = ternary()
    if at != len(tokens) or not tokens:
        raise ValueError(f"bad Plural-Forms expression {expr!r}")
    return lambda n: int(rule(n))


def count_of(value: object) -> int | None:
    """The whole number in a count parameter, raw or already formatted (``"1\xa0500"``).

    >>> count_of(3), count_of("1\xa0500"), count_of("3,5"), count_of(None), count_of(True)
    (3, 1500, None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        digits = re.sub(r"[\s\u00a0\u202f.]", "", value)
        return int(digits) if digits.isascii() and digits.isdigit() and len(digits) < 16 else None
    return None


WORDS_SUFFIX = "_words"
"""The end of a placeholder's name that asks for its count in words (:data:`PLACEHOLDER`)."""

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*?)(" + WORDS_SUFFIX + r")?\}")
"""A message's placeholder: ``{name}``, or ``{name_words}`` for the count ``name`` written
as a word (group 1 is the parameter's name either way). A plain name, so that GNU msgfmt
(and Poedit, which runs it) checks these placeholders too: it does not check a message
whose placeholder has a format spec, as ``{name:words}`` had."""


def parameter(placeholder: str) -> str:
    """The parameter a placeholder's name takes its value from.

    >>> parameter("lots_words"), parameter("lots")
    ('lots', 'lots')
    """
    return placeholder[:-len(WORDS_SUFFIX)] if placeholder.endswith(WORDS_SUFFIX) \
        and len(placeholder) > len(WORDS_SUFFIX) else placeholder


_FILL = re.compile(r"\{\{|\}\}|" + PLACEHOLDER.pattern)

COUNT_WORDS = range(2, 13)
"""The counts a message may write as a word (``{name_words}``; the words are the catalogs'
``calc.count.<n>``). A count of things in running text is a word from two to twelve, as
the four languages' style guides write it ("de vier huizen", "de tre försöken"); one stays
a digit, its word agreeing with the noun ("één", "ett"/"en"): a message's singular form
writes its own."""


def fill(template: str, params: Mapping[str, str],
         words: Callable[[int], str | None] | None = None) -> str:
    """Fill ``{name}`` placeholders with already formatted text; ``{{``/``}}`` are braces;
    ``{name_words}`` writes the count ``name`` of :data:`COUNT_WORDS` as ``words(count)``
    (digits where that gives None). A missing parameter shows as ``?`` (never a blank or a
    crash).

    >>> fill("{a} en {{b}} {c}", {"a": "1"})
    '1 en {b} ?'
    >>> fill("de {n_words} huizen, {n} in cijfers", {"n": "4"}, {4: "vier"}.get)
    'de vier huizen, 4 in cijfers'
    """
    def sub(m: re.Match[str]) -> str:
        if m.group(0) == "{{":
            return "{"
        if m.group(0) == "}}":
            return "}"
        shown = str(params.get(m.group(1), "?"))
        if m.group(2) and words is not None and shown.isascii() and shown.isdigit() \
                and int(shown) in COUNT_WORDS:
            return words(int(shown)) or shown
        return shown

    return _FILL.sub(sub, template)


@dataclass(frozen=True)
class Text:
    """A message ready to show: its text and the language it is really in."""

    text: str
    lang: str | None  # None: the key exists nowhere (the key itself is shown)

    def html(self, page_lang: str) -> str:
        """Escaped HTML, a Dutch fallback wrapped in ``span.i18n-fallback[lang=nl]``."""
        text = escape(self.text)
        if self.lang is None:
            return f'<span class="i18n-missing">{text}</span>'
        if self.lang != page_lang:
            return f'<span class="i18n-fallback" lang="{self.lang}">{text}</span>'
        return text


class Messages:
    """The messages of one page language (the data described in the module docstring)."""

    def __init__(self, context: Mapping[str, Any]) -> None:
        self.lang = str(context["lang"])
        self.messages: Mapping[str, Any] = context["messages"]
        self.counts: Mapping[str, str | None] = context.get("counts") or {}
        self._fallback = frozenset(context.get("fallback") or ())
        self._rules: dict[str, PluralRule] = {}
        for lang, expr in (context.get("plural") or {}).items():
            try:
                self._rules[lang] = plural_rule(expr)
            except ValueError:
                self._rules[lang] = lambda n: int(n != 1)  # the catalog check reports it

    def has(self, key: str) -> bool:
        return key in self.messages

    def t(self, key: str, params: Mapping[str, str] | None = None) -> Text:
        """Message ``key`` with already formatted ``params``."""
        text = self.messages.get(key)
        if text is None:
            return Text(key, None)
        lang = SOURCE_LANG if key in self._fallback else self.lang
        params = params or {}
        if isinstance(text, list):
            # the form by the catalog's Plural-Forms, counted by the message's count parameter
            n = count_of(params.get(self.counts.get(key) or ""))
            rule = self._rules.get(lang, lambda n: int(n != 1))
            text = text[0 if n is None else max(0, min(rule(n), len(text) - 1))]
        # a count in words in the message's own language (a Dutch fallback: none here)
        return Text(fill(str(text), params, self.count_word if lang == self.lang else None), lang)

    def count_word(self, n: int) -> str | None:
        """The language's word for the count ``n`` (``calc.count.<n>``), None without one.

        >>> Messages({"lang": "sv", "messages": {"calc.count.3": "tre"}}).count_word(3)
        'tre'
        """
        key = f"calc.count.{n}"
        word = self.messages.get(key)
        return word if isinstance(word, str) and key not in self._fallback else None

    def plain(self, key: str, params: Mapping[str, str] | None = None) -> str:
        return self.t(key, params).text

    def html(self, key: str, params: Mapping[str, str] | None = None) -> str:
        return self.t(key, params).html(self.lang)
