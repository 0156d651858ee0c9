(() => {
  const B = window.__perf;
  const act = () => {
    const section = document.querySelector("section.calc[data-calc]");
    if (!section) { B.error = "no calculator"; return; }
    B.calc = { id: section.id, top: section.getBoundingClientRect().top, viewport: innerHeight };
    const field = section.querySelector("select[data-key=buildings]")
      || [...section.querySelectorAll("select[data-key]")].find((s) => s.dataset.key !== "edition" && s.options.length > 1);
    const other = [...field.options].map((o) => o.value).filter((v) => v !== field.value);
    field.value = other[other.length - 1];
    const result = section.querySelector(".calc-result");
    const done = new MutationObserver(() => {
      if (result.dataset.source === "live" && section.dataset.computed && !section.hasAttribute("aria-busy")) {
        B.marks.answered = performance.now();
        done.disconnect();
      }
    });
    done.observe(section, { attributes: true, subtree: true, attributeFilter: ["data-computed", "data-source", "aria-busy"] });
    B.marks.input = performance.now();
    field.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const wait = new MutationObserver(() => {
    if (document.documentElement.dataset.calculators === "ready") { wait.disconnect(); act(); }
  });
  wait.observe(document, { attributes: true, subtree: true, attributeFilter: ["data-calculators"] });
})();
