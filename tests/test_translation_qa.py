"""Translation QA over every catalog: translate-toolkit's pofilter checks against the Dutch
(each finding fixed or reviewed in ``translations/qa-reviewed.toml``) and GNU
``msgfmt --check-format`` (``tools/translation_qa.py``)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hooks.catalogs.i18n import LANGS, Translations, translations_dir
from tools.translation_qa import REVIEWED_FILE, findings, msgfmt, reviewed

TRANSLATIONS = translations_dir()


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, target)
    return target


def set_translation(po: Path, key: str, text: str) -> int:
    """Replace the one-form translation of ``key``; return the line of its msgstr."""
    lines = po.read_text(encoding="utf-8").split("\n")
    at = lines.index(f'msgctxt "{key}"') + 2
    assert lines[at].startswith("msgstr "), key
    lines[at] = 'msgstr "' + text.replace('"', '\\"') + '"'
    po.write_text("\n".join(lines), encoding="utf-8")
    return at + 1


def test_every_pofilter_finding_is_fixed_or_reviewed() -> None:
    review = reviewed()
    found = findings(skip=review.skip)
    new = [str(f) for f in found if f.id not in review.kept]
    assert new == [], f"fix these or list them in translations/{REVIEWED_FILE} with a reason"
    gone = sorted(set(review.kept) - {f.id for f in found})
    assert gone == [], f"no longer found: remove them from translations/{REVIEWED_FILE}"
    assert {f.lang for f in found} == set(LANGS) - {"nl"}  # every language was checked


def test_every_skipped_check_and_kept_group_has_a_reason() -> None:
    review = reviewed()
    assert review.skip and all(len(why) > 40 for why in review.skip.values())
    assert all(len(why) > 40 for why in review.kept.values())


def test_pofilter_finds_planted_faults_and_ignores_placeholders(copy: Path) -> None:
    po = copy / "sv" / "site.po"
    dutch = str(Translations(copy).gettext("nl", "nav.tools"))
    dutch_copied = set_translation(po, "nav.tools", dutch)
    set_translation(po, "site.unofficial", "Inte officiell officiell webbplats.")
    found = {(f.check, f.key): f for f in findings(copy)}
    unchanged = found[("unchanged", "nav.tools")]
    assert (unchanged.file, unchanged.line) == ("translations/sv/site.po", dutch_copied - 1)
    assert ("doublewords", "site.unofficial") in found
    # a placeholder is not a word: '{n}' moved within the sentence is no finding
    assert not [f for f in findings() if f.check in ("numbers", "puncspacing")
                and f.key == "clause.copy_link"]


def test_msgfmt_check_format_passes_on_every_catalog() -> None:
    assert shutil.which("msgfmt"), "msgfmt is missing: ./dev test installs Debian's gettext"
    domains = len(list((TRANSLATIONS / "nl").glob("*.po")))
    assert domains and len(list(TRANSLATIONS.glob("*/*.po"))) == domains * len(LANGS)
    assert msgfmt() == []


def test_every_catalog_opens_without_a_warning() -> None:
    """``msgfmt --check`` (its header check too) says nothing about any catalog:
    each has the header fields Poedit and Weblate read and fill (``tools.catalogs``
    ``HEADER_FIELDS``; the Project-Id-Version, revision date, last translator and team
    were missing in every file before)."""
    files = sorted(TRANSLATIONS.glob("*/*.po"))  # (a template leaves its Language empty)
    assert len(files) > 20
    said = {}
    for path in files:
        run = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)],
                             capture_output=True, text=True)
        if run.returncode or run.stderr.strip():
            said[path.relative_to(TRANSLATIONS).as_posix()] = run.stderr.strip()[:200]
    assert said == {}


@pytest.mark.parametrize("key,text,name", [
    ("step.jail.pay.before_roll", "Betal bøden: du betaler {boede} til banken.", "boede"),
    # a count in words is a plain name too ({houses_back_words}), so msgfmt (and Poedit,
    # which runs it) checks those messages as well: the digits where the Dutch has the
    # word, and a misspelt word placeholder (a format spec, {houses_back:words}, was not
    # checked at all: session 25)
    ("step.build.hotel_cost",
     "Hotellet på {square} koster {cost}; grundens {houses_back} huse går tilbage til banken.",
     "houses_back"),
    ("step.build.hotel_cost",
     "Hotellet på {square} koster {cost}; grundens {houses_words} huse går tilbage til banken.",
     "houses_back_words"),  # (msgfmt names the one the Dutch has)
])
def test_msgfmt_names_file_and_line_of_a_broken_placeholder(copy: Path, key: str, text: str,
                                                            name: str) -> None:
    line = set_translation(copy / "da" / "engine.po", key, text)
    problems = msgfmt(copy)
    assert len(problems) == 1
    assert re.match(rf".*/da/engine\.po:{line}: .*'{name}'", problems[0]), problems
