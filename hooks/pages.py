"""Reading the Markdown sources of the four languages: titles and clause texts.

A clause is a level-2 ATX heading with an explicit id, ``## Title {#clause-id}``;
its text runs until the next level-1 or level-2 heading. Fenced code blocks are
skipped, so a heading or directive shown as an example is never taken literally.

>>> page = parse_markdown("# Huur\\n\\n## Dubbele huur {#rent-set-double}\\nTwee keer.\\n"
...                       "```\\n## Niet {#nope}\\n```\\n## Volgende {#rent-street}\\nX\\n",
...                       "nl", "rent")
>>> page.title, list(page.sections), page.sections["rent-set-double"].body
('Huur', ['rent-set-double', 'rent-street'], 'Twee keer.\\n```\\n## Niet {#nope}\\n```')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Iterator, Mapping

from mkdocs.utils.meta import get_data

H2 = re.compile(
    r"^##(?!#)[ \t]+(?P<title>.*?)[ \t]*\{:?[ \t]*#(?P<id>[A-Za-z0-9_-]+)(?P<attrs>[^}]*)\}[ \t]*$"
)
"""A level-2 heading with an explicit id (attr_list syntax)."""
HEADING = re.compile(r"^(?P<hashes>#{1,6})(?:[ \t]+|$)(?P<text>.*)$")
DIRECTIVE = re.compile(
    r"^(?P<indent>[ \t]*)\[\[(?P<name>[a-z][a-z0-9_-]*)(?:[ \t]*:[ \t]*(?P<args>[^\]]*?))?"
    r"[ \t]*\]\][ \t]*$"
)
"""A directive line: ``[[name]]`` or ``[[name: args]]`` on a line of its own."""
REF = re.compile(r"\[\[ref:[ \t]*(?P<id>[^\]\s]*)[ \t]*\]\]")
"""An inline clause reference, ``[[ref: clause-id]]``."""
_CODE_SPAN = re.compile(r"(`+)(?:.+?)\1")
FENCE = re.compile(r"^[ \t]{0,3}(?P<fence>`{3,}|~{3,})")
_ATTRS = re.compile(r"[ \t]*\{:?[^}]*\}[ \t]*$")


def code_lines(lines: list[str]) -> list[bool]:
    """For each line: True when it belongs to a fenced code block (fences included).

    >>> code_lines(["a", "```py", "b", "```", "c"])
    [False, True, True, True, False]
    """
    mask = []
    fence: str | None = None
    for line in lines:
        m = FENCE.match(line)
        if fence is None:
            if m:
                fence = m.group("fence")
                mask.append(True)
            else:
                mask.append(False)
        else:
            mask.append(True)
            if m and m.group("fence")[0] == fence[0] and len(m.group("fence")) >= len(fence) \
                    and not line.strip()[len(m.group("fence")):].strip():
                fence = None
    return mask


def iter_headings(lines: list[str]) -> Iterator[tuple[int, int, str]]:
    """(line index, level, text) of every ATX heading outside code blocks."""
    for i, (line, in_code) in enumerate(zip(lines, code_lines(lines))):
        if in_code:
            continue
        m = HEADING.match(line)
        if m:
            yield i, len(m.group("hashes")), m.group("text")


def heading_title(text: str) -> str:
    """A heading's text without trailing ``{#id .class}`` attributes and closing hashes.

    >>> heading_title("Huur {#rent .x} ##")
    'Huur'
    """
    text = re.sub(r"[ \t]+#+[ \t]*$", "", text.strip())
    return _ATTRS.sub("", text).strip()


@dataclass(frozen=True)
class Section:
    """A level-2 section with an explicit id: its title, Markdown body and heading line."""

    id: str
    title: str
    body: str
    line: int  # 1-based line of the heading in the file (front matter counted)


@dataclass(frozen=True)
class PageSource:
    """One language's Markdown page: its title and its level-2 sections with ids."""

    lang: str
    slug: str
    exists: bool
    title: str | None
    sections: Mapping[str, Section]


def parse_markdown(text: str, lang: str, slug: str, meta: dict | None = None,
                   offset: int = 0) -> PageSource:
    """Parse Markdown (front matter already removed; ``offset`` = lines removed)."""
    lines = text.splitlines()
    heads = list(iter_headings(lines))
    title = (meta or {}).get("title")
    sections: dict[str, Section] = {}
    for n, (i, level, _text) in enumerate(heads):
        if level == 1 and title is None:
            title = heading_title(_text)
        if level != 2:
            continue
        m = H2.match(lines[i])
        if not m:
            continue
        end = next((j for j, lvl, _ in heads[n + 1:] if lvl <= 2), len(lines))
        body = "\n".join(lines[i + 1:end]).strip("\n")
        sections.setdefault(m.group("id"), Section(m.group("id"), m.group("title").strip(),
                                                   body, i + 1 + offset))
    return PageSource(lang, slug, True, title, MappingProxyType(sections))


def split_front_matter(raw: str) -> tuple[str, dict, int]:
    """(Markdown without front matter, meta data, number of lines removed)."""
    text, meta = get_data(raw)
    removed = raw.count("\n") - text.count("\n") if meta else 0
    return text, meta, removed


@lru_cache(maxsize=512)
def _read(path: str, mtime: int, lang: str, slug: str) -> PageSource:
    text, meta, removed = split_front_matter(Path(path).read_text(encoding="utf-8-sig"))
    return parse_markdown(text, lang, slug, meta, removed)


_MEMO: dict[tuple[str, str, str], PageSource] = {}


def forget_pages() -> None:
    """Drop the per-build memo (``hooks/entry/site.py`` calls this at every build's start)."""
    _MEMO.clear()


def read_page(docs_dir: Path | str, lang: str, slug: str) -> PageSource:
    """The page ``docs/<lang>/<slug>.md``, parsed once per build (and per file version)."""
    memo_key = (str(docs_dir), lang, slug)
    if memo_key in _MEMO:
        return _MEMO[memo_key]
    path = Path(docs_dir) / lang / f"{slug}.md"
    try:
        mtime = path.stat().st_mtime_ns
    except FileNotFoundError:
        page = PageSource(lang, slug, False, None, MappingProxyType({}))
    else:
        page = _read(str(path), mtime, lang, slug)
    _MEMO[memo_key] = page
    return page


def sub_outside_code(line: str, pattern: re.Pattern[str], repl) -> str:
    """``pattern.sub(repl, line)`` except inside inline code spans.

    >>> sub_outside_code("a `[[ref: x]]` [[ref: y]]", REF, lambda m: "Y")
    'a `[[ref: x]]` Y'
    """
    out, pos = [], 0
    for m in _CODE_SPAN.finditer(line):
        out.append(pattern.sub(repl, line[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(pattern.sub(repl, line[pos:]))
    return "".join(out)
