"""Bilingual catalogs from the Dutch ones: ``python -m tools.catalogs`` (``./dev catalogs``).

The Dutch catalogs ``translations/nl/*.po`` are where keys are added: key-based, ``msgid``
the key, ``msgstr`` the Dutch text. This command writes, for every other language, the
catalogs a translator's tool (Poedit, Lokalize, OmegaT, Weblate) shows with the Dutch as
the source text, gettext's own way:

- ``msgctxt`` the key, ``msgid`` (and ``msgid_plural``) the Dutch text, ``msgstr`` the
  translation; entries in the Dutch files' order, in the same domain file;
- ``#:`` where the key is used in the code (files under engine/, present/, hooks/,
  overrides/, docs/assets/; a key built at run time, like ``param.<name>``, points to
  where its prefix is written), ``#.`` the Dutch entry's extracted comments
  (``count: lots``), ``#, python-brace-format`` when the message has ``{placeholders}``
  (``msgfmt --check-format`` then checks them against the Dutch);
- when a Dutch text changed since it was translated, the translation is kept and marked
  ``#, fuzzy`` with the Dutch it was made from as ``#| msgid`` (what ``msgmerge
  --previous`` does; matched by key, never by similar text): the site shows the current
  Dutch, marked, until a translator checks it and removes the mark;
- a new Dutch key gets an empty entry; a key no Dutch catalog has any longer is kept as
  an obsolete ``#~`` entry; an entry still in the key-based form (key as ``msgid``, no
  ``msgctxt``: what the catalogs held before, and what a branch may still add) is
  migrated, its translation taken as made from the current Dutch text;
- ``translations/templates/<domain>.pot``: the same without translations (Weblate's
  template for a new language).

The command is idempotent: run on its own output it changes nothing. ``--check`` writes
nothing and exits 1 when a file would change (the tests run it). ``--add xx`` starts the
catalogs of a new language ``xx`` (the same files, empty translations).

>>> from pathlib import Path
>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> (root / "nl").mkdir(); (root / "sv").mkdir()
>>> head = 'msgid ""\\nmsgstr ""\\n"Language: {}\\\\n"\\n\\n'
>>> _ = (root / "nl" / "site.po").write_text(head.format("nl") + 'msgid "a.b"\\nmsgstr "Huis"\\n')
>>> _ = (root / "sv" / "site.po").write_text(head.format("sv") + 'msgid "a.b"\\nmsgstr "Hus"\\n')
>>> sorted(p.relative_to(root).as_posix() for p in update(root, code_root=root))
['sv/site.po', 'templates/site.pot']
>>> print((root / "sv" / "site.po").read_text().split("\\n\\n")[1].strip())
msgctxt "a.b"
msgid "Huis"
msgstr "Hus"
>>> _ = (root / "nl" / "site.po").write_text(head.format("nl") + 'msgid "a.b"\\nmsgstr "Huizen"\\n')
>>> _ = update(root, code_root=root)
>>> print((root / "sv" / "site.po").read_text().split("\\n\\n")[1].strip())
#, fuzzy
#| msgid "Huis"
msgctxt "a.b"
msgid "Huizen"
msgstr "Hus"
>>> update(root, code_root=root)
[]
"""

from __future__ import annotations

import argparse
import re
from datetime import datetime, timezone
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from hooks.catalogs.i18n import SOURCE_LANG, placeholders, translations_dir
from hooks.catalogs.languages import BY_CODE
from tools.po import PoSyntaxError, Unit, parse, write

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = "templates"
"""The folder of the ``.pot`` templates inside the catalog folder (not a language)."""
CODE_DIRS: tuple[str, ...] = ("engine", "present", "hooks", "overrides", "docs/assets")
"""Where ``#:`` references are looked for (the tests and tools are not where a string shows)."""
CODE_SUFFIXES = frozenset({".py", ".html", ".js", ".mjs"})
MAX_REFERENCES = 6
_LITERAL = re.compile(r"""(?<![\w.])f?(["'])([a-z][a-z0-9_\-]*(?:\.[a-z0-9_\-]*)+)(?=\1|\{)""")
_BRACE = "python-brace-format"
_FLAG_ORDER = ("fuzzy", _BRACE)


@dataclass(frozen=True)
class Source:
    """One Dutch entry: its key, its text (one or two forms), comments and file."""

    key: str
    forms: tuple[str, ...]
    plural: bool
    domain: str
    comments: tuple[str, ...]
    extracted: tuple[str, ...]


class CatalogError(Exception):
    """A catalog the command cannot read; the message names file and line."""


def _read(path: Path) -> list[Unit]:
    try:
        return parse(path.read_text(encoding="utf-8"))
    except (PoSyntaxError, UnicodeDecodeError) as exc:
        raise CatalogError(f"{path}: {exc}") from exc


def dutch(root: Path) -> dict[str, list[Source]]:
    """The Dutch entries by domain (file stem), in file order."""
    out: dict[str, list[Source]] = {}
    for path in sorted((root / SOURCE_LANG).glob("*.po")):
        items = out.setdefault(path.stem, [])
        for u in _read(path):
            if u.is_header or u.obsolete:
                continue
            key = u.context or u.ids[0]  # the Dutch catalogs are key-based (msgid = key)
            forms = u.strings[:2] if u.plural else u.strings[:1]
            items.append(Source(key, forms, u.plural, path.stem, u.comments, u.extracted))
    return out


def usage(code_root: Path, keys: list[str]) -> dict[str, tuple[str, ...]]:
    """Where each key is used: the files that write it, else those that write the longest
    start of it (``"param." ~ name``, ``f"dispute.{id}.q"``, ``"odds.table.per_" ~ c``).

    >>> import tempfile; d = Path(tempfile.mkdtemp()); (d / "hooks").mkdir()
    >>> _ = (d / "hooks" / "x.py").write_text('t("nav.home"); t(f"param.{name}")')
    >>> usage(d, ["nav.home", "param.rent", "other.key"])
    {'nav.home': ('hooks/x.py',), 'param.rent': ('hooks/x.py',), 'other.key': ()}
    """
    written: dict[str, set[str]] = {}  # every dotted literal (or the part before a "{")
    for folder in CODE_DIRS:
        base = code_root / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix not in CODE_SUFFIXES or "__pycache__" in path.parts:
                continue
            shown = path.relative_to(code_root).as_posix()
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            for m in _LITERAL.finditer(text):
                written.setdefault(m.group(2), set()).add(shown)
    out: dict[str, tuple[str, ...]] = {}
    for key in keys:
        # the key itself, else the longest literal it starts with ("odds.table.per_" ~ c)
        files = next((written[key[:n]] for n in range(len(key), 2, -1) if key[:n] in written),
                     None)
        out[key] = tuple(sorted(files or ()))[:MAX_REFERENCES]
    return out


HEADER_FIELDS = ("Project-Id-Version", "PO-Revision-Date", "Last-Translator", "Language-Team",
                 "Language", "MIME-Version", "Content-Type", "Content-Transfer-Encoding",
                 "Plural-Forms")
"""The header's fields, in this order: the ones ``msgfmt --check`` asks for, so a catalog
opens in Poedit or Weblate without a warning. A tool fills the revision date and the last
translator when a translator saves; the others are kept as the file has them."""


def complete_header(lines: list[str] | tuple[str, ...], lang: str) -> tuple[str, ...]:
    """A header's lines with every field of :data:`HEADER_FIELDS` (a missing one added: the
    project's default, the time now for the revision date, else empty; the fields a file
    has keep their values, other fields after these).

    >>> lines = complete_header(['msgid ""', 'msgstr ""', '"Language: sv\\n"'], "sv")
    >>> [ln.split(":")[0].strip('"') for ln in lines[2:6]]
    ['Project-Id-Version', 'PO-Revision-Date', 'Last-Translator', 'Language-Team']
    >>> lines[5], lines[6]
    ('"Language-Team: Svenska\\\\n"', '"Language: sv\\\\n"')
    """
    head = [ln for ln in lines if not ln.startswith('"')]
    fields: dict[str, str] = {}
    for ln in lines:
        m = re.match(r'^"([^:"]+): ?(.*?)(?:\\n)?"$', ln)
        if m:
            fields[m.group(1)] = m.group(2)
    name = BY_CODE[lang].name if lang in BY_CODE else ""
    # a date is due (Babel cannot read an empty one): now, as msginit writes it; a template
    # (no language) has gettext's placeholder, as xgettext writes it
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M+0000") if lang \
        else "YEAR-MO-DA HO:MI+ZONE"
    defaults = {"Project-Id-Version": "monopoly-rules-reference", "PO-Revision-Date": now,
                "Language-Team": name,
                "Language": lang, "MIME-Version": "1.0",
                "Content-Type": "text/plain; charset=UTF-8", "Content-Transfer-Encoding": "8bit",
                "Plural-Forms": "nplurals=2; plural=(n != 1);"}
    order = list(HEADER_FIELDS) + [f for f in fields if f not in HEADER_FIELDS]
    body = [f'"{f}: {fields.get(f, defaults.get(f, ""))}\\n"' for f in order]
    return tuple(head + body)


def _header(units: list[Unit], lang: str, dutch_header: Unit | None) -> Unit:
    for u in units:
        if u.is_header:
            return replace(u, raw_header=complete_header(u.raw_header, lang))
    lines = list(dutch_header.raw_header) if dutch_header else ['msgid ""', 'msgstr ""']
    lines = [ln for ln in lines if not ln.startswith("#")]
    # the Dutch file's own language, team and translator are not the new file's
    lines = [ln for ln in lines
             if not re.match(r'^"(Language|Language-Team|Last-Translator|PO-Revision-Date):', ln)]
    comment = [f"# {lang}: translated from translations/{SOURCE_LANG}/ (./dev catalogs)." if lang
               else f"# The template of a new language's catalog, from translations/{SOURCE_LANG}/"
                    " (./dev catalogs)."]
    return Unit(None, ("",), (), raw_header=tuple(comment + list(complete_header(lines, lang))))


def _flags(fuzzy: bool, forms: tuple[str, ...]) -> tuple[str, ...]:
    has_braces = False
    for form in forms:
        try:
            has_braces = has_braces or bool(placeholders(form))
        except ValueError:
            pass
    wanted = {"fuzzy": fuzzy, _BRACE: has_braces}
    return tuple(f for f in _FLAG_ORDER if wanted[f])


def _merge(src: Source, old: Unit | None, nplurals: int, refs: tuple[str, ...]) -> Unit:
    """The bilingual entry of ``src`` in a language, from its old entry (if any)."""
    ids = src.forms
    count = nplurals if src.plural else 1
    if old is None:
        return Unit(src.key, ids, ("",) * count, src.plural, src.comments, src.extracted, refs,
                    _flags(False, ids))
    strings = old.strings
    if old.context is None:  # key-based: the translation of the current Dutch text
        fuzzy, previous = old.fuzzy, None
    elif old.ids == ids and old.plural == src.plural:
        fuzzy, previous = old.fuzzy, old.previous if old.fuzzy else None
    else:
        fuzzy = any(strings)
        previous = (old.previous if old.fuzzy and old.previous else old.ids) if fuzzy else None
    if old.plural != src.plural or len(strings) != count:
        strings = (tuple(strings) + ("",) * count)[:count] if src.plural else strings[:1]
        fuzzy = fuzzy or (any(strings) and old.plural != src.plural)
        if fuzzy and previous is None:
            previous = old.ids if old.context is not None else None
    if not any(strings):
        fuzzy, previous = False, None
    return Unit(src.key, ids, tuple(strings), src.plural, old.comments or src.comments,
                src.extracted, refs, _flags(fuzzy, ids), previous)


def _nplurals(header: Unit) -> int:
    m = re.search(r"nplurals\s*=\s*(\d+)", "\n".join(header.raw_header))
    return int(m.group(1)) if m else 2


def render(root: Path, lang: str, code_root: Path | None = None,
           sources: dict[str, list[Source]] | None = None) -> dict[Path, str]:
    """The new text of every catalog file of ``lang`` (``templates`` gives the ``.pot``)."""
    code_root = code_root or ROOT
    sources = sources if sources is not None else dutch(root)
    refs = usage(code_root, [s.key for items in sources.values() for s in items])
    folder = root / lang
    old: dict[Path, list[Unit]] = {p: _read(p) for p in sorted(folder.glob("*.po"))} \
        if lang != TEMPLATES else {}
    by_key: dict[str, Unit] = {}
    for units in old.values():
        for u in units:
            if not u.is_header:
                key = u.context or u.ids[0]
                if key not in by_key or (by_key[key].obsolete and not u.obsolete):
                    by_key[key] = u
    active = {s.key for items in sources.values() for s in items}
    out: dict[Path, str] = {}
    for domain, items in sources.items():
        dutch_units = _read(root / SOURCE_LANG / f"{domain}.po")
        dutch_header = next((u for u in dutch_units if u.is_header), None)
        if lang == TEMPLATES:
            path = folder / f"{domain}.pot"
            header = _header([], "", dutch_header)
            units = [header] + [
                Unit(s.key, s.forms, ("",) * (2 if s.plural else 1), s.plural, (), s.extracted,
                     refs[s.key], _flags(False, s.forms)) for s in items]
            out[path] = write(units)
            continue
        path = folder / f"{domain}.po"
        header = _header(old.get(path, []), lang, dutch_header)
        nplurals = _nplurals(header)
        units = [header] + [_merge(s, by_key.get(s.key), nplurals, refs[s.key]) for s in items]
        gone = [u for u in old.get(path, []) if not u.is_header
                and (u.context or u.ids[0]) not in active and any(u.strings)]
        units += [_obsolete(u) for u in gone]
        out[path] = write(units)
    for path, units in old.items():  # a domain the Dutch no longer has: keep what it held
        if path not in out:
            out[path] = write([u if u.is_header else _obsolete(u) for u in units])
    return out


def _obsolete(u: Unit) -> Unit:
    key = u.context or u.ids[0]
    ids = u.ids if u.context is not None else u.ids
    return replace(u, context=key if u.context is not None else None, ids=ids, obsolete=True,
                   references=(), previous=None)


def languages(root: Path) -> list[str]:
    """The translated languages: every folder of the catalog folder but Dutch and templates."""
    return sorted(p.name for p in root.iterdir()
                  if p.is_dir() and p.name not in (SOURCE_LANG, TEMPLATES))


def update(root: Path | None = None, check: bool = False, add: tuple[str, ...] = (),
           code_root: Path | None = None) -> list[Path]:
    """Write (or with ``check``, only compare) every generated catalog; the changed files."""
    root = Path(root) if root is not None else translations_dir()
    sources = dutch(root)
    changed = []
    for lang in sorted(set(languages(root)) | set(add)) + [TEMPLATES]:
        for path, text in render(root, lang, code_root, sources).items():
            current = path.read_text(encoding="utf-8") if path.exists() else None
            if current != text:
                changed.append(path)
                if not check:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(text, encoding="utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./dev catalogs", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a catalog is not up to date")
    parser.add_argument("--add", action="append", default=[], metavar="LANG",
                        help="start the catalogs of a new language")
    parser.add_argument("--root", type=Path, default=None, help="the catalog folder")
    args = parser.parse_args(argv)
    try:
        changed = update(args.root, check=args.check, add=tuple(args.add))
    except CatalogError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    shown = [p.relative_to(ROOT).as_posix() if p.is_relative_to(ROOT) else str(p)
             for p in changed]
    if args.check:
        if shown:
            print("not up to date (run ./dev catalogs):\n  " + "\n  ".join(shown))
            return 1
        print("catalogs up to date")
        return 0
    print("\n".join(f"updated {s}" for s in shown) or "catalogs up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
