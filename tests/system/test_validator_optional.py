"""The optional validator checks through the CLI on the CPU (issue 22, item 13): --graph-check is one info line (no CUDA
graphs on a CPU), never an error; --sanitizer on a CPU and a sanitizer tool that does not exist are one-line errors
(exit 2) naming the flag and what is valid."""
import json
from support import ROOT, assert_one_line, run_cli

GEMM = ("--operation", "gemm", "--shape", "48,48,48", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
        "--iters", "5", "--quiet", "--kernel-shapes", "exact")
GOOD = ("--custom-kernel", f"{ROOT}/examples/kernels/good_gemm.py:matmul")


def test_graph_check_on_cpu_is_an_info_line(tmp_path):
    out = tmp_path / "v.json"
    code, o, e = run_cli(*GEMM, *GOOD, "--graph-check", "--output", str(out))
    assert code == 0 and "Traceback" not in o + e, e[-1000:]
    assert "  info  CUDA-graph replay: not checked: no CUDA graphs on a CPU" in o.splitlines(), o[-2000:]
    r = json.loads(out.read_text())
    assert r["verdict"] == "PASS", r["verdict"]
    c = next(c for c in r["checks"] if c["name"] == "CUDA-graph replay")
    assert c["info"] and c["passed"] and not c["trap"], c


def test_sanitizer_on_cpu_one_line():
    code, o, e = run_cli(*GEMM, *GOOD, "--sanitizer", "racecheck")
    assert_one_line(code, e, "--sanitizer needs a CUDA device")


def test_sanitizer_bad_tool_one_line():
    code, o, e = run_cli(*GEMM, *GOOD, "--sanitizer", "racechek")
    assert_one_line(code, e, "--sanitizer", "racecheck", "initcheck", "memcheck", "synccheck")


def test_sanitizer_without_a_kernel_refused():
    "--sanitizer is a flag of the validate mode: refused in one line without --custom-kernel."
    code, o, e = run_cli(*GEMM, "--sanitizer", "memcheck")
    assert_one_line(code, e, "--sanitizer")
