"""Build the site somewhere else: another output folder, a copy of ``docs/``, another
``translations/`` folder. Used by the tests (a strict build into a temporary folder,
builds of modified copies) and handy for trying a change without touching ``site/``.

``python -m tools.site_build OUT [--docs DIR] [--translations DIR] [--no-strict]
[--site-url URL]``

The build runs ``mkdocs`` in a subprocess with a generated config: ``mkdocs.yml`` with
every path made absolute (``docs_dir``, ``site_dir``, ``hooks``, ``theme.custom_dir``).

:func:`shared_build` is the one build of the real site a test run shares: once per process,
or once per run across processes when ``$MONOPOLY_BUILD_SHARE`` names a folder (the test
workers of ``pytest -n``: the first to ask builds, the others wait on a lock and reuse it).
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class BuildResult:
    """What a build produced: its folder, exit code and log."""

    site_dir: Path
    returncode: int
    log: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0


def write_config(out: Path, site_dir: Path, docs_dir: Path | None = None,
                 site_url: str | None = None) -> Path:
    """Write a copy of ``mkdocs.yml`` with absolute paths to ``out``; return its path.
    ``site_url`` replaces the config's (empty: the site works from any folder)."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    if site_url is not None:
        config["site_url"] = site_url
    config["docs_dir"] = str(Path(docs_dir or ROOT / config.get("docs_dir", "docs")).resolve())
    config["site_dir"] = str(Path(site_dir).resolve())
    config["hooks"] = [str((ROOT / h).resolve()) for h in config.get("hooks", [])]
    theme = config.setdefault("theme", {})
    if theme.get("custom_dir"):
        theme["custom_dir"] = str((ROOT / theme["custom_dir"]).resolve())
    out.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return out


def build(site_dir: Path, docs_dir: Path | None = None, translations_dir: Path | None = None,
          strict: bool = True, extra_env: dict[str, str] | None = None,
          site_url: str | None = None) -> BuildResult:
    """Build into ``site_dir`` (created); never raises for a failed build, see ``.ok``."""
    site_dir = Path(site_dir)
    site_dir.mkdir(parents=True, exist_ok=True)
    cfg = write_config(site_dir.parent / f".{site_dir.name}.mkdocs.yml", site_dir, docs_dir,
                       site_url)
    env = {**os.environ, **(extra_env or {})}
    if translations_dir is not None:
        env["MONOPOLY_TRANSLATIONS_DIR"] = str(Path(translations_dir).resolve())
    cmd = [sys.executable, "-m", "mkdocs", "build", "-f", str(cfg), "--clean",
           "--strict" if strict else "--no-strict"]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    return BuildResult(site_dir, proc.returncode, proc.stdout + proc.stderr)


_SHARED: dict[str, BuildResult] = {}


def shared_build() -> BuildResult:
    """One strict build of the real site per test run (tests share it).

    ``$MONOPOLY_SITE_DIR`` names an already built site to use instead (no build).
    ``$MONOPOLY_BUILD_SHARE`` names a folder shared by the processes of one run
    (``tests/conftest.py`` sets it): the build happens once for all of them
    (:func:`build_once`); without it, once per process.
    """
    if "site" not in _SHARED:
        ready = os.environ.get("MONOPOLY_SITE_DIR")
        share = os.environ.get("MONOPOLY_BUILD_SHARE")
        if ready:
            _SHARED["site"] = BuildResult(Path(ready).resolve(), 0, "prebuilt")
        elif share:
            _SHARED["site"] = build_once(Path(share))
        else:
            out = Path(tempfile.mkdtemp(prefix="monopoly-site-")) / "site"
            _SHARED["site"] = build(out)
    return _SHARED["site"]


def build_once(folder: Path) -> BuildResult:
    """Build into ``folder/site`` unless another process already did: processes that
    share ``folder`` take turns on ``folder/lock``; the first builds and writes what it
    got to ``folder/result.json`` (a failed build too), the others read that.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "result.json").write_text('{"returncode": 0, "log": "built"}') > 0
    True
    >>> result = build_once(folder)
    >>> result.ok, result.log, result.site_dir == folder / "site"
    (True, 'built', True)
    """
    folder.mkdir(parents=True, exist_ok=True)
    done = folder / "result.json"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():
            result = build(folder / "site")
            done.write_text(json.dumps({"returncode": result.returncode, "log": result.log}),
                            encoding="utf-8")
        saved = json.loads(done.read_text(encoding="utf-8"))
    return BuildResult(folder / "site", saved["returncode"], saved["log"])


def main(argv: list[str] | None = None) -> int:
    """Command line: build into OUT and print the log on failure."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--docs", type=Path)
    parser.add_argument("--translations", type=Path)
    parser.add_argument("--no-strict", action="store_true")
    parser.add_argument("--site-url", help="the address the site will be published at")
    args = parser.parse_args(argv)
    result = build(args.out, args.docs, args.translations, strict=not args.no_strict,
                   site_url=args.site_url)
    print(result.log if not result.ok else f"built {result.site_dir}")
    return result.returncode


if __name__ == "__main__":
    raise SystemExit(main())
