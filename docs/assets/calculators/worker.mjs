// Module Web Worker: one Python interpreter (Pyodide) for every calculator on a page.
//
// Protocol (messages are plain objects):
//   page -> worker  {type: "init", pyodideURL, engineURL, stdlibURL, wasm}  start loading
//                   (once); stdlibURL: the standard library with its ?v= hash (null: the
//                   file next to pyodideURL); wasm: true when a "wasm" message follows
//   page -> worker  {type: "wasm", module}     pyodide.asm.wasm compiled by the page, or null
//   page -> worker  {type: "warm", kinds}      the page's calculators: import their modules
//                                              once ready, between requests
//   worker -> page  {type: "progress", stage}                  "runtime" | "engine"
//   worker -> page  {type: "ready"} | {type: "failed", reason}  reason: "runtime" | "engine"
//   page -> worker  {type: "context", json}    the page's language context (JSON text: its
//                                              messages, plural rules, clause links), once
//   page -> worker  {type: "calc", id, kind, request}
//   worker -> page  {type: "result", id, answer, ms, at}       present.api.answer's JSON: the
//                   result's (or error's) HTML, the field an error belongs to, the
//                   canonical query string (ms: time spent in Python; at: when it was
//                   posted, the worker's clock as below). Without a context
//                   (a bare runtime, ./dev bench): {type: "result", id, json, ms}, the
//                   engine's own answer (engine.api.calculate_json).
//   worker -> page  {type: "result", id, failure, detail}      the call itself broke (a bug)
//   worker -> page  {type: "timing", stage, at}                "started" | "wasm" |
//                   "snapshot_restored" | "snapshot_kept": when this worker's module ran,
//                   when the page's compiled WebAssembly arrived, when Python was restored
//                   from a memory snapshot, when a new snapshot was kept
//
// "progress", "ready", "timing" and "result" carry ``at``: the worker's own clock (ms since the epoch,
// performance.timeOrigin + now), so ./dev bench can tell when a step happened in the worker
// from when a busy page got round to reading the message.
//
// Everything comes from the site's own origin: the Pyodide core files and the trimmed,
// precompiled standard library (python_stdlib-engine.zip: bytecode, so a cold boot compiles
// no standard library source; tools/pyodide_pyc.mjs) under assets/pyodide/ and the engine as
// assets/engine.zip, all written there by hooks/runtime/pyodide_assets.py at build time.
//
// Why the page compiles the WebAssembly (measured with ./dev bench, see the performance
// page): Chromium keeps a code cache for compiled WebAssembly, but a module compiled inside
// a worker comes back from that cache incomplete, so every visit recompiled a few hundred
// functions on the spot and a few thousand more in the background (about 300 ms of CPU
// on a 2-core machine). The page's own streaming compile gets the complete cache; a
// WebAssembly.Module can be posted to a worker, so Pyodide instantiates that one instead
// of fetching and compiling pyodide.asm.wasm a second time. The page sends null when it
// could not compile (then Pyodide fetches the file itself, as before).

const ENGINE_DIR = "/home/pyodide/monopoly-engine";
const now = () => performance.timeOrigin + performance.now();
postMessage({ type: "timing", stage: "started", at: now() });
const WASM_FILE = "pyodide.asm.wasm";
const STDLIB_FILE = "python_stdlib-engine.zip";

let started = null; // Promise of the engine.api.calculate_json function
let gotModule;
const pageModule = new Promise((resolve) => {
  gotModule = resolve;
});

// Pyodide fetches pyodide.asm.wasm and compiles it with instantiateStreaming: use the
// page's module instead (no second download, no second compile).
const nativeFetch = self.fetch.bind(self);
const nativeInstantiateStreaming = WebAssembly.instantiateStreaming;
self.fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (!String(url).endsWith(`/${WASM_FILE}`)) return nativeFetch(input, init);
  return pageModule.then((module) => (module
    ? new Response(new ArrayBuffer(0), { headers: { "Content-Type": "application/wasm" } })
    : nativeFetch(input, init)));
};
WebAssembly.instantiateStreaming = async (source, imports) => {
  const module = await pageModule;
  postMessage({ type: "timing", stage: "wasm", at: now() });
  if (!module) return nativeInstantiateStreaming.call(WebAssembly, source, imports);
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

async function fetchBytes(url) {
  const response = await nativeFetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// Import engine.api without running engine/__init__.py (which adds the package's Python
// helpers); engine.api itself imports every calculation module (plain imports), so the
// "warm" step below has nothing left to import and only confirms the kind. The presenter
// (present/, in the same archive; every answer goes through it) is imported by the first
// warm step after "ready", or by the first answer if that comes sooner: measured in Node,
// its import costs about 35 ms on a cold boot, which "ready" does not wait for (a restored
// snapshot holds it already).
const IMPORT_ENGINE = `
import sys, types
if "engine" not in sys.modules:
    _package = types.ModuleType("engine")
    _package.__path__ = [${JSON.stringify(`${ENGINE_DIR}/engine`)}]
    _package.__package__ = "engine"
    sys.modules["engine"] = _package
import engine.api
if "present" not in sys.modules:
    _present = types.ModuleType("present")
    _present.__path__ = [${JSON.stringify(`${ENGINE_DIR}/present`)}]
    _present.__package__ = "present"
    sys.modules["present"] = _present

_monopoly_context = None


def _monopoly_warm(kind):
    if kind == "present":
        import present.api
        return True
    return kind in engine.api.KINDS


def _monopoly_set_context(text):
    global _monopoly_context
    import present.api
    _monopoly_context = present.api.load_context(text)


def _monopoly_answer(kind, text):
    import present.api
    return present.api.answer(kind, text, _monopoly_context)
`;

// Memory snapshot (Pyodide's experimental _makeSnapshot / makeMemorySnapshot /
// _loadSnapshot, pinned with the package): the first boot in this browser makes one once
// the engine is imported and keeps it in Cache Storage; later boots restore Python's
// memory from it instead of starting the interpreter and importing the engine again
// (measured in Node on this machine: restore about a tenth of a plain boot). Keyed by the
// Pyodide version, the engine's hash (engine.zip?v=) and the standard library's hash
// (python_stdlib-engine.zip?v=: the snapshot holds zipimport's table of that very file), so
// a new runtime, engine or library never restores an old state; anything wrong -> a plain
// boot.
const SNAPSHOT_CACHE = "pyodide-snapshot-v1";
let snapshot = null; // {key, make: bool} for this boot

function snapshotKey(pyodideURL, engineURL, stdlibURL, version) {
  const engine = new URL(engineURL).searchParams.get("v") || "none";
  const stdlib = new URL(stdlibURL).searchParams.get("v") || "none";
  return new URL(`__snapshot__/${version}/${engine}/${stdlib}/${STDLIB_FILE}`, pyodideURL).href;
}

async function readSnapshot(key) {
  try {
    if (!self.caches) return null;
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(key);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (err) {
    return null; // no Cache Storage here (private mode, file:): boot plainly
  }
}

// Once the page's calculators are warm: import every calculation module, take the
// snapshot and keep it (replacing any older one). Runs once, between requests.
function keepSnapshot(pyodide, runtime) {
  if (!snapshot || !snapshot.make || snapshot.taken) return;
  snapshot.taken = true;
  try {
    for (const kind of ["present", "rent", "check_build", "income_tax", "jail", "mortgage", "score", "odds"]) runtime.warm(kind);
    const bytes = pyodide.makeMemorySnapshot();
    caches.open(SNAPSHOT_CACHE).then(async (cache) => {
      for (const old of await cache.keys()) await cache.delete(old);
      await cache.put(snapshot.key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
      postMessage({ type: "timing", stage: "snapshot_kept", at: now() });
    }).catch(() => {});
  } catch (err) {
    // the snapshot is an optimisation: without it the next visit boots plainly
  }
}

async function start(pyodideURL, engineURL, stdlibURL) {
  postMessage({ type: "progress", stage: "runtime", at: now() });
  // Fetch the engine while the runtime boots: both are needed, neither waits on the other.
  const engineBytes = fetchBytes(engineURL);
  engineBytes.catch(() => {}); // handled below; never an unhandled rejection
  let pyodide;
  try {
    const { loadPyodide, version } = await import(new URL("pyodide.mjs", pyodideURL).href);
    // The trimmed standard library (only what the engine imports, as bytecode,
    // hooks/runtime/pyodide_assets.py): 1.0 MB instead of the package's 2.5 MB python_stdlib.zip.
    const stdLibURL = stdlibURL || new URL(STDLIB_FILE, pyodideURL).href;
    const options = {
      indexURL: pyodideURL,
      stdLibURL,
      stdout: () => {},
      stderr: () => {},
    };
    const key = snapshotKey(pyodideURL, engineURL, stdLibURL, version);
    const saved = await readSnapshot(key);
    if (saved) {
      try {
        pyodide = await loadPyodide({ ...options, _loadSnapshot: saved });
        snapshot = { key, make: false };
        postMessage({ type: "timing", stage: "snapshot_restored", at: now() });
      } catch (err) {
        pyodide = null; // a broken or foreign snapshot: boot plainly below
      }
    }
    if (!pyodide) {
      const canKeep = typeof self.caches === "object" && self.caches !== null;
      pyodide = await loadPyodide({ ...options, _makeSnapshot: canKeep });
      snapshot = { key, make: canKeep };
    }
  } catch (err) {
    throw Object.assign(new Error(String(err && err.message || err)), { reason: "runtime" });
  }
  postMessage({ type: "progress", stage: "engine", at: now() });
  try {
    pyodide.unpackArchive(await engineBytes, "zip", { extractDir: ENGINE_DIR });
    pyodide.runPython(IMPORT_ENGINE);
    const api = pyodide.pyimport("engine.api");
    const g = pyodide.globals;
    return { pyodide, calculate: api.calculate_json, warm: g.get("_monopoly_warm"),
      setContext: g.get("_monopoly_set_context"), answer: g.get("_monopoly_answer") };
  } catch (err) {
    throw Object.assign(new Error(String(err && err.message || err)), { reason: "engine" });
  }
}

// Once ready, import the calculation modules of the page's calculators one task at a
// time, so the first answer of each is as quick as the rest; requests are served between.
const toWarm = [];
let warming = null;
function warmUp(runtime) {
  if (warming) return;
  warming = true;
  if (!toWarm.includes("present")) toWarm.unshift("present");
  const next = () => {
    const kind = toWarm.shift();
    if (kind === undefined) {
      warming = false;
      setTimeout(() => keepSnapshot(runtime.pyodide, runtime), 0);
      return;
    }
    try {
      runtime.warm(String(kind));
    } catch (err) {
      // an unknown kind: its own request will answer with the engine's error
    }
    setTimeout(next, 0);
  };
  setTimeout(next, 50);
}

// The page's language context, as JSON text until the first answer loads it (into a
// Python global: no proxy object outlives the call, so the memory snapshot stays clean).
let contextJSON = null;
let contextLoaded = false;

function answer(runtime, kind, request) {
  if (contextJSON === null) return { json: String(runtime.calculate(kind, JSON.stringify(request))) };
  if (!contextLoaded) {
    runtime.setContext(contextJSON);
    contextLoaded = true;
  }
  return { answer: String(runtime.answer(kind, JSON.stringify(request))) };
}

self.addEventListener("message", async (event) => {
  const msg = event.data || {};
  if (msg.type === "context") {
    if (typeof msg.json === "string" && contextJSON === null) contextJSON = msg.json;
    return;
  }
  if (msg.type === "wasm") {
    gotModule(msg.module instanceof WebAssembly.Module ? msg.module : null);
    return;
  }
  if (msg.type === "init") {
    if (started) return;
    if (!msg.wasm) gotModule(null); // an older page: Pyodide compiles the file itself
    started = start(msg.pyodideURL, msg.engineURL, msg.stdlibURL);
    started.then(
      (runtime) => {
        postMessage({ type: "ready", at: now() });
        warmUp(runtime);
      },
      (err) => postMessage({ type: "failed", reason: err.reason || "runtime", detail: String(err.message) }),
    );
    return;
  }
  if (msg.type === "warm") {
    for (const kind of msg.kinds || []) if (!toWarm.includes(kind)) toWarm.push(kind);
    if (started) started.then(warmUp, () => {});
    return;
  }
  if (msg.type === "calc") {
    if (!started) {
      postMessage({ type: "result", id: msg.id, failure: "not-started" });
      return;
    }
    let runtime;
    try {
      runtime = await started;
    } catch (err) {
      postMessage({ type: "result", id: msg.id, failure: "not-started" });
      return;
    }
    try {
      const t0 = performance.now();
      const out = answer(runtime, String(msg.kind), msg.request);
      const t1 = performance.now();
      postMessage({ type: "result", id: msg.id, ...out, ms: t1 - t0, at: performance.timeOrigin + t1 });
    } catch (err) {
      postMessage({ type: "result", id: msg.id, failure: "internal", detail: String(err && err.message || err) });
    }
  }
});
