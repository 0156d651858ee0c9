"""The site's icon is a PNG drawn from the SVG source (``tools/favicon.py``, issue 27: an
SVG icon is loaded as an SVG document on the page's main thread after every answer, when
Chromium asks for the icon again). Both are drawn here on a canvas and compared pixel by
pixel, so the committed PNG cannot drift from the source; every page names the PNG."""

from __future__ import annotations

import re
from pathlib import Path

from tools.favicon import SIZE

COMPARE = """async ([size]) => {
  const draw = async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0, size, size);
    return ctx.getImageData(0, 0, size, size).data;
  };
  const png = await draw("/assets/favicon.png"), svg = await draw("/assets/favicon.svg");
  let worst = 0, off = 0;
  for (let i = 0; i < png.length; i++) {
    const d = Math.abs(png[i] - svg[i]);
    worst = Math.max(worst, d);
    if (d > 8) off++;
  }
  const opaque = png.filter((_, i) => i % 4 === 3 && png[i] === 255).length;
  return { worst, off, opaque };
}"""


def test_the_png_icon_is_the_svg_drawn(browser, site_url: str) -> None:
    page = browser.new_page()
    try:
        page.goto(site_url)
        got = page.evaluate(COMPARE, [SIZE])
    finally:
        page.close()
    # the die fills most of the square (a blank or wrong-sized PNG fails here) ...
    assert got["opaque"] > SIZE * SIZE * 0.6, got
    # ... and matches the source but for antialiasing at the edges of the dots
    assert got["off"] <= SIZE, got
    assert got["worst"] < 128, got


def test_every_page_names_the_png_icon(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 100
    for path in pages:
        html = path.read_text(encoding="utf-8")
        if "<head" not in html:
            continue
        icons = re.findall(r'<link rel="icon"[^>]*href="([^"]+)"', html)
        assert icons and all(i.endswith("assets/favicon.png") for i in icons), (path, icons)
