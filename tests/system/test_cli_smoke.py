"""The CLI smoke of the fast gate: the installed `ceiling-scout` entry point measures a GEMM on the CPU and writes a
report that loads back; `python -m ceiling_scout` runs adaptive; bad input is one line on stderr with exit status 2."""
import shutil
from support import assert_one_line, cs, proc, run_cli


def test_entry_point_gemm_report(tmp_path):
    exe = shutil.which("ceiling-scout")
    assert exe, "no ceiling-scout on PATH: pip install -e .[dev]"
    p = proc(exe, "--operation", "gemm", "--shape", "256,256,256", "--precision", "fp32", "--device", "cpu",
             "--warmup", "2", "--iters", "20", "--output", tmp_path / "r.json")
    assert p.returncode == 0, p.stdout + p.stderr
    assert "=== Ceiling Scout ===" in p.stdout and "Efficiency:" in p.stdout, p.stdout
    from ceiling_scout import load_reports
    r = load_reports(tmp_path / "r.json")[0]
    assert r.operation == "gemm" and r.shape == [256, 256, 256] and r.stats["n"] == 20, r


def test_module_adaptive_bf16():
    p = cs("--operation", "gemm", "--shape", "128,128,128", "--precision", "bf16", "--device", "cpu", "--adaptive",
           "--max-time", "2", "--quiet")
    assert p.returncode == 0, p.stderr[-600:]


def test_bad_shape_one_line():
    assert_one_line(*run_cli("--shape", "8192,0,8192", "--device", "cpu")[::2], "got 0")


def test_bad_precision_one_line():
    assert_one_line(*run_cli("--shape", "64,64,64", "--precision", "fp4", "--device", "cpu")[::2], "valid: fp32")
