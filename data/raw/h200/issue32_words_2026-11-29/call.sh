#!/usr/bin/env bash
# Issue 32, the words moved to render/: the same 13 CLI calls ($3 = cases) or the single-operation corpus ($3 = ops) as
# ../issue32_results_2026-11-28/call.sh, at the current code only (tag "new"), on one GPU with its own ceiling cache;
# compare.py then sets them beside that folder's runs of a22aac3 (before issue 32) and b3cdc65 (the ported driver).
# $1 commit of the code, $2 seconds for the whole call. Every process has NVLink multicast off.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
NEW=$PWD R=/tmp/r; mkdir -p $R; end=$(( $(date +%s) + $2 ))
left() { echo $(( end - $(date +%s) - ${1:-20} )); }
nvidia-smi > $R/nvidia_smi.txt 2>&1
CASES=(
  "--operation gemm --shape 8192,8192,8192 --precision bf16"
  "--operation gemm --shape 64,1000,1280 --precision bf16"
  "--operation gemm --shape 4096,4096,4096 --precision fp32"
  "--operation attention --shape 64,32,1,128 --precision bf16"
  "--operation attention --shape 1,8,512,64 --precision bf16 --causal"
  "--operation layernorm --shape 8192,8192 --precision bf16"
  "--operation conv2d --shape 32,64,56,56,64,3,3 --precision bf16"
  "--operation h2d --shape 67108864"
  "--operation gemm --shape 4096,4096,4096 --precision bf16 --k-sweep --k-list 1024,4096,16384"
  "--operation gemm --shape 4096,4096,4096 --precision bf16 --custom-kernel examples/kernels/good_gemm.py:matmul --compare --targets 2,3,5"
  "--operation gemm --shape 4096,4096,4096 --precision fp16 --sparsity 0.5"
  "--profile examples/host/planted.py:gpu_case"
  "--model examples/models/gpt2.py:make --precision bf16"
)
one() {  # $1 tree, $2 tag, $3 case number, $4 the case's flags: one CLI call on GPU 0, its own ceiling cache
  ( cd $1; export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs_$2 PYTHONPATH=/tmp/site:$1; mkdir -p /tmp/cs_$2
    export CEILING_SCOUT_COMMIT=$([ $2 = old ] && echo a22aac3 || echo $COMMIT); t0=$(date +%s)
    timeout $(left 30) python3 -m ceiling_scout $4 --device cuda --quiet --output $R/$2_c$3.json > $R/$2_c$3.txt 2> $R/$2_c$3.err
    echo "c$3 rc=$? s=$(( $(date +%s) - t0 )) $4" >> $R/$2_cases.txt )
}
ops() {  # $1 tree, $2 tag: the single-operation corpus script on GPU 0
  ( cd $1; export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs_$2 PYTHONPATH=/tmp/site:$1; mkdir -p /tmp/cs_$2
    timeout $(left 30) python3 benchmarks/gpu_ops.py --out $R/$2_gpu_ops.json > $R/$2_gpu_ops.txt 2>&1
    echo "gpu_ops rc=$?" >> $R/$2_cases.txt )
}
COMMIT=$1 WHAT=${3:-cases}   # cases: the CLI calls; ops: the corpus script
export CEILING_SCOUT_COMMIT=$COMMIT
if [ $WHAT = cases ]; then i=0; for c in "${CASES[@]}"; do i=$((i+1)); one $NEW new $i "$c"; done
else ops $NEW new; fi
tail -n 20 $R/*_cases.txt
tar czf $OUT/out.tgz -C /tmp r   # one file: the machine returns at most 8
