#!/usr/bin/env bash
# Issue 34, the slowest verdicts again after the speed of light was made cheaper (4 metrics, at most 32 kernels):
# lane A (GPU 0) compiled_layernorm, compiled_softmax; lane B (GPU 1) attention_online_softmax, liger_rope, tiled.
# $1 code commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1"
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
lane() {  # $1 gpu, $2 lane letter, $3 cases
  mkdir -p /tmp/cs$1
  CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs$1 timeout 280 python3 benchmarks/cheat_matrix.py --device cuda \
    --only "$3" --out $OUT/lane$2.json --ceilings /tmp/cs$1/measured_ceilings.json --timeout 120 > $OUT/lane$2.txt 2>&1
  echo "lane $2 rc=$?" >> $OUT/lane$2.txt
}
lane 0 A compiled_layernorm,compiled_softmax & lane 1 B attention_online_softmax,liger_rope,tiled & wait
grep -h "\->\|seconds per" $OUT/laneA.txt $OUT/laneB.txt
