#!/usr/bin/env bash
# Issue 34 (GPU 1): probe_norms.py, Liger RMSNorm and LayerNorm validated 3 times with their timed samples kept;
# issue 38 (GPU 0): probe38.py, do_bench against the engine's do_bench-style window at 4096^3 and 2048^3. $1 code commit.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1"
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
H=data/raw/h200/issue34_matrix_2026-11-30; R=/tmp/raw6; mkdir -p $R /tmp/cs1
(CUDA_VISIBLE_DEVICES=1 CEILING_SCOUT_CACHE=/tmp/cs1 [ -f /tmp/cs1/c.json ] || timeout 60 python3 $H/ceilings.py /tmp/cs1/c.json $R/ceilings.json > $R/ceilings.txt 2>&1
 CUDA_VISIBLE_DEVICES=1 CEILING_SCOUT_CACHE=/tmp/cs1 timeout 330 python3 $H/probe_norms.py $R/norms.json /tmp/cs1/c.json 3 > $R/norms.txt 2>&1
 echo "rc=$?" >> $R/norms.txt) &
(CUDA_VISIBLE_DEVICES=0 [ -f $R/probe38.json ] || timeout 300 python3 $H/probe38.py $R/probe38.json > $R/probe38.txt 2>&1; echo "rc=$?" >> $R/probe38.txt) &
wait; grep -v Warning $R/norms.txt | tail -8; cat $R/probe38.txt
tar czf $OUT/raw6.tgz -C /tmp raw6
