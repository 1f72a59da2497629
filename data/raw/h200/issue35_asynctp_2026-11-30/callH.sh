#!/usr/bin/env bash
# Issue 35, two H200s: PyTorch's async-TP path beside the tool's chunked overlap on a Llama-7B layer's GEMMs
# (probe_asynctp.py). Second call: `CALL=i ITERS=50 ROUNDS=7 TOKENS=2048,8192,16384,32768 bash ...`. Run from the repository root: `bash data/raw/h200/issue35_asynctp_2026-11-30/callH.sh`.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=/tmp/pyc
D=$(dirname "$0"); R=/tmp/${CALL:-h}; mkdir -p $R; nvidia-smi topo -m > $R/topo.txt 2>&1; nvidia-smi > $R/smi.txt 2>&1
timeout 400 python3 -m torch.distributed.run --nproc_per_node 2 --master_port 29870 $D/probe_asynctp.py $R/asynctp.json > $R/asynctp.txt 2>&1
echo "rc=$?" >> $R/asynctp.txt; grep -v Warning $R/asynctp.txt | cut -c1-400 | tail -40
tar czf $OUT/${CALL:-h}.tgz -C /tmp ${CALL:-h}
