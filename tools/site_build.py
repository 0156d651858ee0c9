"""Build the site somewhere else: another output folder, a copy of ``docs/``, another
``translations/`` folder. Used by the tests (a strict build into a temporary folder,
builds of modified copies) and handy for trying a change without touching ``site/``.

``python -m tools.site_build OUT [--docs DIR] [--translations DIR] [--no-strict]
[--site-url URL]``

The build runs ``mkdocs`` in a subprocess with a generated config: ``mkdocs.yml`` with
every path made absolute (``docs_dir``, ``site_dir``, ``hooks``, ``theme.custom_dir``).
"""

from __future__ import annotations

import argparse
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
    """One strict build of the real site per process (tests share it).

    ``$MONOPOLY_SITE_DIR`` names an already built site to use instead (no build).
    """
    if "site" not in _SHARED:
        ready = os.environ.get("MONOPOLY_SITE_DIR")
        if ready:
            _SHARED["site"] = BuildResult(Path(ready).resolve(), 0, "prebuilt")
        else:
            out = Path(tempfile.mkdtemp(prefix="monopoly-site-")) / "site"
            _SHARED["site"] = build(out)
    return _SHARED["site"]


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
