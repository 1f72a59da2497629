#!/usr/bin/env bash
# Issue 32 (the house refactor), device call on 4 H200s: the same recordings as data/raw/h200/issue21_22_2026-11-26
# (call3.sh) at the refactored code, to compare verdicts: the whole cheat matrix in three lanes (GPUs 0-2, cases split by
# their recorded seconds: cheat{A,B,C}.txt) and the model corpus (GPU 3: every ceiling measured first, then corpus a,
# then b), then the README's GEMM example on GPU 0 if time is left. $1 commit, $2 seconds for the whole call.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1"
H=data/raw/h200/issue32_2026-11-28; TIMED=data/raw/h100-sxm/issue25_2026-11-26/timed.py
WARM=data/raw/h200/issue21_22_2026-11-26/warm_ceilings.py
R=/tmp/raw; mkdir -p $R
nvidia-smi > $R/nvidia_smi.txt 2>&1
[ "$1" = known ] || end=$(( $(date +%s) + $2 ))
left() { echo $(( end - $(date +%s) - ${1:-15} )); }
cheat() {  # $1 gpu, $2 lane
  mkdir -p /tmp/cs_cache$1
  CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs_cache$1 timeout $(left) \
    python3 $TIMED python3 benchmarks/cheat_matrix.py --device cuda --only "$(cat $H/cheat$2.txt)" \
    --out "$OUT/cheat_$2.json" --ceilings /tmp/cs_cache$1/measured_ceilings.json --timeout 120 > $R/cheat_$2.txt 2>&1
}
models() {  # $1 gpu
  export CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs_cache$1; mkdir -p /tmp/cs_cache$1
  timeout 200 python3 $TIMED python3 $WARM > $R/warm.txt 2>&1
  timeout $(left) python3 $TIMED python3 benchmarks/record_model_corpus.py --out "$OUT/model_corpus_a.json" \
    --models gpt2,llama,mistral,mixtral,bert --timeout 150 > $R/model_corpus_a.txt 2>&1
  timeout $(left) python3 $TIMED python3 benchmarks/record_model_corpus.py --out "$OUT/model_corpus_b.json" \
    --models vit,resnet50,timm_vit,t5 --timeout 150 > $R/model_corpus_b.txt 2>&1
}
readme() {
  cheat 0 A
  CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs_cache0 timeout $(left) python3 $TIMED python3 -m ceiling_scout \
    --operation gemm --shape 8192,8192,8192 --precision bf16 --quiet > $R/readme_gemm.txt 2>&1
}
if [ "$1" = known ]; then   # call 2: $2 commit, $3 seconds
  export CEILING_SCOUT_COMMIT="$2"; end=$(( $(date +%s) + $3 ))
  echo "liger_layernorm,fa3_attention,liger_rmsnorm,liger_rope,liger_swiglu" > /tmp/cheatK.txt; H=/tmp
  cheat 0 K
else readme & cheat 1 B & cheat 2 C & models 3 & fi
wait
tail -n 6 $R/*.txt | grep -v "Assertion \`srcIndex\|_warn_once\|UserWarning" | cut -c1-220
tar czf "$OUT/raw.tgz" -C /tmp raw
# Call 2 (the five honest kernels that need liger-kernel 0.8.5 and fa3-fwd 0.0.3, which call 1 did not carry), run as:
#   bash data/raw/h200/issue32_2026-11-28/call.sh known COMMIT SECONDS
