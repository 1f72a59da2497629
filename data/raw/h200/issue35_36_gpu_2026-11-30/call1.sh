#!/usr/bin/env bash
# Issues 35 and 36 on two H200s (NCCL), first call, at $1: ranks that disagree (issue 36); --fleet clean, with a
# planted load on GPU 1, and as two torchrun agents (--nnodes 2); --tp 2 on transformers' Llama (2 layers, 7B width,
# seq 2048) and the Mixtral refusal; a K sweep as two submitit local jobs; then issue 38's 4096^3 probe on GPU 0.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/fastcore*.whl .whl_x2/*.whl || exit 1
export CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
D=data/raw/h200/issue35_36_gpu_2026-11-30; R=$OUT/g; mkdir -p $R; nvidia-smi > $R/nvidia_smi.txt 2>&1
nvidia-smi topo -m > $R/topo.txt 2>&1; python3 -c "import transformers; print('transformers', transformers.__version__)" > $R/versions.txt 2>&1
TR="python3 -m torch.distributed.run --nproc_per_node 2"
step() { local name=$1 secs=$2; shift 2; local t=$(date +%s); timeout $secs "$@" > $R/$name.txt 2>&1; local rc=$?
  echo "rc=$rc s=$(( $(date +%s) - t ))" >> $R/$name.txt; echo "== $name rc=$rc s=$(( $(date +%s) - t ))"; }
step ranks 200 python3 $D/ranks_nccl.py $R; tail -n 6 $R/ranks.txt
step fleet_clean1 120 $TR --master_port 29511 -m ceiling_scout --fleet --device cuda --output $R/fleet_clean1.json; tail -n 14 $R/fleet_clean1.txt
CUDA_VISIBLE_DEVICES=1 python3 $D/load.py > $R/load.txt 2>&1 & LP=$!; sleep 3
step fleet_load1 120 $TR --master_port 29512 -m ceiling_scout --fleet --device cuda --output $R/fleet_load1.json
kill $LP; wait $LP 2>/dev/null; tail -n 14 $R/fleet_load1.txt
A="-m torch.distributed.run --nnodes 2 --nproc_per_node 1 --rdzv_backend c10d --rdzv_endpoint 127.0.0.1:29513 --rdzv_id f2"
t=$(date +%s); (CUDA_VISIBLE_DEVICES=0 timeout 150 python3 $A -m ceiling_scout --fleet --device cuda --output $R/fleet_2nodes.json > $R/fleet_2nodes_a.txt 2>&1; echo "rc=$?" >> $R/fleet_2nodes_a.txt) &
(CUDA_VISIBLE_DEVICES=1 timeout 150 python3 $A -m ceiling_scout --fleet --device cuda --output $R/fleet_2nodes.json > $R/fleet_2nodes_b.txt 2>&1; echo "rc=$?" >> $R/fleet_2nodes_b.txt) &
wait; echo "== fleet_2nodes s=$(( $(date +%s) - t ))"; tail -n 3 $R/fleet_2nodes_a.txt $R/fleet_2nodes_b.txt
step tp_llama 240 $TR --master_port 29514 -m ceiling_scout --model examples/models/llama.py:make --tp 2 --precision bf16 --device cuda --output $R/tp_llama.json; tail -n 30 $R/tp_llama.txt
step tp_mixtral 120 $TR --master_port 29515 -m ceiling_scout --model examples/models/mixtral.py:make --tp 2 --precision bf16 --device cuda; tail -n 3 $R/tp_mixtral.txt
step jobs 150 python3 -m ceiling_scout --operation gemm --shape 4096,4096,4096 --precision bf16 --device cuda --k-list 1024,2048,4096,8192 --jobs 2 --executor local --output $R/jobs.json; tail -n 8 $R/jobs.txt
CUDA_VISIBLE_DEVICES=0 step probe4096 150 python3 data/raw/h200/issue38_timers_2026-11-30/probe4096.py $R/probe4096.json; tail -n 4 $R/probe4096.txt
true
