"""Honest row-wise kernels in torch ops (CPU and GPU), by the calling conventions of rmsnorm fn(x, weight), layernorm
fn(x, weight, bias), softmax fn(x) and bias_gelu fn(x, bias)."""
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
