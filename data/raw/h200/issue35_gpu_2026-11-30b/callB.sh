#!/usr/bin/env bash
# Issue 35, call B (two H200s), at $1: probe_coll.py (the tool's collectives four ways at 16 MiB) beside nccl-tests
# (NVIDIA/nccl-tests a0b82b2 carried as .nccl_tests, built here against torch's NCCL), then --tp 2 on transformers'
# Mixtral (2 layers of 8x7B, 1 x 2048 tokens: expert parallelism on NCCL), then on its Llama.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl_x2/*.whl || exit 1
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
H=data/raw/h200/issue35_gpu_2026-11-30b; R=/tmp/b; mkdir -p $R
NCCL=$(python3 -c "import nvidia.nccl, os; print(list(nvidia.nccl.__path__)[0])")
ln -sf $NCCL/lib/libnccl.so.2 $NCCL/lib/libnccl.so 2>/dev/null
( cd .nccl_tests && make -j 32 MPI=0 NCCL_HOME=$NCCL CUDA_HOME=/usr/local/cuda NVCC_GENCODE="-gencode=arch=compute_90,code=sm_90" BUILDDIR=/tmp/nt > $R/build.txt 2>&1 ); echo "build rc=$?"
export LD_LIBRARY_PATH=$NCCL/lib:${LD_LIBRARY_PATH:-}
timeout 150 python3 -m torch.distributed.run --nproc_per_node 2 --master_port 29811 $H/probe_coll.py $R/probe_coll.json 16M > $R/probe_coll.txt 2>&1; echo "rc=$?" >> $R/probe_coll.txt
grep -v Warn $R/probe_coll.txt | tail -5
for op in all_reduce reduce_scatter all_gather alltoall; do
  timeout 60 /tmp/nt/${op}_perf -b 16M -e 16M -g 2 -w 5 -n 50 -c 1 > $R/nccltests_${op}.txt 2>&1; grep -E "^\s+16777216" $R/nccltests_${op}.txt
done
tar czf $OUT/b.tgz -C /tmp b
timeout 240 python3 -m torch.distributed.run --nproc_per_node 2 --master_port 29812 -m ceiling_scout --model examples/models/mixtral.py:make --tp 2 --precision bf16 --device cuda --output $R/tp_mixtral.json > $R/tp_mixtral.txt 2>&1; echo "rc=$?" >> $R/tp_mixtral.txt
grep -iE "expert|all.to.all|model itself|overlap|could not|rc=|Error" $R/tp_mixtral.txt | head -20
tar czf $OUT/b.tgz -C /tmp b
