"""Monopoly rules engine: every edition as data, every answer explained by clause ids.

Standard library only; runs unchanged in CPython 3.11+ and in the browser (Pyodide).
Each calculation takes a plain dict and returns a plain dict with ``"steps"``
(the clauses applied, with their numbers), ``"currency"`` and ``"edition"``;
bad input raises :class:`EngineError` only. :func:`calculate` is the single
entry the browser uses: it returns errors as data instead of raising.

>>> from engine import calculate, mortgage_cost, EngineError
>>> mortgage_cost({"edition": "nl-2001", "action": "receive", "square": "Kalverstraat"})["saving"]
20
>>> calculate("score", {"edition": "nl-2001-short", "players": []})["error"]
'error.player_count'
>>> sorted(EDITIONS)[:2], CLAUSES["jail-third-failure"].number
(['classic-us', 'classic-us-short'], '6.6')
"""

from __future__ import annotations

from .api import calculate, calculate_json, describe
from .building import check_build, sell_buildings
from .clauses import CLAUSES
from .editions import EDITIONS, edition
from .errors import EngineError
from .jail import jail_decision
from .markov import landing_odds
from .rent_odds import group_rent_table, jail_advice_inputs
from .mortgage import mortgage_cost
from .rent import rent
from .scoring import score
from .tax import income_tax

__all__ = [
    "CLAUSES", "EDITIONS", "EngineError", "calculate", "calculate_json", "check_build",
    "describe", "edition", "group_rent_table", "income_tax", "jail_advice_inputs",
    "jail_decision", "landing_odds", "mortgage_cost", "rent", "score", "sell_buildings",
]
