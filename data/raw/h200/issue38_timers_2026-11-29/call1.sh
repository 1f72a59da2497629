#!/usr/bin/env bash
# Issue 38, first call (run twice: the first stopped on a JSON parse in the script, fixed at 2ea8a59), at $1: benchmarks/timer_agreement.py (the engine, do_bench, torch.utils.benchmark.Timer and
# nvbench's Python bindings on the same checked calls, 5 interleaved rounds, each timer's NVML window).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site ${WHL:-.whl}/*.whl || exit 1
if python3 -c "import cuda.bindings" 2>/dev/null; then W=".whl_nvb/cuda_bench*.whl"; else W=".whl_nvb/*.whl"; fi
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site $W
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
R=/tmp/t1; mkdir -p $R; nvidia-smi > $R/nvidia_smi.txt 2>&1
python3 -c "import cuda.bindings, cuda.bench; print('cuda.bindings', cuda.bindings.__version__)" > $R/nvbench_import.txt 2>&1
cat $R/nvbench_import.txt | tail -2
timeout 480 python3 benchmarks/timer_agreement.py --rounds 5 --out $R/timer_agreement.json > $R/timer_agreement.txt 2>&1
echo "rc=$?" >> $R/timer_agreement.txt; tail -n 12 $R/timer_agreement.txt
rm -f $R/*.x   # each round's nvbench JSON stays
tar czf $OUT/out.tgz -C /tmp t1
