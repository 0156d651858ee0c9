"""A tiny DOM for reading built HTML in tests: elements, text and attribute lookups.

The standard library's HTMLParser builds the tree; no browser and no extra dependency.

>>> root = parse('<table class="a b" data-x="1"><tr><td>1</td><td>2<br>3</td></tr></table>')
>>> root.one("table", class_="b", data_x="1").text()
'123'
>>> [td.text() for td in root.all("td")]
['1', '23']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr", "col", "area", "base"}


@dataclass
class Node:
    """An element: tag, attributes, children (nodes and text)."""

    tag: str
    attrs: dict[str, str]
    children: list = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def all(self, tag: str | None = None, **attrs: str) -> list["Node"]:
        """Every descendant with this tag (any when None) and these attribute values
        (``class_`` matches one class; ``data_x`` is the attribute ``data-x``)."""
        out = []
        for c in self.children:
            if isinstance(c, Node):
                if (tag is None or c.tag == tag) and _attrs_match(c, attrs):
                    out.append(c)
                out.extend(c.all(tag, **attrs))
        return out

    def one(self, tag: str | None = None, **attrs: str) -> "Node":
        found = self.all(tag, **attrs)
        assert len(found) == 1, f"expected one <{tag} {attrs}>, found {len(found)}"
        return found[0]

    def direct(self, tag: str) -> list["Node"]:
        return [c for c in self.children if isinstance(c, Node) and c.tag == tag]


def _attrs_match(node: Node, attrs: dict[str, str]) -> bool:
    for key, value in attrs.items():
        if key == "class_":
            if value not in node.attrs.get("class", "").split():
                return False
        elif node.attrs.get(key.replace("_", "-")) != value:
            return False
    return True


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list) -> None:
        node = Node(tag, {k: (v or "") for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        self.stack[-1].children.append(Node(tag, {k: (v or "") for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(html: str) -> Node:
    """The document as a tree under a ``#root`` node."""
    b = _Builder()
    b.feed(html)
    b.close()
    return b.root
