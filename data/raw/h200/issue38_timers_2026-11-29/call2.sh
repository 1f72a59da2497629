#!/usr/bin/env bash
# Issue 38, second call, at $1: an event-timed batch now starts behind a lead of ten spin holds. Did the first sample's
# outlier go (noise_probe.py of issue 33), and do the short calls now agree with do_bench (timer_agreement, 3 rounds,
# four cases, no nvbench)?
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site ${WHL:-.whl}/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
R=/tmp/t2; mkdir -p $R; nvidia-smi > $R/nvidia_smi.txt 2>&1
timeout 100 python3 data/raw/h200/issue33_time_2026-11-29/noise_probe.py $R > $R/noise_probe.txt 2>&1; grep -v Warn $R/noise_probe.txt | tail -n 24 | cut -c1-150
timeout 150 python3 benchmarks/timer_agreement.py --rounds 3 --no-nvbench --cases "gemm 1024^3,gemm 2048^3,attention 1x8x512x64,rmsnorm 8192x8192" --out $R/timer_agreement.json > $R/timer_agreement.txt 2>&1
echo "rc=$?" >> $R/timer_agreement.txt; tail -n 5 $R/timer_agreement.txt
tar czf $OUT/out.tgz -C /tmp t2
