// Module Web Worker: one Python interpreter (Pyodide) for every calculator on a page.
//
// Protocol (messages are plain objects):
//   page -> worker  {type: "init", pyodideURL, engineURL}     start loading (once)
//   worker -> page  {type: "progress", stage}                  "runtime" | "engine"
//   worker -> page  {type: "ready"} | {type: "failed", reason}  reason: "runtime" | "engine"
//   page -> worker  {type: "calc", id, kind, request}
//   worker -> page  {type: "result", id, json}                 engine.api.calculate_json's answer
//   worker -> page  {type: "result", id, failure, detail}      the call itself broke (a bug)
//
// Everything comes from the site's own origin: the Pyodide core files under
// assets/pyodide/ and the engine as assets/engine.zip, both copied there by
// hooks/pyodide_assets.py at build time.

const ENGINE_DIR = "/home/pyodide/monopoly-engine";

let started = null; // Promise of the engine.api.calculate_json function

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function start(pyodideURL, engineURL) {
  postMessage({ type: "progress", stage: "runtime" });
  // Fetch the engine while the runtime boots: both are needed, neither waits on the other.
  const engineBytes = fetchBytes(engineURL);
  engineBytes.catch(() => {}); // handled below; never an unhandled rejection
  let pyodide;
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideURL).href);
    pyodide = await loadPyodide({ indexURL: pyodideURL, stdout: () => {}, stderr: () => {} });
  } catch (err) {
    throw Object.assign(new Error(String(err && err.message || err)), { reason: "runtime" });
  }
  postMessage({ type: "progress", stage: "engine" });
  try {
    pyodide.unpackArchive(await engineBytes, "zip", { extractDir: ENGINE_DIR });
    pyodide.runPython(
      `import sys\nif ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`,
    );
    const api = pyodide.pyimport("engine.api");
    return api.calculate_json;
  } catch (err) {
    throw Object.assign(new Error(String(err && err.message || err)), { reason: "engine" });
  }
}

self.addEventListener("message", async (event) => {
  const msg = event.data || {};
  if (msg.type === "init") {
    if (started) return;
    started = start(msg.pyodideURL, msg.engineURL);
    started.then(
      () => postMessage({ type: "ready" }),
      (err) => postMessage({ type: "failed", reason: err.reason || "runtime", detail: String(err.message) }),
    );
    return;
  }
  if (msg.type === "calc") {
    if (!started) {
      postMessage({ type: "result", id: msg.id, failure: "not-started" });
      return;
    }
    let calculate;
    try {
      calculate = await started;
    } catch (err) {
      postMessage({ type: "result", id: msg.id, failure: "not-started" });
      return;
    }
    try {
      const json = calculate(String(msg.kind), JSON.stringify(msg.request));
      postMessage({ type: "result", id: msg.id, json: String(json) });
    } catch (err) {
      postMessage({ type: "result", id: msg.id, failure: "internal", detail: String(err && err.message || err) });
    }
  }
});
