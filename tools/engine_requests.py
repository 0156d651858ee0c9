"""The engine's test requests as JSON: what ``tools/pyodide_stdlib.mjs`` runs in Pyodide to
find (and then to check) the standard library modules the engine needs.

``python -m tools.engine_requests > requests.json`` writes ``[[kind, request], ...]``: every
worked example (``examples/*.toml``), every calculator's default request in every language,
the odds and group rents of every board and strategy, and the error battery of
``tests/test_api.py`` (bad fields, unknown kinds, huge numbers). Besides these, the tracer
sends text that is not JSON, so the error path is traced too.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from hooks.common import LANGS
from hooks.render.calculator_forms import default_request
from hooks.render.render_calculator import KINDS as CALC_KINDS
from hooks.render.examples import load_examples


def requests() -> list[tuple[str, Any]]:
    """Every request above, in a fixed order."""
    out: list[tuple[str, Any]] = []
    for example in load_examples().values():
        out.append((example.kind, example.engine_request()))
    for kind in CALC_KINDS:
        for lang in LANGS:
            out.append((kind, default_request(kind, lang)))
    for board in ("nl-euro", "atlantic-city"):
        for strategy in ("leave", "stay"):
            for count in ("turn", "roll"):
                out.append(("odds", {"board": board, "jail_strategy": strategy, "count": count}))
            out.append(("group_rents", {"board": board, "jail_strategy": strategy}))
    from tests.test_api import BATTERY  # the engine tests' own battery of requests

    out.extend(BATTERY)
    return out


def main() -> int:
    sys.set_int_max_str_digits(0)  # the battery holds a number of 4,000 digits
    json.dump(requests(), sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
