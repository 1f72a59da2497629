#!/usr/bin/env bash
# Issue 33, sixth call, at $1: the corpus (five models, each its own CLI process) and the two compiled models, after
# graph-replayed fixed counts in 30 samples, NVML opened once a process and torch._dynamo no longer imported at start.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site ${WHL:-.whl}/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/c6; nvidia-smi > /tmp/c6/nvidia_smi.txt 2>&1; nproc > /tmp/c6/nproc.txt
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > /tmp/c6/prime.txt 2>&1
python3 benchmarks/record_model_corpus.py --out /tmp/c6/model_corpus.json --timeout 150 \
  --models gpt2,llama,resnet50,efficientnet_b0,llama_decode,gpt2_compiled,resnet50_compiled > /tmp/c6/corpus.txt 2>&1
echo "corpus rc=$?" >> /tmp/c6/corpus.txt; tail -n 12 /tmp/c6/corpus.txt
tar czf $OUT/out.tgz -C /tmp c6
