#!/usr/bin/env bash
# Issue 33, this session's first call, at $1: EfficientNet-B0 through the corpus script (wall time as users see it),
# then where2.py: each step of its measure phase added up.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site ${WHL:-.whl}/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
D=data/raw/h200/issue33_time_2026-11-29; R=/tmp/c1
mkdir -p $R; nvidia-smi > $R/nvidia_smi.txt 2>&1; nproc > $R/nproc.txt
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > $R/prime.txt 2>&1
python3 benchmarks/record_model_corpus.py --out $R/corpus_efficientnet.json --timeout 110 --models efficientnet_b0 > $R/corpus.txt 2>&1
tail -n 3 $R/corpus.txt
python3 $D/where2.py efficientnet_b0 $R > $R/where2.txt 2>&1; grep -v Warn $R/where2.txt | tail -n 45
tar czf $OUT/out.tgz -C /tmp c1
