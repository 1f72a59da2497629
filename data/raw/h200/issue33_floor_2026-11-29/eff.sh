#!/usr/bin/env bash
# Issue 33: EfficientNet-B0 alone through where_time.py at 1384557, with alternatives for workloads holding >= 0.5 %
# (the default) and >= 1 % of the GPU time. $1 commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r; nvidia-smi > /tmp/r/nvidia_smi.txt 2>&1
for s in 0.005 0.01; do
  timeout 105 python3 data/raw/h200/issue33_floor_2026-11-29/where_time.py efficientnet_b0 /tmp/r cuda $s > /tmp/r/part.txt 2>&1
  echo "min share $s rc=$?" >> /tmp/r/part.txt; grep -v Warning /tmp/r/part.txt | tail -n 16 >> /tmp/r/eff.txt
  cp /tmp/r/eff.txt /tmp/r/where_*.json $OUT/ 2>/dev/null; done
cat /tmp/r/eff.txt; tar czf $OUT/out.tgz -C /tmp r
