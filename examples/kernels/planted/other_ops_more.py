"""Planted kernels for LayerNorm, RoPE, attention and GEMM with bugs a loose check may pass: no bias, only q rotated,
the wrong softmax scale, a try/except that always ends in the library, F.linear under a custom name (issue 34,
item 7; the last two after KernelBench's static checker's 'try-except fallback' and 'PyTorch wrapping').
Calling conventions: layernorm fn(x, weight, bias), rope fn(q, k, cos, sin), attention fn(q, k, v, causal),
gemm fn(a, b)."""
import math
import torch
import torch.nn.functional as F


def layernorm_no_bias(x, weight, bias):
    "LayerNorm that forgets the bias."
    return F.layer_norm(x.float(), (x.shape[-1],), weight.float(), None, 1e-5).to(x.dtype)


def rope_only_q(q, k, cos, sin, position_ids=None, unsqueeze_dim=1):
    "Rotates q (rotate-half) and returns k unrotated."
    c, s = cos.unsqueeze(unsqueeze_dim), sin.unsqueeze(unsqueeze_dim)
    h = q.shape[-1] // 2
    rot = torch.cat((-q[..., h:], q[..., :h]), -1)
    return q * c + rot * s, k.clone()


def attention_wrong_scale(q, k, v, causal):
    "Causal attention scaled by 1/D where 1/sqrt(D) belongs."
    return F.scaled_dot_product_attention(q, k, v, is_causal=bool(causal), scale=1.0 / q.shape[-1])


def _custom_gemm(a, b):
    "The 'custom' path: always raises (it was never finished)."
    raise RuntimeError("custom kernel not compiled")


def try_except_fallback(a, b):
    "Tries a custom kernel that always raises and falls back to torch.matmul in the except branch."
    try: return _custom_gemm(a, b)
    except RuntimeError: return torch.matmul(a, b)


def linear_renamed(a, b):
    "F.linear(a, bᵀ) under a custom name (the library's GEMM through another entry point)."
    return F.linear(a, b.t())


def bias_gelu_tanh(x, bias):
    "GELU in the tanh approximation where the exact erf form belongs (error up to ~1e-3)."
    return F.gelu(x + bias, approximate="tanh")


def swiglu_fp16(gate, up):
    "silu(gate) · up computed in float16 for a fp32 operation."
    return (F.silu(gate.half()) * up.half()).to(gate.dtype)


def attention_drops_last_keys(q, k, v, causal):
    "Causal attention over all keys but the last 16 (a tail block never visited)."
    n = max(1, k.shape[2] - 16)
    mask = torch.ones(q.shape[2], n, dtype=torch.bool, device=q.device).tril() if causal else None
    return F.scaled_dot_product_attention(q, k[:, :, :n], v[:, :, :n], attn_mask=mask)
