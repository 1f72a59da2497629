#!/usr/bin/env bash
# Issue 38, call 3 (session of 2026-11-30), at $1: benchmarks/timer_agreement.py with the engine's two windows after the
# timed one (engine_host: the 1 s back-to-back energy window; engine_dobench: measure_gapped), every timer after 0.3 s
# idle, 4 interleaved rounds with nvbench; then the CLI on two GEMMs for the verdict's 'Duty cycle:' line.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl || exit 1
if python3 -c "import cuda.bindings" 2>/dev/null; then W=".whl_nvb/cuda_bench*.whl"; else W=".whl_nvb/*.whl"; fi
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site $W
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
R=/tmp/t3; mkdir -p $R; nvidia-smi > $R/nvidia_smi.txt 2>&1
python3 -c "import cuda.bindings, cuda.bench; print('cuda.bindings', cuda.bindings.__version__)" > $R/nvbench_import.txt 2>&1
tail -2 $R/nvbench_import.txt
timeout ${TA_S:-400} python3 benchmarks/timer_agreement.py --rounds ${ROUNDS:-4} --out $R/timer_agreement.json > $R/timer_agreement.txt 2>&1
echo "rc=$?" >> $R/timer_agreement.txt; tail -n 12 $R/timer_agreement.txt
rm -f $R/*.x
for s in 8192,8192,8192 2048,2048,2048; do
  timeout 120 python3 -m ceiling_scout --operation gemm --shape $s --precision bf16 --output $R/cli_$s.json > $R/cli_$s.txt 2>&1
  echo "rc=$?" >> $R/cli_$s.txt; grep -E "Baseline|Duty|Ceilings|Per clock|rc=" $R/cli_$s.txt
done
tar czf $OUT/out.tgz -C /tmp t3
