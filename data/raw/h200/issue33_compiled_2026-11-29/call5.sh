#!/usr/bin/env bash
# Issue 33, fifth call, at $1: EfficientNet-B0 alone through the corpus script (a fixed count replayed as a CUDA graph
# now takes its 200 calls in at least 30 samples, not 200 samples of ~1 ms), then where a CLI run's time goes outside
# the triage's phases: imports, CUDA's start, and the CLI under cProfile (profile_triage.py).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site ${WHL:-.whl}/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
mkdir -p /tmp/c5; nvidia-smi > /tmp/c5/nvidia_smi.txt 2>&1
python3 -m ceiling_scout --operation gemm --shape 1024,1024,1024 --precision bf16 > /tmp/c5/prime.txt 2>&1
python3 benchmarks/record_model_corpus.py --out /tmp/c5/corpus_efficientnet.json --timeout 110 --models efficientnet_b0 > /tmp/c5/corpus_efficientnet.txt 2>&1
tail -n 3 /tmp/c5/corpus_efficientnet.txt
{ for i in 1 2; do
  /usr/bin/time -f "import torch: %e s" python3 -c "import torch"
  /usr/bin/time -f "import ceiling_scout.cli: %e s" python3 -c "import ceiling_scout.cli"
  /usr/bin/time -f "torch + first CUDA tensor: %e s" python3 -c "import torch; torch.zeros(1, device='cuda')"
  /usr/bin/time -f "import transformers EfficientNet: %e s" python3 -c "import transformers.models.efficientnet.modeling_efficientnet"
  /usr/bin/time -f "CLI --help: %e s" python3 -m ceiling_scout --help > /dev/null
done; } > /tmp/c5/startup.txt 2>&1; cat /tmp/c5/startup.txt
python3 data/raw/h200/issue33_round3_2026-11-29/profile_triage.py efficientnet_b0 /tmp/c5 > /tmp/c5/profile.txt 2>&1
rm -f /tmp/c5/*.pstats; head -c 1500 /tmp/c5/profile.txt
tar czf $OUT/out.tgz -C /tmp c5
