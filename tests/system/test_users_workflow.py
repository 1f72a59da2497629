"""The users' workflow as they wrote it, run end to end on the CPU in the users' own spellings (issue 37): profile a
model into ops.json, one command per GEMM of it into a reports folder, load the folder, the model's attention and
`FA3Benchmarker`, sparsity, fusion, validate a kernel with `--validate --before/--after`, dispatch from the folder.
Each step asserts on the data it returns, so none of these spellings silently stops working."""
import json, runpy
import torch
from support import ROOT, cs, run_cli

FAST = ("--device", "cpu", "--precision", "fp32", "--warmup", "1", "--iters", "3")


def test_users_workflow(tmp_path):
    from ceiling_scout import (FA3Benchmarker, SparseDetector, FusionDetector, Dispatcher, CeilingScout, ScoutConfig,
                               load_reports, reports_to_dataframe)
    from ceiling_scout.engine.timing import MeasureConfig
    ops, reports = tmp_path / "ops.json", tmp_path / "reports"
    # 1. profile a model: its operations and shapes into ops.json (a fresh process, as a user runs it)
    p = cs("--model", "llama_block_tiny", *FAST, "--no-fusion", "--quiet", "--write-ops", ops)
    assert p.returncode == 0, p.stderr[-800:]
    entries = [v for k, v in json.loads(ops.read_text()).items() if not k.startswith("_")]
    gemms = sorted({tuple(e["shape"]) for e in entries if e["op"] == "gemm"})[:3]
    assert gemms and any(e["op"] == "attention" for e in entries)
    # 2. one command per operation into a folder (the users' loop over ops.json with --output reports/)
    for shape in gemms + gemms[:1]:   # the first one twice: a second report, never a replaced one
        code, _, err = run_cli("--operation", "gemm", "--shape", ",".join(map(str, shape)), *FAST, "--quiet",
                               "--output", f"{reports}/")
        assert code == 0, err[-800:]
    # 3. load the folder
    got = load_reports(reports)
    assert sorted(tuple(r.shape) for r in got) == sorted(gemms + gemms[:1]) and len(list(reports.iterdir())) == 4
    assert len(reports_to_dataframe([reports])) == 4
    # 4. attention: the model's attention operations only, and the users' FA3Benchmarker
    code, out, err = run_cli("--analyze-attention", "--model", "llama_block_tiny", *FAST, "--json")
    assert code == 0, err[-800:]
    items = [i for i in json.loads(out)["items"] if i["operation"] != "host"]
    assert items and {i["operation"] for i in items} == {"attention"}
    v = FA3Benchmarker(device="cpu").detect_attention_ceiling(batch=1, heads=2, seq_len=16, head_dim=16)
    assert v.workload.operation.value == "attention" and v.facts["us_per_head"] > 0
    # 5. sparsity: a weight with 7 of every 8 blocks zero, analysed and a kernel recommended (measured, not quoted)
    torch.manual_seed(0); w = torch.randn(128, 128)
    w.view(8, 16, 8, 16)[torch.rand(8, 1, 8, 1).expand(8, 16, 8, 16) < 0.875] = 0
    a = SparseDetector.analyze_sparsity(w)
    assert a.sparsity > 0.5 and a.pattern.value == "BLOCK_SPARSE", a
    scout = CeilingScout(ScoutConfig("cpu", MeasureConfig.fixed(1, 3), cache=tmp_path / "cache.json"))
    rec = SparseDetector.recommend_sparse_kernel(a, 128, 64, 128, matrix=w, scout=scout, precision="fp32")
    assert rec.analysis.best_block_size == 16
    # 6. fusion: the users' op names, the round trips a fused kernel saves
    f = FusionDetector.analyze_sequence(["gemm", "bias", "relu", "gemm"], device="cpu", measure_it=False)
    assert f[0].ops == ["gemm", "bias", "relu"] and f[0].round_trips_saved == 2
    # 7. validate a kernel after optimising: --validate --before LIBRARY --after FILE:fn
    kernel = "examples/kernels/good_gemm.py:matmul"
    code, _, err = run_cli("--validate", "--before", "blas", "--after", kernel, "--operation", "gemm", "--shape",
                           "64,64,64", *FAST, "--targets", "2,3", "--quiet", "--output", str(reports / "val.json"))
    assert code == 0, err[-800:]
    val = json.loads((reports / "val.json").read_text())
    assert val["verdict"] in ("KEEP", "REVERT", "TOO_CLOSE_TO_CALL"), val["verdict"]
    # 8. dispatch from the folder: the validated kernel where it won, the library elsewhere; the answer is right
    fn = runpy.run_path(str(ROOT / "examples/kernels/good_gemm.py"))["matmul"]
    dsp = Dispatcher(reports, device="cpu", trust={val["candidate"]: fn}, warn=False)
    x, y = torch.randn(64, 64), torch.randn(64, 64)
    torch.testing.assert_close(dsp.matmul(x, y), x @ y)
    assert dsp.decide("gemm", (64, 64, 64), "fp32")
