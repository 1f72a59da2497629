#!/usr/bin/env bash
# Issue 35 item 3, call G (two H200s), at $1: --tp 2 on transformers' Mixtral (2 layers of 8x7B, bf16) at 1 and 4 x 2048
# tokens, each with the GPU-busy time of its sharded and chunked forwards (what paces them: the GPU or the host).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl_x2/*.whl || exit 1
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
R=/tmp/g; mkdir -p $R
for b in 1 4; do
  timeout 150 python3 -m torch.distributed.run --nproc_per_node 2 --master_port $((29840+b)) -m ceiling_scout --model examples/models/mixtral.py:make --tp 2 --batch $b --precision bf16 --device cuda --output $R/tp_mixtral_b$b.json > $R/tp_mixtral_b$b.txt 2>&1; echo "rc=$?" >> $R/tp_mixtral_b$b.txt
  grep -E "The model itself|With each all-reduce|GPU busy|Its experts|rc=" $R/tp_mixtral_b$b.txt | cut -c1-600
  tar czf $OUT/g.tgz -C /tmp g
done
