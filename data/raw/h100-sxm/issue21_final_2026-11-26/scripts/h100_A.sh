#!/usr/bin/env bash
# H100 call A (issue 21): ceilings measured, then the model corpus at full size and the GPT-2 ONNX export, each
# model in its own process with its triage's phases timed. Wheels installed as pip does (bytecode compiled), the
# repo's modules compiled too: a user's second run, not a first import. $1 commit, $2 seconds.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
python3 -m compileall -q ceiling_scout examples benchmarks > /dev/null
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=/tmp/cs_cache
R=/tmp/rawA; mkdir -p $R /tmp/cs_cache
nvidia-smi > $R/nvidia_smi.txt 2>&1; nproc >> $R/nvidia_smi.txt
end=$(( $(date +%s) + $2 ))
left() { echo $(( end - $(date +%s) - ${1:-15} )); }
timeout 150 python3 .gpu/timed.py python3 .gpu/warm_ceilings.py > $R/warm_ceilings.txt 2>&1
timeout $(left 70) python3 .gpu/timed.py python3 benchmarks/record_model_corpus.py --out "$OUT/model_corpus.json" \
  --models t5,resnet50,gpt2,llama,mistral,mixtral,bert,vit,timm_vit --timeout 120 > $R/model_corpus.txt 2>&1
( time python3 examples/models/gpt2_onnx.py /tmp/gpt2.onnx cuda ) > $R/onnx_export.txt 2>&1
( time timeout $(left) python3 -m ceiling_scout --model /tmp/gpt2.onnx --device cuda --json --quiet \
  > "$OUT/gpt2_onnx.json" ) 2> $R/onnx_triage_stderr.txt
cp /tmp/cs_cache/*.json $R/ 2>/dev/null
cat $R/warm_ceilings.txt $R/model_corpus.txt | grep -v "Assertion \`srcIndex\|_warn_once\|UserWarning" | cut -c1-300
tail -3 $R/onnx_triage_stderr.txt
tar czf "$OUT/rawA.tgz" -C /tmp rawA
