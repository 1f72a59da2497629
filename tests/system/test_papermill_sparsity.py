"""nbs/sparsity_report.ipynb headless through papermill: a synthetic block-sparse matrix on the CPU; real matrices from a
.pt state dict and an int8 .safetensors file (-p weights), measured on the CPU, analysed only (int8 is not a measured
precision), and with a GPU that is not here (recorded rows, labelled as recorded, never as this matrix); then the sparse
CLI. Every report's contents are checked (sparsity_checks.py)."""
import pytest
from support import assert_one_line, run_cli
from sparsity_checks import check
from support import papermill


@pytest.fixture(scope="module")
def weights(tmp_path_factory):
    "A 2:4 fc.weight in a .pt state dict and a block-sparse int8 layer.weight (holding -128) in a .safetensors file."
    import torch
    from safetensors.torch import save_file
    from ceiling_scout.ops.sparse import make_sparse_matrix
    d = tmp_path_factory.mktemp("weights")
    torch.save({"fc.weight": make_sparse_matrix(128, 256, 0.5, "24", seed=4), "fc.bias": torch.ones(128)}, d / "w.pt")
    q = (make_sparse_matrix(128, 256, 0.875, "block", 32, seed=5) * 40).round().clamp(-128, 127)
    q.view(-1)[q.view(-1).nonzero()[0]] = -128.0                      # int8's extreme value, inside a non-empty block
    save_file({"layer.weight": q.to(torch.int8), "layer.bias": torch.ones(128)}, str(d / "q.safetensors"))
    return d


def run(tmp_path, name, **params):
    err = papermill("sparsity_report.ipynb", tmp_path / f"{name}.ipynb", output_dir=str(tmp_path), name=name, **params)
    assert err is None, err
    return tmp_path / f"{name}.json"


def test_synthetic_block_sparse(tmp_path):
    p = run(tmp_path, "ci_sparsity", device="cpu")
    assert check(p, "live", "BLOCK_SPARSE", matrix="512x512", best_block=64) == []


def test_pt_weights(tmp_path, weights):
    p = run(tmp_path, "ci_weights_pt", weights=str(weights / "w.pt"), tensor="fc.weight", n=64, device="cpu")
    assert check(p, "live", "STRUCTURED_24", matrix="128x256", a_source="w.pt:fc.weight", dtype="float32") == []


def test_safetensors_weights(tmp_path, weights):
    p = run(tmp_path, "ci_weights_st", weights=str(weights / "q.safetensors"), n=32, device="cpu", precision="fp32")
    assert check(p, "live", "BLOCK_SPARSE", matrix="128x256", best_block=32, a_source="q.safetensors:layer.weight") == []


def test_int8_analysed_only(tmp_path, weights):
    p = run(tmp_path, "ci_weights_int8", weights=str(weights / "q.safetensors"), n=32, device="cpu", precision="int8")
    assert check(p, "live", "BLOCK_SPARSE", matrix="128x256", dtype="int8", not_measured="int8") == []


def test_gpu_not_here_recorded_rows(tmp_path, weights):
    p = run(tmp_path, "ci_weights_h100", weights=str(weights / "w.pt"), tensor="fc.weight", device="h100")
    assert check(p, "recorded", "STRUCTURED_24", matrix="128x256") == []


def test_sparse_cli(tmp_path):
    code, o, e = run_cli("--operation", "gemm", "--shape", "256,128,256", "--sparsity", "0.875", "--pattern", "block",
                         "--block-size", "64", "--precision", "fp32", "--device", "cpu", "--warmup", "1", "--iters", "5",
                         "--quiet", "--output", str(tmp_path / "s.json"))
    assert code == 0, e[-2000:]
    import json
    r = json.loads((tmp_path / "s.json").read_text())
    r = r["reports"][0] if "reports" in r else r
    assert r["operation"] == "sparse_gemm" and "BLOCK_SPARSE" in json.dumps(r), r.get("operation")


@pytest.mark.parametrize("precision", ["int8", "fp8"])
def test_sparse_cli_unsupported_precision(precision):
    code, o, e = run_cli("--operation", "gemm", "--shape", "256,256,256", "--sparsity", "0.875", "--precision", precision,
                         "--device", "cpu")
    assert_one_line(code, e, f"measured in fp32, fp16, bf16; got precision '{precision}'")
