"""The termbase on the command line, for translators and reviewers (the check itself is
:mod:`hooks.catalogs.termbase`, which the build runs).

``python -m tools.termbase`` prints every violation (file, line, the variant found and the
term to use) and exits 1 if there is one; ``--docs``, ``--translations``, ``--examples``
point it at other folders (a merged branch, a temporary copy). ``--terms sv`` lists a
language's terms; ``--export sv OUT`` writes a bilingual TBX for Weblate.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from hooks.catalogs.i18n import LANGS, SOURCE_LANG
from hooks.catalogs.termbase import (FILE_NAME, FORBIDDEN, PREFERRED, Termbase, TermbaseError,
                                     termbase)


def terms_table(tb: Termbase, lang: str) -> str:
    """A plain-text list for a translator: concept, Dutch term, the term, what not to write."""
    rows = []
    for c in tb.concepts.values():
        lt = c.langs.get(lang)
        if lt is None:
            continue
        no = ", ".join(v.text for v in lt.forbidden)
        rows.append(f"{c.id:22} {c.langs[SOURCE_LANG].term:38} {lt.term}"
                    + (f"   (not: {no})" if no else ""))
    return "\n".join(rows)


def export_pair(tb: Termbase, lang: str) -> str:
    """A bilingual TBX (Dutch source, ``lang`` target) for tools that read one language pair,
    such as a Weblate glossary component: forbidden variants keep their status, so Weblate
    lists them as forbidden translations; definitions and notes go with them."""
    def esc(s: str) -> str:
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    def tig(term: str, status: str) -> str:
        return (f"<tig><term>{esc(term)}</term><termNote type=\"administrativeStatus\">"
                f"{status}</termNote></tig>")

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<martif type="TBX" xml:lang="{SOURCE_LANG}"><martifHeader><fileDesc><sourceDesc>'
           f"<p>Exported from translations/{FILE_NAME} ({SOURCE_LANG} to {lang}); edit that "
           "file, not this one.</p></sourceDesc></fileDesc></martifHeader><text><body>"]
    for c in tb.concepts.values():
        src, lt = c.langs[SOURCE_LANG], c.langs.get(lang)
        if lt is None:
            continue
        out.append(f'<termEntry id="{c.id}"><descrip>{esc(src.definition)}</descrip>'
                   f'<langSet xml:lang="{SOURCE_LANG}">{tig(src.term, PREFERRED)}</langSet>'
                   f'<langSet xml:lang="{lang}"><note from="translator">'
                   f"{esc(lt.definition + ' ' + c.note)}</note>{tig(lt.term, PREFERRED)}"
                   + "".join(tig(v.text, FORBIDDEN) for v in lt.forbidden)
                   + "</langSet></termEntry>")
    out.append("</body></text></martif>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print every violation (exit 1 when there is one), or the terms of a language
    (``--terms sv``), or write a bilingual TBX for one language (``--export sv OUT``)."""
    parser = argparse.ArgumentParser(description="Check the site's texts against the termbase.")
    parser.add_argument("--lang", choices=LANGS, action="append")
    parser.add_argument("--docs", type=Path)
    parser.add_argument("--translations", type=Path)
    parser.add_argument("--examples", type=Path)
    parser.add_argument("--terms", choices=LANGS, help="list the terms of one language")
    parser.add_argument("--export", nargs=2, metavar=("LANG", "OUT"),
                        help="write a bilingual Dutch-LANG TBX file (e.g. for Weblate)")
    args = parser.parse_args(argv)
    try:
        tb = termbase(args.translations)
    except TermbaseError as exc:
        print(exc)
        return 2
    if args.terms:
        print(terms_table(tb, args.terms))
        return 0
    if args.export:
        lang, out = args.export
        if lang not in LANGS or lang == SOURCE_LANG:
            parser.error(f"--export needs one of {', '.join(LANGS[1:])}")
        Path(out).write_text(export_pair(tb, lang), encoding="utf-8")
        print(f"wrote {out}")
        return 0
    found = tb.check(args.docs, args.translations, args.examples, args.lang or LANGS)
    for v in found:
        print(v)
    counts = {lang: sum(1 for v in found if v.lang == lang) for lang in (args.lang or LANGS)}
    print(f"{len(found)} termbase violation(s): "
          + ", ".join(f"{k} {n}" for k, n in counts.items()))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
