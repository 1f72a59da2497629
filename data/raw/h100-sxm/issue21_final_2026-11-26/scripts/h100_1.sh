#!/usr/bin/env bash
# H100 call 1 (issue 21): every ceiling a triage asks for measured first, then the model corpus at full size, one
# model per process (benchmarks/record_model_corpus.py), each phase of each triage timed. $1 commit, $2 seconds.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=/tmp/cs_cache
R=/tmp/raw; mkdir -p $R /tmp/cs_cache
nvidia-smi > $R/nvidia_smi.txt 2>&1; nproc >> $R/nvidia_smi.txt
end=$(( $(date +%s) + $2 ))
left() { echo $(( end - $(date +%s) - ${1:-15} )); }
timeout 150 python3 .gpu/timed.py python3 .gpu/warm_ceilings.py > $R/warm_ceilings.txt 2>&1
timeout $(left 25) python3 .gpu/timed.py python3 benchmarks/record_model_corpus.py --out "$OUT/model_corpus.json" \
  --models t5,resnet50,gpt2,llama,mistral,mixtral,bert,vit,timm_vit --timeout 150 > $R/model_corpus.txt 2>&1
cp /tmp/cs_cache/*.json $R/ 2>/dev/null
cat $R/warm_ceilings.txt $R/model_corpus.txt | grep -v "Assertion \`srcIndex\|_warn_once\|UserWarning" | cut -c1-260
tar czf "$OUT/raw.tgz" -C /tmp raw
