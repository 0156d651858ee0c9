"""Loading and checking the gettext catalogs in ``translations/<lang>/*.po``.

The Dutch catalogs (``nl``, the source language) are key-based: ``msgid`` is a
stable key (``param.free_parking.pot``), ``msgstr`` the Dutch text. The other
languages' catalogs are bilingual, generated from the Dutch ones by
``python -m tools.catalogs`` (``./dev catalogs``): ``msgctxt`` is the key, ``msgid``
the Dutch text it translates, ``msgstr`` the translation. An entry still in the
key-based form (key as ``msgid``, no ``msgctxt``) is read too, until the command
migrates it. A translation whose recorded Dutch text is not the current one counts
as outdated, like a fuzzy one: the Dutch is shown, marked. All domains (files) of a
language share one key space.

A message is always *text*: callers insert it escaped (``Message.html()``),
never as HTML, and the checks reject markup in a catalog outright.

>>> t = Translations(_example_root())
>>> str(t.gettext("sv", "hello", name="Eva"))
'Hej Eva'
>>> msg = t.gettext("da", "hello", name="Eva")   # not translated into Danish
>>> (str(msg), msg.fallback, msg.source_lang)
('Hallo Eva', True, 'nl')
>>> msg.html()
'<span class="i18n-fallback" lang="nl">Hallo Eva</span>'
>>> str(t.ngettext("sv", "houses", 1)), str(t.ngettext("sv", "houses", 3))
('1 hus', '3 hus')
>>> [str(p) for p in t.validate()]
['translations/da/site.po: hello: missing in da (the Dutch text is shown instead)']
"""

from __future__ import annotations

import os
import re
import string
from dataclasses import dataclass, field, replace
from html import escape
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Iterable, Literal, Mapping

from babel.messages.pofile import PoFileError, read_po

from present import numbers as _numbers
from hooks.catalogs.languages import LANGS, SOURCE_LANG  # noqa: F401  (the table of languages)
from present.messages import count_of, fill, parameter, plural_rule  # noqa: F401  (the one evaluator)

ROOT = Path(__file__).resolve().parents[2]
DOMAINS: tuple[str, ...] = ("site", "engine")
"""Known catalog files per language (``site.po`` ...); other ``*.po`` files are read too."""

Severity = Literal["error", "warning"]

_COUNT_COMMENT = re.compile(r"^\s*count:\s*([a-z_][a-z0-9_]*)\s*$")
"""``#. count: lots`` above a plural message names the placeholder that picks its form."""
_KEY = re.compile(r"^[a-z0-9][a-z0-9_.\-]*$")
_FIELD = re.compile(r"^[a-z_][a-z0-9_]*$")
_MARKUP = re.compile(r"<\s*[/!?]?\s*[A-Za-z][A-Za-z0-9-]*|&#?[A-Za-z0-9]+;")
_PO_STRING = r'"(?:[^"\\]|\\.)*"'
_PO_LINE = re.compile(
    rf"^\s*(?:(?P<kw>msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?(?P<str>{_PO_STRING})\s*$"
)


def translations_dir() -> Path:
    """The catalog folder: ``$MONOPOLY_TRANSLATIONS_DIR`` if set, else ``translations/``."""
    env = os.environ.get("MONOPOLY_TRANSLATIONS_DIR")
    return Path(env).resolve() if env else ROOT / "translations"


def _display(path: Path, root: Path) -> str:
    """A path as shown in messages: from the catalog folder's name on
    (``translations/sv/site.po``)."""
    try:
        return path.relative_to(root.parent).as_posix()
    except ValueError:
        return path.as_posix()


@dataclass(frozen=True)
class Problem:
    """One finding of :meth:`Translations.validate`: file, key (or None), what is wrong."""

    file: str
    key: str | None
    problem: str
    severity: Severity = "error"
    line: int | None = None
    """The entry's line in ``file`` (its ``msgid``), where one is known."""

    def __str__(self) -> str:
        shown = f"{self.file}:{self.line}" if self.line else self.file
        where = f"{shown}: {self.key}" if self.key else shown
        return f"{where}: {self.problem}"


class TranslationError(Exception):
    """A catalog is broken: the message names file, key and problem of every error."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"broken translation catalog(s):\n{lines}")


@dataclass(frozen=True)
class Entry:
    """One message of a catalog: its key and text (one form, or one per plural form)."""

    key: str
    forms: tuple[str, ...]
    plural: bool
    file: str
    line: int
    fuzzy: bool = False
    count: str | None = None
    """For a plural message: the placeholder holding the number that picks the form, from
    the source catalog's extracted comment ``#. count: <name>`` (else ``n`` or ``count``)."""
    source: tuple[str, ...] | None = None
    """In a bilingual entry: the Dutch text it translates (``msgid``, and ``msgid_plural``)."""
    outdated: bool = False
    """The Dutch text changed since this translation (``source`` is not the current one)."""

    @property
    def usable(self) -> bool:
        """True when the entry has text (not fuzzy, no empty form)."""
        return not self.fuzzy and bool(self.forms) and all(self.forms)


@dataclass(frozen=True)
class Catalog:
    """All messages of one language, every domain merged, in file order."""

    lang: str
    entries: Mapping[str, Entry]
    nplurals: int = 2
    plural_expr: str = "(n != 1)"
    files: tuple[str, ...] = ()
    problems: tuple[Problem, ...] = ()
    _plural: Callable[[int], int] = field(default=lambda n: int(n != 1), repr=False, compare=False)

    def plural_index(self, n: int) -> int:
        """Which plural form to use for ``n``.

        >>> Catalog("sv", {}).plural_index(1), Catalog("sv", {}).plural_index(2)
        (0, 1)
        """
        return int(self._plural(n))


@dataclass(frozen=True)
class Message:
    """A looked-up message. ``source_lang`` is the language the text is really in:
    the requested one, ``nl`` when it fell back, ``None`` when the key exists nowhere."""

    key: str
    lang: str
    text: str
    source_lang: str | None

    @property
    def fallback(self) -> bool:
        """True when the text is not in the requested language."""
        return self.source_lang != self.lang

    def __str__(self) -> str:
        return self.text

    def html(self) -> str:
        """The text, HTML-escaped; a fallback is wrapped in a marked ``<span>``.

        >>> Message("k", "sv", "<b>", "sv").html()
        '&lt;b&gt;'
        >>> Message("k", "sv", "k", None).html()
        '<span class="i18n-missing">k</span>'
        """
        text = escape(self.text, quote=True)
        if self.source_lang is None:
            return f'<span class="i18n-missing">{text}</span>'
        if self.fallback:
            return f'<span class="i18n-fallback" lang="{self.source_lang}">{text}</span>'
        return text

    def __html__(self) -> str:
        """In a Jinja template (autoescape on) a message renders as :meth:`html`."""
        return self.html()


def placeholders(text: str) -> frozenset[str]:
    """The ``{name}`` placeholders of a message, as written (a count in words is
    ``{name_words}``, :data:`present.messages.PLACEHOLDER`); ValueError for malformed braces.

    >>> sorted(placeholders("{amount} op {clause}, {{niet}}, de {lots_words} straten"))
    ['amount', 'clause', 'lots_words']
    >>> placeholders("{open")
    Traceback (most recent call last):
    ...
    ValueError: expected '}' before end of string
    """
    names = set()
    for _, name, spec, conv in string.Formatter().parse(text):
        if name is None:
            continue
        if not _FIELD.match(name) or spec or conv:
            raise ValueError(f"placeholder {{{name}}} must be a plain lower-case name "
                             "(a count in words: {name_words})")
        names.add(name)
    return frozenset(names)


def parameters(text: str) -> frozenset[str]:
    """The parameters a message takes its values from (``{lots_words}`` takes ``lots``).

    >>> sorted(parameters("de {lots_words} straten, {lots} in cijfers, {cost}"))
    ['cost', 'lots']
    """
    return frozenset(parameter(name) for name in placeholders(text))


def in_words(text: str) -> frozenset[str]:
    """The parameters a message writes as a count in words (``{name_words}``).

    >>> sorted(in_words("de {lots_words} bezittingen, {lots} in cijfers"))
    ['lots']
    """
    return frozenset(parameter(name) for name in placeholders(text) if parameter(name) != name)


def format_message(text: str, params: Mapping[str, object],
                   words: Callable[[int], str | None] | None = None) -> str:
    """Fill ``{name}`` placeholders (plain names only, no attribute access), strictly: a
    placeholder without its parameter is a KeyError (the calculators' filler,
    :func:`present.messages.fill`, which this uses, shows ``?`` instead).

    >>> format_message("{n} huizen {{x}}", {"n": 3})
    '3 huizen {x}'
    """
    missing = sorted(parameters(text) - set(params))  # ValueError for malformed braces
    if missing:
        raise KeyError(f"message needs the parameter {missing[0]!r}")
    return fill(text, {k: str(v) for k, v in params.items()}, words)


def format_number(lang: str, number: int | float) -> str:
    """A number written the way the language writes it.

    >>> format_number("nl", 1500), format_number("sv", 1500).replace("\\xa0", " ")
    ('1.500', '1 500')
    """
    return _numbers.number(lang, number, max_decimals=3)


def _lex_po(shown: str, text: str) -> tuple[list[Problem], list[tuple[str, int]]]:
    """Line-level syntax check Babel is lenient about, plus the msgids with their lines."""
    problems: list[Problem] = []
    msgids: list[tuple[str, int]] = []
    current: list[str] | None = None
    context: list[str] | None = None  # the msgctxt (the key of a bilingual entry) being read
    start = 0
    for n, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            current = None
            continue
        m = _PO_LINE.match(line)
        if not m:
            problems.append(Problem(shown, None,
                                    f"line {n}: not valid PO syntax: {stripped[:60]!r}"))
            current = None
            continue
        kw = m.group("kw")
        if kw == "msgctxt":
            context, current = [m.group("str")[1:-1]], None
        elif kw == "msgid":
            current = None if context is not None else [m.group("str")[1:-1]]
            start = n
            msgids.append(("".join(context) if context is not None else "", n))
            context = None
        elif kw is None and context is not None:
            context.append(m.group("str")[1:-1])
        elif kw is None and current is not None:
            current.append(m.group("str")[1:-1])
        elif kw is not None:
            current = context = None
        if current is not None and msgids:
            msgids[-1] = ("".join(current), start)
    return problems, msgids


def _load_file(lang: str, path: Path, shown: str
               ) -> tuple[list[Entry], list[Problem], object | None]:
    """Entries and problems of one PO file (problems for syntax errors)."""
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [], [Problem(shown, None, f"not UTF-8: {exc}")], None
    problems, msgids = _lex_po(shown, text)
    seen: dict[str, int] = {}
    for key, line in msgids:
        if not key:
            continue
        if key in seen:
            problems.append(Problem(shown, key, f"defined twice (lines {seen[key]} and {line})",
                                    line=line))
        seen[key] = line
    if problems:
        return [], problems, None
    try:
        catalog = read_po(raw.splitlines(keepends=True), locale=lang, domain=path.stem,
                          abort_invalid=True)
    except (PoFileError, ValueError) as exc:
        return [], [Problem(shown, None, f"cannot be parsed: {exc}")], None
    entries = []
    for msg in catalog:
        if not msg.id:
            continue
        ids = tuple(msg.id) if isinstance(msg.id, (tuple, list)) else (msg.id,)
        # bilingual: the key is the context and msgid the Dutch text; key-based: msgid is the key
        key, source = (msg.context, ids) if msg.context else (ids[0], None)
        forms = tuple(msg.string) if isinstance(msg.string, (tuple, list)) else (msg.string,)
        count = next((m.group(1) for c in msg.auto_comments
                      if (m := _COUNT_COMMENT.match(c))), None)
        entries.append(Entry(key, tuple(f or "" for f in forms), msg.pluralizable, shown,
                             msg.lineno or 0, msg.fuzzy, count, source))
    return entries, [], catalog


def _load_catalog(lang: str, folder: Path, root: Path) -> Catalog:
    entries: dict[str, Entry] = {}
    problems: list[Problem] = []
    files = []
    nplurals, plural_expr = 2, "(n != 1)"
    for path in sorted(folder.glob("*.po")) if folder.is_dir() else ():
        shown = _display(path, root)
        files.append(shown)
        loaded, probs, babel_catalog = _load_file(lang, path, shown)
        problems.extend(probs)
        if babel_catalog is not None:
            nplurals = babel_catalog.num_plurals  # type: ignore[attr-defined]
            plural_expr = babel_catalog.plural_expr  # type: ignore[attr-defined]
        for entry in loaded:
            if entry.key in entries:
                problems.append(Problem(entry.file, entry.key,
                                        f"also defined in {entries[entry.key].file}"))
                continue
            entries[entry.key] = entry
    try:
        plural = plural_rule(plural_expr)
    except ValueError:
        problems.append(Problem(files[0] if files else lang, None,
                                f"bad Plural-Forms expression {plural_expr!r}"))
        plural = lambda n: int(n != 1)  # noqa: E731
    return Catalog(lang, MappingProxyType(entries), nplurals, plural_expr, tuple(files),
                   tuple(problems), plural)


def _dutch_source(src: Entry) -> tuple[str, ...]:
    """What a bilingual entry's ``msgid`` (and ``msgid_plural``) hold for a Dutch entry."""
    return src.forms[:2] if src.plural else src.forms[:1]


def _mark_outdated(cat: Catalog, source: Catalog) -> Catalog:
    """``cat`` with every translation of a since-changed Dutch text marked outdated (its
    text is then not used: the reader sees the current Dutch, marked as a fallback)."""
    entries = dict(cat.entries)
    for key, entry in cat.entries.items():
        src = source.entries.get(key)
        if entry.source is not None and src is not None and entry.source != _dutch_source(src):
            entries[key] = replace(entry, fuzzy=True, outdated=True)
    return replace(cat, entries=MappingProxyType(entries))


class Translations:
    """The catalogs of every language under one folder (loaded lazily, then cached)."""

    def __init__(self, root: Path | None = None, langs: tuple[str, ...] = LANGS) -> None:
        self.root = Path(root) if root is not None else translations_dir()
        self.langs = langs
        self._catalogs: dict[str, Catalog] = {}
        self._broken: dict[str, frozenset[str]] = {}

    def catalog(self, lang: str) -> Catalog:
        """The merged catalog of one language (syntax problems kept in ``.problems``); a
        bilingual entry whose Dutch text is not the current one is marked ``outdated``."""
        if lang not in self._catalogs:
            cat = _load_catalog(lang, self.root / lang, self.root)
            if lang != SOURCE_LANG:
                cat = _mark_outdated(cat, self.catalog(SOURCE_LANG))
            self._catalogs[lang] = cat
        return self._catalogs[lang]

    def _entry(self, lang: str, key: str) -> tuple[Entry | None, str | None]:
        for candidate in (lang, SOURCE_LANG):
            entry = self.catalog(candidate).entries.get(key)
            if entry is not None and entry.usable and key not in self.broken(candidate):
                return entry, candidate
        return None, None

    def broken(self, lang: str) -> frozenset[str]:
        """The keys of ``lang`` whose text cannot be filled: a malformed placeholder, or one
        the Dutch message does not have (its parameters would lack it). A build that goes on
        despite the errors (``MONOPOLY_I18N_LAX=1``, ``./dev serve``) shows their Dutch."""
        if lang not in self._broken:
            source = self.catalog(SOURCE_LANG)
            out = set()
            for key, entry in self.catalog(lang).entries.items():
                src = source.entries.get(key)
                try:
                    mine = frozenset().union(*(placeholders(f) for f in entry.forms))
                    allowed = mine if lang == SOURCE_LANG or src is None else \
                        frozenset().union(*(placeholders(f) for f in src.forms))
                except ValueError:
                    out.add(key)
                    continue
                if not mine <= allowed:
                    out.add(key)
            self._broken[lang] = frozenset(out)
        return self._broken[lang]

    def has(self, lang: str, key: str) -> bool:
        """True when ``key`` has a usable text in ``lang`` itself (no fallback)."""
        entry = self.catalog(lang).entries.get(key)
        return entry is not None and entry.usable and key not in self.broken(lang)

    def keys(self, prefix: str = "") -> tuple[str, ...]:
        """The source-language keys starting with ``prefix``, in file order."""
        return tuple(k for k in self.catalog(SOURCE_LANG).entries if k.startswith(prefix))

    def gettext(self, lang: str, key: str, **params: object) -> Message:
        """The message ``key`` in ``lang`` (falling back to Dutch), placeholders filled; a
        plural message takes the form its count parameter asks for (:meth:`plural_count`)."""
        entry, found = self._entry(lang, key)
        if entry is None:
            return Message(key, lang, key, None)
        form = entry.forms[0]
        if entry.plural and found is not None:
            n = count_of(params.get(self.plural_count(key) or ""))
            if n is not None:
                form = entry.forms[min(self.catalog(found).plural_index(n), len(entry.forms) - 1)]
        return Message(key, lang, format_message(form, params, self._words(found)), found)

    def _words(self, lang: str | None) -> Callable[[int], str | None]:
        """The counts in words of ``lang``'s catalog (``calc.count.<n>``; a count without
        its word stays in digits)."""
        def word(n: int) -> str | None:
            entry = self.catalog(lang).entries.get(f"calc.count.{n}") if lang else None
            return entry.forms[0] if entry is not None and entry.usable else None
        return word

    def plural_count(self, key: str) -> str | None:
        """The parameter whose number picks the form of plural message ``key``: the source
        catalog's ``#. count: <name>``, else ``n`` or ``count`` when the message uses it."""
        src = self.catalog(SOURCE_LANG).entries.get(key)
        if src is None or not src.plural:
            return None
        if src.count:
            return src.count
        used = frozenset().union(*(parameters(f) for f in src.forms))
        return next((name for name in ("n", "count") if name in used), None)

    def ngettext(self, lang: str, key: str, n: int, **params: object) -> Message:
        """Like :meth:`gettext` for a plural message; ``{n}`` is available as a placeholder."""
        entry, found = self._entry(lang, key)
        if entry is None or found is None:
            return Message(key, lang, key, None)
        index = self.catalog(found).plural_index(n) if entry.plural else 0
        form = entry.forms[min(index, len(entry.forms) - 1)]
        return Message(key, lang, format_message(form, {"n": n, **params}, self._words(found)),
                       found)

    def validate(self) -> tuple[Problem, ...]:
        """Every problem of every catalog: errors (broken) and warnings (incomplete)."""
        problems: list[Problem] = []
        source = self.catalog(SOURCE_LANG)
        problems.extend(source.problems)
        if not source.files:
            problems.append(Problem(_display(self.root / SOURCE_LANG, self.root), None,
                                    "no catalogs for the source language"))
        for entry in source.entries.values():
            problems.extend(self._check_entry(entry, None, source))
        for lang in self.langs:
            if lang == SOURCE_LANG:
                continue
            cat = self.catalog(lang)
            problems.extend(cat.problems)
            if cat.problems:
                continue
            default_file = {Path(f).name: f for f in cat.files}
            for key, src in source.entries.items():
                entry = cat.entries.get(key)
                if entry is None or not entry.usable:
                    if entry is not None and entry.plural and any(entry.forms) and not entry.fuzzy:
                        problems.append(Problem(
                            entry.file, key, f"incomplete plural forms: "
                            f"{sum(1 for f in entry.forms if f)} of {cat.nplurals} filled",
                            line=entry.line or None))
                        continue
                    where = entry.file if entry else default_file.get(
                        Path(src.file).name,
                        _display(self.root / lang / Path(src.file).name, self.root))
                    state = ("missing" if entry is None else "outdated" if entry.outdated
                             else "fuzzy" if entry.fuzzy else "missing")
                    why = ("; its Dutch text changed since it was translated, ./dev catalogs "
                           "marks it fuzzy" if state == "outdated" else "")
                    problems.append(Problem(where, key, f"{state} in {lang} (the Dutch text is "
                                                        f"shown instead{why})",
                                            "warning", entry.line if entry else None))
                    continue
                problems.extend(self._check_entry(entry, src, cat))
            for key, entry in cat.entries.items():
                if key not in source.entries:
                    problems.append(Problem(entry.file, key,
                                            "not in the Dutch source catalogs (unused)", "warning",
                                            entry.line or None))
        return tuple(problems)

    def _check_entry(self, entry: Entry, src: Entry | None, cat: Catalog) -> list[Problem]:
        """Checks of one message against its Dutch source (``src`` None: it is the source)."""
        out: list[Problem] = []

        def bad(problem: str) -> None:
            out.append(Problem(entry.file, entry.key, problem, line=entry.line or None))

        if not _KEY.match(entry.key):
            bad("keys are lower-case words joined by dots, e.g. 'param.free_parking'")
        if src is None and not entry.usable:
            bad("empty or fuzzy in the source language")
            return out
        for form in entry.forms:
            if _MARKUP.search(form):
                bad(f"contains markup ({_MARKUP.search(form).group(0)!r}); "  # type: ignore[union-attr]
                    "messages are plain text, always shown escaped")
        try:
            mine = [placeholders(f) for f in entry.forms]
        except ValueError as exc:
            bad(f"malformed placeholder: {exc}")
            return out
        if entry.plural and len(entry.forms) != cat.nplurals:
            bad(f"{len(entry.forms)} plural forms, the language has {cat.nplurals}")
        if src is None:
            if entry.plural and entry.count is not None and not any(
                    entry.count in map(parameter, p) for p in mine):
                bad(f"'#. count: {entry.count}' names no placeholder of the message")
            return out
        if entry.plural != src.plural:
            bad("plural in one language and not in the other" if src.plural
                else "has plural forms but the Dutch message has none")
            return out
        theirs = [placeholders(f) for f in src.forms]
        want = frozenset().union(*theirs)
        have = frozenset().union(*mine)
        if have != want:
            # one voice: a count the Dutch writes as a word is a word in every language
            hint = " (a count in words: write {name_words} where the Dutch does)" if \
                {parameter(p) for p in have} == {parameter(p) for p in want} else ""
            bad(f"placeholders {sorted(have)} differ from the Dutch {sorted(want)}{hint}")
        return out

    def check(self) -> tuple[Problem, ...]:
        """Raise :class:`TranslationError` on any error; return the warnings."""
        problems = self.validate()
        errors = [p for p in problems if p.severity == "error"]
        if errors:
            raise TranslationError(errors)
        return tuple(p for p in problems if p.severity == "warning")


def _signature(root: Path) -> tuple[tuple[str, int], ...]:
    return tuple((str(p), p.stat().st_mtime_ns) for p in sorted(root.glob("*/*.po")))


_INSTANCES: dict[str, tuple[tuple[tuple[str, int], ...], Translations]] = {}


def translations(root: Path | None = None, refresh: bool = False) -> Translations:
    """The shared :class:`Translations` for ``root`` (default: :func:`translations_dir`).

    Loaded once; ``refresh=True`` reloads it when a PO file was added or changed (the
    build does that once per language build, so ``mkdocs serve`` sees edits).
    """
    folder = Path(root) if root is not None else translations_dir()
    key = str(folder)
    cached = _INSTANCES.get(key)
    if cached is None or refresh:
        signature = _signature(folder)
        if cached is None or cached[0] != signature:
            _INSTANCES[key] = (signature, Translations(folder))
    return _INSTANCES[key][1]


def gettext(lang: str, key: str, **params: object) -> Message:
    """``key`` in ``lang`` from the project's catalogs, falling back visibly to Dutch."""
    return translations().gettext(lang, key, **params)


def ngettext(lang: str, key: str, n: int, **params: object) -> Message:
    """Plural form of ``key`` for ``n`` in ``lang`` (see :meth:`Translations.ngettext`)."""
    return translations().ngettext(lang, key, n, **params)


def _example_root() -> Path:  # pragma: no cover - doctest helper
    """A tiny catalog tree in a temporary folder, for the doctests above."""
    import tempfile

    root = Path(tempfile.mkdtemp()) / "translations"
    head = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n' \
           '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
    files = {
        "nl": 'msgid "hello"\nmsgstr "Hallo {name}"\n\nmsgid "houses"\nmsgid_plural "houses"\n'
              'msgstr[0] "{n} huis"\nmsgstr[1] "{n} huizen"\n',
        "sv": 'msgid "hello"\nmsgstr "Hej {name}"\n\nmsgid "houses"\nmsgid_plural "houses"\n'
              'msgstr[0] "{n} hus"\nmsgstr[1] "{n} hus"\n',
        "da": 'msgid "houses"\nmsgid_plural "houses"\nmsgstr[0] "{n} hus"\nmsgstr[1] "{n} huse"\n',
        "nb": 'msgid "hello"\nmsgstr "Hei {name}"\n\nmsgid "houses"\nmsgid_plural "houses"\n'
              'msgstr[0] "{n} hus"\nmsgstr[1] "{n} hus"\n',
    }
    for lang, body in files.items():
        (root / lang).mkdir(parents=True)
        (root / lang / "site.po").write_text(head + body, encoding="utf-8")
    return root
