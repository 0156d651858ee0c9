/* "My edition", applied before the page is drawn (loaded in <head>, no dependencies).
 *
 * The reader's edition is kept in localStorage ("monopoly.edition"). A link with
 * ?edition=<id> sets it (?edition= or ?edition=none clears it), except on a calculator
 * link (?calc=...), where "edition" is the calculator's field. The choice is written
 * to <html data-my-edition="<id>">; docs/assets/site.css and site.js do the rest.
 * The editions offered come from this script tag's data-editions attribute.
 *
 * The house rules of 000 the table plays ("monopoly.house", ids comma-separated, the
 * engine's own: data-house-rules) work the same way: ?house=<id>,<id> sets them (ids
 * this site does not know are left out; a link naming none it knows changes nothing),
 * ?house= or ?house=none clears them; <html data-my-house="<id> <id>"> shows them.
 */
(function () {
  "use strict";
  var KEY = "monopoly.edition";
  var HOUSE_KEY = "monopoly.house";
  var script = document.currentScript;
  var ids = ((script && script.getAttribute("data-editions")) || "").split(" ");
  var houseIds = ((script && script.getAttribute("data-house-rules")) || "").split(" ")
    .filter(Boolean);

  // Known house-rule ids in the site's own order, each once.
  function knownHouse(text) {
    var wanted = String(text || "").split(/[\s,]+/);
    return houseIds.filter(function (id) { return wanted.indexOf(id) >= 0; });
  }

  var chosen = null;
  var house = [];
  try {
    var query = new URLSearchParams(location.search);
    if (!query.has("calc")) {
      if (query.has("edition")) {
        var wanted = query.get("edition");
        if (ids.indexOf(wanted) >= 0) {
          localStorage.setItem(KEY, wanted);
        } else if (wanted === "" || wanted === "none") {
          localStorage.removeItem(KEY);
        }
      }
      if (query.has("house")) {
        var asked = query.get("house").trim();
        var known = knownHouse(asked);
        if (known.length) {
          localStorage.setItem(HOUSE_KEY, known.join(","));
        } else if (asked === "" || asked === "none") {
          localStorage.removeItem(HOUSE_KEY);
        }
      }
    }
    chosen = localStorage.getItem(KEY);
    house = knownHouse(localStorage.getItem(HOUSE_KEY));
  } catch (e) {
    chosen = null; // storage refused (private mode, sandbox): the page compares all editions
    house = [];
  }
  // Controls only a script serves (the clauses' copy buttons, in the built page) show from
  // the first paint: docs/assets/site.css hides them without this mark.
  document.documentElement.setAttribute("data-site-js", "");
  if (chosen && ids.indexOf(chosen) >= 0) {
    document.documentElement.setAttribute("data-my-edition", chosen);
  }
  if (house.length) {
    document.documentElement.setAttribute("data-my-house", house.join(" "));
  }
})();
