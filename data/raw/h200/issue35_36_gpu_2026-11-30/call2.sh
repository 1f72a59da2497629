#!/usr/bin/env bash
# Issues 35 and 36 on two H200s, call 2, at $1: --fleet twice clean and ten times with a planted load on GPU 1 (the
# done-when's 10 of 10); --jobs 2 --executor local on the GPU after its fix; --tp 2 --sequence-parallel on
# transformers' Llama at full width (reduce-scatter and all-gather beside their own fits). Everything kept in out.tgz
# after every step (the tool brings back a few files only).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl_x2/*.whl || exit 1
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
D=data/raw/h200/issue35_36_gpu_2026-11-30; R=/tmp/f; mkdir -p $R; nvidia-smi > $R/nvidia_smi.txt 2>&1
keep() { tar czf $OUT/out.tgz -C /tmp f; }
TR="python3 -m torch.distributed.run --nproc_per_node 2"
step() { local name=$1 secs=$2; shift 2; local t=$(date +%s); timeout $secs "$@" > $R/$name.txt 2>&1; local rc=$?
  echo "rc=$rc s=$(( $(date +%s) - t ))" >> $R/$name.txt; echo "== $name rc=$rc s=$(( $(date +%s) - t ))"; keep; }
flags() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print([(f['what'], f['rank'], round(f['below'],3)) for f in d['flags']])" $1 2>&1; }
for i in 1 2; do step fleet_clean$i 90 $TR --master_port $((29600+i)) -m ceiling_scout --fleet --device cuda --output $R/fleet_clean$i.json; flags $R/fleet_clean$i.json; done
for i in $(seq 1 10); do
  CUDA_VISIBLE_DEVICES=1 python3 $D/load.py > $R/load$i.txt 2>&1 & LP=$!; sleep 3
  step fleet_load$i 90 $TR --master_port $((29620+i)) -m ceiling_scout --fleet --device cuda --output $R/fleet_load$i.json
  kill $LP; wait $LP 2>/dev/null; flags $R/fleet_load$i.json
done
step jobs 150 python3 -m ceiling_scout --operation gemm --shape 4096,4096,4096 --precision bf16 --device cuda --k-list 1024,2048,4096,8192 --jobs 2 --executor local --output $R/jobs.json; tail -n 6 $R/jobs.txt
step tp_sp 150 $TR --master_port 29650 -m ceiling_scout --model examples/models/llama.py:make --tp 2 --sequence-parallel --precision bf16 --device cuda --output $R/tp_sp.json; grep -A8 "Predicted vs measured" $R/tp_sp.txt; grep "The model itself\|overlapped" $R/tp_sp.txt
keep
