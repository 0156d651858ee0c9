"""What the build emits for offline use and for static hosts (issue 17): the policy in every
page, the service worker's file list, the ``_headers`` file, the trimmed standard library.

The trimmed standard library is also run: ``tools/pyodide_stdlib.mjs`` boots the pinned
Pyodide in Node with the zip the build wrote and sends every engine test request (every
calculator kind, the odds and group rents, the error battery); all must answer.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from engine.api import KINDS as ENGINE_KINDS
from hooks.runtime.offline import (HEADERS, SW_FILE, inline_scripts, offline_file, policy,
                                   script_hash)
from hooks.runtime.pyodide_assets import STDLIB_ZIP, stdlib_files
from tools.site_build import ROOT
from tools.static_site import MIME_TYPES, matches, read_headers_file

CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_page_carries_its_policy_first(built_site: Path) -> None:
    for page in pages(built_site):
        html = page.read_text(encoding="utf-8")
        found = CSP.findall(html)
        assert len(found) == 1, page
        head = html.split("<head>", 1)[1].lstrip()
        assert head.startswith("<meta http-equiv=\"Content-Security-Policy\""), page
        scripts = inline_scripts(html)
        assert found[0] == policy(scripts), page
        for body in scripts:  # every inline script that runs is allowed by its hash
            assert f"'{script_hash(body)}'" in found[0]


def test_policy_allows_only_the_own_origin() -> None:
    text = policy(["x"])
    directives = dict(d.split(" ", 1) for d in text.split("; "))
    assert directives["default-src"] == "'self'"
    for name, sources in directives.items():
        assert "://" not in sources and "*" not in sources and "http" not in sources, name
        assert "'unsafe-eval'" not in sources, name
        if name != "style-src-attr":
            assert "'unsafe-inline'" not in sources, name
    assert directives["script-src"].startswith("'self' 'wasm-unsafe-eval' 'sha256-")
    assert directives["object-src"] == "'none'"


def test_service_worker_lists_every_file_with_its_hash(built_site: Path) -> None:
    sw = (built_site / SW_FILE).read_text(encoding="utf-8")
    build = json.loads(re.search(r"const BUILD = (\{.*?\});\n", sw).group(1))
    listed = {path: sha for files in build["groups"].values() for path, sha in files}
    for lang in ("sv", "da", "nb"):
        assert f"{lang}/jail/" in [p for p, _ in build["groups"][f"pages-{lang}"]]
        assert f"{lang}/search/search_index.json" in listed
    assert "search/search_index.json" in [p for p, _ in build["groups"]["pages-nl"]]
    assert "assets/pyodide/pyodide.asm.wasm" in [p for p, _ in build["groups"]["runtime"]]
    assert "assets/site.css" in [p for p, _ in build["groups"]["assets"]]
    for path, sha in listed.items():
        file = built_site / (path + "index.html" if path.endswith("/") else path)
        if path == "./":
            file = built_site / "index.html"
        assert hashlib.sha256(file.read_bytes()).hexdigest()[:16] == sha, path
    on_disk = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()}
    kept = {f for f in on_disk if offline_file(f)}
    assert len(listed) == len(kept)  # every file a reader needs, each once
    left_out = on_disk - kept
    assert left_out and all(f.endswith(".map") or "/lunr/" in f or f in
                            (SW_FILE, "_headers", "sitemap.xml.gz") for f in left_out), left_out


def test_headers_file_matches_what_the_build_emits(built_site: Path) -> None:
    rules = read_headers_file(built_site / "_headers")
    assert [p for p, _ in rules] == [p for p, _ in HEADERS]
    files = {"/" + p.relative_to(built_site).as_posix() for p in built_site.rglob("*")
             if p.is_file()}
    for pattern, headers in rules:
        hits = [f for f in files if matches(pattern, f)]
        assert hits, f"_headers names {pattern}, which the build does not emit"
        for name, value in headers:
            if name.lower() == "content-type":
                # the type the file says is the one its extension needs (what the test
                # server sends, the same browsers insist on)
                for f in hits:
                    assert value.split(";")[0] == MIME_TYPES[Path(f).suffix], (pattern, f)
    # Every file a browser refuses with the wrong type is named with its type.
    typed = {p for p, h in rules if any(n.lower() == "content-type" for n, _ in h)}
    for need in ("/assets/pyodide/pyodide.asm.wasm", "/assets/pyodide/pyodide.mjs",
                 "/assets/calculators/worker.mjs", "/sw.js"):
        assert need in files and need in typed, need
    workers = [p for p, h in rules if any(n == "Content-Security-Policy" for n, _ in h)]
    assert "/assets/calculators/worker.mjs" in workers and "/sw.js" in workers


def test_trimmed_stdlib_is_what_the_list_says(built_site: Path) -> None:
    zpath = built_site / "assets" / "pyodide" / STDLIB_ZIP
    names = {n for n in zipfile.ZipFile(zpath).namelist() if not n.endswith("/")}
    # precompiled (tools/pyodide_pyc.mjs): every listed source ships as its bytecode only,
    # so a cold boot compiles none of it
    assert names == {f + "c" if f.endswith(".py") else f for f in stdlib_files()}
    assert not any(n.endswith(".py") for n in names)
    full = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    # bytecode without line tables is about 1.3x the sources it replaces (0.8 -> 1.0 MB);
    # the budget that counts is the bench's bytes to the first answer
    assert zpath.stat().st_size < 0.45 * full.stat().st_size
    assert not (built_site / "assets" / "pyodide" / "python_stdlib.zip").exists()


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")
def test_every_engine_request_answers_with_the_trimmed_stdlib(built_site: Path,
                                                              tmp_path: Path) -> None:
    requests = tmp_path / "requests.json"
    with requests.open("w", encoding="utf-8") as out:
        subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "-m", "tools.engine_requests"],
                       cwd=ROOT, stdout=out, check=True)
    run = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_stdlib.mjs"),
         str(built_site / "assets" / "engine.zip"), str(requests),
         str(built_site / "assets" / "pyodide" / STDLIB_ZIP)],
        cwd=ROOT, capture_output=True, text=True, timeout=540)
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads(run.stdout)
    assert result["failures"] == []
    assert set(result["kinds"]) == set(ENGINE_KINDS)
    sent = len(json.loads(requests.read_text(encoding="utf-8"))) + 3
    assert result["answers"] == sent
    # Nothing imported that the list lacks (the list is complete for these requests).
    assert set(result["files"]) <= set(stdlib_files())
