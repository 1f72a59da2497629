"""Planted GEMM that patches `torch.cuda.Event.elapsed_time` at import to report a tenth of every interval (issue 22,
item 12: harness tampering; CUDA only). Calling convention: fn(a, b) -> a @ b."""
import torch

_real = torch.cuda.Event.elapsed_time


def _fast(self, end) -> float:
    "A tenth of the real interval."
    return _real(self, end) / 10


torch.cuda.Event.elapsed_time = _fast


def matmul(a, b):
    "An honest a @ b (the cheat is the patched timer)."
    return a @ b
