#!/usr/bin/env bash
# Issue 33, this session's first call: (1) EfficientNet-B0 alone through the corpus script at $1 (the budget and
# warm-up fixes of the last session, never run on the GPU); (2) probe_kernels.py: chrome traces of compiled,
# reduce-overhead and graph-replayed GPT-2 and ResNet-50 steps.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
D=data/raw/h200/issue33_compiled_2026-11-29
mkdir -p /tmp/c1; nvidia-smi > /tmp/c1/nvidia_smi.txt 2>&1
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > /tmp/c1/prime.txt 2>&1
python3 benchmarks/record_model_corpus.py --out /tmp/c1/model_corpus.json --timeout 110 --models efficientnet_b0 > /tmp/c1/corpus.txt 2>&1
echo "corpus rc=$?" >> /tmp/c1/corpus.txt; tail -n 5 /tmp/c1/corpus.txt
timeout 300 python3 $D/probe_kernels.py /tmp/c1/traces > /tmp/c1/probe.txt 2>&1; echo "probe rc=$?" >> /tmp/c1/probe.txt
tail -n 40 /tmp/c1/probe.txt
tar czf $OUT/out.tgz -C /tmp c1
