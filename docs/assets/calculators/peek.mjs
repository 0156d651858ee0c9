// The answer at the foot of the screen while the form fills it.
//
// On a phone a calculator's form is two screens tall and its answer comes after it: a
// player who changes the square at the top would have to scroll past every other field to
// see what changed. While any of the form is on screen and the answer's first line is below
// it, that line (the headline, an error's summary, or the note that says the answer is not
// yet the one for the inputs) stands in a bar at the bottom; tapping it goes to the answer.
// It mirrors the result area's own text (the presenter's, or the build's): it formats and
// writes nothing of its own.

const LINE = ":scope > .calc-stale, .calc-headline, .calc-error-summary";

/**
 * Give one calculator section its bar (idempotent).
 * @param {HTMLElement} section `section.calc` (overrides/fragments/calculators/section.html)
 */
export function peek(section) {
  const form = section.querySelector("form.calc-form");
  const result = section.querySelector(".calc-result");
  if (!form || !result || section.querySelector(".calc-peek")) return;
  result.id ||= `${section.id}-result`;
  const bar = document.createElement("a");
  bar.className = "calc-peek";
  bar.href = `#${result.id}`;
  bar.hidden = true;
  bar.dataset.for = section.id;
  const words = bar.appendChild(document.createElement("span"));
  words.className = "calc-peek-text";
  result.after(bar);

  let formSeen = false;
  let answerBelow = false;
  const update = () => {
    const first = result.querySelector(LINE);
    const text = first ? first.textContent.trim() : "";
    if (words.textContent !== text) words.textContent = text;
    const show = formSeen && answerBelow && text !== "";
    if (show) place();
    if (bar.hidden === show) bar.hidden = !show;
  };
  // under the calculator's column on a wide screen (calculators.css reads these)
  const place = () => {
    const box = section.getBoundingClientRect();
    bar.style.setProperty("--peek-left", `${Math.round(box.left)}px`);
    bar.style.setProperty("--peek-width", `${Math.round(box.width)}px`);
  };
  window.addEventListener("resize", () => { if (!bar.hidden) place(); }, { passive: true });
  // Observers only (no scroll handler): the answer counts as below while its top has not
  // come up past the bar's height above the screen's bottom edge.
  new IntersectionObserver((entries) => {
    formSeen = entries[entries.length - 1].isIntersecting;
    update();
  }).observe(form);
  new IntersectionObserver((entries) => {
    const last = entries[entries.length - 1];
    answerBelow = !last.isIntersecting && last.boundingClientRect.top > 0;
    update();
  }, { rootMargin: "0px 0px -48px 0px" }).observe(result);
  new MutationObserver(update).observe(result, { childList: true, subtree: true, characterData: true });
  bar.addEventListener("click", (e) => {
    e.preventDefault();
    bar.hidden = true;
    result.scrollIntoView({ block: "start", behavior: "smooth" });
  });
  update();
}
