set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/fastcore*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD
for m in efficientnet_b0 llama_decode; do t0=$(date +%s.%N)
  timeout 85 python3 -m ceiling_scout --model $m --precision bf16 --device cuda --json --quiet > $OUT/$m.json 2> $OUT/$m.err
  echo "$m rc=$? wall=$(echo "$(date +%s.%N) - $t0" | bc)" | tee -a $OUT/times.txt; done
