"""Translation QA: translate-toolkit's ``pofilter`` checks and GNU ``msgfmt --check-format``
over every catalog, against the Dutch: ``python -m tools.translation_qa``.

``pofilter`` runs its standard checks (``pofilter -l`` lists them: punctuation, brackets,
quotes, capitals, numbers, unchanged text, sentence count, doubled words ...) on each
bilingual entry, the Dutch ``msgid`` against the ``msgstr``. It is run here through its own
filter class (``translate.filters.pofilter.pocheckfilter``) rather than the command line,
because the command line has no option for this project's ``{name}`` placeholders: the
checker is told them (``varmatches``), so a placeholder never counts as a word, a number or
punctuation. Fuzzy and untranslated entries are not checked (the site does not show them).

A finding is either fixed or listed in ``translations/qa-reviewed.toml`` with the reason it
is right as it is; ``tests/test_translation_qa.py`` fails on a finding the list lacks and on
a listed finding that is gone (so the list never goes stale). Checks that cannot apply here
are under ``[skip]`` there, each with its reason.

``msgfmt --check-format`` (Debian's ``gettext``) compiles every catalog: PO syntax, the
header, plural forms, and, for entries marked ``python-brace-format`` (``./dev catalogs``
marks each one with placeholders), that the translation's placeholders are the Dutch ones.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from hooks.catalogs.i18n import SOURCE_LANG, translations_dir

REVIEWED_FILE = "qa-reviewed.toml"


@dataclass(frozen=True, order=True)
class Finding:
    """One failed check of one entry."""

    check: str
    lang: str
    key: str
    file: str = ""
    line: int = 0
    message: str = ""

    @property
    def id(self) -> tuple[str, str, str]:
        return (self.check, self.lang, self.key)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.key}: pofilter {self.check}: {self.message}"


@dataclass(frozen=True)
class Reviewed:
    """``qa-reviewed.toml``: checks not run, and findings kept, each with its reason."""

    skip: dict[str, str]
    kept: dict[tuple[str, str, str], str]


def languages(root: Path) -> list[str]:
    return sorted(p.name for p in root.iterdir()
                  if p.is_dir() and p.name not in (SOURCE_LANG, "templates"))


def reviewed(root: Path | None = None) -> Reviewed:
    """Read the reviewed list; every group needs a check and a reason."""
    root = Path(root) if root is not None else translations_dir()
    path = root / REVIEWED_FILE
    data = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    kept: dict[tuple[str, str, str], str] = {}
    for group in data.get("ok", []):
        check, reason = group["check"], group["reason"].strip()
        if not reason:
            raise ValueError(f"{path}: a group of '{check}' has no reason")
        for lang, keys in group.items():
            if lang in ("check", "reason"):
                continue
            for key in keys:
                kept[(check, lang, key)] = reason
    return Reviewed(dict(data.get("skip", {})), kept)


def findings(root: Path | None = None, skip: dict[str, str] | None = None) -> list[Finding]:
    """Every pofilter finding in every translated catalog under ``root``."""
    from translate.filters import checks, pofilter
    from translate.storage import factory

    root = Path(root) if root is not None else translations_dir()
    skip = skip if skip is not None else reviewed(root).skip
    out: list[Finding] = []
    for lang in languages(root):
        options = argparse.Namespace(excludefilters={name: True for name in skip},
                                     limitfilters=None, includefuzzy=False,
                                     includereview=True, autocorrect=False)
        config = checks.CheckerConfig(targetlanguage=lang, varmatches=[("{", "}")])
        checker = pofilter.pocheckfilter(options, checkerconfig=config)
        for path in sorted((root / lang).glob("*.po")):
            shown = path.relative_to(root.parent).as_posix()
            store = factory.getobject(str(path))
            lines = _lines_of(path)
            for unit in store.units:
                if unit.isheader() or unit.isobsolete() or not unit.istranslated():
                    continue
                key = unit.getcontext() or str(unit.source)
                for name, info in (checker.filterunit(unit) or {}).items():
                    out.append(Finding(name, lang, key, shown, lines.get(key, 0),
                                       str(info.get("message", ""))))
    return sorted(out)


def _lines_of(path: Path) -> dict[str, int]:
    """The ``msgid`` line of each key (``msgctxt`` is on the line before it)."""
    lines: dict[str, int] = {}
    text = path.read_text(encoding="utf-8").split("\n")
    for n, line in enumerate(text, start=1):
        if line.startswith('msgctxt "'):
            lines[line[9:-1]] = n + 1
    return lines


def msgfmt(root: Path | None = None) -> list[str]:
    """``msgfmt --check-format`` on every catalog; its messages (file:line: problem)."""
    root = Path(root) if root is not None else translations_dir()
    exe = shutil.which("msgfmt")
    if exe is None:
        raise FileNotFoundError("msgfmt is missing: install Debian's gettext (./dev does)")
    problems = []
    for path in sorted(root.glob("*/*.po")):
        run = subprocess.run([exe, "--check-format", "--check-header", "-o", "/dev/null",
                              str(path)], capture_output=True, text=True)
        if run.returncode != 0:
            # the errors only: the header warnings (no POT-Creation-Date ...) do not fail it
            problems.extend(ln for ln in run.stderr.splitlines() if ln.strip()
                            and ": warning: " not in ln and not re.search(r"msgfmt: found", ln)
                            and not ln.startswith(" "))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.translation_qa",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true", help="also list the reviewed findings")
    args = parser.parse_args(argv)
    review = reviewed()
    found = findings(skip=review.skip)
    new = [f for f in found if f.id not in review.kept]
    gone = sorted(set(review.kept) - {f.id for f in found})
    for f in found if args.all else new:
        mark = "  (reviewed)" if f.id in review.kept else ""
        print(f"{f}{mark}")
    for check, lang, key in gone:
        print(f"{REVIEWED_FILE}: {lang} {key}: '{check}' is no longer found; remove it")
    problems = msgfmt()
    print("\n".join(problems))
    print(f"{len(found)} pofilter findings, {len(new)} not reviewed, {len(gone)} stale; "
          f"msgfmt: {len(problems)} problems")
    return 1 if new or gone or problems else 0


if __name__ == "__main__":
    sys.exit(main())
