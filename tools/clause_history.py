"""When each clause of a page last changed, from git: for ``./dev status``'s outdated
clauses (a Dutch clause whose text changed after the translation of that clause did).

A page's versions are read from its git history (``git log`` of the file, every version
through one ``git cat-file --batch``), each parsed into clauses (``hooks.pages``: the
level-2 heading with its id, and the text up to the next one); a clause's time is the
commit time of the last version in which its title or text (whitespace aside) differed
from the version before. Uncommitted edits count at the file's modification time. Outside
git, every clause of a file has the file's modification time.

>>> import tempfile, subprocess
>>> d = Path(tempfile.mkdtemp()); page = d / "p.md"
>>> def commit(text, when):
...     _ = page.write_text(text)
...     env = {"GIT_AUTHOR_DATE": f"@{when} +0000", "GIT_COMMITTER_DATE": f"@{when} +0000"}
...     for cmd in (["add", "p.md"], ["commit", "-qm", "x"]):
...         _ = subprocess.run(["git", "-C", str(d), "-c", "user.name=t", "-c", "user.email=t@t",
...                             *cmd], check=True, env={**os.environ, **env})
>>> _ = subprocess.run(["git", "init", "-q", str(d)], check=True)
>>> commit("# P\\n\\n## A {#a}\\n\\nOne.\\n\\n## B {#b}\\n\\nTwo.\\n", 1700000000)
>>> commit("# P\\n\\n## A {#a}\\n\\nOne,  changed.\\n\\n## B {#b}\\n\\nTwo.\\n", 1700001000)
>>> commit("# P\\n\\n## A {#a}\\n\\nOne,\\nchanged.\\n\\n## B {#b}\\n\\nTwo.\\n", 1700002000)
>>> clause_times(page)
{'a': 1700001000.0, 'b': 1700000000.0}
"""

from __future__ import annotations

import hashlib
import os  # noqa: F401  (the doctest sets the commit dates through it)
import re
import subprocess
from functools import lru_cache
from pathlib import Path

from hooks.pages import parse_markdown, split_front_matter


QUOTES = re.compile("[\"'\u2018\u2019\u201a\u201c\u201d\u201e\u00ab\u00bb\u2039\u203a]")
"""Quotation marks of every kind: each language writes its own (present's typography), so
the Dutch changing its marks (« » to ‘ ’) asks nothing of a translator."""


def clause_texts(text: str) -> dict[str, str]:
    """Each clause's title and text, whitespace collapsed and quotation marks made one (a
    re-wrapped line or other quotation marks is no change).

    >>> clause_texts("# P\\n\\n## A {#a}\\n\\nZie «Huur»\\nhier.\\n") == \\
    ...     clause_texts("# P\\n\\n## A {#a}\\n\\nZie ‘Huur’ hier.\\n")
    True
    """
    body, meta, removed = split_front_matter(text)
    page = parse_markdown(body, "", "", meta, removed)
    return {cid: _plain(f"{s.title}\n{s.body}") for cid, s in page.sections.items()}


def _plain(text: str) -> str:
    """White space collapsed and every quotation mark one: what counts as a change."""
    return QUOTES.sub('"', re.sub(r"\s+", " ", text)).strip()


def fingerprint(text: str) -> str:
    """A short hash of a text as :func:`clause_texts` compares it (whitespace and quotation
    marks aside): what a translator's "checked against the Dutch" mark records.

    >>> fingerprint("Zie «Huur»\\n hier.") == fingerprint("Zie ‘Huur’ hier.")
    True
    """
    return hashlib.sha256(_plain(text).encode("utf-8")).hexdigest()[:12]


@lru_cache(maxsize=None)
def _git_root(folder: str) -> str | None:
    try:
        out = subprocess.run(["git", "-C", folder, "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def _versions(root: str, rel: str) -> list[tuple[float, str]]:
    """Every committed version of a file, oldest first: (commit time, text)."""
    log = subprocess.run(["git", "-C", root, "log", "--format=%H %ct", "--", rel],
                         capture_output=True, text=True, timeout=60).stdout.split("\n")
    commits = [(line.split()[0], float(line.split()[1])) for line in log if line.strip()]
    commits.reverse()
    if not commits:
        return []
    request = "".join(f"{sha}:{rel}\n" for sha, _ in commits).encode()
    out = subprocess.run(["git", "-C", root, "cat-file", "--batch"], input=request,
                         capture_output=True, timeout=120).stdout
    versions, pos = [], 0
    for _, when in commits:
        end = out.index(b"\n", pos)
        header = out[pos:end].split()
        pos = end + 1
        if len(header) < 3 or header[1] != b"blob":  # "<sha> missing": deleted in that commit
            versions.append((when, ""))
            continue
        size = int(header[2])
        versions.append((when, out[pos:pos + size].decode("utf-8-sig", errors="replace")))
        pos += size + 1
    return versions


def clause_times(path: Path) -> dict[str, float]:
    """When each clause of the page ``path`` last changed (see the module docstring)."""
    path = Path(path).resolve()
    mtime = path.stat().st_mtime
    current = clause_texts(path.read_text(encoding="utf-8-sig"))
    root = _git_root(str(path.parent))
    if root is None:
        return {cid: mtime for cid in current}
    versions = _versions(root, path.relative_to(root).as_posix())
    times: dict[str, float] = {}
    before: dict[str, str] = {}
    for when, text in versions:
        now = clause_texts(text)
        for cid, body in now.items():
            if before.get(cid) != body:
                times[cid] = when
        before = now
    for cid, body in current.items():  # uncommitted edits
        if before.get(cid) != body:
            times[cid] = mtime
    return {cid: times[cid] for cid in current}
