"""The bench's web server: the built site the way a static host serves it (MIME types,
``Cache-Control``, ``Last-Modified``/304, gzip), plus the bench-only pages under
``/__bench__/`` (files in ``pages/``), counting every byte it sends."""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import json
import sys
import threading
from pathlib import Path
from typing import Any, Mapping
from urllib.parse import urlsplit

from tools.bench.config import CACHE_CONTROL, COMPRESSIBLE, ROOT, asset
from tools.static_site import SiteHandler


def runtime_blank_page(request: Mapping[str, Any]) -> str:
    """The calculators' own runtime start (the page's inline starter: module worker, page
    compile of the WebAssembly, engine) on a blank page, answering the rent calculator's
    default request: what the calculator page costs without the page around it."""
    from hooks.render.render_calculator import runtime_starter

    from hooks.runtime.pyodide_assets import STDLIB_ZIP, stdlib_version

    starter = runtime_starter({"worker": "/assets/calculators/worker.mjs",
                               "pyodide": "/assets/pyodide/", "engine": "/assets/engine.zip",
                               "stdlib": f"/assets/pyodide/{STDLIB_ZIP}?v={stdlib_version()}"},
                              eager=True)
    # The request as data in the page, read by the module (no text replaced in the script).
    data = json.dumps(request).replace("</", "<\\/")
    return ('<!doctype html><meta charset="utf-8"><title>runtime on a blank page</title>'
            f'{starter}<script type="application/json" id="bench-request">{data}</script>'
            f'<script type="module">{asset("pages/runtime-blank.mjs")}</script>')


PAGES: Mapping[str, str] = {
    "/__bench__/blank.html": "pages/blank.html",
    "/__bench__/reference.html": "pages/reference.html",
    "/__bench__/worker-bare.html": "pages/worker-bare.html",
    "/__bench__/worker-bare.mjs": "pages/worker-bare.mjs",
    "/__bench__/engine.html": "pages/engine.html",
    "/__bench__/echo.js": "pages/echo.js",
}
"""The bench-only pages served as they are, by URL path: ``blank`` (between loads),
``reference`` (bare Pyodide on the main thread of a blank page: the plainest fast way),
``worker-bare`` (the same files started the plain way inside a module worker: the gap to
explain), ``engine`` (the engine timing in Pyodide), ``echo.js`` (a worker that computes
nothing: the floor of a round trip)."""


def bench_pages(engine_args: Mapping[str, Any],
                extra: Mapping[str, tuple[bytes, str]] | None = None
                ) -> dict[str, tuple[bytes, str]]:
    """The bench-only files served under ``/__bench__/`` (path -> body, content type), and
    ``extra`` ones (another revision's engine archive for ``--engine-against``)."""
    types = {".html": "text/html; charset=utf-8", ".mjs": "text/javascript",
             ".js": "text/javascript"}
    pages = {url: asset(name).encode() for url, name in PAGES.items()}
    return {
        **{url: (body, types[Path(url).suffix]) for url, body in pages.items()},
        "/__bench__/runtime-blank.html": (
            runtime_blank_page(engine_args["requests"]["rent"]).encode(), types[".html"]),
        "/__bench__/engine-args.json": (json.dumps(engine_args).encode(), "application/json"),
        # Bare Pyodide boots with the package's whole standard library; the site ships only
        # the trimmed one, so the bench serves the full zip for the reference pages.
        "/assets/pyodide/python_stdlib.zip": (
            (ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").read_bytes(),
            "application/zip"),
        **(extra or {}),
    }


class Meter:
    """Bytes the server sent (status line, headers and body), per URL path; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.sent: dict[str, int] = {}

    def add(self, path: str, n: int) -> None:
        with self._lock:
            self.sent[path] = self.sent.get(path, 0) + n

    def take(self) -> dict[str, int]:
        """What was sent since the last call (and start counting afresh)."""
        with self._lock:
            out, self.sent = self.sent, {}
        return out


class _Handler(SiteHandler):
    """The built site like a static host serves it, plus the in-memory bench pages."""

    pages: Mapping[str, tuple[bytes, str]] = {}
    meter: Meter = Meter()

    def flush_headers(self) -> None:
        buffered = getattr(self, "_headers_buffer", None)
        if buffered:
            self.meter.add(urlsplit(self.path).path, sum(len(b) for b in buffered))
        super().flush_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        path = urlsplit(self.path).path
        try:
            while chunk := source.read(64 * 1024):
                outputfile.write(chunk)
                self.meter.add(path, len(chunk))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser cancelled the download (a body it did not need)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", CACHE_CONTROL)
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        path = urlsplit(self.path).path
        if path in self.pages:
            body, ctype = self.pages[path]
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        gz = self._gzipped()
        if gz is not None:
            return gz
        return super().send_head()

    def _gzipped(self):  # type: ignore[no-untyped-def]
        """A text, script, JSON or WebAssembly file gzipped, as a static host sends it to a
        browser that accepts gzip (with Last-Modified / 304 like the plain path)."""
        if "gzip" not in (self.headers.get("Accept-Encoding") or ""):
            return None
        target = Path(self.translate_path(self.path))
        if target.is_dir():
            if not self.path.split("?", 1)[0].endswith("/"):
                return None  # the plain path sends the redirect
            target = target / "index.html"
        if not target.is_file() or target.suffix not in COMPRESSIBLE:
            return None
        stat = target.stat()
        since = self.headers.get("If-Modified-Since")
        last = self.date_time_string(int(stat.st_mtime))
        if since == last:
            self.send_response(304)
            self.end_headers()
            return None
        body = _gzip_bytes(str(target), stat.st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(target)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", last)
        self.end_headers()
        return io.BytesIO(body)


@functools.lru_cache(maxsize=512)
def _gzip_bytes(path: str, mtime_ns: int) -> bytes:
    """gzip -6 of a file (cached per version of the file)."""
    return gzip.compress(Path(path).read_bytes(), 6, mtime=0)


class _QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing when a browser drops a connection it no longer needs."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class Server:
    """``with Server(site_dir, pages) as server:`` serves on a free 127.0.0.1 port
    (``server.base``); ``server.meter`` counts the bytes sent."""

    def __init__(self, site_dir: Path, pages: Mapping[str, tuple[bytes, str]]) -> None:
        self.meter = Meter()
        handler_cls = type("BenchHandler", (_Handler,), {"pages": dict(pages), "meter": self.meter})
        handler = functools.partial(handler_cls, directory=str(site_dir))
        self.httpd = _QuietServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "Server":
        self.thread.start()
        return self

    @property
    def base(self) -> str:
        """``http://127.0.0.1:PORT/``"""
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
