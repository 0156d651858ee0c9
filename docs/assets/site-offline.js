// The site's offline reading and folded sections, beside site.js (which calls these from
// its init, so they run before the page says data-site-ready):
// - offline(): the footer's status and "keep calculators offline" control, talking to the
//   service worker (hooks/runtime/service_worker.js);
// - setupOfflinePage(): the offline page (docs/<lang>/offline.md) the worker shows for a
//   page it has not kept;
// - setupFolds(): links into and printing of the folded sections of long pages (hooks/render/fold.py);
// - keepPlace(), setupPalette(): the language switch keeps the clause and the calculator's
//   state; the light/dark switch is the reader's.
(function () {
  "use strict";

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
    // The calculators say when they are not kept offline while the pages are, and offer
    // the footer's control that keeps them (hooks/render/render_calculator.py: .calc-offline).
    var notes = document.querySelectorAll(".calc-offline");
    function show(state) {
      document.documentElement.setAttribute("data-offline", state);
      text.textContent = box.getAttribute("data-" + state) || "";
      box.hidden = false;
      for (var i = 0; i < notes.length; i++) { notes[i].hidden = state !== "ready"; }
    }
    for (var n = 0; n < notes.length; n++) {
      notes[n].querySelector("button").addEventListener("click", function () { keep.click(); });
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
      show("saving-calculators"); // the pages are kept already: what is saved now is the runtime
      post(["assets", pages, "runtime"]);
    });
    window.addEventListener("monopoly:calculators-ready", function () {
      // after the first answers: the runtime is in the browser's cache by now
      window.setTimeout(function () {
        if (document.documentElement.getAttribute("data-offline") !== "ready-calculators") {
          show("saving-calculators");
        }
        post(["assets", pages, "runtime"]);
      }, 2000);
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

  // ---- The offline page (docs/<lang>/offline.md), shown by the service worker for a page
  // it has not kept: the address asked for (?from=, this site only) and the way back.
  function setupOfflinePage() {
    var asked = document.querySelector(".site-offline-asked");
    if (!asked) { return; }
    var from = new URLSearchParams(location.search).get("from");
    var address = null;
    try {
      address = from && new URL(from, location.href);
    } catch (e) {
      address = null;
    }
    if (address && address.origin === location.origin) {
      var code = asked.querySelector(".site-offline-url");
      var link = document.createElement("a");
      link.href = address.href;
      link.textContent = decodeURI(address.pathname + address.search);
      code.replaceChildren(link);
      asked.hidden = false;
    }
    var back = document.querySelector(".site-back");
    if (back && history.length > 1) {
      back.hidden = false;
      back.addEventListener("click", function () { history.back(); });
    }
  }

  // ---- Folded sections of long pages (hooks/render/fold.py)

  // A link to something inside a folded section opens that section (and any fold around
  // it), so the anchor lands on what it names; printing prints every section. The same
  // for a rule that a choice of edition folded away (site.js calls reveal after folding).
  function reveal() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    for (var el = target; el; el = el.parentElement) {
      if (el.tagName === "DETAILS" && !el.open) { el.open = true; }
    }
    if (target && target.closest("details.site-fold")) { target.scrollIntoView(); }
  }

  function setupFolds() {
    reveal();
    window.addEventListener("hashchange", reveal);
    var closed = [];
    window.addEventListener("beforeprint", function () {
      closed = Array.prototype.filter.call(document.querySelectorAll("details.site-fold"),
        function (d) { return !d.open; });
      closed.forEach(function (d) { d.open = true; });
    });
    window.addEventListener("afterprint", function () {
      closed.forEach(function (d) { d.open = false; });
      closed = [];
    });
  }

  // ---- Language switcher: same clause, same calculator state

  function keepPlace() {
    Array.prototype.forEach.call(document.querySelectorAll("a.md-select__link[hreflang]"), function (a) {
      var base = a.getAttribute("data-base") || a.getAttribute("href").split(/[?#]/)[0];
      a.setAttribute("data-base", base);
      var update = function () {
        var query = location.search;
        if (!/(^|[?&])calc=/.test(query)) {
          query = ""; // only the calculator's state travels (not ?edition=, which is stored)
        }
        a.setAttribute("href", base + query + location.hash);
      };
      update();
      ["mouseenter", "focus", "touchstart", "mousedown"].forEach(function (type) {
        a.addEventListener(type, update, { passive: true });
      });
    });
  }

  // The light/dark toggle (overrides/partials/palette.html): the reader's switch, saved.
  // Enter on the focused option switches too, as in Material's own toggle.
  function setupPalette() {
    var form = document.querySelector("form[data-site-palette]");
    if (!form || typeof window.__sitePalette !== "function") return;
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input.md-option"));
    form.addEventListener("change", function (event) {
      var index = inputs.indexOf(event.target);
      if (index >= 0) window.__sitePalette(index, true);
    });
    form.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") return;
      var current = inputs.findIndex(function (input) { return input.checked; });
      var next = inputs[(current + 1) % inputs.length];
      next.click();
      next.focus();
    });
  }

  window.__siteOffline = { offline: offline, setupOfflinePage: setupOfflinePage, setupFolds: setupFolds,
                          reveal: reveal, keepPlace: keepPlace, setupPalette: setupPalette };
})();
