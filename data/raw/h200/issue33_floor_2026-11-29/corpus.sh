#!/usr/bin/env bash
# Issue 33, the model corpus on one H200: GPT-2, EfficientNet-B0 (depthwise convolutions, squeeze-excite), a Llama
# decode step against a KV cache, ResNet-50 and Llama (one layer), each `ceiling-scout --model ... --precision bf16
# --device cuda` in its own process through benchmarks/record_model_corpus.py, which prints per model the mapped share,
# the coverage of the GPU-busy time, the wall time and the largest claimed gain. $1 commit, $2 seconds per model.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r; nvidia-smi > /tmp/r/nvidia_smi.txt 2>&1
python3 benchmarks/record_model_corpus.py --out /tmp/r/model_corpus.json --timeout $2 \
  --models gpt2,efficientnet_b0,llama_decode,resnet50,llama > /tmp/r/corpus.txt 2>&1
echo "rc=$?" >> /tmp/r/corpus.txt; tail -n 30 /tmp/r/corpus.txt
tar czf $OUT/out.tgz -C /tmp r
