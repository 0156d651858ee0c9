"""MkDocs hook: the Content-Security-Policy of every page and the offline service worker.

After the last language is built (``on_post_build``, after ``hooks/entry/site.py`` and
``hooks/runtime/pyodide_assets.py``), on the finished files:

1. Every HTML page gets a ``<meta http-equiv="Content-Security-Policy">`` as the first thing
   in ``<head>`` (:func:`policy`): only the site's own origin, ``'wasm-unsafe-eval'`` for
   Pyodide's WebAssembly, and each inline script of *that* page by its SHA-256 hash (the
   theme's few lines and the calculators' starter), so a script injected anywhere else, or
   one from another host, does not run. Style attributes stay allowed (the theme and the
   generated tables set them); style sheets come from the site only.
2. ``/sw.js`` is written from ``hooks/runtime/service_worker.js`` with this build's file list
   (:func:`manifest`): every file's hash by group, and a version hashed from all of it.
3. ``/_headers`` (Netlify / Cloudflare Pages format, :func:`headers_file`) says what the
   README's publishing section says: MIME types, revalidation, the workers' policy.

>>> p = policy(["alert(1)"])
>>> "script-src 'self' 'wasm-unsafe-eval' 'sha256-" in p and "object-src 'none'" in p
True
>>> script_hash("alert(1)")
'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from typing import Any, Iterable, Mapping

from mkdocs.plugins import event_priority

from hooks.common import i18n_plugin
from hooks.catalogs.languages import LANG_DIRS, LANGUAGES  # LANG_DIRS: in their own folder

HERE = Path(__file__).resolve().parent
SW_TEMPLATE = HERE / "service_worker.js"
SW_FILE = "sw.js"
HEADERS_FILE = "_headers"
RUNTIME_PREFIXES = ("assets/pyodide/", "assets/engine.zip")
"""Files of the Python runtime: kept offline only once a calculator ran (or on request)."""
SKIP = {SW_FILE, HEADERS_FILE, "sitemap.xml.gz"}
LUNR = "assets/javascripts/lunr/"
LUNR_USED = {f"{LUNR}min/lunr.{name}.min.js"
             for name in ("stemmer.support", "multi", *(lang.lunr for lang in LANGUAGES))}
"""The search's language files the site's languages load; the theme ships 30 more."""


def offline_file(path: str) -> bool:
    """Whether a built file is kept offline: not source maps (only developer tools read
    them), not the search's files for languages the site does not have.

    >>> offline_file("assets/site.css"), offline_file("assets/javascripts/bundle.x.min.js.map")
    (True, False)
    >>> offline_file(LUNR + "min/lunr.sv.min.js"), offline_file(LUNR + "wordcut.js")
    (True, False)
    """
    if path in SKIP or path.startswith(".") or path.endswith(".map"):
        return False
    return not path.startswith(LUNR) or path in LUNR_USED

_CSP_META = re.compile(r'\s*<meta http-equiv="Content-Security-Policy" content="[^"]*">')
_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)
_HEAD = re.compile(r"<head>")


def script_hash(body: str) -> str:
    """The CSP source expression of one inline script (SHA-256 of its exact text)."""
    digest = hashlib.sha256(body.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def policy(inline_scripts: Iterable[str] = ()) -> str:
    """The page's policy: its own origin only, plus its inline scripts by hash."""
    hashes = sorted({f"'{script_hash(s)}'" for s in inline_scripts})
    return "; ".join([
        "default-src 'self'",
        " ".join(["script-src 'self' 'wasm-unsafe-eval'", *hashes]),
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",  # style="" in the theme's and the tables' markup
        "img-src 'self' data:",  # the theme's icons are data: SVGs in its style sheet
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def inline_scripts(html: str) -> list[str]:
    """The text of every inline script that runs (JSON data blocks do not)."""
    out = []
    for m in _SCRIPT.finditer(html):
        attrs = m.group("attrs")
        if "src=" in attrs:
            continue
        kind = re.search(r'type="([^"]*)"', attrs)
        if kind and kind.group(1) not in ("module", "text/javascript"):
            continue
        out.append(m.group("body"))
    return out


def add_policy(html: str) -> str:
    """The page with its policy as the first element of ``<head>`` (replacing an old one)."""
    html = _CSP_META.sub("", html)
    meta = ('<meta http-equiv="Content-Security-Policy" content="'
            + policy(inline_scripts(html)) + '">')
    if not _HEAD.search(html):
        return html
    return _HEAD.sub(lambda m: m.group(0) + "\n    " + meta, html, count=1)


OFFLINE_PAGES = ("offline/index.html", *(f"{lang}/offline/index.html" for lang in LANG_DIRS))
"""The page the service worker shows for a page it has not kept, one per language
(``docs/<lang>/offline.md``): kept with the assets, so every language's is there once any
page was visited (the reader may ask for a language not yet kept)."""


def file_group(path: str) -> str:
    """The offline group of a site file (``path`` relative to the site root).

    >>> file_group("sv/jail/index.html"), file_group("sv/offline/index.html")
    ('pages-sv', 'assets')
    """
    if path in OFFLINE_PAGES:
        return "assets"
    if path.startswith(RUNTIME_PREFIXES):
        return "runtime"
    if path.startswith("assets/"):
        return "assets"
    first = path.split("/", 1)[0]
    if first in LANG_DIRS and "/" in path:
        return f"pages-{first}"
    if path.endswith((".html", ".json", ".xml")):
        return "pages-nl"
    return "assets"


def url_path(path: str) -> str:
    """The address a file is requested at (``sv/jail/index.html`` -> ``sv/jail/``)."""
    if path == "index.html":
        return "./"
    if path.endswith("/index.html"):
        return path[: -len("index.html")]
    return path


def manifest(site_dir: Path) -> dict[str, Any]:
    """Every file of the built site by group with a short content hash, and the version."""
    groups: dict[str, list[list[str]]] = {}
    for file in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        rel = file.relative_to(site_dir).as_posix()
        if not offline_file(rel):
            continue
        sha = hashlib.sha256(file.read_bytes()).hexdigest()[:16]
        groups.setdefault(file_group(rel), []).append([url_path(rel), sha])
    blob = json.dumps(groups, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return {"version": hashlib.sha256(blob).hexdigest()[:16], "groups": groups}


def service_worker(build: Mapping[str, Any]) -> str:
    """The service worker's source for one build."""
    data = json.dumps({**build, "langDirs": list(LANG_DIRS)}, sort_keys=True,
                      separators=(",", ":"))
    return SW_TEMPLATE.read_text(encoding="utf-8").replace("__BUILD__", data, 1)


WORKER_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
                 "connect-src 'self'; object-src 'none'")
"""The policy of the site's workers (the calculators', the search's and the service
worker). A page's ``<meta>`` policy does not reach into a worker: only a header does."""

JS = "Content-Type: text/javascript; charset=utf-8"
HEADERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # Everything revalidates (a 304 is cheap): file names carry no hashes, and the service
    # worker is what makes a return visit need no network at all.
    ("/*", ("X-Content-Type-Options: nosniff", "Cache-Control: no-cache")),
    ("/sw.js", (JS, "Content-Security-Policy: " + WORKER_POLICY)),
    ("/assets/calculators/worker.mjs", (JS, "Content-Security-Policy: " + WORKER_POLICY)),
    ("/assets/javascripts/workers/*", ("Content-Security-Policy: " + WORKER_POLICY,)),
    ("/assets/calculators/calculators.mjs", (JS,)),
    ("/assets/calculators/fields.mjs", (JS,)),
    ("/assets/calculators/form.mjs", (JS,)),
    ("/assets/calculators/peek.mjs", (JS,)),
    ("/assets/calculators/runtime.mjs", (JS,)),
    ("/assets/calculators/schedule.mjs", (JS,)),
    ("/assets/calculators/share.mjs", (JS,)),
    ("/assets/calculators/urlstate.mjs", (JS,)),
    ("/assets/pyodide/pyodide.mjs", (JS,)),
    ("/assets/pyodide/pyodide.asm.mjs", (JS,)),
    ("/assets/pyodide/pyodide.asm.wasm", ("Content-Type: application/wasm",)),
    ("/assets/pyodide/python_stdlib-engine.zip", ("Content-Type: application/zip",)),
    ("/assets/engine.zip", ("Content-Type: application/zip",)),
)
"""The headers a static host should send (see README, "Publishing"): exact paths, or a
folder ending in ``*``, so every host that reads such a file reads them alike."""


def headers_file() -> str:
    """``_headers`` in the Netlify / Cloudflare Pages format."""
    blocks = [path + "\n" + "".join(f"  {line}\n" for line in lines) for path, lines in HEADERS]
    return ("# Headers for static hosts that read this file (Netlify, Cloudflare Pages).\n"
            "# Written by hooks/runtime/offline.py; README.md, \"Publishing\", explains each.\n"
            + "\n".join(blocks))


def finish(site_dir: Path) -> dict[str, Any]:
    """Policy into every page, then ``sw.js`` and ``_headers``; returns the manifest."""
    for page in sorted(site_dir.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        new = add_policy(text)
        if new != text:
            page.write_text(new, encoding="utf-8")
    (site_dir / HEADERS_FILE).write_text(headers_file(), encoding="utf-8")
    build = manifest(site_dir)
    (site_dir / SW_FILE).write_text(service_worker(build), encoding="utf-8")
    return build


@event_priority(-120)  # after hooks/entry/site.py (-110) has written the per-language indexes
def on_post_build(config: Any) -> None:
    """After the last language is built: policies, service worker, headers file."""
    plugin = i18n_plugin(config)
    if plugin is not None and getattr(plugin, "building", False):
        return  # a nested language build; the outer build does this once at the end
    finish(Path(config.site_dir))
