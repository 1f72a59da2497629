#!/usr/bin/env bash
# Issue 33, third call, at $1: (1) noise_probe.py: four of EfficientNet-B0's noisy baselines, every sample recorded,
# NVML sampler on and off; (2) does this machine's Python find compiled bytecode (.pyc) for torch and transformers, and
# what importing them costs without and with a writable bytecode cache (PYTHONPYCACHEPREFIX), twice each.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site ${WHL:-.whl}/*.whl || exit 1
export CUDA_VISIBLE_DEVICES=0 CEILING_SCOUT_CACHE=/tmp/cs PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT=$1
D=data/raw/h200/issue33_time_2026-11-29; R=/tmp/c3
mkdir -p $R; nvidia-smi > $R/nvidia_smi.txt 2>&1
python3 $D/noise_probe.py $R > $R/noise_probe.txt 2>&1; grep -v Warn $R/noise_probe.txt | tail -n 30
{ python3 - <<'PY'
import os, sys, sysconfig
import torch
d = os.path.dirname(torch.__file__)
n_py = sum(f.endswith('.py') for _, _, fs in os.walk(d) for f in fs)
n_pyc = sum(f.endswith('.pyc') for _, _, fs in os.walk(d) for f in fs)
print("torch dir", d, "writable", os.access(d, os.W_OK), ".py", n_py, ".pyc", n_pyc)
print("sys.flags.dont_write_bytecode", sys.flags.dont_write_bytecode, "PYTHONDONTWRITEBYTECODE", os.environ.get("PYTHONDONTWRITEBYTECODE"),
      "pycache_prefix", sys.pycache_prefix)
PY
  for i in 1 2; do
    /usr/bin/time -f "imports, as is: %e s" python3 -c "import transformers.models.efficientnet.modeling_efficientnet, torch._dynamo"
  done
  for i in 1 2 3; do
    PYTHONPYCACHEPREFIX=/tmp/pyc /usr/bin/time -f "imports, PYTHONPYCACHEPREFIX run $i: %e s" python3 -c "import transformers.models.efficientnet.modeling_efficientnet, torch._dynamo"
  done; } > $R/pyc.txt 2>&1; cat $R/pyc.txt
tar czf $OUT/out.tgz -C /tmp c3
