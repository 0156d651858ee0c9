"""MkDocs hook: ship the self-hosted Python runtime and the engine with the site.

After every build this copies the pinned Pyodide core files from
``node_modules/pyodide`` into ``site/assets/pyodide/``, writes a trimmed standard library
(``python_stdlib-engine.zip``: only the files listed in ``hooks/runtime/pyodide_stdlib.txt``, which
``node tools/pyodide_stdlib.mjs`` recorded by running the engine's test requests in
Pyodide, precompiled to bytecode by ``node tools/pyodide_pyc.mjs`` so a cold boot compiles
no standard library source; the worker boots with ``loadPyodide({stdLibURL})``) and packs
``engine/*.py`` and ``present/*.py`` (the presenter)
into ``site/assets/engine.zip``, which the calculators' Web Worker unpacks in
Pyodide. Nothing is ever loaded from a CDN; no micropip, no wheels.

The zip is deterministic (sorted names, fixed timestamps), so its hash only
changes when the engine's source does; pages reference it as
``engine.zip?v=<hash>`` so a browser never runs a stale engine:

>>> from pathlib import Path
>>> root = Path(__file__).resolve().parents[2]
>>> engine_zip_bytes(root) == engine_zip_bytes(root)
True
>>> len(engine_version(root))
12
>>> "engine/clauses.py" in engine_zip_names(root)
True
>>> "json/__init__.py" in stdlib_files(root) and "email/__init__.py" not in stdlib_files(root)
True
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
"""The project root (the folder holding ``mkdocs.yml``)."""

PYODIDE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
)
"""The Pyodide core files the worker needs (the npm package holds no wheels). The full
``python_stdlib.zip`` (2.5 MB) is not shipped: :data:`STDLIB_ZIP` replaces it."""

STDLIB_ZIP = "python_stdlib-engine.zip"
"""The trimmed standard library, next to the core files (``stdLibURL`` of the worker)."""

STDLIB_LIST = "hooks/runtime/pyodide_stdlib.txt"
"""The files of Pyodide's ``python_stdlib.zip`` the engine needs, one per line."""

PYODIDE_DEST = "assets/pyodide"
"""Where the runtime lands inside the built site."""

ENGINE_ZIP = "assets/engine.zip"
"""Where the engine archive lands inside the built site."""

_ZIP_DATE = (2001, 1, 1, 0, 0, 0)


class AssetError(RuntimeError):
    """A runtime file is missing or does not match the pinned version."""


ZIP_PACKAGES: tuple[str, ...] = ("engine", "present")
"""The packages in the archive: the engine and the presenter the worker answers with."""


def engine_sources(root: Path = ROOT, packages: tuple[str, ...] = ZIP_PACKAGES) -> list[Path]:
    """The Python files of ``packages`` (:data:`ZIP_PACKAGES`), sorted: exactly what goes into
    the archive."""
    files = []
    for package in packages:
        found = sorted((root / package).glob("*.py"))
        if not found:
            raise AssetError(f"no {package} sources found in {root / package}")
        files += found
    return files


def _member(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def engine_zip_names(root: Path = ROOT) -> list[str]:
    """The archive member names (``engine/<module>.py``, ``present/<module>.py``)."""
    return [_member(p) for p in engine_sources(root)]


def engine_zip_bytes(root: Path = ROOT, packages: tuple[str, ...] = ZIP_PACKAGES) -> bytes:
    """A deterministic zip of ``engine/*.py`` and ``present/*.py`` (same sources, same bytes;
    ``packages=("engine",)`` for an older revision, which had no presenter)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in engine_sources(root, packages):
            info = zipfile.ZipInfo(_member(path), date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return buf.getvalue()


def stdlib_files(root: Path = ROOT) -> list[str]:
    """The standard library files to ship (:data:`STDLIB_LIST`, comments left out)."""
    lines = (root / STDLIB_LIST).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@lru_cache(maxsize=4)
def stdlib_source_zip_bytes(root: Path = ROOT) -> bytes:
    """Pyodide's ``python_stdlib.zip`` reduced to :func:`stdlib_files` (plus the folder
    entries above them), deterministic; fails when a listed file is not in the package."""
    wanted = set(stdlib_files(root))
    folders = {"/".join(name.split("/")[:i]) + "/" for name in wanted
               for i in range(1, name.count("/") + 1)}
    source = root / "node_modules" / "pyodide" / "python_stdlib.zip"
    buf = io.BytesIO()
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(buf, "w") as out:
        names = set(full.namelist())
        missing = sorted(wanted - names)
        if missing:
            raise AssetError(f"{STDLIB_LIST} lists files python_stdlib.zip lacks: {missing[:5]}")
        for info in sorted(full.infolist(), key=lambda i: i.filename):
            if info.filename in wanted or info.filename in folders:
                copy = zipfile.ZipInfo(info.filename, date_time=_ZIP_DATE)
                copy.compress_type = zipfile.ZIP_DEFLATED
                copy.external_attr = info.external_attr
                out.writestr(copy, full.read(info.filename))
    return buf.getvalue()


PYC_TOOL = "tools/pyodide_pyc.mjs"
"""Compiles the trimmed standard library with the pinned Pyodide's own interpreter (Node)."""

PYC_CACHE = ".cache/pyodide-pyc"
"""Where compiled standard libraries are kept, one per input (a build after the first
does not start Node again)."""


@lru_cache(maxsize=4)
def stdlib_zip_bytes(root: Path = ROOT) -> bytes:
    """The shipped standard library: :func:`stdlib_source_zip_bytes` with every module
    precompiled to sourceless bytecode by :data:`PYC_TOOL` (why: see that file; a cold boot
    otherwise spends most of its time compiling these sources in WebAssembly). Kept in
    :data:`PYC_CACHE` under a hash of the sources, the tool and the Pyodide version."""
    source = stdlib_source_zip_bytes(root)
    key = hashlib.sha256(source + (root / PYC_TOOL).read_bytes()
                         + pyodide_version(root).encode()).hexdigest()[:20]
    cached = root / PYC_CACHE / f"stdlib-{key}.zip"
    if cached.is_file():
        return cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise AssetError("node is needed to precompile the standard library (tools/pyodide_pyc.mjs)")
    cached.parent.mkdir(parents=True, exist_ok=True)
    src = cached.with_name(f"{cached.stem}.{os.getpid()}.src.zip")
    tmp = cached.with_name(f"{cached.stem}.{os.getpid()}.tmp")
    try:
        src.write_bytes(source)
        run = subprocess.run([node, str(root / PYC_TOOL), str(src), str(tmp)], cwd=root,
                             capture_output=True, text=True, timeout=300)
        if run.returncode != 0 or not tmp.is_file():
            raise AssetError(f"{PYC_TOOL} failed: {run.stderr[-1500:]}")
        os.replace(tmp, cached)  # atomic: parallel builds never read half a file
    finally:
        src.unlink(missing_ok=True)
        tmp.unlink(missing_ok=True)
    return cached.read_bytes()


def stdlib_version(root: Path = ROOT) -> str:
    """A short content hash of the shipped standard library (``?v=`` of its URL, part of
    the worker's snapshot key: a snapshot holds zipimport's table of that very file)."""
    return hashlib.sha256(stdlib_zip_bytes(root)).hexdigest()[:12]


def engine_version(root: Path = ROOT) -> str:
    """A short content hash of the engine archive, used to bust caches."""
    return hashlib.sha256(engine_zip_bytes(root)).hexdigest()[:12]


def pinned_pyodide_version(root: Path = ROOT) -> str:
    """The Pyodide version pinned in ``package.json``."""
    data: dict[str, Any] = json.loads((root / "package.json").read_text(encoding="utf-8"))
    return str(data["dependencies"]["pyodide"])


@lru_cache(maxsize=4)
def pyodide_version(root: Path = ROOT) -> str:
    """The installed Pyodide version; fails when it is missing or not the pinned one."""
    package = root / "node_modules" / "pyodide" / "package.json"
    if not package.is_file():
        raise AssetError(
            f"{package} is missing: run `npm ci` (or ./dev build, which does it) first")
    installed = str(json.loads(package.read_text(encoding="utf-8"))["version"])
    pinned = pinned_pyodide_version(root)
    if installed != pinned:
        raise AssetError(
            f"node_modules has pyodide {installed} but package.json pins {pinned}: run `npm ci`")
    return installed


def _copy_if_changed(src: Path, dest: Path) -> None:
    if dest.is_file():
        s, d = src.stat(), dest.stat()
        if s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime):
            return
    shutil.copy2(src, dest)


def copy_runtime(site_dir: Path, root: Path = ROOT) -> list[Path]:
    """Copy the Pyodide core files and write the engine archive; returns the written paths."""
    pyodide_version(root)
    source = root / "node_modules" / "pyodide"
    dest = site_dir / PYODIDE_DEST
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for name in PYODIDE_FILES:
        src = source / name
        if not src.is_file():
            raise AssetError(f"{src} is missing: run `npm ci`")
        _copy_if_changed(src, dest / name)
        written.append(dest / name)
    stdlib = dest / STDLIB_ZIP
    data = stdlib_zip_bytes(root)
    if not stdlib.is_file() or stdlib.read_bytes() != data:
        stdlib.write_bytes(data)
    written.append(stdlib)
    archive = site_dir / ENGINE_ZIP
    archive.parent.mkdir(parents=True, exist_ok=True)
    data = engine_zip_bytes(root)
    if not archive.is_file() or archive.read_bytes() != data:
        archive.write_bytes(data)
    written.append(archive)
    written += write_schemas(site_dir)
    return written


def write_schemas(site_dir: Path) -> list[Path]:
    """The JSON Schema of every calculation's request, next to the engine archive
    (``assets/schemas/<kind>.schema.json``, the paths ``engine.api.describe()`` names),
    generated from the engine's request declarations."""
    from engine.api import SCHEMA_DIR
    from hooks.runtime.schemas import schemas

    written = []
    folder = (site_dir / ENGINE_ZIP).parent / SCHEMA_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for kind, schema in schemas().items():
        path = folder / f"{kind}.schema.json"
        text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def on_post_build(config: Any) -> None:
    """MkDocs event: copy the runtime into the built site."""
    try:
        copy_runtime(Path(config["site_dir"]))
    except AssetError as err:
        from mkdocs.exceptions import PluginError

        raise PluginError(f"hooks/runtime/pyodide_assets.py: {err}") from err
