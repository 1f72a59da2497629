"""Known faster kernels from well-kept libraries, wrapped in the operations' calling conventions, for validation on a GPU.

    ceiling-scout --operation attention --shape 16,96,4096,128 --precision bf16 --custom-kernel examples/kernels/known.py:fa3_attention --compare
    ceiling-scout --operation attention --shape 16,32,4096,128 --precision bf16 --custom-kernel examples/kernels/known.py:fa4_attention --compare
"""
import importlib
import torch


def fa3_attention(q, k, v, causal):
    "FlashAttention-3 (flash-attention's hopper build, or the fa3-fwd wheel) on SDPA's (B, H, S, D) layout."
    for name in ("flash_attn_interface", "fa3_fwd_interface"):
        try: mod = importlib.import_module(name); break
        except ImportError: mod = None
    if mod is None: raise ImportError("no FlashAttention-3 interface (flash_attn_interface or fa3_fwd_interface) installed")
    o = mod.flash_attn_func(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), causal=bool(causal))
    return (o[0] if isinstance(o, (tuple, list)) else o).transpose(1, 2)


def fa4_attention(q, k, v, causal):
    "FlashAttention-4 (flash-attn-4: CuTe-DSL kernels, compiled per shape on first call) on SDPA's (B, H, S, D) layout."
    from flash_attn.cute import flash_attn_func
    o = flash_attn_func(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), causal=bool(causal))
    return (o[0] if isinstance(o, (tuple, list)) else o).transpose(1, 2)


def liger_rmsnorm(x, weight):
    "Liger's Triton RMSNorm (eps 1e-6, as the rmsnorm operation), not in place."
    from liger_kernel.transformers.functional import liger_rms_norm
    return liger_rms_norm(x, weight, 1e-6, 0.0, "llama", False)


_compiled = {}


def compiled_gemm(a, b):
    "torch.compile(mode='max-autotune') of a @ b: Inductor's Triton GEMM templates autotuned against cuBLAS."
    if "mm" not in _compiled: _compiled["mm"] = torch.compile(torch.matmul, mode="max-autotune", dynamic=False)
    return _compiled["mm"](a, b)


def compiled_gemm_no_cudagraphs(a, b):
    """torch.compile(mode='max-autotune-no-cudagraphs') of a @ b: the same autotuned GEMM templates without CUDA-graph
    replay, so each call returns a fresh output (separates the templates from the graphs' static output buffers)."""
    if "mm_ng" not in _compiled:
        _compiled["mm_ng"] = torch.compile(torch.matmul, mode="max-autotune-no-cudagraphs", dynamic=False)
    return _compiled["mm_ng"](a, b)
