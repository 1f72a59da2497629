#!/usr/bin/env bash
# Issue 33, after the short warm-up (9266004): benchmarks/gpu_method_checks.py section 3 (short calls warmed up 25 ms
# against 0.2 s, each after 1 s idle, 3 rounds; the power each draws back to back), then the model corpus. $1 commit,
# $2 seconds per model. Every process has NVLink multicast off.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r; nvidia-smi > /tmp/r/nvidia_smi.txt 2>&1
timeout 150 python3 benchmarks/gpu_method_checks.py --sections 3 --rounds 3 --out /tmp/r/short_warmup.json \
  > /tmp/r/short_warmup.txt 2>&1; echo "short_warmup rc=$?" >> /tmp/r/short_warmup.txt
python3 benchmarks/record_model_corpus.py --out /tmp/r/model_corpus.json --timeout $2 \
  --models efficientnet_b0,llama_decode,gpt2,resnet50,llama > /tmp/r/corpus.txt 2>&1
echo "corpus rc=$?" >> /tmp/r/corpus.txt; tail -n 12 /tmp/r/short_warmup.txt; tail -n 20 /tmp/r/corpus.txt
tar czf $OUT/out.tgz -C /tmp r
