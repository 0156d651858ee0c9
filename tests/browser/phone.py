"""What a phone reader meets, measured in the page (issue 23 item 4): used by
``test_phone.py`` and handy from a shell for before/after numbers::

    python tests/browser/phone.py SITE_DIR [slug ...]

- :data:`MEASURE` (JavaScript, run in the page at 390 x 844 with nothing opened):
  the page's length in screens, where the title (``h1``) stands, every table wider than
  its column, and every tap target smaller than 44 x 44 px (no spacing exception: a lone
  15 px link is as hard to hit as a crowded one).
- A tap target is a visible ``a[href]``, ``button``, ``select``, ``input``, ``textarea``,
  ``summary`` or the ``label`` of a checkbox or radio button (the visible box a finger
  hits; such a box with a visible label counts as its label). A link inside
  a line of text is not one (it is as tall as the line; WCAG exempts it): a link whose block
  holds other text. Elements off screen (Material's closed drawer), transparent (a closed menu, the hidden
  "back to top"), untappable or under a closed
  ``<details>`` are not shown, so not counted.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PHONE = {"width": 390, "height": 844}
MIN_TAP = 44
MAX_SCREENS = 15

MEASURE = r"""
(minTap) => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const shown = (el) => {
    if (el.closest("details:not([open]) > :not(summary)")) return false;
    const s = getComputedStyle(el);
    if (s.visibility === "hidden" || s.display === "none" || s.pointerEvents === "none") return false;
    for (let e = el; e; e = e.parentElement) if (getComputedStyle(e).opacity === "0") return false;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const x = r.left + window.scrollX;
    return x + r.width > 0 && x < vw;  // not in the closed drawer, off the screen's side
  };
  const describe = (el) => {
    const r = el.getBoundingClientRect();
    const text = (el.getAttribute("aria-label") || el.textContent || el.value || "")
      .replace(/\s+/g, " ").trim().slice(0, 40);
    const cls = typeof el.className === "string" ? el.className.split(" ")[0] : "";
    return {tag: el.tagName.toLowerCase(), cls, text,
            w: Math.round(r.width), h: Math.round(r.height)};
  };
  // A link in running text: its block holds more text than the link.
  const inline = (a) => {
    if (a.tagName !== "A") return false;
    let block = a.parentElement;
    while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
    if (!block) return false;
    const all = block.textContent.replace(/\s+/g, "");
    const own = a.textContent.replace(/\s+/g, "");
    return all.length > own.length + 1;
  };
  const selector = 'a[href], button, select, input:not([type=hidden]), textarea, summary, label';
  const targets = [];
  for (const el of document.querySelectorAll(selector)) {
    // a label is a target of its own only for a box it ticks (a field's label is not)
    if (el.tagName === "LABEL" && !(el.control && ["checkbox", "radio"].includes(el.control.type))) continue;
    // a box with its label: the label is what a finger hits (it is measured instead)
    if (el.tagName === "INPUT" && [...(el.labels || [])].some(shown)) continue;
    if (el.closest("[aria-hidden=true]") || !shown(el) || inline(el)) continue;
    if (el.matches(".md-search__input, .md-search__form *") && !document.querySelector(
        "[data-md-toggle=search]:checked")) continue;  // the closed search overlay
    const r = el.getBoundingClientRect();
    targets.push({el, r: {l: r.left + scrollX, t: r.top + scrollY, rr: r.right + scrollX,
                          b: r.bottom + scrollY}});
  }
  const small = targets.filter((t) => t.r.rr - t.r.l < minTap - 0.5 || t.r.b - t.r.t < minTap - 0.5)
    .map((t) => describe(t.el));
  const article = document.querySelector(".md-content__inner");
  const column = article ? article.clientWidth : vw;
  const wide = [];
  for (const table of document.querySelectorAll(".md-content table")) {
    if (!shown(table)) continue;
    const w = table.getBoundingClientRect().width;
    if (w > column + 1) wide.push({cls: table.className || table.parentElement.className,
                                   width: Math.round(w), column});
  }
  const h1 = document.querySelector(".md-content h1");
  const title = h1 ? h1.getBoundingClientRect() : null;
  return {
    screens: document.scrollingElement.scrollHeight / vh,
    title_top: title ? Math.round(title.top + scrollY) : null,
    title_bottom: title ? Math.round(title.bottom + scrollY) : null,
    viewport: vh,
    targets: targets.length,
    smallest: targets.length ? Math.round(Math.min(...targets.map(
      (t) => Math.min(t.r.rr - t.r.l, t.r.b - t.r.t)))) : null,
    small, wide,
  };
}
"""


@dataclass(frozen=True)
class Look:
    """One page as a phone shows it, nothing opened."""

    path: str
    screens: float
    title_top: int | None
    title_bottom: int | None
    viewport: int
    targets: int
    smallest: int | None
    small: list[dict[str, Any]]
    wide: list[dict[str, Any]]


def look(page: Any, url: str, path: str) -> Look:
    """Open ``url + path`` in ``page`` (390 x 844) and measure it."""
    page.goto(url + path, wait_until="load")
    page.wait_for_selector("html[data-site-ready='1']", state="attached", timeout=15000)
    data = page.evaluate(MEASURE, MIN_TAP)
    return Look(path=path, **data)


def phone_context(browser: Any, **extra: Any) -> Any:
    """A browser context shaped like a 390 px phone (touch, no service worker)."""
    return browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                               is_mobile=True, service_workers="block", **extra)


def main(argv: list[str]) -> None:  # pragma: no cover - a developer's look
    from playwright.sync_api import sync_playwright

    from tools.static_site import CHROMIUM, CHROMIUM_ARGS, serve
    site = Path(argv[0])
    slugs = argv[1:]
    paths = [p.relative_to(site).as_posix()[: -len("index.html")]
             for p in sorted(site.rglob("index.html"))
             if "assets" not in p.parts and "search" not in p.parts]
    if slugs:
        paths = [p for p in paths if p.strip("/").split("/")[-1] in slugs
                 or (p in ("", "sv/", "da/", "nb/") and "index" in slugs)]
    with serve(site) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = phone_context(browser)
        page = context.new_page()
        for path in paths:
            seen = look(page, url, path)
            print(json.dumps({"path": path or "/", "screens": round(seen.screens, 1),
                              "title": [seen.title_top, seen.title_bottom],
                              "small": len(seen.small), "smallest": seen.smallest, "wide": seen.wide,
                              "small_kinds": sorted({f"{s['tag']}.{s['cls']} {s['w']}x{s['h']}"
                                                     for s in seen.small})[:8]},
                             ensure_ascii=False))
        browser.close()


if __name__ == "__main__":  # pragma: no cover
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    main(sys.argv[1:])
