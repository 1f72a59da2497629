#!/usr/bin/env bash
# Device call (issue 22): the cheat matrix on the GPU, resumable (a case finished in an earlier call, carried in
# .gpu/cheat_cuda.json, is not run again); optionally the model corpus first. $1 commit, $2 seconds for the matrix,
# $3 models for record_model_corpus (optional).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=/tmp/cs_cache
mkdir -p /tmp/cs_cache; cp .gpu/cache/* /tmp/cs_cache/ 2>/dev/null
nvidia-smi > "$OUT/nvidia_smi.txt" 2>&1
if [ -n "${3:-}" ]; then
  python3 .gpu/timed.py python3 benchmarks/record_model_corpus.py --out "$OUT/model_corpus_b.json" --models "$3" --timeout 150 2>&1 | tee "$OUT/model_corpus_b.txt"
fi
R=""; [ -f .gpu/cheat_cuda.json ] && R="--resume .gpu/cheat_cuda.json"
timeout "$2" python3 .gpu/timed.py python3 benchmarks/cheat_matrix.py --device cuda --out "$OUT/cheat_cuda.json" $R --ceilings /tmp/cs_cache/measured_ceilings.json --timeout 240 2>&1 | tee "$OUT/cheat_cuda.txt" | tail -70
python3 -c "import sys, json; sys.path.insert(0, 'benchmarks'); import cheat_matrix as c; print(c.write_recorded_matrix(json.load(open('$OUT/cheat_cuda.json')), '$OUT/cheat_matrix_recorded.json', 'cuda'))"
mkdir -p "$OUT/cache" && cp /tmp/cs_cache/*.json "$OUT/cache/" 2>/dev/null
