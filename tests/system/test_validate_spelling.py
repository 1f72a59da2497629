"""The users' spelling `--validate --before LIBRARY --after FILE:fn` in a fresh process on the CPU: the same report and
exit status as `--custom-kernel FILE:fn --compare` (a FAIL is decided by the checks, so the reports match), and a
library the A/B does not time (`cublas` on a CPU) refused in one line naming the valid ones."""
import json
from support import assert_one_line, cs

GEMM = ("--operation", "gemm", "--shape", "64,64,64", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
        "--iters", "5", "--quiet")
KERNEL = "examples/kernels/broken_gemm.py:wrong_result"


def report(tmp_path, name, *flags) -> tuple[int, dict]:
    """(exit status, the JSON report without what each run draws anew: seeds, environment, error figures, and the
    signature over them)."""
    p = cs(*GEMM, *flags, "--output", tmp_path / name, timeout=300)
    r = json.loads((tmp_path / name).read_text())
    checks = [(c["name"], c["passed"], c["trap"]) for c in r["checks"]]
    return p.returncode, {**r, "checks": checks, "seeds": None, "environment": None, "signature": None}


def test_both_spellings_same_report(tmp_path):
    ours = report(tmp_path, "a.json", "--custom-kernel", KERNEL, "--compare")
    theirs = report(tmp_path, "b.json", "--validate", "--before", "mkl", "--after", KERNEL)
    assert ours == theirs and ours[0] == 0 and ours[1]["verdict"] == "FAIL", (ours, theirs)


def test_cublas_on_cpu_refused(tmp_path):
    p = cs(*GEMM, "--validate", "--before", "cublas", "--after", KERNEL)
    assert_one_line(p.returncode, p.stderr, "--before 'cublas'", "mkl", "torch.matmul")
    p = cs(*GEMM, "--validate")
    assert_one_line(p.returncode, p.stderr, "--validate needs --after")
