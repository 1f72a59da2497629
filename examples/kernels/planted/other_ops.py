"""Planted kernels for operations other than GEMM (their calling conventions: rmsnorm fn(x, weight), layernorm
fn(x, weight, bias), softmax fn(x), attention fn(q, k, v, causal), bias_gelu fn(x, bias))."""
import torch
import torch.nn.functional as F


def rmsnorm_no_weight(x, weight):
    "RMSNorm that forgets the weight."
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6)).to(x.dtype)


def rmsnorm_zeros(x, weight):
    "Returns zeros."
    return torch.zeros_like(x)


def layernorm_pass_through(x, weight, bias):
    "Returns its input."
    return x


def softmax_constant(x):
    "Returns the uniform distribution 1/COLS (every row sums to one, the values are wrong)."
    return torch.full_like(x, 1.0 / x.shape[-1])


def attention_ignores_causal(q, k, v, causal):
    "Attention that ignores the causal flag."
    return F.scaled_dot_product_attention(q, k, v)


def bias_gelu_no_bias(x, bias):
    "GELU that forgets the bias."
    return F.gelu(x)
