"""HTML comes from templates, not from strings in Python (issue 12).

- no hook module builds an HTML element bigger than a badge in an f-string: an f-string
  holding ``<div``, ``<table``, ``<section``, ``<details``, ``<a `` (and the other block or
  link tags below) and longer than :data:`BADGE` characters of source fails, naming the file
  and line; the directives' HTML is in ``overrides/fragments/rules/``, the calculators' form
  fields in ``overrides/fragments/calculators/`` (:mod:`hooks.render.templates`);
- the template environment escapes every value, passes trusted HTML untouched and refuses
  an undefined name;
- every template is used by a hook module, and every template a module names exists;
- no Python or JavaScript module of the project (``engine/``, ``present/``, ``hooks/``,
  ``tools/`` with ``tools/bench/``, the site's scripts in ``docs/assets/``) is over
  :data:`MAX_LINES` lines; the test modules (``tests/``) are the one family left out.

Exemptions are listed with their reason, and each one must still be needed (so it is
removed when its module is fixed).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from jinja2 import UndefinedError

from hooks.common import Message
from hooks.render.templates import CALCULATOR_FRAGMENTS, FRAGMENTS, TEMPLATE_DIR, fragment, html

ROOT = Path(__file__).resolve().parents[1]
HOOKS = ROOT / "hooks"
BADGE = 80
"""Characters of source an HTML f-string may have (a chip, a short span or link)."""
BIG_TAGS = re.compile(r"<(div|table|section|details|a|nav|ul|ol|tr|form|figure|svg)[\s>]")
"""Elements that are more than a badge: containers, tables, lists, links."""
MAX_LINES = 700
HTML_EXEMPT: dict[str, str] = {}
SIZE_EXEMPT: dict[str, str] = {}


def big_html_fstrings(source: str) -> list[tuple[int, int, str]]:
    """(line, source length, first big tag) of every f-string holding a big element.

    >>> big_html_fstrings('x = f"<span class={c}>{t}</span>"')
    []
    >>> big_html_fstrings('x = (f\\'<div class="{c}"><table><tr><td>{a}</td><td>{b}</td>\\'\\n'
    ...                   '     f\\'<td>{c}</td></tr></table></div>\\')')
    [(1, 95, 'div')]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            seg = ast.get_source_segment(source, node) or ""
            tag = BIG_TAGS.search(text)
            if tag and len(seg) > BADGE:
                found.append((node.lineno, len(seg), tag.group(1)))
    return found


def test_no_hook_builds_big_html_in_strings() -> None:
    bad = []
    for path in sorted(HOOKS.rglob("*.py")):
        if path.relative_to(HOOKS).as_posix() in HTML_EXEMPT:
            continue
        bad += [f"{path.relative_to(ROOT).as_posix()}:{line}: an f-string of {n} characters builds <{tag}>: "
                f"write it as a template in overrides/{FRAGMENTS}/"
                for line, n, tag in big_html_fstrings(path.read_text(encoding="utf-8"))]
    assert not bad, "\n".join(bad)


def test_the_check_finds_a_planted_table(tmp_path: Path) -> None:
    source = (HOOKS / "render" / "render_requests.py").read_text(encoding="utf-8")
    planted = source + ('\n\ndef planted(rows, caption):\n    return (f\'<table class="x">'
                        '<caption>{caption}</caption><tbody>{rows}</tbody></table>\'\n'
                        '            f\'<p class="note">{rows}</p>\')\n')
    assert big_html_fstrings(source) == []
    assert [tag for _, _, tag in big_html_fstrings(planted)] == ["table"]


def test_html_exemptions_are_still_needed() -> None:
    # A loop, not a parametrisation: with no exemption left (today) there is nothing to skip.
    for name in sorted(HTML_EXEMPT):
        assert big_html_fstrings((HOOKS / name).read_text(encoding="utf-8")), (
            f"hooks/{name} builds no big HTML in strings any more: drop it from HTML_EXEMPT")


def test_values_are_escaped_and_trusted_html_passes() -> None:
    out = str(fragment("notice.html", cls='warning" onclick="x', directive="<script>",
                       title=Message("k", "sv", "<b>Titel</b>", "sv"),
                       body=html("<em>ok</em>")))
    assert out == ('<div class="admonition warning&quot; onclick=&quot;x" '
                   'data-directive="&lt;script&gt;"><p class="admonition-title">'
                   '&lt;b&gt;Titel&lt;/b&gt;</p><p><em>ok</em></p></div>')


def test_a_fallback_message_keeps_its_mark() -> None:
    out = str(fragment("clause-ref.html", url="#a", text=Message("k", "sv", "Huur", "nl")))
    assert out == '<a class="clause-ref" href="#a"><span class="i18n-fallback" lang="nl">Huur</span></a>'


def test_an_undefined_value_is_an_error() -> None:
    with pytest.raises(UndefinedError):
        fragment("clause-ref.html", url="#a")


FOLDERS = {FRAGMENTS: ("fragment", 20), CALCULATOR_FRAGMENTS: ("calculator_fragment", 10)}
"""Template folder -> (the function of :mod:`hooks.render.templates` that renders its templates, how
many templates it holds at least)."""


def _named_templates(folder: str) -> set[str]:
    """Templates of ``folder`` a hook module renders, and those its templates include or
    import from."""
    func = FOLDERS[folder][0]
    names = set()
    for path in list(HOOKS.rglob("*.py")):
        names |= set(re.findall(rf'\b{func}\(\s*"([^"]+\.html)"', path.read_text(encoding="utf-8")))
    for path in (TEMPLATE_DIR / folder).rglob("*.html"):
        names |= set(re.findall(rf'{{% (?:include|from|import) "{folder}/([^"]+)"',
                                path.read_text(encoding="utf-8")))
    return names


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_template_is_used_and_every_used_one_exists(folder: str) -> None:
    present = {p.relative_to(TEMPLATE_DIR / folder).as_posix()
               for p in (TEMPLATE_DIR / folder).rglob("*.html")}
    named = _named_templates(folder)
    assert len(present) >= FOLDERS[folder][1]
    assert sorted(named - present) == [], "named by a hook module but missing"
    assert sorted(present - named) == [], "templates no hook module renders"


SIZED = ("engine", "present", "hooks", "tools", "docs/assets")
"""The folders whose modules the size check walks (every depth)."""
SIZED_SUFFIXES = (".py", ".js", ".mjs")


def sized_modules() -> list[Path]:
    """Every Python and JavaScript module of :data:`SIZED` (no vendored or built files)."""
    return sorted(p for folder in SIZED for p in (ROOT / folder).rglob("*")
                  if p.suffix in SIZED_SUFFIXES and p.is_file()
                  and not {"node_modules", "__pycache__", "pyodide"} & set(p.parts))


def test_the_size_check_walks_every_module() -> None:
    walked = {p.relative_to(ROOT).as_posix() for p in sized_modules()}
    for rel in ("engine/markov.py", "engine/rent_odds.py", "tools/bench/engine.py",
                "tools/bench/probes/recalc.js", "hooks/runtime/service_worker.js",
                "docs/assets/calculators/calculators.mjs", "present/render.py"):
        assert rel in walked, rel


def test_no_module_over_the_size_limit() -> None:
    too_long = {}
    for path in sized_modules():
        rel = path.relative_to(ROOT).as_posix()
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES and rel not in SIZE_EXEMPT:
            too_long[rel] = n
    assert too_long == {}, f"modules over {MAX_LINES} lines: split them along their sections"


def test_size_exemptions_are_still_needed() -> None:
    # A loop, not a parametrisation: with no exemption left (today) there is nothing to skip.
    stale = []
    for rel in sorted(SIZE_EXEMPT):
        path = ROOT / rel
        if not path.exists() or len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES:
            stale.append(rel)
    assert stale == [], f"under {MAX_LINES} lines or gone now: drop them from SIZE_EXEMPT"
