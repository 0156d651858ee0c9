"""Text as a reader sees it, for comparing what a page shows with what the renderer wrote:
shared by the browser tests of the calculators and the example links."""

from __future__ import annotations

import re
from html.parser import HTMLParser


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def squash(text: str) -> str:
    """Whitespace collapsed to one space, none at the ends.

    >>> squash(" a \\n\\t b ")
    'a b'
    """
    return re.sub(r"\s+", " ", text).strip()


def text_of(html: str) -> str:
    """The text content of an HTML fragment, whitespace collapsed.

    >>> text_of("<p>a <b>b</b></p>\\n<p>c&amp;d</p>")
    'a b c&d'
    """
    parser = _Text()
    parser.feed(html)
    return squash("".join(parser.parts))
