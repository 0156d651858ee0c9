async (changes) => {
  const sections = [...document.querySelectorAll("section.calc[data-calc]")];
  const plan = sections.map((section) => {
    const field = section.querySelector("select[data-key=buildings]")
      || [...section.querySelectorAll("select[data-key]")].find((s) => s.dataset.key !== "edition"
           && s.options.length > 1 && !s.closest("[hidden]"));
    return { section, field, values: [...field.options].map((o) => o.value) };
  });
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  // The floor: a message to a worker that computes nothing, and back.
  // (a file of the site's origin: the pages' policy refuses workers from blob: URLs)
  const echo = new Worker("/__bench__/echo.js");
  const ping = () => new Promise((resolve) => {
    const t0 = performance.now();
    echo.onmessage = () => resolve(performance.now() - t0);
    echo.postMessage(0);
  });
  await ping();
  const out = [];
  for (let i = 0; i < changes; i++) {
    const { section, field, values } = plan[i % plan.length];
    const before = section.dataset.computed || "";
    const next = values[(values.indexOf(field.value) + 1) % values.length];
    // as a player does: the field is on screen before it changes (the scroll's own
    // frames are not part of the answer's time)
    field.scrollIntoView({ block: "center", behavior: "instant" });
    await frame();
    await frame();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const updated = new Promise((resolve) => {
      const mo = new MutationObserver(() => {
        if ((section.dataset.computed || "") !== before && !section.hasAttribute("aria-busy")) {
          mo.disconnect();
          resolve(performance.now());
        }
      });
      mo.observe(section, { attributes: true, attributeFilter: ["data-computed", "aria-busy"] });
    });
    field.value = next;
    const t0 = performance.now();
    field.dispatchEvent(new Event("change", { bubbles: true }));
    const t1 = await updated;
    const tm = window.__perf.lastResult || t1;
    const python = window.__perf.lastCompute;
    const posted = window.__perf.lastPosted;
    const t2 = await frame();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const message = await ping();
    out.push({ kind: section.dataset.calc, field: field.dataset.key, dom: t1 - t0, frame: t2 - t0,
               worker: tm - t0, render: t1 - tm, python: typeof python === "number" ? python : null,
               posted: typeof posted === "number" ? posted - t0 : null, message });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  echo.terminate();
  return out;
}
