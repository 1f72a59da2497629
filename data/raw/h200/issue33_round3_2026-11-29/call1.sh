#!/usr/bin/env bash
# Issue 33 (third round), first call: EfficientNet-B0's triage under cProfile; section 3 of gpu_method_checks.py on
# medium calls (about 20-500 µs: the default warm-up against 0.2 s, each after 1 s idle); then issue 37's commands.
# $1 commit. Every process has NVLink multicast off.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r /tmp/r37; nvidia-smi > /tmp/r/nvidia_smi.txt 2>&1
timeout 220 python3 data/raw/h200/issue33_round3_2026-11-29/profile_triage.py efficientnet_b0 /tmp/r > /tmp/r/profile.out 2>&1
echo "profile rc=$?" >> /tmp/r/profile.out; head -c 2500 /tmp/r/profile.out
timeout 150 python3 benchmarks/gpu_method_checks.py --sections 3 --cases medium --rounds 3 --out /tmp/r/medium_warmup.json \
  > /tmp/r/medium_warmup.txt 2>&1; echo "medium_warmup rc=$?" >> /tmp/r/medium_warmup.txt; tail -n 12 /tmp/r/medium_warmup.txt
timeout 200 bash data/raw/h200/issue37_workflow_2026-11-29/run.sh /tmp/r37 > /tmp/r37/run.txt 2>&1; echo "issue37 rc=$?" >> /tmp/r37/run.txt
tail -c 3000 /tmp/r37/run.txt
tar czf $OUT/out.tgz -C /tmp r r37
