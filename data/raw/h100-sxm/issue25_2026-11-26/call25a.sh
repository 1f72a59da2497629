#!/usr/bin/env bash
# Device call A (issue 25): the README command cold then warm (timed), bf16/fp8 at 4096^3 and 8192^3, two memory-bound
# operations, and the users' K sweep (the sweep notebook's calls); everything written under $OUT.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=$(mktemp -d)
nvidia-smi > "$OUT/nvidia_smi.txt" 2>&1
L="$OUT/call_a.log"; : > "$L"
t0=$(date +%s%N); python3 scripts/readme_example.py record --out "$OUT/readme_example" >> "$L" 2>&1
echo "README command cold (fresh ceiling cache, includes python start): $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
t0=$(date +%s%N); python3 -m ceiling_scout --operation gemm --shape 8192,8192,8192 --precision bf16 --output "$OUT/power_runs.jsonl" > "$OUT/warm.txt" 2>&1
echo "README command warm: $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
for p in bf16 fp8; do for s in 4096,4096,4096 8192,8192,8192; do
  t0=$(date +%s%N); python3 -m ceiling_scout --operation gemm --shape $s --precision $p --output "$OUT/power_runs.jsonl" >> "$OUT/power_runs.txt" 2>&1
  echo "gemm $s $p: exit $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
done; done
for op in "layernorm 16384,8192 bf16" "rmsnorm 16384,8192 bf16"; do set -- $op
  python3 -m ceiling_scout --operation $1 --shape $2 --precision $3 --output "$OUT/power_runs.jsonl" >> "$OUT/power_runs.txt" 2>&1
  echo "$1 $2 $3: exit $?" | tee -a "$L"
done
mkdir -p /tmp/sweep; t0=$(date +%s%N)
python3 .gpu/sweep25.py /tmp/sweep > /tmp/sweep/papermill.log 2>&1
echo "sweep: exit $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
cp /tmp/sweep/sweep_power_fixed.json "$OUT/" 2>/dev/null
tar czf "$OUT/extra.tgz" -C / tmp/sweep "${CEILING_SCOUT_CACHE#/}" 2>/dev/null
tail -30 /tmp/sweep/papermill.log | tee -a "$L" >/dev/null
cat "$OUT/warm.txt"
