#!/usr/bin/env bash
# Device call (issue 23): tensor-parallel triage of the Llama-2-7B-size layer at TP = N (N = $2), through the recording
# script and through the CLI as users write it; NVLink multicast off everywhere.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl/plotly*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=${CEILING_SCOUT_CACHE:-/tmp/cs_cache}
N=$2; mkdir -p $CEILING_SCOUT_CACHE /tmp/tp
nvidia-smi > "$OUT/nvidia_smi.txt" 2>&1; nvidia-smi topo -m > "$OUT/topo.txt" 2>&1
python3 .gpu/timed.py torchrun --nproc_per_node $N benchmarks/record_tp.py --out /tmp/tp/tp$N.json 2>&1 | tee "$OUT/record_tp$N.txt" | tail -60
if [ "${3:-}" = cli ]; then
  python3 .gpu/timed.py torchrun --nproc_per_node $N -m ceiling_scout --model llama_block --tp $N --precision bf16 --output /tmp/tp/cli_tp$N.json 2>&1 | tee "$OUT/cli_tp$N.txt" | tail -40
fi
tar czf "$OUT/tp$N.tgz" -C /tmp tp
