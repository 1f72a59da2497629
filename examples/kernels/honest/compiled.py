"""Honest torch.compile kernels that emit their own code (Triton on a GPU, C++ loops on a CPU): RMSNorm, LayerNorm,
bias + GELU and softmax, each fused into one kernel; not a lone matmul, which compiles to the library's GEMM.
No CUDA graphs, so each call returns its own output. Calling conventions: rmsnorm fn(x, weight), layernorm
fn(x, weight, bias), bias_gelu fn(x, bias), softmax fn(x)."""
import torch

_compiled: dict = {}


def _compile(name: str, fn):
    "torch.compile of `fn` once per name (no CUDA graphs: each call returns its own output)."
    if name not in _compiled: _compiled[name] = torch.compile(fn, mode="max-autotune-no-cudagraphs", dynamic=False)
    return _compiled[name]


def _rms(x, w):
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6) * w.float()).to(x.dtype)


def _ln(x, w, b):
    return torch.nn.functional.layer_norm(x.float(), (x.shape[-1],), w.float(), b.float(), 1e-5).to(x.dtype)


def _gelu(x, b):
    return torch.nn.functional.gelu(x.float() + b.float()).to(x.dtype)


def _softmax(x):
    return torch.softmax(x.float(), -1).to(x.dtype)


def compiled_rmsnorm(x, weight):
    "torch.compile of an fp32 RMSNorm: one fused Triton reduction kernel."
    return _compile("rms", _rms)(x, weight)


def compiled_layernorm(x, weight, bias):
    "torch.compile of layer_norm in fp32: Inductor's fused Triton kernel."
    return _compile("ln", _ln)(x, weight, bias)


def compiled_bias_gelu(x, bias):
    "torch.compile of gelu(x + bias): one fused pointwise Triton kernel."
    return _compile("gelu", _gelu)(x, bias)


def compiled_softmax(x):
    "torch.compile of softmax in fp32: a fused Triton reduction kernel."
    return _compile("softmax", _softmax)(x)
