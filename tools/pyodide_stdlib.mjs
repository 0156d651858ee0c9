// Runs the engine in Pyodide under Node (the pinned npm package) the way the calculators'
// worker does (the engine and the presenter), and reports which files of Python's standard library zip were imported.
//
//   node tools/pyodide_stdlib.mjs ENGINE_ZIP REQUESTS_JSON [STDLIB_ZIP]
//
// ENGINE_ZIP: the engine archive (hooks/runtime/pyodide_assets.py builds it); REQUESTS_JSON:
// [[kind, request], ...] (python -m tools.engine_requests); STDLIB_ZIP: the standard library
// to boot with (default: the package's full python_stdlib.zip). Prints one JSON object:
// {"files": [paths inside the zip that were imported], "answers": n, "errors": {kind: n},
//  "failures": [...calls that raised instead of answering], "kinds": [...kinds answered]}.
// hooks/runtime/pyodide_assets.py keeps the list of files (hooks/runtime/pyodide_stdlib.txt) and
// tests/test_pyodide_stdlib.py checks that every request answers with the trimmed zip.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [engineZip, requestsFile, stdlib] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const indexURL = path.dirname(require.resolve("pyodide/package.json")) + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));

const options = { indexURL, stdout: () => {}, stderr: () => {} };
if (stdlib) options.stdLibURL = path.resolve(stdlib);
const pyodide = await loadPyodide(options);

// The same steps as docs/assets/calculators/worker.mjs (start(): unpack, IMPORT_ENGINE).
const ENGINE_DIR = "/home/pyodide/monopoly-engine";
pyodide.unpackArchive(new Uint8Array(readFileSync(engineZip)), "zip", { extractDir: ENGINE_DIR });
pyodide.runPython(`
import sys, types
if "engine" not in sys.modules:
    _package = types.ModuleType("engine")
    _package.__path__ = [${JSON.stringify(`${ENGINE_DIR}/engine`)}]
    _package.__package__ = "engine"
    sys.modules["engine"] = _package
if "present" not in sys.modules:
    _present = types.ModuleType("present")
    _present.__path__ = [${JSON.stringify(`${ENGINE_DIR}/present`)}]
    _present.__package__ = "present"
    sys.modules["present"] = _present
import engine.api
`);
const api = pyodide.pyimport("engine.api");
// The presenter the worker answers with (present.api.answer), on a small language context:
// what it imports is what the worker's recalculations import.
const present = pyodide.pyimport("present.api");
const context = present.load_context(JSON.stringify({
  lang: "sv", messages: { "calc.yes": "ja", "calc.invalid": "Ogiltigt:", "k": ["{n} x", "{n} y"] },
  fallback: [], counts: { k: "n" }, plural: { sv: "(n != 1)", nl: "(n != 1)" }, clauses: {},
}));
const requests = JSON.parse(readFileSync(requestsFile, "utf8"));
const out = { answers: 0, errors: {}, failures: [], kinds: [] };
const calls = [...requests.map(([kind, request]) => [kind, JSON.stringify(request)]),
  ["rent", "{not json"], ["rent", "[]"], ["nope", "{}"]];
for (const [kind, text] of calls) {
  try {
    const answer = JSON.parse(String(api.calculate_json(kind, text)));
    out.answers += 1;
    const shown = JSON.parse(String(present.answer(kind, text, context)));
    if (typeof shown.html !== "string") throw new Error(`present.api.answer: no html for ${kind}`);
    if (answer.error) out.errors[kind] = (out.errors[kind] || 0) + 1;
    else if (!out.kinds.includes(kind)) out.kinds.push(kind);
  } catch (err) {
    out.failures.push(`${kind}: ${String(err.message || err).slice(-300)}`);
  }
}
// A Python exception crossing into JavaScript (the worker's "internal" path) formats a
// traceback: trace that too.
try {
  pyodide.runPython("raise ValueError('traced')");
} catch (err) {
  // expected
}
out.files = pyodide.runPython(`
import sys
_zip = [p for p in sys.path if p.endswith(".zip")][0]
_files = set()
for _m in list(sys.modules.values()):
    _f = getattr(_m, "__file__", None) or ""
    if _f.startswith(_zip + "/"):
        # the list names sources: a precompiled zip (tools/pyodide_pyc.mjs) has x.pyc for x.py
        _files.add(_f[len(_zip) + 1:].removesuffix("c") if _f.endswith(".pyc") else _f[len(_zip) + 1:])
sorted(_files)
`).toJs();
console.log(JSON.stringify(out));
