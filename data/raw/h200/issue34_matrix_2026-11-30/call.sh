#!/usr/bin/env bash
# Issue 34, the whole GPU cheat matrix at one commit (2026-11-30), on two H200s of one host: lane A on GPU 0, lane B
# on GPU 1, each case in its own process (benchmarks/cheat_matrix.py). Each lane first puts its GPU's measured ceilings
# in its cache (ceilings.py, timed apart) when the cache has none, then runs its list (laneX.txt), resuming from
# $3/laneX.json when given; then, when $4 is given, lane B runs those cases (comma-separated) after its list.
# FlashAttention-4's wheels are too big for one call (92 MB): .whl_fa4a/ (call 1) holds the first 27 MB of an xz tar of
# nvidia-cutlass-dsl-libs-cu13 4.8.1, kept on the machine in /tmp/fa4; .whl_fa4b/ (call 2) the rest and the other wheels.
# $1 code commit, $2 seconds for the whole call, $3 folder of an earlier call's laneA.json / laneB.json (optional),
# $4 extra cases for lane B (optional). Env: LANES (list files LANESA.txt / LANESB.txt, default lane), RAW (the
# output folder, default /tmp/raw).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
H=data/raw/h200/issue34_matrix_2026-11-30; R=${RAW:-/tmp/raw}; mkdir -p $R /tmp/fa4
end=$(( $(date +%s) + $2 ))
left() { echo $(( end - $(date +%s) - 25 )); }
[ -d .whl_fa4a ] && cp .whl_fa4a/* /tmp/fa4/
if [ ! -d /tmp/site ]; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
    $(ls .whl_fa3/*.whl 2>/dev/null) || exit 1
fi
if [ -d .whl_fa4b ]; then
  cp .whl_fa4b/cu13.part* /tmp/fa4/
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl_fa4b/deps/*.whl \
    > $R/fa4_install.txt 2>&1
  (cat /tmp/fa4/cu13.part0* | sha256sum; cat /tmp/fa4/cu13.part0* | xz -d | tar x -C /tmp/site) >> $R/fa4_install.txt 2>&1
  echo "fa4 parts rc=$?" >> $R/fa4_install.txt
fi
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1"
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
nvidia-smi > $R/nvidia_smi.txt 2>&1
python3 -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_device_name(0))" > $R/torch.txt 2>&1
lane() {  # $1 gpu, $2 lane letter, $3 resume folder, $4 extra cases
  mkdir -p /tmp/cs$1; local res="" c=/tmp/cs$1/measured_ceilings.json
  [ -n "$3" ] && [ -f "$3/lane$2.json" ] && res="--resume $3/lane$2.json"
  if [ ! -f $c ]; then
    CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs$1 timeout 200 python3 $H/ceilings.py $c $R/ceilings$2.json \
      > $R/ceilings$2.txt 2>&1
  fi
  CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs$1 timeout $(left) python3 benchmarks/cheat_matrix.py \
    --device cuda --only "$(cat $H/${LANES:-lane}$2.txt)" $res --out $R/lane$2.json --ceilings $c --timeout 120 > $R/lane$2.txt 2>&1
  echo "lane $2 rc=$?" >> $R/lane$2.txt
  if [ -n "$4" ]; then
    CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs$1 timeout $(left) python3 benchmarks/cheat_matrix.py \
      --device cuda --only "$4" --out $R/extra$2.json --ceilings $c --timeout 150 > $R/extra$2.txt 2>&1
    echo "extra $2 rc=$?" >> $R/extra$2.txt
  fi
  tar czf $OUT/raw.tgz -C $(dirname $R) $(basename $R)
}
lane 0 A "${3:-}" "" & lane 1 B "${3:-}" "${4:-}" & wait
tail -n 5 $R/laneA.txt $R/laneB.txt $R/extra*.txt 2>/dev/null; cat $R/ceilings*.txt $R/fa4_install.txt 2>/dev/null | tail -20
tar czf $OUT/raw.tgz -C $(dirname $R) $(basename $R)
