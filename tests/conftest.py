"""Shared set-up of the test tree: the repository root on sys.path (so the tests use this checkout's package), charts
without a display, one temporary ceiling cache for the session unless CEILING_SCOUT_CACHE names one, and each test's
wall time printed (pytest --durations shows the slowest)."""
import os, sys, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("MPLBACKEND", "Agg")
os.environ.setdefault("CEILING_SCOUT_CACHE", tempfile.mkdtemp(prefix="cs-cache-"))
os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)


_FILES: dict[str, list] = {}   # test file -> [seconds, tests passed, tests failed]


def pytest_runtest_logreport(report):
    "Add each phase's time to its file; a failed phase fails its test (a skip counts as passed)."
    f = _FILES.setdefault(report.nodeid.split("::")[0], [0.0, 0, 0])
    f[0] += report.duration
    if report.failed: f[2] += 1
    elif report.when == "call" and report.passed or report.skipped: f[1] += 1


def pytest_terminal_summary(terminalreporter):
    "One line per test file (PASS/FAIL, seconds, tests), also appended to $CI_RESULTS for the CI summary."
    lines = [f"{'FAIL' if failed else 'PASS'} {name} ({secs:.0f} s, {ok} passed, {failed} failed)"
             for name, (secs, ok, failed) in _FILES.items()]
    terminalreporter.write_sep("-", "time per test file")
    for l in lines: terminalreporter.write_line(l)
    if os.environ.get("CI_RESULTS"):
        with open(os.environ["CI_RESULTS"], "a") as f: f.write("".join(l + "\n" for l in lines))
