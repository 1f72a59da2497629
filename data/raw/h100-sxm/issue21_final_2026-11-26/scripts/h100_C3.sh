#!/usr/bin/env bash
# H100 call C3 (issue 21), on the machine C2 prepared: FlashAttention-4 assembled (its CUDA 13 library travelled in two
# parts) and tried as a user would: import and one call against SDPA, then --custom-kernel ... --compare at FA3's
# shape (16x96x4096x128, not causal) and causal at 16x32x4096x128. $1 commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
[ -d /tmp/fa4 ] && [ -d /tmp/site ] || { echo "not the machine call C2 prepared"; exit 3; }
rm -rf /tmp/fa4site; python3 -m pip install -q --no-index --no-deps --no-cache-dir --target /tmp/fa4site /tmp/fa4/*.whl \
  .fa4b/*.whl || exit 4
( cat /tmp/fa4/cu13.part.aa .fa4b/cu13.part.ab | xz -d | tar xf - -C /tmp/fa4site ) || exit 4
export PYTHONPATH=/tmp/fa4site:/tmp/fa4site/nvidia_cutlass_dsl/dsl_packages:/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" \
  CEILING_SCOUT_CACHE=/tmp/cs_cache
R=/tmp/rawC3; mkdir -p $R
timeout 150 python3 .gpu/timed.py python3 .gpu/fa4_probe.py > $R/fa4_probe.txt 2>&1
( time timeout 220 python3 -m ceiling_scout --operation attention --shape 16,96,4096,128 --precision bf16 \
  --device cuda --custom-kernel examples/kernels/known.py:fa4_attention --compare --output $OUT/fa4_16x96.json ) \
  > $R/fa4_cli_16x96.txt 2>&1
( time timeout 200 python3 -m ceiling_scout --operation attention --shape 16,32,4096,128 --precision bf16 --causal \
  --device cuda --custom-kernel examples/kernels/known.py:fa4_attention --compare --output $OUT/fa4_16x32_causal.json ) \
  > $R/fa4_cli_16x32_causal.txt 2>&1
cat $R/fa4_probe.txt | tail -12 | cut -c1-300
for f in $R/fa4_cli_*.txt; do echo "== $f"; grep -v "_warn_once\|UserWarning" $f | tail -n 14 | cut -c1-250; done
tar czf "$OUT/rawC3.tgz" -C /tmp rawC3
