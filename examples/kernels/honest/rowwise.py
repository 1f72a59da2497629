"""Honest row-wise kernels in torch ops (CPU and GPU), by the calling conventions of rmsnorm fn(x, weight), layernorm
fn(x, weight, bias), softmax fn(x), bias_gelu fn(x, bias), rope fn(q, k, cos, sin) -> (q_embed, k_embed) and
elementwise --kind silu_mul fn(gate, up)."""
import math
import torch


def rmsnorm(x, weight):
    "RMSNorm (eps 1e-6) computed in fp32 with a sum and a division."
    xf = x.float()
    rms = torch.sqrt(xf.mul(xf).sum(-1, keepdim=True) / x.shape[-1] + 1e-6)
    return (xf / rms * weight.float()).to(x.dtype)


def layernorm(x, weight, bias):
    "LayerNorm (eps 1e-5): mean and biased variance in fp32."
    xf = x.float()
    mu = xf.mean(-1, keepdim=True)
    var = (xf - mu).pow(2).mean(-1, keepdim=True)
    return ((xf - mu) * torch.rsqrt(var + 1e-5) * weight.float() + bias.float()).to(x.dtype)


def softmax(x):
    "Softmax with the row max subtracted, in fp32."
    xf = x.float()
    e = torch.exp(xf - xf.amax(-1, keepdim=True))
    return (e / e.sum(-1, keepdim=True)).to(x.dtype)


def bias_gelu(x, bias):
    "gelu(x + bias) in the exact erf form, written out in fp32."
    y = x.float() + bias.float()
    return (0.5 * y * (1 + torch.erf(y / math.sqrt(2)))).to(x.dtype)


def rope_torch(q, k, cos, sin, position_ids=None, unsqueeze_dim=1):
    "RoPE (rotate-half) by halves in fp32: (x1·cos - x2·sin, x2·cos + x1·sin); q, k: (B, H, S, D), cos, sin: (1, S, D)."
    c, s = cos.unsqueeze(unsqueeze_dim).float(), sin.unsqueeze(unsqueeze_dim).float()
    h = q.shape[-1] // 2

    def rotate(x):
        x1, x2 = x[..., :h].float(), x[..., h:].float()
        return torch.cat((x1 * c[..., :h] - x2 * s[..., :h], x2 * c[..., h:] + x1 * s[..., h:]), -1).to(x.dtype)
    return rotate(q), rotate(k)


def swiglu_torch(gate, up):
    "SwiGLU's gate: silu(gate) · up, written out as gate · sigmoid(gate) · up in fp32."
    g = gate.float()
    return (g * torch.sigmoid(g) * up.float()).to(gate.dtype)
