#!/usr/bin/env bash
# Device call B (issue 25, today's code): the README command cold (timed line by line) and warm, bf16/fp8 at 4096^3 and
# 8192^3, two memory-bound operations, the users' K sweep, then ceiling_vs_peer.py with the warm-started search.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=$(mktemp -d)
nvidia-smi > /tmp/nvidia_smi.txt 2>&1
L="$OUT/call_b.log"; : > "$L"
python3 .gpu/timed.py python3 -m ceiling_scout --operation gemm --shape 8192,8192,8192 --precision bf16 > /tmp/cold_timed.txt 2>&1
grep -E "measuring|peak search|benchmarking|exit" /tmp/cold_timed.txt | tee -a "$L"
t0=$(date +%s%N); python3 scripts/readme_example.py record --out /tmp/readme_example >> "$L" 2>&1
echo "README command warm (recorded as the README example): $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
for p in bf16 fp8; do for s in 4096,4096,4096 8192,8192,8192; do
  t0=$(date +%s%N); python3 -m ceiling_scout --operation gemm --shape $s --precision $p --output /tmp/power_runs.jsonl >> /tmp/power_runs.txt 2>&1
  echo "gemm $s $p: exit $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
done; done
for op in "layernorm 16384,8192 bf16" "rmsnorm 16384,8192 bf16"; do set -- $op
  python3 -m ceiling_scout --operation $1 --shape $2 --precision $3 --output /tmp/power_runs.jsonl >> /tmp/power_runs.txt 2>&1
  echo "$1 $2 $3: exit $?" | tee -a "$L"
done
mkdir -p /tmp/sweep; t0=$(date +%s%N)
python3 .gpu/sweep25.py /tmp/sweep > /tmp/sweep/sweep.log 2>&1
echo "sweep: exit $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
cp /tmp/sweep/sweep_power_fixed.json "$OUT/"
t0=$(date +%s%N)
python3 benchmarks/ceiling_vs_peer.py --peer .gpu/mamf-finder.peer.py --out "$OUT/ceiling_vs_peer.json" > /tmp/cvp.log 2>&1
echo "ceiling_vs_peer: exit $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$L"
grep -E "ours|peer:|summary" /tmp/cvp.log | cut -c1-300 | tee -a "$L" > /dev/null
cp /tmp/power_runs.jsonl /tmp/power_runs.txt "$OUT/"
tar czf "$OUT/extra.tgz" -C / tmp/sweep tmp/readme_example tmp/cold_timed.txt tmp/cvp.log tmp/nvidia_smi.txt "${CEILING_SCOUT_CACHE#/}" 2>/dev/null
cat "$L"
