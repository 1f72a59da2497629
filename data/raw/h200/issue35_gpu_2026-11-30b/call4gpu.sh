#!/usr/bin/env bash
# Issue 35 on FOUR GPUs (not yet run: no four-GPU machine was lent on 2026-11-30), at $1: the tool's collectives beside
# nccl-tests at 16 MiB (-g 4), two alternating rounds; then --tp 4 on transformers' Llama at 1 and 4 x 2048 tokens and
# on Mixtral (2 experts a rank). Run: `bash call4gpu.sh <commit>` with `.whl`, `.whl_x2` and `.nccl_tests` carried.
set -u
N=${N:-4}
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl_x2/*.whl || exit 1
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
R=/tmp/f; mkdir -p $R; nvidia-smi topo -m > $R/topo.txt 2>&1
NCCL=$(python3 -c "import nvidia.nccl, os; print(list(nvidia.nccl.__path__)[0])")
ln -sf $NCCL/lib/libnccl.so.2 $NCCL/lib/libnccl.so 2>/dev/null
[ -x /tmp/nt/all_reduce_perf ] || ( cd .nccl_tests && make -j 32 MPI=0 NCCL_HOME=$NCCL CUDA_HOME=/usr/local/cuda NVCC_GENCODE="-gencode=arch=compute_90,code=sm_90" BUILDDIR=/tmp/nt > $R/build.txt 2>&1 ); echo "build rc=$?"
export LD_LIBRARY_PATH=$NCCL/lib:${LD_LIBRARY_PATH:-}
for r in 1 2; do
  for op in all_reduce reduce_scatter all_gather alltoall; do
    timeout 60 /tmp/nt/${op}_perf -b 16M -e 16M -g $N -w 5 -n 50 -c 1 > $R/nccltests_${op}_r$r.txt 2>&1; grep -E "^\s+16777216" $R/nccltests_${op}_r$r.txt
  done
  timeout 120 python3 -m torch.distributed.run --nproc_per_node $N --master_port $((29850+r)) -m ceiling_scout.modes.collectives --ops all_reduce,reduce_scatter,all_gather,all_to_all --sizes 16M --warmup 5 --iters 50 --device cuda --output $R/ours_r$r.json > $R/ours_r$r.txt 2>&1; grep -E "MiB" $R/ours_r$r.txt | head -8
done
tar czf $OUT/f.tgz -C /tmp f
for run in "llama 1" "llama 4" "mixtral 1"; do
  set -- $run
  timeout 200 python3 -m torch.distributed.run --nproc_per_node $N --master_port 29860 -m ceiling_scout --model examples/models/$1.py:make --tp $N --batch $2 --precision bf16 --device cuda --output $R/tp_$1_b$2.json > $R/tp_$1_b$2.txt 2>&1; echo "rc=$?" >> $R/tp_$1_b$2.txt
  grep -E "gap|The model itself|With each all-reduce|GPU busy|Its experts|rc=" $R/tp_$1_b$2.txt | cut -c1-500 | head -16
  tar czf $OUT/f.tgz -C /tmp f
done
