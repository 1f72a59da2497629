"""The cheat suite on the CPU (issue 22): `benchmarks/cheat_matrix.py --device cpu` runs every CPU entry of
`examples/kernels/suite.json` (each in a process of its own) once for the module; then 0 false accepts, at most one
false reject, and every planted kernel rejected naming its trap."""
import ast, importlib.util, json, os
import pytest
from support import ROOT, assert_one_line, proc

SUITE = json.loads((ROOT / "examples" / "kernels" / "suite.json").read_text())["entries"]
CPU = [e for e in SUITE if e["where"] in ("cpu", "both")]
TRAP_CODES = {"wrong_values", "nonfinite", "output_type", "aliases_input", "overwrites_input", "stale_cache",
              "reused_output", "racy", "uninitialized", "raises", "hang", "exits", "held_out_shape",
              "precision_downgrade", "side_work", "late_write", "watched_only", "replay", "physics_floor",
              "library_kernel", "tampering", "sticky_error", "graph_capture", "sanitizer", "timer",
              "persisting_l2", "speed_of_light"}


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> dict:
    "The CPU cheat matrix, run once: its JSON document."
    out = tmp_path_factory.mktemp("cheat") / "cm.json"
    p = proc("python", "benchmarks/cheat_matrix.py", "--device", "cpu", "--out", out, timeout=900,
             env={**os.environ, "OMP_NUM_THREADS": "1"})
    assert p.returncode == 0, p.stderr[-3000:]
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def records(run) -> dict: return {r["name"]: r for r in run["records"]}


@pytest.mark.parametrize("name", [e["name"] for e in CPU if e["expect"] == "reject"])
def test_planted_rejected_naming_its_trap(records, name):
    e = records[name]
    assert e["outcome"] == "caught", (name, e["verdict"], e["traps"], e["trap"], e.get("error"))


def test_no_false_accepts(records):
    bad = [n for n, r in records.items() if r["outcome"] == "false_accept"]
    assert bad == [], bad


def test_at_most_one_false_reject(records):
    bad = [(n, r["verdict"], r["traps"]) for n, r in records.items() if r["outcome"] == "false_reject"]
    assert len(bad) <= 1, bad


def test_every_cpu_entry_ran_with_provenance(run):
    assert [r["name"] for r in run["records"]] == [e["name"] for e in CPU]
    p = run["provenance"]
    assert p["device"] == "cpu" and p["torch"] and p["date"] and p["commit"] and "cheat_matrix.py" in p["command"]
    m = run["matrix"]
    assert m["planted"] + m["honest"] == len(CPU) and m["honest_accepted"] + m["honest_rejected"] == m["honest"]
    assert all(r["verdict_s"] >= 0 for r in run["records"] if r["verdict"] != "ERROR")


def _functions(path) -> dict:
    "Top-level function name -> docstring of a kernel file (read with ast, nothing imported)."
    tree = ast.parse(path.read_text())
    return {f.name: ast.get_docstring(f) or "" for f in tree.body if isinstance(f, ast.FunctionDef)}


def test_suite_manifest():
    planted = [e for e in SUITE if e["expect"] == "reject"]
    assert len(planted) >= 25 and len(SUITE) - len(planted) >= 20, (len(planted), len(SUITE))
    assert len({e["name"] for e in SUITE}) == len(SUITE)
    for e in SUITE:
        file, fn = e["candidate"].split(":")
        doc = _functions(ROOT / "examples" / "kernels" / file).get(fn)
        assert doc and "\n" not in doc.strip(), (e["name"], "needs a one-line docstring saying what it does")
        assert e["where"] in ("cpu", "gpu", "both") and e["why"], e["name"]
        if e["expect"] == "reject": assert {e["trap"], *e.get("also", [])} <= TRAP_CODES, e["name"]


def _script():
    spec = importlib.util.spec_from_file_location("cheat_matrix", ROOT / "benchmarks" / "cheat_matrix.py")
    m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    return m


def test_outcomes_and_inferred_traps():
    cm = _script()
    bad = {"name": "x", "expect": "reject", "trap": "stale_cache"}
    assert cm.outcome(bad, {"verdict": "KEEP", "traps": []}) == "false_accept"
    assert cm.outcome(bad, {"verdict": "FAIL", "traps": ["wrong_values", "stale_cache"]}) == "caught"
    assert cm.outcome(bad, {"verdict": "FAIL", "traps": ["wrong_values"]}) == "caught_wrong_trap"
    assert cm.outcome(bad, {"verdict": "ERROR", "traps": []}) == "not_judged"
    good = {"name": "y", "expect": "accept"}
    assert cm.outcome(good, {"verdict": "LIBRARY", "traps": ["library_kernel"]}) == "false_reject"
    assert cm.outcome({**good, "library_ok": True}, {"verdict": "LIBRARY", "traps": []}) == "library"
    assert cm.outcome(good, {"verdict": "TOO_CLOSE_TO_CALL", "traps": []}) == "accepted"
    checks = [{"name": "seed 0 at 8x8x8", "passed": False, "stats": {"nonfinite": 3}},
              {"name": "inputs untouched", "passed": False}, {"name": "time limit", "passed": True},
              {"name": "the kernel runs", "passed": False, "detail": "called os._exit(0)"}]
    assert cm.infer_traps({"checks": checks, "verdict": "FAIL"}) == ["nonfinite", "overwrites_input", "exits"]
    assert cm.infer_traps({"checks": [{"passed": False, "trap": "replay"}], "verdict": "FAIL"}) == ["replay"]
    assert cm.verdict_traps("LIBRARY", []) == ["library_kernel"]
    assert cm.verdict_traps("CHECK_MEASUREMENT", ["physics_floor"]) == ["physics_floor"]


def test_gpu_entries_take_the_gpu_shapes():
    cm = _script()
    with pytest.raises(ValueError, match="matches no cpu entry"): cm.entries_for(SUITE, "cpu", "no-such-kernel")
    gpu = cm.entries_for(SUITE, "cuda")
    assert [e["name"] for e in gpu] == [e["name"] for e in SUITE if e["where"] in ("gpu", "both")]
    assert all(e["shape"] == (e.get("cuda") or {}).get("shape", e["shape"]) for e in gpu)
    assert {e["precision"] for e in gpu if e["operation"] == "gemm"} >= {"bf16", "fp32"}


CRASH = """import os, signal
def killed(a, b):
    "Kills the process that runs its validation, the parent of its own (a crash of the case stands in)."
    os.kill(os.getppid(), signal.SIGKILL)
def self_killed(a, b):
    "Kills its own process, which the validation runs apart: a FAIL, the case goes on."
    os.kill(os.getpid(), signal.SIGKILL)
def fine(a, b):
    "(bT aT)T: right, and not only the library's kernel."
    return (b.t() @ a.t()).t().contiguous()
"""


def test_a_crash_is_recorded_and_the_run_goes_on(tmp_path):
    (tmp_path / "k.py").write_text(CRASH)
    e = {"operation": "gemm", "shape": "16,16,16", "precision": "fp32", "where": "cpu", "why": "-"}
    suite = {"entries": [{**e, "name": "killed", "candidate": f"{tmp_path}/k.py:killed", "expect": "reject",
                          "trap": "exits"},
                         {**e, "name": "self_killed", "candidate": f"{tmp_path}/k.py:self_killed", "expect": "reject",
                          "trap": "exits"},
                         {**e, "name": "fine", "candidate": f"{tmp_path}/k.py:fine", "expect": "accept",
                          "library_ok": True}]}
    (tmp_path / "s.json").write_text(json.dumps(suite))
    p = proc("python", "benchmarks/cheat_matrix.py", "--suite", tmp_path / "s.json", "--out", tmp_path / "o.json",
             "--ceilings", tmp_path / "c.json", timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    got = {r["name"]: r for r in json.loads((tmp_path / "o.json").read_text())["records"]}
    assert got["killed"]["verdict"] == "ERROR" and got["killed"]["outcome"] == "not_judged"
    assert "exit code -9" in got["killed"]["error"]
    assert (got["self_killed"]["verdict"], got["self_killed"]["outcome"]) == ("FAIL", "caught")
    assert got["fine"]["outcome"] == "accepted"
    again = proc("python", "benchmarks/cheat_matrix.py", "--suite", tmp_path / "s.json", "--out", tmp_path / "o2.json",
                 "--ceilings", tmp_path / "c.json", "--resume", tmp_path / "o.json", timeout=300)   # nothing left to run
    assert again.returncode == 0, again.stderr[-2000:]
    doc = json.loads((tmp_path / "o2.json").read_text())
    assert len(doc["records"]) == 3 and doc["matrix"] == json.loads((tmp_path / "o.json").read_text())["matrix"]


def test_no_cuda_is_one_line(tmp_path):
    import torch
    if torch.cuda.is_available(): pytest.skip("a CUDA device is here")
    p = proc("python", "benchmarks/cheat_matrix.py", "--device", "cuda", "--out", tmp_path / "o.json")
    assert_one_line(p.returncode, p.stderr, "no CUDA device")
