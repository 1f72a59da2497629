"""Planted kernels that run a fp32 operation in 16-bit inside: fp16 GEMM inputs, a fp32 GEMM rounded through bf16 at
the output, RMSNorm in bf16, LayerNorm statistics in fp16, attention in bf16 (issue 34, item 7: precision
downgrades). Calling conventions: gemm fn(a, b), rmsnorm fn(x, weight), layernorm fn(x, weight, bias), attention
fn(q, k, v, causal)."""
import torch
import torch.nn.functional as F


def fp16_inputs(a, b):
    "A fp32 GEMM computed on fp16 copies of the inputs, cast back."
    return (a.half().float() @ b.half().float()).to(a.dtype)


def bf16_output(a, b):
    "A fp32 GEMM whose answer is rounded through bfloat16 before it is returned (a bf16 store)."
    return (a @ b).to(torch.bfloat16).to(a.dtype)


def rmsnorm_bf16(x, weight):
    "RMSNorm (eps 1e-6) computed entirely in bfloat16, returned in the input dtype."
    xb, wb = x.to(torch.bfloat16), weight.to(torch.bfloat16)
    return (xb * torch.rsqrt(xb.pow(2).mean(-1, keepdim=True) + 1e-6) * wb).to(x.dtype)


def layernorm_fp16_stats(x, weight, bias):
    "LayerNorm (eps 1e-5) whose normalised values are rounded through float16 before the affine step."
    xf = x.float()
    mu, var = xf.mean(-1, keepdim=True), xf.var(-1, unbiased=False, keepdim=True)
    y = ((xf - mu) * torch.rsqrt(var + 1e-5)).half().float()
    return (y * weight.float() + bias.float()).to(x.dtype)


def attention_bf16(q, k, v, causal):
    "Causal attention computed in bfloat16, returned in the input dtype."
    out = F.scaled_dot_product_attention(q.to(torch.bfloat16), k.to(torch.bfloat16), v.to(torch.bfloat16),
                                         is_causal=bool(causal))
    return out.to(q.dtype)
