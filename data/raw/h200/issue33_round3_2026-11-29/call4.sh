#!/usr/bin/env bash
# Issue 33 (third round), fourth call: the corpus after conv/GEMM calls under a quarter of the datasheet's ridge and a
# model's fusion chains warm up 25 ms too. One GEMM call fills the ceiling cache first (timed: a first run pays it
# once). $1 commit, $2 seconds per model.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r; nvidia-smi > /tmp/r/nvidia_smi.txt 2>&1
s=$(date +%s.%N); python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > /tmp/r/prime.txt 2>&1
echo "prime rc=$? in $(python3 -c "print(round($(date +%s.%N)-$s,1))") s" | tee -a /tmp/r/prime.txt
python3 benchmarks/record_model_corpus.py --out /tmp/r/model_corpus.json --timeout $2 \
  --models efficientnet_b0,llama_decode,gpt2,resnet50,llama > /tmp/r/corpus.txt 2>&1
echo "corpus rc=$?" >> /tmp/r/corpus.txt; tail -n 14 /tmp/r/corpus.txt
tar czf $OUT/out.tgz -C /tmp r
