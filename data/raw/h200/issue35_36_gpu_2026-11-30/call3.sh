#!/usr/bin/env bash
# Issue 35 item 3 on two H200s, call 3, at $1: the overlap probe (host and GPU time per forward, kernel time by kind,
# NCCL overlap from a profile) for the plain and the chunked sharded Llama; then the CLI's --tp at full width with the
# model's timing in interleaved rounds (MODEL_ROUNDS).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl_x2/*.whl || exit 1
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
D=data/raw/h200/issue35_36_gpu_2026-11-30; R=/tmp/o; mkdir -p $R
TR="python3 -m torch.distributed.run --nproc_per_node 2"
timeout 200 $TR --master_port 29700 $D/overlap_probe.py $R/overlap_probe.json > $R/overlap_probe.txt 2>&1; echo "rc=$?" >> $R/overlap_probe.txt
grep -v Warning $R/overlap_probe.txt | tail -n 8; tar czf $OUT/out.tgz -C /tmp o
timeout 200 $TR --master_port 29701 -m ceiling_scout --model examples/models/llama.py:make --tp 2 --precision bf16 --device cuda --output $R/tp_llama.json > $R/tp_llama.txt 2>&1; echo "rc=$?" >> $R/tp_llama.txt
grep "The model itself\|overlapped\|rc=" $R/tp_llama.txt; tar czf $OUT/out.tgz -C /tmp o
