"""How the suite is split among the workers of ``./dev test`` (``tests/parallel.py``): the
files that share the page walk go to one worker, every file stays whole, the heaviest
units start first; the counts of every worker reach the summary; one build is shared."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import parallel

pytest.importorskip("xdist")


class FakeNode:
    """What xdist's scheduler needs of a worker: it records the tests it was sent."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.gateway = SimpleNamespace(id=name)
        self.sent: list[int] = []
        self.shutting_down = False

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.extend(indices)

    def shutdown(self) -> None:
        self.shutting_down = True


class FakeConfig:
    """The options the scheduler reads (two workers, ``--dist loadscope``)."""

    def __init__(self) -> None:
        self.option = SimpleNamespace(loadscopereorder=True)

    def getvalue(self, name: str) -> Any:
        return {"tx": ["popen", "popen"]}[name]

    def getoption(self, name: str, default: Any = None) -> Any:
        return {"dist": "loadscope"}.get(name, default)


COLLECTION = (
    [f"tests/test_rent.py::test_{i}" for i in range(40)]
    + ["tests/browser/test_pages.py::test_a", "tests/browser/test_pages.py::test_b",
       "tests/browser/test_csp.py::test_c", "tests/browser/test_third_parties.py::test_d"]
    + [f"tests/browser/test_calculators.py::test_{i}" for i in range(5)]
    + [f"tests/test_tax.py::test_{i}" for i in range(3)]
    + [f"tests/browser/test_new_feature.py::test_{i}" for i in range(3)]
)


def run(collection: list[str]) -> dict[str, list[str]]:
    """Schedule ``collection`` on two fake workers, finishing each sent test at once
    (worker A first); returns the tests each worker ran, in order."""
    sched = parallel.make_scheduler(FakeConfig(), None)
    nodes = [FakeNode("A"), FakeNode("B")]
    for node in nodes:
        sched.add_node(node)
        sched.add_node_collection(node, collection)
    sched.schedule()
    done = {n.name: 0 for n in nodes}
    while any(done[n.name] < len(n.sent) for n in nodes):
        for node in nodes:
            if done[node.name] < len(node.sent):
                sched.mark_test_complete(node, node.sent[done[node.name]])
                done[node.name] += 1
    return {n.name: [collection[i] for i in n.sent] for n in nodes}


def test_units_stay_whole_and_the_walk_files_together() -> None:
    ran = run(COLLECTION)
    assert sorted(ran["A"] + ran["B"]) == sorted(COLLECTION), "every test runs once"
    walk = ("tests/browser/test_pages.py", "tests/browser/test_csp.py",
            "tests/browser/test_third_parties.py")
    for files in (walk, ("tests/test_rent.py",), ("tests/browser/test_calculators.py",),
                  ("tests/browser/test_new_feature.py",)):
        owners = {w for w, tests in ran.items() for t in tests if t.split("::")[0] in files}
        assert len(owners) == 1, f"{files} split over {owners}"
    # the scheduler's own units: the walk's files are one (whatever the order let happen)
    sched = parallel.make_scheduler(FakeConfig(), None)
    assert len({sched._split_scope(t) for t in COLLECTION if t.split("::")[0] in walk}) == 1


def test_the_heaviest_units_start_first() -> None:
    ran = run(COLLECTION)
    firsts = {parallel.unit(tests[0]) for tests in ran.values()}
    assert firsts == {"tests/browser/test_calculators.py", "every_page"}, ran
    # the light ones come last, whatever their place in the collection
    last = {parallel.unit(tests[-1]) for tests in ran.values()}
    assert "tests/test_tax.py" in last, ran


def test_other_dist_modes_keep_xdist_own_scheduler() -> None:
    config = FakeConfig()
    config.getoption = lambda name, default=None: {"dist": "load"}.get(name, default)
    assert parallel.make_scheduler(config, None) is None


def test_counts_of_every_worker_reach_the_summary() -> None:
    workers = []
    for n in (3, 4):
        config = SimpleNamespace(workerinput={}, workeroutput={})
        parallel.worker_counts(config, {"engine fuzz": Counter({"rent": n, "rent (ok)": 1})})
        workers.append(SimpleNamespace(workeroutput=config.workeroutput))
    total: dict[str, Counter[str]] = {}
    for node in workers:
        parallel.merge_counts(node, total)
    assert total == {"engine fuzz": Counter({"rent": 7, "rent (ok)": 2})}


def test_one_build_for_every_process_of_a_run(tmp_path: Path, monkeypatch) -> None:
    """The first process builds, the next finds the build done (no second build)."""
    from tools import site_build

    builds: list[Path] = []

    def fake_build(out: Path, *args: Any, **kwargs: Any) -> site_build.BuildResult:
        builds.append(out)
        return site_build.BuildResult(out, 0, "built once")

    monkeypatch.setattr(site_build, "build", fake_build)
    first = site_build.build_once(tmp_path)
    second = site_build.build_once(tmp_path)
    assert builds == [tmp_path / "site"]
    assert first == second == site_build.BuildResult(tmp_path / "site", 0, "built once")
