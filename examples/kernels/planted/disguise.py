"""Planted kernels that are the library under another name: a renamed torch.matmul, a Triton branch that never runs,
a renamed rms_norm (issue 22, item 10). Correct, but they launch only the library's kernels."""
import torch
import torch.nn.functional as F

try:
    import triton  # noqa: F401
    HAS_TRITON = True
except ImportError:
    HAS_TRITON = False


def fast_gemm(a, b):
    "torch.matmul under a custom name."
    return torch.matmul(a, b)


def triton_branch_never_runs(a, b):
    "Claims a Triton kernel; its branch needs M above 2**40, so torch.mm always runs."
    if HAS_TRITON and a.is_cuda and a.shape[0] > 2 ** 40:
        raise NotImplementedError("the Triton path")   # never reached
    return torch.mm(a, b)


def rmsnorm_renamed(x, weight):
    "torch's rms_norm (eps 1e-6) under a custom name (convention fn(x, weight))."
    return F.rms_norm(x, (x.shape[-1],), weight, 1e-6)
