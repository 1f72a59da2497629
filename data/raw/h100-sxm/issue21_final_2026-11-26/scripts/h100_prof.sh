#!/usr/bin/env bash
# Where a slow triage's seconds go on the GPU: T5 and ResNet-50 under cProfile, ceilings cached (.gpu/cache).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_CACHE=/tmp/cs_cache
mkdir -p /tmp/cs_cache; cp .gpu/cache/measured_ceilings.json /tmp/cs_cache/
for m in t5 resnet50; do
  ( time timeout 250 python3 .gpu/prof_triage.py $m $OUT/prof_$m.txt > /tmp/$m.out 2>&1 ) 2> $OUT/time_$m.txt
  grep "triaged in" /tmp/$m.out; cat $OUT/time_$m.txt
done
