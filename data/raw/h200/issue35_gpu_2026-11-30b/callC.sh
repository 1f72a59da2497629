#!/usr/bin/env bash
# Issue 35, call C (two H200s), at $1: the tool's collectives (the mean now timed as nccl-tests times it, the loop whole)
# beside nccl-tests at 16 MiB, two alternating rounds; --tp 2 on transformers' Mixtral (checked in fp32, timed in bf16)
# and Llama.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl_x2/*.whl || exit 1
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
R=/tmp/${CALL:-c}; mkdir -p $R
NCCL=$(python3 -c "import nvidia.nccl, os; print(list(nvidia.nccl.__path__)[0])")
ln -sf $NCCL/lib/libnccl.so.2 $NCCL/lib/libnccl.so 2>/dev/null
[ -x /tmp/nt/all_reduce_perf ] || ( cd .nccl_tests && make -j 32 MPI=0 NCCL_HOME=$NCCL CUDA_HOME=/usr/local/cuda NVCC_GENCODE="-gencode=arch=compute_90,code=sm_90" BUILDDIR=/tmp/nt > $R/build.txt 2>&1 ); echo "build rc=$?"
export LD_LIBRARY_PATH=$NCCL/lib:${LD_LIBRARY_PATH:-}
for r in 1 2; do
  for op in all_reduce reduce_scatter all_gather alltoall; do
    timeout 60 /tmp/nt/${op}_perf -b 16M -e 16M -g 2 -w 5 -n 50 -c 1 > $R/nccltests_${op}_r$r.txt 2>&1; grep -E "^\s+16777216" $R/nccltests_${op}_r$r.txt
  done
  timeout 120 python3 -m torch.distributed.run --nproc_per_node 2 --master_port $((29820+r)) -m ceiling_scout.modes.collectives --ops all_reduce,reduce_scatter,all_gather,all_to_all --sizes 16M --warmup 5 --iters 50 --device cuda --output $R/ours_r$r.json > $R/ours_r$r.txt 2>&1; grep -E "MiB" $R/ours_r$r.txt | head -8
done
tar czf $OUT/c.tgz -C /tmp ${CALL:-c}
for m in mixtral llama; do
  timeout 200 python3 -m torch.distributed.run --nproc_per_node 2 --master_port 2983${#m} -m ceiling_scout --model examples/models/$m.py:make --tp 2 --precision bf16 --device cuda --output $R/tp_$m.json > $R/tp_$m.txt 2>&1; echo "rc=$?" >> $R/tp_$m.txt
  grep -iE "experts|all_to_all|all_reduce |all_gather |model itself|overlapped|rc=" $R/tp_$m.txt | cut -c1-400 | head -14
  tar czf $OUT/c.tgz -C /tmp ${CALL:-c}
done
