"""The engine timing program: the same file runs in CPython and in Pyodide.

In Pyodide, ``pages/engine.html`` runs its text (sent in ``/__bench__/engine-args.json``)
after unpacking the engine archive into three folders; in CPython the bench imports it
(the working tree's engine, in the bench's own process) or runs it as a separate process
on a folder (``python engine_program.py serve ROOT``: JSON commands on stdin, one JSON
answer per line on stdout; used by ``--engine-against``, where two engines are timed side
by side and one process cannot hold both).

Standard library only, no imports of the project: the engine of a folder is imported from
that folder (:func:`load`) without touching ``sys.path``, so a second copy, another
revision's engine included, is imported exactly like the first.
"""

import importlib
import importlib.util
import json
import sys
import time
from pathlib import Path

markov = None
"""The loaded engine's ``engine.markov`` (set by :func:`import_engine` or by the caller)."""
calculate_json = None
"""The loaded engine's ``engine.api.calculate_json``."""


def load(root):
    """Import the package ``engine`` of the folder ``root`` and ``engine.api`` (the whole
    engine, as the calculators' worker does): the package is created from its
    ``__init__.py`` with its own folder as search path, so its submodules come from there
    too. Any engine imported before is forgotten first."""
    for name in [m for m in sys.modules if m == "engine" or m.startswith("engine.")]:
        del sys.modules[name]
    folder = Path(root, "engine")
    spec = importlib.util.spec_from_file_location(
        "engine", folder / "__init__.py", submodule_search_locations=[str(folder)])
    package = importlib.util.module_from_spec(spec)
    sys.modules["engine"] = package
    spec.loader.exec_module(package)
    return importlib.import_module("engine.api")


def import_engine(root):
    """Seconds to compile every engine module (no execution), then to import the engine
    the way the calculators' worker does (import engine.api: the whole package)."""
    global markov, calculate_json
    sources = sorted(Path(root, "engine").glob("*.py"))
    start = time.perf_counter()
    for path in sources:
        compile(path.read_text(encoding="utf-8"), str(path), "exec")
    compiled = time.perf_counter() - start
    start = time.perf_counter()
    api = load(root)
    imported = time.perf_counter() - start
    markov = importlib.import_module("engine.markov")
    calculate_json = api.calculate_json
    return json.dumps({"compile": compiled, "import": imported})


def import_engine_median(roots):
    """import_engine from each (fresh) copy in turn; the median of each figure."""
    runs = [json.loads(import_engine(str(root))) for root in roots]
    return json.dumps({key: sorted(r[key] for r in runs)[len(runs) // 2] for key in runs[0]})


def _clear_markov():
    # the chain's caches, and the rent tables' (engine/rent_odds.py, split from markov.py;
    # an older revision has none)
    for module in (markov, sys.modules.get("engine.rent_odds")):
        for name in dir(module) if module is not None else ():
            func = getattr(module, name)
            if callable(getattr(func, "cache_clear", None)):
                func.cache_clear()


def check(requests_json):
    """Which requests this engine refuses: ``{kind: error key or None}`` (a request
    written for another revision's engine may not fit this one)."""
    out = {}
    for kind, request in json.loads(requests_json).items():
        answer = json.loads(calculate_json(kind, json.dumps(request)))
        out[kind] = answer.get("error") if isinstance(answer, dict) else "not an object"
    return json.dumps(out)


def run(requests_json, seconds, markov_runs):
    """Calls per second of each calculation (through calculate_json, like the worker),
    and the median uncached Markov solve in seconds."""
    out = {}
    for kind, request in json.loads(requests_json).items():
        text = json.dumps(request)
        calculate_json(kind, text)
        n = 0
        start = time.perf_counter()
        while True:
            calculate_json(kind, text)
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        out[kind] = n / elapsed
    times = []
    for _ in range(markov_runs):
        _clear_markov()
        start = time.perf_counter()
        markov.landing_odds("atlantic-city", "leave")
        times.append(time.perf_counter() - start)
    out["markov"] = sorted(times)[len(times) // 2]
    out["markov_samples"] = times
    return json.dumps(out)


def serve(root):
    """Load the engine of ``root``, then answer commands, one JSON object per line:
    ``{"op": "run", "requests": {...}, "seconds": s, "markov_runs": n}`` or
    ``{"op": "check", "requests": {...}}``; the answer is the function's JSON, one line."""
    import_engine(root)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        cmd = json.loads(line)
        if cmd["op"] == "run":
            print(run(json.dumps(cmd["requests"]), cmd["seconds"], cmd["markov_runs"]),
                  flush=True)
        elif cmd["op"] == "check":
            print(check(json.dumps(cmd["requests"])), flush=True)
        else:
            print(json.dumps({"error": f"unknown op {cmd['op']!r}"}), flush=True)


# Pyodide runs this text as __main__ too (pages/engine.html): only CPython takes commands.
if __name__ == "__main__" and sys.platform != "emscripten":
    if sys.argv[1:2] == ["serve"] and len(sys.argv) == 3:
        serve(sys.argv[2])
    elif sys.argv[1:2] == ["import"]:
        print(import_engine_median(sys.argv[2:]))
    else:
        raise SystemExit("usage: engine_program.py serve ROOT | import ROOT [ROOT ...]")
