// "My edition" in the page's lists, beside site.js (whose applyEdition calls apply(edition)
// after it has put every folded piece back, restoreClauses; the helpers are site.js's,
// window.__site):
// - /disputes/: in each dispute the reader's edition's answer first, in its own words (its
//   name, its booklet), the other answers folded behind one line;
// - worked examples standing together: the reader's edition's first; on /examples/ the
//   other editions' examples of a chapter fold behind one line, and "Previous" and "Next"
//   lead through those in view.
(function () {
  "use strict";

  var site = window.__site;

  // A dispute's rows (hooks/render/render_disputes.py: a row per answer, with the editions
  // that give it). A dispute none of whose answers is the edition's (the card game's) stays
  // as it is.
  function applyDisputes(edition) {
    Array.prototype.forEach.call(document.querySelectorAll(".dispute ul.dispute-rows"), function (list) {
      var rows = Array.prototype.filter.call(list.children, function (li) { return li.matches(".dispute-row"); });
      // (removing a class the row lacks would still rewrite its class attribute)
      rows.forEach(function (li) { if (li.classList.contains("dispute-mine")) { li.classList.remove("dispute-mine"); } });
      var says = function (attr) {
        return rows.filter(function (li) {
          return edition && (li.getAttribute(attr) || "").split(" ").indexOf(edition) >= 0;
        });
      };
      // the edition's own answer; where it has none, its game mode's (data-about: the speed
      // die's disputes are the modern Dutch edition's, played with that die)
      var mine = says("data-editions");
      if (!mine.length) { mine = says("data-about"); }
      if (!mine.length) { return; }
      mine.slice().reverse().forEach(function (li) {
        site.moveAway(li, list);
        list.insertBefore(li, list.firstChild);
        li.classList.add("dispute-mine");
      });
      // the editions that share the reader's answer go on as a row of their own in the fold
      var rest = mine.map(function (li) { return splitRow(li, edition); }).filter(Boolean);
      var others = rest.concat(rows.filter(function (li) { return mine.indexOf(li) < 0; }));
      if (!others.length) { return; }
      // the others may give the very answer on the same ground (the line says all agree),
      // or on another (the booklet's word, a ruling): then not that they say something else
      var answer = function (li) { return li.querySelector(".dispute-answer").textContent.trim(); };
      var ground = function (li) { return li.getAttribute("data-basis"); };
      var sameAnswer = others.every(function (li) { return answer(li) === answer(mine[0]); });
      var sameGround = others.every(function (li) { return ground(li) === ground(mine[0]); });
      var line = !sameAnswer ? "site:other-items" : sameGround ? "site:all-agree" : "site:same-items";
      var fold = site.makeFold("dispute-others ed-fold-made", line, "ul", "dispute-rows");
      list.parentNode.insertBefore(fold.details, list.nextSibling);
      rest.forEach(function (li) { fold.body.appendChild(li); });
      others.slice(rest.length).forEach(function (li) { site.moveAway(li, fold.body); });
    });
  }

  // A row several editions share (data-rest-<edition>, the build's words for the others):
  // it names the reader's edition alone and cites its booklet alone; a copy with the others'
  // names and booklets is given back for the fold (removed with the fold, .ed-fold-made).
  function splitRow(li, edition) {
    var rest = li.getAttribute("data-rest-" + edition);
    if (!rest) { return null; }
    var copy = li.cloneNode(true);
    copy.classList.remove("dispute-mine");
    copy.classList.add("ed-fold-made");
    copy.setAttribute("data-editions", li.getAttribute("data-editions").split(" ")
      .filter(function (id) { return id !== edition; }).join(" "));
    copy.querySelector(".dispute-ed").textContent = rest;
    Array.prototype.forEach.call(copy.querySelectorAll('.dispute-cite[data-for="' + edition + '"]'), function (c) {
      var sep = c.nextElementSibling && c.nextElementSibling.matches(".dispute-cite-sep")
        ? c.nextElementSibling : c.previousElementSibling;
      if (sep && sep.matches(".dispute-cite-sep")) { sep.remove(); }
      c.remove();
    });
    var label = li.querySelector(".dispute-ed");
    var alone = document.createElement("span");
    alone.className = "dispute-ed ed-fold-made";
    alone.textContent = li.getAttribute("data-alone-" + edition);
    label.parentNode.insertBefore(alone, label);
    label.classList.add("ed-away");
    Array.prototype.forEach.call(li.querySelectorAll(".dispute-cite, .dispute-cite-sep"), function (c) {
      if (c.getAttribute("data-for") !== edition) { c.classList.add("ed-away"); }
    });
    return copy;
  }

  // Examples standing together (under a clause; a chapter's on /examples/): the reader's
  // edition's first (a mode's counts as its edition's: data-about).
  function applyExamples(edition) {
    var seen = [];
    Array.prototype.forEach.call(document.querySelectorAll(".worked-example[data-edition]"), function (ex) {
      var parent = ex.parentNode;
      if (seen.indexOf(parent) >= 0) { return; }
      seen.push(parent);
      var groups = [];
      var run = [];
      Array.prototype.forEach.call(parent.children, function (el) {
        if (el.matches(".worked-example[data-edition]")) { run.push(el); return; }
        if (el.matches("[data-order-keep]")) { return; }
        if (run.length) { groups.push(run); run = []; }
      });
      if (run.length) { groups.push(run); }
      groups.forEach(function (run) {
        run.forEach(function (el, i) {  // the build's order, before any example folds
          if (!el.hasAttribute("data-order")) { el.setAttribute("data-order", String(i)); }
        });
        var items = foldOtherExamples(run, edition);
        if (items.length < 2) { return; }
        var sorted = items.slice().sort(function (a, b) {
          var am = edition && a.getAttribute("data-about") === edition ? 0 : 1;
          var bm = edition && b.getAttribute("data-about") === edition ? 0 : 1;
          return am - bm || (+a.getAttribute("data-order")) - (+b.getAttribute("data-order"));
        });
        // already in that order (always, without a choice): nothing is moved, since moving
        // an example re-lays it out (most of a rule page's loading task on a slow phone)
        if (sorted.every(function (el, i) { return el === items[i]; })) { return; }
        var marker = document.createComment("examples");
        parent.insertBefore(marker, items[items.length - 1].nextSibling);
        sorted.forEach(function (el) { parent.insertBefore(el, marker); });
        parent.removeChild(marker);
      });
    });
  }

  // On /examples/ (open boxes; under a clause they fold with its other editions, site.js
  // foldClause): the other editions' examples of a chapter fold behind one line after the
  // reader's. A game of its own (the card game) is nobody's other edition and stays. Gives
  // those left.
  function foldOtherExamples(items, edition) {
    var others = !edition || items[0].matches("details, .ed-fold-body *") ? [] : othersOf(items, edition);
    if (!others.length) { return items; }
    var fold = othersFold(others.length);
    var last = items[items.length - 1];
    last.parentNode.insertBefore(fold.details, last.nextSibling);
    others.forEach(function (el) { site.moveAway(el, fold.body); });
    return items.filter(function (el) { return others.indexOf(el) < 0; });
  }

  // Of examples (or the index's rows, data-about), those of another main edition than the
  // reader's: a game of its own (the card game) is nobody's other edition.
  function othersOf(els, edition) {
    var mains = Array.prototype.map.call(
      document.querySelectorAll("#my-ed-select option:not([value=''])"), function (o) { return o.value; });
    return els.filter(function (el) {
      return site.about(el).indexOf(edition) < 0 && mains.indexOf(site.about(el)[0]) >= 0;
    });
  }

  // The closed line the other editions' examples fold behind, counting them.
  function othersFold(count) {
    var fold = site.makeFold("ed-others ed-fold-made", "site:other-examples", "div", "ed-fold-body");
    fold.details.querySelector("summary").textContent =
      site.metaText("site:other-examples").replace("{count}", String(count));
    return fold;
  }

  // /examples/'s index (every example by chapter, example/index.html) with a choice: the
  // other editions' rows fold into a table of their own behind one line that counts them,
  // each chapter's heading going with its rows (a chapter none of whose rows is left keeps
  // its heading only in the fold), as the chapters below fold their examples.
  function foldIndex(edition) {
    var table = document.querySelector(".examples-index table");
    if (!edition || !table) { return; }
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var others = othersOf(rows, edition);  // (a chapter's heading row is about no edition)
    if (!others.length) { return; }
    var fold = othersFold(others.length);
    var copy = table.cloneNode(false);
    copy.appendChild(table.tHead.cloneNode(true));
    var body = copy.appendChild(document.createElement("tbody"));
    // in Material's scrolling wrappers, as the table itself (never wider than the column)
    var outer = table;
    var inside = copy;
    for (var up = table.parentNode; up.matches(".md-typeset__table, .md-typeset__scrollwrap"); up = up.parentNode) {
      var shell = up.cloneNode(false);
      shell.appendChild(inside);
      inside = shell;
      outer = up;
    }
    fold.body.appendChild(inside);
    outer.parentNode.insertBefore(fold.details, outer.nextSibling);
    var topic = null;
    var copied = null;
    rows.forEach(function (tr) {
      if (tr.classList.contains("example-topic")) { topic = tr; copied = null; return; }
      if (others.indexOf(tr) < 0) { return; }
      if (topic && !copied) { copied = body.appendChild(topic.cloneNode(true)); }
      site.moveAway(tr, body);
    });
    // a chapter heading left without rows in the reader's table
    rows.forEach(function (tr) {
      if (!tr.classList.contains("example-topic")) { return; }
      var next = tr.nextElementSibling;
      if (!next || next.classList.contains("example-topic")) { tr.classList.add("ed-away"); }
    });
  }

  // /examples/ with a choice: "Previous" and "Next" under each example in view lead to the
  // one before and after it among those in view (the build's lead through every edition's;
  // it stays, out of view, and comes back without a choice).
  function chainExamples(edition) {
    if (!edition) { return; }
    var shown = Array.prototype.filter.call(document.querySelectorAll("div.worked-example[data-title]"),
      function (ex) { return !ex.closest(".ed-fold-body"); });
    var words = { prev: site.metaText("site:example-previous"), next: site.metaText("site:example-next") };
    shown.forEach(function (ex, i) {
      var nav = ex.querySelector(".example-nav");
      if (!nav) { return; }
      var made = nav.cloneNode(false);  // its class and translated label
      made.classList.add("ed-fold-made");
      [["prev", shown[i - 1]], ["next", shown[i + 1]]].forEach(function (pair) {
        if (!pair[1]) { return; }
        if (made.firstChild) {
          var dot = document.createElement("span");
          dot.setAttribute("aria-hidden", "true");
          dot.textContent = "·";
          made.append(" ", dot, " ");
        }
        var a = document.createElement("a");
        a.className = "example-" + pair[0];
        a.rel = pair[0];
        a.href = "#" + pair[1].id;
        a.textContent = words[pair[0]].replace("{title}", pair[1].getAttribute("data-title"));
        made.appendChild(a);
      });
      nav.parentNode.insertBefore(made, nav);
      nav.classList.add("ed-away");
    });
  }

  window.__siteLists = {
    apply: function (edition) {
      applyDisputes(edition);
      applyExamples(edition);
      foldIndex(edition);
      chainExamples(edition);
    }
  };
})();
