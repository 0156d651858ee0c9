"""Rule pages print without empty first pages (issue 23 item 5): Chromium's own PDF
(``page.pdf()``, A4, the site's ``@page``), read with the standard library: each page's
content stream (Flate) and the baseline of every line of text on it (``Tm``), which is
in CSS pixels of the flowing document. A page's fill is how far down its last line of text
reaches. Before: /rent/ printed 11 pages, the first filled to 72-76 % (sv 78 %, nb 76 %): a
worked example (kept whole as an admonition) and a table header (unbreakable in Chromium) moved
whole to the next page. Now 11 pages, the first 98 % (sv 93 %, nb 98 %); see site.css's print
rules.
"""

from __future__ import annotations

import re
import zlib
from typing import Any

import pytest

from engine.clauses import PAGES

from hooks.catalogs.languages import LANGS  # the table of languages
A4_CONTENT_PX = (297 - 12 - 14) / 25.4 * 96
"""The printable height of an A4 page in CSS px (the margins of site.css's ``@page``)."""
FIRST_PAGE_FILL = 0.85
PAGE_FILL = 0.5
"""Every page but the last reaches at least this far down (no page pushed half empty)."""


def pdf_objects(pdf: bytes) -> dict[int, tuple[bytes, bytes | None]]:
    """Every object of a PDF: its dictionary and its stream's bytes (None without one).

    Read in file order, each stream by its ``/Length``: compressed data may hold the bytes
    "endstream" or "endobj" by chance (a lazy search for them cut /sv/rent/'s streams short).
    """
    out: dict[int, tuple[bytes, bytes | None]] = {}
    head = re.compile(rb"(\d+) 0 obj")
    pos = 0
    while (m := head.search(pdf, pos)) is not None:
        start = m.end()
        end = pdf.find(b"endobj", start)
        mark = re.compile(rb"stream\r?\n").search(pdf, start)
        if mark is not None and mark.start() < end:
            head_bytes = pdf[start:mark.start()]
            length = int(re.search(rb"/Length\s+(\d+)", head_bytes).group(1))
            out[int(m.group(1))] = (head_bytes, pdf[mark.end():mark.end() + length])
            end = pdf.find(b"endobj", mark.end() + length)
        else:
            out[int(m.group(1))] = (pdf[start:end], None)
        pos = end + len(b"endobj")
    return out


def text_extents(pdf: bytes) -> list[tuple[float, float]]:
    """(first, last) text baseline of every page of a Chromium PDF, in document px."""
    objects = pdf_objects(pdf)
    pages = []
    for body, _ in objects.values():
        if not re.search(rb"/Type\s*/Page\b", body):
            continue
        ref = re.search(rb"/Contents\s+(\d+) 0 R", body)
        data = zlib.decompress(objects[int(ref.group(1))][1] or b"")
        ys = [float(y) for y in re.findall(rb"1 0 0 -1 [-\d.]+ ([-\d.]+) Tm", data)]
        pages.append((min(ys), max(ys)) if ys else (0.0, 0.0))
    return pages


def fills(extents: list[tuple[float, float]]) -> list[float]:
    """How far down each page its text reaches (0..1)."""
    return [round((last - i * A4_CONTENT_PX) / A4_CONTENT_PX, 2)
            for i, (_, last) in enumerate(extents)]


def test_the_reader_reads_what_a_pdf_holds() -> None:
    """The reader on a hand-made stream: two pages, text at 100 and 1200 px."""
    def page(n: int, y: int) -> bytes:
        stream = zlib.compress(f"BT 1 0 0 -1 16 {y} Tm <01> Tj ET".encode())
        return (f"{n} 0 obj\n<</Type /Page /Contents {n + 1} 0 R>>\nendobj\n{n + 1} 0 obj\n"
                f"<</Length {len(stream)}>>\nstream\n").encode() + stream + b"\nendstream\nendobj\n"
    pdf = page(1, 100) + page(3, 1200)
    assert text_extents(pdf) == [(100.0, 100.0), (1200.0, 1200.0)]
    assert fills(text_extents(pdf))[0] < FIRST_PAGE_FILL  # a planted empty first page fails


def cases() -> list[Any]:
    """Every rule page in Dutch; rent, jail and the rulings in the other languages."""
    out = []
    for lang in LANGS:
        for slug in [p.slug for p in PAGES] if lang == "nl" else ["rent", "jail", "rulings"]:
            out.append(pytest.param(lang, slug, id=f"{lang}-{slug}"))
    return out


@pytest.mark.parametrize(("lang", "slug"), cases())
def test_rule_pages_print_without_empty_pages(open_page, report, lang: str, slug: str) -> None:
    prefix = "" if lang == "nl" else f"{lang}/"
    sp = open_page(f"{prefix}{slug}/")
    filled = fills(text_extents(sp.page.pdf(format="A4", prefer_css_page_size=True)))
    report("print", f"{lang} {slug} pages", len(filled))
    assert filled[0] >= FIRST_PAGE_FILL, filled
    assert all(f >= PAGE_FILL for f in filled[:-1]), filled
