// "Share the link": a calculation's own link, sent in one tap.
//
// Every calculator keeps a link to its inputs (`.calc-share-link`, kept current by
// calculators.mjs): whoever opens it sees the same form and answer. At the table a player
// sends it to another phone: the button offers the phone's own share sheet where there is
// one (navigator.share), and otherwise copies the link and says so. The words are the
// build's (shared.ui: "calc.share.copied"; the button's label is in the HTML).

import { fromHTML } from "./fields.mjs";

/**
 * Give one calculator section its share button (the build writes it hidden).
 * @param {HTMLElement} section `section.calc`
 * @param {Record<string, string>} ui the build's texts (escaped HTML)
 */
export function share(section, ui) {
  const button = section.querySelector(".calc-share-send");
  const link = section.querySelector(".calc-share-link");
  if (!button || !link || button.dataset.ready) return;
  button.dataset.ready = "1";
  const label = button.textContent;
  const said = document.createElement("span");
  said.className = "site-sr-only";
  said.setAttribute("role", "status");
  button.after(said);
  let timer = 0;
  button.hidden = false;
  button.addEventListener("click", async () => {
    const url = link.href;
    // the answer's headline goes along only while it is the answer to these inputs
    const headline = section.classList.contains("calc-is-stale") ? null : section.querySelector(".calc-headline");
    const title = section.querySelector(".calc-title");
    const data = { url, title: title ? title.textContent.trim() : document.title };
    if (headline) data.text = headline.textContent.trim();
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      try { await navigator.share(data); return; } catch (err) {
        if (err && err.name === "AbortError") return; // the player closed the share sheet
      }
    }
    try {
      await copy(url);
    } catch (err) {
      window.prompt(label, url);
      return;
    }
    const copied = fromHTML(ui["calc.share.copied"] || "OK").textContent;
    button.textContent = copied;
    button.dataset.state = "copied";
    said.textContent = `${copied}: ${url}`;
    clearTimeout(timer);
    timer = setTimeout(() => { button.textContent = label; delete button.dataset.state; }, 2500);
  });
}

// site.js's copy (the clause buttons' too), looked up when needed: a classic script's global
function copy(text) {
  const site = window.__site;
  return site && site.copyText ? site.copyText(text) : Promise.reject(new Error("no site.js"));
}
