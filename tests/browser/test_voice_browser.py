"""One voice in the browser (issue 24): the calculators' answers, computed and worded by the
worker's Python, read as the golden strings of ``tests/test_voice.py`` (typed by hand).

Each case opens the calculators page with a worked example's shared link; the page's own
build-time result is the form's default, so the golden text can only come from the worker.
"""

from __future__ import annotations

from typing import Any

import pytest

from hooks.render.examples import load_examples
from hooks.catalogs.languages import LANGS
from present.urlstate import canonical_request, query_string
from test_calculators import page_path
from test_voice import DICE, GOLDEN

CASES = {
    "rent-claim-nordic-owner-watches": "one_counts",  # one station owned, one counts
    "rent-utility-one": None,  # the throw that brought the player: 3 + 4
    "rent-mortgaged-lot-pays-nothing": "street",  # a mortgaged Kalverstraat
}


def _answer_text(page: Any) -> str:
    return page.text_content("#calc-rent .calc-result") or ""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("example_id", sorted(CASES))
def test_the_worker_writes_the_golden_strings(open_page, lang: str, example_id: str) -> None:
    example = load_examples()[example_id]
    query = query_string("rent", canonical_request("rent", example.engine_request()))
    want = DICE if CASES[example_id] is None else GOLDEN[lang][CASES[example_id]]
    sp = open_page(page_path(lang, "calculators") + f"?{query}#calc-rent")
    sp.page.wait_for_selector("#calc-rent .calc-status[data-state=ready]", state="attached",
                              timeout=120_000)
    sp.page.wait_for_function(
        "(want) => document.querySelector('#calc-rent .calc-result').textContent"
        ".includes(want)", arg=want, timeout=60_000)
    text = _answer_text(sp.page)
    assert want in text, (lang, example_id, text[:400])
    assert sp.console_errors == []
