#!/usr/bin/env bash
# Device call D (issue 25): --remeasure (the full search) then the same command reading its cache; the live strip.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=$(mktemp -d)
python3 .gpu/timed.py python3 -m ceiling_scout --operation gemm --shape 8192,8192,8192 --precision bf16 --remeasure > "$OUT/remeasure_timed.txt" 2>&1
python3 .gpu/timed.py python3 -m ceiling_scout --operation gemm --shape 8192,8192,8192 --precision bf16 > "$OUT/after_remeasure_timed.txt" 2>&1
grep -E "Baseline:|Ceiling:|Ceilings:|Per clock|Suggested|exit" "$OUT/remeasure_timed.txt" "$OUT/after_remeasure_timed.txt" | cut -c1-260
python3 .gpu/strip25.py 2>&1 | tail -5
