#!/usr/bin/env bash
# Issue 32 (results as data, one driver): the same CLI calls and the single-operation corpus at the code before issue 32
# (a22aac3, carried in .gl/old) and at the ported code, side by side on one host (4 H200s): GPU 0 old, GPU 1 new, each
# with its own ceiling cache; then the tensor-parallel CLI (--model llama_block --tp 2) on GPUs 2,3, old then new.
# $1 commit of the new code, $2 seconds for the whole call. Every process has NVLink multicast off.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
NEW=$PWD OLD=$PWD/.gl/old R=$OUT; end=$(( $(date +%s) + $2 ))
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
lane() {  # $1 gpu, $2 tree, $3 tag
  cd $2; export CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs_$3 PYTHONPATH=/tmp/site:$2; mkdir -p /tmp/cs_$3
  export CEILING_SCOUT_COMMIT=$([ $3 = old ] && echo a22aac3 || echo $COMMIT)
  i=0
  for c in "${CASES[@]}"; do
    i=$((i+1)); t0=$(date +%s.%N)
    timeout $(left 60) python3 -m ceiling_scout $c --device cuda --quiet --output $R/$3_c$i.json > $R/$3_c$i.txt 2> $R/$3_c$i.err
    echo "c$i rc=$? s=$(echo "$(date +%s.%N) - $t0" | bc) $c" >> $R/$3_cases.txt
  done
  timeout $(left 60) python3 benchmarks/gpu_ops.py --out $R/$3_gpu_ops.json > $R/$3_gpu_ops.txt 2>&1
  echo "gpu_ops rc=$?" >> $R/$3_cases.txt
}
tp() {  # $1 tree, $2 tag
  cd $1; export CUDA_VISIBLE_DEVICES=2,3 CEILING_SCOUT_CACHE=/tmp/cs_tp_$2 PYTHONPATH=/tmp/site:$1; mkdir -p /tmp/cs_tp_$2
  timeout $(left) torchrun --nproc_per_node 2 -m ceiling_scout --model llama_block --tp 2 --precision bf16 \
    --output $R/$2_tp2.json > $R/$2_tp2.txt 2> $R/$2_tp2.err
  echo "tp2 rc=$?" >> $R/$2_cases.txt
}
COMMIT=$1
lane 0 $OLD old & lane 1 $NEW new & (tp $OLD old; tp $NEW new) &
wait
tail -n 3 $R/*_cases.txt
