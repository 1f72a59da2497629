#!/usr/bin/env bash
# Issue 34 item 1, first GPU call, at $1: kernels judged from the tool's own process (judge_probe.py), then the cheat
# matrix on a subset of the GPU cases (honest ones first), each case's record written as it ends.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl2/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
R=$OUT/r; mkdir -p $R; nvidia-smi > $R/nvidia_smi.txt 2>&1
timeout 200 python3 data/raw/h200/issue34_judge_2026-11-29/judge_probe.py $R/judge_probe.json > $R/judge_probe.txt 2>&1
echo "rc=$?" >> $R/judge_probe.txt; cat $R/judge_probe.txt | tail -8
ONLY=liger_rmsnorm,liger_layernorm,triton_gemm,two_streams,tiled,attention_explicit,compiled_softmax,transposed,wrong_entries,data_ptr_cache,ptr_one_in_eight,back_to_back_cache,honest_first_n,patch_input_maker,patch_clock_late,posix_exit,tamper_perf_counter,thread_finishes_output,library_renamed,subclass_output
timeout 330 python3 benchmarks/cheat_matrix.py --device cuda --only $ONLY --out $R/cheat_matrix_subset.json > $R/cheat_matrix_subset.txt 2>&1
echo "rc=$?" >> $R/cheat_matrix_subset.txt; tail -n 30 $R/cheat_matrix_subset.txt
