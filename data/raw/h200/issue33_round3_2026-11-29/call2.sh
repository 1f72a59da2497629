#!/usr/bin/env bash
# Issue 33 (third round), second call, after the sampler's stop no longer waits for a sample in flight and other
# backends right after their baseline warm up 25 ms: section 3 on medium calls after a baseline run (25 ms against
# 0.2 s), then the model corpus. $1 commit, $2 seconds per model.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r; nvidia-smi > /tmp/r/nvidia_smi.txt 2>&1
timeout 100 python3 benchmarks/gpu_method_checks.py --sections 3 --cases medium --after-baseline --rounds 3 \
  --out /tmp/r/medium_after_baseline.json > /tmp/r/medium_after_baseline.txt 2>&1
echo "medium_after_baseline rc=$?" >> /tmp/r/medium_after_baseline.txt; tail -n 11 /tmp/r/medium_after_baseline.txt
python3 benchmarks/record_model_corpus.py --out /tmp/r/model_corpus.json --timeout $2 \
  --models efficientnet_b0,llama_decode,gpt2,resnet50,llama > /tmp/r/corpus.txt 2>&1
echo "corpus rc=$?" >> /tmp/r/corpus.txt; tail -n 20 /tmp/r/corpus.txt
tar czf $OUT/out.tgz -C /tmp r
