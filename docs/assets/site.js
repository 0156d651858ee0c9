/* Monopoly rules reference: small page behaviour, no dependencies, no network.
 *
 * - A "copy link" button on every numbered clause heading (h2.clause). Its label is the
 *   page's <meta name="site:copy-link"> (translated at build time) with the heading's
 *   data-clause number filled in; the confirmation uses Material's own translated
 *   "copied" text and is announced to screen readers.
 * - Material's search dialog gets an accessible name (the search field's translated label).
 * - Offline: registers the service worker (/sw.js, hooks/offline.py) and asks it to keep this
 *   language's pages, the search index and the assets; the Python runtime too once a
 *   calculator has run ("monopoly:calculators-ready") or the reader presses the footer's
 *   button. The footer says when the page is offline-ready (<html data-offline="...">:
 *   saving | ready | ready-calculators | failed). When a new build's worker takes over a
 *   page it reloads once, so no page shows one build's HTML with another's assets.
 * - When done, <html data-site-ready="1"> marks the page as ready (used by the tests).
 */
(function () {
  "use strict";

  var LINK = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M10.59 13.41c.41.39.41 1.03 0 1.42-.39.39-1.03.39-1.42 0a5 5 0 0 1 0-7.07l3.54-3.54a5 5 0 0 1 7.07 0 5 5 0 0 1 0 7.07l-1.49 1.49c.01-.82-.12-1.64-.4-2.42l.47-.48a2.98 2.98 0 0 0 0-4.24 2.98 2.98 0 0 0-4.24 0l-3.53 3.53a2.98 2.98 0 0 0 0 4.24m2.82-4.24c.39-.39 1.03-.39 1.42 0a5 5 0 0 1 0 7.07l-3.54 3.54a5 5 0 0 1-7.07 0 5 5 0 0 1 0-7.07l1.49-1.49c-.01.82.12 1.64.4 2.43l-.47.47a2.98 2.98 0 0 0 0 4.24 2.98 2.98 0 0 0 4.24 0l3.53-3.53a2.98 2.98 0 0 0 0-4.24.97.97 0 0 1 0-1.42"/></svg>';
  var CHECK = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M21 7 9 19l-5.5-5.5 1.41-1.41L9 16.17 19.59 5.59z"/></svg>';

  function translations() {
    var el = document.getElementById("__config");
    try {
      return (el && JSON.parse(el.textContent).translations) || {};
    } catch (e) {
      return {};
    }
  }

  function liveRegion() {
    var region = document.getElementById("site-live");
    if (!region) {
      region = document.createElement("div");
      region.id = "site-live";
      region.className = "site-sr-only";
      region.setAttribute("role", "status");
      region.setAttribute("aria-live", "polite");
      document.body.appendChild(region);
    }
    return region;
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try {
        ok = document.execCommand("copy");
      } catch (e) {
        ok = false;
      }
      document.body.removeChild(area);
      if (ok) { resolve(); } else { reject(new Error("copy failed")); }
    });
  }

  function clauseUrl(id) {
    return location.origin + location.pathname + "#" + encodeURIComponent(id);
  }

  function addCopyButtons() {
    var copied = translations()["clipboard.copied"] || "OK";
    var meta = document.querySelector('meta[name="site:copy-link"]');
    var template = (meta && meta.getAttribute("content")) || "{number}";
    var headings = document.querySelectorAll(".md-typeset h2.clause[id][data-clause]");
    Array.prototype.forEach.call(headings, function (h2) {
      if (h2.querySelector(".clause-copy")) { return; }
      var label = template.split("{number}").join(h2.getAttribute("data-clause"));
      var button = document.createElement("button");
      button.type = "button";
      button.className = "clause-copy";
      button.setAttribute("aria-label", label);
      button.title = label;
      button.setAttribute("data-url", clauseUrl(h2.id));
      button.innerHTML = LINK;
      button.addEventListener("click", function () {
        copyText(clauseUrl(h2.id)).then(function () {
          button.setAttribute("data-state", "copied");
          button.innerHTML = CHECK;
          liveRegion().textContent = copied + " " + clauseUrl(h2.id);
          window.setTimeout(function () {
            button.removeAttribute("data-state");
            button.innerHTML = LINK;
          }, 2000);
        }, function () {
          window.prompt(label, clauseUrl(h2.id));
        });
      });
      var permalink = h2.querySelector(".headerlink");
      h2.insertBefore(button, permalink);
    });
  }

  // Material's search overlay is a role="dialog" without a name: give it the search
  // field's own (translated) label, so screen readers announce what the dialog is.
  function nameSearchDialog() {
    var dialog = document.querySelector('.md-search[role="dialog"]');
    var input = document.querySelector(".md-search__input[aria-label]");
    if (dialog && input && !dialog.hasAttribute("aria-label")) {
      dialog.setAttribute("aria-label", input.getAttribute("aria-label"));
    }
  }

  function offline() {
    var box = document.querySelector(".site-offline");
    var sw = navigator.serviceWorker;
    if (!box || !sw || !window.__md_scope || !window.isSecureContext) { return; }
    var lang = document.documentElement.getAttribute("lang") || "nl";
    var pages = "pages-" + lang;
    var text = box.querySelector(".site-offline__text");
    var keep = box.querySelector(".site-offline__keep");
    var hadController = !!sw.controller;
    var reloading = false;
    function show(state) {
      document.documentElement.setAttribute("data-offline", state);
      text.textContent = box.getAttribute("data-" + state) || "";
      box.hidden = false;
    }
    function post(groups) {
      return sw.ready.then(function (reg) {
        if (reg.active) { reg.active.postMessage({ type: "keep", groups: groups }); }
      });
    }
    sw.addEventListener("controllerchange", function () {
      // A new build's worker took over this page: reload it from that build, once.
      if (hadController && !reloading) {
        reloading = true;
        location.reload();
      }
      hadController = true;
    });
    sw.addEventListener("message", function (event) {
      var msg = event.data || {};
      if (msg.type !== "kept") { return; }
      var done = msg.complete || [];
      if (done.indexOf(pages) < 0 || done.indexOf("assets") < 0) {
        show("failed");
        return;
      }
      var calculators = done.indexOf("runtime") >= 0;
      show(calculators ? "ready-calculators" : "ready");
      keep.hidden = calculators;
    });
    keep.addEventListener("click", function () {
      keep.hidden = true;
      show("saving");
      post(["assets", pages, "runtime"]);
    });
    window.addEventListener("monopoly:calculators-ready", function () {
      // after the first answers: the runtime is in the browser's cache by now
      window.setTimeout(function () { post(["assets", pages, "runtime"]); }, 2000);
    });
    sw.startMessages();
    // What the reader asked for first: the offline copy waits while the page loads, and
    // while a calculator's runtime is loading (then it follows its "ready").
    function whenQuiet(run) {
      var later = function () {
        var rt = window.__monopolyRuntime;
        if (rt && rt.worker && !window.__monopolyCalculatorsReady) {
          window.addEventListener("monopoly:calculators-ready", run, { once: true });
        } else {
          run();
        }
      };
      var idle = window.requestIdleCallback || function (f) { return window.setTimeout(f, 1); };
      var start = function () { window.setTimeout(function () { idle(later, { timeout: 3000 }); }, 1000); };
      if (document.readyState === "complete") { start(); } else { window.addEventListener("load", start, { once: true }); }
    }
    window.addEventListener("monopoly:calculators-ready", function () {
      window.__monopolyCalculatorsReady = true;
    });
    sw.register(new URL("sw.js", window.__md_scope).href, { updateViaCache: "none" }).then(function () {
      whenQuiet(function () {
        if (document.documentElement.getAttribute("data-offline") !== "ready-calculators") {
          show("saving");
        }
        post(["assets", pages]);
      });
    }).catch(function () {
      box.hidden = true; // no service worker here (blocked, or not allowed): online only
    });
  }

  function init() {
    nameSearchDialog();
    addCopyButtons();
    try {
      offline();
    } catch (e) {
      // offline reading is extra: the page works without it
    }
    document.documentElement.setAttribute("data-site-ready", "1");
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
