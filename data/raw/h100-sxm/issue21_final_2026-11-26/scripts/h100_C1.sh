#!/usr/bin/env bash
# H100 call C1 (issue 21), a fresh machine: ceilings measured, the honest half B of the kernel corpus, and FA3 at
# 16x96x4096x128 as known.py's docstring writes it (after the validator's float64-reference fix). $1 commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
python3 -m compileall -q ceiling_scout examples benchmarks > /dev/null
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=/tmp/cs_cache
R=/tmp/rawC1; mkdir -p $R /tmp/cs_cache
nvidia-smi > $R/nvidia_smi.txt 2>&1
timeout 150 python3 .gpu/timed.py python3 .gpu/warm_ceilings.py > $R/warm_ceilings.txt 2>&1
( time timeout 150 python3 -m ceiling_scout --operation attention --shape 16,96,4096,128 --precision bf16 \
  --device cuda --custom-kernel examples/kernels/known.py:fa3_attention --compare ) > $R/fa3_cli.txt 2>&1
timeout 330 python3 .gpu/timed.py python3 benchmarks/cheat_matrix.py --device cuda --only "$(cat .gpu/honestB.txt)" \
  --out "$OUT/kernels_B.json" --ceilings /tmp/cs_cache/measured_ceilings.json --timeout 120 > $R/kernels_B.txt 2>&1
cp /tmp/cs_cache/*.json $R/
grep -v "_warn_once\|UserWarning" $R/kernels_B.txt | tail -n 22 | cut -c1-250; tail -n 12 $R/fa3_cli.txt | cut -c1-250
tar czf "$OUT/rawC1.tgz" -C /tmp rawC1
