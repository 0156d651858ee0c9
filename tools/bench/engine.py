"""Engine speed: calls per second of each calculation and the uncached Markov solve, in
CPython and in Pyodide (``engine_program.py`` runs in both), and the engine's import time.

``--engine-against REV`` (:func:`engine_against`) times the engine of another git revision
beside the working tree's, in the same run: ``git archive REV`` is unpacked into a
temporary folder; each engine gets its own CPython process (``engine_program.py serve``)
and its own Pyodide page (``pages/engine.html?zip=...``), and the four alternate in short
bursts (after one uncounted warm-up burst each; the order flips every burst) so every
engine sees the same machine. Each side gets the working tree's requests (each
calculator's Dutch defaults); where the other revision's engine refuses one (its request
format differs), that side gets the request its own calculators start with (its
``hooks.render.render_calculator.default_request``, run in the unpacked tree). The result is one
ratio row per calculation and runtime, ``engine_against.<kind>.<cpython|pyodide>``:
working tree over baseline, calls per second (above 1: the working tree is faster), each
``against`` a row ``engine_against.<kind>.<runtime>.baseline`` holding the baseline's
calls per second; the Markov solve is in ms (below 1: faster).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from tools.bench import engine_program
from tools.bench.browser import Browser
from tools.bench.config import HERE, READY_TIMEOUT_MS, ROOT, asset
from tools.bench.rows import Row, median, ratio_row

PROGRAM = HERE / "engine_program.py"
BASELINE_ZIP = "/__bench__/baseline-engine.zip"
"""Where the bench server serves the other revision's engine archive."""


def engine_args(seconds: float = 0.8, markov_runs: int = 1) -> dict[str, Any]:
    """The requests (each calculator's Dutch defaults) and settings for the engine bench."""
    from hooks.render.calculator_forms import default_request
    from hooks.render.render_calculator import KINDS

    return {"code": asset("engine_program.py"),
            "requests": {k: default_request(k, "nl") for k in KINDS},
            "seconds": seconds, "markov_runs": markov_runs}


def open_engine_page(browser: Browser, base: str, zip_url: str | None = None
                     ) -> tuple[Any, Any, dict[str, Any]]:
    """A context with the engine page (``?zip=`` another engine archive) once its engine is
    imported; returns (context, page, the import figures)."""
    ctx = browser.context()
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base + "__bench__/engine.html" + (f"?zip={zip_url}" if zip_url else ""))
    deadline = time.monotonic() + READY_TIMEOUT_MS / 1000 * 2
    while not page.evaluate("() => Boolean(window.__engine || window.__engineError)"):
        if errors or time.monotonic() > deadline:
            break
        page.wait_for_timeout(200)
    imported = page.evaluate("() => window.__engine")
    if not imported:
        raise RuntimeError(f"the engine bench page failed: {errors} "
                           f"{page.evaluate('() => window.__engineError')}")
    return ctx, page, imported


def pyodide_run(page: Any, requests: Mapping[str, Any], seconds: float) -> dict[str, Any]:
    """One burst on an engine page."""
    return page.evaluate("([r, s]) => window.__engineRun(r, s, 1)", [requests, seconds])


def engine_speed(browser: Browser, base: str, args: Mapping[str, Any],
                 bursts: int = 4) -> tuple[dict[str, Any], dict[str, Any]]:
    """Calls per second and the Markov solve in CPython (this process) and in Pyodide (a
    bench page), in alternating short bursts so both runtimes see the same machine; the
    median burst of each. Also the engine's import time from source in both (CPython in a
    fresh subprocess without bytecode cache)."""
    ctx, page, py_import = open_engine_page(browser, base)
    from engine import api as _api, markov as _markov

    # The working tree's engine, imported the ordinary way, timed by the same program.
    engine_program.markov, engine_program.calculate_json = _markov, _api.calculate_json
    seconds = args["seconds"] / bursts
    runs: dict[str, dict[str, list[float]]] = {"cpython": {}, "pyodide": {}}
    for _ in range(bursts):
        got = {"cpython": json.loads(engine_program.run(json.dumps(args["requests"]),
                                                        seconds, 1)),
               "pyodide": pyodide_run(page, args["requests"], seconds)}
        for runtime, data in got.items():
            for key, value in data.items():
                if key != "markov_samples":
                    runs[runtime].setdefault(key, []).append(float(value))
    ctx.close()
    cp = {k: median(v) for k, v in runs["cpython"].items()}
    py = {k: median(v) for k, v in runs["pyodide"].items()}
    cp["markov_samples"] = runs["cpython"]["markov"]
    py["markov_samples"] = runs["pyodide"]["markov"]
    return {**cp, **engine_import_cpython()}, {**py, **py_import}


def engine_import_cpython(root: Path = ROOT) -> dict[str, float]:
    """Compile and import time of the engine in a fresh CPython, on a copy of ``engine/``
    without bytecode cache (Pyodide has none for the engine either; both have it for the
    standard library)."""
    with tempfile.TemporaryDirectory(prefix="monopoly-bench-engine-") as tmp:
        roots = []
        for i in range(3):
            copy = Path(tmp) / f"copy{i}"
            shutil.copytree(root / "engine", copy / "engine",
                            ignore=shutil.ignore_patterns("__pycache__"))
            roots.append(str(copy))
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        proc = subprocess.run([sys.executable, str(PROGRAM), "import", *roots],
                              cwd=tempfile.gettempdir(), env=env, capture_output=True,
                              text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


# --------------------------------------------------------------------------- --engine-against


class EngineProcess:
    """A CPython process timing the engine of one folder (``engine_program.py serve``)."""

    def __init__(self, root: Path) -> None:
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        self.proc = subprocess.Popen([sys.executable, str(PROGRAM), "serve", str(root)],
                                     cwd=tempfile.gettempdir(), env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        if not json.loads(self._line()).get("ready"):
            raise RuntimeError(f"the engine of {root} did not start")

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine process ended (exit {self.proc.wait()})")
        return line

    def ask(self, **cmd: Any) -> dict[str, Any]:
        """Send one command, return its answer."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        return json.loads(self._line())

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def extract_revision(rev: str, dest: Path) -> str:
    """``git archive REV`` of the checkout, unpacked into ``dest``; returns the commit."""
    commit = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT,
                            capture_output=True, text=True)
    if commit.returncode != 0:
        raise SystemExit(f"--engine-against: {rev!r} is not a commit of this repository")
    dest.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", "--format=tar", commit.stdout.strip()],
                             cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive.stdout, check=True)
    if not (dest / "engine" / "api.py").is_file():
        raise SystemExit(f"--engine-against: {rev} has no engine/api.py")
    return commit.stdout.strip()


def own_requests(tree: Path) -> dict[str, Any]:
    """The requests the calculators of an unpacked tree start with (Dutch page), computed
    by that tree's own code (run with the tree as current folder, which comes first on
    ``sys.path`` for ``python -c``)."""
    code = ("import json\n"
            "try:\n"
            "    from hooks.render.calculator_forms import default_request\n"
            "    from hooks.render.render_calculator import KINDS\n"
            "except ImportError:  # a tree from before hooks/ had rooms (issue 24)\n"
            "    from hooks.calculator_forms import default_request\n"
            "    from hooks.render_calculator import KINDS\n"
            "print(json.dumps({k: default_request(k, 'nl') for k in KINDS}))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True,
                          text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    if proc.returncode != 0:
        raise RuntimeError(f"the baseline's own requests: {proc.stderr[-800:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


@dataclass(frozen=True)
class Baseline:
    """Another revision's tree, unpacked for ``--engine-against``."""

    rev: str
    commit: str
    tree: Path

    @classmethod
    def unpack(cls, rev: str | None, work: Path) -> "Baseline | None":
        """``rev`` unpacked into ``work/baseline`` (None without a revision)."""
        if not rev:
            return None
        return cls(rev, extract_revision(rev, work / "baseline"), work / "baseline")

    def files(self) -> dict[str, tuple[bytes, str]]:
        """Its engine archive for the bench server (zipped like the site's)."""
        from hooks.runtime.pyodide_assets import engine_zip_bytes

        # only the engine: the timed calls are engine.api's, and older revisions have no present/
        return {BASELINE_ZIP: (engine_zip_bytes(self.tree, ("engine",)), "application/zip")}


def engine_against(browser: Browser, base: str, args: Mapping[str, Any], baseline: Baseline,
                   log: Callable[[str], None], bursts: int = 4) -> dict[str, Any]:
    """The working tree's engine against the baseline's (see the module docstring): the
    ``engine_against`` part of the JSON."""
    rev, commit, tree = baseline.rev, baseline.commit, baseline.tree
    ours = dict(args["requests"])
    sides: dict[str, EngineProcess] = {}
    pages: dict[str, Any] = {}
    try:
        sides["new"] = EngineProcess(ROOT)
        sides["baseline"] = EngineProcess(tree)
        refused = {k: v for k, v in sides["baseline"].ask(op="check", requests=ours).items()
                   if v}
        theirs = dict(ours)
        if refused:
            log(f"  the baseline refuses the working tree's {', '.join(refused)} request(s) "
                f"({', '.join(sorted(set(refused.values())))}): it gets its own")
            own = own_requests(tree)
            theirs.update({k: own[k] for k in refused if k in own})
        # a calculation the baseline still refuses would be timed on its error path: left out
        still = sides["baseline"].ask(op="check", requests=theirs)
        kinds = [k for k in ours if not still.get(k)]
        if len(kinds) < len(ours):
            log(f"  left out (the baseline refuses even its own request): "
                f"{', '.join(k for k in ours if k not in kinds)}")
        requests = {"new": {k: ours[k] for k in kinds}, "baseline": {k: theirs[k] for k in kinds}}
        for side, zip_url in (("new", None), ("baseline", BASELINE_ZIP)):
            ctx, page, _ = open_engine_page(browser, base, zip_url)
            pages[side] = (ctx, page)
        seconds = args["seconds"] / bursts
        runs: dict[tuple[str, str], dict[str, list[float]]] = {}
        # burst -1 warms every engine up (a fresh page's first calls are slower) and is
        # not counted; then the order of the two engines flips every burst
        for burst in range(-1, bursts):
            order = ("new", "baseline") if burst % 2 == 0 else ("baseline", "new")
            for runtime in ("cpython", "pyodide"):
                for side in order:
                    got = (sides[side].ask(op="run", requests=requests[side], seconds=seconds,
                                           markov_runs=1) if runtime == "cpython"
                           else pyodide_run(pages[side][1], requests[side], seconds))
                    for key, value in got.items():
                        if key != "markov_samples" and burst >= 0:
                            runs.setdefault((side, runtime), {}).setdefault(key, []).append(
                                float(value))
    finally:
        for proc in sides.values():
            proc.close()
        for ctx, _ in pages.values():
            ctx.close()
    rows: list[Row] = []
    for kind in [*kinds, "markov"]:
        for runtime in ("cpython", "pyodide"):
            new, old = runs[("new", runtime)][kind], runs[("baseline", runtime)][kind]
            scale, unit = (1000.0, "ms") if kind == "markov" else (1.0, "per_s")
            ref = Row(f"engine_against.{kind}.{runtime}.baseline", "engine_against",
                      median(old) * scale, unit, samples=tuple(x * scale for x in old),
                      note=f"{rev} ({commit[:12]})")
            rows += [ref, ratio_row(f"engine_against.{kind}.{runtime}", "engine_against",
                                    median(new) * scale, unit, ref,
                                    samples=[x * scale for x in new], note="working tree")]
    for r in rows:
        if r.ratio is not None and r.id.count(".") == 2:
            log(f"  {r.id:36} {r.ratio:.3f} x baseline")
    return {"baseline": rev, "baseline_commit": commit, "working_tree": _head(),
            "bursts": bursts, "seconds_per_burst": seconds,
            "requests": {"new": requests["new"], "baseline": requests["baseline"],
                         "baseline_own": sorted(refused),
                         "left_out": [k for k in ours if k not in kinds]},
            "rows": [r.to_json() for r in rows]}


def _head() -> str:
    """The working tree's commit, ``+dirty`` when it has uncommitted changes."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "engine"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    return head + ("+dirty" if dirty else "")
