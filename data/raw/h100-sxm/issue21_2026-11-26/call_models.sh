#!/usr/bin/env bash
# Device call (issue 21): the model corpus at full size in bf16 on the GPU, one process per model, a shared ceiling
# cache (carried in .gpu/cache when a previous call left one). $1 commit, $2 comma-separated models, $3 out name.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl/plotly*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=/tmp/cs_cache
mkdir -p /tmp/cs_cache; [ -d .gpu/cache ] && cp .gpu/cache/* /tmp/cs_cache/ 2>/dev/null
nvidia-smi > "$OUT/nvidia_smi.txt" 2>&1
python3 .gpu/timed.py python3 benchmarks/record_model_corpus.py --out "$OUT/$3.json" --models "$2" --timeout 150 2>&1 | tee "$OUT/$3.txt"
mkdir -p "$OUT/cache" && cp /tmp/cs_cache/*.json "$OUT/cache/" 2>/dev/null
