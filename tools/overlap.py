"""Word-for-word overlap between the site's texts and the source rulebooks.

Every sentence on the site is meant to be the project's own words; the rulebooks in
``/work/shared/sources`` (or ``$MONOPOLY_SOURCES_DIR``) give facts, not sentences. This
finds every run of :data:`N` (8) consecutive words that a site text shares with a
rulebook. Texts: the pages ``docs/<lang>/*.md`` (fenced code left out), the message texts
(``msgstr``) of ``translations/<lang>/*.po`` and the ``[text.<lang>]`` tables of
``examples/*.toml``. Words are runs of letters and digits, compared case-insensitively, so
punctuation and line breaks do not hide a copied sentence.

A hit that lies wholly inside quotation marks (``«...»``, ``»...«``, ``”...”``, ``“...”``,
``„...“``, Dutch ``‘...’``) is a quoted section heading or card text, cited as a source: it is reported as
*quoted* and allowed. ``tests/test_overlap.py`` requires every other hit to be gone.

``python -m tools.overlap [--all] [--docs D --translations T --examples E]`` prints the
hits (``--all``: the quoted ones too) and exits 1 if an unquoted one is left.

>>> sorted(ngrams(["a", "b", "c"], 2))
[('a', 'b'), ('b', 'c')]
"""

from __future__ import annotations

import argparse
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

from hooks.catalogs.i18n import LANGS
from hooks.catalogs.termbase import po_texts, toml_texts

ROOT = Path(__file__).resolve().parents[1]

N = 8
"""Length of a shared word sequence that counts as copied."""

_WORD = re.compile(r"[^\W_]+")
_FENCE = re.compile(r"(?ms)^([ \t]*)(```|~~~).*?^\1\2[ \t]*$")
_QUOTED = re.compile(r"«[^«»]*»|»[^«»]*«|”[^”\n]*”|“[^“”\n]*[”“]|„[^„“\n]*“"
                     r"|‘(?:[^‘’“]|“[^”]*”)*’")


def sources_dir() -> Path:
    """The rulebooks: ``$MONOPOLY_SOURCES_DIR`` or ``/work/shared/sources``."""
    return Path(os.environ.get("MONOPOLY_SOURCES_DIR", "/work/shared/sources"))


def tokens(text: str) -> list[tuple[str, int]]:
    """Words (case-folded) with their offsets."""
    return [(m.group(0).casefold(), m.start()) for m in _WORD.finditer(text)]


def ngrams(words: list[str], n: int = N) -> Iterator[tuple[str, ...]]:
    """Every run of ``n`` consecutive words."""
    for i in range(len(words) - n + 1):
        yield tuple(words[i:i + n])


@lru_cache(maxsize=4)
def source_ngrams(folder: str) -> dict[tuple[str, ...], str]:
    """Every 8-word run of every rulebook, with the file it comes from."""
    out: dict[tuple[str, ...], str] = {}
    for path in sorted(Path(folder).glob("*.txt")):
        words = [w for w, _ in tokens(path.read_text(encoding="utf-8"))]
        for gram in ngrams(words):
            out.setdefault(gram, path.name)
    return out


@dataclass(frozen=True)
class Hit:
    """A run of words a site text shares with a rulebook."""

    file: str
    line: int
    words: str
    source: str
    quoted: bool

    def __str__(self) -> str:
        mark = "quoted " if self.quoted else ""
        return f"{self.file}:{self.line}: {mark}shares with {self.source}: «{self.words}»"


def site_texts(docs: Path, translations: Path, examples: Path,
               langs: Iterable[str] = LANGS) -> Iterator[tuple[str, str, list[int] | None]]:
    """(shown file, text, text line -> file line or None) of every site text."""
    def shown(p: Path, base: Path) -> str:
        return f"{base.name}/{p.relative_to(base).as_posix()}"

    for lang in langs:
        for path in sorted((docs / lang).glob("*.md")):
            text = _FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)),
                              path.read_text(encoding="utf-8"))
            yield shown(path, docs), text, None
        for path in sorted((translations / lang).glob("*.po")):
            text, lines = po_texts(path)
            yield shown(path, translations), text, lines
        for path in sorted(examples.glob("*.toml")):
            text, lines = toml_texts(path, lang)
            yield shown(path, examples) + f" [text.{lang}]", text, lines


def _runs(text: str) -> Iterator[list[tuple[str, int]]]:
    """The words of a text, split where a message ends (so no run spans two)."""
    for part_start, part in _parts(text):
        yield [(w, part_start + off) for w, off in tokens(part)]


def _parts(text: str) -> Iterator[tuple[int, str]]:
    start = 0
    for m in re.finditer("\x01", text):
        yield start, text[start:m.start()]
        start = m.end()
    yield start, text[start:]


def find(docs: Path | None = None, translations: Path | None = None,
         examples: Path | None = None, sources: Path | None = None) -> list[Hit]:
    """Every shared 8-word run (overlapping runs of one passage merged into one hit)."""
    docs = Path(docs or ROOT / "docs")
    translations = Path(translations or ROOT / "translations")
    examples = Path(examples or ROOT / "examples")
    grams = source_ngrams(str(sources or sources_dir()))
    hits: list[Hit] = []
    for file, text, lines in site_texts(docs, translations, examples):
        quotes = [(m.start(), m.end()) for m in _QUOTED.finditer(text)]
        for words in _runs(text):
            i, n = 0, len(words)
            while i <= n - N:
                gram = tuple(w for w, _ in words[i:i + N])
                source = grams.get(gram)
                if source is None:
                    i += 1
                    continue
                j = i + N  # extend over the whole shared passage
                while j < n and tuple(w for w, _ in words[j - N + 1:j + 1]) in grams:
                    j += 1
                start = words[i][1]
                end = words[j - 1][1] + len(words[j - 1][0])
                quoted = any(s <= start and end <= e for s, e in quotes)
                k = text.count("\n", 0, start)
                line = lines[k] if lines is not None and k < len(lines) else k + 1
                hits.append(Hit(file, line, " ".join(w for w, _ in words[i:j]), source, quoted))
                i = j
    return hits


def main(argv: list[str] | None = None) -> int:
    """Print the hits; exit 1 when an unquoted one is left."""
    parser = argparse.ArgumentParser(description="8-word overlap with the rulebooks.")
    parser.add_argument("--all", action="store_true", help="also list quoted hits")
    parser.add_argument("--docs", type=Path)
    parser.add_argument("--translations", type=Path)
    parser.add_argument("--examples", type=Path)
    parser.add_argument("--sources", type=Path)
    args = parser.parse_args(argv)
    hits = find(args.docs, args.translations, args.examples, args.sources)
    bad = [h for h in hits if not h.quoted]
    for h in hits if args.all else bad:
        print(h)
    print(f"{len(bad)} unquoted and {len(hits) - len(bad)} quoted {N}-word overlaps")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
