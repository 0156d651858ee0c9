"""Where the worked examples stand in ``docs/*.md``: ``python -m tools.place_examples``.

- ``python -m tools.place_examples place``: add the ``[[example: id]]`` lines the rule pages
  lack, each at the end of its home clause (reading order kept; nothing else changes);
- ``python -m tools.place_examples page <lang>``: print the examples page's block (topic
  headings and every example line in reading order), what ``tests/test_examples.py``
  expects below the ``[[examples]]`` index.

A developer tool: it reads the example files through :mod:`hooks.render.examples` and rewrites the
pages; the build never imports it.
"""

from __future__ import annotations

from pathlib import Path

from hooks.common import LANGS, ROOT, SOURCE_LANG
from hooks.render.examples import Example, load_examples, ordered, placed_ids, sort_key
from hooks.pages import DIRECTIVE

from engine.clauses import PAGES


def examples_page_block(lang: str, docs_dir: Path | None = None) -> str:
    """The topic headings and ``[[example: id]]`` lines of ``docs/<lang>/examples.md``, in
    reading order (what :mod:`tests.test_examples` expects below the index)."""
    from hooks.pages import read_page

    docs = Path(docs_dir) if docs_dir is not None else ROOT / "docs"
    out: list[str] = []
    current = None
    for ex in ordered():
        if ex.topic != current:
            current = ex.topic
            page = next(p for p in PAGES if p.slug == ex.topic)
            number = "" if page.chapter == "R" else f"{page.chapter} "
            title = read_page(docs, lang, ex.topic).title or ex.topic
            out += [f"## {number}{title} {{#topic-{ex.topic}}}", ""]
        out += [f"[[example: {ex.id}]]", ""]
    return "\n".join(out).strip("\n") + "\n"


def section_of(lines: list[str], clause: str) -> tuple[int, int] | None:
    """(heading index, end index) of a clause's section: up to the next level-1/2 heading."""
    from hooks.pages import H2, iter_headings

    heads = list(iter_headings(lines))
    for n, (i, level, _) in enumerate(heads):
        m = H2.match(lines[i]) if level == 2 else None
        if m and m.group("id") == clause:
            end = next((j for j, lvl, _ in heads[n + 1:] if lvl <= 2), len(lines))
            return i, end
    return None


def place(text: str, examples: list[Example]) -> tuple[str, list[str]]:
    r"""Insert the ``[[example: id]]`` lines a rule page lacks, each at the end of its home
    clause's section (after what is already there), in reading order, with a blank line on
    either side. Nothing else on the page changes. Returns the new text and the ids whose
    home clause has no section on the page.

    >>> ex = next(e for e in ordered() if e.id == "rent-four-stations")
    >>> print(place("## Stations {#rent-station}\nText.\n## Next {#rent-utility}\n", [ex])[0])
    ## Stations {#rent-station}
    Text.
    <BLANKLINE>
    [[example: rent-four-stations]]
    <BLANKLINE>
    ## Next {#rent-utility}
    <BLANKLINE>
    """
    lines = text.split("\n")
    present = set(placed_ids(text))
    known = dict(load_examples(next(iter(examples)).path.parent)) if examples else {}
    homeless: list[str] = []
    for ex in examples:
        if ex.id in present:
            continue
        found = section_of(lines, ex.home_clause)
        if found is None:
            homeless.append(ex.id)
            continue
        start, end = found
        last = end - 1
        later = [i for i, line in enumerate(lines[start:end], start)
                 if (m := DIRECTIVE.match(line)) and m.group("name") == "example"
                 and (other := known.get((m.group("args") or "").strip())) is not None
                 and sort_key(other) > sort_key(ex)]
        if later:  # keep reading order: stand before the first example that comes later
            last = later[0] - 1
        while last > start and not lines[last].strip():
            last -= 1
        new = ["", f"[[example: {ex.id}]]"]
        after = last + 1
        if after < len(lines) and lines[after].strip():
            new.append("")  # the next heading follows at once: keep a blank line before it
        elif after >= len(lines):
            new.append("")  # end of file: end with a newline
        lines[after:after] = new
        present.add(ex.id)
    return "\n".join(lines), homeless


def place_all(docs_dir: Path | None = None) -> dict[str, list[str]]:
    """Run :func:`place` on every rule page of every language; the homeless ids per file."""
    docs = Path(docs_dir) if docs_dir is not None else ROOT / "docs"
    problems: dict[str, list[str]] = {}
    for lang in LANGS:
        for page in PAGES:
            path = docs / lang / f"{page.slug}.md"
            mine = [ex for ex in ordered() if ex.topic == page.slug]
            if not mine or not path.exists():
                continue
            text = path.read_text(encoding="utf-8")
            new, homeless = place(text, mine)
            if new != text:
                path.write_text(new, encoding="utf-8")
            if homeless:
                problems[path.as_posix()] = homeless
    return problems


if __name__ == "__main__":
    import sys

    command = sys.argv[1] if len(sys.argv) > 1 else "page"
    if command == "place":
        for file, ids in place_all().items():
            print(f"{file}: no section for {', '.join(ids)}", file=sys.stderr)
    else:
        print(examples_page_block(sys.argv[2] if len(sys.argv) > 2 else SOURCE_LANG), end="")
