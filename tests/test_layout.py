"""Who may import whom, and how the imports resolve.

- ``hooks`` and ``engine`` are a real, installed package (``pyproject.toml``, installed
  editable by ``./dev``): MkDocs loads each hook by its file path, and the hooks' imports
  resolve through the installation, not through ``sys.path`` edits. No module outside
  ``tests/`` edits ``sys.path``.
- ``hooks`` (everything that runs inside MkDocs) and ``engine`` never import ``tools``
  (developer tools); ``engine`` imports neither of the other two.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
SKIP_DIRS = {".venv", "node_modules", ".git", "site", "tests", "__pycache__", "bench-results"}


def python_files() -> list[Path]:
    """Every Python file of the checkout outside tests/ (and outside the venv, node_modules,
    build output and egg-info)."""
    out = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.endswith(".egg-info"))
        out += [Path(folder, f) for f in sorted(files) if f.endswith(".py")]
    return out


def path_edits(source: str) -> list[int]:
    """Lines that change ``sys.path``: a call of one of its list methods, an assignment to
    it or to an item or slice of it, or ``+=``."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"insert", "append", "extend", "remove", "pop", "clear"}
                and ast.unparse(node.func.value) == "sys.path"):
            lines.append(node.lineno)
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AugAssign) else [])
        for t in targets:
            base = t.value if isinstance(t, ast.Subscript) else t
            if ast.unparse(base) == "sys.path":
                lines.append(node.lineno)
    return sorted(lines)


def imported_modules(source: str) -> list[tuple[int, str]]:
    """``(line, module)`` for every import statement and every
    ``importlib.import_module("...")`` / ``__import__("...")`` call with a literal name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and ast.unparse(node.func) in {"importlib.import_module", "import_module",
                                             "__import__"}):
            found.append((node.lineno, node.args[0].value))
    return found


def test_the_checks_see_what_they_look_for() -> None:
    """The two scanners find a planted path edit and a planted import (so the tests below
    can fail)."""
    planted = ("import sys\nsys.path.insert(0, 'x')\nsys.path.append('y')\nsys.path += ['z']\n"
               "sys.path[:0] = ['w']\nfrom tools.i18n import x\nimport tools\n"
               "import importlib\nimportlib.import_module('tools.bench')\n")
    assert path_edits(planted) == [2, 3, 4, 5]
    assert [m for _, m in imported_modules(planted)] == [
        "sys", "tools.i18n", "tools", "importlib", "tools.bench"]
    assert path_edits("import sys\nprint(sys.path)\n") == []


def test_no_sys_path_edits_outside_tests() -> None:
    files = python_files()
    assert ROOT / "hooks" / "site.py" in files and ROOT / "tools" / "overlap.py" in files
    bad = [f"{p.relative_to(ROOT)}:{line}" for p in files
           for line in path_edits(p.read_text(encoding="utf-8"))]
    assert not bad, f"sys.path edited outside tests/ (install the package instead): {bad}"


@pytest.mark.parametrize("package, forbidden", [("hooks", ("tools", "tests")),
                                                ("engine", ("tools", "tests", "hooks"))])
def test_packages_never_import_tools(package: str, forbidden: tuple[str, ...]) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files
    bad = [f"{p.relative_to(ROOT)}:{line} imports {mod}"
           for p in files for line, mod in imported_modules(p.read_text(encoding="utf-8"))
           if mod.split(".")[0] in forbidden]
    assert not bad, f"{package}/ must not import {', '.join(forbidden)}: {bad}"


def test_hooks_load_by_file_path_through_the_installed_package() -> None:
    """Load every hook of ``mkdocs.yml`` the way MkDocs does (by file path, under the path as
    module name) in a fresh interpreter started outside the checkout in isolated mode (no
    current folder, no ``PYTHONPATH`` on ``sys.path``): its imports of ``hooks.*`` and
    ``engine.*`` must come from the installed (editable) package."""
    hooks = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["hooks"]
    assert "hooks/site.py" in hooks
    program = (
        "import importlib.util, sys\n"
        "for name, path in zip(sys.argv[1::2], sys.argv[2::2]):\n"
        "    spec = importlib.util.spec_from_file_location(name, path)\n"
        "    module = importlib.util.module_from_spec(spec)\n"
        "    sys.modules[name] = module\n"
        "    spec.loader.exec_module(module)\n"
        "import hooks, engine\n"
        "print(hooks.__file__)\nprint(engine.__file__)\n")
    args = [a for h in hooks for a in (h, str(ROOT / h))]
    with tempfile.TemporaryDirectory() as elsewhere:
        proc = subprocess.run([sys.executable, "-I", "-c", program, *args], cwd=elsewhere,
                              capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, (
        "a hook's imports do not resolve without the checkout on sys.path: is the package "
        f"installed (./dev sets it up: pip install -e .)?\n{proc.stderr[-2000:]}")
    hooks_file, engine_file = (Path(line) for line in proc.stdout.split())
    # The installation is a checkout of this project (an editable install of this folder,
    # or, in a work tree sharing another checkout's venv, of that one).
    for found, package in ((hooks_file, "hooks"), (engine_file, "engine")):
        checkout = found.parents[1]
        assert found.parent.name == package and (checkout / "mkdocs.yml").is_file(), found
        assert 'name = "monopoly-rules-reference"' in (checkout / "pyproject.toml").read_text(
            encoding="utf-8")
