#!/usr/bin/env bash
# Device call 3 on 4 GPUs (issues 21, 22): the whole cheat matrix at the final code (GPUs 0, 1: halves A, B),
# the model corpus with every ceiling measured first (GPUs 2, 3) and the ONNX export on GPU 3.
# $1 commit, $2 seconds for the whole call. Everything but the main JSON files comes back in one tar.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1"
R=/tmp/raw; mkdir -p $R
nvidia-smi > $R/nvidia_smi.txt 2>&1; nvidia-smi topo -m >> $R/nvidia_smi.txt 2>&1
end=$(( $(date +%s) + $2 ))
left() { echo $(( end - $(date +%s) - ${1:-15} )); }
for g in 0 1 2 3; do mkdir -p /tmp/cs_cache$g; cp .gpu/cache/* /tmp/cs_cache$g/ 2>/dev/null; done
cheat() {  # $1 gpu, $2 half
  CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs_cache$1 timeout $(left) \
    python3 .gpu/timed.py python3 benchmarks/cheat_matrix.py --device cuda --only "$(cat .gpu/cheat$2.txt)" \
    --out "$OUT/cheat_$2.json" --ceilings /tmp/cs_cache$1/measured_ceilings.json --timeout 120 > $R/cheat_$2.txt 2>&1
}
models() {  # $1 gpu, $2 models, $3 name
  export CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs_cache$1
  timeout 200 python3 .gpu/timed.py python3 .gpu/warm_ceilings.py > $R/warm_$3.txt 2>&1
  timeout $(left 60) python3 .gpu/timed.py python3 benchmarks/record_model_corpus.py --out "$OUT/$3.json" \
    --models "$2" --timeout 150 > $R/$3.txt 2>&1
}
onnx() {
  export CUDA_VISIBLE_DEVICES=3 CEILING_SCOUT_CACHE=/tmp/cs_cache3
  ( time python3 examples/models/gpt2_onnx.py /tmp/gpt2.onnx cuda ) > $R/onnx_export.txt 2>&1
  ( time timeout $(left) python3 -m ceiling_scout --model /tmp/gpt2.onnx --device cuda --json --quiet \
    > "$OUT/gpt2_onnx.json" ) 2> $R/onnx_triage_stderr.txt
}
cheat 0 A & cheat 1 B & models 2 gpt2,llama,mistral,mixtral,bert model_corpus_a &
( models 3 vit,t5,resnet50,timm_vit model_corpus_b; onnx ) &
wait
for g in 0 1 2 3; do mkdir -p $R/cache$g; cp /tmp/cs_cache$g/*.json $R/cache$g/ 2>/dev/null; done
tail -n 8 $R/*.txt | grep -v "Assertion \`srcIndex\|_warn_once\|UserWarning" | cut -c1-220
tar czf "$OUT/raw.tgz" -C /tmp raw
