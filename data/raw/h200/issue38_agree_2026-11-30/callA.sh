#!/usr/bin/env bash
# Issue 38, call A (two H200s of one host), at $1: GPU 0 benchmarks/timer_agreement.py (8 timers, each with its NVML
# window and its stamped SM clock, nvbench with its own clock; 5 interleaved rounds); GPU 1 probe_small.py (the ~10 us
# calls: do_bench's spread, the kernels' own time, the host-bound windows with and without the sampler).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl || exit 1
if python3 -c "import cuda.bindings" 2>/dev/null; then W=".whl_nvb/cuda_bench*.whl"; else W=".whl_nvb/*.whl"; fi
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site $W
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD:$PWD/benchmarks CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
H=data/raw/h200/issue38_agree_2026-11-30; R=/tmp/a; mkdir -p $R; nvidia-smi > $R/nvidia_smi.txt 2>&1
(CUDA_VISIBLE_DEVICES=1 timeout ${PS_S:-400} python3 $H/probe_small.py $R/probe_small.json > $R/probe_small.txt 2>&1; echo "rc=$?" >> $R/probe_small.txt) &
CUDA_VISIBLE_DEVICES=0 timeout ${TA_S:-480} python3 benchmarks/timer_agreement.py --rounds ${ROUNDS:-5} --out $R/timer_agreement.json > $R/timer_agreement.txt 2>&1
echo "rc=$?" >> $R/timer_agreement.txt; wait
tail -n 9 $R/timer_agreement.txt; cat $R/probe_small.txt | cut -c1-1500
rm -f $R/*.x; tar czf $OUT/a.tgz -C /tmp a
