"""The bench's CPU normalisation (tools/bench/cpu.py, issue 27): the host index becomes one
slowdown, and that slowdown reaches every place that counts CPU time (Lighthouse's
command line, the long-task count, the recalculation latency) and the JSON.

Nothing here times anything: fake measurements go in, and the tests check what the bench
makes of them. The one browser check (``test_benchmark_is_lighthouses``) runs the pinned
Lighthouse's benchmark function and only checks that it gives a positive number.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tools.bench import cli, cpu, lighthouse as lh_mod, traces


@pytest.mark.parametrize("host, target, expected", [
    (1760.0, 440.0, 4.0),     # Lighthouse's own default on its high-end desktop
    (880.0, 440.0, 2.0),
    (440.0, 440.0, 1.0),
    (300.0, 440.0, 1.0),      # slower than the phone: never sped up
    (1000.0, 250.0, 4.0),
])
def test_slowdown_is_host_over_target(host: float, target: float, expected: float) -> None:
    assert cpu.slowdown(host, target) == expected


def test_slowdown_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        cpu.slowdown(0.0)


def test_profile_takes_the_median_and_says_when_the_host_is_slower() -> None:
    fast = cpu.CpuProfile.of([1500.0, 900.0, 1320.0, 1400.0, 200.0], check=[330.0, 350.0])
    assert (fast.host_index, fast.multiplier, fast.host_slower) == (1320.0, 3.0, False)
    data = fast.to_json()
    assert data["check_index"] == 340.0 and data["target_index"] == cpu.TARGET_INDEX
    assert data["spread"] == round((1500 - 200) / 1320, 3)
    assert json.loads(json.dumps(data)) == data
    slow = cpu.CpuProfile.of([300.0], check=[])
    assert slow.host_slower and slow.multiplier == 1.0
    fixed = cpu.CpuProfile.of([1320.0], check=[], multiplier=4.0)
    assert fixed.multiplier == 4.0


@pytest.mark.parametrize("rate, check, expected", [
    (5.19, 231.0, 2.72),   # the host slowed down after it was measured: over-throttled
    (2.77, 643.0, 4.05),   # run 6's counted round: the phone came out at 643, not 440
    (2.88, 543.5, None),   # within a quarter of the target: kept
    (3.0, 440.0, None),
    (1.2, 200.0, 1.0),     # never below 1
])
def test_a_check_far_from_the_target_corrects_the_slowdown(rate: float, check: float,
                                                           expected: float | None) -> None:
    assert cpu.corrected(rate, check) == expected


class _Session:
    def __init__(self, rates: list[float]) -> None:
        self.rates = rates

    def send(self, method: str, params: dict[str, Any]) -> None:
        assert method == "Emulation.setCPUThrottlingRate"
        self.rates.append(params["rate"])

    def detach(self) -> None:
        pass


class _Context:
    def __init__(self, rates: list[float]) -> None:
        self.rates = rates

    def new_page(self) -> Any:
        return type("P", (), {"goto": lambda self, url: None})()

    def new_cdp_session(self, page: Any) -> _Session:
        return _Session(self.rates)

    def close(self) -> None:
        pass


@pytest.mark.parametrize("host, host_now, expect_first, expect_rate", [
    (2200.0, 1100.0, 5.0, 2.5),   # the host halved its speed between the two measurements
    (1320.0, 1320.0, None, 3.0),  # it held still: the first slowdown stays
])
def test_calibration_corrects_a_slowdown_its_check_contradicts(
        monkeypatch: pytest.MonkeyPatch, host: float, host_now: float,
        expect_first: float | None, expect_rate: float) -> None:
    """The index under the slowdown is measured against the host as it is *now*: a check
    far from the target scales the slowdown once, the throttle is set again and checked
    again, and the profile says which slowdown it replaced."""
    rates: list[float] = []
    def measure(page: Any, runs: int = 5) -> list[float]:
        if not rates:  # unthrottled: the host as first measured
            return [host] * runs
        return [host_now / rates[-1]] * runs

    monkeypatch.setattr(cpu, "measure_index", measure)
    browser = type("B", (), {"browser": type("X", (), {
        "new_context": lambda self: _Context(rates)})()})()
    got = cpu.calibrate(browser, "http://x/", runs=2)
    assert got.multiplier == expect_rate and got.corrected_from == expect_first
    assert rates == ([expect_first, expect_rate] if expect_first else [expect_rate])
    assert got.check_index == round(host_now / expect_rate, 1)
    assert got.to_json()["corrected_from"] == expect_first


def test_recalculation_counts_python_as_on_the_phone() -> None:
    """Without the worker's post time (an older probe): Python added in series."""
    host = [{"dom": 10.0, "frame": 20.0, "worker": 8.0, "render": 2.0, "python": 3.0,
             "message": 1.0},
            {"dom": 5.0, "frame": 9.0, "worker": 4.0, "render": 1.0, "python": None,
             "message": 1.0}]
    phone = cli.on_phone(host, 3.0)
    assert [r["dom"] for r in phone] == [16.0, 5.0]
    assert [r["frame"] for r in phone] == [26.0, 9.0]
    assert [r["serial_dom"] for r in phone] == [16.0, 5.0]
    assert phone[0]["python"] == 9.0 and phone[1]["python"] is None
    assert phone[0]["host_dom"] == 10.0 and phone[0]["render"] == 2.0
    assert cli.on_phone(host, 1.0)[0]["dom"] == 10.0


def test_recalculation_runs_python_beside_the_page() -> None:
    """With it: the phone's slower Python delays the answer only past the moment the page
    was free to take it (here the page painted the changed field until 25 ms)."""
    hidden = {"dom": 30.0, "frame": 40.0, "worker": 25.0, "render": 5.0, "python": 3.0,
              "posted": 6.0, "message": 1.0}
    late = {**hidden, "posted": 20.0}  # 20 + 3 * (3 - 1) = 26: one ms past the paint
    idle = {"dom": 12.0, "frame": 20.0, "worker": 8.0, "render": 4.0, "python": 3.0,
            "posted": 7.5, "message": 1.0}
    skewed = {**idle, "posted": 9.0}  # posted "after" it was taken: clocks of two threads
    phone = cli.on_phone([hidden, late, idle, skewed], 3.0)
    assert [r["dom"] for r in phone] == [30.0, 31.0, 17.5, 18.0]
    assert [r["worker"] for r in phone] == [25.0, 26.0, 13.5, 14.0]
    assert [r["frame"] for r in phone] == [40.0, 41.0, 25.5, 26.0]
    assert [r["serial_dom"] for r in phone] == [36.0, 36.0, 18.0, 18.0]
    assert all(r["dom"] <= r["serial_dom"] for r in phone)
    assert [r["dom"] for r in cli.on_phone([hidden, idle], 1.0)] == [30.0, 12.0]


class FakeSession:
    def __init__(self, rates: list[float], rate: float) -> None:
        self.rates, self.detached = rates, False
        rates.append(rate)

    def send(self, method: str, params: dict[str, Any]) -> None:
        assert method == "Emulation.setCPUThrottlingRate"
        self.rates.append(params["rate"])

    def detach(self) -> None:
        self.detached = True


def test_recalculation_rounds_are_each_throttled_from_their_own_calibration(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round is calibrated right before it (the host's speed moves between rounds),
    throttled by that round's slowdown and reset after it; the rows come from the round
    with the median p95, and every round's index, slowdown and percentiles are kept."""
    indices = iter([880.0, 1760.0, 1320.0])          # x2, x4, x3
    base_ms = iter([10.0, 50.0, 30.0])               # each round's page time
    rates: list[float] = []
    sessions: list[FakeSession] = []
    monkeypatch.setattr(cli, "calibrate", lambda *a, **k: cpu.CpuProfile.of([next(indices)], []))

    def fake_throttle(ctx: Any, page: Any, rate: float) -> FakeSession:
        sessions.append(FakeSession(rates, rate))
        return sessions[-1]

    def fake_latency(page: Any, changes: int) -> list[dict[str, Any]]:
        ms = next(base_ms)
        return [{"dom": ms + i, "frame": ms + i, "worker": 0.0, "python": None, "posted": None}
                for i in range(changes)]

    monkeypatch.setattr(cli, "throttle", fake_throttle)
    monkeypatch.setattr(cli, "recalc_latency", fake_latency)
    args = cli.argparse.Namespace(recalc_rounds=3, changes=20, cpu_target=440.0,
                                  cpu_multiplier=None)
    samples, rounds = cli.recalc_rounds(None, "http://h/", (None, None), args, lambda _: None)
    assert rates == [2.0, 1, 4.0, 1, 3.0, 1] and all(s.detached for s in sessions)
    assert [r["multiplier"] for r in rounds] == [2.0, 4.0, 3.0]
    assert [r["host_index"] for r in rounds] == [880.0, 1760.0, 1320.0]
    assert [r["counted"] for r in rounds] == [False, False, True]
    assert [r["dom"] for r in samples] == [30.0 + i for i in range(20)]
    assert rounds[2]["p95"] == pytest.approx(30.0 + 19 * 0.95)


def test_long_tasks_count_by_cpu_time_on_the_phone() -> None:
    """A task counts by its CPU time as traced on the throttled main thread (the phone's),
    not that times the slowdown again: only the project's and Pyodide's, over 50 ms."""
    tasks = [{"owner": "project", "cpu": 49.0, "phone_cpu": 49.0},
             {"owner": "pyodide", "cpu": 51.0, "phone_cpu": 51.0},
             {"owner": "project", "cpu": 120.0, "phone_cpu": 120.0},
             {"owner": "theme", "cpu": 200.0, "phone_cpu": 200.0},
             {"owner": "rendering", "cpu": 120.0, "phone_cpu": 120.0}]
    assert traces.project_long_tasks(tasks) == 2
    assert traces.project_long_tasks(tasks, limit_ms=40.0) == 3
    assert traces.project_long_tasks(tasks[3:]) == 0


class FakeRun:
    """Stands in for the Lighthouse process: records its command lines; gathering (``-G``)
    saves artifacts with the host index of the moment, auditing (``-A``) refuses
    artifacts whose saved slowdown differs from its own (as Lighthouse does) and writes a
    report whose blocking time follows the slowdown."""

    def __init__(self, indexes: list[float]) -> None:
        self.commands: list[list[str]] = []
        self.indexes = iter(indexes)

    def __call__(self, cmd: list[str], **kwargs: Any) -> subprocess.CompletedProcess:
        self.commands.append(cmd)
        flag = lambda name: next((a.split("=", 1)[1] for a in cmd  # noqa: E731
                                  if a.startswith(name + "=")), None)
        slow = float(flag("--throttling.cpuSlowdownMultiplier") or 4.0)
        if flag("-G"):
            folder = Path(flag("-G"))
            folder.mkdir(parents=True)
            (folder / "artifacts.json").write_text(json.dumps(
                {"BenchmarkIndex": next(self.indexes),
                 "settings": {"throttling": {"cpuSlowdownMultiplier": slow}}}))
            return subprocess.CompletedProcess(cmd, 0, "", "")
        index = 1234.5
        if flag("-A"):
            saved = json.loads((Path(flag("-A")) / "artifacts.json").read_text())
            if saved["settings"]["throttling"]["cpuSlowdownMultiplier"] != slow:
                return subprocess.CompletedProcess(cmd, 1, "", "Cannot change settings")
            index = saved["BenchmarkIndex"]
        report = {"categories": {k: {"score": 1, "auditRefs": []} for k in
                                 ("performance", "accessibility", "best-practices", "seo")},
                  "audits": {"total-blocking-time": {"numericValue": 10 * slow},
                             "largest-contentful-paint": {"numericValue": 900}},
                  "configSettings": {"throttling": {"cpuSlowdownMultiplier": slow}},
                  "environment": {"benchmarkIndex": index}}
        Path(flag("--output-path")).write_text(json.dumps(report), encoding="utf-8")
        return subprocess.CompletedProcess(cmd, 0, "", "")


def test_lighthouse_audits_each_page_with_the_slowdown_of_its_own_index(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRun([880.0, 1320.0])
    monkeypatch.setattr(lh_mod.subprocess, "run", fake)
    monkeypatch.setattr(lh_mod, "LIGHTHOUSE", Path(__file__))  # "exists"
    got = lh_mod.lighthouse("http://h/", ["", "jail/"], lambda _: None, cpu.slowdown)
    assert [(e["page"], e["host_index"], e["multiplier"], e["tbt_ms"]) for e in got] == [
        ("", 880.0, 2.0, 20.0), ("jail/", 1320.0, 3.0, 30.0)]
    audits = [c for c in fake.commands if any(a.startswith("-A=") for a in c)]
    assert [[a for a in c if a.startswith("--throttling.cpuSlowdownMultiplier=")]
            for c in audits] == [["--throttling.cpuSlowdownMultiplier=2.0"],
                                 ["--throttling.cpuSlowdownMultiplier=3.0"]]
    # gathering and auditing see the same settings otherwise
    gathers = [c for c in fake.commands if any(a.startswith("-G=") for a in c)]
    strip = lambda c: [a for a in c[2:] if not a.startswith(("-G=", "-A=", "--output",  # noqa: E731
                                                             "--throttling."))]
    assert [strip(c) for c in gathers] == [strip(c) for c in audits]
    block = cli.cpu_block(cpu.CpuProfile.of([1000.0], check=[]), got)
    assert block["lighthouse_pages"]["host_index_min"] == 880.0
    assert block["lighthouse_pages"]["multiplier_max"] == 3.0


def test_lighthouse_takes_the_median_run_of_each_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """Several runs per page, round after round; per page the run with the median blocking
    time counts, every run's figures are kept, and a run that failed leaves the others."""
    # round 1: x2, x3; round 2: x4, x2; round 3: x1, x3 (FakeRun: TBT = 10 x slowdown)
    fake = FakeRun([880.0, 1320.0, 1760.0, 880.0, 440.0, 1320.0])
    monkeypatch.setattr(lh_mod.subprocess, "run", fake)
    monkeypatch.setattr(lh_mod, "LIGHTHOUSE", Path(__file__))
    logged: list[str] = []
    got = lh_mod.lighthouse("http://h/", ["", "jail/"], logged.append, cpu.slowdown, runs=3)
    assert [(e["page"], e["tbt_ms"], e["multiplier"]) for e in got] == [
        ("", 20.0, 2.0), ("jail/", 30.0, 3.0)]
    assert [e["runs_tbt_ms"] for e in got] == [[20.0, 40.0, 10.0], [30.0, 20.0, 30.0]]
    assert all(e["accessibility"] == 100 and e["runs_performance"] == [100] * 3 for e in got)
    gathered = [next(a for a in c if a.startswith("http://")) for c in fake.commands
                if any(a.startswith("-G=") for a in c)]
    assert gathered == ["http://h/", "http://h/jail/"] * 3  # round after round
    assert sum("median of 3" in line for line in logged) == 2
    monkeypatch.setattr(lh_mod.subprocess, "run", FakeRun([880.0]))
    one = lh_mod.lighthouse("http://h/", [""], lambda _: None, cpu.slowdown, runs=1)
    assert "runs_tbt_ms" not in one[0] and one[0]["tbt_ms"] == 20.0


def test_lighthouse_without_calibration_keeps_its_default(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRun([])
    monkeypatch.setattr(lh_mod.subprocess, "run", fake)
    monkeypatch.setattr(lh_mod, "LIGHTHOUSE", Path(__file__))
    got = lh_mod.lighthouse("http://h/", [""], lambda _: None)
    assert len(fake.commands) == 1 and got[0]["multiplier"] == 4.0
    assert not any(a.startswith("--throttling.cpuSlowdownMultiplier") for a in fake.commands[0])


def test_benchmark_is_lighthouses() -> None:
    """The host index is Lighthouse's own benchmark function, read from the pinned package."""
    if not cpu.LIGHTHOUSE_PAGE_FUNCTIONS.exists():
        pytest.fail("node_modules/lighthouse is missing: ./dev installs it (npm ci)")
    src = cpu.benchmark_source()
    assert src.startswith("function computeBenchmarkIndex")
    value = subprocess.run(["node", "-e", f"process.stdout.write(String(({src})()))"],
                           capture_output=True, text=True, timeout=60, check=True).stdout
    assert float(value) > 0
