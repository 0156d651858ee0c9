// The calculators' runtime starter, inlined by hooks/render/render_calculator.py (runtime_starter)
// where the first calculator of a page begins. Its values come from the script element's
// own attributes: data-assets (JSON: worker, pyodide, engine, stdlib URLs) and data-eager ("true":
// start at once). The build joins the lines into one (one HTML block in the Markdown) and
// drops these whole-line // comments, so write no comment after code on a line.
// It defines how the runtime starts (one module worker, plus the page compiling
// pyodide.asm.wasm and posting the module to it, see worker.mjs) and starts it at once for
// shared links (?calc=); elsewhere calculators.mjs starts it on the first interaction.
(function () {
  var me = document.currentScript;
  var A = JSON.parse(me.getAttribute("data-assets")), eager = me.getAttribute("data-eager") === "true";
  function supported() {
    if (typeof Worker === "undefined" || typeof WebAssembly !== "object" || typeof URL === "undefined") return false;
    var ok = false;
    try { new Worker("http://[", { get type() { ok = true; return "module"; } }).terminate(); } catch (e) {}
    return ok;
  }
  window.__monopolyStartRuntime = function () {
    var rt = window.__monopolyRuntime;
    if (rt) return rt;
    rt = window.__monopolyRuntime = { worker: null, events: [], error: null };
    if (!supported()) { rt.error = "unsupported"; return rt; }
    try {
      var base = document.baseURI, pyodide = new URL(A.pyodide, base).href;
      var w = new Worker(new URL(A.worker, base), { type: "module", name: "monopoly-calculators" });
      var keep = function (e) { if (rt.events) { if (e.type === "error") e.preventDefault(); rt.events.push(e); } };
      w.addEventListener("message", keep);
      w.addEventListener("error", keep);
      w.addEventListener("messageerror", keep);
      rt.worker = w;
      w.postMessage({ type: "init", pyodideURL: pyodide, engineURL: new URL(A.engine, base).href, stdlibURL: A.stdlib ? new URL(A.stdlib, base).href : null, wasm: true });
      var send = function (m) { w.postMessage({ type: "wasm", module: m || null }); };
      try {
        WebAssembly.compileStreaming(fetch(pyodide + "pyodide.asm.wasm")).then(send, function () { send(null); });
      } catch (e) { send(null); }
    } catch (e) { rt.error = "unsupported"; }
    return rt;
  };
  if (eager || /[?&]calc=/.test(location.search)) window.__monopolyStartRuntime();
})();
