#!/usr/bin/env bash
# Issue 33 (third round), sixth call: EfficientNet-B0 alone through the corpus script (a process of its own, as a user
# runs it) at the commit of call4, the ceiling cache filled first. $1 commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r6; nvidia-smi > /tmp/r6/nvidia_smi.txt 2>&1
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > /tmp/r6/prime.txt 2>&1
python3 benchmarks/record_model_corpus.py --out /tmp/r6/model_corpus.json --timeout 110 --models efficientnet_b0 > /tmp/r6/corpus.txt 2>&1
echo "corpus rc=$?" >> /tmp/r6/corpus.txt; tail -n 5 /tmp/r6/corpus.txt
tar czf $OUT/out.tgz -C /tmp r6
