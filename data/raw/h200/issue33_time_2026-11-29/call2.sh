#!/usr/bin/env bash
# Issue 33, second call, at $1: where2.py on EfficientNet-B0 twice in a row from fresh Inductor/Triton caches (the
# first run compiles from nothing, as a fresh machine does; the second finds the caches), after one GEMM call filled the
# ceiling cache (as call 1). Which steps of the measure phase a cold process pays.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site ${WHL:-.whl}/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
export TORCHINDUCTOR_CACHE_DIR=/tmp/ind TRITON_CACHE_DIR=/tmp/tri
D=data/raw/h200/issue33_time_2026-11-29; R=/tmp/c2
mkdir -p $R/cold $R/warm; nvidia-smi > $R/nvidia_smi.txt 2>&1
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > $R/prime.txt 2>&1
for k in cold warm; do
  python3 $D/where2.py efficientnet_b0 $R/$k > $R/$k/where2.txt 2>&1; grep -v Warn $R/$k/where2.txt | head -n 32
done
tar czf $OUT/out.tgz -C /tmp c2
