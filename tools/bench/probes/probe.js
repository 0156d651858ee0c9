(() => {
  if (window.__perf) return;
  const B = window.__perf = { marks: {}, longtasks: [], loafs: [], worker: {} };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch (err) { B.noLongtask = String(err); }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        B.loafs.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
          styleLayout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: (e.scripts || []).map((s) => ({ url: s.sourceURL || "", fn: s.sourceFunctionName || "",
            invoker: s.invoker || "", type: s.invokerType || "", start: s.startTime,
            duration: s.duration, compile: s.executionStart ? s.executionStart - s.startTime : 0 })) });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch (err) { B.noLoaf = String(err); }
  // Follow the calculators' worker: when it starts and what it reports.
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    window.Worker = class extends NativeWorker {
      constructor(url, opts) {
        super(url, opts);
        if (!/\/worker\.mjs/.test(String(url))) return;
        B.marks.worker_created = B.marks.worker_created || performance.now();
        this.addEventListener("message", (ev) => {
          const d = ev.data || {};
          const now = performance.now();
          if (d.type === "result") {
            B.lastResult = now;
            B.lastCompute = d.ms;
            // when the worker posted it, on this page's clock (before a busy page read it)
            B.lastPosted = typeof d.at === "number" ? d.at - performance.timeOrigin : null;
          }
          const key = d.type === "progress" || d.type === "timing" ? `worker_${d.stage}`
            : d.type === "ready" ? "worker_ready" : null;
          // when it happened in the worker (its own clock), not when the busy page read it
          const at = typeof d.at === "number" ? d.at - performance.timeOrigin : now;
          if (key && !(key in B.marks)) B.marks[key] = at;
        });
      }
    };
  }
  const watch = new MutationObserver(() => {
    const html = document.documentElement;
    if (html && html.dataset.calculators === "ready" && !("boot" in B.marks)) B.marks.boot = performance.now();
  });
  watch.observe(document, { attributes: true, subtree: true, attributeFilter: ["data-calculators"] });
})();
