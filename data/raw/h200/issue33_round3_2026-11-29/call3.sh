#!/usr/bin/env bash
# Issue 33 (third round), third call, after memory-bound baselines warm up 25 ms and other backends do only when
# their baseline ran clear of every NVML limit: section 3 on memory-bound calls of 20-500 µs from 1 s idle (25 ms
# against 0.2 s); one GEMM call to fill the ceiling cache (timed: what a first run pays once); EfficientNet-B0 through
# where_time.py; the model corpus. $1 commit, $2 seconds per model.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/r; nvidia-smi > /tmp/r/nvidia_smi.txt 2>&1
timeout 110 python3 benchmarks/gpu_method_checks.py --sections 3 --cases memory --short --rounds 3 \
  --out /tmp/r/memory_short.json > /tmp/r/memory_short.txt 2>&1
echo "memory_short rc=$?" >> /tmp/r/memory_short.txt; tail -n 10 /tmp/r/memory_short.txt
s=$(date +%s.%N); python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > /tmp/r/prime.txt 2>&1
echo "prime rc=$? in $(python3 -c "print(round($(date +%s.%N)-$s,1))") s" | tee -a /tmp/r/prime.txt
timeout 100 python3 data/raw/h200/issue33_floor_2026-11-29/where_time.py efficientnet_b0 /tmp/r cuda > /tmp/r/where.txt 2>&1
echo "where rc=$?" >> /tmp/r/where.txt; grep -v Warning /tmp/r/where.txt | tail -n 14
python3 benchmarks/record_model_corpus.py --out /tmp/r/model_corpus.json --timeout $2 \
  --models efficientnet_b0,llama_decode,gpt2,resnet50,llama > /tmp/r/corpus.txt 2>&1
echo "corpus rc=$?" >> /tmp/r/corpus.txt; tail -n 8 /tmp/r/corpus.txt
tar czf $OUT/out.tgz -C /tmp r
