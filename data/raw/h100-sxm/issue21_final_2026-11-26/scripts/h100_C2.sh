#!/usr/bin/env bash
# H100 call C2 (issue 21): the first part of FlashAttention-4's wheels stashed on the machine for call C3 (too large to
# travel in one call), its small wheels installed, the ceilings measured.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
mkdir -p /tmp/fa4 /tmp/cs_cache; cp .fa4a/* /tmp/fa4/
python3 -m pip install -q --no-index --no-deps --no-cache-dir --upgrade --target /tmp/site /tmp/fa4/*.whl || exit 1
python3 -m compileall -q ceiling_scout examples > /dev/null
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_CACHE=/tmp/cs_cache
timeout 150 python3 .gpu/timed.py python3 .gpu/warm_ceilings.py 2>&1 | tail -8
ls /tmp/site | head -30
