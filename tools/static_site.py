"""The built site served as a static host would, and the Chromium that opens it: shared by
the browser tests and ``./dev bench``.

``serve(site)`` serves a folder on a free 127.0.0.1 port, one thread a request, with the
MIME types browsers insist on (``.wasm``, ``.mjs``) and no request log. ``CHROMIUM`` and
``CHROMIUM_ARGS`` are the browser (Debian's, since Playwright cannot download its own here)
and its flags (no network of its own: updates, sync and QUIC off).
"""

from __future__ import annotations

import functools
import http.server
import mimetypes
import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

CHROMIUM = os.environ.get("MONOPOLY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-quic",
                 "--disable-sync"]

MIME_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
              ".json": "application/json", ".svg": "image/svg+xml", ".zip": "application/zip",
              ".whl": "application/zip", ".tar": "application/x-tar", ".css": "text/css",
              ".html": "text/html"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types browsers insist on, no request log noise."""

    extensions_map = {**mimetypes.types_map, **MIME_TYPES, "": "application/octet-stream"}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@contextmanager
def serve(site: Path, handler: type[http.server.SimpleHTTPRequestHandler] | None = None
          ) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 (a free port) in a thread; yields the base URL.
    ``handler`` (a subclass of the site's handler, e.g. a slow one) replaces the plain one."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler or SiteHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
