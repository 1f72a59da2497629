#!/usr/bin/env bash
# Issue 33, a floor in every ceiling: the issue's small operations and the advice cases, one CLI call each on one GPU
# with one ceiling cache (the first call measures the fixed cost, copy/read bandwidth and the bf16 peak; later calls
# read them), then the refusal of a --device naming another GPU. $1 commit of the code, $2 seconds for the whole call.
# Every process has NVLink multicast off.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
R=/tmp/r; mkdir -p $R; end=$(( $(date +%s) + $2 ))
left() { echo $(( end - $(date +%s) - ${1:-20} )); }
nvidia-smi > $R/nvidia_smi.txt 2>&1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
CASES=(
  "--operation gemm --shape 64,1000,1280 --precision bf16"
  "--operation attention --shape 64,32,1,128 --precision bf16"
  "--operation conv2d --shape 32,96,1,1,24,1,1 --precision bf16"
  "--operation gemm --shape 128,2048,1 --precision fp32"
  "--operation attention --shape 1,32,1,4096,128 --kv-heads 8 --precision bf16"
  "--operation attention --shape 64,32,1,4096,128 --kv-heads 8 --precision bf16"
  "--operation gemm --shape 1,4096,4096 --precision bf16"
  "--operation gemm --shape 65536,128,4096 --precision bf16"
  "--operation gemm --shape 8192,8192,8192 --precision bf16"
  "--operation gemm --shape 8192,8192,8192 --precision fp32"
  "--operation layernorm --shape 64,768 --precision bf16"
)
i=0
for c in "${CASES[@]}"; do
  i=$((i+1)); t0=$(date +%s)
  timeout $(left 40) python3 -m ceiling_scout $c --device cuda --quiet --output $R/c$i.json > $R/c$i.txt 2> $R/c$i.err
  echo "c$i rc=$? s=$(( $(date +%s) - t0 )) $c" >> $R/cases.txt
done
python3 -m ceiling_scout --operation gemm --shape 512,512,512 --precision bf16 --device h100 > $R/wrong_gpu.txt 2>&1
echo "wrong_gpu rc=$?" >> $R/cases.txt
python3 - > $R/ceiling_cache.json <<'PY'
import json, os; print(json.dumps(json.load(open(os.environ["CEILING_SCOUT_CACHE"] + "/measured_ceilings.json")), indent=1))
PY
cat $R/cases.txt
tar czf $OUT/out.tgz -C /tmp r   # one file: the machine returns at most 8
