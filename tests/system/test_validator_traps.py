"""The validator's traps through the CLI on the CPU: every planted kernel's FAIL names the trap it was caught by (in the
text and in the JSON report's `traps`), the report records the random seed, and `--compare` on a correct kernel lists
no trap (issue 22)."""
import json, time
import pytest
from support import ROOT, run_cli

K = "examples/kernels"
GEMM = ("--operation", "gemm", "--shape", "64,64,64", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
        "--iters", "5")
TRAPPED = {"wrong_result": ("wrong_values",), "constant_output": ("wrong_values",),
           "stale_cache": ("stale_cache", "wrong_values"), "overwrites_input": ("overwrites_input",),
           "aliases_input": ("aliases_input",), "static_output": ("reused_output",), "wrong_dtype": ("output_type",),
           "raises": ("raises",)}


def report(tmp_path, kernel: str, *flags) -> tuple[dict, str]:
    "The CLI's JSON report for `kernel` with --compare, and its printed text (exit 0, no traceback)."
    out = tmp_path / "v.json"
    code, o, e = run_cli(*GEMM, "--custom-kernel", kernel, "--compare", *flags, "--output", str(out))
    assert code == 0 and "Traceback" not in o + e, (kernel, code, e[-1000:])
    return json.loads(out.read_text()), o


@pytest.mark.parametrize("fn", sorted(TRAPPED))
def test_planted_kernel_names_its_trap(fn, tmp_path):
    r, text = report(tmp_path, f"{K}/broken_gemm.py:{fn}")
    assert r["verdict"] == "FAIL" and r["traps"] and r["traps"][0] in TRAPPED[fn], (fn, r["traps"])
    assert f"Custom kernel: FAIL, trap {r['traps'][0]}" in text and f"[trap {r['traps'][0]}]" in text, text[-1500:]
    assert all(c["trap"] for c in r["checks"] if not c["passed"]), r["checks"]


def test_seed_recorded_and_replayed(tmp_path):
    r, text = report(tmp_path, f"{K}/good_gemm.py:matmul")
    assert r["verdict"] != "FAIL" and r["traps"] == [] and len(r["seeds"]) == 1, (r["verdict"], r["traps"])
    assert f"Seeds: {r['seeds'][0]}" in text, text[-800:]


PLANTED = '''
import threading, time, torch
_first = {}
def late(a, b):
    "Returns the answer; a thread it leaves running overwrites it 0.2 s later (a write after return)."
    out = a @ b
    def work(): time.sleep(0.2); out.mul_(2)
    threading.Thread(target=work).start(); return out
_n = [0]
def watched(a, b):
    "Right for the first calls (the correctness checks), then slightly wrong (the timed calls)."
    _n[0] += 1
    return a @ b if _n[0] <= 12 else (a @ b) * 1.01
def patches(a, b):
    "Right, but makes the clock stand still on its first call."
    time.perf_counter = lambda: 0.0
    return a @ b
def library(a, b):
    "The library itself."
    return torch.matmul(a, b)
def rounded(a, b):
    "Rounds the inputs to 18 fractional bits: within the fp32 tolerance, 7x the library's error (a downgrade)."
    r = lambda t: ((t.double() * 2**18).round() / 2**18).float()
    return r(a) @ r(b)
def one_shape(a, b):
    "Right at 256x256x256 only (a shape it was specialised to)."
    c = a @ b
    return c if a.shape == (256, 256) and b.shape[1] == 256 else c * 0
'''
CASES = {"late": ("side_work", "late_write"), "watched": ("watched_only",), "patches": ("tampering",),
         "rounded": ("precision_downgrade",), "one_shape": ("held_out_shape",)}


@pytest.mark.parametrize("fn", sorted(CASES))
def test_hardened_trap(fn, tmp_path):
    k = tmp_path / "planted.py"; k.write_text(PLANTED)
    out = tmp_path / "v.json"
    code, o, e = run_cli(*GEMM[:2], "--shape", "256,256,256", *GEMM[4:], "--custom-kernel", f"{k}:{fn}",
                         "--compare", "--kernel-shapes", "exact", "--output", str(out))
    assert code == 0 and "Traceback" not in o + e, (fn, code, e[-1000:])
    r = json.loads(out.read_text())
    assert r["verdict"] == "FAIL" and set(CASES[fn]) <= set(r["traps"]), (fn, r["verdict"], r["traps"])
    assert f"[trap {CASES[fn][0]}]" in o, o[-1500:]
    assert time.perf_counter() != time.perf_counter(), "the kernel's patched clock was left in place"


def test_library_in_disguise(tmp_path):
    k = tmp_path / "planted.py"; k.write_text(PLANTED)
    r, text = report(tmp_path, f"{k}:library")
    assert r["verdict"] == "LIBRARY" and r["kernels"] and r["speedup"] is None, (r["verdict"], r["kernels"])
    assert "Custom kernel: LIBRARY" in text and "Kernels launched: " in text, text[-1000:]
