"""Sybil parser for the worked examples: each ``[[example: id]]`` line of a page is a test.

The root ``conftest.py`` registers :class:`ExampleDirectiveParser` for ``docs/**/*.md``. It
finds the lines with the lexer the build uses (:func:`hooks.render.examples.directive_lines`), and
each line's test asks two things:

- does the engine agree with the file's hand-worked ``[expected]`` values? That verdict is
  :func:`hooks.render.examples.verified`, computed **once** per example however many pages show it
  (its rule page and the examples page, in four languages: eight lines), so a wrong value
  still fails every page that shows it, with that page in the message, but the engine runs
  the example once per test session;
- does this page show that checked result? The example may stand on this page (its topic
  page or the examples page), and its answer line renders in the page's language from the
  checked result, every label and value translated.

Test code: it lives under ``tests/`` (the build only needs :mod:`hooks.render.examples`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from hooks.common import LANGS
from hooks.render.examples import (EXAMPLES_PAGE, ExampleError, _shown, check, directive_lines,
                                   find_example, flatten, verified)
from hooks.render.render_example import answer_rows, words_for


def page_of(path: Path) -> tuple[str, str] | None:
    """(language, slug) of a page ``docs/<lang>/<slug>.md``, else None.

    >>> page_of(Path("docs/sv/rent.md")), page_of(Path("/tmp/page.md"))
    (('sv', 'rent'), None)
    """
    if path.parent.name in LANGS and path.parent.parent.name == "docs":
        return path.parent.name, path.stem
    return None


class ExampleDirectiveParser:
    """Sybil parser: each ``[[example: id]]`` line becomes a test of that example on that page.

    ``directory`` is the examples folder (default ``examples/``; tests pass a copy).
    """

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory

    def __call__(self, document: Any) -> Iterable[Any]:
        from sybil import Region

        for start, end, ex_id in directive_lines(document.text):
            yield Region(start, end, (ex_id, document.path), self.evaluate)

    def evaluate(self, example: Any) -> str | None:
        """Sybil evaluator: None when the example holds and the page shows it, else a message
        (a failure)."""
        ex_id, page = example.parsed
        where = f"{_shown(Path(page))}:{example.line}"
        try:
            found = find_example(ex_id, self.directory)
        except ExampleError as exc:
            return f"[[example: {ex_id}]] on {where}: {exc}"
        problem = check(found, where)
        if problem is not None:
            return problem
        located = page_of(Path(page))
        if located is None:
            return None
        lang, slug = located
        if slug not in (EXAMPLES_PAGE, found.topic):
            return (f"[[example: {ex_id}]] on {where}: belongs on {found.topic}.md or "
                    f"{EXAMPLES_PAGE}.md")
        rows = answer_rows(words_for(found, lang), found, verified(found)[0])
        wanted = [p for p, _ in flatten(dict(found.expected)) if p != "steps_include"]
        untranslated = [label for label, value in rows if "i18n-missing" in label + value]
        if len(rows) != len(wanted) or untranslated:
            return (f"[[example: {ex_id}]] on {where}: the answer line in {lang} shows "
                    f"{len(rows)} of {len(wanted)} expected fields"
                    + (f", untranslated: {untranslated}" if untranslated else ""))
        return None
