#!/usr/bin/env bash
# Issue 33, fifth call, at $1: the corpus (five models and the two compiled ones, each its own CLI process) with a
# bytecode cache as an installed Python has one (PYTHONPYCACHEPREFIX, filled first by one import run), then
# EfficientNet-B0 once more as the machine is (PYTHONDONTWRITEBYTECODE=1, no .pyc) if the call has time left.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site ${WHL:-.whl}/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
R=/tmp/c5; mkdir -p $R; nvidia-smi > $R/nvidia_smi.txt 2>&1; nproc > $R/nproc.txt
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > $R/prime.txt 2>&1
( unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
  /usr/bin/time -f "bytecode cache filled in %e s" python3 -c "import transformers.models.efficientnet.modeling_efficientnet, transformers.models.gpt2.modeling_gpt2, transformers.models.llama.modeling_llama, torchvision.models, torch._dynamo, torch._inductor.compile_fx, ceiling_scout.cli, ceiling_scout.modes.model_triage, ceiling_scout.modes.kernels" > $R/fill.txt 2>&1
  python3 benchmarks/record_model_corpus.py --out $R/model_corpus.json --timeout 100 \
    --models gpt2,llama,resnet50,efficientnet_b0,llama_decode,gpt2_compiled,resnet50_compiled > $R/corpus.txt 2>&1
  echo "corpus rc=$?" >> $R/corpus.txt )
cat $R/fill.txt; tail -n 13 $R/corpus.txt
if [ $SECONDS -lt 440 ]; then
  python3 benchmarks/record_model_corpus.py --out $R/corpus_asis.json --timeout 100 --models efficientnet_b0 > $R/corpus_asis.txt 2>&1
  tail -n 3 $R/corpus_asis.txt
fi
tar czf $OUT/out.tgz -C /tmp c5
