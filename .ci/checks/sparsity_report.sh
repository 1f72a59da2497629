#!/usr/bin/env bash
# papermill sparsity report, headless: a synthetic block-sparse matrix on the CPU; real matrices from a .pt state dict and an int8
# .safetensors file (-p weights), measured on the CPU, analysed only (int8 is not a measured precision), and with a GPU that is not
# here (recorded rows, labelled as recorded, never as this matrix); then the sparse CLI. Every report's contents are checked.
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pm() { papermill nbs/sparsity_report.ipynb "$out/$1.ipynb" -p output_dir "$out" -p name "$1" "${@:2}" -k python3 --log-level WARNING; }
check() { python scripts/check_sparsity_report.py "$out/$1.json" "${@:2}"; }

pm ci_sparsity -p device cpu
check ci_sparsity --source live --pattern BLOCK_SPARSE --matrix 512x512 --best-block 64

python - "$out" <<'PY'
import sys, torch
from safetensors.torch import save_file
from ceiling_scout.ops.sparse import make_sparse_matrix
d = sys.argv[1]
torch.save({"fc.weight": make_sparse_matrix(128, 256, 0.5, "24", seed=4), "fc.bias": torch.ones(128)}, f"{d}/w.pt")
q = (make_sparse_matrix(128, 256, 0.875, "block", 32, seed=5) * 40).round().clamp(-128, 127)
q.view(-1)[q.view(-1).nonzero()[0]] = -128.0                      # int8's extreme value, inside a non-empty block
save_file({"layer.weight": q.to(torch.int8), "layer.bias": torch.ones(128)}, f"{d}/q.safetensors")
PY
pm ci_weights_pt -p weights "$out/w.pt" -p tensor fc.weight -p n 64 -p device cpu
check ci_weights_pt --source live --pattern STRUCTURED_24 --matrix 128x256 --a-source w.pt:fc.weight --dtype float32
pm ci_weights_st -p weights "$out/q.safetensors" -p n 32 -p device cpu -p precision fp32
check ci_weights_st --source live --pattern BLOCK_SPARSE --matrix 128x256 --best-block 32 --a-source q.safetensors:layer.weight
pm ci_weights_int8 -p weights "$out/q.safetensors" -p n 32 -p device cpu -p precision int8
check ci_weights_int8 --source live --pattern BLOCK_SPARSE --matrix 128x256 --dtype int8 --not-measured int8
pm ci_weights_h100 -p weights "$out/w.pt" -p tensor fc.weight -p device h100
check ci_weights_h100 --source recorded --pattern STRUCTURED_24 --matrix 128x256

ceiling-scout --operation gemm --shape 256,128,256 --sparsity 0.875 --pattern block --block-size 64 --precision fp32 --device cpu \
  --warmup 1 --iters 5 --quiet > "$out/cli.txt"
grep -q "=== Kernels" "$out/cli.txt" && grep -q "Pattern: BLOCK_SPARSE" "$out/cli.txt"
for p in int8 fp8; do     # unsupported precisions: exit 2, one line naming the valid ones, no traceback
  set +e; err=$(ceiling-scout --operation gemm --shape 256,256,256 --sparsity 0.875 --precision $p --device cpu 2>&1 >/dev/null); rc=$?; set -e
  test "$rc" = 2 && test "$(printf '%s\n' "$err" | wc -l)" = 1 && printf '%s' "$err" | grep -q "measured in fp32, fp16, bf16; got precision '$p'" \
    || { echo "--precision $p: rc=$rc: $err" >&2; exit 1; }
done
echo "sparsity_report: all checks passed"
