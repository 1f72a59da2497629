#!/usr/bin/env bash
# Issue 35 item 2 on two H200s, call 5, at $1: nccl-tests (NVIDIA/nccl-tests a0b82b2, carried as .nccl_tests, built
# here against torch's NCCL) beside the tool's collectives at the TP layer's 16 MiB: all_reduce, reduce_scatter,
# all_gather; two alternating rounds each.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl || exit 1
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
R=/tmp/n; mkdir -p $R
NCCL=$(python3 -c "import nvidia.nccl, os; print(list(nvidia.nccl.__path__)[0])")
ln -sf $NCCL/lib/libnccl.so.2 $NCCL/lib/libnccl.so 2>/dev/null
( cd .nccl_tests && make -j 32 MPI=0 NCCL_HOME=$NCCL CUDA_HOME=/usr/local/cuda NVCC_GENCODE="-gencode=arch=compute_90,code=sm_90" BUILDDIR=/tmp/nt > $R/build.txt 2>&1 ); echo "build rc=$?"; tail -n 3 $R/build.txt
export LD_LIBRARY_PATH=$NCCL/lib:${LD_LIBRARY_PATH:-}
for r in 1 2; do
  for op in all_reduce reduce_scatter all_gather; do
    timeout 60 /tmp/nt/${op}_perf -b 16M -e 16M -g 2 -w 5 -n 50 -c 1 > $R/nccltests_${op}_r$r.txt 2>&1; grep -E "^\s+16777216" $R/nccltests_${op}_r$r.txt
  done
  timeout 120 python3 -m torch.distributed.run --nproc_per_node 2 --master_port $((29800+r)) -m ceiling_scout.modes.collectives --ops all_reduce,reduce_scatter,all_gather --sizes 16M --warmup 5 --iters 50 --device cuda --output $R/ours_r$r.json > $R/ours_r$r.txt 2>&1; grep -iE "16 MiB|16M|rc" $R/ours_r$r.txt | head -6
  tar czf $OUT/out.tgz -C /tmp n
done
