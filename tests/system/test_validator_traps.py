"""The validator's traps through the CLI on the CPU: every planted kernel's FAIL names the trap it was caught by (in the
text and in the JSON report's `traps`), the report records the random seed, and `--compare` on a correct kernel lists
no trap (issue 22)."""
import json
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
