"""The live preview (``./dev serve``, ``hooks/entry/live_preview.py``): it watches everything the
site is made from, reloads the project's code before a rebuild, and a broken catalog shows
as a banner and log lines naming file and line while the server keeps running.

The last test drives a real ``mkdocs serve`` on a small copy of the site (two pages per
language) for as long as three builds take."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import hooks.entry.live_preview as live
from hooks.catalogs.i18n import LANGS, translations_dir
from tools.site_build import ROOT, write_config


class FakeServer:
    def __init__(self) -> None:
        self.paths: list[str] = []
        self.builds = 0
        self.builder = self.build

    def watch(self, path: str) -> None:
        self.paths.append(path)

    def build(self) -> None:
        self.builds += 1


def test_serve_watches_every_folder_the_site_is_made_from() -> None:
    server = FakeServer()
    live.on_serve(server, None, server.build)
    wanted = {translations_dir(), *(ROOT / d for d in ("examples", "engine", "present", "hooks",
                                                       "overrides"))}
    assert {Path(p) for p in server.paths} == wanted
    server.builder()  # the wrapped builder still builds
    assert server.builds == 1


def test_reload_project_reloads_dependencies_first(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg_live"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "base.py").write_text("VALUE = 1\n")
    (pkg / "user.py").write_text("from pkg_live.base import VALUE\n\ndef value():\n"
                                 "    return VALUE\n")
    hook = pkg / "hook.py"  # what MkDocs does with a hooks: entry (a module named by its path)
    hook.write_text("from pkg_live.user import value\n\ndef on_x():\n    return value()\n")
    sys.path.insert(0, str(tmp_path))
    try:
        import importlib.util

        import pkg_live.user
        spec = importlib.util.spec_from_file_location(str(hook), hook)
        hook_mod = importlib.util.module_from_spec(spec)
        sys.modules[str(hook)] = hook_mod
        spec.loader.exec_module(hook_mod)
        assert hook_mod.on_x() == 1
        (pkg / "base.py").write_text("VALUE = 2\n")
        os.utime(pkg / "base.py", (time.time() + 5, time.time() + 5))  # a new mtime for sure
        assert live.reload_project([pkg]) == 4  # package, base, user, hook
        assert pkg_live.user.value() == 2
        assert hook_mod.on_x() == 2  # the same module object MkDocs holds, new code
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n.startswith("pkg_live") or n == str(hook)]:
            del sys.modules[name]


# --- a real mkdocs serve -------------------------------------------------------------------

SMALL_PAGES = ("index.md", "about.md")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.read().decode("utf-8")


def _wait_for(what: str, check, timeout: float, proc: subprocess.Popen, log: Path) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert proc.poll() is None, f"mkdocs serve stopped:\n{log.read_text()[-3000:]}"
        try:
            page = check()
            if page:
                return page
        except OSError:
            pass
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}:\n{log.read_text()[-3000:]}")


@pytest.fixture
def small_site(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of two pages per language and of the catalogs."""
    docs = tmp_path / "docs"
    for lang in LANGS:
        (docs / lang).mkdir(parents=True)
        for name in SMALL_PAGES:
            shutil.copy(ROOT / "docs" / lang / name, docs / lang / name)
    shutil.copytree(ROOT / "docs" / "assets", docs / "assets")
    tr = tmp_path / "translations"
    shutil.copytree(translations_dir(), tr)
    return docs, tr


def test_mkdocs_serve_shows_a_catalog_edit_and_a_broken_placeholder(small_site, tmp_path) -> None:
    docs, tr = small_site
    config = write_config(tmp_path / "mkdocs.yml", tmp_path / "unused-site", docs_dir=docs)
    port = _free_port()
    log = tmp_path / "serve.log"
    env = {**os.environ, "MONOPOLY_TRANSLATIONS_DIR": str(tr), "PYTHONUNBUFFERED": "1"}
    env.pop("MONOPOLY_I18N_LAX", None)
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-f", str(config),
                                 "--dev-addr", f"127.0.0.1:{port}"], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/sv/about/"
    po = tr / "sv" / "site.po"
    try:
        page = _wait_for("the first build", lambda: _get(url), 600, proc, log)
        assert live.BANNER_ID not in page
        old = re.search(r'msgctxt "nav.about"\nmsgid "[^"]*"\nmsgstr "([^"]*)"',
                        po.read_text(encoding="utf-8")).group(1)
        assert old in page
        # a translator edits a Swedish string: the page changes without a restart
        text = po.read_text(encoding="utf-8")
        po.write_text(text.replace(f'msgstr "{old}"', 'msgstr "Om webbplatsen (ändrad)"', 1),
                      encoding="utf-8")
        _wait_for("the edited string", lambda: "Om webbplatsen (ändrad)" in _get(url), 600, proc,
                  log)
        # ... and breaks a placeholder: a banner names file and line, the server runs on
        text = po.read_text(encoding="utf-8")
        m = re.search(r'(msgctxt "clause.copy_link"\nmsgid "[^"]*"\nmsgstr ")([^"]*)"', text)
        line = text[:m.start()].count("\n") + 2
        po.write_text(text[:m.start(2)] + m.group(2).replace("{number}", "{nummer}")
                      + text[m.end(2):], encoding="utf-8")
        def with_banner() -> str:
            page = _get(url)
            return page if live.BANNER_ID in page and "clause.copy_link" in page else ""

        page = _wait_for("the banner", with_banner, 600, proc, log)
        assert f"translations/sv/site.po:{line}: clause.copy_link: placeholders" in page
        assert f"translations/sv/site.po:{line}: clause.copy_link" in log.read_text()
        assert proc.poll() is None
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
