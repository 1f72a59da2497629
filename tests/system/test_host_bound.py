"""Issue 21 (coverage): the GPU's busy time of a model's step and the host-bound finding. On a CPU there is no GPU
timeline, so the triage's JSON carries the new fields, all None, and no host row or host-bound warning; a report with
the fields loads back, and a report written before them still loads (the fields default to None). On a GPU (run there
on purpose) the tiny block's busy time is measured inside its step."""
import json
import pytest, torch
from support import run_cli

RUN = ("--device", "cpu", "--warmup", "1", "--iters", "5", "--precision", "fp32", "--quiet", "--no-fusion")
FIELDS = ("gpu_busy_ms", "gpu_busy_share", "busy_coverage", "host")


def test_cpu_triage_has_gpu_fields_none(tmp_path):
    code, out, err = run_cli("--model", "llama_block_tiny", "--json", "--output", str(tmp_path / "r.json"), *RUN)
    assert code == 0, err[-2000:]
    r = json.loads(out)
    assert {k: r[k] for k in FIELDS} == dict.fromkeys(FIELDS), {k: r.get(k) for k in FIELDS}
    assert not [i for i in r["items"] if i["operation"] == "host"], "a host row on a CPU"
    assert not any(w.startswith("host-bound") for w in r["warnings"]), r["warnings"]
    from ceiling_scout.reports.triage_report import ModelReport
    back = ModelReport.load(tmp_path / "r.json")
    assert (back.gpu_busy_ms, back.gpu_busy_share, back.busy_coverage, back.host) == (None,) * 4
    old = {k: v for k, v in r.items() if k not in FIELDS}          # written before the fields existed
    (tmp_path / "old.json").write_text(json.dumps(old))
    assert ModelReport.load(tmp_path / "old.json").gpu_busy_share is None


def test_gpu_triage_measures_busy_time(tmp_path):
    "On CUDA the tiny block (short kernels) is host-bound: busy time within the step, its row ranked, the warning."
    if not torch.cuda.is_available(): pytest.skip("no GPU here")
    gpu = ("--device", "cuda", "--warmup", "1", "--iters", "5", "--precision", "bf16", "--quiet", "--no-fusion")
    code, out, err = run_cli("--model", "llama_block_tiny", "--json", *gpu)
    assert code == 0, err[-2000:]
    r = json.loads(out)
    assert 0 < r["gpu_busy_ms"] and 0 < r["gpu_busy_share"] <= 1, {k: r[k] for k in FIELDS}
    assert r["host"]["work_per_step"] >= 8, r["host"]          # the block launches a dozen kernels or more
    if r["host"]["finding"] == "host_bound":
        row = next(i for i in r["items"] if i["operation"] == "host")
        assert row["approach"] == "CUDA_GRAPHS" and abs(row["model_saved_fraction"] - r["host"]["idle_share"]) < 1e-9
        assert any(w.startswith("host-bound: the GPU is busy ") for w in r["warnings"]), r["warnings"]
    assert "kineto" not in err.lower() and "STAGE:" not in err, err[-600:]   # the profiler's lines kept out
