"""FlashAttention-4 on this GPU: imports, one causal call at 16x32x4096x128 bf16 against SDPA (fresh random inputs)."""
import time, torch
import torch.nn.functional as F
t0 = time.perf_counter()
from flash_attn.cute import flash_attn_func
import flash_attn.cute as fc
print("import", f"{time.perf_counter() - t0:.1f} s", getattr(fc, "__version__", "?"), flush=True)
g = torch.Generator(device="cuda").manual_seed(1)
q, k, v = (torch.randn(16, 4096, 32, 128, device="cuda", dtype=torch.bfloat16, generator=g) for _ in range(3))
t0 = time.perf_counter(); o = flash_attn_func(q, k, v, causal=True); torch.cuda.synchronize()
o = o[0] if isinstance(o, (tuple, list)) else o
print("first call (compile)", f"{time.perf_counter() - t0:.1f} s", flush=True)
ref = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True).transpose(1, 2)
err = ((o.float() - ref.float()).norm() / ref.float().norm()).item()
print("rel. error vs SDPA", f"{err:.2e}", flush=True)
