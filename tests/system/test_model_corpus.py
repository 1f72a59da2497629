"""The model corpus (issue 21, item 2): each factory under examples/models/ (random weights from its library's config,
nothing downloaded) runs through `ceiling-scout --model FILE:make --precision fp32 --device cpu` at its CPU size; the
report's device and dtype are the ones asked, the operations that matter are mapped (no tanh-GELU pieces, embedding or
MoE routing left unmapped) and hold most of the captured time. Coverage (benchmarked operations / step) is recorded, not
bounded: at CPU sizes per-call overhead dominates each small kernel and a shared 2-core machine swings it (7 % to 31 %
for the CPU GPT-2 in two runs); the recorded GPU run (benchmarks/record_model_corpus.py) checks >= 80 %."""
from __future__ import annotations
import importlib.util, json
import pytest
from support import ROOT, proc

FAST = ("--precision", "fp32", "--device", "cpu", "--warmup", "1", "--iters", "3", "--no-fusion", "--quiet", "--json")

# name: (library it needs, share of the captured time its mapped operations hold at least, operations that must appear)
CORPUS = {
    "gpt2": ("transformers", 0.5, {"gemm", "attention", "layernorm", "bias_gelu", "d2d"}),
    "llama": ("transformers", 0.5, {"gemm", "attention", "rope", "d2d", "rmsnorm", "elementwise"}),
    "mistral": ("transformers", 0.5, {"gemm", "attention", "rope", "d2d", "rmsnorm", "elementwise"}),
    "mixtral": ("transformers", 0.5, {"grouped_gemm", "gemm", "attention", "d2d", "rmsnorm", "elementwise"}),
    "bert": ("transformers", 0.5, {"gemm", "attention", "layernorm", "d2d", "elementwise"}),
    "vit": ("transformers", 0.5, {"gemm", "attention", "layernorm", "conv2d", "elementwise"}),
    "t5": ("transformers", 0.4, {"gemm", "d2d", "rmsnorm"}),
    "resnet50": ("torchvision", 0.5, {"conv2d"}),
    "timm_vit": ("timm", 0.5, {"gemm", "attention", "layernorm", "conv2d"}),
    # built-in (ceiling_scout.modes.models), issue 33: a CNN with depthwise convolutions and squeeze-excite (depthwise
    # ones map once conv2d takes groups: until then they are its unmapped rest), a decoder in decode with a KV cache
    "efficientnet_b0": ("transformers", 0.5, {"conv2d", "elementwise", "d2d"}),
    "llama_decode": ("transformers", 0.95, {"gemm", "attention", "rope", "d2d", "rmsnorm", "elementwise"}),
}
BUILTIN = ("efficientnet_b0", "llama_decode")


def _decodes(d: dict) -> None:
    "The decoder decodes: one query token against the KV cache (256 past keys + the new one)."
    att = [r for r in d["items"] if r["operation"] == "attention"]
    assert [r["shape"][2:4] for r in att] == [[1, 257]], [r["workload"] for r in att]


def _squeeze_excite(d: dict) -> None:
    "The CNN's squeeze-excite is mapped: the spatial mean, SiLU, the sigmoid gate, the per-channel (row) scale."
    kinds = {(r["extras"].get("kind"), r["extras"].get("bcast")) for r in d["items"] if r["operation"] == "elementwise"}
    assert {("sigmoid", None), ("mean", None), ("mul", "row"), ("silu", None)} <= kinds, kinds


SHAPES = {"llama_decode": _decodes, "efficientnet_b0": _squeeze_excite}
# never left unmapped: the tanh-GELU's tanh, embeddings, MoE routing, written-out RMSNorm's rsqrt, silu, gelu
# (pow alone is also the tanh-GELU's and RMSNorm's x³ / x², which their patterns take)
IMPORTANT = {"tanh", "embedding", "topk", "index_add", "index_add_", "scatter", "scatter_add", "index_select", "histc",
             "rsqrt", "silu", "gelu", "silu_", "sigmoid", "mean", "mul", "add", "div", "hardswish", "softmax", "cat",
             "amax", "sum", "where", "index", "gather"}
ALLOCATION = {"empty", "empty_strided", "empty_like", "new_empty"}   # no data moved: never listed as memory traffic


def _importable(lib: str) -> str:
    "'' when `lib` imports here, else why not (a torchvision built for another torch is installed but fails at import)."
    if importlib.util.find_spec(lib) is None: return f"{lib} is not installed (pip install -e .[models])"
    p = proc("python", "-c", f"import {lib}", timeout=120)
    return "" if p.returncode == 0 else f"{lib} does not import beside this torch: {p.stderr.strip().splitlines()[-1]}"


def _triage(name: str, model: str|None=None) -> dict:
    model = model or f"examples/models/{name}.py:make"
    p = proc("python", "-m", "ceiling_scout", "--model", model, *FAST, timeout=180)
    assert p.returncode == 0, f"{name}: exit {p.returncode}\n{p.stderr[-3000:]}"
    return json.loads(p.stdout)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_corpus_model_on_cpu(name, record_property):
    lib, floor, ops = CORPUS[name]
    if why := _importable(lib): pytest.skip(why)
    d = _triage(name, name if name in BUILTIN else None)
    placement = d["method"]["placement"]
    assert (d["device"], placement["device"], placement["dtype"]) == ("cpu", "cpu", "float32"), placement
    assert {r["precision"] for r in d["items"]} == {"fp32"}, [r["workload"] for r in d["items"]]
    assert ops <= {r["operation"] for r in d["items"]}, [r["workload"] for r in d["items"]]
    record_property("coverage", d["coverage"])
    assert d["coverage"] > 0, d["coverage"]
    left = {r["aten"] for r in d["unmapped"] if r["kind"] != "view" and "integer" not in (r["note"] or "")} & IMPORTANT
    assert not left, f"{name}: {sorted(left)} unmapped"
    assert not [r for r in d["unmapped"] if r["aten"] in ALLOCATION and r["kind"] == "memory"], d["unmapped"]
    cov = d["gpu_coverage_detail"]   # on the CPU the captured op time stands in for the GPU-busy time, and says so
    assert cov["basis"] == "captured_ops" and abs(cov["share"] - d["gpu_coverage"]) < 1e-12, cov
    record_property("mapped_share", d["mapped_share"]); record_property("gpu_coverage", d["gpu_coverage"])
    if name in SHAPES: SHAPES[name](d)
    share = d["mapped_share"]   # the mapped ops' share of the captured op time, views (no traffic) left out
    assert share >= floor, f"{name}: mapped ops hold {share:.1%} of the captured op time"


def test_onnx_export_of_gpt2(tmp_path):
    "GPT-2 exported by torch's ONNX exporter reads back through --model FILE.onnx: GEMMs, attention pieces, layernorm."
    for lib in ("transformers", "onnxscript"):
        if why := _importable(lib): pytest.skip(why)
    out = tmp_path / "gpt2.onnx"
    p = proc("python", "examples/models/gpt2_onnx.py", str(out), timeout=300)
    assert p.returncode == 0 and out.is_file(), p.stderr[-2000:]
    d = _triage("gpt2_onnx", str(out))
    assert d["device"] == "cpu" and {"gemm", "layernorm"} <= {r["operation"] for r in d["items"]}, d["items"]
