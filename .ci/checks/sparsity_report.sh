#!/usr/bin/env bash
# papermill sparsity report on the CPU (synthetic block-sparse matrix) and the sparse CLI; the report's contents are checked.
set -eu
out=$(mktemp -d)
papermill nbs/sparsity_report.ipynb "$out/sparsity.ipynb" -p device cpu -p output_dir "$out" -p name ci_sparsity -k python3 --log-level WARNING
python - "$out" <<'PY'
import json, sys, pathlib
d = pathlib.Path(sys.argv[1])
js = [p for p in d.glob("ci_sparsity*.json")]
assert js, list(d.iterdir())
doc = json.loads(js[0].read_text())
text = json.dumps(doc)
assert "BLOCK_SPARSE" in text and "sparse_gemm" in text, text[:500]
print("sparsity report ok:", js[0].name)
PY
ceiling-scout --operation gemm --shape 256,128,256 --sparsity 0.875 --pattern block --block-size 64 --precision fp32 --device cpu \
  --warmup 1 --iters 5 --quiet | grep -q "=== Kernels"
