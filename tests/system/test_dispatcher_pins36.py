"""The README's Dispatcher workflow as written, in a temporary copy of the repository's layout: validate from the project
root (`--custom-kernel examples/kernels/good_gemm.py:matmul --output reports/gemm.json`), then
`Dispatcher("reports/", trust=[pin])` with the pin `candidate_pin` writes. A CPU run cannot promise a KEEP, so the
CLI's own report is turned into a timed KEEP and signed again (as the dispatcher notebook's fixtures do: unsigned, it is
refused) before dispatching; everything
else, the recorded candidate, its hashes and the files loaded, is the CLI's. A pin by name alone, and a helper edited
beside the kernel, are refused."""
import json, os, shutil
from pathlib import Path
from support import ROOT, cs

GEMM = ("--operation", "gemm", "--shape", "256,256,256", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
        "--iters", "5", "--quiet")
KERNEL = "examples/kernels/good_gemm.py:matmul"


def as_keep(d: dict) -> dict:
    "The CLI's report with a KEEP verdict and consistent timing (a GPU run where the kernel wins)."
    return {**d, "verdict": "KEEP", "speedup": 1.3, "speedup_ci95": [1.2, 1.4],
            "baseline": {"mean_ms": 1.3, "tflops": 0.1}, "custom": {"mean_ms": 1.0, "tflops": 0.13},
            "bound_tflops": None, "spec_bound_tflops": None}


def test_readme_dispatcher_workflow(tmp_path):
    import torch
    from ceiling_scout import Dispatcher
    from ceiling_scout.modes.candidate import candidate_pin, sign_report
    shutil.copytree(ROOT / "examples/kernels", tmp_path / "examples/kernels")
    (tmp_path / "reports").mkdir()
    p = cs(*GEMM, "--custom-kernel", KERNEL, "--compare", "--output", "reports/gemm.json", cwd=tmp_path, timeout=300)
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr, p.stderr[-1500:]
    r = json.loads((tmp_path / "reports/gemm.json").read_text())
    assert r["candidate"] == KERNEL and r["verdict"] in ("KEEP", "REVERT", "TOO_CLOSE_TO_CALL"), r["verdict"]
    here = os.getcwd(); os.chdir(tmp_path)
    try:
        pin = candidate_pin(KERNEL)
        assert pin == f"{KERNEL}@{r['candidate_digest']}", (pin, r["candidate_digest"])
        (tmp_path / "reports/gemm.json").write_text(json.dumps(as_keep(r)))   # edited after the CLI signed it
        forged = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        assert forged.decide("gemm", (256, 256, 256), "fp32").uses_library
        assert "not signed by a validation run" in forged.refused[0], forged.refused
        (tmp_path / "reports/gemm.json").write_text(json.dumps(sign_report(as_keep(r))))   # as a GPU run signs its KEEP
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        d = dsp.decide("gemm", (256, 256, 256), "fp32")
        assert d.implementation == KERNEL and dsp.refused == [], (d.considered, dsp.refused)
        a, b = torch.randn(256, 256), torch.randn(256, 256)
        torch.testing.assert_close(dsp.matmul(a, b), a @ b, rtol=1e-4, atol=1e-4)
        by_name = Dispatcher("reports/", device="cpu", trust=[KERNEL], warn=False)   # the report's folder only
        assert by_name.decide("gemm", (256, 256, 256), "fp32").uses_library
        assert "is not in the report's folder" in by_name.refused[0], by_name.refused
        (tmp_path / "examples/kernels/helper_added.py").write_text("X = 1\n")       # a new module beside it
        edited = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        assert edited.decide("gemm", (256, 256, 256), "fp32").uses_library
        assert "not the pinned bytes" in edited.refused[0] and "\n" not in edited.refused[0], edited.refused
    finally: os.chdir(here)
