"""Whole-model triage end to end on the CPU with the tiny built-in models: extract, triage, fusion (one chain compiled),
the ops.json round trip, an ONNX round trip of a tiny model exported with torch.onnx.export (when onnx is installed),
a block from a Hugging Face config.json, the papermill model report, the README's H100 table regenerated from the
recording, and the CLI's one-line errors for bad input. Every measurement is --warmup 1 --iters 5 (the session's
temporary ceiling cache). The reports are checked for content and arithmetic."""
import json, math, warnings
from pathlib import Path
import pytest
from support import ROOT, assert_one_line, no_code_in_html, papermill, proc, run_cli

RUN = ("--device", "cpu", "--warmup", "1", "--iters", "5", "--precision", "fp32", "--quiet")


def triage(*argv) -> None:
    code, o, e = run_cli(*RUN, *argv)
    assert code == 0, (argv, code, e[-2000:])


def check_report(r: dict, name: str, fused: bool = False):
    "Ranks 1..n by model-level gain, saved fraction = share x (1 - 1/gain), Amdahl, shares <= 1, coverage, fusions."
    items = r["items"]
    assert items, f"{name}: no items"
    assert [i["rank"] for i in items] == list(range(1, len(items) + 1)), f"{name}: ranks not 1..n"
    saved = [i["model_saved_fraction"] for i in items]
    assert saved == sorted(saved, reverse=True), f"{name}: not ranked by model-level gain"
    assert not [i["workload"] for i in items if i["status"] != "ok"], f"{name}: not measured"
    for i in items:
        if i["gain"] and i["gain"] > 1 and i["share"]:
            assert math.isclose(i["model_saved_fraction"], i["share"] * (1 - 1 / i["gain"]), rel_tol=1e-9), i
    high = sum(i["model_saved_fraction"] for i in items if i["priority"] == "HIGH")
    assert math.isclose(r["speedup_if_high_done"], 1 / (1 - min(high, 0.999999)), rel_tol=1e-9), f"{name}: Amdahl"
    shares = sum(i["share"] or 0 for i in items) + sum(u["share"] or 0 for u in r["unmapped"])
    assert shares <= 1 + 1e-6, f"{name}: time shares add up to {shares:.3f} > 1"
    if r["source"] == "torch.nn.Module":
        assert r["step_ms"] and r["coverage"], f"{name}: no step time or coverage"
        warned = any(w.startswith("coverage") for w in r["warnings"])   # under 80 % or over 120 %: a coverage warning
        assert (r["coverage"] < 0.8 or r["coverage"] > 1.2) == warned, f"{name}: coverage {r['coverage']}, {r['warnings']}"
    if fused:
        assert r["fusions"] and any(f["compiled_ms"] for f in r["fusions"]), f"{name}: no chain compiled"
        for f in r["fusions"]:
            assert f["bytes_saved"] > 0 and f["eager_ms"] is not None, f"{name}: chain {f['ops']}"


def workloads(r: dict) -> list:
    return sorted(i["workload"] for i in r["items"])


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("triage")


@pytest.fixture(scope="module")
def llama(out) -> dict:
    triage("--model", "llama_block_tiny", "--max-compiled", "1", "--output", str(out / "llama.json"),
           "--write-ops", str(out / "llama_ops.json"))
    return json.loads((out / "llama.json").read_text())


@pytest.fixture(scope="module")
def vit(out) -> dict:
    triage("--model", "vit_block_tiny", "--max-compiled", "0", "--output", str(out / "vit.json"))
    return json.loads((out / "vit.json").read_text())


def test_llama_block(llama):
    check_report(llama, "llama_block_tiny", fused=True)
    assert {i["operation"] for i in llama["items"]} == {"gemm", "attention", "rmsnorm", "rope", "elementwise"}


def test_ops_json_round_trip(llama, out):
    triage("--ops", str(out / "llama_ops.json"), "--no-fusion", "--output", str(out / "llama_from_ops.json"))
    r = json.loads((out / "llama_from_ops.json").read_text())
    check_report(r, "llama ops.json")
    assert workloads(r) == workloads(llama), "ops.json round trip changed the workloads"
    assert {i["workload"]: i["count"] for i in r["items"]} == {i["workload"]: i["count"] for i in llama["items"]}


def test_vit_block(vit):
    check_report(vit, "vit_block_tiny")


def test_onnx_round_trip(vit, out):
    pytest.importorskip("onnx")
    import torch
    from ceiling_scout.modes.models import vit_block_tiny
    m, x = vit_block_tiny(device="cpu")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore"); torch.onnx.export(m, x, str(out / "vit.onnx"), dynamo=False, opset_version=18)
    triage("--model", str(out / "vit.onnx"), "--output", str(out / "vit_onnx.json"))
    r = json.loads((out / "vit_onnx.json").read_text())
    check_report(r, "vit ONNX")
    assert workloads(r) == workloads(vit), "ONNX round trip changed the workloads"


def test_model_report_notebook(out):
    "nbs/model_report.ipynb on the ResNet bottleneck (conv2d): JSON + HTML without code + the executed notebook."
    err = papermill("model_report.ipynb", out / "resnet_pm.ipynb", model="resnet_bottleneck_tiny", device="cpu",
                    warmup=1, iters=5, max_compiled=0, output_dir=str(out), name="resnet")
    assert err is None, err
    r = json.loads((out / "resnet.json").read_text())
    check_report(r, "resnet_bottleneck_tiny")
    # batch norm (inference) as the copy of its bytes, the residual add and the ReLUs as elementwise kernels
    assert {i["operation"] for i in r["items"]} == {"conv2d", "d2d", "elementwise"}
    assert {i["extras"].get("kind") for i in r["items"] if i["operation"] == "elementwise"} >= {"add", "relu"}
    assert (out / "resnet.ipynb").stat().st_size > 0 and no_code_in_html(out / "resnet.html")


def test_model_report_notebook_without_gpu(out):
    "-p device h100 with no GPU here: the run stops (no whole-model triage is recorded to fall back on)."
    import torch
    if torch.cuda.is_available(): pytest.skip("a GPU is here")
    err = papermill("model_report.ipynb", out / "h100.ipynb", device="h100", output_dir=str(out / "h100"))
    assert err is not None and "no whole-model triage is recorded" in err, err


def test_hf_config_block(out):
    "One block from a Hugging Face config.json (no transformers), scaled to CPU size; loads and renders without torch."
    triage("--model", "hf:examples/hf_configs/mistral-7b-v0.1.json", "--scale-down", "8", "--seq", "32", "--no-fusion",
           "--output", str(out / "hf.json"))
    p = proc("python", Path(__file__).with_name("triage_without_torch.py"), out / "hf.json",
             ROOT / "data/raw/h100-sxm/triage_llama_block.json")
    assert p.returncode == 0, p.stdout + p.stderr[-2000:]


def test_readme_h100_table(out):
    "The H100 table the results page shows, regenerated from the recording, matches the shipped one."
    p = proc("python", "-m", "ceiling_scout.reports.triage_report", "data/raw/h100-sxm/triage_llama_block.json", "--top",
             "6", "--markdown", out / "h100.md")
    assert p.returncode == 0, p.stderr[-2000:]
    shipped = ROOT / "data/recorded/h100-sxm/reports/triage_llama_block_h100.md"
    assert (out / "h100.md").read_text() == shipped.read_text(), (
        f"{shipped.relative_to(ROOT)} no longer matches data/raw/h100-sxm/triage_llama_block.json: regenerate it "
        "with python -m ceiling_scout.reports.triage_report")


def _noshape_onnx(path: Path) -> Path:
    from onnx import helper, TensorProto, save
    g = helper.make_graph([helper.make_node("MatMul", ["x", "w"], ["y"], name="mm0")], "g",
                          [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 64])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                          [helper.make_tensor("w", TensorProto.FLOAT, [64, 32], [0.0] * 2048)])
    save(helper.make_model(g), str(path))
    return path


BAD = [("has no function 'nope'", "--model", "ceiling_scout.modes.models:nope"),
       ("is not a built-in (llama_block, llama_block_tiny, vit_block", "--model", "llama_blok"),
       ("hf config 'no_such.json': no such file", "--model", "hf:no_such.json"),
       ("no file 'no/such/file.py'", "--model", "no/such/file.py:make"),
       ("ops.json entry 'mlp': unknown operation 'gemmm'", "--ops", {"mlp": {"op": "gemmm", "shape": [64, 64, 64]}}),
       ("ops.json entry 'qkv': shape must be M,N,K (all > 0); got 0 in [64, 0, 64]", "--ops",
        {"qkv": {"op": "gemm", "shape": [64, 0, 64]}}),
       ("has no static shape for 'x' (input of MatMul node 'mm0'", "--model", _noshape_onnx)]


@pytest.mark.parametrize("msg,flag,arg", BAD, ids=[b[0][:30] for b in BAD])
def test_bad_input_one_line(msg, flag, arg, tmp_path):
    if isinstance(arg, dict): (tmp_path / "ops.json").write_text(json.dumps(arg)); arg = str(tmp_path / "ops.json")
    elif callable(arg): pytest.importorskip("onnx"); arg = str(arg(tmp_path / "noshape.onnx"))
    code, o, e = run_cli(flag, arg, *RUN)
    assert_one_line(code, e, msg)
