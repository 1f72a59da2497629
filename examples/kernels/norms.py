"""Custom row-wise kernels by the calling conventions of --operation rmsnorm (fn(x, weight)) and softmax (fn(x))."""
import torch


def rmsnorm(x, weight):
    "Correct RMSNorm, eps=1e-6, computed in float32."
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6) * weight.float()).to(x.dtype)


def softmax_no_max(x):
    "Softmax without subtracting the row max: right on small inputs, overflows (NaN/Inf) on large ones."
    e = torch.exp(x.float() * 100)
    return (e / e.sum(-1, keepdim=True)).to(x.dtype)
