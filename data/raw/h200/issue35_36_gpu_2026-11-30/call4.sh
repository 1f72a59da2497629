#!/usr/bin/env bash
# Issue 35 item 3 on two H200s, call 4, at $1: --tp 2 on transformers' Llama at full width, with the host's issue time.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl_x2/*.whl || exit 1
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
R=/tmp/p; mkdir -p $R
timeout 200 python3 -m torch.distributed.run --nproc_per_node 2 --master_port 29702 -m ceiling_scout --model examples/models/llama.py:make --tp 2 --precision bf16 --device cuda --output $R/tp_llama.json > $R/tp_llama.txt 2>&1; echo "rc=$?" >> $R/tp_llama.txt
grep "The model itself\|overlapped\|The host\|rc=" $R/tp_llama.txt; python3 -c "import json; d=json.load(open('$R/tp_llama.json')); print({k: d['model_check'].get(k) for k in ('sharded_ms','unsharded_ms','overlapped_ms','host_ms')})"
tar czf $OUT/out.tgz -C /tmp p
