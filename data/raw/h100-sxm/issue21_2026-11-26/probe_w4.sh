#!/usr/bin/env bash
# Probe (wave 4): what the image holds for the corpus, whether the fa3-fwd wheel loads beside its torch, and
# FlashAttention-3's validation exactly as known.py's docstring writes it (issue 21, item 3).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD CEILING_SCOUT_COMMIT="$1" CEILING_SCOUT_CACHE=$(mktemp -d)
nvidia-smi > "$OUT/nvidia_smi.txt" 2>&1
python3 -m pip list 2>/dev/null | grep -iE "^(torch|transformers|timm|torchvision|triton|onnx|onnxruntime|einops|ninja|liger|fa3|accelerate) " | tee "$OUT/versions.txt"
python3 - <<'P' 2>&1 | tee "$OUT/fa3_probe.txt"
import torch, time
t=time.time()
try:
    import fa3_fwd_interface as f
    q=torch.randn(2,1024,16,128,device="cuda",dtype=torch.bfloat16); k=torch.randn_like(q); v=torch.randn_like(q)
    o=f.flash_attn_func(q,k,v,causal=False); o=o[0] if isinstance(o,(tuple,list)) else o
    ref=torch.nn.functional.scaled_dot_product_attention(q.transpose(1,2),k.transpose(1,2),v.transpose(1,2)).transpose(1,2)
    print("fa3 ok, rel err", ((o.float()-ref.float()).norm()/ref.float().norm()).item(), "in", round(time.time()-t,1),"s")
except Exception as e: print("fa3 failed:", type(e).__name__, str(e)[:500])
for m in ("liger_kernel.transformers.functional", "transformers", "timm", "torchvision"):
    try: __import__(m); print(m, "imports")
    except Exception as e: print(m, "fails:", str(e)[:300])
P
python3 .gpu/timed.py python3 -m ceiling_scout --operation attention --shape 16,96,4096,128 --precision bf16 --custom-kernel examples/kernels/known.py:fa3_attention --compare --output "$OUT/fa3_as_written.json" 2>&1 | tee "$OUT/fa3_as_written.txt"
python3 .gpu/timed.py python3 -m ceiling_scout --operation rmsnorm --shape 16384,8192 --precision bf16 --custom-kernel examples/kernels/known.py:liger_rmsnorm --compare --output "$OUT/liger_rmsnorm.json" 2>&1 | tee "$OUT/liger_rmsnorm.txt"
