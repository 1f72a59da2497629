#!/usr/bin/env bash
# Whole-model triage end to end on the CPU with the tiny built-in models: extract, triage, fusion (one chain compiled),
# the ops.json round trip, an ONNX round trip of a tiny model exported with torch.onnx.export (when onnx is installed),
# and the CLI's one-line errors for bad input. Every measurement is --warmup 1 --iters 5, ceilings in a temp cache.
set -euo pipefail
start=$(date +%s)
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
export CEILING_SCOUT_CACHE="$out/cache"
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}  # one thread: per-op CPU timings stay stable on a shared 2-core runner
run() { python -m ceiling_scout --device cpu --warmup 1 --iters 5 --precision fp32 --quiet "$@"; }
cs() { echo "[$(( $(date +%s) - start )) s] ceiling-scout $*" >&2; run "$@"; }


cs --model llama_block_tiny --max-compiled 1 --output "$out/llama.json" --write-ops "$out/llama_ops.json" | tee "$out/llama.txt"
grep -q "If every HIGH item is done, the model runs" "$out/llama.txt"
cs --ops "$out/llama_ops.json" --no-fusion --output "$out/llama_from_ops.json" > /dev/null
cs --model vit_block_tiny --max-compiled 0 --output "$out/vit.json" > /dev/null
# the papermill model report (the ResNet bottleneck: conv2d) writes JSON + HTML without code + the executed notebook
echo "[$(( $(date +%s) - start )) s] papermill nbs/model_report.ipynb -p model resnet_bottleneck_tiny" >&2
papermill nbs/model_report.ipynb "$out/resnet_pm.ipynb" -p model resnet_bottleneck_tiny -p device cpu -p warmup 1 \
  -p iters 5 -p max_compiled 0 -p output_dir "$out" -p name resnet -k python3 --log-level WARNING 2> "$out/pm.log" \
  || { tail -20 "$out/pm.log"; exit 1; }
test -s "$out/resnet.html" && test -s "$out/resnet.ipynb" && ! grep -q "In \[" "$out/resnet.html"
grep -q "on the roofline" "$out/resnet.html" && grep -q "share of the model" "$out/resnet.html"
if papermill nbs/model_report.ipynb "$out/h100.ipynb" -p device h100 -p output_dir "$out" -k python3 \
     --log-level WARNING > "$out/h100.log" 2>&1; then
  python -c "import torch, sys; sys.exit(torch.cuda.is_available())" && { echo "FAIL: -p device h100 without a GPU should stop"; exit 1; }
fi
python -c "import torch, sys; sys.exit(torch.cuda.is_available())" && grep -q "no whole-model triage is recorded" "$out/h100.log"

onnx_args=()
if python -c "import onnx" 2>/dev/null; then
  python - "$out" <<'PY'
import sys, warnings, torch
from ceiling_scout.modes.models import vit_block_tiny
m, x = vit_block_tiny(device="cpu")
with warnings.catch_warnings():
    warnings.simplefilter("ignore"); torch.onnx.export(m, x, f"{sys.argv[1]}/vit.onnx", dynamo=False, opset_version=18)
PY
  cs --model "$out/vit.onnx" --output "$out/vit_onnx.json" > /dev/null
  onnx_args=(--onnx "$out/vit_onnx.json")
else
  echo "onnx not installed: ONNX round trip skipped (pip install onnx)"
fi
python scripts/check_triage_report.py "$out" "${onnx_args[@]}"

# one block from a Hugging Face config.json (no transformers), scaled to CPU size
cs --model hf:examples/hf_configs/mistral-7b-v0.1.json --scale-down 8 --seq 32 --no-fusion --output "$out/hf.json" > /dev/null
# reports load and render without torch; the README's H100 table is regenerated from the recording and must match
python - "$out/hf.json" <<'PY'
import sys
from ceiling_scout.reports.triage_report import ModelReport, triage_chart_svg
r = ModelReport.load(sys.argv[1])
att = next(i for i in r.items if i["operation"] == "attention")
assert r.model == "hf:mistral-7b-v0.1/8" and att["extras"] == {"causal": True, "kv_heads": 1}, (r.model, att["extras"])
triage_chart_svg(ModelReport.load("data/raw/h100-sxm/triage_llama_block.json"))
assert "torch" not in sys.modules, "loading and rendering a model report imported torch"
PY
python -m ceiling_scout.reports.triage_report data/raw/h100-sxm/triage_llama_block.json --top 6 --markdown "$out/h100.md"
diff -u reports/triage_llama_block_h100.md "$out/h100.md" || { echo "FAIL: reports/triage_llama_block_h100.md no longer \
matches data/raw/h100-sxm/triage_llama_block.json: regenerate it with python -m ceiling_scout.reports.triage_report"; exit 1; }

# bad input: exit status 2 and one line naming what is wrong (one process: main() called per case)
echo '{"mlp": {"op": "gemmm", "shape": [64, 64, 64]}}' > "$out/unknown.json"
echo '{"qkv": {"op": "gemm", "shape": [64, 0, 64]}}' > "$out/badshape.json"
python - "$out" <<'PY'
import contextlib, io, os, sys
from ceiling_scout.cli import main
out = sys.argv[1]
cases = [("has no function 'nope'", ["--model", "ceiling_scout.modes.models:nope"]),
         ("is not a built-in (llama_block, llama_block_tiny, vit_block", ["--model", "llama_blok"]),
         ("hf config 'no_such.json': no such file", ["--model", "hf:no_such.json"]),
         ("no file 'no/such/file.py'", ["--model", "no/such/file.py:make"]),
         ("ops.json entry 'mlp': unknown operation 'gemmm'", ["--ops", f"{out}/unknown.json"]),
         ("ops.json entry 'qkv': shape must be M,N,K (all > 0); got 0 in [64, 0, 64]", ["--ops", f"{out}/badshape.json"])]
try:
    import onnx
    from onnx import helper, TensorProto
    g = helper.make_graph([helper.make_node("MatMul", ["x", "w"], ["y"], name="mm0")], "g",
                          [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 64])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                          [helper.make_tensor("w", TensorProto.FLOAT, [64, 32], [0.0] * 2048)])
    onnx.save(helper.make_model(g), f"{out}/noshape.onnx")
    cases.append(("has no static shape for 'x' (input of MatMul node 'mm0'", ["--model", f"{out}/noshape.onnx"]))
except ImportError: pass
for msg, argv in cases:
    e = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(e):
        code = main([*argv, "--device", "cpu", "--warmup", "1", "--iters", "5", "--quiet"])
    lines = e.getvalue().strip().splitlines()
    if code != 2 or len(lines) != 1 or msg not in lines[0]:
        sys.exit(f"FAIL: {' '.join(argv)}: exit {code}, expected one line with {msg!r}; got {lines}")
    print(f"refused in one line: {lines[0][:150]}")
PY
echo "triage checks passed in $(( $(date +%s) - start )) s"
