import { loadPyodide } from "/assets/pyodide/pyodide.mjs";
await loadPyodide({ indexURL: "/assets/pyodide/" });
postMessage("ready");
