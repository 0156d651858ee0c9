"""What each translation still needs: ``python -m tools.translation_status [--lang sv]``.

For every language it lists

- pages that exist in Dutch but not in that language;
- clauses (``engine/clauses.py``) that the language's pages lack; for Dutch, the
  clauses not written yet;
- pages that are *outdated*: the Dutch page changed after the translation did. The time
  of a change is the last git commit of the file, or the file's modification time when
  the file has uncommitted changes or there is no git history;
- clauses that are *outdated*: the Dutch text of the clause changed after the clause's
  translation did (``tools.clause_history``: each clause's last change in the file's git
  history; uncommitted edits at the file's modification time; a change of whitespace or
  quotation marks only is no change);
- a page or clause a translator has *checked* against the changed Dutch and found still
  right is not outdated while the Dutch stays as it was checked: ``--lang sv --checked
  ID ...`` (a clause id or a page name) records the Dutch text's fingerprint in
  ``translations/checked.toml`` (:data:`CHECKED`), as removing the fuzzy mark does for a
  catalog entry; when the Dutch changes again, it is outdated again;
- message keys of ``translations/nl/*.po`` that the language's catalogs lack, mark fuzzy,
  or translate from an older Dutch text (outdated), by file;
- termbase violations (``hooks.catalogs.termbase``): a forbidden variant of a term in the
  language's pages, catalogs or example texts, with file, line and the term to use; and
  the termbase concepts that lack a term or definition in the language.

It always exits 0: it is a to-do list, not a check (the tests are the check).

>>> s = status("sv", _example_docs(), translations_dir=_example_docs().parent / "none")
>>> s.missing_pages, [c for c, _ in s.missing_clauses][:2]
(('turn',), ['setup-players', 'setup-bank'])
"""

from __future__ import annotations

import argparse
import subprocess
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engine.clauses import CLAUSES, PAGES
from hooks.pages import read_page
from hooks.catalogs.i18n import LANGS, SOURCE_LANG, Translations, translations_dir as _tdir
from hooks.catalogs.termbase import FILE_NAME as TERMBASE, TermbaseError, termbase
from tools.clause_history import _git_root, clause_texts, clause_times, fingerprint

ROOT = Path(__file__).resolve().parents[1]
CHECKED = "checked.toml"
"""The file (in the catalogs' folder) of the pages and clauses checked against the Dutch."""


@dataclass(frozen=True)
class Outdated:
    """A translated page older than its Dutch source."""

    page: str
    source_time: float
    translation_time: float


@dataclass(frozen=True)
class OutdatedClause:
    """A translated clause whose Dutch text changed after the translation of it did."""

    clause: str
    page: str
    source_time: float
    translation_time: float


@dataclass(frozen=True)
class LangStatus:
    """Everything one language still needs."""

    lang: str
    missing_pages: tuple[str, ...]
    missing_clauses: tuple[tuple[str, str], ...]  # (clause id, page)
    outdated: tuple[Outdated, ...]
    missing_keys: tuple[tuple[str, str], ...]  # (file, key)
    catalog_errors: tuple[str, ...] = ()  # broken PO entries (these also stop the build)
    term_violations: tuple[str, ...] = ()  # forbidden variants (a strict build fails)
    terms_missing: tuple[str, ...] = ()  # termbase concepts without a term/definition
    outdated_clauses: tuple[OutdatedClause, ...] = ()

    @property
    def done(self) -> bool:
        return not (self.missing_pages or self.missing_clauses or self.outdated
                    or self.missing_keys or self.catalog_errors or self.term_violations
                    or self.terms_missing or self.outdated_clauses)


def changed_at(path: Path) -> float:
    """When a file last changed: its last commit, or its mtime if uncommitted / no git."""
    mtime = path.stat().st_mtime
    root = _git_root(str(path.parent))
    if root is None:
        return mtime
    try:
        dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--", str(path)],
                               capture_output=True, text=True, timeout=10).stdout.strip()
        if dirty:
            return mtime
        log = subprocess.run(["git", "-C", root, "log", "-1", "--format=%ct", "--", str(path)],
                             capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return mtime
    return float(log) if log else mtime


def page_slugs(docs: Path) -> list[str]:
    """Every page of the Dutch source, rule pages first in chapter order."""
    rules = [p.slug for p in PAGES]
    others = sorted(p.stem for p in (docs / SOURCE_LANG).glob("*.md") if p.stem not in rules)
    return rules + others


def read_checked(root: Path) -> dict[str, dict[str, dict[str, str]]]:
    """``{lang: {"pages": {slug: fingerprint}, "clauses": {id: fingerprint}}}`` from
    :data:`CHECKED` (empty when there is none)."""
    import tomllib

    path = root / CHECKED
    data = tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return {lang: {"pages": dict(v.get("pages", {})), "clauses": dict(v.get("clauses", {}))}
            for lang, v in data.items()}


def mark_checked(lang: str, ids: list[str], docs: Path, root: Path) -> list[str]:
    """Record that the ``lang`` translation of each clause id or page name in ``ids`` was
    checked against the Dutch text as it is now; what was recorded, as ``page`` / ``clause``
    lines. An id that is neither a clause nor a Dutch page raises ``ValueError``."""
    if lang == SOURCE_LANG:
        raise ValueError("Dutch is the source: there is nothing to check it against")
    checked = read_checked(root)
    mine = checked.setdefault(lang, {"pages": {}, "clauses": {}})
    done = []
    for raw in ids:
        name = raw.removesuffix(".md")
        if name in CLAUSES:
            text = clause_texts((docs / SOURCE_LANG / f"{CLAUSES[name].page}.md")
                                .read_text(encoding="utf-8-sig"))[name]
            mine["clauses"][name] = fingerprint(text)
            done.append(f"clause {name}")
        elif (docs / SOURCE_LANG / f"{name}.md").is_file():
            mine["pages"][name] = fingerprint(
                (docs / SOURCE_LANG / f"{name}.md").read_text(encoding="utf-8-sig"))
            done.append(f"page {name}")
        else:
            raise ValueError(f"{raw!r} is neither a clause id nor a page of docs/{SOURCE_LANG}/")
    lines = ["# Pages and clauses a translator checked against the Dutch text after it changed",
             "# and found still right: the fingerprint of the Dutch as checked (whitespace and",
             "# quotation marks aside). Written by ./dev status --lang <lang> --checked <id or",
             "# page>; ./dev status lists them as outdated again once the Dutch changes again."]
    for code in sorted(checked):
        for part in ("pages", "clauses"):
            if checked[code][part]:
                lines += ["", f"[{code}.{part}]"]
                lines += [f'{key} = "{value}"' for key, value in sorted(checked[code][part].items())]
    (root / CHECKED).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return done


def status(lang: str, docs: Path, translations_dir: Path | None = None) -> LangStatus:
    """The status of one language (``nl``: clauses not yet written, missing source keys)."""
    slugs = page_slugs(docs)
    root = translations_dir or _tdir()
    checked = read_checked(root).get(lang, {"pages": {}, "clauses": {}})
    missing_pages = tuple(s for s in slugs if (docs / SOURCE_LANG / f"{s}.md").exists()
                          and not (docs / lang / f"{s}.md").exists())
    missing_clauses = tuple((cid, c.page) for cid, c in CLAUSES.items()
                            if (docs / lang / f"{c.page}.md").exists()
                            and cid not in read_page(docs, lang, c.page).sections)
    outdated = []
    clauses_outdated: list[OutdatedClause] = []
    if lang != SOURCE_LANG:
        for slug in slugs:
            src, dst = docs / SOURCE_LANG / f"{slug}.md", docs / lang / f"{slug}.md"
            if src.exists() and dst.exists():
                t_src, t_dst = changed_at(src), changed_at(dst)
                if t_src > t_dst and checked["pages"].get(slug) != fingerprint(
                        src.read_text(encoding="utf-8-sig")):
                    outdated.append(Outdated(slug, t_src, t_dst))
                clauses_outdated += _outdated_clauses(slug, src, dst, checked["clauses"])
    keys: list[tuple[str, str]] = []
    errors: list[str] = []
    if root.is_dir():
        for problem in Translations(root).validate():
            if f"/{lang}/" not in f"/{problem.file}":
                continue
            if problem.severity == "error":
                errors.append(str(problem))
            elif problem.key and problem.problem.startswith(("missing", "fuzzy", "outdated")):
                keys.append((Path(problem.file).name, problem.key))
    violations: list[str] = []
    terms_missing: list[str] = []
    if (root / TERMBASE).exists():
        try:
            tb = termbase(root)
            violations = [str(v) for v in tb.check(docs, root, langs=[lang])]
            terms_missing = tb.missing(lang)
        except TermbaseError as exc:
            errors.append(str(exc))
    return LangStatus(lang, missing_pages, missing_clauses, tuple(outdated), tuple(keys),
                      tuple(errors), tuple(violations), tuple(terms_missing),
                      tuple(clauses_outdated))


def _outdated_clauses(slug: str, src: Path, dst: Path,
                      checked: dict[str, str]) -> list[OutdatedClause]:
    """The clauses of a page whose Dutch text changed after their translation did, but for
    those checked against the Dutch as it is now."""
    if not any(c.page == slug for c in CLAUSES.values()):
        return []
    dutch, mine = clause_times(src), clause_times(dst)
    texts = clause_texts(src.read_text(encoding="utf-8-sig"))
    return [OutdatedClause(cid, slug, dutch[cid], mine[cid]) for cid in dutch
            if cid in mine and cid in CLAUSES and dutch[cid] > mine[cid]
            and checked.get(cid) != fingerprint(texts[cid])]


def _when(t: float) -> str:
    return datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M")


def report(statuses: list[LangStatus]) -> str:
    """A readable table and a to-do list per language."""
    head = ("language", "pages missing", "clauses missing", "outdated pages",
            "outdated clauses", "keys missing", "termbase violations")
    rows = [head] + [(s.lang, str(len(s.missing_pages)), str(len(s.missing_clauses)),
                      str(len(s.outdated)), str(len(s.outdated_clauses)),
                      str(len(s.missing_keys)),
                      str(len(s.term_violations))) for s in statuses]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["Translation status (Dutch, nl, is the source language)", ""]
    for n, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    for s in statuses:
        lines += ["", f"== {s.lang} " + ("(nothing to do)" if s.done else "")]
        if s.catalog_errors:
            lines.append("  broken catalog entries (the build stops on these):")
            lines += [f"    {e}" for e in s.catalog_errors]
        if s.missing_pages:
            lines.append("  pages missing: " + ", ".join(f"{p}.md" for p in s.missing_pages))
        if s.missing_clauses:
            verb = "not written yet" if s.lang == SOURCE_LANG else "missing"
            lines.append(f"  clauses {verb}:")
            lines += [f"    {CLAUSES[c].number:>5}  {c}  ({p}.md)" for c, p in s.missing_clauses]
        if s.outdated or s.outdated_clauses:
            lines.append(f"  (checked and still right: ./dev status --lang {s.lang} --checked "
                         "<clause id or page> ...)")
        if s.outdated:
            lines.append("  outdated (the Dutch page changed later):")
            lines += [f"    {o.page}.md  nl {_when(o.source_time)}, {s.lang} "
                      f"{_when(o.translation_time)}" for o in s.outdated]
        if s.outdated_clauses:
            lines.append("  outdated clauses (their Dutch text changed after the translation):")
            lines += [f"    {CLAUSES[o.clause].number:>5}  {o.clause}  ({o.page}.md)  nl "
                      f"{_when(o.source_time)}, {s.lang} {_when(o.translation_time)}"
                      for o in s.outdated_clauses]
        if s.missing_keys:
            by_file: dict[str, list[str]] = {}
            for file, key in s.missing_keys:
                by_file.setdefault(file, []).append(key)
            lines.append("  message keys missing, fuzzy or outdated (./dev catalogs marks a "
                         "changed Dutch text fuzzy):")
            for file, keys in by_file.items():
                lines.append(f"    {file} ({len(keys)}): " + ", ".join(keys))
        if s.term_violations:
            lines.append("  termbase violations (a strict build fails on these):")
            lines += [f"    {v}" for v in s.term_violations]
        if s.terms_missing:
            lines.append(f"  termbase concepts without a term or definition: "
                         + ", ".join(s.terms_missing))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the status of every language (or of ``--lang``); always exit 0."""
    parser = argparse.ArgumentParser(description="Missing and outdated translations.")
    parser.add_argument("--lang", choices=LANGS, help="only this language")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs")
    parser.add_argument("--translations", type=Path, default=None)
    parser.add_argument("--checked", nargs="+", metavar="ID",
                        help="with --lang: these clause ids or pages were checked against the "
                             "Dutch as it is now and are still right")
    args = parser.parse_args(argv)
    if args.checked:
        if not args.lang:
            parser.error("--checked needs --lang")
        try:
            for line in mark_checked(args.lang, args.checked, args.docs,
                                     args.translations or _tdir()):
                print(f"checked against the Dutch: {args.lang} {line}")
        except ValueError as exc:
            parser.error(str(exc))
    langs = [args.lang] if args.lang else list(LANGS)
    print(report([status(lang, args.docs, args.translations) for lang in langs]))
    return 0


def _example_docs() -> Path:  # pragma: no cover - doctest helper
    """A tiny docs tree: Swedish lacks turn.md and most clauses of setup.md."""
    import tempfile

    root = Path(tempfile.mkdtemp()) / "docs"
    for lang in ("nl", "sv"):
        (root / lang).mkdir(parents=True)
        (root / lang / "setup.md").write_text("# S\n\n## Doel {#setup-goal}\n\nx\n")
    (root / "nl" / "turn.md").write_text("# T\n")
    return root


if __name__ == "__main__":
    raise SystemExit(main())
