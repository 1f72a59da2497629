#!/usr/bin/env bash
# Issue 33, second call: EfficientNet-B0's triage under cProfile at $1 (where the 41.9 s measure phase of call 1 goes).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/c2; nvidia-smi > /tmp/c2/nvidia_smi.txt 2>&1
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > /tmp/c2/prime.txt 2>&1
python3 data/raw/h200/issue33_round3_2026-11-29/profile_triage.py efficientnet_b0 /tmp/c2 > /tmp/c2/profile.txt 2>&1
rm -f /tmp/c2/*.pstats; head -c 3000 /tmp/c2/profile.txt
tar czf $OUT/out.tgz -C /tmp c2
