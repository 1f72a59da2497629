#!/usr/bin/env bash
# Issue 33, third call, at $1: EfficientNet-B0 alone (the sampler's stop() without a join), then GPT-2 and ResNet-50
# under torch.compile (default mode) through the CLI, as the corpus script runs them (triaged by their kernels).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/c3; nvidia-smi > /tmp/c3/nvidia_smi.txt 2>&1
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > /tmp/c3/prime.txt 2>&1
python3 benchmarks/record_model_corpus.py --out /tmp/c3/corpus_efficientnet.json --timeout 110 --models efficientnet_b0 > /tmp/c3/corpus_efficientnet.txt 2>&1
tail -n 3 /tmp/c3/corpus_efficientnet.txt
python3 benchmarks/record_model_corpus.py --out /tmp/c3/corpus_compiled.json --timeout 200 --models gpt2_compiled,resnet50_compiled > /tmp/c3/corpus_compiled.txt 2>&1
tail -n 6 /tmp/c3/corpus_compiled.txt
python3 -m ceiling_scout --model examples/models/gpt2.py:make_compiled --precision bf16 --device cuda > /tmp/c3/gpt2_compiled.txt 2>&1
head -c 5000 /tmp/c3/gpt2_compiled.txt
tar czf $OUT/out.tgz -C /tmp c3
