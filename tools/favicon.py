"""The site's icon as a PNG, drawn by Chromium from ``docs/assets/favicon.svg`` (the source).

Why a PNG (issue 27): Chromium asks the page for its icon again after every same-document
navigation, and the calculators move the address along with each answer
(``history.replaceState``); an SVG icon is then loaded as an SVG document of its own on the
page's main thread (a task of about 18 ms on the bench's phone after each answer, traced
with Chromium 156), a PNG only decoded. ``tests/browser/test_favicon.py`` redraws the SVG
and compares it with the committed PNG, so the two cannot drift apart.

    python -m tools.favicon            # rewrite docs/assets/favicon.png
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "docs" / "assets" / "favicon.svg"
PNG = ROOT / "docs" / "assets" / "favicon.png"
SIZE = 64
"""Pixels a side: twice the 32 px a browser tab shows on a phone's dense screen."""


def render(browser: object, svg: str = "", size: int = SIZE) -> bytes:
    """The PNG bytes of ``svg`` (the committed source unless given), ``size`` px a side,
    transparent around the drawing, in a Playwright ``browser``."""
    text = svg or SVG.read_text(encoding="utf-8")
    page = browser.new_page(viewport={"width": size, "height": size},  # type: ignore[attr-defined]
                            device_scale_factor=1)
    try:
        drawn = text.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
        page.set_content(f'<body style="margin:0">{drawn}</body>')
        return page.screenshot(omit_background=True,
                               clip={"x": 0, "y": 0, "width": size, "height": size})
    finally:
        page.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    from tools.static_site import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        PNG.write_bytes(render(browser))
        browser.close()
    print(f"wrote {PNG.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
