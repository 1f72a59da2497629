#!/usr/bin/env bash
# H100 call B (issue 21), on the machine call A left warm: the honest half A of the kernel corpus through the cheat
# matrix, FA3 as a user runs it, and the first part of FlashAttention-4's wheels stashed for call C. $1 commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
[ -d /tmp/site ] && [ -d /tmp/cs_cache ] || { echo "not the machine call A used: /tmp/site missing"; exit 3; }

python3 -m compileall -q ceiling_scout examples benchmarks > /dev/null
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=/tmp/cs_cache
R=/tmp/rawB; mkdir -p $R
timeout 360 python3 .gpu/timed.py python3 benchmarks/cheat_matrix.py --device cuda --only "$(cat .gpu/honestA.txt)" \
  --out "$OUT/kernels_A.json" --ceilings /tmp/cs_cache/measured_ceilings.json --timeout 120 > $R/kernels_A.txt 2>&1
( time timeout 120 python3 -m ceiling_scout --operation attention --shape 16,96,4096,128 --precision bf16 \
  --device cuda --custom-kernel examples/kernels/known.py:fa3_attention --compare ) > $R/fa3_cli.txt 2>&1
tail -n 25 $R/kernels_A.txt | cut -c1-250; tail -n 30 $R/fa3_cli.txt | cut -c1-250
tar czf "$OUT/rawB.tgz" -C /tmp rawB
