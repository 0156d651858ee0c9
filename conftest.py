"""Sybil runs the documentation: every ``python`` code block and every ``[[example: id]]``
line of ``docs/<lang>/*.md`` is a test.

A code block is only collected when its info string is exactly ``python``
(``tests/test_examples.py`` fails on ```` ```py ````, ```` ```pycon ```` or
```` ```python title=... ````, which Sybil would skip silently). An example line runs
``examples/<id>.toml`` through the engine and compares the result with the file's
hand-worked ``[expected]`` values (:class:`hooks.render_example.ExampleDirectiveParser`).
"""

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

from hooks.render_example import ExampleDirectiveParser

pytest_collect_file = Sybil(
    parsers=[PythonCodeBlockParser(), ExampleDirectiveParser()],
    patterns=["docs/**/*.md"],
).pytest()
