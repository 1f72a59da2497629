#!/usr/bin/env bash
# Issue 35 item 1, call J (two H200s), at $1: --tp 2 on the other decoders the issue names, at full width, bf16, 1 x
# 2048 and 4 x 2048 tokens: transformers' Mistral (examples/models/mistral.py), Qwen2-7B and Gemma-7B (models.py here).
# Run from the repository root: `bash data/raw/h200/issue35_models_2026-11-30/callJ.sh <commit>`, `.whl`, `.whl_x2` carried.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl_x2/*.whl || exit 1
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
D=$(dirname "$0"); R=/tmp/j; mkdir -p $R
python3 -c "import transformers; print('transformers', transformers.__version__)" > $R/versions.txt 2>&1
for run in "mistral examples/models/mistral.py:make" "qwen2 $D/models.py:qwen2" "gemma $D/models.py:gemma"; do
  set -- $run
  for b in 1 4; do
    timeout 170 python3 -m torch.distributed.run --nproc_per_node 2 --master_port 29880 -m ceiling_scout --model $2 --tp 2 --batch $b --precision bf16 --device cuda --output $R/tp_$1_b$b.json > $R/tp_$1_b$b.txt 2>&1; echo "rc=$?" >> $R/tp_$1_b$b.txt
    echo "== $1 b$b"; grep -E "The model itself|With each all-reduce|GPU busy|rc=|Error|error:" $R/tp_$1_b$b.txt | cut -c1-420 | head -8
    tar czf $OUT/j.tgz -C /tmp j
  done
done
