#!/usr/bin/env bash
# Issue 34, second call, at $1: GPU 0: verdict_probe.py on the honest kernels whose verdicts moved since 2026-11-26,
# then the six cases call 1 got wrong, again after their fixes; GPU 1: those honest kernels through the matrix (library
# and candidate times and the tool's checks now recorded) and FlashAttention-3 (its wheel in .whl_fa3).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .whl_fa3/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1"
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
H=data/raw/h200/issue34_gpu_2026-11-29; R=/tmp/raw2; mkdir -p $R /tmp/cs0 /tmp/cs1
HON=liger_rmsnorm,liger_layernorm,compiled_layernorm,fp32_accumulate,liger_swiglu,liger_rope,compiled_rmsnorm
FIX=honest_first_n,rmsnorm_library_renamed,identity_cache,sniffs_the_timer,float64_accumulate,coarse_checksum_cache
g0() {
  export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs0
  timeout 300 python3 $H/verdict_probe.py $OUT/probe.jsonl liger_rmsnorm liger_layernorm fp32_accumulate liger_swiglu > $R/probe.txt 2>&1
  timeout 200 python3 benchmarks/cheat_matrix.py --device cuda --only $FIX --out $OUT/fixed.json \
    --ceilings /tmp/cs0/measured_ceilings.json --timeout 120 > $R/fixed.txt 2>&1
}
g1() {
  export CUDA_VISIBLE_DEVICES=1 CEILING_SCOUT_CACHE=/tmp/cs1
  timeout 480 python3 benchmarks/cheat_matrix.py --device cuda --only $HON,fa3_attention --out $OUT/honest.json \
    --ceilings /tmp/cs1/measured_ceilings.json --timeout 150 > $R/honest.txt 2>&1
}
g0 & g1 & wait
grep -v Warn $R/probe.txt | tail -n 12; grep "^\[" $R/fixed.txt $R/honest.txt
tar czf $OUT/raw2.tgz -C /tmp raw2
