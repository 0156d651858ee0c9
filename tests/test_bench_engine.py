"""The bench's engine timing outside the browser: the program that runs in CPython and in
Pyodide imports the engine of the folder it is given (not the installed one), answers its
commands, and ``--engine-against`` unpacks another revision and finds its own requests.
(The Pyodide half runs only in ``./dev bench --part engine``.)"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tools.bench.engine import EngineProcess, engine_args, extract_revision, own_requests
from tools.bench.report import engine_rows

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def requests() -> dict:
    return engine_args()["requests"]


def planted_copy(tmp: Path) -> Path:
    """A copy of engine/ whose calculate_json refuses everything with a planted key."""
    shutil.copytree(ROOT / "engine", tmp / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    api = tmp / "engine" / "api.py"
    api.write_text(api.read_text(encoding="utf-8") + (
        "\n\ndef calculate_json(kind, json_text):\n"
        "    return json.dumps({'error': 'error.planted_' + kind})\n"), encoding="utf-8")
    return tmp


def test_the_program_times_the_engine_of_its_folder(tmp_path: Path, requests: dict) -> None:
    real, planted = EngineProcess(ROOT), EngineProcess(planted_copy(tmp_path))
    try:
        assert real.ask(op="check", requests=requests) == {k: None for k in requests}
        assert planted.ask(op="check", requests=requests) == {
            k: f"error.planted_{k}" for k in requests}
        got = real.ask(op="run", requests=requests, seconds=0.02, markov_runs=1)
        assert set(got) == {*requests, "markov", "markov_samples"}
        assert all(got[k] > 10 for k in requests), got  # calls per second
        assert 0 < got["markov"] < 60 and len(got["markov_samples"]) == 1
        assert "unknown op" in real.ask(op="nonsense")["error"]
    finally:
        real.close()
        planted.close()


def test_engine_rows_keep_the_ids_of_the_page(requests: dict) -> None:
    cp = {**{k: 100.0 for k in requests}, "markov": 0.5, "markov_samples": [0.5],
          "import": 0.1, "compile": 0.05}
    py = {**{k: 25.0 for k in requests}, "markov": 2.0, "markov_samples": [2.0],
          "import": 0.4, "compile": 0.2}
    from tools.bench import ROW_IDS

    rows = engine_rows(list(requests), cp, py)
    assert [r.id for r in rows] == [i for i in ROW_IDS if i.startswith("engine.")]
    assert {r.id: r.ratio for r in rows}["engine.rent.pyodide"] == 0.25
    assert {r.id: r.value for r in rows}["engine.markov.pyodide"] == 2000.0


def test_another_revision_is_unpacked_with_its_own_requests(tmp_path: Path,
                                                            requests: dict) -> None:
    commit = extract_revision("HEAD", tmp_path / "base")
    assert len(commit) == 40 and (tmp_path / "base" / "engine" / "api.py").is_file()
    own = own_requests(tmp_path / "base")
    assert set(own) == set(requests) and own["rent"]["edition"] == "nl-2001"
    json.dumps(own)
    with pytest.raises(SystemExit, match="not a commit"):
        extract_revision("no-such-revision-12a", tmp_path / "none")
