#!/usr/bin/env bash
# Issue 33, fourth call, at $1 (a fixed count of calls in >= 30 samples; a noisy memory-bound or short baseline
# re-measured from 10 ms of work; d2d checked on the GPU): EfficientNet-B0 through the corpus script as the machine is
# (PYTHONDONTWRITEBYTECODE=1, no .pyc anywhere: every process compiles each module it imports), then with a bytecode
# cache as pip leaves one at install (PYTHONPYCACHEPREFIX, filled by one import run), and where2.py with it.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site ${WHL:-.whl}/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
D=data/raw/h200/issue33_time_2026-11-29; R=/tmp/c4
mkdir -p $R/pyc; nvidia-smi > $R/nvidia_smi.txt 2>&1; env | grep -i pythondont > $R/env.txt
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > $R/prime.txt 2>&1
python3 benchmarks/record_model_corpus.py --out $R/corpus_asis.json --timeout 110 --models efficientnet_b0 > $R/corpus_asis.txt 2>&1
tail -n 2 $R/corpus_asis.txt
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
for i in 1 2; do /usr/bin/time -f "imports with the bytecode cache, run $i: %e s" python3 -c "import transformers.models.efficientnet.modeling_efficientnet, torch._dynamo, torch._inductor.compile_fx, ceiling_scout.cli, ceiling_scout.modes.model_triage"; done > $R/imports.txt 2>&1
cat $R/imports.txt
python3 benchmarks/record_model_corpus.py --out $R/corpus_pyc.json --timeout 110 --models efficientnet_b0 > $R/corpus_pyc.txt 2>&1
tail -n 2 $R/corpus_pyc.txt
python3 $D/where2.py efficientnet_b0 $R/pyc > $R/pyc/where2.txt 2>&1; grep -v Warn $R/pyc/where2.txt | head -n 40
tar czf $OUT/out.tgz -C /tmp c4
