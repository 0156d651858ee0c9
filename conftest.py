"""Sybil runs the documentation: every ``python`` code block and every ``[[example: id]]``
line of ``docs/<lang>/*.md`` is a test.

A code block is only collected when its info string is exactly ``python``
(``tests/test_examples.py`` fails on ```` ```py ````, ```` ```pycon ```` or
```` ```python title=... ````, which Sybil would skip silently). An example line checks
``examples/<id>.toml`` against the engine (once per example, shared by every page that shows
it) and that the page shows that checked result
(:class:`tests.examples_sybil.ExampleDirectiveParser`).
"""

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

from tests.examples_sybil import ExampleDirectiveParser

pytest_collect_file = Sybil(
    parsers=[PythonCodeBlockParser(), ExampleDirectiveParser()],
    patterns=["docs/**/*.md"],
).pytest()
