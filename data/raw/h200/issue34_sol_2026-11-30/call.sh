#!/usr/bin/env bash
# Issue 34, the GPU cheat matrix with items 5 and 6 (persisting L2, ncu's speed of light) (the kernel in a process of its own, judged again in the
# validation's process), on two H200s of one host: lane A on GPU 0, lane B on GPU 1, each case in its own process.
# Each lane first runs its share of the cases that try the new path (laneX_first.txt), then the rest of its list
# (laneX.txt), resuming from $3/laneX.json when given. $1 code commit, $2 seconds for the whole call, $3 a folder of an
# earlier call's laneA.json / laneB.json to resume from (optional).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl $(ls .whl_fa3/*.whl 2>/dev/null) || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1"
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
H=data/raw/h200/issue34_sol_2026-11-30; R=/tmp/raw; mkdir -p $R
end=$(( $(date +%s) + $2 ))
left() { echo $(( end - $(date +%s) - 20 )); }
nvidia-smi > $R/nvidia_smi.txt 2>&1
python3 -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_device_name(0))" > $R/torch.txt 2>&1
lane() {  # $1 gpu, $2 lane letter
  mkdir -p /tmp/cs$1; local res=""
  [ -n "${3:-}" ] && [ -f "$3/lane$2.json" ] && res="--resume $3/lane$2.json"
  if [ -z "$res" ]; then
    CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs$1 timeout $(left) python3 benchmarks/cheat_matrix.py \
      --device cuda --only "$(cat $H/lane$2_first.txt)" --out $R/lane$2_first.json \
      --ceilings /tmp/cs$1/measured_ceilings.json --timeout 120 > $R/lane$2.txt 2>&1
    res="--resume $R/lane$2_first.json"
  fi
  CUDA_VISIBLE_DEVICES=$1 CEILING_SCOUT_CACHE=/tmp/cs$1 timeout $(left) python3 benchmarks/cheat_matrix.py \
    --device cuda --only "$(cat $H/lane$2.txt)" $res --out $OUT/lane$2.json \
    --ceilings /tmp/cs$1/measured_ceilings.json --timeout 120 >> $R/lane$2.txt 2>&1
  echo "lane $2 rc=$?" >> $R/lane$2.txt
}
lane 0 A "${3:-}" & lane 1 B "${3:-}" & wait
tail -n 4 $R/laneA.txt $R/laneB.txt
tar czf $OUT/raw.tgz -C /tmp raw
