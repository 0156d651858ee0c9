// Precompiles a standard library zip for Pyodide: every .py file becomes a sourceless .pyc
// compiled by the pinned package's own interpreter (so the bytecode and its magic number are
// exactly what the browser's Python expects), with the line-number tables left out.
//
//   node tools/pyodide_pyc.mjs SOURCE_ZIP OUT_ZIP
//
// hooks/runtime/pyodide_assets.py runs it at build time on the trimmed standard library (and keeps
// the result in .cache/, keyed by its inputs). Why: Pyodide's python_stdlib.zip holds only
// sources, and zipimport cannot write bytecode back, so every cold boot compiled each
// module it imported from source; in Chromium on this machine that was most of the boot
// (fresh profiles, interleaved: calculator answer 2.7 s -> 1.2 s median, see the
// performance page). Line tables (co_linetable) are dropped to keep the download about
// the size of the sources it replaces: the standard library's frames then show no line
// numbers in a traceback; the engine's own code keeps them (it ships as source).
// Output is deterministic for one input (sorted names, fixed timestamps).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [source, out] = process.argv.slice(2);
if (!source || !out) {
  console.error("usage: node tools/pyodide_pyc.mjs SOURCE_ZIP OUT_ZIP");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const indexURL = path.dirname(require.resolve("pyodide/package.json")) + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
// The package's full standard library: zipfile and friends, which the trimmed one lacks.
const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: (s) => console.error(s) });
pyodide.FS.writeFile("/tmp/source.zip", new Uint8Array(readFileSync(source)));
pyodide.runPython(`
import importlib._bootstrap_external as _external
import sys
import zipfile

_prefix = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"

def _without_lines(code):
    consts = tuple(_without_lines(c) if hasattr(c, "co_code") else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)

with zipfile.ZipFile("/tmp/source.zip") as src, zipfile.ZipFile(
        "/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        data = src.read(info)
        name = info.filename
        if name.endswith(".py"):
            # the file name a source import from the zip would give (tracebacks, __file__)
            code = compile(data, _prefix + name, "exec", dont_inherit=True)
            data = bytes(_external._code_to_timestamp_pyc(_without_lines(code), 0, 0))
            name += "c"
        copy = zipfile.ZipInfo(name, date_time=(2001, 1, 1, 0, 0, 0))
        copy.compress_type = zipfile.ZIP_DEFLATED
        copy.external_attr = info.external_attr
        dst.writestr(copy, data)
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
