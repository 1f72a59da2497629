"""Hostile inputs and user code at the door (issue 24, items 3 and 4): ops.json files that once gave tracebacks or were
read as given, model factories and profiled functions that exit, re-root, fork, hang or raise, and report names that
are paths. Each ends with one line on stderr naming the input and what is wrong, exit status 2, nothing lost: the
working directory and the process itself stay the tool's. All on the CPU, in a fresh process per CLI call."""
import json, os
from pathlib import Path
import pytest
from support import assert_one_line, cs

RUN = ("--device", "cpu", "--warmup", "1", "--iters", "3", "--precision", "fp32", "--quiet", "--no-fusion")
G = {"op": "gemm", "shape": [8, 8, 8]}
OPS = {   # name -> (content, the bad value as the line names it)
    "nested_shape": ({"a": {**G, "shape": [[8, 8], 8, 8]}}, "[[8, 8], 8, 8]"),
    "nan_count": ('{"a": {"op": "gemm", "shape": [8, 8, 8], "count": NaN}}', "got NaN"),
    "text_count": ({"a": {**G, "count": "3"}}, 'got "3"'),
    "text_time": ({"a": {**G, "time_ms": "fast"}}, 'got "fast"'),
    "collective": ({"ar": {"op": "all_reduce", "shape": [1024]}}, "'all_reduce' is a collective"),
    "not_utf8": (b'{"a": {"op": "gemm", "shape": [8, 8, 8], "note": "caf\xe9"}}', "not UTF-8 text: byte 0xe9"),
    "deep": ('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}", "nests deeper than"),
    "negative_time": ({"a": {**G, "time_ms": -5}}, "time_ms must be a finite number of ms >= 0; got -5"),
    "negative_count": ({"a": {**G, "count": -3}}, "count must be an integer >= 1; got -3"),
    "infinite_time": ('{"a": {"op": "gemm", "shape": [8, 8, 8], "time_ms": Infinity}}', "got Infinity"),
    "op_not_text": ({"a": {"op": ["gemm"], "shape": [8, 8, 8]}}, "op must be a number, text or true/false"),
    "object_extra": ({"a": {**G, "causal": {"x": 1}}}, "causal must be a number, text or true/false"),
    "bad_unmapped": ({"a": G, "_unmapped": [{"name": "x", "time_ms": "slow"}]}, "_unmapped[0]: time_ms"),
}


@pytest.mark.parametrize("name", sorted(OPS))
def test_hostile_ops_json(name, tmp_path):
    content, bad = OPS[name]
    f = tmp_path / f"{name}.json"
    if isinstance(content, bytes): f.write_bytes(content)
    else: f.write_text(content if isinstance(content, str) else json.dumps(content))
    p = cs("--ops", f, *RUN)
    assert_one_line(p.returncode, p.stderr, f"--ops '{f}'", bad)


FACTORIES = '''
import os, sys, time, torch
def ok(batch=1, seq=8, device=None, dtype=None): return torch.nn.Linear(8, 8), torch.randn(batch * seq, 8)
def exits(**k): sys.exit(0)
def os_exits(**k): os._exit(0)
def raises(**k): raise ValueError("no weights here\\nsecond line")
def hangs(**k): time.sleep(600)
def forward_raises(**k):
    class M(torch.nn.Module):
        def forward(self, x): raise RuntimeError("forward broke")
    return M(), (torch.randn(2, 2),)
def wrong_inputs(**k): return torch.nn.Linear(4, 4), (torch.randn(3, 5),)
def meta(**k):
    with torch.device("meta"): return torch.nn.Linear(4, 4), torch.randn(2, 4)
def needs(width, device=None): return torch.nn.Linear(width, width), torch.randn(2, width)
def moves(**k): os.chdir("/"); return torch.nn.Linear(8, 8), torch.randn(4, 8)
def forks(**k):
    if os.fork() == 0: time.sleep(600)   # a copy of the tool: the box kills it
    return torch.nn.Linear(8, 8), torch.randn(4, 8)
'''
MODEL_CASES = {"exits": "factory 'exits' called sys.exit(0)", "os_exits": "factory 'os_exits' called os._exit(0)",
               "raises": "factory 'raises' raised ValueError: no weights here",
               "forward_raises": "the forward of model 'forward_raises' raised RuntimeError: forward broke",
               "wrong_inputs": "raised RuntimeError: mat1 and mat2 shapes cannot be multiplied",
               "meta": "factory 'meta' returned tensors on the meta device",
               "needs": "factory 'needs' requires 'width', which the tool cannot give"}


@pytest.fixture
def factories(tmp_path):
    (tmp_path / "factories.py").write_text(FACTORIES)
    return tmp_path


@pytest.mark.parametrize("fn", sorted(MODEL_CASES))
def test_hostile_factory(fn, factories):
    p = cs("--model", f"factories.py:{fn}", *RUN, cwd=factories, timeout=300)
    assert_one_line(p.returncode, p.stderr, f"--model 'factories.py:{fn}'" if fn != "forward_raises"
                    and fn != "wrong_inputs" else "the forward of model", MODEL_CASES[fn])


@pytest.mark.parametrize("flag", ["--batch", "--seq"])
def test_negative_batch_or_seq(flag, factories):
    p = cs("--model", "factories.py:ok", flag, "-1", *RUN, cwd=factories)
    assert_one_line(p.returncode, p.stderr, f"{flag} must be an integer >= 1; got -1")


def test_factory_that_moves_keeps_the_output_where_given(factories):
    "A factory calling os.chdir('/') does not move the relative --output: it lands in the folder the user ran in."
    p = cs("--model", "factories.py:moves", *RUN, "--output", "moved.json", cwd=factories, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    assert (factories / "moved.json").is_file() and not Path("/moved.json").exists()


def test_factory_that_hangs_is_stopped(factories):
    "A factory that never returns is stopped at --kernel-timeout: one line naming it, exit 2, no measurement."
    p = cs("--model", "factories.py:hangs", *RUN, "--kernel-timeout", "2", cwd=factories, timeout=120)
    assert_one_line(p.returncode, p.stderr, "factories.py:hangs", "did not return within 2 s")


def test_factory_that_forks_leaves_no_copy(factories):
    "A factory that forks: the tool finishes once, its copy is killed and reaped (no second report, no process left)."
    p = cs("--model", "factories.py:forks", *RUN, "--output", "forked.json", "--json", cwd=factories, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    assert json.loads(p.stdout)["model"] == "forks"   # one report printed, not two interleaved
    assert json.loads((factories / "forked.json").read_text())["model"] == "forks"


PROFILED = '''
import os, sys, time
def exits(): sys.exit(5)
def os_exits(): os._exit(0)
def hangs(): time.sleep(600)
def moves(): os.chdir("/"); return sum(range(100))
'''


@pytest.mark.parametrize("fn,needle", [("exits", "called sys.exit(5)"), ("os_exits", "called os._exit(0)")])
def test_profiled_function_that_exits(fn, needle, tmp_path):
    (tmp_path / "user.py").write_text(PROFILED)
    p = cs("--profile", f"user.py:{fn}", "--device", "cpu", "--quiet", cwd=tmp_path)
    assert_one_line(p.returncode, p.stderr, f"user.py:{fn} {needle}")


def test_profiled_function_that_hangs_is_stopped(tmp_path):
    (tmp_path / "user.py").write_text(PROFILED)
    p = cs("--profile", "user.py:hangs", "--device", "cpu", "--quiet", "--kernel-timeout", "2", cwd=tmp_path, timeout=120)
    assert_one_line(p.returncode, p.stderr, "user.py:hangs did not return within 2 s")


def test_profiled_function_that_moves_keeps_the_output_where_given(tmp_path):
    (tmp_path / "user.py").write_text(PROFILED)
    p = cs("--profile", "user.py:moves", "--device", "cpu", "--quiet", "--output", "prof.json", cwd=tmp_path)
    assert p.returncode == 0, p.stderr[-2000:]
    assert (tmp_path / "prof.json").is_file() and not Path("/prof.json").exists()


@pytest.mark.parametrize("name", ["../../x", "/abs/x", "sub/x", "..", ""])
def test_report_name_that_is_a_path_is_refused(name, tmp_path):
    "The report notebooks' `name` parameter, through the library (no papermill): refused, nothing written anywhere."
    from ceiling_scout.reports.run import ReportOutput, ReportRun
    with pytest.raises(ValueError, match="name must be a file stem"): ReportOutput(tmp_path, name)
    run = ReportRun(device="cpu", source="live", out_dir=tmp_path, name="fine")
    run.name = name or "."
    with pytest.raises(ValueError, match="name must be a file stem"): run.write(log=None)
    assert list(tmp_path.iterdir()) == []


def test_host_report_example_is_not_taken_from_the_working_directory(tmp_path):
    "A planted.py in the folder the report runs in is never the one imported: the example is found beside the package."
    from ceiling_scout.modes.host import example_function
    (tmp_path / "examples" / "host").mkdir(parents=True)
    (tmp_path / "examples" / "host" / "planted.py").write_text("raise SystemExit('imported from the cwd')")
    here = os.getcwd()
    try:
        os.chdir(tmp_path); ex = example_function("cpu")
    finally: os.chdir(here)
    assert ex is None or not ex.startswith(str(tmp_path)), ex
