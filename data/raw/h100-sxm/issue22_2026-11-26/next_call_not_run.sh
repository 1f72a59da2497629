#!/usr/bin/env bash
# Device call (issue 22), the last of the session's budget: the planted cases changed since the previous call and the
# honest GPU kernels first, then the rest of the suite until $2 seconds; resumes .gpu/cheat_cuda.json. $1 commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=/tmp/cs_cache
mkdir -p /tmp/cs_cache; cp .gpu/cache/* /tmp/cs_cache/ 2>/dev/null
FIRST=wrong_entries,side_stream_tail,honest_first_n,late_scribble,late_write_gpu,two_streams,triton_gemm,fa3_attention,liger_rmsnorm,compiled_rmsnorm,tiled
M="python3 benchmarks/cheat_matrix.py --device cuda --ceilings /tmp/cs_cache/measured_ceilings.json --timeout 120"
end=$(( $(date +%s) + $2 ))
timeout $(( end - $(date +%s) )) $M --only $FIRST --resume .gpu/cheat_cuda.json --out "$OUT/cm1.json" 2>&1 | grep -v "Assertion \`srcIndex" | tee "$OUT/cheat_cuda_1.txt" | grep "\[\|planted\|honest"
cp "$OUT/cm1.json" "$OUT/cheat_cuda.json"
timeout $(( end - $(date +%s) )) $M --resume "$OUT/cm1.json" --out "$OUT/cm2.json" 2>&1 | grep -v "Assertion \`srcIndex" | tee "$OUT/cheat_cuda_2.txt" | grep "\[\|planted\|honest"
[ -f "$OUT/cm2.json" ] && cp "$OUT/cm2.json" "$OUT/cheat_cuda.json"
python3 -c "import sys, json; sys.path.insert(0, 'benchmarks'); import cheat_matrix as c; print(c.write_recorded_matrix(json.load(open('$OUT/cheat_cuda.json')), '$OUT/cheat_matrix_recorded.json', 'cuda'))"
