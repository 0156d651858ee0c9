/* Monopoly rules reference: small page behaviour, no dependencies, no network.
 *
 * - The "copy link" button of every numbered clause heading (h2.clause; written by the
 *   build, hooks/render/copy_buttons.py, with its translated label): one listener copies
 *   the clause's address; the confirmation uses Material's own translated "copied" text
 *   and is announced to screen readers.
 * - Material's search dialog gets an accessible name (the search field's translated label).
 * - "My edition" (chosen in the picker, kept by docs/assets/my-edition.js): the clause's
 *   block for that edition shows first (CSS), and each clause reads as that edition's
 *   rule: list items, sentences and examples about other editions fold into the clause's
 *   one "other editions" part with the comparison; a short line confirms the choice;
 *   calculator links open with it, the rules sheet shows it. The house rules of 000 the
 *   reader ticks next to it (<html data-my-house>) show their blocks (CSS), are named in
 *   the picker's summary and go into calculator links that take house rules.
 * - The language switcher keeps the ?query (calculator state) and the #anchor (clause), and
 *   the light/dark switch is the reader's (both in site-offline.js, which init calls).
 * - <link rel="alternate" hreflang> stay in the HTML for search engines, but are renamed
 *   before Material's script reads them: it would fetch <page>/sitemap.xml for each (404s)
 *   and redirect links into other languages to this page's translation (losing anchors).
 * - Offline: registers the service worker (/sw.js, hooks/runtime/offline.py) and asks it to keep this
 *   language's pages, the search index and the assets; the Python runtime too once a
 *   calculator has run ("monopoly:calculators-ready") or the reader presses the footer's
 *   button. The footer says when the page is offline-ready (<html data-offline="...">:
 *   saving | saving-calculators | ready | ready-calculators | failed: it names what
 *   is being saved, the pages or the calculators). When a new build's worker takes over a
 *   page it reloads once, so no page shows one build's HTML with another's assets.
 * - The offline page (the service worker's answer for a page it has not kept, offline)
 *   names the address asked for and offers the way back.
 * - Long pages fold by section (hooks/render/fold.py): a link into a folded section opens it, and
 *   printing opens them all.
 * - When done, <html data-site-ready="1"> marks the page as ready (used by the tests).
 */
(function () {
  "use strict";

  // Before DOMContentLoaded, when Material's alternate handling looks for these tags.
  Array.prototype.forEach.call(document.querySelectorAll('link[rel="alternate"][hreflang]'),
    function (link) { link.setAttribute("rel", "alternate site-hreflang"); });

  var EDITION_KEY = "monopoly.edition";
  var HOUSE_KEY = "monopoly.house";

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

  // The copy-link buttons are in the built page (hooks/render/copy_buttons.py; shown once
  // a script runs, html[data-site-js]); one listener serves them all.
  function listenToCopyButtons() {
    var copied = translations()["clipboard.copied"] || "OK";
    document.addEventListener("click", function (e) {
      var button = e.target && e.target.closest ? e.target.closest("button.clause-copy[data-for]") : null;
      if (!button) { return; }
      var url = clauseUrl(button.getAttribute("data-for"));
      copyText(url).then(function () {
        // the check mark shows while data-state says so (site.css; both icons are built in)
        button.setAttribute("data-state", "copied");
        liveRegion().textContent = copied + " " + url;
        window.clearTimeout(button.copiedTimer);
        button.copiedTimer = window.setTimeout(function () {
          button.removeAttribute("data-state");
        }, 2000);
      }, function () {
        window.prompt(button.getAttribute("aria-label") || "", url);
      });
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

  // ---- My edition

  function myEdition() {
    return document.documentElement.getAttribute("data-my-edition") || "";
  }

  function metaText(name) {
    var meta = document.querySelector('meta[name="' + name + '"]');
    return (meta && meta.getAttribute("content")) || "";
  }

  // ---- The reader's edition's rule, clause by clause
  // hooks/render/edition_prose.py marks what each list item, sentence and worked example of a
  // rule page is about (data-about). With a choice, what speaks only of other editions
  // leaves the clause's text for its one "other editions" part at the clause's end (the
  // comparison table's fold, or a fold made here); without one every piece is back where
  // the build put it. Nothing is fetched: every text stays in the page.
  var movedAway = [];  // [element, placeholder comment] to put back

  function about(el) {
    return (el.getAttribute("data-about") || "").split(" ").filter(Boolean);
  }

  function speaksFor(el, edition) {
    var ids = about(el);
    return !ids.length || ids.indexOf(edition) >= 0;
  }

  // The text of an element outside what has gone away (.ed-away), trimmed.
  function visibleText(el) {
    var text = "";
    Array.prototype.forEach.call(el.childNodes, function (n) {
      if (n.nodeType === 3) { text += n.textContent; }
      else if (n.nodeType === 1 && !n.classList.contains("ed-away")) { text += n.textContent; }
    });
    return text.trim();
  }

  function moveAway(el, target) {
    var mark = document.createComment("ed");
    el.parentNode.replaceChild(mark, el);
    movedAway.push([el, mark]);
    target.appendChild(el);
  }

  // what site-lists.js uses (loaded right after this file)
  window.__site = { about: about, metaText: metaText, moveAway: moveAway, makeFold: makeFold,
                   copyText: copyText };

  function restoreClauses() {
    for (var i = movedAway.length - 1; i >= 0; i--) {
      var el = movedAway[i][0], mark = movedAway[i][1];
      if (mark.parentNode) { mark.parentNode.replaceChild(el, mark); }
    }
    movedAway = [];
    Array.prototype.forEach.call(document.querySelectorAll(".ed-fold-made, .ed-fold-body"), function (el) {
      el.parentNode.removeChild(el);
    });
    Array.prototype.forEach.call(document.querySelectorAll(".ed-away, .ed-apart"), function (el) {
      el.classList.remove("ed-away", "ed-apart");
    });
  }

  // The top-level elements of each numbered clause (heading to the next h2); the page's
  // introduction (title to the first clause) counts as one too. On a page whose sections
  // fold (hooks/render/fold.py: the rulings) a clause is a details.site-fold, its heading in the
  // summary and its elements the details' other children.
  function clauseSections() {
    var current = { head: null, els: [] };
    var out = [current];
    Array.prototype.forEach.call(document.querySelectorAll(".md-content article > *"), function (el) {
      if (el.tagName === "H1") { return; }
      var folded = el.matches("details.site-fold") && el.querySelector(":scope > summary > h2");
      if (folded) {
        current = folded.matches("h2.clause") ? { head: folded, els: [] } : null;
        if (current) {
          out.push(current);
          Array.prototype.forEach.call(el.children, function (child) {
            if (child.tagName !== "SUMMARY") { current.els.push(child); }
          });
        }
        current = null;  // what follows the fold belongs to no clause
      } else if (el.tagName === "H2") {
        current = el.matches("h2.clause") ? { head: el, els: [] } : null;
        if (current) { out.push(current); }
      } else if (current) {
        current.els.push(el);
      }
    });
    return out;
  }

  // A closed fold made here: <details class="…"> with its one-line summary (a meta text of
  // the page, in its language) and, if asked, a container of the given tag for what it holds.
  function makeFold(className, summaryMeta, bodyTag, bodyClass) {
    var details = document.createElement("details");
    details.className = className;
    var summary = document.createElement("summary");
    summary.textContent = metaText(summaryMeta);
    details.appendChild(summary);
    var body = null;
    if (bodyTag) {
      body = document.createElement(bodyTag);
      body.className = bodyClass;
      details.appendChild(body);
    }
    return { details: details, body: body };
  }

  function foldOf(section) {
    var clause = section.els.filter(function (el) { return el.matches(".ed-clause"); })[0];
    var details = clause && clause.querySelector("details.ed-others");
    var last = section.els[section.els.length - 1];
    if (!details) {
      clause = document.createElement("div");
      clause.className = "ed-clause ed-fold-made";
      details = makeFold("ed-others", "site:other-items").details;
      clause.appendChild(details);
      last.parentNode.insertBefore(clause, last.nextSibling);
    } else if (clause !== last) {
      moveAway(clause, last.parentNode);  // placeholder where it was; then to the end
      last.parentNode.insertBefore(clause, last.nextSibling);
    }
    var body = document.createElement("div");
    body.className = "ed-fold-body";
    details.insertBefore(body, details.querySelector("summary").nextSibling);
    return { clause: clause, body: body };
  }

  function foldClause(section, edition) {
    var paras = [], items = [], examples = [];
    // Where the clause shows the edition's own values under its heading, a sentence that
    // compares it with others ("X and Y say so, Z is silent") is part of the comparison.
    var values = section.els.some(function (el) {
      return el.matches(".ed-mine-set") && !!el.querySelector('.ed-mine[data-edition="' + edition + '"]');
    });
    // Where they are the edition's own values (not the one line of where all agree), the
    // list that says per edition what each does is the comparison too: its item for the
    // reader's edition says what the values say, with the same source.
    var shown = section.els.some(function (el) {
      return el.matches(".ed-mine-set") &&
        !!el.querySelector('.ed-mine:not(.ed-mine-said)[data-edition="' + edition + '"]');
    });
    var isAway = function (s) {
      return !speaksFor(s, edition) || (values && about(s).length > 1);
    };
    section.els.forEach(function (el) {
      if (el.matches("p")) {
        var away = Array.prototype.filter.call(el.querySelectorAll(".ed-s[data-about]"), function (s) {
          return !s.closest("li") && isAway(s);
        });
        if (away.length) { paras.push([el, away]); }
      } else if (el.matches("ul.ed-list")) {
        var gone = Array.prototype.filter.call(el.children, function (li) {
          return li.hasAttribute("data-about") && (shown || !speaksFor(li, edition));
        });
        if (gone.length) { items.push([el, gone]); }
      } else if (el.matches(".worked-example[data-about]") && !speaksFor(el, edition)) {
        examples.push(el);
      }
    });
    if (!paras.length && !items.length && !examples.length) { return; }
    if (!section.els.length) { return; }
    var fold = foldOf(section);
    paras.forEach(function (pair) {
      var copy = document.createElement("p");
      pair[1].forEach(function (s) {
        copy.appendChild(s.cloneNode(true));
        s.classList.add("ed-away");
      });
      fold.body.appendChild(copy);
      if (!pair[0].textContent.replace(/\s/g, "").length ||
          Array.prototype.every.call(pair[0].childNodes, function (n) {
            return n.nodeType === 1 ? n.classList.contains("ed-away") : !n.textContent.trim();
          })) {
        pair[0].classList.add("ed-away");
      }
    });
    items.forEach(function (pair) {
      var ul = pair[0];
      var list = document.createElement("ul");
      list.className = "ed-fold-list";
      fold.body.appendChild(list);
      pair[1].forEach(function (li) { moveAway(li, list); });
      if (!ul.querySelector(":scope > li")) {
        ul.classList.add("ed-away");
        // its lead-in ("Here the editions differ:", span.ed-lead, hooks/render/edition_prose.py)
        // goes with the items; the rest of its paragraph stays
        var lead = ul.previousElementSibling;
        var span = lead && lead.matches("p") && lead.querySelector(":scope > .ed-lead");
        if (span) {
          var copy = document.createElement("p");
          copy.appendChild(span.cloneNode(true));
          fold.body.insertBefore(copy, list);
          span.classList.add("ed-away");
          if (!visibleText(lead)) { lead.classList.add("ed-away"); }
        }
      }
    });
    examples.forEach(function (ex) { moveAway(ex, fold.body); });
  }

  // A rule of one mode of play (the short game, the timed game, the speed die) that the
  // reader's edition does not have (hooks/render/clauses.py: data-for, the editions it holds
  // for, on its heading): its whole text folds behind one line under the heading, which
  // stays (its number and permalink). Such clauses next to each other fold as one: the
  // first heading stays, the line names the run ("De regels 11.6 tot en met 11.8 ..."), and
  // the next headings fold with their text (a link to one of them opens the fold).
  // restoreClauses() puts everything back.
  function foldNotMine(section, edition, run) {
    var holds = ((section.head && section.head.getAttribute("data-for")) || "").split(" ")
      .filter(Boolean);
    if (!holds.length || holds.indexOf(edition) >= 0 || !section.els.length) { return null; }
    var number = section.head.getAttribute("data-clause") || "";
    if (run && run.clause.nextElementSibling === section.head) {
      moveAway(section.head, run.body);
      section.els.forEach(function (el) { moveAway(el, run.body); });
      run.summary.textContent = metaText("site:not-mine-run")
        .replace("{first}", run.first).replace("{last}", number);
      return run;
    }
    var first = section.els[0];
    var clause = document.createElement("div");
    clause.className = "ed-clause ed-fold-made ed-not-mine";
    var fold = makeFold("ed-others", "site:not-mine", "div", "ed-fold-body");
    clause.appendChild(fold.details);
    first.parentNode.insertBefore(clause, first);
    section.els.forEach(function (el) { moveAway(el, fold.body); });
    return { clause: clause, body: fold.body, summary: fold.details.querySelector("summary"),
             first: number };
  }

  // "All editions say the same here" (their values agree) is not the line where the text in view
  // speaks of some editions apart ("X's summary says otherwise"): "Compare the editions" (.ed-apart).
  function markApart(section) {
    var all = document.querySelectorAll("#my-ed-select option:not([value=''])").length;
    var box = section.els.filter(function (el) { return el.matches(".ed-clause[data-agree]"); })[0];
    if (box && section.els.some(function (el) {
      return el.matches("p, ul.ed-list") && !el.classList.contains("ed-away") && Array.prototype.some.call(
        el.querySelectorAll(".ed-s[data-about]:not(.ed-away), li[data-about]"), function (s) { return about(s).length < all; });
    })) { box.classList.add("ed-apart"); }
  }

  function applyClauses(edition) {
    restoreClauses();
    // only where the picker is: the card game's page (hooks/entry/my_edition.py,
    // OWN_GAME_PAGES) is a game of its own, all of it that game's rule whatever the choice
    if (!edition || !document.querySelector(".my-ed-picker")) { return; }
    var run = null;
    clauseSections().forEach(function (section) {
      run = foldNotMine(section, edition, run);
      if (!run) { foldClause(section, edition); markApart(section); }
    });
    // a link to a clause folded just now (#speed-die-jail) still shows it
    if (window.__siteOffline) { window.__siteOffline.reveal(); }
  }

  // A run of citations ("booklet A, «X»; booklet B, «Y»", hooks/catalogs/source_names.py) keeps
  // only the reader's edition's booklet where it is among them: that is the one on the
  // table to look it up in. restoreClauses() shows them all again.
  function applyCites(edition) {
    if (!edition) { return; }
    Array.prototype.forEach.call(document.querySelectorAll(".md-content .ed-cites"), function (run) {
      // a rules sheet cites its own edition's booklet already (render_sheet.py), whoever reads it
      if (run.closest(".sheet[data-edition]")) { return; }
      var cites = Array.prototype.filter.call(run.children, function (c) { return c.matches(".ed-cite"); });
      var mine = cites.filter(function (c) {
        return (c.getAttribute("data-for") || "").split(" ").indexOf(edition) >= 0;
      });
      if (!mine.length || mine.length === cites.length) { return; }
      var shown = 0;
      Array.prototype.forEach.call(run.children, function (el) {
        if (el.matches(".ed-cite")) {
          if (mine.indexOf(el) < 0) { el.classList.add("ed-away"); } else { shown++; }
        }
      });
      // a separator stays only between two citations that are still shown
      Array.prototype.forEach.call(run.querySelectorAll(":scope > .ed-cite-sep"), function (sep) {
        var before = sep.previousElementSibling, after = sep.nextElementSibling;
        var seen = false;
        for (var p = before; p; p = p.previousElementSibling) {
          if (p.matches(".ed-cite") && !p.classList.contains("ed-away")) { seen = true; break; }
        }
        if (!seen || after.classList.contains("ed-away")) { sep.classList.add("ed-away"); }
      });
    });
  }

  // A square named in the prose (hooks/render/board_names.py, [[square: n]]): as the reader's
  // board names it ("Boardwalk" in the travel edition), every board's name without a choice.
  function applyNames(edition) {
    Array.prototype.forEach.call(document.querySelectorAll(".md-content .sq-name"), function (el) {
      var name = (edition && el.getAttribute("data-name-" + edition)) || el.getAttribute("data-name");
      if (name && el.textContent !== name) { el.textContent = name; }
    });
  }

  // Where the card and the key are said in words of their own (hooks/render/card_words.py):
  // the key's while an edition with keys is the reader's, the card's (the page's text) else.
  // Only the prose's (data-keys): a calculator's labels follow its own edition select
  // (calculators/fields.mjs showKind), not the reader's choice.
  function applyKinds(edition) {
    Array.prototype.forEach.call(document.querySelectorAll(".md-content :is(.ck-cards, .ck-keys, .ck-alone)[data-keys]"), function (el) {
      var keys = !!edition && (el.getAttribute("data-keys") || "").split(" ").indexOf(edition) >= 0;
      var hide = el.classList.contains("ck-keys") ? !keys : keys;
      var target = el.classList.contains("ck-alone") ? el.closest("p") : el;
      if (target && target.hidden !== hide) { target.hidden = hide; }
    });
  }

  // Calculator links on rule pages open the calculator with the reader's edition, and
  // (where the calculator takes them) the house rules the reader plays.
  function applyCalcLinks(edition, house) {
    Array.prototype.forEach.call(document.querySelectorAll("a.calc-open[data-href]"), function (a) {
      var href = a.getAttribute("data-href");
      if (edition) { href = href.replace(/([?&]edition=)[^&#]*/, "$1" + encodeURIComponent(edition)); }
      if (house.length) {
        href = href.replace(/([?&]house_rules=)[^&#]*/, "$1" + house.map(encodeURIComponent).join(","));
      }
      a.setAttribute("href", href);
    });
  }

  function applySheet(edition) {
    var sheets = document.querySelector(".sheets");
    if (!sheets) { return; }
    var wanted = new URLSearchParams(location.search).get("edition");
    var shown = null;
    [wanted, edition, sheets.getAttribute("data-home")].some(function (id) {
      shown = id && sheets.querySelector('.sheet[data-edition="' + id + '"]');
      return !!shown;
    });
    sheets.classList.add("sheets-one");
    Array.prototype.forEach.call(sheets.querySelectorAll(".sheet"), function (s) {
      s.classList.toggle("is-shown", s === shown);
    });
    Array.prototype.forEach.call(sheets.querySelectorAll(".sheet-choose a[data-edition]"), function (a) {
      if (shown && a.getAttribute("data-edition") === shown.getAttribute("data-edition")) {
        a.setAttribute("aria-current", "page");
      } else {
        a.removeAttribute("aria-current");
      }
    });
    var print = sheets.querySelector(".sheet-print");
    if (print && !print.hasAttribute("data-bound")) {
      print.setAttribute("data-bound", "");
      print.addEventListener("click", function () { window.print(); });
    }
  }

  // ---- The house rules of 000 the table plays (<html data-my-house>, my-edition.js)

  function myHouse() {
    return (document.documentElement.getAttribute("data-my-house") || "").split(" ").filter(Boolean);
  }

  // The picker's summary names the ticked house rules (their names are in the page).
  function showHouse(house) {
    var picker = document.querySelector(".my-ed-picker");
    if (!picker) { return; }
    var sum = picker.querySelector(".my-house-sum");
    var names = [];
    Array.prototype.forEach.call(picker.querySelectorAll('input[name="my-house"]'), function (box) {
      box.checked = house.indexOf(box.value) >= 0;
      if (box.checked) { names.push(box.getAttribute("data-name")); }
    });
    if (!sum) { return; }
    sum.replaceChildren();
    if (!names.length) {
      sum.textContent = sum.getAttribute("data-none") || "";
      return;
    }
    names.forEach(function (name) {
      var chip = document.createElement("span");
      chip.className = "house-chip";
      chip.textContent = name;
      sum.appendChild(chip);
    });
  }

  function applyHouse(house) {
    var root = document.documentElement;
    if (house.length) { root.setAttribute("data-my-house", house.join(" ")); } else { root.removeAttribute("data-my-house"); }
    showHouse(house);
    applyCalcLinks(myEdition(), house);
  }

  // A choice made in the picker replaces the one a link brought (?edition= / ?house=).
  function dropFromAddress(name) {
    var query = new URLSearchParams(location.search);
    if (!query.has(name) || query.has("calc")) { return; }
    query.delete(name);
    var rest = query.toString();
    try {
      history.replaceState(history.state, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
    } catch (e) {
      // a sandboxed frame may refuse; the sheet then keeps the address's edition
    }
  }

  function applyEdition(edition) {
    var root = document.documentElement;
    if (edition) { root.setAttribute("data-my-edition", edition); } else { root.removeAttribute("data-my-edition"); }
    // folded with a choice, and on a phone (the rule first; the comparison one tap away)
    var phone = window.matchMedia && window.matchMedia("(max-width: 44.9375em)").matches;
    Array.prototype.forEach.call(document.querySelectorAll("details.ed-others"), function (d) { d.open = !edition && !phone; });
    applyClauses(edition);
    applyCites(edition);
    applyNames(edition);
    applyKinds(edition);
    // site-lists.js: /disputes/ and the worked examples, the reader's edition first
    if (window.__siteLists) { window.__siteLists.apply(edition); }
    applyCalcLinks(edition, myHouse());
    applySheet(edition);
  }

  // A choice kept for the next pages (none: forgotten); where storage is refused, it holds
  // for this page only.
  function store(key, value) {
    try { if (value) { localStorage.setItem(key, value); } else { localStorage.removeItem(key); } } catch (e) { /* refused */ }
  }

  function setupPicker() {
    var picker = document.querySelector(".my-ed-picker");
    var select = picker && picker.querySelector("select");
    if (!select) { return; }
    select.value = myEdition();
    if (select.value !== myEdition()) { select.value = ""; }
    picker.hidden = false;
    select.addEventListener("change", function () {
      store(EDITION_KEY, select.value);
      // a ?edition= in the address was the old choice: the picker's is the one shown now
      dropFromAddress("edition");
      applyEdition(select.value);
      // the picker's first line confirms it (CSS shows it); screen readers hear it too
      var line = select.value && picker.querySelector('.my-ed-confirm [data-edition="' + select.value + '"]');
      liveRegion().textContent = line ? line.textContent : "";
    });
    var boxes = picker.querySelectorAll('input[name="my-house"]');
    Array.prototype.forEach.call(boxes, function (box) {
      box.addEventListener("change", function () {
        var house = Array.prototype.filter.call(boxes, function (b) { return b.checked; })
          .map(function (b) { return b.value; });
        store(HOUSE_KEY, house.join(","));
        dropFromAddress("house");
        applyHouse(house);
      });
    });
  }

  // What changes what the reader sees first runs with DOMContentLoaded; the search dialog's name
  // and the offline copy (the service worker's registration) in a task of their own after
  // it, so the page's loading task on a slow phone stays shorter (on /calculators/ it held
  // the module, this init and the load event in one task of about 100 ms on the bench's
  // phone). data-site-ready marks both parts done.
  function init() {
    // site-offline.js (loaded right after this file): the palette switch, the language
    // switch's kept place, folds, the offline page and status
    var parts = window.__siteOffline;
    if (parts) { parts.setupPalette(); }
    listenToCopyButtons();
    setupPicker();
    applyEdition(myEdition());
    applyHouse(myHouse());
    if (parts) {
      parts.keepPlace();
      parts.setupFolds();
      parts.setupOfflinePage();
    }
    window.setTimeout(function () {
      nameSearchDialog();
      if (parts) {
        try {
          parts.offline();
        } catch (e) {
          // offline reading is extra: the page works without it
        }
      }
      document.documentElement.setAttribute("data-site-ready", "1");
    }, 0);
  }

  if (document.readyState === "loading") {
    // once: the theme's bundle, loaded on demand, sends DOMContentLoaded again
    // (overrides/partials/javascripts/theme.html)
    document.addEventListener("DOMContentLoaded", init, { once: true });
  } else {
    init();
  }
})();
