#!/usr/bin/env bash
# Issue 33 (third round), fifth call: EfficientNet-B0 through where_time.py at the commit of call4 (its measure phase
# took 52 s in call4 against 42 s in call3, with load and extract 55-70 % slower too). $1 commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r; nvidia-smi > /tmp/r/nvidia_smi.txt 2>&1; nproc > /tmp/r/nproc.txt; cat /proc/cpuinfo | grep "model name" | head -1 >> /tmp/r/nproc.txt
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > /tmp/r/prime.txt 2>&1
timeout 110 python3 data/raw/h200/issue33_floor_2026-11-29/where_time.py efficientnet_b0 /tmp/r cuda > /tmp/r/where.txt 2>&1
echo "where rc=$?" >> /tmp/r/where.txt; grep -v Warning /tmp/r/where.txt | tail -n 16; cat /tmp/r/nproc.txt
tar czf $OUT/out.tgz -C /tmp r
