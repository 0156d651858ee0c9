"""The project's termbase (``translations/termbase.tbx``) and the check that enforces it.

The termbase is one multilingual TBX file (ISO 30042, the ``martif`` dialect that Weblate,
OmegaT and translate-toolkit import). Every game concept is one ``<termEntry id="...">``
with a short note for translators (``<note>``) and, per language (``<langSet xml:lang>``):

- exactly one ``<tig>`` whose ``administrativeStatus`` is ``preferredTerm-admn-sts``: the
  one word the site uses for the concept in that language;
- a definition (``<descrip type="definition">``): the glossary page shows it;
- any number of ``<tig>`` marked ``deprecatedTerm-admn-sts``: forbidden variants.

The glossary page (``[[glossary]]``) is generated from this file; there is no second list.

**How a forbidden variant is matched** (inflections by stem match): the ``<term>`` of a
forbidden variant matches case-insensitively at the start of a word and may go on with
any letters, so ``pantsætning`` also finds ``pantsætningen``. Where that would catch
innocent words, the variant lists its exact forms instead in
``<termNote type="x-forms">`` (comma-separated; ``*`` there stands for any letters, and a
form without ``*`` matches only as a whole word): ``runde`` for a player's turn in
Norwegian is listed as the phrases ``din runde, neste runde, ...``. Spaces in a form
match any white space (a line break too), and a hyphen matches a hyphen. Phrases in
which a variant is fine go in ``<termNote type="x-allowed">`` (comma-separated, same
syntax): where one of them matches, the variant inside it is not reported.

**What is checked**: for each language, the pages ``docs/<lang>/*.md``, the message texts
(``msgstr``) of ``translations/<lang>/*.po``, the ``[text.<lang>]`` tables of
``examples/*.toml`` and the termbase's own definitions in that language. Not checked:
fenced code blocks and inline code, link targets, ``[[directives]]``, ``{#attribute lists}``,
HTML tags, ``{placeholders}``, and anything between the languages' quotation marks
(Dutch ``‘...’``, Swedish ``”...”``, Danish ``»...«``, Norwegian ``«...»``): those are the quoted section headings
of the rulebooks (and card texts), which have to stay as the source writes them.

``python -m tools.termbase`` (the command line, in ``tools/``) prints every violation and
lists or exports a language's terms. The build (``hooks/entry/site.py``) logs each violation as
a warning, so a ``--strict`` build fails;
``tests/test_termbase.py`` runs it on the real site and on planted copies, and
``./dev status`` lists the violations per language.

>>> tb = Termbase.parse(_EXAMPLE)
>>> tb.term("mortgage", "da")
'belåning'
>>> [(v.variant, v.term, v.line) for v in tb.scan("da", "x.md", "Hun pantsatte grunden.\\n"
...  "Den »Pantsætning« står i kilden.\\n```\\npantsætning\\n```\\nPantsætningen.\\n")]
[('pantsatte', 'belåning', 1), ('Pantsætningen', 'belåning', 6)]
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator, Mapping

from hooks.catalogs.i18n import LANGS, SOURCE_LANG, translations_dir
from present.numbers import number

ROOT = Path(__file__).resolve().parents[2]

FILE_NAME = "termbase.tbx"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
PREFERRED = "preferredTerm-admn-sts"
FORBIDDEN = "deprecatedTerm-admn-sts"


class TermbaseError(Exception):
    """The termbase file is broken (the message names the entry and the problem)."""


@dataclass(frozen=True)
class Variant:
    """A forbidden variant of a concept in one language, with how it is matched."""

    text: str
    forms: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()

    @property
    def patterns(self) -> tuple[str, ...]:
        """The forms matched: the listed ones, else the term itself as a stem."""
        return self.forms or (self.text + "*",)


@dataclass(frozen=True)
class LangTerms:
    """A concept in one language: the term to use, its definition, forbidden variants."""

    term: str
    definition: str
    forbidden: tuple[Variant, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Concept:
    """One game concept: a stable id, a note for translators, its terms per language."""

    id: str
    note: str
    langs: Mapping[str, LangTerms]


@dataclass(frozen=True)
class Violation:
    """A forbidden variant found in a text."""

    file: str
    line: int
    lang: str
    concept: str
    variant: str  # as written in the text
    term: str     # the term to use instead

    def __str__(self) -> str:
        if self.concept == NUMBERS:
            space = " (the space a no-break space, U+00A0)" if "\u00a0" in self.term else ""
            return (f"{self.file}:{self.line}: {self.lang}: '{self.variant}' is not grouped "
                    f"the way {self.lang} writes numbers; write '{self.term}'{space}")
        return (f"{self.file}:{self.line}: {self.lang}: '{self.variant}' is a forbidden "
                f"variant of '{self.concept}'; use '{self.term}'")


NUMBERS = "number-format"
"""The pseudo-concept of a number written without the language's digit grouping."""

_NUMBER = re.compile(r"(?<![\d.,\w\-\u00a0])\d{4,}(?![\d\w\-]|[.,]\d)")
_SPACED = re.compile(r"(?<![\d.,\w\-\u00a0])\d{1,3}(?: \d{3})+(?![\d\w\-]|[.,]\d)")
"""A number grouped with plain spaces ("10 000"): a line may break inside it, and in Dutch
and Danish it is not the language's grouping at all."""


def grouped(lang: str, digits: str) -> str:
    """A whole number with the language's thousands separator, as the site writes numbers
    (:func:`present.numbers.number`, CLDR: Swedish and Norwegian group with a no-break space).

    >>> grouped("nl", "1500"), grouped("nb", "10000") == "10\u00a0000"
    ('1.500', True)
    """
    return number(lang, int(digits), 0)


def is_year(digits: str) -> bool:
    """A year, not an amount: 1930-2030 and not a round hundred (2000, 2500 are amounts).

    >>> is_year("2005"), is_year("2000"), is_year("1500")
    (True, False, False)
    """
    n = int(digits)
    return len(digits) == 4 and 1930 <= n <= 2030 and n % 100 != 0


def _form_regex(form: str) -> str:
    """A form as a regex: word start, ``*`` = any letters, spaces = any white space."""
    parts = []
    for piece in re.split(r"(\*|\s+)", form.strip()):
        if piece == "*":
            parts.append(r"\w*")
        elif piece and piece.isspace():
            parts.append(r"\s+")
        elif piece:
            parts.append(re.escape(piece))
    return r"(?<![\w-])" + "".join(parts) + r"(?!\w)"


def _split_list(text: str | None) -> tuple[str, ...]:
    return tuple(p.strip() for p in (text or "").split(",") if p.strip())


def _text(el: ET.Element | None) -> str:
    return " ".join("".join(el.itertext()).split()) if el is not None else ""


# Masked before matching (replaced by spaces, so offsets and lines stay): fenced code,
# inline code, quotes (‘ ’, ” ”, » «, « ») within one paragraph.
_FENCE = re.compile(r"(?ms)^([ \t]*)(```|~~~).*?^\1\2[ \t]*$")
_INLINE_CODE = re.compile(r"`[^`\n]+`")
_MD_NOISE = re.compile(r"\]\([^)\n]*\)|\[\[[^\]\n]*\]\]|\{[#.:][^}\n]*\}|<[^>\n]+>|https?://\S+")
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
_QUOTES = re.compile(r"«[^«»]{0,200}?»|»[^«»]{0,200}?«|”[^”]{0,200}?”|‘(?:[^‘’“]|“[^”]*”){0,200}?’")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def mask(text: str, markdown: bool = True) -> str:
    """``text`` with code and guillemet quotes blanked out (same length, same lines).

    >>> mask("a «b c» `d` e") == "a" + " " * 11 + "e"
    True
    """
    def blank(m: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", m.group(0))

    if markdown:
        text = _FENCE.sub(blank, text)
        text = _INLINE_CODE.sub(blank, text)
        text = _MD_NOISE.sub(blank, text)  # link targets, directives, attribute lists, tags
    text = _PLACEHOLDER.sub(blank, text)

    def quote(m: re.Match[str]) -> str:
        # a quote never spans a blank line (an unpaired guillemet must not hide a page)
        return m.group(0) if _BLANK_LINE.search(m.group(0)) else blank(m)

    return _QUOTES.sub(quote, text)


class Termbase:
    """The concepts of a TBX file, and the check of texts against them."""

    def __init__(self, concepts: Iterable[Concept], file: str = FILE_NAME) -> None:
        self.concepts: dict[str, Concept] = {}
        self.file = file
        for c in concepts:
            if c.id in self.concepts:
                raise TermbaseError(f"{file}: concept {c.id!r} defined twice")
            self.concepts[c.id] = c
        self._regex: dict[str, list[tuple[re.Pattern[str], Concept, Variant]]] = {}

    # --- reading -------------------------------------------------------------------
    @classmethod
    def parse(cls, xml: str, file: str = FILE_NAME) -> "Termbase":
        """Read TBX text; :class:`TermbaseError` names the entry and the problem."""
        try:
            root = ET.fromstring(xml)
        except ET.ParseError as exc:
            raise TermbaseError(f"{file}: not well-formed XML: {exc}") from None
        concepts = []
        for entry in root.iter("termEntry"):
            cid = entry.get("id") or ""
            if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", cid):
                raise TermbaseError(f"{file}: termEntry needs an id of lower-case words "
                                    f"joined by hyphens, got {cid!r}")
            langs: dict[str, LangTerms] = {}
            for ls in entry.findall("langSet"):
                lang = ls.get(XML_LANG) or ""
                if lang not in LANGS:
                    raise TermbaseError(f"{file}: {cid}: unknown language {lang!r}")
                if lang in langs:
                    raise TermbaseError(f"{file}: {cid}: two langSets for {lang}")
                preferred, forbidden = [], []
                for tig in ls.findall("tig"):
                    term = _text(tig.find("term"))
                    notes = {n.get("type"): _text(n) for n in tig.findall("termNote")}
                    status = notes.get("administrativeStatus")
                    if not term:
                        raise TermbaseError(f"{file}: {cid}: {lang}: a tig without a term")
                    if status == PREFERRED:
                        preferred.append(term)
                    elif status == FORBIDDEN:
                        forbidden.append(Variant(term, _split_list(notes.get("x-forms")),
                                                 _split_list(notes.get("x-allowed"))))
                    else:
                        raise TermbaseError(f"{file}: {cid}: {lang}: {term!r} needs an "
                                            f"administrativeStatus ({PREFERRED} or {FORBIDDEN})")
                if len(preferred) != 1:
                    raise TermbaseError(f"{file}: {cid}: {lang}: needs exactly one preferred "
                                        f"term, has {len(preferred)}")
                definition = _text(ls.find("descrip[@type='definition']"))
                langs[lang] = LangTerms(preferred[0], definition, tuple(forbidden),
                                        _text(ls.find("note")))
            if SOURCE_LANG not in langs:
                raise TermbaseError(f"{file}: {cid}: no Dutch ({SOURCE_LANG}) term")
            concepts.append(Concept(cid, _text(entry.find("note")), langs))
        if not concepts:
            raise TermbaseError(f"{file}: no termEntry")
        return cls(concepts, file)

    @classmethod
    def load(cls, path: Path) -> "Termbase":
        path = Path(path)
        try:
            xml = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise TermbaseError(f"{path}: cannot be read: {exc}") from None
        return cls.parse(xml, _shown(path))

    # --- looking up ----------------------------------------------------------------
    def term(self, concept: str, lang: str) -> str:
        """The term to use for ``concept`` in ``lang`` (Dutch when the language has none)."""
        c = self.concepts[concept]
        return (c.langs.get(lang) or c.langs[SOURCE_LANG]).term

    def missing(self, lang: str) -> list[str]:
        """Concepts that lack a term or a definition in ``lang``."""
        return [c.id for c in self.concepts.values()
                if lang not in c.langs or not c.langs[lang].definition]

    # --- checking ------------------------------------------------------------------
    def _patterns(self, lang: str) -> list[tuple[re.Pattern[str], Concept, Variant]]:
        if lang not in self._regex:
            out = []
            for c in self.concepts.values():
                lt = c.langs.get(lang)
                for v in lt.forbidden if lt else ():
                    rx = "|".join(_form_regex(f) for f in v.patterns)
                    out.append((re.compile(rx, re.IGNORECASE), c, v))
            self._regex[lang] = out
        return self._regex[lang]

    def scan(self, lang: str, file: str, text: str, markdown: bool = True,
             lines: list[int] | None = None) -> list[Violation]:
        """Violations in one text. ``lines[i]`` is the file line of text line ``i`` (for
        texts pieced together from a file); by default text line 1 is file line 1."""
        masked = mask(text, markdown)
        found = []
        for rx, concept, variant in self._patterns(lang):
            allowed = [(m.start(), m.end()) for a in variant.allowed
                       for m in re.finditer(_form_regex(a), masked, re.IGNORECASE)]
            for m in rx.finditer(masked):
                if any(s <= m.start() and m.end() <= e for s, e in allowed):
                    continue
                n = masked.count("\n", 0, m.start())
                line = lines[n] if lines is not None and n < len(lines) else n + 1
                found.append(Violation(file, line, lang, concept.id,
                                       " ".join(m.group(0).split()),
                                       concept.langs[lang].term))
        if lang in LANGS:  # the house style for numbers (amounts) in prose
            for m in [*_NUMBER.finditer(masked), *_SPACED.finditer(masked)]:
                digits = m.group(0).replace(" ", "")
                if is_year(digits):
                    continue
                n = masked.count("\n", 0, m.start())
                line = lines[n] if lines is not None and n < len(lines) else n + 1
                found.append(Violation(file, line, lang, NUMBERS, m.group(0),
                                       grouped(lang, digits)))
        return found

    def check(self, docs: Path | None = None, translations: Path | None = None,
              examples: Path | None = None, langs: Iterable[str] = LANGS) -> list[Violation]:
        """Every violation in the site's texts, sorted by file and line."""
        docs = Path(docs) if docs else ROOT / "docs"
        translations = Path(translations) if translations else translations_dir()
        examples = Path(examples) if examples else ROOT / "examples"
        out: list[Violation] = []
        for lang in langs:
            for path in sorted((docs / lang).glob("*.md")):
                out += self.scan(lang, _shown(path), path.read_text(encoding="utf-8"))
            for path in sorted((translations / lang).glob("*.po")):
                text, lines = po_texts(path)
                out += self.scan(lang, _shown(path), text, markdown=False, lines=lines)
            for path in sorted(examples.glob("*.toml")):
                text, lines = toml_texts(path, lang)
                out += self.scan(lang, _shown(path), text, markdown=False, lines=lines)
            for c in self.concepts.values():
                lt = c.langs.get(lang)
                if lt and lt.definition:
                    line = self._definition_line(translations, lt.definition)
                    out += [Violation(self.file, line, v.lang, v.concept, v.variant, v.term)
                            for v in self.scan(lang, self.file, lt.definition, markdown=False)]
        return sorted(out, key=lambda v: (v.file, v.line, v.variant))

    def _definition_line(self, translations: Path, definition: str) -> int:
        """The line of a definition in the TBX file (0 when it cannot be found)."""
        try:
            text = (translations / FILE_NAME).read_text(encoding="utf-8")
        except OSError:
            return 0
        escaped = definition.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        at = text.find(escaped)
        return text.count("\n", 0, at) + 1 if at >= 0 else 0


def _shown(path: Path) -> str:
    """A path as shown in messages: relative to the project (or to its folder's parent)."""
    path = Path(path).resolve()
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:  # a copy elsewhere: from its docs/, translations/ or examples/ on
        parts = path.parts
        for i in range(len(parts) - 2, -1, -1):
            if parts[i] in ("docs", "translations", "examples"):
                return "/".join(parts[i:])
        return path.as_posix()


_RS = "\x01"  # starts each message: neither a letter nor white space, so no form spans two

_PO_STR = re.compile(r'^\s*(?:(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+)?"(.*)"\s*$')


def _unescape_po(s: str) -> str:
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def po_texts(path: Path) -> tuple[str, list[int]]:
    """The msgstr texts of a PO file, one text line per PO line, and their file lines.

    Continuation lines of a message follow each other, so a phrase wrapped over two PO
    lines is still found (a space in a form matches the line break).
    """
    texts: list[str] = []
    lines: list[int] = []
    in_str = False
    in_id = ctx = False
    msgid = ""
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        m = _PO_STR.match(raw)
        if not m:
            in_str = in_id = ctx = False
            msgid = ""
            continue
        kw, body = m.group(1), _unescape_po(m.group(2)).replace("\n", " ")
        if kw is not None:
            ctx = ctx or kw == "msgctxt"
            in_id = kw == "msgid"
            msgid = body if in_id else msgid
            # the header (msgid "" with no context) holds fields and a date, not text
            in_str = kw.startswith("msgstr") and (ctx or msgid != "")
            if in_str:
                texts.append(_RS + body)  # a phrase never runs on into the next message
                lines.append(n)
        elif in_id:
            msgid += body
        elif in_str:
            texts.append(body)
            lines.append(n)
    return "\n".join(texts), lines


_TOML_TABLE = re.compile(r"^\s*\[([^\]]+)\]\s*$")
_TOML_VALUE = re.compile(r'^\s*[A-Za-z0-9_.-]+\s*=\s*(.*)$')


def toml_texts(path: Path, lang: str) -> tuple[str, list[int]]:
    """The values of an example's ``[text.<lang>]`` table, one text line per file line."""
    texts: list[str] = []
    lines: list[int] = []
    table = None
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if (m := _TOML_TABLE.match(raw)):
            table = m.group(1).strip()
            continue
        if table == f"text.{lang}" or (table or "").startswith(f"text.{lang}."):
            value = _TOML_VALUE.match(raw)
            texts.append(_RS + value.group(1) if value else raw)
            lines.append(n)
    return "\n".join(texts), lines


@lru_cache(maxsize=8)
def _cached(path: str, mtime: float) -> Termbase:
    return Termbase.load(Path(path))


def termbase(root: Path | None = None) -> Termbase:
    """The termbase of a catalog folder (default :func:`hooks.catalogs.i18n.translations_dir`),
    re-read when the file changes."""
    path = Path(root or translations_dir()) / FILE_NAME
    return _cached(str(path), path.stat().st_mtime if path.exists() else 0.0)


_EXAMPLE = """<martif type="TBX" xml:lang="nl"><text><body>
<termEntry id="mortgage"><note>Raising money on a lot at the bank.</note>
<langSet xml:lang="nl"><descrip type="definition">Geld lenen op grond.</descrip>
<tig><term>hypotheek</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig></langSet>
<langSet xml:lang="da"><descrip type="definition">Lån i en grund.</descrip>
<tig><term>belåning</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
<tig><term>pantsætning</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote>
<termNote type="x-forms">pantsæt*, pantsat*</termNote></tig></langSet>
</termEntry></body></text></martif>"""

