"""The built site served as a static host would, and the Chromium that opens it: shared by
the browser tests and ``./dev bench``.

``serve(site)`` serves a folder on a free 127.0.0.1 port, one thread a request, with the
MIME types browsers insist on (``.wasm``, ``.mjs``) and no request log. ``CHROMIUM`` and
``CHROMIUM_ARGS`` are the browser (Debian's, since Playwright cannot download its own here)
and its flags (no network of its own: updates, sync and QUIC off; no address-bar popups
preloaded for every tab).
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
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "OptimizationHints",
    "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch")
"""The features Playwright (the pinned version, ``chromiumSwitches.ts``) turns off itself:
a ``--disable-features`` of ours comes after its own and replaces it, so it repeats them."""
BROWSER_UI_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
"""Chromium 156's headless mode preloads the address bar's two WebUI popups
(``chrome://omnibox-popup.top-chrome/``) in a renderer of their own for every window, i.e.
for every tab a test opens: about half the CPU of opening a tab and loading a page
(15 tabs: 6.6 s -> 3.3 s of Chromium CPU). Nothing here ever shows an address bar."""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-quic",
                 "--disable-sync",
                 "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES
                                                  + BROWSER_UI_FEATURES)]

MIME_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
              ".json": "application/json", ".svg": "image/svg+xml", ".zip": "application/zip",
              ".whl": "application/zip", ".tar": "application/x-tar", ".css": "text/css",
              ".html": "text/html"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types browsers insist on, no request log noise."""

    extensions_map = {**mimetypes.types_map, **MIME_TYPES, "": "application/octet-stream"}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def read_headers_file(path: Path) -> list[tuple[str, list[tuple[str, str]]]]:
    r"""The rules of a ``_headers`` file (Netlify / Cloudflare Pages format): a path line,
    then indented ``Name: value`` lines; ``#`` starts a comment.

    >>> import tempfile
    >>> f = Path(tempfile.mkdtemp()) / "_headers"
    >>> _ = f.write_text("# c\n/*\n  A: 1\n/x.js\n  B: 2\n")
    >>> read_headers_file(f)
    [('/*', [('A', '1')]), ('/x.js', [('B', '2')])]
    """
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if not raw[0].isspace():
            rules.append((raw.strip(), []))
        elif rules and ":" in raw:
            name, value = raw.split(":", 1)
            rules[-1][1].append((name.strip(), value.strip()))
    return rules


def matches(pattern: str, url_path: str) -> bool:
    """Whether a ``_headers`` path (exact, or ending in ``*``) covers a request path.

    >>> matches("/*", "/a/b"), matches("/a/*", "/a/b.js"), matches("/a/x", "/a/y")
    (True, True, False)
    """
    if pattern.endswith("*"):
        return url_path.startswith(pattern[:-1])
    return url_path == pattern


class HeadersFileHandler(SiteHandler):
    """The site's handler plus the headers its ``_headers`` file gives each path (a host
    that reads the file; a later rule's header replaces an earlier one's)."""

    def end_headers(self) -> None:
        rules = getattr(self, "_rules", None)
        if rules is None:
            file = Path(self.directory) / "_headers"
            rules = read_headers_file(file) if file.is_file() else []
            self._rules = rules
        wanted: dict[str, str] = {}
        path = self.path.split("?", 1)[0]
        for pattern, headers in rules:
            if matches(pattern, path):
                for name, value in headers:
                    wanted[name.lower()] = f"{name}: {value}"
        # Content-Type was already sent by send_head: the file only adds the others
        for key, line in wanted.items():
            if key != "content-type":
                name, value = line.split(": ", 1)
                self.send_header(name, value)
        super().end_headers()


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
