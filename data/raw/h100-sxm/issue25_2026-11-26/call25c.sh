#!/usr/bin/env bash
# Device call C (issue 25, final code): the README command cold twice (fresh caches, timed line by line), then recorded
# as the README example (warm), bf16/fp8 at 4096^3 and 8192^3 and two memory-bound operations into one JSON-lines file.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1"
nvidia-smi > /tmp/nvidia_smi.txt 2>&1
L="$OUT/call_c.log"; : > "$L"
for i in 1 2; do
  sleep 5; CEILING_SCOUT_CACHE=$(mktemp -d) python3 .gpu/timed.py python3 -m ceiling_scout --operation gemm --shape 8192,8192,8192 --precision bf16 > /tmp/cold_timed_$i.txt 2>&1
  echo "cold $i:"; grep -E "benchmarking|measuring|Baseline:|Ceiling:|Efficiency:|Per clock|Suggested|exit" /tmp/cold_timed_$i.txt | cut -c1-200
done | tee -a "$L"
export CEILING_SCOUT_CACHE=$(mktemp -d)
t0=$(date +%s%N); python3 -m ceiling_scout --operation gemm --shape 8192,8192,8192 --precision bf16 > /dev/null 2>&1
echo "README command cold (fresh cache kept): $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
t0=$(date +%s%N); python3 scripts/readme_example.py record --out "$OUT/readme_example" >> "$L" 2>&1
echo "README command warm (recorded as the README example): $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
for p in bf16 fp8; do for s in 4096,4096,4096 8192,8192,8192; do
  t0=$(date +%s%N); python3 -m ceiling_scout --operation gemm --shape $s --precision $p --output "$OUT/power_runs.jsonl" >> /tmp/power_runs.txt 2>&1
  echo "gemm $s $p: exit $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
done; done
for op in "layernorm 16384,8192 bf16" "rmsnorm 16384,8192 bf16"; do set -- $op
  python3 -m ceiling_scout --operation $1 --shape $2 --precision $3 --output "$OUT/power_runs.jsonl" >> /tmp/power_runs.txt 2>&1
  echo "$1 $2 $3: exit $?" | tee -a "$L"
done
cp /tmp/power_runs.txt "$OUT/"
tar czf "$OUT/extra.tgz" -C / tmp/cold_timed_1.txt tmp/cold_timed_2.txt tmp/nvidia_smi.txt "${CEILING_SCOUT_CACHE#/}" 2>/dev/null
