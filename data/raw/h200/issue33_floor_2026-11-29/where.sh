#!/usr/bin/env bash
# Issue 33: where the triage's time goes on the GPU (where_time.py) for EfficientNet-B0 and ResNet-50. $1 commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r; nvidia-smi > /tmp/r/nvidia_smi.txt 2>&1
for m in efficientnet_b0 examples/models/resnet50.py:make; do
  timeout 170 python3 data/raw/h200/issue33_floor_2026-11-29/where_time.py $m /tmp/r > /tmp/r/where.txt.part 2>&1
  echo "$m rc=$?" >> /tmp/r/where.txt.part; grep -v Warning /tmp/r/where.txt.part | tail -n 25 >> /tmp/r/where.txt; done
cat /tmp/r/where.txt; tar czf $OUT/out.tgz -C /tmp r
