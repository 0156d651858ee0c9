/* "My edition", applied before the page is drawn (loaded in <head>, no dependencies).
 *
 * The reader's edition is kept in localStorage ("monopoly.edition"). A link with
 * ?edition=<id> sets it (?edition= or ?edition=none clears it), except on a calculator
 * link (?calc=...), where "edition" is the calculator's field. The choice is written
 * to <html data-my-edition="<id>">; docs/assets/site.css and site.js do the rest.
 * The editions offered come from this script tag's data-editions attribute.
 */
(function () {
  "use strict";
  var KEY = "monopoly.edition";
  var script = document.currentScript;
  var ids = ((script && script.getAttribute("data-editions")) || "").split(" ");
  var chosen = null;
  try {
    var query = new URLSearchParams(location.search);
    if (query.has("edition") && !query.has("calc")) {
      var wanted = query.get("edition");
      if (ids.indexOf(wanted) >= 0) {
        localStorage.setItem(KEY, wanted);
      } else if (wanted === "" || wanted === "none") {
        localStorage.removeItem(KEY);
      }
    }
    chosen = localStorage.getItem(KEY);
  } catch (e) {
    chosen = null; // storage refused (private mode, sandbox): the page compares all editions
  }
  if (chosen && ids.indexOf(chosen) >= 0) {
    document.documentElement.setAttribute("data-my-edition", chosen);
  }
})();
