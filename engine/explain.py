"""Explanations: the ordered steps behind every result, each citing a clause.

A :class:`Step` names the clause it applied (a stable id from
:mod:`engine.clauses`), a message key (translated in ``translations/``: the
site shows the step in the reader's language) and the numbers it used.

>>> s = step("rent-set-double", "step.rent.set_double", base=35, rent=70)
>>> s.to_dict()
{'clause': 'rent-set-double', 'key': 'step.rent.set_double', 'params': {'base': 35, 'rent': 70}}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .clauses import CLAUSES


@dataclass(frozen=True)
class Step:
    """One step of an explanation."""

    clause: str
    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"clause": self.clause, "key": self.key, "params": dict(self.params)}


def step(clause: str, key: str, **params: Any) -> Step:
    """A step; the clause id must exist (a typo is a programming error, not bad input)."""
    assert clause in CLAUSES, clause
    return Step(clause, key, tuple(params.items()))
