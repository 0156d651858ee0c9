"""A small, exact reader and writer of gettext PO files, for ``tools.catalogs``.

Babel reads PO files for the site; this module is for *rewriting* them: it keeps every
comment kind apart (translator ``#``, extracted ``#.``, references ``#:``, flags ``#,``,
previous ``#|``, obsolete ``#~``), keeps the header entry as written, and writes one
unwrapped line per string, so a regenerated catalog differs from the old one only where
something changed.

>>> units = parse('# note\\n#, fuzzy\\n#| msgid "Oud"\\nmsgctxt "k"\\nmsgid "Nieuw"\\nmsgstr "Ny"\\n')
>>> u = units[0]
>>> (u.context, u.ids, u.strings, u.flags, u.previous, u.comments)
('k', ('Nieuw',), ('Ny',), ('fuzzy',), ('Oud',), ('note',))
>>> print(write([u]), end="")
# note
#, fuzzy
#| msgid "Oud"
msgctxt "k"
msgid "Nieuw"
msgstr "Ny"
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_LINE = re.compile(r'^(?P<kw>msgctxt|msgid_plural|msgid|msgstr(?:\[(?P<n>\d+)\])?)?\s*'
                   r'(?P<str>"(?:[^"\\]|\\.)*")\s*$')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


class PoSyntaxError(ValueError):
    """A line the reader cannot place; the message names the line."""


def unquote(quoted: str) -> str:
    r"""The text of one PO string literal.

    >>> unquote(r'"a \"b\"\n"')
    'a "b"\n'
    """
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)), quoted[1:-1])


def quote(text: str) -> str:
    r"""``text`` as one PO string literal.

    >>> quote('a "b"\n')
    '"a \\"b\\"\\n"'
    """
    return '"' + (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
                  .replace("\t", "\\t").replace("\r", "\\r")) + '"'


@dataclass(frozen=True)
class Unit:
    """One PO entry. ``ids`` is ``(msgid,)`` or ``(msgid, msgid_plural)``; ``strings`` the
    ``msgstr`` (one) or ``msgstr[n]`` (several, ``plural`` True)."""

    context: str | None
    ids: tuple[str, ...]
    strings: tuple[str, ...]
    plural: bool = False
    comments: tuple[str, ...] = ()
    extracted: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    previous: tuple[str, ...] | None = None
    """``#| msgid`` (and ``#| msgid_plural``): the source text a fuzzy entry was made from."""
    obsolete: bool = False
    line: int = 0
    raw_header: tuple[str, ...] = field(default=(), compare=False)
    """For the header entry (``msgid ""``): its lines exactly as read."""

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def is_header(self) -> bool:
        return self.context is None and self.ids == ("",)


def parse(text: str) -> list[Unit]:
    """Every entry of a PO file's text, in order (obsolete ``#~`` entries included)."""
    units: list[Unit] = []
    block: list[tuple[int, str]] = []

    def flush() -> None:
        if any(not ln.startswith("#") or ln.startswith("#~") for _, ln in block):
            units.append(_unit(block))
            block.clear()

    for n, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped:
            flush()  # comments alone stay with the entry below (as gettext attaches them)
            continue
        starts_entry = stripped.startswith("#") and block and not block[-1][1].startswith("#")
        if starts_entry:
            flush()
        block.append((n, stripped))
    flush()
    if block:  # trailing comments with no entry after them
        raise PoSyntaxError(f"line {block[0][0]}: comment after the last entry")
    return units


def _unit(block: list[tuple[int, str]]) -> Unit:
    comments: list[str] = []
    extracted: list[str] = []
    refs: list[str] = []
    flags: list[str] = []
    previous: dict[str, str] = {}
    fields: dict[str, list[str]] = {}
    strings: dict[int, list[str]] = {}
    current: list[str] | None = None
    previous_kw: str | None = None
    obsolete = False
    first = 0
    for n, line in block:
        if line.startswith("#~"):
            obsolete, line = True, line[2:].strip()
            if not line:
                continue
        if line.startswith("#|"):
            m = _LINE.match(line[2:].strip())
            if not m:
                raise PoSyntaxError(f"line {n}: not valid PO syntax: {line[:60]!r}")
            if m.group("kw"):
                previous_kw = m.group("kw")
                previous[previous_kw] = ""
            if previous_kw is not None:
                previous[previous_kw] += unquote(m.group("str"))
            continue
        if line.startswith("#."):
            extracted.append(line[2:].strip())
        elif line.startswith("#:"):
            refs.extend(line[2:].split())
        elif line.startswith("#,"):
            flags.extend(f.strip() for f in line[2:].split(",") if f.strip())
        elif line.startswith("#"):
            comments.append(line[1:].strip() if line[1:2] in (" ", "") else line[1:])
        else:
            m = _LINE.match(line)
            if not m:
                raise PoSyntaxError(f"line {n}: not valid PO syntax: {line[:60]!r}")
            kw = m.group("kw")
            if kw is None:
                if current is None:
                    raise PoSyntaxError(f"line {n}: a string outside an entry")
            elif kw.startswith("msgstr"):
                current = strings.setdefault(int(m.group("n") or 0), [])
            else:
                first = first or n
                current = fields.setdefault(kw, [])
            current.append(unquote(m.group("str")))
    if "msgid" not in fields:
        raise PoSyntaxError(f"line {block[0][0]}: an entry without msgid")
    ids = ("".join(fields["msgid"]),) + (("".join(fields["msgid_plural"]),)
                                         if "msgid_plural" in fields else ())
    prev = None
    if "msgid" in previous:
        prev = (previous["msgid"],) + ((previous["msgid_plural"],)
                                       if "msgid_plural" in previous else ())
    unit = Unit(
        context="".join(fields["msgctxt"]) if "msgctxt" in fields else None,
        ids=ids,
        strings=tuple("".join(strings[i]) for i in sorted(strings)),
        plural="msgid_plural" in fields,
        comments=tuple(comments), extracted=tuple(extracted), references=tuple(refs),
        flags=tuple(flags), previous=prev, obsolete=obsolete, line=first,
    )
    if unit.is_header:
        unit = Unit(None, ("",), unit.strings, comments=unit.comments, flags=unit.flags,
                    line=first, raw_header=tuple(ln for _, ln in block))
    return unit


def write(units: list[Unit]) -> str:
    """PO text for ``units``: one blank line between entries, strings unwrapped (long
    strings stay one line, so a change shows as one changed line)."""
    out: list[str] = []
    for unit in units:
        lines: list[str] = []
        if unit.raw_header:
            lines.extend(unit.raw_header)
        else:
            p = "#~ " if unit.obsolete else ""
            lines.extend(f"# {c}".rstrip() for c in unit.comments)
            lines.extend(f"#. {c}".rstrip() for c in unit.extracted)
            if unit.references:
                lines.append("#: " + " ".join(unit.references))
            if unit.flags:
                lines.append("#, " + ", ".join(unit.flags))
            if unit.previous:
                lines.append(f"#| msgid {quote(unit.previous[0])}")
                if len(unit.previous) > 1:
                    lines.append(f"#| msgid_plural {quote(unit.previous[1])}")
            if unit.context is not None:
                lines.append(f"{p}msgctxt {quote(unit.context)}")
            lines.append(f"{p}msgid {quote(unit.ids[0])}")
            if unit.plural:
                lines.append(f"{p}msgid_plural {quote(unit.ids[1])}")
                lines.extend(f"{p}msgstr[{i}] {quote(s)}" for i, s in enumerate(unit.strings))
            else:
                lines.append(f"{p}msgstr {quote(unit.strings[0] if unit.strings else '')}")
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"
