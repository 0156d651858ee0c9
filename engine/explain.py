"""Explanations: the ordered steps behind every result, each citing a clause.

A :class:`Step` names the clause it applied (a stable id from
:mod:`engine.clauses`), a message key (translated in ``translations/``: the
site shows the step in the reader's language) and the numbers it used
(``params``, the message's placeholders). Beside them every step carries
``source`` (the rulebook and section an edition value comes from, "000 · Huur")
and ``ruling`` (the ruling clause where the rulebooks are silent), ``None``
where the step cites neither: one step shape everywhere.

>>> from engine.sources import Source
>>> s = step("rent-set-double", "step.rent.set_double", Source("000", "Huur"), base=35, rent=70)
>>> s.to_dict()
{'clause': 'rent-set-double', 'key': 'step.rent.set_double', 'params': {'base': 35, 'rent': 70}, 'source': '000 · Huur', 'ruling': None}
>>> step("rent-claim", "step.rent.claim.before_next_roll", amount=5).to_dict()["source"] is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .clauses import CLAUSES
from .sources import Source, Value


@dataclass(frozen=True)
class Step:
    """One step of an explanation."""

    clause: str
    key: str
    params: tuple[tuple[str, Any], ...] = ()
    source: str | None = None
    ruling: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"clause": self.clause, "key": self.key, "params": dict(self.params),
                "source": self.source, "ruling": self.ruling}


def step(clause: str, key: str, cite: Value[Any] | Source | None = None, **params: Any) -> Step:
    """A step citing ``cite`` (an edition value or a source), if given.

    The clause id must exist (a typo is a programming error, not bad input).
    """
    assert clause in CLAUSES, clause
    source = cite.source if isinstance(cite, Value) else cite
    if source is None:
        return Step(clause, key, tuple(params.items()))
    return Step(clause, key, tuple(params.items()), source.cite(), source.ruling)
