"""Where every value comes from.

Each edition value and board figure carries a :class:`Source`: the rulebook file
(``000`` ... ``004`` in ``shared/sources``, or a file of ``shared/reference``) and
the section heading. Where a source is silent or contradicts itself, the value
is the project's own *ruling*: ``ruling`` then names the ruling clause that
explains it, and the site marks the value as a ruling, never as a fact.

>>> fact(200, "000", "Belastingen").is_ruling
False
>>> ruled(True, "ruling-rent-in-jail", "003", "Gevangenis").source.ruling
'ruling-rent-in-jail'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

SOURCE_FILES = {
    "000": "000_b9eb1eb15ad88e54.txt",
    "001": "001_a3e3726c3768c6b6.txt",
    "002": "002_f822be5cba84207d.txt",
    "003": "003_d97b22aaf481f3b9.txt",
    "004": "004_062e1aacd43a3070.txt",
}
"""The rulebook files of ``shared/sources`` by their short number."""


@dataclass(frozen=True)
class Source:
    """A reference: file and section; ``ruling`` is set when the value is the project's ruling."""

    file: str
    section: str
    ruling: str | None = None

    def cite(self) -> str:
        """Short citation, as the site shows it: ``000 · Huur``."""
        return f"{self.file} · {self.section}"


@dataclass(frozen=True)
class Value(Generic[T]):
    """A value with its source."""

    value: T
    source: Source

    @property
    def is_ruling(self) -> bool:
        return self.source.ruling is not None


def fact(value: T, file: str, section: str) -> Value[T]:
    """A value the source states."""
    return Value(value, Source(file, section))


def ruled(value: T, ruling: str, file: str, section: str) -> Value[T]:
    """A value the source leaves open (or contradicts): the project's ruling decides it."""
    return Value(value, Source(file, section, ruling))
