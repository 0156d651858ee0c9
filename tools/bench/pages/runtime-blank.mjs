// The calculators' own runtime on a blank page (tools/bench/server.py runtime_blank_page):
// once the worker is ready, ask it for the rent calculator's default answer (the request
// is in the page's <script type="application/json" id="bench-request">).
const worker = window.__monopolyRuntime.worker;
const request = JSON.parse(document.getElementById("bench-request").textContent);
worker.addEventListener("message", (e) => {
  const d = e.data || {};
  if (d.type === "ready") worker.postMessage({ type: "calc", id: 1, kind: "rent", request });
  if (d.type === "result" && d.id === 1) window.__perf.marks.answered = performance.now();
});
