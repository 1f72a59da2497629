#!/usr/bin/env bash
# Issue 33, the last H200 call of the session: the model corpus (EfficientNet-B0 with depthwise convolutions and
# squeeze-excite, a Llama decode step against a 4096-token KV cache, GPT-2, ResNet-50, one Llama layer) through
# benchmarks/record_model_corpus.py (per model: mapped share, coverage of the GPU-busy time, wall time, largest gain),
# then the inference cases of benchmarks/gpu_ops.py (depthwise and SE 1x1 convolutions, decode attention with FA3's
# KV-cache kernel beside SDPA). $1 commit, $2 seconds per model. Every process has NVLink multicast off.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r; nvidia-smi > /tmp/r/nvidia_smi.txt 2>&1
python3 benchmarks/record_model_corpus.py --out /tmp/r/model_corpus.json --timeout $2 \
  --models efficientnet_b0,llama_decode,gpt2,resnet50,llama > /tmp/r/corpus.txt 2>&1
echo "corpus rc=$?" >> /tmp/r/corpus.txt
timeout 110 python3 benchmarks/gpu_ops.py --ops conv2d,attention --match depthwise,SE,decode \
  --out /tmp/r/gpu_ops_inference.json > /tmp/r/gpu_ops.txt 2>&1
echo "gpu_ops rc=$?" >> /tmp/r/corpus.txt; tail -n 20 /tmp/r/corpus.txt; tail -n 25 /tmp/r/gpu_ops.txt
tar czf $OUT/out.tgz -C /tmp r
