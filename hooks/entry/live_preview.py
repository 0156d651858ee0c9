"""The live preview of ``./dev serve`` (``mkdocs serve``): what a translator needs while
editing, and nothing in a normal build.

- **Watched**: besides ``docs/`` and ``mkdocs.yml`` (MkDocs' own), everything the site is
  made from (:data:`WATCHED`: the catalog folder, ``examples/``, ``engine/``, ``present/``,
  ``hooks/``, ``overrides/``); a change rebuilds and reloads the browser.
- **Fresh code**: MkDocs loads its hooks once per process, so before a rebuild that follows a
  change of a ``.py`` file, every module of ``engine``, ``present`` and ``hooks`` is
  reloaded, dependencies first (:func:`reload_project`).
- **Errors stay visible, the server keeps running**: a broken catalog (a changed
  placeholder, markup, a malformed entry) would stop the build; while serving, its errors
  are logged one per line (``translations/sv/site.po:42: key: problem``), the build goes on
  as with ``MONOPOLY_I18N_LAX=1`` (the Dutch shown where a text is broken), and every page
  carries a banner listing them, with the termbase's forbidden terms of the same build.
  ``mkdocs build`` is untouched: it still fails on them.
"""

from __future__ import annotations

import ast
import importlib
import logging
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

from hooks.common import SOURCE_LANG, build_language
from hooks.catalogs.i18n import ROOT, translations, translations_dir

log = logging.getLogger("mkdocs.hooks.entry.live_preview")

PACKAGES: tuple[str, ...] = ("engine", "present", "hooks")
"""The project's packages, reloaded when one of their files changed."""
LAX = "MONOPOLY_I18N_LAX"
BANNER_ID = "live-preview-problems"


def watched() -> list[Path]:
    """What ``mkdocs serve`` watches besides ``docs/`` and ``mkdocs.yml``."""
    return [translations_dir(), ROOT / "examples", *(ROOT / p for p in PACKAGES),
            ROOT / "overrides"]


class _State:
    serving = False
    lax_before: str | None = None
    problems: list[str] = []
    code_stamp: float = 0.0


# kept when reload_project() re-executes this module in place (the server's state lives on)
STATE: _State = globals().get("STATE") or _State()


class _TermbaseLog(logging.Handler):
    """Keeps the termbase warnings ``hooks/entry/site.py`` logs, for the banner."""

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if STATE.serving and message.startswith("termbase: "):
            STATE.problems.append(message)


_HANDLER: logging.Handler = globals().get("_HANDLER") or _TermbaseLog(logging.WARNING)


def code_stamp(roots: list[Path] | None = None) -> float:
    """The newest modification time of a ``.py`` file of the project's packages."""
    stamps = [p.stat().st_mtime for root in roots or [ROOT / p for p in PACKAGES]
              for p in root.rglob("*.py") if "__pycache__" not in p.parts]
    return max(stamps, default=0.0)


def project_modules(roots: list[Path] | None = None) -> list[ModuleType]:
    """The loaded modules whose file lies under ``roots`` (default: the packages), in an
    order that reloads a module after the project modules it uses (its globals name them or
    hold their functions and classes; a cycle is broken where it is met)."""
    roots = [r.resolve() for r in (roots or [ROOT / p for p in PACKAGES])]
    mods = {}
    for name, mod in list(sys.modules.items()):
        file = getattr(mod, "__file__", None)
        if file and any(Path(file).resolve().is_relative_to(r) for r in roots):
            mods[name] = mod
    by_name = {m.__name__: m for m in mods.values()}

    def deps(mod: ModuleType) -> set[str]:
        out = set()
        try:  # what its source imports (a value imported by name has no module of its own)
            tree = ast.parse(Path(mod.__file__ or "").read_text(encoding="utf-8"))
        except (OSError, SyntaxError, ValueError):
            tree = None
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names if a.name in by_name)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                out.update(n for n in (node.module, *(f"{node.module}.{a.name}"
                                                       for a in node.names)) if n in by_name)
        for value in vars(mod).values():
            name = value.__name__ if isinstance(value, ModuleType) \
                else getattr(value, "__module__", None)
            if isinstance(name, str) and name in by_name:
                out.add(name)
        out.discard(mod.__name__)
        return out

    order: list[ModuleType] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        for dep in sorted(deps(by_name[name])):
            visit(dep)
        order.append(by_name[name])

    for name in sorted(by_name):
        visit(name)
    return order


def reload_project(roots: list[Path] | None = None) -> int:
    """Re-execute every project module in place (see :func:`project_modules`); the hook
    files MkDocs loaded by path (module names like ``hooks/entry/site.py``) included, so the
    next config picks up their new functions. Returns how many were reloaded."""
    mods = project_modules(roots)
    for mod in mods:
        spec = mod.__spec__
        if spec is not None and spec.name in sys.modules and "/" not in spec.name:
            importlib.reload(mod)
        elif spec is not None and spec.loader is not None:
            spec.loader.exec_module(mod)  # a hook loaded by path: same module object
    return len(mods)


def on_startup(command: str, dirty: bool) -> None:
    STATE.serving = command == "serve"
    if STATE.serving:
        STATE.lax_before = os.environ.get(LAX)
        logging.getLogger("mkdocs.hooks.entry.site").addHandler(_HANDLER)


def on_serve(server: Any, config: Any, builder: Callable[..., None]) -> Any:
    """Watch what the site is made from; reload the project's code before a rebuild when
    a ``.py`` file changed."""
    for path in watched():
        if path.exists():
            server.watch(str(path))
    STATE.code_stamp = code_stamp()
    rebuild = server.builder

    def fresh_rebuild() -> None:
        stamp = code_stamp()
        if stamp != STATE.code_stamp:
            STATE.code_stamp = stamp
            log.info(f"project code changed: {reload_project()} modules reloaded")
        rebuild()

    server.builder = fresh_rebuild
    return server


def on_config(config: Any) -> Any:
    """While serving: check the catalogs first; their errors become the banner and the
    log lines, and the build goes on (lax) instead of stopping."""
    if not STATE.serving:
        return config
    if build_language(config) == SOURCE_LANG:  # the first of the four language builds
        STATE.problems = []
    errors = [p for p in translations(refresh=True).validate() if p.severity == "error"]
    if build_language(config) == SOURCE_LANG:
        for p in errors:
            log.error(f"translation error: {p}")
        STATE.problems[:0] = [f"translation error: {p}" for p in errors]
    if errors:
        os.environ[LAX] = "1"
    elif STATE.lax_before is None:
        os.environ.pop(LAX, None)
    else:
        os.environ[LAX] = STATE.lax_before
    return config


def on_post_page(output: str, page: Any, config: Any) -> str:
    """While serving with problems: a banner listing them at the top of every page."""
    if not STATE.serving or not STATE.problems:
        return output
    from hooks.render.templates import fragment

    banner = str(fragment("live-preview.html", banner_id=BANNER_ID, problems=STATE.problems))
    at = output.find(">", output.find("<body")) + 1
    return output[:at] + banner + output[at:] if at > 0 else banner + output


def on_shutdown() -> None:
    logging.getLogger("mkdocs.hooks.entry.site").removeHandler(_HANDLER)
