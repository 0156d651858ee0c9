"""Who may import whom, and how the imports resolve.

- ``hooks`` and ``engine`` are a real, installed package (``pyproject.toml``, installed
  editable by ``./dev``): MkDocs loads each hook by its file path, and the hooks' imports
  resolve through the installation, not through ``sys.path`` edits. No module outside
  ``tests/`` edits ``sys.path``.
- ``hooks`` (everything that runs inside MkDocs) and ``engine`` never import ``tools``
  (developer tools); ``engine`` imports neither of the other two.
- ``hooks`` is arranged in rooms named after their jobs (:data:`ROOMS`); every module sits
  in one, and a room imports only the rooms below it: no upward import, no cycle.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tempfile
import tomllib
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
    assert ROOT / "hooks" / "entry" / "site.py" in files and ROOT / "tools" / "overlap.py" in files
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
    assert "hooks/entry/site.py" in hooks
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


# --- the rooms of hooks/ (issue 24) ---------------------------------------------------------

ROOMS: dict[str, tuple[str, ...]] = {
    "entry": ("render", "runtime", "common", "catalogs"),
    "render": ("runtime", "common", "catalogs"),
    "runtime": ("common", "catalogs"),
    "common": ("catalogs",),
    "catalogs": (),
}
"""The rooms of ``hooks/``, top to bottom, each with the rooms it may import: ``entry/``
(what MkDocs calls), ``render/`` (the directives' renderers), ``runtime/`` (the browser's
runtime and the offline assets), ``common`` (the shared modules at the top of ``hooks/``:
:data:`COMMON`), ``catalogs/`` (words: catalogs, languages, termbase). A module may import
its own room."""
COMMON: tuple[str, ...] = ("__init__", "common", "pages")
"""The modules of the room ``common``, at the top of ``hooks/``; any other module there sits
outside a room."""
HOOKS = ROOT / "hooks"


def room_of_file(relative: str) -> str | None:
    """The room of a file of ``hooks/`` (path relative to it), None outside every room.

    >>> room_of_file("render/render_odds.py"), room_of_file("common.py")
    ('render', 'common')
    >>> room_of_file("odds.py"), room_of_file("misc/odds.py"), room_of_file("render/x/y.py")
    (None, None, None)
    """
    parts = relative.split("/")
    if len(parts) == 1:
        return "common" if parts[0].removesuffix(".py") in COMMON else None
    if len(parts) == 2 and parts[0] in ROOMS and parts[0] != "common":
        return parts[0]
    return None


def room_of_module(name: str) -> str | None:
    """The room of a module name under ``hooks`` (``hooks.render.clauses`` -> ``render``);
    ``hooks`` itself is ``common``.

    >>> room_of_module("hooks.catalogs.i18n"), room_of_module("hooks.pages.read_page")
    ('catalogs', 'common')
    >>> room_of_module("hooks"), room_of_module("hooks.stray")
    ('common', None)
    """
    parts = name.split(".")
    if len(parts) == 1:
        return "common"
    if parts[1] in ROOMS and parts[1] != "common":
        return parts[1]
    return "common" if parts[1] in COMMON else None


def hooks_imports(source: str, package: str) -> list[tuple[int, str]]:
    """``(line, module)`` for every ``hooks`` module ``source`` (a module of ``package``)
    names: imports (relative ones resolved; ``from a import b`` gives ``a.b`` as well, since
    ``b`` may be a module), ``import_module`` calls and string constants that are module
    names (``RENDERER_MODULES``), at any depth (a lazy import inside a function counts).

    >>> hooks_imports("from . import i18n\\nx = ('hooks.render.fold',)\\n", "hooks.catalogs")
    [(1, 'hooks.catalogs'), (1, 'hooks.catalogs.i18n'), (2, 'hooks.render.fold')]
    """
    found = [(line, m) for line, m in imported_modules(source)]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
                found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{a.name}") for a in node.names]
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and re.fullmatch(r"hooks(\.\w+)+", node.value)):
            found.append((node.lineno, node.value))
    return sorted({(line, m) for line, m in found if m.split(".")[0] == "hooks"})


def room_problems(edges: list[tuple[str, str, str]],
                  rooms: dict[str, tuple[str, ...]] = ROOMS) -> list[str]:
    """What is wrong with ``edges`` (``(where, from_room, to_room)``, one per import): an
    import of a room the importer may not import (upward, sideways or unknown), and a cycle
    in ``rooms`` or in the edges themselves.

    >>> room_problems([("hooks/catalogs/i18n.py:3", "catalogs", "render")])
    ['hooks/catalogs/i18n.py:3: catalogs imports render (it may import only: nothing)']
    >>> room_problems([], {"a": ("b",), "b": ("a",)})
    ['a cycle between rooms: a -> b -> a']
    """
    problems = [f"{where}: {a} imports {b} (it may import only: "
                f"{', '.join(rooms.get(a, ())) or 'nothing'})"
                for where, a, b in edges if a != b and b not in rooms.get(a, ())]
    problems = list(dict.fromkeys(problems))  # ``from a import b``: one line, two names
    for graph in (rooms, _graph(edges)):
        loop = _cycle(graph)
        if loop:
            problems.append(f"a cycle between rooms: {' -> '.join(loop)}")
            break
    return problems


def _graph(edges: list[tuple[str, str, str]]) -> dict[str, tuple[str, ...]]:
    graph: dict[str, set[str]] = {}
    for _, a, b in edges:
        if a != b:
            graph.setdefault(a, set()).add(b)
    return {a: tuple(sorted(b)) for a, b in graph.items()}


def _cycle(graph: dict[str, tuple[str, ...]]) -> list[str] | None:
    """A cycle of ``graph`` as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (loop := visit(nxt)):
                return loop
        state[node] = 2
        path.pop()
        return None

    for node in sorted(graph):
        if node not in state and (loop := visit(node)):
            return loop
    return None


def hooks_files() -> list[Path]:
    return sorted(p for p in HOOKS.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def room_edges() -> list[tuple[str, str, str]]:
    """Every import between modules of ``hooks/`` as ``(where, from_room, to_room)``."""
    edges = []
    for path in hooks_files():
        if path.suffix != ".py":
            continue
        rel = path.relative_to(HOOKS).as_posix()
        package = ".".join(("hooks", *path.relative_to(HOOKS).parent.parts))
        for line, mod in hooks_imports(path.read_text(encoding="utf-8"), package):
            edges.append((f"hooks/{rel}:{line}", room_of_file(rel) or "?",
                          room_of_module(mod) or f"? ({mod})"))
    return edges


def test_every_file_of_hooks_sits_in_a_room() -> None:
    outside = [p.relative_to(ROOT).as_posix() for p in hooks_files()
               if room_of_file(p.relative_to(HOOKS).as_posix()) is None]
    assert not outside, f"outside every room of hooks/ (tests/test_layout.py ROOMS): {outside}"
    folders = {p.name for p in HOOKS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(ROOMS) - {"common"}, folders
    for folder in folders:
        assert (HOOKS / folder / "__init__.py").is_file(), folder


def test_rooms_import_only_the_rooms_below() -> None:
    edges = room_edges()
    assert len(edges) > 150 and {(a, b) for _, a, b in edges} >= {
        ("entry", "render"), ("render", "runtime"), ("runtime", "common"), ("common", "catalogs")}
    problems = room_problems(edges)
    assert not problems, "\n".join(problems)


def test_the_room_check_finds_a_planted_upward_import() -> None:
    source = (HOOKS / "catalogs" / "i18n.py").read_text(encoding="utf-8")
    planted = source + "\n\ndef late():\n    from hooks.render.templates import fragment\n"

    def edges(text: str) -> list[tuple[str, str, str]]:
        return [(f"hooks/catalogs/i18n.py:{line}", "catalogs", room_of_module(mod) or "?")
                for line, mod in hooks_imports(text, "hooks.catalogs")]

    assert room_problems(edges(source)) == []
    problems = room_problems(edges(planted))
    assert len(problems) == 1 and "catalogs imports render" in problems[0], problems
    # a sideways import between two rooms that may import each other is a cycle
    assert room_problems([("a", "x", "y"), ("b", "y", "x")], {"x": ("y",), "y": ("x",)}) == [
        "a cycle between rooms: x -> y -> x"]


def test_the_room_helpers_examples() -> None:
    import doctest

    result = doctest.testmod(sys.modules[__name__])
    assert result.attempted >= 7 and result.failed == 0, result


def test_the_hooks_mkdocs_calls_sit_in_entry_and_runtime() -> None:
    """MkDocs calls the top rooms only: every hook of ``mkdocs.yml`` sits in ``entry`` or
    ``runtime`` (its two asset hooks), the plugin ``monopoly-i18n`` in ``entry``; every room
    is a package of ``pyproject.toml`` (installed)."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert {room_of_file(h.removeprefix("hooks/")) for h in config["hooks"]} == {"entry",
                                                                                 "runtime"}
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    plugin = pyproject["project"]["entry-points"]["mkdocs.plugins"]["monopoly-i18n"]
    assert room_of_module(plugin.split(":")[0]) == "entry"
    assert {f"hooks.{r}" for r in ROOMS if r != "common"} <= set(
        pyproject["tool"]["setuptools"]["packages"])
