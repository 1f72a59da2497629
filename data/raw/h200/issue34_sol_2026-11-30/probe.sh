#!/usr/bin/env bash
# Issue 34 items 5 and 6 on the GPU, before the matrix: ncu's speed of light of a validation (the marker kernel found
# in ncu's CSV, each side's share of SM and DRAM throughput), the persisting-L2 limit read, set by the planted kernel
# and reset by the engine, and the planted case through the matrix script. $1 code commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=/tmp/cs
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
mkdir -p /tmp/cs
nvidia-smi > $OUT/nvidia_smi.txt 2>&1; which ncu > $OUT/ncu.txt 2>&1; ncu --version >> $OUT/ncu.txt 2>&1
python3 - > $OUT/persisting.txt 2>&1 <<'PY'
import sys, torch; sys.path.insert(0, "examples/kernels")
from ceiling_scout.engine.timing import persisting_l2
from planted.caches import _persist
a = torch.randn(2048, 2048, device="cuda", dtype=torch.bfloat16)
print("before", persisting_l2("cuda")); _persist(a); print("after the planted kernel", persisting_l2("cuda"))
print("reset", persisting_l2("cuda", reset=True)); print("read again", persisting_l2("cuda"))
PY
timeout 150 python3 -m ceiling_scout --operation gemm --shape 4000,4000,4000 --precision bf16 --device cuda \
  --custom-kernel examples/kernels/good_gemm.py:matmul --compare --counters on --output $OUT/good_gemm.json \
  > $OUT/good_gemm.txt 2>&1; echo "rc=$?" >> $OUT/good_gemm.txt
timeout 200 python3 benchmarks/cheat_matrix.py --device cuda --only persisting_l2,liger_rmsnorm,triton_gemm \
  --out $OUT/matrix.json --ceilings /tmp/cs/measured_ceilings.json --timeout 120 > $OUT/matrix.txt 2>&1
echo "matrix rc=$?" >> $OUT/matrix.txt
